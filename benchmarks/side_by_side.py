"""Time one ``tiebreaks`` command of two checkouts side by side, in turn (A B A B ...), in fresh
processes, with ``python -c "import numpy"`` and a fixed reference loop in the same rounds (the
host's speed changes from minute to minute: only ratios taken in one run are compared).

Usage::

    python benchmarks/side_by_side.py --before ../old/src --after src --runs 10 -- \\
        standings s9999.trf -t PTS,BH/C1,BH,SB,PS,ARO,TPR,DE -o /dev/null

Prints min and median wall time and peak RSS of each, the median of the per-round ratios
after/before and after/numpy-import.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence


def timed(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one fresh process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 3):
        raise SystemExit(f"{' '.join(command)} failed")
    return elapsed, usage.ru_maxrss / 1024


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
    memory: dict[str, float] = {}
    for _ in range(arguments.runs):
        for name, env in sides.items():
            seconds, rss = timed(command, env)
            times[name].append(seconds)
            memory[name] = max(memory.get(name, 0.0), rss)
        times["numpy"].append(timed(numpy, base)[0])
        times["loop"].append(timed(loop, base)[0])
    for name, values in times.items():
        extra = f", {memory[name]:.1f} MB" if name in memory else ""
        print(
            f"{name:>7}: min {min(values):.3f} s, median {statistics.median(values):.3f} s{extra}"
        )
    pairs = zip(times["after"], times["before"], strict=True)
    print(f"after / before, median of the rounds: {statistics.median(a / b for a, b in pairs):.2f}")
    to_numpy = statistics.median(a / n for a, n in zip(times["after"], times["numpy"], strict=True))
    print(f"after / numpy import, median of the rounds: {to_numpy:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
