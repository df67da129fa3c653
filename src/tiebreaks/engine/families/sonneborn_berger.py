"""Sonneborn-Berger, SB (C.07 (2026) Art. 9.1; historical names Neustadtl, Gelbfuhs)."""

from __future__ import annotations

from fractions import Fraction

from ..column import Column
from ..context import Context
from ..explanation import Explanation, explains, sum_explanation
from ..opponents import opponent_contributions
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contribution, SumDefinition
from ..unplayed import under_regime
from ..wording import opponent_round_text, share_text, unplayed_round_text


@tiebreak("SB", "Sonneborn-Berger", "9.1", "BC", "CMPV", aliases=("NEUSTADTL",))
def sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """SB: for each round the opponent's score times the points scored against them; unplayed
    rounds against a dummy opponent (Art. 16.4). The cut removes the lowest-scoring opponent,
    among equals the smallest product (Art. 14.1), with the VUR exception of Art. 16.5."""
    definition = sonneborn_berger_sum(under_regime(context, spec), spec)
    return Column(spec, definition.values(), definition.denominator)


def sonneborn_berger_sum(context: Context, spec: TiebreakSpec) -> SumDefinition:
    """SB as a sum: per round the opponent's (or stand-in's) score times the points scored;
    ``context`` already under the regime."""
    rows = opponent_contributions(context, spec.forfeits_as_played, weighted=True)
    exception = context.rules.vur_cut_exception
    return SumDefinition(rows, spec.cut, spec.median, exception, context.unit * context.unit)


def _sonneborn_berger_line(context: Context, index: int, contribution: Contribution) -> str:
    round_index = contribution.round - 1
    if contribution.opponent >= 0:
        text = opponent_round_text(context, index, round_index, contribution.opponent)
    else:
        text = unplayed_round_text(context, index, round_index)
    scored = context.points[index][round_index]
    return f"{text}: {share_text(context, scored, Fraction(contribution.key, context.unit))}"


@explains("SB")
def explain_sonneborn_berger(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """SB (Art. 9.1): per round the opponent's score times the points scored against them."""
    base = under_regime(context, spec)
    return sum_explanation(
        context,
        spec,
        index,
        sonneborn_berger_sum(base, spec),
        lambda item: _sonneborn_berger_line(base, index, item),
        "Sonneborn-Berger: the scores of the opponents beaten, plus half the scores of those"
        f" drawn (Art. 9.1); rules {base.rules.name}",
    )
