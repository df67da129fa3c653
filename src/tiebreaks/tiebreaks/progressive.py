"""(Sum of) Progressive Scores, PS (C.07 (2026) Art. 7.5; "Fortschrittswertung")."""

from __future__ import annotations

from itertools import accumulate

from .column import Column
from .context import Context
from .contributions import Contribution, modified_sum
from .registry import tiebreak
from .spec import TiebreakSpec


def progressive_contributions(context: Context, index: int) -> list[Contribution]:
    """The running score after each round (all awarded points, unplayed rounds included).

    The round number is the significance key, so ``/Cn`` omits the scores after rounds 1..n.
    """
    running = accumulate(context.points[index])
    return [Contribution(number, -1, number, score) for number, score in enumerate(running, 1)]


@tiebreak("PS", "Sum of Progressive Scores", "7.5", "B", "C", aliases=("PROGRESSIVE",))
def progressive_score(context: Context, spec: TiebreakSpec) -> Column:
    """PS: sum of the participant's running scores after each round (Art. 7.5)."""
    values = [
        modified_sum(progressive_contributions(context, index), spec.cut, 0, vur_exception=False)
        for index in range(context.size)
    ]
    return Column(spec, values, context.unit)
