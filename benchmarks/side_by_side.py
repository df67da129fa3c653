"""Time one ``tiebreaks`` command of two checkouts side by side, in turn (A B A B ...), in fresh
processes, with ``python -c "import numpy"`` and a fixed reference loop in the same rounds (the
host's speed changes from minute to minute: only ratios taken in one run are compared).

Usage::

    python benchmarks/side_by_side.py --before ../old/src --after src --runs 10 -- \\
        standings s9999.trf -t PTS,BH/C1,BH,SB,PS,ARO,TPR,DE -o /dev/null

Prints min and median wall time, CPU time (user + system: steadier than the wall time on a
shared machine) and peak RSS of each, the median of the per-round ratios after/before and
after/numpy-import, by wall time and by CPU time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence


def timed(command: Sequence[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one fresh process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 3):
        raise SystemExit(f"{' '.join(command)} failed")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="src folder of the old checkout")
    parser.add_argument("--after", required=True, help="src folder of the new checkout")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("args", nargs="+", help="the tiebreaks command line")
    arguments = parser.parse_args(argv)
    base = dict(os.environ)
    sides = {
        "before": base | {"PYTHONPATH": os.path.abspath(arguments.before)},
        "after": base | {"PYTHONPATH": os.path.abspath(arguments.after)},
    }
    command = [sys.executable, "-m", "tiebreaks", *arguments.args]
    numpy = [sys.executable, "-c", "import numpy"]
    loop = [sys.executable, "-c", "sum(range(3*10**7))"]
    times: dict[str, list[float]] = {"before": [], "after": [], "numpy": [], "loop": []}
    cpu: dict[str, list[float]] = {name: [] for name in times}
    memory: dict[str, float] = {}
    for _ in range(arguments.runs):
        for name, env in [*sides.items(), ("numpy", base), ("loop", base)]:
            seconds, cpu_seconds, rss = timed(
                numpy if name == "numpy" else loop if name == "loop" else command, env
            )
            times[name].append(seconds)
            cpu[name].append(cpu_seconds)
            memory[name] = max(memory.get(name, 0.0), rss)
    for name, values in times.items():
        extra = f", {memory[name]:.1f} MB" if name in sides else ""
        print(
            f"{name:>7}: min {min(values):.3f} s, median {statistics.median(values):.3f} s; "
            f"CPU min {min(cpu[name]):.3f} s, median {statistics.median(cpu[name]):.3f} s{extra}"
        )
    for label, measured in (("wall", times), ("CPU", cpu)):
        pairs = zip(measured["after"], measured["before"], strict=True)
        ratio = statistics.median(a / b for a, b in pairs)
        to_numpy = statistics.median(
            a / n for a, n in zip(measured["after"], measured["numpy"], strict=True)
        )
        print(f"{label}: after / before {ratio:.2f}, after / numpy import {to_numpy:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
