"""Abnormal point assignments (TRF26 record ``299``) and recorded tie-break list changes.

A ``299`` record gives points that the round results and the score system do not: a penalty
or a bonus (blank type), or abnormal points for one kind of result (type ``W D L F H Z + -``)
in one round or in every round (``000``). How they enter the score and the tie-breaks is
documented in ``docs/conformance.md`` ("Abnormal point assignments").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .results import ResultKind

#: the result kinds each ``299`` type stands for (TRF26, "Abnormal Assignment Points")
ASSIGNMENT_KINDS: dict[str, frozenset[ResultKind]] = {
    "W": frozenset({ResultKind.WIN, ResultKind.UNRATED_WIN}),
    "D": frozenset({ResultKind.DRAW, ResultKind.UNRATED_DRAW}),
    "L": frozenset({ResultKind.LOSS, ResultKind.UNRATED_LOSS}),
    "F": frozenset({ResultKind.FULL_BYE}),
    "H": frozenset({ResultKind.HALF_BYE}),
    "Z": frozenset({ResultKind.ZERO_BYE, ResultKind.ABSENT}),
    "+": frozenset({ResultKind.FORFEIT_WIN}),
    "-": frozenset({ResultKind.FORFEIT_LOSS}),
}
#: the blank type of ``299``: a penalty (negative points) or a bonus (positive points)
ADJUSTMENT = ""
ALL_ROUNDS = 0
#: the round ``999`` of a penalty or bonus: the standings only, not pairings (FIDE reference
#: engine); it counts in every standings, as ``000``
FINAL_STANDINGS = 999


@dataclass(frozen=True)
class PointAssignment:
    """One ``299`` record: ``type`` (``""`` penalty/bonus, else a key of
    :data:`ASSIGNMENT_KINDS`), the points (individuals) or game points (teams), the match
    points (teams; None when not given), the round (``0``: all rounds) and the participants
    (start numbers, or team pairing numbers in a team event)."""

    type: str
    points: Fraction
    match_points: Fraction | None
    round: int
    participants: tuple[int, ...]

    @property
    def is_adjustment(self) -> bool:
        """A penalty or a bonus: points given outside any round's result."""
        return self.type == ADJUSTMENT

    def value(self, score: str) -> Fraction:
        """The points for ``score``: ``"MP"`` the match points (0 when not given), else the
        (game) points."""
        if score == "MP":
            return self.match_points or Fraction(0)
        return self.points

    def counts_after(self, rounds: int) -> bool:
        """A penalty or bonus counts in the standings after ``rounds`` rounds from its round
        on (always when it names no round, ``000``, or ``999``)."""
        return self.round <= rounds or self.round == FINAL_STANDINGS

    def applies(self, round_number: int, kind: ResultKind) -> bool:
        """A typed assignment replaces the points of ``kind`` in ``round_number``."""
        return self.round in (ALL_ROUNDS, round_number) and kind in ASSIGNMENT_KINDS[self.type]


@dataclass(frozen=True)
class ListChange:
    """A change of the declared tie-break list, recorded in a TRF as a ``###`` comment: the
    record (``202`` or ``212``), the round after which the new list is used, the list before."""

    record: str
    round: int
    previous: tuple[str, ...]
