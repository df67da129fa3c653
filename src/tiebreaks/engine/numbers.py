"""Exact numbers: the one place where values are rounded, and how values are shown.

Every tie-break value is an exact ``Fraction`` (or an integer). Rounding happens only where a
regulation (or, where it is silent, the FIDE reference engine) says so, through
:func:`round_half_up`.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """Round to ``places`` decimals, halves away from zero.

    Used by C.07 (2026) Art. 10 ("rounded to the nearest whole number, 0.5 rounded up") and for
    the two-decimal fractional score of TPR (B.02 table 8.1(a)).
    """
    scale = 10**places
    scaled = abs(value) * scale
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    sign = -1 if value < 0 else 1
    return Fraction(sign * whole, scale)


def round_half_even(value: Fraction, places: int = 0) -> Fraction:
    """Round to ``places`` decimals, halves to the even last digit ("23.25" -> "23.2"): how
    Vega prints its values (issue 19), never how a value is computed."""
    return Fraction(round(value * 10**places), 10**places)


def truncate(value: Fraction, places: int = 0) -> Fraction:
    """Cut to ``places`` decimals, towards zero: how some programs print their values."""
    scale = 10**places
    whole = int(abs(value) * scale)
    return Fraction(-whole if value < 0 else whole, scale)


#: the ways a program rounds a value it prints, by name: halves up (C.07 Art. 10, and this
#: program), halves to even (Vega), cut (truncated)
ROUNDINGS = {"half up": round_half_up, "half to even": round_half_even, "truncated": truncate}


def as_printed(value: Fraction | int, rounding: str, places: int) -> Fraction | int:
    """``value`` as a program that rounds by ``rounding`` (a name of :data:`ROUNDINGS`)
    prints it at ``places`` decimals (``--like vega``: 23.25 -> 23.2); an integer, or a value
    with no more decimals, is returned as it is. Only what is printed: the value computed,
    ranked and written to JSON stays exact."""
    if isinstance(value, int) or (value * 10**places).denominator == 1:
        return value
    return ROUNDINGS[rounding](value, places)


def round_half_up_int(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to an integer, halves up (denominator > 0)."""
    quotient, remainder = divmod(2 * numerator + denominator, 2 * denominator)
    del remainder
    return quotient


def to_decimal_text(value: Fraction | int, max_places: int = 4) -> str:
    """Shortest exact decimal text of a value ("6.5", "12.25", "10"); rounded past max_places
    (halves away from zero, as :func:`round_half_up`)."""
    numerator, denominator = _ratio(value)
    if denominator == 1:
        return str(numerator)
    for places in range(max_places + 1):
        scale: int = 10**places
        scaled, remainder = divmod(numerator * scale, denominator)
        if not remainder:
            return _decimal_from_scaled(scaled, places)
    return _decimal_from_scaled(_scaled_half_up(numerator, denominator, max_places), max_places)


def to_fixed_text(value: Fraction | int, places: int) -> str:
    """Text with exactly ``places`` decimals, rounded half up ("12.60", "13.38")."""
    numerator, denominator = _ratio(value)
    return _decimal_from_scaled(_scaled_half_up(numerator, denominator, places), places)


def _ratio(value: Fraction | int) -> tuple[int, int]:
    if isinstance(value, int):
        return value, 1
    return value.numerator, value.denominator


def _scaled_half_up(numerator: int, denominator: int, places: int) -> int:
    """``numerator / denominator`` times ``10**places``, rounded to an integer with halves
    away from zero: the integer form of :func:`round_half_up` (``tests/test_numbers.py``)."""
    scale: int = 10**places
    whole, remainder = divmod(abs(numerator) * scale, denominator)
    if 2 * remainder >= denominator:
        whole += 1
    return -whole if numerator < 0 else whole


def _decimal_from_scaled(scaled: int, places: int) -> str:
    text = str(Decimal(scaled).scaleb(-places))
    return text


def to_json_number(value: Fraction | int | None, places: int | None = None) -> Decimal | int | None:
    """A JSON-ready decimal (``Decimal``) or integer; None stays None. Exact when the value is
    a decimal of at most 4 places; otherwise (or with ``places``) rounded half up for display."""
    if value is None:
        return None
    if isinstance(value, int):
        return value
    if value.denominator == 1:
        return value.numerator
    if places is not None:
        return Decimal(to_fixed_text(value, places)).normalize()
    return Decimal(to_decimal_text(value))
