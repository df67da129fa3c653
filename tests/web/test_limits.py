"""Limits and safety: the time limit stops a computation for good; the server keeps no state
and writes no file; the command line parses sizes and stays fast."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import click
import pytest
from fastapi.testclient import TestClient

from tiebreaks.cli.types import byte_size
from tiebreaks.web import create_app
from tiebreaks.web.worker import INTERNAL, TIMEOUT, Outcome, Runner

from .conftest import inline


def sleeper(seconds: float, marker: str) -> Outcome:
    """A job that takes too long (and leaves a file behind if it is not stopped)."""
    time.sleep(seconds)
    Path(marker).write_text("finished", encoding="utf-8")
    return Outcome(200, "text/plain", b"late")


def failing() -> Outcome:
    """A job with a bug."""
    raise RuntimeError("boom")


def test_a_job_over_the_time_limit_is_stopped(tmp_path: Path) -> None:
    marker = tmp_path / "finished"
    started = time.monotonic()
    result = anyio.run(Runner(0.3).run, sleeper, 3.0, str(marker))
    assert result == (TIMEOUT, "")
    assert time.monotonic() - started < 2.5
    time.sleep(3.2)
    assert not marker.exists()  # the worker was killed, not left running


def test_a_failing_job_is_an_internal_error() -> None:
    result = anyio.run(Runner(5).run, failing)
    assert result == (INTERNAL, "RuntimeError: boom")


def dies(code: int) -> Outcome:
    """A job whose process ends without an answer (``code`` < 0: killed by that signal)."""
    if code < 0:
        os.kill(os.getpid(), -code)
    os._exit(code)


def test_a_worker_that_dies_is_an_internal_error() -> None:
    assert anyio.run(Runner(5).run, dies, 3) == (INTERNAL, "the worker process ended with code 3")
    killed = anyio.run(Runner(5).run, dies, -signal.SIGKILL)
    assert killed == (INTERNAL, f"the worker process ended with code {-signal.SIGKILL}")


ROOT = Path(__file__).resolve().parents[2]


def test_concurrent_workers_are_each_reaped_by_their_own_thread() -> None:
    """Eight threads forking at once: every job answers and no child is left behind (with
    multiprocessing's shared registry of children, one thread reaped another's child and the
    other's close failed now and then: a 500 under load). Run in a small process of its own
    (tests/web/reaping.py), where each of the 480 forks is cheap."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.web.reaping"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    found = json.loads(done.stdout)
    assert found["failures"] == []
    assert found["answers"] == list(range(480))
    assert found["left"] == []


def test_time_limit_answer_is_422() -> None:
    app = create_app(max_upload_bytes=100_000, time_limit_seconds=1e-6)
    with TestClient(app) as client:
        answer = client.post("/api/standings", json={"tournament": inline("held-swiss-16.trf")})
        page = client.get("/")
    assert answer.status_code == 422
    assert "longer than the limit" in answer.json()["error"]["message"]
    assert page.status_code == 422
    assert "longer than the limit" in page.text


def test_limits_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        create_app(max_upload_bytes=0)


def test_requests_leave_no_state(client: TestClient) -> None:
    first = client.post(
        "/api/standings",
        json={"tournament": inline("held-swiss-16.trf"), "tiebreaks": "PTS,SB", "rules": "uscf"},
    )
    second = client.post("/api/standings", json={"tournament": inline("held-swiss-16.trf")})
    again = client.post("/api/standings", json={"tournament": inline("held-swiss-16.trf")})
    assert first.json()["tiebreaks"] == ["PTS", "SB"]
    assert second.text == again.text
    assert second.json()["rules"] == "fide-2024"


def test_byte_sizes() -> None:
    assert byte_size(None, None, "4M") == 4 * 1024 * 1024  # type: ignore[arg-type]
    assert byte_size(None, None, "500k") == 500 * 1024  # type: ignore[arg-type]
    assert byte_size(None, None, "1000") == 1000  # type: ignore[arg-type]
    with pytest.raises(click.BadParameter):
        byte_size(None, None, "lots")  # type: ignore[arg-type]


def test_help_does_not_import_the_web_server() -> None:
    """Loading the command line imports neither FastAPI nor uvicorn (how fast it loads is a
    benchmark's business, not a test's)."""
    code = (
        "import sys\n"
        "from tiebreaks.cli.main import main\n"
        "print(sorted({'fastapi', 'uvicorn', 'starlette'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    serve = subprocess.run(
        [sys.executable, "-m", "tiebreaks", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert "--max-upload" in serve.stdout
    assert "127.0.0.1" in serve.stdout
