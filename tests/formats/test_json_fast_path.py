"""The fast path of our JSON reader builds exactly what the careful path builds, or declines.

Issue 8 ("values identical to the unoptimised path"): every JSON document of the corpus is read
both ways and compared field by field (players' line numbers included); mutated documents
must give the same tournament or the same error on both paths. The fast path reads a big
document in columns (the results arrays from their text, the rest parsed) or parses all of it,
with orjson when it is installed and else with json.loads: the tests run every way (the
fixture ``parser``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from generate_json import render, simulate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreaks.errors import InputError
from tiebreaks.formats.readers import tournament_json_fast
from tiebreaks.formats.readers.tournament_json import read_tournament_json
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.reading import example_path
from tiebreaks.formats.writers.tournament_json import write_tournament_json
from tiebreaks.model import ABSENT, Colour, ResultKind, RoundResult, Tournament
from tiebreaks.standings import compute_standings

from ..strategies import round_robins, swiss_tournaments

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["columnar", "orjson", "json"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test with each way of the fast path: results read in columns from their text
    (as for big documents), or parsed with the rest by orjson, or by json.loads without it."""
    if request.param == "json":
        monkeypatch.setattr(tournament_json_fast, "orjson", None)
    else:
        pytest.importorskip("orjson")
    columnar_from = 0 if request.param == "columnar" else 10**12
    monkeypatch.setattr(tournament_json_fast, "COLUMNAR_FROM", columnar_from)
    return str(request.param)


def read_in_columns(text: str) -> Tournament | None:
    """The columnar reading alone (results read from their text), without falling back to
    parsing the results with the rest (None: it declined). When it does not decline, the
    fast path returns what it read."""
    return tournament_json_fast._read(text, "t.json", columnar=True)


def careful(data: str, source: str = "t.json") -> Tournament | InputError:
    """The careful path's reading (or its error)."""
    tournament_json_fast.ENABLED = False
    try:
        return read_tournament_json(data, source)
    except InputError as error:
        return error
    finally:
        tournament_json_fast.ENABLED = True


def fast(data: str, source: str = "t.json") -> Tournament | InputError:
    """What the reader returns with the fast path on (declining falls back)."""
    try:
        return read_tournament_json(data, source)
    except InputError as error:
        return error


def same(left: Tournament | InputError, right: Tournament | InputError) -> bool:
    if isinstance(left, InputError) or isinstance(right, InputError):
        return str(left) == str(right) and type(left) is type(right)
    lines = [player.line for player in left.players] == [p.line for p in right.players]
    return left == right and lines and left.warnings == right.warnings


def corpus() -> Iterator[tuple[str, str]]:
    """Our JSON documents: the bundled one, every TRF of the repository and the seeds
    converted by our writer, and generated Swiss tournaments."""
    yield "held-swiss-16.json", example_path("held-swiss-16.json").read_text(encoding="utf-8")
    trf_files = sorted(ROOT.glob("src/tiebreaks/examples/*.trf"))
    trf_files += sorted(ROOT.glob("tests/**/*.trf"))
    trf_files += sorted(Path("/work/shared/seeds").glob("**/*.trf"))
    for path in trf_files:
        try:
            tournament = read_trf_text(path.read_bytes().decode("latin-1"), path.name)
        except InputError:
            continue
        if tournament.team_records is None:
            yield path.name, write_tournament_json(tournament)
    for players, seed in ((40, 1), (301, 2), (1000, 3)):
        yield f"generated-{players}", "".join(render(simulate(players, 9, seed), 9, seed))


@pytest.mark.parametrize(("name", "text"), list(corpus()), ids=lambda value: str(value)[:40])
def test_fast_path_reads_the_corpus_exactly_as_the_careful_path(
    name: str, text: str, parser: str
) -> None:
    assert tournament_json_fast.read_plain_json(text, name) is not None, "fast path declined"
    if parser == "columnar":
        assert read_in_columns(text) is not None, "columnar reading declined"
    assert same(fast(text, name), careful(text, name))


def test_standings_from_both_paths_agree_on_a_generated_open() -> None:
    text = "".join(render(simulate(500, 11, 7), 11, 7))
    tiebreaks = "PTS,BH/C1,BH,SB,PS,ARO,TPR,DE,KS,AOB"
    by_fast = compute_standings(read_tournament_json(text, "g.json"), tiebreaks)
    reference = careful(text, "g.json")
    assert isinstance(reference, Tournament)
    by_careful = compute_standings(reference, tiebreaks)
    assert [(row.rank, row.player.start_number, row.values) for row in by_fast.rows] == [
        (row.rank, row.player.start_number, row.values) for row in by_careful.rows
    ]


BASE = write_tournament_json(read_trf_text(example_path("held-swiss-16.trf").read_text(), "h"))

#: small edits of a valid document; each either keeps it valid or makes it wrong in a way the
#: careful path reports (repeated keys, floats, strings for numbers, unknown keys, nulls ...)
EDITS = [
    ('"kind": "win"', '"kind": "win", "kind": "loss"'),
    ('"opponent": 9', '"opponent": 9.0'),
    ('"opponent": 9', '"opponent": "9"'),
    ('"opponent": 9', '"opponent": 1e1'),
    ('"opponent": 9', '"opponent": null'),
    ('"opponent": 9', '"opponent": 99'),
    ('"opponent": 9', '"opponent": true'),
    ('"colour": "w"', '"colour": "W"'),
    ('"colour": "w"', '"colour": "x"'),
    ('"colour": "w"', '"colour": null'),
    ('"kind": "win"', '"kind": "1"'),
    ('"kind": "win"', '"kind": "Forfeit Win"'),
    ('"kind": "win"', '"kind": "bogus"'),
    ('"name": "Alyx"', '"name": "A\\": 1"'),
    ('"name": "Alyx"', '"name": ": Alyx"'),
    ('"name": "Alyx"', '"name": "\\"start_number\\": 3"'),
    ('"name": "Alyx"', '"name": "Alyx", "name": "Bob"'),
    ('"name": "Alyx"', '"name": null'),
    ('"name": "Alyx"', '"nome": "Alyx"'),
    ('"rating": 2200', '"rating": -5'),
    ('"rating": 2200', '"rating": "2200"'),
    ('"rating": 2200', '"rating": 1234567890123456789'),
    ('"stated_points": "3.5"', '"stated_points": 3.5'),
    ('"stated_points": "3.5"', '"stated_points": "7/2"'),
    ('"stated_points": "3.5"', '"stated_points": "x"'),
    ('"start_number": 2,', '"start_number": 1,'),
    ('"start_number": 2,', '"start_number": 20000000,'),
    ('"start_number": 2,', '"start_number": 2, "start_number": 2,'),
    ('"version": 1', '"version": 2'),
    ('"version": 1', '"version": 1, "version": 1'),
    ('"rounds": 5', '"rounds": 4'),
    ('"rounds": 5', '"rounds": 5.0'),
    ('"team_records": null', '"team_records": null, "standings": null'),
    ('"kind": "win"', '"kind"  :  "win"'),
    ('"opponent": 9', '"opponent":\n 9'),
    ("{", '{"extra": {"a": 1},', 1),
    # numbers orjson reads differently from json.loads (floats beyond 64 bits, none at all)
    ('"opponent": 9', '"opponent": 18446744073709551616'),
    ('"opponent": 9', '"opponent": 18446744073709551615'),
    ('"opponent": 9', '"opponent": -0'),
    ('"opponent": 9', '"opponent": NaN'),
    ('"opponent": 9', '"opponent": -Infinity'),
    ('"rating": 2200', '"rating": 18446744073709551616'),
    ('"rating": 2200', '"rating": 999999999999999999'),
    ('"rating": 2200', '"rating": 1000000000000000000'),
    ('"rating": 2200', '"rating": Infinity'),
    ('"rating": 2200', '"rating": 1E400'),
    ('"stated_rank": 1,', '"stated_rank": 0,'),
    ('"rounds": 5', '"rounds": 5e0'),
    ('"rounds": 5', '"rounds": 18446744073709551621'),
    # the careful path reads a header number exactly from its text, never through a float
    ('"win": "1.0"', '"win": 1.00000000000000001'),
    ('"win": "1.0"', '"win": 1.0'),
    ('"win": "1.0"', '"win": NaN'),
    ('"win": "1.0"', '"win": 3'),
    ('"win": "1.0"', '"win": 18446744073709551616'),
    # surrogate escapes: a lone half is refused at its place, a pair is one character
    ('"name": "Alyx"', '"name": "\\ud800"'),
    ('"name": "Alyx"', '"name": "\\udc00x"'),
    ('"name": "Alyx"', '"name": "\\ud83d\\ude00"'),
    ('"name": "Alyx"', '"\\ud800": "Alyx"'),
    # colons in strings next to repeated keys (the fast path counts colons to find them)
    ('"name": "Alyx"', '"name": "A: lyx", "name": "A: lyx"'),
    ('"name": "Alyx"', '"name": "A\\u003alyx", "name": "A\\u003alyx"'),
    ('"name": "Alyx"', '"name": "A\\u003alyx"'),
    ('"name": "Alyx"', '"name": "Alyx", "\\u006eame": "Bob"'),
    ('"name": "Alyx"', '"name": ":"'),
    ('"type_text": "Individual: Swiss-System"', '"type_text": "a", "type_text": "b"'),
    ('"kind": "win"', '"kind": "win:"'),
    # a player object that does not start with its start number
    ('"start_number": 2,\n      "name": "Bruno",', '"name": "Bruno", "start_number": 2,'),
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda edit: f"{edit[0]}->{edit[1]}"[:50])
def test_an_edited_document_reads_the_same_on_both_paths(
    edit: tuple[object, ...], parser: str
) -> None:
    old, new = str(edit[0]), str(edit[1])
    count = int(edit[2]) if len(edit) > 2 else -1  # type: ignore[call-overload]
    assert old in BASE
    text = BASE.replace(old, new, count)
    assert same(fast(text), careful(text))


def test_a_repeated_key_is_refused_and_not_silently_overwritten() -> None:
    text = BASE.replace('"kind": "win"', '"kind": "win", "kind": "loss"', 1)
    assert isinstance(fast(text), InputError)
    assert "repeated" in str(fast(text))


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.one_of(swiss_tournaments(), round_robins()), st.data())
def test_random_documents_and_edits_agree(
    parser: str, tournament: Tournament, data: st.DataObject
) -> None:
    text = write_tournament_json(tournament)
    assert same(fast(text), careful(text))
    if parser == "columnar":  # then the fast path above read it in columns
        assert read_in_columns(text) is not None
    position = data.draw(st.integers(0, len(text) - 1))
    tokens = ['"', ":", ",", " ", "1", "{}", '\\"', "null", "]", "0", "\\u003a", '"results":[]']
    inserted = data.draw(st.sampled_from(tokens))
    edited = text[:position] + inserted + text[position + 1 :]
    assert same(fast(edited), careful(edited))


@pytest.mark.parametrize("separators", [(", ", ": "), (",", ":")])
def test_a_compact_document_on_one_line_keeps_the_line_numbers(
    separators: tuple[str, str], parser: str
) -> None:
    document = json.loads(BASE)
    text = json.dumps(document, separators=separators)
    if parser == "columnar":
        assert read_in_columns(text) is not None
    tournament = fast(text)
    assert isinstance(tournament, Tournament)
    assert {player.line for player in tournament.players} == {1}
    assert same(tournament, careful(text))


def edited(change: Callable[[dict[str, Any]], object]) -> str:
    """BASE with ``change`` applied to its parsed document, written with json.dumps."""
    document = copy.deepcopy(json.loads(BASE))
    change(document)
    return json.dumps(document, indent=2)


def first_result(value: object) -> Callable[[dict[str, Any]], object]:
    """Sets the first player's first result."""
    return lambda document: document["players"][0]["results"].__setitem__(0, value)


def first_player(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    """Sets a key of the first player."""
    return lambda document: document["players"][0].__setitem__(key, value)


def renumber(number: int) -> Callable[[dict[str, Any]], object]:
    """Player 16 gets another number (start numbers with a gap, every reference kept)."""

    def change(document: dict[str, Any]) -> None:
        for player in document["players"]:
            if player["start_number"] == 16:
                player["start_number"] = number
            for result in player["results"]:
                if result.get("opponent") == 16:
                    result["opponent"] = number

    return change


def drop_opponent_keys(document: dict[str, Any]) -> None:
    """Every null opponent and colour key left out (the careful path takes both forms)."""
    document["players"][0]["results"][0] = {"kind": "half_bye", "opponent": None}
    document["players"][1]["results"][0] = {"kind": "zero_bye", "colour": None}
    for player in document["players"]:
        for result in player["results"]:
            for key in ("opponent", "colour"):
                if key in result and result[key] is None:
                    del result[key]


#: documents the fast path must take (plausible files: it must not fall back to the slow path),
#: and whether their results are in our writers' layout (then the columnar reading takes them)
TAKEN: list[tuple[Callable[[dict[str, Any]], object], bool]] = [
    (lambda document: None, True),
    (lambda document: document["players"].reverse(), True),
    (renumber(20), True),
    (renumber(9_999_999), True),  # the largest start number
    (drop_opponent_keys, False),
    (first_result({"colour": "w", "opponent": 9, "kind": "win"}), False),
    (first_result({"kind": "absent"}), False),
    (first_result({"kind": "absent", "opponent": None, "colour": "w"}), True),
    (first_result({"kind": "win", "opponent": 9, "colour": "W"}), True),
    (first_result({"kind": "1", "opponent": 9, "colour": "W"}), False),
    (first_result({"kind": "Forfeit Win", "opponent": 9, "colour": "B"}), False),
    (first_player("stated_values", None), True),
    (first_player("rating", None), True),
    (first_player("sex", None), True),
    (first_player("stated_points", None), True),
    (first_player("stated_points", "3.50"), True),
    (first_player("stated_rank", None), True),
    (first_player("name", "Alyx: the first"), True),
    (lambda document: document["players"][0].pop("birth_date"), True),
    (lambda document: document["players"][0]["results"].pop(), True),
    (lambda document: document["players"][0].__setitem__("results", []), True),
    (lambda document: document["tournament"].__setitem__("name", "Open: A: B"), True),
]


@pytest.mark.parametrize(("change", "in_columns"), TAKEN)
def test_the_fast_path_takes_plain_documents(
    change: Callable[[dict[str, Any]], object], in_columns: bool, parser: str
) -> None:
    text = edited(change)
    assert tournament_json_fast.read_plain_json(text, "t.json") is not None
    if parser == "columnar":
        assert (read_in_columns(text) is not None) is in_columns
    assert same(fast(text), careful(text))


def renumber_and_pair_with_the_gap(document: dict[str, Any]) -> None:
    """Player 16 becomes 20, and a result names 16 (no longer a player)."""
    renumber(20)(document)
    first_result({"kind": "win", "opponent": 16, "colour": "w"})(document)


#: documents the fast path declines (or reads the same): wrong types, unknown keys, odd values
DECLINED: list[Callable[[dict[str, Any]], object]] = [
    first_player("results", {}),
    first_player("results", ""),
    first_player("results", None),
    first_player("results", [[]]),
    first_player("results", ["win"]),
    first_player("results", [1]),
    first_player("results", [{"kind": "win", "opponent": 9, "colour": "w"}] * 6),
    first_player("stated_values", ["1.0"]),
    first_player("stated_values", []),
    first_player("name", None),
    first_player("name", 7),
    first_player("start_number", None),
    first_player("start_number", True),
    first_player("start_number", 2),
    first_player("start_number", 10),  # a number used twice (and 1 is missing)
    first_player("start_number", 0),
    first_player("rating", "2200"),
    first_player("rating", -1),
    first_player("sex", 1),
    first_player("stated_points", 3),
    first_player("stated_points", "3,5"),
    first_player("round", 1),
    lambda document: document["players"][0].pop("name"),
    lambda document: document["players"][0].pop("start_number"),
    lambda document: document["players"][0].pop("results"),
    lambda document: document["players"].append(1),
    lambda document: document["players"].append([]),
    lambda document: document.__setitem__("players", []),
    lambda document: document.__setitem__("players", {}),
    lambda document: document.__setitem__("tournament", None),
    lambda document: document.__setitem__("version", True),
    lambda document: document.__setitem__("team_records", {}),
    first_result({"kind": "win", "opponent": 9, "colour": "w", "round": 1}),
    first_result({"kind": None, "opponent": 9, "colour": "w"}),
    first_result({"kind": 1, "opponent": 9, "colour": "w"}),
    first_result({"kind": ["win"], "opponent": 9, "colour": "w"}),
    first_result({"kind": "win", "opponent": 9, "colour": ["w"]}),
    first_result({"kind": "win", "opponent": 9, "colour": 1}),
    first_result({"kind": "win", "opponent": 9, "colour": True}),
    first_result({"kind": "win", "opponent": 1, "colour": "w"}),
    first_result({"kind": "win", "opponent": 17, "colour": "w"}),
    first_result({"kind": "win", "opponent": 1.5, "colour": "w"}),
    first_result({"kind": "win", "colour": "w"}),
    first_result({"kind": "half_bye", "opponent": 9}),
    first_result({"kind": "half_bye", "opponent": 0}),
    # in our writers' layout (read in columns), but wrong
    first_result({"kind": "half_bye", "opponent": 9, "colour": "-"}),
    first_result({"kind": "win", "opponent": None, "colour": "w"}),
    first_result({"kind": "win", "opponent": 0, "colour": "w"}),
    first_result({"kind": "win", "opponent": 9_999_999, "colour": "w"}),
    first_result({"kind": "win", "opponent": 10_000_000, "colour": "w"}),
    first_result({"kind": "win", "opponent": 9, "colour": "x"}),
    first_result({"kind": "won", "opponent": 9, "colour": "w"}),
    first_result({"kind": "win", "opponent": 9, "colour": "-", "x": 1}),
    # a results array where one is not expected (the arrays are matched to the players)
    first_result({"kind": "win", "opponent": 9, "colour": "w", "results": []}),
    first_result({"opponent": 9, "colour": "w"}),
    first_result({}),
    first_result([]),
    first_result("win"),
    first_result(None),
    renumber_and_pair_with_the_gap,
]


@pytest.mark.parametrize("change", DECLINED)
def test_a_document_with_an_error_reads_the_same_on_both_paths(
    change: Callable[[dict[str, Any]], object], parser: str
) -> None:
    text = edited(change)
    assert same(fast(text), careful(text))


def absent_in_round_one(result: dict[str, Any]) -> Callable[[dict[str, Any]], object]:
    """Players 1 and 9 (paired in round 1) both absent in round 1 instead."""

    def change(document: dict[str, Any]) -> None:
        for player in document["players"][0], document["players"][8]:
            assert player["results"][0]["opponent"] in (1, 9)
            player["results"][0] = result

    return change


def test_an_absence_without_colour_is_the_shared_absent_result(parser: str) -> None:
    text = edited(absent_in_round_one({"kind": "absent"}))
    tournament = fast(text)
    assert isinstance(tournament, Tournament)
    assert tournament.players[0].results[0] is ABSENT
    assert same(tournament, careful(text))
    text = edited(absent_in_round_one({"kind": "absent", "colour": "b"}))
    tournament = fast(text)
    assert isinstance(tournament, Tournament)
    assert tournament.players[0].results[0] == RoundResult(ResultKind.ABSENT, None, Colour.BLACK)
    assert tournament.players[0].results[0] is not ABSENT
    assert same(tournament, careful(text))


def test_a_document_with_a_byte_order_mark_takes_the_fast_path(parser: str) -> None:
    data = b"\xef\xbb\xbf" + BASE.encode("utf-8")
    tournament = tournament_json_fast.read_plain_json(data, "t.json")
    assert isinstance(tournament, Tournament)
    assert same(tournament, careful(BASE))


def test_a_plain_document_is_checked_for_repeated_keys_by_counting_colons(
    parser: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Colons in the header's and the players' strings are counted: the costly scan of the
    text for key tokens is not needed (it is the fallback for escapes)."""

    def no_scan(text: str) -> int:
        raise AssertionError("the text was scanned for key tokens")

    monkeypatch.setattr(tournament_json_fast, "_key_count", no_scan)
    text = edited(first_player("name", "Alyx: the first"))
    assert '"type_text": "Individual: Swiss-System"' in text
    assert tournament_json_fast.read_plain_json(text, "t.json") is not None
