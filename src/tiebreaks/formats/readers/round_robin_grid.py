"""A round robin's cross table as a grid of results: what every cross table reader shares
(the CSV crosstable, chess-results' round-robin form, Vega's and Swiss-Chess's pages). Each
reader finds the cells and words its own errors at their places; the grid is read, checked
and put in the rounds here.

* **Cells**: ``1``; ``½``, ``0.5``, ``0,5``, ``1/2`` or ``=`` (draw); ``0``; ``+`` (forfeit
  win); ``-`` (forfeit loss). Two results in one cell make a double round robin (every cell
  then holds two: first and second cycle).
* The two cells of a pair agree when they are opposite results (1 and 0, ½ and ½, + and -)
  or a double forfeit (- and -).
* **Rounds**: a cross table has no schedule, so the games are put in the rounds of the Berger
  tables (:func:`berger_schedule`); the second cycle takes the same rounds, colours swapped.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...model import ABSENT, Colour, ResultKind, RoundResult
from ...model.results import OPPOSITE_RESULT

__all__ = [
    "MAX_CYCLES",
    "Grid",
    "berger_schedule",
    "cycles_of",
    "pair_agrees",
    "placed_in_rounds",
    "result_tokens",
]

K = ResultKind
#: results of row i against column j (0-based): one kind per cycle, () for an empty cell
Grid = list[list[tuple[ResultKind, ...]]]
#: a single or a double round robin
MAX_CYCLES = 2
_TOKENS: tuple[tuple[str, ResultKind], ...] = (
    ("1/2", K.DRAW),
    ("0,5", K.DRAW),
    ("0.5", K.DRAW),
    ("½", K.DRAW),
    ("=", K.DRAW),
    ("1", K.WIN),
    ("0", K.LOSS),
    ("+", K.FORFEIT_WIN),
    ("-", K.FORFEIT_LOSS),
)
#: the two cells of one game (a cross table holds only rated results and forfeits)
_AGREEING = frozenset(OPPOSITE_RESULT.items()) | {(K.FORFEIT_LOSS, K.FORFEIT_LOSS)}


def result_tokens(text: str) -> tuple[ResultKind, ...] | None:
    """The results written in one cell (blanks ignored); None if the text is not results."""
    compact = "".join(text.split())
    kinds = []
    position = 0
    while position < len(compact):
        for token, kind in _TOKENS:
            if compact.startswith(token, position):
                kinds.append(kind)
                position += len(token)
                break
        else:
            return None
    return tuple(kinds)


def cycles_of(grid: Grid) -> tuple[int, tuple[int, int, str] | None]:
    """1 (single) or 2 (double round robin): how many results every non-empty cell holds;
    with the first cell (row, column, what was expected there) that holds another number of
    results, or too many, None if there is none."""
    cycles = max((len(kinds) for results in grid for kinds in results), default=1) or 1
    for i, results in enumerate(grid):
        for j, kinds in enumerate(results):
            if kinds and (len(kinds) != cycles or cycles > MAX_CYCLES):
                expected = (
                    "one result, or two in every cell for a double round robin"
                    if cycles > MAX_CYCLES
                    else f"{cycles} results, as in the other cells"
                )
                return cycles, (i, j, expected)
    return cycles, None


def pair_agrees(mine: tuple[ResultKind, ...], theirs: tuple[ResultKind, ...]) -> bool:
    """Whether the two cells of a pair tell the same games, cycle by cycle."""
    return len(mine) == len(theirs) and all(
        pair in _AGREEING for pair in zip(mine, theirs, strict=True)
    )


def placed_in_rounds(
    grid: Grid,
    schedule: list[list[tuple[int, int]]],
    cycles: int,
    row_of: Mapping[int, int] | None = None,
) -> list[list[RoundResult]]:
    """Each row's result per round, the games placed in the Berger ``schedule`` (the second
    cycle in the same rounds, colours swapped). ``row_of`` gives the row of each start number
    (default: start number n in row n - 1); a pair with an empty cell did not play (absent)."""
    rounds = len(schedule)
    results = [[ABSENT] * (rounds * cycles) for _ in grid]
    for cycle in range(cycles):
        for round_index, pairs in enumerate(schedule):
            slot = cycle * rounds + round_index
            for first, second in pairs:
                white, black = (first, second) if cycle % 2 == 0 else (second, first)
                w, b = (
                    (row_of[white], row_of[black]) if row_of is not None else (white - 1, black - 1)
                )
                if not grid[w][b]:
                    continue
                results[w][slot] = RoundResult(grid[w][b][cycle], black, Colour.WHITE)
                results[b][slot] = RoundResult(grid[b][w][cycle], white, Colour.BLACK)
    return results


def berger_schedule(size: int) -> list[list[tuple[int, int]]]:
    """The pairs (White, Black) of every round of a single round robin, as in the Berger tables
    of FIDE C.05 Annex 1 (circle method).

    With ``count`` = ``size`` rounded up to even and m = ``count`` - 1: in round r, players i
    and j below ``count`` meet when i + j = r + 1 (mod m), the lower number having White when
    j - i is odd; the player left over meets ``count``, who has White in even rounds. For an
    odd ``size`` the pair with the missing player ``count`` is left out (a bye).
    """
    if size < 2:
        return []
    count = size + size % 2
    modulus = count - 1
    schedule = []
    for round_number in range(1, count):
        pairs: list[tuple[int, int]] = []
        for player in range(1, count):
            partner = (round_number + 1 - player) % modulus or modulus
            if partner == player:
                if count <= size:
                    pivot = (count, player) if round_number % 2 == 0 else (player, count)
                    pairs.insert(0, pivot)
            elif player < partner:
                odd = (partner - player) % 2 == 1
                pairs.append((player, partner) if odd else (partner, player))
        schedule.append(pairs)
    return schedule
