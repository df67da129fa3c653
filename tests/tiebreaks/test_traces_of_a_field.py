"""Tracing a whole field (the HTML page explains every value): the cuts of every row are made
in one pass and a tied group's mini-table once, and each trace is still the one its rule gives.

Expected cuts come from C.07 (2026) Art. 14 and 16.5 written out one value at a time
(:func:`cuts_by_the_rule`); the counts of passes are what "once per field" means.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.engine import sums
from tiebreaks.engine.families import direct_encounter
from tiebreaks.engine.sums import cuts_of_rows
from tiebreaks.engine.trace import Reason
from tiebreaks.model import PairingSystem

from ..builders import Builder
from .test_sums_and_ranking import Cell, contributions, rows

SWISS = Path(tiebreaks.example_path("held-swiss-16.trf"))


def cuts_by_the_rule(
    row: list[Cell], cut: int, median: int, vur_exception: bool
) -> dict[int, Reason]:
    """The columns Art. 14 removes one at a time, with why: a low cut takes the least
    significant value (smallest key, then value, the earliest among equals), or with Art. 16.5
    the smallest voluntary unplayed round (smallest value, then key) when its value is not
    smaller (16.5); each median then the most significant value (14.3, the earliest among
    equals)."""
    left = [column for column, cell in enumerate(row) if cell[2]]
    removed: dict[int, Reason] = {}
    for _ in range(cut + median):
        if not left:
            break
        lowest = min(left, key=lambda column: (row[column][0], row[column][1]))
        vurs = [column for column in left if row[column][3]] if vur_exception else []
        smallest_vur = min(vurs, key=lambda column: (row[column][1], row[column][0]), default=None)
        if smallest_vur is not None and row[smallest_vur][1] >= row[lowest][1]:
            removed[smallest_vur] = Reason.VOLUNTARY_UNPLAYED
            left.remove(smallest_vur)
        else:
            removed[lowest] = Reason.LEAST_SIGNIFICANT
            left.remove(lowest)
    for _ in range(median):
        if left:
            highest = min(left, key=lambda column: (-row[column][0], -row[column][1]))
            removed[highest] = Reason.MOST_SIGNIFICANT
            left.remove(highest)
    return removed


@settings(max_examples=200)
@given(rows, st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_the_cuts_of_every_row_at_once_follow_the_rule(
    cells: list[list[Cell]], cut: int, median: int, vur_exception: bool
) -> None:
    """Every row's cuts, made for the whole field in one pass, are the rule's for that row
    alone, in the order the rule makes them."""
    every = cuts_of_rows(contributions(cells), cut, median, vur_exception)
    expected = [cuts_by_the_rule(row, cut, median, vur_exception) for row in cells]
    assert [list(found.items()) for found in every] == [list(row.items()) for row in expected]


def test_tracing_every_participant_makes_the_cuts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page traces every participant's BH/C1: the cut steps run once for the field, not
    once per participant."""
    standings = tiebreaks.compute_standings(tiebreaks.read_tournament(SWISS), ["PTS", "BH/C1"])
    passes = []
    stepwise = sums._stepwise_cut_sums

    def counted(*args: object, **kwargs: object) -> object:
        passes.append(1)
        return stepwise(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sums, "_stepwise_cut_sums", counted)
    for row in standings.rows:
        standings.trace(row, "BH/C1")
    assert len(passes) == 1


def _all_draws(players: int) -> tiebreaks.Tournament:
    """A round robin of ``players`` (even) where every game is drawn: everyone is tied."""
    builder = Builder(rounds=players - 1, pairing_system=PairingSystem.ROUND_ROBIN)
    ring = list(range(2, players + 1))
    for round_number in range(1, players):
        pairs = [(1, ring[0])] + [(ring[i], ring[-i]) for i in range(1, players // 2)]
        for white, black in pairs:
            builder.game(round_number, white, black, "=")
        ring = ring[1:] + ring[:1]
    return builder.build()


def test_a_tied_group_is_traced_once_for_all_its_members(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six players all tied: every member's DE trace shares the group's mini-table, made as
    often for the six as for one (a group of n made it n times)."""
    made = []
    mini_table = direct_encounter.mini_table

    def counted(*args: object, **kwargs: object) -> object:
        made.append(1)
        return mini_table(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(direct_encounter, "mini_table", counted)
    one = tiebreaks.compute_standings(_all_draws(6), ["PTS", "DE"])
    made.clear()  # what ordering the standings took
    one.trace(one.rows[0], "DE")
    for_one = len(made)
    standings = tiebreaks.compute_standings(_all_draws(6), ["PTS", "DE"])
    made.clear()
    traces = [standings.trace(row, "DE") for row in standings.rows]
    assert len(made) == for_one
    for trace in traces:
        assert trace.group is not None
        assert len(trace.group.games) == 6 * 5  # each game from both sides
        assert set(trace.group.points.values()) == {Fraction(5, 2)}  # 5 draws each
        assert trace.value is not None and trace.value == 0  # DE did not separate them


def test_a_participant_not_tied_has_an_empty_mini_table() -> None:
    """Alone on the earlier columns: no game among the group, a score of 0 in it and no
    value (DE orders only participants still tied, Art. 6)."""
    tournament = Builder(rounds=1).game(1, 1, 2, "1-0").build()
    standings = tiebreaks.compute_standings(tournament, ["PTS", "DE"])
    for row in standings.rows:
        trace = standings.trace(row, "DE")
        assert trace.value is None
        assert trace.group is not None
        assert trace.group.games == ()
        assert list(trace.group.points.values()) == [Fraction(0)]
