"""US Chess tie-break systems, US Chess Official Rules (7th edition) rule 34E.

Every opponent-based system here uses the US adjusted score (rule 34E): an opponent's score in
which each round the opponent did not play over the board (any bye, a forfeit won or lost, an
absence, the rounds after a withdrawal) counts as a draw. The tied player's own rounds without
a game count as opponents whose adjusted score is 0. These definitions do not depend on the
rules edition of the run and are the same for Swiss events and round robins.
"""

from __future__ import annotations

from ..column import Column
from ..context import Context
from ..registry import Definition, Kind, register, tiebreak
from ..spec import TiebreakSpec
from ..unplayed import scores_with_unplayed_as_draws

#: Kashdan points (rule 34E7) by game outcome in half-points: win 4, draw 2, loss 1
_KASHDAN_POINTS = {2: 4, 1: 2, 0: 1}
#: plus/minus of one game by outcome in half-points: win +1, draw 0, loss -1
_BALANCE = {2: 1, 1: 0, 0: -1}


def us_adjusted_scores(context: Context) -> list[int]:
    """Every participant's US adjusted score in units (US Chess rule 34E): points of games
    played over the board, the draw value for every other round considered (cached)."""
    return context.memo(  # type: ignore[no-any-return]
        ("us-chess", "adjusted-scores"), lambda: scores_with_unplayed_as_draws(context)
    )


def opponent_scores(context: Context) -> list[list[int]]:
    """Per participant, one value per round (US Chess rule 34E): the adjusted score of the
    opponent met over the board, or 0 for a round without a game (cached)."""
    return context.memo(  # type: ignore[no-any-return]
        ("us-chess", "opponent-scores"), lambda: _opponent_scores(context)
    )


def _opponent_scores(context: Context) -> list[list[int]]:
    adjusted = us_adjusted_scores(context)
    return [
        [
            adjusted[opponent] if kind.played else 0
            for kind, opponent in zip(kinds, opponents, strict=True)
        ]
        for kinds, opponents in zip(context.kinds, context.opponents, strict=True)
    ]


def drop_count(context: Context) -> int:
    """How many values each median cut removes (US Chess rule 34E1): two with 9 or more
    rounds, else one."""
    return 2 if context.rounds >= 9 else 1


def trimmed_sum(values: list[int], lowest: int, highest: int) -> int:
    """Sum of ``values`` without the ``lowest`` smallest and the ``highest`` largest."""
    kept = len(values) - lowest - highest
    if kept <= 0:
        return 0
    return sum(sorted(values)[lowest : lowest + kept])


def modified_median_drops(context: Context, score: int) -> tuple[int, int]:
    """(lowest, highest) values dropped by the Modified Median (US Chess rule 34E1): a plus
    score drops the lowest, a minus score the highest, exactly 50% both."""
    drops = drop_count(context)
    twice_score, maximum = 2 * score, context.rounds * context.win
    if twice_score > maximum:
        return drops, 0
    if twice_score < maximum:
        return 0, drops
    return drops, drops


@tiebreak("MMED", "Modified Median", "US 34E1", "C")
def modified_median(context: Context, spec: TiebreakSpec) -> Column:
    """MMED (US Chess rule 34E1): the opponents' adjusted scores without the lowest (plus
    score), the highest (minus score) or both (even score); two each with 9 or more rounds."""
    values = []
    for row, score in zip(opponent_scores(context), context.scores, strict=True):
        lowest, highest = modified_median_drops(context, score)
        values.append(trimmed_sum(row, lowest, highest))
    return Column(spec, values, context.unit)


@tiebreak("MED", "Median (Harkness)", "US 34E", "C")
def median(context: Context, spec: TiebreakSpec) -> Column:
    """MED (US Chess rule 34E, Harkness system): the opponents' adjusted scores without the
    highest and the lowest (two of each with 9 or more rounds)."""
    drops = drop_count(context)
    values = [trimmed_sum(row, drops, drops) for row in opponent_scores(context)]
    return Column(spec, values, context.unit)


@tiebreak("SOLK", "Solkoff", "US 34E2", "C")
def solkoff(context: Context, spec: TiebreakSpec) -> Column:
    """SOLK (US Chess rule 34E2): the sum of the opponents' adjusted scores."""
    return Column(spec, [sum(row) for row in opponent_scores(context)], context.unit)


def cumulative_values(context: Context) -> list[int]:
    """Every participant's Cumulative score in units (US Chess rule 34E3, cached)."""
    return context.memo(  # type: ignore[no-any-return]
        ("us-chess", "cumulative"), lambda: _cumulative_values(context)
    )


def _cumulative_values(context: Context) -> list[int]:
    win = context.win
    values = []
    for kinds, row in zip(context.kinds, context.points, strict=True):
        running = total = 0
        for kind, points in zip(kinds, row, strict=True):
            running += points
            total += running
            if points == win and not kind.played:
                total -= win  # a point won without playing (bye or forfeit win)
        values.append(total)
    return values


@tiebreak("CUM", "Cumulative", "US 34E3", "B")
def cumulative(context: Context, spec: TiebreakSpec) -> Column:
    """CUM (US Chess rule 34E3): the sum of the running score after each round, less one win
    value for each full point received without playing (full-point or pairing-allocated bye
    scored as a win, forfeit win)."""
    return Column(spec, list(cumulative_values(context)), context.unit)


@tiebreak("OCUM", "Cumulative of Opposition", "US 34E", "C")
def cumulative_of_opposition(context: Context, spec: TiebreakSpec) -> Column:
    """OCUM (US Chess rule 34E): the sum of the Cumulative scores of the opponents met over
    the board; a round without a game adds nothing."""
    cumulative_of = cumulative_values(context)
    values = [
        sum(
            cumulative_of[opponent]
            for kind, opponent in zip(kinds, opponents, strict=True)
            if kind.played
        )
        for kinds, opponents in zip(context.kinds, context.opponents, strict=True)
    ]
    return Column(spec, values, context.unit)


@tiebreak("KASH", "Kashdan", "US 34E7", "B")
def kashdan(context: Context, spec: TiebreakSpec) -> Column:
    """KASH (US Chess rule 34E7): 4 points per game won, 2 per game drawn, 1 per game lost,
    over the board (unrated games included); byes and forfeits give nothing."""
    values = [
        sum(
            _KASHDAN_POINTS[kind.outcome]
            for kind in kinds
            if kind.played and kind.outcome is not None
        )
        for kinds in context.kinds
    ]
    return Column(spec, values)


@tiebreak("USSB", "US Sonneborn-Berger", "US 34E", "C")
def us_sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """USSB (US Chess rule 34E): the adjusted scores of the opponents beaten over the board
    plus half those of the opponents drawn. Kept exact in half-units (denominator 2 x unit)."""
    adjusted = us_adjusted_scores(context)
    values = [
        sum(
            adjusted[opponent] * kind.outcome
            for kind, opponent in zip(kinds, opponents, strict=True)
            if kind.played and kind.outcome is not None
        )
        for kinds, opponents in zip(context.kinds, context.opponents, strict=True)
    ]
    return Column(spec, values, 2 * context.unit)


@tiebreak("MBLK", "Most Blacks", "US 34E", "B")
def most_blacks(context: Context, spec: TiebreakSpec) -> Column:
    """MBLK (US Chess rule 34E): the number of games played over the board with Black."""
    values = [
        sum(1 for kind, black in zip(kinds, blacks, strict=True) if black and kind.played)
        for kinds, blacks in zip(context.kinds, context.black, strict=True)
    ]
    return Column(spec, values)


def plus_minus(context: Context, group: list[int]) -> dict[int, int]:
    """Each member's wins minus losses in the games played over the board against the other
    members of ``group`` (US Chess rule 34E); every game between two members counts."""
    members = set(group)
    balance: dict[int, int] = {}
    for index in group:
        total = 0
        for kind, opponent in zip(context.kinds[index], context.opponents[index], strict=True):
            if kind.played and kind.outcome is not None and opponent in members:
                total += _BALANCE[kind.outcome]
        balance[index] = total
    return balance


def order_group(context: Context, spec: TiebreakSpec, group: list[int]) -> list[list[int]]:
    """RBT (US Chess rule 34E): order a tied group by plus/minus among its members, best first;
    members with equal plus/minus stay tied together (no games among them: one group)."""
    del spec
    if len(group) < 2:
        return [group]
    balance = plus_minus(context, group)
    levels = sorted(set(balance.values()), reverse=True)
    return [[index for index in group if balance[index] == level] for level in levels]


register(
    Definition(
        "RBT",
        "Result between tied players",
        "US 34E",
        "A",
        "",
        compute=None,
        kind=Kind.GROUP,
        order_group=order_group,
    )
)
