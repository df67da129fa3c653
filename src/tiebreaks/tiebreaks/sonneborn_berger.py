"""Sonneborn-Berger, SB (C.07 (2026) Art. 9.1; historical names Neustadtl, Gelbfuhs)."""

from __future__ import annotations

from .column import Column
from .context import Context
from .contributions import modified_sum
from .opponents import opponent_contributions
from .registry import tiebreak
from .spec import TiebreakSpec
from .unplayed import under_regime


@tiebreak("SB", "Sonneborn-Berger", "9.1", "BC", "CMPV", aliases=("NEUSTADTL",))
def sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """SB: for each round the opponent's score times the points scored against them; unplayed
    rounds against a dummy opponent (Art. 16.4). The cut removes the lowest-scoring opponent,
    among equals the smallest product (Art. 14.1), with the VUR exception of Art. 16.5."""
    context = under_regime(context, spec)
    rows = opponent_contributions(context, spec.forfeits_as_played, weighted=True)
    exception = context.rules.vur_cut_exception
    values = [modified_sum(row, spec.cut, spec.median, exception) for row in rows]
    return Column(spec, values, context.unit * context.unit)
