"""Live standings of a running event: after every round, and again after a result changes.

A :class:`LiveStandings` reads nothing twice: the tournament's arrays (the
:class:`~tiebreaks.engine.context.Context`) are built once; the standings after round ``t``
use the first ``t`` rounds of those arrays (C.07 (2026) Art. 4: the tie-breaks of the
standings after a round count the rounds played so far); a corrected result changes the
records of the two players concerned, in the model and in the arrays, and the tie-breaks are
computed again from the updated arrays (every Buchholz, Sonneborn-Berger or rating value can
depend on any score, so they are all recomputed: each is linear in players x rounds).

Individual tournaments only; for a team tournament use
:func:`~tiebreaks.standings.compute_standings` with ``after_round``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TypeVar

from ..engine.context import NO_OPPONENT, Context, build_context
from ..engine.memo import Memo
from ..engine.spec import TiebreakSpec
from ..errors import UsageError
from ..model import ABSENT, Colour, PairingSystem, ResultKind, RoundResult, Tournament
from ..model.results import OPPOSITE_RESULT
from ..model.rules import Rules
from ..standings import Options, Standings, check_tiebreak_list, prepared, rank_context

T = TypeVar("T")


class LiveStandings:
    """Standings of one individual tournament, round by round and after corrections.

    >>> from tiebreaks.formats.reading import example_path, read_tournament
    >>> live = LiveStandings(read_tournament(example_path("held-swiss-16.trf")), "PTS,BH,SB")
    >>> [standings.rows[0].player.name for standings in live.each_round()][-1]
    'Alyx'
    """

    def __init__(
        self,
        tournament: Tournament,
        tiebreaks: str | Sequence[str | TiebreakSpec] | None = None,
        rules: str | Rules | None = None,
        options: Options | None = None,
    ) -> None:
        if tournament.team_records is not None:
            raise UsageError("live standings are for individual tournaments")
        self.options = options or Options()
        if self.options.after_round is not None:
            raise UsageError("live standings choose the round per call (after_round)")
        tournament, self.rules, self.rules_reason = prepared(tournament, rules)
        self.tiebreaks = tiebreaks
        self._context = build_context(tournament, self.rules, None, self.options.pairing_system)
        check_tiebreak_list(self._context, tiebreaks, self.options.unrated_rating)
        self.index_of = {player.start_number: i for i, player in enumerate(tournament.players)}
        self._by_round: dict[int, Standings] = {}

    @property
    def tournament(self) -> Tournament:
        """The tournament with every correction made so far."""
        return self._context.tournament

    @property
    def rounds(self) -> int:
        """The number of rounds of the tournament."""
        return self._context.rounds

    def after_round(self, round_number: int | None = None) -> Standings:
        """The standings after ``round_number`` (default: the last round), kept until a result
        of that round or an earlier one changes."""
        rounds = self.rounds if round_number is None else round_number
        if not 0 <= rounds <= self.rounds:
            raise UsageError(f"round {rounds} is outside 0..{self.rounds}")
        if rounds not in self._by_round:
            context = (
                self._context if rounds == self.rounds else _first_rounds(self._context, rounds)
            )
            self._by_round[rounds] = rank_context(
                context, self.tiebreaks, self.rules_reason, self.options
            )
        return self._by_round[rounds]

    def each_round(self) -> Iterator[Standings]:
        """The standings after round 1, 2, ... up to the last round."""
        for round_number in range(1, self.rounds + 1):
            yield self.after_round(round_number)

    def change_result(
        self,
        round_number: int,
        start_number: int,
        kind: ResultKind,
        opponent_kind: ResultKind | None = None,
    ) -> Standings:
        """Correct the result of ``start_number`` in ``round_number`` and return the new final
        standings. The pairing stays: a game or forfeit stays one (its opponent's record
        gets the complementary result, or ``opponent_kind``, e.g. a double forfeit), a round
        without an opponent stays one (a bye of another kind)."""
        index = self._index(start_number)
        old = self.tournament.players[index].result(round_number)
        self._check_round(round_number)
        if old.opponent is None:
            if kind.has_opponent:
                raise UsageError(f"round {round_number}: player {start_number} has no opponent")
            self._set(index, round_number, RoundResult(kind, None, Colour.NONE))
        else:
            if not kind.has_opponent:
                raise UsageError(
                    f"round {round_number}: player {start_number} is paired with player "
                    f"{old.opponent}; a {kind.description} needs a round without an opponent"
                )
            theirs = opponent_kind or OPPOSITE_RESULT[kind]
            other = self._index(old.opponent)
            other_old = self.tournament.players[other].result(round_number)
            self._set(index, round_number, RoundResult(kind, old.opponent, old.colour))
            self._set(other, round_number, RoundResult(theirs, start_number, other_old.colour))
        self._forget_from(round_number)
        return self.after_round()

    def _index(self, start_number: int) -> int:
        if start_number not in self.index_of:
            raise UsageError(f"no player has the start number {start_number}")
        return self.index_of[start_number]

    def _check_round(self, round_number: int) -> None:
        if not 1 <= round_number <= self.rounds:
            raise UsageError(f"round {round_number} is outside 1..{self.rounds}")

    def _set(self, index: int, round_number: int, result: RoundResult) -> None:
        """One round of one player, in the model and in the arrays. The arrays are copied on
        write (the outer lists and the changed rows), so standings returned earlier keep
        the arrays they were computed from."""
        context = self._context
        player = context.tournament.players[index]
        results = list(player.results) + [ABSENT] * (round_number - len(player.results))
        results[round_number - 1] = result
        players = list(context.tournament.players)
        players[index] = replace(player, results=tuple(results), stated_points=None)
        slot = round_number - 1
        if context.tournament.point_assignments:  # TRF26 299: the points come from the model
            tournament = replace(context.tournament, players=tuple(players))
            self.context = build_context(tournament, self.rules, None, self.options.pairing_system)
            return
        opponent = NO_OPPONENT if result.opponent is None else self.index_of[result.opponent]
        points = int(context.tournament.score_system.points[result.kind] * context.unit)
        self._context = replace(
            context,
            tournament=replace(context.tournament, players=tuple(players)),
            kinds=_with(context.kinds, index, slot, result.kind),
            opponents=_with(context.opponents, index, slot, opponent),
            black=_with(context.black, index, slot, result.colour is Colour.BLACK),
            points=_with(context.points, index, slot, points),
            memoised=Memo(),
            arrays=None,
        )

    def _forget_from(self, round_number: int) -> None:
        """Drop the standings a change can affect."""
        for rounds in [r for r in self._by_round if r >= round_number]:
            del self._by_round[rounds]


def _first_rounds(context: Context, rounds: int) -> Context:
    """The context of the first ``rounds`` rounds (as ``build_context(after_round=rounds)``
    builds it from the model; built so when TRF26 299 assignments count)."""
    if context.tournament.point_assignments:
        pairing = PairingSystem.ROUND_ROBIN if context.predetermined else PairingSystem.SWISS
        return build_context(context.tournament, context.rules, rounds, pairing)
    return replace(
        context,
        rounds=rounds,
        kinds=[row[:rounds] for row in context.kinds],
        opponents=[row[:rounds] for row in context.opponents],
        black=[row[:rounds] for row in context.black],
        points=[row[:rounds] for row in context.points],
        memoised=Memo(),
        arrays=None,
    )


def _with(rows: Sequence[list[T]], index: int, slot: int, value: T) -> list[list[T]]:
    """A copy of ``rows`` whose row ``index`` is a copy with ``value`` at ``slot``."""
    changed = list(rows)
    changed[index] = list(rows[index])
    changed[index][slot] = value
    return changed
