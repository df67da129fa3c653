"""Sum-type tie-breaks on arrays: contributions as (participants, rounds) matrices and the cut
and median modifiers of C.07 (2026) Art. 14 with the exception of Art. 16.5.

A contribution matrix has a ``key`` (significance), a ``value`` (what is added), ``included``
(the round is a contribution at all) and ``vur`` (a voluntary unplayed round for Art. 16.5).
With the exception of Art. 16.5 in play the cuts are made one at a time, for all rows at once
(``tests/tiebreaks/test_sums_and_ranking.py`` checks them against the rule written out one
value at a time); :func:`cuts_of_rows` records the same cuts for the traces (every
participant at once; :func:`cuts_of_row` for one).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .context import NO_OPPONENT, Context
from .grid import Flags, Integers, grid
from .memo import Key
from .trace import Reason
from .unplayed import adjusted_scores, stand_in_scores, voluntary_unplayed_for_cut


class Contributions(NamedTuple):
    """Per participant and round: significance, value, whether the round contributes, and
    whether it is a voluntary unplayed round for the cut exception."""

    key: Integers
    value: Integers
    included: Flags
    vur: Flags

    def weighted(self, weights: Integers) -> Contributions:
        """The same contributions with value = key x weight (Sonneborn-Berger, Art. 9.1)."""
        return self._replace(value=self.key * weights)


#: the opponents' contributions, with forfeits counted as games (``/P``) or not
_CONTRIBUTIONS: Key[Contributions] = Key("opponent-contributions")


def opponent_contributions(context: Context, forfeits_as_played: bool) -> Contributions:
    """Per participant and round (unweighted): the opponent's adjusted score (Art. 16.3) for
    a game, the stand-in's score (Art. 16.4) for an unplayed round, nothing for the empty slot
    of a round robin (15.2)."""
    return context.memo(
        _CONTRIBUTIONS.of(forfeits_as_played),
        lambda: _opponent_contributions(context, forfeits_as_played),
    )


def _opponent_contributions(context: Context, forfeits_as_played: bool) -> Contributions:
    table = grid(context)
    counted = table.played
    if forfeits_as_played or context.predetermined:
        counted = counted | table.forfeit
    adjusted = adjusted_scores(context)
    opponent_score = adjusted[np.where(counted, table.opponent, 0)]
    score = np.where(counted, opponent_score, stand_in_scores(context))
    included = np.ones_like(counted)
    if context.predetermined:
        included = counted | (table.opponent != NO_OPPONENT)
    vur = ~counted & voluntary_unplayed_for_cut(context)
    return Contributions(score, score, included, vur)


def above(values: Integers) -> int:
    """A number larger than every one of ``values`` (a sentinel for masked minimums): the
    int64 maximum, or for exact Python integers (object arrays) one more than the largest
    magnitude."""
    if values.dtype != object:
        return int(np.iinfo(np.int64).max)
    return int(max((abs(value) for value in values.flat), default=0)) + 1


def modified_sums(items: Contributions, cut: int, median: int, vur_exception: bool) -> Integers:
    """Every participant's sum of the included values after ``/Cn`` or ``/Mn`` (Art. 14),
    as :func:`~tiebreaks.engine.sums.modified_sum` computes it row by row."""
    if not cut and not median:
        return np.where(items.included, items.value, 0).sum(axis=1)  # type: ignore[no-any-return]
    if not (vur_exception and (items.vur & items.included).any()):
        return _sorted_cut_sums(items, cut, median)
    return _stepwise_cut_sums(items, cut, median)


def _sorted_cut_sums(items: Contributions, cut: int, median: int) -> Integers:
    """Sums without the exception: order each row by (key, value), excluded rounds last; the
    low cuts drop the first ``cut + median`` values, the median the last ``median`` of the
    rest (as many as there are)."""
    count = items.included.sum(axis=1)
    if items.key is items.value:  # one sort of the values (Buchholz-like sums)
        largest = above(items.value)
        ordered = np.sort(np.where(items.included, items.value, largest), axis=1)
        inside = np.arange(ordered.shape[1])[None, :] < count[:, None]
        values = np.where(inside, ordered, 0)
    else:
        order = np.lexsort((items.value, items.key, ~items.included), axis=1)
        values = np.take_along_axis(np.where(items.included, items.value, 0), order, axis=1)
    return trimmed_sums(values, count, cut + median, median)[0]


def trimmed_sums(
    ordered: Integers, count: Integers, lowest: Integers | int, highest: Integers | int
) -> tuple[Integers, Integers]:
    """Per row, the sum of the first ``count`` values of ``ordered`` (sorted, least
    significant first) without the ``lowest`` first ones and then the ``highest`` last ones
    of those left, as many as there are (the cuts and medians of C.07 (2026) Art. 14 and of
    US Chess rule 34E1); and how many values are kept."""
    running = np.zeros((ordered.shape[0], ordered.shape[1] + 1), dtype=ordered.dtype)
    np.cumsum(ordered, axis=1, out=running[:, 1:])
    low = np.minimum(lowest, count)
    high = np.maximum(low, count - highest)
    rows = np.arange(ordered.shape[0])
    return running[rows, high] - running[rows, low], high - low


def _stepwise_cut_sums(
    items: Contributions,
    cut: int,
    median: int,
    record: list[Removed] | None = None,
) -> Integers:
    """The cuts one at a time, for every row at once: each low cut removes the least
    significant value (the smallest key, then the smallest value, the earliest round among
    equals), unless the
    smallest voluntary unplayed round's value (smallest value, then key) is not smaller, which
    is removed instead (Art. 16.5.1); each median cut then removes the most significant value
    (Art. 14.3). ``record`` receives each cut (:class:`Removed`)."""
    remaining = items.included.copy()
    total = np.where(remaining, items.value, 0).sum(axis=1)
    if remaining.shape[1] == 0:
        return total  # type: ignore[no-any-return]  # no round: nothing to cut
    rows = np.arange(remaining.shape[0])
    for _ in range(cut + median):
        lowest = _first_smallest(items.key, items.value, remaining)
        vurs = remaining & items.vur
        smallest_vur = _first_smallest(items.value, items.key, vurs)
        value_of = items.value[rows, lowest]
        vur_first = vurs.any(axis=1) & (items.value[rows, smallest_vur] >= value_of)
        chosen = np.where(vur_first, smallest_vur, lowest)
        _remove(items, remaining, total, chosen, record, vur_first)
    for _ in range(median):
        highest = _first_smallest(-items.key, -items.value, remaining)
        _remove(items, remaining, total, highest, record, None)
    return total  # type: ignore[no-any-return]


class Removed(NamedTuple):
    """One cut made for every row at once: the ``rows`` that still had a value, the
    ``column`` removed in each, and per row whether a low cut took the voluntary unplayed
    round (``vur_first``; None for a median's high cut)."""

    rows: Integers
    columns: Integers
    vur_first: Flags | None


def cuts_of_rows(
    items: Contributions, cut: int, median: int, vur_exception: bool
) -> list[dict[int, Reason]]:
    """Per participant, the rounds (0-based columns) that ``/Cn`` or ``/Mn`` removes, with
    the reason (Art. 14.1, 14.3, 16.5): the cuts of :func:`modified_sums`, made for every
    row at once (a page traces every participant; :func:`cuts_of_row` is its one-row form)."""
    reasons: list[dict[int, Reason]] = [{} for _ in range(items.key.shape[0])]
    if not cut and not median:
        return reasons  # nothing to remove
    vur = items.vur if vur_exception else np.zeros_like(items.vur)
    record: list[Removed] = []
    _stepwise_cut_sums(items._replace(vur=vur), cut, median, record)
    for removed in record:
        if removed.vur_first is None:
            why = [Reason.MOST_SIGNIFICANT] * len(removed.rows)
        else:
            why = [
                Reason.VOLUNTARY_UNPLAYED if first else Reason.LEAST_SIGNIFICANT
                for first in removed.vur_first.tolist()
            ]
        for row, column, reason in zip(
            removed.rows.tolist(), removed.columns.tolist(), why, strict=True
        ):
            reasons[row][column] = reason
    return reasons


def cuts_of_row(
    items: Contributions, index: int, cut: int, median: int, vur_exception: bool
) -> dict[int, Reason]:
    """The rounds (0-based columns) of participant ``index`` that ``/Cn`` or ``/Mn`` removes,
    with the reason: :func:`cuts_of_rows` of that one row."""
    row = slice(index, index + 1)
    single = Contributions(items.key[row], items.value[row], items.included[row], items.vur[row])
    return cuts_of_rows(single, cut, median, vur_exception)[0]


def _first_smallest(primary: Integers, secondary: Integers, mask: Flags) -> Integers:
    """Per row, the first column of ``mask`` with the smallest (primary, secondary) pair
    (column 0 for a row without any)."""
    largest = above(primary)
    smallest_primary = np.where(mask, primary, largest).min(axis=1)
    candidates = mask & (primary == smallest_primary[:, None])
    smallest_secondary = np.where(candidates, secondary, largest).min(axis=1)
    return (candidates & (secondary == smallest_secondary[:, None])).argmax(axis=1)  # type: ignore[no-any-return]


def _remove(
    items: Contributions,
    remaining: Flags,
    total: Integers,
    chosen: Integers,
    record: list[Removed] | None = None,
    vur_first: Flags | None = None,
) -> None:
    """Remove column ``chosen`` of every row that still has a contribution."""
    rows = np.flatnonzero(remaining.any(axis=1))
    columns = chosen[rows]
    total[rows] -= items.value[rows, columns]
    remaining[rows, columns] = False
    if record is not None:
        record.append(Removed(rows, columns, None if vur_first is None else vur_first[rows]))
