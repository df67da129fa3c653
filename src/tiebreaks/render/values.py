"""How values are shown: exact decimals, empty for undefined."""

from __future__ import annotations

from fractions import Fraction

from ..numbers import to_decimal_text, to_fixed_text


def show(value: Fraction | int | None, places: int | None = None) -> str:
    """Decimal text of a value ("6.5", "11", "12.25"); with ``places``, exactly that many
    decimals ("12.60"); "" for an undefined value."""
    if value is None:
        return ""
    if places is not None:
        return to_fixed_text(value, places)
    return to_decimal_text(value)
