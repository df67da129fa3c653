"""The three files a chess-results crosstable comes in, each read into the cells of a
:class:`~.chess_results.Sheet` (which :func:`~.chess_results.read_sheet` reads):

* **Excel** (``.xlsx``, chess-results' "Excel and Print" export): the first worksheet's
  cells, with openpyxl (read-only, values only); line = the sheet's row, column = its column
  number. A workbook is a ZIP archive: before openpyxl opens it, its members' unpacked sizes
  are added up and a workbook over :data:`MAX_UNPACKED` bytes, or of more than
  :data:`MAX_MEMBERS` members, is refused (a "zip bomb" would otherwise fill the memory).
  A number cell is read by its shortest decimal text (``18.5``), so that no binary fraction
  reaches a value.
* **CSV** (the export as CSV, or the sheet saved as CSV): ``;`` separated (else tab, else
  ``,``), the cells as in the spreadsheet; line and cell number.
* **HTML** (the "Final Ranking crosstable" page saved from a browser): with lxml.html, the
  table whose header row names the round columns (``1.Rd`` ...); each cell's text (the
  links and flags inside it dropped) at its source line and its number in the row; the
  page's other text (the title ``<h2>``, the legend after the table) as notes.

Libraries, not patterns over markup: lxml gives every element its source line and reads the
broken HTML that browsers save; openpyxl reads the workbook's shared strings and number cells.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from typing import Any

from ...errors import InputError, Location
from ...lazy import load
from ...model import Tournament
from .chess_results import Cell, NoCrosstable, Sheet, read_sheet
from .encoding import decode_text
from .sniff import Described

__all__ = [
    "LOAD_WORKBOOK",
    "MAX_MEMBERS",
    "MAX_UNPACKED",
    "PARSE_PAGE",
    "read_chess_results",
    "sheet_of",
]

#: the libraries, loaded when a workbook or a page is read (a CSV needs neither)
LOAD_WORKBOOK = "openpyxl:load_workbook"
PARSE_PAGE = "lxml.html:document_fromstring"
#: the largest workbook unpacked (bytes) and its largest number of members
MAX_UNPACKED = 64 * 1024 * 1024
MAX_MEMBERS = 2000
_ZIP = b"PK\x03\x04"
_MARKUP = re.compile(r"\s*<(?:[!?]|[A-Za-z])")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def read_chess_results(data: bytes, source: str) -> Tournament:
    """Read a chess-results crosstable: Excel, HTML or CSV, told by the content."""
    return read_sheet(sheet_of(data, source))


def sheet_of(data: bytes, source: str) -> Sheet:
    """The cells of a chess-results export, whichever of the three files it is."""
    if data.startswith(_ZIP):
        return _workbook(data, source)
    text = decode_text(data, source).text.removeprefix("\ufeff")
    if _MARKUP.match(text):
        return _page(text, source)
    return _csv(text, source)


# --- Excel ------------------------------------------------------------------------------------


def _workbook(data: bytes, source: str) -> Sheet:
    """The first worksheet's cells (module docstring), its size checked before it is opened."""
    _check_archive(data, source)
    try:
        book = load(LOAD_WORKBOOK, "")(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged workbook
        raise NoCrosstable(
            Location(source, 1, 1),
            Described("an Excel workbook that cannot be read"),
            f"an Excel workbook (.xlsx) as chess-results exports it ({type(error).__name__})",
        ) from None
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        rows = tuple(_sheet_rows(sheet)) if sheet is not None else ()
    finally:
        book.close()
    return Sheet(source, rows)


def _check_archive(data: bytes, source: str) -> None:
    """Refuse a damaged archive, or one too big unpacked (module docstring)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise NoCrosstable(
            Location(source, 1, 1),
            Described("a damaged ZIP archive"),
            "an Excel workbook (.xlsx) as chess-results exports it",
        ) from None
    unpacked = sum(member.file_size for member in members)
    if len(members) > MAX_MEMBERS or unpacked > MAX_UNPACKED:
        raise InputError(
            Location(source, 1, 1),
            Described(f"a workbook of {len(members)} parts, {unpacked:,} bytes unpacked"),
            f"a workbook of at most {MAX_MEMBERS} parts and {MAX_UNPACKED // 2**20} MB unpacked",
        )


def _sheet_rows(sheet: Any) -> Iterator[tuple[Cell, ...]]:
    """The worksheet's rows that hold text, each cell at its row and column."""
    for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
        cells = tuple(
            Cell(_cell_text(value), number, column) for column, value in enumerate(values, 1)
        )
        if any(cell.text.strip() for cell in cells):
            yield cells


def _cell_text(value: object) -> str:
    """A cell's value as the text it shows: a number by its shortest decimal text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return repr(int(value)) if value.is_integer() else repr(value)
    return str(value)


# --- CSV --------------------------------------------------------------------------------------


def _csv(text: str, source: str) -> Sheet:
    """The rows of a CSV export (module docstring)."""
    separator = next((mark for mark in (";", "\t") if mark in text), ",")
    rows = []
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if not line.strip():
            continue
        try:
            values = next(csv.reader([line], delimiter=separator))
        except csv.Error as error:
            raise InputError(
                Location(source, number, 1), line[:40], f"a CSV row ({error})"
            ) from None
        rows.append(tuple(Cell(value, number, column) for column, value in enumerate(values, 1)))
    return Sheet(source, tuple(rows))


# --- HTML -------------------------------------------------------------------------------------


def _page(text: str, source: str) -> Sheet:
    """The crosstable of a saved page and the text around it (module docstring)."""
    try:
        root = load(PARSE_PAGE, "")(text)
    except Exception as error:  # lxml raises ParserError or ValueError for an empty page
        raise InputError(
            Location(source, 1, 1),
            Described("a web page that cannot be read"),
            f"the chess-results crosstable page saved as HTML ({type(error).__name__})",
        ) from None
    tables = [(table, _table_rows(table)) for table in root.iter("table")]
    chosen, rows = max(tables, key=lambda pair: _round_columns(pair[1]), default=(None, ()))
    notes = tuple(_notes(root, chosen))
    heading = root.find(".//h2")
    title = " ".join(heading.text_content().split()) if heading is not None else ""
    return Sheet(source, rows, notes, title)


def _table_rows(table: Any) -> tuple[tuple[Cell, ...], ...]:
    """A table's rows (not those of tables inside it), each cell's text at its line."""
    rows = []
    for row in table.iter("tr"):
        if _closest_table(row) is not table:
            continue
        cells = [
            Cell(" ".join(cell.text_content().split()), cell.sourceline or 1, column)
            for column, cell in enumerate(_cells(row), start=1)
        ]
        rows.append(tuple(cells))
    return tuple(rows)


def _cells(row: Any) -> Iterator[Any]:
    """The row's own cells, ``th`` and ``td``."""
    for child in row:
        if isinstance(child.tag, str) and child.tag.lower() in ("td", "th"):
            yield child


def _closest_table(element: Any) -> Any:
    """The table an element belongs to."""
    parent = element.getparent()
    while parent is not None and parent.tag != "table":
        parent = parent.getparent()
    return parent


def _round_columns(rows: tuple[tuple[Cell, ...], ...]) -> int:
    """How many round headers (``1.Rd`` ...) the table's first rows hold: the crosstable is
    the table with the most."""
    pattern = re.compile(r"\d{1,3}\s*\.\s*\w{1,6}\.?")
    return max(
        (sum(1 for cell in row if pattern.fullmatch(cell.text)) for row in rows[:5]), default=0
    )


def _notes(root: Any, table: Any) -> Iterator[Cell]:
    """The page's text outside the crosstable, line by line, each at its element's line."""
    for element in root.iter():
        if not isinstance(element.tag, str) or element.tag in ("script", "style"):
            continue
        inside = table is not None and _inside(element, table)
        if inside and element is not table:
            continue
        line = element.sourceline or 1
        for piece in (element.tail,) if inside else (element.text, element.tail):
            for text in (piece or "").splitlines():
                if text.strip():
                    yield Cell(text.strip(), line, 1)


def _inside(element: Any, table: Any) -> bool:
    """The element is the table or one of its descendants."""
    while element is not None:
        if element is table:
            return True
        element = element.getparent()
    return False
