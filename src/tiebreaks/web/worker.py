"""One worker process per request, ended when it takes longer than the time limit.

The server process only parses requests and sends answers; reading the file, computing the
standings and rendering run in a child forked for the request (so a computation that runs
too long can be stopped for good, and nothing it builds outlives the request). The child sends
back an :class:`Outcome` through a pipe. The server process warms the library up before the
first request (:func:`warm_up`), so every child starts with the modules, catalogs and
templates already loaded, and the server process itself never uses them again: no lock they
hold can be inherited in a locked state by a child.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

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


def _child(sender: Connection, job: Job, arguments: tuple[Any, ...]) -> None:
    """Run the job in the child and send its outcome (or the text of an unexpected error)."""
    try:
        result: Outcome | tuple[str, str] = job(*arguments)
    except BaseException as error:  # a bug: reported as an internal error, never hidden
        result = (INTERNAL, f"{type(error).__name__}: {error}")
    sender.send(result)
    sender.close()


class Runner:
    """Runs jobs in forked children, at most ``workers`` at once, each for at most
    ``time_limit`` seconds."""

    def __init__(self, time_limit: float, workers: int | None = None) -> None:
        self.time_limit = time_limit
        self.limiter = anyio.CapacityLimiter(workers or max(2, os.cpu_count() or 2))
        self.context = multiprocessing.get_context("fork")

    async def run(self, job: Job, *arguments: Any) -> Outcome | tuple[str, str]:
        """The job's outcome; ``(TIMEOUT, "")`` when it ran out of time, ``(INTERNAL, text)``
        when it failed unexpectedly."""
        return await anyio.to_thread.run_sync(self._run, job, arguments, limiter=self.limiter)

    def _run(self, job: Job, arguments: tuple[Any, ...]) -> Outcome | tuple[str, str]:
        """Fork a child for the job; wait for its answer until the time limit, then kill it."""
        receiver, sender = self.context.Pipe(duplex=False)
        process = self.context.Process(target=_child, args=(sender, job, arguments), daemon=True)
        process.start()
        sender.close()
        try:
            if not receiver.poll(self.time_limit):
                return (TIMEOUT, "")
            result: Outcome | tuple[str, str] = receiver.recv()
            return result
        except EOFError:  # the child died without an answer (killed, out of memory)
            process.join(1)
            return (INTERNAL, f"the worker process ended with code {process.exitcode}")
        finally:
            receiver.close()
            process.join(0.5)
            if process.is_alive():
                process.kill()
                process.join()
            process.close()
