"""US Chess tie-break systems, US Chess Official Rules (7th edition) rule 34E, on arrays.

Every opponent-based system here uses the US adjusted score (rule 34E): an opponent's score in
which each round the opponent did not play over the board (any bye, a forfeit won or lost, an
absence, the rounds after a withdrawal) counts as a draw. The tied player's own rounds without
a game count as opponents whose adjusted score is 0. These definitions do not depend on the
rules edition of the run and are the same for Swiss events and round robins. The median cuts
(rules 34E, 34E1) are the rule's own (the lowest and highest of all the rounds, how many by
the number of rounds and, for MMED, by the score), not the FIDE cuts of C.07 Art. 14.

Each value is computed for the whole field on the arrays of
:func:`~tiebreaks.engine.grid.grid` (exact integers in the score unit); its tracer
gives one participant's :class:`~tiebreaks.engine.trace.Trace` from the same memoised arrays,
so the value and its explanation cannot disagree. Result between tied players (RBT) is a group
tie-break and orders a tied group.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from ....model import ResultKind
from ...column import Column
from ...context import Context
from ...cut_check import median_drops_of
from ...grid import KINDS, Flags, Integers, grid
from ...memo import Key
from ...registry import Definition, Kind, register, tiebreak
from ...spec import TiebreakSpec
from ...sums import trimmed_sums
from ...trace import Entry, GroupTable, Reason, Role, Step, Trace, traces, traces_group
from ...unplayed import unplayed_as_draw_points
from ..direct_encounter import place_in

#: Kashdan points (rule 34E7) by game outcome in half-points: win 4, draw 2, loss 1
_KASHDAN_POINTS = {2: 4, 1: 2, 0: 1}


class UsRole(StrEnum):
    """What an entry of a US Chess trace stands for (games over the board are
    :attr:`~tiebreaks.engine.trace.Role.OPPONENT`)."""

    #: a round without a game over the board: an opponent with adjusted score 0, or nothing
    NO_GAME = "us-no-game"
    #: the running score after a round (Cumulative, rule 34E3)
    RUNNING_SCORE = "us-running-score"
    #: one win value subtracted for a round won without playing (rule 34E3)
    UNPLAYED_WIN = "us-unplayed-win"
    #: a game over the board counted once (Most Blacks)
    GAME = "us-game"


class UsStep(StrEnum):
    """The steps of a US Chess trace."""

    #: (score, maximum, lowest dropped, highest dropped): the median cuts (rules 34E, 34E1)
    DROPS = "us-drops"
    #: no more values than drops: the sum is 0
    NOTHING_LEFT = "us-nothing-left"
    #: (opponent, unplayed wins, running scores ...): an opponent's Cumulative written out
    CUMULATIVE = "us-cumulative"


# --------------------------------------------------------------------------------------------
# Adjusted scores and the opponent values of the median systems (rules 34E, 34E1, 34E2)


_US_ADJUSTED: Key[Integers] = Key("us-adjusted-scores")
_US_OPPONENTS: Key[Integers] = Key("us-opponent-scores")
_US_CUMULATIVE: Key[Integers] = Key("us-cumulative")


def us_adjusted_scores(context: Context) -> Integers:
    """Every participant's US adjusted score in units (US Chess rule 34E): the points of the
    games played over the board, the draw value for every other round considered."""
    return context.memo(_US_ADJUSTED, lambda: unplayed_as_draw_points(context).sum(axis=1))


def over_the_board(context: Context, per_participant: Integers) -> Integers:
    """Per participant and round, ``per_participant`` of the opponent met over the board, 0
    for a round without a game (US Chess rule 34E: an own unplayed round counts as an
    opponent with adjusted score 0)."""
    table = grid(context)
    opponent = np.where(table.played, table.opponent, 0)
    return np.where(table.played, per_participant[opponent], 0)


def opponent_scores(context: Context) -> Integers:
    """Per participant and round the opponent's US adjusted score, 0 without a game (US Chess
    rule 34E; the values of MMED, MED and SOLK)."""
    return context.memo(_US_OPPONENTS, lambda: over_the_board(context, us_adjusted_scores(context)))


def drop_count(context: Context) -> int:
    """:func:`median_drops_of` the context's rounds."""
    return median_drops_of(context.rounds)


def median_drops(context: Context, acronym: str) -> tuple[Integers, Integers]:
    """Per participant the (lowest, highest) numbers of values dropped: MMED by the score
    (rule 34E1: a plus score drops the lowest, a minus score the highest, exactly 50% both),
    MED always both sides (rule 34E, Harkness), SOLK none (rule 34E2); two on each side
    concerned with 9 or more rounds."""
    drops = drop_count(context) if acronym != "SOLK" else 0
    if acronym != "MMED":
        both = np.full(context.size, drops, dtype=np.int64)
        return both, both
    twice_score = 2 * grid(context).scores
    maximum = context.rounds * context.win
    lowest = np.where(twice_score >= maximum, drops, 0)
    highest = np.where(twice_score <= maximum, drops, 0)
    return lowest, highest


def _median_values(context: Context, spec: TiebreakSpec) -> Integers:
    """Every row's opponent values without its ``lowest`` smallest and then its ``highest``
    largest (US Chess rule 34E1); every value is dropped when there are no more values than
    drops."""
    lowest, highest = median_drops(context, spec.acronym)
    ordered = np.sort(opponent_scores(context), axis=1)
    count = np.full(ordered.shape[0], ordered.shape[1], dtype=np.int64)
    return trimmed_sums(ordered, count, lowest, highest)[0]


@tiebreak("MMED", "Modified Median", "US 34E1", "C")
def modified_median(context: Context, spec: TiebreakSpec) -> Column:
    """MMED (US Chess rule 34E1): the opponents' adjusted scores without the lowest (plus
    score), the highest (minus score) or both (even score); two each with 9 or more rounds."""
    return Column(spec, _median_values(context, spec).tolist(), context.unit)


@tiebreak("MED", "Median (Harkness)", "US 34E", "C")
def median(context: Context, spec: TiebreakSpec) -> Column:
    """MED (US Chess rule 34E, Harkness system): the opponents' adjusted scores without the
    highest and the lowest (two of each with 9 or more rounds)."""
    return Column(spec, _median_values(context, spec).tolist(), context.unit)


@tiebreak("SOLK", "Solkoff", "US 34E2", "C")
def solkoff(context: Context, spec: TiebreakSpec) -> Column:
    """SOLK (US Chess rule 34E2): the sum of the opponents' adjusted scores."""
    return Column(spec, opponent_scores(context).sum(axis=1).tolist(), context.unit)


def dropped_rounds(values: list[int], lowest: int, highest: int) -> dict[int, Reason]:
    """The rounds (0-based) a median drops from one row, with the side: the ``lowest``
    smallest values, then the ``highest`` largest of the rest (US Chess rule 34E1); among
    equal values the earlier round is dropped as the lowest and the later one as the
    highest (the values :func:`_median_values` sums are the same)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    low, rest = order[:lowest], order[lowest:]
    high = rest[max(0, len(rest) - highest) :] if highest else []
    return dict.fromkeys(low, Reason.US_LOWEST) | dict.fromkeys(high, Reason.US_HIGHEST)


def us_opponent_entry(context: Context, index: int, column: int, amount: Fraction) -> Entry:
    """The entry of a game over the board against an opponent counted with its US adjusted
    score (``score``; ``actual`` and ``adjusted_rounds`` when the score on the table differs:
    the opponent's unplayed rounds counted as draws, rule 34E)."""
    table = grid(context)
    opponent = int(table.opponent[index, column])
    adjusted = int(us_adjusted_scores(context)[opponent])
    actual = int(table.scores[opponent])
    changed = ~table.played[opponent] & (table.points[opponent] != context.draw)
    return Entry(
        round=column + 1,
        role=Role.OPPONENT,
        amount=amount,
        opponent=opponent,
        score=Fraction(adjusted, context.unit),
        actual=None if adjusted == actual else Fraction(actual, context.unit),
        adjusted_rounds=tuple(int(item) + 1 for item in np.flatnonzero(changed)),
    )


def _no_game(column: int, amount: Fraction = Fraction(0)) -> Entry:
    return Entry(round=column + 1, role=UsRole.NO_GAME, amount=amount)


@traces("MMED", "MED", "SOLK")
def trace_median(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round: the opponent's adjusted score, 0 without a game; the values
    dropped (rules 34E, 34E1, 34E2) and a step with the score that chose them."""
    values = opponent_scores(context)[index].tolist()
    lowest, highest = (int(side[index]) for side in median_drops(context, spec.acronym))
    drops = dropped_rounds(values, lowest, highest)
    played = grid(context).played[index]
    entries = []
    for column, value in enumerate(values):
        amount = Fraction(value, context.unit)
        entry = (
            us_opponent_entry(context, index, column, amount)
            if played[column]
            else _no_game(column)
        )
        reason = drops.get(column)
        entries.append(entry if reason is None else replace(entry, kept=False, reason=reason))
    steps = []
    if spec.acronym != "SOLK":
        score = Fraction(int(grid(context).scores[index]), context.unit)
        maximum = Fraction(context.rounds * context.win, context.unit)
        article = "US 34E1" if spec.acronym == "MMED" else "US 34E"
        steps.append(Step(UsStep.DROPS, (score, maximum, lowest, highest), article))
        if lowest + highest >= len(values):
            steps.append(Step(UsStep.NOTHING_LEFT, (), "US 34E1"))
    return _sum_trace(context, spec, index, entries, steps)


def _sum_trace(
    context: Context,
    spec: TiebreakSpec,
    index: int,
    entries: list[Entry],
    steps: list[Step] | tuple[Step, ...] = (),
) -> Trace:
    """A trace whose value is the sum of its kept entries."""
    value = sum((entry.amount for entry in entries if entry.kept and entry.amount), Fraction(0))
    return Trace(
        spec, index, value, tuple(entries), tuple(steps), rules=context.rules.name, is_sum=True
    )


# --------------------------------------------------------------------------------------------
# Cumulative and Cumulative of Opposition (rule 34E3 and 34E)


def _unplayed_wins(context: Context) -> Flags:
    """Per participant and round: the win value scored without a game (full-point or
    pairing-allocated bye scored as a win, forfeit win; rule 34E3)."""
    table = grid(context)
    return (table.points == context.win) & ~table.played  # type: ignore[no-any-return]


def cumulative_values(context: Context) -> Integers:
    """Every participant's Cumulative in units (US Chess rule 34E3): the running scores added
    up, less one win value for every round scored the win value without a game."""

    def compute() -> Integers:
        running = np.cumsum(grid(context).points, axis=1).sum(axis=1)
        return running - context.win * _unplayed_wins(context).sum(axis=1)  # type: ignore[no-any-return]

    return context.memo(_US_CUMULATIVE, compute)


@tiebreak("CUM", "Cumulative", "US 34E3", "B")
def cumulative(context: Context, spec: TiebreakSpec) -> Column:
    """CUM (US Chess rule 34E3): the sum of the running score after each round, less one win
    value for each full point received without playing (full-point or pairing-allocated bye
    scored as a win, forfeit win)."""
    return Column(spec, cumulative_values(context).tolist(), context.unit)


def cumulative_entries(context: Context, index: int) -> list[Entry]:
    """Participant ``index``'s Cumulative (rule 34E3): one entry per round with the running
    score (``score``: the points of the round), then one per unplayed win, subtracted."""
    table = grid(context)
    unit = context.unit
    running = np.cumsum(table.points[index]).tolist()
    points = table.points[index].tolist()
    entries = [
        Entry(
            round=column + 1,
            role=UsRole.RUNNING_SCORE,
            amount=Fraction(total, unit),
            score=Fraction(points[column], unit),
        )
        for column, total in enumerate(running)
    ]
    entries += [
        Entry(round=column + 1, role=UsRole.UNPLAYED_WIN, amount=Fraction(-context.win, unit))
        for column in np.flatnonzero(_unplayed_wins(context)[index]).tolist()
    ]
    return entries


@traces("CUM")
def trace_cumulative(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """The running score after each round, then each unplayed win subtracted (rule 34E3)."""
    return _sum_trace(context, spec, index, cumulative_entries(context, index))


@tiebreak("OCUM", "Cumulative of Opposition", "US 34E", "C")
def cumulative_of_opposition(context: Context, spec: TiebreakSpec) -> Column:
    """OCUM (US Chess rule 34E): the sum of the Cumulative scores (34E3) of the opponents met
    over the board; a round without a game adds nothing."""
    values = over_the_board(context, cumulative_values(context)).sum(axis=1)
    return Column(spec, values.tolist(), context.unit)


@traces("OCUM")
def trace_cumulative_of_opposition(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round: the Cumulative of the opponent met over the board (0 without a
    game), and per opponent a step with that Cumulative written out (rule 34E3)."""
    table = grid(context)
    amounts = over_the_board(context, cumulative_values(context))[index].tolist()
    entries: list[Entry] = []
    steps: list[Step] = []
    for column, amount in enumerate(amounts):
        value = Fraction(amount, context.unit)
        if not table.played[index, column]:
            entries.append(_no_game(column))
            continue
        opponent = int(table.opponent[index, column])
        entries.append(Entry(column + 1, Role.OPPONENT, value, opponent=opponent))
        parts = cumulative_entries(context, opponent)
        running = tuple(e.amount for e in parts if e.role == UsRole.RUNNING_SCORE)
        wins = sum(1 for e in parts if e.role == UsRole.UNPLAYED_WIN)
        steps.append(Step(UsStep.CUMULATIVE, (opponent, wins, *running), "US 34E3"))
    return _sum_trace(context, spec, index, entries, steps)


# --------------------------------------------------------------------------------------------
# Kashdan, US Sonneborn-Berger, Most Blacks (rules 34E7 and 34E)


def _kashdan_table() -> Integers:
    """Kashdan points by kind code (US Chess rule 34E7): 4, 2, 1 for a game won, drawn, lost
    over the board (rated or unrated); 0 for a bye, a forfeit or an absence."""

    def points(kind: ResultKind) -> int:
        return _KASHDAN_POINTS[kind.outcome] if kind.played and kind.outcome is not None else 0

    return np.array([points(kind) for kind in KINDS], dtype=np.int64)


KASHDAN = _kashdan_table()


@tiebreak("KASH", "Kashdan", "US 34E7", "B")
def kashdan(context: Context, spec: TiebreakSpec) -> Column:
    """KASH (US Chess rule 34E7): 4 points per game won, 2 per game drawn, 1 per game lost,
    over the board (unrated games included); byes and forfeits give nothing."""
    return Column(spec, KASHDAN[grid(context).kind].sum(axis=1).tolist())


def _games_of(context: Context, index: int, amounts: list[Fraction]) -> list[Entry]:
    """One entry per round: a game over the board against its opponent (``weight``: the
    points scored in it on the 1-1/2-0 scale) adding ``amounts[round]``, else 0."""
    table = grid(context)
    entries = []
    for column, amount in enumerate(amounts):
        if not table.played[index, column]:
            entries.append(_no_game(column, amount))
            continue
        entry = us_opponent_entry(context, index, column, amount)
        weight = Fraction(int(table.outcome[index, column]), 2)
        entries.append(replace(entry, weight=weight))
    return entries


@traces("KASH")
def trace_kashdan(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """Per round the Kashdan points of the game, 0 without one (rule 34E7)."""
    amounts = [Fraction(int(p)) for p in KASHDAN[grid(context).kind[index]].tolist()]
    return _sum_trace(context, spec, index, _games_of(context, index, amounts))


def us_sonneborn_berger_shares(context: Context) -> Integers:
    """Per participant and round the US Sonneborn-Berger share in half-units (US Chess rule
    34E): the opponent's adjusted score times the outcome in half-points (win 2, draw 1,
    loss 0); 0 without a game over the board."""
    table = grid(context)
    return over_the_board(context, us_adjusted_scores(context)) * np.maximum(table.outcome, 0)


@tiebreak("USSB", "US Sonneborn-Berger", "US 34E", "C")
def us_sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """USSB (US Chess rule 34E): the adjusted scores of the opponents beaten over the board
    plus half those of the opponents drawn. Kept exact in half-units (denominator 2 x unit)."""
    shares = us_sonneborn_berger_shares(context).sum(axis=1)
    return Column(spec, shares.tolist(), 2 * context.unit)


@traces("USSB")
def trace_us_sonneborn_berger(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """Per game the opponent's adjusted score, whole for a win, half for a draw, nothing for
    a loss; a round without a game adds 0 (rule 34E)."""
    shares = us_sonneborn_berger_shares(context)[index].tolist()
    amounts = [Fraction(share, 2 * context.unit) for share in shares]
    return _sum_trace(context, spec, index, _games_of(context, index, amounts))


@tiebreak("MBLK", "Most Blacks", "US 34E", "B")
def most_blacks(context: Context, spec: TiebreakSpec) -> Column:
    """MBLK (US Chess rule 34E): the number of games played over the board with Black."""
    table = grid(context)
    return Column(spec, (table.black & table.played).sum(axis=1).tolist())


@traces("MBLK")
def trace_most_blacks(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game played over the board with Black, each adding 1 (rule 34E)."""
    table = grid(context)
    columns = np.flatnonzero(table.black[index] & table.played[index]).tolist()
    entries = [Entry(column + 1, UsRole.GAME, Fraction(1)) for column in columns]
    return _sum_trace(context, spec, index, entries)


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
