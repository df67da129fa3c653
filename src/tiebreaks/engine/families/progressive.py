"""(Sum of) Progressive Scores, PS (C.07 (2026) Art. 7.5; "Fortschrittswertung")."""

from __future__ import annotations

from itertools import accumulate

from ..column import Column
from ..context import Context
from ..explanation import Explanation, explains, sum_explanation
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contribution, SumDefinition
from ..wording import points, round_text


def progressive_contributions(context: Context, index: int) -> list[Contribution]:
    """The running score after each round (all awarded points, unplayed rounds included).

    The round number is the significance key, so ``/Cn`` omits the scores after rounds 1..n.
    """
    running = accumulate(context.points[index])
    return [Contribution(number, -1, number, score) for number, score in enumerate(running, 1)]


def progressive_sum(context: Context, spec: TiebreakSpec) -> SumDefinition:
    """PS as a sum of running scores; ``/Cn`` drops the first n (Art. 14.1.1(c))."""
    rows = [progressive_contributions(context, index) for index in range(context.size)]
    return SumDefinition(rows, spec.cut, 0, False, context.unit)


@tiebreak(
    "PS", "Sum of Progressive Scores", "7.5", "B", "C", aliases=("PROGRESSIVE",), scope="both"
)
def progressive_score(context: Context, spec: TiebreakSpec) -> Column:
    """PS: sum of the participant's running scores after each round (Art. 7.5).

    Without ``/Cn`` the sum is taken straight from the points (the explanation's
    :func:`progressive_sum` gives the same value; ``tests/tiebreaks/test_contributions_fast.py``
    compares them)."""
    if not spec.cut:
        return Column(spec, [sum(accumulate(row)) for row in context.points], context.unit)
    return Column(spec, progressive_sum(context, spec).values(), context.unit)


@explains("PS")
def explain_progressive_score(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per round: the running score after it."""

    def line(item: Contribution) -> str:
        awarded = points(context, context.points[index][item.round - 1])
        text = f"{round_text(context, index, item.round - 1)} ({awarded})"
        return f"{text}: score after round {item.round} = {points(context, item.value)}"

    return sum_explanation(
        context,
        spec,
        index,
        progressive_sum(context, spec),
        line,
        "Sum of progressive scores: the running score after each round, added up (Art. 7.5)",
    )
