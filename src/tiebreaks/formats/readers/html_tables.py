"""The tables of a published HTML page (Vega, Swiss-Chess), read with lxml's HTML parser, and
the tournament built from the rows the program readers make of them.

Why a parser and not patterns over the markup: the programs' pages differ from version to
version (attributes, nested ``div`` and ``span``, unclosed tags, comments, ``<td>`` in a header
row); libxml2's HTML parser repairs them as a browser does and gives every element its source
line (``sourceline``), which the errors name.

A location in a page is the line of the cell's tag and, as the column, the cell's 1-based
position in its row (the 3rd ``<td>`` is column 3): a page has no column in the text sense
that an arbiter could find, a cell number they can count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import PurePath

import lxml.etree
import lxml.html

from ...engine.names import resolve_name
from ...errors import N_, Diagnostic, InputError, Location, UsageError
from ...model import ABSENT, STANDARD, PairingSystem, Player, RoundResult, Tournament
from .consistency import check_consistency
from .encoding import decode_text
from .locator import Field, Locator

__all__ = [
    "Cell",
    "Entry",
    "Event",
    "Row",
    "Table",
    "assemble",
    "first_number",
    "page_tables",
    "parse_page",
    "parse_value",
    "published_labels",
    "published_values",
    "rating",
]

#: a published number: ``8.5``, ``49.50``, ``4,5``, ``4½``, ``½``, ``12``, ``-3`` (no exponent)
_NUMBER = re.compile(r"(-?)([0-9]{0,9})(?:[.,]([0-9]{1,9}))?(½?)")
_BLANKS = re.compile(r"\s+")
#: ASCII digits only (``str.isdigit`` takes ``²``, which ``int`` refuses)
_DIGITS = re.compile(r"[0-9]+")
#: the most cells a page may hold: a 2,000-player crosstable has four million; beyond it the
#: page is refused before anything is built from it
MAX_CELLS = 5_000_000


@dataclass(frozen=True)
class Cell:
    """One ``td`` or ``th``: its text (blanks collapsed), where it is, and its element."""

    text: str
    line: int
    column: int
    element: lxml.html.HtmlElement

    def location(self, source: str) -> Location:
        """Where the cell is (its tag's line; column = the cell's number in its row)."""
        return Location(source, self.line, self.column)

    def classes(self) -> frozenset[str]:
        """The cell's own CSS classes."""
        return frozenset((self.element.get("class") or "").split())


@dataclass(frozen=True)
class Row:
    """A table row: its cells in order and its line."""

    line: int
    cells: tuple[Cell, ...]

    def cell(self, index: int) -> Cell | None:
        """The cell of 0-based ``index``, None beyond the end of the row."""
        return self.cells[index] if 0 <= index < len(self.cells) else None

    def text(self, index: int) -> str:
        """The text of the cell of 0-based ``index``; empty beyond the end of the row."""
        cell = self.cell(index)
        return cell.text if cell is not None else ""

    def location(self, source: str, index: int) -> Location:
        """Where the cell of 0-based ``index`` is: its own line (a row may span lines), the
        row's beyond the end of the row; column = ``index`` + 1 (1 for a column not found)."""
        cell = self.cell(index)
        return Location(source, cell.line if cell is not None else self.line, max(index, 0) + 1)


@dataclass(frozen=True)
class Table:
    """A ``table`` element: its header row (the first row of ``thead``, else its first row)
    and the rows under it."""

    header: Row
    rows: tuple[Row, ...]
    line: int
    #: a legend under the table (``tfoot``: ``BH : Buchholz Total``): label -> full name
    legend: tuple[tuple[str, str], ...] = ()

    def labels(self) -> list[str]:
        """The header texts, in order."""
        return [cell.text for cell in self.header.cells]


def parse_page(data: bytes, source: str) -> lxml.html.HtmlElement:
    """The root element of an HTML page (bytes decoded as UTF-8, else CP1252, else Latin-1,
    as the other readers do); :class:`InputError` for a page libxml2 cannot read at all."""
    text = decode_text(data, source).text.removeprefix("\ufeff")
    # an XML declaration naming an encoding is refused in a decoded string: drop it
    text = re.sub(r"\A\s*<\?xml[^>]{0,200}\?>", "", text)
    try:
        root = lxml.html.document_fromstring(text)
    except (lxml.etree.ParserError, ValueError) as error:
        raise InputError(Location(source, 1, 1), text[:40], f"an HTML page ({error})") from None
    return root


def page_tables(root: lxml.html.HtmlElement, source: str) -> list[Table]:
    """Every table with a header row and at least one row under it, outermost first; a page
    with more than :data:`MAX_CELLS` cells is refused."""
    cells = sum(1 for _ in root.iter("td", "th"))
    if cells > MAX_CELLS:
        raise InputError(
            Location(source, 1, 1), f"{cells} table cells", f"at most {MAX_CELLS:,} cells"
        )
    tables = []
    for element in root.iter("table"):
        owned = [tr for tr in element.iter("tr") if _owner(tr) is element]
        rows = [_row(tr) for tr in owned if tr.getparent().tag != "tfoot"]
        rows = [row for row in rows if row.cells]
        if len(rows) >= 2:
            legend = _legend(element)
            tables.append(Table(rows[0], tuple(rows[1:]), element.sourceline or 0, legend))
    return tables


_LEGEND_LINE = re.compile(r"^\s*([^\s:]{1,20})\s*:\s*(.{1,80}?)[\s*]*$")


def _legend(table: lxml.html.HtmlElement) -> tuple[tuple[str, str], ...]:
    """The ``label : name`` lines of a table's ``tfoot`` (Vega's "Tie Break legend")."""
    found = []
    for foot in table.findall("tfoot"):
        text = "\n".join(foot.itertext())
        for line in text.splitlines():
            match = _LEGEND_LINE.match(line)
            if match:
                found.append((match.group(1), match.group(2)))
    return tuple(found)


def _owner(tr: lxml.html.HtmlElement) -> lxml.html.HtmlElement | None:
    """The table a row belongs to (a nested table's rows are not its parent's)."""
    parent = tr.getparent()
    while parent is not None and parent.tag != "table":
        parent = parent.getparent()
    return parent


def _row(tr: lxml.html.HtmlElement) -> Row:
    cells = [child for child in tr if child.tag in ("td", "th")]
    line = tr.sourceline or 0
    return Row(
        line,
        tuple(
            Cell(_BLANKS.sub(" ", cell.text_content()).strip(), cell.sourceline or line, i, cell)
            for i, cell in enumerate(cells, start=1)
        ),
    )


def parse_value(text: str) -> Fraction | None:
    """A published number (points or a tie-break value), exactly: ``8.5``, ``49.50``, ``4,5``,
    ``4½``, ``½``, ``-3``; None for anything else (or an empty text)."""
    match = _NUMBER.fullmatch(text.strip())
    if match is None or not (match.group(2) or match.group(4)):
        return None
    sign, whole, decimals, half = match.groups()
    value = Fraction(int(whole or "0"))
    if decimals:
        value += Fraction(int(decimals), 10 ** len(decimals))
    if half:
        value += Fraction(1, 2)
    return -value if sign else value


@dataclass(frozen=True)
class Entry:
    """One participant as a page publishes them: start number, name, rating, the published
    rank, points and tie-break values, their results, and the row they were read from."""

    start_number: int
    name: str
    line: int
    results: tuple[RoundResult, ...] = ()
    rating: int | None = None
    rank: int | None = None
    points: Fraction | None = None
    values: tuple[Fraction | None, ...] = ()


@dataclass(frozen=True)
class Event:
    """What a reader found: the participants, the published columns' labels, the number of
    rounds, the pairing system, and where the fields are (for the consistency checks)."""

    entries: Sequence[Entry]
    labels: tuple[str, ...]
    rounds: int
    system: PairingSystem = PairingSystem.SWISS
    points_column: int = 0
    round_column: Callable[[int], int] | None = None
    #: the 1-based column that gives the start numbers (0: none)
    number_column: int = 0
    warnings: tuple[Diagnostic, ...] = ()


def assemble(
    event: Event, source: str, name: str = "", where: Location | None = None
) -> Tournament:
    """The tournament of ``event``, checked as every reader's (:mod:`.consistency`): both
    sides of each game, the stated points against the results. An event without players is
    an :class:`InputError` at ``where`` (else the file's start)."""
    if not event.entries:
        raise InputError(where or Location(source, 1, 1), "", "a table with at least one player")
    players = tuple(
        Player(
            start_number=entry.start_number,
            name=entry.name,
            results=entry.results + (ABSENT,) * (event.rounds - len(entry.results)),
            rating=entry.rating,
            stated_points=entry.points,
            stated_rank=entry.rank,
            stated_values=entry.values if event.labels else (),
            line=entry.line,
        )
        for entry in sorted(event.entries, key=lambda entry: entry.start_number)
    )
    tournament = Tournament(
        name=name or (PurePath(source).stem if source else ""),
        rounds=event.rounds,
        players=players,
        pairing_system=event.system,
        score_system=STANDARD,
        tiebreak_list=declared_list(event.labels),
        published_columns=event.labels,
        source=source,
        warnings=event.warnings,
    )
    columns = {
        field: column
        for field, column in (
            (Field.POINTS, event.points_column),
            (Field.START_NUMBER, event.number_column),
        )
        if column
    }
    locator = Locator(
        source, columns, round_column=event.round_column, points_label="the points column"
    )
    return check_consistency(tournament, locator)


def declared_list(labels: Sequence[str]) -> tuple[str, ...]:
    """The tie-break list the published columns show, in their order (the descriptors of the
    labels we know; the points and unknown labels left out): the page's own list, which
    ``check`` computes unless told another."""
    found = []
    for label in labels:
        try:
            spec = str(resolve_name(label).spec)
        except UsageError:
            continue
        if spec != "PTS" and spec not in found:
            found.append(spec)
    return tuple(found)


def rating(text: str) -> int | None:
    """A rating cell: a whole number up to 9999; anything else (``-``, empty, 0) is unrated."""
    return int(text) if _DIGITS.fullmatch(text) and len(text) <= 4 and int(text) else None


def first_number(text: str) -> int | None:
    """The whole number a cell holds (``12``, `` 12. ``), None for anything else."""
    stripped = text.strip().rstrip(".")
    return int(stripped) if _DIGITS.fullmatch(stripped) and len(stripped) <= 9 else None


#: header labels after the points that are not tie-breaks (a page's other columns)
_NOT_TIEBREAKS = frozenset(
    {"", "fed", "fed.", "origin", "club", "verein", "verein/ort", "land", "title", "titel"}
    | {"rtg", "elo", "rating", "twz", "dwz", "attr", "attr.", "sex", "cat", "group"}
)


def published_labels(table: Table, after: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The labels of the published tie-break columns (after 0-based column ``after``) and
    their columns: every header cell there but the ones naming other data (federation,
    club, rating ...). A label the table's legend names is given by its full name there
    (``BH-C1`` -> ``Buchholz Cut 1``)."""
    legend = dict(table.legend)
    found = [
        (legend.get(cell.text, cell.text), index)
        for index, cell in enumerate(table.header.cells)
        if index > after and cell.text.casefold() not in _NOT_TIEBREAKS
    ]
    return tuple(label for label, _ in found), tuple(index for _, index in found)


def published_values(
    row: Row, columns: Sequence[int], source: str, warnings: list[Diagnostic]
) -> tuple[Fraction | None, ...]:
    """The published values of a row; a cell that is not a number (Vega prints a direct
    encounter as a place, ``1-2``) is no value, with a warning; empty or ``-``: none."""
    values = []
    for column in columns:
        text = row.text(column)
        value = parse_value(text) if text not in ("", "-") else None
        if value is None and text not in ("", "-"):
            warnings.append(
                Diagnostic.told(
                    N_("the published value %(text)s is not a number; not compared"),
                    row.location(source, column),
                    code="html.value-not-a-number",
                    text=repr(text),
                )
            )
        values.append(value)
    return tuple(values)
