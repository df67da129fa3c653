"""The cuts and medians of sum-type tie-breaks (C.07 (2026) Art. 14, with the exception of
Art. 16.5) and the ordering of tied groups (Art. 4.2), on arrays, against the rules written out
here one value at a time."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.engine.ranking import ArrayGroups
from tiebreaks.engine.sums import Contributions, cuts_of_row, modified_sums
from tiebreaks.engine.trace import Reason

Cell = tuple[int, int, bool, bool]  # key, value, included, voluntary unplayed round


def by_the_rule(row: list[Cell], cut: int, median: int, vur_exception: bool) -> int:
    """Art. 14 one cut at a time: a low cut removes the least significant value (smallest
    key, then smallest value); with Art. 16.5 the smallest voluntary unplayed round (smallest
    value, then key) goes instead when its value is not smaller; each median then removes the
    most significant value (largest key, then largest value)."""
    left = [(key, value, vur) for key, value, inside, vur in row if inside]
    for _ in range(cut + median):
        if not left:
            break
        lowest = min(left, key=lambda cell: (cell[0], cell[1]))
        vurs = [cell for cell in left if cell[2]] if vur_exception else []
        smallest_vur = min(vurs, key=lambda cell: (cell[1], cell[0])) if vurs else None
        vur_first = smallest_vur is not None and smallest_vur[1] >= lowest[1]
        left.remove(smallest_vur if vur_first and smallest_vur else lowest)
    for _ in range(median):
        if left:
            left.remove(max(left, key=lambda cell: (cell[0], cell[1])))
    return sum(value for _, value, _ in left)


rows = st.lists(
    st.lists(
        st.tuples(st.integers(0, 30), st.integers(0, 30), st.booleans(), st.booleans()),
        min_size=6,
        max_size=6,
    ),
    min_size=1,
    max_size=8,
)


def contributions(cells: list[list[Cell]], dtype: Any = np.int64) -> Contributions:
    key, value, included, vur = (
        np.array([[cell[i] for cell in row] for row in cells], dtype=object) for i in range(4)
    )
    return Contributions(
        key.astype(dtype), value.astype(dtype), included.astype(bool), vur.astype(bool)
    )


@settings(max_examples=300)
@given(rows, st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_modified_sums_follow_the_rule(
    cells: list[list[Cell]], cut: int, median: int, vur_exception: bool
) -> None:
    items = contributions(cells)
    sums = modified_sums(items, cut, median, vur_exception).tolist()
    assert sums == [by_the_rule(row, cut, median, vur_exception) for row in cells]


@settings(max_examples=150)
@given(rows, st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_the_cuts_of_a_row_remove_what_the_sum_leaves_out(
    cells: list[list[Cell]], cut: int, median: int, vur_exception: bool
) -> None:
    """The trace's cuts (one row) and the column (every row) agree: what is cut is exactly
    the difference between the included values and the sum; no more cuts than asked."""
    items = contributions(cells)
    sums = modified_sums(items, cut, median, vur_exception).tolist()
    for index, row in enumerate(cells):
        removed = cuts_of_row(items, index, cut, median, vur_exception)
        assert len(removed) <= cut + 2 * median
        assert all(row[column][2] for column in removed)
        included = sum(value for _, value, inside, _ in row if inside)
        assert included - sum(row[column][1] for column in removed) == sums[index]


def test_exact_integers_beyond_int64() -> None:
    """The same sums on exact Python integers (object arrays), past 2**63."""
    big = 2**70
    cells = [[(big, big, True, False), (3, 5, True, False), (big + 1, 1, True, False)]]
    items = contributions(cells, object)
    assert modified_sums(items, 1, 0, False).tolist() == [big + 1]
    assert modified_sums(items, 0, 1, False).tolist() == [big]


def test_one_cut_removes_the_smallest_key_then_the_smallest_value() -> None:
    """Art. 14.1: two contributions of key 3 (values 7 and 5): the one of value 5 goes;
    7 + 5 + 9 = 21 becomes 7 + 9 = 16."""
    items = contributions([[(3, 7, True, False), (3, 5, True, False), (9, 9, True, False)]])
    assert modified_sums(items, 1, 0, False).tolist() == [16]
    assert cuts_of_row(items, 0, 1, 0, False) == {1: Reason.LEAST_SIGNIFICANT}


def test_a_voluntary_unplayed_round_is_cut_first() -> None:
    """Art. 16.5: the voluntary unplayed round (value 4) is not smaller than the least
    significant value (2), so it is the one cut."""
    items = contributions([[(2, 2, True, False), (4, 4, True, True), (6, 6, True, False)]])
    assert modified_sums(items, 1, 0, True).tolist() == [8]
    assert cuts_of_row(items, 0, 1, 0, True) == {1: Reason.VOLUNTARY_UNPLAYED}


def _groups(parts: list[list[int]]) -> ArrayGroups:
    """The field split into ``parts`` (best first), as a group tie-break splits a group."""
    groups = ArrayGroups.whole_field(sum(map(len, parts)))
    groups.reorder(0, parts)
    return groups


def test_groups_split_like_sorted_groups() -> None:
    """Groups keep their places, equal keys keep their order (as a stable sort keeps them)."""
    groups = _groups([[4, 2, 0], [1], [3, 5]])
    groups.split([7, 0, 7, 9, 5, 8])  # keys of participants 0..5
    assert groups.lists() == [[4], [2, 0], [1], [5], [3]]  # 4 has 5; 2 and 0 have 7
    groups.split([0, 0, 1, 0, 0, 0])
    assert groups.lists() == [[4], [0], [2], [1], [5], [3]]
    larger_first = ArrayGroups.whole_field(4)
    larger_first.split([3, None, 5, 3], higher_is_better=True)
    assert larger_first.lists() == [[2], [0, 3], [1]]  # undefined last


def test_values_beyond_int64_are_ordered_exactly() -> None:
    """Values that do not fit in int64 are compared as exact integers, not as floats: 2**70
    and 2**70 + 1 are different values (as floats they would be equal)."""
    groups = _groups([[0, 1, 2], [3]])
    groups.split([2**70, 2**70 + 1, 2**70, 5], higher_is_better=True)
    assert groups.lists() == [[1], [0, 2], [3]]


values_in_groups = st.lists(
    st.lists(st.integers(-5, 5) | st.none(), min_size=1, max_size=6), min_size=1, max_size=6
)


@settings(max_examples=200)
@given(values_in_groups, st.booleans())
def test_groups_split_as_python_sorts_them(
    values: list[list[int | None]], larger_first: bool
) -> None:
    """Each group ordered by a stable sort of its values (undefined last), split where the
    value changes."""
    flat = [value for group in values for value in group]
    groups_in: list[list[int]] = []
    start = 0
    for group in values:
        groups_in.append(list(range(start, start + len(group))))
        start += len(group)
    groups = _groups(groups_in)
    groups.split(flat, higher_is_better=larger_first)

    def key(index: int) -> tuple[int, int]:
        value = flat[index]
        if value is None:
            return (1, 0)
        return (0, -value if larger_first else value)

    expected: list[list[int]] = []
    for members in groups_in:
        current: list[int] = []
        for index in sorted(members, key=key):
            if current and key(current[-1]) != key(index):
                expected.append(current)
                current = []
            current.append(index)
        expected.append(current)
    assert groups.lists() == expected
