"""What a file is when it is not a tournament: a PDF, a spreadsheet, an archive, an image, a
web page, a program, other binary data, text in UTF-16/32, standings written by tiebreaks,
other JSON, a plain text note, an empty file.

Without this, such a file reaches the reader its content resembles most (for any text without
TRF, PGN or JSON structure: the crosstable CSV reader) and gets that reader's error, which
says nothing useful ("the diagonal mark of player 1"). Instead it gets one
:class:`~tiebreaks.errors.InputError` naming what it is, where that shows (line 1, column 1
for a file signature), and what to do::

    f.pdf:1:1: found a PDF document, expected a tournament file (TRF, our JSON, Chess-JSON,
    PGN or a crosstable CSV) or a published table (...): this is not a tournament file

Binary formats are told by the signature their specifications put at the start of the file
(a file starting with one is that format, whatever else its bytes match); other binary data
by NUL bytes or many control characters; text by its first lines, once the crosstable reader
cannot read it; JSON by its keys, when our JSON reader cannot read it (see each function).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from ...errors import InputError, Location, ParameterHint
from ...lazy import load

#: the JSON parser, loaded when a file is told apart from batch results (a TRF needs none)
JSON_LOADS = "json:loads"

TOURNAMENT_FILE = (
    "a tournament file (TRF, our JSON, Chess-JSON, PGN or a crosstable CSV) or a published"
    " table (a chess-results crosstable: Excel or CSV export, or the page saved from a"
    " browser; a Vega or Swiss-Chess HTML page)"
)
WRITTEN_BY_US = (
    "this is a standings file written by tiebreaks, not a tournament; "
    "convert the tournament instead"
)
_SPREADSHEET = "save the sheet as CSV"
_ARCHIVE = "unpack it first"
_SAMPLE = 65_536
SHOWN_KEYS = 6
_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
#: control characters that no text holds (tab, line breaks, VT, FF, SUB and ESC excepted)
_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x19\x1c-\x1f\x7f]")


class Described(str):
    """Our description of what was found (``a PDF document``), shown without quotes: an
    :class:`InputError` quotes the text it found, right for text from the file, not for a
    description of it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Finding:
    """What a file is, where that shows (1-based line and column), and what to do about it:
    ``advice`` after "this is not a tournament file", or a ``reason`` said instead (text in
    another encoding, standings we wrote)."""

    what: str
    line: int = 1
    column: int = 1
    advice: str | ParameterHint = ""
    reason: str = ""

    def error(
        self, source: str, expected: str = TOURNAMENT_FILE, kind: str = "a tournament file"
    ) -> InputError:
        """The error naming this finding in ``source``, which should be ``kind``."""
        reason = self.reason or f"this is not {kind}"
        hint = self.advice if isinstance(self.advice, ParameterHint) else None
        if self.advice and hint is None:
            reason = f"{reason}; {self.advice}"
        location = Location(source, self.line, self.column)
        return InputError(location, Described(self.what), f"{expected}: {reason}", hint)


def position(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters, 1-based) of byte ``offset``: lines end at CR LF, LF or
    CR, as in the readers; a UTF-8 byte-order mark takes no column."""
    before = data[:offset]
    breaks = list(_LINE_BREAK.finditer(before))
    start = breaks[-1].end() if breaks else 0
    prefix = before[start:] if breaks else before.removeprefix(codecs.BOM_UTF8)
    return len(breaks) + 1, len(prefix.decode("utf-8", "replace")) + 1


# --- binary data ------------------------------------------------------------------------------

_SIGNATURES: tuple[tuple[bytes, str, str], ...] = (
    (b"%PDF-", "a PDF document", ""),
    (b"\x89PNG\r\n\x1a\n", "an image (PNG)", ""),
    (b"\xff\xd8\xff", "an image (JPEG)", ""),
    (b"GIF87a", "an image (GIF)", ""),
    (b"GIF89a", "an image (GIF)", ""),
    (b"\x1f\x8b", "a compressed archive (gzip)", _ARCHIVE),
    (b"\xfd7zXZ\x00", "a compressed archive (xz)", _ARCHIVE),
    (b"7z\xbc\xaf\x27\x1c", "a compressed archive (7z)", _ARCHIVE),
    (b"Rar!\x1a\x07", "a compressed archive (RAR)", _ARCHIVE),
    (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        "a Word or Excel document in the old format (.doc, .xls)",
        _SPREADSHEET,
    ),
    (b"SQLite format 3\x00", "a database (SQLite)", ""),
    (b"\x7fELF", "a program (ELF executable)", ""),
)
#: checked before the UTF-16 byte-order mark FF FE, which the UTF-32 one starts with
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
_RESAVE = "this is text in another encoding; save it as UTF-8"
_ZIP = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
#: what the first entries of a ZIP-based document name (OOXML folders, the ODF mimetype)
_ZIP_KINDS = (
    (b"xl/", "an Excel workbook (xlsx)"),
    (b"word/", "a Word document (docx)"),
    (b"ppt/", "a PowerPoint presentation (pptx)"),
    (b"opendocument.spreadsheet", "an OpenDocument spreadsheet (ods)"),
    (b"opendocument.text", "an OpenDocument text (odt)"),
)
_BZIP2 = re.compile(rb"BZh[1-9](?:\x31\x41\x59\x26\x53\x59|\x17\x72\x45\x38\x50\x90)")


def signature(data: bytes) -> Finding | None:
    """The binary format whose signature ``data`` starts with: none of them is text that a
    tournament file (or a rating list) could start with."""
    for start, what, advice in _SIGNATURES:
        if data.startswith(start):
            return Finding(what, advice=advice)
    if data.startswith(_UTF32_BOMS):
        return Finding("text in UTF-32", reason=_RESAVE)
    if data.startswith(_ZIP):
        head = data[:_SAMPLE]
        kind = next((name for mark, name in _ZIP_KINDS if mark in head), "")
        what = f"a spreadsheet or document (ZIP){': ' + kind if kind else ''}"
        return Finding(what, advice=_SPREADSHEET)
    if _BZIP2.match(data):
        return Finding("a compressed archive (bzip2)", advice=_ARCHIVE)
    if data.startswith(b"RIFF") and data[8:12] == b"WEBP":
        return Finding("an image (WebP)")
    if data.startswith(b"MZ") and b"\x00" in data[2:64]:  # the DOS header holds NUL bytes
        return Finding("a program (Windows executable)")
    return None


def binary_content(data: bytes) -> Finding | None:
    """``data`` is clearly not text: a known signature, text in UTF-16 without a byte-order
    mark, a NUL byte, or control characters for more than one byte in ten (at least four).
    A UTF-16 text with its byte-order mark is text (the readers decode it)."""
    found = signature(data)
    if found is not None or data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return found
    sample = data[:_SAMPLE]
    if _utf16_without_mark(sample):
        return Finding("text in UTF-16 without a byte-order mark", reason=_RESAVE)
    nul = sample.find(b"\x00")
    if nul >= 0:
        return Finding("binary data (a NUL byte)", *position(data, nul))
    controls = _CONTROL.findall(sample)
    if len(controls) >= 4 and len(controls) * 10 > len(sample):
        first = _CONTROL.search(sample)
        offset = first.start() if first else 0
        return Finding("binary data (control characters)", *position(data, offset))
    return None


def _utf16_without_mark(sample: bytes) -> bool:
    """Every other byte NUL (ASCII text in UTF-16), the bytes between (almost) never."""
    if len(sample) < 8:
        return False
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    return max(even, odd) * 10 >= half * 3 and min(even, odd) * 20 <= half


# --- text -------------------------------------------------------------------------------------

#: the header of our standings CSV (render/csv.py)


def blank_content(text: str) -> Finding | None:
    """An empty file, or one of blanks and line breaks only."""
    if text.lstrip("\ufeff").strip():
        return None
    return Finding("an empty file" if not text else "a file with no text (only blanks)")


# --- JSON -------------------------------------------------------------------------------------


def json_lines_content(data: bytes) -> Finding | None:
    """Our batch results (``tiebreaks batch``, batch.py): JSON lines, each an object with the
    ``path`` and ``status`` of one file. Only the first line is parsed."""
    body = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    first = body[: _SAMPLE * 16].split(b"\n", 1)[0]
    try:
        record = load(JSON_LOADS, "")(first.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if isinstance(record, dict) and {"path", "status"} <= record.keys():
        line, column = position(data, len(data) - len(body))
        what = "batch results written by tiebreaks (JSON lines)"
        return Finding(what, line, column, reason=WRITTEN_BY_US)
    return None
