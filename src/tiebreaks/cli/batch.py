"""``tiebreaks batch``: the standings (or the check) of many files, in parallel, one JSON line
per file, with a progress bar, resumable (imported only when the command runs)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import click

from ..batch import (
    BatchOptions,
    BatchPlan,
    BatchResult,
    latest_results,
    plan_batch,
    protect_inputs,
    result_line,
    run_plan,
    status_counts,
    summary_csv,
    summary_html,
)
from ..errors import UsageError
from ..formats.files import OutputStream, write_output
from .common import EXIT_DIFFERENT, EXIT_INPUT, EXIT_INTERNAL, guarded
from .progress import counted
from .types import MAX_INPUT_OPTION

EXIT_BY_STATUS = {
    "ok": 0,
    "skipped": 0,
    "differs": EXIT_DIFFERENT,
    "error": EXIT_INPUT,
    "internal-error": EXIT_INTERNAL,
}


class _Progress:
    """The files done, counted by status, and the rate; drawn on standard error by rich
    (:func:`.progress.counted`) when progress is shown."""

    def __init__(self, draw: Callable[[int, str], None] | None = None) -> None:
        self.draw = draw
        self.done = 0
        self.counts: dict[str, int] = {}
        self.start = time.perf_counter()

    def update(self, result: BatchResult) -> None:
        """Count one result and move the bar (rich redraws it at most ten times a second)."""
        self.done += 1
        status = result.get("status", "internal-error")
        self.counts[status] = self.counts.get(status, 0) + 1
        if self.draw is not None:
            self.draw(1, self.note())

    def note(self) -> str:
        """After the bar: counts by status, files per second."""
        counts = "  ".join(f"{status} {count}" for status, count in sorted(self.counts.items()))
        return f"{counts}  {self.rate():.0f} files/s"

    def rate(self) -> float:
        """Files per second so far."""
        elapsed = time.perf_counter() - self.start
        return self.done / elapsed if elapsed > 0 else 0.0


@click.command(name="batch")
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", "check_mode", is_flag=True, help="Check published standings instead.")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="List for every file (default: own).")
@click.option("--rules", "-r", help="Rules regime for every file (default: from each file).")
@click.option(
    "--workers",
    "-j",
    type=click.IntRange(min=0),
    help="Worker processes (default: one per core; 0: in this process).",
)
@click.option("--output", "-o", help="Write the JSON lines to this file (default: stdout).")
@click.option(
    "--summary",
    nargs=2,
    type=(click.Choice(["csv", "html"]), str),
    metavar="csv|html FILE",
    help="Also write a summary table of every file.",
)
@click.option("--resume", is_flag=True, help="Skip the files --output already has; append.")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar on stderr (default: only when stderr is a terminal).",
)
@click.option("--ordered", is_flag=True, help="Results in file order, not as finished.")
@click.option("--top", type=click.IntRange(min=0), default=3, help="Leading ids per file.")
@click.option("--dask-scheduler", metavar="ADDRESS", help="Dask scheduler, or 'local'.")
@click.option("--ship", is_flag=True, help="Send file contents to the Dask workers.")
@MAX_INPUT_OPTION
def batch(
    paths: tuple[str, ...],
    check_mode: bool,
    tiebreak_list: str | None,
    rules: str | None,
    workers: int | None,
    output: str | None,
    summary: tuple[str, str] | None,
    resume: bool,
    progress: bool | None,
    ordered: bool,
    top: int,
    dask_scheduler: str | None,
    ship: bool,
    max_input: int,
) -> None:
    """Compute (or --check) every tournament file of PATHS (files, folders searched for
    .trf/.txt/.json/.pgn/.csv and the published .xlsx/.html/.htm, glob patterns) in
    parallel: one JSON line per file, as each is finished (--ordered: in file order). Bad
    files are reported and the batch goes on. Only regular files are read: a named pipe or
    a device found in a folder is a "skipped" line. No output may be one of the input files
    (exit 2 before anything is written). Exit code: 0 all ok, 3 some differ (--check), 1 some
    unreadable or malformed, 70 some internal error."""
    mode = "check" if check_mode else "standings"
    options = BatchOptions(mode, tiebreak_list, rules, top, max_input)

    def prepare() -> BatchPlan:
        options.validate()
        if resume and output is None:
            raise UsageError("--resume needs --output FILE (the JSON lines to resume)")
        plan = plan_batch(paths, resume_from=output if resume else None)
        for note in protect_inputs(plan, [output, summary[1] if summary else None]):
            click.echo(f"batch: {note}", err=True)
        return plan

    plan = guarded(prepare)
    if plan.skipped:
        click.echo(f"batch: {len(plan.skipped)} files already in {output}, skipped", err=True)
    run = _Run(plan, options, workers, dask_scheduler, ship, ordered)
    with counted("batch", len(plan.tasks) + len(plan.not_files), progress) as draw:
        bar = _Progress(draw)
        results = guarded(lambda: run.write(output, resume, bar))
    if summary:
        _write_summary(summary, [*plan.previous, *results])
    sys.exit(exit_code(results))


def exit_code(results: list[BatchResult]) -> int:
    """The exit code of the worst status: internal error, then error, then differs."""
    found = {result.get("status", "internal-error") for result in results}
    for status in ("internal-error", "error", "differs"):
        if status in found:
            return EXIT_BY_STATUS[status]
    return 0


class _Run:
    """One execution of a plan, written as JSON lines."""

    def __init__(
        self,
        plan: BatchPlan,
        options: BatchOptions,
        workers: int | None,
        scheduler: str | None,
        ship: bool,
        ordered: bool,
    ) -> None:
        self.plan = plan
        self.options = options
        self.workers = workers
        self.scheduler = scheduler
        self.ship = ship
        self.ordered = ordered

    def write(self, output: str | None, append: bool, bar: _Progress) -> list[BatchResult]:
        """Run, write one line per result as it comes (flushed), return the results."""
        stream = OutputStream(output, append) if output is not None else None
        results: list[BatchResult] = []
        try:
            for result in run_plan(
                self.plan,
                self.options,
                workers=self.workers,
                scheduler=self.scheduler,
                ship=self.ship,
                ordered=self.ordered,
            ):
                _emit_line(result_line(result), stream)
                results.append(result)
                bar.update(result)
        finally:
            if stream is not None:
                stream.close()
        _report(results, len(self.plan.skipped), bar.rate())
        return results


def _emit_line(line: str, stream: OutputStream | None) -> None:
    if stream is None:
        click.echo(line)
    else:
        stream.write_line(line)


def _report(results: list[BatchResult], skipped: int, rate: float) -> None:
    counts = ", ".join(f"{n} {status}" for status, n in status_counts(results).items() if n)
    extra = f" ({skipped} skipped)" if skipped else ""
    click.echo(
        f"batch: {len(results)} files{extra}: {counts or 'nothing to do'}; {rate:.0f} files/s",
        err=True,
    )


def _write_summary(summary: tuple[str, str], results: list[BatchResult]) -> None:
    """The summary of the latest result of every file (earlier runs included on --resume),
    written atomically (checked against the inputs before the run)."""
    kind, target = summary
    latest = list(latest_results(results).values())
    content = summary_csv(latest) if kind == "csv" else summary_html(latest)
    guarded(lambda: write_output(target, content))
