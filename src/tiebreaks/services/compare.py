"""Two standings of one tournament side by side (two rules regimes, or two tie-break lists):
who changes place, and the first tie-break that decides differently.

Two participants are compared the way the standings compare them (C.07 (2026) Art. 4.2): the
criteria in list order, the first whose values differ decides. A participant's place changes
only if their order against some other participant changes; the reason given is the earliest
criterion (in list order) at which such a pair is decided differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..standings import Row, Standings


@dataclass(frozen=True)
class Decision:
    """How one standings orders two participants: the criterion that separates them (None if
    they stay equal after the last one) and which of the two is ahead (+1 first, -1 second)."""

    label: str | None
    index: int
    sign: int


def decide(standings: Standings, first: Row, second: Row) -> Decision:
    """The first criterion of ``standings`` whose values differ between the two rows."""
    for index, label in enumerate(standings.columns):
        sign = _compare(
            first.values[label], second.values[label], standings.higher_is_better.get(label, True)
        )
        if sign:
            return Decision(label, index, sign)
    return Decision(None, len(standings.columns), 0)


def _compare(first: Fraction | None, second: Fraction | None, higher_is_better: bool) -> int:
    """+1 when ``first`` ranks ahead, -1 when behind, 0 when equal; undefined ranks last."""
    if first == second:
        return 0
    if first is None:
        return -1
    if second is None:
        return 1
    ahead = first > second if higher_is_better else first < second
    return 1 if ahead else -1


@dataclass(frozen=True)
class Reason:
    """Why a participant's order against ``other`` differs: the criterion that decides the
    pair in each standings (None: still equal after the last one) and this participant's
    values of those criteria."""

    other: int
    label_a: str | None
    label_b: str | None
    value_a: Fraction | None
    value_b: Fraction | None
    other_value_a: Fraction | None
    other_value_b: Fraction | None
    ahead_in_b: bool


@dataclass(frozen=True)
class Change:
    """One participant in both standings; ``reason`` is set when the rank differs and some
    pair involving the participant is ordered differently."""

    start_number: int
    name: str
    points: Fraction | None
    rank_a: int
    rank_b: int
    reason: Reason | None = None

    @property
    def moved(self) -> bool:
        """True when the place differs between the two standings."""
        return self.rank_a != self.rank_b


@dataclass(frozen=True)
class Comparison:
    """The two standings and one entry per participant, in the order of the first."""

    a: Standings
    b: Standings
    entries: tuple[Change, ...]

    @property
    def moved(self) -> tuple[Change, ...]:
        """The participants whose place changes."""
        return tuple(entry for entry in self.entries if entry.moved)


def compare_standings(a: Standings, b: Standings) -> Comparison:
    """Compare two standings of the same tournament (same participants)."""
    rows_b = {row.player.start_number: row for row in b.rows}
    if set(rows_b) != {row.player.start_number for row in a.rows}:
        raise ValueError("the two standings are not of the same participants")
    entries = []
    for row in a.rows:
        other = rows_b[row.player.start_number]
        points = row.values.get(a.columns[0]) if a.columns else None
        reason = _reason(a, b, row, other, rows_b) if row.rank != other.rank else None
        entries.append(
            Change(row.player.start_number, row.player.name, points, row.rank, other.rank, reason)
        )
    return Comparison(a, b, tuple(entries))


def _reason(
    a: Standings, b: Standings, row_a: Row, row_b: Row, rows_b: dict[int, Row]
) -> Reason | None:
    """The earliest criterion at which this participant's order against another one flips
    (None when no pair flips: the place moved only through ties elsewhere)."""
    best: tuple[int, Reason] | None = None
    for other_a in a.rows:
        number = other_a.player.start_number
        if number == row_a.player.start_number:
            continue
        in_a = decide(a, row_a, other_a)
        in_b = decide(b, row_b, rows_b[number])
        if in_a.sign == in_b.sign:
            continue
        position = min(in_a.index, in_b.index)
        if best is None or position < best[0]:
            label_a, label_b = in_a.label, in_b.label
            if a.columns == b.columns:  # the same list: name the first criterion that differs
                label_a = label_b = a.columns[position]
            other_b = rows_b[number]
            reason = Reason(
                number,
                label_a,
                label_b,
                row_a.values[label_a] if label_a else None,
                row_b.values[label_b] if label_b else None,
                other_a.values[label_a] if label_a else None,
                other_b.values[label_b] if label_b else None,
                in_b.sign > 0,
            )
            best = (position, reason)
    return None if best is None else best[1]
