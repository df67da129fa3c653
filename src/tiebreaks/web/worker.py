"""One worker process per request, ended when it takes longer than the time limit.

The server process only parses requests and sends answers; reading the file, computing the
standings and rendering run in a child forked for the request (so a computation that runs
too long can be stopped for good, and nothing it builds outlives the request). The child sends
back an :class:`Outcome` (pickled) through a pipe. The server process warms the library up
before the first request (:func:`warm_up`), so every child starts with the modules, catalogs and
templates already loaded, and the server process itself never uses them again: no lock they
hold can be inherited in a locked state by a child.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

import anyio
import anyio.to_thread


@dataclass(frozen=True)
class Outcome:
    """An answer computed by a worker: status, media type, body and extra headers."""

    status: int
    media_type: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


Job = Callable[..., Outcome]
#: what the worker sends when the job raised something unexpected (a bug)
INTERNAL = "internal"
#: what :meth:`Runner.run` returns when the time limit ran out
TIMEOUT = "timeout"
#: how long a child that has sent its answer may take to end before it is killed, in seconds
_GRACE = 0.5


def _child(writer: int, job: Job, arguments: tuple[Any, ...]) -> NoReturn:
    """Run the job in the forked child, send its outcome (or the text of an unexpected error)
    pickled through ``writer``, and end the process (no cleanup of the server's: ``_exit``)."""
    code = 0
    try:
        for number in (signal.SIGINT, signal.SIGTERM):  # not the server's shutdown handlers
            signal.signal(number, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)
        try:
            result: Outcome | tuple[str, str] = job(*arguments)
        except BaseException as error:  # a bug: reported as an internal error, never hidden
            result = (INTERNAL, f"{type(error).__name__}: {error}")
        with open(writer, "wb") as pipe:
            pipe.write(pickle.dumps(result))
    except BaseException:  # the answer cannot be sent: the server reports the exit code
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os._exit(code)


def _read(reader: int, deadline: float) -> bytes | None:
    """Everything the child writes, until it closes the pipe; None when the deadline passes
    first."""
    chunks: list[bytes] = []
    poller = select.poll()  # not select.select: the server may hold more than 1,024 files
    poller.register(reader, select.POLLIN)
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not poller.poll(math.ceil(remaining * 1000)):
            return None
        chunk = os.read(reader, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _end(pid: int, grace: float) -> int:
    """Reap the child, killed when it has not ended within ``grace`` seconds; its exit code
    (negative: the signal that ended it)."""
    deadline = time.monotonic() + grace
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() >= deadline:
            os.kill(pid, signal.SIGKILL)
            return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        time.sleep(0.002)


class Runner:
    """Runs jobs in forked children, at most ``workers`` at once, each for at most
    ``time_limit`` seconds.

    Each child is forked, read and reaped by the one thread that runs its job, with
    :func:`os.fork`, a pipe and :func:`os.waitpid` on its own process id only: no registry of
    children is shared between threads (:mod:`multiprocessing` keeps one, and a thread
    starting a process reaps the others' children, which made a concurrent ``close`` fail
    now and then)."""

    def __init__(self, time_limit: float, workers: int | None = None) -> None:
        self.time_limit = time_limit
        self.limiter = anyio.CapacityLimiter(workers or max(2, os.cpu_count() or 2))

    async def run(self, job: Job, *arguments: Any) -> Outcome | tuple[str, str]:
        """The job's outcome; ``(TIMEOUT, "")`` when it ran out of time, ``(INTERNAL, text)``
        when it failed unexpectedly."""
        return await anyio.to_thread.run_sync(self._run, job, arguments, limiter=self.limiter)

    def _run(self, job: Job, arguments: tuple[Any, ...]) -> Outcome | tuple[str, str]:
        """Fork a child for the job; read its answer until the time limit, then kill it."""
        deadline = time.monotonic() + self.time_limit
        reader, writer = os.pipe()
        try:
            pid = os.fork()
        except OSError as error:  # no process to be had (memory, process limit)
            os.close(reader)
            os.close(writer)
            return (INTERNAL, f"no worker process could be started: {error.strerror}")
        if pid == 0:
            os.close(reader)
            _child(writer, job, arguments)
        os.close(writer)
        try:
            data = _read(reader, deadline)
        finally:
            os.close(reader)
            code = _end(pid, _GRACE if data is not None else 0.0)
        if data is None:
            return (TIMEOUT, "")
        if not data:  # the child died without an answer (killed, out of memory)
            return (INTERNAL, f"the worker process ended with code {code}")
        result: Outcome | tuple[str, str] = pickle.loads(data)
        return result
