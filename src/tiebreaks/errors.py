"""Errors and warnings that carry their location in the user's input."""

from __future__ import annotations

from dataclasses import dataclass


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
