"""The round-robin form of a chess-results crosstable: one result column per player (headed
``1``, ``2`` ... in the rows' order), the player's own cell marked ``*`` (or ``x``, or
empty)::

    Rk.;;Name;Rtg;FED;1;2;3;Pts.;TB1
    1;GM;Ana;2482;GER;*;1;1;2;...
    2;;Bea;2055;GER;0;*;½;0,5;...
    3;;Carl;2225;SUI;0;½;*;0,5;...

A cell holds ``1``, ``½`` (``0,5``, ``0.5``, ``1/2``, ``=``), ``0``, ``+`` or ``-`` (forfeit
won / lost); two of them (``1½``, ``1 0``) in every played cell of a double round robin. The
two cells of a pair must agree (1 and 0, ½ and ½, + and -, - and -), else
:class:`~tiebreaks.errors.InputError` at the second one; a pair of empty cells is a game not
played. A crosstable has no schedule: the games are placed in the rounds of the Berger tables
(:func:`~.round_robin_grid.berger_schedule`), as the CSV crosstable reader does, so the colours
are the tables', not the real ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ...errors import InputError, Location
from ...model import Player, ResultKind
from .round_robin_grid import (
    Grid,
    berger_schedule,
    cycles_of,
    pair_agrees,
    placed_in_rounds,
    result_tokens,
)

__all__ = ["round_robin_players"]

K = ResultKind
_DIAGONAL = frozenset({"", "*", "x", "X"})
_CELL_EXPECTED = (
    "a result: 1, ½ (0,5), 0, + (forfeit won) or - (forfeit lost); two of them in a double "
    "round robin"
)


class CellLike(Protocol):
    """A cell with its text and place (:class:`~.chess_results.Cell`)."""

    @property
    def text(self) -> str:
        """The cell's text."""

    def location(self, source: str) -> Location:
        """Where the cell is."""


#: a player's row of cells and the player read from it (results still empty)
Entry = tuple[Sequence[CellLike], Player]


def round_robin_players(
    grid: Sequence[Entry], opponents: dict[int, int], source: str
) -> tuple[tuple[Player, ...], int]:
    """The players with their results placed in the Berger rounds, and the number of rounds;
    ``opponents`` maps each result column's number to its position in the rows."""
    size = len(grid)
    positions = _positions(grid, opponents, source)
    table = [
        [_kinds(row, positions[j], source, diagonal=i == j) for j in range(size)]
        for i, (row, _) in enumerate(grid)
    ]
    cycles = _cycles(grid, table, positions, source)
    _check_pairs(grid, table, positions, source)
    schedule = berger_schedule(size)
    results = placed_in_rounds(table, schedule, cycles)
    players = tuple(
        replace(player, results=tuple(results[i])) for i, (_, player) in enumerate(grid)
    )
    return players, cycles * len(schedule)


def _positions(grid: Sequence[Entry], opponents: dict[int, int], source: str) -> list[int]:
    """The result columns 1 to n (n players), in order; InputError at the header otherwise."""
    size = len(grid)
    if sorted(opponents)[:size] != list(range(1, size + 1)) or len(opponents) != size:
        row = grid[0][0]
        where = row[0].location(source) if row else Location(source, 1, 1)
        raise InputError(
            where,
            ", ".join(str(number) for number in sorted(opponents))[:40],
            f"the result columns 1 to {size} of a round robin, one per player",
        )
    return [opponents[number] for number in range(1, size + 1)]


def _text(row: Sequence[CellLike], position: int) -> str:
    return row[position].text.strip() if position < len(row) else ""


def _where(row: Sequence[CellLike], position: int, source: str) -> Location:
    """The cell's place; beyond the end of the row, that of the row's last cell."""
    return row[min(position, len(row) - 1)].location(source)


def _kinds(
    row: Sequence[CellLike], position: int, source: str, *, diagonal: bool
) -> tuple[ResultKind, ...]:
    """The results written in one cell; the player's own cell must be marked (or empty)."""
    text = _text(row, position)
    if diagonal:
        if text not in _DIAGONAL:
            raise InputError(_where(row, position, source), text, "the player's own cell: * or x")
        return ()
    kinds = result_tokens(text)
    if kinds is None:
        raise InputError(_where(row, position, source), text, _CELL_EXPECTED)
    return kinds


def _cycles(grid: Sequence[Entry], table: Grid, positions: list[int], source: str) -> int:
    """1 or 2: every played cell holds that many results."""
    cycles, wrong = cycles_of(table)
    if wrong is not None:
        i, j, expected = wrong
        row = grid[i][0]
        raise InputError(_where(row, positions[j], source), _text(row, positions[j]), expected)
    return cycles


def _check_pairs(grid: Sequence[Entry], table: Grid, positions: list[int], source: str) -> None:
    """The two cells of a pair agree (module docstring); InputError at the second one."""
    size = len(table)
    for i in range(size):
        for j in range(i + 1, size):
            mine, theirs = table[i][j], table[j][i]
            if not pair_agrees(mine, theirs):
                row = grid[j][0]
                other = _text(grid[i][0], positions[j]) or "empty"
                raise InputError(
                    _where(row, positions[i], source),
                    _text(row, positions[i]),
                    f"the other side of {other!r}, player {i + 1}'s result against player {j + 1}",
                )
