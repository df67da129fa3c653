"""The ``tiebreaks`` command's process: NumPy's linear-algebra library starts no threads of
its own there (the engine's integer arrays never reach BLAS), unless the user set how many."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tiebreaks.__main__ as entry

_THREADS_AFTER_NUMPY = (
    "import os, sys\n"
    "if sys.argv[1] == 'command':\n"
    "    import tiebreaks.__main__ as entry\n"
    "    entry._one_blas_thread()\n"
    "import numpy\n"
    "print(len(os.listdir('/proc/self/task')))\n"
)


def _threads(mode: str) -> int:
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS")
    }
    environment["PYTHONPATH"] = str(Path(entry.__file__).resolve().parent.parent)
    done = subprocess.run(
        [sys.executable, "-c", _THREADS_AFTER_NUMPY, mode],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="threads counted in /proc")
def test_numpy_starts_no_thread_in_the_command() -> None:
    if _threads("plain") == 1:
        pytest.skip("this NumPy starts no BLAS threads: nothing to compare")
    assert _threads("command") == 1


def test_the_users_own_setting_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    monkeypatch.delenv("MKL_NUM_THREADS", raising=False)
    entry._one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"
    assert os.environ["MKL_NUM_THREADS"] == "1"
