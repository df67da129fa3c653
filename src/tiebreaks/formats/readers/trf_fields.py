"""Fixed-column access and exact number/date parsing for TRF records (TRF-16, TRF26, TRF(x)).

Columns are 1-based and inclusive, as in FIDE C.04 Annex 2 (TRF-16) and the TRF26 tables.
Numbers are parsed from ASCII digits only and into :class:`fractions.Fraction`, never float.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from ...errors import Diagnostic, InputError, Location

T = TypeVar("T")

_MAX_COUNT_DIGITS = 9
_DECIMAL = re.compile(r"([0-9]{0,9})(?:[.,]([0-9]{0,9}))?")
_ISO_DATE = re.compile(r"([0-9]{4})([/.-])([0-9]{1,2})\2([0-9]{1,2})")
_DAY_FIRST_DATE = re.compile(r"([0-9]{1,2})([./])([0-9]{1,2})\2([0-9]{4})")


class Line(NamedTuple):
    """One line of a TRF file: text without its line break and trailing blanks, 1-based number.

    (A named tuple: made once per line of the file, it is cheaper than a dataclass.)
    """

    text: str
    number: int
    source: str

    @property
    def record(self) -> str:
        """The record identifier in columns 1-3 (``001``, ``012``, ``XXR`` ...)."""
        return self.text[:3]

    def field(self, first: int, last: int) -> str:
        """Columns ``first``..``last`` (1-based, inclusive), shorter if the line is shorter."""
        return self.text[first - 1 : last]

    def location(self, column: int) -> Location:
        """The location of ``column`` on this line."""
        return Location(self.source, self.number, column)

    def error(self, column: int, text: str, expected: str) -> InputError:
        """An :class:`InputError` at ``column`` of this line (to be raised by the caller)."""
        return InputError(self.location(column), text, expected)

    def content_after_record(self) -> tuple[str, int]:
        """The text after the record identifier (stripped) and the column where it starts.

        Used for the free-text and single-value records (``012``, ``042``, ``092``, ``142``,
        ``192``, ``XXR`` ...), whose value officially starts at column 5.
        """
        rest = self.text[3:]
        stripped = rest.strip()
        if not stripped:
            return "", 5
        return stripped, 4 + len(rest) - len(rest.lstrip())


class Problem(NamedTuple):
    """What is wrong with a field as written: an error or a warning, worded once for every
    place the same text is written.

    ``offset``: columns from the field's first column to the problem; ``found``: the text
    found there. For an error, ``expected`` may name ``{column}`` (the problem's column),
    ``{last}`` (that column + 3) and ``{round}`` (the round number), filled in where the
    problem is reported. For a warning, ``expected`` is its catalog sentence (marked with
    ``N_``, said in the reader's language) with ``%(name)s`` fields: those of ``fields`` and
    ``%(column)s``, ``%(last)s``, ``%(round)s`` as above.
    """

    offset: int
    found: str
    expected: str
    warning: bool = False
    #: a warning's code (:data:`tiebreaks.errors.WARNING_CODES`)
    code: str = ""
    #: a warning's fields (name, value) besides the place's own
    fields: tuple[tuple[str, str | int], ...] = ()

    def report(
        self, line: Line, column: int, warnings: list[Diagnostic], round_number: int = 0
    ) -> None:
        """Raise the error, or add the warning, for the field starting at ``column`` of
        ``line``."""
        at = column + self.offset
        if self.warning:
            place = {"column": at, "last": at + 3, "round": round_number}
            used = {name: value for name, value in place.items() if f"%({name})" in self.expected}
            warnings.append(
                Diagnostic.told(
                    self.expected,
                    line.location(at),
                    hint=None,
                    code=self.code,
                    subject="",
                    **dict(self.fields),
                    **used,
                )
            )
            return
        text = self.expected.format(column=at, last=at + 3, round=round_number)
        raise line.error(at, self.found, text)


def parse_each(
    texts: Sequence[str], parse: Callable[[str], T | Problem]
) -> tuple[list[T | None], dict[int, Problem]]:
    """``parse`` applied to each of ``texts``, each distinct text parsed once (a column of a
    large file repeats the same few texts): the values, None where there is a problem, and
    the problems by index."""
    parsed: dict[str, Any] = {text: parse(text) for text in set(texts)}
    problems = {text: value for text, value in parsed.items() if isinstance(value, Problem)}
    if not problems:
        return list(map(parsed.__getitem__, texts)), {}
    parsed.update(dict.fromkeys(problems))
    found = {index: problems[text] for index, text in enumerate(texts) if text in problems}
    return list(map(parsed.__getitem__, texts)), found


def char_matrix(texts: Sequence[str], width: int) -> npt.NDArray[np.uint8]:
    """The characters of ``texts`` as ASCII codes, one row each, padded with spaces to
    ``width`` columns (at least the longest text); a character beyond ASCII is a ``?``, so that
    column ``c`` of the layout is ``[:, c - 1]`` whatever characters come before it. (No
    field of the layout has a ``?``: a field with one is read as text.)"""
    joined = "".join(map(str.ljust, texts, repeat(width)))
    codes = np.frombuffer(joined.encode("ascii", "replace"), dtype=np.uint8)
    return codes.reshape(len(texts), width)


_ZERO, _SPACE = ord("0"), ord(" ")


def read_digits(
    chars: npt.NDArray[np.uint8], blank: bool = False
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """Each field of ``chars`` (fields of at most 9 characters on the last axis) read as a
    whole number: the numbers, and which fields are *plain*: one run of ASCII digits with
    spaces around it (or only spaces, read as 0, when ``blank``), the number
    :func:`parse_count` reads from the field stripped. Any other field (a tab, a sign, two
    numbers) is for the caller to read as text."""
    digits = chars - np.uint8(_ZERO)  # wraps around below "0": not a digit
    digit = digits <= 9  # 0 to 9
    runs = (digit[..., :-1] & ~digit[..., 1:]).sum(axis=-1, dtype=np.int64) + digit[..., -1]
    plain = (digit | (chars == _SPACE)).all(axis=-1) & (runs <= 1 if blank else runs == 1)
    value = np.zeros(chars.shape[:-1], dtype=np.int64)
    for position in range(chars.shape[-1]):
        here = digit[..., position]
        value[here] = value[here] * 10 + digits[..., position][here]
    return value, plain


def parse_count(text: str) -> int | None:
    """A non-negative whole number written with ASCII digits (at most 9), else None."""
    if len(text) <= _MAX_COUNT_DIGITS and text.isdigit() and text.isascii():
        return int(text)
    return None


@lru_cache(maxsize=1024)
def parse_decimal(text: str) -> Fraction | None:
    """An exact non-negative decimal such as ``3.5``, ``3,5``, ``.5`` or ``4``, else None."""
    match = _DECIMAL.fullmatch(text)
    if match is None:
        return None
    whole, fraction = match.group(1), match.group(2) or ""
    if not whole and not fraction:
        return None
    value = Fraction(int(whole or "0"))
    if fraction:
        value += Fraction(int(fraction), 10 ** len(fraction))
    return value


def parse_date(text: str) -> date | None:
    """A date written YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD, DD.MM.YYYY or DD/MM/YYYY, else None."""
    iso = _ISO_DATE.fullmatch(text)
    if iso is not None:
        year, month, day = int(iso.group(1)), int(iso.group(3)), int(iso.group(4))
    else:
        day_first = _DAY_FIRST_DATE.fullmatch(text)
        if day_first is None:
            return None
        day, month, year = int(day_first.group(1)), int(day_first.group(3)), int(day_first.group(4))
    try:
        return date(year, month, day)
    except ValueError:
        return None


def format_points(value: Fraction) -> str:
    """Points as the TRF points column writes them (``4.0``, ``3.5``, ``2.25``); else ``a/b``."""
    for digits in range(1, 7):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            sign = "-" if scaled < 0 else ""
            whole, part = divmod(abs(scaled.numerator), 10**digits)
            decimals = f"{part:0{digits}d}".rstrip("0") or "0"
            return f"{sign}{whole}.{decimals}"
    return str(value)
