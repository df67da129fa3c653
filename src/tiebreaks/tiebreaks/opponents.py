"""Per-round opponent scores shared by the Buchholz and Sonneborn-Berger families
(C.07 (2026) Art. 8.1, 9.1, 15.2, 16.3-16.5)."""

from __future__ import annotations

from .context import Context
from .contributions import Contribution
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
    adjusted = adjusted_scores(context)
    return [
        _participant_contributions(context, index, adjusted, forfeits_as_played, weighted)
        for index in range(context.size)
    ]


def _participant_contributions(
    context: Context,
    index: int,
    adjusted: list[int],
    forfeits_as_played: bool,
    weighted: bool,
) -> list[Contribution]:
    items: list[Contribution] = []
    opponents = context.opponents[index]
    points = context.points[index]
    for round_index in range(context.rounds):
        if context.bye_slot(index, round_index):
            continue
        factor = points[round_index] if weighted else 1
        if context.counts_as_game(index, round_index, forfeits_as_played):
            opponent = opponents[round_index]
            score = adjusted[opponent]
            items.append(Contribution(round_index + 1, opponent, score, score * factor))
        else:
            score = stand_in(context, index, round_index).score
            vur = is_vur(context, index, round_index)
            items.append(Contribution(round_index + 1, -1, score, score * factor, vur))
    return items
