"""(Sum of) Progressive Scores, PS (C.07 (2026) Art. 7.5; "Fortschrittswertung"), on arrays."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..column import Column
from ..context import Context
from ..grid import Integers, grid
from ..memo import Key
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..trace import Entry, Reason, Trace, traces


def running_scores(context: Context) -> Integers:
    """Every participant's score after each round, in units (all awarded points)."""
    return context.memo(_RUNNING_SCORES, lambda: np.cumsum(grid(context).points, axis=1))


_RUNNING_SCORES: Key[Integers] = Key("running-scores")


@tiebreak(
    "PS", "Sum of Progressive Scores", "7.5", "B", "C", aliases=("PROGRESSIVE",), scope="both"
)
def progressive_score(context: Context, spec: TiebreakSpec) -> Column:
    """PS: the sum of the running scores after each round; ``/Cn`` drops the scores after
    the first n rounds (Art. 7.5, 14.1.1(c))."""
    values = running_scores(context)[:, spec.cut :].sum(axis=1)
    return Column(spec, values.tolist(), context.unit)


@traces("PS")
def trace_progressive_score(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round: the running score after it; the first n cut with ``/Cn``."""
    running = running_scores(context)[index].tolist()
    points = grid(context).points[index].tolist()
    entries = tuple(
        Entry(
            round=column + 1,
            role="running-score",
            amount=Fraction(score, context.unit),
            score=Fraction(points[column], context.unit),
            kept=column >= spec.cut,
            reason=None if column >= spec.cut else Reason.LEAST_SIGNIFICANT,
        )
        for column, score in enumerate(running)
    )
    value = sum((entry.amount for entry in entries if entry.kept and entry.amount), Fraction(0))
    return Trace(spec, index, value, entries, rules=context.rules.name, is_sum=True)
