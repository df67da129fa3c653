"""The PDF laid out with ReportLab's platypus: A4, portrait when both tables fit its width,
else landscape (and a smaller type if even landscape is too narrow), tables whose header row
repeats on every page and whose rows are never split (one line each: a name too long for its
column is shortened with "…"), every other score group shaded, the event's name and "page 3
of 12" on every page.

ReportLab lays out a table of known column widths and row heights in linear time, which is
what an event of thousands of players needs (an HTML page printed by a browser engine
grows far faster than the table). Texts come in already neutralised
(:mod:`tiebreaks.render.pdf_content`); the ones put into paragraphs are escaped here, as
ReportLab reads its paragraphs as markup.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    LongTable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from .. import __version__
from .pdf_bidi import visual
from .pdf_content import ParticipantBlock, PdfContent, TableContent
from .pdf_fonts import FALLBACK, font_runs, needs_fallback, register_fonts
from .pdf_text import TextBlock

#: page margins: the running header and footer stand inside the top and bottom ones
SIDE_MARGIN: float = 10 * mm
TOP_MARGIN: float = 16 * mm
BOTTOM_MARGIN: float = 14 * mm
#: type sizes of the tables: the first that fits the page's width is taken
TABLE_SIZES = (8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0)
#: the name column is not shortened below this width (at 8 pt; in proportion when smaller)
NAME_MINIMUM: float = 45 * mm
#: space left and right of a cell's text
CELL_PADDING = 2.5
SHADE = colors.Color(0.88, 0.88, 0.88)
HEADER_SHADE = colors.Color(0.78, 0.80, 0.86)
RULE = colors.Color(0.72, 0.72, 0.72)
BLOCKED = colors.Color(0.35, 0.35, 0.35)
ELLIPSIS = "…"
#: the type size of the explanations
EXPLANATION_SIZE = 7.5
#: the room a heading needs below it on a page (else it starts the next page)
HEADING_ROOM: float = 30 * mm


@dataclass(frozen=True)
class Layout:
    """The page size and the type size of the tables."""

    pagesize: tuple[float, float]
    size: float

    @property
    def width(self) -> float:
        """The width of the text frame."""
        return float(self.pagesize[0]) - 2 * SIDE_MARGIN


def pdf_bytes(content: PdfContent) -> bytes:
    """The PDF of ``content``."""
    regular, bold = register_fonts()
    tables = (content.standings, content.crosstable)
    measured = [_natural_widths(table, regular, bold, TABLE_SIZES[0]) for table in tables]
    layout = choose_layout(tables, measured)
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=layout.pagesize,
        leftMargin=SIDE_MARGIN,
        rightMargin=SIDE_MARGIN,
        topMargin=TOP_MARGIN,
        bottomMargin=BOTTOM_MARGIN,
        title=content.title,
        creator=f"tiebreaks {__version__}",
        author="",
        lang=content.lang,
        invariant=True,
    )
    story = _story(content, layout, measured)
    document.build(story, canvasmaker=_canvas_maker(content, regular))
    return buffer.getvalue()


def _natural_widths(table: TableContent, font: str, bold: str, size: float) -> list[float]:
    """Each column's width at ``size``: its widest text (each distinct text measured once)
    and the padding."""
    widths = []
    for column, title in enumerate(table.header):
        distinct = {row[column] for row in table.rows}
        widest = max((text_width(text, font, size) for text in distinct), default=0.0)
        widths.append(max(widest, stringWidth(title, bold, size)) + 2 * CELL_PADDING)
    return widths


def choose_layout(tables: tuple[TableContent, ...], measured: list[list[float]]) -> Layout:
    """Portrait at the normal size when every table fits its width (a name column wider than
    :data:`NAME_MINIMUM` may be shortened to it), else landscape at the largest size that
    fits, else landscape at the smallest size."""
    base = TABLE_SIZES[0]
    for pagesize, sizes in ((A4, TABLE_SIZES[:1]), (landscape(A4), TABLE_SIZES)):
        for size in sizes:
            layout = Layout(pagesize, size)
            scale = size / base
            if all(
                _needed(widths, table.name_column, scale) <= layout.width
                for table, widths in zip(tables, measured, strict=True)
            ):
                return layout
    return Layout(landscape(A4), TABLE_SIZES[-1])


def _needed(widths: list[float], name_column: int, scale: float) -> float:
    others = sum(widths) - widths[name_column]
    return (others + min(widths[name_column], NAME_MINIMUM)) * scale


def _column_widths(table: TableContent, natural: list[float], layout: Layout) -> list[float]:
    """The widths at the layout's size: the name column takes what the others leave (up to
    its natural width)."""
    scale = layout.size / TABLE_SIZES[0]
    widths = [width * scale for width in natural]
    others = sum(widths) - widths[table.name_column]
    widths[table.name_column] = max(
        min(widths[table.name_column], layout.width - others), NAME_MINIMUM * scale
    )
    return widths


def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` at ``size`` as drawn (:func:`visual`), its letters that ``font``
    lacks in the fallback font."""
    text = visual(text)
    if not needs_fallback(text):
        return float(stringWidth(text, font, size))
    return sum(
        float(stringWidth(run, FALLBACK if other else font, size)) for other, run in font_runs(text)
    )


def markup(text: str, base: Literal["L", "R"] | None = "L") -> str:
    """``text`` as paragraph markup: in display order (:func:`visual`; ``base`` is its
    direction, None for a name on its own), escaped, its letters that the regular font lacks
    in the fallback font."""
    text = visual(text, base)
    if not needs_fallback(text):
        return escape(text)
    return "".join(
        f'<font face="{FALLBACK}">{escape(run)}</font>' if other else escape(run)
        for other, run in font_runs(text)
    )


def shortened(text: str, font: str, size: float, width: float) -> str:
    """``text``, or its longest start that fits ``width`` with "…" after it."""
    if text_width(text, font, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest start that fits, by bisection
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def table_flowable(
    table: TableContent, natural: list[float], layout: Layout, fonts: tuple[str, str]
) -> LongTable:
    """The table: header row repeated on every page, one line per row, shaded score
    groups; every text in display order (:func:`visual`: a right-to-left name reads right)."""
    regular, bold = fonts
    size = layout.size
    widths = _column_widths(table, natural, layout)
    room = widths[table.name_column] - 2 * CELL_PADDING
    name = table.name_column
    rows: list[list[str | Paragraph]] = [[visual(title) for title in table.header]]
    mixed = ParagraphStyle("cell", fontName=regular, fontSize=size, leading=size * 1.2)
    for row in table.rows:
        cells: list[str | Paragraph] = [visual(cell) for cell in row]
        shown = shortened(row[name], regular, size, room)  # logical order: "…" at its end
        # a name with letters of the fallback font is a paragraph (two fonts on a line)
        cells[name] = (
            Paragraph(markup(shown, None), mixed) if needs_fallback(shown) else visual(shown)
        )
        rows.append(cells)
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), regular, size, size * 1.2),
        ("FONT", (0, 0), (-1, 0), bold, size, size * 1.2),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (name, 0), (name, -1), "LEFT"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.3),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
    ]
    if table.centred is not None:
        first, last = table.centred
        style.append(("ALIGN", (first, 0), (last, -1), "CENTER"))
    for first, last in table.shaded:  # body rows: the header is row 0
        style.append(("BACKGROUND", (0, first + 1), (-1, last + 1), SHADE))
    for column, body_row in table.blocked:
        cell = (column, body_row + 1)
        style.append(("BACKGROUND", cell, cell, BLOCKED))
    height = size * 1.55
    return LongTable(
        rows,
        colWidths=widths,
        rowHeights=[height] * len(rows),
        repeatRows=1,
        hAlign="LEFT",
        style=TableStyle(style),
    )


@dataclass(frozen=True)
class Styles:
    """The paragraph styles."""

    title: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    participant: ParagraphStyle


def _styles(regular: str, bold: str) -> Styles:
    body = ParagraphStyle("body", fontName=regular, fontSize=8.5, leading=10.5)
    return Styles(
        title=ParagraphStyle("title", body, fontName=bold, fontSize=15, leading=18, spaceAfter=4),
        heading=ParagraphStyle(
            "heading",
            body,
            fontName=bold,
            fontSize=11.5,
            leading=14,
            spaceBefore=8,
            spaceAfter=4,
        ),
        body=body,
        small=ParagraphStyle("small", body, fontSize=7.5, leading=9, spaceBefore=2, spaceAfter=2),
        participant=ParagraphStyle(
            "participant",
            body,
            fontName=bold,
            fontSize=9,
            leading=11,
            spaceBefore=6,
            keepWithNext=1,
        ),
    )


def _story(content: PdfContent, layout: Layout, measured: list[list[float]]) -> list[Flowable]:
    """The flowables, in reading order."""
    _ = content.gettext
    fonts = register_fonts()
    styles = _styles(*fonts)
    story: list[Flowable] = [Paragraph(markup(content.title, None), styles.title)]
    story += [Paragraph(markup(line), styles.body) for line in content.header_lines]
    story += _heading(_("Tie-breaks"), styles)
    legend = " · ".join(f"<b>{markup(label)}</b> {markup(name)}" for label, name in content.legend)
    story.append(Paragraph(legend, styles.small))
    story += _heading(_("Standings"), styles)
    story.append(table_flowable(content.standings, measured[0], layout, fonts))
    if content.drawn_by_lot:
        story.append(Paragraph(markup(_("* place decided by drawing of lots")), styles.small))
    story += _heading(_("Crosstable"), styles)
    story.append(Paragraph(markup(content.crosstable.note), styles.small))
    story.append(table_flowable(content.crosstable, measured[1], layout, fonts))
    if content.warnings:
        story += _heading(_("Warnings"), styles)
        story += [Paragraph(markup(warning), styles.small) for warning in content.warnings]
    if content.explanations:
        story += [PageBreak(), Paragraph(markup(_("Explanations")), styles.heading)]
        hint = _("Each value line by line, as the program computed it.")
        story.append(Paragraph(markup(hint), styles.small))
        for block in content.explanations:
            story += _participant(block, styles)
    story.append(Spacer(1, 1))
    return story


def _heading(text: str, styles: Styles) -> list[Flowable]:
    """A heading, on a new page when fewer than a few lines would follow it on this one
    (a heading is not kept with a whole table: that would push a long table to the next
    page)."""
    return [CondPageBreak(HEADING_ROOM), Paragraph(markup(text), styles.heading)]


def _participant(block: ParticipantBlock, styles: Styles) -> list[Flowable]:
    """One participant's block: the name, then each value in one compact block (its head
    and definition, then its lines separated by " · ")."""
    flowables: list[Flowable] = [Paragraph(markup(block.head), styles.participant)]
    fonts = register_fonts()
    for value in block.values:
        head = [(True, value.head + ":"), (False, value.definition)]
        parts: list[list[tuple[bool, str]]] = [head]
        if value.lines:
            runs: list[tuple[bool, str]] = []
            for position, (amount, words) in enumerate(value.lines):
                separator = " ·" if position + 1 < len(value.lines) else ""
                runs += [(True, amount), (False, words + separator)]
            parts.append(runs)
        flowables.append(
            TextBlock(
                parts,
                fonts,
                EXPLANATION_SIZE,
                leading=EXPLANATION_SIZE * 1.2,
                indent=8,
                space_before=1,
            )
        )
    return flowables


def _canvas_maker(content: PdfContent, font: str) -> Callable[..., Canvas]:
    """A canvas that keeps its pages until the end, then draws on each the event's name at
    the top and "page N of M" at the bottom (M is known only then)."""
    page_text = content.gettext("Page %(page)s of %(pages)s")
    title = content.title

    class NumberedCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.kept_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self.kept_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self.kept_pages)
            for number, state in enumerate(self.kept_pages, 1):
                self.__dict__.update(state)
                self._furniture(page_text % {"page": number, "pages": total})
                Canvas.showPage(self)
            Canvas.save(self)

        def _furniture(self, numbering: str) -> None:
            width, height = self._pagesize
            self.saveState()
            self.setFont(font, 8)
            self.setFillColor(colors.Color(0.3, 0.3, 0.3))
            room = width - 2 * SIDE_MARGIN
            left = SIDE_MARGIN
            for other, run in font_runs(visual(shortened(title, font, 8, room))):
                face = FALLBACK if other else font
                self.setFont(face, 8)
                self.drawString(left, height - 10 * mm, run)
                left += stringWidth(run, face, 8)
            self.setFont(font, 8)
            self.drawRightString(width - SIDE_MARGIN, 8 * mm, numbering)
            self.restoreState()

    return NumberedCanvas
