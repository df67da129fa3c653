"""The PDF through the HTTP API: ``/api/convert`` with ``to: pdf`` writes the standings and
the crosstable, and the explanations only with ``explanations: true``."""

from __future__ import annotations

import base64
import io
import json
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra")
pytest.importorskip("reportlab")
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx.*")  # starlette: httpx -> httpx2
    from fastapi.testclient import TestClient
from pypdf import PdfReader

from tiebreaks import example_path
from tiebreaks.web import create_app

SWISS = example_path("held-swiss-16.trf").read_bytes()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """An in-process client of an application with the default limits."""
    with TestClient(create_app()) as test_client:
        yield test_client


def pdf_text(content: bytes) -> str:
    """The text of every page of a PDF, spaces normalised."""
    assert content.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(content))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@pytest.mark.parametrize("explanations", [False, True])
def test_api_pdf_explains_only_when_asked(client: TestClient, explanations: bool) -> None:
    tournament = {"data": base64.b64encode(SWISS).decode("ascii"), "encoding": "base64"}
    request: dict[str, object] = {"tournament": tournament, "to": "pdf", "lang": "es"}
    if explanations:
        request["explanations"] = True
    answer = client.post("/api/convert", json=request)
    assert answer.status_code == 200, answer.text[:300]
    assert answer.headers["content-type"] == "application/pdf"
    text = pdf_text(answer.content)
    assert "Clasificación" in text
    assert "Página 1 de" in text
    assert ("Explicaciones" in text) is explanations


def test_api_upload_pdf_takes_the_option(client: TestClient) -> None:
    options = json.dumps({"to": "pdf", "explanations": True})
    answer = client.post(
        "/api/convert/upload",
        files={"file": ("held-swiss-16.trf", SWISS)},
        data={"options": options},
    )
    assert answer.status_code == 200, answer.text[:300]
    assert "Explanations" in pdf_text(answer.content)
