"""US Chess tie-break systems, US Chess Official Rules (7th edition) rule 34E.

Every opponent-based system here uses the US adjusted score (rule 34E): an opponent's score in
which each round the opponent did not play over the board (any bye, a forfeit won or lost, an
absence, the rounds after a withdrawal) counts as a draw. The tied player's own rounds without
a game count as opponents whose adjusted score is 0. These definitions do not depend on the
rules edition of the run and are the same for Swiss events and round robins.

Each value and its explanation are built from one per-participant object (a
:class:`MedianRow`, a :class:`CumulativeRow`, a per-round list or the games of a tied group):
the column sums it, the explainer prints it line by line, so the two cannot disagree.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from typing import NamedTuple

import numpy as np

from ....model import ResultKind
from ...column import Column
from ...columnar.grid import grid
from ...context import Context
from ...explanation import (
    Explanation,
    Line,
    count_explanation,
    explains,
    header,
)
from ...registry import Definition, Kind, register, tiebreak
from ...spec import TiebreakSpec
from ...trace import Entry, GroupTable, Step, Trace, traces_group
from ...unplayed import scores_with_unplayed_as_draws
from ...wording import number, points, round_text
from ..direct_encounter import place_in

#: Kashdan points (rule 34E7) by game outcome in half-points: win 4, draw 2, loss 1
_KASHDAN_POINTS = {2: 4, 1: 2, 0: 1}
#: plus/minus of one game by outcome in half-points: win +1, draw 0, loss -1
_BALANCE = {2: 1, 1: 0, 0: -1}
#: what a game's outcome (half-points) is called in an explanation
_OUTCOME_WORD = {2: "win", 1: "draw", 0: "loss"}


# --------------------------------------------------------------------------------------------
# Adjusted scores and the opponent values of the median systems (rules 34E, 34E1, 34E2)


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


def median_drops_of(rounds: int) -> int:
    """How many values each median cut removes in an event of ``rounds`` rounds (US Chess
    rule 34E1): two with 9 or more rounds, else one."""
    return 2 if rounds >= 9 else 1


def drop_count(context: Context) -> int:
    """:func:`median_drops_of` the context's rounds."""
    return median_drops_of(context.rounds)


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


def median_drops(context: Context, acronym: str, index: int) -> tuple[int, int]:
    """(lowest, highest) values dropped for participant ``index``: MMED by the score (rule
    34E1), MED always both sides (rule 34E, Harkness), SOLK none (rule 34E2)."""
    if acronym == "MMED":
        return modified_median_drops(context, context.scores[index])
    if acronym == "MED":
        drops = drop_count(context)
        return drops, drops
    return 0, 0


class MedianRow(NamedTuple):
    """One participant's median-type sum (US Chess rules 34E1, 34E2): the value of each round
    (opponent's adjusted score, 0 without a game, in units) and the rounds dropped.

    ``short`` marks fewer values than drops: every value is dropped and the sum is 0."""

    values: list[int]
    lowest: tuple[int, ...]
    highest: tuple[int, ...]
    short: bool

    @property
    def total(self) -> int:
        """The sum of the values not dropped, in units."""
        dropped = sum(self.values[r] for r in self.lowest) + sum(
            self.values[r] for r in self.highest
        )
        return sum(self.values) - dropped


def median_row(values: list[int], lowest: int, highest: int) -> MedianRow:
    """Drop the ``lowest`` smallest and then the ``highest`` largest of ``values`` (US Chess
    rule 34E1); among equal values the earlier round is dropped as the lowest and the later
    one as the highest. With fewer values than drops all of them are dropped."""
    if not lowest and not highest:
        return MedianRow(values, (), (), False)
    order = sorted(range(len(values)), key=values.__getitem__)
    low = tuple(order[:lowest])
    rest = order[lowest:]
    high = tuple(rest[max(0, len(rest) - highest) :]) if highest else ()
    return MedianRow(values, low, high, lowest + highest >= len(values))


def participant_median(context: Context, acronym: str, index: int) -> MedianRow:
    """Participant ``index``'s MMED, MED or SOLK row (US Chess rules 34E, 34E1, 34E2)."""
    lowest, highest = median_drops(context, acronym, index)
    return median_row(opponent_scores(context)[index], lowest, highest)


def _median_column(context: Context, spec: TiebreakSpec, acronym: str) -> Column:
    rows = opponent_scores(context)
    values = [
        median_row(row, *median_drops(context, acronym, index)).total
        for index, row in enumerate(rows)
    ]
    return Column(spec, values, context.unit)


@tiebreak("MMED", "Modified Median", "US 34E1", "C")
def modified_median(context: Context, spec: TiebreakSpec) -> Column:
    """MMED (US Chess rule 34E1): the opponents' adjusted scores without the lowest (plus
    score), the highest (minus score) or both (even score); two each with 9 or more rounds."""
    return _median_column(context, spec, "MMED")


@tiebreak("MED", "Median (Harkness)", "US 34E", "C")
def median(context: Context, spec: TiebreakSpec) -> Column:
    """MED (US Chess rule 34E, Harkness system): the opponents' adjusted scores without the
    highest and the lowest (two of each with 9 or more rounds)."""
    return _median_column(context, spec, "MED")


@tiebreak("SOLK", "Solkoff", "US 34E2", "C")
def solkoff(context: Context, spec: TiebreakSpec) -> Column:
    """SOLK (US Chess rule 34E2): the sum of the opponents' adjusted scores."""
    return _median_column(context, spec, "SOLK")


# --------------------------------------------------------------------------------------------
# Cumulative and Cumulative of Opposition (rule 34E3 and 34E)


class CumulativeRow(NamedTuple):
    """One participant's Cumulative (US Chess rule 34E3): the running score after each round
    and the rounds whose full point was received without playing, in units."""

    running: list[int]
    subtracted: list[int]
    win: int

    @property
    def total(self) -> int:
        """The running scores added up, less one win value per unplayed win."""
        return sum(self.running) - self.win * len(self.subtracted)


def cumulative_row(kinds: list[ResultKind], row: list[int], win: int) -> CumulativeRow:
    """One participant's running scores and unplayed wins (US Chess rule 34E3), from the
    round kinds and points (units): a round scored the ``win`` value without a game
    (full-point or pairing-allocated bye, forfeit win) is subtracted."""
    subtracted = [
        round_index
        for round_index, (kind, scored) in enumerate(zip(kinds, row, strict=True))
        if scored == win and not kind.played
    ]
    return CumulativeRow(list(accumulate(row)), subtracted, win)


def participant_cumulative(context: Context, index: int) -> CumulativeRow:
    """Participant ``index``'s :class:`CumulativeRow` (US Chess rule 34E3)."""
    return cumulative_row(context.kinds[index], context.points[index], context.win)


def cumulative_values(context: Context) -> list[int]:
    """Every participant's Cumulative score in units (US Chess rule 34E3, cached)."""
    return context.memo(  # type: ignore[no-any-return]
        ("us-chess", "cumulative"), lambda: _cumulative_values(context)
    )


def _cumulative_values(context: Context) -> list[int]:
    win = context.win
    return [
        cumulative_row(kinds, row, win).total
        for kinds, row in zip(context.kinds, context.points, strict=True)
    ]


@tiebreak("CUM", "Cumulative", "US 34E3", "B")
def cumulative(context: Context, spec: TiebreakSpec) -> Column:
    """CUM (US Chess rule 34E3): the sum of the running score after each round, less one win
    value for each full point received without playing (full-point or pairing-allocated bye
    scored as a win, forfeit win)."""
    return Column(spec, list(cumulative_values(context)), context.unit)


def opposition_cumulatives(context: Context, index: int) -> list[int]:
    """Per round the Cumulative of the opponent met over the board, 0 for a round without a
    game (US Chess rule 34E, Cumulative of Opposition)."""
    cumulative_of = cumulative_values(context)
    return [
        cumulative_of[opponent] if kind.played else 0
        for kind, opponent in zip(context.kinds[index], context.opponents[index], strict=True)
    ]


@tiebreak("OCUM", "Cumulative of Opposition", "US 34E", "C")
def cumulative_of_opposition(context: Context, spec: TiebreakSpec) -> Column:
    """OCUM (US Chess rule 34E): the sum of the Cumulative scores of the opponents met over
    the board; a round without a game adds nothing."""
    values = [sum(opposition_cumulatives(context, index)) for index in range(context.size)]
    return Column(spec, values, context.unit)


# --------------------------------------------------------------------------------------------
# Kashdan, US Sonneborn-Berger, Most Blacks (rules 34E7 and 34E)


def kashdan_points(context: Context, index: int) -> list[int]:
    """Per round the Kashdan points (US Chess rule 34E7): 4 for a win, 2 for a draw, 1 for a
    loss over the board (unrated games included); 0 for a bye, forfeit or absence."""
    return [
        _KASHDAN_POINTS[kind.outcome] if kind.played and kind.outcome is not None else 0
        for kind in context.kinds[index]
    ]


@tiebreak("KASH", "Kashdan", "US 34E7", "B")
def kashdan(context: Context, spec: TiebreakSpec) -> Column:
    """KASH (US Chess rule 34E7): 4 points per game won, 2 per game drawn, 1 per game lost,
    over the board (unrated games included); byes and forfeits give nothing."""
    return Column(spec, [sum(kashdan_points(context, index)) for index in range(context.size)])


def us_sonneborn_berger_shares(context: Context, index: int) -> list[int]:
    """Per round the US Sonneborn-Berger share in half-units (US Chess rule 34E): the
    opponent's adjusted score times the game's outcome in half-points (win 2, draw 1, loss
    0); 0 for a round without a game over the board."""
    adjusted = us_adjusted_scores(context)
    return [
        adjusted[opponent] * kind.outcome if kind.played and kind.outcome is not None else 0
        for kind, opponent in zip(context.kinds[index], context.opponents[index], strict=True)
    ]


@tiebreak("USSB", "US Sonneborn-Berger", "US 34E", "C")
def us_sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """USSB (US Chess rule 34E): the adjusted scores of the opponents beaten over the board
    plus half those of the opponents drawn. Kept exact in half-units (denominator 2 x unit)."""
    values = [sum(us_sonneborn_berger_shares(context, index)) for index in range(context.size)]
    return Column(spec, values, 2 * context.unit)


def black_games(context: Context, index: int) -> list[int]:
    """The rounds (indices) of participant ``index``'s games over the board with Black (US
    Chess rule 34E, Most Blacks)."""
    return [
        round_index
        for round_index, (kind, black) in enumerate(
            zip(context.kinds[index], context.black[index], strict=True)
        )
        if black and kind.played
    ]


@tiebreak("MBLK", "Most Blacks", "US 34E", "B")
def most_blacks(context: Context, spec: TiebreakSpec) -> Column:
    """MBLK (US Chess rule 34E): the number of games played over the board with Black."""
    return Column(spec, [len(black_games(context, index)) for index in range(context.size)])


# --------------------------------------------------------------------------------------------
# Result between tied players (rule 34E, a group tie-break)


class GroupResult(NamedTuple):
    """Result between tied players (US Chess rule 34E): the games over the board among the
    group from each member's side as (round, member, opponent, outcome in half-points: win 2,
    draw 1, loss 0), each member's plus/minus and the ordered levels (best first; equal
    plus/minus stay tied)."""

    games: tuple[tuple[int, int, int, int], ...]
    balance: dict[int, int]
    levels: list[list[int]]


def group_result(context: Context, group: list[int]) -> GroupResult:
    """The games, plus/minus and order of a tied ``group`` (US Chess rule 34E), from one
    selection on the arrays; forfeits never count. A group of one stays as it is."""
    table = grid(context)
    rows = np.asarray(group, dtype=np.int64)
    member = np.zeros(table.size + 1, dtype=np.bool_)  # the last slot: no opponent (-1)
    member[rows] = True
    opponents = table.opponent[rows]
    outcomes = table.outcome[rows]
    among = table.played[rows] & (outcomes >= 0) & member[opponents]
    balance = dict(zip(group, np.where(among, outcomes - 1, 0).sum(axis=1).tolist(), strict=True))
    position, column = np.nonzero(among)
    games = tuple(
        zip(
            (column + 1).tolist(),
            rows[position].tolist(),
            opponents[position, column].tolist(),
            outcomes[position, column].tolist(),
            strict=True,
        )
    )
    levels = _levels(balance, group) if len(group) > 1 else [group]
    return GroupResult(games, balance, levels)


def plus_minus(context: Context, group: list[int]) -> dict[int, int]:
    """Each member's wins minus losses in the games played over the board against the other
    members of ``group`` (US Chess rule 34E); every game between two members counts."""
    return group_result(context, group).balance


def _levels(balance: dict[int, int], group: list[int]) -> list[list[int]]:
    levels = sorted(set(balance.values()), reverse=True)
    return [[index for index in group if balance[index] == level] for level in levels]


def order_group(context: Context, spec: TiebreakSpec, group: list[int]) -> list[list[int]]:
    """RBT (US Chess rule 34E): order a tied group by plus/minus among its members, best first;
    members with equal plus/minus stay tied together (no games among them: one group)."""
    del spec
    return group_result(context, group).levels


#: the role of an RBT trace entry: a member and their plus/minus against the others
PLUS_MINUS = "plus-minus"


@traces_group("RBT")
def trace_result_between_tied_players(
    context: Context, spec: TiebreakSpec, group: list[int], index: int
) -> Trace:
    """RBT (US Chess rule 34E): the games among the tied group (outcomes in half-points, the
    table's unit 2), each member's plus/minus and the place it gives (0: not separated)."""
    result = group_result(context, group)
    place = place_in(result.levels, index)
    entries = tuple(
        Entry(None, PLUS_MINUS, None, opponent=member, score=Fraction(result.balance[member]))
        for member in group
    )
    halves = {member: 0 for member in group}
    for _, member, _, outcome in result.games:
        halves[member] += outcome
    table = GroupTable(
        tuple(group),
        result.games,
        {member: Fraction(points, 2) for member, points in halves.items()},
        tuple(map(tuple, result.levels)),
        unit=2,
    )
    step = Step("place", (place, len(group)), "US 34E")
    return Trace(
        spec, index, Fraction(place), entries, (step,), rules=context.rules.name, group=table
    )


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


# --------------------------------------------------------------------------------------------
# Explanations: each one reads the per-participant object its value is computed from

_MEDIAN_RULE = {"MMED": "34E1", "MED": "34E", "SOLK": "34E2"}
_ADJUSTED = (
    "the opponents' US adjusted scores (every round an opponent did not play over the board"
    " counts as a draw; each of your own rounds without a game counts as an opponent with"
    " adjusted score 0)"
)
_MEDIAN_MEANING = {
    "MMED": f"Modified Median: the sum of {_ADJUSTED}, without the lowest for a plus score, the"
    " highest for a minus score and both for exactly 50%; two on each side concerned from 9"
    " rounds on (US Chess 34E1)",
    "MED": f"Median (Harkness): the sum of {_ADJUSTED}, without the highest and the lowest; two"
    " of each from 9 rounds on (US Chess 34E)",
    "SOLK": f"Solkoff: the sum of {_ADJUSTED}, nothing dropped (US Chess 34E2)",
}
_GAME_VERB = {2: "beat", 1: "drew with", 0: "lost to"}


def _round_numbers(numbers: list[int]) -> str:
    """ "round 4", "rounds 4 and 5", "rounds 1, 3 and 5"."""
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    return f"rounds {', '.join(str(item) for item in numbers[:-1])} and {numbers[-1]}"


def adjusted_score_text(context: Context, opponent: int, rule: str) -> str:
    """An opponent's US adjusted score and why it differs from the real score (US Chess rule
    34E): "adjusted score 3: scored 2, rounds 4 and 5 unplayed count 0.5 each (US Chess 34E1)"."""
    text = f"adjusted score {points(context, us_adjusted_scores(context)[opponent])}"
    rows = zip(context.kinds[opponent], context.points[opponent], strict=True)
    changed = [
        round_index + 1
        for round_index, (kind, scored) in enumerate(rows)
        if not kind.played and scored != context.draw
    ]
    if not changed:
        return text
    draw = points(context, context.draw)
    counts = f"count {draw} each" if len(changed) > 1 else f"counts {draw}"
    scored = points(context, context.scores[opponent])
    return f"{text}: scored {scored}, {_round_numbers(changed)} unplayed {counts} (US Chess {rule})"


def _opponent_value_text(context: Context, index: int, round_index: int, rule: str) -> str:
    text = round_text(context, index, round_index)
    if not context.kinds[index][round_index].played:
        return f"{text}: no game: counts as an opponent with adjusted score 0 ({rule})"
    opponent = context.opponents[index][round_index]
    return f"{text}, {adjusted_score_text(context, opponent, rule)}"


def _drop_reason(context: Context, acronym: str, index: int, row: MedianRow, side: str) -> str:
    """Why a value is dropped (US Chess rule 34E1, or 34E for the Harkness median)."""
    two = drop_count(context) == 2
    which = f"one of the two {side}" if two else f"the {side}"
    if acronym == "MED":
        text = f"dropped: {which}, as the Median always drops the highest and the lowest (34E)"
    else:
        score, maximum = context.scores[index], context.rounds * context.win
        standing = (
            "a plus score"
            if 2 * score > maximum
            else "a minus score"
            if 2 * score < maximum
            else "exactly 50%"
        )
        mine, most = points(context, score), points(context, maximum)
        text = f"dropped: {which}, because your score {mine} of {most} is {standing} (34E1)"
    if two:
        text += "; 9 or more rounds: two dropped"
    if row.short:
        text += "; there are no more values than drops, so the sum is 0"
    return text


@explains("MMED", "MED", "SOLK")
def explain_median(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """MMED (US Chess rule 34E1), MED (34E) and SOLK (34E2): one line per round with the
    opponent's adjusted score (0 without a game); dropped values marked with the reason."""
    acronym = spec.acronym
    row = participant_median(context, acronym, index)
    rule = _MEDIAN_RULE[acronym]
    sides = dict.fromkeys(row.lowest, "lowest") | dict.fromkeys(row.highest, "highest")
    lines: list[Line] = []
    opponents: dict[int, int] = {}
    for round_index, value in enumerate(row.values):
        if context.kinds[index][round_index].played:
            opponents[len(lines)] = context.opponents[index][round_index]
        side = sides.get(round_index)
        reason = _drop_reason(context, acronym, index, row, side) if side else ""
        text = _opponent_value_text(context, index, round_index, rule)
        amount = Fraction(value, context.unit)
        lines.append(Line(text, amount, round_index + 1, not reason, reason))
    return Explanation(
        *header(context, spec, index),
        value=Fraction(row.total, context.unit),
        definition=_MEDIAN_MEANING[acronym],
        lines=tuple(lines),
        is_sum=True,
        opponents=opponents,
    )


def _cumulative_formula(context: Context, row: CumulativeRow) -> str:
    """A Cumulative written out: "1 + 2 + 2 + 2.5 + 3.5 - 1" (US Chess rule 34E3)."""
    text = " + ".join(points(context, running) for running in row.running) or "0"
    for _ in row.subtracted:
        text += f" - {points(context, row.win)}"
    return text


@explains("CUM")
def explain_cumulative(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """CUM (US Chess rule 34E3): one line per round with the running score, then one line per
    full point received without playing, subtracted."""
    row = participant_cumulative(context, index)
    unit = context.unit
    lines = [
        Line(
            f"{round_text(context, index, round_index)}: scored"
            f" {points(context, context.points[index][round_index])}, running score"
            f" {points(context, running)}",
            Fraction(running, unit),
            round_index + 1,
        )
        for round_index, running in enumerate(row.running)
    ]
    taken = "one point" if row.win == unit else f"one win value ({points(context, row.win)})"
    lines += [
        Line(
            f"{round_text(context, index, round_index)}: {taken} subtracted (an unplayed win,"
            " 34E3)",
            Fraction(-row.win, unit),
            round_index + 1,
        )
        for round_index in row.subtracted
    ]
    return Explanation(
        *header(context, spec, index),
        value=Fraction(row.total, unit),
        definition="Cumulative: the running score after each round added up, less one win for"
        " each full point received without playing (full-point or pairing-allocated bye,"
        " forfeit win); half-point byes are not subtracted (US Chess 34E3)",
        lines=tuple(lines),
        is_sum=True,
    )


@explains("OCUM")
def explain_cumulative_of_opposition(
    context: Context, spec: TiebreakSpec, index: int
) -> Explanation:
    """OCUM (US Chess rule 34E): per opponent met over the board their Cumulative (34E3),
    written out; a round without a game adds 0."""
    amounts = opposition_cumulatives(context, index)
    lines: list[Line] = []
    opponents: dict[int, int] = {}
    for round_index, amount in enumerate(amounts):
        text = round_text(context, index, round_index)
        if context.kinds[index][round_index].played:
            opponent = context.opponents[index][round_index]
            opponents[len(lines)] = opponent
            formula = _cumulative_formula(context, participant_cumulative(context, opponent))
            text += f": their Cumulative {points(context, amount)} = {formula}"
        else:
            text += ": no opponent met over the board: adds 0 (34E)"
        lines.append(Line(text, Fraction(amount, context.unit), round_index + 1))
    return Explanation(
        *header(context, spec, index),
        value=Fraction(sum(amounts), context.unit),
        definition="Cumulative of Opposition: the sum of the Cumulative scores (34E3) of the"
        " opponents met over the board; byes and forfeits add nothing (US Chess 34E)",
        lines=tuple(lines),
        is_sum=True,
        opponents=opponents,
    )


@explains("KASH")
def explain_kashdan(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """KASH (US Chess rule 34E7): per round the Kashdan points of the game, 0 without one."""
    amounts = kashdan_points(context, index)
    lines: list[Line] = []
    opponents: dict[int, int] = {}
    for round_index, amount in enumerate(amounts):
        kind = context.kinds[index][round_index]
        text = round_text(context, index, round_index)
        if kind.played and kind.outcome is not None:
            opponents[len(lines)] = context.opponents[index][round_index]
            text += f": {_OUTCOME_WORD[kind.outcome]} {amount}"
        else:
            text += ": 0 (not a game over the board, 34E7)"
        lines.append(Line(text, Fraction(amount), round_index + 1))
    return Explanation(
        *header(context, spec, index),
        value=Fraction(sum(amounts)),
        definition="Kashdan: 4 points per game won, 2 per game drawn, 1 per game lost over the"
        " board; byes and forfeits give 0 (US Chess 34E7)",
        lines=tuple(lines),
        is_sum=True,
        opponents=opponents,
    )


def _share_text(context: Context, outcome: int, adjusted: int, amount: Fraction) -> str:
    score = points(context, adjusted)
    if outcome == 2:
        return f"all of {score} = {number(amount)}"
    if outcome == 1:
        return f"half of {score} = {number(amount)}"
    return "a loss adds 0"


@explains("USSB")
def explain_us_sonneborn_berger(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """USSB (US Chess rule 34E): per game the opponent's adjusted score, whole for a win, half
    for a draw, nothing for a loss; a round without a game adds 0."""
    shares = us_sonneborn_berger_shares(context, index)
    adjusted = us_adjusted_scores(context)
    lines: list[Line] = []
    opponents: dict[int, int] = {}
    for round_index, share in enumerate(shares):
        kind = context.kinds[index][round_index]
        text = round_text(context, index, round_index)
        amount = Fraction(share, 2 * context.unit)
        if kind.played and kind.outcome is not None:
            opponent = context.opponents[index][round_index]
            opponents[len(lines)] = opponent
            words = _share_text(context, kind.outcome, adjusted[opponent], amount)
            text += f", {adjusted_score_text(context, opponent, '34E')}: {words}"
        else:
            text += ": no game over the board: adds 0 (34E)"
        lines.append(Line(text, amount, round_index + 1))
    return Explanation(
        *header(context, spec, index),
        value=Fraction(sum(shares), 2 * context.unit),
        definition="US Sonneborn-Berger: the adjusted scores of the opponents beaten over the"
        " board plus half the adjusted scores of the opponents drawn (US Chess 34E)",
        lines=tuple(lines),
        is_sum=True,
        opponents=opponents,
    )


@explains("MBLK")
def explain_most_blacks(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """MBLK (US Chess rule 34E): one line per game played over the board with Black."""
    counted = [
        (round_index, round_text(context, index, round_index))
        for round_index in black_games(context, index)
    ]
    return count_explanation(
        context,
        spec,
        index,
        counted,
        "Most Blacks: the number of games played over the board with Black; forfeits and byes"
        " do not count (US Chess 34E)",
    )
