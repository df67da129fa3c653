"""Tie-breaks on the participant's own record (C.07 (2026) Art. 7, type B) and the score, on
arrays: PTS (Art. 4.2), WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), REP (7.6), STD (7.7) and
TPN (7.8).

None of these depends on the rules regime: they read the participant's own rounds. With
pre-determined pairings a forfeit loss stays an unplayed round for these, and the empty slot
of a round robin is not a round (Art. 15.2); forfeit wins are not counted as games won,
following the FIDE reference engine.

Each count is defined by one test of the whole field's rounds (:data:`COUNTED`), used both to
compute the value and to trace it. Team contexts are ordinary contexts whose participants are
the teams, so PTS, WIN, WON and TPN run unchanged on a team's MP or GP.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction
from operator import attrgetter

import numpy as np
from numpy.typing import NDArray

from ...model import ResultKind
from ..column import Column
from ..context import NO_OPPONENT, Context
from ..grid import KINDS, Flags, Grid, Integers, grid, true_columns
from ..memo import Key
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..trace import Entry, Trace, amount_of, amounts_in, traces


class CountRole(StrEnum):
    """What an entry of this family's traces stands for."""

    #: a round the count counts: adds 1 (WIN, WON, BPG, BWG, REP)
    COUNTED = "counted"
    #: a round's awarded points (PTS)
    AWARDED = "awarded"
    #: a round's points set by an abnormal point assignment (PTS; TRF26 299)
    ASSIGNED = "assigned"
    #: a penalty or a bonus, no round's result (PTS; TRF26 299)
    PENALTY_OR_BONUS = "penalty-or-bonus"
    #: a game: its points compared with the opponent's (STD)
    AGAINST_OPPONENT = "against-opponent"
    #: a round without a game: its points compared with the draw value (STD)
    AGAINST_DRAW = "against-draw"
    #: the pairing number: a lower number ranks higher (TPN)
    LOWER_RANKS_HIGHER = "lower-ranks-higher"
    #: the pairing number with /R: a higher number ranks higher (TPN/R)
    HIGHER_RANKS_HIGHER = "higher-ranks-higher"


#: by result code: a game won over the board, rated or not (Art. 7.2; forfeit wins excluded)
GAME_WON: Flags = np.array(
    [kind in (ResultKind.WIN, ResultKind.UNRATED_WIN) for kind in KINDS], dtype=np.bool_
)


def bye_slots(context: Context, table: Grid) -> Flags:
    """The empty slots of a round robin (no scheduled opponent with pre-determined pairings,
    Art. 15.2): rounds that are not rounds for these tie-breaks. A Swiss has no such slot."""
    if not context.predetermined:
        return np.zeros_like(table.played)
    return table.opponent == NO_OPPONENT  # type: ignore[no-any-return]


def _wins(context: Context, table: Grid) -> Flags:
    """Rounds scored as a win, played or not (Art. 7.1)."""
    return table.points == context.win  # type: ignore[no-any-return]


def _games_won(context: Context, table: Grid) -> Flags:
    """Games won over the board (Art. 7.2)."""
    return GAME_WON[table.kind]


def _black_games(context: Context, table: Grid) -> Flags:
    """Games played over the board with Black (Art. 7.3)."""
    return table.black & table.played


def _black_wins(context: Context, table: Grid) -> Flags:
    """Games won over the board with Black (Art. 7.4)."""
    return table.black & GAME_WON[table.kind]


def _elected(context: Context, table: Grid) -> Flags:
    """Rounds one elected to play: neither a voluntary unplayed round (half- and zero-point
    byes, absences, forfeit losses) nor the empty slot of a round robin (Art. 7.6)."""
    return ~(table.voluntarily_unplayed | bye_slots(context, table))


#: acronym -> the rounds it counts, for every participant at once
COUNTED: dict[str, Callable[[Context, Grid], Flags]] = {
    "WIN": _wins,
    "WON": _games_won,
    "BPG": _black_games,
    "BWG": _black_wins,
    "REP": _elected,
}


def counted_rounds(context: Context, acronym: str) -> Flags:
    """The rounds ``acronym`` counts, shape (participants, rounds); memoised in the context."""
    return context.memo(_COUNTED.of(acronym), lambda: COUNTED[acronym](context, grid(context)))


_COUNTED: Key[Flags] = Key("counted-rounds")
_COUNTED_LISTS: Key[list[list[int]]] = Key("counted-round-lists")
#: every participant's points per round as lists (a page traces every participant's score)
_POINTS_LISTS: Key[list[list[int]]] = Key("points-lists")


def _counted_lists(context: Context, acronym: str) -> list[list[int]]:
    """:func:`counted_rounds` as each participant's list of columns, read once per context
    (a page traces every participant)."""
    return context.memo(
        _COUNTED_LISTS.of(acronym), lambda: true_columns(counted_rounds(context, acronym))
    )


def _count(context: Context, spec: TiebreakSpec) -> Column:
    return Column(spec, counted_rounds(context, spec.acronym).sum(axis=1).tolist())


@traces(*COUNTED)
def trace_count(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per counted round, each adding 1."""
    rounds = _counted_lists(context, spec.acronym)[index]
    one, counted = amount_of(1), CountRole.COUNTED
    entries = tuple([Entry(column + 1, counted, one) for column in rounds])
    return Trace(
        spec, index, amount_of(len(entries)), entries, rules=context.rules.name, is_sum=True
    )


@tiebreak("PTS", "Points", "4.2", "B", "", aliases=("POINTS",), scope="both")
def points(context: Context, spec: TiebreakSpec) -> Column:
    """PTS: the score, every awarded point of the rounds considered (Art. 4.2), with the
    penalties and bonuses of TRF26 299 (:mod:`..assignments`)."""
    scores = grid(context).scores.tolist()
    if context.adjustments:
        scores = [score + extra for score, extra in zip(scores, context.adjustments, strict=True)]
    return Column(spec, scores, context.unit)


def _points_lists(context: Context) -> list[list[int]]:
    """Every participant's points per round as lists, read once per context."""

    def read() -> list[list[int]]:
        rows: list[list[int]] = grid(context).points.tolist()
        return rows

    return context.memo(_POINTS_LISTS, read)


@traces("PTS")
def trace_points(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round with the points it gave (marked when a 299 record set them), then
    the penalties and bonuses."""
    awarded = _points_lists(context)[index]
    amounts, assigned = amounts_in(context.unit), context.assigned
    entries = [
        Entry(
            column + 1,
            CountRole.ASSIGNED if assigned and (index, column) in assigned else CountRole.AWARDED,
            amounts[units],
        )
        for column, units in enumerate(awarded)
    ]
    extra = context.adjustments[index] if context.adjustments else 0
    if extra:
        amount = Fraction(extra, context.unit)
        entries.append(Entry(round=None, role=CountRole.PENALTY_OR_BONUS, amount=amount))
    value = Fraction(sum(awarded) + extra, context.unit)
    return Trace(spec, index, value, tuple(entries), rules=context.rules.name, is_sum=True)


@tiebreak("WIN", "Number of Wins", "7.1", "B", "", scope="both")
def wins(context: Context, spec: TiebreakSpec) -> Column:
    """WIN: rounds in which the participant received as many points as a win, with or without
    playing (forfeit wins, full-point byes, pairing-allocated byes scored as a win)."""
    return _count(context, spec)


@tiebreak("WON", "Number of Games Won", "7.2", "B", "", scope="both")
def games_won(context: Context, spec: TiebreakSpec) -> Column:
    """WON: games won over the board."""
    return _count(context, spec)


@tiebreak("BPG", "Number of Games Played with Black", "7.3", "B", "")
def games_with_black(context: Context, spec: TiebreakSpec) -> Column:
    """BPG: games played over the board with Black."""
    return _count(context, spec)


@tiebreak("BWG", "Number of Games Won with Black", "7.4", "B", "")
def games_won_with_black(context: Context, spec: TiebreakSpec) -> Column:
    """BWG: games won over the board with Black."""
    return _count(context, spec)


@tiebreak("REP", "Rounds one Elected to Play", "7.6", "B", "", aliases=("GE",))
def rounds_elected_to_play(context: Context, spec: TiebreakSpec) -> Column:
    """REP (GE in 2023/2024): the rounds minus half-point byes, zero-point byes (absences
    included) and forfeit losses. The empty slot of a round robin is not a round."""
    return _count(context, spec)


def _compared_points(context: Context, table: Grid) -> Integers:
    """Per round what the points are compared with for the standard points (Art. 7.7): the
    opponent's points of a game played, else the draw value. Shape (participants, rounds)."""
    # the opponent's points of the same round, looked up in the flat array (faster than a 2-D
    # index; "wrap" skips the bounds checks, every cell of a game is in range). A game always
    # has an opponent; other rounds read any cell and take the draw value instead.
    cells = table.opponent * table.rounds + np.arange(table.rounds, dtype=np.int64)
    opponent_points = np.take(table.points.ravel(), cells, mode="wrap")
    return np.where(table.played, opponent_points, context.draw)


def standard_halves(context: Context) -> NDArray[np.int8]:
    """Every round's standard points in halves (Art. 7.7): 2 for more than the opponent of a
    game played (without a game: more than the draw value), 1 for as much, 0 for less; 0 for
    the empty slot of a round robin. Shape (participants, rounds); cached in the context (one
    byte a round)."""

    def compute() -> NDArray[np.int8]:
        table = grid(context)
        other = _compared_points(context, table)
        halves = 2 * (table.points > other) + (table.points == other)
        return np.where(bye_slots(context, table), 0, halves).astype(np.int8)

    return context.memo(_STANDARD_HALVES, compute)


_STANDARD_HALVES: Key[NDArray[np.int8]] = Key("standard-halves")


@tiebreak("STD", "Standard Points", "7.7", "B", "")
def standard_points(context: Context, spec: TiebreakSpec) -> Column:
    """STD: the sum of the standard points of every round, in halves (Art. 7.7); a double
    forfeit is 0, as in the FIDE reference engine."""
    return Column(spec, standard_halves(context).sum(axis=1).tolist(), 2)


@traces("STD")
def trace_standard_points(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round (the empty slot of a round robin is none): the points scored
    (``weight``), what they are compared with (``score``: the opponent's points, or without a
    game the draw value) and the standard points (Art. 7.7)."""
    table = grid(context)
    halves = standard_halves(context)[index].tolist()
    mine = table.points[index].tolist()
    played = table.played[index].tolist()
    opponents = table.opponent[index].tolist()
    other = [
        table.points[opponents[column], column] if played[column] else context.draw
        for column in range(table.rounds)
    ]
    # the empty slots of a round robin are no rounds (Art. 15.2)
    rounds = [
        column
        for column in range(table.rounds)
        if not (context.predetermined and opponents[column] == NO_OPPONENT)
    ]
    entries = tuple(
        Entry(
            round=column + 1,
            role=CountRole.AGAINST_OPPONENT if played[column] else CountRole.AGAINST_DRAW,
            amount=Fraction(halves[column], 2),
            opponent=opponents[column] if played[column] else None,
            score=Fraction(int(other[column]), context.unit),
            weight=Fraction(mine[column], context.unit),
        )
        for column in rounds
    )
    value = Fraction(sum(halves), 2)
    return Trace(spec, index, value, entries, rules=context.rules.name, is_sum=True)


@tiebreak("TPN", "Tournament Pairing Number", "7.8", "B", "R", scope="both")
def pairing_number(context: Context, spec: TiebreakSpec) -> Column:
    """TPN: the start number, lower is better; ``/R`` reverses (Art. 7.8). The numbers live on
    the players, not in the grid: one C-level pass over them, no arithmetic."""
    numbers = list(map(attrgetter("start_number"), context.tournament.players))
    return Column(spec, numbers, higher_is_better=spec.reverse)


@traces("TPN")
def trace_pairing_number(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """The start number (the value) and which way it ranks (the entry's role)."""
    number = context.tournament.players[index].start_number
    role = CountRole.HIGHER_RANKS_HIGHER if spec.reverse else CountRole.LOWER_RANKS_HIGHER
    entry = Entry(round=None, role=role, amount=None)
    return Trace(spec, index, Fraction(number), (entry,), rules=context.rules.name)
