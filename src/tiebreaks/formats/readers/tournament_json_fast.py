"""The fast path of the reader of our JSON format, for very large individual tournaments.

:func:`tiebreaks.formats.readers.tournament_json.read_tournament_json` first tries
:func:`read_plain_json`, which reads the document without the located
:class:`~.json_syntax.Node` tree of the careful path (about thirty times slower on a
100,000-player file). The fast path accepts only what the careful path accepts and builds the
same :class:`~tiebreaks.model.Tournament` (including every player's line number). Whenever
anything is unusual (an error, a warning, a value written in one of the rarer forms the careful
path also takes, team records or published standings) it returns None, and the careful path
reads the document and reports any problem at its line and column.
``tests/formats/test_json_fast_path.py`` checks that both paths agree.

It reads in one of two ways; the players are checked column by column (``map`` over all of
them, in C) both ways, and the :class:`~tiebreaks.model.RoundResult` objects are made by
:func:`~tiebreaks.model.results.checked_round_results`:

* columnar, for big documents (:data:`COLUMNAR_FROM`): one regular expression cuts out every
  results array written in our writers' layout (``{"kind": NAME, "opponent": N or null,
  "colour": C}`` objects, nothing else), the rest of the document is parsed with ``[]`` in
  their place, and the kinds, opponents and colours are read from the arrays' text with NumPy
  and checked on whole arrays (see :func:`_read` for why this reads what the document says);
* parsed: the whole document is parsed, and each field of all the result objects is taken in
  one pass and checked on its few distinct values or with one comparison of whole lists. The
  columnar way falls back to this one when the results are written otherwise.

The parser is :mod:`orjson` when it is installed, else :func:`json.loads`. Besides errors, the
fast path declines a number with a fraction or an exponent, NaN or Infinity, an integer beyond
64 bits (orjson makes it a float), a ``\\uD8xx`` surrogate escape that is not part of a pair
(orjson refuses it, :func:`json.loads` keeps it), a player object that does not start with its
start number (the careful path finds its line), and a repeated key (found by counting colons:
one per key plus those inside the strings read, else by counting the key tokens).
"""

from __future__ import annotations

import json
import re
from dataclasses import fields, replace
from fractions import Fraction
from functools import cache
from itertools import accumulate, chain, compress, islice, repeat
from operator import attrgetter, eq, is_, is_not
from typing import Any

from ...errors import InputError
from ...model import ABSENT, Colour, Player, ResultKind, RoundResult, Tournament
from ...model.results import checked_round_results
from .json_syntax import (
    FORMAT_NAME,
    FORMAT_VERSION,
    KIND_NAMES,
    MAX_START_NUMBER,
    decode_json_bytes,
    may_hold_surrogates,
    parse_exact,
    parse_json,
)
from .tournament_json_careful import (
    _COLOURS,
    _PLAYER_KEYS,
    _RESULT_KEYS,
    TOP_KEYS,
    _TournamentReader,
    kind_from_text,
)

try:
    import orjson
except ImportError:  # pragma: no cover - a dependency; the standard library is the fallback
    orjson = None  # type: ignore[assignment]

#: the switch the equivalence tests use to force the careful path
ENABLED = True
#: documents from this many characters on have their results read in columns from the text
#: (the tests lower it to read small documents that way too)
COLUMNAR_FROM = 2_000_000

_PLAYER_START = re.compile(r'\{[ \t\n\r]*"start_number"[ \t\n\r]*:[ \t\n\r]*(-?[0-9]+)')
_KEY_WITH_BLANKS = re.compile(r'"[ \t\n\r]+:')
_ESCAPED_QUOTE_BEFORE_COLON = re.compile(r'(?<!\\)(?:\\\\)*\\"[ \t\n\r]*:')
_TEXT_FIELDS = ("sex", "title", "federation", "fide_id", "birth_date")
_LARGEST_WHOLE = 10**18  # the careful path reads at most 18 digits
_NONE_TYPE = type(None)

_PLAYER_KEY_SET = frozenset(_PLAYER_KEYS)
_RESULT_KEY_SET = frozenset(_RESULT_KEYS)
#: the kinds as our writer names them (the careful path's reading of each name)
_KIND_OF_NAME: dict[Any, ResultKind] = {
    name: kind for name in KIND_NAMES.values() if (kind := kind_from_text(name)) is not None
}
#: the colours the careful path takes; a missing or null colour is no colour
_COLOUR_OF: dict[Any, Colour] = {
    **_COLOURS,
    "W": Colour.WHITE,
    "B": Colour.BLACK,
    None: Colour.NONE,
}
_HAS_OPPONENT: dict[ResultKind, bool] = {kind: kind.has_opponent for kind in ResultKind}

# The results arrays exactly as our writers write them (the three keys in this order, kinds by
# their names, opponents from 1 to MAX_START_NUMBER): valid JSON without any string of its
# own, so a document with each such array replaced by [] parses to the same values but the
# results. The compact layout (no blanks) is scanned faster.
_SPAN_KINDS = tuple(KIND_NAMES)
_SPAN_NAMES = tuple(KIND_NAMES[kind] for kind in _SPAN_KINDS)
_SPAN_COLOURS = (Colour.WHITE, Colour.BLACK, Colour.NONE)
if [kind_from_text(name) for name in _SPAN_NAMES] != list(_SPAN_KINDS) or any(
    one != other and other.startswith(one) for one in _SPAN_NAMES for other in _SPAN_NAMES
):  # pragma: no cover
    raise ImportError("tournament_json_fast: the kind names are read otherwise")
_BLANKS = "[ \t\n\r]*"


def _results_pattern(blank: str) -> re.Pattern[str]:
    """``"results": [...]`` with the array in our writers' layout (captured), ``blank``
    between the tokens."""
    # no name begins another, so the order is free: the frequent ones first (faster)
    common = [KIND_NAMES[kind] for kind in (ResultKind.WIN, ResultKind.LOSS, ResultKind.DRAW)]
    names = "|".join(common + [name for name in _SPAN_NAMES if name not in common])
    comma = blank + "," + blank

    def member(key: str, value: str) -> str:
        return '"' + key + '"' + blank + ":" + blank + value

    kind = member("kind", '"(?:' + names + ')"')
    opponent = member("opponent", "(?:[1-9][0-9]{0,6}|null)")
    colour = member("colour", '"[wbWB-]"')
    result = r"\{" + blank + kind + comma + opponent + comma + colour + blank + r"\}"
    items = "(?:" + result + "(?:" + comma + result + ")*" + blank + ")?"
    return re.compile(member("results", r"(\[" + blank + items + r"\])"))


_RESULTS = _results_pattern(_BLANKS)
_COMPACT_RESULTS = _results_pattern("")
if MAX_START_NUMBER != 9_999_999:  # pragma: no cover
    raise ImportError("tournament_json_fast: the opponent pattern has seven digits at most")

# Players are made by ``map(Player, ...)`` with the fields in this order.
_PLAYER_FIELDS = (
    *("start_number", "name", "results", "rating", "national_rating"),
    *_TEXT_FIELDS,
    *("stated_points", "stated_rank", "stated_values", "line"),
)
if tuple(field.name for field in fields(Player)) != _PLAYER_FIELDS:  # pragma: no cover
    raise ImportError("tournament_json_fast: the fields of Player have changed")


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
    except InputError:
        return None
    tournament = None
    if len(text) >= COLUMNAR_FROM:
        tournament = _read(text, source, columnar=True)
    if tournament is None:
        tournament = _read(text, source, columnar=False)
    return tournament


def _read(text: str, source: str, columnar: bool) -> Tournament | None:
    """One way of reading the document (None: it declines). The columnar way parses the
    document without its results arrays, which are read from their text (see
    :func:`_results_from_text`); the other way parses the whole document.

    Why the columnar way reads what the document says: each array cut out is valid JSON (the
    pattern admits nothing else), and the text left, with ``"results":[]`` for each match, is
    parsed. If that text is valid JSON, each ``[]`` is the value of a key (the quote after
    ``results`` cannot open a string: it follows a letter, so it closes one, which is followed
    by a colon), so putting the arrays back keeps the document valid and changes only those
    values. That key is ``results`` unless the match began inside a longer key (then the key
    is unknown and the reading declines), and every player must have ``[]`` there, one array
    per player in document order."""
    try:
        reader = _PlainReader(source, text)
        if columnar:
            compact = '"results":[' in text
            parts = (_COMPACT_RESULTS if compact else _RESULTS).split(text)
            reader.results_texts = parts[1::2]
            outer = '"results":[]'.join(parts[0::2])
            if compact:  # no line break was taken out: the lines are those of the text
                reader.lines_text = outer
            tournament = reader.read(_parse(outer))
        else:
            tournament = reader.read(_parse(text))
        if not reader.keys_are_distinct():
            return None  # a repeated key (the parsers keep the last one) or an odd string
        return tournament
    except (_Decline, InputError, ValueError, RecursionError, TypeError, KeyError, IndexError):
        return None


def _parse(text: str) -> Any:
    """The document as plain Python values, floats refused (orjson's errors are ValueErrors:
    NaN, Infinity, lone surrogates, bad syntax)."""
    if orjson is not None:
        return orjson.loads(text)  # floats stay floats: the type checks decline them
    if may_hold_surrogates(text):
        raise _Decline("the careful path refuses a lone surrogate at its place")
    return json.loads(text, parse_constant=_refuse, parse_float=_refuse)


def _key_count(text: str) -> int:
    """The number of ``"...":`` key tokens in valid JSON text, or more when a string starts
    with a colon (then the counts differ and the careful path reads the document).

    Every key's closing quote is followed by optional blanks and a colon; inside a string a
    quote is escaped (an odd run of backslashes), and those are subtracted. (The cheaper
    count of all colons is tried first: it equals the number of keys when no string holds a
    colon.)"""
    count = text.count('":') + len(_KEY_WITH_BLANKS.findall(text))
    if '\\"' in text:
        count -= len(_ESCAPED_QUOTE_BEFORE_COLON.findall(text))
    return count


def _player_lines(text: str, numbers: list[int]) -> list[int]:
    """The line of every player object, found by one scan of the text for objects that start
    with their start number, as our writer writes them. The numbers found must be the
    players' numbers in the same order, else the fast path declines (the careful path finds
    the lines)."""
    matches = list(_PLAYER_START.finditer(text))
    if list(map(int, map(re.Match.group, matches, repeat(1)))) != numbers:
        raise _Decline("a player object that does not start with its start number")
    starts = list(map(re.Match.start, matches))
    breaks = map(text.count, repeat("\n"), [0, *starts], starts)  # from one player to the next
    return list(accumulate(breaks, initial=1))[1:]


def _only(values: list[Any], *types: type) -> None:
    """Every value is of one of these exact types (bool is no int, float no number)."""
    if not set(map(type, values)) <= set(types):
        raise _Decline(f"a value that is not {types}")


def _within(values: list[int], low: int, high: int) -> None:
    """Every whole number is within ``low <= value < high``."""
    if values and (min(values) < low or max(values) >= high):
        raise _Decline("a number out of range")


def _wholes(values: list[Any], low: int) -> list[int | None]:
    """A column of optional whole numbers (null or absent: None)."""
    _only(values, int, _NONE_TYPE)
    _within([value for value in values if value is not None], low, _LARGEST_WHOLE)
    return values


def _points(values: list[Any]) -> list[Fraction | None]:
    """Stated points (decimal strings or null), each distinct text parsed once."""
    _only(values, str, _NONE_TYPE)
    parsed: dict[str | None, Fraction | None] = {None: None}
    for text in set(values) - {None}:
        parsed[text] = parse_exact(text)
        if parsed[text] is None:
            raise _Decline("points")
    return list(map(parsed.__getitem__, values))


def _whole(value: Any, low: int, high: int = _LARGEST_WHOLE) -> int:
    if type(value) is not int or not low <= value < high:
        raise _Decline("not a plain whole number")
    return value


class _PlainReader:
    """Reads the document produced by the parser; counts the keys it met."""

    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.text = text
        self.keys = 0
        #: the colons inside the strings read (every other colon of the text ends a key)
        self.colons_in_strings = 0
        #: the text of every results array (columnar reading; the document parsed has [])
        self.results_texts: list[str] | None = None
        #: where the players' lines are counted (the text, or the same lines in less text)
        self.lines_text = text

    def keys_are_distinct(self) -> bool:
        """No object repeats a key (the parsers keep the last value): the text holds one
        colon per key read plus those of the strings read, or else the careful count of key
        tokens equals the keys read. (A dropped repeated key adds its colon to the text and
        nothing to what was read. A colon written as an escape is in a string read and not in
        the text, so the first count is only trusted when the text has no escape.)"""
        plain = not self.colons_in_strings or "\\" not in self.text
        if plain and self.text.count(":") == self.keys + self.colons_in_strings:
            return True
        return _key_count(self.text) == self.keys

    def read(self, document: Any) -> Tournament:
        if type(document) is not dict or not set(document) <= set(TOP_KEYS):
            raise _Decline("top level")
        self.keys += len(document)
        if document.get("format") != FORMAT_NAME or _whole(document.get("version"), 0) != (
            FORMAT_VERSION
        ):
            raise _Decline("format")
        if document.get("team_records") is not None or "standings" in document:
            raise _Decline("team records or standings: the careful path")
        header = document.get("tournament")
        self.count_keys(header)
        careful = _TournamentReader(self.source)
        tournament = careful.header(parse_json(json.dumps(header), self.source))
        players = self.players(document.get("players"), careful.rounds)
        return replace(tournament, players=players, team_records=None)

    def count_keys(self, value: Any) -> None:
        """Counts the keys of every object inside ``value`` (the small header) and the colons
        of its strings; a float declines (it went through a binary float, and the careful path
        reads the number exactly from its text)."""
        if type(value) is dict:
            self.keys += len(value)
            self.colons_in_strings += sum(map(str.count, value, repeat(":")))
            for item in value.values():
                self.count_keys(item)
        elif type(value) is list:
            for item in value:
                self.count_keys(item)
        elif type(value) is str:
            self.colons_in_strings += value.count(":")
        elif type(value) is float:
            raise _Decline("a number with a fraction or an exponent")

    def texts(self, values: list[Any]) -> list[str]:
        """A column of optional strings (null or absent: empty); counts their colons."""
        try:
            joined = "".join(values)  # only strings join
        except TypeError:
            _only(values, str, _NONE_TYPE)
            values = [value or "" for value in values]
            joined = "".join(values)
        self.colons_in_strings += joined.count(":")
        return values

    def columns(self, items: list[Any], keys: frozenset[str]) -> dict[str, list[Any]]:
        """The value of every key of ``keys`` in every object of ``items`` (None when absent,
        as the careful path reads an absent optional key); any other key declines. (An item
        that is not an object fails in dict.values or dict.get: a TypeError, which declines.)

        When every object has the same keys in the same order, as our writers write them, the
        values are taken in one pass: the keys of all objects in a row must then repeat those
        of the first object (an object holds each key once, so no object can hold more keys
        than the first, and the total shows that none holds fewer)."""
        first = list(items[0]) if items and type(items[0]) is dict else []
        if keys.issuperset(first) and list(chain.from_iterable(items)) == first * len(items):
            self.keys += len(first) * len(items)
            values = list(chain.from_iterable(map(dict.values, items)))
            width = len(first)
            found = {key: values[place::width] for place, key in enumerate(first)}
            return {key: found.get(key) or [None] * len(items) for key in keys}
        if not keys.issuperset(chain.from_iterable(items)):
            raise _Decline("an unknown key")
        self.keys += sum(map(len, items))
        return {key: list(map(dict.get, items, repeat(key))) for key in keys}

    def players(self, items: Any, rounds: int) -> tuple[Player, ...]:
        if type(items) is not list or not items:
            raise _Decline("players")
        column = self.columns(items, _PLAYER_KEY_SET)
        numbers = column["start_number"]
        _only(numbers, int)
        _within(numbers, 1, MAX_START_NUMBER + 1)
        if len(set(numbers)) != len(numbers):
            raise _Decline("repeated start number")
        if column["stated_values"].count(None) != len(items):
            raise _Decline("stated values: the careful path")
        _only(column["name"], str)  # and the names' colons are counted with the texts
        made = map(
            Player,
            numbers,
            self.texts(column["name"]),
            self.results(column["results"], numbers, rounds),
            _wholes(column["rating"], 0),
            _wholes(column["national_rating"], 0),
            *(self.texts(column[key]) for key in _TEXT_FIELDS),
            _points(column["stated_points"]),
            _wholes(column["stated_rank"], 1),
            repeat(()),
            _player_lines(self.lines_text, numbers),
        )
        if numbers == sorted(numbers):
            return tuple(made)
        return tuple(sorted(made, key=attrgetter("start_number")))

    def results(
        self, lists: list[Any], numbers: list[int], rounds: int
    ) -> list[tuple[RoundResult, ...]]:
        """The results of every player (column by column: this is the hot part)."""
        if self.results_texts is not None:
            return self.results_from_texts(lists, self.results_texts, numbers, rounds)
        _only(lists, list)
        lengths = list(map(len, lists))
        if max(lengths) > rounds:
            raise _Decline("more results than rounds")
        items = list(chain.from_iterable(lists))
        column = self.columns(items, _RESULT_KEY_SET)
        kinds = _kinds(column["kind"])
        colours = list(map(_COLOUR_OF.__getitem__, column["colour"]))
        opponents = column["opponent"]
        _check_opponents(kinds, opponents, numbers, lengths)
        return _assemble(kinds, opponents, colours, lengths)

    def results_from_texts(
        self, lists: list[Any], texts: list[str], numbers: list[int], rounds: int
    ) -> list[tuple[RoundResult, ...]]:
        """The results of every player read from the texts of the results arrays: the
        document parsed had ``[]`` for each, in the order of the players."""
        if len(texts) != len(lists) or lists.count([]) != len(lists):
            raise _Decline("results arrays not all in our writers' layout")
        kinds, opponents, colours, lengths, absent = _results_from_text(texts, numbers, rounds)
        self.keys += 3 * len(kinds)
        return _assemble(kinds, opponents, colours, lengths, absent)


def _assemble(
    kinds: list[ResultKind],
    opponents: list[Any],
    colours: list[Colour],
    lengths: list[int],
    absent: list[int] | None = None,
) -> list[tuple[RoundResult, ...]]:
    """The results of every player, checked: ``lengths`` says how many each has. An
    absence without a colour is the shared :data:`~tiebreaks.model.ABSENT` (as the careful
    path builds it); ``absent`` says where they are, if known."""
    made = checked_round_results(kinds, opponents, colours)
    if absent is None:
        absent = _absent_places(kinds, colours) if ResultKind.ABSENT in kinds else []
    for place in absent:
        made[place] = ABSENT
    flat = iter(made)
    return list(map(tuple, map(islice, repeat(flat), lengths)))


def _kinds(texts: list[Any]) -> list[ResultKind]:
    """The kind of every result; the names our writer uses are known, any other text is read
    once as the careful path reads it."""
    try:
        return list(map(_KIND_OF_NAME.__getitem__, texts))
    except KeyError:
        pass
    known = dict(_KIND_OF_NAME)
    for text in set(texts) - known.keys():
        kind = kind_from_text(text) if type(text) is str else None
        if kind is None:
            raise _Decline("kind")
        known[text] = kind
    return list(map(known.__getitem__, texts))


def _check_opponents(
    kinds: list[ResultKind], opponents: list[Any], numbers: list[int], lengths: list[int]
) -> None:
    """A game or a forfeit has an opponent, a bye has none; an opponent is another player."""
    needs = list(map(_HAS_OPPONENT.__getitem__, kinds))
    if needs != list(map(is_not, opponents, repeat(None))):
        raise _Decline("an opponent missing or given for a bye")
    present = list(compress(opponents, needs))
    _only(present, int)
    _within(present, 1, MAX_START_NUMBER + 1)
    owners = chain.from_iterable(map(repeat, numbers, lengths))
    if any(map(eq, opponents, owners)):
        raise _Decline("a player paired with themselves")
    simple = max(numbers) == len(numbers)  # distinct numbers from 1: exactly 1..n
    if not (simple and (not present or max(present) <= len(numbers))) and not (
        set(present) <= set(numbers)
    ):
        raise _Decline("an opponent that does not exist")


def _absent_places(kinds: list[ResultKind], colours: list[Colour]) -> list[int]:
    """Where the absences without a colour are."""
    places = compress(range(len(kinds)), map(is_, kinds, repeat(ResultKind.ABSENT)))
    return [place for place in places if colours[place] is Colour.NONE]


# ---------------------------------------------------------------------------------------------
# Results in columns from their text (NumPy)

_ABSENT_AT = _SPAN_KINDS.index(ResultKind.ABSENT)
_NO_COLOUR_AT = _SPAN_COLOURS.index(Colour.NONE)
_RESULT_START = ord("{")
_RESULT_END = ord("}")
_NULL_START = ord("n")
_MAX_DIGITS = 7


@cache
def _tables() -> tuple[Any, ...]:
    """Look-up tables of the columnar reader: the kind (an index into ``_SPAN_KINDS``) of
    the letters 0 and 8 of ``NAME","opponent":``; the length of each kind's name; whether
    each kind has an opponent; the colour (an index into ``_SPAN_COLOURS``) of a letter; the
    kinds and the colours as arrays of objects."""
    import numpy as np

    kind_of_letters = np.full(256 * 256, -1, dtype=np.intp)
    for index, name in enumerate(_SPAN_NAMES):
        written = name + '","opponent":'
        code = ord(written[0]) * 256 + ord(written[8])
        if kind_of_letters[code] != -1:  # pragma: no cover
            raise ImportError(f"tournament_json_fast: {name!r} is not told by two letters")
        kind_of_letters[code] = index
    name_lengths = np.array([len(name) for name in _SPAN_NAMES], dtype=np.int64)
    has_opponent = np.array([kind.has_opponent for kind in _SPAN_KINDS], dtype=bool)
    colour_of_letter = np.full(256, -1, dtype=np.intp)
    for letter, colour in _COLOUR_OF.items():
        if letter is not None:
            colour_of_letter[ord(letter)] = _SPAN_COLOURS.index(colour)
    kinds = np.empty(len(_SPAN_KINDS), dtype=object)
    kinds[:] = _SPAN_KINDS
    colours = np.empty(len(_SPAN_COLOURS), dtype=object)
    colours[:] = _SPAN_COLOURS
    return kind_of_letters, name_lengths, has_opponent, colour_of_letter, kinds, colours


def _results_from_text(
    texts: list[str], numbers: list[int], rounds: int
) -> tuple[list[ResultKind], list[int | None], list[Colour], list[int], list[int]]:
    """The kind, opponent and colour of every result of the results arrays ``texts`` (each
    matched by the pattern of our writers' layout), checked; the number of results of each
    array; where the absences without a colour are.

    Without its blanks, every result reads ``{"kind":"NAME","opponent":N,"colour":"C"}``:
    the kind is told by two letters at fixed places, its name's length places the
    opponent, and the colour is the second character before the closing brace."""
    import numpy as np

    kind_of_letters, name_lengths, has_opponent, colour_of_letter, kinds, colours = _tables()
    written = "".join(texts).encode("ascii")  # the pattern admits nothing else
    codes = np.frombuffer(written, dtype=np.uint8)
    starts = np.flatnonzero(codes == _RESULT_START)
    ends = np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)))
    lengths = np.diff(np.searchsorted(starts, ends), prepend=0)  # the results of each array
    if lengths.max(initial=0) > rounds:
        raise _Decline("more results than rounds")
    if any(blank in written for blank in (b" ", b"\n", b"\r", b"\t")):
        codes = np.frombuffer(written.translate(None, b" \t\n\r"), dtype=np.uint8)
        starts = np.flatnonzero(codes == _RESULT_START)
    closes = np.flatnonzero(codes == _RESULT_END)
    kind = kind_of_letters[codes[starts + 9].astype(np.intp) * 256 + codes[starts + 17]]
    colour = colour_of_letter[codes[closes - 2]]
    first = starts + 22 + name_lengths[kind]
    given = codes[first] != _NULL_START
    if len(closes) != len(starts) or kind.min(initial=0) < 0 or colour.min(initial=0) < 0:
        raise _Decline("not our writers' layout")  # cannot happen after the pattern matched
    if not np.array_equal(has_opponent[kind], given):
        raise _Decline("an opponent missing or given for a bye")
    opponent = _digits(codes, first, closes - 13)
    owners = np.repeat(np.asarray(numbers, dtype=np.int64), lengths)
    _check_opponent_column(opponent, given, owners, numbers)
    opponents: list[int | None] = opponent.tolist()
    for index in np.flatnonzero(~given).tolist():
        opponents[index] = None
    absent = np.flatnonzero((kind == _ABSENT_AT) & (colour == _NO_COLOUR_AT)).tolist()
    return kinds[kind].tolist(), opponents, colours[colour].tolist(), lengths.tolist(), absent


def _digits(codes: Any, first: Any, end: Any) -> Any:
    """The numbers written from ``first`` to ``end`` (excluded), at most seven digits
    (anything for a null, which the caller ignores)."""
    import numpy as np

    size = end - first
    value = np.zeros(len(first), dtype=np.int64)
    last = len(codes) - 1
    for place in range(_MAX_DIGITS):
        digit = codes[np.minimum(first + place, last)].astype(np.int64) - ord("0")
        value = np.where(size > place, value * 10 + digit, value)
    return value


def _check_opponent_column(opponent: Any, given: Any, owners: Any, numbers: list[int]) -> None:
    """An opponent is another player (the pattern admits 1 to MAX_START_NUMBER only)."""
    import numpy as np

    if np.any(given & (opponent == owners)):
        raise _Decline("a player paired with themselves")
    played = opponent[given]
    simple = max(numbers) == len(numbers)  # distinct numbers from 1: exactly 1..n
    if (
        len(played)
        and not (simple and played.max() <= len(numbers))
        and not np.isin(played, np.asarray(numbers, dtype=np.int64)).all()
    ):
        raise _Decline("an opponent that does not exist")
