"""The standings as an aligned plain-text table with names."""

from __future__ import annotations

from ..standings import Standings
from .i18n import (
    check_language,
    column_abbreviation,
    rules_line,
    summary_line,
    tiebreaks_line,
    translator,
    value_formatter,
)
from .safe_text import display_width, isolated_name, pad_right, shown_name
from .values import ValueTexts


def standings_text(standings: Standings, lang: str = "en") -> str:
    """A readable table: header lines, then rank, start number, name, rating and values.

    ``lang`` (en, de, it, fr, es) translates the header lines and column headers and writes
    numbers with the language's decimal symbol ("12,5" in German); names and descriptors stay.
    """
    code = check_language(lang)
    texts = ValueTexts(standings, value_formatter(code))
    pgettext = translator(code).pgettext
    rating = [] if standings.is_team else [pgettext("column abbreviation", "Rtg")]
    header = [
        pgettext("column abbreviation", "Rk"),
        pgettext("column abbreviation", "No"),
        pgettext("column abbreviation", "Name"),
        *rating,
        *(column_abbreviation(label, code) for label in texts.columns),
    ]
    lines = [
        [
            str(row.rank) + ("*" if row.drawn_by_lot else ""),
            str(row.player.start_number),
            isolated_name(row.player.name),
            *([] if standings.is_team else [str(row.player.rating or "")]),
            *texts.row(row),
        ]
        for row in standings.rows
    ]
    widths = [max(len(cells[i]) for cells in [header, *lines]) for i in range(len(header))]
    widths[2] = max(display_width(cells[2]) for cells in [header, *lines])
    text_columns = {2}

    def fmt(cells: list[str]) -> str:
        out = [
            pad_right(cell, width) if i in text_columns else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    body = [fmt(header), fmt(["-" * width for width in widths])]
    body.extend(fmt(cells) for cells in lines)
    return "\n".join([*_title(standings, code), "", *body]) + "\n"


def _title(standings: Standings, lang: str) -> list[str]:
    _ = translator(lang).gettext
    tournament = standings.tournament
    lines = [
        shown_name(tournament.name or tournament.source or _("Tournament")),
        summary_line(standings, lang),
        rules_line(standings, lang),
        tiebreaks_line(standings, lang),
    ]
    if any(row.drawn_by_lot for row in standings.rows):
        lines.append(_("* place decided by drawing of lots"))
    return lines
