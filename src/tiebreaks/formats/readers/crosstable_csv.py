"""Reader of a round-robin crosstable in CSV (a German "Kreuztabelle").

Layout::

    Nr;Name;Elo;1;2;3;4;Punkte;Rang
    1;Anna;2100;*;1;½;1;2½;1
    2;Bernd;;0;*;1;+;2;2
    ...

* **Separator**: tab if the text holds one, else ``;`` if it holds one, else ``,``. Cells may
  be quoted (``"0,5"``); a quoted cell cannot span lines.
* **Header row**: optional. The result columns are found by their diagonal: N consecutive
  columns, N the number of data rows, where row i has its own mark in the i-th one: ``*``,
  ``x``, ``X``, ``-`` or an empty cell. The first row is a header when the table only fits
  without it.
* **Columns before the results**: the name is the column headed ``Name`` (``Spieler``,
  ``Teilnehmer``, ``Player``...), else the first one that is not all whole numbers (a ``No`` /
  ``Nr`` column is skipped); a column headed ``Elo`` / ``Rating`` / ``FIDE`` gives the ratings
  (empty, ``-`` or ``0``: unrated). Other columns are ignored.
* **Columns after the results**: ignored, except the points (headed ``Pts``, ``Points``,
  ``Punkte``, ``Pkt``...; without a header row, the first column after the results when every
  cell is a number); a points cell that differs from the results is a warning.
* **Cells**: ``1``; ``½``, ``0.5``, ``0,5``, ``1/2`` or ``=`` (draw); ``0``; ``+`` (forfeit win);
  ``-`` (forfeit loss, also the diagonal mark). Two results in one cell (``1 ½``, ``10``,
  ``=0``) make a double round robin: then every cell holds two (first and second cycle). The
  two cells of a pair must agree (1 and 0, ½ and ½, + and -, or - and - for a double forfeit),
  else :class:`~tiebreaks.errors.InputError` at the second cell (line, 1-based column). A pair
  whose two cells are both empty did not play (both absent in that round; a warning).
* **Start numbers** are the row order (1 for the first data row); a number column is ignored.
* **Rounds**: a crosstable has no schedule, so the games are put in the rounds of the Berger
  tables (:func:`~.round_robin_grid.berger_schedule`): n - 1 rounds for n even, n for n odd
  (the player facing the missing n + 1 is absent in that round), twice as many for a double
  round robin (second cycle: same rounds, colours swapped). The colours are those of the
  Berger tables, not the real ones (a crosstable does not record colours): colour tie-breaks
  such as BPG or BWG are not meaningful for a tournament read from a crosstable.
* The tournament is a round robin, named after the file (its name without the extension).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import PurePath

from ...errors import N_, Diagnostic, InputError, Location
from ...model import (
    STANDARD,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    Tournament,
)
from .consistency import check_consistency
from .locator import Field, Locator
from .round_robin_grid import (
    Grid,
    berger_schedule,
    cycles_of,
    pair_agrees,
    placed_in_rounds,
    result_tokens,
)
from .trf import decode_trf_bytes

__all__ = ["has_table_rows", "read_crosstable_csv"]

K = ResultKind
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DIAGONAL = frozenset({"", "*", "x", "X", "-"})
#: cell tokens, longest first so that "1/2" is not read as "1"
_MIRRORS = {
    K.WIN: "0",
    K.LOSS: "1",
    K.DRAW: "½",
    K.FORFEIT_WIN: "-",
    K.FORFEIT_LOSS: "+ or -",
}
_CELL_EXPECTED = (
    "a result: 1, ½ (0.5, 0,5, 1/2, =), 0, + (forfeit win) or - (forfeit loss); "
    "two of them for a double round robin"
)
_NAME_HEADERS = frozenset(
    {"name", "names", "player", "players", "spieler", "teilnehmer", "giocatore", "joueur"}
)
_RATING_HEADERS = frozenset({"elo", "rating", "fide", "rtg", "elo fide", "fide elo"})
_POINTS_HEADERS = frozenset(
    {"pts", "pts.", "points", "score", "total", "punkte", "pkt", "pkt.", "punti", "p", "pt"}
)
_POINTS = re.compile(r"([0-9]{0,9})(?:[.,]([0-9]{1,9}))?(½?)")
_RATING = re.compile(r"[0-9]{1,4}")


def read_crosstable_csv(data: bytes, source: str) -> Tournament:
    """Read a round-robin crosstable in CSV (bytes: UTF-8, else CP1252, else Latin-1).

    See the module docstring for the layout and conventions. Raises
    :class:`~tiebreaks.errors.InputError` (line, column of the cell) for a malformed table.
    """
    text = decode_trf_bytes(data, source).removeprefix("\ufeff")
    rows = _rows(text, source)
    layout = _layout(rows, source)
    warnings: list[Diagnostic] = []
    table = _read_results(layout, source)
    cycles = _cycles(table, layout, source)
    _check_pairs(table, layout, source, warnings)
    schedule = berger_schedule(len(layout.data))
    results = placed_in_rounds(table, schedule, cycles)
    players = _players(layout, results, source, warnings)
    tournament = Tournament(
        name=PurePath(source).stem if source else "",
        rounds=cycles * len(schedule),
        players=players,
        pairing_system=PairingSystem.ROUND_ROBIN,
        type_text="round robin" if cycles == 1 else "double round robin",
        score_system=STANDARD,
        source=source,
        warnings=tuple(sorted(warnings, key=_position)),
    )
    points_column = _points_column(layout)
    columns = {} if points_column is None else {Field.POINTS: points_column + 1}
    locator = Locator(source, columns, points_label="the points column")
    return check_consistency(tournament, locator)


@dataclass(frozen=True)
class _Row:
    """A non-empty CSV row and its 1-based line."""

    line: int
    cells: tuple[str, ...]

    def cell(self, index: int) -> str:
        """The cell's text, blanks removed; empty beyond the end of the row."""
        return self.cells[index].strip() if index < len(self.cells) else ""

    def location(self, source: str, index: int) -> Location:
        """Where the cell of 0-based ``index`` is (column = 1-based cell number)."""
        return Location(source, self.line, index + 1)


@dataclass(frozen=True)
class _Layout:
    """Where the header, the players' rows and the columns are."""

    header: _Row | None
    data: tuple[_Row, ...]
    first_result: int

    def column(self, player: int) -> int:
        """0-based column of the results against ``player`` (0-based row index)."""
        return self.first_result + player

    def header_text(self, index: int) -> str:
        """The header of a column, lower case; empty without a header row."""
        return self.header.cell(index).casefold() if self.header is not None else ""


def _separator(text: str) -> str:
    """Tab if the text holds one, else ``;`` if it holds one, else ``,``."""
    return next((mark for mark in ("\t", ";") if mark in text), ",")


def has_table_rows(text: str) -> bool:
    """Some line has three cells or more: every crosstable has one (its first row: a name, then
    a cell per player, two players at least), so a text without is not a crosstable. A line
    the csv module refuses counts as one (the reader reports it)."""
    separator = _separator(text)
    for line in _LINE_BREAK.split(text):
        if line.count(separator) < 2:
            continue
        try:
            if len(next(csv.reader([line], delimiter=separator))) >= 3:
                return True
        except csv.Error:
            return True
    return False


def _rows(text: str, source: str) -> list[_Row]:
    """The rows that hold any text, split with the sniffed separator."""
    separator = _separator(text)
    rows = []
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if not line.strip():
            continue
        try:
            cells = next(csv.reader([line], delimiter=separator))
        except csv.Error as error:
            raise InputError(
                Location(source, number, 1), line[:40], f"a CSV row ({error})"
            ) from None
        if any(cell.strip() for cell in cells):
            rows.append(_Row(number, tuple(cells)))
    return rows


def _layout(rows: list[_Row], source: str) -> _Layout:
    """Find the header and the result columns by the diagonal (module docstring)."""
    for skip in (0, 1):
        data = rows[skip:]
        if len(data) < 2:
            continue
        for start in range(1, len(data[0].cells) - len(data) + 1):
            if all(row.cell(start + i) in _DIAGONAL for i, row in enumerate(data)):
                header = rows[0] if skip else None
                return _Layout(header, tuple(data), start)
    raise _layout_error(rows, source)


def _layout_error(rows: list[_Row], source: str) -> InputError:
    """The best-placed complaint about a table whose diagonal cannot be found: the diagonal
    followed furthest (with or without a header row) and the first row that leaves it."""
    if len(rows) < 2:
        line = rows[0].line if rows else 1
        text = ",".join(rows[0].cells)[:40] if rows else ""
        return InputError(Location(source, line, 1), text, "a crosstable of at least 2 players")
    best: tuple[int, int, tuple[_Row, ...]] | None = None
    for skip in (0, 1):
        data = tuple(rows[skip:])
        for start in range(1, len(data[0].cells)):
            reached = next(
                (i for i, row in enumerate(data) if row.cell(start + i) not in _DIAGONAL),
                len(data),
            )
            if best is None or reached > best[0]:
                best = (reached, start, data)
    if best is None:
        first = rows[0]
        return InputError(
            first.location(source, 1),
            ",".join(first.cells)[:40],
            "a row with a name, then one result per player, its own cell marked *, x, - or empty",
        )
    reached, start, data = best
    if reached < len(data):
        row = data[reached]
        return InputError(
            row.location(source, start + reached),
            row.cell(start + reached),
            f"the diagonal mark (*, x, - or empty) of player {reached + 1} of {len(data)}",
        )
    first = data[0]
    return InputError(
        first.location(source, len(first.cells)),
        first.cell(len(first.cells) - 1),
        f"a result against each of the {len(data)} players in this row",
    )


def _read_results(layout: _Layout, source: str) -> Grid:
    """Every off-diagonal cell read as results; a cell that is not results is an error."""
    table: Grid = []
    size = len(layout.data)
    for i, row in enumerate(layout.data):
        results: list[tuple[ResultKind, ...]] = []
        for j in range(size):
            text = row.cell(layout.column(j))
            kinds = () if i == j else result_tokens(text)
            if kinds is None:
                raise InputError(row.location(source, layout.column(j)), text, _CELL_EXPECTED)
            results.append(kinds)
        table.append(results)
    return table


def _cycles(table: Grid, layout: _Layout, source: str) -> int:
    """1 (single) or 2 (double round robin): every non-empty cell holds that many results."""
    cycles, wrong = cycles_of(table)
    if wrong is not None:
        i, j, expected = wrong
        row, column = layout.data[i], layout.column(j)
        raise InputError(row.location(source, column), row.cell(column), expected)
    return cycles


def _check_pairs(table: Grid, layout: _Layout, source: str, warnings: list[Diagnostic]) -> None:
    """Both cells of a pair must agree; two empty cells are a game not played (warning)."""
    size = len(table)
    for i in range(size):
        for j in range(i + 1, size):
            mine, theirs = table[i][j], table[j][i]
            if not mine and not theirs:
                warnings.append(
                    Diagnostic.told(
                        N_("players %(first)s and %(second)s have no result against each other"),
                        layout.data[j].location(source, layout.column(i)),
                        code="csv.no-result",
                        first=i + 1,
                        second=j + 1,
                    )
                )
                continue
            if pair_agrees(mine, theirs):
                continue
            raise _disagreement(layout, source, i, j, mine)


def _disagreement(
    layout: _Layout, source: str, i: int, j: int, mine: tuple[ResultKind, ...]
) -> InputError:
    """The error at the second cell of a pair whose cells do not agree."""
    row, other = layout.data[j], layout.data[i]
    column, other_column = layout.column(i), layout.column(j)
    mirror = " ".join(_MIRRORS[kind] for kind in mine) or "empty"
    expected = (
        f"{mirror} to match {other.cell(other_column) or 'the empty cell'!r} of player {i + 1} "
        f"against player {j + 1} (line {other.line}, column {other_column + 1})"
    )
    return InputError(row.location(source, column), row.cell(column), expected)


def _players(
    layout: _Layout, results: list[list[RoundResult]], source: str, warnings: list[Diagnostic]
) -> tuple[Player, ...]:
    """The players in row order with names, ratings and the points column checked."""
    name_column = _name_column(layout)
    rating_column = _header_column(layout, range(layout.first_result), _RATING_HEADERS)
    points_column = _points_column(layout)
    players = []
    for index, row in enumerate(layout.data):
        name = row.cell(name_column)
        if not name:
            raise InputError(row.location(source, name_column), "", "the player's name")
        rating = _rating(row, rating_column, source) if rating_column is not None else None
        stated = _parse_points(row.cell(points_column)) if points_column is not None else None
        player = Player(
            start_number=index + 1,
            name=name,
            results=tuple(results[index]),
            rating=rating,
            stated_points=stated,
            line=row.line,
        )
        if points_column is not None:
            _check_points(player, row, points_column, source, warnings)
        players.append(player)
    return tuple(players)


def _name_column(layout: _Layout) -> int:
    """The column headed as a name, else the first one not made of whole numbers only."""
    columns = range(layout.first_result)
    named = _header_column(layout, columns, _NAME_HEADERS)
    if named is not None:
        return named
    for column in columns:
        if any(not row.cell(column).isdigit() for row in layout.data):
            return column
    return 0


def _header_column(layout: _Layout, columns: Sequence[int], names: frozenset[str]) -> int | None:
    """The first of ``columns`` whose header is one of ``names``."""
    return next((column for column in columns if layout.header_text(column) in names), None)


def _points_column(layout: _Layout) -> int | None:
    """The points column after the results (module docstring), or None."""
    first_after = layout.column(len(layout.data))
    width = max(len(row.cells) for row in layout.data)
    if layout.header is not None:
        width = max(width, len(layout.header.cells))
        return _header_column(layout, range(first_after, width), _POINTS_HEADERS)
    cells = [row.cell(first_after) for row in layout.data]
    if any(cells) and all(_parse_points(cell) is not None for cell in cells if cell):
        return first_after
    return None


def _parse_points(text: str) -> Fraction | None:
    """``4``, ``4½``, ``4.5``, ``4,5``, ``½``; None for anything else (or empty)."""
    match = _POINTS.fullmatch(text)
    if not text or match is None or not match.group(1) + (match.group(3) or ""):
        return None
    whole, decimals, half = match.groups()
    value = Fraction(int(whole or "0"))
    if decimals:
        value += Fraction(int(decimals), 10 ** len(decimals))
    return value + (Fraction(1, 2) if half else 0)


def _check_points(
    player: Player, row: _Row, column: int, source: str, warnings: list[Diagnostic]
) -> None:
    """A points cell must be a number (warning otherwise); whether it equals the sum of the
    results is checked with every reader's checks (:mod:`.consistency`)."""
    text = row.cell(column)
    if text and player.stated_points is None:
        warnings.append(
            Diagnostic.told(
                N_("%(name)s: the points cell %(text)s is not a number; not checked"),
                row.location(source, column),
                code="csv.points-not-a-number",
                name=player.name,
                text=repr(text),
            )
        )


def _rating(row: _Row, column: int, source: str) -> int | None:
    """A rating cell: a whole number; empty, ``-`` or 0 mean unrated."""
    text = row.cell(column)
    if text in ("", "-"):
        return None
    if _RATING.fullmatch(text) is None:
        raise InputError(row.location(source, column), text, "a rating from 0 (unrated) to 9999")
    return int(text) or None


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    location = diagnostic.location or Location()
    return location.line, location.column
