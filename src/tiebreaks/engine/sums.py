"""Sum-type tie-breaks as multisets of contributions, and the cut and median modifiers
(C.07 (2026) Art. 14) with the voluntary-unplayed-round exception of Art. 16.5."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple


class Contribution(NamedTuple):
    """One round's part of a sum-type tie-break.

    ``key`` orders significance (opponent's score for BH/SB, rating for ARO, round for PS);
    ``value`` is what is added; ``vur`` marks a voluntary unplayed round (Art. 16.1.2);
    ``opponent`` is the opponent's index, or -1 for a dummy opponent or no opponent.
    """

    round: int
    opponent: int
    key: int
    value: int
    vur: bool = False


class Cut(NamedTuple):
    """A contribution removed by a modifier, and why."""

    contribution: Contribution
    reason: str


def least_significant(items: Sequence[Contribution]) -> Contribution:
    """LSV (Art. 14.1): the smallest key; among equal keys the smallest value."""
    return min(items, key=lambda item: (item.key, item.value))


def most_significant(items: Sequence[Contribution]) -> Contribution:
    """MSV (Art. 14.3): the largest key; among equal keys the largest value."""
    return max(items, key=lambda item: (item.key, item.value))


def low_cut(items: list[Contribution], vur_exception: bool) -> Cut:
    """Remove the least significant value; with Art. 16.5 the smallest VUR contribution is
    removed instead when it is not smaller than the LSV (16.5.1)."""
    lowest = least_significant(items)
    vurs = [item for item in items if item.vur] if vur_exception else []
    if vurs:
        smallest_vur = min(vurs, key=lambda item: (item.value, item.key))
        if smallest_vur.value >= lowest.value:
            items.remove(smallest_vur)
            return Cut(smallest_vur, "voluntary unplayed round cut first (Art. 16.5)")
    items.remove(lowest)
    return Cut(lowest, "least significant value (Art. 14.1)")


def high_cut(items: list[Contribution]) -> Cut:
    """Remove the most significant value (median, Art. 14.3); no VUR exception."""
    highest = most_significant(items)
    items.remove(highest)
    return Cut(highest, "most significant value (Art. 14.3)")


def apply_modifiers(
    contributions: Sequence[Contribution], cut: int, median: int, vur_exception: bool
) -> tuple[list[Contribution], list[Cut]]:
    """Kept contributions and the cuts made by ``/Cn`` or ``/Mn`` (in that order)."""
    kept = list(contributions)
    cuts: list[Cut] = []
    for _ in range(cut + median):
        if not kept:
            break
        cuts.append(low_cut(kept, vur_exception))
    for _ in range(median):
        if not kept:
            break
        cuts.append(high_cut(kept))
    return kept, cuts


_VALUE = itemgetter(3)
_VUR = itemgetter(4)
_KEY_AND_VALUE = itemgetter(2, 3)


def modified_sum(
    contributions: Sequence[Contribution], cut: int, median: int, vur_exception: bool
) -> int:
    """Sum of the contributions left after the modifiers.

    Shortcuts (C-level look-ups) for no modifier and for one cut without a voluntary unplayed
    round; :func:`apply_modifiers` otherwise. ``tests/tiebreaks/test_contributions_fast.py``
    checks that the shortcuts give what :func:`apply_modifiers` gives."""
    total: int = sum(map(_VALUE, contributions))
    if not cut and not median:
        return total
    single_cut = cut == 1 and not median and contributions
    if single_cut and not (vur_exception and any(map(_VUR, contributions))):
        lowest: Contribution = min(contributions, key=_KEY_AND_VALUE)
        return total - lowest.value  # the least significant value (Art. 14.1)
    kept, _ = apply_modifiers(contributions, cut, median, vur_exception)
    return sum(item.value for item in kept)


class SumDefinition(NamedTuple):
    """A sum-type tie-break: per participant the contributions, the modifiers and the unit.

    The value (:meth:`values`) and the explanation (:meth:`kept_and_cut`) both come from this
    one object, so they cannot disagree."""

    rows: Sequence[Sequence[Contribution]]
    cut: int
    median: int
    vur_exception: bool
    denominator: int

    def values(self) -> list[int]:
        """Every participant's sum after the modifiers, in ``1/denominator`` units."""
        return [modified_sum(row, self.cut, self.median, self.vur_exception) for row in self.rows]

    def kept_and_cut(self, index: int) -> tuple[list[Contribution], list[Cut]]:
        """Participant ``index``'s contributions left after the modifiers, and those removed."""
        return apply_modifiers(self.rows[index], self.cut, self.median, self.vur_exception)
