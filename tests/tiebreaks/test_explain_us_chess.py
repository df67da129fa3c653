"""Explanations of the US Chess tie-breaks (US Chess Official Rules, 7th edition, rule 34E).

The explanation of every value must give the value of the standings table, and for a sum the
kept lines must add up to it; a few explanations are checked line by line against the rule
text (the rulebook's Cumulative example, the dropped value of a Modified Median).
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
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.explanation import (
    Explanation,
    explainer_for,
)
from tiebreaks.engine.spec import parse_spec
from tiebreaks.model import ResultKind, Tournament
from tiebreaks.model.rules import FIDE_2026

F = Fraction
CODES = ("MMED", "MED", "SOLK", "CUM", "OCUM", "KASH", "USSB", "MBLK")

catalogue()  # imports the family modules, which register their explainers


def explain(context: Context, code: str, index: int) -> Explanation:
    explainer = explainer_for(code)
    assert explainer is not None, f"{code} has no explainer"
    return explainer(context, parse_spec(code), index)


def held_swiss() -> Tournament:
    return tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16.trf"))


def kept_amounts(explanation: Explanation) -> list[Fraction | None]:
    return [line.amount for line in explanation.lines if line.kept]


# --------------------------------------------------------------------------------------------
# Every value of the standings table, explained


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("make", [mixed_swiss, held_swiss], ids=["mixed-swiss", "held-swiss"])
def test_explanation_gives_the_standings_value(code: str, make: Callable[[], Tournament]) -> None:
    tournament = make()
    standings = tiebreaks.compute_standings(tournament, ["PTS", code])
    table = {row.player.start_number: row.values[code] for row in standings.rows}
    context = build_context(tournament, FIDE_2026)
    for index, player in enumerate(tournament.players):
        explanation = explain(context, code, index)
        assert explanation.start_number == player.start_number
        assert explanation.value == table[player.start_number]
        assert explanation.is_sum
        assert explanation.total == explanation.value
        assert all(isinstance(line.amount, Fraction) for line in explanation.lines)


# --------------------------------------------------------------------------------------------
# Cumulative (rule 34E3): the rulebook example


def test_cumulative_rulebook_example_line_by_line() -> None:
    """Bye, W, L, D, W: 1 + 2 + 2 + 2½ + 3½ = 11, less 1 for the bye = 10."""
    builder = Builder(rounds=5).bye(1, 1, ResultKind.FULL_BYE)
    builder.game(2, 1, 3, "1-0").game(3, 4, 1, "1-0").game(4, 1, 5, "=").game(5, 6, 1, "0-1")
    explanation = explain(build_context(builder.build(), FIDE_2026), "CUM", 0)
    assert explanation.value == 10
    assert kept_amounts(explanation) == [F(1), F(2), F(2), F(5, 2), F(7, 2), F(-1)]
    assert [line.text for line in explanation.lines] == [
        "Round 1: full-point bye: scored 1, running score 1",
        "Round 2: win with White against #3 Player 3: scored 1, running score 2",
        "Round 3: loss with Black against #4 Player 4: scored 0, running score 2",
        "Round 4: draw with White against #5 Player 5: scored 0.5, running score 2.5",
        "Round 5: win with Black against #6 Player 6: scored 1, running score 3.5",
        "Round 1: full-point bye: one point subtracted (an unplayed win, 34E3)",
    ]
    assert [line.round for line in explanation.lines] == [1, 2, 3, 4, 5, 1]
    assert explanation.total == 10


def test_cumulative_of_opposition_writes_out_each_cumulative() -> None:
    # mixed Swiss, player 3: 4 (7½) + 1 (12½) + 5 (6) = 26; the forfeits in R2 and R5 add 0
    explanation = explain(build_context(mixed_swiss(), FIDE_2026), "OCUM", 2)
    assert kept_amounts(explanation) == [F(15, 2), F(0), F(25, 2), F(6), F(0)]
    assert explanation.lines[0].text == (
        "Round 1: draw with White against #4 Player 4: their Cumulative 7.5 = 0.5 + 1 + 2 + 2 + 2"
    )
    assert explanation.lines[2].text.endswith("their Cumulative 12.5 = 1 + 2 + 2.5 + 3.5 + 4.5 - 1")
    assert explanation.lines[1].text == (
        "Round 2: forfeit loss against #2 Player 2: no opponent met over the board: adds 0 (34E)"
    )
    assert explanation.opponents == {0: 3, 2: 0, 3: 4}


# --------------------------------------------------------------------------------------------
# Modified Median (rule 34E1) and Median: which value is dropped, and why


def test_modified_median_plus_score_drops_the_lowest() -> None:
    # 5 of 8 is a plus score: 35 − the lowest opponent (1, round 1) = 34
    opponents = [1, 2, 3, 4, 5, 6, 7, 7]
    tournament = player_against(list(zip("11111000", opponents, strict=True)))
    explanation = explain(build_context(tournament, FIDE_2026), "MMED", 0)
    assert explanation.value == 34 == explanation.total
    dropped = [line for line in explanation.lines if not line.kept]
    assert [(line.round, line.amount) for line in dropped] == [(1, F(1))]
    assert dropped[0].cut_reason == (
        "dropped: the lowest, because your score 5 of 8 is a plus score (34E1)"
    )
    assert dropped[0].text == "Round 1: win with White against #2 Player 2, adjusted score 1"


def test_modified_median_nine_rounds_minus_score_drops_the_two_highest() -> None:
    # 3 of 9 is a minus score: 44 − 8 − 8 = 28
    opponents = [1, 2, 3, 4, 5, 6, 7, 8, 8]
    tournament = player_against(list(zip("111000000", opponents, strict=True)))
    explanation = explain(build_context(tournament, FIDE_2026), "MMED", 0)
    assert explanation.value == 28 == explanation.total
    dropped = [line for line in explanation.lines if not line.kept]
    assert [(line.round, line.amount) for line in dropped] == [(8, F(8)), (9, F(8))]
    assert {line.cut_reason for line in dropped} == {
        "dropped: one of the two highest, because your score 3 of 9 is a minus score (34E1);"
        " 9 or more rounds: two dropped"
    }


def test_modified_median_even_score_with_unplayed_rounds() -> None:
    """Mixed Swiss, player 6 (2½ of 5, exactly 50%): 10 − the highest (#1, adjusted 4) − the
    lowest (round 5, a forfeit win: no game, 0) = 6."""
    explanation = explain(build_context(mixed_swiss(), FIDE_2026), "MMED", 5)
    assert explanation.value == 6 == explanation.total
    lines = explanation.lines
    assert [line.kept for line in lines] == [True, False, True, True, False]
    assert lines[1].cut_reason == (
        "dropped: the highest, because your score 2.5 of 5 is exactly 50% (34E1)"
    )
    assert lines[1].text == (
        "Round 2: loss with White against #1 Player 1, adjusted score 4: scored 4.5,"
        " round 4 unplayed counts 0.5 (US Chess 34E1)"
    )
    assert lines[4].text == (
        "Round 5: forfeit win against #3 Player 3: no game: counts as an opponent with"
        " adjusted score 0 (34E1)"
    )
    assert lines[4].amount == 0
    assert lines[4].cut_reason.startswith("dropped: the lowest")


def test_median_with_fewer_values_than_drops_keeps_nothing() -> None:
    context = build_context(Builder(rounds=1).game(1, 1, 2, "=").build(), FIDE_2026)
    for code in ("MMED", "MED"):
        explanation = explain(context, code, 0)
        assert explanation.value == 0 == explanation.total
        assert [line.kept for line in explanation.lines] == [False]
        assert explanation.lines[0].cut_reason.endswith("so the sum is 0")


# --------------------------------------------------------------------------------------------
# Kashdan, US Sonneborn-Berger, Most Blacks


def test_kashdan_us_sonneborn_berger_and_most_blacks_lines() -> None:
    context = build_context(mixed_swiss(), FIDE_2026)
    kashdan = explain(context, "KASH", 0)  # W W D bye W = 4 + 4 + 2 + 0 + 4
    assert kept_amounts(kashdan) == [F(4), F(4), F(2), F(0), F(4)]
    assert kashdan.lines[2].text == "Round 3: draw with White against #3 Player 3: draw 2"
    assert kashdan.lines[3].text == (
        "Round 4: pairing-allocated bye: 0 (not a game over the board, 34E7)"
    )
    ussb = explain(context, "USSB", 2)  # ½·2½ + ½·4 + 2 = 5¼; forfeits add 0
    assert kept_amounts(ussb) == [F(5, 4), F(0), F(2), F(2), F(0)]
    assert ussb.lines[0].text.endswith(
        "adjusted score 2.5: scored 2, round 4 unplayed counts"
        " 0.5 (US Chess 34E): half of 2.5 = 1.25"
    )
    blacks = explain(context, "MBLK", 2)  # R3 only: R2 with Black was a forfeit
    assert [line.round for line in blacks.lines] == [3]
    assert blacks.value == 1 == blacks.total


# --------------------------------------------------------------------------------------------
# Property: the kept lines add up to the value, which is the column's value


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(max_rounds=10))
def test_every_explanation_adds_up(tournament: Tournament) -> None:
    """For every code and participant: value == the column's value == the kept lines' sum."""
    context = build_context(tournament, FIDE_2026)
    for code in CODES:
        spec, entry = resolve(parse_spec(code))
        assert entry.compute is not None
        column = entry.compute(context, spec).values()
        for index in range(context.size):
            explanation = explain(context, code, index)
            assert explanation.is_sum
            assert explanation.value == column[index] == explanation.total
            if code not in ("MBLK", "CUM"):
                assert [line.round for line in explanation.lines] == list(
                    range(1, context.rounds + 1)
                )
