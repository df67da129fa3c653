"""Scale benchmarks of issue 8 that ``run_benchmark.py`` does not cover.

* start-up: ``tiebreaks --help``;
* 100,000 and 1,000,000 players x 15 rounds in our JSON format, the whole individual
  catalogue (every individual tie-break with its default modifiers), wall time and peak RSS of
  ``tiebreaks standings FILE -t <catalogue> --unrated-rating 1400 --format csv``;
* live standings on a TRF file: the standings after each round, and after one corrected
  result, compared with computing them from scratch.

Prints Markdown tables (copied into BENCHMARKS.md). Files go to ``benchmarks/out/``.

Usage::

    python benchmarks/scale_benchmark.py [--sizes 100000 1000000] [--live FILE] [--repeat 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_benchmark import Timing, measure, ours_base

OUT = Path(__file__).resolve().parent / "out"
LIVE_LIST = "PTS,BH/C1,BH,SB,PS,ARO,TPR,DE"


def catalogue() -> str:
    """Every tie-break of the catalogue that applies to individual tournaments."""
    from tiebreaks.engine.catalogue import catalogue as entries

    return ",".join(e.acronym for e in entries() if e.scope in ("individual", "both"))


def ensure_json(players: int, rounds: int, seed: int) -> Path:
    """The generated JSON tournament (made once)."""
    path = OUT / f"swiss-{players}x{rounds}-seed{seed}.json"
    if not path.exists():
        OUT.mkdir(exist_ok=True)
        script = Path(__file__).resolve().parent / "generate_json.py"
        command = [sys.executable, str(script), "--players", str(players)]
        command += ["--rounds", str(rounds), "--seed", str(seed), "--out", str(path)]
        subprocess.run(command, check=True)
    return path


def _ok(run: object) -> str:
    code = getattr(run, "exit_code", 1)
    return "" if code == 0 else f"exit {code}: {getattr(run, 'stderr', '')[-300:]}"


def startup(repeat: int) -> Timing:
    """``tiebreaks --help``, best of ``repeat``."""
    return measure([*ours_base(None), "--help"], repeat, 60, _ok)


def catalogue_run(path: Path, repeat: int, timeout: float) -> Timing:
    """The whole individual catalogue on ``path``, best of ``repeat``."""
    command = [*ours_base(None), "standings", str(path), "-t", catalogue()]
    command += ["--unrated-rating", "1400", "--format", "csv", "--output", str(OUT / "cat.csv")]
    return measure(command, repeat, timeout, _ok)


def _best(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def live_rows(path: Path, repeat: int) -> list[str]:
    """Standings after each round and after a corrected result: live and from scratch."""
    from tiebreaks.formats.reading import read_tournament
    from tiebreaks.model import ResultKind
    from tiebreaks.services.live import LiveStandings
    from tiebreaks.standings import compute_standings

    tournament = read_tournament(path)
    rounds = tournament.rounds

    def scratch_each_round() -> None:
        for round_number in range(1, rounds + 1):
            compute_standings(read_tournament(path), LIVE_LIST, after_round=round_number)

    def live_each_round() -> None:
        list(LiveStandings(tournament, LIVE_LIST).each_round())

    live = LiveStandings(tournament, LIVE_LIST)
    live.after_round()
    first = tournament.players[0]
    kinds = [ResultKind.LOSS, ResultKind.WIN]
    flips = iter(kinds * repeat * 2)

    def live_change() -> None:
        live.change_result(rounds, first.start_number, next(flips))

    def scratch_change() -> None:
        compute_standings(read_tournament(path), LIVE_LIST)

    scratch_rounds, live_rounds = _best(scratch_each_round, repeat), _best(live_each_round, repeat)
    scratch_one, live_one = _best(scratch_change, repeat), _best(live_change, repeat)
    return [
        "| task | from scratch (read + compute) | live | speed-up |",
        "|---|---:|---:|---:|",
        f"| standings after each of {rounds} rounds | {scratch_rounds:.2f} s | "
        f"{live_rounds:.2f} s | {scratch_rounds / live_rounds:.1f}x |",
        f"| one corrected result (round {rounds}) | {scratch_one:.3f} s | {live_one:.3f} s | "
        f"{scratch_one / live_one:.1f}x |",
    ]


def scaling_rows(sizes: Sequence[int], rounds: int) -> list[str]:
    """CPU seconds of every individual tie-break at each size, with the grid built anew and
    with the grid kept (in-process, one context per size, caches cleared between tie-breaks;
    the grid's one-off cost is its own row), and the ratio largest/smallest divided by the
    size ratio: 1.0 is linear."""
    import gc

    from tiebreaks.engine.context import build_context
    from tiebreaks.formats.reading import read_tournament
    from tiebreaks.standings import choose_rules

    gc.disable()  # as compute_standings and the CLI run: the collector would add its own
    # cost, growing with every object alive, to each measurement
    names = catalogue().split(",")
    seconds: dict[str, list[tuple[float, float]]] = {name: [] for name in ["grid", *names]}
    for players in sizes:
        tournament = read_tournament(ensure_json(players, rounds, 1))
        context = build_context(tournament, choose_rules(tournament, None)[0])
        context.unrated_rating = 1400
        seconds["grid"].append((0.0, _grid_seconds(context)))
        for name in names:
            seconds[name].append(
                (_reference_seconds(context, name), _columnar_seconds(context, name))
            )
    return _scaling_table(sizes, seconds)


def _clear(context: Any, keep_grid: bool) -> None:
    """Forget the memoised arrays (all, or all but the grid)."""
    from tiebreaks.engine.grid import GRID
    from tiebreaks.engine.memo import Memo

    context.memoised = context.memoised.carried(GRID) if keep_grid else Memo()


def _grid_seconds(context: Any) -> float:
    from tiebreaks.engine.grid import grid

    _clear(context, keep_grid=False)
    start = time.process_time()
    grid(context)
    return time.process_time() - start


def _reference_seconds(context: Any, name: str) -> float:
    from tiebreaks.engine.catalogue import resolve
    from tiebreaks.engine.spec import TiebreakSpec

    spec, entry = resolve(TiebreakSpec(name))
    _clear(context, keep_grid=True)
    start = time.process_time()
    if entry.compute is not None:
        entry.compute(context, spec)
    elif entry.order_group is not None:
        entry.order_group(context, spec, list(range(context.size)))
    return time.process_time() - start


def _columnar_seconds(context: Any, name: str) -> float:
    """The tie-break alone, the context's grid already built (the standings build it once for
    every tie-break of the list)."""
    from tiebreaks.engine.catalogue import resolve
    from tiebreaks.engine.spec import TiebreakSpec

    spec, entry = resolve(TiebreakSpec(name))
    _clear(context, keep_grid=True)
    start = time.process_time()
    if entry.compute is not None:
        entry.compute(context, spec)
    elif entry.order_group is not None:
        entry.order_group(context, spec, list(range(context.size)))
    return time.process_time() - start


def _scaling_table(
    sizes: Sequence[int], seconds: dict[str, list[tuple[float, float]]]
) -> list[str]:
    header = " | ".join(f"{size:,}" for size in sizes)
    rows = [
        f"| tie-break | reference: {header} | growth | columnar: {header} | growth |",
        "|---|" + "---:|" * (2 * len(sizes) + 2),
    ]
    growth = sizes[-1] / sizes[0]
    for name, pairs in seconds.items():
        cells = []
        for path in (0, 1):
            values = [pair[path] for pair in pairs]
            ratio = values[-1] / max(values[0], 1e-9) / growth
            cells.append(" | ".join(f"{value:.3f}" for value in values) + f" | {ratio:.2f}")
        rows.append(f"| {name} | {cells[0]} | {cells[1]} |")
    return rows


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--live", type=Path, default=OUT / "swiss-9999x11-seed1-rated.trf")
    parser.add_argument(
        "--scaling", type=int, nargs="*", default=[], help="sizes for the per-tie-break table"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    if args.scaling:
        print(f"CPU seconds per tie-break, {args.rounds} rounds:\n")
        print("\n".join(scaling_rows(args.scaling, args.rounds)))
        return 0
    help_timing = startup(max(args.repeat, 5))
    print(f"start-up (`tiebreaks --help`): {help_timing.seconds:.3f} s\n")
    print(f"whole individual catalogue ({len(catalogue().split(','))} tie-breaks):\n")
    print("| players x rounds | file size | wall time | peak RSS |")
    print("|---|---:|---:|---:|")
    for players in args.sizes:
        path = ensure_json(players, args.rounds, 1)
        repeat = args.repeat if players <= 100_000 else 1
        timing = catalogue_run(path, repeat, args.timeout)
        size = path.stat().st_size / 1e6
        seconds = f"{timing.seconds:.2f} s" if timing.seconds is not None else timing.note
        rss = f"{timing.rss_mb:.0f} MB" if timing.rss_mb is not None else ""
        print(f"| {players:,} x {args.rounds} | {size:.0f} MB | {seconds} | {rss} |")
    if args.live.exists():
        print(f"\nlive standings, {args.live.name}, list {LIVE_LIST} (best of {args.repeat}):\n")
        print("\n".join(live_rows(args.live, args.repeat)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
