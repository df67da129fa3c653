"""Our own JSON format for a tournament (``"format": "tiebreaks-tournament"``, version 1).

The format holds every field of :class:`~tiebreaks.model.Tournament` that decides the
standings, exactly: points are decimal strings (``"0.5"``; a value that is not a finite
decimal, such as a third, is written ``"1/3"``), never binary floats. It is described once,
by the structs of :mod:`.tournament_json_document`, from which its JSON Schema (draft 2020-12,
shipped as ``formats/schema/tournament.schema.json``) is generated. Outline::

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
see :data:`.json_syntax.KIND_NAMES`); the reader also takes the TRF-16 result code
(``"1"``, ``"-"``, ``"U"`` ...; ``" "`` or ``""`` for an absence). Colours are ``"w"``,
``"b"`` or ``"-"`` (TRF-16 column 97). The team records mirror TRF26 ``013``/``310``,
``320``, ``330``, ``352`` and ``362`` (spec §5.1-5.2).

The reader decodes the document with :mod:`msgspec` (a validating decoder, the fastest we
have), first in the form our writers write (:class:`.WrittenDocument`: each result kind and
colour one shared string, not a new one per result), else as a :class:`.Document`, and
raises :class:`~tiebreaks.errors.InputError` at the line and column of the offending value,
naming its path (``players[3].results[1].opponent``; see
:mod:`.tournament_json_places`): a JSON syntax error, a wrong type, an unknown or repeated
key, an unknown result kind, an opponent or a team that does not exist, a missing required
field. The results of all players are checked column by column. Written with (individual)
standings, the players' ``stated_points`` and ``stated_rank`` are the standings' points and
ranks, as in the TRF and Chess-JSON writers; read back, the ``standings`` rows become the
published tie-break values (``published_columns`` / ``stated_values``) that ``tiebreaks
check`` compares with the computed ones.

The writer (:mod:`tiebreaks.formats.writers.tournament_json`) refuses, before writing
anything, a value the reader would not take back (:mod:`~tiebreaks.formats.writers.json_limits`)
with a :class:`~tiebreaks.errors.FormatLimitError`; a value whose decimal form would need more
than 30 decimals is written as a ratio (``"1/1099511627776"``).
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from datetime import date
from fractions import Fraction
from itertools import accumulate, chain, compress, islice, repeat
from operator import attrgetter, eq, is_, is_not
from types import MappingProxyType
from typing import Any

import msgspec

from ...errors import Location
from ...model import (
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
from ...model.results import checked_round_results
from ...model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR
from .consistency import check_consistency, round_robin_rounds_fit
from .json_syntax import KIND_NAMES, MAX_ROUNDS, MAX_START_NUMBER
from .locator import Locator
from .tournament_json_document import KIND_WHAT, Document, Header, WrittenDocument
from .tournament_json_places import (
    KeyCount,
    Misfit,
    Path,
    Places,
    described_as,
    misfit_of,
    whole,
)
from .tournament_json_teams import read_standings, read_team_records

__all__ = ["TOP_KEYS", "kind_from_text", "read_tournament_json"]

#: the keys of a document (how :mod:`~tiebreaks.formats.identify` knows one)
TOP_KEYS: tuple[str, ...] = Document.__struct_fields__
_KINDS_BY_TEXT: dict[str, ResultKind] = {name: kind for kind, name in KIND_NAMES.items()}
_KINDS_BY_CODE: dict[str, ResultKind] = {kind.value: kind for kind in ResultKind}
_KINDS_BY_CODE[""] = ResultKind.ABSENT
_COLOUR_OF: dict[Any, Colour] = {
    "w": Colour.WHITE,
    "b": Colour.BLACK,
    "-": Colour.NONE,
    "W": Colour.WHITE,
    "B": Colour.BLACK,
    None: Colour.NONE,
    msgspec.UNSET: Colour.NONE,
}
_HAS_OPPONENT: dict[ResultKind, bool] = {kind: kind.has_opponent for kind in ResultKind}
_PAIRING_SYSTEMS = {system.value: system for system in PairingSystem}
_TEXT_FIELDS = ("sex", "title", "federation", "fide_id", "birth_date")
# Players are made by ``map(Player, ...)`` with the fields in this order.
_PLAYER_FIELDS = (
    *("start_number", "name", "results", "rating", "national_rating"),
    *_TEXT_FIELDS,
    *("stated_points", "stated_rank", "stated_values", "line"),
)
if tuple(field.name for field in fields(Player)) != _PLAYER_FIELDS:  # pragma: no cover
    raise ImportError("tournament_json: the fields of Player have changed")
_UNSET = msgspec.UNSET
_NULL_IF_UNSET: dict[Any, None] = {_UNSET: None}


def _nulled(values: list[Any]) -> list[Any]:
    """``values`` with a missing key (UNSET) as null: one pass in C (``dict.get`` with the
    value itself as the default) unless a value is a list, which no dict takes as a key."""
    try:
        return list(map(_NULL_IF_UNSET.get, values, values))
    except TypeError:
        return [None if value is _UNSET else value for value in values]


def kind_from_text(text: str) -> ResultKind | None:
    """The result kind of a name (any case, ``_``, ``-`` or blank between words) or of a
    TRF-16 result code (letters in any case); None if it is neither."""
    name = re.sub(r"[\s-]+", "_", text.strip().lower())
    if name in _KINDS_BY_TEXT:
        return _KINDS_BY_TEXT[name]
    code = text.upper() if len(text) == 1 else text.strip()
    return _KINDS_BY_CODE.get(code)


def read_tournament_json(data: bytes | str, source: str = "<input>") -> Tournament:
    """Read our JSON tournament format (version 1); see the module docstring.

    Raises :class:`InputError` (file, line, column, the bad value, what was expected and the
    value's path) for malformed input."""
    reader = _Reader(Places(data, source))
    try:
        tournament = reader.read()
    except Misfit as misfit:
        raise reader.places.error(misfit) from None
    locator = Locator(source, points_label='"stated_points"')
    if not round_robin_rounds_fit(tournament, tournament.rounds):
        system_at, rounds_at = reader.header_places()
        locator = replace(locator, system_at=system_at, rounds_at=rounds_at)
    return check_consistency(tournament, locator)


class _Reader:
    """Reads one document: the structs decoded, then checked and turned into the model."""

    def __init__(self, places: Places) -> None:
        self.places = places
        #: the keys and the strings' colons of the document read (:meth:`.Places.check_keys`)
        self.count = KeyCount()
        self.rounds = 0

    def decode(self) -> Document:
        data = self.places.data
        if isinstance(data, bytes) and data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]  # a byte-order mark (RFC 8259 §8.1)
        elif isinstance(data, str):
            data = data.removeprefix("\ufeff")
        try:
            try:
                return msgspec.json.decode(data, type=WrittenDocument)
            except msgspec.ValidationError:  # another form of a result (a TRF code ...)
                return msgspec.json.decode(data, type=Document)  # or an error, worded
        except msgspec.ValidationError as error:
            misfit = misfit_of(error)
            self.places.tree  # noqa: B018 - a syntax error, a repeated key ... comes first
            raise misfit from None
        except (msgspec.DecodeError, UnicodeError) as error:
            raise self.places.syntax_error(error) from None

    def read(self) -> Tournament:
        document = self.decode()
        self.count.add(document, skip="players")
        whole(document.version, ("version",), described_as(("version",)), 1, 1)
        tournament = self.header(document.tournament)
        players = self.players(document.players)
        records = document.team_records
        team_records = None
        if records is not None and records is not _UNSET:
            team_records = read_team_records(self.places, records, players, self.rounds)
        tournament = replace(tournament, players=players, team_records=team_records)
        if document.standings is not None and document.standings is not _UNSET:
            tournament = read_standings(self.places, document.standings, tournament)
        self.places.check_keys(self.count)
        return tournament

    def header(self, header: Header) -> Tournament:
        path: Path = ("tournament", "rounds")
        self.rounds = whole(header.rounds, path, described_as(path), 0, MAX_ROUNDS)
        system = header.pairing_system
        return Tournament(
            name=header.name,
            rounds=self.rounds,
            players=(),
            start_date=self.start_date(header.start_date),
            type_text=header.type_text or "",
            type_code=header.type_code or "",
            pairing_system=_PAIRING_SYSTEMS[system] if system else PairingSystem.SWISS,
            score_system=self.score_system(header.score_system),
            tiebreak_list=tuple(header.tiebreak_list or ()),
            standings_list=tuple(header.standings_list or ()),
            national_federation=header.national_federation or "",
            rating_method=header.rating_method or "",
            published_columns=tuple(header.published_columns or ()),
            source=self.places.source,
        )

    def header_places(self) -> tuple[Location | None, Location]:
        """Where the header declares the pairing system (None: it does not) and the rounds."""
        system = self.places.node(("tournament", "pairing_system"))
        declared = system.path == "tournament.pairing_system" and system.value is not None
        return (
            self.places.at(("tournament", "pairing_system")) if declared else None,
            self.places.at(("tournament", "rounds")),
        )

    def start_date(self, text: str | msgspec.UnsetType | None) -> date | None:
        if text is None or text is _UNSET:
            return None
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            try:
                return date.fromisoformat(text)
            except ValueError:
                pass
        path: Path = ("tournament", "start_date")
        raise Misfit(path, described_as(path))

    def score_system(self, points: dict[str, Any] | msgspec.UnsetType | None) -> ScoreSystem:
        """Points per result kind; kinds not named keep the standard 1-½-0 values."""
        path: Path = ("tournament", "score_system")
        if points is None or points is _UNSET:
            return STANDARD
        values = dict(STANDARD.points)
        for key, value in points.items():
            kind = kind_from_text(key)
            if kind is None:
                expected = f"{KIND_WHAT} as a key of tournament.score_system"
                raise Misfit((*path, key), expected, found=key)
            values[kind] = self.places.exact(value, (*path, key))
        system = ScoreSystem(MappingProxyType(values))
        if all(abs(value) < MAX_POINTS for value in values.values()) and (
            system.denominator <= MAX_SCORE_DENOMINATOR
        ):
            return system
        raise Misfit(
            path,
            "points below 1000000 with at most 4 decimals (a common denominator of the score "
            "system of at most 10000)",
        )

    def players(self, items: list[Any]) -> tuple[Player, ...]:
        """Every player, checked and built column by column (this is the hot part)."""
        if not items:
            raise Misfit(("players",), "at least one player")
        column = _Columns(items, self.places, self.count)
        numbers = column.wholes("start_number", 1, MAX_START_NUMBER)
        if len(set(numbers)) != len(numbers):
            first: dict[int, int] = {}
            again = next(
                place for place, n in enumerate(numbers) if first.setdefault(n, place) != place
            )
            expected = "a start number not used by another player"
            raise Misfit(("players", again, "start_number"), expected)
        reading = _Results(items, numbers, self.rounds)
        results = reading.read()
        made = map(
            Player,
            numbers,
            column.names(),
            results,
            column.wholes("rating", 0),
            column.wholes("national_rating", 0),
            *(column.texts(key) for key in _TEXT_FIELDS),
            column.points("stated_points"),
            column.wholes("stated_rank", 1),
            column.values("stated_values"),
            self.places.player_lines(numbers),
        )
        self.count.keys += column.keys + reading.keys
        if numbers == sorted(numbers):
            return tuple(made)
        return tuple(sorted(made, key=attrgetter("start_number")))


class _Columns:
    """The players' fields, each as a column (a list over all players), checked."""

    def __init__(self, items: list[Any], places: Places, count: KeyCount) -> None:
        self.items = items
        self.places = places
        #: counts the colons of the free texts (every other string of a player is checked
        #: to be a number, a result kind or a colour, none of which holds a colon)
        self.count = count
        #: the keys of the players' objects (the results arrays' own keys not included)
        self.keys = 3 * len(items)  # start_number, name and results are required

    def take(self, key: str) -> list[Any]:
        """The column of ``key``; a missing key is null (and not counted as a key)."""
        values = list(map(attrgetter(key), self.items))
        absent = values.count(_UNSET)
        if key not in ("start_number", "name"):
            self.keys += len(values) - absent
        return _nulled(values) if absent else values

    def path(self, place: int, key: str) -> Path:
        return ("players", place, key)

    def wholes(self, key: str, low: int, high: int | None = None) -> list[Any]:
        """Whole numbers (or None), each checked as :func:`.whole` does."""
        values = self.take(key)
        present = [value for value in values if value is not None]
        top = _WHOLE_TOP if high is None else high
        if set(map(type, present)) <= {int} and (
            not present or (min(present) >= low and max(present) <= top)
        ):
            return values
        what = described_as(self.path(0, key))
        return [
            None if value is None else whole(value, self.path(place, key), what, low, high)
            for place, value in enumerate(values)
        ]

    def names(self) -> list[str]:
        names = self.take("name")
        self.count.add_texts(names)
        return names

    def texts(self, key: str) -> list[str]:
        """Optional strings (null or missing: empty)."""
        texts = [value or "" for value in self.take(key)]
        self.count.add_texts(texts)
        return texts

    def points(self, key: str) -> list[Fraction | None]:
        """Exact values or None, each distinct text read once."""
        values = self.take(key)
        known: dict[Any, Fraction | None] = {None: None}
        for place, value in enumerate(values):
            if value not in known or type(value) is float:
                known[value] = self.places.exact(value, self.path(place, key))
        return list(map(known.__getitem__, values))

    def values(self, key: str) -> list[tuple[Fraction | None, ...]]:
        """Arrays of exact values or nulls (null or missing: empty)."""
        lists = self.take(key)
        if lists.count(None) == len(lists):
            return [()] * len(lists)
        return [
            ()
            if items is None
            else tuple(
                None if item is None else self.places.exact(item, (*self.path(place, key), index))
                for index, item in enumerate(items)
            )
            for place, items in enumerate(lists)
        ]


_WHOLE_TOP = 10**18 - 1


class _Results:
    """The results of all players, checked column by column (kinds, opponents, colours)."""

    def __init__(self, players: list[Any], numbers: list[int], rounds: int) -> None:
        self.lists: list[list[Any]] = list(map(attrgetter("results"), players))
        self.numbers = numbers
        self.lengths = list(map(len, self.lists))
        self.flat: list[Any] = list(chain.from_iterable(self.lists))
        self.rounds = rounds
        #: the keys of the result objects: kind (required), opponent and colour when given
        self.keys = len(self.flat)

    def path(self, index: int, key: str = "") -> Path:
        """The path of result ``index`` (in the flat list of all results)."""
        ends = list(accumulate(self.lengths))
        player = next(place for place, end in enumerate(ends) if end > index)
        path: Path = ("players", player, "results", index - (ends[player] - self.lengths[player]))
        return (*path, key) if key else path

    def read(self) -> list[tuple[RoundResult, ...]]:
        if max(self.lengths) > self.rounds:
            player = next(place for place, n in enumerate(self.lengths) if n > self.rounds)
            expected = f"at most {self.rounds} results (one per round)"
            raise Misfit(("players", player, "results"), expected)
        kinds = self.kinds()
        colours = self.colours()
        opponents = self.opponents(kinds)
        made = checked_round_results(kinds, opponents, colours)
        if ResultKind.ABSENT in kinds:
            places = compress(range(len(kinds)), map(is_, kinds, repeat(ResultKind.ABSENT)))
            for place in places:
                if colours[place] is Colour.NONE:
                    made[place] = ABSENT
        flat = iter(made)
        return list(map(tuple, map(islice, repeat(flat), self.lengths)))

    def column(self, key: str, nulled: bool = True) -> list[Any]:
        """The values of ``key`` in every result; a missing key is null (UNSET unless
        ``nulled``), and not counted as a key."""
        values = list(map(attrgetter(key), self.flat))
        absent = values.count(_UNSET)
        self.keys += len(values) - absent
        return _nulled(values) if absent and nulled else values

    def kinds(self) -> list[ResultKind]:
        """The kind of every result: our writers' names at once, any other text read once."""
        texts = list(map(attrgetter("kind"), self.flat))
        try:
            return list(map(_KINDS_BY_TEXT.__getitem__, texts))
        except KeyError:
            pass
        known: dict[str, ResultKind | None] = dict(_KINDS_BY_TEXT)
        for index, text in enumerate(texts):
            if text not in known:
                known[text] = kind_from_text(text)
            if known[text] is None:
                raise Misfit(self.path(index, "kind"), KIND_WHAT)
        return [kind for kind in map(known.__getitem__, texts) if kind is not None]

    def colours(self) -> list[Colour]:
        values = self.column("colour", nulled=False)  # a missing colour is none (as null)
        try:
            return list(map(_COLOUR_OF.__getitem__, values))
        except KeyError:
            index = next(place for place, value in enumerate(values) if value not in _COLOUR_OF)
            path = self.path(index, "colour")
            raise Misfit(path, described_as(path)) from None

    def opponents(self, kinds: list[ResultKind]) -> list[int | None]:
        """A game or a forfeit has an opponent, a bye has none; an opponent is another
        player (a start number of the tournament)."""
        opponents = self.column("opponent")
        needs = list(map(_HAS_OPPONENT.__getitem__, kinds))
        if needs != list(map(is_not, opponents, repeat(None))):
            index = next(
                place
                for place, (need, opponent) in enumerate(zip(needs, opponents, strict=True))
                if need != (opponent is not None)
            )
            kind = kinds[index]
            if opponents[index] is None:
                raise Misfit(self.path(index), f"an opponent for a {kind.description}")
            expected = f"null: a {kind.description} has no opponent"
            raise Misfit(self.path(index, "opponent"), expected)
        present = list(compress(opponents, needs))
        if not set(map(type, present)) <= {int} or (
            present and (min(present) < 1 or max(present) > MAX_START_NUMBER)
        ):
            opponents = self.checked_wholes(opponents)
        owners = chain.from_iterable(map(repeat, self.numbers, self.lengths))
        if any(map(eq, opponents, owners)):
            owners = chain.from_iterable(map(repeat, self.numbers, self.lengths))
            pairs = enumerate(zip(opponents, owners, strict=True))
            index = next(place for place, (opponent, own) in pairs if opponent == own)
            expected = "another player's start number (not the player's own)"
            raise Misfit(self.path(index, "opponent"), expected)
        self.check_exist(opponents)
        return opponents

    def checked_wholes(self, opponents: list[Any]) -> list[int | None]:
        what = f"an opponent's start number (1 to {MAX_START_NUMBER})"
        return [
            None
            if value is None
            else whole(value, self.path(index, "opponent"), what, 1, MAX_START_NUMBER)
            for index, value in enumerate(opponents)
        ]

    def check_exist(self, opponents: list[int | None]) -> None:
        numbers = self.numbers
        present = [opponent for opponent in opponents if opponent is not None]
        simple = max(numbers) == len(numbers)  # distinct numbers from 1: exactly 1..n
        if (simple and (not present or max(present) <= len(numbers))) or set(present) <= set(
            numbers
        ):
            return
        known = set(numbers)
        index = next(
            place
            for place, opponent in enumerate(opponents)
            if opponent is not None and opponent not in known
        )
        expected = f"the start number of a player (no player has number {opponents[index]})"
        raise Misfit(self.path(index, "opponent"), expected)
