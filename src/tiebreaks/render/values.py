"""How values are shown: exact decimals, empty for undefined."""

from __future__ import annotations

from fractions import Fraction

from ..numbers import to_decimal_text


def show(value: Fraction | int | None) -> str:
    """Decimal text of a value ("6.5", "11", "12.25"); "" for an undefined value."""
    return "" if value is None else to_decimal_text(value)
