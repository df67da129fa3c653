"""Errors and warnings that carry their location in the user's input.

The library speaks of its own parameters (``after_round``), never of the options of a front
end (the command line's ``--after-round``, a form field of the web page): an error or warning
that names a parameter keeps it apart (:class:`ParameterError`, :class:`ParameterHint`), and
each front end words it with its own names through ``worded(names)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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

    def __reduce__(self) -> tuple[type[InputError], tuple[Location, str, str]]:
        """Pickled with its three parts (a worker process sends errors back)."""
        return (type(self), (self.location, self.text, self.expected))

    def __str__(self) -> str:
        shown = repr(self.text) if self.text else "nothing"
        return f"{self.location}: found {shown}, expected {self.expected}"


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
        if self.hint is None:
            return self.message
        return f"{self.message}; {self.hint.worded(names)}"

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
        text = self.message if self.hint is None else f"{self.message}; {self.hint.worded(names)}"
        return text if self.location is None else f"{self.location}: {text}"

    def __str__(self) -> str:
        return self.worded({})
