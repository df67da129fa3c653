"""Direct Encounter, DE (C.07 (2026) Art. 6; type A: applied to each group still tied).

A group tie-break is per-group code: for each tied group the games among its members are
read from the context's arrays (:func:`~..grid.grid`, one NumPy selection per
group, whatever its size) into a :class:`GroupGames`; the mini-table (Art. 6.1), the order
(Art. 6.2, 6.3) and the trace (the group's :class:`~..trace.GroupTable`) are all made from
it, so the value and its explanation cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..context import Context
from ..grid import Flags, Integers, grid
from ..memo import Key
from ..registry import Definition, Kind, register
from ..spec import TiebreakSpec
from ..trace import Entry, GroupTable, Step, Trace, traces_group

#: the role of a trace entry of a group tie-break: one member of the tied group
MEMBER = "member"


@dataclass(frozen=True)
class GroupGames:
    """The counted games among a tied group, from each member's side: ``member`` (positions
    in ``group``), ``round`` (1-based), ``opponent`` (indexes) and ``points`` (in the
    context's unit), as arrays made from one selection on the grid."""

    group: tuple[int, ...]
    member: Integers
    round: Integers
    opponent: Integers
    points: Any

    def rows(self) -> tuple[tuple[int, int, int, int], ...]:
        """(round, participant, opponent, points) of each game, for a :class:`GroupTable`."""
        group = self.group
        return tuple(
            (number, group[position], opponent, points)
            for position, number, opponent, points in zip(
                self.member.tolist(),
                self.round.tolist(),
                self.opponent.tolist(),
                self.points.tolist(),
                strict=True,
            )
        )


def group_games(context: Context, group: list[int], forfeits_as_played: bool) -> GroupGames:
    """The games among ``group`` that count for Art. 6: games played over the board; forfeits
    with pre-determined pairings (Art. 15.2) or ``/P`` (Art. 6.1.1)."""
    table = grid(context)
    rows = np.asarray(group, dtype=np.int64)
    member = np.zeros(table.size + 1, dtype=np.bool_)  # the last slot: no opponent (-1)
    member[rows] = True
    opponents = table.opponent[rows]
    among = _counted(context, forfeits_as_played)[rows] & member[opponents]
    among &= opponents != rows[:, None]
    position, column = np.nonzero(among)
    points: Any = table.points[rows[position], column]
    return GroupGames(tuple(group), position, column + 1, opponents[position, column], points)


def _counted(context: Context, forfeits_as_played: bool) -> Flags:
    """The rounds that count as games for Art. 6, for the whole field (cached)."""

    def compute() -> Flags:
        table = grid(context)
        if forfeits_as_played or context.predetermined:
            return table.played | table.forfeit
        return table.played

    return context.memo(_COUNTED.of(forfeits_as_played), compute)


#: the rounds that count as games for Art. 6, with forfeits counted as played (``/P``) or not
_COUNTED: Key[Flags] = Key("direct-encounter-games")


@dataclass(frozen=True)
class MiniTable:
    """The games among a tied group (Art. 6.1): each participant's score against the others
    (the average of the games when two met more than once, Art. 6.1.2) and how many of the
    others they have not met."""

    score: dict[int, Fraction]
    unmet: dict[int, int]
    games: GroupGames | None = None

    @property
    def everyone_met(self) -> bool:
        """True when every pair of the group met (Art. 6.2)."""
        return not any(self.unmet.values())


def mini_table(context: Context, group: list[int], spec: TiebreakSpec) -> MiniTable:
    """Scores among ``group`` (Art. 6.1); a pair that met more than once counts the average
    of its games (Art. 6.1.2). The games are summed pair by pair on arrays (a large score
    group has tens of thousands of games among its members)."""
    if len(group) < 2:  # not tied: no game among the group, a score of 0
        none = np.zeros(0, dtype=np.int64)
        alone = GroupGames(tuple(group), none, none, none, none)
        return MiniTable({index: Fraction(0) for index in group}, dict.fromkeys(group, 0), alone)
    games = group_games(context, group, spec.forfeits_as_played)
    size = len(group)
    pair = games.member * (context.size + 1) + games.opponent
    order = np.argsort(pair, kind="stable")
    pair = pair[order]
    points = games.points.astype(object)[order]  # exact whatever their size
    # np.concatenate, not np.r_ (a Python-level indexing object, twice as slow per group)
    starts = np.flatnonzero(np.concatenate(([True], pair[1:] != pair[:-1]))) if pair.size else pair
    counts = np.diff(np.concatenate((starts, [pair.size])))
    sums = np.add.reduceat(points, starts) if pair.size else points
    position = pair[starts] // (context.size + 1)
    met = np.bincount(position, minlength=size).tolist()
    whole = np.zeros(size, dtype=object)
    single = counts == 1
    np.add.at(whole, position[single], sums[single])
    unit = context.unit
    exact = {value: Fraction(value, unit) for value in set(whole.tolist())}  # few scores
    score = {index: exact[value] for index, value in zip(group, whole.tolist(), strict=True)}
    for at, total, count in zip(  # pairs that met more than once (Art. 6.1.2): the average
        position[~single].tolist(), sums[~single].tolist(), counts[~single].tolist(), strict=True
    ):
        score[group[at]] += Fraction(total, count * unit)
    unmet = {index: size - 1 - met[at] for at, index in enumerate(group)}
    return MiniTable(score, unmet, games)


def order_group(context: Context, spec: TiebreakSpec, group: list[int]) -> list[list[int]]:
    """Order a tied group by direct encounter; returns subgroups best first (members of one
    subgroup remain tied)."""
    if len(group) < 2:
        return [group]
    table = mini_table(context, group, spec)
    if table.everyone_met or context.predetermined:
        return _order_all_met(context, spec, group, table)
    return _order_not_all_met(context, spec, group, table)


def _order_all_met(
    context: Context, spec: TiebreakSpec, group: list[int], table: MiniTable
) -> list[list[int]]:
    """Art. 6.2: rank by the mini-table score; re-apply Art. 6 to each smaller tied subgroup."""
    levels = sorted(set(table.score.values()), reverse=True)
    if len(levels) == 1:
        return [group]
    ordered: list[list[int]] = []
    for level in levels:
        subgroup = [index for index in group if table.score[index] == level]
        ordered.extend(order_group(context, spec, subgroup))
    return ordered


def _order_not_all_met(
    context: Context, spec: TiebreakSpec, group: list[int], table: MiniTable
) -> list[list[int]]:
    """Art. 6.3, then Art. 6 again on the participants left."""
    placed, remaining = place_leaders(context, spec, group, table)
    if not placed:
        return [group]
    return placed + order_group(context, spec, remaining)


def place_leaders(
    context: Context, spec: TiebreakSpec, group: list[int], table: MiniTable | None = None
) -> tuple[list[list[int]], list[int]]:
    """Art. 6.3: a participant is placed first only if their score beats what every other could
    reach by winning the games they did not play; repeat on the rest. Returns the participants
    placed (one each, in order) and those left. ``table``: the group's mini-table, when the
    caller has it already."""
    remaining = list(group)
    placed: list[list[int]] = []
    win = Fraction(context.win, context.unit)
    while len(remaining) > 1:
        if table is None or len(table.score) != len(remaining):
            table = mini_table(context, remaining, spec)
        if table.everyone_met:
            break
        best = max(table.score.values())
        leaders = [index for index in remaining if table.score[index] == best]
        if len(leaders) != 1:
            break
        others = [index for index in remaining if index != leaders[0]]
        if not all(best > table.score[o] + table.unmet[o] * win for o in others):
            break
        placed.append(leaders)
        remaining = others
    return placed, remaining


def place_in(ordered: list[list[int]], index: int) -> int:
    """The place (1 = first) inside an ordered group of ``index``'s part, or 0 when the
    tie-break did not split the group (the value the standings show)."""
    if len(ordered) < 2:
        return 0
    ahead = 0
    for part in ordered:
        if index in part:
            return ahead + 1
        ahead += len(part)
    return 0


def group_table(
    context: Context, group: list[int], table: MiniTable, ordered: list[list[int]]
) -> GroupTable:
    """The :class:`GroupTable` of a tied group: its games and mini-table, and the order."""
    games = table.games.rows() if table.games is not None else ()
    return GroupTable(
        tuple(group), games, dict(table.score), tuple(map(tuple, ordered)), context.unit
    )


def member_entries(group: list[int], table: MiniTable) -> tuple[Entry, ...]:
    """One entry per member, best first: their score against the other members."""
    ranked = sorted(group, key=lambda member: -table.score[member])
    return tuple(
        Entry(None, MEMBER, None, opponent=member, score=table.score[member]) for member in ranked
    )


@dataclass(frozen=True, slots=True)
class _Told:
    """What every member's trace of one tied group shares: the order, the rule, the members'
    entries and the group's table."""

    ordered: list[list[int]]
    rule: Step
    entries: tuple[Entry, ...]
    table: GroupTable


_TOLD: Key[_Told] = Key("direct-encounter-told")


def _told(context: Context, spec: TiebreakSpec, group: list[int]) -> _Told:
    """The shared part of the group's traces, made once per group (a page traces every member:
    a group of n made its mini-table n times)."""

    def make() -> _Told:
        table = mini_table(context, group, spec)
        ordered = order_group(context, spec, group)
        rule = (
            Step("everyone-met", (), "6.2")
            if table.everyone_met or context.predetermined
            else Step("not-everyone-met", (), "6.3")
        )
        shared = group_table(context, group, table, ordered)
        return _Told(ordered, rule, member_entries(group, table), shared)

    return context.memo(_TOLD.of(spec, tuple(group)), make)


@traces_group("DE")
def trace_direct_encounter(
    context: Context, spec: TiebreakSpec, group: list[int], index: int
) -> Trace:
    """The mini-table of the tied group (Art. 6.1), the rule that ordered it (6.2 when
    everyone met or the pairings were pre-determined, else 6.3) and the place it gives."""
    told = _told(context, spec, group)
    place = place_in(told.ordered, index)
    return Trace(
        spec,
        index,
        Fraction(place),
        told.entries,
        (told.rule, Step("place", (place, len(group)), "6")),
        rules=context.rules.name,
        group=told.table,
    )


register(
    Definition(
        "DE",
        "Direct Encounter",
        "6",
        "A",
        "P",
        compute=None,
        kind=Kind.GROUP,
        aliases=("DIRECT",),
        order_group=order_group,
        scope="both",
    )
)
