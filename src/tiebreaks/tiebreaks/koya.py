"""Koya system, KS (C.07 (2026) Art. 9.2)."""

from __future__ import annotations

from .column import Column
from .context import NO_OPPONENT, Context
from .registry import tiebreak
from .spec import TiebreakSpec
from .unplayed import adjusted_scores


def maximum_games(context: Context) -> int:
    """Games a participant can play: the most rounds with a scheduled opponent of anyone.

    In a single round robin of P players this is P - 1 (2(P - 1) double): the empty slot of an
    odd-sized round robin is not a game, and participants never paired do not count.
    """
    counts = (sum(1 for opponent in row if opponent != NO_OPPONENT) for row in context.opponents)
    return max(counts, default=0)


def koya_limit(context: Context, spec: TiebreakSpec) -> int:
    """Twice the score limit, in units: 50% of the maximum possible score (W per game), moved
    by n half-points with ``/L±n`` (a half-point is half the points of a win)."""
    return context.win * maximum_games(context) + (spec.koya_limit or 0) * context.win


@tiebreak("KS", "Koya System", "9.2", "BC", "L")
def koya(context: Context, spec: TiebreakSpec) -> Column:
    """KS: points scored against the participants whose final score is at least 50% of the
    maximum possible score (Art. 9.2). Forfeits count as games with pre-determined pairings
    (Art. 15.2)."""
    doubled_limit = koya_limit(context, spec)
    scores = adjusted_scores(context)
    strong = [2 * score >= doubled_limit for score in scores]
    values = []
    for index in range(context.size):
        total = 0
        for round_index, opponent in enumerate(context.opponents[index]):
            if (
                opponent != NO_OPPONENT
                and strong[opponent]
                and context.counts_as_game(index, round_index, forfeits_as_played=False)
            ):
                total += context.points[index][round_index]
        values.append(total)
    return Column(spec, values, context.unit)
