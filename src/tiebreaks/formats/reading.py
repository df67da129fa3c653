"""Small public entry points: reading tournaments from files, bundled examples."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError
from ..model import Tournament
from ..model.memory import paused_garbage_collector
from .detect import read_data
from .files import MAX_INPUT_BYTES, read_input


def example_path(name: str) -> Path:
    """Path of a bundled example tournament (e.g. ``held-swiss-16.trf``)."""
    folder = Path(__file__).resolve().parent.parent / "examples"
    path = folder / name
    if not path.is_file():
        known = ", ".join(sorted(p.name for p in folder.glob("*.trf")))
        raise UsageError(f"no bundled example {name!r}; examples: {known}")
    return path


def read_tournament(
    source: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    max_input_bytes: int = MAX_INPUT_BYTES,
) -> Tournament:
    """Read a tournament file; ``"-"`` reads standard input. The format (TRF-16 / TRF26,
    our JSON, FIDE Chess-JSON, PGN, a crosstable in CSV) is told from the content unless
    ``fmt`` names it (see :mod:`tiebreaks.formats.detect`). The file is only read, and at most
    ``max_input_bytes`` of it (512 MB by default).

    Raises :class:`tiebreaks.InputError` for a malformed file (file, line, column, bad text,
    what was expected) and :class:`tiebreaks.SourceError` when the file cannot be read or is
    larger than the limit.
    """
    data = read_input(source, max_bytes=max_input_bytes)
    name = "<stdin>" if os.fspath(source) == "-" else os.fspath(source)
    with paused_garbage_collector():
        return read_data(data, name, fmt)
