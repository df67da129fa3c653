"""The fast path of the reader of our JSON format, for very large individual tournaments.

:func:`tiebreaks.formats.tournament_json.read_tournament_json` first tries
:func:`read_plain_json`: the document goes through :func:`json.loads` once and the players are
checked on plain Python values, without the located :class:`~.tournament_json.Node` tree
(which costs about thirty times more on a 100,000-player file). The fast path accepts only
what the careful path accepts and builds the same :class:`~tiebreaks.model.Tournament`
(including every player's line number). Whenever anything is unusual (an error, a warning,
a value written in one of the rarer forms the careful path also takes, team records or
published standings) it returns None, and the careful path reads the document and reports
any problem at its line and column. ``tests/formats/test_json_fast_path.py`` checks that both
paths agree.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..model import ABSENT, Colour, Player, ResultKind, RoundResult, Tournament
from ..model.results import checked_round_result
from .tournament_json import (
    _COLOURS,
    _PLAYER_KEYS,
    _RESULT_KEYS,
    _TOP_KEYS,
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_START_NUMBER,
    _TournamentReader,
    decode_json_bytes,
    kind_from_text,
    may_hold_surrogates,
    parse_exact,
    parse_json,
)

#: the switch the equivalence tests use to force the careful path
ENABLED = True

_PLAYER_START = re.compile(r'\{[ \t\n\r]*"start_number"[ \t\n\r]*:[ \t\n\r]*(-?[0-9]+)')
_KEY_WITH_BLANKS = re.compile(r'"[ \t\n\r]+:')
_ESCAPED_QUOTE_BEFORE_COLON = re.compile(r'(?<!\\)(?:\\\\)*\\"[ \t\n\r]*:')
_TEXT_FIELDS = ("sex", "title", "federation", "fide_id", "birth_date")
_COLOUR_CHOICES = {**_COLOURS, "W": Colour.WHITE, "B": Colour.BLACK}
_LARGEST_WHOLE = 10**18  # the careful path reads at most 18 digits


class _Decline(Exception):
    """The fast path does not take this document; the careful path reads it."""


def _refuse(text: str) -> object:
    """A number with a fraction or an exponent, NaN or Infinity: the careful path reads it
    from its text (a value that went through a float would no longer be the one written)."""
    raise _Decline(text)


def read_plain_json(data: bytes | str, source: str) -> Tournament | None:
    """The tournament of a plain, well-formed document, or None (read it the careful way)."""
    if not ENABLED:
        return None
    try:
        text = decode_json_bytes(data, source)
        if may_hold_surrogates(text):
            return None  # the careful path refuses a lone surrogate at its place
        document = json.loads(text, parse_constant=_refuse, parse_float=_refuse)
        reader = _PlainReader(source, _player_lines(text))
        tournament = reader.read(document)
        if reader.keys != _key_count(text) or len(reader.lines) != len(tournament.players):
            return None  # a repeated key (json.loads keeps the last one) or an odd string
        return tournament
    except (_Decline, InputError, ValueError, RecursionError, TypeError, KeyError):
        return None


def _key_count(text: str) -> int:
    """The number of ``"...":`` key tokens in valid JSON text, or more when a string starts
    with a colon (then the counts differ and the careful path reads the document).

    Every key's closing quote is followed by optional blanks and a colon; inside a string a
    quote is escaped (an odd run of backslashes), and those are subtracted."""
    count = text.count('":') + len(_KEY_WITH_BLANKS.findall(text))
    if '\\"' in text:
        count -= len(_ESCAPED_QUOTE_BEFORE_COLON.findall(text))
    return count


def _player_lines(text: str) -> dict[int, int]:
    """The line of every player object (by start number), found by one scan of the text for
    objects that start with their start number, as our writer writes them. A number met
    twice declines; a player not met declines later (the careful path finds the lines)."""
    lines: dict[int, int] = {}
    line, last = 1, 0
    for match in _PLAYER_START.finditer(text):
        line += text.count("\n", last, match.start())
        last = match.start()
        number = int(match.group(1))
        if number in lines:
            raise _Decline("a start number met twice")
        lines[number] = line
    return lines


def _whole(value: Any, low: int, high: int = _LARGEST_WHOLE) -> int:
    if type(value) is not int or not low <= value < high:
        raise _Decline("not a plain whole number")
    return value


def _optional_whole(value: Any, low: int) -> int | None:
    return None if value is None else _whole(value, low)


def _text(value: Any) -> str:
    if type(value) is not str:
        raise _Decline("not a string")
    return value


class _PlainReader:
    """Reads the document produced by :func:`json.loads`; counts the keys it met."""

    def __init__(self, source: str, lines: dict[int, int]) -> None:
        self.source = source
        self.lines = lines
        self.keys = 0
        self.kinds: dict[Any, ResultKind] = {}
        self.highest_opponent = 0
        self.parsed_points: dict[str, Fraction] = {}

    def read(self, document: Any) -> Tournament:
        if type(document) is not dict or not set(document) <= set(_TOP_KEYS):
            raise _Decline("top level")
        self.keys += len(document)
        if document.get("format") != FORMAT_NAME or _whole(document.get("version"), 0) != (
            FORMAT_VERSION
        ):
            raise _Decline("format")
        if document.get("team_records") is not None or "standings" in document:
            raise _Decline("team records or standings: the careful path")
        header = document.get("tournament")
        self.keys += _nested_keys(header)
        careful = _TournamentReader(self.source)
        tournament = careful.header(parse_json(json.dumps(header), self.source))
        players = self.players(document.get("players"), careful.rounds)
        return replace(tournament, players=players, team_records=None)

    def players(self, items: Any, rounds: int) -> tuple[Player, ...]:
        if type(items) is not list or not items:
            raise _Decline("players")
        players: dict[int, Player] = {}
        for item in items:
            player = self.player(item, rounds)
            if player.start_number in players:
                raise _Decline("repeated start number")
            players[player.start_number] = player
        if self.highest_opponent > len(players) or max(players) != len(players):
            opponents = {r.opponent for p in players.values() for r in p.results}
            if not opponents - {None} <= players.keys():  # numbers 1..n: enough to compare
                raise _Decline("an opponent that does not exist")
        return tuple(players[number] for number in sorted(players))

    def player(self, item: Any, rounds: int) -> Player:
        if type(item) is not dict or not item.keys() <= _PLAYER_KEY_SET:
            raise _Decline("player keys")
        self.keys += len(item)
        if item.get("stated_values") is not None:
            raise _Decline("stated values: the careful path")
        number = _whole(item.get("start_number"), 1, MAX_START_NUMBER + 1)
        if number not in self.lines:
            raise _Decline("the player's line is unknown")
        results = item.get("results")
        if type(results) is not list or len(results) > rounds:
            raise _Decline("results")
        texts = [_text(item[key]) if item.get(key) is not None else "" for key in _TEXT_FIELDS]
        return Player(
            start_number=number,
            name=_text(item.get("name")),
            results=self.results(results, number),
            rating=_optional_whole(item.get("rating"), 0),
            national_rating=_optional_whole(item.get("national_rating"), 0),
            sex=texts[0],
            title=texts[1],
            federation=texts[2],
            fide_id=texts[3],
            birth_date=texts[4],
            stated_points=self.points(item.get("stated_points")),
            stated_rank=_optional_whole(item.get("stated_rank"), 1),
            line=self.lines.get(number),
        )

    def results(self, items: list[Any], own: int) -> tuple[RoundResult, ...]:
        """The results of one player (one loop: this is the hot part of a big file)."""
        made: list[RoundResult] = []
        kinds, highest = self.kinds, self.highest_opponent
        for item in items:
            if type(item) is not dict:
                raise _Decline("a result that is not an object")
            kind_text, opponent = item.get("kind"), item.get("opponent")
            colour_text = item.get("colour")
            size = len(item)
            present = (kind_text is not None) + (opponent is not None) + (colour_text is not None)
            if size != present and not item.keys() <= _RESULT_KEY_SET:
                raise _Decline("result keys")
            self.keys += size
            kind = kinds.get(kind_text) or self.kind(kind_text)
            colour = Colour.NONE if colour_text is None else _COLOUR_CHOICES[colour_text]
            if opponent is None:
                made.append(_bye(kind, colour))
                continue
            if type(opponent) is not int or not 0 < opponent <= MAX_START_NUMBER:
                raise _Decline("opponent")
            if not kind.has_opponent or opponent == own:
                raise _Decline("opponent")
            highest = max(highest, opponent)
            made.append(checked_round_result(kind, opponent, colour))
        self.highest_opponent = highest
        return tuple(made)

    def points(self, value: Any) -> Fraction | None:
        """Stated points (a decimal string), each distinct text parsed once."""
        if value is None:
            return None
        parsed = self.parsed_points.get(value)
        if parsed is None:
            parsed = parse_exact(_text(value))
            if parsed is None:
                raise _Decline("points")
            self.parsed_points[value] = parsed
        return parsed

    def kind(self, text: Any) -> ResultKind:
        kind = self.kinds.get(text) if type(text) is str else None
        if kind is None:
            kind = kind_from_text(_text(text))
            if kind is None:
                raise _Decline("kind")
            self.kinds[text] = kind
        return kind


_PLAYER_KEY_SET = frozenset(_PLAYER_KEYS)
_RESULT_KEY_SET = frozenset(_RESULT_KEYS)


def _bye(kind: ResultKind, colour: Colour) -> RoundResult:
    """A round without an opponent (as the careful path builds it)."""
    if kind.has_opponent:
        raise _Decline("missing opponent")
    if kind is ResultKind.ABSENT and colour is Colour.NONE:
        return ABSENT
    return checked_round_result(kind, None, colour)


def _nested_keys(value: Any) -> int:
    """The number of keys of every object inside ``value`` (the small header)."""
    if type(value) is dict:
        return len(value) + sum(_nested_keys(item) for item in value.values())
    if type(value) is list:
        return sum(_nested_keys(item) for item in value)
    return 0
