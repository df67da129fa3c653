"""Files per second of ``tiebreaks batch`` on many small generated tournaments.

Writes ``--files`` small Swiss tournaments (``generate_swiss``: ``--players`` players,
``--rounds`` rounds, one seed per file) into a temporary folder, then runs the batch over the
folder with each worker count of ``--workers`` (local processes; 0 = in this process) and,
with ``--dask``, on a Dask ``LocalCluster`` of two worker processes. Each run is timed from
the call to the last result (pool or cluster start-up included; the cluster's own start is
timed separately) and printed as a Markdown table.

Usage::

    python benchmarks/batch_benchmark.py --files 2000 --workers 0,1,2 --dask
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from generate_swiss import generate_swiss

from tiebreaks.batch import BatchOptions, plan_batch, run_plan, status_counts


def write_files(folder: Path, files: int, players: int, rounds: int) -> None:
    """``files`` generated Swiss tournaments, ``t00000.trf`` ...; seeds 0, 1, 2 ..."""
    for seed in range(files):
        text = generate_swiss(players, rounds, seed, check=False)
        (folder / f"t{seed:05d}.trf").write_text(text, encoding="utf-8")


def time_run(folder: Path, mode: str, workers: int | None, scheduler: object = None) -> float:
    """Seconds for one batch over ``folder``; fails loudly if a file was not ``ok``."""
    start = time.perf_counter()
    plan = plan_batch([folder])
    options = BatchOptions(mode=mode)
    results = list(run_plan(plan, options, workers=workers, scheduler=scheduler))
    elapsed = time.perf_counter() - start
    counts = status_counts(results)
    if counts["error"] or counts["internal-error"] or len(results) != len(plan.tasks):
        raise SystemExit(f"unexpected results: {counts}")
    return elapsed


def dask_rows(folder: Path, files: int, mode: str, repeat: int) -> list[str]:
    """Rows for a two-process Dask LocalCluster (its start-up timed apart)."""
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)  # type: ignore[no-untyped-call]
    started = time.perf_counter() - start
    try:
        best = min(time_run(folder, mode, None, client) for _ in range(repeat))
    finally:
        client.close()  # type: ignore[no-untyped-call]
        cluster.close()
    return [
        f"| dask LocalCluster (2 processes) | {files} | {best:.2f} | {files / best:.0f} |",
        f"| (cluster start-up, not included) | | {started:.2f} | |",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Generate the files, time every configuration, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--workers", default="1,2", help="comma-separated; 0 = in process")
    parser.add_argument("--check", action="store_true", help="time --check instead")
    parser.add_argument("--dask", action="store_true", help="also a Dask LocalCluster")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)
    mode = "check" if args.check else "standings"
    with tempfile.TemporaryDirectory(prefix="tiebreaks-batch-") as name:
        folder = Path(name)
        start = time.perf_counter()
        write_files(folder, args.files, args.players, args.rounds)
        print(
            f"{args.files} files of {args.players} players x {args.rounds} rounds "
            f"({time.perf_counter() - start:.1f} s to generate), mode {mode}, "
            f"{os.cpu_count()} cores, best of {args.repeat}\n"
        )
        print("| run | files | seconds | files/s |\n|---|---:|---:|---:|")
        for workers in (int(text) for text in args.workers.split(",")):
            best = min(time_run(folder, mode, workers) for _ in range(args.repeat))
            plural = "es" if workers > 1 else ""
            label = "in process" if workers == 0 else f"{workers} local process{plural}"
            print(f"| {label} | {args.files} | {best:.2f} | {args.files / best:.0f} |")
            sys.stdout.flush()
        if args.dask:
            print("\n".join(dask_rows(folder, args.files, mode, args.repeat)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
