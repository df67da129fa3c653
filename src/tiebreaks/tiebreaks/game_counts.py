"""Tie-breaks on the participant's own record (C.07 (2026) Art. 7, type B) and the score.

With pre-determined pairings a forfeit loss stays an unplayed round for these (Art. 15.2);
forfeit wins are not counted as games won, following the FIDE reference engine.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import ResultKind
from .column import Column
from .context import Context
from .registry import tiebreak
from .spec import TiebreakSpec


def _count(context: Context, spec: TiebreakSpec, test: Callable[[int, int], bool]) -> Column:
    values = [
        sum(1 for round_index in range(context.rounds) if test(index, round_index))
        for index in range(context.size)
    ]
    return Column(spec, values)


@tiebreak("PTS", "Points", "4.2", "B", "", aliases=("POINTS",))
def points(context: Context, spec: TiebreakSpec) -> Column:
    """PTS: the score, all awarded points of the rounds considered."""
    return Column(spec, list(context.scores), context.unit)


@tiebreak("WIN", "Number of Wins", "7.1", "B", "")
def wins(context: Context, spec: TiebreakSpec) -> Column:
    """WIN: rounds in which the participant received as many points as a win, with or without
    playing (forfeit wins, full-point byes, pairing-allocated byes scored as a win)."""
    win = context.win
    return _count(context, spec, lambda i, r: context.points[i][r] == win)


@tiebreak("WON", "Number of Games Won", "7.2", "B", "")
def games_won(context: Context, spec: TiebreakSpec) -> Column:
    """WON: games won over the board."""
    won = (ResultKind.WIN, ResultKind.UNRATED_WIN)
    return _count(context, spec, lambda i, r: context.kinds[i][r] in won)


@tiebreak("BPG", "Number of Games Played with Black", "7.3", "B", "")
def games_with_black(context: Context, spec: TiebreakSpec) -> Column:
    """BPG: games played over the board with Black."""
    return _count(context, spec, lambda i, r: context.black[i][r] and context.kinds[i][r].played)


@tiebreak("BWG", "Number of Games Won with Black", "7.4", "B", "")
def games_won_with_black(context: Context, spec: TiebreakSpec) -> Column:
    """BWG: games won over the board with Black."""
    won = (ResultKind.WIN, ResultKind.UNRATED_WIN)
    return _count(context, spec, lambda i, r: context.black[i][r] and context.kinds[i][r] in won)


@tiebreak("REP", "Rounds one Elected to Play", "7.6", "B", "", aliases=("GE",))
def rounds_elected_to_play(context: Context, spec: TiebreakSpec) -> Column:
    """REP (GE in 2023/2024): the rounds minus half-point byes, zero-point byes (absences
    included) and forfeit losses. The empty slot of a round robin is not a round."""
    return _count(
        context,
        spec,
        lambda i, r: not context.bye_slot(i, r) and not context.kinds[i][r].voluntarily_unplayed,
    )


@tiebreak("STD", "Standard Points", "7.7", "B", "")
def standard_points(context: Context, spec: TiebreakSpec) -> Column:
    """STD: per round 1 if the participant scored more than the opponent of a game played, or,
    without playing (byes and forfeits), received more than the draw value; ½ if as much; 0
    otherwise (Art. 7.7). A double forfeit is thus 0, as in the FIDE reference engine."""
    values = []
    for index in range(context.size):
        total = 0
        for round_index in range(context.rounds):
            if context.bye_slot(index, round_index):
                continue
            mine = context.points[index][round_index]
            opponent = context.opponents[index][round_index]
            if context.kinds[index][round_index].played:
                other = context.points[opponent][round_index]
            else:
                other = context.draw
            total += 2 if mine > other else 1 if mine == other else 0
        values.append(total)
    return Column(spec, values, 2)


@tiebreak("TPN", "Tournament Pairing Number", "7.8", "B", "R")
def pairing_number(context: Context, spec: TiebreakSpec) -> Column:
    """TPN: the start number, lower is better; ``/R`` reverses (Art. 7.8)."""
    numbers = [player.start_number for player in context.tournament.players]
    return Column(spec, numbers, higher_is_better=spec.reverse)
