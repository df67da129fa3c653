"""The round fields of the ``001`` records of a TRF file (TRF-16, FIDE C.04 Annex 2).

Round r of a record is written from column 92 + 10(r - 1): the opponent's start number
(4 columns), a blank, the colour (``w`` / ``b`` any case, ``-`` or blank), a blank, the result
code (``1 = 0 W D L + - U F H Z`` any case, or blank); the two columns after it are ignored.
A blank field is an absence; blank rounds before the last written one are absences.

A file repeats the same few thousand fields: each distinct field (its text) is read once
(:func:`read_round_fields`), into its result, the opponent as written and, for a field that
is not as it should be, a :class:`~.trf_fields.Problem` (an error or a warning, worded from
the round number wherever the field is written). Only the records with a problem are walked
field by field (:func:`report_round_fields`), so the first error and every warning are those
of a reading field after field.

Compatibility conversions (each one reported as a warning):

* a game result code (``1 = 0 W D L + -``) without an opponent is read as a bye:
  ``1 W +`` as a pairing-allocated bye, ``= D`` as a half-point bye, ``0 L -`` as a
  zero-point bye (older programs wrote ``0000 - +`` for the bye);
* a bye code (``U F H Z``) with an opponent keeps the bye and drops the opponent;
* an opponent with a blank result (a round paired but not yet played) is read as absent.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import attrgetter, eq, gt, itemgetter, not_
from typing import NamedTuple, cast

from ...errors import Diagnostic
from ...model import ABSENT, Colour, ResultKind, RoundResult
from ...model.results import checked_round_results
from .trf_fields import Line, Problem, parse_count, parse_each

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


def round_column(round_number: int) -> int:
    """First column (opponent field) of round ``round_number`` in a ``001`` record."""
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_number - 1)


class RoundFields(NamedTuple):
    """The round fields of the ``001`` records of a file, each distinct field read once."""

    #: each record's round fields (8 columns each; the last one shorter if the line is)
    fields: list[tuple[str, ...]]
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


def read_round_fields(
    records: Sequence[str], starts: Sequence[int | None], declared_rounds: int | None
) -> RoundFields:
    """The round fields of ``records`` (the texts of ``001`` records, their start numbers
    ``starts``), each distinct field read once (:func:`_read_distinct`); the records with
    a field to report found in a few passes over all fields."""
    fields = _fields_of(records)
    sizes = list(map(len, fields))
    flat = list(chain.from_iterable(fields))
    first: dict[str, int] = {}  # each distinct field: where it is first in ``flat``
    positions = list(map(first.setdefault, flat, count()))
    distinct_results, problem_of, opponent_of = _read_distinct(list(first))
    by_position = [ABSENT] * len(flat)
    deque(map(by_position.__setitem__, first.values(), distinct_results), 0)
    flat_results = list(map(by_position.__getitem__, positions))
    flagged = _flagged_fields(flat, flat_results, problem_of, starts, sizes)
    if flagged:
        ends = list(accumulate(sizes))
        flagged = {bisect_right(ends, position) for position in flagged}  # field to record
    if declared_rounds is not None:
        longer = compress(range(len(fields)), map(gt, sizes, repeat(declared_rounds)))
        flagged.update(
            index for index in longer if any(map(str.strip, fields[index][declared_rounds:]))
        )
    results = _split(flat_results, fields, records)
    return RoundFields(fields, results, flagged, problem_of, opponent_of)


def _flagged_fields(
    flat: list[str],
    flat_results: list[RoundResult],
    problem_of: dict[str, Problem],
    starts: Sequence[int | None],
    sizes: list[int],
) -> set[int]:
    """The fields (positions in ``flat``, all fields of all records) with a problem or whose
    opponent is their record's own start number."""
    own = chain.from_iterable(map(repeat, starts, sizes))  # each field's record's number
    flagged = set(compress(count(), map(eq, own, map(_OPPONENT, flat_results))))
    if problem_of:
        flagged.update(compress(count(), map(problem_of.__contains__, flat)))
    return flagged


def _read_distinct(
    distinct: list[str],
) -> tuple[list[RoundResult], dict[str, Problem], dict[str, int | None]]:
    """The result of each of the ``distinct`` fields, the problems and the opponents as
    written of those that have one: the opponent part (:func:`_opponent`) and the rest
    (:func:`_code`) of each, each distinct part read once; the fields whose opponent and
    result go together in a few passes over all of them, the others one by one
    (:func:`_reconciled`)."""
    numbers, number_problems = parse_each(list(map(_OPPONENT_PART, distinct)), _opponent)
    codes, code_problems = parse_each(list(map(_CODE_PART, distinct)), _code)
    usual = _usual(numbers, codes)
    usual_numbers, usual_codes = cast(list[int], numbers), cast(list[_Code], codes)
    if usual is not None:
        usual_numbers = cast(list[int], list(compress(numbers, usual)))
        usual_codes = cast(list[_Code], list(compress(codes, usual)))
    results = checked_round_results(  # a game or forfeit always has an opponent here
        map(_KIND, usual_codes),
        map(_NONE_FOR_ZERO.get, usual_numbers, usual_numbers),
        map(_COLOUR, usual_codes),
    )
    if usual is None:
        return results, {}, {}
    together = results
    results = [ABSENT] * len(distinct)
    deque(map(results.__setitem__, compress(range(len(distinct)), usual), together), 0)
    problem_of: dict[str, Problem] = {}
    opponent_of: dict[str, int | None] = {}
    for index in compress(range(len(distinct)), map(not_, usual)):
        text, number, code = distinct[index], numbers[index], codes[index]
        problem = number_problems.get(index) or code_problems.get(index)
        if not text.strip():  # blank (tabs): an absence, as a field of spaces
            problem = None
        elif number is not None and code is not None:  # both parts readable
            results[index], problem = _reconciled(number, code)
        if problem is not None:
            problem_of[text] = problem
            opponent_of[text] = number or None
    return results, problem_of, opponent_of


def _usual(numbers: list[int | None], codes: list[_Code | None]) -> list[bool] | None:
    """Which fields have an opponent exactly when their result needs one (and both parts
    readable); None when they all do (checked by passes in C)."""
    if (
        None not in numbers
        and None not in codes
        and list(map(bool, numbers)) == list(map(_NEEDS_OPPONENT, codes))  # type: ignore[arg-type]
    ):
        return None
    return [
        number is not None and code is not None and code[2] == (number > 0)
        for number, code in zip(numbers, codes, strict=True)
    ]


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
        message = (
            f"round {{round}}: result {kind.value!r} ({kind.description}) without an "
            f"opponent; read as a {bye.description}"
        )
        return RoundResult(bye), Problem(
            7, "", message, warning=True, code="trf.game-without-opponent"
        )
    if needs_opponent:
        return RoundResult(kind, number, colour), None
    if not number:
        return RoundResult(kind), None
    if kind is ResultKind.ABSENT:
        message = (
            f"round {{round}}: paired with player {number} but no result is written; "
            "read as absent (not played)"
        )
    else:
        message = (
            f"round {{round}}: a {kind.description} ({kind.value!r}) cannot have an "
            f"opponent; player {number} is ignored"
        )
    return RoundResult(kind), Problem(
        0, "", message, warning=True, code="trf.opponent-without-game"
    )


_COLOUR = itemgetter(0)
_KIND = itemgetter(1)
_NEEDS_OPPONENT = itemgetter(2)
_OPPONENT_PART = itemgetter(slice(0, 4))
_CODE_PART = itemgetter(slice(4, ROUND_FIELDS_WIDTH))
_OPPONENT = attrgetter("opponent")
_NONE_FOR_ZERO: dict[int | None, None] = {0: None}


def _fields_of(records: Sequence[str]) -> list[tuple[str, ...]]:
    """The round fields of each record: one for each column 92, 102, ... the line reaches."""
    getters = {length: _field_getter(_field_count(length)) for length in set(map(len, records))}
    if len(getters) == 1:
        return list(map(getters.popitem()[1], records))
    return [getters[len(record)](record) for record in records]


def _field_count(length: int) -> int:
    """The number of round fields of a record of ``length`` columns."""
    return len(range(FIRST_ROUND_COLUMN, length + 1, ROUND_WIDTH))


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
    for round_number, text in enumerate(rounds.fields[index], start=1):
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


def _split(
    flat: list[RoundResult], fields: list[tuple[str, ...]], records: Sequence[str]
) -> list[tuple[RoundResult, ...]]:
    """The results of all fields ``flat`` cut into those of each record, up to its last
    written round. The last field of a line is blank only if the line ends in the two
    ignored columns after a round."""
    sizes = list(map(len, fields))
    if len(set(sizes)) == 1 and sizes[0]:
        results = list(zip(*[iter(flat)] * sizes[0], strict=True))
    else:
        remaining = iter(flat)
        results = [tuple(islice(remaining, size)) for size in sizes]
    gap = {n for n in set(map(len, records)) if (n - FIRST_ROUND_COLUMN) % ROUND_WIDTH >= 8}
    for index in compress(range(len(records)), map(gap.__contains__, map(len, records))):
        written = len(fields[index])
        while written and not fields[index][written - 1].strip():
            written -= 1
        results[index] = results[index][:written]
    return results
