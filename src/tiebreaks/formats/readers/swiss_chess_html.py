"""Reader of the crosstable pages that Swiss-Chess (Christian Krause's program, swiss-chess.de)
publishes as HTML, with its German labels.

No public copy of such a page could be found to learn from; the shapes read are those of
Swiss-Chess's printed lists (the same columns and notation), and the fixtures are built by hand
in that shape:

* **Kreuztabelle** (a round robin): ``Rang``, ``Nr.`` (optional), ``Teilnehmer``, ``Titel``,
  ``Elo`` / ``TWZ`` / ``DWZ``, ``Verein/Ort`` ..., then one column per participant headed
  ``1`` ... ``n`` in the rows' order, then ``Punkte`` and the Feinwertung columns (``Buchh``,
  ``SoBerg``, ``BuSumm`` ...). Cells as in :mod:`.html_round_robin` (``1``, ``½``, ``0``, ``+``,
  ``-``; the diagonal empty or ``*``, ``**``, ``x``, ``×``).
* **Fortschrittstabelle** (a Swiss event): the same columns, then one per round headed
  ``1.Rd``, ``2.Rd`` ... (or ``1``, ``2`` ..., ``Rd.1``, ``1. Runde``), each cell the opponent's
  number, the colour (``w`` White, ``s`` Black) and the result: ``12w1``, ``5s½``, ``3w+``
  (forfeit won), ``7s-`` (forfeit lost). A cell without an opponent: ``spielfrei`` / ``spf`` /
  ``+`` (the pairing-allocated bye, 1 point), ``½`` (a half-point bye), empty, ``-`` or ``0``
  (not paired). The opponent's number is their ``Nr.`` when the table has that column, else
  their ``Rang`` (which must then be unique).

Ranks are read from ``Rang`` (``1.``, ``3.-4.`` gives 3); start numbers from ``Nr.``, else the
rows' order. Published numbers are read exactly (``2,5``, ``2½``, ``12.75``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...errors import Diagnostic, InputError, Location
from ...model import ABSENT, Colour, ResultKind, RoundResult, Tournament
from .html_round_robin import round_robin_event
from .html_tables import (
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

__all__ = ["read_swiss_chess"]

K = ResultKind
_RANK = ("rang", "rg", "rg.", "pl", "pl.", "platz")
_NUMBER = ("nr", "nr.", "tnr", "tnr.", "snr", "snr.")
_NAME = ("teilnehmer", "name", "spieler", "spielerin")
_RATINGS = (("elo",), ("twz",), ("dwz",))
_POINTS = ("punkte", "pkt", "pkt.", "pkte", "pkte.", "pu", "pu.")
_ROUND = re.compile(
    r"(?:([0-9]{1,3})\s*\.?\s*(?:rd|runde|r)\.?|(?:rd|runde|r)\.?\s*([0-9]{1,3})|([0-9]{1,3}))"
)
_GAME = re.compile(r"([0-9]{1,6})\s*([wsb])\s*(1|½|0|\+|-|=|0[.,]5)", re.IGNORECASE)
_GAME_KINDS = {
    "1": K.WIN,
    "½": K.DRAW,
    "=": K.DRAW,
    "0.5": K.DRAW,
    "0,5": K.DRAW,
    "0": K.LOSS,
    "+": K.FORFEIT_WIN,
    "-": K.FORFEIT_LOSS,
}
_COLOURS = {"w": Colour.WHITE, "s": Colour.BLACK, "b": Colour.BLACK}
_FREE = {
    "spielfrei": K.PAIRING_BYE,
    "spf": K.PAIRING_BYE,
    "spf.": K.PAIRING_BYE,
    "frei": K.PAIRING_BYE,
    "+": K.PAIRING_BYE,
    "½": K.HALF_BYE,
    "": K.ABSENT,
    "-": K.ABSENT,
    "0": K.ABSENT,
}
_CELL_EXPECTED = (
    "a round: the opponent's number, w or s and the result (12w1, 5s½, 3w+, 7s-), "
    "spielfrei, ½, or nothing"
)


@dataclass(frozen=True)
class _Columns:
    """Where each field is (0-based; -1: not there) and the result columns."""

    rank: int
    number: int
    name: int
    rating: int
    points: int
    results: tuple[int, ...]

    @classmethod
    def of(cls, table: Table) -> _Columns:
        labels = [label.casefold() for label in table.labels()]

        def find(names: Sequence[str]) -> int:
            return next((i for i, label in enumerate(labels) if label in names), -1)

        ratings = [find(names) for names in _RATINGS]
        return cls(
            find(_RANK),
            find(_NUMBER),
            find(_NAME),
            next((column for column in ratings if column >= 0), -1),
            find(_POINTS),
            _result_columns(labels),
        )


def _result_columns(labels: Sequence[str]) -> tuple[int, ...]:
    """The first run of columns headed as rounds or participants 1, 2, ... n."""
    numbers = []
    for label in labels:
        match = _ROUND.fullmatch(label.strip())
        numbers.append(int(next(g for g in match.groups() if g)) if match else 0)
    for start, number in enumerate(numbers):
        if number == 1:
            run = [start]
            while run[-1] + 1 < len(numbers) and numbers[run[-1] + 1] == len(run) + 1:
                run.append(run[-1] + 1)
            return tuple(run)
    return ()


def read_swiss_chess(data: bytes, source: str) -> Tournament:
    """Read a Swiss-Chess Kreuztabelle or Fortschrittstabelle page (module docstring)."""
    root = parse_page(data, source)
    tables = page_tables(root, source)
    for table in tables:
        columns = _Columns.of(table)
        if columns.name >= 0 and columns.results:
            return assemble(_event(table, columns, source), source)
    where = tables[0].header.cells[0].location(source) if tables else Location(source, 1, 1)
    found = tables[0].header.cells[0].text if tables else ""
    expected = (
        "a Swiss-Chess Kreuztabelle or Fortschrittstabelle: a table headed Teilnehmer with "
        "one column per participant or per round (1, 2 ... or 1.Rd, 2.Rd ...)"
    )
    raise InputError(where, found, expected)


def _event(table: Table, columns: _Columns, source: str) -> Event:
    entries = [_entry(row, index, columns, source) for index, row in enumerate(table.rows, 1)]
    if _is_round_robin(table, columns):
        return round_robin_event(table, entries, columns.results, columns.points, source)
    refer = _references(entries, columns, table, source)
    labels, value_columns = published_labels(table, after=max((columns.points, *columns.results)))
    read = []
    warnings: list[Diagnostic] = []
    for row, entry in zip(table.rows, entries, strict=True):
        results = tuple(_round(row, column, refer, source) for column in columns.results)
        values = published_values(row, value_columns, source, warnings)
        read.append(replace(entry, results=results, values=values))
    first = columns.results[0]
    return Event(
        read,
        labels,
        len(columns.results),
        points_column=columns.points + 1 if columns.points >= 0 else 0,
        round_column=lambda number: first + number,
        warnings=tuple(warnings),
    )


def _is_round_robin(table: Table, columns: _Columns) -> bool:
    """One result column per row and no cell naming an opponent (``12w1``)."""
    if len(columns.results) != len(table.rows):
        return False
    return not any(
        _GAME.fullmatch(row.text(column)) for row in table.rows for column in columns.results
    )


def _entry(row: Row, index: int, columns: _Columns, source: str) -> Entry:
    name = row.text(columns.name)
    if not name:
        raise InputError(row.location(source, columns.name), "", "the player's name")
    number = index
    if columns.number >= 0:
        found = first_number(row.text(columns.number))
        if found is None:
            where = row.location(source, columns.number)
            raise InputError(where, row.text(columns.number), "the player's number (Nr.)")
        number = found
    points = None
    if columns.points >= 0 and row.text(columns.points):
        points = parse_value(row.text(columns.points))
        if points is None:
            where = row.location(source, columns.points)
            raise InputError(where, row.text(columns.points), "the points (2,5, 2½ or 2.5)")
    rank_text = row.text(columns.rank) if columns.rank >= 0 else ""
    rank_match = re.match(r"\s*([0-9]{1,6})", rank_text)
    return Entry(
        start_number=number,
        name=name,
        line=row.line,
        rating=rating(row.text(columns.rating)) if columns.rating >= 0 else None,
        rank=int(rank_match.group(1)) if rank_match else None,
        points=points,
    )


def _references(
    entries: Sequence[Entry], columns: _Columns, table: Table, source: str
) -> dict[int, int]:
    """The number a cell names an opponent by -> their start number: ``Nr.`` if the table has
    it, else ``Rang`` (unique)."""
    if columns.number >= 0 or columns.rank < 0:
        return {entry.start_number: entry.start_number for entry in entries}
    refer: dict[int, int] = {}
    for row, entry in zip(table.rows, entries, strict=True):
        if entry.rank is None or entry.rank in refer:
            where = row.location(source, columns.rank)
            expected = "a rank no one else has (the rounds name the opponents by rank)"
            raise InputError(where, row.text(columns.rank), expected)
        refer[entry.rank] = entry.start_number
    return refer


def _round(row: Row, column: int, refer: dict[int, int], source: str) -> RoundResult:
    """One round cell of a Fortschrittstabelle (module docstring)."""
    text = row.text(column)
    compact = "".join(text.split()).casefold()
    free = _FREE.get(compact)
    if free is not None:
        return ABSENT if free is K.ABSENT else RoundResult(free)
    match = _GAME.fullmatch(compact)
    where = row.location(source, column)
    if match is None:
        raise InputError(where, text, _CELL_EXPECTED)
    opponent = refer.get(int(match.group(1)))
    if opponent is None:
        raise InputError(where, text, "an opponent's number that a row of the table has")
    return RoundResult(_GAME_KINDS[match.group(3)], opponent, _COLOURS[match.group(2)])
