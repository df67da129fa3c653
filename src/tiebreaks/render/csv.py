"""The standings as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import re

from ..model.text import LEADING_INVISIBLE, shown_name
from ..standings import Standings
from .values import ValueTexts

#: a number as we write it (values, ratings, counts): a spreadsheet reads it as that number
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?\Z")
#: the start of a cell that a spreadsheet may take for a formula (OWASP: = + - @ tab carriage
#: return), also in the full-width forms some spreadsheets accept, and after spaces and
#: invisible characters (or the U+FFFD that replaced one): the first visible character counts
_FORMULA_START = re.compile(f"[\t\r]|{LEADING_INVISIBLE}[=+\\-@\uff1d\uff0b\uff0d\uff20]")


def spreadsheet_safe(text: str) -> str:
    """A CSV cell that no spreadsheet takes for a formula.

    A cell whose first visible character (after any spaces, control and invisible characters
    such as U+200F or U+200B, or the U+FFFD that replaced one) is ``=``, ``+``, ``-`` or
    ``@`` (or their full-width forms), or that starts with a tab or a carriage return, gets a
    leading ``'``, which spreadsheets read as "this cell is text". A plain decimal number
    (``-1.5``, ``+2``, ``2150``) stays as it is: it cannot be a formula, and it must stay a
    number. So a name such as ``=HYPERLINK(...)``, ``-2+3`` or ``\\u200f=cmd`` becomes
    ``'=HYPERLINK(...)``, ``'-2+3``, ``'\\u200f=cmd``.
    """
    if _NUMBER.match(text) or not _FORMULA_START.match(text):
        return text
    return "'" + text


def standings_csv(standings: Standings) -> str:
    """One header line, then rank, start number, name, rating and the values.

    Every text from the input (the names) is shown as
    :func:`~tiebreaks.model.text.shown_name` shows it and made :func:`spreadsheet_safe`; the
    values, ranks, numbers and ratings are numbers we write ourselves."""
    texts = ValueTexts(standings)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "rating", *map(spreadsheet_safe, texts.columns)])
    rows = standings.rows
    players = [row.player for row in rows]
    columns = [
        list(map(str, [row.rank for row in rows])),
        list(map(str, [player.start_number for player in players])),
        [_cell(spreadsheet_safe(shown_name(player.name))) for player in players],
        [str(player.rating or "") for player in players],
        *map(_cells, texts.column_texts(rows)),
    ]
    lines = "\n".join(map(",".join, zip(*columns, strict=True)))
    return buffer.getvalue() + (lines + "\n" if rows else "")


def _cells(column: list[str]) -> list[str]:
    """A column of value texts as cells (their distinct texts looked at once)."""
    distinct = set(column)
    if not _NEEDS_QUOTES.search("".join(distinct)):
        return column
    quoted = {text: _cell(text) for text in distinct}
    return list(map(quoted.__getitem__, column))


def _cell(text: str) -> str:
    """A cell as :mod:`csv` writes it (minimal quoting): quoted when it holds a comma, a
    quote or a line break, its quotes doubled. The rows are joined directly, which is
    several times faster than the writer on a big table (``tests/render/test_csv_joined.py``)."""
    if _NEEDS_QUOTES.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


_NEEDS_QUOTES = re.compile('[,"\n\r]')
