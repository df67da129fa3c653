"""The trace of an opponent-based sum (Buchholz, Fore Buchholz, Sonneborn-Berger and their
national and team relatives): per round the opponent or the stand-in, the score counted, the
points scored (for a weighted sum), and the cuts (C.07 (2026) Art. 8, 9, 14, 15.2, 16)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..model.rules import OwnView
from .context import NO_OPPONENT, Context
from .grid import Integers, grid, true_columns
from .memo import Key
from .spec import TiebreakSpec
from .sums import Contributions, cuts_of_rows
from .trace import Entry, Reason, Role, Trace, amounts_in
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


@dataclass(frozen=True, slots=True)
class _Lists:
    """The grid's rows as Python lists, read from the arrays once per context (a page traces
    every participant: reading one element of an array at a time is slow)."""

    opponent: list[list[int]]
    points: list[list[int]]
    played: list[list[bool]]
    #: everyone's score on the table and as counted by opponents (Art. 16.3)
    scores: tuple[list[int], list[int]]
    #: the rounds adjusted in an opponent's score (:func:`adjusted_rounds`), as they are asked
    adjusted: dict[int, tuple[int, ...]]

    def adjusted_rounds(self, context: Context, opponent: int) -> tuple[int, ...]:
        """:func:`adjusted_rounds` of ``opponent``, found once."""
        found = self.adjusted.get(opponent)
        if found is None:
            found = self.adjusted[opponent] = adjusted_rounds(context, opponent)
        return found


_LISTS: Key[_Lists] = Key("grid-lists")


def _lists(context: Context) -> _Lists:
    def read() -> _Lists:
        table = grid(context)
        scores = (table.scores.tolist(), adjusted_scores(context).tolist())
        rows = (table.opponent.tolist(), table.points.tolist(), table.played.tolist())
        return _Lists(*rows, scores, {})

    return context.memo(_LISTS, read)


@dataclass(frozen=True, slots=True)
class _SumRows:
    """Every participant's contributions to one opponent-based sum as lists, with the rounds
    counted as games and the cuts of the spec's modifiers (:func:`cuts_of_rows`): made once
    per context, contributions and modifiers."""

    #: the contributions they were read from (kept: the memo's key names them by identity)
    items: Contributions
    values: list[list[int]]
    keys: list[list[int]]
    included: list[list[int]]
    counted: list[list[bool]]
    cuts: list[dict[int, Reason]]


_SUM_ROWS: Key[_SumRows] = Key("opponent-sum-rows")


def _sum_rows(context: Context, spec: TiebreakSpec, items: Contributions) -> _SumRows:
    counts_forfeits = spec.forfeits_as_played or context.predetermined

    def read() -> _SumRows:
        table = grid(context)
        counted = table.played | (table.forfeit & counts_forfeits)
        included = true_columns(items.included)
        vur_exception = context.rules.vur_cut_exception
        cuts = cuts_of_rows(items, spec.cut, spec.median, vur_exception)
        return _SumRows(
            items, items.value.tolist(), items.key.tolist(), included, counted.tolist(), cuts
        )

    # the memo holds ``items`` itself: its id cannot name another object while it is kept
    key = _SUM_ROWS.of(id(items), spec.cut, spec.median, counts_forfeits)
    return context.memo(key, read)


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
    value was computed in (under the tie-break's regime). Every participant's rows are read
    once (:func:`_sum_rows`), so tracing the whole field costs one pass over the arrays."""
    weighted = weighted or weights is not None
    unit = context.unit * context.unit if weighted else context.unit
    rows, lists = _sum_rows(context, spec, items), _lists(context)
    values, keys, counted = rows.values[index], rows.keys[index], rows.counted[index]
    cuts, opponents = rows.cuts[index], lists.opponent[index]
    points = lists.points[index] if weights is None else weights[index].tolist()
    played, (on_table, as_counted) = lists.played[index], lists.scores
    entries: list[Entry] = []
    kept_units = 0
    # locals: a page traces every round of every participant here
    own_unit, new_entry = context.unit, Entry
    amounts, own_amounts = amounts_in(unit), amounts_in(own_unit)
    game, forfeit = Role.OPPONENT, Role.FORFEIT_AS_GAME
    for column in rows.included[index]:
        reason = cuts.get(column) if cuts else None  # most sums cut nothing
        if reason is None:
            kept_units += values[column]
        scheduled = opponents[column]
        opponent: int | None = scheduled
        actual: Fraction | None = None
        adjusted: tuple[int, ...] = ()
        if counted[column]:  # a game, or a forfeit counted as one (Art. 15.2, /P)
            role = game if played[column] else forfeit
            if as_counted[scheduled] != on_table[scheduled]:  # Art. 16.3
                actual = Fraction(on_table[scheduled], own_unit)
                adjusted = lists.adjusted_rounds(context, scheduled)
        else:
            role = stand_in_role(context, index, column)
            opponent = None if scheduled == NO_OPPONENT else scheduled
        weight = own_amounts[points[column]] if weighted else None
        amount, score = amounts[values[column]], own_amounts[keys[column]]
        entries.append(
            new_entry(column + 1, role, amount, opponent, score, actual, adjusted, weight, None,
                      reason is None, reason)
        )  # fmt: skip
    # the kept amounts added in units: the same sum as adding their fractions, made once
    value = amounts[kept_units]
    return Trace(spec, index, value, tuple(entries), rules=context.rules.name, is_sum=True)
