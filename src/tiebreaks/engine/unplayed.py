"""Unplayed rounds: the one place where the rules regime (:mod:`tiebreaks.model.rules`) decides
how a
round without a game counts. C.07 (2026 and 2023/2024 editions) Articles 15 and 16:

* Art. 16.3: a participant's score *as seen by opponents* (adjusted score): a requested bye
  (half- or zero-point bye, absence) followed only by voluntarily unplayed rounds, or in the
  last round, counts as a draw (category 16.2.5); every other round counts as awarded.
* Art. 16.4: each of the participant's own unplayed rounds is a game against a dummy opponent
  whose score is the participant's own score; from 2026 capped by the scheduled opponent's
  adjusted score for forfeits (16.4.1) and by the draw value times the number of rounds for
  other unplayed rounds (16.4.2).
* Art. 15.2: with pre-determined pairings (round robins) none of this applies: forfeits are
  games against the scheduled opponent, whose real score is used.

Other regimes: ``fide-2009`` (C.02 §13.16): every unplayed round of an opponent counts as a
draw, and an own unplayed round is a game against a virtual opponent; ``unadjusted``: actual
scores, an own unplayed round adds nothing; ``unplayed-draw`` and ``uscf``: opponents'
unplayed rounds count as draws, an own unplayed round adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model.rules import OpponentView, OwnView, rules_by_code
from .context import NO_OPPONENT, Context
from .spec import TiebreakSpec


@dataclass(frozen=True, slots=True)
class StandIn:
    """The dummy opponent of an unplayed round: its score and the article that set it."""

    score: int
    article: str


def under_regime(context: Context, spec: TiebreakSpec) -> Context:
    """The context under the regime of the tie-break's ``/V`` modifier (the run's otherwise)."""
    if spec.regime is None or spec.regime == context.rules.code:
        return context
    rules = rules_by_code(spec.regime)
    return context.memo(  # type: ignore[no-any-return]
        ("regime", rules.code), lambda: replace(context, rules=rules, cache=_rules_free(context))
    )


def _rules_free(context: Context) -> dict[str, object]:
    """The cached arrays that do not depend on the rules (the flat lists and the columnar
    grid), for a context under another regime."""
    return {key: context.cache[key] for key in ("flat", "vector-grid") if key in context.cache}


def adjusted_scores(context: Context) -> list[int]:
    """Every participant's score as seen by opponents (Art. 16.3), in units (cached)."""
    return context.memo("adjusted", lambda: _adjusted_scores(context))  # type: ignore[no-any-return]


def _adjusted_scores(context: Context) -> list[int]:
    view = context.rules.opponent_view
    if context.predetermined or view is OpponentView.ACTUAL:
        return list(context.scores)
    if view is OpponentView.UNPLAYED_AS_DRAW:
        return scores_with_unplayed_as_draws(context)
    return [_adjusted_score(context, index) for index in range(context.size)]


def scores_with_unplayed_as_draws(context: Context) -> list[int]:
    """Every participant's points of the games played, plus a draw for every other round
    (C.02 §13.16 (2009); the US Chess rule 34E adjusted score)."""
    draw = context.draw
    return [
        sum(points if kind.played else draw for kind, points in zip(kinds, row, strict=True))
        for kinds, row in zip(context.kinds, context.points, strict=True)
    ]


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
    view = context.rules.opponent_view
    if context.predetermined or view is OpponentView.ACTUAL:
        return context.points[index][round_index]
    if view is OpponentView.UNPLAYED_AS_DRAW:
        return context.points[index][round_index] if kinds[round_index].played else context.draw
    if not kinds[round_index].requested_bye:
        return context.points[index][round_index]
    later = kinds[round_index + 1 : context.rounds]
    if all(kind.voluntarily_unplayed for kind in later):
        return context.draw
    return context.points[index][round_index]


def stand_in(context: Context, index: int, round_index: int) -> StandIn:
    """What stands in for the opponent of participant ``index``'s unplayed round: the dummy
    opponent (Art. 16.4), the 2009 virtual opponent, or nothing (score 0)."""
    view = context.rules.own_view
    if view is OwnView.NOTHING:
        return StandIn(0, "none")
    if view is OwnView.VIRTUAL:
        return StandIn(virtual_opponent_score(context, index, round_index), "C.02 13.16.2")
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


def virtual_opponent_score(context: Context, index: int, round_index: int) -> int:
    """The final score of the virtual opponent of an unplayed round (C.02 §13.16.2, 2009).

    It had the participant's score before the round, took the complementary result of the
    round (a win when the participant scored nothing, a loss against a forfeit win or a
    full-point bye, a draw against a half-point bye) and drew every later round considered:
    ``Svon = SPR + (1 - SfPR) + 0.5 (n - R)`` in 1-½-0 points.
    """
    points = context.points[index]
    before = sum(points[:round_index])
    own = points[round_index]
    later_rounds = context.rounds - round_index - 1
    return before + _complement(context, own) + context.draw * later_rounds


def _complement(context: Context, own: int) -> int:
    """The virtual opponent's points in the unplayed round itself."""
    if own == context.win:
        return context.loss
    if own == context.draw:
        return context.draw
    return context.win
