"""What a standings page shows, built once for both pages: the standalone page
(:mod:`.html`, ``--format html`` and the PDF) and the web page (:mod:`tiebreaks.web`).

Each view is already translated and formatted; the templates only lay them out. The web adds
what only it has (a value's explain button, the participant a search found) around these
views, never beside them: the table's columns, its lines (rank, value texts, the score-group
shading) and an explained value are made here and nowhere else, so the two pages cannot say
the same thing two ways.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from fractions import Fraction

from ..standings import Row, Standings
from .explanations.lines import Explanation
from .explanations.words import explanation_total
from .i18n import column_abbreviation, format_value, tiebreak_name, value_formatter
from .values import ValueTexts

#: the text of an undefined value in a table cell
UNDEFINED = "–"


@dataclass(frozen=True)
class Column:
    """A value column: its descriptor, short header and full localised name."""

    label: str
    header: str
    name: str


def value_columns(standings: Standings, lang: str) -> tuple[Column, ...]:
    """The standings' value columns, headed and named in ``lang``."""
    return tuple(
        Column(label, column_abbreviation(label, lang), tiebreak_name(spec, lang))
        for label, spec in zip(standings.columns, standings.tiebreaks, strict=True)
    )


def person_columns(standings: Standings) -> tuple[bool, bool]:
    """Whether the table has a title column and a federation column: in an individual
    event, when a participant of the table (a ranked one) has a title, a federation."""
    if standings.is_team:
        return False, False
    players = [row.player for row in standings.rows]
    return any(player.title for player in players), any(player.federation for player in players)


@dataclass(frozen=True)
class Cell:
    """A text that leads somewhere: a crosstable header (``target``: the anchor of its
    participant; ``title``: what it stands for, on hover), or a value of the web page's
    table (``target``: the value of the button that explains it, "4|BH/C1")."""

    text: str
    target: str
    title: str = ""


@dataclass(frozen=True)
class TableRow:
    """One line of the standings table; ``cells`` are its values as the table shows them
    (:func:`cell_text`); ``group`` is "even" or "odd", alternating with the score group
    (:func:`score_groups`), for the shading."""

    anchor: str
    rank: str
    number: int
    name: str
    rating: str
    cells: tuple[str, ...]
    federation: str = ""
    title: str = ""
    group: str = "even"


def cell_text(value: Fraction | int | None, lang: str, places: int | None = None) -> str:
    """A value as a table cell shows it in ``lang`` (exact decimals, ``places`` of them when
    given; "12,5" in German); :data:`UNDEFINED` for an undefined value."""
    return format_value(value, lang, places) or UNDEFINED


def rank_text(row: Row) -> str:
    """The rank as the tables show it: "3", with "*" when the drawing of lots placed it and
    "^" when the arbiter's order did."""
    return (
        str(row.rank) + ("*" if row.drawn_by_lot else "") + ("^" if row.ordered_by_arbiter else "")
    )


def score_groups(standings: Standings) -> list[str]:
    """Per row, "even" or "odd": the rows with the same first value (the points) form a score
    group, and the groups alternate from the top ("even" first), so that a group reads as one
    block. Without a column every row is "even"."""
    if not standings.columns:
        return ["even"] * len(standings.rows)
    first = standings.columns[0]
    groups = []
    shade, previous = "odd", None
    for index, row in enumerate(standings.rows):
        value = row.values[first]
        if index == 0 or value != previous:
            shade = "even" if shade == "odd" else "odd"
            previous = value
        groups.append(shade)
    return groups


def table_rows(
    standings: Standings, lang: str, first: int = 0, last: int | None = None
) -> tuple[TableRow, ...]:
    """The lines ``first`` to ``last`` (all of them by default) of the standings table in
    ``lang``: each value as the standings' program profile prints it (:class:`ValueTexts`:
    each distinct value of a column formatted once), shaded by score group."""
    last = len(standings.rows) if last is None else last
    formatter = value_formatter(lang)
    texts = ValueTexts(standings, lambda value, places: formatter(value, places) or UNDEFINED)
    rows = (
        standings.rows if (first, last) == (0, len(standings.rows)) else standings.rows[first:last]
    )
    columns = texts.column_texts(rows)
    groups = score_groups(standings)[first:last]
    team = standings.is_team
    lines = []
    for place, row in enumerate(rows):
        player = row.player
        lines.append(
            TableRow(
                f"p{player.start_number}",
                rank_text(row),
                player.start_number,
                player.name,
                "" if team else str(player.rating or ""),
                tuple(column[place] for column in columns),
                player.federation,
                player.title,
                groups[place],
            )
        )
    return tuple(lines)


@dataclass(frozen=True)
class LineView:
    """One explanation line: amount, text, and why it was cut (empty if kept)."""

    amount: str
    text: str
    kept: bool
    cut: str


@dataclass(frozen=True)
class ExplanationView:
    """One value explained: its column's label, the tie-break's name, the value as the
    explanation states it, the definition, the lines and their total (None: not a sum), and
    the steps. The standalone page adds the explanation's ``anchor`` and ``cell`` (the value
    as the table shows it); the web's "why" names ``who`` it belongs to."""

    label: str
    name: str
    value: str
    definition: str
    lines: tuple[LineView, ...]
    total: str | None
    total_text: str
    steps: tuple[str, ...]
    anchor: str = ""
    cell: str = ""
    who: str = ""


def line_views(
    explanation: Explanation, lang: str, translations: gettext.NullTranslations
) -> tuple[LineView, ...]:
    """An explanation's lines: each amount in ``lang``, a cut line with its reason."""
    cut = translations.gettext("cut: %(reason)s")
    return tuple(
        LineView(
            format_value(line.amount, lang),
            line.text,
            line.kept,
            "" if line.kept else cut % {"reason": line.cut_reason},
        )
        for line in explanation.lines
    )


def explanation_view(
    explanation: Explanation,
    label: str,
    name: str,
    value: str,
    lang: str,
    translations: gettext.NullTranslations,
    *,
    anchor: str = "",
    cell: str = "",
    who: str = "",
) -> ExplanationView:
    """The view of an explained value (``value``: its text, "" for undefined, which is
    said in words), with the page's own fields (``anchor``, ``cell``, ``who``); a sum has
    its total, with the words of every output's total line."""
    total: str | None = None
    total_text = ""
    if explanation.is_sum and explanation.lines:
        total = format_value(explanation.total, lang)
        total_text = explanation_total(explanation, translations)
    return ExplanationView(
        label,
        name,
        value or translations.gettext("undefined"),
        explanation.definition,
        line_views(explanation, lang, translations),
        total,
        total_text,
        explanation.steps,
        anchor,
        cell,
        who,
    )
