"""What the PDF shows, translated and formatted, as plain data (no PDF library here).

:mod:`tiebreaks.render.pdf_document` lays it out. The content is the arbiter's print: the
title block, the tie-break legend, the standings table, the crosstable (the HTML page's, from
:func:`tiebreaks.render.html.crosstable`), the warnings and, only when asked, the explanations,
one compact block per participant. Every text from the input passes through
:func:`~tiebreaks.model.text.shown_name` / :func:`~tiebreaks.model.text.shown_text` (control,
bidirectional formatting and other invisible characters replaced, NFC), as in every readable
output.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import UsageError
from ..model.text import shown_name, shown_text
from ..services.explain import explain_value
from ..standings import Row, Standings
from .explanations import worded
from .explanations.lines import Explanation
from .explanations.words import explanation_total
from .html import crosstable
from .i18n import (
    arbiter_lines,
    check_language,
    column_abbreviation,
    format_date,
    format_value,
    rules_line,
    summary_line,
    tiebreak_name,
    tiebreaks_line,
    translator,
    value_formatter,
    warning_text,
)
from .safe_text import is_right_to_left, isolated_name
from .values import ValueTexts, program_printing

#: where an explanation names a participant: "#12 " and the name
NAMED = re.compile(r"#(\d+) ")
#: the acronyms whose column is the score: the score groups are shaded by it
SCORE_ACRONYMS = ("PTS", "POINTS", "MP", "GP")


@dataclass(frozen=True)
class TableContent:
    """A table: its header row, its body rows (texts), which columns hold a name (left-aligned,
    clipped when too long), the body rows of every other score group (shaded), the note
    printed above it, the columns of results (first, last: centred) and the cells (column,
    body row) that stand for no game (a participant against themself in a square)."""

    header: tuple[str, ...]
    rows: list[list[str]]
    name_column: int
    shaded: tuple[tuple[int, int], ...]
    note: str = ""
    centred: tuple[int, int] | None = None
    blocked: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class ValueBlock:
    """One value of a participant explained: "BH/C1 = 23.5", its definition, its lines (each
    its amount, or "", and its words; then the total and the steps)."""

    head: str
    definition: str
    lines: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ParticipantBlock:
    """A participant's explanations: "3. Name #12" and one block per value."""

    head: str
    values: tuple[ValueBlock, ...]


@dataclass(frozen=True)
class PdfContent:
    """Everything the PDF prints, already translated and formatted."""

    lang: str
    title: str
    header_lines: tuple[str, ...]
    legend: tuple[tuple[str, str], ...]
    standings: TableContent
    crosstable: TableContent
    drawn_by_lot: bool
    warnings: tuple[str, ...]
    explanations: tuple[ParticipantBlock, ...]
    gettext: Callable[[str], str]


def pdf_content(standings: Standings, lang: str, *, explanations: bool = False) -> PdfContent:
    """The content of the PDF of ``standings`` in ``lang``; the explanations only when
    ``explanations`` is true (they are most of the pages of a big event)."""
    code = check_language(lang)
    _ = translator(code).gettext
    tournament = standings.tournament
    header_lines = [summary_line(standings, code)]
    if tournament.start_date:
        header_lines.append(
            _("Start date: %(date)s") % {"date": format_date(tournament.start_date, code)}
        )
    header_lines += [rules_line(standings, code), tiebreaks_line(standings, code)]
    header_lines += arbiter_lines(standings, code)  # MAN values, order, not ranked
    groups = score_groups(standings)
    return PdfContent(
        lang=code,
        title=shown_name(tournament.name or tournament.source or _("Tournament")),
        header_lines=tuple(shown_text(line) for line in header_lines),
        legend=tuple(
            (label, tiebreak_name(spec, code))
            for label, spec in zip(standings.columns, standings.tiebreaks, strict=True)
        ),
        standings=standings_table(standings, code, groups),
        crosstable=crosstable_table(standings, code, groups),
        drawn_by_lot=any(row.drawn_by_lot for row in standings.rows),
        warnings=tuple(shown_text(warning_text(item, code)) for item in standings.warnings),
        explanations=explanation_blocks(standings, code) if explanations else (),
        gettext=_,
    )


def _rank_text(row: Row) -> str:
    return (
        str(row.rank) + ("*" if row.drawn_by_lot else "") + ("^" if row.ordered_by_arbiter else "")
    )


def score_label(standings: Standings) -> str | None:
    """The column of the score (points, match or game points), None when the list has none."""
    return next(
        (
            label
            for label, spec in zip(standings.columns, standings.tiebreaks, strict=True)
            if spec.acronym in SCORE_ACRONYMS
        ),
        None,
    )


def score_groups(standings: Standings) -> tuple[tuple[int, int], ...]:
    """The body rows (first, last) of every second score group: the participants with the same
    score stand together in the standings, and shading every other group shows where one
    ends (none when the list has no score column)."""
    label = score_label(standings)
    if label is None:
        return ()
    bounds: list[tuple[int, int]] = []
    start = 0
    previous: Fraction | None = None
    for position, row in enumerate(standings.rows):
        value = row.values[label]
        if position and value != previous:
            bounds.append((start, position - 1))
            start = position
        previous = value
    if standings.rows:
        bounds.append((start, len(standings.rows) - 1))
    return tuple(bounds[1::2])


def standings_table(
    standings: Standings, lang: str, shaded: tuple[tuple[int, int], ...]
) -> TableContent:
    """The standings table: rank, number, name, rating (players) and the values."""
    _ = translator(lang).gettext
    texts = ValueTexts(standings, value_formatter(lang))
    rating = () if standings.is_team else (_("Rating"),)
    header = (
        _("Rank"),
        _("No."),
        _("Team") if standings.is_team else _("Name"),
        *rating,
        *(column_abbreviation(label, lang) for label in standings.columns),
    )
    value_columns = texts.column_texts(standings.rows)
    rows = []
    for position, row in enumerate(standings.rows):
        player = row.player
        cells = [_rank_text(row), str(player.start_number), shown_name(player.name)]
        if not standings.is_team:
            cells.append(str(player.rating or ""))
        cells.extend(column[position] for column in value_columns)
        rows.append(cells)
    return TableContent(header, rows, 2, shaded)


def crosstable_table(
    standings: Standings, lang: str, shaded: tuple[tuple[int, int], ...]
) -> TableContent:
    """The crosstable as the HTML page has it (results by round, or a square for a small round
    robin), participants in standings order, with the score at the end."""
    _ = translator(lang).gettext
    table = crosstable(standings, lang)
    points = (table.points_header,) if table.points_header else ()
    header = (
        _("Rank"),
        _("No."),
        _("Team") if standings.is_team else _("Name"),
        *(cell.text for cell in table.headers),
        *points,
    )
    rows = [
        [
            row.rank,
            str(row.number),
            shown_name(row.name),
            *(cell.text for cell in row.cells),
            *((row.points,) if points else ()),
        ]
        for row in table.rows
    ]
    note = table.note
    if standings.is_team and not table.square:  # the page's note says "hover": not on paper
        translations = translator(lang)
        note = translations.gettext(
            "Each cell: the opposing team's number, the colour on board 1 (%(white)s White,"
            " %(black)s Black) and the game points."
        ) % {
            "white": translations.pgettext("colour letter", "w"),
            "black": translations.pgettext("colour letter", "b"),
        }
    results = (3, 2 + len(table.headers))
    blocked = tuple(
        (3 + column, position)
        for position, row in enumerate(table.rows)
        for column, cell in enumerate(row.cells)
        if cell.css == "self"
    )
    return TableContent(header, rows, 2, shaded, shown_text(note), results, blocked)


def explanation_blocks(standings: Standings, lang: str) -> tuple[ParticipantBlock, ...]:
    """Every value of every participant explained, one block per participant (standings
    order): the explanations come from the traces, worded in ``lang``."""
    places = [standings.places.get(label) for label in standings.columns]
    rtl_names = right_to_left_names(standings)
    blocks = []
    for row in standings.rows:
        values = tuple(
            _value_block(standings, row, label, places[position], lang, rtl_names)
            for position, label in enumerate(standings.columns)
        )
        player = row.player
        # isolated: "#12" stays after a right-to-left name
        head = f"{_rank_text(row)}. {isolated_name(player.name)} #{player.start_number}"
        blocks.append(ParticipantBlock(head, values))
    return tuple(blocks)


def right_to_left_names(standings: Standings) -> dict[int, tuple[str, ...]]:
    """The shown names with a right-to-left letter by start number: of the participants and,
    in a team event, of the players (whom the explanations may name too)."""
    found: dict[int, set[str]] = {}
    participants = [row.player for row in standings.rows]
    for player in (*participants, *standings.tournament.players):
        name = shown_name(player.name)
        if is_right_to_left(name):
            found.setdefault(player.start_number, set()).add(name)
    return {number: tuple(sorted(names, key=len, reverse=True)) for number, names in found.items()}


def isolate_names(text: str, rtl_names: dict[int, tuple[str, ...]]) -> str:
    """``text`` with each right-to-left name it gives after "#12 " between isolate marks
    (:func:`~tiebreaks.render.safe_text.isolated_name`): the name is ordered on its own, so
    the digits and Latin of the name and of the sentence around it stay where they are
    (UAX #9, rule X5c)."""
    if not rtl_names or not is_right_to_left(text):
        return text
    pieces, start = [], 0
    for found in NAMED.finditer(text):
        for name in rtl_names.get(int(found[1]), ()):  # the longest first
            if text.startswith(name, found.end()):
                pieces += [text[start : found.end()], isolated_name(name)]
                start = found.end() + len(name)
                break
    return "".join(pieces) + text[start:]


def _value_block(
    standings: Standings,
    row: Row,
    label: str,
    places: int | None,
    lang: str,
    rtl_names: dict[int, tuple[str, ...]],
) -> ValueBlock:
    gettext = translator(lang).gettext
    shown = program_printing(standings)(row.values[label], places)
    value = format_value(shown, lang, places) or gettext("undefined")
    try:
        explained = worded(explain_value(standings, row, label), standings, lang)
    except UsageError as error:  # a value without a trace says why
        return ValueBlock(f"{label} = {value}", shown_text(str(error)), ())
    return ValueBlock(
        f"{label} = {value}",
        shown_text(explained.definition),
        tuple(
            (amount, isolate_names(shown_text(text), rtl_names))
            for amount, text in _line_texts(explained, lang, gettext)
        ),
    )


def _line_texts(
    explained: Explanation, lang: str, gettext: Callable[[str], str]
) -> Sequence[tuple[str, str]]:
    """Each line as (amount, words; a cut line with its reason), then the total and steps."""
    texts = []
    for line in explained.lines:
        text = line.text
        if not line.kept:
            text += " [" + gettext("cut: %(reason)s") % {"reason": line.cut_reason} + "]"
        texts.append((format_value(line.amount, lang), text))
    if explained.is_sum and explained.lines:
        total = explanation_total(explained, translator(lang))
        texts.append(("= " + format_value(explained.total, lang), total))
    texts.extend(("", step) for step in explained.steps)
    return texts
