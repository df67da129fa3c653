"""Each row's set columns, read from a whole array at once (what a trace of every participant
reads instead of one row at a time)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tiebreaks.engine.grid import true_columns


def test_each_row_lists_its_set_columns_in_order() -> None:
    flags = np.array([[True, False, True], [False, False, False], [False, True, True]])
    assert true_columns(flags) == [[0, 2], [], [1, 2]]


def test_no_rows_and_no_columns() -> None:
    assert true_columns(np.zeros((0, 4), dtype=np.bool_)) == []
    assert true_columns(np.zeros((2, 0), dtype=np.bool_)) == [[], []]


@given(st.lists(st.lists(st.booleans(), min_size=5, max_size=5), max_size=12))
def test_the_same_columns_as_one_row_at_a_time(rows: list[list[bool]]) -> None:
    flags = np.array(rows, dtype=np.bool_).reshape(len(rows), 5)
    expected = [[column for column, flag in enumerate(row) if flag] for row in rows]
    assert true_columns(flags) == expected
