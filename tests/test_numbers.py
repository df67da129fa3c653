"""How values are shown: the integer formatting against hand values and against the
Fraction-based rounding of :func:`round_half_up` (the one rounding helper)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiebreaks.engine.numbers import round_half_up, to_decimal_text, to_fixed_text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(13, 2), "6.5"),
        (Fraction(49, 4), "12.25"),
        (10, "10"),
        (Fraction(0), "0"),
        (Fraction(1, 3), "0.3333"),
        (Fraction(2, 3), "0.6667"),
        (Fraction(-1, 3), "-0.3333"),
        (Fraction(1, 20000), "0.0001"),  # 0.00005: the half goes up
        (Fraction(-1, 20000), "-0.0001"),  # and away from zero below zero
        (Fraction(-7, 8), "-0.875"),
    ],
)
def test_shortest_decimal_text(value: Fraction | int, text: str) -> None:
    assert to_decimal_text(value) == text


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (Fraction(63, 5), 2, "12.60"),
        (Fraction(5351, 400), 2, "13.38"),  # 13.3775
        (Fraction(5349, 400), 2, "13.37"),  # 13.3725
        (Fraction(-5, 2), 0, "-3"),
        (7, 3, "7.000"),
    ],
)
def test_fixed_decimal_text(value: Fraction | int, places: int, text: str) -> None:
    assert to_fixed_text(value, places) == text


def _fixed_from_fraction(value: Fraction, places: int) -> str:
    scaled = round_half_up(value, places) * 10**places
    return str(Decimal(scaled.numerator).scaleb(-places))


fractions = st.fractions(max_denominator=10**6).filter(lambda value: abs(value) < 10**7)


@given(fractions, st.integers(0, 6))
def test_fixed_text_rounds_as_round_half_up(value: Fraction, places: int) -> None:
    assert to_fixed_text(value, places) == _fixed_from_fraction(value, places)


@given(fractions)
def test_decimal_text_is_exact_or_rounded_to_four_places(value: Fraction) -> None:
    text = to_decimal_text(value)
    if Fraction(text) != value:
        assert text == _fixed_from_fraction(value, 4)
    else:
        assert "." not in text or not text.endswith("0")
