"""The reference engine (gacrux's ``tiebreakchecker``) run as its command line runs it, one
fresh process per call, without starting Python and importing gacrux for each call.

A small server process (``python -m tests.reference_runner``) imports gacrux once; for each
call it forks a child that runs the checker once and ends, so nothing one call leaves in
gacrux's modules reaches the next, exactly as with a process per call. The server reads one
call per line on its standard input (the command line's arguments, as JSON) and answers with
the length of the child's output on a line, then the output itself.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import importlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run_checker(arguments: Sequence[str]) -> bytes:
    """What ``python -m gacrux.tiebreakchecker ARGUMENTS`` prints (run in the forked child)."""
    checker = importlib.import_module("gacrux.tiebreakchecker")  # untyped: no stubs
    sys.argv = ["tiebreakchecker", *arguments]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.suppress(SystemExit):
        checker.tiebreakchecker().common_main()
    return printed.getvalue().encode("utf-8")


def _forked(arguments: Sequence[str]) -> bytes:
    """The checker's output, from a child forked for this one call."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run, send, end without the server's cleanup
        os.close(reader)
        code = 0
        try:
            with open(writer, "wb") as pipe:
                pipe.write(_run_checker(arguments))
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(writer)
    with open(reader, "rb") as pipe:
        output = pipe.read()
    os.waitpid(pid, 0)
    return output


def serve() -> None:
    """Answer calls until standard input ends."""
    importlib.import_module("gacrux.tiebreakchecker")  # once, before any fork

    answers = sys.stdout.buffer
    for line in sys.stdin:
        output = _forked(json.loads(line))
        answers.write(b"%d\n" % len(output) + output)
        answers.flush()


@functools.cache
def _server() -> subprocess.Popen[bytes]:
    """The server of this test process, started at the first call, ended at exit."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.reference_runner"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )

    def end() -> None:
        if process.stdin is not None:
            process.stdin.close()
        process.wait(timeout=60)

    atexit.register(end)
    return process


def tiebreakchecker_output(arguments: Sequence[str]) -> str:
    """The standard output of gacrux's tie-break checker run with ``arguments`` (the
    arguments of ``python -m gacrux.tiebreakchecker``)."""
    process = _server()
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(list(arguments)).encode("utf-8") + b"\n")
    process.stdin.flush()
    size = int(process.stdout.readline())
    return process.stdout.read(size).decode("utf-8")


if __name__ == "__main__":
    serve()
