"""Batch processing: the standings (or the check) of many tournament files at once.

:func:`run_batch` takes files, folders and glob patterns, computes every file on the local
cores (a :class:`~concurrent.futures.ProcessPoolExecutor` fed with chunks of paths, so only
paths go out and small result dicts come back) or on a Dask cluster, and yields one
:class:`BatchResult` per file as soon as its chunk is done: a plain dict, ready for one JSON
line. A bad file is a result with status ``"error"`` (the message names file, line, column);
a bug in tiebreaks on one file is a result with status ``"internal-error"``; neither stops
the batch. A local worker process that dies is replaced and the files it may have been
working on are run again one at a time, so only the culprit is reported.

Results come as they are finished (``ordered=False``) or in the order of the expanded file
list (``ordered=True``). A run can be resumed from its JSON lines output: a file is skipped
when the output has a line with its path, size and modification time (``internal-error``
lines excepted, so those files are tried again); the last line of a path is its result.
"""

from __future__ import annotations

import csv
import gc
import glob
import html
import io
import itertools
import json
import multiprocessing
import os
import re
import signal
import stat
import threading
import time
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import TYPE_CHECKING, TypedDict

from .engine.names import resolve_list
from .errors import InputError, TiebreaksError, UsageError
from .formats.detect import read_data
from .formats.files import (
    MAX_INPUT_BYTES,
    InputTooLargeError,
    check_outputs,
    file_kind,
    read_input,
    same_file,
)
from .formats.readers.sniff import json_lines_content
from .model.memory import paused_garbage_collector
from .model.rules import rules_by_name
from .model.text import shown_name
from .render.check import difference_text
from .render.csv import spreadsheet_safe
from .services.check import check_published
from .standings import compute_standings

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    from distributed import Client
    from distributed.deploy.cluster import Cluster

    from .model import Tournament
    from .standings import Standings

MODES = ("standings", "check")
#: statuses of a result, from good to bad ("skipped": found in a folder but not a regular
#: file, such as a named pipe, which would block its reader)
STATUSES = ("ok", "skipped", "differs", "error", "internal-error")
#: what a folder is searched for (a file named on the command line is taken whatever its name):
#: the tournament files and the published tables we read (chess-results' Excel export and
#: saved pages, Vega's and Swiss-Chess's HTML pages)
EXTENSIONS = (".trf", ".txt", ".json", ".pgn", ".csv", ".xlsx", ".html", ".htm")
DEFAULT_TOP = 3
#: the most files sent to a worker at once
MAX_CHUNK = 64
#: chunks kept in flight per worker
CHUNKS_PER_WORKER = 4


class BatchResult(TypedDict, total=False):
    """One file's outcome, one JSON line. ``path``, ``status``, ``size``, ``mtime_ns`` and
    ``elapsed_ms`` are always there; the rest depends on the status and the mode."""

    path: str
    status: str
    size: int | None
    mtime_ns: int | None
    mode: str
    name: str
    rules: str
    tiebreaks: list[str]
    participants: int
    team: bool
    top: list[int]
    warnings: int
    #: how many warnings of each code (docs/input-checks.md), in the order first met
    warning_codes: dict[str, int]
    #: the first :data:`WARNINGS_KEPT` warnings in words (``warnings`` counts them all)
    warning_messages: list[str]
    ranks_compared: int
    values_compared: int
    differences: int
    first_differences: list[str]
    error: str
    error_type: str
    warning: str
    line: int | None
    column: int | None
    elapsed_ms: float


@dataclass(frozen=True)
class Task:
    """One file to process; ``data`` carries its content when it is shipped to the worker."""

    path: str
    size: int | None = None
    mtime_ns: int | None = None
    data: bytes | None = field(default=None, repr=False)


@dataclass(frozen=True)
class BatchOptions:
    """What to do with every file: ``mode`` ``"standings"`` or ``"check"`` (published ranks
    and values against ours), the tie-break list and rules regime (None: each file's own or
    the default), how many leading ids a result lists and the largest file read."""

    mode: str = "standings"
    tiebreaks: str | None = None
    rules: str | None = None
    top: int = DEFAULT_TOP
    max_input: int = MAX_INPUT_BYTES

    def validate(self) -> None:
        """Raise :class:`~tiebreaks.UsageError` for an unknown mode, rules regime or
        tie-break name, before any file is read."""

        if self.mode not in MODES:
            raise UsageError(f"unknown batch mode {self.mode!r}; modes: {', '.join(MODES)}")
        if self.rules:
            rules_by_name(self.rules)
        if self.tiebreaks:
            resolve_list(self.tiebreaks)


# --- one file (runs in the worker) --------------------------------------------------------


def process_file(task: Task, options: BatchOptions) -> BatchResult:
    """The result of one file; never raises (except ``KeyboardInterrupt`` and the like)."""
    start = time.perf_counter()
    result: BatchResult = {
        "path": task.path,
        "status": "ok",
        "size": task.size,
        "mtime_ns": task.mtime_ns,
        "mode": options.mode,
    }
    try:
        tournament = _read(task, options.max_input)
        if options.mode == "check":
            result.update(_check_fields(tournament, options))
        else:
            result.update(_standings_fields(_standings(tournament, options), options.top))
    except TiebreaksError as error:
        result.update(_error_fields("error", error))
    except Exception as error:
        result.update(_error_fields("internal-error", error))
    result["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return result


def process_chunk(tasks: Sequence[Task], options: BatchOptions) -> list[BatchResult]:
    """The results of a chunk of files (one call per worker round trip), with the cycle
    collector paused: reading and ranking build many objects and no cycles."""

    with paused_garbage_collector():
        return [process_file(task, options) for task in tasks]


def _read(task: Task, max_input: int) -> Tournament:
    """The task's tournament; only a regular file is read (a file that became a named pipe
    since the plan is refused, not waited for)."""

    data = task.data
    if data is None:
        data = read_input(task.path, max_bytes=max_input, regular_only=True)
    elif len(data) > max_input:
        raise InputTooLargeError(task.path, max_input, len(data))
    return read_data(data, task.path)


def _standings(tournament: Tournament, options: BatchOptions) -> Standings:

    return compute_standings(tournament, options.tiebreaks, options.rules)


#: the warnings of one file written in its result (and its summary row); "warnings" counts all
WARNINGS_KEPT = 20


def _standings_fields(standings: Standings, top: int) -> BatchResult:
    return {
        "name": standings.tournament.name,
        "rules": standings.rules.name,
        "tiebreaks": list(standings.columns),
        "participants": len(standings.rows),
        "team": standings.is_team,
        "top": [row.player.start_number for row in standings.rows[:top]],
        "warnings": len(standings.warnings),
        "warning_codes": dict(Counter(warning.code for warning in standings.warnings)),
        "warning_messages": [str(warning) for warning in standings.warnings[:WARNINGS_KEPT]],
    }


def _check_fields(tournament: Tournament, options: BatchOptions) -> BatchResult:

    report = check_published(tournament, options.tiebreaks, options.rules)
    fields = _standings_fields(report.standings, options.top)
    fields.update(
        {
            "status": "ok" if report.agrees else "differs",
            "ranks_compared": report.ranks_compared,
            "values_compared": report.values_compared,
            "differences": len(report.differences),
            "first_differences": [difference_text(d) for d in report.differences[: options.top]],
        }
    )
    return fields


def _error_fields(status: str, error: BaseException) -> BatchResult:
    message = str(error)
    if status == "internal-error":
        message = f"{type(error).__name__}: {message}"
    location = error.location if isinstance(error, InputError) else None
    return {
        "status": status,
        "error": message,
        "error_type": type(error).__name__,
        "line": location.line or None if location else None,
        "column": location.column or None if location else None,
    }


def _init_worker() -> None:
    """Worker start-up: Ctrl-C is left to the parent (which stops the workers: no traceback
    from each of them; the computing modules are imported with this module) and the collector
    works (a long-lived process; the reading and ranking pause it themselves)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.enable()
    gc.freeze()


# --- which files ----------------------------------------------------------------------------


def expand_paths(
    patterns: Iterable[str | os.PathLike[str]], extensions: Sequence[str] = EXTENSIONS
) -> list[str]:
    """The files named by ``patterns``: a file as it is; a folder searched recursively for
    the ``extensions`` (hidden files and folders skipped, sorted); a glob pattern (``**``
    allowed) expanded, sorted. A name that matches nothing is kept, so that it is reported
    as unreadable. Each file once, first occurrence first."""
    return list(_expand(patterns, extensions))


def _expand(
    patterns: Iterable[str | os.PathLike[str]], extensions: Sequence[str] = EXTENSIONS
) -> dict[str, bool]:
    """:func:`expand_paths`, each path with whether it was found in a folder (True) or named
    by the user, directly or by a pattern (False)."""
    found: dict[str, bool] = {}
    for pattern in patterns:
        text = os.fspath(pattern)
        if os.path.exists(text) or not glob.has_magic(text):
            matches = [text]
        else:
            matches = sorted(glob.glob(text, recursive=True)) or [text]
        for match in matches:
            if os.path.isdir(match):
                for name in _walk(match, extensions):
                    found.setdefault(name, True)
            else:
                found.setdefault(match, False)
    return found


def _walk(folder: str, extensions: Sequence[str]) -> list[str]:
    wanted = tuple(extension.lower() for extension in extensions)
    files: list[str] = []
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        files.extend(
            os.path.join(root, name)
            for name in sorted(names)
            if not name.startswith(".") and name.lower().endswith(wanted)
        )
    return files


# --- resuming --------------------------------------------------------------------------------


def read_results(path: str | os.PathLike[str]) -> list[BatchResult]:
    """The results recorded in a JSON lines output (a missing file has none; a line that is
    not a result, such as one cut short by an interruption, is ignored)."""
    if not os.path.exists(path):
        return []
    results: list[BatchResult] = []
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and isinstance(record.get("path"), str):
                results.append(record)  # type: ignore[arg-type]
    return results


def latest_results(results: Iterable[BatchResult]) -> dict[str, BatchResult]:
    """The last result of each path."""
    return {result["path"]: result for result in results}


@dataclass
class BatchPlan:
    """The files to process, those skipped because the output already has them, the results
    read from that output, the results of the files that are not regular files (named pipes,
    devices: never read), and the files that were found in folders (not named)."""

    tasks: list[Task]
    skipped: list[str] = field(default_factory=list)
    previous: list[BatchResult] = field(default_factory=list)
    not_files: list[BatchResult] = field(default_factory=list)
    found_in_folders: set[str] = field(default_factory=set)


def plan_batch(
    paths: Iterable[str | os.PathLike[str]],
    *,
    resume_from: str | os.PathLike[str] | None = None,
) -> BatchPlan:
    """Expand ``paths`` and leave out the files that ``resume_from`` (a JSON lines output)
    already has with the same size and modification time. Anything that is not a regular
    file is not read: found in a folder, it is a ``"skipped"`` result with a warning; named
    by the user, an ``"error"`` result."""
    previous = read_results(resume_from) if resume_from is not None else []
    done = {
        path: (result.get("size"), result.get("mtime_ns"))
        for path, result in latest_results(previous).items()
        if result.get("status") != "internal-error"
    }
    plan = BatchPlan([], [], previous)
    for path, in_folder in _expand(paths).items():
        if in_folder:
            plan.found_in_folders.add(path)
        size, mtime_ns, mode = _stat(path)
        if mode is not None and not stat.S_ISREG(mode):
            plan.not_files.append(_not_a_file(path, mode, in_folder))
        elif size is not None and done.get(path) == (size, mtime_ns):
            plan.skipped.append(path)
        else:
            plan.tasks.append(Task(path, size, mtime_ns))
    return plan


def _not_a_file(path: str, mode: int, in_folder: bool) -> BatchResult:
    """The result line of a named pipe, device or socket (reading one could wait forever)."""
    what = f"{file_kind(mode)}, not a regular file"
    result: BatchResult = {"path": path, "size": None, "mtime_ns": None, "elapsed_ms": 0.0}
    if in_folder:
        result.update({"status": "skipped", "warning": f"{what}: skipped"})
    else:
        result.update(
            {
                "status": "error",
                "error": f"{path}: {what}; batch reads regular files only",
                "error_type": "SourceError",
            }
        )
    return result


def protect_inputs(plan: BatchPlan, outputs: Iterable[str | None]) -> list[str]:
    """Refuse (:class:`~tiebreaks.UsageError`) outputs that are inputs of the plan, before
    anything is written. A file found in a folder that is an earlier output of ``batch`` (its
    JSON lines or CSV summary, recognised by their first line) is taken out of the plan
    instead; the notes returned say so. Named files are always protected."""

    wanted = [name for name in outputs if name is not None]
    ours = {
        task.path
        for task in plan.tasks
        if task.path in plan.found_in_folders
        and any(same_file(task.path, output) for output in wanted)  # a stat: first
        and _is_batch_output(task.path)  # reads the file's start: only for an output
    }
    inputs = [task.path for task in plan.tasks if task.path not in ours]
    check_outputs(wanted, [*inputs, *plan.skipped])
    plan.tasks = [task for task in plan.tasks if task.path not in ours]
    return [f"{path} left out: it is this command's output" for path in sorted(ours)]


def _is_batch_output(path: str) -> bool:
    """True for a file that starts as our result lines (the rule of the format detection,
    :func:`~tiebreaks.formats.readers.sniff.json_lines_content`) or our summary header."""

    try:
        with open(path, "rb") as stream:
            head = stream.read(1 << 20)
    except OSError:
        return False
    summary = ",".join(SUMMARY_COLUMNS).encode()
    return head.split(b"\n", 1)[0].strip() == summary or json_lines_content(head) is not None


def _stat(path: str) -> tuple[int | None, int | None, int | None]:
    try:
        status = os.stat(path)
    except OSError:
        return None, None, None
    return status.st_size, status.st_mtime_ns, status.st_mode


# --- running ---------------------------------------------------------------------------------


def run_batch(
    paths: Iterable[str | os.PathLike[str]],
    *,
    mode: str = "standings",
    tiebreaks: str | None = None,
    rules: str | None = None,
    workers: int | None = None,
    resume_from: str | os.PathLike[str] | None = None,
    scheduler: object = None,
    ship: bool = False,
    ordered: bool = False,
    top: int = DEFAULT_TOP,
) -> Iterator[BatchResult]:
    """Process every file of ``paths`` (files, folders, glob patterns) and yield one result
    per file; see :func:`run_plan` for ``workers``, ``scheduler``, ``ship`` and ``ordered``.
    With ``resume_from``, the files that JSON lines output already has are skipped."""
    options = BatchOptions(mode, tiebreaks, rules, top)
    options.validate()
    plan = plan_batch(paths, resume_from=resume_from)
    return run_plan(plan, options, workers=workers, scheduler=scheduler, ship=ship, ordered=ordered)


def run_plan(
    plan: BatchPlan,
    options: BatchOptions,
    *,
    workers: int | None = None,
    scheduler: object = None,
    ship: bool = False,
    ordered: bool = False,
) -> Iterator[BatchResult]:
    """Yield the result of every task of ``plan``.

    ``workers``: local worker processes (default: one per core; 0 runs in this process).
    ``scheduler``: a Dask scheduler address (``tcp://host:8786``), ``"local"`` for a
    :class:`distributed.LocalCluster` of ``workers`` processes, or a ``distributed.Client``.
    ``ship``: send the files' content to the workers instead of their paths (for workers
    that cannot see the files). ``ordered``: results in the order of the tasks instead of as
    they are finished."""
    options.validate()
    return itertools.chain(
        plan.not_files, _results(plan.tasks, options, workers, scheduler, ship, ordered)
    )


def _results(
    tasks: list[Task],
    options: BatchOptions,
    workers: int | None,
    scheduler: object,
    ship: bool,
    ordered: bool,
) -> Iterator[BatchResult]:
    if not tasks:
        return iter(())
    if scheduler is None and workers == 0:
        return (process_file(_shipped(task, ship), options) for task in tasks)
    engine: _Engine
    if scheduler is None:
        engine = _LocalEngine(workers or os.cpu_count() or 1)
    else:
        engine = _DaskEngine(scheduler, workers)
    chunks = _chunks(tasks, engine.capacity)
    return _Runner(engine, options, ordered, ship).run(chunks)


def _chunks(tasks: list[Task], capacity: int) -> list[list[Task]]:
    """Chunks small enough to keep every worker busy to the end, large enough to make the
    round trips cheap."""
    size = max(1, min(MAX_CHUNK, len(tasks) // (capacity * CHUNKS_PER_WORKER * 2)))
    return [tasks[start : start + size] for start in range(0, len(tasks), size)]


def _shipped(task: Task, ship: bool) -> Task:
    """The task with the file's content, when shipping (left to the worker to read, and to
    report, if this machine cannot read it)."""
    if not ship or task.data is not None:
        return task
    try:
        return replace(task, data=read_input(task.path, regular_only=True))
    except TiebreaksError:
        return task


def _failed(task: Task, error: BaseException) -> BatchResult:
    """The result of a file whose worker failed (it died, or the cluster lost it)."""
    result: BatchResult = {
        "path": task.path,
        "status": "internal-error",
        "size": task.size,
        "mtime_ns": task.mtime_ns,
    }
    result.update(_error_fields("internal-error", error))
    result["error"] = f"the worker failed on this file: {result['error']}"
    result["elapsed_ms"] = 0.0
    return result


class _Engine:
    """Where the chunks run: starts and stops executors; ``capacity`` is the number of
    chunks it can work on at once."""

    capacity = 1

    def start(self) -> Executor:
        """A fresh executor (the first one, or a replacement for a broken one)."""
        raise NotImplementedError

    def stop(self, executor: Executor) -> None:
        """Stop ``executor``, cancelling what it has not started."""
        executor.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        """Release what the engine holds (nothing for local processes)."""


class _LocalEngine(_Engine):
    """Processes on this machine."""

    def __init__(self, workers: int) -> None:
        self.capacity = workers

    def start(self) -> Executor:

        return ProcessPoolExecutor(
            self.capacity, mp_context=_mp_context(), initializer=_init_worker
        )


def _start_method() -> str:
    """``fork`` (fast, and the workers inherit what is imported) unless other threads run in
    this process, where forking is unsafe; then ``spawn``."""

    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


def _mp_context() -> BaseContext:

    return multiprocessing.get_context(_start_method())


class _DaskEngine(_Engine):
    """A Dask distributed cluster: at an address, a new local cluster, or a given client."""

    def __init__(self, scheduler: object, workers: int | None) -> None:
        self.client, self._owned = _dask_client(scheduler, workers)
        threads: dict[str, int] = self.client.nthreads()  # type: ignore[no-untyped-call]
        self.capacity = max(1, sum(threads.values()))

    def start(self) -> Executor:
        executor: Executor = self.client.get_executor(pure=False)  # type: ignore[no-untyped-call]
        return executor

    def stop(self, executor: Executor) -> None:
        executor.shutdown(wait=False)

    def close(self) -> None:
        for owned in self._owned:
            owned.close()


def _dask_client(scheduler: object, workers: int | None) -> tuple[Client, list[Client | Cluster]]:
    """The client to use and what to close after (what this module started)."""
    from distributed import Client, LocalCluster  # noqa: PLC0415 (optional: dask)

    if isinstance(scheduler, Client):
        return scheduler, []
    if scheduler == "local":
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
        return client, [client, cluster]
    if not isinstance(scheduler, str):
        raise UsageError(f"not a Dask scheduler: {scheduler!r}")
    try:
        client = Client(scheduler, timeout=20)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise UsageError(f"cannot connect to the Dask scheduler at {scheduler}: {error}") from None
    return client, [client]


class _Runner:
    """Feeds chunks to an engine's executor, a bounded number at a time, and turns each
    finished chunk into its results. When a local worker process dies, the executor is
    replaced and the files that were in flight are run again one at a time."""

    def __init__(self, engine: _Engine, options: BatchOptions, ordered: bool, ship: bool):
        self.engine = engine
        self.options = options
        self.ordered = ordered
        self.ship = ship
        self.window = engine.capacity * CHUNKS_PER_WORKER
        self.inflight: dict[Future[list[BatchResult]], list[Task]] = {}
        self.executor: Executor | None = None

    def run(self, chunks: list[list[Task]]) -> Iterator[BatchResult]:
        """The results of every chunk, as they are finished (or in order)."""
        queue = deque(chunks)
        try:
            self.executor = self.engine.start()
            while queue or self.inflight:
                while queue and len(self.inflight) < self.window:
                    chunk = queue.popleft()
                    self.inflight[self._submit(chunk)] = chunk
                for future in self._finished():
                    chunk = self.inflight.pop(future, [])
                    if chunk and _broken(future):
                        yield from self._recover(chunk)
                    elif chunk:
                        yield from _chunk_results(future, chunk)
        finally:
            self.inflight.clear()
            if self.executor is not None:
                self.engine.stop(self.executor)
            self.engine.close()

    def _submit(self, chunk: list[Task]) -> Future[list[BatchResult]]:
        assert self.executor is not None
        tasks = [_shipped(task, self.ship) for task in chunk]
        try:
            return self.executor.submit(process_chunk, tasks, self.options)
        except BrokenProcessPool:  # a worker died between two chunks
            self._restart()
            return self.executor.submit(process_chunk, tasks, self.options)

    def _finished(self) -> list[Future[list[BatchResult]]]:
        if self.ordered:
            head = next(iter(self.inflight))
            wait([head])
            return [head]
        done, _ = wait(list(self.inflight), return_when=FIRST_COMPLETED)
        return [future for future in self.inflight if future in done]

    def _restart(self) -> None:
        if self.executor is not None:
            self.engine.stop(self.executor)
        self.executor = self.engine.start()

    def _recover(self, chunk: list[Task]) -> Iterator[BatchResult]:
        """After a worker died: keep what finished, run the rest one file at a time."""
        suspects = list(chunk)
        for future, other in list(self.inflight.items()):
            if future.done() and _exception(future) is None:
                yield from future.result()
            else:
                suspects.extend(other)
        self.inflight.clear()
        self._restart()
        for task in suspects:
            future = self._submit([task])
            wait([future])
            error = _exception(future)
            if isinstance(error, BrokenProcessPool):
                yield _failed(task, error)
                self._restart()
            else:
                yield from _chunk_results(future, [task])


def _exception(future: Future[list[BatchResult]]) -> BaseException | None:
    """The exception of a finished future (a cancelled one's is ``CancelledError``)."""

    try:
        return future.exception()
    except CancelledError as cancelled:
        return cancelled


def _broken(future: Future[list[BatchResult]]) -> bool:
    return isinstance(_exception(future), BrokenProcessPool)


def _chunk_results(future: Future[list[BatchResult]], chunk: list[Task]) -> list[BatchResult]:
    error = _exception(future)
    if error is None:
        return future.result()
    return [_failed(task, error) for task in chunk]


# --- summaries -------------------------------------------------------------------------------

SUMMARY_COLUMNS = (
    "path",
    "status",
    "participants",
    "rules",
    "top",
    "differences",
    "error",
    "elapsed_ms",
)


def status_counts(results: Iterable[BatchResult]) -> dict[str, int]:
    """How many results have each status (every status listed, in :data:`STATUSES` order)."""
    counts = dict.fromkeys(STATUSES, 0)
    for result in results:
        status = result.get("status", "internal-error")
        counts[status] = counts.get(status, 0) + 1
    return counts


def _cells(result: BatchResult) -> list[str]:
    """The summary columns of one result as text."""
    top = result.get("top")
    values: dict[str, object] = {
        **result,
        "top": " ".join(str(number) for number in top) if top else "",
    }
    return ["" if values.get(name) is None else str(values.get(name)) for name in SUMMARY_COLUMNS]


def summary_csv(results: Iterable[BatchResult]) -> str:
    """One CSV row per file, sorted by path: every cell shown as
    :func:`~tiebreaks.model.text.shown_name` shows a name (no control or bidirectional
    formatting character) and :func:`~tiebreaks.render.csv.spreadsheet_safe` (no formula)."""

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(SUMMARY_COLUMNS)
    for result in sorted(results, key=_path_key):
        writer.writerow([spreadsheet_safe(shown_name(cell)) for cell in _cells(result)])
    return buffer.getvalue()


_HTML_HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tiebreaks batch summary</title>
<style>
{css}
tr.error td, tr.internal-error td {{ background: #fde8e8; }}
tr.differs td {{ background: #fff6da; }}
td.warnings ul {{ margin: 0; padding-left: 1.1rem; white-space: normal; }}
.table-scroll {{ overflow-x: auto; }}
</style></head><body>
<h1>tiebreaks batch summary</h1>
<p class="summary">{counts}</p>
<div class="table-scroll"><table><thead><tr>{header}</tr></thead><tbody>
"""

#: the columns of the HTML summary (the CSV's, with the event's name and its warnings)
HTML_COLUMNS = ("path", "event", "status", "participants", "rules", "top", "differences")


def _standings_css() -> str:
    """The standings page's style sheet (``render/templates/standings.css``): the summary
    looks like the pages it lists."""
    return (
        resources.files("tiebreaks.render")
        .joinpath("templates/standings.css")
        .read_text(encoding="utf-8")
    )


def _html_cell(text: str, css: str = "") -> str:
    shown = html.escape(shown_name(text))
    attribute = f' class="{css}"' if css else ""
    return f"<td{attribute}><bdi>{shown}</bdi></td>"


def _warning_cell(result: BatchResult) -> str:
    """The file's error, or its warnings as a list ("and N more" past those kept)."""
    if result.get("error"):
        return _html_cell(str(result.get("error")), "warnings")
    messages = list(result.get("warning_messages", []))
    more = int(result.get("warnings", 0) or 0) - len(messages)
    items = [f"<li><bdi>{html.escape(shown_name(text))}</bdi></li>" for text in messages]
    if more > 0:
        items.append(f"<li>and {more} more</li>")
    return f'<td class="warnings">{"<ul>" + "".join(items) + "</ul>" if items else ""}</td>'


def summary_html(results: Iterable[BatchResult]) -> str:
    """A self-contained HTML page styled as the standings pages: the count of each status
    and one row per file in natural order of the paths (``t2`` before ``t10``), with the
    event's name and the file's warnings (or its error). Every text is escaped, shown as
    :func:`~tiebreaks.model.text.shown_name` shows a name, and isolated in ``<bdi>`` (a
    right-to-left file name stays in its cell)."""

    rows = sorted(results, key=_path_key)
    counts = ", ".join(
        f"{count} {shown_name(status)}" for status, count in status_counts(rows).items()
    )
    header = "".join(f"<th>{html.escape(name)}</th>" for name in (*HTML_COLUMNS, "warnings"))
    parts = [
        _HTML_HEAD.format(
            css=_standings_css(), counts=html.escape(f"{len(rows)} files: {counts}"), header=header
        )
    ]
    for result in rows:
        status = html.escape(shown_name(str(result.get("status", ""))), quote=True)
        values = dict(zip(SUMMARY_COLUMNS, _cells(result), strict=True))
        values["event"] = str(result.get("name") or "")
        cells = "".join(
            _html_cell(values[name], "num" if name in ("participants", "differences") else "")
            for name in HTML_COLUMNS
        )
        parts.append(f'<tr class="{status}">{cells}{_warning_cell(result)}</tr>\n')
    parts.append("</tbody></table></div></body></html>\n")
    return "".join(parts)


def _path_key(result: BatchResult) -> list[str | int]:
    """Natural order of the paths: runs of digits compared as numbers ("t2" before "t10"),
    the rest without regard to case."""
    return [
        int(part) if position % 2 else part.casefold()
        for position, part in enumerate(re.split(r"(\d+)", result.get("path", "")))
    ]


def result_line(result: BatchResult) -> str:
    """One result as a JSON line (without the newline)."""
    return json.dumps(result, ensure_ascii=False, separators=(", ", ": "))


__all__ = [
    "EXTENSIONS",
    "MODES",
    "STATUSES",
    "BatchOptions",
    "BatchPlan",
    "BatchResult",
    "Task",
    "expand_paths",
    "latest_results",
    "plan_batch",
    "process_chunk",
    "process_file",
    "protect_inputs",
    "read_results",
    "result_line",
    "run_batch",
    "run_plan",
    "status_counts",
    "summary_csv",
    "summary_html",
]
