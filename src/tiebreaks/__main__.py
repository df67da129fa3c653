"""The ``tiebreaks`` command (and ``python -m tiebreaks``).

Ctrl-C (and SIGTERM) end the command at any moment, also while it is still importing its
modules, with exit code 130 (143), one line on standard error and no traceback; the temporary
file of an output being written is removed and batch worker processes are stopped. The
handler is installed before anything heavy is imported, which is why this module imports
nothing of the package at its top (and the package's ``__init__`` imports nothing eagerly);
only the interpreter's own start-up comes before it.
"""

from __future__ import annotations

import gc
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from types import FrameType


def _stop(signal_number: int, frame: FrameType | None) -> None:
    """Remove our temporary files, stop our worker processes, say so, exit 128 + signal."""
    try:
        files = sys.modules.get("tiebreaks.formats.files")
        if files is not None:
            files.remove_temporaries()
        if "multiprocessing" in sys.modules:
            import multiprocessing  # noqa: PLC0415 (signals first)

            for child in multiprocessing.active_children():
                child.kill()
        os.write(2, b"\ntiebreaks: interrupted\n")
    except BaseException:  # nothing may stop the exit
        pass
    os._exit(128 + signal_number)


def _install_handlers() -> None:
    """Install :func:`_stop` for SIGINT and SIGTERM through the C module behind ``signal``
    (``signal`` itself first imports enum and functools, during which Ctrl-C would raise
    KeyboardInterrupt with a traceback)."""
    try:
        import _signal as signals  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415 (signals first)
    except ImportError:  # not CPython
        import signal as signals  # noqa: PLC0415 (signals first)
    signals.signal(signals.SIGINT, _stop)
    signals.signal(signals.SIGTERM, _stop)


def _one_blas_thread() -> None:
    """Let NumPy's linear-algebra library start no threads of its own (unless the user set
    their number): the engine works on integer arrays, which never reach BLAS, yet OpenBLAS
    starts one thread per core when NumPy is imported, and they compete with the command for
    the machine's cores (BENCHMARKS.md). Set in
    the command's process only, before NumPy is imported; the library changes nothing."""
    for variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")


def main() -> None:
    """Entry point of the ``tiebreaks`` command."""
    _install_handlers()
    # a short-lived process building large acyclic structures (model/memory.py), from its
    # imports on (the dataclasses, NumPy): the collector would walk them again and again;
    # `tiebreaks serve` turns it back on, batch workers freeze what they inherit
    gc.disable()
    _one_blas_thread()
    from .cli.main import run  # noqa: PLC0415 (signals first)

    run()


if __name__ == "__main__":
    main()
