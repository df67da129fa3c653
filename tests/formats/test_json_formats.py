"""Tests of our JSON tournament format and of FIDE Chess-JSON (reader and writer).

Expected values are written by hand from the format descriptions (module docstrings, spec
§5.5) or read from the example files; error locations are counted in the small inputs below.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from dataclasses import replace
from datetime import date
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.errors import InputError, Location
from tiebreaks.formats.readers.chess_json import read_chess_json, tec_kind
from tiebreaks.formats.readers.json_syntax import exact_text, parse_exact, parse_json
from tiebreaks.formats.readers.tournament_json import read_tournament_json
from tiebreaks.formats.readers.trf import read_trf_file, read_trf_text
from tiebreaks.formats.writers.chess_json import chess_json_document, write_chess_json
from tiebreaks.formats.writers.tournament_json import (
    tournament_json_document,
    write_tournament_json,
)
from tiebreaks.model import Colour, PairingSystem, ResultKind, RoundResult, Tournament

from ..builders import Builder

K = ResultKind
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
EXAMPLES = Path(tiebreaks.__file__).parent / "examples"
SCHEMA = Path(tiebreaks.__file__).parent / "formats" / "schema" / "tournament.schema.json"
SWISS_16 = EXAMPLES / "held-swiss-16.trf"
TEAM_14 = EXAMPLES / "held-team-14.trf"


def comparable(tournament: Tournament) -> Tournament:
    """The tournament without what depends on the file it came from (lines, source name)."""
    records = tournament.team_records
    if records is not None:
        records = replace(
            records,
            teams=tuple(replace(team, line=None) for team in records.teams),
            forfeits=tuple(replace(forfeit, line=None) for forfeit in records.forfeits),
        )
    players = tuple(replace(player, line=None) for player in tournament.players)
    return replace(tournament, players=players, team_records=records, source="")


@cache
def schema_validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA.read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def small() -> Tournament:
    """Round 1: 1-2 1-0, 3 half-point bye; round 2: 2-3 forfeit (+-), 1 zero-point bye."""
    builder = Builder(rounds=2)
    builder.player(1, "Anna", 2000).player(2, "Bert", 1900).player(3, "Cleo", None)
    builder.game(1, 1, 2, "1-0").bye(1, 3, K.HALF_BYE)
    builder.game(2, 2, 3, "+-").bye(2, 1, K.ZERO_BYE)
    return builder.build("Small")


def minimal_document() -> dict[str, Any]:
    return {
        "format": "tiebreaks-tournament",
        "version": 1,
        "tournament": {"name": "T", "rounds": 1},
        "players": [
            {"start_number": 1, "name": "A", "results": [{"kind": "win", "opponent": 2}]},
            {"start_number": 2, "name": "B", "results": [{"kind": "0", "opponent": 1}]},
        ],
    }


def error_of(text: str, reader: Any = read_tournament_json) -> InputError:
    with pytest.raises(InputError) as caught:
        reader(text.encode("utf-8"), "t.json")
    return caught.value


# ---------------------------------------------------------------------------------------------
# Exact numbers


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(1), "1.0"),
        (Fraction(0), "0.0"),
        (Fraction(1, 2), "0.5"),
        (Fraction(9, 4), "2.25"),
        (Fraction(-5, 4), "-1.25"),
        (Fraction(1, 3), "1/3"),
        (Fraction(1, 1000), "0.001"),
    ],
)
def test_exact_text(value: Fraction, text: str) -> None:
    assert exact_text(value) == text
    assert parse_exact(text) == value


@pytest.mark.parametrize("text", ["", "1.", ".5", "1e3", "1/0", "0.5 ", "NaN", "1,5"])
def test_parse_exact_rejects(text: str) -> None:
    assert parse_exact(text) is None


# ---------------------------------------------------------------------------------------------
# Our JSON: writing and reading


def test_small_tournament_document() -> None:
    document = tournament_json_document(small())
    assert document["format"] == "tiebreaks-tournament"
    assert document["version"] == 1
    assert document["tournament"]["start_date"] == "2026-05-01"
    assert document["tournament"]["score_system"]["half_bye"] == "0.5"
    assert document["tournament"]["score_system"]["pairing_bye"] == "1.0"
    anna, bert, cleo = document["players"]
    assert anna["results"] == [
        {"kind": "win", "opponent": 2, "colour": "w"},
        {"kind": "zero_bye", "opponent": None, "colour": "-"},
    ]
    assert bert["results"][1] == {"kind": "forfeit_win", "opponent": 3, "colour": "w"}
    assert cleo["rating"] is None
    assert cleo["results"][0] == {"kind": "half_bye", "opponent": None, "colour": "-"}
    assert document["team_records"] is None
    assert "standings" not in document


def test_small_tournament_reads_back() -> None:
    original = small()
    text = write_tournament_json(original)
    read = read_tournament_json(text, "small.json")
    assert comparable(read) == comparable(original)
    assert read.source == "small.json"
    lines = text.splitlines()
    anna = lines.index('      "start_number": 1,')  # the line of Anna's object: the one before
    assert lines[anna - 1] == "    {"
    assert read.players[0].line == anna


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.trf")))
def test_examples_read_back_exactly(name: str) -> None:
    original = read_trf_file(EXAMPLES / name)
    text = write_tournament_json(original)
    assert comparable(read_tournament_json(text, name)) == comparable(original)
    assert list(schema_validator().iter_errors(json.loads(text))) == []


def test_result_kinds_by_name_and_by_trf_code() -> None:
    document = minimal_document()
    document["tournament"]["rounds"] = 3
    first, second = document["players"]
    first["results"] += [{"kind": "U"}, {"kind": "Forfeit-Win", "opponent": 2, "colour": "W"}]
    second["results"] += [{"kind": " "}, {"kind": "-", "opponent": 1, "colour": "b"}]
    tournament = read_tournament_json(json.dumps(document))
    assert tournament.players[0].results == (
        RoundResult(K.WIN, 2, N),
        RoundResult(K.PAIRING_BYE),
        RoundResult(K.FORFEIT_WIN, 2, W),
    )
    assert tournament.players[1].results == (
        RoundResult(K.LOSS, 1, N),
        RoundResult(K.ABSENT),
        RoundResult(K.FORFEIT_LOSS, 1, B),
    )
    assert tournament.pairing_system is PairingSystem.SWISS
    assert tournament.score_system == tiebreaks.ScoreSystem()


def test_score_system_keys_not_given_keep_the_standard_values() -> None:
    document = minimal_document()
    document["tournament"]["score_system"] = {"win": "3.0", "D": "1", "pairing_bye": 2}
    points = read_tournament_json(json.dumps(document)).score_system.points
    assert points[K.WIN] == 3
    assert points[K.UNRATED_DRAW] == 1
    assert points[K.PAIRING_BYE] == 2
    assert points[K.DRAW] == Fraction(1, 2)
    assert points[K.FORFEIT_WIN] == 1


def test_team_records_read_back() -> None:
    original = read_trf_file(TEAM_14)
    records = original.team_records
    assert records is not None and records.bye_teams == {5: 12, 7: 14}
    document = tournament_json_document(original)
    assert document["team_records"]["bye_teams"] == [
        {"round": 5, "team": 12},
        {"round": 7, "team": 14},
    ]
    assert document["team_records"]["match_points"] == {"win": "2.0", "draw": "1.0", "loss": "0.0"}
    assert document["team_records"]["board_colours"] == "WBWB"
    read = read_tournament_json(json.dumps(document))
    assert comparable(read).team_records == comparable(original).team_records


def test_standings_section_gives_the_published_values() -> None:
    original = read_trf_file(SWISS_16)
    standings = tiebreaks.compute_standings(original, "PTS,BH/C1,SB,DE", "fide-2024")
    text = write_tournament_json(original, standings)
    document = json.loads(text)
    assert list(schema_validator().iter_errors(document)) == []
    section = document["standings"]
    assert section["columns"] == ["PTS", "BH/C1", "SB", "DE"]
    assert section["rules"] == "fide-2024"
    first = section["rows"][0]
    row = standings.rows[0]
    assert first["participant"] == row.player.start_number
    values = [None if v is None else parse_exact(v) for v in first["values"]]  # DE: null
    assert values == [row.values[c] for c in standings.columns]
    read = read_tournament_json(text)
    assert read.published_columns == ("PTS", "BH/C1", "SB", "DE")
    by_number = {p.start_number: p for p in read.players}
    for row in standings.rows:
        expected = tuple(row.values[column] for column in standings.columns)
        player = by_number[row.player.start_number]
        assert player.stated_values == expected
        # the published points and ranks are those of the standings, as in TRF and Chess-JSON
        assert (player.stated_points, player.stated_rank) == (row.values["PTS"], row.rank)
    assert [p.results for p in read.players] == [p.results for p in original.players]
    # the published values are kept when the tournament is written again (without standings)
    again = read_tournament_json(write_tournament_json(read))
    assert comparable(again) == comparable(read)


def test_team_standings_section() -> None:
    original = read_trf_file(TEAM_14)
    standings = tiebreaks.compute_standings(original)
    text = write_tournament_json(original, standings)
    assert list(schema_validator().iter_errors(json.loads(text))) == []
    assert json.loads(text)["standings"]["team"] is True
    read = read_tournament_json(text)
    assert read.published_columns == ()  # team values have no place on the players
    assert comparable(read) == comparable(original)


def test_example_files_read_with_the_format_detected() -> None:
    from_json = tiebreaks.read_tournament(EXAMPLES / "held-swiss-16.json")
    from_chess_json = tiebreaks.read_tournament(EXAMPLES / "held-swiss-16.chess.json")
    original = comparable(read_trf_file(SWISS_16))
    assert comparable(from_json) == original
    assert comparable(from_chess_json) == original


# ---------------------------------------------------------------------------------------------
# Our JSON: errors, each at the line and column of the offending value


def test_syntax_error_line_and_column() -> None:
    error = error_of('{\n  "format": "tiebreaks-tournament",\n  "version": 1,,\n}')
    assert (error.location.source, error.location.line, error.location.column) == ("t.json", 3, 16)
    assert "valid JSON" in error.expected


def test_wrong_type_is_located() -> None:
    text = json.dumps(minimal_document(), indent=2).replace('"rounds": 1', '"rounds": "one"')
    error = error_of(text)
    line = text.splitlines().index('    "rounds": "one"') + 1
    assert (error.location.line, error.location.column) == (line, 15)
    assert error.text == '"one"'
    assert "tournament.rounds" in error.expected


def test_unknown_result_kind() -> None:
    document = minimal_document()
    document["players"][0]["results"][0]["kind"] = "victory"
    text = json.dumps(document, indent=2)
    error = error_of(text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if '"victory"' in s)
    assert error.location.line == line
    assert error.text == '"victory"'
    assert "players[0].results[0].kind" in error.expected
    assert "result kind" in error.expected


def test_opponent_that_does_not_exist() -> None:
    document = minimal_document()
    document["players"][1]["results"][0]["opponent"] = 7
    text = json.dumps(document)
    error = error_of(text)
    assert error.location.line == 1
    assert error.location.column == text.index('"opponent": 7') + len('"opponent": ') + 1
    assert "no player has number 7" in error.expected
    assert "players[1].results[0].opponent" in error.expected


def test_missing_required_field() -> None:
    document = minimal_document()
    del document["players"][1]["name"]
    text = json.dumps(document, indent=2)
    error = error_of(text)
    lines = text.splitlines()
    second_player = [i for i, s in enumerate(lines, 1) if s.strip() == "{"][-2]
    assert error.location.line == second_player
    assert error.text == ""
    assert '"name"' in error.expected and "players[1]" in error.expected


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(format="other"), '"tiebreaks-tournament"'),
        (lambda d: d.update(version=2), "version 1"),
        (lambda d: d.update(extra=1), "one of the keys"),
        (lambda d: d["tournament"].update(start_date="2024/03/01"), "ISO date"),
        (lambda d: d["tournament"].update(pairing_system="knockout"), "round-robin"),
        (lambda d: d["tournament"].update(score_system={"bonus": "1.0"}), "result kind"),
        (lambda d: d["players"][0].update(start_number=0), "start number from 1"),
        (lambda d: d["players"].append({**d["players"][1], "results": []}), "not used by another"),
        (lambda d: d["players"][0].update(rating=2000.5), "a rating"),
        (lambda d: d["players"][0]["results"].append({"kind": "H"}), "at most 1 results"),
        (lambda d: d["players"][0]["results"][0].update(opponent=1), "not the player's own"),
        (lambda d: d["players"][0]["results"][0].update(opponent=None), "an opponent for a win"),
        (lambda d: d["players"][0]["results"][0].update(kind="H"), "has no opponent"),
        (lambda d: d["players"][0]["results"][0].update(colour="white"), "a colour"),
        (lambda d: d.update(players=[]), "at least one player"),
        (lambda d: d.update(players={}), "an array of players"),
        (lambda d: d.update(team_records={"teams": [{"number": 1}]}), '"players"'),
    ],
)
def test_structure_errors(change: Any, expected: str) -> None:
    document = minimal_document()
    change(document)
    error = error_of(json.dumps(document))
    assert expected in error.expected
    assert error.location.line >= 1 and error.location.column >= 1


def test_points_with_an_exponent_are_refused() -> None:
    text = json.dumps(minimal_document()).replace(
        '"rounds": 1', '"rounds": 1, "score_system": {"win": 1e1}'
    )
    error = error_of(text)
    assert error.text == "1e1"
    assert error.location.column == text.index("1e1") + 1
    assert "tournament.score_system.win" in error.expected


def test_team_record_errors() -> None:
    document = tournament_json_document(read_trf_file(TEAM_14))
    document["team_records"]["forfeits"] = [{"round": 2, "white": 1, "black": 99, "code": "+-"}]
    assert "no team 99" in error_of(json.dumps(document)).expected
    document["team_records"]["forfeits"] = [{"round": 2, "white": 1, "black": 2, "code": "1-0"}]
    assert '"+-", "-+" or "--"' in error_of(json.dumps(document)).expected
    document["team_records"]["forfeits"] = []
    document["team_records"]["bye_teams"] = [{"round": 8, "team": 1}]
    assert "a round from 1 to 7" in error_of(json.dumps(document)).expected
    document["team_records"]["bye_teams"] = []
    document["team_records"]["teams"][1]["number"] = 1
    assert "not used by another team" in error_of(json.dumps(document)).expected


def test_duplicate_key_is_an_error() -> None:
    error = error_of('{"format": "tiebreaks-tournament", "format": "x"}')
    assert (error.location.line, error.location.column) == (1, 36)
    assert "each key once" in error.expected


def test_invalid_utf8_is_located() -> None:
    data = b'{"format":\n "tiebreaks-\xff"}'
    with pytest.raises(InputError) as caught:
        read_tournament_json(data, "t.json")
    assert (caught.value.location.line, caught.value.location.column) == (2, 13)
    assert "UTF-8" in caught.value.expected


def test_deep_nesting_is_an_input_error() -> None:
    assert "nested" in error_of("[" * 100 + "]" * 100).expected
    assert error_of("[" * 100_000).location.line == 1


def test_parse_json_locates_values() -> None:
    node = parse_json('{\n "a": [1, {"b": "x"}]\n}', "s")
    assert isinstance(node.value, dict)
    item = node.value["a"].value
    assert isinstance(item, list)
    inner = item[1].value
    assert isinstance(inner, dict)
    assert (inner["b"].line, inner["b"].column, inner["b"].path) == (2, 17, "a[1].b")


FUZZ_KEYS = [
    "format",
    "version",
    "tournament",
    "players",
    "name",
    "rounds",
    "kind",
    "opponent",
    "results",
    "team_records",
    "teams",
    "event",
    "tournaments",
    "competitors",
    "cid",
    "gameList",
    "white",
    "black",
    "round",
    "result",
    "played",
    "x",
]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
    | st.sampled_from(["win", "1", "", "0.5", "2024-03-01", "swiss", "Event", "W", "P"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(FUZZ_KEYS), children, max_size=5)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON_VALUES | st.binary(max_size=30) | st.text(max_size=30))
def test_random_json_values_raise_only_input_errors(value: object) -> None:
    """Random JSON documents, random bytes and random text."""
    data = value if isinstance(value, bytes) else json.dumps(value).encode("utf-8")
    if isinstance(value, str):
        data = value.encode("utf-8")
    for reader in (read_tournament_json, read_chess_json):
        with contextlib.suppress(InputError):
            reader(data, "fuzz.json")


def _paths(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replaced(document: Any, path: tuple[Any, ...], value: object) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return copy


@cache
def _valid_documents() -> tuple[dict[str, Any], dict[str, Any]]:
    original = read_trf_file(EXAMPLES / "held-round-robin-6.trf")
    return tournament_json_document(original), chess_json_document(original)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), JSON_VALUES)
def test_valid_documents_with_one_value_replaced_raise_only_input_errors(
    data: st.DataObject, value: object
) -> None:
    for document, reader in zip(
        _valid_documents(), (read_tournament_json, read_chess_json), strict=True
    ):
        path = data.draw(st.sampled_from(_paths(document)))
        with contextlib.suppress(InputError):
            reader(json.dumps(_replaced(document, path, value)), "fuzz.json")


# ---------------------------------------------------------------------------------------------
# Chess-JSON


@pytest.mark.parametrize(
    ("kind", "code", "played", "rated", "with_opponent"),
    [
        (K.WIN, "W", True, True, True),
        (K.DRAW, "D", True, True, True),
        (K.LOSS, "L", True, True, True),
        (K.UNRATED_WIN, "W", True, False, True),
        (K.UNRATED_DRAW, "D", True, False, True),
        (K.UNRATED_LOSS, "L", True, False, True),
        (K.FORFEIT_WIN, "W", False, False, True),
        (K.FORFEIT_LOSS, "Z", False, False, True),
        (K.PAIRING_BYE, "P", True, False, False),
        (K.FULL_BYE, "W", False, False, False),
        (K.HALF_BYE, "D", False, False, False),
        (K.ZERO_BYE, "Z", False, False, False),
    ],
)
def test_result_codes_as_the_reference_engine_writes_them(
    kind: ResultKind, code: str, played: bool, rated: bool, with_opponent: bool
) -> None:
    assert tec_kind(code, played, rated, with_opponent) is kind


def test_other_result_codes() -> None:
    assert tec_kind("L", False, False, True) is K.FORFEIT_LOSS  # an unplayed L scores as Z
    assert tec_kind("U", False, False, True) is K.FORFEIT_LOSS
    assert tec_kind("F", False, False, False) is K.FULL_BYE
    assert tec_kind("H", False, False, False) is K.HALF_BYE
    assert tec_kind("w", True, True, True) is K.WIN
    assert tec_kind("A", True, False, True) is None
    assert tec_kind("D", False, False, True) is None


def test_chess_json_of_the_small_tournament() -> None:
    document = chess_json_document(small())
    assert document["filetype"] == "Event"
    tournament = document["event"]["tournaments"][0]
    assert tournament["numRounds"] == 2
    assert tournament["format"] == "swiss"
    assert tournament["rankOrder"] == ["PTS"]
    assert tournament["scoreSystem"]["game"]["H"] == "0.5"
    games = [{k: v for k, v in g.items() if k != "id"} for g in tournament["gameList"]]
    assert games == [
        {
            "round": 1,
            "white": {"cid": 1, "result": "W"},
            "black": {"cid": 2, "result": "L"},
            "played": True,
            "rated": True,
        },
        {
            "round": 1,
            "white": {"cid": 3, "result": "D"},
            "black": None,
            "played": False,
            "rated": False,
        },
        {
            "round": 2,
            "white": {"cid": 1, "result": "Z"},
            "black": None,
            "played": False,
            "rated": False,
        },
        {
            "round": 2,
            "white": {"cid": 2, "result": "W"},
            "black": {"cid": 3, "result": "Z"},
            "played": False,
            "rated": False,
        },
    ]
    assert document["event"]["profiles"][2]["rating"] == []
    assert comparable(read_chess_json(write_chess_json(small()))) == comparable(small())


def test_zero_point_bye_and_absence_stay_distinct() -> None:
    builder = Builder(rounds=3)
    builder.game(1, 1, 2, "=").bye(2, 1, K.ZERO_BYE).bye(2, 2, K.ABSENT)
    builder.game(3, 2, 1, "=")
    original = builder.build()
    games = chess_json_document(original)["event"]["tournaments"][0]["gameList"]
    assert [g["round"] for g in games] == [1, 2, 3]  # no game for the absence
    read = read_chess_json(write_chess_json(original))
    assert read.players[0].results[1] == RoundResult(K.ZERO_BYE)
    assert read.players[1].results[1] == RoundResult(K.ABSENT)


def test_sides_that_disagree_are_written_as_one_sided_games() -> None:
    builder = Builder(rounds=1)
    builder._put(1, 1, RoundResult(K.WIN, 2, W))
    builder._put(2, 1, RoundResult(K.FORFEIT_LOSS, 1, B))
    builder._put(3, 1, RoundResult(K.UNRATED_DRAW, 1, W))  # 1 does not name 3
    original = builder.build()
    games = chess_json_document(original)["event"]["tournaments"][0]["gameList"]
    assert len(games) == 3
    assert games[0]["white"] == {"cid": 1, "result": "W"} and games[0]["black"] == {"cid": 2}
    assert games[1]["white"] == {"cid": 1} and games[1]["black"] == {"cid": 2, "result": "Z"}
    assert games[2]["white"] == {"cid": 3, "result": "D"} and games[2]["black"] == {"cid": 1}
    # read back, the contradiction is an error (docs/input-checks.md): 1's win against 2's
    # forfeit loss first (competitor 1 comes first), then player 1 paired twice (by 2 and 3)
    text = write_chess_json(original)
    lines = {
        n: i for i, s in enumerate(text.splitlines(), 1) for n in (1, 2) if f'"cid": {n}, "p' in s
    }
    error = error_of(text, read_chess_json)
    assert error.location == Location("t.json", lines[1], 0)
    assert error.text == "round 1: a win against player 2 with White"
    assert error.expected == (
        f"player 2 (Player 2, line {lines[2]}) to have the other side of this game in round 1 "
        "(a loss against player 1 with Black), but it has a forfeit loss against player 1 "
        "with Black (1 more inconsistency follows)"
    )


def test_flat_game_records_of_older_files() -> None:
    document = chess_json_document(small())
    tournament = document["event"]["tournaments"][0]
    flat = []
    for game in tournament["gameList"]:
        black = game["black"]
        flat.append(
            {
                "round": game["round"],
                "white": game["white"]["cid"],
                "black": 0 if black is None else black["cid"],
                "wResult": game["white"]["result"],
                "bResult": None if black is None else black["result"],
                "played": game["played"],
                "rated": game["rated"],
            }
        )
    tournament["gameList"] = flat
    assert comparable(read_chess_json(json.dumps(document))) == comparable(small())


def test_chess_json_standings_give_ranks_points_and_values() -> None:
    original = read_trf_file(SWISS_16)
    standings = tiebreaks.compute_standings(original, "PTS,BH/C1,SB", "fide-2024")
    document = chess_json_document(original, standings)
    tournament = document["event"]["tournaments"][0]
    assert tournament["rankOrder"] == ["PTS", "BH/C1", "SB"]
    competitors = {c["cid"]: c for c in tournament["competitors"]}
    for row in standings.rows:
        competitor = competitors[row.player.start_number]
        assert competitor["rank"] == row.rank
        assert competitor["gamePoints"] == exact_text(row.values["PTS"])  # type: ignore[arg-type]
        assert [parse_exact(v) for v in competitor["tiebreakScore"]] == list(row.values.values())
    read = read_chess_json(json.dumps(document))
    assert read.published_columns == ("PTS", "BH/C1", "SB")
    assert read.standings_list == ("PTS", "BH/C1", "SB")
    assert read.tiebreak_list == ("BH/C1", "SB")


def test_national_ratings_and_rating_method() -> None:
    original = replace(
        small(),
        national_federation="GER",
        rating_method="FIDON",
        players=tuple(replace(p, national_rating=1500 + p.start_number) for p in small().players),
    )
    document = chess_json_document(original)
    assert document["event"]["ratingLists"] == [{"listName": "FIDE"}, {"listName": "GER"}]
    tournament = document["event"]["tournaments"][0]
    assert tournament["other"] == {"ratingMethod": "FIDON"}
    # player 3 has no FIDE rating: the engine gets the national one (FIDE, else national)
    assert tournament["competitors"][2]["rating"] == {"list": "FIDE", "rating": 1503}
    assert comparable(read_chess_json(json.dumps(document))) == comparable(original)


def test_team_tournament_in_chess_json() -> None:
    original = read_trf_file(TEAM_14)
    document = chess_json_document(original)
    tournament = document["event"]["tournaments"][0]
    assert tournament["teamTournament"] is True
    assert tournament["teamSize"] == 4
    assert tournament["teamSequence"] == "WBWB"
    assert tournament["scoreSystem"]["match"]["P"] == "1.0"
    assert tournament["scoreSystem"]["match"]["PG"] == "2.0"
    team_one = tournament["competitors"][0]
    assert [c["cid"] for c in team_one["cplayers"]] == [1, 2, 3, 4]
    byes = [m for m in tournament["matchList"] if m["black"] is None and not m["games"]]
    assert [(m["round"], m["white"]) for m in byes] == [
        (5, {"cid": 12, "result": "P"}),
        (7, {"cid": 14, "result": "P"}),
    ]
    assert comparable(read_chess_json(json.dumps(document))) == comparable(original)


def test_chess_json_errors() -> None:
    text = write_chess_json(small())
    error = error_of(
        text.replace('"cid": 3, "result": "D"', '"cid": 7, "result": "D"'), read_chess_json
    )
    assert "none has 7" in error.expected and "gameList[1].white.cid" in error.expected
    error = error_of(
        text.replace('"cid": 3, "result": "D"', '"cid": 3, "result": "A"'), read_chess_json
    )
    line = next(i for i, s in enumerate(text.splitlines(), 1) if '"cid": 3, "result": "D"' in s)
    assert error.location.line == line and "'A'" in error.expected
    error = error_of(
        text.replace('"startDate": "2026-05-01"', '"startDate": "May 2026"'), read_chess_json
    )
    assert "ISO date" in error.expected
    assert '"event"' in error_of('{"filetype": "Event"}', read_chess_json).expected
    assert "Event" in error_of('{"filetype": "Tiebreak", "event": {}}', read_chess_json).expected
    error = error_of(text.replace('"round": 2,', '"round": 1,', 1), read_chess_json)
    assert "one game per player and round" in error.expected
    assert "valid JSON" in error_of(text[:-3], read_chess_json).expected


# ---------------------------------------------------------------------------------------------
# The reference engine (gacrux) and Chess-JSON


def gacrux(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def gacrux_values(path: Path, input_format: str, specs: list[str]) -> dict[int, list[Fraction]]:
    process = gacrux(["-i", str(path), "-f", input_format, "-o", "-", "-t", *specs])
    result = json.loads(process.stdout)["tiebreakResult"]
    return {
        int(c["cid"]): [Fraction(str(c["rank"])), *(Fraction(str(v)) for v in c["tiebreakScore"])]
        for c in result["competitors"]
    }


def test_gacrux_accepts_json_input() -> None:
    assert "JSON/TRF/TS" in gacrux(["--help"]).stdout


def test_gacrux_reads_our_chess_json_with_our_values(tmp_path: Path) -> None:
    original = read_trf_file(SWISS_16)
    path = tmp_path / "held-swiss-16.chess.json"
    path.write_text(write_chess_json(original), "utf-8")
    specs = ["PTS", "BH", "BH/C1", "SB"]
    theirs = gacrux_values(path, "JSON", specs)
    standings = tiebreaks.compute_standings(original, specs, "fide-2024")
    ours = {
        row.player.start_number: [Fraction(row.rank), *(row.values[s] for s in specs)]
        for row in standings.rows
    }
    assert theirs == ours


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.trf")))
def test_gacrux_computes_the_same_from_our_chess_json_as_from_the_trf(
    tmp_path: Path, name: str
) -> None:
    original = read_trf_file(EXAMPLES / name)
    path = tmp_path / "event.json"
    path.write_text(write_chess_json(original), "utf-8")
    specs = ["PTS", "BH/C1", "SB"] if original.team_records is None else ["MPTS", "GPTS", "BH"]
    assert gacrux_values(path, "JSON", specs) == gacrux_values(EXAMPLES / name, "TRF", specs)


@pytest.mark.parametrize("name", ["held-swiss-16.trf", "held-team-14.trf"])
def test_we_read_the_chess_json_gacrux_writes(tmp_path: Path, name: str) -> None:
    target = tmp_path / "converted.json"
    command = [
        sys.executable,
        "-m",
        "gacrux.convert",
        "-i",
        str(EXAMPLES / name),
        "-o",
        str(target),
        "-F",
        "JSON",
    ]
    subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    original = comparable(read_trf_file(EXAMPLES / name))
    read = comparable(read_chess_json(target.read_bytes(), str(target)))
    # gacrux writes birth dates in ISO form; everything else comes back as in the TRF
    players = tuple(replace(p, birth_date=p.birth_date.replace("/", "-")) for p in original.players)
    assert read == replace(original, players=players)


def test_start_date_and_header_fields_in_chess_json() -> None:
    original = replace(
        small(),
        type_text="Swiss",
        type_code="FIDE_DUTCH_2025",
        tiebreak_list=("BH/C1", "SB"),
        start_date=date(2025, 1, 2),
    )
    tournament = chess_json_document(original)["event"]["tournaments"][0]
    assert tournament["tournamentInfo"]["typeOfTournament"] == "FIDE_DUTCH_2025"
    assert tournament["tournamentInfo"]["startDate"] == "2025-01-02"
    assert tournament["rankOrder"] == ["PTS", "BH/C1", "SB"]
    read = read_chess_json(write_chess_json(original))
    # the 202 list comes back as the rank order (212) and the 202 list: the same standings
    assert read.tiebreak_list == ("BH/C1", "SB")
    assert read.standings_list == ("PTS", "BH/C1", "SB")
    assert comparable(replace(read, standings_list=())) == comparable(original)


def test_gacrux_json_of_the_small_tournament_round_trips_through_trf() -> None:
    original = small()
    read = read_chess_json(write_chess_json(original))
    from tiebreaks.formats.writers.trf import write_trf

    again = read_trf_text(write_trf(read), "again.trf")
    assert [p.results for p in again.players] == [p.results for p in original.players]


def test_the_shipped_schema_is_the_one_the_reader_decodes_with() -> None:
    """The JSON Schema file is generated from the reader's structs: one description."""
    from tiebreaks.formats.readers.tournament_json_document import json_schema

    assert json.loads(SCHEMA.read_text("utf-8")) == json_schema()
    jsonschema.Draft202012Validator.check_schema(json_schema())


def test_a_repeated_key_deep_in_a_valid_document_is_located() -> None:
    text = json.dumps(minimal_document(), indent=2).replace(
        '"kind": "0",', '"kind": "0", "kind": "1",'
    )
    error = error_of(text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if '"kind": "1"' in s)
    assert error.location.line == line
    assert "each key once" in error.expected


def test_points_written_as_a_json_number_are_read_from_their_text() -> None:
    text = json.dumps(minimal_document()).replace(
        '"name": "A",', '"name": "A", "stated_points": 0.1,'
    )
    assert read_tournament_json(text).players[0].stated_points == Fraction(1, 10)  # not a float


class _NoScan:
    """Stands for a pattern or the located parser that a valid document must not need."""

    def findall(self, text: bytes) -> list[bytes]:
        raise AssertionError("the whole text was scanned for key tokens")

    def __get__(self, places: object, owner: object) -> object:
        raise AssertionError("the located parser ran on a valid document")


def test_colons_in_the_texts_read_need_no_scan_for_repeated_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A valid document whose texts hold colons (``"Individual: Swiss-System"``, as the
    generated benchmark files do) is known to repeat no key from the colons counted in the
    strings read: no scan of the text for key tokens, no located parse."""
    from tiebreaks.formats.readers import tournament_json_places as places

    document = minimal_document()
    document["tournament"] |= {"type_text": "Individual: Swiss-System", "name": "T: 1"}
    texts = {"sex": "m:", "title": "::", "federation": "A:B", "fide_id": ":", "birth_date": "1:"}
    document["players"][0] |= {"name": "A: B"} | texts
    monkeypatch.setattr(places, "_KEY_WITH_BLANKS", _NoScan())
    monkeypatch.setattr(places.Places, "tree", _NoScan())
    tournament = read_tournament_json(json.dumps(document))
    assert tournament.type_text == "Individual: Swiss-System"
    assert tournament.players[0].federation == "A:B"


@pytest.mark.parametrize(
    ("name", "repeated"),
    [
        ("A: B", '"kind": "0", "kind": "1",'),  # a colon in a string, a key twice
        ("A\\u003aB", '"kind": "0", "kind": "1",'),  # an escaped colon makes up for the key
        ("A\\u003aB", '"kind": "0", "kind" : "1",'),
        ('A:B\\"', '"kind": "0", "kind": "1",'),  # an escaped quote
    ],
)
def test_a_repeated_key_is_found_whatever_colons_the_strings_hold(name: str, repeated: str) -> None:
    text = json.dumps(minimal_document()).replace('"kind": "0",', repeated)
    text = text.replace('"name": "A"', f'"name": "{name}"')
    error = error_of(text)
    assert "each key once" in error.expected
    second = text.index(repeated) + repeated.index('"kind"', 1)
    assert (error.location.line, error.location.column) == (1, second + 1)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.trf")))
def test_what_our_writers_write_is_decoded_in_the_fast_form(name: str) -> None:
    """The reader first decodes a document as our writers write it (result kinds by name,
    colours "w", "b" or "-"), each kind and colour one shared string of a ``Literal``, not a
    new string per result; a writer that wrote another form would lose that silently."""
    from tiebreaks.formats.readers.tournament_json_document import WrittenDocument

    text = write_tournament_json(read_trf_file(EXAMPLES / name))
    document = msgspec.json.decode(text, type=WrittenDocument)
    results = [result for player in document.players for result in player.results]
    assert len({id(result.kind) for result in results}) == len({r.kind for r in results})
