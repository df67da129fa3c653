"""Team records that leave open which team a player plays for, or which team a team met
(docs/input-checks.md, "team records"): errors naming both records by line (and the column
of the start number where the format has columns); two teams with one name: a warning.

The inputs are written by hand: 4 teams of 2 boards, 2 rounds, every game played
  round 1: T1-T2 (1-3 1-0, 4-2 draw), T3-T4 (5-7 1-0, 8-6 1-0);
  round 2: T3-T1 (5-1 draw, 2-6 1-0), T4-T2 (8-4 draw, 3-7 0-1).
TRF lines: 1-5 header (012 042 092 XXR 192), then the ``extra`` records, then one team record
per team (T1 first), then the ``001`` records of players 1-8. Columns: a ``013`` record lists
board k at 37 + 5(k - 1), a ``310`` record at 74 + 5(k - 1); round r of a ``001`` record is at
92 + 10(r - 1). JSON positions are found in the text written here.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.common import EXIT_INPUT
from tiebreaks.cli.main import main
from tiebreaks.errors import InputError, Location
from tiebreaks.formats.readers.chess_json import read_chess_json
from tiebreaks.formats.readers.tournament_json import read_tournament_json
from tiebreaks.formats.readers.trf import read_trf_text

from ..team_files import FOUR_TEAM_SLOTS, FOUR_TEAMS, team_file

TEAMS, SLOTS = FOUR_TEAMS, FOUR_TEAM_SLOTS
#: the column of board k of a team record: TRF-16 013, TRF26 310
BOARD_013 = {1: 37, 2: 42, 3: 47}
BOARD_310 = {1: 74, 2: 79, 3: 84}


def trf(
    teams: dict[str, list[int]] = TEAMS, extra: tuple[str, ...] = (), trf26: bool = False
) -> str:
    return team_file("t", 2, teams, SLOTS, extra, trf26)


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read_trf_text(text, "t.trf")
    return caught.value


def test_the_base_file_is_consistent() -> None:
    for trf26 in (False, True):
        tournament = read_trf_text(trf(trf26=trf26), "t.trf")
        assert tournament.warnings == ()
        assert [p.line for p in tournament.players] == list(range(10, 18))


@pytest.mark.parametrize("trf26", [False, True], ids=["013", "310"])
@pytest.mark.parametrize(
    ("teams", "board", "found", "expected"),
    [
        pytest.param(
            {**TEAMS, "T2": [3, 4, 1]},
            3,
            "player 1 in team 2 (T2, line 7)",
            "each player in one team only: player 1 is already in team 1 (T1, line 6)",
            id="player in two teams",
        ),
        pytest.param(
            {**TEAMS, "T2": [3, 4, 3]},
            3,
            "player 3 on board 3 of team 2 (T2, line 7)",
            "each player once in a team's board order: player 3 is already on board 1 of team 2",
            id="player twice in one team",
        ),
        pytest.param(
            {**TEAMS, "T2": [3, 4, 9]},
            3,
            "player 9 in team 2 (T2, line 7)",
            "the start number of a player (no '001' record has start number 9)",
            id="start number without a player",
        ),
    ],
)
def test_team_lists(
    teams: dict[str, list[int]], board: int, found: str, expected: str, trf26: bool
) -> None:
    """Which team (board) a player plays for would depend on the record we believe."""
    error = error_of(trf(teams, trf26=trf26))
    column = (BOARD_310 if trf26 else BOARD_013)[board]
    assert error.location == Location("t.trf", 7, column)
    assert (error.text, error.expected) == (found, expected)


def test_player_in_two_teams_and_one_left_without() -> None:
    """Player 3 written instead of player 8 in T4: player 3 in two teams, and player 8 (who
    plays) in no team; the first in the file is reported, with the count of the others."""
    error = error_of(trf({**TEAMS, "T2": [3, 4], "T4": [7, 3]}))
    assert error.location == Location("t.trf", 9, 42)
    assert error.text == "player 3 in team 4 (T4, line 9)"
    assert error.expected == (
        "each player in one team only: player 3 is already in team 2 (T2, line 7) (1 more "
        "inconsistency follows)"
    )


@pytest.mark.parametrize(
    ("teams", "extra", "line", "column", "found", "expected"),
    [
        pytest.param(
            {"T1": [1, 3], "T2": [2, 4], "T3": [5, 6], "T4": [7, 8]},
            (),
            10,
            92,
            "round 1: a win against player 3 with White (player 3 is in team 1)",
            "an opponent from another team: players 1 and 3 are both in team 1 (T1, line 6)",
            id="a team mate as opponent",
        ),
        pytest.param(
            {"T1": [1, 6], "T2": [3, 4], "T3": [5, 2], "T4": [7, 8]},
            (),
            11,
            92,
            "round 1: a draw against player 4 with Black (player 4 is in team 2)",
            "an opponent from team 4, as on the first board of team 3 (T3, line 8) in round 1 "
            "(player 5 against player 7): a team meets one team per round",
            id="boards against two teams",
        ),
        pytest.param(
            TEAMS,
            ("320  1.0  1.0 000 002",),
            13,
            102,
            "round 2: a loss against player 7 with White (player 7 is in team 4)",
            "no game: team 2 has the team bye of round 2",
            id="games of the bye team",
        ),
        pytest.param(
            TEAMS,
            ("330 +- 002 002 003",),
            13,
            102,
            "round 2: a loss against player 7 with White (player 7 is in team 4)",
            "a game against team 3: team 2's match of round 2 is the forfeited match against "
            "team 3, line 6",
            id="games against another team than the forfeited match",
        ),
    ],
)
def test_team_matches(
    teams: dict[str, list[int]],
    extra: tuple[str, ...],
    line: int,
    column: int,
    found: str,
    expected: str,
) -> None:
    """A team meets one team per round: the team's match (its opponent, its match points)
    would depend on the board we believe."""
    error = error_of(trf(teams, extra))
    assert error.location == Location("t.trf", line, column)
    assert error.text == found
    assert error.expected.startswith(expected)


@pytest.mark.parametrize(
    ("extra", "line", "column", "found", "expected"),
    [
        pytest.param(
            ("330 +- 003 001 002",), 6, 8, "003", "a forfeited match in rounds 1-2 only", id="round"
        ),
        pytest.param(
            ("330 +- 002 001 009",),
            6,
            16,
            "009",
            "the number of a listed team (no team 9)",
            id="unknown team",
        ),
        pytest.param(
            ("330 +- 002 001 001",),
            6,
            16,
            "001",
            "a Black team other than the White team",
            id="against itself",
        ),
        pytest.param(
            ("330 +- 002 001 003", "330 -- 002 004 003"),
            7,
            16,
            "003",
            "a team in one forfeited match per round (team 3 is already in the forfeited match "
            "of line 6, round 2)",
            id="two forfeited matches",
        ),
        pytest.param(
            ("320  1.0  1.0 000 001", "330 +- 002 001 003"),
            7,
            12,
            "001",
            "a team without a bye in round 2 (record 320, line 6, gives team 1 the "
            "pairing-allocated bye)",
            id="bye and forfeited match",
        ),
    ],
)
def test_forfeited_match_records(
    extra: tuple[str, ...], line: int, column: int, found: str, expected: str
) -> None:
    """TRF26 330: which match a team had in that round would depend on the record."""
    error = error_of(trf(extra=extra, trf26=True))
    assert error.location == Location("t.trf", line, column)
    assert (error.text, error.expected) == (found, expected)


def test_forfeited_match_that_agrees_with_the_games_is_read() -> None:
    """Round 2, T3-T1 forfeited by T1: the games of both teams are against each other."""
    tournament = read_trf_text(trf(extra=("330 -+ 002 003 001",), trf26=True), "t.trf")
    assert tournament.warnings == ()


def test_two_310_records_with_one_team_number() -> None:
    text = trf(trf26=True).replace("310   3 T3", "310   2 T3")
    error = error_of(text)
    assert error.location == Location("t.trf", 8, 5)
    assert (error.text, error.expected) == (
        "2",
        "a team number not used before (line 7 already has team 2, T2)",
    )


@pytest.mark.parametrize(("trf26", "column"), [(False, 5), (True, 9)], ids=["013", "310"])
def test_two_teams_with_one_name(trf26: bool, column: int) -> None:
    """Only a warning: the teams are numbered, and the standings are those of distinct names."""
    text = trf(trf26=trf26)
    record = "310   3 T3 " if trf26 else "013 T3 "
    renamed = text.replace(record, record.replace("T3", "T1"))
    tournament = read_trf_text(renamed, "t.trf")
    assert [(w.location, w.message) for w in tournament.warnings] == [
        (
            Location("t.trf", 8, column),
            "team 3 has the same name as team 1 (T1, line 6): 'T1'; the standings tell the two "
            "apart by their numbers only",
        )
    ]
    original = tiebreaks.compute_standings(read_trf_text(text, "t.trf"), "MP,GP,BH:MP")
    standings = tiebreaks.compute_standings(tournament, "MP,GP,BH:MP")
    assert [(r.rank, r.player.start_number, r.values) for r in standings.rows] == [
        (r.rank, r.player.start_number, r.values) for r in original.rows
    ]


def test_the_bundled_team_example_reads_without_warnings() -> None:
    tournament = tiebreaks.read_tournament(example_path("held-team-14.trf"))
    assert tournament.warnings == ()
    standings = tiebreaks.compute_standings(tournament, "MP,GP", "fide-2024")
    assert standings.warnings == ()
    # Held 34: team 5 first with 10 MP and 18 GP
    assert (standings.rows[0].player.start_number, standings.rows[0].values["GP"]) == (
        5,
        Fraction(18),
    )


def test_command_line_exit_code_and_message(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(trf({**TEAMS, "T2": [3, 4, 1]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(path)])
    assert result.exit_code == EXIT_INPUT
    assert result.stdout == ""
    assert (
        f"error: {path}:7:47: found 'player 1 in team 2 (T2, line 7)', expected each player in "
        "one team only: player 1 is already in team 1 (T1, line 6)"
    ) in result.stderr
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------------------------------
# Our JSON: the same team lists (positions: where the start number is written)


def json_text(teams: dict[str, list[int]] = TEAMS, forfeits: str = "") -> str:
    lines = [
        '{"format": "tiebreaks-tournament", "version": 1,',
        ' "tournament": {"name": "T", "rounds": 2},',
        ' "players": [',
    ]
    kinds = {"1": "win", "=": "draw", "0": "loss"}
    colours = {"w": "w", "b": "b"}
    for number, slots in SLOTS.items():
        results = ", ".join(
            json.dumps({"kind": kinds[code], "opponent": opponent, "colour": colours[colour]})
            for opponent, colour, code in slots
        )
        comma = "," if number < 8 else ""
        lines.append(
            f'  {{"start_number": {number}, "name": "P{number}", "results": [{results}]}}{comma}'
        )
    lines.append(" ],")
    lines.append(' "team_records": {"teams": [')
    for number, (name, players) in enumerate(teams.items(), start=1):
        comma = "," if number < len(teams) else ""
        lines.append(f'  {{"number": {number}, "name": "{name}", "players": {players}}}{comma}')
    lines.append(f" ]{forfeits}}}}}")
    return "\n".join(lines) + "\n"


def position(text: str, line_text: str, fragment: str, occurrence: int = 1) -> tuple[int, int]:
    """(line, column) of the ``occurrence``-th ``fragment`` in the line holding ``line_text``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line_text in line:
            column = -1
            for _ in range(occurrence):
                column = line.index(fragment, column + 1)
            return number, column + 1
    raise AssertionError(line_text)


def test_the_json_base_is_consistent() -> None:
    assert read_tournament_json(json_text(), "t.json").warnings == ()


@pytest.mark.parametrize(
    ("teams", "line_text", "fragment", "found", "expected"),
    [
        pytest.param(
            {**TEAMS, "T2": [3, 4, 1]},
            '"T2"',
            "1]",
            "player 1 in team 2 (T2, line {line})",
            "each player in one team only: player 1 is already in team 1 (T1, line {first})",
            id="player in two teams",
        ),
        pytest.param(
            {**TEAMS, "T2": [3, 4, 3]},
            '"T2"',
            "3]",
            "player 3 on board 3 of team 2 (T2, line {line})",
            "each player once in a team's board order: player 3 is already on board 1 of team 2",
            id="player twice in one team",
        ),
        pytest.param(
            {**TEAMS, "T2": [3, 4, 9]},
            '"T2"',
            "9]",
            "player 9 in team 2 (T2, line {line})",
            "the start number of a player (no player has start number 9)",
            id="start number without a player",
        ),
    ],
)
def test_json_team_lists(
    teams: dict[str, list[int]], line_text: str, fragment: str, found: str, expected: str
) -> None:
    text = json_text(teams)
    line, column = position(text, line_text, fragment)
    first, _ = position(text, '"T1"', "T1")
    with pytest.raises(InputError) as caught:
        read_tournament_json(text, "t.json")
    error = caught.value
    assert error.location == Location("t.json", line, column)
    assert error.text == found.format(line=line)
    assert error.expected == expected.format(first=first)


@pytest.mark.parametrize(
    ("forfeits", "fragment", "expected"),
    [
        pytest.param(
            ', "forfeits": [{"round": 2, "white": 1, "black": 1, "code": "+-"}]',
            '"black": 1',
            "a black team other than the white team",
            id="against itself",
        ),
        pytest.param(
            ', "forfeits": [{"round": 2, "white": 1, "black": 3, "code": "+-"}, '
            '{"round": 2, "white": 4, "black": 3, "code": "--"}]',
            '"black": 3, "code": "--"',
            "a team in one forfeited match per round (team 3 is already in the forfeit of line "
            "{line}, round 2)",
            id="two forfeited matches",
        ),
        pytest.param(
            ', "bye_match_points": "1", "bye_game_points": "1", '
            '"bye_teams": [{"round": 2, "team": 1}], '
            '"forfeits": [{"round": 2, "white": 1, "black": 3, "code": "+-"}]',
            '"white": 1',
            "a team without a team bye in round 2 (team 1 has it)",
            id="bye and forfeited match",
        ),
    ],
)
def test_json_forfeited_matches(forfeits: str, fragment: str, expected: str) -> None:
    text = json_text(forfeits=forfeits)
    line, column = position(text, "forfeits", fragment)
    column += fragment.index(":") + 2  # the value after the key
    with pytest.raises(InputError) as caught:
        read_tournament_json(text, "t.json")
    assert caught.value.location == Location("t.json", line, column)
    assert caught.value.expected.startswith(expected.format(line=line))


# ---------------------------------------------------------------------------------------------
# Chess-JSON: the team's players are competitor objects inside the team (``cplayers``)


def chess_text(cplayers: dict[int, list[tuple[int, int]]], matches: tuple[str, ...] = ()) -> str:
    """Teams 1-4 with their (cid, order) players, one player object per line; the games of
    SLOTS; ``matches``: match entries without games (team byes, forfeited matches), one per
    line after the line ``"matchList": [``."""
    lines = [
        '{"filetype": "Event", "event": {"eventName": "E", "tournaments": [',
        ' {"numRounds": 2, "teamTournament": true, "teamSize": 2, "competitors": [',
    ]
    for team, members in cplayers.items():
        lines.append(f'  {{"cid": {team}, "cplayers": [')
        for position_, (cid, order) in enumerate(members, start=1):
            comma = "," if position_ < len(members) else ""
            lines.append(f'   {{"cid": {cid}, "order": {order}}}{comma}')
        lines.append("  ]}" + ("," if team < len(cplayers) else ""))
    lines.append(" ],")
    codes = {"1": "W", "=": "D", "0": "L"}
    games = []
    for number, slots in SLOTS.items():
        for round_number, (opponent, colour, code) in enumerate(slots, start=1):
            if colour == "w":
                theirs = {"W": "L", "D": "D", "L": "W"}[codes[code]]
                games.append(
                    f'   {{"round": {round_number}, "white": {{"cid": {number}, "result": '
                    f'"{codes[code]}"}}, "black": {{"cid": {opponent}, "result": "{theirs}"}}}}'
                )
    lines.append(' "gameList": [')
    lines.append(",\n".join(games))
    if matches:
        lines.append(' ], "matchList": [')
        lines.append(",\n".join(f"   {match}" for match in matches))
    lines.append(" ]}]}}")
    return "\n".join(lines) + "\n"


CPLAYERS = {1: [(1, 1), (2, 2)], 2: [(3, 1), (4, 2)], 3: [(5, 1), (6, 2)], 4: [(7, 1), (8, 2)]}


def test_the_chess_json_base_is_consistent() -> None:
    assert read_chess_json(chess_text(CPLAYERS), "t.json").warnings == ()


@pytest.mark.parametrize(
    ("cplayers", "at", "expected"),
    [
        pytest.param(
            {**CPLAYERS, 2: [(3, 1), (4, 2), (1, 3)]},
            '{"cid": 1, "order": 3}',
            "each player in one team, once: player 1 is already in team 1 (line 3)",
            id="player in two teams",
        ),
        pytest.param(
            {**CPLAYERS, 2: [(3, 1), (4, 2), (3, 3)]},
            '{"cid": 3, "order": 3}',
            "each player in one team, once: player 3 is already on board 1 of team 2 (line 7)",
            id="player twice in one team",
        ),
    ],
)
def test_chess_json_team_lists(
    cplayers: dict[int, list[tuple[int, int]]], at: str, expected: str
) -> None:
    """The second ``cid`` of the player (lines: 3 team 1, 4-5 its players, 7 team 2)."""
    text = chess_text(cplayers)
    line, column = position(text, at, at)
    with pytest.raises(InputError) as caught:
        read_chess_json(text, "t.json")
    assert caught.value.location == Location("t.json", line, column + len('{"cid": '))
    assert caught.value.expected.startswith(expected)


def test_chess_json_two_players_on_one_board() -> None:
    """Board order decides the board counts (C.07 Art. 12) and the boards of every match."""
    text = chess_text({**CPLAYERS, 2: [(3, 1), (4, 1)]})
    line, column = position(text, '{"cid": 4, "order": 1}', "1}")
    with pytest.raises(InputError) as caught:
        read_chess_json(text, "t.json")
    assert caught.value.location == Location("t.json", line, column)
    assert caught.value.expected.startswith(
        "a board of team 2 not given to another player (player 3 has board 1)"
    )


def bye(round_number: int, team: int) -> str:
    return f'{{"round": {round_number}, "white": {{"cid": {team}, "result": "P"}}, "games": []}}'


def forfeit(round_number: int, white: int, black: int) -> str:
    return (
        f'{{"round": {round_number}, "white": {{"cid": {white}, "result": "W"}}, "black": '
        f'{{"cid": {black}, "result": "Z"}}, "played": false, "games": []}}'
    )


@pytest.mark.parametrize(
    ("matches", "expected"),
    [
        pytest.param((forfeit(2, 3, 1),), None, id="a forfeited match that agrees with the games"),
        pytest.param(
            (forfeit(3, 3, 1),),
            "a round of the tournament (1-2)",
            id="a forfeited match after the last round",
        ),
        pytest.param(
            (forfeit(2, 1, 1),), "a match between two different teams", id="against itself"
        ),
        pytest.param(
            (forfeit(2, 3, 1), bye(2, 1)),
            "one match of team 1 in round 2 (the entry of line {first} has one)",
            id="a forfeited match and a bye",
        ),
    ],
)
def test_chess_json_match_entries(matches: tuple[str, ...], expected: str | None) -> None:
    """The ``matchList`` entries without games decide a team's match (a 320 bye or 330
    forfeit): each team has one per round at most, in a round of the tournament."""
    text = chess_text(CPLAYERS, matches)
    if expected is None:
        assert read_chess_json(text, "t.json").warnings == ()
        return
    first, _ = position(text, matches[0], matches[0])
    last, column = position(text, matches[-1], matches[-1])
    with pytest.raises(InputError) as caught:
        read_chess_json(text, "t.json")
    assert caught.value.expected.startswith(expected.format(first=first))
    if "round of the tournament" in expected:  # at the round's value
        assert caught.value.location == Location("t.json", last, column + len('{"round": '))
    else:  # at the entry
        assert caught.value.location == Location("t.json", last, column)


def test_team_byes_need_their_points() -> None:
    """A team bye is worth what the event says (TRF26 320 gives the points; there is no
    default to assume): without them the JSON readers refuse the bye (it crashed before)."""
    text = json_text(forfeits=', "bye_teams": [{"round": 2, "team": 1}]')
    line, column = position(text, "bye_teams", "[{")
    with pytest.raises(InputError) as caught:
        read_tournament_json(text, "t.json")
    assert caught.value.location == Location("t.json", line, column)
    assert caught.value.expected.startswith(
        'team byes with their points ("bye_match_points", "bye_game_points")'
    )
    chess = chess_text(CPLAYERS, (bye(2, 1),))
    line, column = position(chess, '{"numRounds": 2', "{")
    with pytest.raises(InputError) as caught:
        read_chess_json(chess, "t.json")
    assert caught.value.location == Location("t.json", line, column)
    assert caught.value.expected.startswith(
        'the match and game points of a team bye ("P" and "PG" of scoreSystem "match"'
    )
