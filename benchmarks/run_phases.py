"""Where one ``tiebreaks standings`` run spends its time, phase by phase, next to
``python -c "import numpy"``: the figures behind issue 16's "within 3 x the time of importing
NumPy".

Usage::

    python benchmarks/run_phases.py --runs 10 [--src src] s9999.trf PTS,BH/C1,BH,SB,PS,ARO,TPR,DE

Each run is a fresh process per measurement, in turn: ``import numpy`` alone; the command's
imports alone (NumPy, click, the package's modules of the ``standings`` command); and one
process that times, with the cycle collector off as the command has it, NumPy's import, the
command's imports (and, inside them, the time spent creating dataclasses), reading the file
(with the reader's own modules, which the command imports once it knows the format),
computing the standings and writing the text table, each phase as the command runs it
(``tiebreaks.cli.options.read``, ``standings_for``, ``render_standings``). Prints min and
median of each.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

#: the child that times the phases; prints one JSON object of seconds per phase
PHASES = r"""
import gc, json, sys, time
gc.disable()
clock = time.perf_counter
made = [0.0]
import dataclasses
plain = dataclasses.dataclass
def timed(cls=None, /, **options):
    def wrap(cls):
        start = clock(); out = plain(**options)(cls); made[0] += clock() - start
        return out
    return wrap if cls is None else wrap(cls)
dataclasses.dataclass = timed
start = clock()
import numpy
numpy_done = clock()
from tiebreaks.cli import main, standings
from tiebreaks.cli.options import read, standings_for, tournament_options
from tiebreaks.render.standings import render_standings
imports_done = clock()
dataclasses.dataclass = plain
import click
found = {}
@click.command()
@tournament_options
def options(ratings_file, rating_order, **given):
    found.update(given)
options([], standalone_mode=False)
began = clock()
tournament = read(sys.argv[1], None, None, found)
read_done = clock()
result = standings_for(tournament, sys.argv[2], None, found)
standings_done = clock()
render_standings(result, "text", "en", explanations=False)
text_done = clock()
print(json.dumps({
    "numpy import": numpy_done - start,
    "command imports": imports_done - numpy_done,
    "  of which dataclasses": made[0],
    "read": read_done - began,
    "standings": standings_done - read_done,
    "text": text_done - standings_done,
}))
"""

IMPORTS = "import numpy, tiebreaks.cli.main, tiebreaks.cli.standings, tiebreaks.render.standings"


def wall(command: Sequence[str], env: dict[str, str]) -> float:
    """Wall seconds of one fresh process (its output dropped)."""
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--src", default="src", help="the checkout's src folder")
    parser.add_argument("file", help="the tournament (e.g. a 9,999 x 11 TRF)")
    parser.add_argument("tiebreaks", help="the tie-break list, e.g. PTS,BH/C1,BH,SB")
    arguments = parser.parse_args(argv)
    env = dict(os.environ) | {
        "PYTHONPATH": os.path.abspath(arguments.src),
        "OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS", "1"),
    }
    whole: dict[str, list[float]] = {"python -c 'import numpy'": [], "command imports only": []}
    phases: dict[str, list[float]] = {}
    for _ in range(arguments.runs):
        whole["python -c 'import numpy'"].append(
            wall([sys.executable, "-c", "import numpy"], dict(os.environ))
        )
        whole["command imports only"].append(
            wall([sys.executable, "-c", f"import gc; gc.disable(); {IMPORTS}"], env)
        )
        child = [sys.executable, "-c", PHASES, arguments.file, arguments.tiebreaks]
        output = subprocess.run(child, env=env, check=True, capture_output=True, text=True)
        for phase, seconds in json.loads(output.stdout).items():
            phases.setdefault(phase, []).append(seconds)
    print(f"whole processes ({arguments.runs} runs each, in turn):")
    for name, values in whole.items():
        print(f"  {name:<26} min {min(values):.3f} s, median {statistics.median(values):.3f} s")
    print("phases inside one process:")
    for name, values in phases.items():
        print(f"  {name:<26} min {min(values):.3f} s, median {statistics.median(values):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
