"""The standings as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

from ..standings import Standings
from .values import ValueTexts

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """Text that a spreadsheet cannot take for a formula (a leading ' is added)."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def standings_csv(standings: Standings) -> str:
    """One header line, then rank, start number, name, rating and the values."""
    texts = ValueTexts(standings)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "rating", *texts.columns])
    for row in standings.rows:
        writer.writerow(
            [
                row.rank,
                row.player.start_number,
                spreadsheet_safe(row.player.name),
                row.player.rating or "",
                *texts.row(row),
            ]
        )
    return buffer.getvalue()
