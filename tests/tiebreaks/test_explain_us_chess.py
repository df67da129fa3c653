"""Traces of the US Chess tie-breaks (US Chess Official Rules, 7th edition, rule 34E).

The trace of every value must give the value of the standings table, and for a sum the kept
entries must add up to it; a few traces are checked entry by entry against the rule text (the
rulebook's Cumulative example, the dropped value of a Modified Median). Result between tied
players (RBT) is a group tie-break and keeps its explanation in words.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings

import tiebreaks
from tests.builders import Builder, player_against
from tests.strategies import swiss_tournaments
from tests.tiebreaks.test_us_chess import mixed_swiss
from tiebreaks.engine.catalogue import catalogue, resolve
from tiebreaks.engine.computation import Computation
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.families.national.us_chess import (
    UsRole,
    UsStep,
)
from tiebreaks.engine.spec import parse_spec
from tiebreaks.engine.trace import Reason, Role, Trace, tracer_for
from tiebreaks.model import ResultKind, Tournament
from tiebreaks.model.rules import FIDE_2026
from tiebreaks.render.explanations import explanation

F = Fraction
CODES = ("MMED", "MED", "SOLK", "CUM", "OCUM", "KASH", "USSB", "MBLK")

catalogue()  # imports the family modules, which register their tracers


def trace(context: Context, code: str, index: int) -> Trace:
    tracer = tracer_for(code)
    assert tracer is not None, f"{code} has no tracer"
    return tracer(context, parse_spec(code), index)


def held_swiss() -> Tournament:
    return tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16.trf"))


def kept_amounts(found: Trace) -> list[Fraction | None]:
    return [entry.amount for entry in found.entries if entry.kept]


# --------------------------------------------------------------------------------------------
# Every value of the standings table, traced


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("make", [mixed_swiss, held_swiss], ids=["mixed-swiss", "held-swiss"])
def test_trace_gives_the_standings_value(code: str, make: Callable[[], Tournament]) -> None:
    tournament = make()
    standings = tiebreaks.compute_standings(tournament, ["PTS", code])
    table = {row.player.start_number: row.values[code] for row in standings.rows}
    context = build_context(tournament, FIDE_2026)
    for index, player in enumerate(tournament.players):
        found = trace(context, code, index)
        assert found.value == table[player.start_number]
        assert found.is_sum
        assert found.total == found.value
        assert all(isinstance(entry.amount, Fraction) for entry in found.entries)


# --------------------------------------------------------------------------------------------
# Cumulative (rule 34E3): the rulebook example


def test_cumulative_rulebook_example_entry_by_entry() -> None:
    """Bye, W, L, D, W: 1 + 2 + 2 + 2½ + 3½ = 11, less 1 for the bye = 10."""
    builder = Builder(rounds=5).bye(1, 1, ResultKind.FULL_BYE)
    builder.game(2, 1, 3, "1-0").game(3, 4, 1, "1-0").game(4, 1, 5, "=").game(5, 6, 1, "0-1")
    found = trace(build_context(builder.build(), FIDE_2026), "CUM", 0)
    assert found.value == 10 == found.total
    assert kept_amounts(found) == [F(1), F(2), F(2), F(5, 2), F(7, 2), F(-1)]
    assert [entry.score for entry in found.entries[:5]] == [F(1), F(1), F(0), F(1, 2), F(1)]
    assert [entry.role for entry in found.entries] == [UsRole.RUNNING_SCORE] * 5 + [
        UsRole.UNPLAYED_WIN
    ]
    assert [entry.round for entry in found.entries] == [1, 2, 3, 4, 5, 1]


def test_cumulative_of_opposition_writes_out_each_cumulative() -> None:
    # mixed Swiss, player 3: 4 (7½) + 1 (12½) + 5 (6) = 26; the forfeits in R2 and R5 add 0
    found = trace(build_context(mixed_swiss(), FIDE_2026), "OCUM", 2)
    assert kept_amounts(found) == [F(15, 2), F(0), F(25, 2), F(6), F(0)]
    assert found.opponents == {0: 3, 2: 0, 3: 4}
    assert found.entries[1].role == UsRole.NO_GAME
    written = {step.numbers[0]: step.numbers[1:] for step in found.steps}
    assert {step.code for step in found.steps} == {UsStep.CUMULATIVE}
    # opponent 4: 0.5 + 1 + 2 + 2 + 2, nothing subtracted; opponent 1: ... + 4.5 - 1
    assert written[3] == (0, F(1, 2), F(1), F(2), F(2), F(2))
    assert written[0] == (1, F(1), F(2), F(5, 2), F(7, 2), F(9, 2))


# --------------------------------------------------------------------------------------------
# Modified Median (rule 34E1) and Median: which value is dropped, and why


def test_modified_median_plus_score_drops_the_lowest() -> None:
    # 5 of 8 is a plus score: 35 − the lowest opponent (1, round 1) = 34
    opponents = [1, 2, 3, 4, 5, 6, 7, 7]
    tournament = player_against(list(zip("11111000", opponents, strict=True)))
    found = trace(build_context(tournament, FIDE_2026), "MMED", 0)
    assert found.value == 34 == found.total
    dropped = [entry for entry in found.entries if not entry.kept]
    assert [(entry.round, entry.amount, entry.reason) for entry in dropped] == [
        (1, F(1), Reason.US_LOWEST)
    ]
    assert (dropped[0].role, dropped[0].opponent, dropped[0].actual) == (Role.OPPONENT, 1, None)
    assert [(step.code, step.numbers) for step in found.steps] == [
        (UsStep.DROPS, (F(5), F(8), 1, 0))
    ]


def test_modified_median_nine_rounds_minus_score_drops_the_two_highest() -> None:
    # 3 of 9 is a minus score: 44 − 8 − 8 = 28
    opponents = [1, 2, 3, 4, 5, 6, 7, 8, 8]
    tournament = player_against(list(zip("111000000", opponents, strict=True)))
    found = trace(build_context(tournament, FIDE_2026), "MMED", 0)
    assert found.value == 28 == found.total
    dropped = [entry for entry in found.entries if not entry.kept]
    assert [(entry.round, entry.amount) for entry in dropped] == [(8, F(8)), (9, F(8))]
    assert {entry.reason for entry in dropped} == {Reason.US_HIGHEST}
    assert found.steps[0].numbers == (F(3), F(9), 0, 2)


def test_modified_median_even_score_with_unplayed_rounds() -> None:
    """Mixed Swiss, player 6 (2½ of 5, exactly 50%): 10 − the highest (#1, adjusted 4: scored
    4½, round 4 unplayed counts ½) − the lowest (round 5, a forfeit win: no game, 0) = 6."""
    found = trace(build_context(mixed_swiss(), FIDE_2026), "MMED", 5)
    assert found.value == 6 == found.total
    entries = found.entries
    assert [entry.kept for entry in entries] == [True, False, True, True, False]
    assert (entries[1].reason, entries[1].opponent) == (Reason.US_HIGHEST, 0)
    assert (entries[1].score, entries[1].actual, entries[1].adjusted_rounds) == (
        F(4),
        F(9, 2),
        (4,),
    )
    assert entries[4].role == UsRole.NO_GAME
    assert (entries[4].amount, entries[4].reason) == (F(0), Reason.US_LOWEST)
    assert found.steps[0].numbers == (F(5, 2), F(5), 1, 1)


def test_median_with_fewer_values_than_drops_keeps_nothing() -> None:
    context = build_context(Builder(rounds=1).game(1, 1, 2, "=").build(), FIDE_2026)
    for code in ("MMED", "MED"):
        found = trace(context, code, 0)
        assert found.value == 0 == found.total
        assert [entry.kept for entry in found.entries] == [False]
        assert found.steps[-1].code == UsStep.NOTHING_LEFT


# --------------------------------------------------------------------------------------------
# Kashdan, US Sonneborn-Berger, Most Blacks


def test_kashdan_us_sonneborn_berger_and_most_blacks_entries() -> None:
    context = build_context(mixed_swiss(), FIDE_2026)
    kashdan = trace(context, "KASH", 0)  # W W D bye W = 4 + 4 + 2 + 0 + 4
    assert kept_amounts(kashdan) == [F(4), F(4), F(2), F(0), F(4)]
    assert [entry.weight for entry in kashdan.entries] == [F(1), F(1), F(1, 2), None, F(1)]
    assert kashdan.entries[3].role == UsRole.NO_GAME
    ussb = trace(context, "USSB", 2)  # ½·2½ + ½·4 + 2 = 5¼; forfeits add 0
    assert kept_amounts(ussb) == [F(5, 4), F(0), F(2), F(2), F(0)]
    first = ussb.entries[0]
    assert (first.score, first.actual, first.adjusted_rounds, first.weight) == (
        F(5, 2),
        F(2),
        (4,),
        F(1, 2),
    )
    blacks = trace(context, "MBLK", 2)  # R3 only: R2 with Black was a forfeit
    assert [entry.round for entry in blacks.entries] == [3]
    assert blacks.value == 1 == blacks.total


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
@pytest.mark.parametrize("code", CODES)
def test_explanations_are_worded_in_the_language(code: str, lang: str) -> None:
    """The definition and the steps are the language's, the amounts the trace's."""
    context = build_context(held_swiss(), FIDE_2026)
    found = trace(context, code, 2)
    english, worded = (
        explanation(found, Computation(context)),
        explanation(found, Computation(context), lang),
    )
    assert worded.definition != english.definition
    assert all(a != b for a, b in zip(worded.steps, english.steps, strict=True))
    assert [line.amount for line in worded.lines] == [entry.amount for entry in found.entries]
    assert worded.total == found.value


# --------------------------------------------------------------------------------------------
# Property: the kept lines add up to the value, which is the column's value


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(max_rounds=10))
def test_every_trace_adds_up(tournament: Tournament) -> None:
    """For every code and participant: value == the column's value == the kept entries' sum."""
    context = build_context(tournament, FIDE_2026)
    for code in CODES:
        spec, entry = resolve(parse_spec(code))
        assert entry.compute is not None
        column = entry.compute(context, spec).values()
        for index in range(context.size):
            found = trace(context, code, index)
            assert found.is_sum
            assert found.value == column[index] == found.total
            if code not in ("MBLK", "CUM"):
                assert [item.round for item in found.entries] == list(range(1, context.rounds + 1))
