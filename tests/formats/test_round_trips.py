"""Round trips between the formats: TRF, our JSON and FIDE Chess-JSON.

* TRF -> our JSON -> Tournament equals the original (every result, bye, forfeit, colour,
  rating and header field);
* TRF -> Chess-JSON -> TRF keeps every result, bye and forfeit;
* TRF text -> read -> write -> read gives equal tournaments;
* the standings computed from the original and from the round-tripped tournament are the same;
* each writer's file reads back with no difference as far as its format holds a tournament
  (:func:`tiebreaks.formats.round_trip.differences`, issue 15).

Run over generated Swiss tournaments (every kind of round) and round robins, and over the
bundled examples (the team example included).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import tiebreaks
from tiebreaks.formats.readers.chess_json import read_chess_json
from tiebreaks.formats.readers.tournament_json import read_tournament_json
from tiebreaks.formats.readers.trf import read_trf_file, read_trf_text
from tiebreaks.formats.round_trip import FORMATS, differences, read_back, write
from tiebreaks.formats.writers.chess_json import write_chess_json
from tiebreaks.formats.writers.tournament_json import write_tournament_json
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model import Tournament

from ..lists import fitting
from ..strategies import round_robins, swiss_tournaments
from ..team_files import team_file
from ..vectors.test_teams import EXTRA, SLOTS, TEAMS
from .test_json_formats import comparable, schema_validator

EXAMPLES = Path(tiebreaks.__file__).parent / "examples"
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.trf"))
TIEBREAKS = "PTS,BH/C1,SB,DE"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Rows = list[tuple[int, int, dict[str, Fraction | None]]]


def standings_rows(tournament: Tournament) -> Rows:
    """Rank, participant and values of the standings (the default list for teams, whose
    participants are ranked by match points)."""
    if tournament.team_records is not None:
        standings = tiebreaks.compute_standings(tournament, None, "fide-2026")
    else:
        standings = tiebreaks.compute_standings(
            tournament, fitting(TIEBREAKS, tournament.rounds), "fide-2026"
        )
    return [(row.rank, row.player.start_number, row.values) for row in standings.rows]


def results(tournament: Tournament) -> dict[int, tuple[object, ...]]:
    return {player.start_number: player.results for player in tournament.players}


def via_json(tournament: Tournament) -> Tournament:
    text = write_tournament_json(tournament)
    assert list(schema_validator().iter_errors(json.loads(text))) == []
    return read_tournament_json(text.encode("utf-8"), "round-trip.json")


def via_chess_json(tournament: Tournament) -> Tournament:
    return read_chess_json(write_chess_json(tournament).encode("utf-8"), "round-trip.chess.json")


def via_trf(tournament: Tournament) -> Tournament:
    return read_trf_text(write_trf(tournament), "round-trip.trf")


def check_all_round_trips(original: Tournament) -> None:
    """The round trips of the module docstring, from a tournament as a TRF file gives it."""
    expected = comparable(original)
    assert comparable(via_json(original)) == expected
    assert comparable(via_trf(original)) == expected
    through_chess_json = via_chess_json(original)
    assert results(via_trf(through_chess_json)) == results(original)
    assert comparable(through_chess_json) == replace(
        expected, standings_list=through_chess_json.standings_list
    )
    rows = standings_rows(original)
    for converted in (via_json(original), via_trf(original), through_chess_json):
        assert standings_rows(converted) == rows
    for fmt in FORMATS:
        assert differences(original, read_back(write(original, fmt), fmt), fmt) == []


def from_generated(tournament: Tournament) -> Tournament:
    """A generated tournament as the TRF reader gives it back (points column filled, a type
    text when the pairing system must be named): the starting point of the round trips."""
    read = via_trf(tournament)
    assert results(read) == results(tournament)
    assert read.pairing_system is tournament.pairing_system
    assert read.rounds == tournament.rounds
    assert [p.rating for p in read.players] == [p.rating for p in tournament.players]
    assert standings_rows(read) == standings_rows(tournament)
    return read


@SETTINGS
@given(swiss_tournaments())
def test_swiss_round_trips(tournament: Tournament) -> None:
    assert comparable(via_json(tournament)) == comparable(tournament)
    assert comparable(via_chess_json(tournament)) == comparable(tournament)
    check_all_round_trips(from_generated(tournament))


@SETTINGS
@given(round_robins())
def test_round_robin_round_trips(tournament: Tournament) -> None:
    assert comparable(via_json(tournament)) == comparable(tournament)
    assert comparable(via_chess_json(tournament)) == comparable(tournament)
    check_all_round_trips(from_generated(tournament))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_round_trips(name: str) -> None:
    check_all_round_trips(read_trf_file(EXAMPLES / name))


@pytest.mark.parametrize("trf26", [False, True])
def test_small_team_event_round_trips(trf26: bool) -> None:
    """4 teams x 2 boards with a team bye (320), a forfeited match and a double forfeit
    (330), forfeited boards and half-point byes (tests/vectors/test_teams.py)."""
    check_all_round_trips(read_trf_text(team_file("small", 3, TEAMS, SLOTS, EXTRA, trf26), "t"))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_trf_text_read_write_read(name: str) -> None:
    first = read_trf_file(EXAMPLES / name)
    text = write_trf(first)
    second = read_trf_text(text, name)
    assert comparable(second) == comparable(first)
    assert write_trf(second) == text


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_round_trips_with_standings(name: str) -> None:
    """Written with its standings, a tournament keeps every result; the published values are
    the standings' own."""
    original = read_trf_file(EXAMPLES / name)
    standings = tiebreaks.compute_standings(original)
    writers: list[tuple[Callable[..., str], Callable[..., Tournament]]] = [
        (write_trf, read_trf_text),
        (write_tournament_json, read_tournament_json),
        (write_chess_json, read_chess_json),
    ]
    for writer, reader in writers:
        read = reader(writer(original, standings), "published")
        assert results(read) == results(original)
        assert standings_rows(read) == standings_rows(original)


@pytest.mark.parametrize(
    ("file_name", "writer"),
    [("held-swiss-16.json", write_tournament_json), ("held-swiss-16.chess.json", write_chess_json)],
)
def test_bundled_json_examples_are_up_to_date(file_name: str, writer: Callable[..., str]) -> None:
    """The JSON examples are written by our writers from ``held-swiss-16.trf``; after a change
    of a writer, write them again:
    ``python -c "from tests.formats.test_round_trips import write_examples; write_examples()"``.
    """
    expected = writer(read_trf_file(EXAMPLES / "held-swiss-16.trf"))
    assert (EXAMPLES / file_name).read_text("utf-8") == expected


def write_examples() -> None:
    """Write the bundled JSON examples again (see the test above)."""
    original = read_trf_file(EXAMPLES / "held-swiss-16.trf")
    (EXAMPLES / "held-swiss-16.json").write_text(write_tournament_json(original), "utf-8")
    (EXAMPLES / "held-swiss-16.chess.json").write_text(write_chess_json(original), "utf-8")
