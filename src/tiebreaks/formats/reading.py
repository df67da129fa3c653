"""Small public entry points: reading tournaments from files, bundled examples."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..errors import SourceError, UsageError
from ..lazy import load
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

    A folder is read as the pages of one Vega event (its standings, cross table and round
    pages, :mod:`tiebreaks.formats.readers.vega_html`).

    Raises :class:`tiebreaks.InputError` for a malformed file (file, line, column, bad text,
    what was expected) and :class:`tiebreaks.SourceError` when the file cannot be read or is
    larger than the limit.
    """
    if os.fspath(source) != "-" and os.path.isdir(source):
        return _read_folder(Path(source), fmt, max_input_bytes)
    data = read_input(source, max_bytes=max_input_bytes)
    name = "<stdin>" if os.fspath(source) == "-" else os.fspath(source)
    with paused_garbage_collector():
        return read_data(data, name, fmt)


#: the pages of a Vega event that a folder is read for (the others are ignored)
_VEGA_PAGES = ("standings", "pairs", "crosstable", "sortedcrosstable", "crosstablescore")


def _read_folder(folder: Path, fmt: str | None, max_input_bytes: int) -> Tournament:
    """The pages of one Vega event in ``folder``, read as one event (at most
    ``max_input_bytes`` in all); UsageError for a format that is not read from a folder."""
    if fmt not in (None, "vega"):
        raise UsageError(f"a folder is read as Vega pages, not as {fmt}; give one file")
    read_vega_pages: Callable[[list[tuple[bytes, str]], str], Tournament] = load(
        ".readers.vega_html:read_vega_pages", __package__
    )
    pages = []
    left = max_input_bytes
    for path in sorted(folder.iterdir()):
        stem = path.stem.rstrip("0123456789").casefold()
        if path.suffix.casefold() in (".html", ".htm") and stem in _VEGA_PAGES:
            data = read_input(path, max_bytes=left, regular_only=True)
            left -= len(data)
            pages.append((data, os.fspath(path)))
    if not pages:
        raise SourceError(
            f"cannot read {os.fspath(folder)!r}: it is a folder without Vega pages "
            "(standings.html, crosstable.html, pairs1.html ...)"
        )
    with paused_garbage_collector():
        return read_vega_pages(pages, os.fspath(folder))
