"""Eight threads forking the server's workers at once, run in a process of its own
(``python -m tests.web.reaping``, from the checkout's root): it prints, as JSON, the answers,
the errors raised and the children left behind.

A process of its own because forking costs in proportion to the parent's memory: a test
runner that has run a thousand tests makes each of the 480 forks several times dearer than a
process that has loaded only the worker's module.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from tiebreaks.web.worker import Outcome, Runner

THREADS = 8
JOBS_PER_THREAD = 60


def quick(number: int) -> Outcome:
    """A job that answers at once."""
    return Outcome(200, "text/plain", str(number).encode())


def children() -> list[int]:
    """The process ids of this process's children (zombies included)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found


def reap_concurrently() -> dict[str, list[int] | list[str]]:
    """Every thread runs its jobs one after another through one runner: the numbers answered
    (sorted), the errors raised (their repr) and the children left when all are done."""
    runner = Runner(30)
    answers: list[int] = []
    failures: list[str] = []

    def loop(first: int) -> None:
        for number in range(first, first + JOBS_PER_THREAD):
            try:
                answer = runner._run(quick, (number,))
            except BaseException as error:
                failures.append(repr(error))
                continue
            if isinstance(answer, Outcome):
                answers.append(int(answer.body))
            else:
                failures.append(repr(answer))

    threads = [
        threading.Thread(target=loop, args=(JOBS_PER_THREAD * index,)) for index in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"answers": sorted(answers), "failures": failures, "left": children()}


if __name__ == "__main__":
    print(json.dumps(reap_concurrently()))
