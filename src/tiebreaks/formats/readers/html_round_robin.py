"""A round robin's cross table on a published page (Vega's sorted cross table, Swiss-Chess's
Kreuztabelle): one row per participant, one result column per participant in the rows' order.

* **Cells**: ``1``, ``½`` (``=``, ``0.5``, ``0,5``), ``0``, ``+`` (forfeit win), ``-`` (forfeit
  loss); two results in one cell (``1½``, ``1 0``) make a double round robin (then every cell
  holds two, first and second cycle). The diagonal is empty or marked (``*``, ``x``, ``X``,
  ``**``, ``×``, ``-``, or a cell of class ``hole``).
* The two cells of a pair must agree (1 and 0, ½ and ½, + and -, or - and -), else
  :class:`~tiebreaks.errors.InputError` at the second cell; a pair whose two cells are empty did
  not play (a warning, ``html.no-result``).
* **Rounds**: a cross table has no schedule, so the games are put in the rounds of the Berger
  tables (:func:`~.round_robin_grid.berger_schedule`) by start number, as for a crosstable in CSV
  (colours too: colour tie-breaks are not meaningful for such a tournament).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...errors import N_, Diagnostic, InputError
from ...model import PairingSystem, ResultKind
from .html_tables import Entry, Event, Row, Table, published_labels, published_values
from .round_robin_grid import (
    Grid,
    berger_schedule,
    cycles_of,
    pair_agrees,
    placed_in_rounds,
    result_tokens,
)

__all__ = ["round_robin_event"]

_DIAGONAL = frozenset({"", "*", "**", "x", "X", "xx", "XX", "×", "-"})
_CELL_EXPECTED = (
    "a result: 1, ½ (=, 0.5), 0, + (forfeit win) or - (forfeit loss); "
    "two of them for a double round robin"
)


def round_robin_event(
    table: Table,
    players: Sequence[Entry],
    columns: Sequence[int],
    points_column: int,
    source: str,
) -> Event:
    """The round robin a cross table shows: ``players`` are its rows' participants (start
    numbers 1 ... n, else renumbered in the rows' order), ``columns`` the result columns."""
    rows = table.rows
    numbers = sorted(entry.start_number for entry in players)
    if numbers != list(range(1, len(players) + 1)):
        players = [replace(entry, start_number=i) for i, entry in enumerate(players, 1)]
    grid = _read(rows, columns, source)
    cycles = _cycles(grid, rows, columns, source)
    warnings = _check_pairs(grid, rows, columns, source)
    schedule = berger_schedule(len(players))
    row_of = {entry.start_number: i for i, entry in enumerate(players)}
    results = placed_in_rounds(grid, schedule, cycles, row_of)
    labels, value_columns = published_labels(table, after=max((points_column, *columns)))
    entries = [
        replace(
            entry,
            results=tuple(results[i]),
            values=published_values(rows[i], value_columns, source, warnings),
        )
        for i, entry in enumerate(players)
    ]
    return Event(
        entries,
        labels,
        cycles * len(schedule),
        system=PairingSystem.ROUND_ROBIN,
        points_column=points_column + 1,
        warnings=tuple(warnings),
    )


def _read(rows: Sequence[Row], columns: Sequence[int], source: str) -> Grid:
    """Every off-diagonal cell as results; a diagonal cell must be empty or a mark."""
    grid: Grid = []
    for i, row in enumerate(rows):
        results: list[tuple[ResultKind, ...]] = []
        for j, column in enumerate(columns):
            cell = row.cell(column)
            text = cell.text if cell is not None else ""
            if i == j:
                diagonal = cell is None or text in _DIAGONAL or "hole" in cell.classes()
                if not diagonal:
                    where = row.location(source, column)
                    raise InputError(where, text, f"the diagonal mark of participant {i + 1}")
                results.append(())
                continue
            kinds = result_tokens(text)
            if kinds is None:
                raise InputError(row.location(source, column), text, _CELL_EXPECTED)
            results.append(kinds)
        grid.append(results)
    return grid


def _cycles(grid: Grid, rows: Sequence[Row], columns: Sequence[int], source: str) -> int:
    """1 or 2: every non-empty cell holds that many results."""
    cycles, wrong = cycles_of(grid)
    if wrong is not None:
        i, j, expected = wrong
        where = rows[i].location(source, columns[j])
        raise InputError(where, rows[i].text(columns[j]), expected)
    return cycles


def _check_pairs(
    grid: Grid, rows: Sequence[Row], columns: Sequence[int], source: str
) -> list[Diagnostic]:
    """Both cells of a pair must agree; two empty cells are a game not played (warning)."""
    warnings = []
    for i in range(len(grid)):
        for j in range(i + 1, len(grid)):
            mine, theirs = grid[i][j], grid[j][i]
            where = rows[j].location(source, columns[i])
            if not mine and not theirs:
                warnings.append(
                    Diagnostic.told(
                        N_(
                            "participants %(first)s and %(second)s have no result against each"
                            " other"
                        ),
                        where,
                        code="html.no-result",
                        first=i + 1,
                        second=j + 1,
                    )
                )
            elif not pair_agrees(mine, theirs):
                expected = (
                    f"the result that matches {rows[i].text(columns[j]) or 'the empty cell'!r} "
                    f"of row {i + 1} against row {j + 1} (line {rows[i].line})"
                )
                raise InputError(where, rows[j].text(columns[i]), expected)
    return warnings
