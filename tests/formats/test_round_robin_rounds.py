"""A declared round robin whose declared number of rounds is not a whole number of cycles
cannot be one (docs/input-checks.md): a warning at the record that declares the round robin.

A cycle of n participants has n - 1 rounds for an even n, n for an odd n (FIDE C.05 Berger
tables); a double round robin has two. The inputs are written by hand: 4 players, a single
round robin of 3 rounds (round 1: 1-4 1-0, 2-3 draw; round 2: 1-2 draw, 4-3 0-1; round 3:
3-1 1-0, 2-4 1-0), of which the first ``played`` rounds are written. TRF lines are numbered
from 1 in the order given; the value of a header record starts at column 5.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks.cli.common import EXIT_INPUT
from tiebreaks.cli.main import main
from tiebreaks.errors import Location
from tiebreaks.formats.readers.chess_json import read_chess_json
from tiebreaks.formats.readers.tournament_json import read_tournament_json
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.model import PairingSystem

from ..team_files import FOUR_TEAM_SLOTS, FOUR_TEAMS, Slot, player_line, team_file

SLOTS: dict[int, list[Slot]] = {
    1: [(4, "w", "1"), (2, "w", "="), (3, "b", "0")],
    2: [(3, "w", "="), (1, "b", "="), (4, "w", "1")],
    3: [(2, "b", "="), (4, "b", "1"), (1, "w", "1")],
    4: [(1, "b", "0"), (3, "w", "0"), (2, "b", "0")],
}
#: the end of the warning (what we do and what the user can do)
TAIL = (
    "(n - 1 for n even, n for n odd), so not every pair can meet; computed as declared: direct "
    "encounter (C.07 Art. 6) then compares tied {noun} by their games among themselves even "
    "if they have not all met; if the event is still running, declare all its rounds"
)


def trf(header: list[str], played: int = 2, players: int = 4) -> str:
    lines = ["012 RR", *header]
    for number in range(1, players + 1):
        slots = SLOTS[number][:played]
        if players == 3:  # player 4 left out: his opponents have a bye that round
            slots = [(0, "-", "U") if o == 4 else (o, c, r) for o, c, r in slots]
        lines.append(player_line(number, f"P{number}", 2000, slots))
    return "\n".join(lines) + "\n"


def located(text: str) -> list[tuple[int, int, str]]:
    tournament = read_trf_text(text, "t.trf")
    assert tournament.pairing_system is PairingSystem.ROUND_ROBIN  # as declared
    return [
        (w.location.line, w.location.column, w.message)
        for w in tournament.warnings
        if w.location is not None
    ]


@pytest.mark.parametrize(
    ("header", "played", "players", "expected"),
    [
        pytest.param(
            ["092 Round robin", "XXR 2"],
            2,
            4,
            [
                (
                    2,
                    5,
                    "the input declares a round robin of 4 players and 2 rounds (line 3), but a "
                    "round robin of 4 players has 3 rounds per cycle " + TAIL,
                )
            ],
            id="092 and XXR: 2 rounds of 4 players",
        ),
        pytest.param(
            ["092 Swiss?", "142 2", "192 FIDE_ROUNDROBIN"],
            2,
            4,
            [
                (
                    4,
                    5,
                    "the input declares a round robin of 4 players and 2 rounds (line 3), but a "
                    "round robin of 4 players has 3 rounds per cycle " + TAIL,
                )
            ],
            id="192 decides, 142 declares",
        ),
        pytest.param(
            ["092 Round robin", "XXR 4"],
            3,
            4,
            [
                (
                    2,
                    5,
                    "the input declares a round robin of 4 players and 4 rounds (line 3), but a "
                    "round robin of 4 players has 3 rounds per cycle " + TAIL,
                )
            ],
            id="one cycle and one round more",
        ),
        pytest.param(
            ["192 BERGER_DOUBLEROUNDROBIN", "XXR 3"],
            3,
            4,
            [
                (
                    2,
                    5,
                    "the input declares a double round robin of 4 players and 3 rounds (line "
                    "3), but a double round robin of 4 players has 6 rounds, two cycles of 3 "
                    + TAIL.replace("every pair can meet", "every pair can meet twice"),
                )
            ],
            id="a double round robin of one cycle",
        ),
        pytest.param(
            ["092 Round robin", "XXR 2"],
            2,
            3,
            [
                (
                    2,
                    5,
                    "the input declares a round robin of 3 players and 2 rounds (line 3), but a "
                    "round robin of 3 players has 3 rounds per cycle " + TAIL,
                )
            ],
            id="odd number of players",
        ),
    ],
)
def test_declared_rounds_that_are_not_whole_cycles(
    header: list[str], played: int, players: int, expected: list[tuple[int, int, str]]
) -> None:
    expected = [(line, column, text.format(noun="players")) for line, column, text in expected]
    assert located(trf(header, played, players)) == expected


@pytest.mark.parametrize(
    ("header", "played", "players"),
    [
        pytest.param(["092 Round robin", "XXR 3"], 3, 4, id="finished"),
        pytest.param(["092 Round robin", "XXR 3"], 1, 4, id="running: round 1 of 3"),
        pytest.param(["092 Round robin"], 2, 4, id="rounds not declared: may be running"),
        pytest.param(["192 BERGER_DOUBLEROUNDROBIN", "XXR 6"], 3, 4, id="double, running"),
        pytest.param(["092 Round robin", "XXR 3"], 3, 3, id="odd: 3 players, 3 rounds"),
        pytest.param(["092 Scheveningen", "XXR 2"], 2, 4, id="Scheveningen"),
    ],
)
def test_round_robins_that_can_be_one(header: list[str], played: int, players: int) -> None:
    assert located(trf(header, played, players)) == []


def test_the_bundled_round_robin_reads_without_warnings() -> None:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-round-robin-6.trf"))
    assert tournament.pairing_system is PairingSystem.ROUND_ROBIN
    assert tournament.warnings == ()


# A team round robin counts teams: 4 teams of 2 boards (round 1: T1-T2, T3-T4; round 2:
# T3-T1, T4-T2), 8 players.
TEAMS, TEAM_SLOTS = FOUR_TEAMS, FOUR_TEAM_SLOTS


@pytest.mark.parametrize(("rounds", "warned"), [(2, True), (3, False)])
def test_a_team_round_robin_counts_teams(rounds: int, warned: bool) -> None:
    text = team_file("t", rounds, TEAMS, TEAM_SLOTS)
    text = text.replace("092 Team Swiss", "092 Team round robin").replace(
        "192 FIDE_TEAM_MP_GP\n", ""
    )
    # lines: 012, 042, 092 (line 3), XXR (line 4)
    expected = (
        "the input declares a round robin of 4 teams and 2 rounds (line 4), but a round robin "
        "of 4 teams has 3 rounds per cycle " + TAIL.format(noun="teams")
    )
    assert located(text) == ([(3, 5, expected)] if warned else [])


def test_strict_refuses_it_and_swiss_computes_it(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(trf(["092 Round robin", "XXR 2"]), encoding="utf-8")
    runner = CliRunner()
    strict = runner.invoke(main, ["standings", str(path), "--strict"])
    assert strict.exit_code == EXIT_INPUT
    assert strict.stdout == ""
    assert f"{path}:2:5: " in strict.stderr
    plain = runner.invoke(main, ["standings", str(path), "-t", "PTS,DE"])
    assert plain.exit_code == 0
    assert "the input declares a round robin of 4 players and 2 rounds" in plain.stderr
    assert "declare all its rounds; to compute it as a Swiss, give --system swiss" in plain.stderr
    library = read_trf_text(trf(["092 Round robin", "XXR 2"]), "t.trf").warnings
    assert [str(w).rsplit("; ", 1)[1] for w in library] == [
        "to compute it as a Swiss, give pairing_system swiss"
    ]
    swiss = runner.invoke(main, ["standings", str(path), "-t", "PTS,DE", "--system", "swiss"])
    assert swiss.exit_code == 0
    assert "Traceback" not in plain.output + swiss.output


def test_json_and_chess_json_running_round_robins() -> None:
    """Declared in full (3 rounds of 4 players), 2 played: no warning."""
    players = []
    for number in range(1, 5):
        results = ", ".join(
            f'{{"kind": "{ {"1": "win", "=": "draw", "0": "loss"}[code] }", "opponent": '
            f'{opponent}, "colour": "{colour}"}}'
            for opponent, colour, code in SLOTS[number][:2]
        )
        players.append(f'{{"start_number": {number}, "name": "P{number}", "results": [{results}]}}')
    text = (
        '{"format": "tiebreaks-tournament", "version": 1,\n'
        ' "tournament": {"name": "T", "rounds": 3, "pairing_system": "round-robin"},\n'
        ' "players": [\n  ' + ",\n  ".join(players) + "\n]}\n"
    )
    assert read_tournament_json(text, "t.json").warnings == ()
    declared_two = text.replace('"rounds": 3', '"rounds": 2')
    warnings = read_tournament_json(declared_two, "t.json").warnings
    # "pairing_system" value: line 2, after ' "tournament": {"name": "T", "rounds": 2, '
    value_column = len(' "tournament": {"name": "T", "rounds": 2, "pairing_system": ') + 1
    assert [w.location for w in warnings] == [Location("t.json", 2, value_column)]
    chess = (
        '{"filetype": "Event", "event": {"eventName": "E", "tournaments": [\n'
        ' {"numRounds": 3, "format": "roundrobin", "competitors": [\n'
        '  {"cid": 1}, {"cid": 2}, {"cid": 3}, {"cid": 4}],\n'
        ' "gameList": [\n'
        '  {"round": 1, "white": {"cid": 1, "result": "W"}, "black": {"cid": 4, "result": "L"}},\n'
        '  {"round": 1, "white": {"cid": 2, "result": "D"}, "black": {"cid": 3, "result": "D"}}\n'
        " ]}]}}\n"
    )
    assert read_chess_json(chess, "t.json").warnings == ()
    warnings = read_chess_json(chess.replace('"numRounds": 3', '"numRounds": 2'), "t.json").warnings
    format_column = len(' {"numRounds": 2, "format": ') + 1
    assert [w.location for w in warnings] == [Location("t.json", 2, format_column)]
