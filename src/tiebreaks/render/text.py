"""The standings as an aligned plain-text table with names."""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter

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
    rows = (*standings.rows, *standings.not_ranked)  # the ones not ranked last, apart
    players = list(map(_PLAYER, rows))
    ranks = [str(row.rank) if not row.status else "-" for row in rows]
    if any(map(_DRAWN_BY_LOT, rows)) or standings.manual_order:
        ranks = [
            rank + ("*" if row.drawn_by_lot else "") + ("^" if row.ordered_by_arbiter else "")
            for rank, row in zip(ranks, rows, strict=True)
        ]
    columns = [
        ranks,
        list(map(str, map(_START_NUMBER, players))),
        _names(list(map(_NAME, players))),
        *([] if standings.is_team else [_ratings(list(map(_RATING, players)))]),
        *texts.column_texts(rows),
    ]
    aligned = [
        _aligned(title, cells, name_column=position == 2)
        for position, (title, cells) in enumerate(zip(header, columns, strict=True))
    ]
    body = list(map(str.rstrip, map("  ".join, zip(*aligned, strict=True))))
    if standings.not_ranked:  # after the ranked rows and the two header lines
        title = translator(code).gettext("Not ranked (withdrawn or expelled):")
        body.insert(len(standings.rows) + 2, f"\n{title}")
    return "\n".join([*_title(standings, code), "", *body]) + "\n"


_PLAYER = attrgetter("player")
_RANK = attrgetter("rank")
_DRAWN_BY_LOT = attrgetter("drawn_by_lot")
_START_NUMBER = attrgetter("start_number")
_NAME = attrgetter("name")
_RATING = attrgetter("rating")


def _ratings(ratings: list[int | None]) -> list[str]:
    """The ratings as the table shows them: blank for an unrated player."""
    return list(map(_BLANK.get, ratings, map(str, ratings)))


_BLANK: dict[int | None, str] = {None: "", 0: ""}


def _names(names: list[str]) -> list[str]:
    """The names as the table shows them (:func:`isolated_name`): a column of printable ASCII
    names (the usual case, checked for the whole column at once) is shown as it is."""
    joined = "".join(names)
    if joined.isascii() and joined.isprintable():
        return names
    return list(map(isolated_name, names))


def _aligned(title: str, cells: list[str], name_column: bool) -> list[str]:
    """A column with its title and rule: names padded on the right (by display width),
    everything else right-aligned."""
    if name_column:
        column = [title, "", *cells]
        if "".join(column).isascii():  # one column per character
            width = max(map(len, column))
            column[1] = "-" * width
            return list(map(str.ljust, column, repeat(width)))
        width = max(map(display_width, column))
        column[1] = "-" * width
        return [pad_right(cell, width) for cell in column]
    width = max(map(len, [title, *cells]))
    return list(map(str.rjust, [title, "-" * width, *cells], repeat(width)))


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
    if any(map(_DRAWN_BY_LOT, standings.rows)):
        lines.append(_("* place decided by drawing of lots"))
    return lines
