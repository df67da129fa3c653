"""Unplayed rounds: the one place where the rules regime (:mod:`tiebreaks.model.rules`) decides
how a round without a game counts, for every participant and round at once.

* C.07 (2026 and 2023/2024 editions) Art. 16.3: a participant's score *as seen by opponents*
  (adjusted score): a requested bye (half- or zero-point bye, absence) followed only by
  voluntarily unplayed rounds, or in the last round, counts as a draw; every other round counts
  as awarded.
* Art. 16.4: each own unplayed round is a game against a dummy opponent with the participant's
  own score; from 2026 capped by the scheduled opponent's adjusted score (16.4.1) or by the
  draw value times the number of rounds (16.4.2).
* Art. 15.2: with pre-determined pairings (round robins) none of this applies.
* ``fide-2009`` (C.02 §13.16): every unplayed round of an opponent counts as a draw, and an own
  unplayed round is a game against a virtual opponent; ``unadjusted``: actual scores, an own
  unplayed round adds nothing; ``unplayed-draw`` and ``uscf``: opponents' unplayed rounds count
  as draws, an own unplayed round adds nothing.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..model.rules import OpponentView, OwnView, rules_by_code
from .context import NO_OPPONENT, Context
from .grid import GRID, Flags, Grid, Integers, grid
from .memo import Key
from .spec import TiebreakSpec


def under_regime(context: Context, spec: TiebreakSpec) -> Context:
    """The context under the regime of the tie-break's ``/V`` modifier (the run's otherwise)."""
    if spec.regime is None or spec.regime == context.rules.code:
        return context
    rules = rules_by_code(spec.regime)
    return context.memo(
        _REGIME.of(rules.code),
        lambda: replace(context, rules=rules, memoised=context.memoised.carried(GRID)),
    )


#: the context under another regime (by the regime's code): the same results, so the same
#: grid (the one memoised array that does not depend on the rules)
_REGIME: Key[Context] = Key("regime")
_ADJUSTED_ROUND_POINTS: Key[Integers] = Key("adjusted-round-points")
_ADJUSTED_SCORES: Key[Integers] = Key("adjusted-scores")
_STAND_IN_SCORES: Key[Integers] = Key("stand-in-scores")


def only_voluntarily_unplayed_after(table: Grid) -> Flags:
    """True where every later round considered is a voluntarily unplayed round (Art. 16.3);
    True in the last round."""
    later = np.ones_like(table.voluntarily_unplayed)
    if table.rounds > 1:
        reversed_all = np.logical_and.accumulate(table.voluntarily_unplayed[:, ::-1], axis=1)
        later[:, :-1] = reversed_all[:, ::-1][:, 1:]
    return later


def adjusted_round_points(context: Context) -> Integers:
    """Every round's points as counted in the adjusted score (Art. 16.3), shape (n, rounds)."""

    def compute() -> Integers:
        table = grid(context)
        view = context.rules.opponent_view
        if context.predetermined or view is OpponentView.ACTUAL:
            return table.points
        if view is OpponentView.UNPLAYED_AS_DRAW:
            return unplayed_as_draw_points(context)
        counted_as_draw = table.requested_bye & only_voluntarily_unplayed_after(table)
        return np.where(counted_as_draw, context.draw, table.points)

    return context.memo(_ADJUSTED_ROUND_POINTS, compute)


def unplayed_as_draw_points(context: Context) -> Integers:
    """Every round's points with each round without a game over the board counted as a draw
    (C.02 §13.16 (2009); US Chess rule 34E), round by round."""
    table = grid(context)
    return np.where(table.played, table.points, context.draw)


def adjusted_scores(context: Context) -> Integers:
    """Every participant's score as seen by opponents (Art. 16.3), in units."""
    return context.memo(_ADJUSTED_SCORES, lambda: adjusted_round_points(context).sum(axis=1))


def stand_in_scores(context: Context) -> Integers:
    """For every participant and round, the score of what stands in for the opponent of an
    unplayed round (the dummy opponent of Art. 16.4 with the 2026 caps of 16.4.1/16.4.2, the
    2009 virtual opponent, or 0); the value is meaningless for rounds with a game."""
    return context.memo(_STAND_IN_SCORES, lambda: _stand_in_scores(context))


def _stand_in_scores(context: Context) -> Integers:
    table = grid(context)
    view = context.rules.own_view
    if view is OwnView.NOTHING:
        return np.zeros_like(table.points)
    if view is OwnView.VIRTUAL:
        return virtual_opponent_scores(context)
    own = np.broadcast_to(table.scores[:, None], table.points.shape)
    if not context.rules.dummy_caps:
        return np.array(own)
    scheduled = table.opponent != NO_OPPONENT
    opponent_cap = adjusted_scores(context)[np.where(scheduled, table.opponent, 0)]
    cap = np.where(scheduled, opponent_cap, context.draw * context.rounds)
    return np.minimum(own, cap)


def virtual_opponent_scores(context: Context) -> Integers:
    """The 2009 virtual opponent's final score for every round (C.02 §13.16.2): the
    participant's score before the round, the complementary result of the round, a draw in
    every later round considered."""
    table = grid(context)
    before = np.cumsum(table.points, axis=1) - table.points
    own = table.points
    complement = np.where(
        own == context.win, context.loss, np.where(own == context.draw, context.draw, context.win)
    )
    later_rounds = context.rounds - 1 - np.arange(context.rounds, dtype=np.int64)
    return before + complement + context.draw * later_rounds[None, :]


def voluntary_unplayed_for_cut(context: Context) -> Flags:
    """The rounds the Art. 16.5 cut exception looks at (none with pre-determined pairings or
    in a regime without the exception)."""
    table = grid(context)
    if context.predetermined or not context.rules.vur_cut_exception:
        return np.zeros_like(table.voluntarily_unplayed)
    return table.voluntarily_unplayed
