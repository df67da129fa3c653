"""The phases of ``make test`` (lint, typecheck, unit, fuzz) timed one by one, wall clock and
processor time (this process's children: pytest's workers, the fuzzers ...), as on a fresh
clone: a new, empty mypy cache for each run and no pytest cache.

Usage::

    python benchmarks/test_phases.py [--bin .venv/bin] CHECKOUT [CHECKOUT ...]

Each CHECKOUT (a folder with src/, tests/, fuzz/, the Makefile's layout) is run in turn with
``PYTHONPATH=CHECKOUT/src``, alternating when ``--repeat`` is above 1, so that two checkouts
measured in one run see the same host. Prints one line per phase and a total per run.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PHASES: dict[str, list[list[str]]] = {
    "lint": [
        ["ruff", "check", "src", "tests", "benchmarks"],
        ["ruff", "format", "--check", "src", "tests", "benchmarks"],
        ["lint-imports"],
    ],
    "typecheck": [["mypy", "--strict", "src", "tests", "benchmarks"]],
    "unit": [["pytest", "-n", "auto", "-p", "no:cacheprovider"]],
    "fuzz": [
        ["ruff", "check", "fuzz"],
        ["ruff", "format", "--check", "fuzz"],
        ["mypy", "--strict", "fuzz/*.py"],
        ["python", "fuzz/run.py", "--seconds", "14", "--jobs", "2", "--seed", "1"],
    ],
}


def _processor_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_phase(checkout: Path, phase: str, binaries: Path, cache: Path) -> tuple[float, float]:
    """Wall and processor seconds of one phase; exits when a command fails."""
    environment = {**os.environ, "PYTHONPATH": str(checkout / "src"), "MYPY_CACHE_DIR": str(cache)}
    wall, processor = time.perf_counter(), _processor_seconds()
    for command in PHASES[phase]:
        arguments = [str(binaries / command[0])]
        for word in command[1:]:
            arguments += sorted(map(str, checkout.glob(word))) if "*" in word else [word]
        done = subprocess.run(
            arguments, cwd=checkout, env=environment, capture_output=True, check=False
        )
        if done.returncode != 0:
            sys.exit(f"{checkout}: {' '.join(command)} failed:\n{done.stdout.decode()[-3000:]}")
    return time.perf_counter() - wall, _processor_seconds() - processor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--bin", type=Path, default=Path(".venv/bin"), help="the venv's bin")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--phases", default=",".join(PHASES), help="comma-separated")
    options = parser.parse_args()
    binaries = options.bin.resolve()
    for repeat in range(options.repeat):
        for checkout in (path.resolve() for path in options.checkouts):
            total_wall = total_processor = 0.0
            with tempfile.TemporaryDirectory(prefix="mypy-cache-") as cache:
                for phase in options.phases.split(","):
                    wall, processor = run_phase(checkout, phase, binaries, Path(cache))
                    total_wall, total_processor = total_wall + wall, total_processor + processor
                    print(
                        f"{repeat + 1} {checkout} {phase}: {wall:.1f} s wall, {processor:.1f} s cpu"
                    )
            load = os.getloadavg()[0]
            print(
                f"{repeat + 1} {checkout} TOTAL: {total_wall:.1f} s wall, "
                f"{total_processor:.1f} s cpu (load {load:.1f})",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
