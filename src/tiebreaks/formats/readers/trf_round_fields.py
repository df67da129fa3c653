"""The round fields of the ``001`` records of a TRF file (TRF-16, FIDE C.04 Annex 2).

Round r of a record is written from column 92 + 10(r - 1): the opponent's start number
(4 columns), a blank, the colour (``w`` / ``b`` any case, ``-`` or blank), a blank, the result
code (``1 = 0 W D L + - U F H Z`` any case, or blank); the two columns after it are ignored.
A blank field is an absence; blank rounds before the last written one are absences.

All the round fields of a file are read at once, column by column (:func:`read_round_fields`):
the characters of every record as one array of code points (:func:`.trf_fields.char_matrix`),
each column of the fields checked and read for all of them in a few array operations. A field
is *plain* when it is written as the layout says (an opponent of ASCII digits padded with
spaces, or none, blank separators, a colour and a result code that exist, an opponent exactly
when the result needs one); every other field (a tab, a character that is not ASCII, a
problem, a compatibility conversion) is read as text (:func:`_read_field`), into its result, the
opponent as written and, for a field that is not as it should be, a
:class:`~.trf_fields.Problem` (an error or a warning, worded from the round number wherever
the field is written). Only the records with a problem are walked field by field
(:func:`report_round_fields`), so the first error and every warning are those of a reading
field after field.

Compatibility conversions (each one reported as a warning):

* a game result code (``1 = 0 W D L + -``) without an opponent is read as a bye:
  ``1 W +`` as a pairing-allocated bye, ``= D`` as a half-point bye, ``0 L -`` as a
  zero-point bye (older programs wrote ``0000 - +`` for the bye);
* a bye code (``U F H Z``) with an opponent keeps the bye and drops the opponent;
* an opponent with a blank result (a round paired but not yet played) is read as absent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import N_, Diagnostic, Word
from ...model import ABSENT, Colour, ResultKind, RoundResult
from ...model.results import checked_round_results
from .trf_fields import Line, Problem, parse_count, read_digits

FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10
ROUND_FIELDS_WIDTH = 8

_RESULT_CODES: dict[str, ResultKind] = {
    "1": ResultKind.WIN,
    "=": ResultKind.DRAW,
    "0": ResultKind.LOSS,
    "W": ResultKind.UNRATED_WIN,
    "D": ResultKind.UNRATED_DRAW,
    "L": ResultKind.UNRATED_LOSS,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
    "U": ResultKind.PAIRING_BYE,
    "F": ResultKind.FULL_BYE,
    "H": ResultKind.HALF_BYE,
    "Z": ResultKind.ZERO_BYE,
    " ": ResultKind.ABSENT,
}
_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
_BYE_FOR_GAME_WITHOUT_OPPONENT = {
    2: ResultKind.PAIRING_BYE,
    1: ResultKind.HALF_BYE,
    0: ResultKind.ZERO_BYE,
}

_Code = tuple[Colour, ResultKind, bool]
"""What the columns after the opponent say: the colour of the result (none for a bye), its
kind, and whether it needs an opponent."""

_KINDS = tuple(ResultKind)
_COLOUR_MEMBERS = tuple(Colour)
_ABSENT_KIND = _KINDS.index(ResultKind.ABSENT)
_NO_COLOUR = _COLOUR_MEMBERS.index(Colour.NONE)
_SPACE = ord(" ")
_NONE_FOR_ZERO: dict[int | None, None] = {0: None}


def _ascii_table(codes: dict[str, ResultKind] | dict[str, Colour]) -> npt.NDArray[np.int64]:
    """For each character code, the position (in its enumeration) of what it codes, in
    either case; -1 for a character that codes nothing."""
    table = np.full(256, -1, dtype=np.int64)
    for text, member in codes.items():
        position = list(type(member)).index(member)
        table[[ord(text), ord(text.lower())]] = position
    return table


_KIND_OF = _ascii_table(_RESULT_CODES)
_COLOUR_OF = _ascii_table(_COLOURS)
_NEEDS_OPPONENT = np.array([kind.has_opponent for kind in _KINDS] + [False])  # -1: none


def round_column(round_number: int) -> int:
    """First column (opponent field) of round ``round_number`` in a ``001`` record."""
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_number - 1)


def field_count(length: int) -> int:
    """The number of round fields of a record of ``length`` columns."""
    return len(range(FIRST_ROUND_COLUMN, length + 1, ROUND_WIDTH))


class RoundFields(NamedTuple):
    """The round fields of the ``001`` records of a file, read at once."""

    #: each record's results, up to its last written round
    results: list[tuple[RoundResult, ...]]
    #: the records (indices) whose round fields need a report (:func:`report_round_fields`):
    #: a field with a problem, the player paired with themselves, a round beyond ``XXR``
    flagged: set[int]
    #: the error or warning of each distinct field that has one
    problem_of: dict[str, Problem]
    #: the opponent as written in each field with a problem (None: none or unreadable); a
    #: field without a problem has the opponent of its result
    opponent_of: dict[str, int | None]
    #: the results as columns (rows: records, columns: round fields), for the consistency
    #: check: each one's opponent (0: none), kind and colour (positions in ResultKind, Colour)
    columns: ResultCodes


class ResultCodes(NamedTuple):
    """Every round field's result as numbers: its opponent's start number (0: none), the
    position of its kind in :class:`ResultKind` and of its colour in :class:`Colour`."""

    opponent: npt.NDArray[np.int64]
    kind: npt.NDArray[np.int64]
    colour: npt.NDArray[np.int64]


class _Columns(NamedTuple):
    """Every round field of every record (rows: records, columns: rounds) read as a plain
    field; where ``plain`` is False the field is read as text (:class:`_Others`)."""

    opponent: npt.NDArray[np.int64]
    kind: npt.NDArray[np.int64]
    colour: npt.NDArray[np.int64]
    plain: npt.NDArray[np.bool_]
    #: not blank (a field of spaces only is blank)
    written: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, chars: npt.NDArray[np.uint8]) -> _Columns:
        """The fields of ``chars`` (records x rounds x 8 characters): the opponent's digits
        (+0 to +3), the blank separators (+4, +6), the colour (+5) and the result code (+7)."""
        opponent, plain = read_digits(chars[:, :, :4], blank=True)
        colour = _COLOUR_OF[chars[:, :, 5]]
        kind = _KIND_OF[chars[:, :, 7]]
        needs_opponent = _NEEDS_OPPONENT[kind]
        plain &= (chars[:, :, 4] == _SPACE) & (chars[:, :, 6] == _SPACE)
        plain &= (colour >= 0) & (kind >= 0) & (needs_opponent == (opponent > 0))
        colour[~needs_opponent] = _NO_COLOUR  # a bye has no colour
        written = (chars != _SPACE).any(axis=2)
        return cls(opponent, kind, colour, plain, written)


def read_round_fields(
    records: Sequence[str],
    chars: npt.NDArray[np.uint8],
    starts: Sequence[int | None],
    declared_rounds: int | None,
) -> RoundFields:
    """The round fields of ``records`` (the texts of ``001`` records; their characters
    ``chars`` from :func:`.trf_fields.char_matrix`, as wide as the last round field; their
    start numbers ``starts``), read column by column; the fields that are not plain one by
    one (:class:`_Others`)."""
    size = len(records)
    count = field_count(chars.shape[1])
    end = round_column(count + 1) - 1
    fields = chars[:, FIRST_ROUND_COLUMN - 1 : end].reshape(size, count, ROUND_WIDTH)
    columns = _Columns.of(fields[:, :, :ROUND_FIELDS_WIDTH])
    others = _Others(records, columns)
    own = np.array([start or -1 for start in starts], dtype=np.int64)
    flagged = set(np.flatnonzero((columns.opponent == own[:, None]).any(axis=1)).tolist())
    flagged.update(others.flagged)
    if declared_rounds is not None:
        beyond = columns.written[:, declared_rounds:].any(axis=1)
        flagged.update(np.flatnonzero(beyond).tolist())
    results = _results(columns, others.results, _last_written(columns.written))
    codes = ResultCodes(columns.opponent, columns.kind.copy(), columns.colour.copy())
    for (record, round_index), result in others.results.items():
        codes.kind[record, round_index] = _KINDS.index(result.kind)
        codes.colour[record, round_index] = _COLOUR_MEMBERS.index(result.colour)
    return RoundFields(results, flagged, others.problem_of, others.opponent_of, codes)


class _Others:
    """The fields that are not plain, read as text (:func:`_read_field`): their results by
    place, the problems and the opponents as written by text, the records with a problem.
    Each one's opponent (that of its result) and whether it is written go into ``columns``."""

    def __init__(self, records: Sequence[str], columns: _Columns) -> None:
        self.results: dict[tuple[int, int], RoundResult] = {}
        self.problem_of: dict[str, Problem] = {}
        self.opponent_of: dict[str, int | None] = {}
        self.flagged: set[int] = set()
        for record, round_index in zip(*np.nonzero(~columns.plain), strict=True):
            first = round_column(int(round_index) + 1) - 1
            text = records[record][first : first + ROUND_FIELDS_WIDTH]
            result, problem, opponent = _read_field(text)
            self.results[int(record), int(round_index)] = result
            columns.opponent[record, round_index] = result.opponent or 0
            columns.written[record, round_index] = bool(text.strip())
            if problem is not None:
                self.problem_of[text] = problem
                self.opponent_of[text] = opponent
                self.flagged.add(int(record))


def _read_field(text: str) -> tuple[RoundResult, Problem | None, int | None]:
    """A field read as text: its result, its problem (None if it has none) and the opponent
    as written (None: none or unreadable), from the opponent part (:func:`_opponent`) and the
    rest (:func:`_code`), and whether they go together (:func:`_reconciled`)."""
    number, code = _opponent(text[:4]), _code(text[4:ROUND_FIELDS_WIDTH])
    opponent = None if isinstance(number, Problem) else number or None
    if not text.strip():  # blank (tabs): an absence, as a field of spaces
        return ABSENT, None, opponent
    if isinstance(number, Problem):
        return ABSENT, number, opponent
    if isinstance(code, Problem):
        return ABSENT, code, opponent
    result, problem = _reconciled(number, code)
    return result, problem, opponent


def _last_written(written: npt.NDArray[np.bool_]) -> list[int]:
    """Each record's number of rounds up to its last written (not blank) field."""
    if not written.shape[1]:
        return [0] * len(written)
    last = written.shape[1] - np.argmax(written[:, ::-1], axis=1)
    return np.where(written.any(axis=1), last, 0).tolist()  # type: ignore[no-any-return]


def _results(
    columns: _Columns, others: dict[tuple[int, int], RoundResult], lengths: list[int]
) -> list[tuple[RoundResult, ...]]:
    """Each record's results up to its last written round: each distinct plain result built
    once (:func:`checked_round_results`), the others as read."""
    size, count = columns.kind.shape
    if not count:
        return [()] * size
    key = (columns.opponent * len(_KINDS) + columns.kind) * len(_COLOUR_MEMBERS) + columns.colour
    key[~columns.plain] = _ABSENT_KIND * len(_COLOUR_MEMBERS) + _NO_COLOUR  # replaced below
    distinct, inverse = _distinct(key.ravel())
    opponents = (distinct // (len(_KINDS) * len(_COLOUR_MEMBERS))).tolist()
    made = checked_round_results(
        map(_KINDS.__getitem__, (distinct // len(_COLOUR_MEMBERS) % len(_KINDS)).tolist()),
        map(_NONE_FOR_ZERO.get, opponents, opponents),
        map(_COLOUR_MEMBERS.__getitem__, (distinct % len(_COLOUR_MEMBERS)).tolist()),
    )
    flat = np.fromiter(made, dtype=object, count=len(made))[inverse].reshape(size, count)
    for (record, round_index), result in others.items():
        flat[record, round_index] = result
    rows = list(map(tuple, flat.tolist()))
    for record in np.flatnonzero(np.array(lengths) < count).tolist():
        rows[record] = rows[record][: lengths[record]]
    return rows


def _distinct(keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The distinct ``keys`` (small non-negative numbers) in the order they first come, and
    the position of each key among them: results made in the order they are first written
    are read close together in memory."""
    places = np.arange(len(keys))
    first = np.full(int(keys.max(initial=0)) + 1, len(keys))
    first[keys[::-1]] = places[::-1]  # the last one written wins: the first place
    distinct = np.flatnonzero(first < len(keys))
    distinct = distinct[np.argsort(first[distinct])]
    position = np.empty_like(first)
    position[distinct] = np.arange(len(distinct))
    return distinct, position[keys]


def _opponent(text: str) -> int | Problem:
    """The opponent's start number (columns +0 to +3); ``0000`` or blank means none (0)."""
    written = text.strip()
    if not written:
        return 0
    number = parse_count(written)
    if number is None:
        return Problem(0, written, _OPPONENT_EXPECTED)
    return number


_OPPONENT_EXPECTED = (
    "an opponent's start number in columns {column}-{last} (0000 or blank for none)"
)
_SHIFTED = "a blank column {column} between the fields of round {round} (is the line shifted?)"


@lru_cache(maxsize=1024)  # the same few codes, file after file
def _code(text: str) -> _Code | Problem:
    """Separators (columns +4 and +6, blank), colour (+5) and result code (+7), checked in
    that order; a column beyond the end of the line is blank."""
    padded = text.ljust(4)
    for offset in (0, 2):
        if padded[offset].strip():
            return Problem(4 + offset, padded[offset], _SHIFTED)
    colour = _COLOURS.get(padded[1].upper())
    if colour is None:
        return Problem(5, padded[1], "a colour in column {column}: 'w', 'b', '-' or blank")
    kind = _RESULT_CODES.get(padded[3].upper())
    if kind is None:
        return Problem(
            7,
            padded[3],
            "a result code in column {column}: one of 1 = 0 W D L + - U F H Z, or blank",
        )
    return (colour if kind.has_opponent else Colour.NONE), kind, kind.has_opponent


def _reconciled(number: int, code: _Code) -> tuple[RoundResult, Problem | None]:
    """A round whose opponent and result do not go together, with the compatibility
    conversion of the module docstring and its warning (None when they do go together)."""
    colour, kind, needs_opponent = code
    if needs_opponent and not number:
        bye = _BYE_FOR_GAME_WITHOUT_OPPONENT[kind.outcome if kind.outcome is not None else 0]
        message = N_(
            "round %(round)s: result %(written)s (%(kind)s) without an opponent; read as a %(bye)s"
        )
        said: tuple[tuple[str, str | int], ...] = (
            ("written", repr(kind.value)),
            ("kind", Word(kind.description)),
            ("bye", Word(bye.description)),
        )
        return RoundResult(bye), Problem(
            7, "", message, warning=True, code="trf.game-without-opponent", fields=said
        )
    if needs_opponent:
        return RoundResult(kind, number, colour), None
    if not number:
        return RoundResult(kind), None
    fields: tuple[tuple[str, str | int], ...] = (("number", number),)
    if kind is ResultKind.ABSENT:
        message = N_(
            "round %(round)s: paired with player %(number)s but no result is written; "
            "read as absent (not played)"
        )
    else:
        message = N_(
            "round %(round)s: a %(kind)s (%(written)s) cannot have an opponent; player %(number)s"
            " is ignored"
        )
        fields += (("kind", Word(kind.description)), ("written", repr(kind.value)))
    return RoundResult(kind), Problem(
        0, "", message, warning=True, code="trf.opponent-without-game", fields=fields
    )


@lru_cache(maxsize=64)
def _field_getter(count: int) -> Callable[[str], tuple[str, ...]]:
    """A function giving the fields of rounds 1..count of a record (8 columns each)."""
    slices = [
        slice(column - 1, column - 1 + ROUND_FIELDS_WIDTH)
        for column in range(FIRST_ROUND_COLUMN, round_column(count + 1), ROUND_WIDTH)
    ]
    if count == 0:
        return lambda record: ()
    if count == 1:
        return lambda record: (record[slices[0]],)
    return itemgetter(*slices)  # a tuple of all of them in one call in C


def report_round_fields(
    line: Line,
    index: int,
    start_number: int,
    declared_rounds: int | None,
    rounds: RoundFields,
    warnings: list[Diagnostic],
) -> None:
    """The errors (the first one raised) and warnings of the round fields of record
    ``index``, in field order: a written round beyond ``XXR`` / ``142``, an unreadable
    opponent, the player paired with themselves, a shifted field, a colour or result code
    that does not exist, the compatibility conversions."""
    fields = _field_getter(field_count(len(line.text)))(line.text)
    for round_number, text in enumerate(fields, start=1):
        if not text.strip():
            continue
        column = round_column(round_number)
        if declared_rounds is not None and round_number > declared_rounds:
            raise line.error(
                column + len(text) - len(text.lstrip()),
                text.strip(),
                f"nothing: round {round_number} is beyond the number of rounds "
                f"(XXR/142 says {declared_rounds})",
            )
        opponent = (
            rounds.opponent_of[text]
            if text in rounds.opponent_of
            else rounds.results[index][round_number - 1].opponent
        )
        if opponent == start_number:
            raise line.error(
                column,
                text[:4].strip(),
                f"the start number of another player (player {start_number} cannot be paired "
                "against themselves)",
            )
        problem = rounds.problem_of.get(text)
        if problem is not None:
            problem.report(line, column, warnings, round_number)
