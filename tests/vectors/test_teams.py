"""Team tournaments: TV-6 (Held §2.3, 14 teams x 4 boards) and hand-checked small events with
a team bye, a half-point bye, forfeited boards, a forfeited match and a double forfeit.

TV-6 values are the published answers (2023 rules) and the spec's 2026 values; the small
event's values are computed by hand in the comments.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import tiebreaks
from tiebreaks import example_path
from tiebreaks.engine.trace import Reason, Trace
from tiebreaks.errors import UsageError
from tiebreaks.formats.readers.trf import read_trf_text

from ..team_files import team_file

F = Fraction
TV6 = example_path("held-team-14.trf")
COLUMNS = "MP,GP,BH:MP,BH:MP/C1,BH:GP,BH:GP/C1,EMMSB,EMMSB/C1,EGMSB,EMGSB,EMGSB/C1,EGGSB,SSSC"
# TV-6, 2023 rules: team -> the values of COLUMNS (SSSC exact: GP + BH:MP / 3).
TV6_2023 = {
    1: "10 17.5 64 57 114 100.5 88 74 158 158.5 141 283 233/6",
    2: "10 17 57 52 107.5 96 74 64 144 131 116 249.75 36",
    3: "10 16 58 53 109.5 97 76 66 150 128 115.5 247.5 106/3",
    4: "10 17 56 52 106 94.5 72 64 146 130 118 253.5 107/3",
    5: "10 18 55 53 99 91.5 70 66 132 125 117 236 109/3",
    6: "7 12.5 46 39 92 79.5 32 28 79.5 73 68 157.5 167/6",
    7: "6 11.5 44 38 94.5 83 33 29 78.5 68.5 60.5 155 157/6",
    8: "7 15 41 39 90 82.5 30 26 79 77 70 181.5 86/3",
    9: "6 14.5 50 48 97.5 90 26 22 66.5 83 75 180 187/6",
    10: "5 13 44 42 92 84.5 19 15 53 72.5 67.5 161.75 83/3",
    11: "4 11.5 41 39 88 80.5 16 14 45 61 57 138.5 151/6",
    12: "2 7.5 41 39 92 84.5 6 4 19 33.5 29.5 83.75 127/6",
    13: "6 11.5 52 48 101 89.5 30 22 72 73 63 152.5 173/6",
    14: "4 11.5 36 32 87 75.5 19 15 48 58 50 140.75 47/2",
}


def _values(path_or_text: object, columns: str, rules: str) -> dict[int, list[Fraction | None]]:
    tournament = (
        read_trf_text(path_or_text, "team.trf")
        if isinstance(path_or_text, str)
        else tiebreaks.read_tournament(TV6)
    )
    standings = tiebreaks.compute_standings(tournament, columns, rules)
    return {
        row.player.start_number: [row.values[label] for label in standings.columns]
        for row in standings.rows
    }


@pytest.mark.parametrize("team", sorted(TV6_2023))
def test_tv6_2023(team: int) -> None:
    assert _values(None, COLUMNS, "fide-2024")[team] == [F(v) for v in TV6_2023[team].split()]


def test_tv6_2026_team_1() -> None:
    """2026 caps: team 1's forfeit-win dummy is min(10, team 6's adjusted 7) = 7 (Art.
    16.4.1): BH:MP 61, /C1 54, BH:GP 109, /C1 96.5, EMMSB 82, /C1 68, EGMSB 148, EMGSB 146.5,
    /C1 129, EGGSB 263, SSSC 17.5 + 61/3 = 37.83; team 2 unchanged."""
    values = _values(None, COLUMNS, "fide-2026")
    expected = "10 17.5 61 54 109 96.5 82 68 148 146.5 129 263 227/6"
    assert values[1] == [F(v) for v in expected.split()]
    assert values[2] == [F(v) for v in TV6_2023[2].split()]


def _ranks(columns: str) -> list[list[int]]:
    tournament = tiebreaks.read_tournament(TV6)
    standings = tiebreaks.compute_standings(tournament, columns, "fide-2024")
    groups: dict[int, list[int]] = {}
    for row in standings.rows:
        groups.setdefault(row.rank, []).append(row.player.start_number)
    return [sorted(group) for _, group in sorted(groups.items())]


def test_tv6_ordering() -> None:
    """Held 34: by MP then GP: 5, 1, {2, 4}, 3, 8, 6, 9, {7, 13}, 10, {11, 14}, 12; by GP then
    MP: 5, 1, {2, 4}, 3, 8, 9, 10, 6, {7, 13}, {11, 14}, 12."""
    by_mp = [[5], [1], [2, 4], [3], [8], [6], [9], [7, 13], [10], [11, 14], [12]]
    by_gp = [[5], [1], [2, 4], [3], [8], [9], [10], [6], [7, 13], [11, 14], [12]]
    assert _ranks("MP,GP") == by_mp
    assert _ranks("GP,MP") == by_gp


def test_tv6_presets_and_names() -> None:
    """The Olympiad 2010 order by name; "PTS" in a team event is the primary score (MP)."""
    tournament = tiebreaks.read_tournament(TV6)
    standings = tiebreaks.compute_standings(tournament, "olympiad-2010", "fide-2024")
    assert standings.columns == ("MP", "EMGSB/C1", "GP", "BH:MP/C1")
    named = tiebreaks.compute_standings(
        tournament, "PTS, Olympiad Sonneborn-Berger, Brettpunkte, Olympiade-Buchholz", "fide-2024"
    )
    assert named.columns == standings.columns
    with pytest.raises(UsageError, match="SB ranks individual players, not teams"):
        tiebreaks.compute_standings(tournament, "MP,SB")


# A small event, 4 teams x 2 boards, 3 rounds (MP 2/1/0; team bye = 1 MP + 1 GP):
# R1: T1-T2 1.5:0.5 (boards 1-0, =); T3-T4 1:1 (board 1 forfeit won by T3, board 2 won by T4).
# R2: T1-T3 forfeited by T3 (330 "+-"; T1 scores 2 GP); T2 team bye (320); T4 half-point bye.
# R3: T4-T1 2:0; T2-T3 double forfeit (330 "--").
TEAMS = {"T1": [1, 2], "T2": [3, 4], "T3": [5, 6], "T4": [7, 8]}
SLOTS = {
    1: [(3, "w", "1"), (5, "w", "+"), (7, "b", "0")],
    2: [(4, "b", "="), (6, "b", "+"), (8, "w", "0")],
    3: [(1, "b", "0"), (0, "-", "U"), (5, "w", "-")],
    4: [(2, "w", "="), (0, "-", "U"), (6, "b", "-")],
    5: [(7, "w", "+"), (1, "b", "-"), (3, "b", "-")],
    6: [(8, "b", "0"), (2, "w", "-"), (4, "w", "-")],
    7: [(5, "b", "-"), (0, "-", "H"), (1, "w", "1")],
    8: [(6, "w", "1"), (0, "-", "H"), (2, "b", "1")],
}
EXTRA = ("352 WB", "320  1.0  1.0 000 002 000", "330 +- 002 001 003", "330 -- 003 002 003")


def _small(trf26: bool = False) -> str:
    return team_file("small", 3, TEAMS, SLOTS, EXTRA, trf26)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # MP 4, 1, 1, 4; GP 3.5, 1.5, 1, 4; adjusted MP = actual (T4's HPB is followed by a
        # win). fide-2024 dummies = own MP: T1 1 + 4 + 4 = 9; T2 4 + 1 + 1 = 6; T3 4 + 1 + 1
        # = 6; T4 1 + 4 + 4 = 9. EMGSB: T1 1 x 1.5 + 4 x 2 + 4 x 0 = 9.5; T2 4 x 0.5 + 1 x 1
        # + 1 x 0 = 3; T3 4 x 1 + 0 + 0 = 4; T4 1 x 1 + 4 x 1 + 4 x 2 = 13.
        ("fide-2024", {1: "4 3.5 9 9.5", 2: "1 1.5 6 3", 3: "1 1 6 4", 4: "4 4 9 13"}),
        # fide-2026: forfeits capped by the scheduled opponent's adjusted MP (16.4.1), other
        # unplayed rounds by 1 MP x 3 rounds (16.4.2): T1's dummy min(4, T3's 1) = 1 -> BH 6,
        # EMGSB 1.5 + 1 x 2 = 3.5; T4's HPB dummy min(4, 3) = 3 -> BH 8, EMGSB 1 + 3 + 8 = 12.
        ("fide-2026", {1: "4 3.5 6 3.5", 2: "1 1.5 6 3", 3: "1 1 6 4", 4: "4 4 8 12"}),
    ],
)
@pytest.mark.parametrize("trf26", [False, True])
def test_small_team_event(rules: str, expected: dict[int, str], trf26: bool) -> None:
    values = _values(_small(trf26), "MP,GP,BH:MP,EMGSB", rules)
    assert values == {team: [F(v) for v in text.split()] for team, text in expected.items()}


def test_small_team_event_matches() -> None:
    """The derived matches: kinds, opponents, points."""
    tournament = read_trf_text(_small(), "team.trf")
    from tiebreaks.model.team_matches import team_tournament

    teams = team_tournament(tournament)
    kinds = {
        team.number: [
            (m.kind.value, m.opponent, m.game_points, m.match_points) for m in team.matches
        ]
        for team in teams.teams
    }
    assert kinds[1] == [
        ("match", 2, F(3, 2), F(2)),
        ("forfeit win", 3, F(2), F(2)),
        ("match", 4, F(0), F(0)),
    ]
    assert kinds[2] == [
        ("match", 1, F(1, 2), F(0)),
        ("pairing-allocated bye", None, F(1), F(1)),
        ("double forfeit", 3, F(0), F(0)),
    ]
    assert kinds[3][0] == ("match", 4, F(1), F(1))  # a forfeited board inside a match counts
    assert kinds[4][1] == ("half-point bye", None, F(1), F(1))
    assert teams.boards == 2


def test_team_standings_text_and_team_view() -> None:
    from click.testing import CliRunner

    from tiebreaks.cli.main import main

    result = CliRunner().invoke(main, ["standings", str(TV6), "-t", "MP,GP", "-r", "fide-2024"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1] == "team swiss, 14 teams, 7 rounds"
    assert lines[7].split() == ["1", "5", "Team", "05", "10", "18"]
    result = CliRunner().invoke(main, ["team", str(TV6), "11"])
    assert result.exit_code == 0
    assert (
        "Round 3: match against team 14 Team 14 (White on board 1): 2 : 2 GP, 1 MP" in result.stdout
    )


def test_team_explanations_give_the_values() -> None:
    """Every value of every team in TV-6 explained, for every team tie-break column."""
    from tiebreaks.services.explain import explain_value

    tournament = tiebreaks.read_tournament(TV6)
    standings = tiebreaks.compute_standings(
        tournament, COLUMNS + ",AOB:GP,PS:MP,KS:MP", "fide-2026"
    )
    for row in standings.rows:
        for label in standings.columns:
            explanation = explain_value(standings, row, label)
            assert explanation.value == row.values[label], (row.player.start_number, label)
            if explanation.is_sum:
                assert explanation.total == explanation.value, label


def test_inconsistent_match_is_reported() -> None:
    """Player 3 (T2) claims to have met player 5 (T3) in round 1, who met player 7: the TRF
    reader refuses the file (docs/input-checks.md); the team check reports the same record
    when the tournament is built in code."""
    from dataclasses import replace

    from tiebreaks.errors import InputError
    from tiebreaks.model import Colour, ResultKind, RoundResult
    from tiebreaks.model.team_matches import team_tournament

    slots = {number: list(rounds) for number, rounds in SLOTS.items()}
    good = read_trf_text(team_file("good", 3, TEAMS, slots, EXTRA), "good.trf")
    slots[3] = [(5, "b", "0"), *slots[3][1:]]
    with pytest.raises(InputError, match="to name player 1 as opponent in round 1 too"):
        read_trf_text(team_file("bad", 3, TEAMS, slots, EXTRA), "bad.trf")
    claim = RoundResult(ResultKind.LOSS, 5, Colour.BLACK)
    players = tuple(
        replace(p, results=(claim, *p.results[1:])) if p.start_number == 3 else p
        for p in good.players
    )
    messages = [str(w) for w in team_tournament(replace(good, players=players)).warnings]
    assert any("team 2 is recorded against team 3" in text for text in messages)


def test_primary_game_points_flag() -> None:
    """Held 34 by GP then MP, with "PTS" meaning GP when GP is made primary."""
    tournament = tiebreaks.read_tournament(TV6)
    standings = tiebreaks.compute_standings(tournament, "PTS,MP", "fide-2024", primary="GP")
    assert standings.columns == ("GP", "MP")
    order = [row.player.start_number for row in standings.rows]
    assert order[:2] == [5, 1] and order[5:9] == [8, 9, 10, 6]
    with pytest.raises(UsageError, match="team tournaments only"):
        tiebreaks.compute_standings(
            tiebreaks.read_tournament(example_path("held-swiss-16.trf")), primary="GP"
        )


def test_olympiad_sonneborn_berger_lines() -> None:
    """TV-12: the Olympiad SB multiplies the board points of each match by the opponent's final
    match points (2.5 x 14 = 35 = 3.5 x 10) and leaves out the opponent with the fewest match
    points. Team 1 (TV-6, 2023): round 1, 2.5 GP against team 8 (7 MP) = 17.5. Its weakest
    opponents are team 8 (7) and team 7 (6, plus its final zero-point bye counted as a drawn
    match for opponents, Art. 16.3: 7); among equal totals the smaller product is cut (Art.
    14.1.2): 17.5 (round 1) rather than 7 x 3 = 21 (round 3): 158.5 - 17.5 = 141, as
    published."""
    from tiebreaks.services.explain import explain_value

    tournament = tiebreaks.read_tournament(TV6)
    standings = tiebreaks.compute_standings(tournament, "MP,EMGSB/C1", "fide-2024")
    trace = explain_value(standings, standings.row(1), "EMGSB/C1")
    assert isinstance(trace, Trace)
    numbers = [p.start_number for p in standings.tournament.players]
    first = trace.entries[0]
    assert (first.round, numbers[first.opponent or 0]) == (1, 8)
    assert (first.score, first.weight, first.amount) == (F(7), F("2.5"), F("17.5"))
    third = trace.entries[2]
    assert (numbers[third.opponent or 0], third.score, third.actual) == (7, F(7), F(6))
    assert third.amount == 21
    cut = [entry for entry in trace.entries if not entry.kept]
    assert [(e.round, e.amount, e.reason) for e in cut] == [
        (1, F("17.5"), Reason.LEAST_SIGNIFICANT)
    ]
    assert trace.value == trace.total == F(141)


@pytest.mark.parametrize(
    ("typed", "number"),
    [("11", "11"), ("#11", "11"), ("Team 11", "11"), ("team  11", "11"), ("TEAM 05", "5")],
)
def test_team_view_takes_a_name(typed: str, number: str) -> None:
    """``tiebreaks team FILE TEAM`` takes the team's number or its name (case and spacing
    ignored), as ``explain`` takes a participant; the TV-6 teams are named "Team NN"."""
    from click.testing import CliRunner

    from tiebreaks.cli.main import main

    result = CliRunner().invoke(main, ["team", str(TV6), typed])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"Team {number} Team {int(number):02d}:")


def test_team_view_names_the_candidates() -> None:
    """A name that fits several teams lists them (exit 2), as ``explain`` does."""
    from click.testing import CliRunner

    from tiebreaks.cli.main import main

    result = CliRunner().invoke(main, ["team", str(TV6), "Team 1"])
    assert result.exit_code == 2
    assert "#10 Team 10" in result.stderr and "#14 Team 14" in result.stderr
