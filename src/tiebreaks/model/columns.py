"""Every player's round results as columns: what the engine's context is built from.

A reader that reads the results column by column (the TRF reader) hands its columns over with
the tournament (``Tournament.result_columns``), so the engine does not walk every player's
result objects again; every other tournament's columns are built from its result
objects by one shared builder (:func:`tiebreaks.engine.context.columns_of`). NumPy is not
imported here: the model is loaded by ``tiebreaks --help``, which must stay without it.
"""

from __future__ import annotations

from operator import attrgetter, is_

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol

    import numpy as np
    from numpy.typing import NDArray

    from .results import RoundResult

    class _Player(Protocol):
        @property
        def results(self) -> tuple[RoundResult, ...]: ...


_RESULTS = attrgetter("results")


class ResultColumns:
    """The results of rounds 1..``rounds`` of a list of players, one row per player (in the
    list's order), one column per round, as read-only arrays: ``kind`` the position of each
    result's kind in :class:`~.results.ResultKind`, ``opponent`` the opponent's position in
    the list (-1: none), ``black`` whether the player had Black. A round after a player's
    last result is an absence.

    ``results`` holds the very tuples of results the columns were made from: the columns
    describe a list of players only while each player still has that tuple (:meth:`describe`),
    so a tournament whose results were changed (``dataclasses.replace``) never uses stale
    columns."""

    __slots__ = ("black", "kind", "opponent", "results")

    def __init__(
        self,
        results: Sequence[tuple[RoundResult, ...]],
        kind: NDArray[np.int8],
        opponent: NDArray[np.int64],
        black: NDArray[np.bool_],
    ) -> None:
        for array in (kind, opponent, black):
            array.flags.writeable = False  # shared by every context built from them
        self.results = tuple(results)
        self.kind = kind
        self.opponent = opponent
        self.black = black

    @property
    def rounds(self) -> int:
        """The number of rounds (columns)."""
        return int(self.kind.shape[1])

    def describe(self, players: Sequence[_Player]) -> bool:
        """True when these are the columns of ``players``: the same number of players, each
        with the very tuple of results the columns were made from."""
        if len(players) != len(self.results):
            return False
        return all(map(is_, map(_RESULTS, players), self.results))

    def __repr__(self) -> str:
        return f"<ResultColumns of {len(self.results)} players x {self.rounds} rounds>"
