"""Player record ``001`` of TRF-16 (FIDE C.04 Annex 2), unchanged in TRF26.

Layout (1-based inclusive columns): start number 5-8, sex 10, title 11-13, name 15-47,
FIDE rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84,
rank 86-89, then the round fields from column 92 (:mod:`.trf_round_fields`).

All the records of a file are read at once, column by column, over their characters as one
array (:func:`.trf_fields.char_matrix`): a number written plain is read for every record in a
few array operations (:func:`.trf_fields.read_digits`), any other text (blank, a tab, a
mistake) by its parser, each distinct one once, into its value or a
:class:`~.trf_fields.Problem`; then only the records with a problem (or a start number
already used) are walked, in file order and field order, so that the first error raised and
the warnings are exactly those of a reading record after record, field after field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import repeat
from operator import itemgetter
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import N_, Diagnostic
from ...model import ABSENT, Player
from ...model.tournament import built_players
from .trf_fields import (
    Line,
    Problem,
    char_matrix,
    parse_count,
    parse_decimal,
    parse_each,
    read_digits,
)
from .trf_round_fields import (
    FIRST_ROUND_COLUMN,
    ROUND_WIDTH,
    ResultCodes,
    RoundFields,
    field_count,
    read_round_fields,
    report_round_fields,
    round_column,
)

__all__ = [
    "FIRST_ROUND_COLUMN",
    "POINTS_COLUMN",
    "ROUND_WIDTH",
    "PlayerRecord",
    "ResultCodes",
    "read_player_records",
    "read_player_table",
    "round_column",
]

POINTS_COLUMN = 81

_SHORT_TITLES = {
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "C": "CM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "WC": "WCM",
}


class PlayerRecord(NamedTuple):
    """A ``001`` record as read: the player and the line it was read from.

    The player's results are the rounds as written, up to the last round with something
    written in it (``last_round``), then absences up to the number of rounds of ``XXR`` /
    ``142`` if the file gives one.
    """

    player: Player
    line: Line
    last_round: int


def _start_number(text: str) -> int | Problem:
    """Starting rank (pairing number), columns 5-8, 1..9999."""
    number = parse_count(text)
    if not number:
        return Problem(0, text, "a start number from 1 to 9999 in columns 5-8")
    return number


def _rating(text: str) -> int | Problem | None:
    """FIDE rating, columns 49-52; blank or 0 means unrated (None)."""
    if not text:
        return None
    rating = parse_count(text)
    if rating is None:
        return Problem(0, text, "a rating in columns 49-52 (digits, blank or 0 if unrated)")
    return rating or None


def _points(text: str) -> Fraction | Problem | None:
    """Points, columns 81-84 (``6.5``; a decimal comma is accepted); blank means not stated."""
    if not text:
        return None
    points = parse_decimal(text)
    if points is None:
        return Problem(0, text, "points in columns 81-84, a decimal number such as 6.5")
    return points


def _rank(text: str) -> int | Problem | None:
    """Rank, columns 86-89 (informative: a malformed rank is only a warning)."""
    if not text:
        return None
    rank = parse_count(text)
    if not rank:
        message = N_("the rank %(text)s in columns 86-89 is not a positive number; ignored")
        fields = (("text", repr(text)),)
        return Problem(0, text, message, warning=True, code="trf.rank-not-a-number", fields=fields)
    return rank


_NUMBER_FIELDS: tuple[tuple[int, int, Callable[[str], Any]], ...] = (
    (5, 8, _start_number),
    (49, 52, _rating),
    (POINTS_COLUMN, 84, _points),
    (86, 89, _rank),
)
"""The fields read as numbers, in field order: first and last column, parser."""


def read_player_records(
    lines: Sequence[Line], declared_rounds: int | None, warnings: list[Diagnostic]
) -> list[PlayerRecord]:
    """Read the ``001`` records ``lines`` (in file order); raise InputError on the first
    malformed field, or on a start number given twice, and add the warnings to
    ``warnings``.

    ``declared_rounds`` is the number of rounds of ``XXR`` / ``142`` (None if not given).
    """
    return read_player_table(lines, declared_rounds, warnings)[0]


def read_player_table(
    lines: Sequence[Line], declared_rounds: int | None, warnings: list[Diagnostic]
) -> tuple[list[PlayerRecord], ResultCodes]:
    """:func:`read_player_records`, and the results of the records as the columns they were
    read from (for the consistency check, which then need not read them again)."""
    texts = [line.text for line in lines]
    chars = char_matrix(texts, round_column(field_count(max(map(len, texts))) + 1) - 1)
    columns = [_number_column(texts, chars, *number_field) for number_field in _NUMBER_FIELDS]
    starts: list[int | None] = columns[0][0]
    rounds = read_round_fields(texts, chars, starts, declared_rounds)
    flagged = set(rounds.flagged)
    for _, problems in columns:
        flagged.update(problems)
    first_of = dict(zip(reversed(starts), range(len(starts) - 1, -1, -1), strict=True))
    if len(first_of) < len(starts):
        flagged.update(index for index, start in enumerate(starts) if first_of[start] != index)
    for index in sorted(flagged):
        _report(index, lines, columns, rounds, declared_rounds, warnings, first_of)
    records = _records(lines, texts, [values for values, _ in columns], rounds, declared_rounds)
    return records, rounds.columns


def _number_column(
    texts: list[str],
    chars: npt.NDArray[np.uint8],
    first: int,
    last: int,
    parse: Callable[[str], Any],
) -> tuple[list[Any], dict[int, Problem]]:
    """The values of one number field (columns ``first``..``last``) of every record, and the
    problems by record: a positive whole number written plain
    (:func:`.trf_fields.read_digits`) is read in one pass over the column; every other text
    (blank, 0, a decimal, a tab, a mistake) by ``parse``, stripped, each distinct one once."""
    if last - first + 1 > _MAX_DIGITS:  # pragma: no cover (the layout's fields are short)
        raise ValueError("a number field wider than read_digits reads")
    numbers, plain = read_digits(chars[:, first - 1 : last])
    plain &= numbers > 0
    values: list[Any] = numbers.tolist()
    others = np.flatnonzero(~plain).tolist()
    if not others:
        return values, {}
    written = map(itemgetter(slice(first - 1, last)), map(texts.__getitem__, others))
    parsed, problems = parse_each(list(map(str.strip, written)), parse)
    for index, value in zip(others, parsed, strict=True):
        values[index] = value
    return values, {others[position]: problem for position, problem in problems.items()}


_MAX_DIGITS = 9


def _report(
    index: int,
    lines: Sequence[Line],
    columns: list[tuple[list[Any], dict[int, Problem]]],
    rounds: RoundFields,
    declared_rounds: int | None,
    warnings: list[Diagnostic],
    first_of: dict[int | None, int],
) -> None:
    """The errors (the first one raised) and warnings of record ``index``, in field order;
    then a start number already used by an earlier record is an error."""
    line = lines[index]
    for (first, _, _), (_, problems) in zip(_NUMBER_FIELDS, columns, strict=True):
        problem = problems.get(index)
        if problem is not None:
            problem.report(line, first, warnings)
    start: int = columns[0][0][index]
    report_round_fields(line, index, start, declared_rounds, rounds, warnings)
    first = first_of[start]
    if first != index:
        raise line.error(
            5,
            line.field(5, 8).strip(),
            f"a start number not used before (line {lines[first].number} already has "
            f"player {start})",
        )


def _records(
    lines: Sequence[Line],
    texts: list[str],
    numbers: list[list[Any]],
    rounds: RoundFields,
    declared_rounds: int | None,
) -> list[PlayerRecord]:
    """The records once checked, each field of all of them in one pass; the players are
    built positionally, in the field order of :class:`Player`."""
    starts, ratings, points, ranks = numbers
    results = rounds.results
    last_rounds = list(map(len, results))
    if declared_rounds is not None:
        results = [
            r + (ABSENT,) * (declared_rounds - len(r)) if len(r) < declared_rounds else r
            for r in results
        ]
    titles = _stripped(texts, 10, 13)
    normalised = {title: _normalise_title(title) for title in set(titles)}
    players = built_players(
        starts,
        _stripped(texts, 14, 47),
        results,
        ratings,
        repeat(None, len(starts)),
        _stripped(texts, 9, 10),
        map(normalised.__getitem__, titles),
        _stripped(texts, 53, 56),
        _stripped(texts, 57, 68),
        _stripped(texts, 69, 79),
        points,
        ranks,
        repeat((), len(starts)),
        [line.number for line in lines],
    )
    return list(
        map(_new_tuple, repeat(PlayerRecord), zip(players, lines, last_rounds, strict=True))
    )


_new_tuple = tuple.__new__  # a named tuple without its Python __new__


def _stripped(texts: list[str], start: int, end: int) -> list[str]:
    """Columns ``start + 1``..``end`` of each text, stripped."""
    return list(map(str.strip, map(itemgetter(slice(start, end)), texts)))


def _normalise_title(title: str) -> str:
    """FIDE title; the one- and two-letter forms some programs write become GM, IM, WGM ..."""
    upper = title.upper()
    return _SHORT_TITLES.get(upper, upper)
