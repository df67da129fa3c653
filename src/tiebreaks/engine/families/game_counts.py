"""Tie-breaks on the participant's own record (C.07 (2026) Art. 7, type B) and the score.

With pre-determined pairings a forfeit loss stays an unplayed round for these (Art. 15.2);
forfeit wins are not counted as games won, following the FIDE reference engine.

Each count is defined by one test of a round (:data:`COUNTED`), used both to compute the
value and to explain it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ...model import ResultKind
from ..column import Column
from ..context import Context
from ..explanation import Explanation, Line, count_explanation, explains, header
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..wording import round_text

RoundTest = Callable[[int, int], bool]
_WON = (ResultKind.WIN, ResultKind.UNRATED_WIN)


def _wins(context: Context) -> RoundTest:
    win = context.win
    return lambda i, r: context.points[i][r] == win


def _games_won(context: Context) -> RoundTest:
    return lambda i, r: context.kinds[i][r] in _WON


def _black_games(context: Context) -> RoundTest:
    return lambda i, r: context.black[i][r] and context.kinds[i][r].played


def _black_wins(context: Context) -> RoundTest:
    return lambda i, r: context.black[i][r] and context.kinds[i][r] in _WON


def _elected(context: Context) -> RoundTest:
    return lambda i, r: not context.bye_slot(i, r) and not context.kinds[i][r].voluntarily_unplayed


#: acronym -> (the test of a counted round, what the count means)
COUNTED: dict[str, tuple[Callable[[Context], RoundTest], str]] = {
    "WIN": (_wins, "Number of wins: rounds scored as a win, played or not (Art. 7.1)"),
    "WON": (_games_won, "Number of games won over the board (Art. 7.2)"),
    "BPG": (_black_games, "Number of games played with Black over the board (Art. 7.3)"),
    "BWG": (_black_wins, "Number of games won with Black over the board (Art. 7.4)"),
    "REP": (
        _elected,
        "Rounds one elected to play: every round except half-point and zero-point byes,"
        " absences and forfeit losses (Art. 7.6)",
    ),
}


def _count(context: Context, spec: TiebreakSpec) -> Column:
    test = COUNTED[spec.acronym][0](context)
    values = [
        sum(1 for round_index in range(context.rounds) if test(index, round_index))
        for index in range(context.size)
    ]
    return Column(spec, values)


@explains(*COUNTED)
def explain_count(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per counted round, each adding 1."""
    make_test, meaning = COUNTED[spec.acronym]
    test = make_test(context)
    counted = [
        (round_index, round_text(context, index, round_index))
        for round_index in range(context.rounds)
        if test(index, round_index)
    ]
    return count_explanation(context, spec, index, counted, meaning)


@tiebreak("PTS", "Points", "4.2", "B", "", aliases=("POINTS",), scope="both")
def points(context: Context, spec: TiebreakSpec) -> Column:
    """PTS: the score, all awarded points of the rounds considered."""
    return Column(spec, list(context.scores), context.unit)


@explains("PTS")
def explain_points(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per round with the points it gave."""
    lines = tuple(
        Line(
            round_text(context, index, round_index),
            Fraction(awarded, context.unit),
            round_index + 1,
        )
        for round_index, awarded in enumerate(context.points[index])
    )
    return Explanation(
        *header(context, spec, index),
        value=Fraction(context.scores[index], context.unit),
        definition=f"Points: every point awarded, played or not (score system {_system(context)})",
        lines=lines,
        is_sum=True,
    )


def _system(context: Context) -> str:
    return str(context.tournament.score_system)


@tiebreak("WIN", "Number of Wins", "7.1", "B", "", scope="both")
def wins(context: Context, spec: TiebreakSpec) -> Column:
    """WIN: rounds in which the participant received as many points as a win, with or without
    playing (forfeit wins, full-point byes, pairing-allocated byes scored as a win)."""
    return _count(context, spec)


@tiebreak("WON", "Number of Games Won", "7.2", "B", "", scope="both")
def games_won(context: Context, spec: TiebreakSpec) -> Column:
    """WON: games won over the board."""
    return _count(context, spec)


@tiebreak("BPG", "Number of Games Played with Black", "7.3", "B", "")
def games_with_black(context: Context, spec: TiebreakSpec) -> Column:
    """BPG: games played over the board with Black."""
    return _count(context, spec)


@tiebreak("BWG", "Number of Games Won with Black", "7.4", "B", "")
def games_won_with_black(context: Context, spec: TiebreakSpec) -> Column:
    """BWG: games won over the board with Black."""
    return _count(context, spec)


@tiebreak("REP", "Rounds one Elected to Play", "7.6", "B", "", aliases=("GE",))
def rounds_elected_to_play(context: Context, spec: TiebreakSpec) -> Column:
    """REP (GE in 2023/2024): the rounds minus half-point byes, zero-point byes (absences
    included) and forfeit losses. The empty slot of a round robin is not a round."""
    return _count(context, spec)


def standard_point(context: Context, index: int, round_index: int) -> int | None:
    """The standard points of one round in halves (Art. 7.7): 2 if the participant scored more
    than the opponent of a game played, or, without playing (byes and forfeits), received more
    than the draw value; 1 if as much; 0 otherwise. None for the empty slot of a round robin."""
    if context.bye_slot(index, round_index):
        return None
    mine = context.points[index][round_index]
    if context.kinds[index][round_index].played:
        other = context.points[context.opponents[index][round_index]][round_index]
    else:
        other = context.draw
    return 2 if mine > other else 1 if mine == other else 0


@tiebreak("STD", "Standard Points", "7.7", "B", "")
def standard_points(context: Context, spec: TiebreakSpec) -> Column:
    """STD: the sum of the standard points of every round (Art. 7.7). A double forfeit is thus
    0, as in the FIDE reference engine."""
    values = [
        sum(
            standard_point(context, index, round_index) or 0
            for round_index in range(context.rounds)
        )
        for index in range(context.size)
    ]
    return Column(spec, values, 2)


@explains("STD")
def explain_standard_points(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per round: 1 for more than the opponent (or the draw value), ½ for as much."""
    lines = []
    for round_index in range(context.rounds):
        halves = standard_point(context, index, round_index)
        if halves is None:
            continue
        word = {2: "more than", 1: "as much as", 0: "less than"}[halves]
        versus = "the opponent" if context.kinds[index][round_index].played else "a draw"
        text = f"{round_text(context, index, round_index)}: {word} {versus}"
        lines.append(Line(text, Fraction(halves, 2), round_index + 1))
    return Explanation(
        *header(context, spec, index),
        value=sum((line.amount or Fraction(0) for line in lines), Fraction(0)),
        definition="Standard points: per round 1 for scoring more than the opponent (without a"
        " game: more than a draw), ½ for as much, 0 for less (Art. 7.7)",
        lines=tuple(lines),
        is_sum=True,
    )


@tiebreak("TPN", "Tournament Pairing Number", "7.8", "B", "R", scope="both")
def pairing_number(context: Context, spec: TiebreakSpec) -> Column:
    """TPN: the start number, lower is better; ``/R`` reverses (Art. 7.8)."""
    numbers = [player.start_number for player in context.tournament.players]
    return Column(spec, numbers, higher_is_better=spec.reverse)


@explains("TPN")
def explain_pairing_number(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """The start number and which way it ranks."""
    number = context.tournament.players[index].start_number
    order = "a higher number ranks higher (/R)" if spec.reverse else "a lower number ranks higher"
    return Explanation(
        *header(context, spec, index),
        value=Fraction(number),
        definition="Tournament pairing number (Art. 7.8)",
        lines=(Line(f"pairing number {number}: {order}", None),),
    )
