"""Checks of the TV-6 team fixture ``held-team-14.trf`` itself (not of the team reader).

The file is made by :mod:`tests.vectors.held_team`; these tests read its columns directly
(standard library only) and compare them with the published TV-6 crosstable.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import tiebreaks

from . import held_team

EXAMPLE = Path(tiebreaks.example_path("held-team-14.trf"))

#: Published TV-6 totals: team -> (match points, game points), both in half-points.
PUBLISHED = {
    1: (20, 35),
    2: (20, 34),
    3: (20, 32),
    4: (20, 34),
    5: (20, 36),
    6: (14, 25),
    7: (12, 23),
    8: (14, 30),
    9: (12, 29),
    10: (10, 26),
    11: (8, 23),
    12: (4, 15),
    13: (12, 23),
    14: (8, 23),
}


@dataclass(frozen=True)
class Cell:
    """One round of a ``001`` line, read from its columns."""

    opponent: int
    colour: str
    code: str


@dataclass(frozen=True)
class Fixture:
    """The records of the file that the checks need."""

    lines: list[str]
    cells: dict[int, list[Cell]]
    stated: dict[int, str]
    teams: dict[int, list[int]]


def field(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive) of ``line``."""
    return line[first - 1 : last]


def read_fixture() -> Fixture:
    lines = EXAMPLE.read_text(encoding="ascii").splitlines()
    cells: dict[int, list[Cell]] = {}
    stated: dict[int, str] = {}
    teams: dict[int, list[int]] = {}
    for line in lines:
        if line.startswith("001"):
            number = int(field(line, 5, 8))
            stated[number] = field(line, 81, 84).strip()
            cells[number] = [
                Cell(
                    int(field(line, c, c + 3)), field(line, c + 5, c + 5), field(line, c + 7, c + 7)
                )
                for c in range(92, 92 + 10 * held_team.ROUNDS, 10)
            ]
        elif line.startswith("013"):
            players = [int(field(line, c, c + 3)) for c in range(37, 56, 5)]
            teams[len(teams) + 1] = players
    return Fixture(lines, cells, stated, teams)


@pytest.fixture(scope="module")
def fixture() -> Fixture:
    return read_fixture()


def record(fixture: Fixture, code: str) -> str:
    (line,) = (line for line in fixture.lines if line.startswith(code + " "))
    return line


def halves(text: str) -> int:
    """``2.5`` -> 5."""
    whole, _, fraction = text.partition(".")
    return 2 * int(whole) + (fraction == "5")


def test_generator_output_is_the_committed_file() -> None:
    assert held_team.render().encode("ascii") == EXAMPLE.read_bytes()


def test_table_sides_agree() -> None:
    table = held_team.parse_table()
    held_team.check_table(table)
    assert sorted(table) == list(range(1, held_team.TEAMS + 1))
    assert all(len(entries) == held_team.ROUNDS for entries in table.values())


def test_columns_of_every_line(fixture: Fixture) -> None:
    for line in fixture.lines:
        assert line == line.rstrip() and line.isascii()
        if line.startswith("001"):
            assert len(line) == 92 + 10 * (held_team.ROUNDS - 1) + 7
            assert field(line, 4, 4) == field(line, 9, 9) == " "
            assert field(line, 10, 10) == "m" and field(line, 86, 91).strip() == ""
    assert record(fixture, "142") == record(fixture, "XXR").replace("XXR", "142") == "142 7"
    assert record(fixture, "192") == "192 FIDE_TEAM_MP_GP"
    assert record(fixture, "352") == "352 WBWB"
    line_362 = record(fixture, "362")
    pairs = [(field(line_362, c, c + 1), field(line_362, c + 2, c + 5)) for c in (5, 14, 23)]
    assert pairs == [("TW", " 2.0"), ("TD", " 1.0"), ("TL", " 0.0")]


def test_team_records(fixture: Fixture) -> None:
    assert len(fixture.teams) == held_team.TEAMS
    for team, players in fixture.teams.items():
        assert players == [4 * (team - 1) + board for board in range(1, 5)]
    team_lines = [line for line in fixture.lines if line.startswith("013")]
    assert [field(line, 5, 36).rstrip() for line in team_lines] == [
        f"Team {team:02}" for team in range(1, 15)
    ]


def test_stated_points_are_individual_totals(fixture: Fixture) -> None:
    for number, cells in fixture.cells.items():
        total = sum(held_team.HALVES[cell.code] for cell in cells)
        assert halves(fixture.stated[number]) == total, number
    assert len(fixture.cells) == 4 * held_team.TEAMS


def test_both_sides_of_every_game_agree(fixture: Fixture) -> None:
    opposite = {"w": "b", "b": "w"}
    for number, cells in fixture.cells.items():
        for index, cell in enumerate(cells):
            if cell.opponent == 0:
                assert cell.colour == "-" and cell.code in "UHZ"
                continue
            theirs = fixture.cells[cell.opponent][index]
            assert theirs.opponent == number
            assert theirs.colour == opposite[cell.colour]
            assert theirs.code == held_team.COMPLEMENT[cell.code]


def team_round(fixture: Fixture, team: int, index: int) -> list[Cell]:
    return [fixture.cells[number][index] for number in fixture.teams[team]]


def test_game_points_match_the_table(fixture: Fixture) -> None:
    table = held_team.parse_table()
    for team, entries in table.items():
        for index, entry in enumerate(entries):
            cells = team_round(fixture, team, index)
            if entry.kind == "PAB":
                assert [cell.code for cell in cells] == ["U"] * 4
                assert halves(field(record(fixture, "320"), 10, 13)) == entry.halves
                continue
            assert sum(held_team.HALVES[cell.code] for cell in cells) == entry.halves
            if entry.kind in ("game", "forfeit"):
                opponents = [4 * (entry.opponent - 1) + board for board in range(1, 5)]
                assert [cell.opponent for cell in cells] == opponents
                colours = "wbwb" if entry.home else "bwbw"
                assert "".join(cell.colour for cell in cells) == colours


def test_byes_and_forfeit(fixture: Fixture) -> None:
    assert record(fixture, "320") == "320  1.0  2.0 000 000 000 000 012 000 014"
    expected = {(12, 5): "UUUU", (14, 7): "UUUU", (14, 5): "HHHH", (7, 7): "ZZZZ"}
    for (team, round_number), codes in expected.items():
        cells = team_round(fixture, team, round_number - 1)
        assert "".join(cell.code for cell in cells) == codes
        assert all(cell.opponent == 0 and cell.colour == "-" for cell in cells)
    assert "".join(cell.code for cell in team_round(fixture, 1, 5)) == "++++"
    assert "".join(cell.code for cell in team_round(fixture, 6, 5)) == "----"
    assert "".join(cell.colour for cell in team_round(fixture, 1, 5)) == "wbwb"


def test_team_11_against_14_in_round_3(fixture: Fixture) -> None:
    cells = team_round(fixture, 11, 2)
    assert [cell.opponent for cell in cells] == [53, 54, 55, 56]
    assert "".join(cell.code for cell in cells) == "1==0"


def match_points(fixture: Fixture, team: int, index: int, pab_match: int) -> int:
    """Match points (half-points) of ``team`` in round ``index + 1`` under the TV-6 rules."""
    cells = team_round(fixture, team, index)
    mine = sum(held_team.HALVES[cell.code] for cell in cells)
    if cells[0].opponent == 0:
        return {"U": pab_match, "H": 2, "Z": 0}[cells[0].code]
    opponent = next(t for t, players in fixture.teams.items() if cells[0].opponent in players)
    theirs = sum(held_team.HALVES[cell.code] for cell in team_round(fixture, opponent, index))
    return 4 if mine > theirs else 2 if mine == theirs else 0


def test_published_team_totals(fixture: Fixture) -> None:
    line_320 = record(fixture, "320")
    pab_match, pab_game = halves(field(line_320, 5, 8)), halves(field(line_320, 10, 13))
    for team, (published_mp, published_gp) in PUBLISHED.items():
        game = 0
        for index in range(held_team.ROUNDS):
            cells = team_round(fixture, team, index)
            is_pab = cells[0].code == "U"
            game += pab_game if is_pab else sum(held_team.HALVES[c.code] for c in cells)
        mp = sum(match_points(fixture, team, i, pab_match) for i in range(held_team.ROUNDS))
        assert (mp, game) == (published_mp, published_gp), team


def test_individual_reader_loads_the_file() -> None:
    tournament = tiebreaks.read_tournament(EXAMPLE)
    assert len(tournament.players) == 4 * held_team.TEAMS
    assert tournament.rounds == held_team.ROUNDS
