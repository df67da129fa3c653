"""The HTTP API: ``/api/standings``, ``/api/explain``, ``/api/why``, ``/api/compare``,
``/api/validate``, ``/api/check``, ``/api/convert`` (each with an ``/upload`` twin taking
the file as a multipart upload) and ``/api/catalogue``. JSON in and out; errors as
``{"error": {"message", "location"}}``."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException
from starlette.responses import Response

from ..engine.arbiter import ManualValue
from . import api_jobs
from .found import shown
from .limits import too_large_message
from .messages import READ, FieldProblem, problems_of, refused
from .request_json import OPTIONS, JsonRoute, read_json
from .responses import outcome_response
from .schemas import (
    CatalogueDocument,
    CompareOptions,
    CompareRequest,
    ConvertOptions,
    ConvertRequest,
    ExplainOptions,
    ExplainRequest,
    Format,
    RankingOptions,
    Side,
    StandingsOptions,
    StandingsRequest,
    TournamentInput,
    ValidateDocument,
    WhyOptions,
    WhyRequest,
    document_response,
    error_responses,
)
from .service import Settings, Upload
from .worker import Job, Runner

Options = TypeVar("Options", bound=BaseModel)
Endpoint = TypeVar("Endpoint", bound=Callable[..., Coroutine[Any, Any, Response]])


def clean(text: str) -> str:
    """Text without lone surrogates (JSON may carry them; no file or name can use them)."""
    return text.encode("utf-8", "replace").decode("utf-8")


def settings_of(options: RankingOptions | Side, extra: CompareOptions | None = None) -> Settings:
    """The library settings of a request's options (a side of a comparison takes the
    common options from ``extra``)."""
    common: Any = extra if extra is not None else options
    items = options.tiebreaks
    tiebreaks: str | tuple[str, ...] | None
    if isinstance(items, list):
        tiebreaks = tuple(clean(item) for item in items)
    else:
        tiebreaks = clean(items) if items is not None else None
    return Settings(
        tiebreaks,
        clean(options.rules) if options.rules else None,
        common.after_round,
        common.unrated_rating,
        common.primary,
        common.allow_discouraged,
        common.unrated_excluded,
        common.lots,
        rating_by_round=common.rating_by_round,
        like=getattr(common, "like", None),
        **_arbiter(common),
    )


def _arbiter(options: Any) -> dict[str, Any]:
    """The arbiter's decisions of a request (a comparison has none)."""
    excluded = dict.fromkeys(getattr(options, "withdrawn", ()), "withdrawn")
    excluded.update(dict.fromkeys(getattr(options, "expelled", ()), "expelled"))
    manual = getattr(options, "manual_values", {})
    return {
        "excluded": excluded or None,
        "exclude_withdrawn": getattr(options, "exclude_withdrawn", False),
        "manual_values": {int(n): ManualValue(Fraction(v)) for n, v in manual.items()} or None,
        "manual_order": tuple(getattr(options, "manual_order", ())),
    }


@dataclass(frozen=True)
class Api:
    """The API's routes, bound to the app's limits and worker runner."""

    runner: Runner
    max_upload: int

    def inline(self, tournament: TournamentInput) -> Upload:
        """The upload of an inline tournament (413 when larger than the limit)."""
        if tournament.encoding == "base64":
            try:
                data = base64.b64decode(tournament.data, validate=True)
            except (binascii.Error, ValueError):
                expected = "base64 of the file's bytes (as encoding is 'base64')"
                found = shown(tournament.data)
                problem = FieldProblem("tournament.data", found, expected, "not valid base64")
                raise refused([problem]) from None
        else:
            data = tournament.data.encode("utf-8", "replace")
        return self._checked(Upload(data, clean(tournament.name) or "input", tournament.format))

    async def uploaded(self, file: UploadFile, fmt: Format | None) -> Upload:
        """The upload of a multipart file (413 when larger than the limit)."""
        data = await file.read(self.max_upload + 1)
        return self._checked(Upload(data, clean(file.filename or "upload"), fmt))

    def _checked(self, upload: Upload) -> Upload:
        if len(upload.data) > self.max_upload:
            raise HTTPException(413, too_large_message(self.max_upload))
        return upload

    async def answer(self, job: Job, *arguments: Any) -> Response:
        """Run a job in a worker and send its outcome."""
        return outcome_response(await self.runner.run(job, *arguments), self.runner, api=True)


def parse_options(model: type[Options], text: str | None) -> Options:
    """The options of an upload request (a JSON text in the ``options`` form field), read
    as the JSON endpoints read their body; each problem named as in the JSON body."""
    data = read_json(text or "{}", OPTIONS)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        errors: Sequence[Any] = error.errors(include_url=False)
        problems = problems_of(errors, model, "options")
        raise refused(problems, more=len(errors) > READ) from None


UploadFileField = Annotated[UploadFile, File(description="The tournament file")]
OptionsField = Annotated[
    str | None, Form(description="The request's JSON without 'tournament'", max_length=100_000)
]
FormatField = Annotated[Format | None, Form(description="Force a format")]


def operation_id(route: APIRoute) -> str:
    """An endpoint's name in the description: its function's (``standings_upload``; the
    form of an upload is ``Body_standings_upload``), not the framework's default, which
    appends the path and the method."""
    return route.name


def build_router(api: Api) -> APIRouter:
    """The API's routes."""
    router = APIRouter(
        prefix="/api",
        tags=["api"],
        route_class=JsonRoute,
        generate_unique_id_function=operation_id,
    )
    _standings_routes(router, api)
    _explain_routes(router, api)
    _compare_routes(router, api)
    _convert_routes(router, api)
    document = api_jobs.catalogue_json()  # built once: it never changes while serving

    @router.get("/catalogue", response_model=CatalogueDocument, summary="The catalogue")
    async def catalogue() -> Response:
        """Every tie-break (code, name, article, modifiers, names in every language), every
        rules regime and the recommended lists."""
        return Response(document, media_type="application/json")

    return router


ERRORS = error_responses(400, 413, 422)
#: the answer of ``/api/check``: the JSON of ``tiebreaks check --infer --format json``
CHECKED: dict[str, Any] = {
    "description": "The comparison and, per published column, the readings that reproduce it",
    "content": {"application/json": {"schema": {"type": "object"}}},
}


def _post(
    router: APIRouter, path: str, summary: str, answer: type[BaseModel] | dict[str, Any]
) -> Callable[[Endpoint], Endpoint]:
    """Register a POST endpoint whose answers are documented by ``answer`` (a model, or an
    OpenAPI response object such as a library document's, :func:`.document_response`) and
    the error document."""
    ok = {"model": answer} if isinstance(answer, type) else answer
    responses: dict[int | str, dict[str, Any]] = {200: ok, **ERRORS}
    return router.post(path, summary=summary, responses=responses, response_class=Response)


def _standings_routes(router: APIRouter, api: Api) -> None:
    """``/api/standings`` and ``/api/validate``, inline and upload."""
    model = document_response("StandingsDocument")

    @_post(router, "/standings", "Compute the standings", model)
    async def standings(request: StandingsRequest) -> Response:
        """The standings of an inline tournament: the document of ``tiebreaks standings
        --format json``."""
        return await api.answer(
            api_jobs.standings, api.inline(request.tournament), settings_of(request)
        )

    @_post(router, "/standings/upload", "Compute the standings of an uploaded file", model)
    async def standings_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/standings``, the file as a multipart upload."""
        parsed = parse_options(StandingsOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(api_jobs.standings, upload, settings_of(parsed))

    @_post(router, "/check", "Check published values and infer their readings", CHECKED)
    async def check(request: StandingsRequest) -> Response:
        """The file's published ranks and tie-break values against ours, and per published
        column the readings (regime, modifiers, a program's reading such as Swiss-Manager's
        SB/SM, the rounding of the printed values) that reproduce it: the document of
        ``tiebreaks check --infer --format json``."""
        return await api.answer(
            api_jobs.check, api.inline(request.tournament), settings_of(request)
        )

    @_post(router, "/check/upload", "Check an uploaded file's published values", CHECKED)
    async def check_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/check``, the file as a multipart upload."""
        parsed = parse_options(StandingsOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(api_jobs.check, upload, settings_of(parsed))

    @_post(router, "/validate", "Check a tie-break list", ValidateDocument)
    async def validate(request: StandingsRequest) -> Response:
        """The detected tournament and the list checked against it and the regulation:
        unknown names (with suggestions), team tie-breaks in an individual event (and the
        reverse), tie-breaks reserved for Swiss tournaments in a round robin (C.07 Art. 8)."""
        return await api.answer(
            api_jobs.validate, api.inline(request.tournament), settings_of(request)
        )

    @_post(router, "/validate/upload", "Check a tie-break list (upload)", ValidateDocument)
    async def validate_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/validate``, the file as a multipart upload."""
        parsed = parse_options(StandingsOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(api_jobs.validate, upload, settings_of(parsed))


def _explain_routes(router: APIRouter, api: Api) -> None:
    """``/api/explain`` and ``/api/why``, inline and upload."""
    placing, why_answer = document_response("PlacingDocument"), document_response("WhyDocument")

    @_post(router, "/explain", "Explain a participant's values", placing)
    async def explain(request: ExplainRequest) -> Response:
        """A participant's place, neighbours and every value (or one) line by line."""
        return await api.answer(
            api_jobs.explain,
            api.inline(request.tournament),
            settings_of(request),
            clean(request.participant),
            clean(request.tiebreak) if request.tiebreak else None,
        )

    @_post(router, "/explain/upload", "Explain a value (upload)", placing)
    async def explain_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/explain``, the file as a multipart upload."""
        parsed = parse_options(ExplainOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(
            api_jobs.explain,
            upload,
            settings_of(parsed),
            clean(parsed.participant),
            clean(parsed.tiebreak) if parsed.tiebreak else None,
        )

    @_post(router, "/why", "Why is A ahead of B", why_answer)
    async def why(request: WhyRequest) -> Response:
        """The tie-breaks in order until one separates them, and where it differs."""
        return await api.answer(
            api_jobs.why_ahead,
            api.inline(request.tournament),
            settings_of(request),
            clean(request.a),
            clean(request.b),
        )

    @_post(router, "/why/upload", "Why is A ahead of B (upload)", why_answer)
    async def why_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/why``, the file as a multipart upload."""
        parsed = parse_options(WhyOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(
            api_jobs.why_ahead, upload, settings_of(parsed), clean(parsed.a), clean(parsed.b)
        )


def _compare_routes(router: APIRouter, api: Api) -> None:
    """``/api/compare``, inline and upload."""
    model = document_response("CompareDocument")

    @_post(router, "/compare", "Compare two regimes or two lists", model)
    async def compare(request: CompareRequest) -> Response:
        """Both standings side by side: who changes place and the first tie-break that
        decides differently."""
        return await api.answer(
            api_jobs.compare,
            api.inline(request.tournament),
            settings_of(request.a, request),
            settings_of(request.b, request),
        )

    @_post(router, "/compare/upload", "Compare (upload)", model)
    async def compare_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/compare``, the file as a multipart upload."""
        parsed = parse_options(CompareOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(
            api_jobs.compare, upload, settings_of(parsed.a, parsed), settings_of(parsed.b, parsed)
        )


def _convert_routes(router: APIRouter, api: Api) -> None:
    """``/api/convert``, inline and upload."""
    files = {
        "content": {
            media: {"schema": {"type": "string", "format": "binary"}}
            for media in ("text/csv", "text/plain", "text/html", "application/pdf")
        }
        | {"application/json": {"schema": {"type": "object"}}},
        "description": "The file, as an attachment",
    }

    @_post(router, "/convert", "Download the standings or the tournament", files)
    async def convert(request: ConvertRequest) -> Response:
        """The standings as CSV, text, JSON, HTML or PDF, or the tournament as TRF26, our
        JSON or FIDE Chess-JSON (as ``tiebreaks convert``)."""
        return await api.answer(
            api_jobs.convert,
            api.inline(request.tournament),
            settings_of(request),
            request.to,
            request.lang,
            request.explanations,
        )

    @_post(router, "/convert/upload", "Download (upload)", files)
    async def convert_upload(
        file: UploadFileField, options: OptionsField = None, format: FormatField = None
    ) -> Response:
        """As ``/api/convert``, the file as a multipart upload."""
        parsed = parse_options(ConvertOptions, options)
        upload = await api.uploaded(file, format)
        return await api.answer(
            api_jobs.convert,
            upload,
            settings_of(parsed),
            parsed.to,
            parsed.lang,
            parsed.explanations,
        )
