"""What standings were computed from, read-only: the handle the layers above the engine get.

The engine computes on a :class:`~.context.Context` (the results as arrays and the memo of
the arrays derived from them); that context stays inside the engine. A :class:`Computation`
wraps it for :class:`~tiebreaks.standings.Standings` and gives only what traces and their
words need: the trace of one value (made from the same memoised arrays, so it adds up to the
value computed), and the results the trace refers to (kinds, opponents, points per round) as
read-only values.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import ResultKind, Tournament
from ..model.rules import Rules
from ..model.team_matches import TeamTournament
from .arbiter import Exclusion, ManualValue
from .context import NO_OPPONENT, Context
from .spec import TiebreakSpec
from .trace import Trace, group_tracer_for, tracer_for
from .unplayed import under_regime


class NoTracer(LookupError):
    """The tie-break has no tracer: its values cannot be explained."""


@dataclass(frozen=True, slots=True, eq=False)
class Computation:
    """The computed state of one standings, behind a read-only interface. Participants are
    given by their index (the position in ``tournament.players``); rounds by number (1..)."""

    _context: Context

    @property
    def tournament(self) -> Tournament:
        """The tournament as computed (for a team tournament: the teams as participants)."""
        return self._context.tournament

    @property
    def rules(self) -> Rules:
        """The rules regime the values were computed under."""
        return self._context.rules

    @property
    def rounds(self) -> int:
        """The rounds considered (1..rounds)."""
        return self._context.rounds

    @property
    def unit(self) -> int:
        """The score unit: points are whole numbers of 1/unit (2 for 1-1/2-0)."""
        return self._context.unit

    @property
    def win(self) -> int:
        """Points of a win over the board, in units."""
        return self._context.win

    @property
    def draw(self) -> int:
        """The draw value D of C.07 (2026) Art. 16, in units."""
        return self._context.draw

    @property
    def predetermined(self) -> bool:
        """True for pre-determined pairings (a round robin, C.07 (2026) Art. 15.2)."""
        return self._context.predetermined

    @property
    def team(self) -> TeamTournament | None:
        """The team tournament with its board games (None for individuals)."""
        return self._context.team

    @property
    def primary(self) -> str:
        """The primary score of a team tournament ("MP" unless it ranks by GP)."""
        team = self._context.team
        return team.primary if team is not None else "MP"

    @property
    def secondary(self) -> str:
        """The team score that is not the primary one (C.07 (2026) Art. 13.1)."""
        return "GP" if self.primary == "MP" else "MP"

    def kind(self, index: int, round_number: int) -> ResultKind:
        """What participant ``index`` had in round ``round_number``."""
        return self._context.kinds[index][round_number - 1]

    def opponent(self, index: int, round_number: int) -> int | None:
        """The index of the opponent in round ``round_number`` (None: no opponent)."""
        opponent = self._context.opponents[index][round_number - 1]
        return None if opponent == NO_OPPONENT else opponent

    def rounds_of(self, index: int) -> tuple[list[ResultKind], list[int | None]]:
        """:meth:`kind` and :meth:`opponent` of every round of participant ``index``, read
        at once (a page that tells every round reads each participant's row once, not once
        per round)."""
        context = self._context
        opponents = [None if found == NO_OPPONENT else found for found in context.opponents[index]]
        return context.kinds[index], opponents

    def points(self, index: int) -> tuple[int, ...]:
        """The points of participant ``index`` in each round considered, in units."""
        return tuple(self._context.points[index])

    def adjustment(self, index: int) -> int:
        """Participant ``index``'s TRF26 299 penalty or bonus in units (0 when none): part of
        their score, no round's result."""
        adjustments = self._context.adjustments
        return adjustments[index] if 0 <= index < len(adjustments) else 0

    def manual(self, index: int) -> ManualValue | None:
        """The MAN value the arbiter gave participant ``index`` and where it was read (None:
        none given)."""
        number = self._context.tournament.players[index].start_number
        return self._context.manual.get(number)

    def exclusion(self, index: int) -> Exclusion | None:
        """Why participant ``index`` is not ranked (withdrawn or expelled, and the last round
        they were present); None when they are ranked."""
        number = self._context.tournament.players[index].start_number
        return self._context.excluded.get(number)

    def for_score(self, score: str) -> Computation:
        """The computation of a team score ``"MP"`` / ``"GP"`` (this one for ``""`` and for
        individuals)."""
        context = self._context.for_score(score)
        return self if context is self._context else Computation(context)

    def under_regime(self, spec: TiebreakSpec) -> Computation:
        """The computation under the regime of the spec's ``/V`` modifier (this one without)."""
        context = under_regime(self._context, spec)
        return self if context is self._context else Computation(context)

    def trace(self, spec: TiebreakSpec, index: int) -> Trace:
        """The trace of participant ``index``'s value of the value tie-break ``spec``
        (NoTracer when it has none)."""
        tracer = tracer_for(spec.acronym)
        if tracer is None:
            raise NoTracer(str(spec))
        return tracer(self._context.for_score(spec.score), spec, index)

    def group_trace(self, spec: TiebreakSpec, group: list[int], index: int) -> Trace:
        """The trace of the group tie-break ``spec`` applied to the tied ``group`` (indexes),
        seen from participant ``index`` (NoTracer when it has none)."""
        tracer = group_tracer_for(spec.acronym)
        if tracer is None:
            raise NoTracer(str(spec))
        return tracer(self._context.for_score(spec.score), spec, group, index)

    def __repr__(self) -> str:
        return (
            f"<Computation of {len(self._context.kinds)} participants x {self.rounds} rounds,"
            f" rules {self.rules.name}>"
        )
