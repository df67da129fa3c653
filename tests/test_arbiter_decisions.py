"""The arbiter's decisions besides the file (issue 18 items 2 and 3): participants left out of
the ranking (withdrawn, expelled), manual tie-break values (MAN) and a manual order of the
ties left.

The worked example is a six-player Swiss of three rounds, every game played:

    round 1: 1-6 1-0, 2-5 1-0, 3-4 =
    round 2: 1-2 =,   3-6 0-1, 4-5 1-0
    round 3: 1-4 1-0, 6-2 1-0, 3-5 1-0

Scores by hand: 1: 2.5, 6: 2, 2: 1.5, 3: 1.5, 4: 1.5, 5: 0. Buchholz (sum of the opponents'
scores): 1: 2+1.5+1.5 = 5, 2: 0+2.5+2 = 4.5, 3: 1.5+2+0 = 3.5, 4: 1.5+0+2.5 = 4,
5: 1.5*3 = 4.5, 6: 2.5+1.5+1.5 = 5.5. Sonneborn-Berger: 1: 2+0.75+1.5 = 4.25,
2: 0+1.25 = 1.25, 3: 0.75+0 = 0.75, 4: 0.75+0 = 0.75, 5: 0, 6: 1.5+1.5 = 3.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from tests.builders import Builder
from tiebreaks import compute_standings
from tiebreaks.cli.main import main
from tiebreaks.errors import InputError, UsageError
from tiebreaks.formats.detect import read_data
from tiebreaks.formats.readers.manual_csv import parse_manual_values
from tiebreaks.formats.reading import example_path, read_tournament
from tiebreaks.formats.writing import write_data
from tiebreaks.model import ResultKind, Tournament
from tiebreaks.render.explanations import worded
from tiebreaks.render.standings import render_standings

F = Fraction


def example() -> Tournament:
    builder = Builder(rounds=3)
    for number, name in enumerate(["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"], 1):
        builder.player(number, name, 2000 - 10 * number)
    builder.game(1, 1, 6, "1-0").game(1, 2, 5, "1-0").game(1, 3, 4, "=")
    builder.game(2, 1, 2, "=").game(2, 3, 6, "0-1").game(2, 4, 5, "1-0")
    builder.game(3, 1, 4, "1-0").game(3, 6, 2, "1-0").game(3, 3, 5, "1-0")
    return builder.build("Arbiter example")


#: start number -> (PTS, BH, SB), by hand (module docstring)
BY_HAND = {
    1: (F(5, 2), F(5), F(17, 4)),
    2: (F(3, 2), F(9, 2), F(5, 4)),
    3: (F(3, 2), F(7, 2), F(3, 4)),
    4: (F(3, 2), F(4), F(3, 4)),
    5: (F(0), F(9, 2), F(0)),
    6: (F(2), F(11, 2), F(3)),
}


@pytest.mark.parametrize(
    ("excluded", "ranked"),
    [
        ({}, [1, 6, 2, 4, 3, 5]),
        ({6: "expelled"}, [1, 2, 4, 3, 5]),
        ({6: "withdrawn", 2: "expelled"}, [1, 4, 3, 5]),
        ([1], [6, 2, 4, 3, 5]),
    ],
)
def test_excluded_participants_close_up_the_ranks_and_keep_every_value(
    excluded: dict[int, str] | list[int], ranked: list[int]
) -> None:
    standings = compute_standings(example(), "PTS,BH,SB", excluded=excluded)
    assert [row.player.start_number for row in standings.rows] == ranked
    assert [row.rank for row in standings.rows] == list(range(1, len(ranked) + 1))
    for row in (*standings.rows, *standings.not_ranked):
        assert tuple(row.values.values()) == BY_HAND[row.player.start_number]
    left_out = set(excluded)
    assert {row.player.start_number for row in standings.not_ranked} == left_out
    statuses = dict(excluded) if isinstance(excluded, dict) else dict.fromkeys(excluded, "")
    for row in standings.not_ranked:
        assert row.rank == 0
        assert row.status == (statuses[row.player.start_number] or "withdrawn")


def withdrawing() -> Tournament:
    """Fay (6) withdraws after round 1: absent in rounds 2 and 3; the other five are paired
    among themselves with a pairing-allocated bye."""
    builder = Builder(rounds=3)
    for number in range(1, 7):
        builder.player(number, f"P{number}")
    builder.game(1, 1, 6, "0-1").game(1, 2, 5, "1-0").game(1, 3, 4, "=")
    builder.game(2, 1, 2, "=").game(2, 3, 5, "1-0").bye(2, 4, ResultKind.PAIRING_BYE)
    builder.game(3, 4, 1, "0-1").game(3, 5, 2, "0-1").bye(3, 3, ResultKind.PAIRING_BYE)
    return builder.build()


def test_the_file_marks_a_withdrawal_by_absences_to_the_last_round() -> None:
    standings = compute_standings(withdrawing(), "PTS,BH,SB", exclude_withdrawn=True)
    assert [row.player.start_number for row in standings.not_ranked] == [6]
    assert standings.excluded[6].last_round == 1
    assert standings.not_ranked[0].status == "withdrawn"


@settings(max_examples=30, deadline=None)
@given(st.sets(st.integers(1, 6), max_size=3), st.sampled_from(["PTS,BH,SB", "PTS,BH/C1,ARO"]))
def test_exclusion_never_changes_a_value(left_out: set[int], tiebreaks: str) -> None:
    """Property: the values of everyone are the same with and without exclusion (only
    value tie-breaks: a group tie-break depends on who is tied, so on who is ranked)."""
    for tournament in (example(), withdrawing()):
        whole = compute_standings(tournament, tiebreaks)
        apart = compute_standings(tournament, tiebreaks, excluded=sorted(left_out))
        values = {row.player.start_number: row.values for row in whole.rows}
        for row in (*apart.rows, *apart.not_ranked):
            assert row.values == values[row.player.start_number]
        ranked = [
            row.player.start_number for row in whole.rows if row.player.start_number not in left_out
        ]
        assert [row.player.start_number for row in apart.rows] == ranked


@pytest.mark.parametrize("excluded", [{}, {6: "expelled"}, {6: "withdrawn", 2: "expelled"}])
@pytest.mark.parametrize("output_format", ["text", "csv"])
def test_the_tables_show_everyones_values_with_those_left_out_last(
    output_format: str, excluded: dict[int, str]
) -> None:
    """The text and CSV tables give each row its participant's values (by hand, above): the
    ranked rows and, after them, the rows of those left out."""
    standings = compute_standings(example(), "PTS,BH,SB", excluded=excluded)
    rendered = render_standings(standings, output_format, "en")
    assert isinstance(rendered, str)
    if output_format == "csv":  # rank,id,name,rating,PTS,BH,SB,not_ranked
        rows = [line.split(",") for line in rendered.splitlines()[1:]]
        shown = [(int(row[1]), row[4:7], row[0] == "") for row in rows]
    else:  # Rk No Name Rtg PTS BH SB; "-" for the rank of those left out
        rows = [line.split() for line in rendered.splitlines()]
        rows = [row for row in rows if len(row) == 7 and row[0] in ("-", *map(str, range(7)))]
        shown = [(int(row[1]), row[4:], row[0] == "-") for row in rows]
    assert sorted(number for number, _, _ in shown) == sorted(BY_HAND)
    assert {number for number, _, apart in shown if apart} == set(excluded)
    assert [apart for _, _, apart in shown] == sorted(apart for _, _, apart in shown)
    for number, texts, _ in shown:
        assert tuple(map(Fraction, texts)) == BY_HAND[number], number


def test_an_opponents_explanation_names_the_excluded_player() -> None:
    standings = compute_standings(example(), "PTS,BH,SB", excluded={6: "expelled"})
    lines = worded(standings.trace(1, "BH"), standings).lines
    assert "(#6 Fay expelled after round 3, not ranked" in lines[0].text
    assert [line.amount for line in lines] == [2, F(3, 2), F(3, 2)]  # the scores, unchanged


@pytest.mark.parametrize(
    ("manual", "ranked"),
    [
        ({2: 1, 3: 0, 4: F(1, 2)}, [1, 6, 2, 4, 3, 5]),
        ({2: 0, 3: 1, 4: F(1, 2)}, [1, 6, 3, 4, 2, 5]),
        ({3: F(3, 2)}, [1, 6, 3, 2, 4, 5]),  # 2 and 4 have no value: still tied
    ],
)
def test_manual_values_rank_the_ties(manual: dict[int, Fraction | int], ranked: list[int]) -> None:
    standings = compute_standings(example(), "PTS,MAN", manual_values=manual)
    assert [row.player.start_number for row in standings.rows] == ranked
    assert standings.row(1).values["MAN"] is None
    for number, value in manual.items():
        assert standings.row(number).values["MAN"] == value


def test_manual_values_without_man_in_the_list_are_refused() -> None:
    with pytest.raises(UsageError, match="MAN is not in the tie-break list"):
        compute_standings(example(), "PTS,BH", manual_values={2: 1})
    (warning,) = compute_standings(example(), "PTS,MAN").warnings
    assert warning.code == "standings.manual-values-missing"


def test_the_arbiters_order_decides_only_the_ties_left() -> None:
    standings = compute_standings(example(), "PTS", manual_order=[4, 2, 3])
    assert [(row.rank, row.player.start_number) for row in standings.rows] == [
        (1, 1),
        (2, 6),
        (3, 4),
        (4, 2),
        (5, 3),
        (6, 5),
    ]
    assert [row.ordered_by_arbiter for row in standings.rows] == [
        False,
        False,
        True,
        True,
        True,
        False,
    ]


@pytest.mark.parametrize(
    ("order", "message"),
    [
        ([4, 2], "3 is tied with 2 after the whole list"),
        ([1], "is not tied with anyone"),
        ([4, 2, 3, 4], "named twice"),
        ([99], "is not the start number"),
    ],
)
def test_an_order_that_reorders_untied_or_part_of_a_group_is_refused(
    order: list[int], message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        compute_standings(example(), "PTS", manual_order=order)


def test_manual_values_csv_by_number_or_name() -> None:
    values = parse_manual_values("participant;value\n2;1\nCid;0\n4;1/2\n", example(), "m.csv")
    assert {n: v.value for n, v in values.items()} == {2: 1, 3: 0, 4: F(1, 2)}
    assert (values[4].source, values[4].line) == ("m.csv", 4)


@pytest.mark.parametrize(
    ("text", "line", "column", "found"),
    [
        ("2;1\n9;0\n", 2, 1, "9"),
        ("2;1\nNobody;0\n", 2, 1, "Nobody"),
        ("2;1\n3;one\n", 2, 2, "one"),
        ("2;1\n2;0\n", 2, 1, "2"),
        ("2;1\n3\n", 2, 2, ""),
    ],
)
def test_a_bad_manual_row_is_located(text: str, line: int, column: int, found: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_manual_values(text, example(), "m.csv")
    location = caught.value.location
    assert (location.source, location.line, location.column) == ("m.csv", line, column)
    assert caught.value.text == found


@pytest.mark.parametrize("output_format", ["text", "csv", "json", "html", "pdf"])
def test_every_output_shows_the_decisions(output_format: str) -> None:
    standings = compute_standings(
        example(),
        "PTS,MAN",
        excluded={5: "expelled"},
        manual_values={2: 1, 3: 1, 4: 1},
        manual_order=[3, 4, 2],
    )
    rendered = render_standings(standings, output_format, "en")
    if output_format == "pdf":
        assert isinstance(rendered, bytes)
        pages = PdfReader(io.BytesIO(rendered)).pages
        rendered = " ".join(" ".join(page.extract_text().split()) for page in pages)
    assert isinstance(rendered, str)
    if output_format == "json":
        data = json.loads(rendered)
        assert data["not_ranked"][0]["id"] == 5 and data["not_ranked"][0]["status"] == "expelled"
        assert [row.get("ordered_by_arbiter", False) for row in data["standings"]][2:5] == [
            True
        ] * 3
        assert data["manual_order"] == [3, 4, 2]
        return
    if output_format == "csv":
        assert rendered.splitlines()[-1].endswith(",expelled")
        assert "ordered_by_arbiter" in rendered.splitlines()[0]
        return
    assert "expelled after round 3, not ranked" in rendered
    assert "3^" in rendered


def test_cli_options(tmp_path: Path) -> None:
    trf = tmp_path / "event.trf"
    trf.write_text(str(write_data(example(), compute_standings(example()), "trf")))
    manual = tmp_path / "man.csv"
    manual.write_text("participant;value\n2;1\nCid;0\n4;0.5\n")
    runner = CliRunner()
    ran = runner.invoke(
        main, ["standings", str(trf), "-t", "PTS,MAN", "--manual", str(manual), "--expelled", "6"]
    )
    assert ran.exit_code == 0, ran.output
    lines = ran.output.splitlines()
    assert "#6 Fay: expelled after round 3, not ranked" in lines
    bad = runner.invoke(main, ["standings", str(trf), "--order", "1"])
    assert bad.exit_code == 2
    assert "--order 1 is not tied" in bad.output
    manual.write_text("2;1\n3;x\n")
    located = runner.invoke(main, ["standings", str(trf), "-t", "PTS,MAN", "--manual", str(manual)])
    assert located.exit_code == 1
    assert "man.csv:2:2" in located.output


def test_a_trf_written_back_gives_the_excluded_no_rank() -> None:
    """Round trip: the TRF keeps the others' closed-up ranks and leaves the rank field of a
    participant not ranked empty; the exclusion itself is an option of the run, no format
    holds it (docs/conformance.md)."""
    tournament = example()
    standings = compute_standings(tournament, "PTS,BH,SB", excluded={6: "expelled"})
    text = str(write_data(tournament, standings, "trf"))
    read = read_data(text.encode(), "back.trf")
    ranks = {player.start_number: player.stated_rank for player in read.players}
    assert ranks == {1: 1, 2: 2, 4: 3, 3: 4, 5: 5, 6: None}


def test_the_order_from_a_file(tmp_path: Path) -> None:
    trf = tmp_path / "event.trf"
    trf.write_text(str(write_data(example(), compute_standings(example()), "trf")))
    order = tmp_path / "order.txt"
    order.write_text("4\n2, 3\n")
    ran = CliRunner().invoke(main, ["standings", str(trf), "-t", "PTS", "--order", str(order)])
    assert ran.exit_code == 0, ran.output
    assert [line.split()[:2] for line in ran.output.splitlines()[-6:]] == [
        ["1", "1"],
        ["2", "6"],
        ["3^", "4"],
        ["4^", "2"],
        ["5^", "3"],
        ["6", "5"],
    ]
    order.write_text("4\n2 x3\n")
    bad = CliRunner().invoke(main, ["standings", str(trf), "-t", "PTS", "--order", str(order)])
    assert bad.exit_code == 1
    assert "order.txt:2:3: found 'x3', expected a start number" in bad.output


def test_in_a_team_event_the_participants_are_the_teams() -> None:
    """Team numbers and team names (C.07 Art. 11: the teams are ranked): Team 07 and Team 13
    share 6 match points; the arbiter's values put 13 first."""
    tournament = read_tournament(str(example_path("held-team-14.trf")))
    values = parse_manual_values("Team 07;1\n13;2\n", tournament, "m.csv")
    assert {number: value.value for number, value in values.items()} == {7: 1, 13: 2}
    standings = compute_standings(
        tournament, "MP,MAN", manual_values=values, excluded={3: "expelled"}
    )
    numbers = [row.player.start_number for row in standings.rows]
    assert numbers.index(13) + 1 == numbers.index(7)
    assert [row.player.name for row in standings.not_ranked] == ["Team 03"]
