"""`tiebreaks` turns Python's cycle collector off for its one-shot commands; the web server is
a long-lived process and must run with it on (else cyclic garbage would grow without bound)."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from click.testing import CliRunner

from tiebreaks.cli.main import main


def test_serve_runs_the_server_with_the_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("uvicorn")
    import uvicorn

    seen: list[bool] = []

    def fake_run(app: Any, **options: Any) -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(uvicorn, "run", fake_run)
    was_enabled = gc.isenabled()
    gc.disable()  # as `tiebreaks` (__main__.main) does before importing anything
    try:
        result = CliRunner().invoke(main, ["serve", "--port", "8765"])
    finally:
        if was_enabled:
            gc.enable()
    assert result.exit_code == 0, result.output
    assert seen == [True]
