"""Reading the user's files and writing ours, without ever losing a byte of theirs.

* :func:`read_input` reads a file (or standard input) up to a size limit; a regular file's size
  is checked before it is read, anything else (a pipe, a device) is read in blocks and stopped
  at the limit, so ``/dev/zero`` or an endless stream end in a clear error.
* :func:`check_outputs` refuses, before anything is opened for writing, an output that is the
  same file as one of the inputs (device and inode, links followed: a symbolic or hard link to
  the input is the input), two outputs that are one file, and outputs that are folders, sockets
  or disk devices.
* :func:`write_output` writes a whole output: over a regular file (or a new one) atomically
  (a temporary file in the target's folder, flushed to the disk, renamed over the target, the
  folder flushed too; a symbolic link is followed and its target replaced); straight through
  to a character device, a pipe or ``/dev/stdout`` (so ``-o /dev/null`` and ``-o >(gzip >
  x.gz)`` work and no device is ever replaced by a regular file).
* :class:`OutputStream` writes an output line by line as it is produced (the JSON lines of a
  batch), under the same rules, appending after what is there when asked.

Temporary files are listed while they exist, so that an interrupted process removes them
(:func:`remove_temporaries`, called by the command's Ctrl-C handler).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

from ..errors import Names, SourceError, UsageError

MAX_INPUT_BYTES = 512 * 1024 * 1024
"""The default size limit of one input: far above the largest real event (a 100,000-player,
15-round event in our JSON is about 150 MB)."""

_BLOCK = 1 << 20
_STANDARD_STREAMS = {"/dev/stdout": 1, "/dev/stderr": 2}
_FD_FOLDERS = ("/dev/fd/", "/proc/self/fd/")

#: temporary files written by this process that are not yet renamed over their target
_TEMPORARIES: set[str] = set()


class InputTooLargeError(SourceError):
    """An input larger than the limit of what a reader accepts."""

    def __init__(self, source: str, limit: int, size: int | None = None) -> None:
        self.source = source
        self.limit = limit
        self.size = size
        super().__init__(str(self))

    def __str__(self) -> str:
        return self.worded({})

    def worded(self, names: Names) -> str:
        """The message, naming the way to raise the limit as ``names`` calls the parameter
        ``max_input_bytes`` (the command line: ``--max-input``)."""
        setting = names.get("max_input_bytes", "max_input_bytes")
        limit = size_text(self.limit)
        if self.size is None:
            found = f"the input goes on past {limit}"
        else:
            found = f"the file has {self.size:,} bytes, more than {limit}"
        return f"{self.source}: {found}, the limit of what is read ({setting} sets another)"


def size_text(size: int) -> str:
    """A byte count as people write it: ``512 MB``, ``4 kB``, ``1,000 bytes``."""
    for unit, name in ((1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "kB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size:,} bytes"


# --- reading ---------------------------------------------------------------------------------


def read_input(
    source: str | os.PathLike[str],
    *,
    max_bytes: int = MAX_INPUT_BYTES,
    regular_only: bool = False,
) -> bytes:
    """The bytes of ``source`` (``"-"``: standard input), at most ``max_bytes`` of them.

    Raises :class:`InputTooLargeError` beyond the limit and :class:`~tiebreaks.SourceError`
    when the file cannot be read (missing, a folder, permission denied). ``regular_only``
    refuses anything but a regular file without waiting for it (a named pipe in a folder of
    tournaments would otherwise block its reader until something writes to it)."""
    name = os.fspath(source)
    if name == "-":
        return _read_standard_input(max_bytes)
    flags = os.O_RDONLY | (os.O_NONBLOCK if regular_only else 0)
    try:
        descriptor = os.open(name, flags)
    except OSError as error:
        raise SourceError(f"cannot read {name!r}: {_reason(error)}") from None
    try:
        status = os.fstat(descriptor)
        kind = status.st_mode
        if regular_only and not stat.S_ISREG(kind):
            raise SourceError(f"cannot read {name!r}: {file_kind(kind)}, not a regular file")
        if stat.S_ISDIR(kind):
            raise SourceError(f"cannot read {name!r}: it is a folder, not a file")
        return _read_all(descriptor, name, max_bytes, status)
    finally:
        os.close(descriptor)


def _read_standard_input(limit: int) -> bytes:
    """Standard input up to ``limit``; a stream without a descriptor (a test's stand-in) is
    read the same way, through its ``read``."""
    stream = sys.stdin.buffer
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        data = stream.read(limit + 1)
        if len(data) > limit:
            raise InputTooLargeError("<stdin>", limit) from None
        return data
    return _read_all(descriptor, "<stdin>", limit, os.fstat(descriptor))


def _read_all(descriptor: int, name: str, limit: int, status: os.stat_result) -> bytes:
    """Everything ``descriptor`` (of ``status``) gives, refused past ``limit`` (a regular
    file is refused on its size, before reading)."""
    if stat.S_ISREG(status.st_mode) and status.st_size > limit:
        raise InputTooLargeError(name, limit, status.st_size)
    blocks: list[bytes] = []
    total = 0
    while True:
        try:
            block = os.read(descriptor, min(_BLOCK, limit + 1 - total))
        except OSError as error:
            raise SourceError(f"cannot read {name!r}: {_reason(error)}") from None
        if not block:
            return b"".join(blocks)
        blocks.append(block)
        total += len(block)
        if total > limit:
            raise InputTooLargeError(name, limit)


def file_kind(mode: int) -> str:
    """What a file is, in words ("a named pipe (FIFO)", "a folder" ...)."""
    kinds = (
        (stat.S_ISREG, "a regular file"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a disk (block) device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((text for test, text in kinds if test(mode)), "a special file")


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# --- which file a name is --------------------------------------------------------------------


def _status(name: str) -> os.stat_result | None:
    """The status of the file ``name`` leads to (links followed; ``"-"`` is standard input),
    None when there is none."""
    try:
        return os.fstat(sys.stdin.fileno()) if name == "-" else os.stat(name)
    except (OSError, ValueError):
        return None


def _identity(status: os.stat_result | None) -> tuple[int, int] | None:
    """Device and inode of a regular file (None for anything else: a device, a pipe, none):
    what two names of one file share, whatever links lead to it."""
    if status is None or not stat.S_ISREG(status.st_mode):
        return None
    return status.st_dev, status.st_ino


def same_file(first: str, second: str) -> bool:
    """True when two names lead to one regular file (device and inode, links followed)."""
    identity = _identity(_status(first))
    return identity is not None and identity == _identity(_status(second))


def check_outputs(outputs: Iterable[str | None], inputs: Iterable[str | None]) -> None:
    """Raise :class:`~tiebreaks.UsageError` when an output would destroy an input (the same
    file by device and inode, whatever links lead to it), when two outputs are one file, or
    when an output is a folder, a socket or a disk device. Nothing is opened."""
    sources = [(name, _identity(_status(name))) for name in inputs if name is not None]
    seen: dict[object, str] = {}
    for output in (name for name in outputs if name is not None and name != "-"):
        status = _status(output)
        _check_kind(output, status.st_mode if status is not None else 0)
        identity = _identity(status)
        for source, source_identity in sources:
            if identity is not None and source_identity == identity:
                raise UsageError(_same_file_message(output, source))
        # two outputs are one file: the same file, or the same path still to be created
        key = identity or (os.path.realpath(output) if status is None else None)
        if key is not None and key in seen:
            first = seen[key]
            both = f"{output!r} is" if first == output else f"{first!r} and {output!r} are"
            raise UsageError(f"{both} given as two outputs: each output needs a file of its own")
        seen[key] = output


def _same_file_message(output: str, source: str) -> str:
    what = "standard input" if source == "-" else repr(source)
    same = "" if output == source else f" (it is the same file as {what})"
    return f"refusing to write {output!r}: it is an input of this command{same}"


def _mode(name: str) -> int:
    """The mode of the file ``name`` leads to (0 for none: a new file, a dangling link)."""
    status = _status(name)
    return status.st_mode if status is not None else 0


def _check_kind(output: str, mode: int) -> None:
    """Refuse outputs that cannot be written as a file (``mode``: what ``output`` leads to, 0
    for nothing yet): folders, sockets, disk devices, an empty name or one that ends with a
    slash (a folder's name)."""
    if not output:
        raise UsageError("the output file name is empty")
    if output.endswith(("/", os.sep)) and not stat.S_ISCHR(mode):
        raise UsageError(f"cannot write {output!r}: the name ends with '/', a folder's name")
    if stat.S_ISDIR(mode) or stat.S_ISSOCK(mode) or stat.S_ISBLK(mode):
        raise UsageError(f"cannot write {output!r}: it is {file_kind(mode)}")


# --- writing ---------------------------------------------------------------------------------


def write_output(path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write ``content`` (text is UTF-8) to ``path`` as the module docstring says: atomically
    over a regular file or a new one, straight through to devices, pipes and ``/dev/stdout``.
    Raises :class:`~tiebreaks.SourceError` when it cannot be written (nothing is left behind)
    and :class:`~tiebreaks.UsageError` for a folder, a socket or a disk device."""
    name = os.fspath(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    descriptor = _inherited_descriptor(name)
    if descriptor is not None:
        _write_through(descriptor, data, name)
        return
    mode = _mode(name)
    _check_kind(name, mode)
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        _write_to_device(name, data)
    else:
        _replace_atomically(Path(os.path.realpath(name)), data, name)


def _inherited_descriptor(name: str) -> int | None:
    """The open descriptor a name such as ``-``, ``/dev/stdout`` or ``/dev/fd/63`` stands for
    (written through, at its current position: reopening it by name would start at offset 0
    of a file the shell opened for appending)."""
    if name == "-":
        return 1
    if name in _STANDARD_STREAMS:
        return _STANDARD_STREAMS[name]
    for folder in _FD_FOLDERS:
        number = name.removeprefix(folder)
        if number != name and number.isdecimal():
            try:
                os.fstat(int(number))
            except OSError:
                return None
            return int(number)
    return None


def _write_through(descriptor: int, data: bytes, name: str) -> None:
    if descriptor == 1:
        sys.stdout.flush()
    try:
        _write_all(descriptor, data)
    except OSError as error:
        raise SourceError(f"cannot write {name!r}: {_reason(error)}") from None


def _write_to_device(name: str, data: bytes) -> None:
    """A character device or a pipe: opened for writing as it is, never replaced."""
    try:
        descriptor = os.open(name, os.O_WRONLY)
    except OSError as error:
        raise SourceError(f"cannot write {name!r}: {_reason(error)}") from None
    try:
        _write_through(descriptor, data, name)
    finally:
        os.close(descriptor)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view[:_BLOCK]) :]


def _replace_atomically(target: Path, data: bytes, name: str) -> None:
    """Write a temporary file next to ``target``, flush it to the disk, rename it over
    ``target`` and flush the folder; on failure the temporary file is removed and the
    target is as it was."""
    temporary = _temporary_name(target)
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            _write_all(descriptor, data)
            _keep_mode_and_owner(descriptor, target)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, target)
        _TEMPORARIES.discard(temporary)
        _sync_folder(target.parent)
    except OSError as error:
        _remove(temporary)
        raise SourceError(f"cannot write {name!r}: {_reason(error)}") from None


def _temporary_name(target: Path) -> str:
    """A new name in the target's folder, listed before the file exists (an interruption
    between its creation and its listing would leave it behind)."""
    temporary = str(target.parent / f".{target.name}.{os.urandom(4).hex()}.tmp")
    _TEMPORARIES.add(temporary)
    return temporary


def _keep_mode_and_owner(descriptor: int, target: Path) -> None:
    """The replaced file's permissions (and owner, where we may set it); a new file gets
    the usual mode of a new file (0666 less the umask)."""
    try:
        status = target.stat()
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)
        return
    os.fchmod(descriptor, stat.S_IMODE(status.st_mode))
    if (status.st_uid, status.st_gid) != (os.geteuid(), os.getegid()):
        # a user who is not root may only give the file a group of their own
        with contextlib.suppress(PermissionError):
            os.fchown(descriptor, status.st_uid, status.st_gid)


def _sync_folder(folder: Path) -> None:
    """Flush the rename to the disk (a crash right after it would otherwise lose it)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot flush a folder; the rename itself is done
    finally:
        os.close(descriptor)


def _remove(temporary: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    _TEMPORARIES.discard(temporary)


def remove_temporaries() -> None:
    """Remove the temporary files of writes still under way (on an interruption)."""
    for temporary in list(_TEMPORARIES):
        _remove(temporary)


# --- streams ---------------------------------------------------------------------------------


class OutputStream:
    """An output written line by line as results come (each line one ``write`` to the
    file, so an interruption leaves whole lines), to a regular file (``append``: after what
    it holds, which is never cut), a device, a pipe or ``/dev/stdout``. A symbolic link is
    followed. Check it with :func:`check_outputs` first."""

    def __init__(self, path: str, append: bool = False) -> None:
        self.name = path
        self._own = False
        inherited = _inherited_descriptor(path)
        if inherited is not None:
            self._descriptor = inherited
            return
        _check_kind(path, _mode(path))
        flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
        try:
            self._descriptor = os.open(path, flags, 0o666)
        except OSError as error:
            raise SourceError(f"cannot write {path!r}: {_reason(error)}") from None
        self._own = True
        if append:
            self._end_last_line()

    def _end_last_line(self) -> None:
        """A file whose last line was cut short (an interrupted write) gets a line break, so
        the next line starts on its own; the partial line itself is kept."""
        status = os.fstat(self._descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size == 0:
            return
        try:
            with open(self.name, "rb") as stream:
                stream.seek(-1, os.SEEK_END)
                last = stream.read(1)
        except OSError:
            return  # a file we may append to but not read: nothing to check
        if last != b"\n":
            self.write_line("")

    def write_line(self, line: str) -> None:
        """Write ``line`` and a line break."""
        try:
            _write_all(self._descriptor, (line + "\n").encode("utf-8"))
        except OSError as error:
            raise SourceError(f"cannot write {self.name!r}: {_reason(error)}") from None

    def close(self) -> None:
        """Close the file (a descriptor such as standard output is left open)."""
        if self._own:
            self._own = False
            os.close(self._descriptor)
