"""Player record ``001`` of TRF-16 (FIDE C.04 Annex 2), unchanged in TRF26.

Layout (1-based inclusive columns): start number 5-8, sex 10, title 11-13, name 15-47,
FIDE rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84,
rank 86-89, then round r at column 92 + 10(r-1): opponent's start number (4 columns),
colour one column at +5, result code one column at +7.

Compatibility conversions (each one reported as a :class:`~tiebreaks.errors.Diagnostic`):

* a game result code (``1 = 0 W D L + -``) without an opponent is read as a bye:
  ``1 W +`` as a pairing-allocated bye, ``= D`` as a half-point bye, ``0 L -`` as a
  zero-point bye (older programs wrote ``0000 - +`` for the bye);
* a bye code (``U F H Z``) with an opponent keeps the bye and drops the opponent;
* an opponent with a blank result (a round paired but not yet played) is read as absent.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import chain, compress, count, repeat
from operator import attrgetter, itemgetter
from typing import NamedTuple, cast

from ...errors import Diagnostic
from ...model import ABSENT, Colour, Player, ResultKind, RoundResult
from ...model.results import checked_round_results
from .trf_fields import Line, parse_count, parse_decimal

FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10
ROUND_FIELDS_WIDTH = 8
POINTS_COLUMN = 81

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
    "": ResultKind.ABSENT,
    " ": ResultKind.ABSENT,
}
_COLOURS = {
    "W": Colour.WHITE,
    "B": Colour.BLACK,
    "-": Colour.NONE,
    " ": Colour.NONE,
    "": Colour.NONE,
}
_BYE_FOR_GAME_WITHOUT_OPPONENT = {
    2: ResultKind.PAIRING_BYE,
    1: ResultKind.HALF_BYE,
    0: ResultKind.ZERO_BYE,
}
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


def round_column(round_number: int) -> int:
    """First column (opponent field) of round ``round_number`` in a ``001`` record."""
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_number - 1)


class PlayerRecord(NamedTuple):
    """A ``001`` record as read: the player and the line it was read from.

    The player's results are the rounds as written, up to the last round with something
    written in it (``last_round``), then absences up to the number of rounds of ``XXR`` /
    ``142`` if the file gives one.
    """

    player: Player
    line: Line
    last_round: int


def read_player_record(
    line: Line,
    declared_rounds: int | None,
    warnings: list[Diagnostic],
    read_ahead: tuple[RoundResult, ...] | None = None,
) -> PlayerRecord:
    """Read a TRF-16 ``001`` record; raise InputError on the first malformed field.

    ``declared_rounds`` is the number of rounds of ``XXR`` / ``142`` (None if not given).
    ``read_ahead``: the results of the record's rounds as :func:`read_rounds_ahead` gave
    them (the fast path); None to read them with the careful path (the same results, and
    for an unusual record the errors and warnings).
    """
    text = line.text
    start_number = _read_start_number(line)
    rating = _read_rating(line)
    points = _read_points(line)
    rank = _read_rank(line, warnings)
    results = read_ahead
    if results is None:
        results = tuple(_careful_results(line, start_number, declared_rounds, warnings))
    last_round = len(results)
    if declared_rounds is not None and last_round < declared_rounds:
        results += (ABSENT,) * (declared_rounds - last_round)
    player = Player(
        start_number=start_number,
        name=text[14:47].strip(),
        results=results,
        rating=rating,
        sex=text[9:10].strip(),
        title=_normalise_title(text[10:13].strip()),
        federation=text[53:56].strip(),
        fide_id=text[57:68].strip(),
        birth_date=text[69:79].strip(),
        stated_points=points,
        stated_rank=rank,
        line=line.number,
    )
    return PlayerRecord(player, line, last_round)


def read_plain_records(
    lines: Sequence[Line],
    declared_rounds: int | None,
    read_ahead: Sequence[tuple[RoundResult, ...] | None],
) -> list[PlayerRecord | None]:
    """The fast path of :func:`read_player_record` for all records at once: each field of
    all records is read in one C-level pass; a record with its rounds read ahead and plain
    fields (start number, rating, points and rank as digits, or blank where allowed) becomes
    the :class:`PlayerRecord` the careful path would build; any other is None (the careful
    path reads it, with its errors and warnings)."""
    texts = [line.text for line in lines]
    starts = _counts(texts, 4, 8, blank=0)  # 0 (blank or written) is an error
    ratings = _counts(texts, 48, 52, blank=0)  # 0 (blank or written): unrated
    ranks = _counts(texts, 85, 89, blank=-1)  # a written 0 is a warning
    point_texts = _stripped(texts, 80, 84)
    points = [None if not text else parse_decimal(text) for text in point_texts]
    plain = [
        bool(start)
        and rating is not None
        and rank not in (0, None)
        and results is not None
        and (point is not None or not text)
        for start, rating, rank, results, point, text in zip(
            starts, ratings, ranks, read_ahead, points, point_texts, strict=True
        )
    ]
    chosen = list(compress(range(len(texts)), plain))
    records: list[PlayerRecord | None] = [None] * len(texts)
    for index, record in zip(
        chosen,
        _plain_records(
            lines, chosen, declared_rounds, read_ahead, (starts, ratings, ranks, points)
        ),
        strict=True,
    ):
        records[index] = record
    return records


def _plain_records(
    lines: Sequence[Line],
    chosen: list[int],
    declared_rounds: int | None,
    read_ahead: Sequence[tuple[RoundResult, ...] | None],
    numbers: tuple[list[int | None], list[int | None], list[int | None], list[Fraction | None]],
) -> list[PlayerRecord]:
    """The records ``chosen`` (all of whose fields are plain), each field of all of them in
    one C-level pass; the players are built positionally, in the field order of
    :class:`Player`."""
    texts = [lines[index].text for index in chosen]
    starts, ratings, ranks, points = ([column[index] for index in chosen] for column in numbers)
    rounds = [cast(tuple[RoundResult, ...], read_ahead[index]) for index in chosen]
    last_rounds = list(map(len, rounds))
    if declared_rounds is not None:
        rounds = [
            r + (ABSENT,) * (declared_rounds - len(r)) if len(r) < declared_rounds else r
            for r in rounds
        ]
    players = list(
        map(
            Player,
            starts,
            _stripped(texts, 14, 47),
            rounds,
            [rating or None for rating in ratings],
            repeat(None),
            _stripped(texts, 9, 10),
            map(_normalise_title, _stripped(texts, 10, 13)),
            _stripped(texts, 53, 56),
            _stripped(texts, 57, 68),
            _stripped(texts, 69, 79),
            points,
            [None if rank == -1 else rank for rank in ranks],
            repeat(()),
            [lines[index].number for index in chosen],
        )
    )
    return list(map(PlayerRecord, players, map(lines.__getitem__, chosen), last_rounds))


def _stripped(texts: list[str], start: int, end: int) -> list[str]:
    return list(map(str.strip, map(itemgetter(slice(start, end)), texts)))


def _counts(texts: list[str], start: int, end: int, blank: int) -> list[int | None]:
    """The whole number in columns ``start + 1``..``end`` of each text: ``blank`` for an
    empty field, None for anything else than ASCII digits."""
    return [blank if not field else parse_count(field) for field in _stripped(texts, start, end)]


def _read_start_number(line: Line) -> int:
    """Starting rank (pairing number), columns 5-8, 1..9999."""
    text = line.text[4:8].strip()
    number = parse_count(text)
    if number is None or number == 0:
        raise line.error(5, text, "a start number from 1 to 9999 in columns 5-8")
    return number


def _read_rating(line: Line) -> int | None:
    """FIDE rating, columns 49-52; blank or 0 means unrated (None)."""
    text = line.text[48:52].strip()
    if not text:
        return None
    rating = parse_count(text)
    if rating is None:
        raise line.error(49, text, "a rating in columns 49-52 (digits, blank or 0 if unrated)")
    return rating or None


def _read_points(line: Line) -> Fraction | None:
    """Points, columns 81-84 (``6.5``; a decimal comma is accepted); blank means not stated."""
    text = line.text[POINTS_COLUMN - 1 : 84].strip()
    if not text:
        return None
    points = parse_decimal(text)
    if points is None:
        raise line.error(
            POINTS_COLUMN, text, "points in columns 81-84, a decimal number such as 6.5"
        )
    return points


def _read_rank(line: Line, warnings: list[Diagnostic]) -> int | None:
    """Rank, columns 86-89 (informative: a malformed rank is only a warning)."""
    text = line.text[85:89].strip()
    if not text:
        return None
    rank = parse_count(text)
    if rank is None or rank == 0:
        message = f"the rank {text!r} in columns 86-89 is not a positive number; ignored"
        warnings.append(Diagnostic(message, line.location(86), code="trf.rank-not-a-number"))
        return None
    return rank


def _normalise_title(title: str) -> str:
    """FIDE title; the one- and two-letter forms some programs write become GM, IM, WGM ..."""
    upper = title.upper()
    return _SHORT_TITLES.get(upper, upper)


# The fast path ----------------------------------------------------------------------------


def read_rounds_ahead(
    records: Sequence[str], declared_rounds: int | None
) -> list[tuple[RoundResult, ...] | None]:
    """The fast path: the results of the rounds of each ``001`` record (texts) of a file,
    up to its last round field, or None for a record the careful path must read.

    All records are read at once: each distinct round field once, in a few passes over all
    of them, each pass in C (rather than Python code for each field). A record is read here
    when its last round field ends the line, no round goes beyond ``XXR`` / ``142`` and
    every round field has the usual shape (see :data:`_PLAIN_CODES`): an opponent written
    as right-aligned ASCII digits without leading zeros for a game or forfeit, ``0000``,
    ``0`` or blank for a bye or an absence, and not the record's own start number. The
    others may need an error or a warning: the careful path gives them. Raises nothing and
    warns nothing.
    """
    if len(set(map(len, records))) == 1:  # records of one length: the usual file
        uniform = _uniform_rounds_ahead(records, declared_rounds)
        if uniform is not None:
            return uniform
    every: list[str] = []  # the round fields of all records read here, one after another
    cut: list[tuple[int, int]] = []  # those records: index, number of round fields
    for index, record in enumerate(records):
        size = _field_count(record, declared_rounds)
        if size:
            every += _field_getter(size)(record)
            cut.append((index, size))
    first: dict[str, int] = {}  # each distinct field: where it is first in ``every``
    positions = list(map(first.setdefault, every, count()))
    by_position, unusual = _read_distinct_fields(first, len(every))
    read: list[tuple[RoundResult, ...] | None] = [None] * len(records)
    end = 0
    for index, size in cut:
        start, end = end, end + size
        if unusual and not unusual.isdisjoint(every[start:end]):
            continue
        results = tuple(map(by_position.__getitem__, positions[start:end]))
        if not _may_be_paired_with_itself(records[index]) or (
            parse_count(records[index][4:8].strip()) not in map(_OPPONENT, results)
        ):
            read[index] = results
    return read


def _uniform_rounds_ahead(
    records: Sequence[str], declared_rounds: int | None
) -> list[tuple[RoundResult, ...] | None] | None:
    """:func:`read_rounds_ahead` for records that all have the same length, with every step
    a C-level pass over all of them; None when a record has an unusual field (the general
    loop then finds which)."""
    size = _field_count(records[0], declared_rounds)
    if not size:
        return None
    every = list(chain.from_iterable(map(_field_getter(size), records)))
    first: dict[str, int] = {}
    positions = list(map(first.setdefault, every, count()))
    by_position, unusual = _read_distinct_fields(first, len(every))
    if unusual:
        return None
    results = list(map(by_position.__getitem__, positions))
    read: list[tuple[RoundResult, ...] | None] = list(zip(*[iter(results)] * size, strict=True))
    for index in compress(range(len(records)), map(_may_be_paired_with_itself, records)):
        own = parse_count(records[index][4:8].strip())
        if own in map(_OPPONENT, cast(tuple[RoundResult, ...], read[index])):
            read[index] = None
    return read


def _may_be_paired_with_itself(record: str) -> bool:
    """False when the record's start number (columns 5-8) is right-aligned digits without
    leading zeros and written nowhere in its round area, so that no opponent field of the
    usual shape (the same way of writing) names it."""
    own = record[4:8]
    digits = own.lstrip(" ")
    if not (digits.isdigit() and digits.isascii()) or digits[0] == "0":
        return True
    return record.find(own, FIRST_ROUND_COLUMN - 1) >= 0


def _field_count(record: str, declared_rounds: int | None) -> int:
    """The number of round fields of a record whose last round field ends the line and whose
    rounds do not go beyond ``XXR`` / ``142``; 0 for any other record (also one without
    rounds)."""
    size = len(record) - (FIRST_ROUND_COLUMN - 1)  # of the round area
    count = size // ROUND_WIDTH + 1
    if (
        size <= 0
        or size % ROUND_WIDTH != ROUND_FIELDS_WIDTH
        or (declared_rounds is not None and count > declared_rounds)
    ):
        return 0
    return count


@lru_cache(maxsize=64)
def _field_getter(count: int) -> Callable[[str], tuple[str, ...]]:
    """A function giving the fields of rounds 1..count of a record (8 columns each)."""
    slices = [
        slice(column - 1, column - 1 + ROUND_FIELDS_WIDTH)
        for column in range(FIRST_ROUND_COLUMN, round_column(count + 1), ROUND_WIDTH)
    ]
    if count == 1:
        return lambda record: (record[slices[0]],)
    return itemgetter(*slices)  # a tuple of all of them in one call in C


def _read_distinct_fields(first: dict[str, int], size: int) -> tuple[list[RoundResult], set[str]]:
    """The result of each distinct round field (the keys of ``first``) at the position where
    it is first (a list of ``size``), and the fields of another shape than the usual one
    (their positions are left ABSENT and must not be used)."""
    distinct = list(first)
    usual, codes, numbers = _usual_only(
        distinct,
        list(map(_PLAIN_CODES.get, map(_CODE_PART, distinct))),
        _opponent_numbers(list(map(_OPPONENT_PART, distinct))),
    )
    results = checked_round_results(  # a game or forfeit always has an opponent here
        map(_KIND_PART, codes),
        map(_NONE_FOR_ZERO.get, numbers, numbers),
        map(_COLOUR_PART, codes),
    )
    by_position: list[RoundResult] = [ABSENT] * size
    firsts = first.values() if usual is distinct else map(first.__getitem__, usual)
    deque(map(by_position.__setitem__, firsts, results), 0)
    return by_position, set() if usual is distinct else set(distinct).difference(usual)


def _opponent_numbers(fields: list[str]) -> list[int]:
    """The start number in each opponent field (4 columns): blanks then ASCII digits without
    leading zeros, 0 for ``0000``, ``   0`` or blank, -1 for anything else."""
    numbers = {"    ": 0, "0000": 0, "   0": 0}
    for field in set(fields).difference(numbers):
        digits = field.lstrip(" ")
        usual = digits.isdigit() and digits.isascii() and digits[0] != "0"
        numbers[field] = int(digits) if usual else -1
    return list(map(numbers.__getitem__, fields))


def _usual_only(
    fields: list[str], codes: list[_Code | None], numbers: list[int]
) -> tuple[list[str], list[_Code], list[int]]:
    """The round fields of the usual shape among ``fields`` (with their codes and numbers):
    a known code, a number of the usual shape, an opponent exactly for a game or forfeit.
    ``fields`` itself when they all are (checked by passes in C)."""
    if None not in codes and -1 not in numbers:
        known_codes = cast(list[_Code], codes)
        if list(map(bool, numbers)) == list(map(_NEEDS_OPPONENT, known_codes)):
            return fields, known_codes, numbers
    usual = [
        (field, code, number)
        for field, code, number in zip(fields, codes, numbers, strict=True)
        if code is not None and number >= 0 and code[2] == (number > 0)
    ]
    return [row[0] for row in usual], [row[1] for row in usual], [row[2] for row in usual]


_Code = tuple[Colour, ResultKind, bool]
"""What the colour and result columns of a round field say: the colour of the result (none
for a bye), its kind, and whether it needs an opponent."""

_PLAIN_CODES: dict[str, _Code] = {
    f" {colour_code} {result_code}": (
        _COLOURS[colour_code.upper()] if kind.has_opponent else Colour.NONE,
        kind,
        kind.has_opponent,
    )
    for colour_code in "wbWB- "
    for code, kind in _RESULT_CODES.items()
    if code
    for result_code in {code, code.lower()}
}
"""The columns +4 to +7 of a round field of the usual shape: a blank, the colour (``w b -``
or blank, any case), a blank, the result code (any case) or a blank: ``" w 1"``,
``" - U"``, ``" b d"``."""

_COLOUR_PART = itemgetter(0)
_KIND_PART = itemgetter(1)
_NEEDS_OPPONENT = itemgetter(2)
_OPPONENT_PART = itemgetter(slice(0, 4))
_CODE_PART = itemgetter(slice(4, ROUND_FIELDS_WIDTH))
_NONE_FOR_ZERO: dict[int, None] = {0: None}
_OPPONENT = attrgetter("opponent")


# The careful path -------------------------------------------------------------------------


def _careful_results(
    line: Line, start_number: int, declared_rounds: int | None, warnings: list[Diagnostic]
) -> list[RoundResult]:
    """The careful path: every round whose fields (columns 92-99, 102-109 ...) are not blank,
    read field by field with an error or warning for anything unusual; blank rounds before the
    last written one are absences.

    Characters in the two columns after a result (100-101, 110-111 ...) are ignored. A
    non-blank round beyond the number of rounds declared by ``XXR`` / ``142`` is an error.
    """
    results: list[RoundResult] = []
    record = line.text
    for round_number, column in enumerate(
        range(FIRST_ROUND_COLUMN, len(record) + 1, ROUND_WIDTH), start=1
    ):
        text = record[column - 1 : column - 1 + ROUND_FIELDS_WIDTH]
        if text.strip():
            if declared_rounds is not None and round_number > declared_rounds:
                offset = len(text) - len(text.lstrip())
                raise line.error(
                    column + offset,
                    text.strip(),
                    f"nothing: round {round_number} is beyond the number of rounds "
                    f"(XXR/142 says {declared_rounds})",
                )
            results.extend([ABSENT] * (round_number - 1 - len(results)))
            results.append(_read_round_slot(line, round_number, start_number, warnings))
    return results


def _read_round_slot(
    line: Line, round_number: int, start_number: int, warnings: list[Diagnostic]
) -> RoundResult:
    """Opponent (4 columns), colour (+5) and result (+7) of one round."""
    column = round_column(round_number)
    opponent = _read_opponent(line, column)
    if opponent == start_number:
        raise line.error(
            column,
            line.field(column, column + 3).strip(),
            f"the start number of another player (player {start_number} cannot be paired "
            "against themselves)",
        )
    for separator in (column + 4, column + 6):
        text = line.field(separator, separator)
        if text.strip():
            raise line.error(
                separator,
                text,
                f"a blank column {separator} between the fields of round {round_number} "
                "(is the line shifted?)",
            )
    colour = _read_colour(line, column + 5)
    kind = _read_result_code(line, column + 7)
    return _reconcile(line, round_number, (kind, opponent, colour), warnings)


def _read_opponent(line: Line, column: int) -> int | None:
    """Opponent's start number; ``0000`` or blank means none."""
    text = line.field(column, column + 3).strip()
    if not text:
        return None
    number = parse_count(text)
    if number is None:
        raise line.error(
            column,
            text,
            f"an opponent's start number in columns {column}-{column + 3} (0000 or blank for none)",
        )
    return number or None


def _read_colour(line: Line, column: int) -> Colour:
    """Colour ``w`` / ``b`` (any case); ``-`` or blank means none."""
    text = line.field(column, column)
    colour = _COLOURS.get(text.upper())
    if colour is None:
        raise line.error(column, text, f"a colour in column {column}: 'w', 'b', '-' or blank")
    return colour


def _read_result_code(line: Line, column: int) -> ResultKind:
    """Result code of TRF-16: ``1 = 0 W D L + - U F H Z`` (any case) or blank."""
    text = line.field(column, column)
    kind = _RESULT_CODES.get(text.upper())
    if kind is None:
        raise line.error(
            column,
            text,
            f"a result code in column {column}: one of 1 = 0 W D L + - U F H Z, or blank",
        )
    return kind


def _reconcile(
    line: Line,
    round_number: int,
    written: tuple[ResultKind, int | None, Colour],
    warnings: list[Diagnostic],
) -> RoundResult:
    """Apply the compatibility conversions of the module docstring, with a warning each."""
    kind, opponent, colour = written
    column = round_column(round_number)
    if kind.has_opponent and opponent is None:
        outcome = kind.outcome if kind.outcome is not None else 0
        bye = _BYE_FOR_GAME_WITHOUT_OPPONENT[outcome]
        message = (
            f"round {round_number}: result {kind.value!r} ({kind.description}) without an "
            f"opponent; read as a {bye.description}"
        )
        warnings.append(
            Diagnostic(message, line.location(column + 7), code="trf.game-without-opponent")
        )
        return RoundResult(bye)
    if kind.has_opponent:
        return RoundResult(kind, opponent, colour)
    if opponent is not None:
        if kind is ResultKind.ABSENT:
            message = (
                f"round {round_number}: paired with player {opponent} but no result is "
                "written; read as absent (not played)"
            )
        else:
            message = (
                f"round {round_number}: a {kind.description} ({kind.value!r}) cannot have an "
                f"opponent; player {opponent} is ignored"
            )
        warnings.append(
            Diagnostic(message, line.location(column), code="trf.opponent-without-game")
        )
    return RoundResult(kind)
