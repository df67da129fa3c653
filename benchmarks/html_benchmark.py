"""The HTML page (``tiebreaks standings FILE -f html``) at real sizes: wall time, peak memory and
file size, of one checkout or of two side by side (in turn, A B A B ..., fresh processes: the
host's speed changes from minute to minute, so only figures of one run are compared).

Usage::

    python benchmarks/html_benchmark.py --make benchmarks/out        # write the events
    python benchmarks/html_benchmark.py --after src --runs 5 benchmarks/out/*.{trf,json}
    python benchmarks/html_benchmark.py --before ../main/src --after src --runs 5 FILE ...

The events (``--make``): Swiss tournaments of 1,000 and 9,999 players x 11 rounds from
:mod:`generate_swiss`, and a round robin of 150 players in which every game is drawn (our
JSON format: 149 rounds do not fit TRF), where everyone is tied and direct encounter explains
the whole field's games. Prints, per file and checkout, the min and median wall and CPU
seconds, the peak RSS (MB) and the page's size (MB).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_swiss import generate_swiss

#: players of the all-draw round robin
ALL_DRAW_PLAYERS = 150


def all_draw_round_robin(players: int) -> str:
    """A single round robin (circle method) of ``players`` (even) where every game is a draw,
    in our JSON format."""
    from tiebreaks import compute_standings
    from tiebreaks.formats.writing import write_data
    from tiebreaks.model import (
        Colour,
        PairingSystem,
        Player,
        ResultKind,
        RoundResult,
        Tournament,
    )

    slots: dict[int, list[RoundResult]] = {number: [] for number in range(1, players + 1)}
    ring = list(range(2, players + 1))
    for _ in range(players - 1):
        pairs = [(1, ring[0])] + [(ring[i], ring[-i]) for i in range(1, players // 2)]
        for white, black in pairs:
            slots[white].append(RoundResult(ResultKind.DRAW, black, Colour.WHITE))
            slots[black].append(RoundResult(ResultKind.DRAW, white, Colour.BLACK))
        ring = ring[1:] + ring[:1]
    tournament = Tournament(
        name=f"All draws, {players} players",
        rounds=players - 1,
        players=tuple(
            Player(number, f"Player {number:03d}", tuple(slots[number]), rating=2400 - number)
            for number in range(1, players + 1)
        ),
        pairing_system=PairingSystem.ROUND_ROBIN,
    )
    text = write_data(tournament, compute_standings(tournament), "json")
    assert isinstance(text, str)
    return text


def make(folder: Path) -> list[Path]:
    """Write the benchmark's events into ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for players in (1000, 9999):
        path = folder / f"swiss-{players}.trf"
        if not path.exists():
            path.write_text(generate_swiss(players, 11, seed=1), encoding="utf-8")
        made.append(path)
    path = folder / f"all-draws-{ALL_DRAW_PLAYERS}.json"
    if not path.exists():
        path.write_text(all_draw_round_robin(ALL_DRAW_PLAYERS), encoding="utf-8")
    made.append(path)
    return made


def timed(
    command: Sequence[str], env: dict[str, str], output: Path
) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds (user + system: less sensitive to a busy host), peak RSS
    (MB) and output bytes of one fresh process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 3):
        raise SystemExit(f"{' '.join(command)} failed")
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, cpu, usage.ru_maxrss / 1024, output.stat().st_size


def compare(files: Sequence[Path], sides: dict[str, str], runs: int) -> None:
    """Each file's page by each checkout, in turn, ``runs`` times; a line per file and side."""
    with tempfile.TemporaryDirectory() as scratch:
        output = Path(scratch) / "page.html"
        for path in files:
            seconds: dict[str, list[float]] = {name: [] for name in sides}
            cpu: dict[str, list[float]] = {name: [] for name in sides}
            memory: dict[str, float] = {}
            size: dict[str, int] = {}
            for _ in range(runs):
                for name, source in sides.items():
                    env = dict(os.environ) | {"PYTHONPATH": os.path.abspath(source)}
                    command = [sys.executable, "-m", "tiebreaks", "standings", str(path)]
                    command += ["-f", "html", "-o", str(output)]
                    wall, used, rss, written = timed(command, env, output)
                    seconds[name].append(wall)
                    cpu[name].append(used)
                    memory[name] = max(memory.get(name, 0.0), rss)
                    size[name] = written
            for name in sides:
                print(
                    f"{path.name:28} {name:7} min {min(seconds[name]):7.2f} s"
                    f"  median {statistics.median(seconds[name]):7.2f} s"
                    f"  CPU min {min(cpu[name]):7.2f} s"
                    f"  median {statistics.median(cpu[name]):7.2f} s"
                    f"  max RSS {memory[name]:7.1f} MB  page {size[name] / 1e6:7.2f} MB",
                    flush=True,
                )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--make", type=Path, help="write the events into this folder")
    parser.add_argument("--before", help="src folder of the old checkout")
    parser.add_argument("--after", default="src", help="src folder of the new checkout")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("files", nargs="*", type=Path)
    arguments = parser.parse_args(argv)
    files = list(arguments.files)
    if arguments.make is not None:
        files += make(arguments.make)
    sides = {"after": arguments.after}
    if arguments.before:
        sides = {"before": arguments.before, **sides}
    if files:
        compare(files, sides, arguments.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
