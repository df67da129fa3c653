"""Reader of the HTML pages that Vega (Luigi Forlano's pairing program, vegachess.com) publishes.

Shapes read (learnt from the pages of a club that publishes its Vega events, e.g.
github.com/Hobsons-Bay-Chess-Club-AU/tournaments, folders ``www/www2025...``):

* **Cross table** (``crosstable.html``, ``crosstablescore.html``): header ``#``, ``Player``,
  ``Pts``, one column per round headed ``1`` ... ``n``, then the tie-break columns (``BH``,
  ``BH-C1``, ``SB`` ...). A round cell holds the result (``<div class="res">``: ``1``, ``½``,
  ``0``) and the opponent's start number in a ``div`` whose class gives the colour: ``cw``
  White, ``cb`` Black, ``cf`` a game not played (forfeit: ``1`` won, ``0`` lost). ``BYE``
  instead of a number is a bye (``1`` the pairing-allocated bye, ``½`` a half-point bye, ``0`` a
  zero-point bye); an empty cell, no game. The ``#`` column is the rank unless it holds the
  start number (``<span class="idn">``); a table with ranks (``Pos`` or such a ``#``; rows in
  rank order) names the opponents by rank.
* **Sorted cross table** of a round robin (``sortedcrosstable.html``): ``Pos``, ``#`` (start
  number), ``NAME``, ``Rtg`` ..., ``Pts``, then one column per participant in the rows' order
  (``1``, ``½``, ``0``, ``+``, ``-``; the diagonal is empty), see :mod:`.html_round_robin`.
* **Standings** (``standings.html``): ``Pos``, ``Player``, ``Rtg`` ..., ``Pts``, the tie-break
  columns. It holds no results: it is read with the round pages, as one event (a folder).
* **Round pages** (``pairs1.html`` ...): ``Bo.``, ``White Player``, ``Pts``, ``Result``, ``Pts``,
  ``Black Player``. Results ``1 - 0``, ``0 - 1``, ``½ - ½``, ``1F-0F`` / ``0F-1F`` (forfeit),
  ``0F-0F`` (double forfeit); a single result with ``( bye )`` (pairing-allocated bye), ``( half
  point bye )``, ``( full point bye )`` or ``( not paired )`` in the Black cell. The round is
  the one the heading names ("Pairing of round 3"), else the file name's number.

Every player cell names the start number in its link (``playercard.html#7``) or in a
``sort-num`` / ``idn`` element. Published numbers are read exactly (``49.50``, ``4.2``): Vega
prints tie-break values rounded, which ``check`` allows for.

**A folder** (``tiebreaks check FOLDER``): its pages named as Vega names them
(``standings*.html``, ``*crosstable*.html``, ``pairs*.html``; ``.htm`` too) are read as one
event: the results of its Swiss cross table if it has one, else of its round pages (up to the
round its standings page names; they give a round robin its real rounds and colours), else of
its round robin's cross table; the ranks and values of its standings page if it has one, else
of the cross table. Other pages are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import repeat
from pathlib import PurePath

import lxml.html

from ...errors import N_, Diagnostic, InputError, Location
from ...model import ABSENT, Colour, PairingSystem, ResultKind, RoundResult, Tournament
from .html_round_robin import round_robin_event
from .html_tables import (
    Cell,
    Entry,
    Event,
    Row,
    Table,
    assemble,
    first_number,
    page_tables,
    parse_page,
    parse_value,
    published_labels,
    published_values,
    rating,
)

__all__ = ["looks_like_vega", "read_vega", "read_vega_pages"]

K = ResultKind
_ID_CLASSES = frozenset({"idn", "idwhite", "idblack", "sort-num"})
_ANCHOR = re.compile(r"#([0-9]{1,6})\s*$")
_ROUND_HEADING = re.compile(r"\bround\s+([0-9]{1,4})\b", re.IGNORECASE)
_PAGE_NUMBER = re.compile(r"([0-9]{1,4})\D*$")
_PLAYER = frozenset({"player", "name", "white player", "giocatore", "nome"})
_RANK = frozenset({"pos", "pos.", "rank", "pl", "pl."})
_NUMBER = frozenset({"#", "n", "no", "no.", "id", "sn"})
_RATING = frozenset({"rtg", "elo", "rating", "fide"})
_POINTS = frozenset({"pts", "pts.", "points", "punti", "score"})
_CELL_EXPECTED = (
    "a Vega result cell: the result (1, ½ or 0) and the opponent's number in a cw (White), "
    "cb (Black) or cf (not played) box, BYE for a bye, or nothing"
)
_SCORES = {"1": 2, "½": 1, "0": 0}
_PAIRED = {
    ("cw", 2): (K.WIN, Colour.WHITE),
    ("cw", 1): (K.DRAW, Colour.WHITE),
    ("cw", 0): (K.LOSS, Colour.WHITE),
    ("cb", 2): (K.WIN, Colour.BLACK),
    ("cb", 1): (K.DRAW, Colour.BLACK),
    ("cb", 0): (K.LOSS, Colour.BLACK),
    ("cf", 2): (K.FORFEIT_WIN, Colour.NONE),
    ("cf", 0): (K.FORFEIT_LOSS, Colour.NONE),
}
_BYES = {2: K.PAIRING_BYE, 1: K.HALF_BYE, 0: K.ZERO_BYE}
#: a round page's result: (White's, Black's)
_GAMES = {
    "1-0": (K.WIN, K.LOSS),
    "0-1": (K.LOSS, K.WIN),
    "½-½": (K.DRAW, K.DRAW),
    "1f-0f": (K.FORFEIT_WIN, K.FORFEIT_LOSS),
    "0f-1f": (K.FORFEIT_LOSS, K.FORFEIT_WIN),
    "0f-0f": (K.FORFEIT_LOSS, K.FORFEIT_LOSS),
}
#: a round page's line without an opponent: (its result, what the Black cell says) -> kind
_UNPAIRED = {
    ("1", "bye"): K.PAIRING_BYE,
    ("½", "bye"): K.HALF_BYE,
    ("0", "bye"): K.ZERO_BYE,
    ("½", "half point bye"): K.HALF_BYE,
    ("0", "half point bye"): K.ZERO_BYE,
    ("1", "full point bye"): K.FULL_BYE,
    ("½", "full point bye"): K.HALF_BYE,
    ("0", "not paired"): K.ABSENT,
}
_absent = repeat(ABSENT)
_GAME_EXPECTED = "a result: 1 - 0, 0 - 1, ½ - ½, 1F-0F, 0F-1F or 0F-0F"


def looks_like_vega(head: bytes) -> bool:
    """The page names Vega as its author (``www.vegachess.com``) and holds a table."""
    lowered = head.lower()
    return b"vegachess" in lowered and b"<table" in lowered


@dataclass(frozen=True)
class _Columns:
    """Where each field is in a table (0-based; -1: not there)."""

    rank: int
    number: int
    player: int
    rating: int
    points: int
    rounds: tuple[int, ...]

    @classmethod
    def of(cls, table: Table) -> _Columns:
        labels = [label.casefold() for label in table.labels()]

        def find(names: frozenset[str]) -> int:
            return next((i for i, label in enumerate(labels) if label in names), -1)

        return cls(
            find(_RANK),
            find(_NUMBER),
            find(_PLAYER),
            find(_RATING),
            find(_POINTS),
            _round_columns(labels),
        )


def _round_columns(labels: Sequence[str]) -> tuple[int, ...]:
    """The columns headed 1, 2, ... n in a row (the first such run)."""
    for start, label in enumerate(labels):
        if label == "1":
            run = [start]
            while run[-1] + 1 < len(labels) and labels[run[-1] + 1] == str(len(run) + 1):
                run.append(run[-1] + 1)
            return tuple(run)
    return ()


def read_vega(data: bytes, source: str) -> Tournament:
    """Read one Vega page: a cross table (Swiss or round robin). A standings or round page
    alone holds no results or no standings: :class:`InputError` saying to read the folder."""
    return read_vega_pages([(data, source)], source)


def read_vega_pages(pages: Sequence[tuple[bytes, str]], source: str) -> Tournament:
    """Read Vega pages as one event (module docstring); ``source`` names the event (a folder
    or the one page)."""
    found = _Pages()
    for data, name in pages:
        found.add(data, name)
    return found.tournament(source)


@dataclass
class _Pages:
    """The pages of one event, by kind."""

    def __post_init__(self) -> None:
        self.crosstable: tuple[Event, str] | None = None
        self.standings: tuple[list[Entry], tuple[str, ...], int, str] | None = None
        self.rounds: dict[int, tuple[Table, str]] = {}
        self.first: tuple[Location, str] | None = None
        self.warnings: list[Diagnostic] = []

    def add(self, data: bytes, name: str) -> None:
        """Classify one page by its main table's header (other pages are ignored)."""
        root = parse_page(data, name)
        tables = page_tables(root, name)
        if self.first is None:
            first = tables[0].header.cells[0] if tables else None
            where = first.location(name) if first else Location(name, 1, 1)
            self.first = (where, first.text if first else "")
        for table in tables:
            labels = [label.casefold() for label in table.labels()]
            columns = _Columns.of(table)
            if "result" in labels:
                number = _page_round(root, name)
                self.rounds.setdefault(number, (table, name))
                return
            if columns.player < 0:
                continue
            if columns.rounds:
                crosstable = _crosstable(table, columns, name, self.warnings)
                self.crosstable = self.crosstable or (crosstable, name)
                return
            if columns.points >= 0:
                entries, labels_found = _standings(table, columns, name, self.warnings)
                self.standings = (entries, labels_found, _page_round(root, name, 0), name)
                return

    def tournament(self, source: str) -> Tournament:
        """The event the pages make (module docstring)."""
        event = self._results(source)
        if self.standings is not None:
            entries, labels, _, _ = self.standings
            event = _with_standings(event, entries, labels, source)
        event = replace(event, warnings=event.warnings + tuple(self.warnings))
        where = self.first[0] if self.first else None
        return assemble(event, source, _event_name(source), where)

    def _results(self, source: str) -> Event:
        crosstable = self.crosstable[0] if self.crosstable is not None else None
        guessed = crosstable is not None and crosstable.system is PairingSystem.ROUND_ROBIN
        if crosstable is not None and not (guessed and self.rounds):
            return crosstable
        if self.rounds:
            last = self.standings[2] if self.standings and self.standings[2] else 0
            event = _from_rounds(self.rounds, last)
            if crosstable is not None:  # a round robin's: keep its published values
                event = replace(event, system=crosstable.system)
                event = _with_standings(event, list(crosstable.entries), crosstable.labels, source)
            return event
        where, text = self.first or (Location(source, 1, 1), "")
        expected = (
            "a Vega cross table or round pages: a standings page holds no results; read the "
            "folder of the event's pages (tiebreaks check FOLDER)"
            if self.standings is not None
            else "a Vega cross table, standings page or round page"
        )
        raise InputError(where, text, expected)


def _event_name(source: str) -> str:
    path = PurePath(source)
    return path.name if not path.suffix else path.stem


def _page_round(root: lxml.html.HtmlElement, name: str, default: int | None = None) -> int:
    """The round a page is of: "round N" in its first headings, else the file name's number."""
    for element in root.iter("h1", "h2", "h3", "h4", "h5", "title"):
        match = _ROUND_HEADING.search(element.text_content())
        if match:
            return int(match.group(1))
    match = _PAGE_NUMBER.search(PurePath(name).stem)
    if match:
        return int(match.group(1))
    if default is not None:
        return default
    raise InputError(Location(name, 1, 1), PurePath(name).name, "a round page naming its round")


# --- players -----------------------------------------------------------------------------------


def _player(cell: Cell, source: str) -> tuple[int, str, int | None]:
    """The start number, name and (if shown) rating a player cell gives."""
    number: int | None = None
    name = ""
    for element in cell.element.iter():
        if not isinstance(element.tag, str):
            continue
        classes = set((element.get("class") or "").split())
        if number is None and element.tag == "a":
            match = _ANCHOR.search(element.get("href") or "")
            number = int(match.group(1)) if match else None
            name = name or element.text_content().strip()
        elif number is None and classes & _ID_CLASSES:
            number = first_number(element.text_content())
        if "player-name-box2" in classes:
            name = element.text_content().strip()
    rating_element = cell.element.find_class("rating")
    shown = rating(rating_element[0].text_content().strip()) if rating_element else None
    if number is None:
        raise InputError(cell.location(source), cell.text, "a player with a start number")
    return number, " ".join((name or cell.text).split()), shown


def _entry(row: Row, columns: _Columns, source: str) -> Entry:
    """A row's player, rank, rating and points."""
    cell = row.cell(columns.player)
    if cell is None:
        raise InputError(row.location(source, columns.player), "", "the player's name")
    number, name, shown = _player(cell, source)
    rank_column = columns.rank
    if rank_column < 0 and columns.number >= 0:
        marked = row.cell(columns.number)
        rank_column = -1 if marked is None or marked.element.find_class("idn") else columns.number
    points = _number(row, columns.points, source) if columns.points >= 0 else None
    # the line of the results (or the points): a player cell may span lines
    shown_at = row.cell(columns.rounds[0] if columns.rounds else columns.points)
    return Entry(
        start_number=number,
        name=name,
        line=shown_at.line if shown_at is not None else row.line,
        rating=shown if columns.rating < 0 else rating(row.text(columns.rating)),
        rank=first_number(row.text(rank_column)) if rank_column >= 0 else None,
        points=points,
    )


def _number(row: Row, column: int, source: str) -> Fraction | None:
    """A published number: empty or ``-`` is none; anything else not a number an error."""
    text = row.text(column)
    if text in ("", "-"):
        return None
    value = parse_value(text)
    if value is None:
        raise InputError(row.location(source, column), text, "a number")
    return value


def _standings(
    table: Table, columns: _Columns, source: str, warnings: list[Diagnostic]
) -> tuple[list[Entry], tuple[str, ...]]:
    """A standings page's participants with their ranks, points and values."""
    labels, value_columns = published_labels(table, after=max((columns.points, *columns.rounds)))
    entries = [
        replace(
            _entry(row, columns, source),
            values=published_values(row, value_columns, source, warnings),
        )
        for row in table.rows
    ]
    return entries, labels


def _with_standings(
    event: Event, entries: list[Entry], labels: tuple[str, ...], source: str
) -> Event:
    """The event's results with the ranks, points and values of its standings page."""
    published = {entry.start_number: entry for entry in entries}
    merged = []
    for entry in event.entries:
        stated = published.get(entry.start_number)
        merged.append(
            entry
            if stated is None
            else replace(entry, rank=stated.rank, points=stated.points, values=stated.values)
        )
    return replace(event, entries=merged, labels=labels)


# --- a cross table -----------------------------------------------------------------------------


def _crosstable(table: Table, columns: _Columns, source: str, warnings: list[Diagnostic]) -> Event:
    """A cross table: Swiss (a result and an opponent per round) or a round robin's."""
    if not any(row.cells and row.cell(columns.rounds[0]) for row in table.rows):
        raise InputError(Location(source, table.line, 1), "", "a cross table with players")
    if _is_round_robin(table, columns):
        players = [_entry(row, columns, source) for row in table.rows]
        return round_robin_event(table, players, columns.rounds, columns.points, source)
    labels, value_columns = published_labels(table, after=max((columns.points, *columns.rounds)))
    players = [_entry(row, columns, source) for row in table.rows]
    # crosstablescore.html: rows by rank ('Pos', or '#' without the start number), and the
    # opponents named by rank
    by_rank = (
        {entry.rank: entry.start_number for entry in players if entry.rank}
        if any(entry.rank for entry in players)
        else None
    )
    entries = []
    for row, entry in zip(table.rows, players, strict=True):
        results = tuple(_round_result(row, column, source, by_rank) for column in columns.rounds)
        values = published_values(row, value_columns, source, warnings)
        entries.append(replace(entry, results=results, values=values))
    first = columns.rounds[0]
    return Event(
        entries,
        labels,
        len(columns.rounds),
        points_column=columns.points + 1,
        round_column=lambda number: first + number,
        number_column=columns.player + 1,
    )


def _is_round_robin(table: Table, columns: _Columns) -> bool:
    """A round robin's cross table: one column per row, no result box in any cell."""
    if len(columns.rounds) != len(table.rows):
        return False
    return not any(
        row.cell(column) is not None and row.cells[column].element.find_class("res")
        for row in table.rows
        for column in columns.rounds
    )


def _round_result(
    row: Row, column: int, source: str, by_rank: dict[int, int] | None
) -> RoundResult:
    """One round cell of a Swiss cross table (module docstring); ``by_rank`` maps the ranks
    that name the opponents to their start numbers (None: named by start number)."""
    cell = row.cell(column)
    if cell is None or not cell.text:
        return ABSENT
    boxes = {
        box: element.text_content().strip()
        for element in cell.element.iter()
        if isinstance(element.tag, str)
        for box in (element.get("class") or "").split()
        if box in ("res", "cw", "cb", "cf")
    }
    score = _SCORES.get(boxes.pop("res", ""))
    if score is None or len(boxes) != 1:
        raise InputError(cell.location(source), cell.text, _CELL_EXPECTED)
    ((box, opponent),) = boxes.items()
    if opponent.upper() == "BYE":
        return RoundResult(_BYES[score])
    paired = _PAIRED.get((box, score))
    number = first_number(opponent)
    if paired is None or number is None:
        raise InputError(cell.location(source), cell.text, _CELL_EXPECTED)
    if by_rank is not None:
        if number not in by_rank:
            raise InputError(cell.location(source), opponent, "the rank of a player in the table")
        number = by_rank[number]
    return RoundResult(paired[0], number, paired[1])


# --- round pages -------------------------------------------------------------------------------


@dataclass
class _Round:
    """What the round pages say of each player: per start number, per round, a result."""

    def __post_init__(self) -> None:
        self.results: dict[int, dict[int, RoundResult]] = {}
        self.names: dict[int, tuple[str, int | None, int]] = {}
        self.warnings: list[Diagnostic] = []
        self.white_column = 1

    def put(self, number: int, round_number: int, result: RoundResult) -> None:
        self.results.setdefault(number, {})[round_number] = result


def _from_rounds(pages: dict[int, tuple[Table, str]], last: int) -> Event:
    """The event the round pages make, up to round ``last`` (0: every page)."""
    found = _Round()
    numbers = sorted(number for number in pages if not last or number <= last)
    for round_number in numbers:
        table, source = pages[round_number]
        _read_round(table, round_number, source, found)
    rounds = max(numbers, default=0)
    entries = [
        Entry(
            start_number=number,
            name=name,
            line=line,
            rating=shown,
            results=tuple(
                found.results.get(number, {}).get(r, ABSENT) for r in range(1, rounds + 1)
            ),
        )
        for number, (name, shown, line) in sorted(found.names.items())
    ]
    # a player's record is spread over the pages: the findings name the line of the player's
    # first cell, in the column of the White players
    column = found.white_column
    return Event(
        entries,
        (),
        rounds,
        warnings=tuple(found.warnings),
        round_column=lambda _: column,
        number_column=column,
    )


def _read_round(table: Table, round_number: int, source: str, found: _Round) -> None:
    labels = [label.casefold() for label in table.labels()]
    result_column = labels.index("result")
    white_column = next((i for i, label in enumerate(labels) if "white" in label), -1)
    black_column = next((i for i, label in enumerate(labels) if "black" in label), -1)
    if white_column < 0 or black_column < 0:
        where = table.header.cells[0].location(source)
        raise InputError(where, " ".join(labels)[:40], "a round page with White and Black")
    found.white_column = white_column + 1
    for row in table.rows:
        white_cell, black_cell = row.cell(white_column), row.cell(black_column)
        result_cell = row.cell(result_column)
        if white_cell is None or black_cell is None or result_cell is None:
            continue
        white = _named(white_cell, source, found)
        if black_cell.element.find(".//a") is None and not _has_id(black_cell):
            found.put(white, round_number, _unpaired(result_cell, black_cell.text, source))
            continue
        number, name, _ = _player(black_cell, source)
        if number == 0:  # newer pages: a "player" 0 named BYE
            found.put(white, round_number, _unpaired(result_cell, name, source))
            continue
        black = _named(black_cell, source, found)
        pair = _game(result_cell, source, found)
        if pair is not None:
            found.put(white, round_number, RoundResult(pair[0], black, Colour.WHITE))
            found.put(black, round_number, RoundResult(pair[1], white, Colour.BLACK))


def _has_id(cell: Cell) -> bool:
    return any(
        set((element.get("class") or "").split()) & _ID_CLASSES
        for element in cell.element.iter()
        if isinstance(element.tag, str)
    )


def _named(cell: Cell, source: str, found: _Round) -> int:
    number, name, shown = _player(cell, source)
    found.names.setdefault(number, (name, shown, cell.line))
    return number


def _game(cell: Cell, source: str, found: _Round) -> tuple[ResultKind, ResultKind] | None:
    """A game's result; None (both absent, a warning) for one not played yet."""
    compact = "".join(cell.text.split()).casefold()
    if compact in ("...", "adj", ""):
        template = N_("a game without a result (%(text)s); read as not played")
        if not cell.text:
            template = N_("a game without a result (empty); read as not played")
        found.warnings.append(
            Diagnostic.told(template, cell.location(source), code="vega.no-result", text=cell.text)
        )
        return None
    pair = _GAMES.get(compact)
    if pair is None:
        raise InputError(cell.location(source), cell.text, _GAME_EXPECTED)
    return pair


def _unpaired(result: Cell, black: str, source: str) -> RoundResult:
    """A line without an opponent: a bye or a player not paired."""
    what = black.strip("() ").casefold()
    kind = _UNPAIRED.get((result.text.strip(), what))
    if kind is None:
        expected = (
            "1, ½ or 0 with ( bye ), ( half point bye ), ( full point bye ) or ( not paired )"
        )
        raise InputError(result.location(source), f"{result.text} {black}", expected)
    return ABSENT if kind is K.ABSENT else RoundResult(kind)
