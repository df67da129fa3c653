"""Small public entry points: reading tournaments from files, bundled examples."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from .errors import SourceError, UsageError
from .model import Tournament


@contextmanager
def paused_garbage_collector() -> Iterator[None]:
    """Pause Python's cycle collector while building large acyclic structures.

    Reading and ranking a big tournament allocates millions of small objects and no cycles;
    the collector would otherwise run hundreds of times for nothing. It is restored after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


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
        data, name = sys.stdin.buffer.read(), "<stdin>"
    else:
        name = str(source)
        try:
            data = Path(source).read_bytes()
        except OSError as error:
            reason = error.strerror or str(error)
            raise SourceError(f"cannot read {name!r}: {reason}") from None
    with paused_garbage_collector():
        return read_trf_bytes(data, name)
