"""Our own JSON format for a tournament (``"format": "tiebreaks-tournament"``, version 1).

The format holds every field of :class:`~tiebreaks.model.Tournament` that decides the
standings, exactly: points are decimal strings (``"0.5"``; a value that is not a finite
decimal, such as a third, is written ``"1/3"``), never binary floats. Its JSON Schema
(draft 2020-12) is shipped as ``formats/schema/tournament.schema.json``. Outline::

    {"format": "tiebreaks-tournament", "version": 1,
     "tournament": {"name", "start_date" (ISO or null), "type_text" (TRF 092),
                    "type_code" (TRF26 192), "pairing_system" ("swiss" | "round-robin"),
                    "rounds", "score_system" {kind name: points}, "tiebreak_list" (202),
                    "standings_list" (212), "national_federation", "rating_method" (172),
                    "published_columns"},
     "players": [{"start_number", "name", "rating", "national_rating", "sex", "title",
                  "federation", "fide_id", "birth_date", "stated_points", "stated_rank",
                  "stated_values", "results": [{"kind", "opponent", "colour"}, ...]}],
     "team_records": null | {"teams": [{"number", "name", "short_name", "players"}],
                    "bye_match_points", "bye_game_points", "bye_teams": [{"round", "team"}],
                    "forfeits": [{"round", "white", "black", "code"}], "board_colours",
                    "match_points": {"win", "draw", "loss"}},
     "standings": optional {"rules", "rules_reason", "tiebreaks_source", "rounds",
                    "pairing_system", "team", "columns",
                    "rows": [{"rank", "participant", "name", "values", "drawn_by_lot"}]}}

A result ``kind`` is written as its name (``"win"``, ``"forfeit_loss"``, ``"absent"`` ...,
see :data:`KIND_NAMES`); the reader also takes the TRF-16 result code (``"1"``, ``"-"``,
``"U"`` ...; ``" "`` or ``""`` for an absence). Colours are ``"w"``, ``"b"`` or ``"-"``
(TRF-16 column 97). The team records mirror TRF26 ``013``/``310``, ``320``, ``330``, ``352``
and ``362`` (spec §5.1-5.2).

The reader checks the structure and raises :class:`~tiebreaks.errors.InputError` at the line
and column of the offending value, naming its path (``players[3].results[1].opponent``): a
JSON syntax error, a wrong type, an unknown key or result kind, an opponent or a team that
does not exist, a missing required field. Written with (individual) standings, the players'
``stated_points`` and ``stated_rank`` are the standings' points and ranks, as in the TRF and
Chess-JSON writers; read back, the ``standings`` rows become the published tie-break values
(``published_columns`` / ``stated_values``) that ``tiebreaks check`` compares with the
computed ones.

The writer refuses, before writing anything, a value the reader would not take back
(:mod:`.json_limits`: a lone surrogate, a number beyond the reader's range) with a
:class:`~tiebreaks.errors.FormatLimitError` naming the participant and the field; a value
whose decimal form would need more than 30 decimals is written as a ratio (``"1/1099511627776"``).

This module also holds the located-JSON helpers (:class:`Node`, :func:`parse_json`,
:class:`JsonChecker`, :func:`exact_text`) shared with :mod:`.chess_json`.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..errors import InputError, Location
from ..model import (
    ABSENT,
    STANDARD,
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from ..model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR
from ..model.team import ForfeitedMatch, TeamRecord, TeamRecords
from .readers.consistency import check_consistency, round_robin_rounds_fit
from .readers.locator import Locator
from .writers.limits import Refuser
from .writers.trf import published_points_and_ranks

if TYPE_CHECKING:
    from ..standings import Standings

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "KIND_NAMES",
    "JsonChecker",
    "Node",
    "Number",
    "bounded_score_system",
    "dump_json",
    "exact_text",
    "parse_exact",
    "parse_json",
    "read_tournament_json",
    "tournament_json_document",
    "write_tournament_json",
]

FORMAT_NAME = "tiebreaks-tournament"
FORMAT_VERSION = 1
MAX_ROUNDS = 999
#: start numbers are not limited to the four digits of TRF-16: online events are bigger
MAX_START_NUMBER = 9_999_999
MAX_DEPTH = 64
_REFUSER = Refuser("our JSON")

#: the name of each result kind in our JSON (the reader also takes the TRF-16 code)
KIND_NAMES: dict[ResultKind, str] = {kind: kind.name.lower() for kind in ResultKind}
_KINDS_BY_TEXT: dict[str, ResultKind] = {name: kind for kind, name in KIND_NAMES.items()}
_KINDS_BY_CODE: dict[str, ResultKind] = {kind.value: kind for kind in ResultKind}
_KINDS_BY_CODE[""] = ResultKind.ABSENT
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE}
_PAIRING_SYSTEMS = {system.value: system for system in PairingSystem}
_FORFEIT_CODES = ("+-", "-+", "--")

# ---------------------------------------------------------------------------------------------
# Exact numbers as text


_DECIMAL_TEXT = re.compile(r"-?[0-9]{1,30}(?:\.[0-9]{1,30})?")
_RATIO_TEXT = re.compile(r"-?[0-9]{1,30}/[0-9]{1,30}")
_INTEGER_TEXT = re.compile(r"-?[0-9]{1,18}")


#: the digits a part of an exact value may have (the readers take no more)
MAX_EXACT_DIGITS = 30


def exact_text(value: Fraction | int) -> str:
    """A value as exact text: a decimal with at least one decimal place (``"1.0"``,
    ``"0.5"``, ``"2.25"``) when it has a finite decimal expansion of at most 30 decimals,
    else ``"p/q"`` (which the readers read back as long as each part has at most 30 digits)."""
    fraction = Fraction(value)
    denominator = fraction.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1 or max(twos, fives) > MAX_EXACT_DIGITS:
        return f"{fraction.numerator}/{fraction.denominator}"
    places = max(twos, fives)
    digits = str(abs(fraction.numerator) * 10**places // fraction.denominator)
    digits = digits.rjust(places + 1, "0")
    whole, part = (digits[:-places], digits[-places:]) if places else (digits, "0")
    sign = "-" if fraction < 0 else ""
    return f"{sign}{whole}.{part}"


def parse_exact(text: str) -> Fraction | None:
    """The exact value of ``"3.5"``, ``"-1"``, ``"1/3"`` (at most 30 digits a part), else
    None."""
    if _DECIMAL_TEXT.fullmatch(text):
        return Fraction(text)
    if _RATIO_TEXT.fullmatch(text):
        numerator, denominator = text.split("/")
        if int(denominator) == 0:
            return None
        return Fraction(int(numerator), int(denominator))
    return None


# ---------------------------------------------------------------------------------------------
# JSON values with their position in the text


@dataclass(frozen=True, slots=True)
class Number:
    """A JSON number as written (kept as text so that no value passes through a float)."""

    text: str


@dataclass(frozen=True, slots=True)
class Node:
    """A JSON value, where it starts (1-based line and column) and its path in the document
    (``players[3].results[1].kind``; empty for the whole document).

    ``value`` is a ``dict[str, Node]``, a ``list[Node]``, a ``str``, a ``bool``, None or a
    :class:`Number`; ``raw`` is its text as written (shortened; ``{...}`` / ``[...]`` for
    objects and arrays)."""

    value: object
    line: int
    column: int
    path: str
    raw: str

    def member_path(self, key: str) -> str:
        """The path of member ``key`` of this object."""
        return f"{self.path}.{key}" if self.path else key


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|NaN|-?Infinity")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_LITERALS: tuple[tuple[str, object], ...] = (("true", True), ("false", False), ("null", None))


_SURROGATE = re.compile("[\ud800-\udfff]")


def may_hold_surrogates(text: str) -> bool:
    """True when the JSON text has a ``\\uD8xx``-``\\uDFxx`` escape (a surrogate half; a lone
    one is refused, a pair is one character)."""
    return "\\ud" in text or "\\uD" in text


def _shown_escapes(string: str) -> str:
    """The string as it would be written in JSON (surrogates as escapes), shortened."""
    shown = json.dumps(string)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _scan_string(text: str, offset: int) -> tuple[str, int]:
    """The string literal starting at ``offset`` (its opening quote) and the offset after it."""
    match = _STRING.match(text, offset)
    assert match is not None, "json.loads accepted the text"
    value = json.loads(match.group())
    assert isinstance(value, str)
    return value, match.end()


class _Parser:
    """Builds :class:`Node` trees from text that :func:`json.loads` has accepted."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.may_hold_surrogates = may_hold_surrogates(text)

    def refuse_surrogates(self, string: str, offset: int) -> None:
        """``"\\ud800"`` is JSON syntax but no character (a surrogate half without its pair):
        it could not be written out again as UTF-8, so it is refused like invalid UTF-8."""
        if self.may_hold_surrogates and _SURROGATE.search(string):
            line, column = self.position(offset)
            raise InputError(
                Location(self.source, line, column),
                _shown_escapes(string),
                "text of Unicode characters (a surrogate escape such as \\ud800 must be "
                "followed by its pair)",
            )

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    def skip(self, offset: int) -> int:
        match = _WHITESPACE.match(self.text, offset)
        return match.end() if match else offset

    def node(self, value: object, offset: int, path: str, raw: str) -> Node:
        line, column = self.position(offset)
        shown = raw if len(raw) <= 40 else raw[:37] + "..."
        return Node(value, line, column, path, shown)

    def value(self, offset: int, path: str, depth: int) -> tuple[Node, int]:
        """The value starting at ``offset`` (no blank before it) and the offset after it."""
        if depth > MAX_DEPTH:
            line, column = self.position(offset)
            raise InputError(
                Location(self.source, line, column),
                self.text[offset : offset + 1],
                f"a document nested at most {MAX_DEPTH} levels deep",
            )
        char = self.text[offset]
        if char == "{":
            return self.object(offset, path, depth)
        if char == "[":
            return self.array(offset, path, depth)
        if char == '"':
            string, end = _scan_string(self.text, offset)
            self.refuse_surrogates(string, offset)
            return self.node(string, offset, path, self.text[offset:end]), end
        for word, literal in _LITERALS:
            if self.text.startswith(word, offset):
                return self.node(literal, offset, path, word), offset + len(word)
        match = _NUMBER.match(self.text, offset)
        assert match is not None, "json.loads accepted the text"
        return self.node(Number(match.group()), offset, path, match.group()), match.end()

    def object(self, offset: int, path: str, depth: int) -> tuple[Node, int]:
        members: dict[str, Node] = {}
        position = self.skip(offset + 1)
        while self.text[position] != "}":
            key, after = _scan_string(self.text, position)
            self.refuse_surrogates(key, position)
            if key in members:
                line, column = self.position(position)
                raise InputError(
                    Location(self.source, line, column),
                    key,
                    f"each key once in an object (key {key!r} is repeated)",
                )
            position = self.skip(self.skip(after) + 1)  # the colon
            member_path = f"{path}.{key}" if path else key
            members[key], position = self.value(position, member_path, depth + 1)
            position = self.skip(position)
            if self.text[position] == ",":
                position = self.skip(position + 1)
        return self.node(members, offset, path, "{...}"), position + 1

    def array(self, offset: int, path: str, depth: int) -> tuple[Node, int]:
        items: list[Node] = []
        position = self.skip(offset + 1)
        while self.text[position] != "]":
            item, position = self.value(position, f"{path}[{len(items)}]", depth + 1)
            items.append(item)
            position = self.skip(position)
            if self.text[position] == ",":
                position = self.skip(position + 1)
        return self.node(items, offset, path, "[...]"), position + 1


def decode_json_bytes(data: bytes | str, source: str) -> str:
    """The text of a JSON file: UTF-8, a byte-order mark removed (RFC 8259 §8.1)."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        bad = data[error.start : error.start + 1].hex()
        raise InputError(
            Location(source, line, column), f"byte 0x{bad}", "UTF-8 text (RFC 8259)"
        ) from None


def parse_json(data: bytes | str, source: str) -> Node:
    """Parse a JSON document into located :class:`Node` values.

    A syntax error is an :class:`InputError` at the line and column :mod:`json` reports."""
    text = decode_json_bytes(data, source)
    try:
        json.loads(text, parse_float=str, parse_int=str, parse_constant=str)
    except json.JSONDecodeError as error:
        raise InputError(
            Location(source, error.lineno, error.colno),
            error.doc[error.pos : error.pos + 20].split("\n")[0],
            f"valid JSON ({error.msg})",
        ) from None
    except RecursionError:
        raise InputError(
            Location(source, 1, 1), text[:1], f"a document nested at most {MAX_DEPTH} levels deep"
        ) from None
    parser = _Parser(text, source)
    node, _ = parser.value(parser.skip(0), "", 0)
    return node


class JsonChecker:
    """Typed access to :class:`Node` values; every mismatch is an :class:`InputError` at the
    value's line and column, naming its path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, node: Node, expected: str) -> InputError:
        """An error about ``node`` (to be raised by the caller)."""
        where = f" at {node.path}" if node.path else " (the whole document)"
        return InputError(Location(self.source, node.line, node.column), node.raw, expected + where)

    def members(self, node: Node, what: str = "an object") -> dict[str, Node]:
        """The members of an object."""
        if not isinstance(node.value, dict):
            raise self.error(node, what)
        return node.value

    def items(self, node: Node, what: str = "an array") -> list[Node]:
        """The items of an array."""
        if not isinstance(node.value, list):
            raise self.error(node, what)
        return node.value

    def member(self, node: Node, key: str, what: str) -> Node:
        """Required member ``key`` of an object."""
        found = self.members(node).get(key)
        if found is None:
            where = f" in {node.path}" if node.path else " at the top level"
            raise InputError(
                Location(self.source, node.line, node.column),
                "",
                f'the key "{key}" ({what}){where}',
            )
        return found

    def optional(self, node: Node, key: str) -> Node | None:
        """Member ``key`` of an object; None when it is missing or JSON null."""
        found = self.members(node).get(key)
        return None if found is None or found.value is None else found

    def only_keys(self, node: Node, allowed: Iterable[str]) -> None:
        """Reject a member not in ``allowed`` (a misspelt key)."""
        known = tuple(allowed)
        for key, child in self.members(node).items():
            if key not in known:
                line, column = child.line, child.column
                raise InputError(
                    Location(self.source, line, column),
                    key,
                    f"one of the keys {', '.join(known)} in {node.path or 'the document'}",
                )

    def text(self, node: Node, what: str = "a string") -> str:
        """A string."""
        if not isinstance(node.value, str):
            raise self.error(node, what)
        return node.value

    def flag(self, node: Node, what: str = "true or false") -> bool:
        """A boolean."""
        if not isinstance(node.value, bool):
            raise self.error(node, what)
        return node.value

    def whole(self, node: Node, what: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number (a JSON integer, or a string of digits) within ``low..high``."""
        value = node.value
        text = value.text if isinstance(value, Number) else value if isinstance(value, str) else ""
        if not _INTEGER_TEXT.fullmatch(text):
            raise self.error(node, what)
        number = int(text)
        if (low is not None and number < low) or (high is not None and number > high):
            raise self.error(node, what)
        return number

    def exact(self, node: Node, what: str = 'points as a decimal string such as "0.5"') -> Fraction:
        """An exact number: a decimal or ``p/q`` string, or a JSON number written without an
        exponent."""
        value = node.value
        text = value.text if isinstance(value, Number) else value if isinstance(value, str) else ""
        parsed = parse_exact(text)
        if parsed is None:
            raise self.error(node, what)
        return parsed

    def choice(self, node: Node, options: dict[str, Any], what: str) -> Any:
        """The value ``options`` gives to a string (looked up as written)."""
        text = node.value if isinstance(node.value, str) else None
        if text is None or text not in options:
            raise self.error(node, what)
        return options[text]

    def text_list(self, node: Node, what: str) -> tuple[str, ...]:
        """An array of strings."""
        return tuple(self.text(item, what) for item in self.items(node, f"an array of {what}"))


def bounded_score_system(check: JsonChecker, system: ScoreSystem, node: Node | None) -> ScoreSystem:
    """``system`` when its values are within :data:`MAX_POINTS` and its common denominator
    within :data:`MAX_SCORE_DENOMINATOR`; else an input error at ``node``."""
    values = system.points.values()
    if all(abs(value) < MAX_POINTS for value in values) and (
        system.denominator <= MAX_SCORE_DENOMINATOR
    ):
        return system
    expected = (
        "points below 1000000 with at most 4 decimals (a common denominator of the score "
        "system of at most 10000)"
    )
    if node is None:
        raise InputError(Location(check.source, 1, 1), "", expected)
    raise check.error(node, expected)


# ---------------------------------------------------------------------------------------------
# Writing


def dump_json(document: object) -> str:
    """JSON text, two-space indented; an object or array that fits on one line of at most 100
    characters is kept on one line (one round result, one rating ...). Characters beyond
    ASCII are written as they are (UTF-8)."""
    return _dump(document, 0, 0) + "\n"


def _dump(value: object, indent: int, prefix: int) -> str:
    """``value`` at ``indent``; ``prefix`` characters (the key) precede it on its line."""
    if isinstance(value, dict | list) and value:
        inline = json.dumps(value, ensure_ascii=False)
        if indent + prefix + len(inline) + 1 <= 100:
            return inline
        inner = " " * (indent + 2)
        if isinstance(value, dict):
            parts = []
            for key, item in value.items():
                head = f"{json.dumps(key, ensure_ascii=False)}: "
                parts.append(inner + head + _dump(item, indent + 2, len(head)))
            return "{\n" + ",\n".join(parts) + "\n" + " " * indent + "}"
        parts = [inner + _dump(item, indent + 2, 0) for item in value]
        return "[\n" + ",\n".join(parts) + "\n" + " " * indent + "]"
    return json.dumps(value, ensure_ascii=False)


def write_tournament_json(tournament: Tournament, standings: Standings | None = None) -> str:
    """The tournament (and its standings, if given) as our JSON format, version 1.

    The format holds every field of a tournament; a value its reader would not take back
    (:mod:`.json_limits`: a lone surrogate, a number out of the reader's range) raises
    :class:`~tiebreaks.errors.FormatLimitError` naming the participant and the field, before
    anything is written."""
    from .writers.json_limits import check_json, check_standings, check_utf8

    check_json(_REFUSER, tournament)
    if standings is not None:
        check_standings(_REFUSER, standings)
    text = dump_json(tournament_json_document(tournament, standings))
    check_utf8(_REFUSER, text, tournament)
    return text


def tournament_json_document(
    tournament: Tournament, standings: Standings | None = None
) -> dict[str, Any]:
    """The JSON document (plain dicts and lists) of :func:`write_tournament_json`."""
    players = tournament.players
    if standings is not None:
        published = published_points_and_ranks(standings)
        players = tuple(
            replace(
                p,
                stated_points=published[p.start_number][0],
                stated_rank=published[p.start_number][1],
            )
            if p.start_number in published
            else p
            for p in players
        )
    document: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "tournament": _header_json(tournament),
        "players": [_player_json(player) for player in players],
        "team_records": _team_records_json(tournament.team_records),
    }
    if standings is not None:
        document["standings"] = _standings_json(standings)
    return document


def _optional_points(value: Fraction | None) -> str | None:
    return None if value is None else exact_text(value)


def _header_json(tournament: Tournament) -> dict[str, Any]:
    header: dict[str, Any] = {
        "name": tournament.name,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        "type_text": tournament.type_text,
        "type_code": tournament.type_code,
        "pairing_system": tournament.pairing_system.value,
        "rounds": tournament.rounds,
        "score_system": {
            KIND_NAMES[kind]: exact_text(tournament.score_system.points[kind])
            for kind in ResultKind
        },
        "tiebreak_list": list(tournament.tiebreak_list),
        "standings_list": list(tournament.standings_list),
        "national_federation": tournament.national_federation,
        "rating_method": tournament.rating_method,
    }
    if tournament.published_columns:
        header["published_columns"] = list(tournament.published_columns)
    return header


def _player_json(player: Player) -> dict[str, Any]:
    record: dict[str, Any] = {
        "start_number": player.start_number,
        "name": player.name,
        "rating": player.rating,
        "national_rating": player.national_rating,
        "sex": player.sex,
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "birth_date": player.birth_date,
        "stated_points": _optional_points(player.stated_points),
        "stated_rank": player.stated_rank,
    }
    if player.stated_values:
        record["stated_values"] = [_optional_points(value) for value in player.stated_values]
    record["results"] = [
        {
            "kind": KIND_NAMES[result.kind],
            "opponent": result.opponent,
            "colour": result.colour.value,
        }
        for result in player.results
    ]
    return record


def _team_records_json(records: TeamRecords | None) -> dict[str, Any] | None:
    if records is None:
        return None
    return {
        "teams": [
            {
                "number": team.number,
                "name": team.name,
                "short_name": team.short_name,
                "players": list(team.players),
            }
            for team in records.teams
        ],
        "bye_match_points": _optional_points(records.bye_match_points),
        "bye_game_points": _optional_points(records.bye_game_points),
        "bye_teams": [
            {"round": round_number, "team": team}
            for round_number, team in sorted(records.bye_teams.items())
        ],
        "forfeits": [
            {"round": f.round, "white": f.white, "black": f.black, "code": f.code}
            for f in records.forfeits
        ],
        "board_colours": records.board_colours,
        "match_points": {
            "win": exact_text(records.match_win),
            "draw": exact_text(records.match_draw),
            "loss": exact_text(records.match_loss),
        },
    }


def _standings_json(standings: Standings) -> dict[str, Any]:
    columns = standings.columns
    return {
        "rules": standings.rules.name,
        "rules_reason": standings.rules_reason,
        "tiebreaks_source": standings.tiebreaks_source,
        "rounds": standings.rounds,
        "pairing_system": standings.pairing_system.value,
        "team": standings.is_team,
        "columns": list(columns),
        "rows": [
            {
                "rank": row.rank,
                "participant": row.player.start_number,
                "name": row.player.name,
                "values": [_optional_points(row.values[column]) for column in columns],
                "drawn_by_lot": row.drawn_by_lot,
            }
            for row in standings.rows
        ],
    }


# ---------------------------------------------------------------------------------------------
# Reading

TOP_KEYS = ("format", "version", "tournament", "players", "team_records", "standings")
_HEADER_KEYS = (
    "name",
    "start_date",
    "type_text",
    "type_code",
    "pairing_system",
    "rounds",
    "score_system",
    "tiebreak_list",
    "standings_list",
    "national_federation",
    "rating_method",
    "published_columns",
)
_PLAYER_KEYS = (
    "start_number",
    "name",
    "rating",
    "national_rating",
    "sex",
    "title",
    "federation",
    "fide_id",
    "birth_date",
    "stated_points",
    "stated_rank",
    "stated_values",
    "results",
)
_RESULT_KEYS = ("kind", "opponent", "colour")
_TEAM_RECORDS_KEYS = (
    "teams",
    "bye_match_points",
    "bye_game_points",
    "bye_teams",
    "forfeits",
    "board_colours",
    "match_points",
)
_STANDINGS_KEYS = (
    "rules",
    "rules_reason",
    "tiebreaks_source",
    "rounds",
    "pairing_system",
    "team",
    "columns",
    "rows",
)
_KIND_WHAT = (
    "a result kind: win, draw, loss, unrated_win, unrated_draw, unrated_loss, forfeit_win, "
    "forfeit_loss, pairing_bye, full_bye, half_bye, zero_bye, absent (or its TRF-16 code "
    "1 = 0 W D L + - U F H Z, blank for absent)"
)


def kind_from_text(text: str) -> ResultKind | None:
    """The result kind of a name (any case, ``_``, ``-`` or blank between words) or of a
    TRF-16 result code (letters in any case); None if it is neither."""
    name = re.sub(r"[\s-]+", "_", text.strip().lower())
    if name in _KINDS_BY_TEXT:
        return _KINDS_BY_TEXT[name]
    code = text.upper() if len(text) == 1 else text.strip()
    return _KINDS_BY_CODE.get(code)


class _TournamentReader:
    """Reads the document of :func:`read_tournament_json` (one instance per document)."""

    def __init__(self, source: str) -> None:
        self.check = JsonChecker(source)
        self.source = source
        self.rounds = 0
        #: where the header declares the pairing system and the number of rounds
        self.system_at: Location | None = None
        self.rounds_at: Location | None = None

    def string(self, node: Node, key: str, default: str = "") -> str:
        found = self.check.optional(node, key)
        return default if found is None else self.check.text(found)

    def number(self, node: Node, key: str, what: str, low: int = 0) -> int | None:
        found = self.check.optional(node, key)
        return None if found is None else self.check.whole(found, what, low)

    def points(self, node: Node, key: str) -> Fraction | None:
        found = self.check.optional(node, key)
        return None if found is None else self.check.exact(found)

    def read(self, root: Node) -> Tournament:
        check = self.check
        check.members(root, "a JSON object (our tournament format)")
        check.only_keys(root, TOP_KEYS)
        check.choice(
            check.member(root, "format", "the format name"), {FORMAT_NAME: 1}, f'"{FORMAT_NAME}"'
        )
        version = check.member(root, "version", "the format version")
        check.whole(
            version,
            f"version {FORMAT_VERSION} (the only version this program reads)",
            FORMAT_VERSION,
            FORMAT_VERSION,
        )
        header = check.member(root, "tournament", "the tournament's header")
        tournament = self.header(header)
        players = self.players(check.member(root, "players", "the players"))
        teams_node = check.optional(root, "team_records")
        team_records = None if teams_node is None else self.team_records(teams_node, players)
        tournament = replace(tournament, players=players, team_records=team_records)
        standings_node = check.optional(root, "standings")
        if standings_node is not None:
            tournament = self.standings(standings_node, tournament)
        return tournament

    def header(self, node: Node) -> Tournament:
        check = self.check
        check.members(node, "an object (the tournament's header)")
        check.only_keys(node, _HEADER_KEYS)
        rounds_node = check.member(node, "rounds", "the number of rounds")
        self.rounds = check.whole(
            rounds_node, f"a number of rounds from 0 to {MAX_ROUNDS}", 0, MAX_ROUNDS
        )
        system_node = check.optional(node, "pairing_system")
        system = PairingSystem.SWISS
        if system_node is not None:
            system = check.choice(system_node, _PAIRING_SYSTEMS, '"swiss" or "round-robin"')
            self.system_at = Location(self.source, system_node.line, system_node.column)
        self.rounds_at = Location(self.source, rounds_node.line, rounds_node.column)
        return Tournament(
            name=check.text(check.member(node, "name", "the tournament's name")),
            rounds=self.rounds,
            players=(),
            start_date=self.start_date(check.optional(node, "start_date")),
            type_text=self.string(node, "type_text"),
            type_code=self.string(node, "type_code"),
            pairing_system=system,
            score_system=self.score_system(check.optional(node, "score_system")),
            tiebreak_list=self.descriptors(node, "tiebreak_list"),
            standings_list=self.descriptors(node, "standings_list"),
            national_federation=self.string(node, "national_federation"),
            rating_method=self.string(node, "rating_method"),
            published_columns=self.descriptors(node, "published_columns"),
            source=self.source,
        )

    def descriptors(self, node: Node, key: str) -> tuple[str, ...]:
        found = self.check.optional(node, key)
        if found is None:
            return ()
        return self.check.text_list(found, 'rank-order descriptors (strings such as "BH/C1")')

    def start_date(self, node: Node | None) -> date | None:
        if node is None:
            return None
        what = 'an ISO date such as "2024-03-01", or null'
        text = self.check.text(node, what)
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            try:
                return date.fromisoformat(text)
            except ValueError:
                pass
        raise self.check.error(node, what)

    def score_system(self, node: Node | None) -> ScoreSystem:
        """Points per result kind; kinds not named keep the standard 1-½-0 values."""
        if node is None:
            return STANDARD
        points = dict(STANDARD.points)
        for key, value in self.check.members(node, "an object of points per result kind").items():
            kind = kind_from_text(key)
            if kind is None:
                raise InputError(
                    Location(self.source, value.line, value.column),
                    key,
                    f"{_KIND_WHAT} as a key of {node.path}",
                )
            points[kind] = self.check.exact(value)
        return bounded_score_system(self.check, ScoreSystem(MappingProxyType(points)), node)

    def players(self, node: Node) -> tuple[Player, ...]:
        items = self.check.items(node, "an array of players")
        if not items:
            raise self.check.error(node, "at least one player")
        players: dict[int, Player] = {}
        opponents: list[tuple[Node, int]] = []
        for item in items:
            player = self.player(item, opponents)
            if player.start_number in players:
                number_node = self.check.member(item, "start_number", "the start number")
                raise self.check.error(number_node, "a start number not used by another player")
            players[player.start_number] = player
        for opponent_node, number in opponents:
            if number not in players:
                raise self.check.error(
                    opponent_node, f"the start number of a player (no player has number {number})"
                )
        return tuple(players[number] for number in sorted(players))

    def player(self, node: Node, opponents: list[tuple[Node, int]]) -> Player:
        check = self.check
        check.members(node, "an object (a player)")
        check.only_keys(node, _PLAYER_KEYS)
        number = check.whole(
            check.member(node, "start_number", "the start number"),
            f"a start number from 1 to {MAX_START_NUMBER}",
            1,
            MAX_START_NUMBER,
        )
        results_node = check.member(node, "results", "one result per round")
        results = check.items(results_node, "an array of results, one per round")
        if len(results) > self.rounds:
            raise check.error(results_node, f"at most {self.rounds} results (one per round)")
        stated_values = check.optional(node, "stated_values")
        return Player(
            start_number=number,
            name=check.text(check.member(node, "name", "the player's name")),
            results=tuple(self.result(item, number, opponents) for item in results),
            rating=self.number(node, "rating", "a rating (a whole number) or null"),
            national_rating=self.number(node, "national_rating", "a rating or null"),
            sex=self.string(node, "sex"),
            title=self.string(node, "title"),
            federation=self.string(node, "federation"),
            fide_id=self.string(node, "fide_id"),
            birth_date=self.string(node, "birth_date"),
            stated_points=self.points(node, "stated_points"),
            stated_rank=self.number(node, "stated_rank", "a rank of 1 or more, or null", 1),
            stated_values=() if stated_values is None else self.values(stated_values),
            line=node.line,
        )

    def values(self, node: Node) -> tuple[Fraction | None, ...]:
        """An array of exact values or nulls."""
        items = self.check.items(node, "an array of values (decimal strings or null)")
        return tuple(None if item.value is None else self.check.exact(item) for item in items)

    def result(self, node: Node, own: int, opponents: list[tuple[Node, int]]) -> RoundResult:
        check = self.check
        check.members(node, 'a result object such as {"kind": "win", "opponent": 7, "colour": "w"}')
        check.only_keys(node, _RESULT_KEYS)
        kind_node = check.member(node, "kind", "the result kind")
        kind = kind_from_text(check.text(kind_node, _KIND_WHAT))
        if kind is None:
            raise check.error(kind_node, _KIND_WHAT)
        colour_node = check.optional(node, "colour")
        colour = Colour.NONE
        if colour_node is not None:
            colour = check.choice(
                colour_node,
                _COLOURS | {"W": Colour.WHITE, "B": Colour.BLACK},
                'a colour: "w", "b" or "-"',
            )
        opponent_node = check.optional(node, "opponent")
        if opponent_node is None:
            if kind.has_opponent:
                raise check.error(node, f"an opponent for a {kind.description}")
            return (
                ABSENT
                if kind is ResultKind.ABSENT and colour is Colour.NONE
                else RoundResult(kind, None, colour)
            )
        if not kind.has_opponent:
            raise check.error(opponent_node, f"null: a {kind.description} has no opponent")
        opponent = check.whole(
            opponent_node,
            f"an opponent's start number (1 to {MAX_START_NUMBER})",
            1,
            MAX_START_NUMBER,
        )
        if opponent == own:
            raise check.error(opponent_node, "another player's start number (not the player's own)")
        opponents.append((opponent_node, opponent))
        return RoundResult(kind, opponent, colour)

    def team_records(self, node: Node, players: Sequence[Player]) -> TeamRecords:
        check = self.check
        check.members(node, "an object (the team records) or null")
        check.only_keys(node, _TEAM_RECORDS_KEYS)
        team_nodes = check.items(check.member(node, "teams", "the teams"), "an array of teams")
        teams = tuple(self.team(item) for item in team_nodes)
        numbers = [team.number for team in teams]
        for item, team in zip(team_nodes, teams, strict=True):
            first = teams[numbers.index(team.number)]
            if first is not team:
                number_node = check.member(item, "number", "the team number")
                raise check.error(
                    number_node,
                    f"a team number not used by another team (the team of line {first.line} "
                    f"has number {team.number})",
                )
        match_points = check.optional(node, "match_points")
        win, draw, loss = self.match_points(match_points)
        colours_node = check.optional(node, "board_colours")
        byes_node = check.optional(node, "bye_teams")
        byes = self.bye_teams(byes_node, set(numbers))
        bye_points = self.points(node, "bye_match_points"), self.points(node, "bye_game_points")
        if byes and byes_node is not None and None in bye_points:
            # a team bye is worth what the event says (TRF26 320): nothing to assume
            raise check.error(
                byes_node, 'team byes with their points ("bye_match_points", "bye_game_points")'
            )
        return TeamRecords(
            teams=teams,
            bye_match_points=bye_points[0],
            bye_game_points=bye_points[1],
            bye_teams=byes,
            forfeits=self.forfeits(check.optional(node, "forfeits"), set(numbers), byes),
            board_colours="" if colours_node is None else self.board_colours(colours_node),
            match_win=win,
            match_draw=draw,
            match_loss=loss,
        )

    def team(self, node: Node) -> TeamRecord:
        check = self.check
        check.members(node, "an object (a team)")
        check.only_keys(node, ("number", "name", "short_name", "players"))
        members = check.items(
            check.member(node, "players", "the team's players in board order"),
            "an array of start numbers",
        )
        name_node = check.member(node, "name", "the team's name")
        return TeamRecord(
            number=check.whole(
                check.member(node, "number", "the team number"),
                "a team number from 1 to 999",
                1,
                999,
            ),
            name=check.text(name_node),
            players=tuple(
                check.whole(item, "a start number", 1, MAX_START_NUMBER) for item in members
            ),
            line=node.line,
            short_name=self.string(node, "short_name"),
            places=tuple((item.line, item.column) for item in members),
            name_column=name_node.column if name_node.line == node.line else 0,
        )

    def match_points(self, node: Node | None) -> tuple[Fraction, Fraction, Fraction]:
        if node is None:
            return Fraction(2), Fraction(1), Fraction(0)
        self.check.members(node, 'an object {"win": "2.0", "draw": "1.0", "loss": "0.0"}')
        self.check.only_keys(node, ("win", "draw", "loss"))
        win, draw, loss = (self.points(node, key) for key in ("win", "draw", "loss"))
        return (
            Fraction(2) if win is None else win,
            Fraction(1) if draw is None else draw,
            Fraction(0) if loss is None else loss,
        )

    def round_and_team(self, node: Node, key: str, teams: set[int]) -> int:
        found = self.check.member(node, key, "a team number")
        number = self.check.whole(found, "a team number", 1, 999)
        if number not in teams:
            raise self.check.error(found, f"the number of a listed team (no team {number})")
        return number

    def round_number(self, node: Node) -> int:
        found = self.check.member(node, "round", "the round")
        return self.check.whole(found, f"a round from 1 to {self.rounds}", 1, self.rounds)

    def bye_teams(self, node: Node | None, teams: set[int]) -> dict[int, int]:
        byes: dict[int, int] = {}
        for item in [] if node is None else self.check.items(node, "an array of team byes"):
            self.check.members(item, 'an object {"round": 5, "team": 12}')
            self.check.only_keys(item, ("round", "team"))
            round_number = self.round_number(item)
            if round_number in byes:
                raise self.check.error(item, f"one bye team per round (round {round_number})")
            byes[round_number] = self.round_and_team(item, "team", teams)
        return byes

    def forfeits(
        self, node: Node | None, teams: set[int], byes: dict[int, int]
    ) -> tuple[ForfeitedMatch, ...]:
        """The forfeited matches; a team is in one per round at most, and not in a round of
        its team bye (else its match depends on the record believed)."""
        found: list[ForfeitedMatch] = []
        seen: dict[tuple[int, int], ForfeitedMatch] = {}
        for item in [] if node is None else self.check.items(node, "an array of forfeits"):
            self.check.members(item, "an object (a forfeited match)")
            self.check.only_keys(item, ("round", "white", "black", "code"))
            code_node = self.check.member(item, "code", "the forfeit type")
            code = self.check.choice(
                code_node,
                {code: code for code in _FORFEIT_CODES},
                'the forfeit type "+-", "-+" or "--"',
            )
            found.append(
                ForfeitedMatch(
                    round=self.round_number(item),
                    white=self.round_and_team(item, "white", teams),
                    black=self.round_and_team(item, "black", teams),
                    code=code,
                    line=item.line,
                )
            )
            self.check_forfeit_teams(item, found[-1], seen, byes)
        return tuple(found)

    def check_forfeit_teams(
        self,
        item: Node,
        forfeit: ForfeitedMatch,
        seen: dict[tuple[int, int], ForfeitedMatch],
        byes: dict[int, int],
    ) -> None:
        """The two teams of ``forfeit`` differ, and neither has another forfeit or its team
        bye in that round (errors at the team's value)."""
        for key, team in (("white", forfeit.white), ("black", forfeit.black)):
            found = self.check.member(item, key, "a team number")
            if key == "black" and team == forfeit.white:
                raise self.check.error(found, "a black team other than the white team")
            earlier = seen.setdefault((forfeit.round, team), forfeit)
            if earlier is not forfeit:
                raise self.check.error(
                    found,
                    f"a team in one forfeited match per round (team {team} is already in the "
                    f"forfeit of line {earlier.line}, round {forfeit.round})",
                )
            if byes.get(forfeit.round) == team:
                raise self.check.error(
                    found,
                    f"a team without a team bye in round {forfeit.round} (team {team} has it)",
                )

    def board_colours(self, node: Node) -> str:
        text = self.check.text(node, 'the colours of the boards, e.g. "WBWB"')
        if set(text) - {"W", "B"}:
            raise self.check.error(node, 'the colours of the boards: W and B only, e.g. "WBWB"')
        return text

    def standings(self, node: Node, tournament: Tournament) -> Tournament:
        """Published standings: individual ones become the published values of the players
        (unless the players carry their own ``stated_values``)."""
        check = self.check
        check.members(node, "an object (published standings)")
        check.only_keys(node, _STANDINGS_KEYS)
        columns = check.text_list(
            check.member(node, "columns", "the column labels"), "column labels"
        )
        team_node = check.optional(node, "team")
        team = False if team_node is None else check.flag(team_node)
        ids = {p.start_number for p in tournament.players}
        if team and tournament.team_records is not None:
            ids = {record.number for record in tournament.team_records.teams}
        rows = self.standing_rows(check.member(node, "rows", "the rows"), columns, ids)
        if team or tournament.published_columns:
            return tournament
        players = tuple(
            replace(p, stated_values=rows.get(p.start_number, ())) if not p.stated_values else p
            for p in tournament.players
        )
        return replace(tournament, players=players, published_columns=columns)

    def standing_rows(
        self, node: Node, columns: tuple[str, ...], ids: set[int]
    ) -> dict[int, tuple[Fraction | None, ...]]:
        check = self.check
        rows: dict[int, tuple[Fraction | None, ...]] = {}
        for item in check.items(node, "an array of rows"):
            check.members(item, "an object (a row of the standings)")
            check.only_keys(item, ("rank", "participant", "name", "values", "drawn_by_lot"))
            check.whole(check.member(item, "rank", "the rank"), "a rank of 1 or more", 1)
            who = check.member(item, "participant", "the start or team number")
            number = check.whole(who, "a start number (a team number for team standings)", 1)
            if number not in ids:
                raise check.error(
                    who, f"a participant of the tournament (none has number {number})"
                )
            values_node = check.member(item, "values", "one value per column")
            values = self.values(values_node)
            if len(values) != len(columns):
                raise check.error(values_node, f"{len(columns)} values (one per column)")
            rows[number] = values
        return rows


def read_tournament_json(data: bytes | str, source: str = "<input>") -> Tournament:
    """Read our JSON tournament format (version 1); see the module docstring.

    Raises :class:`InputError` (file, line, column, the bad value, what was expected and the
    value's path) for malformed input. Plain documents take the fast path of
    :mod:`.tournament_json_fast`, which builds the same tournament."""
    from .readers.tournament_json_fast import read_plain_json

    tournament = read_plain_json(data, source)
    locator = Locator(source, points_label='"stated_points"')
    if tournament is not None and not round_robin_rounds_fit(tournament, tournament.rounds):
        tournament = None  # the careful path knows where the header declares the round robin
    if tournament is None:
        reader = _TournamentReader(source)
        tournament = reader.read(parse_json(data, source))
        locator = replace(locator, system_at=reader.system_at, rounds_at=reader.rounds_at)
    return check_consistency(tournament, locator)
