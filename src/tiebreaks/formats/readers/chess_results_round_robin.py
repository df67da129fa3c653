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
(:func:`~.crosstable_csv.berger_schedule`), as the CSV crosstable reader does, so the colours
are the tables', not the real ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ...errors import InputError, Location
from ...model import ABSENT, Colour, Player, ResultKind, RoundResult
from ...model.results import OPPOSITE_RESULT
from .crosstable_csv import berger_schedule

__all__ = ["round_robin_players"]

K = ResultKind
_KINDS = {
    "1/2": K.DRAW,
    "0,5": K.DRAW,
    "0.5": K.DRAW,
    "½": K.DRAW,
    "=": K.DRAW,
    "1": K.WIN,
    "0": K.LOSS,
    "+": K.FORFEIT_WIN,
    "-": K.FORFEIT_LOSS,
}
_TOKEN = re.compile(r"1/2|0[.,]5|½|=|1|0|\+|-")
_DIAGONAL = frozenset({"", "*", "x", "X"})
_AGREEING = frozenset(OPPOSITE_RESULT.items()) | {(K.FORFEIT_LOSS, K.FORFEIT_LOSS)}
_MAX_CYCLES = 2
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
_Table = list[list[tuple[ResultKind, ...]]]


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
    results = _placed(table, schedule, cycles)
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
    compact = "".join(text.split())
    if _TOKEN.sub("", compact):
        raise InputError(_where(row, position, source), text, _CELL_EXPECTED)
    return tuple(_KINDS[token] for token in _TOKEN.findall(compact))


def _cycles(grid: Sequence[Entry], table: _Table, positions: list[int], source: str) -> int:
    """1 or 2: every played cell holds that many results."""
    cycles = max((len(kinds) for results in table for kinds in results), default=1) or 1
    for i, results in enumerate(table):
        for j, kinds in enumerate(results):
            if kinds and (len(kinds) != cycles or cycles > _MAX_CYCLES):
                row = grid[i][0]
                expected = (
                    "one result, or two in every cell of a double round robin"
                    if cycles > _MAX_CYCLES
                    else f"{cycles} results, as in the other cells"
                )
                raise InputError(
                    _where(row, positions[j], source), _text(row, positions[j]), expected
                )
    return cycles


def _check_pairs(grid: Sequence[Entry], table: _Table, positions: list[int], source: str) -> None:
    """The two cells of a pair agree (module docstring); InputError at the second one."""
    size = len(table)
    for i in range(size):
        for j in range(i + 1, size):
            mine, theirs = table[i][j], table[j][i]
            agree = len(mine) == len(theirs) and all(
                pair in _AGREEING for pair in zip(mine, theirs, strict=True)
            )
            if not agree:
                row = grid[j][0]
                other = _text(grid[i][0], positions[j]) or "empty"
                raise InputError(
                    _where(row, positions[i], source),
                    _text(row, positions[i]),
                    f"the other side of {other!r}, player {i + 1}'s result against player {j + 1}",
                )


def _placed(
    table: _Table, schedule: list[list[tuple[int, int]]], cycles: int
) -> list[list[RoundResult]]:
    """Each player's result per round, the games placed in the Berger schedule (the second
    cycle in the same rounds, colours swapped)."""
    size = len(table)
    rounds = len(schedule)
    results = [[ABSENT] * (rounds * cycles) for _ in range(size)]
    for cycle in range(cycles):
        for index, pairs in enumerate(schedule):
            slot = cycle * rounds + index
            for first, second in pairs:
                white, black = (first, second) if cycle % 2 == 0 else (second, first)
                kinds = table[white - 1][black - 1]
                if not kinds:
                    continue
                other = table[black - 1][white - 1][cycle]
                results[white - 1][slot] = RoundResult(kinds[cycle], black, Colour.WHITE)
                results[black - 1][slot] = RoundResult(other, white, Colour.BLACK)
    return results
