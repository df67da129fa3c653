"""The web application: the page (``/``, ``/standings``, ``/download``), the HTTP API
(``/api/...``), its OpenAPI description (``/api/openapi.json``) and its documentation
(``/docs``).

Limits: request bodies over the limit get 413, bodies slower than ``read_timeout_seconds`` 408
(see :mod:`.limits`); each computation runs in a worker process stopped after
``time_limit_seconds`` (422, see :mod:`.worker`). No state is kept between requests and
nothing is written to disk: an uploaded file travels in the page's form (base64 in a hidden
field) and is read from memory; its name is only a label (and the stem of a download's name,
see :func:`.api_jobs.content_disposition`), never a path.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartParser
from starlette.requests import Request
from starlette.responses import Response

from .. import __version__
from ..errors import TiebreaksError
from ..model.text import shown_text
from ..render.i18n import SUPPORTED
from .api import Api, build_router
from .docs import docs_page
from .i18n import best_language
from .limits import BodyLimit, SecurityHeaders
from .messages import READ, RequestError, problems_of, refused
from .page import build_page_router
from .page_jobs import warm_up
from .responses import error_answer, is_api, outcome_response
from .schemas import with_library_schemas
from .service import error_data
from .worker import Runner

#: default largest tournament file accepted, in bytes
MAX_UPLOAD_BYTES = 4 * 1024 * 1024
#: default longest computation, in seconds
TIME_LIMIT_SECONDS = 20.0
#: default longest time a request body may take to arrive, in seconds
READ_TIMEOUT_SECONDS = 60.0
#: security headers of every answer (the page loads its own CSS and script only)
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'none'; style-src 'self'; script-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def body_limit(max_upload_bytes: int) -> int:
    """The largest request body: the file as base64 in a form, with room for the rest."""
    return max_upload_bytes * 4 // 3 + 64 * 1024


def create_app(
    max_upload_bytes: int = MAX_UPLOAD_BYTES,
    time_limit_seconds: float = TIME_LIMIT_SECONDS,
    workers: int | None = None,
    read_timeout_seconds: float = READ_TIMEOUT_SECONDS,
) -> FastAPI:
    """The application: tournament files up to ``max_upload_bytes``, computations up to
    ``time_limit_seconds``, at most ``workers`` computations at once (default: the cores),
    request bodies that arrive within ``read_timeout_seconds``."""
    if min(max_upload_bytes, time_limit_seconds, read_timeout_seconds) <= 0:
        raise ValueError("the upload and time limits must be positive")
    warm_up()
    limit = body_limit(max_upload_bytes)
    # uploads stay in memory: no temporary file on disk, whatever their size
    MultiPartParser.spool_max_size = max(MultiPartParser.spool_max_size, limit)
    runner = Runner(time_limit_seconds, workers)
    app = FastAPI(
        title="tiebreaks",
        version=__version__,
        description="Chess tournament standings with every FIDE tie-break, exact and explained.",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
    )
    app.include_router(build_router(Api(runner, max_upload_bytes)))
    _describe_library_documents(app)
    app.include_router(build_page_router(runner, max_upload_bytes, limit))
    _documentation(app, runner)
    _handlers(app)
    app.add_middleware(
        BodyLimit, limit=limit, answer=error_answer, read_timeout=read_timeout_seconds
    )
    app.add_middleware(SecurityHeaders, headers=SECURITY_HEADERS)
    return app


def _describe_library_documents(app: FastAPI) -> None:
    """The OpenAPI description, generated once, holds the library's documents the API
    answers with (their schemas come from the library's structs, not from web models)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = with_library_schemas(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _documentation(app: FastAPI, runner: Runner) -> None:
    """``/docs``: the API's interactive documentation, rendered (in a worker) from the
    document ``/api/openapi.json`` serves (see :mod:`.docs`)."""

    @app.get("/docs", include_in_schema=False)
    async def docs(request: Request, lang: str = "") -> Response:
        """The documentation page (its frame in ``lang`` or the browser's language)."""
        code = (
            lang if lang in SUPPORTED else best_language(request.headers.get("accept-language", ""))
        )
        result = await runner.run(docs_page, app.openapi(), code)
        return outcome_response(result, runner, api=False)


def _handlers(app: FastAPI) -> None:
    """Every error answered as JSON (API) or as a short page (browser)."""

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        """404, 405, 413, a request the API refuses (:class:`.messages.RequestError`) ...
        with our error document."""
        extra = error.extra if isinstance(error, RequestError) else {}
        message = str(error.detail) if extra else framework_message(request, error)
        response = error_answer(request.scope, error.status_code, message, **extra)
        for name, value in (error.headers or {}).items():
            response.headers[name] = value
        return response

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> Response:
        """A bug in the server itself: 500 with our error document and headers (answered
        outside the middlewares; the traceback goes to the server's log, never to the
        client)."""
        message = f"internal error ({type(error).__name__}); this is a bug in tiebreaks, please "
        response = error_answer(request.scope, 500, message + "report it")
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.exception_handler(TiebreaksError)
    async def refused_by_the_library(request: Request, error: TiebreaksError) -> Response:
        """A library error met while serving (outside a worker): 422 with the document of
        the worker's answers."""
        body = error_data(error)["error"]
        message = body.pop("message")
        return error_answer(request.scope, 422, message, **body)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        """A request that does not follow the description: 422 naming the field as the API
        documents it, what was found and what was expected."""
        root = getattr(request.scope.get("route"), "request_model", None)
        errors = error.errors()
        problems = problems_of(errors, root)
        if not problems:
            return error_answer(request.scope, 422, "malformed request")
        refusal = refused(problems, more=len(errors) > READ)
        return error_answer(request.scope, 422, str(refusal.detail), **refusal.extra)


def framework_message(request: Request, error: HTTPException) -> str:
    """The message of an error the framework raised (an unknown address, a method the
    address does not take, a body that is not a form), in plain words."""
    detail = str(error.detail) if error.detail else "error"
    where = f"{request.method} {shown_text(request.url.path)[:200]}"
    if error.status_code == 404 and detail == "Not Found":
        listed = "the API's endpoints are listed in /api/openapi.json"
        return f"nothing at {where}; " + (listed if is_api(request.scope) else "the page is /")
    if error.status_code == 405 and detail == "Method Not Allowed":
        headers = {name.lower(): value for name, value in (error.headers or {}).items()}
        allowed = headers.get("allow", "")
        return f"{where} is not accepted" + (f"; this address takes {allowed}" if allowed else "")
    if error.status_code != 400:
        return detail
    reason = "" if detail == "There was an error parsing the body" else f": {detail}"
    if request.headers.get("content-type", "").startswith("multipart/"):
        return f"the request body cannot be read as a multipart form (multipart/form-data){reason}"
    return f"the request body cannot be read{reason}"


def openapi_json(app: FastAPI) -> str:
    """The OpenAPI description as text (for the documentation)."""
    return json.dumps(app.openapi(), indent=2)
