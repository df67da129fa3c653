"""Team encounter tie-breaks: EDE and its knock-out variants (C.07 (2026) Art. 13.3), BC, TBR,
BBE (Art. 12.1-12.3) and the Berliner Wertung (BER, BERW).

Expected values come from the published answers of the specification (TV-6: Held exercises
42-48; TV-11: the Berlin example) or from hand computations written next to each case.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.engine.context import Context
from tiebreaks.engine.families.team_encounters import (
    berlin_points,
    board_count,
    board_elimination,
    ede_order,
    resolve_group,
    tallies,
)
from tiebreaks.engine.spec import TiebreakSpec, parse_spec
from tiebreaks.engine.team_context import team_views
from tiebreaks.engine.trace import Trace
from tiebreaks.errors import UsageError
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.model.rules import rules_by_name
from tiebreaks.model.team_matches import team_tournament
from tiebreaks.services.explain import explain_value
from tiebreaks.standings import Standings

from ..team_files import team_file

F = Fraction
HELD = Path(tiebreaks.example_path("held-team-14.trf"))


def _standings(tiebreak_list: str, tournament: tiebreaks.Tournament | None = None) -> Standings:
    chosen = tournament or tiebreaks.read_tournament(HELD)
    return tiebreaks.compute_standings(chosen, tiebreak_list, "fide-2024")


def _team_context(tournament: tiebreaks.Tournament | None = None) -> Context:
    """The engine's context of a team tournament in its primary score, as the standings of
    :func:`_standings` compute it (for the engine's per-group functions)."""
    chosen = tournament or tiebreaks.read_tournament(HELD)
    team = team_tournament(chosen)
    rules = rules_by_name("fide-2024")
    return team_views(team, rules, chosen.rounds, chosen.pairing_system.predetermined)[team.primary]


def _ranks(standings: Standings) -> dict[int, int]:
    return {row.player.start_number: row.rank for row in standings.rows}


def _order(standings: Standings, teams: set[int]) -> list[int]:
    return [row.player.start_number for row in standings.rows if row.player.start_number in teams]


# --- TV-6 (Held exercises 42-48) ----------------------------------------------------------


def test_42_teams_11_and_14_stay_tied() -> None:
    """(42) 11 and 14 (4 MP, 11.5 GP each) drew their round-3 match 2-2: equal in MP and GP."""
    ranks = _ranks(_standings("MP,GP,EDE"))
    assert ranks[11] == ranks[14] == 12
    ranks = _ranks(_standings("MP,EDE"))
    assert ranks[11] == ranks[14]


def test_43_team_6_before_team_8() -> None:
    """(43) 6 and 8 both have 7 MP (GP would already separate them, so EDE follows MP):
    6 won their round-3 match 3-1."""
    standings = _standings("MP,EDE")
    assert _order(standings, {6, 8}) == [6, 8]
    assert standings.row(6).values["EDE"] == 1
    assert standings.row(8).values["EDE"] == 2


def test_44_teams_7_9_13_stay_tied() -> None:
    """(44) 7, 9, 13 (6 MP): 7-9 and 7-13 were 2-2, 9-13 was not played. On MP 7 has 2, 9 and
    13 have 1 with one match missing (could reach 3 > 2); on GP 7 has 4, 9 and 13 have 2 (could
    reach 6): Art. 6.3 places nobody."""
    ranks = _ranks(_standings("MP,EDE"))
    assert ranks[7] == ranks[9] == ranks[13]


def test_45_leaders_order_4_2_1_3_5() -> None:
    """(45) Leaders 1-5 (10 MP) all met. MP among them: 4 each. GP among them: 4 = 8.5,
    {1, 2, 3} = 8, 5 = 7.5. {1, 2, 3} again on GP (the score that split them): 2 = 5.5
    (4-0 against 3, 1.5 against 1), 1 = 5 (2.5 + 2.5), 3 = 1.5: published order 4, 2, 1, 3, 5."""
    standings = _standings("MP,EDE")
    assert _order(standings, {1, 2, 3, 4, 5}) == [4, 2, 1, 3, 5]
    assert [standings.row(n).values["EDE"] for n in (4, 2, 1, 3, 5)] == [1, 2, 3, 4, 5]


def test_45_literal_restart_on_the_primary_score() -> None:
    """Spec Q4: restarting {1, 2, 3} on MP instead (1 beat 2 and 3, 2 beat 3) gives 4, 1, 2,
    3, 5; the registered EDE keeps the published reading."""
    context = _team_context()
    group = [0, 1, 2, 3, 4]  # teams 1-5
    literal = ede_order(context, TiebreakSpec("EDE"), group, literal=True)
    held = ede_order(context, TiebreakSpec("EDE"), group)
    assert literal.ordered == [[3], [0], [1], [2], [4]]
    assert held.ordered == [[3], [1], [0], [2], [4]]


@pytest.mark.parametrize("acronym", ["EDEBT", "EDEBB", "EDET", "EDEB"])
def test_46_to_48_knock_out_variants_put_11_ahead_of_14(acronym: str) -> None:
    """(46-48) EDE leaves 11 and 14 tied; their match (11 White: W, D, D, L for 11) decides:
    BC 11: 1x1 + 2x0.5 + 3x0.5 + 4x0 = 3.5 vs 14: 6.5; TBR board 1: 1-0; BBE without
    board 4: 2-1."""
    standings = _standings(f"MP,GP,{acronym}")
    assert _order(standings, {11, 14}) == [11, 14]
    assert (standings.row(11).values[acronym], standings.row(14).values[acronym]) == (F(1), F(2))


def test_46_to_48_board_values_of_the_mutual_match() -> None:
    context = _team_context()
    counted = tallies(context, TiebreakSpec("EDEBT"), [10, 13])  # teams 11, 14
    assert counted[10].boards == (F(1), F(1, 2), F(1, 2), F(0))
    assert counted[13].boards == (F(0), F(1, 2), F(1, 2), F(1))
    assert (board_count(counted[10].boards), board_count(counted[13].boards)) == (F(7, 2), F(13, 2))
    without_last = [board_elimination(counted[i].boards)[0] for i in (10, 13)]
    assert without_last == [F(2), F(1)]
    steps = resolve_group(context, TiebreakSpec("EDEBT"), [10, 13]).steps
    assert [step.criterion for step in steps] == ["MP", "GP", "BC"]  # BC decides, TBR unused
    steps = resolve_group(context, TiebreakSpec("EDET"), [10, 13]).steps
    assert [step.criterion for step in steps] == ["MP", "GP", "TBR"]


def test_board_tiebreaks_on_their_own() -> None:
    """BC, TBR, BBE after MP and GP: {11, 14} as above (11 first by each). {7, 13} drew their
    round-6 match 2-2 with 7 White on board 1, so (fixture rule: 4 half-points = wins on boards
    1 and 2) 7 has 1, 1, 0, 0 and 13 has 0, 0, 1, 1: BC 3 vs 7, TBR 1-0 on board 1, BBE 2-1
    without board 4 -> 7 first by each."""
    standings = _standings("MP,GP,BC")
    assert _order(standings, {11, 14}) == [11, 14]
    assert _order(standings, {7, 13}) == [7, 13]
    for acronym in ("TBR", "BBE"):
        standings = _standings(f"MP,GP,{acronym}")
        assert _order(standings, {11, 14}) == [11, 14]
        assert _order(standings, {7, 13}) == [7, 13]


def test_forfeited_match_counts_for_boards_only_with_p() -> None:
    """Teams 1 and 6 met only in round 6, a forfeit won by 1: no counted match, so the board
    tie-breaks leave them tied; with /P the forfeit counts (1 won every board)."""
    context = _team_context()
    plain = resolve_group(context, TiebreakSpec("TBR"), [0, 5])
    assert plain.ordered == [[0, 5]]
    played = resolve_group(context, TiebreakSpec("TBR", forfeits_as_played=True), [0, 5])
    assert played.ordered == [[0], [5]]  # board 1: 1 - 0


# --- TV-11 (Berlin scoring, board tie-breaks) ---------------------------------------------


def _put(line: list[str], column: int, text: str) -> None:
    line[column - 1 : column - 1 + len(text)] = list(text)


def _player(number: int, name: str, opponent: int, colour: str, result: str) -> str:
    """A TRF ``001`` record (spec §5.1 columns) with one round."""
    line = [" "] * 99
    points = {"1": "1.0", "=": "0.5", "0": "0.0"}[result]
    for column, text in (
        (1, "001"),
        (5, f"{number:>4}"),
        (10, "m"),
        (15, name),
        (49, "2000"),
        (81, f"{points:>4}"),
        (92, f"{opponent:>4}"),
        (97, colour),
        (99, result),
    ):
        _put(line, column, text)
    return "".join(line)


def match_file(results: list[str]) -> str:
    """Two teams, M1 (players 1..B) and M2 (B+1..2B), one match; ``results`` are M1's board
    results ("1", "=", "0"); M1 has White on the odd boards (352 "WBWB...")."""
    size = len(results)
    colours = "".join("WB"[board % 2] for board in range(size))
    flip = {"1": "0", "=": "=", "0": "1"}
    lines = [
        "012 Berlin example",
        "042 2026/01/10",
        "092 Team match",
        "XXR 1",
        "192 FIDE_TEAM_MP_GP",
        f"352 {colours}",
    ]
    for name, first in (("M1", 1), ("M2", size + 1)):
        members = "".join(f"{first + board:>4} " for board in range(size))
        lines.append(f"013 {name:<32}{members}".rstrip())
    for board, result in enumerate(results):
        own, other = board + 1, size + board + 1
        colour = colours[board].lower()
        lines.append(_player(own, f"M1 Board {own}", other, colour, result))
        other_colour = "b" if colour == "w" else "w"
        lines.append(_player(other, f"M2 Board {own}", own, other_colour, flip[result]))
    return "\n".join(lines) + "\n"


#: TV-11: B1 draw, B2 M1 wins, B3 M2 wins, B4 draw (2 : 2)
TV11 = match_file(["=", "1", "0", "="])


def test_tv11_berlin_and_board_tiebreaks() -> None:
    """TV-11: Berlin 2:2 + 3:0 + 0:2 + 0.5:0.5 = 5.5 : 4.5 (published); draws ignored 3 : 2;
    BC M1 = 1x0.5 + 2x1 + 3x0 + 4x0.5 = 4.5, M2 = 5.5 (M1 first); TBR board 2 -> M1; BBE
    without B4 1.5 : 1.5, without B3, B4 1.5 : 0.5 -> M1."""
    tournament = read_trf_text(TV11)
    standings = _standings("MP,GP,BER,BERW", tournament)
    assert [(row.values["BER"], row.values["BERW"]) for row in standings.rows] == [
        (F(11, 2), F(3)),
        (F(9, 2), F(2)),
    ]
    assert _ranks(standings) == {1: 1, 2: 2}
    for acronym in ("BC", "TBR", "BBE", "EDEBT", "EDEBB", "EDET", "EDEB"):
        ranked = _standings(f"MP,GP,{acronym}", tournament)
        assert [row.player.start_number for row in ranked.rows] == [1, 2], acronym
        assert ranked.row(1).values[acronym] == 1
    counted = tallies(_team_context(tournament), TiebreakSpec("BC"), [0, 1])
    assert [board_count(counted[i].boards) for i in (0, 1)] == [F(9, 2), F(11, 2)]
    assert [board_elimination(counted[i].boards) for i in (0, 1)] == [
        (F(3, 2), F(3, 2), F(1, 2)),
        (F(3, 2), F(1, 2), F(1, 2)),
    ]


def test_berlin_points_of_one_match() -> None:
    team = team_tournament(read_trf_text(TV11))
    first, second = (entry.matches[0] for entry in team.teams)
    assert (berlin_points(first, 4), berlin_points(second, 4)) == (F(11, 2), F(9, 2))
    assert (berlin_points(first, 4, draws=False), berlin_points(second, 4, draws=False)) == (
        F(3),
        F(2),
    )


# --- explanations --------------------------------------------------------------------------

LISTS = [
    "MP,EDE,GP,EDEBT",
    "MP,GP,EDE",
    "MP,GP,EDEBB",
    "MP,GP,EDET",
    "MP,GP,EDEB",
    "MP,BC,GP,TBR",
    "MP,BBE/P",
    "MP,GP,BER,BERW",
]


@pytest.mark.parametrize("source", ["held", "tv11"])
def test_explanations_give_the_standings_values(source: str) -> None:
    tournament = tiebreaks.read_tournament(HELD) if source == "held" else read_trf_text(TV11)
    for tiebreak_list in LISTS:
        standings = _standings(tiebreak_list, tournament)
        for row in standings.rows:
            for label in standings.columns:
                explanation = explain_value(standings, row, label)
                assert explanation.value == row.values[label], (label, row.player.start_number)
                if explanation.is_sum:
                    assert explanation.total == explanation.value, label


def test_explanation_wording() -> None:
    standings = _standings("MP,GP,EDEBT,BER")
    encounter = explain_value(standings, standings.row(11), "EDEBT")
    assert isinstance(encounter, Trace)  # its board counts: test_group_traces.py


# --- the Berlin / board count relation ------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["1", "=", "0"]), min_size=1, max_size=8))
def test_berlin_is_boards_plus_one_times_game_points_minus_board_count(
    results: list[str],
) -> None:
    """Board i of B earns (B - i + 1) x p_i, so Berlin = (B + 1) x GP - sum(i x p_i) = (B + 1)
    x GP - BC, for each side of a single match."""
    size = len(results)
    tournament = read_trf_text(match_file(results))
    standings = _standings("MP,GP,BER", tournament)
    counted = tallies(_team_context(tournament), TiebreakSpec("BC"), [0, 1])
    for index, row in enumerate(sorted(standings.rows, key=lambda row: row.player.start_number)):
        game_points = row.values["GP"]
        assert game_points is not None
        expected = (size + 1) * game_points - board_count(counted[index].boards)
        assert row.values["BER"] == expected


# --- /A: BC, TBR, BBE over all of a team's matches (the FIDE reference engine's reading) ---

#: two rounds of four teams of two boards in which the teams tied on MP and GP never met.
#: Round 1: T1-T2 1.5-0.5 (board 1 won, board 2 drawn), T3-T4 0.5-1.5 (board 1 drawn, board 2
#: lost); round 2: T1-T3 1-1 (T1 wins board 1, loses board 2), T2-T4 1-1 (T2 loses board 1,
#: wins board 2). T1 and T4: 3 MP, 2.5 GP; T2 and T3: 1 MP, 1.5 GP.
NEVER_MET = {
    1: [(3, "w", "1"), (5, "b", "1")],
    2: [(4, "b", "="), (6, "w", "0")],
    3: [(1, "b", "0"), (7, "w", "0")],
    4: [(2, "w", "="), (8, "b", "1")],
    5: [(7, "w", "="), (1, "w", "0")],
    6: [(8, "b", "0"), (2, "b", "1")],
    7: [(5, "b", "="), (3, "b", "1")],
    8: [(6, "w", "1"), (4, "w", "0")],
}


def _never_met() -> tiebreaks.Tournament:
    teams = {"T1": [1, 2], "T2": [3, 4], "T3": [5, 6], "T4": [7, 8]}
    return read_trf_text(team_file("never met", 2, teams, NEVER_MET))


@pytest.mark.parametrize("acronym", ["BC", "TBR", "BBE"])
def test_teams_that_never_met_stay_tied_by_default(acronym: str) -> None:
    """Art. 12 on the matches among the tied teams: T1 and T4 (and T2 and T3) never met, so
    there is no board to compare and they share the place."""
    ranks = _ranks(_standings(f"MP,GP,{acronym}", _never_met()))
    assert ranks == {1: 1, 4: 1, 2: 3, 3: 3}


@pytest.mark.parametrize("acronym", ["BC", "TBR", "BBE"])
def test_all_matches_separate_teams_that_never_met(acronym: str) -> None:
    """``/A``, board points over both rounds: T1 2, 1/2 (boards 1, 2); T4 3/2, 1; T2 0, 3/2;
    T3 1/2, 1. BC (lower is better) T1 1x2 + 2x1/2 = 3 < T4 3/2 + 2 = 7/2, T3 1/2 + 2 = 5/2 <
    T2 0 + 3 = 3; TBR board 1: T1 2 > T4 3/2, T3 1/2 > T2 0; BBE without board 2 = board 1:
    the same. Order T1, T4, T3, T2 by each."""
    standings = _standings(f"MP,GP,{acronym}/A", _never_met())
    assert [row.player.start_number for row in standings.rows] == [1, 4, 3, 2]
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4]


def test_all_matches_modifier_is_read_and_written_back() -> None:
    spec = parse_spec("tbr/a")
    assert spec == TiebreakSpec("TBR", all_matches=True)
    assert str(spec) == "TBR/A"
    assert str(parse_spec("BC/A/P")) == "BC/P/A"
    for refused in ("EDEBT/A", "BH/A"):
        with pytest.raises(UsageError, match="does not take the modifier /A"):
            _standings(f"MP,{refused}")


def test_all_matches_explanation_lists_every_match_and_bye() -> None:
    """Held team 14 had a half-point bye in round 5 and a pairing-allocated bye in round 7,
    each worth 2 game points of 4 boards: 1/2 on every board, listed as rounds without an
    opponent; the explanation gives the standings' value."""
    standings = _standings("MP,GP,TBR/A")
    row = standings.row(14)
    trace = explain_value(standings, row, "TBR/A")
    assert isinstance(trace, Trace)
    assert trace.value == row.values["TBR/A"]
    byes = [step.numbers[1:] for step in trace.steps if step.code == "bye-boards"]
    assert byes == [(5, *[F(1, 2)] * 4), (7, *[F(1, 2)] * 4)]
    matches = [step for step in trace.steps if step.code == "match" and step.numbers[0] == 13]
    assert len(matches) == 5  # rounds 1, 2, 3, 4, 6 against an opponent
