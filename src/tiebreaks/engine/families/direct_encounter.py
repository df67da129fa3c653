"""Direct Encounter, DE (C.07 (2026) Art. 6; type A: applied to each group still tied)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..context import Context
from ..explanation import Explanation, Line, explains_group, header, place_in
from ..registry import Definition, Kind, register
from ..spec import TiebreakSpec
from ..wording import number, round_text, who


@dataclass(frozen=True)
class MiniTable:
    """The games among a tied group (Art. 6.1): each participant's score against the others
    (the average of the games when two met more than once, Art. 6.1.2) and how many of the
    others they have not met."""

    score: dict[int, Fraction]
    unmet: dict[int, int]

    @property
    def everyone_met(self) -> bool:
        """True when every pair of the group met (Art. 6.2)."""
        return not any(self.unmet.values())


def encounters(
    context: Context, index: int, others: set[int], spec: TiebreakSpec
) -> dict[int, list[int]]:
    """Points (in units) that ``index`` scored in each counted game against each of ``others``
    (``index`` itself may be among them: the group is passed as it is, not copied, so that a
    group of thousands stays linear).

    Games played over the board count; forfeits only with pre-determined pairings (Art. 15.2)
    or ``/P`` (Art. 6.1.1)."""
    games: dict[int, list[int]] = {}
    for round_index, opponent in enumerate(context.opponents[index]):
        if (
            opponent in others
            and opponent != index
            and context.counts_as_game(index, round_index, spec.forfeits_as_played)
        ):
            games.setdefault(opponent, []).append(context.points[index][round_index])
    return games


def mini_table(context: Context, group: list[int], spec: TiebreakSpec) -> MiniTable:
    """Scores among ``group`` (Art. 6.1); a pair that met more than once counts the average
    of its games (Art. 6.1.2). Whole units are summed as integers, one ``Fraction`` per
    participant (a group can hold thousands)."""
    members = set(group)
    score: dict[int, Fraction] = {}
    unmet: dict[int, int] = {}
    for index in group:
        games = encounters(context, index, members, spec)
        whole, averaged = 0, Fraction(0)
        for points in games.values():
            if len(points) == 1:
                whole += points[0]
            else:
                averaged += Fraction(sum(points), len(points))
        score[index] = Fraction(whole, context.unit) + averaged / context.unit
        unmet[index] = len(group) - 1 - len(games)
    return MiniTable(score, unmet)


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


def encounter_lines(
    context: Context, spec: TiebreakSpec, group: list[int], table: MiniTable
) -> list[Line]:
    """One line per member of the group: the games against the others, the mini-table score
    and who they have not met."""
    members = set(group)
    lines = []
    for member in sorted(group, key=lambda index: -table.score[index]):
        games = []
        for round_index, opponent in enumerate(context.opponents[member]):
            if opponent in members and context.counts_as_game(
                member, round_index, spec.forfeits_as_played
            ):
                games.append(round_text(context, member, round_index).split(": ", 1)[1])
        unmet = [who(context, o) for o in group if o != member and not _met(context, member, o)]
        text = f"{who(context, member)}: {number(table.score[member])} against the tied players"
        text += f" ({'; '.join(games) or 'no games'})"
        if unmet:
            text += f"; has not met {', '.join(unmet)}"
        lines.append(Line(text, None))
    return lines


def _met(context: Context, index: int, other: int) -> bool:
    return other in context.opponents[index]


@explains_group("DE")
def explain_direct_encounter(
    context: Context, spec: TiebreakSpec, group: list[int], index: int
) -> Explanation:
    """The games among the tied group and the order they give (Art. 6)."""
    table = mini_table(context, group, spec)
    ordered = order_group(context, spec, group) if len(group) > 1 else [group]
    place = place_in(ordered, index)
    rule = (
        "everyone met: ranked by these scores (Art. 6.2)"
        if table.everyone_met or context.predetermined
        else "not everyone met: a player is placed first only if no other could catch up by"
        " winning the games not played (Art. 6.3)"
    )
    result = (
        f"place {place} inside the tied group"
        if place
        else "direct encounter does not separate this participant from the group"
    )
    return Explanation(
        *header(context, spec, index),
        value=Fraction(place),
        definition="Direct encounter: the results among the participants still tied (Art. 6)",
        lines=tuple(encounter_lines(context, spec, group, table)),
        steps=(rule, result),
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
