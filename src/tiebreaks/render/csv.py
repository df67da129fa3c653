"""The standings as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import re

from ..standings import Standings
from .safe_text import shown_name
from .values import ValueTexts

#: a number as we write it (values, ratings, counts): a spreadsheet reads it as that number
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?\Z")
#: the start of a cell that a spreadsheet may take for a formula (OWASP: = + - @ tab carriage
#: return), also after spaces and in the full-width forms some spreadsheets accept
_FORMULA_START = re.compile("[\t\r]|\\s*[=+\\-@\uff1d\uff0b\uff0d\uff20]")


def spreadsheet_safe(text: str) -> str:
    """A CSV cell that no spreadsheet takes for a formula.

    A cell that starts (after any spaces) with ``=``, ``+``, ``-`` or ``@`` (or their
    full-width forms), or with a tab or a carriage return, gets a leading ``'``, which
    spreadsheets read as "this cell is text". A plain decimal number (``-1.5``, ``+2``,
    ``2150``) stays as it is: it cannot be a formula, and it must stay a number. So a name
    such as ``=HYPERLINK(...)`` or ``-2+3`` becomes ``'=HYPERLINK(...)``, ``'-2+3``.
    """
    if _NUMBER.match(text) or not _FORMULA_START.match(text):
        return text
    return "'" + text


def standings_csv(standings: Standings) -> str:
    """One header line, then rank, start number, name, rating and the values.

    Every text from the input (the names) is shown as :func:`~.safe_text.shown_name` shows it
    and made :func:`spreadsheet_safe`; the values, ranks, numbers and ratings are numbers we
    write ourselves."""
    texts = ValueTexts(standings)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "rating", *map(spreadsheet_safe, texts.columns)])
    rows = standings.rows
    players = [row.player for row in rows]
    writer.writerows(
        zip(
            [row.rank for row in rows],
            [player.start_number for player in players],
            [spreadsheet_safe(shown_name(player.name)) for player in players],
            [player.rating or "" for player in players],
            *texts.column_texts(rows),
            strict=True,
        )
    )
    return buffer.getvalue()
