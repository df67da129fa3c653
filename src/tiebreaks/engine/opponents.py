"""The trace of an opponent-based sum (Buchholz, Fore Buchholz, Sonneborn-Berger and their
national and team relatives): per round the opponent or the stand-in, the score counted, the
points scored (for a weighted sum), and the cuts (C.07 (2026) Art. 8, 9, 14, 15.2, 16)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..model.rules import OwnView
from .context import NO_OPPONENT, Context
from .grid import Integers, grid
from .spec import TiebreakSpec
from .sums import Contributions, cuts_of_row
from .trace import Entry, Role, Trace
from .unplayed import adjusted_round_points, adjusted_scores, stand_in_scores


def stand_in_role(context: Context, index: int, round_index: int) -> Role:
    """What stands in for the opponent of an unplayed round under the context's regime: the
    dummy opponent (Art. 16.4; capped, 16.4.1 and 16.4.2), the 2009 virtual opponent, or
    nothing."""
    view = context.rules.own_view
    if view is OwnView.NOTHING:
        return Role.NOTHING
    if view is OwnView.VIRTUAL:
        return Role.VIRTUAL
    table = grid(context)
    if stand_in_scores(context)[index, round_index] >= table.scores[index]:
        return Role.DUMMY
    if table.opponent[index, round_index] != NO_OPPONENT:
        return Role.DUMMY_CAPPED_BY_OPPONENT
    return Role.DUMMY_CAPPED_BY_ROUNDS


def adjusted_rounds(context: Context, index: int) -> tuple[int, ...]:
    """The rounds (1-based) whose points differ in participant ``index``'s score as seen by
    opponents (Art. 16.3; every unplayed round under C.02 13.16, 2009)."""
    changed = adjusted_round_points(context)[index] != grid(context).points[index]
    return tuple(int(column) + 1 for column in np.flatnonzero(changed))


def opponent_sum_trace(
    context: Context,
    spec: TiebreakSpec,
    index: int,
    items: Contributions,
    weighted: bool = False,
    weights: Integers | None = None,
) -> Trace:
    """Participant ``index``'s trace of an opponent-based sum whose contributions are
    ``items`` (``weighted``: each score times the points of the round, Sonneborn-Berger;
    ``weights``: times these, given per participant and round); ``context`` is the one the
    value was computed in (under the tie-break's regime)."""
    table = grid(context)
    weighted = weighted or weights is not None
    unit = context.unit * context.unit if weighted else context.unit
    cuts = cuts_of_row(items, index, spec.cut, spec.median, context.rules.vur_cut_exception)
    counted = table.played[index] | (
        table.forfeit[index] & (spec.forfeits_as_played or context.predetermined)
    )
    entries: list[Entry] = []
    kept_units = 0
    values, keys = items.value[index].tolist(), items.key[index].tolist()
    opponents = table.opponent[index].tolist()
    points = (table.points if weights is None else weights)[index].tolist()
    played, counted_rows = table.played[index].tolist(), counted.tolist()
    scores = (table.scores, adjusted_scores(context))
    for column in np.flatnonzero(items.included[index]).tolist():
        opponent = opponents[column]
        reason = cuts.get(column)
        if reason is None:
            kept_units += values[column]
        common = {
            "round": column + 1,
            "amount": _fraction(values[column], unit),
            "score": _fraction(keys[column], context.unit),
            "weight": _fraction(points[column], context.unit) if weighted else None,
            "kept": reason is None,
            "reason": reason,
        }
        if counted_rows[column]:
            entries.append(_against(context, opponent, played[column], common, scores))
        else:
            role = stand_in_role(context, index, column)
            scheduled = None if opponent == NO_OPPONENT else opponent
            entries.append(Entry(role=role, opponent=scheduled, **common))  # type: ignore[arg-type]
    # the kept amounts added in units: the same sum as adding their fractions, made once
    value = _fraction(kept_units, unit)
    return Trace(spec, index, value, tuple(entries), rules=context.rules.name, is_sum=True)


@lru_cache(maxsize=4096)
def _fraction(units: int, unit: int) -> Fraction:
    """``units / unit`` as a fraction (a trace's amounts recur: each is made once)."""
    return Fraction(units, unit)


def _against(
    context: Context,
    opponent: int,
    played: bool,
    common: dict[str, object],
    scores: tuple[Integers, Integers],
) -> Entry:
    """The entry of a round counted as a game against ``opponent`` (``scores``: everyone's
    score on the table and as counted by opponents, Art. 16.3)."""
    actual = int(scores[0][opponent])
    counted = int(scores[1][opponent])
    role = Role.OPPONENT if played else Role.FORFEIT_AS_GAME
    if counted == actual:
        return Entry(role=role, opponent=opponent, **common)  # type: ignore[arg-type]
    return Entry(
        role=role,
        opponent=opponent,
        actual=Fraction(actual, context.unit),
        adjusted_rounds=adjusted_rounds(context, opponent),
        **common,  # type: ignore[arg-type]
    )
