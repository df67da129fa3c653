"""Shrink a failing input while it keeps failing the same way (for regression tests).

Usage::

    python fuzz/minimize.py TARGET FILE [--out FILE]

"The same way" is the defect's signature (:func:`signature`): the exception type and the
innermost frame inside ``tiebreaks`` (or the oracle's message for a :class:`oracle.Defect`).
Lines are removed first (delta debugging), then characters of each remaining line.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import harness
import oracle


def signature(target: str, data: bytes) -> str | None:
    """How ``data`` fails the oracle (None when it passes)."""
    signal.alarm(harness.TIME_LIMIT)
    try:
        oracle.check(target, data)
    except (Exception, RecursionError, MemoryError) as error:
        return oracle.signature(error)
    finally:
        signal.alarm(0)
    return None


def _shrink(parts: list[bytes], joiner: bytes, fails: Callable[[bytes], bool]) -> list[bytes]:
    """Delta debugging: drop chunks of ``parts`` while the joined input still fails."""
    chunk = max(1, len(parts) // 2)
    while chunk >= 1:
        start = 0
        while start < len(parts):
            candidate = parts[:start] + parts[start + chunk :]
            if candidate and fails(joiner.join(candidate)):
                parts = candidate
            else:
                start += chunk
        chunk //= 2
    return parts


def minimize(target: str, data: bytes) -> bytes:
    """The smallest input found that fails like ``data``."""
    wanted = signature(target, data)
    if wanted is None:
        raise SystemExit("the input does not fail")

    def fails(candidate: bytes) -> bool:
        return signature(target, candidate) == wanted

    lines = _shrink(data.split(b"\n"), b"\n", fails)
    for index in range(len(lines)):
        rest_before, rest_after = lines[:index], lines[index + 1 :]

        def line_fails(
            line: bytes, before: list[bytes] = rest_before, after: list[bytes] = rest_after
        ) -> bool:
            return fails(b"\n".join([*before, line, *after]))

        characters = [bytes([byte]) for byte in lines[index]]
        lines[index] = b"".join(_shrink(characters, b"", line_fails)) if characters else b""
        if not fails(b"\n".join(lines)):
            raise AssertionError("shrinking lost the failure")
    return b"\n".join(lines)


def main() -> int:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("target", choices=sorted(oracle.TARGETS))
    parser.add_argument("file", type=Path)
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()
    harness.limit_memory()
    signal.signal(signal.SIGALRM, harness._alarm)
    data = options.file.read_bytes()
    print(f"signature: {signature(options.target, data)}")
    smallest = minimize(options.target, data)
    print(f"{len(data)} -> {len(smallest)} bytes: {smallest!r}")
    if options.out:
        options.out.write_bytes(smallest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
