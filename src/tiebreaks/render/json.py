"""The standings as JSON, with values as exact decimal numbers and null when undefined.

The document is described once, by the structs :class:`StandingsDocument`,
:class:`StandingsTournament` and :class:`StandingsRow`: :func:`standings_to_data` is built from
them, :func:`standings_json` writes the same document (a test decodes its text with them), and
the web service describes its answer with their JSON Schema (:func:`.documents.json_schemas`).
"""

from __future__ import annotations

import json
import secrets
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ..engine.numbers import to_json_number
from ..standings import Row, Standings
from .values import ValueTexts, exact_printing, program_printing

#: a value in exact decimal notation, written as a JSON number (an integer when whole)
ExactNumber = Annotated[
    int | Decimal | None,
    Meta(description="an exact decimal written as a JSON number; null when undefined"),
]


class StandingsTournament(msgspec.Struct, kw_only=True):
    """The tournament of a standings document."""

    name: str
    rounds: int
    type: Literal["swiss", "round-robin"]
    teams: bool
    start_date: Annotated[str | None, Meta(description="ISO date, or null")]


class StandingsRow(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One participant (a team in a team event; ``id`` is the start or team number)."""

    rank: int
    id: int
    name: str
    rating: int | None
    tiebreaks: Annotated[
        dict[str, ExactNumber], Meta(description="every column's value, by its label")
    ]
    drawn_by_lot: Annotated[
        bool,
        Meta(
            description="true when a drawing of lots gave this rank (C.07 Art. 4.2);"
            " absent otherwise"
        ),
    ] = False
    ordered_by_arbiter: Annotated[
        bool,
        Meta(
            description="true when the arbiter's order of the ties left gave this rank;"
            " absent otherwise"
        ),
    ] = False
    printed: Annotated[
        dict[str, str] | None,
        Meta(
            description="under a program profile that rounds its printed values (like vega):"
            " each value as the text and the other outputs print it; absent otherwise"
        ),
    ] = None
    status: Annotated[
        Literal["withdrawn", "expelled"] | None,
        Meta(description="in not_ranked: why the participant is left out of the ranking"),
    ] = None


class WarningDetail(msgspec.Struct, kw_only=True):
    """One warning as data: the same warning as the text of ``warnings`` at its place."""

    code: str  # the kind of warning (docs/input-checks.md, Warning codes)
    message: str
    file: str | None
    line: int | None  # 1-based; null when unknown
    column: int | None


class LotsDetail(msgspec.Struct, kw_only=True):
    """The drawing of lots for the ties left after the last tie-break: its seed (drawing
    again with it gives the same order) and where the seed comes from."""

    seed: int
    source: Literal["tournament", "given"]


class UnratedDetail(msgspec.Struct, kw_only=True):
    """How unrated players enter the rating tie-breaks (C.07 Art. 10): a rating given to
    them, or left out (games against them do not count)."""

    method: Literal["rating", "excluded"]
    rating: int | None


class StandingsDocument(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The standings (the document of ``tiebreaks standings --format json``); ``lots`` and
    ``unrated`` are present only when the standings were computed with them."""

    tournament: StandingsTournament
    rules: str
    rules_reason: str
    after_round: int
    tiebreaks: list[str]
    lots: LotsDetail | None = None
    unrated: UnratedDetail | None = None
    manual_order: Annotated[
        list[int] | None,
        Meta(description="the arbiter's order of the ties left (start numbers), when given"),
    ] = None
    #: participants with several ratings (an event over rating periods): which count in
    #: the rating tie-breaks, "by-round" (in force in the round played) or "first"
    ratings_used: Literal["by-round", "first"] | None = None
    #: the publishing program's profile read with (``--like``), when one was
    like: str | None = None
    warnings: list[str]
    warning_details: list[WarningDetail]
    standings: list[StandingsRow]
    not_ranked: Annotated[
        list[StandingsRow] | None,
        Meta(
            description="participants left out of the ranking (withdrawn or expelled; rank 0),"
            " whose games count for their opponents as before; absent when none"
        ),
    ] = None


def standings_document(standings: Standings, rows: bool = True) -> StandingsDocument:
    """The document of ``standings`` (without its rows unless ``rows``)."""
    tournament = standings.tournament
    printed = _printed(standings)
    return StandingsDocument(
        tournament=StandingsTournament(
            name=tournament.name,
            rounds=tournament.rounds,
            type=standings.pairing_system.value,
            teams=standings.is_team,
            start_date=tournament.start_date.isoformat() if tournament.start_date else None,
        ),
        rules=standings.rules.name,
        rules_reason=standings.rules_reason,
        after_round=standings.rounds,
        tiebreaks=list(standings.columns),
        lots=_lots(standings),
        unrated=_unrated(standings),
        manual_order=list(standings.manual_order) or None,
        ratings_used=_ratings_used(standings),
        like=standings.like or None,
        warnings=[str(warning) for warning in standings.warnings],
        warning_details=[WarningDetail(**warning.data()) for warning in standings.warnings],
        standings=[_row(standings, row, printed) for row in (standings.rows if rows else ())],
        not_ranked=[_row(standings, row, printed) for row in standings.not_ranked] or None,
    )


def _row(standings: Standings, row: Row, printed: ValueTexts | None = None) -> StandingsRow:
    return StandingsRow(
        rank=row.rank,
        id=row.player.start_number,
        name=row.player.name,
        rating=row.player.rating,
        tiebreaks={
            name: to_json_number(value, standings.places.get(name))
            for name, value in row.values.items()
        },
        drawn_by_lot=row.drawn_by_lot,
        ordered_by_arbiter=row.ordered_by_arbiter,
        printed=None if printed is None else _printed_row(printed, row),
        status="expelled" if row.status == "expelled" else "withdrawn" if row.status else None,
    )


def _printed_row(printed: ValueTexts, row: Row) -> dict[str, str]:
    return dict(zip(printed.columns, printed.row(row), strict=True))


def _printed(standings: Standings) -> ValueTexts | None:
    """The printed texts of the values when a program profile rounds them (``--like vega``),
    beside the exact values: None otherwise."""
    if program_printing(standings) is exact_printing:
        return None
    return ValueTexts(standings)


def _lots(standings: Standings) -> LotsDetail | None:
    if standings.lots_seed is None:
        return None
    if standings.lots_source == "tournament":
        return LotsDetail(seed=standings.lots_seed, source="tournament")
    return LotsDetail(seed=standings.lots_seed, source="given")


def _ratings_used(standings: Standings) -> Literal["by-round", "first"] | None:
    if standings.ratings_used == "by-round":
        return "by-round"
    return "first" if standings.ratings_used == "first" else None


def _unrated(standings: Standings) -> UnratedDetail | None:
    if standings.unrated_rating is not None:
        return UnratedDetail(method="rating", rating=standings.unrated_rating)
    if standings.unrated_excluded:
        return UnratedDetail(method="excluded", rating=None)
    return None


def standings_to_data(standings: Standings) -> dict[str, Any]:
    """The JSON document as Python data (numbers as ``int`` or exact ``Decimal``)."""
    data: dict[str, Any] = to_data(standings_document(standings))
    return data


def to_data(document: msgspec.Struct) -> Any:
    """A document as JSON-ready Python data, its fields in order (``Decimal`` kept exact, a
    field left unset omitted)."""
    return msgspec.to_builtins(document, builtin_types=(Decimal,))


def _json_number(value: Fraction | None, places: int | None) -> str:
    return "null" if value is None else str(to_json_number(value, places))


def standings_json(standings: Standings) -> str:
    """The JSON text: indented header, one line per standings row (written directly, as the
    standings of a big open have tens of thousands of rows)."""
    header = to_data(standings_document(standings, rows=False))
    del header["standings"]
    apart = header.pop("not_ranked", None)
    head = dumps(header).rstrip("}").rstrip()
    texts = ValueTexts(standings, _json_number, exact=True)
    printed = _printed(standings)
    names = [json.dumps(name, ensure_ascii=False) for name in texts.columns]
    lines = []
    for row in standings.rows:
        values = ", ".join(
            f"{name}: {text}" for name, text in zip(names, texts.row(row), strict=True)
        )
        if printed is not None:
            shown = ", ".join(
                f"{name}: {json.dumps(text)}"
                for name, text in zip(names, printed.row(row), strict=True)
            )
            values += f'}}, "printed": {{{shown}'  # closed by the line's "tiebreaks" braces
        rating = json.dumps(row.player.rating)
        player_name = json.dumps(row.player.name, ensure_ascii=False)
        lot = ', "drawn_by_lot": true' if row.drawn_by_lot else ""
        lot += ', "ordered_by_arbiter": true' if row.ordered_by_arbiter else ""
        lines.append(
            f'{{"rank": {row.rank}, "id": {row.player.start_number}, "name": {player_name}, '
            f'"rating": {rating}, "tiebreaks": {{{values}}}{lot}}}'
        )
    body = ",\n    ".join(lines)
    standings_text = f"[\n    {body}\n  ]" if lines else "[]"
    tail = "" if apart is None else f',\n  "not_ranked": {dumps(apart, None)}'
    return f'{head},\n  "standings": {standings_text}{tail}\n}}\n'


def dumps(data: Any, indent: int | None = 2) -> str:
    """JSON text in which ``Decimal`` values are written as exact numbers (not strings, not
    binary floats). Decimals travel through the standard encoder as marked strings that are
    unquoted afterwards; the marker holds a random nonce, so no user text can forge one."""
    marker = f"\u0001{secrets.token_hex(8)}:"

    def mark(value: Any) -> Any:
        if isinstance(value, Decimal):
            return f"{marker}{value}"
        if isinstance(value, dict):
            return {key: mark(item) for key, item in value.items()}
        if isinstance(value, list):
            return [mark(item) for item in value]
        return value

    text = json.dumps(mark(data), ensure_ascii=False, indent=indent)
    quoted = json.dumps(marker, ensure_ascii=False)[:-1]
    parts = text.split(quoted)
    return parts[0] + "".join(part.replace('"', "", 1) for part in parts[1:])
