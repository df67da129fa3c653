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

from fractions import Fraction
from operator import attrgetter
from typing import NamedTuple

from ..errors import Diagnostic
from ..model import ABSENT, Colour, Player, ResultKind, RoundResult
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


class RoundFieldCache:
    """What the fast path has read so far in one file, to read each distinct text only once.

    ``results``: round fields (8 columns: opponent, colour, result) and the result each one
    gave; ``opponents``: opponent fields (4 columns) and the start number each one gave (0 for
    none). Only fields the fast path accepts are kept; the others are read by the careful path.
    """

    __slots__ = ("opponents", "results")

    def __init__(self) -> None:
        self.results: dict[str, RoundResult] = {" " * ROUND_FIELDS_WIDTH: ABSENT}
        self.opponents: dict[str, int] = {"    ": 0}


def read_player_record(
    line: Line,
    declared_rounds: int | None,
    warnings: list[Diagnostic],
    cache: RoundFieldCache | None = None,
) -> PlayerRecord:
    """Read a TRF-16 ``001`` record; raise InputError on the first malformed field.

    ``declared_rounds`` is the number of rounds of ``XXR`` / ``142`` (None if not given).
    With a ``cache`` the rounds are read by the fast path when the record is regular (and by
    the careful path otherwise); without one, always by the careful path. Both give the same
    results, errors and warnings.
    """
    text = line.text
    start_number = _read_start_number(line)
    rating = _read_rating(line)
    points = _read_points(line)
    rank = _read_rank(line, warnings)
    results = None if cache is None else _fast_results(text, start_number, declared_rounds, cache)
    if results is None:
        results = _careful_results(line, start_number, declared_rounds, warnings)
    last_round = len(results)
    if declared_rounds is not None and last_round < declared_rounds:
        results.extend([ABSENT] * (declared_rounds - last_round))
    player = Player(
        start_number=start_number,
        name=text[14:47].strip(),
        results=tuple(results),
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


def _fast_results(
    record: str, start_number: int, declared_rounds: int | None, cache: RoundFieldCache
) -> list[RoundResult] | None:
    """The fast path: the results of a regular round area (every round field of the usual
    shape, see :func:`_first_reading`, the last one ending the line, no round beyond
    ``XXR`` / ``142``, no pairing with oneself), or None for the careful path to read it."""
    area = record[FIRST_ROUND_COLUMN - 1 :]
    size = len(area)
    if size % ROUND_WIDTH != ROUND_FIELDS_WIDTH or (
        declared_rounds is not None and size > ROUND_WIDTH * declared_rounds
    ):
        return None
    known = cache.results
    get = known.get
    results: list[RoundResult] = []
    append = results.append
    for start in range(0, size, ROUND_WIDTH):
        text = area[start : start + ROUND_FIELDS_WIDTH]
        result = get(text)
        if result is None:
            result = _first_reading(text, cache.opponents)
            if result is None:
                return None
            known[text] = result
        append(result)
    if start_number in map(_OPPONENT, results):
        return None
    return results


def _first_reading(text: str, opponents: dict[str, int]) -> RoundResult | None:
    """The result of a round field of the usual shape, or None: opponent right-aligned ASCII
    digits (``0000`` or blank for none), blank, colour ``w b -`` or blank, blank, result code
    (any case) or blank; a game or forfeit with an opponent, a bye or absence without one.

    A game or forfeit is built by setting the three slots of the ``RoundResult`` directly
    (its ``__post_init__`` check holds: the opponent is a number): half the time of the
    dataclass constructor, which counts for the tens of thousands of distinct rounds of a
    large file.
    """
    fields = _PLAIN_CODES.get(text[4:])
    if fields is None:
        return None
    colour, kind = fields
    opponent_field = text[:4]
    opponent = opponents.get(opponent_field)
    if opponent is None:
        digits = opponent_field.lstrip(" ")
        if not (digits.isdigit() and digits.isascii()):
            return None
        opponent = opponents[opponent_field] = int(digits)
    if not kind.has_opponent:
        return None if opponent else _BYES[kind]
    if not opponent:
        return None
    result: RoundResult = _NEW(RoundResult)
    _SET_KIND(result, kind)
    _SET_OPPONENT(result, opponent)
    _SET_COLOUR(result, colour)
    return result


if RoundResult.__slots__ != ("kind", "opponent", "colour"):  # pragma: no cover
    raise ImportError("trf_player._first_reading must be updated for RoundResult's fields")
_NEW = object.__new__
_SET_KIND = RoundResult.__dict__["kind"].__set__
_SET_OPPONENT = RoundResult.__dict__["opponent"].__set__
_SET_COLOUR = RoundResult.__dict__["colour"].__set__
_OPPONENT = attrgetter("opponent")
_PLAIN_CODES: dict[str, tuple[Colour, ResultKind]] = {
    f" {colour_code} {result_code}": (_COLOURS[colour_code.upper()], kind)
    for colour_code in "wbWB- "
    for code, kind in _RESULT_CODES.items()
    if code
    for result_code in {code, code.lower()}
}
_BYES: dict[ResultKind, RoundResult] = {
    kind: RoundResult(kind) for kind in ResultKind if not kind.has_opponent
}
_BYES[ResultKind.ABSENT] = ABSENT


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
