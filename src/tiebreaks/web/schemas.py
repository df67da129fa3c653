"""The HTTP API's documents: what a request sends and what an answer holds (the OpenAPI
description is generated from these models).

The answers that are the library's own documents (the standings, an explanation, a ``why``,
a comparison) are not declared here: the structs of :mod:`tiebreaks.render` that write them
describe them (:data:`LIBRARY_SCHEMAS`, added to the description's components). Values in
answers are exact: the standings document writes them as JSON numbers in exact decimal
notation (as ``tiebreaks standings --format json`` does), explanations and comparisons as
decimal strings; ``null`` is an undefined value.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..formats.readers.json_syntax import MAX_DEPTH
from ..render.documents import json_schemas

Format = Literal["trf", "json", "chess-json", "pgn", "csv"]
Language = Literal["en", "de", "it", "fr", "es"]
Output = Literal["csv", "text", "standings-json", "html", "pdf", "trf", "json", "chess-json"]
Name = Annotated[str, Field(min_length=1, max_length=200)]
#: the descriptions of the options of a round and a rating (no maximum here: the number of
#: rounds is the tournament's, and ratings have none in the library or the command line)
AFTER_ROUND = "Standings after this round: a whole number from 0 to the number of rounds"
UNRATED_RATING = "The rating given to unrated players: a whole number from 0"
UNRATED_EXCLUDED = (
    "Rating tie-breaks: leave unrated players out (games against them do not count; their "
    "own RTNG is undefined), the other method of C.07 Art. 10; not with unrated_rating"
)
RATING_BY_ROUND = (
    "Rating tie-breaks when players have several ratings (an event over rating periods): "
    "each opponent's rating in force in the round played; false: the first rating (Art. 10)"
)
LIKE = (
    "Read as that program publishes (docs/conformance.md): swiss-manager (SB/SM, ARO/Cn/SM), "
    "vega (the ties left in pairing-number order, values rounded half to even), swiss-chess "
    "(the FIDE readings); omitted or null: the FIDE readings"
)
LOTS = (
    "Break the ties left after the last tie-break by a repeatable drawing of lots: true "
    "(seeded from the tournament's results) or a seed (a whole number)"
)
WITHDRAWN = (
    "Start numbers left out of the ranking as withdrawn (listed apart in not_ranked; their"
    " games still count for their opponents)"
)
EXPELLED = "Start numbers left out of the ranking as expelled (as withdrawn)"
EXCLUDE_WITHDRAWN = (
    "Leave out every participant the file shows withdrawn (absent from some round to the last)"
)
MANUAL_VALUES = (
    "The values of the MAN tie-break given by the arbiter: start number -> exact value as"
    " text ('1', '0.5', '3/2')"
)
MANUAL_ORDER = (
    "The arbiter's order of the participants still tied after the whole list (start numbers;"
    " each tied group whole)"
)
#: where the description's schemas are
SCHEMAS = "#/components/schemas/"
#: the schemas of the library's documents (and their parts), by name
LIBRARY_SCHEMAS = json_schemas(SCHEMAS + "{name}")


class _Strict(BaseModel):
    """A request document: no unknown field, no type coercion (``0`` is not ``false``)."""

    model_config = ConfigDict(extra="forbid", strict=True)


#: a small tournament for the examples of the description (four players, three rounds)
EXAMPLE_TRF = "\n".join(
    [
        "012 Example: round robin, 4 players",
        "042 2026/03/07",
        "092 Individual: Round-Robin",
        "XXR 3",
        "001    1 m    Anna                              2100 NOR           0 1990/01/01  2.5"
        "    1     4 w 1     3 b =     2 b 1",
        "001    2 m    Ben                               2000 NOR           0 1990/01/01  1.5"
        "    3     3 w =     4 b 1     1 w 0",
        "001    3 m    Carla                             1900 NOR           0 1990/01/01  2.0"
        "    2     2 b =     1 w =     4 w 1",
        "001    4 m    Dmitri                            1800 NOR           0 1990/01/01  0.0"
        "    4     1 b 0     2 w 0     3 b 0",
        "",
    ]
)


class TournamentInput(_Strict):
    """A tournament file sent inline."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"data": EXAMPLE_TRF, "name": "example.trf"}]},
    )

    data: str = Field(
        description="The file's content: its text, or base64 of its bytes when encoding is "
        "'base64' (for TRF files in CP1252 or Latin-1)"
    )
    encoding: Literal["text", "base64"] = "text"
    format: Format | None = Field(None, description="Force a format (default: from the content)")
    name: str = Field("input", max_length=200, description="File name, used in messages")


TiebreakList = (
    Annotated[str, Field(max_length=2000)] | Annotated[list[Name], Field(max_length=100)] | None
)


class RankingOptions(_Strict):
    """How to rank (the options of ``tiebreaks standings``)."""

    tiebreaks: TiebreakList = Field(
        None,
        description="Ordered list: one text ('PTS,BH/C1,SB', a preset such as "
        "'olympiad-2010') or a list of names or descriptors; omitted, null or empty: the "
        "regime's list, else the file's, else the FIDE recommendation for the type of "
        "tournament",
    )
    rules: str | None = Field(
        None,
        max_length=60,
        description="Rules regime, e.g. fide-2026 (omitted, null or empty: by start date)",
    )
    after_round: int | None = Field(None, ge=0, description=AFTER_ROUND)
    unrated_rating: int | None = Field(None, ge=0, description=UNRATED_RATING)
    unrated_excluded: bool = Field(False, description=UNRATED_EXCLUDED)
    rating_by_round: bool = Field(False, description=RATING_BY_ROUND)
    like: Literal["swiss-manager", "vega", "swiss-chess"] | None = Field(None, description=LIKE)
    lots: bool | int = Field(False, description=LOTS)
    withdrawn: list[Annotated[int, Field(ge=1)]] = Field(
        [], max_length=10000, description=WITHDRAWN
    )
    expelled: list[Annotated[int, Field(ge=1)]] = Field([], max_length=10000, description=EXPELLED)
    exclude_withdrawn: bool = Field(False, description=EXCLUDE_WITHDRAWN)
    manual_values: dict[
        Annotated[str, Field(pattern=r"^[0-9]{1,9}$")],
        Annotated[str, Field(pattern=r"^-?[0-9]{1,9}([.][0-9]{1,9}|/[1-9][0-9]{0,8})?$")],
    ] = Field({}, max_length=10000, description=MANUAL_VALUES)
    manual_order: list[Annotated[int, Field(ge=1)]] = Field(
        [], max_length=10000, description=MANUAL_ORDER
    )
    primary: Literal["MP", "GP"] | None = Field(None, description="Team events: the first score")
    allow_discouraged: bool = Field(
        False,
        description="Compute even with a tie-break the regulation reserves for another type of "
        "tournament (Buchholz in a round robin, C.07 Art. 8); else such a list is refused",
    )


class StandingsOptions(RankingOptions):
    """Options of ``POST /api/standings`` (and ``/api/validate``)."""


class ExplainOptions(RankingOptions):
    """Options of ``POST /api/explain``."""

    participant: Name = Field(description="Start number or (part of a) name")
    tiebreak: str | None = Field(
        None, max_length=100, description="Only this column (omitted, null or empty: every value)"
    )


class WhyOptions(RankingOptions):
    """Options of ``POST /api/why``."""

    a: Name = Field(description="First participant: start number or name")
    b: Name = Field(description="Second participant: start number or name")


class Side(_Strict):
    """One side of a comparison."""

    tiebreaks: TiebreakList = None
    rules: str | None = Field(None, max_length=60)


class CompareOptions(_Strict):
    """Options of ``POST /api/compare``: two regimes, two lists, or both."""

    a: Side
    b: Side
    after_round: int | None = Field(None, ge=0, description=AFTER_ROUND)
    unrated_rating: int | None = Field(None, ge=0, description=UNRATED_RATING)
    unrated_excluded: bool = Field(False, description=UNRATED_EXCLUDED)
    rating_by_round: bool = Field(False, description=RATING_BY_ROUND)
    lots: bool | int = Field(False, description=LOTS)
    primary: Literal["MP", "GP"] | None = None
    allow_discouraged: bool = False


class ConvertOptions(RankingOptions):
    """Options of ``POST /api/convert``."""

    to: Output = Field(description="Output format")
    lang: Language = Field("en", description="Language of text, HTML and PDF")
    explanations: bool = Field(
        False, description="PDF: every value explained after the tables (one block per participant)"
    )


class StandingsRequest(StandingsOptions):
    """The tournament and how to rank it."""

    tournament: TournamentInput


class ExplainRequest(ExplainOptions):
    """The tournament, how to rank it, and whose values to explain."""

    tournament: TournamentInput


class WhyRequest(WhyOptions):
    """The tournament, how to rank it, and the two participants."""

    tournament: TournamentInput


class CompareRequest(CompareOptions):
    """The tournament and the two sides."""

    tournament: TournamentInput


class ConvertRequest(ConvertOptions):
    """The tournament, how to rank it, and the output format."""

    tournament: TournamentInput


# ---------------------------------------------------------------- answers


class ErrorLocation(BaseModel):
    """Where in the tournament file (1-based; 0 when unknown), in the request body (source
    ``request``) or in the ``options`` field of an upload (source ``options``)."""

    source: str | None = None
    line: int
    column: int


class Problem(BaseModel):
    """An item of the tie-break list that cannot be used as it is."""

    position: int | None
    tiebreak: str
    message: str
    overridable: bool
    code: str | None = Field(
        None,
        description="The code of the warning an overridable problem comes from "
        "(standings.swiss-only-tiebreak); null for the others",
    )


class ErrorBody(BaseModel):
    """What went wrong and where."""

    message: str
    location: ErrorLocation | None
    field: str | None = Field(
        None,
        description="The request's field, as documented (after_round, tournament.data, "
        "tiebreaks[1], file; body for the whole body)",
    )
    found: str | None = Field(None, description="What was found there (shortened)")
    expected: str | None = Field(None, description="What is expected there")
    problems: list[Problem] | None = None


class ErrorDocument(BaseModel):
    """Every error answer (413, 422, ...)."""

    error: ErrorBody


class TournamentSummary(BaseModel):
    """The tournament as detected."""

    format: Format
    name: str
    type: Literal["swiss", "round-robin"]
    teams: bool
    participants: int
    rounds: int
    start_date: str | None
    rules: str
    rules_reason: str
    warnings: list[str]
    warning_details: list[dict[str, Any]] = Field(
        description="Each warning as data (code, message, file, line, column)",
        json_schema_extra={"items": {"$ref": "#/components/schemas/WarningDetail"}},
    )


class Defaults(BaseModel):
    """The lists an editor can start from."""

    tiebreaks: list[str] = Field(description="What the standings use when no list is given")
    source: str
    file: list[str] = Field(description="The file's own list (TRF26 212, else 202)")
    recommended: list[str] = Field(description="The FIDE recommendation for this type")


class ValidateDocument(BaseModel):
    """A tie-break list checked against the tournament and the regulation."""

    valid: bool
    tiebreaks: list[str]
    problems: list[Problem]
    tournament: TournamentSummary
    defaults: Defaults


class CatalogueEntry(BaseModel):
    """One tie-break of the catalogue."""

    acronym: str
    name: str
    article: str
    type: str
    modifiers: list[str]
    kind: Literal["value", "group"]
    scope: Literal["individual", "team", "both"]
    rating_based: bool
    aliases: list[str]
    names: dict[str, list[str]]


class Regime(BaseModel):
    """A rules regime."""

    name: str
    code: str
    title: str
    effective_from: str | None
    default_tiebreaks: list[str] | None


class CatalogueDocument(BaseModel):
    """Every tie-break, every regime and the recommended lists."""

    tiebreaks: list[CatalogueEntry]
    regimes: list[Regime]
    recommended: dict[str, list[str]]


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries of the error answers of an endpoint."""
    texts = {
        400: "The request body cannot be read as a multipart form (uploads)",
        413: "The request or the tournament file is larger than the limit",
        422: "Malformed tournament file (with line and column), unknown tie-break (with "
        "suggestions), a list the regulation refuses, a malformed request (the field, what "
        "was found and what was expected; JSON that is not UTF-8, not valid, nested more "
        f"than {MAX_DEPTH} levels deep or repeating a key: also the line and column), or a "
        "computation longer than the time limit",
    }
    return {code: {"model": ErrorDocument, "description": texts[code]} for code in codes}


def document_response(name: str) -> dict[str, Any]:
    """The OpenAPI response object of an answer that is the library document ``name`` (one of
    :data:`LIBRARY_SCHEMAS`)."""
    schema = LIBRARY_SCHEMAS[name]
    return {
        "description": schema.get("description", name),
        "content": {"application/json": {"schema": {"$ref": SCHEMAS + name}}},
    }


def with_library_schemas(description: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``description`` with the library's documents among its components (no
    model of the web has the name of one)."""
    schemas = description.setdefault("components", {}).setdefault("schemas", {})
    if schemas.keys() & LIBRARY_SCHEMAS.keys():  # pragma: no cover - a model renamed
        raise RuntimeError(f"names used twice: {sorted(schemas.keys() & LIBRARY_SCHEMAS.keys())}")
    schemas.update(LIBRARY_SCHEMAS)
    return description
