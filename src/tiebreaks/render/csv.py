"""The standings as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

from ..standings import Standings
from .values import show

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """Text that a spreadsheet cannot take for a formula (a leading ' is added)."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def standings_csv(standings: Standings) -> str:
    """One header line, then rank, start number, name, rating and the values."""
    names = list(standings.columns)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "rating", *names])
    for row in standings.rows:
        writer.writerow(
            [
                row.rank,
                row.player.start_number,
                spreadsheet_safe(row.player.name),
                row.player.rating or "",
                *(show(row.values[name], standings.places.get(name)) for name in names),
            ]
        )
    return buffer.getvalue()
