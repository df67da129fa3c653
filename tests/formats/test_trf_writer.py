"""Tests of the TRF writer (TRF-16 ``001`` records, TRF26 header and team records).

Expected lines are written by hand from the column tables of spec §5.1-5.2 (the ``001``
example of §5.1 is copied as it stands there).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

import tiebreaks
from tiebreaks.errors import FormatLimitError
from tiebreaks.formats.readers.trf import read_trf_file, read_trf_text
from tiebreaks.formats.reading import example_path
from tiebreaks.formats.writers.trf import player_record, write_trf
from tiebreaks.model import (
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from tiebreaks.model.team import ForfeitedMatch, TeamRecord, TeamRecords

from ..builders import Builder
from ..team_files import team_file
from ..vectors.test_teams import EXTRA, SLOTS, TEAMS
from .test_json_formats import comparable

K = ResultKind
W, B = Colour.WHITE, Colour.BLACK
EXAMPLES = Path(tiebreaks.__file__).parent / "examples"

SPEC_EXAMPLE = (
    "001    1 m GM Example, Anna                     2412 GER    12345678 1990/01/31  2.5    3"
    "     7 w 1  0000 - H    12 b -     4 w ="
)


def anna() -> Player:
    return Player(
        start_number=1,
        name="Example, Anna",
        results=(
            RoundResult(K.WIN, 7, W),
            RoundResult(K.HALF_BYE),
            RoundResult(K.FORFEIT_LOSS, 12, B),
            RoundResult(K.DRAW, 4, W),
        ),
        rating=2412,
        sex="m",
        title="GM",
        federation="GER",
        fide_id="12345678",
        birth_date="1990/01/31",
    )


def small() -> Tournament:
    builder = Builder(rounds=2, start_date=date(2025, 10, 1))
    builder.player(1, "Anna", 2000).player(2, "Bert", 1900).player(3, "Cleo", 1800)
    builder.game(1, 1, 2, "1-0").bye(1, 3, K.PAIRING_BYE)
    builder.game(2, 3, 1, "=").bye(2, 2, K.FULL_BYE)
    return replace(builder.build("Small Open"), type_text="Swiss")


def with_points(tournament: Tournament) -> Tournament:
    """The tournament with each player's points column as the writer fills it (computed)."""
    points = tournament.score_system.points
    players = tuple(
        replace(p, stated_points=sum((points[r.kind] for r in p.results), Fraction(0)))
        for p in tournament.players
    )
    return replace(tournament, players=players)


def records(text: str, record: str) -> list[str]:
    return [line for line in text.splitlines() if line[:3] == record]


def test_player_record_columns_of_the_spec_example() -> None:
    assert player_record(anna(), Fraction(5, 2), 3) == SPEC_EXAMPLE


def test_player_record_field_positions() -> None:
    line = player_record(anna(), Fraction(5, 2), 3)
    assert line[4:8] == "   1"  # start number, columns 5-8
    assert line[9] == "m"  # sex, column 10
    assert line[10:13] == " GM"  # title, columns 11-13
    assert line[14:47].rstrip() == "Example, Anna"  # name, columns 15-47
    assert line[48:52] == "2412"  # rating, columns 49-52
    assert line[53:56] == "GER"  # federation, columns 54-56
    assert line[57:68] == "   12345678"  # FIDE id, columns 58-68
    assert line[69:79] == "1990/01/31"  # birth date, columns 70-79
    assert line[80:84] == " 2.5"  # points, columns 81-84
    assert line[85:89] == "   3"  # rank, columns 86-89
    for round_number, field in enumerate(["   7 w 1", "0000 - H", "  12 b -", "   4 w ="], 1):
        start = 92 + 10 * (round_number - 1)  # round r starts at column 92 + 10(r-1)
        assert line[start - 1 : start + 7] == field


def test_absent_rounds_are_blank_and_long_names_are_refused() -> None:
    player = replace(
        anna(),
        name="A" * 33,
        results=(RoundResult(K.ABSENT), RoundResult(K.ZERO_BYE)),
        rating=None,
        title="",
    )
    line = player_record(player, None, None)
    assert line[14:47] == "A" * 33
    assert line[48:52] == "    "
    assert line[80:89] == " " * 9
    assert line[91:99] == " " * 8
    assert line[101:109] == "0000 - Z"
    with pytest.raises(FormatLimitError, match=r"player 1 \(A{34}\): name 'A{34}' does not fit"):
        player_record(replace(player, name="A" * 34), None, None)


@pytest.mark.parametrize(
    ("points", "shown"),
    [
        (Fraction(10), "10.0"),
        (Fraction(9, 4), "2.25"),
        (Fraction(120), "120"),  # "120.0" is too wide: the same value in four columns
        (Fraction(1, 8), ".125"),
    ],
)
def test_points_that_fit_four_columns(points: Fraction, shown: str) -> None:
    assert player_record(anna(), points, None)[80:84] == shown.rjust(4)


@pytest.mark.parametrize("points", [Fraction(201, 2), Fraction(-1), Fraction(1, 3)])
def test_points_that_do_not_fit_four_columns_are_refused(points: Fraction) -> None:
    with pytest.raises(FormatLimitError, match=r"player 1 \(Example, Anna\): points"):
        player_record(anna(), points, None)


def test_header_records() -> None:
    original = replace(
        small(),
        type_code="FIDE_DUTCH_2025",
        tiebreak_list=("BH/C1", "SB"),
        standings_list=("PTS", "BH/C1", "SB"),
    )
    text = write_trf(original)
    assert text.splitlines()[:9] == [
        "012 Small Open",
        "042 2025/10/01",
        "092 Swiss",
        "142 2",
        "XXR 2",
        "192 FIDE_DUTCH_2025",
        "202 BH/C1,SB",
        "212 PTS,BH/C1,SB",
        "001    1      Anna                              2000                             1.5     "
        "     2 w 1     3 b =",
    ]
    assert records(text, "162") == [] and records(text, "XXS") == []
    assert text.endswith("\n")
    assert comparable(read_trf_text(text, "small.trf")) == comparable(with_points(original))


def test_points_are_computed_when_none_were_read() -> None:
    lines = records(write_trf(small()), "001")
    assert [line[80:84] for line in lines] == [" 1.5", " 1.0", " 1.5"]
    assert [line[85:89] for line in lines] == ["    "] * 3


def test_score_system_records() -> None:
    system = ScoreSystem.from_values(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(1))
    system = system.with_points({K.FORFEIT_WIN: Fraction(2), K.HALF_BYE: Fraction(3, 2)})
    original = replace(small(), score_system=system)
    text = write_trf(original)
    assert records(text, "162") == ["162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0"]
    line = records(text, "162")[0]
    assert (line[5], line[6:10], line[14], line[15:19]) == ("W", " 3.0", "D", " 1.0")
    assert records(text, "XXS") == ["XXS FW=2.0 HPB=1.5"]
    assert read_trf_text(text, "s.trf").score_system == system


def test_national_ratings() -> None:
    players = tuple(replace(p, national_rating=1500 + p.start_number) for p in small().players)
    original = replace(small(), players=players, national_federation="GER", rating_method="NIDOF")
    text = write_trf(original)
    assert records(text, "172") == ["172 GER NIDOF"]
    national = records(text, "GER")
    assert [(line[4:8], line[48:52]) for line in national] == [
        ("   1", "1501"),
        ("   2", "1502"),
        ("   3", "1503"),
    ]
    assert comparable(read_trf_text(text, "n.trf")) == comparable(with_points(original))


def test_standings_fill_points_ranks_and_lists() -> None:
    original = read_trf_file(EXAMPLES / "held-swiss-16.trf")
    standings = tiebreaks.compute_standings(original, "PTS,BH/C1,SB,DE", "fide-2024")
    text = write_trf(original, standings)
    assert records(text, "202") == ["202 BH/C1,SB,DE"]
    assert records(text, "212") == ["212 PTS,BH/C1,SB,DE"]
    read = read_trf_text(text, "published.trf")
    for row in standings.rows:
        player = read.player(row.player.start_number)
        assert player.stated_rank == row.rank
        assert player.stated_points == row.values["PTS"]
    assert [p.results for p in read.players] == [p.results for p in original.players]


def test_team_records_013() -> None:
    text = team_file("small", 3, TEAMS, SLOTS, EXTRA)
    original = read_trf_text(text, "team.trf")
    written = write_trf(original)
    assert records(written, "013")[0] == "013 " + "T1".ljust(32) + "   1    2"
    assert records(written, "013")[0][36:40] == "   1"  # first player, columns 37-40
    assert records(written, "013")[0][41:45] == "   2"  # then every 5 columns
    assert records(written, "320") == ["320  1.0  1.0 000 002"]
    assert records(written, "330") == ["330 +-   2   1   3", "330 --   3   2   3"]
    assert records(written, "352") == ["352 WB"]
    assert records(written, "362") == ["362 TW 2.0   TD 1.0   TL 0.0"]
    assert comparable(read_trf_text(written, "again.trf")) == comparable(original)


def test_team_records_310_for_numbers_short_names_and_team_ranks() -> None:
    original = read_trf_text(team_file("small", 3, TEAMS, SLOTS, EXTRA), "team.trf")
    team_records = original.team_records
    assert team_records is not None
    teams = (replace(team_records.teams[0], short_name="ONE"), *team_records.teams[1:])
    renamed = replace(original, team_records=replace(team_records, teams=teams))
    written = write_trf(renamed)
    line = records(written, "310")[0]
    assert line[4:7] == "  1" and line[8:40].rstrip() == "T1" and line[41:46] == "ONE  "
    assert line[73:77] == "   1" and line[78:82] == "   2"  # players at 74-77, 79-82
    assert comparable(read_trf_text(written, "310.trf")) == comparable(renamed)
    standings = tiebreaks.compute_standings(original, "MP,GP", "fide-2024")
    published = records(write_trf(original, standings), "310")
    assert [(line[54:60], line[61:67], line[68:71]) for line in published] == [
        ("   4.0", "   3.5", "  2"),
        ("   1.0", "   1.5", "  3"),
        ("   1.0", "   1.0", "  4"),
        ("   4.0", "   4.0", "  1"),
    ]


def test_team_numbers_out_of_order_use_310() -> None:
    team_records = TeamRecords(
        teams=(TeamRecord(7, "Seven", (1,)), TeamRecord(3, "Three", (2, 3))),
        forfeits=(ForfeitedMatch(1, 7, 3, "-+"),),
    )
    original = replace(small(), team_records=team_records, type_code="FIDE_TEAM_MP_GP")
    text = write_trf(original)
    assert [line[:7] for line in records(text, "310")] == ["310   7", "310   3"]
    assert comparable(read_trf_text(text, "t.trf")) == comparable(with_points(original))


@pytest.mark.parametrize("system", [PairingSystem.SWISS, PairingSystem.ROUND_ROBIN])
def test_pairing_system_is_named_when_the_file_would_not_tell(system: PairingSystem) -> None:
    builder = Builder(rounds=3, pairing_system=system)  # 4 players, 3 rounds: looks like a RR
    for round_number, pairs in enumerate([[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]):
        for white, black in pairs:
            builder.game(round_number + 1, white, black, "=")
    original = builder.build()
    text = write_trf(original)
    expected = [] if system is PairingSystem.ROUND_ROBIN else ["092 Swiss-System"]
    assert records(text, "092") == expected
    assert read_trf_text(text, "p.trf").pairing_system is system
    with_text = replace(original, type_text="Open")
    text = write_trf(with_text)
    assert records(text, "092") == ["092 Open"]
    assert records(text, "192") == ([] if expected == [] else ["192 CUSTOM_SWISS"])
    assert read_trf_text(text, "p.trf").pairing_system is system


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.trf")))
def test_bundled_examples_are_written_column_for_column(name: str) -> None:
    """Every ``001`` record of the examples comes back exactly (the examples write the empty
    opponent as ``0000``, ``   0`` or blanks; ours is ``0000``)."""
    source = (EXAMPLES / name).read_text("utf-8")
    written = write_trf(read_trf_file(EXAMPLES / name))

    def players(text: str) -> dict[str, str]:
        found = {}
        for line in records(text, "001"):
            fields = [line[c - 1 : c + 7] for c in range(92, len(line) + 1, 10)]
            normal = [f.replace("   0 -", "0000 -") for f in fields]
            found[line[4:8]] = line[:91] + "".join(f"{f:<10}" for f in normal).rstrip()
        return found

    assert players(written) == players(source)


def test_a_line_break_in_a_name_cannot_start_a_record_of_its_own() -> None:
    """Issue 9: a name read from JSON may hold a line break; written to TRF it would become a
    record (``012`` would retitle the tournament). Issue 15: TRF cannot hold it, so nothing is
    written and the error names the player and the field."""
    tournament = read_trf_text(example_path("held-swiss-16.trf").read_text(), "h.trf")
    first = replace(tournament.players[0], name="Evil\n012 Injected\r\u202etitle")
    with pytest.raises(FormatLimitError) as caught:
        write_trf(replace(tournament, players=(first, *tournament.players[1:])))
    assert (caught.value.participant, caught.value.field) == (
        "player 1 (Evil\ufffd012 Injected\ufffd\ufffdtitle)",
        "name",
    )
    assert "\n" not in str(caught.value)
