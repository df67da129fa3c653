"""Per-round opponent scores shared by the Buchholz and Sonneborn-Berger families
(C.07 (2026) Art. 8.1, 9.1, 15.2, 16.3-16.5)."""

from __future__ import annotations

from .context import NO_OPPONENT, Context
from .sums import Contribution
from .unplayed import adjusted_scores, is_vur, stand_in


def opponent_contributions(
    context: Context, forfeits_as_played: bool, weighted: bool
) -> list[list[Contribution]]:
    """For every participant, one contribution per round: the opponent's score as seen by
    opponents (or the dummy opponent's score for an unplayed round); with ``weighted`` the
    score times the points the participant scored in that round (Sonneborn-Berger)."""
    key = ("opponent-contributions", forfeits_as_played, weighted)
    return context.memo(  # type: ignore[no-any-return]
        key, lambda: _all_contributions(context, forfeits_as_played, weighted)
    )


def _all_contributions(
    context: Context, forfeits_as_played: bool, weighted: bool
) -> list[list[Contribution]]:
    if weighted:  # the same opponents, each score times the points of that round
        make = tuple.__new__
        plain = opponent_contributions(context, forfeits_as_played, weighted=False)
        return [
            [
                make(Contribution, (c.round, c.opponent, c.key, c.key * points[c.round - 1], c.vur))
                for c in row
            ]
            for row, points in zip(plain, context.points, strict=True)
        ]
    adjusted = adjusted_scores(context)
    return [
        _participant_contributions(context, index, adjusted, forfeits_as_played)
        for index in range(context.size)
    ]


def _participant_contributions(
    context: Context, index: int, adjusted: list[int], forfeits_as_played: bool
) -> list[Contribution]:
    """One round after another: the opponent's adjusted score (Art. 16.3) for a game, or the
    dummy opponent's score (Art. 16.4) for an unplayed round."""
    items: list[Contribution] = []
    make = tuple.__new__  # builds the NamedTuple without its Python-level __new__ (hot loop)
    opponents = context.opponents[index]
    forfeits_count = forfeits_as_played or context.predetermined
    for round_index, kind in enumerate(context.kinds[index]):
        opponent = opponents[round_index]
        if kind.played or (forfeits_count and kind.forfeit):
            score = adjusted[opponent]
            items.append(make(Contribution, (round_index + 1, opponent, score, score, False)))
        elif context.predetermined and opponent == NO_OPPONENT:
            continue  # the empty slot of a round robin is not a round (Art. 15.2)
        else:
            score = stand_in(context, index, round_index).score
            vur = is_vur(context, index, round_index)
            items.append(make(Contribution, (round_index + 1, -1, score, score, vur)))
    return items
