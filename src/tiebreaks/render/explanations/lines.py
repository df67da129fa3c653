"""Explanations in words: what :func:`tiebreaks.render.explanations.explanation` makes of a
trace in one language, line by line, for the text, JSON, HTML and web outputs.

The numbers are the trace's (each line's amount is its entry's amount), so the kept lines add
up as the trace does; only the words are added here."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Line:
    """One line: usually one round. ``amount`` is what the line adds (None: information
    only); a line removed by a modifier has ``kept=False`` and says why in ``cut_reason``."""

    text: str
    amount: Fraction | None = None
    round: int | None = None
    kept: bool = True
    cut_reason: str = ""


@dataclass(frozen=True)
class Explanation:
    """How one participant's value of one tie-break comes about.

    For a sum (``is_sum``) the kept lines add up to ``total``, which is the value unless
    ``steps`` say what is done with it (an average, a rounding, a table row)."""

    tiebreak: str
    start_number: int
    name: str
    value: Fraction | None
    definition: str
    lines: tuple[Line, ...] = ()
    steps: tuple[str, ...] = ()
    is_sum: bool = False
    opponents: dict[int, int] = field(default_factory=dict)  # line position -> opponent index
    #: False for a group tie-break not applied to this participant (not tied with anyone):
    #: its value is then not undefined but not applicable (shown as a dash)
    applies: bool = True

    @property
    def total(self) -> Fraction:
        """Sum of the amounts of the kept lines."""
        return sum((line.amount for line in self.lines if line.kept and line.amount), Fraction(0))
