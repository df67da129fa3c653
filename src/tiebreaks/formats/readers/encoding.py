"""The text of a file's bytes, for the readers of text formats (TRF, PGN, the crosstable and
rating CSVs): UTF-16 with its byte-order mark; else UTF-8 (a byte-order mark removed); else
CP1252; else Latin-1, which decodes any byte, so that no character of a name is lost.

One case is refused instead: a file that mixes UTF-8 with a single-byte encoding. Decoded as
CP1252, every UTF-8 character would become two or three characters, shifting every fixed
column after it (a TRF rating field then reads a wrong number) and garbling the names; decoded
as UTF-8, the other bytes are not text. Such a file is told by its runs of bytes beyond ASCII
(bytes 0x80 and up, between ASCII characters): some runs are whole UTF-8 characters, others
are not UTF-8. (A text in a multi-byte encoding such as GBK or Shift-JIS has long runs that
are seldom whole UTF-8 by chance, so it is read as CP1252, as a file with no UTF-8 run is.)

The error points at the odd one out: when UTF-8 runs are at least as many as the others, the
first byte that breaks UTF-8 (line, column in characters of that line), what it is in CP1252
or Latin-1, and a UTF-8 character of the file; else the first UTF-8 character and a byte of
the rest. It says to save the file as UTF-8.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

from ...errors import InputError, Location
from .sniff import Described, binary_content, position

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]+")
#: characters that show no UTF-8 text: the C1 controls (two bytes of CP1252 text, "Â€", can
#: form one) and the byte-order mark, which tools add to files of any encoding
_NO_EVIDENCE = "".join(map(chr, range(0x80, 0xA0))) + "\ufeff"
_SAVE_AS_UTF8 = "the file mixes two encodings; save it as UTF-8"


@dataclass(frozen=True)
class Decoded:
    """A file's text and the encoding it was read in (``UTF-8``, ``UTF-16``, ``CP1252`` or
    ``Latin-1``)."""

    text: str
    encoding: str


def decode_text(data: bytes, source: str = "<input>") -> Decoded:
    """The text of ``data`` (see the module docstring); InputError for a file that mixes UTF-8
    with another encoding, or a UTF-16 text that breaks off."""
    if data.startswith(_UTF16_BOMS):
        try:
            return Decoded(data.decode("utf-16"), "UTF-16")
        except UnicodeDecodeError as error:
            raise _broken_utf16(data, error, source) from None
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return Decoded(data.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError as error:
        broken = error.start
    utf8, other = _runs(data)
    if utf8:
        raise _mixed(data, broken, utf8, other, source)
    try:
        return Decoded(data.decode("cp1252"), "CP1252")
    except UnicodeDecodeError:
        return Decoded(data.decode("latin-1"), "Latin-1")


def _runs(data: bytes) -> tuple[list[re.Match[bytes]], list[re.Match[bytes]]]:
    """The runs of bytes beyond ASCII that are whole UTF-8 characters (not only C1 controls
    or byte-order marks, which show no UTF-8 text), and those that are not UTF-8."""
    utf8: list[re.Match[bytes]] = []
    other: list[re.Match[bytes]] = []
    for run in _NON_ASCII_RUN.finditer(data):
        try:
            text = run.group().decode("utf-8")
        except UnicodeDecodeError:
            other.append(run)
            continue
        if text.strip(_NO_EVIDENCE):
            utf8.append(run)
    return utf8, other


def _mixed(
    data: bytes,
    broken: int,
    utf8: list[re.Match[bytes]],
    other: list[re.Match[bytes]],
    source: str,
) -> InputError:
    """The error at the odd one out (module docstring); binary data (which holds both kinds
    of runs by chance) is named as such instead."""
    finding = binary_content(data)
    if finding is not None:
        return finding.error(source, "a text file (UTF-8, CP1252 or Latin-1)")
    byte = f"byte 0x{data[broken]:02X} ({single_byte_reading(data[broken])})"
    run = utf8[0].group().decode("utf-8")
    skipped = len(run) - len(run.lstrip(_NO_EVIDENCE))  # C1 controls before the character
    character = run[skipped]
    line, column = position(data, utf8[0].start())
    if len(utf8) >= len(other):
        found = byte
        expected = f"UTF-8 like the rest of the file (line {line} has UTF-8 {_shown(character)})"
        line, column = position(data, broken)
    else:
        encoded = " ".join(f"0x{value:02X}" for value in character.encode("utf-8"))
        found = f"{_shown(character)} in UTF-8 (bytes {encoded})"
        other_line = position(data, broken)[0]
        expected = f"CP1252/Latin-1 like the rest of the file (line {other_line} has {byte})"
        column += skipped
    location = Location(source, line, column)
    return InputError(location, Described(found), f"{expected}: {_SAVE_AS_UTF8}")


def single_byte_reading(byte: int) -> str:
    """What a byte at or above 0x80 is in Latin-1 and CP1252 (they differ from 0x80 to 0x9F,
    where CP1252 leaves five bytes undefined and Latin-1 has control characters)."""
    latin = bytes([byte]).decode("latin-1")
    try:
        windows = bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return "a control character in Latin-1, undefined in CP1252"
    if windows == latin:
        return f"{_shown(latin)} in Latin-1/CP1252"
    return f"{_shown(windows)} in CP1252, a control character in Latin-1"


def _shown(character: str) -> str:
    """A character in quotes, or its code point when it would not be seen (a no-break space,
    a soft hyphen, a combining or control character)."""
    visible = character.isprintable() and not character.isspace()
    return (
        f"'{character}'"
        if visible and unicodedata.combining(character) == 0
        else (f"U+{ord(character):04X}")
    )


def _broken_utf16(data: bytes, error: UnicodeDecodeError, source: str) -> InputError:
    """A text with a UTF-16 byte-order mark that is not UTF-16 from some byte on (cut short
    by an odd number of bytes, or half of a surrogate pair)."""
    text = data[: error.start].decode("utf-16", "replace")
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    bad = data[error.start : max(error.end, error.start + 1)]
    shown = " ".join(f"0x{byte:02X}" for byte in bad)
    return InputError(
        Location(source, len(lines), len(lines[-1]) + 1),
        Described(f"byte {shown}" if len(bad) == 1 else f"bytes {shown}"),
        f"UTF-16 text, as the byte-order mark at its start says: {error.reason}; "
        "the file is cut short or damaged",
    )
