"""Consistency checks of a TRF file once every record is read, and pairing-system detection.

The checks only warn (:class:`~tiebreaks.errors.Diagnostic`); the tie-breaks are computed from
the results as written on each player's own ``001`` record.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from ..errors import Diagnostic, Location
from ..model import ABSENT, Colour, PairingSystem, Player, ResultKind, RoundResult, ScoreSystem
from .trf_fields import format_points
from .trf_player import POINTS_COLUMN, round_column

_COMPLEMENTARY = frozenset(
    {
        (ResultKind.WIN, ResultKind.LOSS),
        (ResultKind.LOSS, ResultKind.WIN),
        (ResultKind.DRAW, ResultKind.DRAW),
        (ResultKind.UNRATED_WIN, ResultKind.UNRATED_LOSS),
        (ResultKind.UNRATED_LOSS, ResultKind.UNRATED_WIN),
        (ResultKind.UNRATED_DRAW, ResultKind.UNRATED_DRAW),
        (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS),
        (ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_WIN),
        (ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_LOSS),
    }
)
_OPPOSITE_COLOURS = frozenset(
    {
        (Colour.WHITE, Colour.BLACK),
        (Colour.BLACK, Colour.WHITE),
        (Colour.NONE, Colour.NONE),
    }
)
_COLOUR_NAMES = {Colour.WHITE: "White", Colour.BLACK: "Black"}

_ROUND_ROBIN_CODES = ("ROUNDROBIN", "ROUND_ROBIN", "SCHEVENINGEN", "BERGER")
_SWISS_CODES = ("FIDE_", "TEAM", "SWISS", "DUTCH", "DUBOV", "BURSTEIN")
_ROUND_ROBIN_WORDS = (
    "robin",
    "berger",
    "rundenturnier",
    "all-play-all",
    "all play all",
    "scheveningen",
)
_SWISS_WORDS = ("swiss", "schweizer", "svizzero", "suisse", "suizo")
_RR_TOKEN = re.compile(r"(?<![A-Za-z0-9])RR(?![A-Za-z0-9])", re.IGNORECASE)


def describe_result(result: RoundResult) -> str:
    """Plain English: ``a draw against player 1 with Black``, ``a half-point bye`` ..."""
    if result.kind is ResultKind.ABSENT:
        return "no game (absent)"
    text = f"a {result.kind.description}"
    if result.opponent is not None:
        text += f" against player {result.opponent}"
    if result.colour in _COLOUR_NAMES:
        text += f" with {_COLOUR_NAMES[result.colour]}"
    return text


def check_pairings(players: Sequence[Player], source: str) -> list[Diagnostic]:
    """Both sides of every game or forfeit must agree (TRF-16 ``001`` records).

    The opponent's record must point back in the same round, with the opposite colour and the
    complementary result (1/0, =/=, W/L, D/D, +/-, and -/- for a double forfeit). A pair
    that disagrees is reported once, on the line of the lower start number.
    """
    by_number = {player.start_number: player for player in players}
    warnings: list[Diagnostic] = []
    for player in players:
        for round_number, mine in enumerate(player.results, start=1):
            if mine.opponent is None or mine.opponent not in by_number:
                continue
            other = by_number[mine.opponent]
            results = other.results
            theirs = results[round_number - 1] if round_number <= len(results) else ABSENT
            problem = _pairing_problem(player.start_number, mine, theirs)
            points_back = theirs.opponent == player.start_number
            if problem is None or (points_back and other.start_number < player.start_number):
                continue
            message = (
                f"round {round_number}: line {player.line} says player {player.start_number} "
                f"had {describe_result(mine)}, but line {other.line} says player "
                f"{other.start_number} had {describe_result(theirs)}; {problem}"
            )
            location = Location(source, player.line or 0, round_column(round_number))
            warnings.append(Diagnostic(message, location))
    return warnings


def _pairing_problem(start_number: int, mine: RoundResult, theirs: RoundResult) -> str | None:
    """What is wrong between the two sides of a pairing, or None if they agree."""
    if theirs.opponent != start_number or not theirs.kind.has_opponent:
        return "the two lines do not name each other as opponents"
    problems = []
    if (mine.colour, theirs.colour) not in _OPPOSITE_COLOURS:
        problems.append("the colours are not opposite")
    if (mine.kind, theirs.kind) not in _COMPLEMENTARY:
        problems.append("the results do not match")
    return " and ".join(problems) or None


def check_stated_points(
    players: Sequence[Player], scoring: ScoreSystem, source: str
) -> list[Diagnostic]:
    """The points column (TRF-16 ``001`` columns 81-84) must equal the recomputed total.

    The total is the sum, over every round, of the points of the score system (``162`` /
    ``XXS``) for the result of the round.
    """
    warnings: list[Diagnostic] = []
    unit = scoring.denominator
    units = {kind: int(value * unit) for kind, value in scoring.points.items()}
    for player in players:
        if player.stated_points is None:
            continue
        total_units = sum(units[result.kind] for result in player.results)
        if total_units * player.stated_points.denominator == (
            player.stated_points.numerator * unit
        ):
            continue
        total = Fraction(total_units, unit)
        if total != player.stated_points:
            system = "" if scoring.is_standard else f" with the score system {scoring}"
            message = (
                f"player {player.start_number} ({player.name}): the points column says "
                f"{format_points(player.stated_points)} but the results add up to "
                f"{format_points(total)}{system}"
            )
            location = Location(source, player.line or 0, POINTS_COLUMN)
            warnings.append(Diagnostic(message, location))
    return warnings


def pairing_system_from_records(type_code: str, type_text: str) -> PairingSystem | None:
    """Pairing system named by TRF26 ``192`` (ETT26 code), else by TRF-16 ``092`` text.

    ``192``: a code containing ROUNDROBIN, SCHEVENINGEN or BERGER is a round robin; other
    ``FIDE_*``, team and Swiss codes are Swiss. ``092`` (any case): swiss, schweizer,
    svizzero, suisse, suizo mean Swiss; robin, berger, rundenturnier, all-play-all,
    scheveningen or the word RR mean round robin (a text naming both decides nothing).
    None when neither record decides.
    """
    code = type_code.upper()
    if any(word in code for word in _ROUND_ROBIN_CODES):
        return PairingSystem.ROUND_ROBIN
    if any(word in code for word in _SWISS_CODES):
        return PairingSystem.SWISS
    text = type_text.lower()
    round_robin = any(word in text for word in _ROUND_ROBIN_WORDS) or bool(
        _RR_TOKEN.search(type_text)
    )
    swiss = any(word in text for word in _SWISS_WORDS)
    if round_robin != swiss:
        return PairingSystem.ROUND_ROBIN if round_robin else PairingSystem.SWISS
    return None


def guess_pairing_system(players: Sequence[Player], rounds: int) -> PairingSystem:
    """Round robin or Swiss from the shape of the cross table, when no record says which.

    A round robin when there are n >= 3 players, the number of rounds is k(n - 1) for n even
    or kn for n odd (k >= 1: single, double ... round robin) and no two players met (a game or
    a forfeit) more than k times. Anything else is Swiss.
    """
    count = len(players)
    cycle = count - 1 if count % 2 == 0 else count
    if count < 3 or rounds == 0 or rounds % cycle != 0:
        return PairingSystem.SWISS
    cycles = rounds // cycle
    meetings: set[tuple[int, int, int]] = set()
    for player in players:
        for round_number, result in enumerate(player.results, start=1):
            if result.kind.has_opponent and result.opponent is not None:
                low, high = sorted((player.start_number, result.opponent))
                meetings.add((round_number, low, high))
    pair_counts = Counter((low, high) for _, low, high in meetings)
    if any(times > cycles for times in pair_counts.values()):
        return PairingSystem.SWISS
    return PairingSystem.ROUND_ROBIN
