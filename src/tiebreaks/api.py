"""Small public entry points: reading tournaments from files, bundled examples."""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

from .errors import SourceError, UsageError
from .model import Tournament


def example_path(name: str) -> Path:
    """Path of a bundled example tournament (e.g. ``held-swiss-16.trf``)."""
    folder = resources.files("tiebreaks") / "examples"
    path = Path(str(folder / name))
    if not path.is_file():
        known = ", ".join(sorted(p.name for p in Path(str(folder)).glob("*.trf")))
        raise UsageError(f"no bundled example {name!r}; examples: {known}")
    return path


def read_tournament(source: str | os.PathLike[str]) -> Tournament:
    """Read a tournament file (TRF-16 or TRF26); ``"-"`` reads standard input.

    Raises :class:`tiebreaks.InputError` for a malformed file (file, line, column, bad text,
    what was expected) and :class:`tiebreaks.SourceError` when the file cannot be opened.
    """
    from .formats.trf import read_trf_bytes

    if str(source) == "-":
        return read_trf_bytes(sys.stdin.buffer.read(), "<stdin>")
    path = Path(source)
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        raise SourceError(f"cannot read {str(source)!r}: {reason}") from None
    return read_trf_bytes(data, str(source))
