"""A tie-break edit of a large event through a live ``tiebreaks serve``, one or more
checkouts side by side: each server gets the file once (the page load), then the same edit
is sent to each in turn (A B A B ...: the host's speed changes from minute to minute, only
figures of one run are compared). Every edit sends the file again (no state is kept between
requests): the figure is what a browser waits for.

Usage::

    python benchmarks/edit_benchmark.py --src ../old/src --src src --size 9999 --runs 9
    python benchmarks/edit_benchmark.py --src src --file /tmp/s9999.trf

Prints, per checkout, the load's time and the min and median of the edits (seconds, wall,
as a browser waits for them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_benchmark import form_of, generated, served, timed_post


def main(argv: Sequence[str] | None = None) -> int:
    """Load the file in every server, then time the edits in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", action="append", required=True, help="src folder (repeatable)")
    parser.add_argument("--size", type=int, default=9999, help="players of the generated Swiss")
    parser.add_argument("--file", type=Path, help="a tournament file instead of a generated one")
    parser.add_argument("--runs", type=int, default=9)
    arguments = parser.parse_args(argv)
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        path = arguments.file or generated(arguments.size, folder)
        client = stack.enter_context(httpx.Client(timeout=300))
        bases = [stack.enter_context(served(src, 120.0)) for src in arguments.src]
        forms, loads = [], []
        for base in bases:
            seconds, page = timed_post(
                client, f"{base}/standings", files={"file": (path.name, path.read_bytes())}
            )
            page.raise_for_status()
            loads.append(seconds)
            forms.append({**form_of(page.text), "edit": "up:2"})
        edits: list[list[float]] = [[] for _ in bases]
        for _ in range(arguments.runs):
            for base, form, times in zip(bases, forms, edits, strict=True):
                seconds, edited = timed_post(client, f"{base}/standings", data=form)
                edited.raise_for_status()
                times.append(seconds)
    print(f"{'checkout':<24} {'load s':>7} {'edit min s':>11} {'edit median s':>14}")
    for src, load, times in zip(arguments.src, loads, edits, strict=True):
        print(f"{src:<24} {load:>7.2f} {min(times):>11.2f} {statistics.median(times):>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
