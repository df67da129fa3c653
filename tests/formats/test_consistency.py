"""The consistency checks every reader ends with (docs/input-checks.md).

For each class of anomaly and each reader that can meet it: a small input written by hand,
whether it is an error or a warning, and the exact message and location, counted by hand in
the input (lines from 1; TRF columns: start number 5, points 81, round r at 92 + 10(r - 1);
the JSON readers give the line of the player's object and no column). Then the command line:
exit codes with and without ``--strict``, the input left unchanged, ``batch``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.batch import BatchOptions, Task, process_file
from tiebreaks.cli.common import EXIT_INPUT
from tiebreaks.cli.main import main
from tiebreaks.errors import InputError, Location
from tiebreaks.formats.readers.chess_json import read_chess_json
from tiebreaks.formats.readers.consistency import (
    Locator,
    _check_round,
    _Findings,
    _Flat,
    _rounds_to_examine,
    _table,
    check_consistency,
)
from tiebreaks.formats.readers.crosstable_csv import read_crosstable_csv
from tiebreaks.formats.readers.pgn import read_pgn
from tiebreaks.formats.readers.tournament_json import read_tournament_json
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.model import (
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)

from ..builders import Builder
from ..strategies import round_robins, swiss_tournaments

K = ResultKind
Reader = Callable[[str], Tournament]
#: (line, column, message) of a warning
Located = tuple[int, int, str]


#: the end of the warning on a declared round robin whose rounds are not whole cycles
NOT_A_CYCLE = (
    "(n - 1 for n even, n for n odd), so not every pair can meet; computed as declared: direct "
    "encounter (C.07 Art. 6) then compares tied players by their games among themselves even "
    "if they have not all met; if the event is still running, declare all its rounds"
)


def located(tournament: Tournament) -> list[Located]:
    found = []
    for warning in tournament.warnings:
        assert warning.location is not None
        found.append((warning.location.line, warning.location.column, warning.message))
    return found


def error_of(reader: Reader, text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        reader(text)
    return caught.value


# ---------------------------------------------------------------------------------------------
# TRF: a consistent Swiss of 4 players and 2 rounds (lines 3-6), then one record changed
#   round 1: 1-3 1-0, 2-4 draw;  round 2: 4-1 0-1, 3-2 0-1


def player_line(number: int, name: str, points: str, rounds: Sequence[str]) -> str:
    """A TRF-16 ``001`` record: start number 5-8, name 15-47, points 81-84, rounds from 92."""
    head = f"001 {number:>4} m    {name:<33} 2000 NOR {'':>11} 1990/01/01 {points:>4} {'':>4}  "
    return (head + "  ".join(rounds)).rstrip()


TRF_PLAYERS = {
    1: ("Anna", "2.0", ["   3 w 1", "   4 b 1"]),
    2: ("Bert", "1.5", ["   4 w =", "   3 b 1"]),
    3: ("Cleo", "0.0", ["   1 b 0", "   2 w 0"]),
    4: ("Dirk", "0.5", ["   2 b =", "   1 w 0"]),
}


def trf(
    changes: dict[int, dict[int, str]] | None = None, points: dict[int, str] | None = None
) -> str:
    """The TRF text with round slots (player → round → slot) and points columns replaced."""
    lines = ["012 Checks", "XXR 2"]
    for number, (name, stated, rounds) in TRF_PLAYERS.items():
        slots = list(rounds)
        for round_number, slot in (changes or {}).get(number, {}).items():
            slots[round_number - 1] = slot
        lines.append(player_line(number, name, (points or {}).get(number, stated), slots))
    return "\n".join(lines) + "\n"


def read_trf(text: str) -> Tournament:
    return read_trf_text(text, "t.trf")


def test_the_trf_base_is_consistent() -> None:
    assert read_trf(trf()).warnings == ()


@pytest.mark.parametrize(
    ("changes", "line", "column", "found", "expected"),
    [
        pytest.param(
            {1: {1: "0000 - U"}},
            5,
            92,
            "round 1: a loss against player 1 with Black",
            "player 1 (Anna, line 3) to name player 3 as opponent in round 1 too, but it has a "
            "pairing-allocated bye",
            id="sides do not name each other",
        ),
        pytest.param(
            {1: {1: "   4 w 1"}},
            3,
            92,
            "round 1: a win against player 4 with White",
            "an opponent paired once in round 1, but player 4 (Dirk, line 6) is paired twice "
            "(named by player 1 (Anna, line 3) and player 2 (Bert, line 4)) and has a draw "
            "against player 2 with Black (1 more inconsistency follows)",
            id="paired twice",
        ),
        pytest.param(
            {3: {1: "   1 b 1"}},
            3,
            92,
            "round 1: a win against player 3 with White",
            "player 3 (Cleo, line 5) to have the other side of this game in round 1 (a loss "
            "against player 1 with Black), but it has a win against player 1 with Black",
            id="results contradict",
        ),
        pytest.param(
            {3: {1: "   1 b -"}},
            3,
            92,
            "round 1: a win against player 3 with White",
            "player 3 (Cleo, line 5) to have the other side of this game in round 1 (a loss "
            "against player 1 with Black), but it has a forfeit loss against player 1 with "
            "Black",
            id="game against forfeit",
        ),
        pytest.param(
            {2: {2: "   3 b +"}},
            4,
            102,
            "round 2: a forfeit win against player 3 with Black",
            "player 3 (Cleo, line 5) to have the other side of this game in round 2 (a forfeit "
            "loss against player 2 with White), but it has a loss against player 2 with White",
            id="forfeit against game",
        ),
        pytest.param(
            {4: {2: "   9 w 0"}},
            6,
            102,
            "9",
            "the start number of a player in round 2 (no '001' record has start number 9) "
            "(1 more inconsistency follows)",
            id="opponent that does not exist (named before what it causes)",
        ),
    ],
)
def test_trf_errors(
    changes: dict[int, dict[int, str]], line: int, column: int, found: str, expected: str
) -> None:
    error = error_of(read_trf, trf(changes))
    assert error.location == Location("t.trf", line, column)
    assert (error.text, error.expected) == (found, expected)
    assert str(error) == f"t.trf:{line}:{column}: found {found!r}, expected {expected}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            trf(points={1: "2.5"}),
            [(3, 81, "player 1 (Anna): the points column says 2.5 but the results add up to 2.0")],
            id="stated points",
        ),
        pytest.param(
            trf({4: {1: "   2 w ="}}),
            [
                (
                    4,
                    92,
                    "round 1: player 2 (Bert, line 4) had a draw against player 4 with White, "
                    "but player 4 (Dirk, line 6) had a draw against player 2 with White; the "
                    "colours are not opposite (each player's own record is used)",
                )
            ],
            id="colours",
        ),
        pytest.param(
            trf({4: {1: "   2 b D"}}),
            [
                (
                    4,
                    92,
                    "round 1: player 2 (Bert, line 4) had a draw against player 4 with White, "
                    "but player 4 (Dirk, line 6) had a draw (unrated game) against player 2 "
                    "with Black; one side is a rated game, the other an unrated one (each "
                    "player's own record is used)",
                )
            ],
            id="rated on one side",
        ),
    ],
)
def test_trf_warnings(text: str, expected: list[Located]) -> None:
    assert located(read_trf(text)) == expected


def test_trf_declared_round_robin_that_is_not_one() -> None:
    """3 players: a round robin has a cycle of 3 rounds, so in 2 rounds no pair meets twice."""
    text = "\n".join(
        [
            "012 Club",
            "092 Round robin",
            player_line(1, "Anna", "", ["   2 w 1", "   2 b ="]),
            player_line(2, "Bert", "", ["   1 b 0", "   1 w ="]),
            player_line(3, "Cleo", "", ["0000 - U", "0000 - U"]),
        ]
    )
    tournament = read_trf(text)
    assert tournament.pairing_system is PairingSystem.ROUND_ROBIN  # as declared
    assert located(tournament) == [
        (
            3,
            102,
            "the input declares a round robin, but player 1 (Anna, line 3) and player 2 (Bert, "
            "line 4) meet 2 times (rounds 1 and 2), while in a round robin of 3 players and 2 "
            "rounds two players meet at most once; computed as a round robin, as declared",
        )
    ]


@pytest.mark.parametrize(
    ("text", "line", "column", "expected"),
    [
        pytest.param(
            trf().replace("001    4", "001    3"),
            6,
            5,
            "a start number not used before (line 5 already has player 3)",
            id="duplicate start number",
        ),
        pytest.param(
            trf().rstrip("\n") + "     1 w 1\n",
            6,
            115,
            "nothing: round 3 is beyond the number of rounds (XXR/142 says 2)",
            id="round beyond the declared rounds",
        ),
    ],
)
def test_trf_errors_found_while_parsing(text: str, line: int, column: int, expected: str) -> None:
    """Refused by the TRF reader itself, at the field, before the shared checks run."""
    error = error_of(read_trf, text)
    assert error.location == Location("t.trf", line, column)
    assert error.expected.startswith(expected)


# ---------------------------------------------------------------------------------------------
# Our JSON: the same Swiss, one player object per line (players on lines 4-7)


def json_result(slot: str) -> str:
    """A TRF round slot (``   3 w 1``) as a JSON result object."""
    opponent, colour, code = int(slot[:4]), slot[5], slot[7]
    if not opponent:
        return json.dumps({"kind": code})
    return json.dumps({"kind": code, "opponent": opponent, "colour": colour})


def our_json(
    changes: dict[int, dict[int, str]] | None = None,
    points: dict[int, str] | None = None,
    header: str = '"rounds": 2',
    extra: dict[int, str] | None = None,
) -> str:
    lines = [
        '{"format": "tiebreaks-tournament", "version": 1,',
        f' "tournament": {{"name": "T", {header}}},',
        ' "players": [',
    ]
    for number, (name, stated, rounds) in TRF_PLAYERS.items():
        slots = list(rounds)
        for round_number, slot in (changes or {}).get(number, {}).items():
            slots[round_number - 1] = slot
        results = ", ".join(
            json_result(slot) for slot in [*slots, (extra or {}).get(number, "")] if slot
        )
        stated_points = (points or {}).get(number, stated)
        comma = "," if number < 4 else ""
        lines.append(
            f'  {{"start_number": {number}, "name": "{name}", "stated_points": "{stated_points}", '
            f'"results": [{results}]}}{comma}'
        )
    lines.append(" ]}")
    return "\n".join(lines) + "\n"


def read_json(text: str) -> Tournament:
    return read_tournament_json(text, "t.json")


def test_the_json_base_is_consistent() -> None:
    tournament = read_json(our_json())
    assert tournament.warnings == ()
    assert [player.line for player in tournament.players] == [4, 5, 6, 7]


@pytest.mark.parametrize(
    ("changes", "line", "found", "expected"),
    [
        pytest.param(
            {1: {1: "0000 - U"}},
            6,
            "round 1: a loss against player 1 with Black",
            "player 1 (Anna, line 4) to name player 3 as opponent in round 1 too, but it has a "
            "pairing-allocated bye",
            id="sides do not name each other",
        ),
        pytest.param(
            {1: {1: "   4 w 1"}},
            4,
            "round 1: a win against player 4 with White",
            "an opponent paired once in round 1, but player 4 (Dirk, line 7) is paired twice "
            "(named by player 1 (Anna, line 4) and player 2 (Bert, line 5)) and has a draw "
            "against player 2 with Black (1 more inconsistency follows)",
            id="paired twice",
        ),
        pytest.param(
            {3: {1: "   1 b 1"}},
            4,
            "round 1: a win against player 3 with White",
            "player 3 (Cleo, line 6) to have the other side of this game in round 1 (a loss "
            "against player 1 with Black), but it has a win against player 1 with Black",
            id="results contradict",
        ),
    ],
)
def test_json_errors(
    changes: dict[int, dict[int, str]], line: int, found: str, expected: str
) -> None:
    error = error_of(read_json, our_json(changes))
    assert error.location == Location("t.json", line, 0)
    assert (error.text, error.expected) == (found, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            our_json(points={1: "2.5"}),
            [(4, 0, 'player 1 (Anna): "stated_points" says 2.5 but the results add up to 2.0')],
            id="stated points",
        ),
        pytest.param(
            our_json({4: {1: "   2 w ="}}),
            [
                (
                    5,
                    0,
                    "round 1: player 2 (Bert, line 5) had a draw against player 4 with White, "
                    "but player 4 (Dirk, line 7) had a draw against player 2 with White; the "
                    "colours are not opposite (each player's own record is used)",
                )
            ],
            id="colours",
        ),
        pytest.param(
            our_json({2: {1: "   4 w D"}, 4: {1: "   2 b D"}}, points={2: "1.5", 4: "0.5"}),
            [],
            id="unrated on both sides agrees",
        ),
    ],
)
def test_json_warnings(text: str, expected: list[Located]) -> None:
    assert located(read_json(text)) == expected


def test_json_declared_round_robin_that_is_not_one() -> None:
    """4 players (a cycle of 3 rounds): players 1 and 3 meet in rounds 1 and 2."""
    text = our_json(
        {1: {2: "   3 b 1"}, 3: {2: "   1 w 0"}, 2: {2: "0000 - U"}, 4: {2: "0000 - U"}},
        points={2: "1.5", 4: "1.5"},
        header='"rounds": 2, "pairing_system": "round-robin"',
    )
    tournament = read_json(text)
    assert tournament.pairing_system is PairingSystem.ROUND_ROBIN
    # also: 2 rounds are not a cycle of 4 players (3 rounds), said at "pairing_system"
    assert located(tournament) == [
        (
            2,
            61,
            "the input declares a round robin of 4 players and 2 rounds, but a round robin of "
            f"4 players has 3 rounds per cycle {NOT_A_CYCLE}",
        ),
        (
            4,
            0,
            "the input declares a round robin, but player 1 (Anna, line 4) and player 3 (Cleo, "
            "line 6) meet 2 times (rounds 1 and 2), while in a round robin of 4 players and 2 "
            "rounds two players meet at most once; computed as a round robin, as declared",
        ),
    ]


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        pytest.param(
            our_json().replace('"start_number": 4', '"start_number": 3'),
            7,
            "a start number not used by another player",
            id="duplicate start number",
        ),
        pytest.param(
            our_json({4: {2: "   9 w 0"}}),
            7,
            "the start number of a player (no player has number 9)",
            id="opponent that does not exist",
        ),
        pytest.param(
            our_json(extra={4: "0000 - U"}),
            7,
            "at most 2 results (one per round)",
            id="round beyond the declared rounds",
        ),
    ],
)
def test_json_errors_found_while_parsing(text: str, line: int, expected: str) -> None:
    """Refused by the JSON reader itself, at the value (line and column), before the shared
    checks run."""
    error = error_of(read_json, text)
    assert error.location.line == line and error.location.column > 0
    assert error.expected.startswith(expected)


# ---------------------------------------------------------------------------------------------
# Chess-JSON: competitors on lines 5-7, games from line 10


def chess_json(games: Sequence[str], rounds: int = 2, points: str = "", fmt: str = "") -> str:
    """Three competitors (Anna, Bert, Cleo) and the given game objects, one per line."""
    extra = f', "gamePoints": "{points}"' if points else ""
    lines = [
        '{"filetype": "Event", "version": "1.0", "event": {"eventName": "E",',
        ' "profiles": [{"id": 1, "fideName": "Anna"}, {"id": 2, "fideName": "Bert"},'
        ' {"id": 3, "fideName": "Cleo"}],',
        f' "tournaments": [{{"name": "T", "numRounds": {rounds}{fmt},',
        '  "competitors": [',
        f'   {{"cid": 1, "profileId": 1{extra}}},',
        '   {"cid": 2, "profileId": 2},',
        '   {"cid": 3, "profileId": 3}',
        "  ],",
        '  "gameList": [',
        ",\n".join(f"   {game}" for game in games),
        "  ]}]}}",
    ]
    return "\n".join(lines) + "\n"


def game(
    round_number: int, white: int, white_result: str | None, black: int, black_result: str | None
) -> str:
    sides = []
    for cid, result in ((white, white_result), (black, black_result)):
        side: dict[str, object] = {"cid": cid}
        if result is not None:
            side["result"] = result
        sides.append(json.dumps(side))
    return f'{{"round": {round_number}, "white": {sides[0]}, "black": {sides[1]}}}'


def read_chess(text: str) -> Tournament:
    return read_chess_json(text, "t.json")


def test_the_chess_json_base_is_consistent() -> None:
    tournament = read_chess(chess_json([game(1, 1, "W", 2, "L"), game(2, 3, "D", 1, "D")]))
    assert tournament.warnings == ()
    assert [player.line for player in tournament.players] == [5, 6, 7]


@pytest.mark.parametrize(
    ("text", "line", "found", "expected"),
    [
        pytest.param(
            chess_json([game(1, 1, "W", 2, None), game(1, 2, "W", 1, None)]),
            5,
            "round 1: a win against player 2 with White",
            "player 2 (Bert, line 6) to have the other side of this game in round 1 (a loss "
            "against player 1 with Black), but it has a win against player 1 with White",
            id="one-sided games that contradict",
        ),
        pytest.param(
            chess_json([game(1, 1, "W", 2, None)]),
            5,
            "round 1: a win against player 2 with White",
            "player 2 (Bert, line 6) to name player 1 as opponent in round 1 too, but it has no "
            "game (absent)",
            id="a game on one side only",
        ),
        pytest.param(
            chess_json([game(1, 1, "W", 2, "L"), game(2, 2, "D", 1, "D")], rounds=1),
            5,
            "round 2: a draw against player 2 with Black",
            "nothing: round 2 is beyond the number of rounds (1) (1 more inconsistency follows)",
            id="round beyond numRounds",
        ),
    ],
)
def test_chess_json_errors(text: str, line: int, found: str, expected: str) -> None:
    error = error_of(read_chess, text)
    assert error.location == Location("t.json", line, 0)
    assert (error.text, error.expected) == (found, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            chess_json([game(1, 1, "W", 2, "L")], points="1.5"),
            [(5, 0, 'player 1 (Anna): "gamePoints" says 1.5 but the results add up to 1.0')],
            id="stated points",
        ),
        pytest.param(
            chess_json([game(1, 1, "W", 2, None), game(1, 2, "L", 1, None)]),
            [
                (
                    5,
                    0,
                    "round 1: player 1 (Anna, line 5) had a win against player 2 with White, "
                    "but player 2 (Bert, line 6) had a loss against player 1 with White; the "
                    "colours are not opposite (each player's own record is used)",
                )
            ],
            id="colours of one-sided games",
        ),
        pytest.param(
            chess_json(
                [game(1, 1, "W", 2, "L"), game(2, 2, "D", 1, "D")], fmt=', "format": "roundrobin"'
            ),
            [
                (
                    3,
                    58,
                    "the input declares a round robin of 3 players and 2 rounds, but a round "
                    f"robin of 3 players has 3 rounds per cycle {NOT_A_CYCLE}",
                ),
                (
                    5,
                    0,
                    "the input declares a round robin, but player 1 (Anna, line 5) and player 2 "
                    "(Bert, line 6) meet 2 times (rounds 1 and 2), while in a round robin of 3 "
                    "players and 2 rounds two players meet at most once; computed as a round "
                    "robin, as declared",
                ),
            ],
            id="declared round robin that is not one",
        ),
    ],
)
def test_chess_json_warnings(text: str, expected: list[Located]) -> None:
    assert located(read_chess(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            chess_json([game(1, 1, "W", 2, "L"), game(1, 3, "W", 1, "L")]),
            "one game per player and round (player 1 has another game in round 1)",
            id="paired twice",
        ),
        pytest.param(
            chess_json([game(1, 1, "W", 9, "L")]),
            "the cid of a competitor (none has 9)",
            id="opponent that does not exist",
        ),
        pytest.param(
            chess_json([]).replace('{"cid": 3, "profileId": 3}', '{"cid": 2, "profileId": 3}'),
            "a start number used by no other competitor",
            id="duplicate start number",
        ),
    ],
)
def test_chess_json_errors_found_while_parsing(text: str, expected: str) -> None:
    assert error_of(read_chess, text).expected.startswith(expected)


# ---------------------------------------------------------------------------------------------
# PGN and CSV crosstables: one record per game or per pair, so most classes cannot occur


PGN_GAME = (
    '[Event "E"]\n[White "{white}"]\n[Black "{black}"]\n[Round "{round}"]\n'
    '[Result "{result}"]\n\n{result}\n\n'
)


def pgn(*games: tuple[str, str, int, str]) -> bytes:
    text = "".join(
        PGN_GAME.format(white=white, black=black, round=round_number, result=result)
        for white, black, round_number, result in games
    )
    return text.encode("utf-8")


def test_pgn_player_paired_twice_is_an_error_at_the_second_game() -> None:
    data = pgn(("Anna", "Bert", 1, "1-0"), ("Cleo", "Anna", 1, "0-1"))
    with pytest.raises(InputError) as caught:
        read_pgn(data, "t.pgn")
    assert caught.value.location == Location("t.pgn", 9, 1)
    assert caught.value.expected == (
        "one game per player and round (Anna already has a game in round 1, line 1)"
    )


def test_pgn_start_number_given_to_two_players_is_an_error_at_the_tag() -> None:
    text = (
        '[Event "E"]\n[White "Anna"]\n[Black "Bert"]\n[Round "1"]\n[Result "1-0"]\n'
        '[WhiteStartNumber "1"]\n[BlackStartNumber "1"]\n\n1-0\n'
    )
    with pytest.raises(InputError) as caught:
        read_pgn(text.encode("utf-8"), "t.pgn")
    assert caught.value.location.line == 7
    assert caught.value.expected == "a start number not used by Anna"


def test_pgn_games_agree_by_construction() -> None:
    tournament = read_pgn(pgn(("Anna", "Bert", 1, "1-0"), ("Bert", "Anna", 2, "1/2-1/2")), "t.pgn")
    assert tournament.warnings == ()


def test_csv_points_column_is_checked_by_the_shared_check() -> None:
    text = "Name,1,2,3,Points\nAnn,*,1,½,1½\nBob,0,*,1,2\nCid,½,0,*,½\n"
    tournament = read_crosstable_csv(text.encode("utf-8"), "table.csv")
    assert located(tournament) == [
        (3, 5, "player 2 (Bob): the points column says 2.0 but the results add up to 1.0")
    ]


def test_csv_cells_that_contradict_are_an_error_at_the_second_cell() -> None:
    text = "Name,1,2\nAnn,*,1\nBob,1,*\n"
    with pytest.raises(InputError) as caught:
        read_crosstable_csv(text.encode("utf-8"), "table.csv")
    assert caught.value.location == Location("table.csv", 3, 2)
    assert caught.value.expected.startswith("0 to match '1' of player 1 against player 2")


# ---------------------------------------------------------------------------------------------
# The shared check on tournaments built in code (what no reader lets through)


def built() -> Tournament:
    builder = Builder(rounds=2)
    builder.player(1, "Anna").player(2, "Bert").player(3, "Cleo")
    builder.game(1, 1, 2, "1-0").bye(1, 3, K.PAIRING_BYE)
    builder.game(2, 3, 1, "=").bye(2, 2, K.HALF_BYE)
    return builder.build()


def with_players(tournament: Tournament, *players: Player) -> Tournament:
    return replace(tournament, players=players)


def test_built_tournament_is_consistent() -> None:
    tournament = built()
    assert check_consistency(tournament) is tournament


def test_duplicate_start_numbers() -> None:
    anna, bert, cleo = (replace(p, line=n + 10) for n, p in enumerate(built().players))
    tournament = with_players(built(), anna, bert, replace(cleo, start_number=2))
    with pytest.raises(InputError) as caught:
        check_consistency(tournament, Locator("t"))
    assert caught.value.location == Location("t", 12, 0)
    assert caught.value.text == "2"
    assert caught.value.expected == (
        "a start number not used by another player (player 2 (Bert, line 11) already has 2)"
    )


def test_paired_with_themselves() -> None:
    anna, bert, cleo = built().players
    cleo = replace(cleo, results=(RoundResult(K.DRAW, 3, Colour.NONE), cleo.results[1]))
    with pytest.raises(InputError) as caught:
        check_consistency(with_players(built(), anna, bert, cleo))
    assert caught.value.text == "3"
    assert caught.value.expected == (
        "the start number of another player in round 1 (player 3 cannot be paired against "
        "themselves)"
    )
    assert caught.value.location == Location("")  # no line: a tournament built in code


def test_round_beyond_the_declared_rounds() -> None:
    with pytest.raises(InputError) as caught:
        check_consistency(built(), declared_rounds=1)
    assert caught.value.text == "round 2: a draw against player 3 with Black"
    assert caught.value.expected == (
        "nothing: round 2 is beyond the number of rounds (1) (2 more inconsistencies follow)"
    )


def test_results_shorter_than_the_rounds_are_absences() -> None:
    anna, bert, cleo = built().players
    tournament = with_players(built(), anna, replace(bert, results=bert.results[:1]), cleo)
    assert check_consistency(tournament) is tournament


def test_points_in_another_score_system() -> None:
    three = ScoreSystem.from_values(win=Fraction(3), draw=Fraction(1))
    anna, bert, cleo = built().players
    anna = replace(anna, stated_points=Fraction(4), line=1)
    tournament = replace(with_players(built(), anna, bert, cleo), score_system=three)
    assert check_consistency(tournament) is tournament  # 3 for the win, 1 for the draw
    anna = replace(anna, stated_points=Fraction(3, 2))
    [warning] = check_consistency(replace(tournament, players=(anna, bert, cleo))).warnings
    assert warning.message == (
        "player 1 (Anna): the stated score says 1.5 but the results add up to 4.0 with the "
        "score system W 3, D 1, L 0, A 0, P 3"
    )


# ---------------------------------------------------------------------------------------------
# The fast screen says "consistent" exactly when the careful walk finds nothing


GAME_KINDS = [kind for kind in K if kind.has_opponent]
SOME_KINDS = [K.WIN, K.LOSS, K.DRAW, K.UNRATED_DRAW, K.FORFEIT_WIN, K.FORFEIT_LOSS]


def screened_rounds(tournament: Tournament) -> tuple[list[int], list[int]]:
    """The rounds the screen sends to the careful walk, and those the walk reports on."""
    table = _table(tournament, None, Locator(), _Findings())
    examined = _rounds_to_examine(table, _Flat.of(table))
    reported = []
    for round_number in range(1, table.rounds + 1):
        findings = _Findings()
        _check_round(table, round_number, Locator(), findings)
        if findings.broken or findings.errors or findings.warnings:
            reported.append(round_number)
    return examined, reported


def one_slot(number: int) -> list[RoundResult]:
    """Every result player ``number`` can have in a round of a 2-player tournament: each bye
    kind with each colour, each game kind and colour against the other player, themselves and
    player 3 (who does not exist)."""
    byes = [
        RoundResult(kind, None, colour) for kind in K if not kind.has_opponent for colour in Colour
    ]
    games = [
        RoundResult(kind, opponent, colour)
        for kind in GAME_KINDS
        for colour in Colour
        for opponent in (3 - number, number, 3)
    ]
    return byes + games


def test_the_screen_agrees_with_the_careful_walk_on_every_pair_of_records() -> None:
    """Exhaustive over the two records of a 2-player round (87 x 87 cases)."""
    for first in one_slot(1):
        for second in one_slot(2):
            players = (Player(1, "A", (first,)), Player(2, "B", (second,)))
            examined, reported = screened_rounds(Tournament("pair", 1, players))
            assert examined == reported, (first, second)


@st.composite
def paired_tournaments(draw: st.DrawFn) -> Tournament:
    """Random pairings of players 1-5 over 1-3 rounds: each pair's second record written as
    the complement of the first, with any result, or with any colour; then a few records
    replaced by anything (an opponent who does not exist, the player themselves, a third
    player who then is paired twice ...)."""
    rounds = draw(st.integers(1, 3))
    table: dict[int, list[RoundResult]] = {n: [] for n in range(1, 6)}
    for _ in range(rounds):
        order = draw(st.permutations(list(table)))
        for white, black in zip(order[0::2], order[1::2], strict=False):
            kind, colour = draw(st.sampled_from(SOME_KINDS)), draw(st.sampled_from(Colour))
            other_kind = {K.WIN: K.LOSS, K.LOSS: K.WIN, K.FORFEIT_WIN: K.FORFEIT_LOSS}.get(
                kind, kind
            )
            other_colour = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}.get(
                colour, Colour.NONE
            )
            answer = draw(st.sampled_from(["complement", "any result", "any colour"]))
            if answer == "any result":
                other_kind = draw(st.sampled_from(SOME_KINDS))
            elif answer == "any colour":
                other_colour = draw(st.sampled_from(Colour))
            table[white].append(RoundResult(kind, black, colour))
            table[black].append(RoundResult(other_kind, white, other_colour))
        table[order[-1]].append(RoundResult(K.PAIRING_BYE))
    slots = [(number, index) for number in table for index in range(rounds)]
    for number, index in draw(st.lists(st.sampled_from(slots), max_size=2)):
        kind = draw(st.sampled_from(SOME_KINDS))
        table[number][index] = RoundResult(
            kind, draw(st.integers(1, 6)), draw(st.sampled_from(Colour))
        )
    players = tuple(Player(n, f"P{n}", tuple(results)) for n, results in table.items())
    return Tournament("random", rounds, players)


@settings(max_examples=500, deadline=None)
@given(paired_tournaments())
def test_the_screen_agrees_with_the_careful_walk(tournament: Tournament) -> None:
    """A round the screen lets through has nothing the careful walk would report, and the
    other way round."""
    examined, reported = screened_rounds(tournament)
    assert examined == reported


@st.composite
def corrupted(draw: st.DrawFn) -> Tournament:
    """A generated Swiss or round robin with up to three results replaced by any result at
    all (an opponent who does not exist, the player themselves, a contradiction ...)."""
    tournament = draw(st.one_of(swiss_tournaments(), round_robins()))
    players = list(tournament.players)
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(0, len(players) - 1))
        slot = draw(st.integers(0, tournament.rounds - 1))
        kind = draw(st.sampled_from(list(K)))
        opponent = draw(st.integers(0, len(players) + 2)) if kind.has_opponent else None
        colour = draw(st.sampled_from(list(Colour)))
        results = list(players[index].results)
        results[slot] = RoundResult(kind, opponent, colour)
        players[index] = replace(players[index], results=tuple(results))
    return replace(tournament, players=tuple(players))


@settings(max_examples=300, deadline=None)
@given(corrupted())
def test_the_screen_agrees_with_the_careful_walk_on_generated_events(
    tournament: Tournament,
) -> None:
    """The same on generated events of every size the strategies make, corrupted anywhere."""
    examined, reported = screened_rounds(tournament)
    assert examined == reported


# ---------------------------------------------------------------------------------------------
# Command line and batch


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_error_exits_1_with_and_without_strict_and_leaves_the_input_alone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "contradiction.trf"
    path.write_bytes(trf({3: {1: "   1 b 1"}}).encode("utf-8"))
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    output = tmp_path / "out.json"
    message = (
        f"error: {path}:3:92: found 'round 1: a win against player 3 with White', expected "
        "player 3 (Cleo, line 5) to have the other side of this game in round 1"
    )
    for strict in ((), ("--strict",)):
        code, out, err = run("standings", str(path), "-f", "json", "-o", str(output), *strict)
        assert code == EXIT_INPUT
        assert out == "" and err.startswith(message)
        assert not output.exists()
        code, _, _ = run("convert", str(path), str(tmp_path / "out.trf"), *strict)
        assert code == EXIT_INPUT and not (tmp_path / "out.trf").exists()
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_cli_warning_exits_0_and_1_with_strict(tmp_path: Path) -> None:
    path = tmp_path / "colours.json"
    path.write_text(our_json({4: {1: "   2 w ="}}), encoding="utf-8")
    before = path.read_bytes()
    message = (
        "round 1: player 2 (Bert, line 5) had a draw against player 4 with White, but player 4 "
        "(Dirk, line 7) had a draw against player 2 with White; the colours are not opposite "
        "(each player's own record is used)"
    )
    code, out, err = run("standings", str(path))
    assert code == 0 and out
    assert f"warning: {path}:5: {message}\n" in err
    code, out, err = run("standings", str(path), "--strict", "-o", str(tmp_path / "out.txt"))
    assert code == EXIT_INPUT and out == ""
    assert err == f"error: {path}:5: found {message!r}, expected no anomaly (--strict)\n"
    assert not (tmp_path / "out.txt").exists()
    assert path.read_bytes() == before


def test_strict_names_the_first_warning_in_the_input_and_counts_the_others(
    tmp_path: Path,
) -> None:
    path = tmp_path / "two.trf"
    path.write_text(trf({4: {1: "   2 w ="}}, points={3: "1.0"}), encoding="utf-8")
    message = (
        "round 1: player 2 (Bert, line 4) had a draw against player 4 with White, but player 4 "
        "(Dirk, line 6) had a draw against player 2 with White; the colours are not opposite "
        "(each player's own record is used)"
    )
    code, _, err = run("check", str(path), "--strict")
    assert code == EXIT_INPUT
    assert (
        err
        == f"error: {path}:4:92: found {message!r}, expected no anomaly (--strict) (and 1 more)\n"
    )


def test_batch_reports_the_error_with_its_line_and_column(tmp_path: Path) -> None:
    bad, warned = tmp_path / "bad.trf", tmp_path / "warned.trf"
    bad.write_text(trf({3: {1: "   1 b 1"}}), encoding="utf-8")
    warned.write_text(trf(points={1: "2.5"}), encoding="utf-8")
    for mode in ("standings", "check"):
        result = process_file(Task(str(bad)), BatchOptions(mode))
        assert (result["status"], result["line"], result["column"]) == ("error", 3, 92)
        assert result["error"].startswith(f"{bad}:3:92: found 'round 1: a win against player 3")
        result = process_file(Task(str(warned)), BatchOptions(mode))
        assert result["status"] != "error" and result["warnings"] == 1


def test_a_player_with_games_outside_every_team_is_an_error() -> None:
    """A team tournament (013 records) whose players 3 and 4 play but are in no team: the
    board's match has no team on one side. The first such player's record is line 6."""
    path = (
        Path(__file__).resolve().parents[2]
        / "fuzz/regressions/trf/team-players-outside-every-team.trf"
    )
    with pytest.raises(InputError) as caught:
        read_trf_text(path.read_text(encoding="utf-8"), "t.trf")
    assert (caught.value.location.line, caught.value.location.column) == (6, 5)
    assert "to be in a team" in str(caught.value)
    assert "1 more inconsistency follows" in str(caught.value)


def test_a_team_bye_must_name_a_listed_team_in_a_round_of_the_tournament() -> None:
    """TRF26 320: the bye team of round r sits at columns 15 + 4 (r - 1); the held team
    Swiss (14 teams) with team 99 in round 5 (column 31), and a file with no round at all."""
    regressions = Path(__file__).resolve().parents[2] / "fuzz" / "regressions" / "trf"
    cases = [
        ("bye-of-a-team-that-does-not-exist.trf", (9, 31), "no team 99, round 5"),
        ("bye-in-a-round-the-tournament-does-not-have.trf", (2, 15), "the file has none"),
    ]
    for name, place, words in cases:
        with pytest.raises(InputError) as caught:
            read_trf_text((regressions / name).read_text(encoding="utf-8"), name)
        location = caught.value.location
        assert (location.line, location.column) == place
        assert words in str(caught.value)
