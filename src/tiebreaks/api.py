"""Small public entry points: reading tournaments from files, bundled examples."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
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
    from importlib import resources

    folder = resources.files("tiebreaks") / "examples"
    path = Path(str(folder / name))
    if not path.is_file():
        known = ", ".join(sorted(p.name for p in Path(str(folder)).glob("*.trf")))
        raise UsageError(f"no bundled example {name!r}; examples: {known}")
    return path


def read_tournament(source: str | os.PathLike[str], fmt: str | None = None) -> Tournament:
    """Read a tournament file; ``"-"`` reads standard input. The format (TRF-16 / TRF26,
    our JSON, FIDE Chess-JSON, PGN, a crosstable in CSV) is told from the content unless
    ``fmt`` names it (see :mod:`tiebreaks.formats.detect`).

    Raises :class:`tiebreaks.InputError` for a malformed file (file, line, column, bad text,
    what was expected) and :class:`tiebreaks.SourceError` when the file cannot be opened.
    """
    from .formats.detect import read_data

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
        return read_data(data, name, fmt)


def write_atomically(path: str | os.PathLike[str], content: str | bytes, protect: str = "") -> None:
    """Write ``content`` to ``path`` through a temporary file in the same folder renamed over
    it, so a reader never sees a half-written file; refuses to overwrite ``protect`` (the
    input the user gave us)."""
    import tempfile

    target = Path(path)
    if _same_file(target, protect):
        raise UsageError(f"refusing to overwrite the input file {protect!r}")
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = ""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, _file_mode(target))
        os.replace(temporary, target)
    except OSError as error:
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
        raise SourceError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def _file_mode(target: Path) -> int:
    """The mode of the file being replaced, else the usual mode of a new file (umask)."""
    if target.exists():
        return target.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _same_file(target: Path, protect: str) -> bool:
    if not protect or protect == "-" or not target.exists() or not Path(protect).exists():
        return False
    return target.resolve() == Path(protect).resolve()
