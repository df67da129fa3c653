"""Shared fixtures of the web tests: one application (small limits) and its in-process client."""

from __future__ import annotations

import base64
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx.*")  # starlette: httpx -> httpx2
    from fastapi.testclient import TestClient

from fastapi import FastAPI

from tiebreaks import example_path
from tiebreaks.web import create_app

#: the largest tournament file the test application accepts
MAX_UPLOAD = 200_000
#: every bundled example the issue names, by file name
EXAMPLES = (
    "held-swiss-16.trf",
    "held-swiss-16.json",
    "held-swiss-16.chess.json",
    "held-swiss-16.pgn",
    "seed-000-crosstable.csv",
    "held-team-14.trf",
)
#: a player whose name is a script: it must never reach a page unescaped
SCRIPT_NAME = "<script>alert(1)</script>"


@pytest.fixture(scope="session")
def app() -> FastAPI:
    """The application under test."""
    return create_app(max_upload_bytes=MAX_UPLOAD, time_limit_seconds=30)


@pytest.fixture(scope="session")
def client(app: FastAPI) -> Iterator[TestClient]:
    """An in-process HTTP client of the application."""
    with TestClient(app) as test_client:
        yield test_client


def example_bytes(name: str) -> bytes:
    """The bytes of a bundled example."""
    return example_path(name).read_bytes()


def inline(name: str, data: bytes | None = None) -> dict[str, Any]:
    """The ``tournament`` object of an API request: a bundled example as base64."""
    content = example_bytes(name) if data is None else data
    return {"data": base64.b64encode(content).decode("ascii"), "encoding": "base64", "name": name}


def with_script_name() -> bytes:
    """The 16-player Swiss with Bruno renamed to a script."""
    text = example_bytes("held-swiss-16.trf").decode("utf-8")
    renamed = text.replace("Bruno".ljust(33), SCRIPT_NAME.ljust(33))
    assert renamed != text
    return renamed.encode("utf-8")


def round_robin() -> bytes:
    """The bundled 6-player round robin."""
    return example_bytes("held-round-robin-6.trf")


def examples_folder() -> Path:
    """The folder of the bundled examples."""
    return example_path("held-swiss-16.trf").parent
