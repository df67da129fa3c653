"""Errors and warnings that carry their location in the user's input.

The library speaks of its own parameters (``after_round``), never of the options of a front
end (the command line's ``--after-round``, a form field of the web page): an error or warning
that names a parameter keeps it apart (:class:`ParameterError`, :class:`ParameterHint`), and
each front end words it with its own names through ``worded(names)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: how a front end names the library's parameters: parameter -> its own name
Names = Mapping[str, str]


class TiebreaksError(Exception):
    """Base class of every error this library raises on purpose."""

    def worded(self, names: Names) -> str:
        """The message with every parameter it names called as in ``names`` (a front end's
        options); the library's own words are ``str(error)``."""
        return str(self)


@dataclass(frozen=True)
class ParameterHint:
    """Advice that names a parameter, e.g. "choose another round with after_round": ``text``
    holds ``{}`` where the parameter's name goes, so that a front end can put its own name
    for it (the command line: "choose another round with --after-round")."""

    parameter: str
    text: str

    def worded(self, names: Names | None = None) -> str:
        """The advice with the parameter called as in ``names`` (default: its own name)."""
        before, _, after = self.text.partition("{}")
        return before + (names or {}).get(self.parameter, self.parameter) + after

    def __str__(self) -> str:
        return self.worded()


def with_advice(text: str, advice: str | ParameterHint | None, names: Names) -> str:
    """``text`` followed by its advice (a hint's parameter called as in ``names``), if any."""
    if isinstance(advice, ParameterHint):
        advice = advice.worded(names)
    return f"{text}; {advice}" if advice else text


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
    """Malformed input: names the file, line, column, the bad text and what was expected;
    ``hint``, when given, is advice naming a parameter (said in each front end's words)."""

    def __init__(
        self, location: Location, text: str, expected: str, hint: ParameterHint | None = None
    ) -> None:
        self.location = location
        self.text = text
        self.expected = expected
        self.hint = hint
        super().__init__(str(self))

    def __reduce__(
        self,
    ) -> tuple[type[InputError], tuple[Location, str, str, ParameterHint | None]]:
        """Pickled with its parts (a worker process sends errors back)."""
        return (type(self), (self.location, self.text, self.expected, self.hint))

    def worded(self, names: Names) -> str:
        shown = repr(self.text) if self.text else "nothing"
        text = f"{self.location}: found {shown}, expected {self.expected}"
        return with_advice(text, self.hint, names)

    def __str__(self) -> str:
        return self.worded({})


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
        advice: str | ParameterHint = "",
    ) -> None:
        self.format = format
        self.participant = participant
        self.field = field
        self.value = value
        self.limit = limit
        self.advice = advice
        super().__init__(str(self))

    def __reduce__(self) -> tuple[type[FormatLimitError], tuple[object, ...]]:
        parts = (self.format, self.participant, self.field, self.value, self.limit)
        return (type(self), (*parts, self.advice))

    def worded(self, names: Names) -> str:
        """The message, its advice naming a parameter as ``names`` calls it."""
        text = (
            f"cannot write {self.format}: {self.participant}: {self.field} "
            f"{shown_value(self.value)} does not fit {self.limit}"
        )
        return with_advice(text, self.advice, names)

    def __str__(self) -> str:
        return self.worded({})


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
    """A request that cannot be carried out (unknown tie-break, bad option value, ...);
    ``hint``, when given, is advice naming the parameter that would carry it out."""

    def __init__(self, message: str, hint: ParameterHint | None = None) -> None:
        self.message = message
        self.hint = hint
        super().__init__(*((message,) if hint is None else (message, hint)))

    def worded(self, names: Names) -> str:
        return with_advice(self.message, self.hint, names)

    def __str__(self) -> str:
        return self.worded({})


class ParameterError(UsageError):
    """A value given to a parameter of the library that cannot be used.

    ``parameter`` is the parameter's name, ``value`` the value given, ``reason`` what is wrong
    with it. ``str()`` gives the library's words, ``after_round=12 is outside 0..9 (the
    tournament's rounds)``; a front end names its own option with :meth:`worded` (the command
    line: ``--after-round 12 is outside 0..9 (the tournament's rounds)``)."""

    def __init__(self, parameter: str, value: Any, reason: str) -> None:
        self.parameter = parameter
        self.value = value
        self.reason = reason
        super().__init__(f"{parameter}={value!r} {reason}")
        self.args = (parameter, value, reason)  # what pickling needs to build it again

    def worded(self, names: Names) -> str:
        option = names.get(self.parameter)
        if option is None:
            return self.message
        return f"{option} {self.value} {self.reason}"


@dataclass(frozen=True)
class Diagnostic:
    """A warning about the input or the computation; the result is still usable."""

    message: str
    location: Location | None = None
    #: advice naming a parameter (said after the message, in each front end's words)
    hint: ParameterHint | None = None

    def worded(self, names: Names) -> str:
        """The warning with the hint's parameter called as in ``names``; ``str()`` gives the
        library's words."""
        text = with_advice(self.message, self.hint, names)
        return text if self.location is None else f"{self.location}: {text}"

    def __str__(self) -> str:
        return self.worded({})
