"""The participant's own record, the score and the Koya system on arrays: PTS (C.07 (2026)
Art. 4.2), WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), REP (7.6), STD (7.7), TPN (7.8) and
KS (9.2); the columnar form of :mod:`..game_counts` and :mod:`..koya`.

None of these depends on the rules regime: they read the participant's own rounds, and KS the
opponents' plain scores, never the scores adjusted by Art. 16. So every variant (TPN ``/R``,
KS ``/L±n``, every score system, Swiss or pre-determined pairings) is computed here and nothing
is left to the reference path. With pre-determined pairings the empty slot of a round robin is
not a round (Art. 15.2).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

import numpy as np

from ...model import ResultKind
from ..column import Column
from ..context import NO_OPPONENT, Context
from ..families.koya import koya_limit
from ..spec import TiebreakSpec
from .grid import KINDS, Flags, Grid, Integers, grid
from .registry import vectorised

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


#: acronym -> the rounds it counts, for every participant at once (see ..game_counts.COUNTED)
COUNTED: dict[str, Callable[[Context, Grid], Flags]] = {
    "WIN": _wins,
    "WON": _games_won,
    "BPG": _black_games,
    "BWG": _black_wins,
    "REP": _elected,
}


@vectorised(*COUNTED)
def count(context: Context, spec: TiebreakSpec) -> Column:
    """WIN, WON, BPG, BWG, REP: the number of rounds the acronym's test counts (Art. 7.1-7.4,
    7.6)."""
    counted = COUNTED[spec.acronym](context, grid(context))
    return Column(spec, counted.sum(axis=1).tolist())


@vectorised("PTS")
def points(context: Context, spec: TiebreakSpec) -> Column:
    """PTS: the score, every awarded point of the rounds considered (Art. 4.2)."""
    return Column(spec, grid(context).scores.tolist(), context.unit)


def standard_halves(context: Context) -> Integers:
    """Every round's standard points in halves (Art. 7.7): 2 for more than the opponent of a
    game played (without a game: more than the draw value), 1 for as much, 0 for less; 0 for
    the empty slot of a round robin. Shape (participants, rounds)."""
    table = grid(context)
    # the opponent's points of the same round, looked up in the flat array (faster than a 2-D
    # index; "wrap" skips the bounds checks, every cell of a game is in range). A game always
    # has an opponent; other rounds read any cell and take the draw value instead.
    cells = table.opponent * table.rounds + np.arange(table.rounds, dtype=np.int64)
    opponent_points = np.take(table.points.ravel(), cells, mode="wrap")
    other = np.where(table.played, opponent_points, context.draw)
    halves = 2 * (table.points > other) + (table.points == other)
    return np.where(bye_slots(context, table), 0, halves)


@vectorised("STD")
def standard_points(context: Context, spec: TiebreakSpec) -> Column:
    """STD: the sum of the standard points of every round, in halves (Art. 7.7); a double
    forfeit is 0."""
    return Column(spec, standard_halves(context).sum(axis=1).tolist(), 2)


@vectorised("TPN")
def pairing_number(context: Context, spec: TiebreakSpec) -> Column:
    """TPN: the start number, lower is better; ``/R`` reverses (Art. 7.8). The numbers live on
    the players, not in the grid: one C-level pass over them, no arithmetic."""
    numbers = list(map(attrgetter("start_number"), context.tournament.players))
    return Column(spec, numbers, higher_is_better=spec.reverse)


@vectorised("KS")
def koya_system(context: Context, spec: TiebreakSpec) -> Column:
    """KS: the points scored in every round with a scheduled opponent who reached 50% of the
    maximum possible score, moved by ``/L±n`` half-points (Art. 9.2). The limit comes from the
    reference :func:`~tiebreaks.engine.families.koya.koya_limit`, so the rule is written once: a
    few integers in a Swiss; in a round robin (a few hundred participants at most for a large
    field) it also walks the rows once for the participants never paired. The limit is
    doubled, and so are the scores compared with it, so that half of an odd product stays
    exact."""
    table = grid(context)
    strong = 2 * table.scores >= koya_limit(context, spec)
    scheduled = table.opponent != NO_OPPONENT
    counted = scheduled & strong[table.opponent]  # -1 reads the last row, masked out
    values = np.where(counted, table.points, 0).sum(axis=1)
    return Column(spec, values.tolist(), context.unit)
