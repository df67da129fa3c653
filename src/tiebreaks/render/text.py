"""The standings as an aligned plain-text table with names."""

from __future__ import annotations

from ..model.text import shown_name
from ..standings import Standings
from .i18n import (
    check_language,
    column_abbreviation,
    method_lines,
    rules_line,
    summary_line,
    tiebreaks_line,
    translator,
    value_formatter,
)
from .safe_text import display_width, isolated_name, pad_right
from .values import ValueTexts


def standings_text(standings: Standings, lang: str = "en") -> str:
    """A readable table: header lines, then rank, start number, name, rating and values.

    ``lang`` (en, de, it, fr, es) translates the header lines and column headers and writes
    numbers with the language's decimal symbol ("12,5" in German); names and descriptors stay.
    """
    code = check_language(lang)
    formatter = value_formatter(code)
    # no value (undefined, or a group tie-break that did not apply): a dash, as on the page
    texts = ValueTexts(standings, lambda value, places: formatter(value, places) or "-")
    pgettext = translator(code).pgettext
    rating = [] if standings.is_team else [pgettext("column abbreviation", "Rtg")]
    header = [
        pgettext("column abbreviation", "Rk"),
        pgettext("column abbreviation", "No"),
        pgettext("column abbreviation", "Name"),
        *rating,
        *(column_abbreviation(label, code) for label in texts.columns),
    ]
    rows = standings.rows
    columns = [
        [str(row.rank) + ("*" if row.drawn_by_lot else "") for row in rows],
        [str(row.player.start_number) for row in rows],
        [isolated_name(row.player.name) for row in rows],
        *([] if standings.is_team else [[str(row.player.rating or "") for row in rows]]),
        *texts.column_texts(rows),
    ]
    aligned = [
        _aligned(title, cells, name_column=position == 2)
        for position, (title, cells) in enumerate(zip(header, columns, strict=True))
    ]
    body = ["  ".join(cells).rstrip() for cells in zip(*aligned, strict=True)]
    return "\n".join([*_title(standings, code), "", *body]) + "\n"


def _aligned(title: str, cells: list[str], name_column: bool) -> list[str]:
    """A column with its title and rule: names padded on the right (by display width),
    everything else right-aligned."""
    if name_column:
        width = max(map(display_width, [title, *cells]))
        return [pad_right(cell, width) for cell in [title, "-" * width, *cells]]
    width = max(map(len, [title, *cells]))
    return [cell.rjust(width) for cell in [title, "-" * width, *cells]]


def _title(standings: Standings, lang: str) -> list[str]:
    _ = translator(lang).gettext
    tournament = standings.tournament
    lines = [
        shown_name(tournament.name or tournament.source or _("Tournament")),
        summary_line(standings, lang),
        rules_line(standings, lang),
        tiebreaks_line(standings, lang),
        *method_lines(standings, lang),
    ]
    if any(row.drawn_by_lot for row in standings.rows):
        lines.append(_("* place decided by drawing of lots"))
    return lines
