"""The answers the API and the page share: an error as JSON (API) or a short page (browser),
and the answer of a worker's outcome."""

from __future__ import annotations

import html
from typing import Any

from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import Scope

from ..model.text import shown_text
from .worker import INTERNAL, TIMEOUT, Outcome, Runner


def is_api(scope: Scope) -> bool:
    """True for a request to the API (JSON errors); else the page (HTML errors)."""
    return str(scope.get("path", "")).startswith("/api")


def error_answer(scope: Scope, status: int, message: str, **extra: Any) -> Response:
    """An error answer: JSON for the API, a short page for the browser."""
    if is_api(scope):
        body = {"error": {"message": message, "location": None, **extra}}
        return JSONResponse(body, status_code=status)
    return HTMLResponse(error_page(status, message), status_code=status)


def error_page(status: int, message: str) -> str:
    """A minimal page for an error found before the page's own view could be built."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>'
        f"<title>{status}</title>"
        '<link rel="stylesheet" href="/static/app.css"/></head><body><main class="error-page">'
        f"<h1>{status}</h1><p>{html.escape(shown_text(message))}</p>"
        '<p><a href="/">tiebreaks</a></p></main></body></html>\n'
    )


def outcome_response(result: Outcome | tuple[str, str], runner: Runner, *, api: bool) -> Response:
    """The answer of a worker's result: its outcome, or 422 when it ran out of time, or 500
    when it failed (a bug)."""
    if isinstance(result, Outcome):
        return Response(
            result.body, result.status, headers=dict(result.headers), media_type=result.media_type
        )
    kind, text = result
    scope: Scope = {"path": "/api" if api else "/"}
    if kind == TIMEOUT:
        message = (
            f"the computation took longer than the limit of {runner.time_limit:g} seconds and "
            "was stopped; try a smaller tournament or fewer tie-breaks"
        )
        return error_answer(scope, 422, message)
    assert kind == INTERNAL
    message = f"internal error: {text}; this is a bug in tiebreaks, please report it"
    return error_answer(scope, 500, message)
