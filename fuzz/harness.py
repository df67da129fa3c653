"""Fuzz one reader: coverage-guided with atheris (libFuzzer), or replay inputs through the oracle.

Usage::

    python fuzz/harness.py fuzz TARGET [libFuzzer options] [CORPUS_DIR ...]
    python fuzz/harness.py replay TARGET [--classes N|all] [--strict] [--out DIR] [FILE ...]

``fuzz`` runs libFuzzer on TARGET (see :data:`oracle.TARGETS`): an input that makes the oracle
fail (an exception other than a well-located ``InputError``) is a crash, saved by libFuzzer as
``crash-<sha1>`` (``-artifact_prefix``); ``-timeout`` and ``-rss_limit_mb`` catch hangs and
memory blow-ups, and the address space is capped at :data:`MEMORY_LIMIT` so that one huge
allocation fails as a ``MemoryError`` instead of exhausting the machine.

``replay`` (no instrumentation) runs every seed of TARGET, the saved regressions and every
input class of :mod:`corpus` derived from the first N seeds (real files first), or only the
FILEs given; each input gets :data:`TIME_LIMIT` seconds. Failing inputs are written to ``--out``.
Exit status: 0 when every input passed, 1 otherwise.

The defects listed in :mod:`known_defects` (found, not fixed yet, each with a failing
regression test) are reported without stopping the fuzzer or failing a replay, unless
``--strict``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import pkgutil
import resource
import signal
import sys
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import corpus
import oracle
from known_defects import KNOWN

MEMORY_LIMIT = 3 * 1024**3
"""Address-space cap of a fuzzing process (bytes)."""
TIME_LIMIT = 60
"""Wall-clock seconds after which one input is a hang (reader and pipeline; libFuzzer's
-timeout). The oracle's own limits are in processor time: :data:`oracle.READER_SECONDS` and
:data:`oracle.PIPELINE_SECONDS`."""
INSTRUMENTED = ("tiebreaks.formats", "tiebreaks.model", "tiebreaks.model.rating_lists", "chess")
"""The packages whose coverage guides the fuzzer: the readers, the model they build and the PGN
parser. The standings and the outputs run on every input that reads but are not instrumented
(it would slow every run for little guidance)."""
_PIPELINE_MODULES = (
    "tiebreaks.formats.reading",
    "tiebreaks.standings",
    "tiebreaks.model.rating_lists",
    "tiebreaks.render",
    "tiebreaks.render.html",
    "chess.pgn",
)


def limit_memory() -> None:
    """Cap the address space so that a runaway allocation raises MemoryError."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
    if soft == resource.RLIM_INFINITY or soft > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def import_everything() -> None:
    """Import every module the readers and the pipeline use, so that atheris instruments them
    (it only instruments modules imported inside ``instrument_imports``; the readers import
    each other lazily)."""
    import tiebreaks.engine
    import tiebreaks.formats

    for package in (tiebreaks.formats, tiebreaks.engine):
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            importlib.import_module(module.name)
    for name in _PIPELINE_MODULES:
        importlib.import_module(name)


def fuzz(target: str, libfuzzer_arguments: list[str]) -> None:
    """Run atheris on ``target`` (does not return)."""
    import atheris  # type: ignore[import-untyped]

    with atheris.instrument_imports(include=list(INSTRUMENTED)):
        import_everything()

    met: set[str] = set()

    def one_input(data: bytes) -> None:
        try:
            oracle.check(target, data)
        except (Exception, RecursionError, MemoryError) as error:  # the oracle's verdict
            known = oracle.signature(error)
            if known not in KNOWN:
                raise
            if known not in met:
                met.add(known)
                print(f"KNOWN DEFECT met (not stopping): {known}", flush=True)

    limit_memory()
    atheris.Setup([sys.argv[0], *libfuzzer_arguments], one_input)
    atheris.Fuzz()


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise oracle.Hang(f"more than {TIME_LIMIT} s")


def replay_inputs(target: str, classes: int, files: list[str]) -> Iterator[tuple[str, bytes]]:
    """The inputs to replay: the FILEs, else the seeds, the regressions and every input class
    of the first ``classes`` seeds (real files first; -1: every seed)."""
    if files:
        for name in files:
            path = Path(name)
            for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
                if file.is_file():
                    yield str(file), file.read_bytes()
        return
    for index, (name, data) in enumerate(corpus.ordered_seeds(target)):
        yield name, data
        if classes < 0 or index < classes:
            for class_name, variant in corpus.variants(data, target):
                yield f"{name} [{class_name}]", variant


def replay(target: str, inputs: Iterator[tuple[str, bytes]], strict: bool, out: Path | None) -> int:
    """Run the oracle on every input; print each failure; the number of failures (a known
    defect of :data:`known_defects.KNOWN` is reported but only counts with ``strict``)."""
    limit_memory()
    signal.signal(signal.SIGALRM, _alarm)
    failures = count = known = 0
    started = time.monotonic()
    for name, data in inputs:
        count += 1
        signal.alarm(TIME_LIMIT)
        try:
            oracle.check(target, data)
        except (Exception, RecursionError, MemoryError) as error:  # the oracle's verdict
            if strict or oracle.signature(error) not in KNOWN:
                failures += 1
                _report(target, name, data, error, out)
            else:
                known += 1
                print(f"KNOWN {target} {name}: {oracle.signature(error)}", flush=True)
        finally:
            signal.alarm(0)
    seconds = time.monotonic() - started
    print(
        f"replay {target}: {count} inputs, {failures} defects, {known} known defects, "
        f"{seconds:.1f} s",
        flush=True,
    )
    return failures


def _report(target: str, name: str, data: bytes, error: BaseException, out: Path | None) -> None:
    digest = hashlib.sha1(data).hexdigest()[:12]
    print(f"DEFECT {target} {name} ({len(data)} bytes, sha1 {digest})", flush=True)
    print(f"SIGNATURE {oracle.signature(error)}", flush=True)
    print("".join(traceback.format_exception(error, limit=-6)), flush=True)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{target}-{digest}").write_bytes(data)


def main(arguments: list[str]) -> int:
    """Command line (see the module docstring)."""
    if len(arguments) >= 2 and arguments[0] == "fuzz":
        fuzz(arguments[1], arguments[2:])
        return 0
    parser = argparse.ArgumentParser(prog="harness.py replay")
    parser.add_argument("mode", choices=["replay"])
    parser.add_argument("target", choices=sorted(oracle.TARGETS))
    parser.add_argument(
        "--classes", default="0", help="replay the input classes of this many seeds (or all)"
    )
    parser.add_argument("--out", type=Path, help="folder for the failing inputs")
    parser.add_argument("--strict", action="store_true", help="known defects count too")
    parser.add_argument("files", nargs="*", help="replay only these files or folders")
    options = parser.parse_intermixed_args(arguments)
    classes = -1 if options.classes == "all" else int(options.classes)
    inputs = replay_inputs(options.target, classes, options.files)
    return 1 if replay(options.target, inputs, options.strict, options.out) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
