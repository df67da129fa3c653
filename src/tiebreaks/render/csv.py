"""The standings as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

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
    values, ranks, numbers and ratings are numbers we write ourselves. The :mod:`csv` writer
    quotes a cell only when it must (a comma, a quote or a line break); all rows are given to
    it at once, column by column, so a big table is written in C. When a drawing of lots
    (``--lots``) gave some ranks, a column ``drawn_by_lot`` says "yes" on their rows; when the
    arbiter's order (``--order``) gave some, a column ``ordered_by_arbiter`` does. The
    participants left out of the ranking come last, without a rank, with a column
    ``not_ranked`` ("withdrawn" or "expelled")."""
    texts = ValueTexts(standings)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    rows = (*standings.rows, *standings.not_ranked)
    lots = any(row.drawn_by_lot for row in rows)  # the column only when lots were drawn
    ordered, apart = bool(standings.manual_order), bool(standings.not_ranked)
    writer.writerow(
        ["rank", "id", "name", "rating", *map(spreadsheet_safe, texts.columns)]
        + (["drawn_by_lot"] if lots else [])
        + (["ordered_by_arbiter"] if ordered else [])
        + (["not_ranked"] if apart else [])
    )
    players = [row.player for row in rows]
    columns: list[Sequence[object]] = [
        [row.rank or "" for row in rows],
        [player.start_number for player in players],
        [spreadsheet_safe(shown_name(player.name)) for player in players],
        [player.rating or "" for player in players],
        *texts.column_texts(rows),
        *([["yes" if row.drawn_by_lot else "" for row in rows]] if lots else []),
        *([["yes" if row.ordered_by_arbiter else "" for row in rows]] if ordered else []),
        *([[row.status for row in rows]] if apart else []),
    ]
    writer.writerows(zip(*columns, strict=True))
    return buffer.getvalue()
