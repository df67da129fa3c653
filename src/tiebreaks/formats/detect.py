"""Which reader a file needs, told from its content (``--from`` forces one).

* JSON: ``{"format": "tiebreaks-tournament", ...}`` is our own format; a document with
  ``"filetype": "Event"`` or an ``"event"`` object is FIDE Chess-JSON;
* PGN: tag pairs such as ``[Event "..."]`` / ``[White "..."]`` at the start of a line;
* TRF: ``001`` player records or the ``012``/``042``/``092`` header records;
* HTML: a page by Vega (it names ``vegachess.com``) or by Swiss-Chess (it names Swiss-Chess, or
  is a "Kreuztabelle" / "Fortschrittstabelle" with German labels), see their readers;
* a chess-results crosstable (:mod:`.readers.chess_results`): an Excel workbook (ZIP with
  ``xl/``), or a text whose header row has a rank or start number and the round columns
  ``1.Rd`` (CSV export, saved page), or a CSV whose header row starts with ``Rk.`` (the
  round-robin form);
* anything else with separators is read as a crosstable in CSV.

A file that is not a tournament at all is refused with an error saying what it is
(:mod:`.sniff`): a binary format by its signature, before anything else (its bytes could
match a pattern above by chance); JSON that is neither format (our standings, other
documents); instead of the CSV reader, binary data, an empty text or one without the rows of
a crosstable; and, when the CSV reader refuses a text, a web page, our standings or a rating
list. ``--from csv`` refuses only what is clearly not text (and an empty file).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from ..errors import InputError, UsageError
from ..lazy import load
from ..model import Tournament
from . import READ_FORMATS
from .readers.encoding import decode_text
from .readers.sniff import (
    Finding,
    binary_content,
    blank_content,
    json_lines_content,
    position,
    signature,
)

FORMATS = READ_FORMATS

#: the reader of each format, loaded when a file of that format is read (:mod:`tiebreaks.lazy`)
READERS = {
    "trf": ".readers.trf:read_trf_bytes",
    "json": ".readers.tournament_json:read_tournament_json",
    "chess-json": ".readers.chess_json:read_chess_json",
    "pgn": ".readers.pgn:read_pgn",
    "csv": ".readers.crosstable_csv:read_crosstable_csv",
    "vega": ".readers.vega_html:read_vega",
    "swiss-chess": ".readers.swiss_chess_html:read_swiss_chess",
    "chess-results": ".readers.chess_results_files:read_chess_results",
}
#: what names a file that is not a tournament, loaded when one is met
IDENTIFY = {
    "json_content": ".identify:json_content",
    "no_records": ".identify:no_records",
    "text_content": ".identify:text_content",
}
#: the error of a file that holds no chess-results crosstable (loaded with its reader)
NO_CROSSTABLE = ".readers.chess_results:NoCrosstable"
#: the JSON parser, loaded when a JSON document is told apart (a TRF is read without it)
JSON_LOADS = "json:loads"
# blanks before the tag, not line breaks: ``\s*`` would rescan every following blank line from
# each line start (quadratic time on a file of blank lines)
_PGN_TAG = re.compile(
    rb"^[ \t\r\f\v]*\[(Event|White|Black|Round|Result|Site|Date) \"", re.MULTILINE
)
_TRF_RECORD = re.compile(rb"^(001|012|042|092|013|310|XXR|142) ", re.MULTILINE)
#: a chess-results crosstable's header: a rank or start-number column, then (further on the
#: same line, cells or markup apart) the first round's column ``1.Rd``
_CHESS_RESULTS = re.compile(
    rb"(?:^|[;,\t>])[ \t]*(?:Rk|Rg|SNo|Snr)\.?[ \t]*(?:[;,\t<][^\r\n]{0,4000}?)?"
    rb"[;,\t>][ \t]*1[ \t]*\.[ \t]*Rd\b",
    re.MULTILINE | re.IGNORECASE,
)
#: the round-robin form: a header row that starts with chess-results' rank column ``Rk.``
_CHESS_RESULTS_ROUND_ROBIN = re.compile(rb"^[\"' \t]{0,3}(?:Rk|Rg)\.[\"' \t]*[;,\t]", re.MULTILINE)
_WORKBOOK = (b"PK\x03\x04", b"xl/")


def _is_workbook(data: bytes) -> bool:
    """An Excel workbook (a ZIP whose first members are under ``xl/``): read as a
    chess-results export, the only spreadsheet we read."""
    return data.startswith(_WORKBOOK[0]) and _WORKBOOK[1] in data[:65_536]


def detect_format(data: bytes) -> str:
    """The format of ``data`` (one of :data:`FORMATS`). A text with a UTF-16 byte-order mark
    (which the TRF, PGN and CSV readers accept) is looked at as the text it encodes."""
    return _detect(data)[0]


def _detect(data: bytes) -> tuple[str, Finding | None]:
    """The format of ``data`` and, for JSON that is neither of our formats, what it is."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        data = data[:400_000].decode("utf-16", "replace").encode("utf-8")
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if _PGN_TAG.search(data[:200_000]):
        return "pgn", None
    if head in (b"{", b"["):
        return _json_kind(data)
    if _TRF_RECORD.search(data[:200_000]):
        return "trf", None
    program = _html_program(data[:200_000])
    if program is not None:
        return program, None
    head = data[:400_000]
    if _is_workbook(data) or any(
        pattern.search(head) for pattern in (_CHESS_RESULTS, _CHESS_RESULTS_ROUND_ROBIN)
    ):
        return "chess-results", None
    return "csv", None


def _html_program(head: bytes) -> str | None:
    """``vega`` or ``swiss-chess`` for a page one of them published (a table, and the
    program named, or Swiss-Chess's German table titles); None for anything else."""
    lowered = head.lower()
    if b"<table" not in lowered:
        return None
    if b"vegachess" in lowered:
        return "vega"
    if b"swiss-chess" in lowered or b"swisschess" in lowered:
        return "swiss-chess"
    if b"teilnehmer" in lowered and (b"kreuztabelle" in lowered or b"fortschritt" in lowered):
        return "swiss-chess"
    return None


#: the start of a document in our format, as our writer writes it
_OURS = re.compile(
    rb'\A(?:\xef\xbb\xbf)?[ \t\r\n]*\{[ \t\r\n]*"format"[ \t\r\n]*:[ \t\r\n]*"tiebreaks-tournament"'
)


def _json_kind(data: bytes) -> tuple[str, Finding | None]:
    """Chess-JSON for a document with ``"filetype": "Event"`` or an ``"event"`` object, else
    our JSON. A document that starts as ours and has neither key written anywhere (nor any
    ``\\u`` escape, which could spell one) is ours without parsing it: the answer the parse
    would give, for a fraction of its time on a big file. A document that is neither (or
    our batch results, JSON lines) comes with what it is."""
    if _OURS.match(data) and not any(text in data for text in (b'"filetype"', b'"event"', b"\\u")):
        return "json", None
    try:
        document = load(JSON_LOADS, "")(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        # its reader reports where the syntax breaks (or the nesting is too deep)
        return "json", json_lines_content(data)
    if isinstance(document, dict) and (
        document.get("filetype") == "Event" or isinstance(document.get("event"), dict)
    ):
        return "chess-json", None
    json_content = load(IDENTIFY["json_content"], __package__)
    body = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    return "json", json_content(document, *position(data, len(data) - len(body)))


def read_data(data: bytes, source: str, fmt: str | None = None) -> Tournament:
    """Read a tournament in ``fmt`` (detected when None); InputError for a file that is not a
    tournament (module docstring). Each reader is imported when its format is read (a TRF
    file loads neither the JSON readers nor python-chess)."""
    chosen = fmt.lower() if fmt else _detected(data, source)
    if chosen == "csv":
        return _read_csv(data, source, detected=fmt is None)
    if chosen == "chess-results" and fmt is None and _is_workbook(data):
        return _read_workbook(data, source)
    if chosen not in READERS:
        raise UsageError(f"unknown input format {fmt!r}; formats: {', '.join(FORMATS)}")
    reader: Callable[[bytes, str], Tournament] = load(READERS[chosen], __package__)
    return reader(data, source)


def _read_workbook(data: bytes, source: str) -> Tournament:
    """A workbook told from its content: a chess-results export, else (a workbook that holds
    no crosstable, or cannot be opened) named as the spreadsheet it is."""
    reader: Callable[[bytes, str], Tournament] = load(READERS["chess-results"], __package__)
    try:
        return reader(data, source)
    except InputError as error:
        finding = signature(data)
        if finding is None or not isinstance(error, load(NO_CROSSTABLE, __package__)):
            raise
        raise finding.error(source) from error


def _detected(data: bytes, source: str) -> str:
    """The detected format of a file that may be a tournament; InputError for one that is
    not: a binary format (whatever its bytes match), JSON of another kind, or what would go
    to the CSV reader without any chance: binary data, an empty text, a text without the
    rows of a crosstable."""
    if _is_workbook(data):
        return "chess-results"
    finding = signature(data)
    fmt = "csv"
    if finding is None:
        fmt, finding = _detect(data)
    if finding is None and fmt == "csv":
        finding = binary_content(data)
        if finding is None:
            no_records = load(IDENTIFY["no_records"], __package__)
            text = decode_text(data, source).text
            finding = blank_content(text) or no_records(text)
    if finding is not None:
        raise finding.error(source)
    return fmt


def _read_csv(data: bytes, source: str, detected: bool) -> Tournament:
    """The crosstable reader, for text: binary data and an empty file are named as such (a
    detected format was screened for them by :func:`_detected` already), and (when the format
    was detected) a text the reader refuses that is something else."""
    read_crosstable_csv: Callable[[bytes, str], Tournament] = load(READERS["csv"], __package__)
    if not detected:
        finding = binary_content(data)
        if finding is None and not data.strip():
            finding = blank_content(data.decode("latin-1"))
        if finding is not None:
            raise finding.error(source)
    try:
        return read_crosstable_csv(data, source)
    except InputError as error:
        text_content = load(IDENTIFY["text_content"], __package__)
        found = text_content(decode_text(data, source).text) if detected else None
        if found is None:
            raise
        raise found.error(source) from error
