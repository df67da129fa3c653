"""Unplayed rounds, C.07 (2026 and 2023/2024 editions) Articles 15 and 16: the one place where
the rules edition decides how a round without a game counts.

* Art. 16.3: a participant's score *as seen by opponents* (adjusted score): a requested bye
  (half- or zero-point bye, absence) followed only by voluntarily unplayed rounds, or in the
  last round, counts as a draw (category 16.2.5); every other round counts as awarded.
* Art. 16.4: each of the participant's own unplayed rounds is a game against a dummy opponent
  whose score is the participant's own score; from 2026 capped by the scheduled opponent's
  adjusted score for forfeits (16.4.1) and by the draw value times the number of rounds for
  other unplayed rounds (16.4.2).
* Art. 15.2: with pre-determined pairings (round robins) none of this applies: forfeits are
  games against the scheduled opponent, whose real score is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from .context import NO_OPPONENT, Context


@dataclass(frozen=True, slots=True)
class StandIn:
    """The dummy opponent of an unplayed round: its score and the article that set it."""

    score: int
    article: str


def adjusted_scores(context: Context) -> list[int]:
    """Every participant's score as seen by opponents (Art. 16.3), in units (cached)."""
    return context.memo("adjusted", lambda: _adjusted_scores(context))  # type: ignore[no-any-return]


def _adjusted_scores(context: Context) -> list[int]:
    if context.predetermined:
        return list(context.scores)
    return [_adjusted_score(context, index) for index in range(context.size)]


def _adjusted_score(context: Context, index: int) -> int:
    kinds = context.kinds[index]
    points = context.points[index]
    total = 0
    only_vurs_follow = True
    for round_index in range(context.rounds - 1, -1, -1):
        kind = kinds[round_index]
        if kind.requested_bye and only_vurs_follow:
            total += context.draw
        else:
            total += points[round_index]
        if not kind.voluntarily_unplayed:
            only_vurs_follow = False
    return total


def adjusted_round_points(context: Context, index: int, round_index: int) -> int:
    """The points of one round as counted in the adjusted score (Art. 16.3)."""
    kinds = context.kinds[index]
    if context.predetermined or not kinds[round_index].requested_bye:
        return context.points[index][round_index]
    later = kinds[round_index + 1 : context.rounds]
    if all(kind.voluntarily_unplayed for kind in later):
        return context.draw
    return context.points[index][round_index]


def stand_in(context: Context, index: int, round_index: int) -> StandIn:
    """The dummy opponent of participant ``index``'s unplayed round (Art. 16.4)."""
    own = context.scores[index]
    if not context.rules.dummy_caps:
        return StandIn(own, "16.4")
    opponent = context.opponents[index][round_index]
    if opponent != NO_OPPONENT:
        cap = adjusted_scores(context)[opponent]
        return StandIn(min(own, cap), "16.4.1") if cap < own else StandIn(own, "16.4")
    cap = context.draw * context.rounds
    return StandIn(min(own, cap), "16.4.2") if cap < own else StandIn(own, "16.4")


def is_vur(context: Context, index: int, round_index: int) -> bool:
    """True for a voluntary unplayed round that the Art. 16.5 cut exception looks at."""
    if context.predetermined or not context.rules.vur_cut_exception:
        return False
    return context.kinds[index][round_index].voluntarily_unplayed
