"""Standings are rows, columns and traces: the trace of a value comes from the standings,
the engine's context stays inside the engine.

The 16-player Swiss of the arbiters' exercises (held-swiss-16) under the 2026 rules. David
(#4) played Nick (#12) in round 1, had a half-point bye in round 2, then played Opal (#13),
Charline (#3) and Alyx (#1). By hand:

* Nick scored 0, 1 (pairing bye), 1 (forfeit win), 0, 0 (zero-point byes in rounds 4 and 5):
  2 points; his requested byes are followed only by voluntarily unplayed rounds, so they
  count as draws as seen by opponents (Art. 16.3): 3.
* David's own half-point bye is a dummy opponent with his own score 3.5, capped by the draw
  value times the rounds, 1/2 x 5 = 2.5 (Art. 16.4.2).
* Opal 1.5, Charline 3.5, Alyx 3.5 (no unplayed rounds).
* BH = 3 + 2.5 + 1.5 + 3.5 + 3.5 = 14; BH/C1 cuts the voluntarily unplayed round first
  (Art. 16.5), not the least significant value 1.5: 11.5.
* SB: each amount times what David scored: 3 x 1 + 2.5 x 1/2 + 1.5 x 1 + 3.5 x 1/2 + 3.5 x
  1/2 = 9.25.
"""

from __future__ import annotations

import dataclasses
import pickle
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.engine.spec import TiebreakSpec
from tiebreaks.engine.trace import Entry, Reason, Role, Trace
from tiebreaks.errors import UsageError

F = Fraction
DAVID = 4
BH = [F(3), F(5, 2), F(3, 2), F(7, 2), F(7, 2)]


def _standings() -> tiebreaks.Standings:
    tournament = tiebreaks.read(tiebreaks.example_path("held-swiss-16.trf"))
    return tiebreaks.compute_standings(tournament, "PTS,BH/C1,BH,SB,DE", "fide-2026")


@pytest.mark.parametrize(
    ("column", "amounts", "cut", "value"),
    [
        ("BH", BH, None, F(14)),
        ("BH/C1", BH, 2, F(23, 2)),
        ("SB", [F(3), F(5, 4), F(3, 2), F(7, 4), F(7, 4)], None, F(37, 4)),
    ],
)
def test_the_standings_give_the_trace_of_a_value(
    column: str, amounts: list[Fraction], cut: int | None, value: Fraction
) -> None:
    standings = _standings()
    trace = standings.trace(DAVID, column)
    assert trace.value == value == standings.row(DAVID).values[column]
    assert [entry.round for entry in trace.entries] == [1, 2, 3, 4, 5]
    assert [entry.amount for entry in trace.entries] == amounts
    assert [entry.round for entry in trace.entries if not entry.kept] == ([cut] if cut else [])
    bye = trace.entries[1]
    assert bye.role == Role.DUMMY_CAPPED_BY_ROUNDS
    assert bye.reason == (Reason.VOLUNTARY_UNPLAYED if cut else None)
    assert trace.entries[0].score == F(3)  # Nick as seen by opponents (Art. 16.3)
    assert trace.entries[0].actual == F(2)  # and on the table


def test_a_row_or_a_start_number_names_the_participant() -> None:
    standings = _standings()
    assert standings.trace(standings.row(DAVID), "BH") == standings.trace(DAVID, "BH")


def test_a_group_tiebreak_is_traced_in_the_group_still_tied() -> None:
    """PTS, DE: Alyx, Charline, David and Stephan are tied on 3.5. Among them David drew with
    Charline (round 4) and with Alyx (round 5); Stephan met none of them. They have not all
    met, so DE leaves them tied (Art. 6), value 0."""
    tournament = tiebreaks.read(tiebreaks.example_path("held-swiss-16.trf"))
    standings = tiebreaks.compute_standings(tournament, "PTS,DE", "fide-2026")
    alyx, charline, david, stephan = (standings.index(standings.row(n)) for n in (1, 3, 4, 16))
    trace = standings.trace(DAVID, "DE")
    assert trace.group is not None
    assert trace.group.members == (alyx, charline, david, stephan)
    played = {(round_, one, other) for round_, one, other, _ in trace.group.games}
    assert played == {
        (4, david, charline),
        (4, charline, david),
        (5, david, alyx),
        (5, alyx, david),
    }
    assert trace.group.points == {alyx: F(1, 2), charline: F(1, 2), david: 1, stephan: 0}
    assert trace.group.order == ((alyx, charline, david, stephan),)
    assert trace.value == standings.row(DAVID).values["DE"] == 0


def test_a_column_not_in_the_list_is_refused() -> None:
    with pytest.raises(UsageError, match="'ARO' is not in the list: PTS, BH/C1, BH, SB, DE"):
        _standings().trace(DAVID, "ARO")


def test_no_engine_context_in_the_standings() -> None:
    """What the values were computed from is a read-only handle, not the engine's context."""
    standings = _standings()
    assert not hasattr(standings, "context")
    public = [field.name for field in dataclasses.fields(standings) if field.name[0] != "_"]
    assert "context" not in public and "cache" not in public
    with pytest.raises(dataclasses.FrozenInstanceError):
        standings.computation._context = None  # type: ignore[misc,assignment]
    assert standings.computation.points(standings.index(standings.row(DAVID))) == (2, 1, 2, 1, 1)


def test_replace_and_equality_keep_the_traces() -> None:
    """A copy made with ``dataclasses.replace`` explains its values as the original does;
    equality compares what the standings say, not how they were computed."""
    standings = _standings()
    copy = dataclasses.replace(standings, rules_reason="given")
    assert copy.trace(DAVID, "BH/C1") == standings.trace(DAVID, "BH/C1")
    assert dataclasses.replace(standings) == standings
    assert dataclasses.replace(standings, _computation=None) == standings


def test_standings_made_elsewhere_have_no_traces() -> None:
    standings = dataclasses.replace(_standings(), _computation=None)
    with pytest.raises(UsageError, match="not computed here"):
        standings.trace(DAVID, "BH")
    assert not standings.is_team and standings.team is None


@pytest.mark.parametrize(
    ("example", "tiebreak_list"),
    [("held-swiss-16.trf", "PTS,BH/C1,SB,DE,ARO/U1400"), ("held-team-14.trf", "MP,GP,EDE,BER")],
)
def test_pickled_standings_keep_their_values_and_traces(example: str, tiebreak_list: str) -> None:
    """Standings sent to another process (pickled) are equal to the original and explain
    every value as it does (individual and team tournaments)."""
    tournament = tiebreaks.read(tiebreaks.example_path(example))
    standings = tiebreaks.compute_standings(tournament, tiebreak_list, "fide-2026")
    copy = pickle.loads(pickle.dumps(standings))
    assert copy == standings
    assert pickle.loads(pickle.dumps(tournament)) == tournament  # with its team records
    for row in standings.rows:
        for column in standings.columns:
            assert copy.trace(row.player.start_number, column) == standings.trace(row, column)


@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.fractions(max_denominator=8)),
            st.booleans(),
        ),
        max_size=12,
    )
)
def test_a_trace_total_is_the_sum_of_its_kept_amounts(
    lines: list[tuple[Fraction | None, bool]],
) -> None:
    """Trace.total adds the kept amounts exactly, whatever their denominators (it adds
    numerators when they share one)."""
    entries = tuple(
        Entry(round=number, role=Role.OPPONENT, amount=amount, kept=kept)
        for number, (amount, kept) in enumerate(lines, start=1)
    )
    trace = Trace(TiebreakSpec("BH"), 0, None, entries, rules="fide-2026", is_sum=True)
    expected = sum((amount for amount, kept in lines if kept and amount), Fraction(0))
    assert trace.total == expected
    assert type(trace.total) is Fraction
