"""Which reader a file needs, told from its content (``--from`` forces one).

* JSON: ``{"format": "tiebreaks-tournament", ...}`` is our own format; a document with
  ``"filetype": "Event"`` or an ``"event"`` object is FIDE Chess-JSON;
* PGN: tag pairs such as ``[Event "..."]`` / ``[White "..."]`` at the start of a line;
* TRF: ``001`` player records or the ``012``/``042``/``092`` header records;
* anything else with separators is read as a crosstable in CSV.
"""

from __future__ import annotations

import codecs
import json
import re

from ..errors import InputError, Location, UsageError
from ..model import Tournament

FORMATS = ("trf", "json", "chess-json", "pgn", "csv")
# blanks before the tag, not line breaks: ``\s*`` would rescan every following blank line from
# each line start (quadratic time on a file of blank lines)
_PGN_TAG = re.compile(
    rb"^[ \t\r\f\v]*\[(Event|White|Black|Round|Result|Site|Date) \"", re.MULTILINE
)
_TRF_RECORD = re.compile(rb"^(001|012|042|092|013|310|XXR|142) ", re.MULTILINE)


def detect_format(data: bytes) -> str:
    """The format of ``data`` (one of :data:`FORMATS`). A text with a UTF-16 byte-order mark
    (which the TRF, PGN and CSV readers accept) is looked at as the text it encodes."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        data = data[:400_000].decode("utf-16", "replace").encode("utf-8")
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if _PGN_TAG.search(data[:200_000]):
        return "pgn"
    if head in (b"{", b"["):
        return _json_kind(data)
    if _TRF_RECORD.search(data[:200_000]):
        return "trf"
    return "csv"


#: the start of a document in our format, as our writer writes it
_OURS = re.compile(
    rb'\A(?:\xef\xbb\xbf)?[ \t\r\n]*\{[ \t\r\n]*"format"[ \t\r\n]*:[ \t\r\n]*"tiebreaks-tournament"'
)


def _json_kind(data: bytes) -> str:
    """Chess-JSON for a document with ``"filetype": "Event"`` or an ``"event"`` object, else
    our JSON. A document that starts as ours and has neither key written anywhere (nor any
    ``\\u`` escape, which could spell one) is ours without parsing it: the answer the parse
    would give, for a fraction of its time on a big file."""
    if _OURS.match(data) and not any(text in data for text in (b'"filetype"', b'"event"', b"\\u")):
        return "json"
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "json"  # its reader reports where the syntax breaks (or the nesting is too deep)
    if isinstance(document, dict) and (
        document.get("filetype") == "Event" or isinstance(document.get("event"), dict)
    ):
        return "chess-json"
    return "json"


def read_data(data: bytes, source: str, fmt: str | None = None) -> Tournament:
    """Read a tournament in ``fmt`` (detected when None)."""
    chosen = (fmt or detect_format(data)).lower()
    if chosen == "trf":
        from .trf import read_trf_bytes

        return read_trf_bytes(data, source)
    if chosen == "json":
        from .tournament_json import read_tournament_json

        return read_tournament_json(data, source)
    if chosen == "chess-json":
        from .chess_json import read_chess_json

        return read_chess_json(data, source)
    if chosen == "pgn":
        from .pgn import read_pgn

        return read_pgn(data, source)
    if chosen == "csv":
        return _read_csv(data, source)
    raise UsageError(f"unknown input format {fmt!r}; formats: {', '.join(FORMATS)}")


def _read_csv(data: bytes, source: str) -> Tournament:
    from .crosstable_csv import read_crosstable_csv

    if not data.strip():
        raise InputError(Location(source, 1, 1), "", "a tournament file (TRF, JSON, PGN or CSV)")
    return read_crosstable_csv(data, source)
