"""Koya system, KS (C.07 (2026) Art. 9.2)."""

from __future__ import annotations

from .column import Column
from .context import NO_OPPONENT, Context
from .registry import tiebreak
from .spec import TiebreakSpec


def maximum_games(context: Context) -> int:
    """Games a participant can play, as the FIDE reference engine counts them: the rounds
    considered; in a round robin less the empty slot of an odd-sized event (one per cycle) and
    one game per participant never paired (withdrawn before the start)."""
    games = context.rounds
    if context.predetermined:
        size = context.size
        if size and games % size == 0:
            games -= games // size
        games -= sum(
            1 for row in context.opponents if all(opponent == NO_OPPONENT for opponent in row)
        )
    return games


def koya_limit(context: Context, spec: TiebreakSpec) -> int:
    """Twice the score limit, in units: 50% of the maximum possible score (the points of a win
    per game), moved by n half-points (½ point each, whatever the score system) with ``/L±n``.
    Doubling keeps the half of an odd product exact."""
    return context.win * maximum_games(context) + (spec.koya_limit or 0) * context.unit


@tiebreak("KS", "Koya System", "9.2", "BC", "L")
def koya(context: Context, spec: TiebreakSpec) -> Column:
    """KS: points scored against the participants whose final score is at least 50% of the
    maximum possible score (Art. 9.2). Every round with a scheduled opponent counts: forfeits
    are games with pre-determined pairings (Art. 15.2), and in a Swiss the points awarded
    against the scheduled opponent count too (as in the FIDE reference engine)."""
    doubled_limit = koya_limit(context, spec)
    strong = [2 * score >= doubled_limit for score in context.scores]
    values = []
    for index, opponents in enumerate(context.opponents):
        points = context.points[index]
        values.append(
            sum(
                points[round_index]
                for round_index, opponent in enumerate(opponents)
                if opponent != NO_OPPONENT and strong[opponent]
            )
        )
    return Column(spec, values, context.unit)
