"""A computed tie-break: one exact value per participant."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .spec import TiebreakSpec


@dataclass(frozen=True)
class Column:
    """Values of one tie-break for every participant (index = position in the tournament).

    Values are stored as integer numerators over one common ``denominator`` so that ranking
    compares integers; ``None`` is an undefined value (e.g. ARO without games), ranked last.
    """

    spec: TiebreakSpec
    numerators: Sequence[int | None]
    denominator: int = 1
    higher_is_better: bool = True
    places: int | None = None  # decimals shown for a value that is not a short decimal

    def value(self, index: int) -> Fraction | None:
        """The exact value of participant ``index`` (None if undefined)."""
        numerator = self.numerators[index]
        if numerator is None:
            return None
        return Fraction(numerator, self.denominator)

    def values(self) -> list[Fraction | None]:
        """Every participant's exact value (one ``Fraction`` object per distinct value)."""
        made: dict[int | None, Fraction | None] = {
            numerator: None if numerator is None else Fraction(numerator, self.denominator)
            for numerator in set(self.numerators)
        }
        return list(map(made.__getitem__, self.numerators))

    def rank_key(self, index: int) -> int | None:
        """Larger is better; None (undefined) is worse than any value."""
        numerator = self.numerators[index]
        if numerator is None or self.higher_is_better:
            return numerator
        return -numerator


def sort_keys(values: Sequence[int | None], higher_is_better: bool) -> list[int]:
    """Integers that sort the values best first: the value, negated when larger is better;
    an undefined value (None: ARO or AOB without games ...) gets a key after every other one of
    ``values``, so it ranks after every defined value. The list path of the standings and the
    tied groups on arrays both order by these keys."""
    sign = -1 if higher_is_better else 1
    if None not in values:
        return list(map(sign.__mul__, values))  # type: ignore[arg-type]
    worst = max((sign * value for value in values if value is not None), default=0) + 1
    return [worst if value is None else sign * value for value in values]
