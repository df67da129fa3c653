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

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ..errors import Diagnostic
from ..model import Colour, Player, ResultKind, RoundResult
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


class RoundSlot(NamedTuple):
    """One non-blank round of a ``001`` record: where it was written and how it was read."""

    round_number: int
    column: int
    text: str
    result: RoundResult


@dataclass(frozen=True)
class PlayerRecord:
    """A ``001`` record as read: the player without results, and its non-blank rounds."""

    player: Player
    line: Line
    slots: tuple[RoundSlot, ...]

    @property
    def last_round(self) -> int:
        """The highest round with something written in it (0 if none)."""
        return max((slot.round_number for slot in self.slots), default=0)


def read_player_record(
    line: Line, declared_rounds: int | None, warnings: list[Diagnostic]
) -> PlayerRecord:
    """Read a TRF-16 ``001`` record; raise InputError on the first malformed field.

    ``declared_rounds`` is the number of rounds of ``XXR`` / ``142`` (None if not given).
    """
    start_number = _read_start_number(line)
    player = Player(
        start_number=start_number,
        name=line.field(15, 47).strip(),
        results=(),
        rating=_read_rating(line),
        sex=line.field(10, 10).strip(),
        title=_normalise_title(line.field(11, 13).strip()),
        federation=line.field(54, 56).strip(),
        fide_id=line.field(58, 68).strip(),
        birth_date=line.field(70, 79).strip(),
        stated_points=_read_points(line),
        stated_rank=_read_rank(line, warnings),
        line=line.number,
    )
    slots = _read_round_slots(line, start_number, declared_rounds, warnings)
    return PlayerRecord(player, line, slots)


def _read_start_number(line: Line) -> int:
    """Starting rank (pairing number), columns 5-8, 1..9999."""
    text = line.field(5, 8).strip()
    number = parse_count(text)
    if number is None or number == 0:
        raise line.error(5, text, "a start number from 1 to 9999 in columns 5-8")
    return number


def _read_rating(line: Line) -> int | None:
    """FIDE rating, columns 49-52; blank or 0 means unrated (None)."""
    text = line.field(49, 52).strip()
    if not text:
        return None
    rating = parse_count(text)
    if rating is None:
        raise line.error(49, text, "a rating in columns 49-52 (digits, blank or 0 if unrated)")
    return rating or None


def _read_points(line: Line) -> Fraction | None:
    """Points, columns 81-84 (``6.5``; a decimal comma is accepted); blank means not stated."""
    text = line.field(POINTS_COLUMN, 84).strip()
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
    text = line.field(86, 89).strip()
    if not text:
        return None
    rank = parse_count(text)
    if rank is None or rank == 0:
        message = f"the rank {text!r} in columns 86-89 is not a positive number; ignored"
        warnings.append(Diagnostic(message, line.location(86)))
        return None
    return rank


def _normalise_title(title: str) -> str:
    """FIDE title; the one- and two-letter forms some programs write become GM, IM, WGM ..."""
    upper = title.upper()
    return _SHORT_TITLES.get(upper, upper)


def _read_round_slots(
    line: Line, start_number: int, declared_rounds: int | None, warnings: list[Diagnostic]
) -> tuple[RoundSlot, ...]:
    """Every round of the record whose fields (columns 92-99, 102-109 ...) are not blank.

    Characters in the two columns after a result (100-101, 110-111 ...) are ignored. A
    non-blank round beyond the number of rounds declared by ``XXR`` / ``142`` is an error.
    """
    slots: list[RoundSlot] = []
    make = tuple.__new__  # builds the NamedTuple without its Python-level __new__ (hot loop)
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
            result = _plain_round(text) or _read_round_slot(
                line, round_number, start_number, warnings
            )
            if result.opponent == start_number:
                result = _read_round_slot(line, round_number, start_number, warnings)
            slots.append(make(RoundSlot, (round_number, column, text, result)))
    return tuple(slots)


_COLOUR_AND_RESULT: dict[str, tuple[Colour, ResultKind]] = {
    colour_code + result_code: (_COLOURS[colour_code.upper()], _RESULT_CODES[result_code.upper()])
    for colour_code in ("w", "b", "W", "B", "-", " ")
    for result_code in (*_RESULT_CODES, *(code.lower() for code in _RESULT_CODES))
    if colour_code.upper() in _COLOURS
}


def _plain_round(text: str) -> RoundResult | None:
    """Fast path for the usual round fields (``  12 w 1``, `` 0000 - U``): the result, or None
    when anything is unusual and the careful path must read (and report) it."""
    if len(text) < 8 or text[4] != " " or text[6] != " ":
        return None
    fields = _COLOUR_AND_RESULT.get(text[5] + text[7])
    if fields is None:
        return None
    colour, kind = fields
    digits = text[:4].strip()
    if not digits.isascii() or not digits.isdigit():
        return None if digits else (None if kind.has_opponent else _bye(kind))
    opponent = int(digits)
    if kind.has_opponent:
        return RoundResult(kind, opponent, colour) if opponent else None
    return _bye(kind) if opponent == 0 else None


_BYE_RESULTS: dict[ResultKind, RoundResult] = {}


def _bye(kind: ResultKind) -> RoundResult:
    """The (shared) result of a round without opponent."""
    result = _BYE_RESULTS.get(kind)
    if result is None:
        result = _BYE_RESULTS[kind] = RoundResult(kind)
    return result


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
        warnings.append(Diagnostic(message, line.location(column + 7)))
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
        warnings.append(Diagnostic(message, line.location(column)))
    return RoundResult(kind)
