"""Sonneborn-Berger, SB (C.07 (2026) Art. 9.1; historical names Neustadtl, Gelbfuhs), on
arrays."""

from __future__ import annotations

import numpy as np

from ..column import Column
from ..context import Context
from ..grid import Integers, grid
from ..memo import Key
from ..opponents import opponent_sum_trace
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contributions, modified_sums, opponent_contributions
from ..trace import Trace, traces
from ..unplayed import under_regime

#: the weighted contributions, with forfeits counted as games (``/P``) or not
_ITEMS: Key[Contributions] = Key("sonneborn-berger-items")


def sonneborn_berger_items(context: Context, spec: TiebreakSpec) -> Contributions:
    """Per round the opponent's (or stand-in's) score times the points scored, in units
    squared; ``context`` already under the regime. Made once per context (each
    participant's trace reads its row)."""
    forfeits = spec.forfeits_as_played
    return context.memo(
        _ITEMS.of(forfeits, spec.program),
        lambda: opponent_contributions(context, forfeits).weighted(weights(context, spec)),
    )


def weights(context: Context, spec: TiebreakSpec) -> Integers:
    """What each round's score is multiplied by: the points scored (Art. 9.1); with ``/SM``
    (Swiss-Manager's "modified points, analogous to Buchholz") an own round without a game
    counted weighs as a draw whatever its result (forfeit win or loss, bye, absence), where
    C.07 (and C.02 13.16, 2009) keep the round's real result."""
    table = grid(context)
    if spec.program != "SM":
        return table.points
    counted = table.played
    if spec.forfeits_as_played or context.predetermined:
        counted = counted | table.forfeit
    return np.where(counted, table.points, context.draw)


@tiebreak("SB", "Sonneborn-Berger", "9.1", "BC", "CMPVS", aliases=("NEUSTADTL",))
def sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """SB: for each round the opponent's score times the points scored against them; unplayed
    rounds against a dummy opponent (Art. 16.4). The cut removes the lowest-scoring opponent,
    among equals the smallest product (Art. 14.1), with the VUR exception of Art. 16.5."""
    base = under_regime(context, spec)
    items = sonneborn_berger_items(base, spec)
    values = modified_sums(items, spec.cut, spec.median, base.rules.vur_cut_exception)
    return Column(spec, values.tolist(), context.unit * context.unit)


@traces("SB")
def trace_sonneborn_berger(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """Per round the score counted, the points scored and their product (Art. 9.1)."""
    base = under_regime(context, spec)
    items = sonneborn_berger_items(base, spec)
    return opponent_sum_trace(base, spec, index, items, weights=weights(base, spec))
