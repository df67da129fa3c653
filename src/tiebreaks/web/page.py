"""The page's routes: ``GET /`` (upload), ``POST /standings`` (results, or only the panel
for the page's script), ``GET``/``POST /check`` (a published table checked, see
:mod:`.check_view`), ``POST /download`` and the static files (``/static/app.css``,
``/static/app.js``). The form is parsed here; everything else runs in a worker."""

from __future__ import annotations

import base64
import binascii
from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..errors import UsageError
from ..formats.reading import example_path
from .check_view import check_page
from .i18n import best_language
from .limits import too_large_message
from .page_jobs import download, results_page, upload_page
from .page_state import PageRequest, language
from .responses import outcome_response
from .service import Upload
from .views import EXAMPLES
from .worker import Runner

STATIC = Path(__file__).resolve().parent / "static"
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
FORMATS = ("trf", "json", "chess-json", "pgn", "csv")
#: number fields are read whole (a message about a number too large shows its length, not
#: the length of a cut)
NUMBER_LENGTH = None


def _text(form: FormData, name: str, limit: int | None = 200) -> str:
    value = form.get(name)
    if not isinstance(value, str):
        return ""
    return value.encode("utf-8", "replace").decode("utf-8")[:limit]


class PageForms:
    """Turns the page's forms into :class:`PageRequest` (413 for a file over the limit)."""

    def __init__(self, max_upload: int, body_limit: int) -> None:
        self.max_upload = max_upload
        self.body_limit = body_limit

    async def read(self, request: Request) -> PageRequest:
        """The request's form as a :class:`PageRequest`."""
        form = await request.form(max_files=2, max_fields=400, max_part_size=self.body_limit)
        try:
            upload, message = await self._upload(form)
        finally:
            await form.close()
        items = tuple(str(item)[:200] for item in form.getlist("tb") if isinstance(item, str))
        return PageRequest(
            lang=_text(form, "lang") or "en",
            upload=upload,
            rules=_text(form, "rules", 60),
            items=items if items or form.get("listed") == "1" else None,
            origin=_text(form, "origin"),
            edit=_text(form, "edit", 40),
            new_item=_text(form, "tb_new", 2000),
            after_round=_text(form, "after_round", NUMBER_LENGTH),
            unrated_rating=_text(form, "unrated_rating", NUMBER_LENGTH),
            unrated_excluded=form.get("unrated_excluded") == "1",
            lots=form.get("lots") == "1",
            excluded=_text(form, "excluded", 2000),
            expelled=_text(form, "expelled", 2000),
            exclude_withdrawn=form.get("exclude_withdrawn") == "1",
            manual=_text(form, "manual", 20000),
            order=_text(form, "order", 2000),
            rating_by_round=form.get("rating_by_round") == "1",
            override=form.get("override") == "1",
            explain=_text(form, "explain"),
            why=_text(form, "why", 40),
            why_a=_text(form, "why_a", 20),
            why_b=_text(form, "why_b", 20),
            partial=form.get("partial") == "1",
            download=_text(form, "download", 40),
            message=message,
            compare=form.get("compare") == "1",
            cmp_rules=_text(form, "cmp_rules", 60),
            cmp_list=_text(form, "cmp_list", 2000),
            like=_text(form, "like", 20),
            check_list=_text(form, "check_list", 2000),
            **_position(form),
        )

    async def _upload(self, form: FormData) -> tuple[Upload | None, str]:
        """The file: uploaded, pasted, carried in the hidden field, or a bundled example."""
        fmt = _text(form, "fmt", 20)
        fmt_or_none = fmt if fmt in FORMATS else None
        file = form.get("file")
        if isinstance(file, UploadFile) and file.filename:
            data = await file.read(self.max_upload + 1)
            return self._checked(Upload(data, _clean_name(file.filename), fmt_or_none)), ""
        pasted = form.get("text")
        if isinstance(pasted, str) and pasted.strip():
            data = pasted.encode("utf-8", "replace")
            return self._checked(Upload(data, "pasted", fmt_or_none)), ""
        carried = form.get("data")
        if isinstance(carried, str) and carried:
            return self._carried(carried, _text(form, "source"), fmt_or_none)
        example = _text(form, "example")
        if example:
            return _example(example), ""
        return None, ""

    def _carried(self, text: str, source: str, fmt: str | None) -> tuple[Upload | None, str]:
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            return None, "the form's file data is damaged; choose the file again"
        return self._checked(Upload(data, source or "input", fmt)), ""

    def _checked(self, upload: Upload) -> Upload:
        if len(upload.data) > self.max_upload:
            raise HTTPException(413, too_large_message(self.max_upload))
        return upload


def _position(form: FormData) -> dict[str, str]:
    """Where in the standings the page opens: the page link pressed; else the participant
    searched for (a start number or a name); else the page the form was on."""
    pressed = _text(form, "page", 10)
    if pressed:
        return {"page": pressed, "find": ""}
    return {"page": _text(form, "at_page", 10), "find": _text(form, "find", 100)}


def _clean_name(name: str) -> str:
    """The file name without folders (as some browsers send it)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base.encode("utf-8", "replace").decode("utf-8")[:200] or "upload"


def _example(name: str) -> Upload | None:
    """A bundled example by name (None for any other name)."""

    if name not in EXAMPLES:
        return None
    try:
        return Upload(example_path(name).read_bytes(), name)
    except UsageError:
        return None


def static_files() -> dict[str, tuple[bytes, str]]:
    """The page's CSS and script, read once."""
    folder = resources.files("tiebreaks") / "web" / "static"
    files = {}
    for entry in folder.iterdir():
        suffix = Path(entry.name).suffix
        if suffix in STATIC_TYPES:
            files[entry.name] = (entry.read_bytes(), STATIC_TYPES[suffix])
    return files


def build_page_router(runner: Runner, max_upload: int, body_limit: int) -> APIRouter:
    """The page's routes."""
    router = APIRouter(include_in_schema=False)
    forms = PageForms(max_upload, body_limit)
    files = static_files()

    @router.get("/")
    async def home(request: Request, lang: str = "") -> Response:
        """The upload page, in ``lang`` or the browser's language."""
        chosen = lang if lang in ("en", "de", "it", "fr", "es") else ""
        code = chosen or best_language(request.headers.get("accept-language", ""))
        result = await runner.run(upload_page, code, max_upload)
        return outcome_response(result, runner, api=False)

    @router.post("/standings")
    async def standings(request: Request) -> Response:
        """The results page (or only its panel)."""
        page = await forms.read(request)
        result = await runner.run(results_page, page, max_upload)
        return outcome_response(result, runner, api=False)

    @router.get("/check")
    async def check_form(request: Request, lang: str = "") -> Response:
        """The check page's form, in ``lang`` or the browser's language."""
        chosen = lang if lang in ("en", "de", "it", "fr", "es") else ""
        code = chosen or best_language(request.headers.get("accept-language", ""))
        result = await runner.run(check_page, PageRequest(lang=code), code, max_upload)
        return outcome_response(result, runner, api=False)

    @router.post("/check")
    async def check(request: Request) -> Response:
        """A published table checked (or only the panel of a value)."""
        page = await forms.read(request)
        result = await runner.run(check_page, page, language(page), max_upload, True)
        return outcome_response(result, runner, api=False)

    @router.post("/download")
    async def download_file(request: Request) -> Response:
        """A download of the standings or the tournament."""
        page = await forms.read(request)
        result = await runner.run(download, page, max_upload)
        return outcome_response(result, runner, api=False)

    @router.get("/static/{name}")
    async def static(name: str) -> Response:
        """The page's stylesheet and script."""
        if name not in files:
            raise HTTPException(404, f"no file {name!r}")
        body, media_type = files[name]
        return Response(body, media_type=media_type, headers={"cache-control": "max-age=3600"})

    return router
