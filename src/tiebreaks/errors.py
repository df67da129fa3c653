"""Errors and warnings that carry their location in the user's input."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


class TiebreaksError(Exception):
    """Base class of every error this library raises on purpose."""


@dataclass(frozen=True)
class Location:
    """A place in an input: file name, 1-based line and column (0 = unknown)."""

    source: str = ""
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        parts = [self.source or "<input>"]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)


class InputError(TiebreaksError):
    """Malformed input: names the file, line, column, the bad text and what was expected."""

    def __init__(self, location: Location, text: str, expected: str) -> None:
        self.location = location
        self.text = text
        self.expected = expected
        super().__init__(str(self))

    def __str__(self) -> str:
        shown = repr(self.text) if self.text else "nothing"
        return f"{self.location}: found {shown}, expected {self.expected}"


class FormatLimitError(TiebreaksError):
    """A value the target format cannot hold, found before anything is written: writing it
    would lose or change it, and the file would not read back to the same tournament.

    ``format`` names the format (``TRF``), ``participant`` whose value it is (``player 12
    (Ann Example)``, ``team 3 (Kings)`` or ``the tournament``), ``field`` the field
    (``rating``), ``value`` the value and ``limit`` what the format holds, completing "does not
    fit ..." (``the 4-digit rating field (0-9999)``); ``advice`` says what to do, if anything.
    """

    def __init__(
        self,
        format: str,
        participant: str,
        field: str,
        value: object,
        limit: str,
        advice: str = "",
    ) -> None:
        self.format = format
        self.participant = participant
        self.field = field
        self.value = value
        self.limit = limit
        self.advice = advice
        super().__init__(str(self))

    def __str__(self) -> str:
        text = (
            f"cannot write {self.format}: {self.participant}: {self.field} "
            f"{shown_value(self.value)} does not fit {self.limit}"
        )
        return f"{text}; {self.advice}" if self.advice else text


def shown_value(value: object, width: int = 60) -> str:
    """A value as an error message quotes it: text in quotes (shortened to about ``width``
    characters, escapes for control characters), an exact number as a decimal when it has
    one (``2.5``, else ``1/3``), anything else as ``str`` gives it."""
    if isinstance(value, str):
        return repr(value if len(value) <= width else value[: width - 1] + "…")
    if isinstance(value, Fraction) and value.denominator != 1:
        scaled, places = value, 0
        while scaled.denominator != 1 and places < 30:
            scaled, places = scaled * 10, places + 1
        if scaled.denominator != 1:
            return f"{value.numerator}/{value.denominator}"
        digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
        sign = "-" if value < 0 else ""
        return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return str(value)


class SourceError(TiebreaksError):
    """An input that cannot be opened or read at all (missing file, permission denied)."""


class UsageError(TiebreaksError):
    """A request that cannot be carried out (unknown tie-break, bad option value, ...)."""


@dataclass(frozen=True)
class Diagnostic:
    """A warning about the input or the computation; the result is still usable."""

    message: str
    location: Location | None = None

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        return f"{self.location}: {self.message}"
