"""Tests of the crosstable CSV reader: layouts, cells, double round robins, the Berger
schedule, errors with their cells, and seed 000 (spec TV-1) read from the bundled CSV.

Expected values come from the spec (TV-1), the FIDE Berger tables and hand computation.
"""

from __future__ import annotations

import contextlib
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.errors import InputError, Location
from tiebreaks.formats.readers.crosstable_csv import read_crosstable_csv
from tiebreaks.formats.readers.round_robin_grid import berger_schedule
from tiebreaks.model import ABSENT, Colour, PairingSystem, ResultKind, RoundResult, Tournament

from ..builders import crosstable
from ..vectors.test_seed_examples import SEED_000, TV1

K = ResultKind
F = Fraction
EXAMPLE = Path(tiebreaks.__file__).parent / "examples" / "seed-000-crosstable.csv"

SPEC = "PTS,SB,KS,WIN"


def read(text: str, source: str = "table.csv") -> Tournament:
    return read_crosstable_csv(text.encode(), source)


def by_name(tournament: Tournament, spec: str = SPEC) -> dict[str, dict[str, Fraction | None]]:
    standings = tiebreaks.compute_standings(tournament, spec, "fide-2026")
    return {row.player.name: dict(row.values) for row in standings.rows}


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read(text)
    return caught.value


def kinds(tournament: Tournament, number: int) -> list[ResultKind]:
    return [result.kind for result in tournament.player(number).results]


# --- seed 000 ----------------------------------------------------------------------------


def test_seed_000_example_gives_tv1() -> None:
    t = read_crosstable_csv(EXAMPLE.read_bytes(), str(EXAMPLE))
    assert (t.name, t.rounds, t.pairing_system) == (
        "seed-000-crosstable",
        7,
        PairingSystem.ROUND_ROBIN,
    )
    assert t.warnings == ()
    values = by_name(t)
    for column in SPEC.split(","):
        expected = [F(v) for v in TV1[column]]
        assert [values[name][column] for name in "ABCDEFG"] == expected, column


def test_seed_000_example_equals_the_builders_crosstable() -> None:
    from_csv = by_name(read_crosstable_csv(EXAMPLE.read_bytes(), str(EXAMPLE)))
    assert from_csv == by_name(crosstable(SEED_000))


def test_stated_points_are_kept() -> None:
    t = read_crosstable_csv(EXAMPLE.read_bytes(), str(EXAMPLE))
    assert [p.stated_points for p in t.players] == [F(v) for v in TV1["PTS"]]


# --- layouts -----------------------------------------------------------------------------

SEED_ROWS = [row.split() for row in SEED_000]


def _table(
    separator: str,
    *,
    header: list[str] | None,
    lead: list[list[str]],
    tail: list[list[str]],
    diagonal: str = "*",
    draw: str = "½",
) -> str:
    lines = [separator.join(header)] if header is not None else []
    for i, cells in enumerate(SEED_ROWS):
        results = [diagonal if c == "*" else draw if c == "½" else c for c in cells]
        lines.append(separator.join(lead[i] + results + tail[i]))
    return "\n".join(lines) + "\n"


NAMES = [[name] for name in "ABCDEFG"]
NO_TAIL: list[list[str]] = [[] for _ in range(7)]


@pytest.mark.parametrize(
    "text",
    [
        _table(",", header=None, lead=NAMES, tail=NO_TAIL),
        _table("\t", header=["Name", *"ABCDEFG"], lead=NAMES, tail=NO_TAIL, diagonal="x"),
        _table(";", header=None, lead=NAMES, tail=NO_TAIL, diagonal="", draw="0,5"),
        _table(",", header=None, lead=NAMES, tail=NO_TAIL, diagonal="X", draw="0.5"),
        _table(",", header=None, lead=NAMES, tail=NO_TAIL, diagonal="-", draw="="),
        _table(",", header=None, lead=NAMES, tail=NO_TAIL, draw="1/2"),
        _table(
            ";",
            header=["Nr", "Name", "Elo", *map(str, range(1, 8)), "Pkt", "Rang", "SB"],
            lead=[[str(i + 1), name, str(2000 - i)] for i, name in enumerate("ABCDEFG")],
            tail=[[p.replace(".", ","), str(i + 1), "0"] for i, p in enumerate(TV1["PTS"])],
            draw="0,5",
        ),
        _table(
            ",",
            header=None,
            lead=[[str(i + 1), name] for i, name in enumerate("ABCDEFG")],
            tail=[[p] for p in TV1["PTS"]],
        ),
    ],
)
def test_layouts(text: str) -> None:
    t = read(text)
    assert [player.name for player in t.players] == list("ABCDEFG")
    assert t.warnings == ()
    values = by_name(t)
    for column in SPEC.split(","):
        expected = [F(v) for v in TV1[column]]
        assert [values[name][column] for name in "ABCDEFG"] == expected, column


def test_rating_column_and_number_column() -> None:
    text = "Nr;Spieler;Elo;1;2;3\n1;Ann;2100;*;1;0\n2;Bob;-;0;*;1\n3;Cid;0;1;0;*\n"
    t = read(text)
    assert [(p.start_number, p.name, p.rating) for p in t.players] == [
        (1, "Ann", 2100),
        (2, "Bob", None),
        (3, "Cid", None),
    ]


def test_bad_rating_is_an_error() -> None:
    error = error_of("Name;Elo;1;2\nAnn;21OO;*;1\nBob;;0;*\n")
    assert (error.location, error.text) == (Location("table.csv", 2, 2), "21OO")


def test_points_mismatch_is_a_warning_at_the_cell() -> None:
    text = "Name,1,2,3,Points\nAnn,*,1,½,1½\nBob,0,*,1,2\nCid,½,0,*,½\n"
    t = read(text)
    assert len(t.warnings) == 1
    warning = t.warnings[0]
    assert warning.location == Location("table.csv", 3, 5)
    assert "says 2" in warning.message and "add up to 1" in warning.message


def test_unreadable_points_cell_is_a_warning() -> None:
    t = read("Name;1;2;Pkt\nAnn;*;1;one\nBob;0;*;0\n")
    assert [w.location for w in t.warnings] == [Location("table.csv", 2, 4)]


def test_quoted_cells_crlf_and_blank_lines() -> None:
    text = '"Name","1","2"\r\n\r\n"Müller, Hans",*,"0,5"\r\nAnn,"0,5",*\r\n'
    t = read(text)
    assert [p.name for p in t.players] == ["Müller, Hans", "Ann"]
    assert [p.line for p in t.players] == [3, 4]
    assert kinds(t, 1) == [K.DRAW]


def test_cp1252_bytes() -> None:
    t = read_crosstable_csv("Name;1;2\nJürgen;*;½\nAnn;½;*\n".encode("cp1252"), "x.csv")
    assert t.player(1).name == "Jürgen" and kinds(t, 2) == [K.DRAW]


# --- results, schedule, colours ----------------------------------------------------------


def test_forfeits_and_double_forfeit() -> None:
    t = read("A,*,+,-\nB,-,*,-\nC,+,-,*\n")
    opponents = {
        (p.start_number, r.opponent): r.kind for p in t.players for r in p.results if r.opponent
    }
    assert opponents == {
        (1, 2): K.FORFEIT_WIN,
        (2, 1): K.FORFEIT_LOSS,
        (1, 3): K.FORFEIT_LOSS,
        (3, 1): K.FORFEIT_WIN,
        (2, 3): K.FORFEIT_LOSS,
        (3, 2): K.FORFEIT_LOSS,
    }


def test_three_players_sit_out_once_each() -> None:
    t = read("A,*,1,1\nB,0,*,1\nC,0,0,*\n")
    assert t.rounds == 3
    for player in t.players:
        assert player.results.count(ABSENT) == 1


def test_berger_tables_six_players() -> None:
    """FIDE C.05 Annex 1, Berger table for 5 or 6 players."""
    expected = [
        {(1, 6), (2, 5), (3, 4)},
        {(6, 4), (5, 3), (1, 2)},
        {(2, 6), (3, 1), (4, 5)},
        {(6, 5), (1, 4), (2, 3)},
        {(3, 6), (4, 2), (5, 1)},
    ]
    assert [set(pairs) for pairs in berger_schedule(6)] == expected
    five = [pairs - {p for p in pairs if 6 in p} for pairs in expected]
    assert [set(pairs) for pairs in berger_schedule(5)] == five


def test_berger_tables_four_players() -> None:
    assert berger_schedule(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert berger_schedule(1) == [] and berger_schedule(2) == [[(1, 2)]]


@pytest.mark.parametrize("size", range(2, 15))
def test_berger_schedule_is_a_round_robin(size: int) -> None:
    schedule = berger_schedule(size)
    assert len(schedule) == size - 1 + size % 2
    met = [frozenset(pair) for pairs in schedule for pair in pairs]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(range(1, size + 1), 2)), key=sorted
    )
    for pairs in schedule:
        players = [number for pair in pairs for number in pair]
        assert len(players) == len(set(players)) == size - size % 2
    whites = [sum(pair[0] == n for pairs in schedule for pair in pairs) for n in range(1, size + 1)]
    games = len(schedule) - size % 2
    assert all(abs(2 * count - games) <= 1 for count in whites)


def test_colours_follow_the_schedule() -> None:
    t = read("A,*,1,1,1\nB,0,*,1,1\nC,0,0,*,1\nD,0,0,0,*\n")
    # round 1 of the Berger table for 4: 1-4, 2-3
    assert t.player(1).results[0] == RoundResult(K.WIN, 4, Colour.WHITE)
    assert t.player(4).results[0] == RoundResult(K.LOSS, 1, Colour.BLACK)
    assert t.player(3).results[0] == RoundResult(K.LOSS, 2, Colour.BLACK)


def test_double_round_robin() -> None:
    text = "Name;1;2;3\nAnn;*;1 ½;10\nBob;0 ½;*;=1\nCid;01;½0;*\n"
    t = read(text)
    assert t.rounds == 6 and t.type_text == "double round robin"
    values = by_name(t, "PTS,WIN")
    assert {name: v["PTS"] for name, v in values.items()} == {
        "Ann": F(5, 2),
        "Bob": F(2),
        "Cid": F(3, 2),
    }
    # second cycle: colours swapped; Ann-Cid is 1-3 in round 2 of cycle 1 (3-1: Cid White)
    first = [r for r in t.player(1).results if r.opponent == 3]
    assert [(r.kind, r.colour) for r in first] == [(K.WIN, Colour.BLACK), (K.LOSS, Colour.WHITE)]


def test_unplayed_pair_is_absent_with_a_warning() -> None:
    t = read("A,*,,1\nB,,*,1\nC,0,0,*\n")
    assert [w.location for w in t.warnings] == [Location("table.csv", 2, 2)]
    assert kinds(t, 1).count(K.ABSENT) == 2


# --- errors ------------------------------------------------------------------------------


def test_asymmetric_results_are_an_error_at_the_second_cell() -> None:
    text = "Name;A;B;C\nA;*;1;½\nB;0;*;1\nC;0;0;*\n"
    error = error_of(text)
    assert (error.location, error.text) == (Location("table.csv", 4, 2), "0")
    assert "½" in error.expected and "line 2, column 4" in error.expected


def test_forfeit_against_a_win_is_an_error() -> None:
    error = error_of("A,*,+\nB,1,*\n")
    assert (error.location, error.text) == (Location("table.csv", 2, 2), "1")
    assert error.expected.startswith("-")


def test_one_empty_cell_of_a_pair_is_an_error() -> None:
    error = error_of("A,*,1\nB,,*\n")
    assert (error.location, error.text) == (Location("table.csv", 2, 2), "")


@pytest.mark.parametrize(
    ("text", "line", "column", "bad"),
    [
        ("Name;1;2;3\nA;*;1;2\nB;0;*;1\nC;0;0;*\n", 2, 4, "2"),
        ("A,*,1,1\nB,0,*,w\nC,0,0,*\n", 2, 4, "w"),
        ("A,*,x,1\nB,x,*,1\nC,0,0,*\n", 1, 3, "x"),
        ("A;*;1½0;1\nB;0½1;*;1\nC;0;0;*\n", 1, 3, "1½0"),
        ("A;*;1 0;1\nB;0 1;*;1\nC;0;0;*\n", 1, 4, "1"),
    ],
)
def test_bad_cells(text: str, line: int, column: int, bad: str) -> None:
    error = error_of(text)
    assert (error.location, error.text) == (Location("table.csv", line, column), bad)


def test_missing_name_is_an_error() -> None:
    error = error_of("Name;1;2\n;*;1\nBob;0;*\n")
    assert error.location == Location("table.csv", 2, 1)


@pytest.mark.parametrize(
    ("text", "location", "bad"),
    [
        ("", Location("table.csv", 1, 1), ""),
        ("Ann,*\n", Location("table.csv", 1, 1), "Ann,*"),
        ("Name;1;2;3\nA;*;1;1\nB;0;1;*\nC;0;0;*\n", Location("table.csv", 3, 3), "1"),
        ("A,1,1\nB,0,0\n", Location("table.csv", 1, 2), "1"),
    ],
)
def test_tables_without_a_diagonal(text: str, location: Location, bad: str) -> None:
    error = error_of(text)
    assert (error.location, error.text) == (location, bad)


# --- fuzz --------------------------------------------------------------------------------


def _check_never_crashes(data: bytes) -> None:
    with contextlib.suppress(InputError):
        read_crosstable_csv(data, "fuzz.csv")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_only_raise_input_errors(data: bytes) -> None:
    _check_never_crashes(data)


_CELLS = st.sampled_from(
    ["*", "x", "-", "", "1", "0", "½", "0,5", "=", "+", "10", "A", "4½", "²", "Elo", "Pkt", '"']
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.lists(_CELLS, max_size=7), max_size=7),
    st.sampled_from([",", ";", "\t"]),
)
def test_random_tables_only_raise_input_errors(rows: list[list[str]], separator: str) -> None:
    text = "\n".join(separator.join(["name", *row]) for row in rows)
    _check_never_crashes(text.encode())
