"""The context as NumPy arrays: one row per participant, one column per round considered.

Result kinds become small integer codes (their position in :class:`ResultKind`); every flag of
a kind (played, forfeit, voluntarily unplayed, ...) is a look-up table indexed by the code, so
a flag of the whole field is one indexing operation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import chain, pairwise
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..model import ResultKind
from .context import NO_OPPONENT, Context, fits_int64
from .memo import Key, Memo

Integers = NDArray[np.int64]
Flags = NDArray[np.bool_]

KINDS: tuple[ResultKind, ...] = tuple(ResultKind)
CODE: dict[ResultKind, int] = {kind: code for code, kind in enumerate(KINDS)}


def true_columns(flags: Flags) -> list[list[int]]:
    """The columns set in each row of ``flags``, as lists: one pass over the whole array
    (instead of ``np.flatnonzero`` per row: a page asks for several rows per participant).

    >>> true_columns(np.array([[True, False, True], [False, False, False]]))
    [[0, 2], []]
    """
    rows, columns = np.nonzero(flags)
    bounds = [0, *np.searchsorted(rows, np.arange(1, flags.shape[0] + 1)).tolist()]
    found = columns.tolist()
    return [found[start:end] for start, end in pairwise(bounds)]


def _table(flag: str) -> Flags:
    return np.array([bool(getattr(kind, flag)) for kind in KINDS], dtype=np.bool_)


PLAYED = _table("played")
FORFEIT = _table("forfeit")
VOLUNTARILY_UNPLAYED = _table("voluntarily_unplayed")
REQUESTED_BYE = _table("requested_bye")
#: game outcome in half-points from this side (2 win, 1 draw, 0 loss); -1 for a bye
OUTCOME = np.array([-1 if kind.outcome is None else kind.outcome for kind in KINDS], dtype=np.int64)


@dataclass(frozen=True)
class Grid:
    """Arrays of shape (participants, rounds) built from a :class:`Context` (whose lists stay
    the reference); the flags are derived from ``kind`` once."""

    kind: NDArray[np.int8]
    opponent: Integers  # index of the scheduled opponent, -1 for none
    black: Flags
    points: Integers  # in the context's unit
    played: Flags
    forfeit: Flags
    voluntarily_unplayed: Flags
    requested_bye: Flags
    outcome: Integers

    @property
    def size(self) -> int:
        """Number of participants."""
        return int(self.kind.shape[0])

    @property
    def rounds(self) -> int:
        """Number of rounds considered."""
        return int(self.kind.shape[1])

    @cached_property
    def scores(self) -> Integers:
        """Every participant's score in units (summed once: a trace looks up one opponent's
        score per round, and a sum over the whole field each time made a page of every
        explanation quadratic in the field)."""
        return self.points.sum(axis=1)  # type: ignore[no-any-return]


def _matrix(rows: Sequence[list[Any]], dtype: Any, shape: tuple[int, int]) -> Any:
    flat = np.fromiter(chain.from_iterable(rows), dtype=dtype, count=shape[0] * shape[1])
    return flat.reshape(shape)


def _objects(rows: Sequence[list[int]], shape: tuple[int, int]) -> Any:
    """A matrix of exact Python integers."""
    matrix = np.empty(shape, dtype=object)
    for index, row in enumerate(rows):
        matrix[index, :] = row
    return matrix


def grid_from_lists(
    kinds: Sequence[list[ResultKind]],
    opponents: Sequence[list[int]],
    black: Sequence[list[bool]],
    points: Sequence[list[int]],
    rounds: int,
    dtype: Any = np.int64,
) -> Grid:
    """The grid of per-participant lists (each of length ``rounds``); points as exact Python
    integers (``dtype`` object) where int64 could overflow (:func:`.context.fits_int64`)."""
    shape = (len(kinds), rounds)
    codes = np.fromiter(
        map(CODE.__getitem__, chain.from_iterable(kinds)), dtype=np.int8, count=shape[0] * rounds
    ).reshape(shape)
    return grid_from_codes(
        codes,
        _matrix(opponents, np.int64, shape),
        _matrix(black, np.bool_, shape),
        _matrix(points, dtype, shape) if dtype is np.int64 else _objects(points, shape),
    )


def grid_from_codes(
    codes: NDArray[np.int8], opponent: Integers, black: Flags, points: Integers
) -> Grid:
    """The grid of arrays already built (the flags are looked up from the codes)."""
    return Grid(
        kind=codes,
        opponent=opponent,
        black=black,
        points=points,
        played=PLAYED[codes],
        forfeit=FORFEIT[codes],
        voluntarily_unplayed=VOLUNTARILY_UNPLAYED[codes],
        requested_bye=REQUESTED_BYE[codes],
        outcome=OUTCOME[codes],
    )


#: the grid of a context
GRID: Key[Grid] = Key("grid")
#: the Fore Buchholz world of a context (Art. 8.3)
_FORE: Key[Context] = Key("fore-context")


def grid(context: Context) -> Grid:
    """The context's grid (memoised in the context), made of the arrays
    :func:`~tiebreaks.engine.context.build_context` keeps, else of the rows."""
    return context.memo(GRID, lambda: _grid_of(context))


def _grid_of(context: Context) -> Grid:
    if context.arrays is not None:
        return grid_from_codes(*context.arrays)
    return grid_from_lists(
        context.kinds,
        context.opponents,
        context.black,
        context.points,
        context.rounds,
        np.int64
        if fits_int64(context.tournament.score_system, context.unit, context.rounds)
        else object,
    )


def fore_context(context: Context) -> Context:
    """The Fore Buchholz world of C.07 (2026) Art. 8.3 on arrays: every game paired for the
    last round considered is a draw played over the board; byes keep their points (cached in
    ``context``).

    Only its grid is the fore world: its lists are ``context``'s, so only functions that read
    :func:`grid` may be given it (every tie-break does)."""

    def compute() -> Context:
        table = grid(context)
        if table.rounds == 0:
            return context
        paired = np.flatnonzero(table.opponent[:, -1] != NO_OPPONENT)
        codes = table.kind.copy()
        codes[paired, -1] = CODE[ResultKind.DRAW]
        points = table.points.copy()
        points[paired, -1] = context.draw
        fore = grid_from_codes(codes, table.opponent, table.black, points)
        memo = Memo()
        memo.put(GRID, fore)
        return replace(context, memoised=memo, arrays=None)

    return context.memo(_FORE, compute)
