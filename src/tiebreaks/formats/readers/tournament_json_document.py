"""Our JSON format (``"format": "tiebreaks-tournament"``, version 1), described once: typed
structs that :mod:`msgspec` decodes and validates, whose titles and descriptions are both the
shipped JSON Schema (:func:`json_schema`, written to ``formats/schema/tournament.schema.json``)
and the reader's messages (the title names a missing key, the description says what a value
must be).

msgspec checks the types; the reader (:mod:`.tournament_json`) checks what a type cannot say
(an opponent who exists, a round within the event ...). A field that the reader takes in two
forms (a whole number as a JSON integer or as a string of digits, points as a decimal string
or as a JSON number without an exponent) is a union; the JSON Schema keywords for its range
(``extra_json_schema``) describe the value for other programs. Optional keys default to
``UNSET``, so that the reader knows which keys the document holds (a repeated key is refused:
:func:`~.tournament_json.read_tournament_json` counts them).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, get_args

import msgspec
from msgspec import UNSET, Meta, UnsetType

from .json_syntax import FORMAT_NAME, FORMAT_VERSION, KIND_NAMES, MAX_ROUNDS, MAX_START_NUMBER

__all__ = [
    "MAX_TEAM_NUMBER",
    "Document",
    "Forfeit",
    "Header",
    "MatchPoints",
    "Player",
    "Result",
    "Row",
    "Standings",
    "Team",
    "TeamBye",
    "TeamRecords",
    "WrittenDocument",
    "json_schema",
]

MAX_TEAM_NUMBER = 999
#: the digits of a whole number the reader takes (``-?[0-9]{1,18}``)
WHOLE_PATTERN = "^-?[0-9]{1,18}$"
EXACT_PATTERN = "^-?[0-9]{1,30}(\\.[0-9]{1,30})?$|^-?[0-9]{1,30}/[0-9]{1,30}$"
EXACT_WHAT = 'points as a decimal string such as "0.5"'
KIND_WHAT = (
    "a result kind: win, draw, loss, unrated_win, unrated_draw, unrated_loss, forfeit_win, "
    "forfeit_loss, pairing_bye, full_bye, half_bye, zero_bye, absent (or its TRF-16 code "
    "1 = 0 W D L + - U F H Z, blank for absent)"
)
DESCRIPTORS_WHAT = 'rank-order descriptors (strings such as "BH/C1")'


def _whole(title: str, what: str, low: int | None = None, high: int | None = None) -> Meta:
    """A whole number: a JSON integer or a string of digits, within ``low..high``."""
    bounds = {"minimum": low} if low is not None else {}
    bounds |= {"maximum": high} if high is not None else {}
    return Meta(
        title=title, description=what, extra_json_schema={"pattern": WHOLE_PATTERN} | bounds
    )


def _exact(title: str, what: str = EXACT_WHAT) -> Meta:
    """An exact value: a decimal or ``p/q`` string, or a JSON number without an exponent."""
    return Meta(title=title, description=what, extra_json_schema={"pattern": EXACT_PATTERN})


def _text(title: str, what: str = "a string") -> Meta:
    return Meta(title=title, description=what)


#: the two forms of a whole number and of an exact value (see the module docstring)
Whole = int | str
Exact = int | float | str
Descriptors = Annotated[
    list[Annotated[str, _text("descriptor", DESCRIPTORS_WHAT)]] | None,
    _text("descriptors (TRF26 202/212)", f"an array of {DESCRIPTORS_WHAT}"),
]
OptionalText = Annotated[str | None, _text("text")]
Points = Annotated[Exact | None, _exact("points")]


class _Object(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """An object of the format: no unknown key."""

    #: what the reader expects when the value is not such an object
    what: ClassVar[str] = "an object"


class Result(_Object):
    """One round of a player (TRF-16 columns 92-99)."""

    what: ClassVar[str] = 'a result object such as {"kind": "win", "opponent": 7, "colour": "w"}'

    kind: Annotated[str, _text("the result kind", KIND_WHAT)]
    opponent: (
        Annotated[
            Whole | None,
            _whole("opponent", f"an opponent's start number (1 to {MAX_START_NUMBER})", 1),
        ]
        | UnsetType
    ) = UNSET
    colour: Annotated[str | None, _text("colour", 'a colour: "w", "b" or "-"')] | UnsetType = UNSET


class Player(_Object):
    """A player (TRF-16 record 001)."""

    what: ClassVar[str] = "an object (a player)"

    start_number: Annotated[
        Whole, _whole("the start number", f"a start number from 1 to {MAX_START_NUMBER}", 1)
    ]
    name: Annotated[str, _text("the player's name")]
    results: Annotated[
        list[Result], _text("one result per round", "an array of results, one per round")
    ]
    rating: (
        Annotated[Whole | None, _whole("rating", "a rating (a whole number) or null", 0)]
        | UnsetType
    ) = UNSET
    national_rating: (
        Annotated[Whole | None, _whole("national rating", "a rating or null", 0)] | UnsetType
    ) = UNSET
    sex: OptionalText | UnsetType = UNSET
    title: OptionalText | UnsetType = UNSET
    federation: OptionalText | UnsetType = UNSET
    fide_id: OptionalText | UnsetType = UNSET
    birth_date: OptionalText | UnsetType = UNSET
    stated_points: Points | UnsetType = UNSET
    stated_rank: (
        Annotated[Whole | None, _whole("stated rank", "a rank of 1 or more, or null", 1)]
        | UnsetType
    ) = UNSET
    stated_values: (
        Annotated[
            list[Annotated[Exact | None, _exact("value")]] | None,
            _text("stated values", "an array of values (decimal strings or null)"),
        ]
        | UnsetType
    ) = UNSET


class Header(_Object):
    """The tournament (TRF-16 records 012, 042, 092, XXR; TRF26 192, 202, 212, 172)."""

    what: ClassVar[str] = "an object (the tournament's header)"

    name: Annotated[str, _text("the tournament's name")]
    rounds: Annotated[
        Whole,
        _whole("the number of rounds", f"a number of rounds from 0 to {MAX_ROUNDS}", 0, MAX_ROUNDS),
    ]
    start_date: (
        Annotated[str | None, _text("start date", 'an ISO date such as "2024-03-01", or null')]
        | UnsetType
    ) = UNSET
    type_text: OptionalText | UnsetType = UNSET
    type_code: OptionalText | UnsetType = UNSET
    pairing_system: (
        Annotated[
            Literal["swiss", "round-robin"] | None,
            _text("pairing system", '"swiss" or "round-robin"'),
        ]
        | UnsetType
    ) = UNSET
    score_system: (
        Annotated[
            dict[str, Annotated[Exact, _exact("points")]] | None,
            _text("score system", "an object of points per result kind"),
        ]
        | UnsetType
    ) = UNSET
    tiebreak_list: Descriptors | UnsetType = UNSET
    standings_list: Descriptors | UnsetType = UNSET
    national_federation: OptionalText | UnsetType = UNSET
    rating_method: OptionalText | UnsetType = UNSET
    published_columns: Descriptors | UnsetType = UNSET


_TEAM = "a team number"


class Team(_Object):
    """A team (TRF26 013 / 310)."""

    what: ClassVar[str] = "an object (a team)"

    players: Annotated[
        list[Annotated[Whole, _whole("player", "a start number", 1, MAX_START_NUMBER)]],
        _text("the team's players in board order", "an array of start numbers"),
    ]
    name: Annotated[str, _text("the team's name")]
    number: Annotated[
        Whole, _whole("the team number", f"a team number from 1 to {MAX_TEAM_NUMBER}", 1)
    ]
    short_name: OptionalText | UnsetType = UNSET


class TeamBye(_Object):
    """A team's bye in a round (TRF26 320)."""

    what: ClassVar[str] = 'an object {"round": 5, "team": 12}'

    round: Annotated[Whole, _whole("the round", "a round of the tournament", 1, MAX_ROUNDS)]
    team: Annotated[Whole, _whole("a team number", _TEAM, 1, MAX_TEAM_NUMBER)]


class Forfeit(_Object):
    """A forfeited match (TRF26 330)."""

    what: ClassVar[str] = "an object (a forfeited match)"

    round: Annotated[Whole, _whole("the round", "a round of the tournament", 1, MAX_ROUNDS)]
    white: Annotated[Whole, _whole("a team number", _TEAM, 1, MAX_TEAM_NUMBER)]
    black: Annotated[Whole, _whole("a team number", _TEAM, 1, MAX_TEAM_NUMBER)]
    code: Annotated[
        Literal["+-", "-+", "--"], _text("the forfeit type", 'the forfeit type "+-", "-+" or "--"')
    ]


class MatchPoints(_Object):
    """The match points of a win, a draw and a loss (TRF26 362)."""

    what: ClassVar[str] = 'an object {"win": "2.0", "draw": "1.0", "loss": "0.0"}'

    win: Points | UnsetType = UNSET
    draw: Points | UnsetType = UNSET
    loss: Points | UnsetType = UNSET


class TeamRecords(_Object):
    """The records of a team tournament (TRF26 013/310, 320, 330, 352, 362)."""

    what: ClassVar[str] = "an object (the team records) or null"

    teams: Annotated[list[Team], _text("the teams", "an array of teams")]
    bye_match_points: Points | UnsetType = UNSET
    bye_game_points: Points | UnsetType = UNSET
    bye_teams: (
        Annotated[list[TeamBye] | None, _text("team byes", "an array of team byes")] | UnsetType
    ) = UNSET
    forfeits: (
        Annotated[list[Forfeit] | None, _text("forfeits", "an array of forfeits")] | UnsetType
    ) = UNSET
    board_colours: (
        Annotated[
            str | None,
            _text("board colours (TRF26 352)", 'the colours of the boards, e.g. "WBWB"'),
        ]
        | UnsetType
    ) = UNSET
    match_points: (
        Annotated[MatchPoints | None, _text("match points", MatchPoints.what)] | UnsetType
    ) = UNSET


class Row(_Object):
    """A row of published standings."""

    what: ClassVar[str] = "an object (a row of the standings)"

    rank: Annotated[Whole, _whole("the rank", "a rank of 1 or more", 1)]
    participant: Annotated[
        Whole,
        _whole("the start or team number", "a start number (a team number for team standings)", 1),
    ]
    values: Annotated[
        list[Annotated[Exact | None, _exact("value")]],
        _text("one value per column", "an array of values (decimal strings or null)"),
    ]
    name: Any = UNSET
    drawn_by_lot: Any = UNSET


class Standings(_Object):
    """Published standings (written with the tournament; read back as published values).
    Only the columns, the team flag and the rows are read."""

    what: ClassVar[str] = "an object (published standings)"

    columns: Annotated[
        list[Annotated[str, _text("label", "column labels")]],
        _text("the column labels", "an array of column labels"),
    ]
    rows: Annotated[list[Row], _text("the rows", "an array of rows")]
    team: Annotated[bool | None, _text("team standings", "true or false")] | UnsetType = UNSET
    #: true: computed by this program, not published by the event (never read as published
    #: values)
    computed: Annotated[bool | None, _text("computed standings", "true or false")] | UnsetType = (
        UNSET
    )
    rules: Any = UNSET
    rules_reason: Any = UNSET
    tiebreaks_source: Any = UNSET
    rounds: Any = UNSET
    pairing_system: Any = UNSET


class Document(_Object):
    """A chess tournament with every result needed to compute its standings exactly. Record
    numbers refer to the FIDE Tournament Report File (TRF-16, TRF26)."""

    what: ClassVar[str] = "a JSON object (our tournament format)"

    format: Annotated[Literal["tiebreaks-tournament"], _text("the format name", f'"{FORMAT_NAME}"')]
    version: Annotated[
        Whole,
        _whole(
            "the format version",
            f"version {FORMAT_VERSION} (the only version this program reads)",
            FORMAT_VERSION,
            FORMAT_VERSION,
        ),
    ]
    tournament: Annotated[Header, _text("the tournament's header", Header.what)]
    players: Annotated[
        list[Player],
        Meta(
            title="the players",
            description="an array of players",
            extra_json_schema={"minItems": 1},
        ),
    ]
    team_records: (
        Annotated[TeamRecords | None, _text("team records", TeamRecords.what)] | UnsetType
    ) = UNSET
    standings: (
        Annotated[Standings | None, _text("published standings", Standings.what)] | UnsetType
    ) = UNSET


#: a result kind by the name our writers write
WrittenKind = Literal[
    "win",
    "draw",
    "loss",
    "unrated_win",
    "unrated_draw",
    "unrated_loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_bye",
    "full_bye",
    "half_bye",
    "zero_bye",
    "absent",
]
if set(get_args(WrittenKind)) != set(KIND_NAMES.values()):  # pragma: no cover
    raise ImportError("tournament_json_document: the result kinds have changed")


class WrittenResult(Result):
    """A result as our writers write it: the kind by its name, the colour ``"w"``, ``"b"``
    or ``"-"``. msgspec gives such a value as the one string of its ``Literal`` instead of a
    new string each time, which saves a string per result to make and to free."""

    kind: WrittenKind
    colour: Literal["w", "b", "-"] | UnsetType | None = UNSET


class WrittenPlayer(Player):
    """A player whose results are :class:`WrittenResult`."""

    results: list[WrittenResult]  # type: ignore[assignment]  # only read, never written


class WrittenDocument(Document):
    """A :class:`Document` as our writers write it (its results :class:`WrittenResult`): the
    form tried first. Any document that is not in it is decoded as a :class:`Document`,
    which takes every form the format allows and words every error."""

    players: list[WrittenPlayer]  # type: ignore[assignment]  # only read, never written


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :class:`Document`: the file shipped as
    ``formats/schema/tournament.schema.json`` (a test checks that they are equal)."""
    schema = msgspec.json.schema(Document)
    definitions = schema.pop("$defs")
    document = definitions.pop("Document")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **document,
        "title": f"tiebreaks tournament, version {FORMAT_VERSION}",
        "$defs": definitions,
    }
