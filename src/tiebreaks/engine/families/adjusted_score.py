"""Adjusted scores: ABH, the score as opponents see it for Buchholz (C.07 (2026) Art. 16.3),
and AFB, the same in the Fore Buchholz world (Art. 8.3, 16.3); on arrays.

The FIDE reference engine lists both as tie-break columns: they are what every Buchholz of
an opponent adds, so an arbiter can check a Buchholz line by line.
"""

from __future__ import annotations

from fractions import Fraction

from ..column import Column
from ..context import Context
from ..grid import fore_context, grid
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..trace import Entry, Trace, traces
from ..unplayed import adjusted_round_points, adjusted_scores, under_regime

#: a round whose points are counted as they were awarded
AS_AWARDED = "as-awarded"
#: a round counted as a draw in the adjusted score (Art. 16.3; 2009: every unplayed round)
AS_DRAW = "counted-as-draw"


def _base(context: Context, spec: TiebreakSpec) -> Context:
    """The context of the value: the tie-break's regime, and for AFB every game of the last
    round drawn (Art. 8.3)."""
    base = under_regime(context, spec)
    return fore_context(base) if spec.acronym == "AFB" else base


@tiebreak("ABH", "Adjusted Score for Buchholz", "16.3", "B", "V", scope="both")
def adjusted_score(context: Context, spec: TiebreakSpec) -> Column:
    """ABH: the participant's score as seen by opponents (Art. 16.3)."""
    return Column(spec, adjusted_scores(_base(context, spec)).tolist(), context.unit)


@tiebreak("AFB", "Adjusted Score for Fore Buchholz", "16.3", "D", "V", scope="both")
def adjusted_fore_score(context: Context, spec: TiebreakSpec) -> Column:
    """AFB: the adjusted score with every game of the last round drawn (Art. 8.3, 16.3)."""
    return Column(spec, adjusted_scores(_base(context, spec)).tolist(), context.unit)


@traces("ABH", "AFB")
def trace_adjusted_score(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round: the points as counted; a round counted as a draw keeps the
    points awarded in ``actual``."""
    base = _base(context, spec)
    counted = adjusted_round_points(base)[index].tolist()
    awarded = grid(base).points[index].tolist()
    entries = tuple(
        Entry(
            round=column + 1,
            role=AS_AWARDED if points == given else AS_DRAW,
            amount=Fraction(points, base.unit),
            actual=None if points == given else Fraction(given, base.unit),
        )
        for column, (points, given) in enumerate(zip(counted, awarded, strict=True))
    )
    value = sum((entry.amount for entry in entries if entry.amount), Fraction(0))
    return Trace(spec, index, value, entries, rules=base.rules.name, is_sum=True)
