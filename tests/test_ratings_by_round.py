"""Events longer than 30 days (issue 18 item 6): several ratings per participant, each in force
from a round; the rating tie-breaks with the first rating (C.07 (2026) Art. 10, the default)
or with each opponent's rating in force in the round played (``rating_by_round``); the
ratings read from a side CSV or from the ``###`` comments of a TRF we wrote; a warning that
rating tie-breaks are not advised when the file's dates say the event lasts over 30 days.

The league below is a six-player round robin over two rating periods (rounds 1-3 and 4-5),
every value worked out by hand from Art. 10.1 (ARO), 10.2 (TPR: ARO + dp(p), dp from FIDE
B.02 table 8.1(a)) and 10.4 (APRO: mean of the opponents' TPR), averages rounded half up.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from tiebreaks import compute_standings
from tiebreaks.cli.main import main
from tiebreaks.errors import FormatLimitError, InputError
from tiebreaks.formats.readers.ratings_csv import parse_rating_table
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.round_trip import differences, write
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model.rating_lists import apply_round_ratings
from tiebreaks.model.round_ratings import RoundRating
from tiebreaks.render import standings_text, standings_to_data
from tiebreaks.render.explanations import explanation

#: start number -> (name, first rating, rating from round 4)
PLAYERS = {
    1: ("Ahrens, Anna", 2000, 2030),
    2: ("Brandt, Bernd", 1900, 1880),
    3: ("Conti, Carla", 1800, 1820),
    4: ("Dietz, Dora", 1700, 1700),
    5: ("Eder, Emil", 1600, 1653),
    6: ("Funk, Fritz", 1500, 1470),
}
#: rounds of the Berger table for six: (White, Black, result from White's side)
GAMES = {
    1: [(1, 6, "1-0"), (2, 5, "="), (3, 4, "1-0")],
    2: [(6, 4, "0-1"), (5, 3, "="), (1, 2, "=")],
    3: [(2, 6, "1-0"), (3, 1, "0-1"), (4, 5, "=")],
    4: [(6, 5, "0-1"), (1, 4, "1-0"), (2, 3, "=")],
    5: [(3, 6, "1-0"), (4, 2, "0-1"), (5, 1, "=")],
}
_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "=")}
#: the points, from the games above
POINTS = {1: "4.0", 2: "3.5", 3: "3.0", 4: "1.5", 5: "3.0", 6: "0.0"}
#: the comments a TRF records ratings of later rounds with (not for player 4: unchanged)
COMMENTS = [
    f"### rating of {number} from round 4: {later}"
    for number, (_, first, later) in PLAYERS.items()
    if later != first
]


def _record(number: int) -> str:
    """The 001 record of ``number`` (TRF-16 columns: name 15-47, rating 49-52, points
    81-84, round 1 at 92, each round 10 columns)."""
    name, rating, _ = PLAYERS[number]
    rounds = []
    for round_number in sorted(GAMES):
        for white, black, result in GAMES[round_number]:
            if number in (white, black):
                codes = _CODES[result]
                if number == white:
                    rounds.append(f"{black:4d} w {codes[0]}")
                else:
                    rounds.append(f"{white:4d} b {codes[1]}")
    head = f"001 {number:4d} m    {name:<33} {rating:4d} GER {'':11} {'':10} {POINTS[number]:>4}"
    return f"{head}       " + "  ".join(rounds)


def league_text(*, end: str = "2026/11/14", comments: bool = True) -> str:
    """The league as TRF text: 042 start, 052 end, the rating comments, the players."""
    header = ["012 Winter League", "042 2026/09/05", f"052 {end}", "XXR 5", "092 Round robin"]
    return "\n".join([*header, *(COMMENTS if comments else []), *map(_record, PLAYERS)]) + "\n"


# ---------------------------------------------------------------------------------------------
# The values worked out by hand

#: B.02 table 8.1(a): dp for the fractional scores of this league (p = points / 5 games)
DP = {Fraction(4, 5): 240, Fraction(7, 10): 149, Fraction(3, 5): 72, Fraction(3, 10): -149}

#: start number -> (ARO, TPR, APRO) with every player's first rating:
#: ARO of 1 = (1500 + 1900 + 1800 + 1700 + 1600) / 5 = 1700; TPR = 1700 + dp(0.80) = 1940;
#: 6 scored 0: TPR = ARO - 800 (Art. 10.2); APRO of 1 = (1000 + 1869 + 1812 + 1611 + 1852) / 5
#: = 1628.8 -> 1629 ...
FIRST = {
    1: (1700, 1700 + DP[Fraction(4, 5)], 1629),  # APRO 8144 / 5
    2: (1720, 1720 + DP[Fraction(7, 10)], 1643),  # APRO 8215 / 5
    3: (1740, 1740 + DP[Fraction(3, 5)], 1654),  # APRO 8272 / 5 = 1654.4
    4: (1760, 1760 + DP[Fraction(3, 10)], 1695),  # APRO 8473 / 5 = 1694.6
    5: (1780, 1780 + DP[Fraction(3, 5)], 1646),  # APRO 8232 / 5 = 1646.4
    6: (1800, 1800 - 800, 1817),  # APRO 9084 / 5 = 1816.8
}
#: the same with the rating in force in each round (rounds 4 and 5 the second period):
#: ARO of 1 = (1500 + 1900 + 1800 + 1700 [round 4: 4 unchanged] + 1653 [round 5: 5]) / 5
#: = 1710.6 -> 1711; ARO of 6 = (2000 + 1700 + 1900 + 1653 + 1820) / 5 = 1814.6 -> 1815
BY_ROUND = {
    1: (1711, 1711 + DP[Fraction(4, 5)], 1631),  # TPRs 1015 1873 1802 1613 1852: 8155 / 5
    2: (1724, 1724 + DP[Fraction(7, 10)], 1647),  # 1852 1951 1015 1802 1613: 8233 / 5
    3: (1730, 1730 + DP[Fraction(3, 5)], 1661),  # 1613 1852 1951 1873 1015: 8304 / 5
    4: (1762, 1762 + DP[Fraction(3, 10)], 1699),  # 1802 1015 1852 1951 1873: 8493 / 5
    5: (1780, 1780 + DP[Fraction(3, 5)], 1651),  # 1873 1802 1613 1015 1951: 8254 / 5
    6: (1815, 1815 - 800, 1818),  # 1951 1613 1873 1852 1802: 9091 / 5
}
LIST = "PTS,ARO,TPR,APRO"


def _whole(value: Fraction | None) -> int:
    assert value is not None and value.denominator == 1, value
    return int(value)


def _values(by_round: bool, text: str | None = None) -> dict[int, tuple[int, ...]]:
    tournament = read_trf_text(text or league_text())
    standings = compute_standings(tournament, LIST, rating_by_round=by_round)
    found: dict[int, tuple[int, ...]] = {}
    for row in standings.rows:
        found[row.player.start_number] = tuple(
            _whole(row.values[label]) for label in LIST[4:].split(",")
        )
    return found


@pytest.mark.parametrize("number", sorted(FIRST))
def test_the_first_rating_counts_by_default(number: int) -> None:
    assert _values(by_round=False)[number] == FIRST[number]


@pytest.mark.parametrize("number", sorted(BY_ROUND))
def test_by_round_each_game_counts_the_rating_in_force(number: int) -> None:
    assert _values(by_round=True)[number] == BY_ROUND[number]


def test_the_hand_computed_sums_hold() -> None:
    """The APRO sums of the tables are the opponents' TPRs of the same table (a check of the
    hand computation itself, from the games)."""
    for table in (FIRST, BY_ROUND):
        for number, (_, _, apro) in table.items():
            opponents = [
                black if white == number else white
                for games in GAMES.values()
                for white, black, _ in games
                if number in (white, black)
            ]
            total = sum(table[other][1] for other in opponents)
            assert apro == (2 * total + 5) // 10, number


def test_without_ratings_per_round_both_choices_give_the_same() -> None:
    text = league_text(comments=False)
    assert _values(by_round=True, text=text) == _values(by_round=False, text=text) == FIRST


# ---------------------------------------------------------------------------------------------
# The explanation, the method printed, the warning


def test_the_explanation_names_the_rating_of_each_round() -> None:
    standings = compute_standings(read_trf_text(league_text()), LIST, rating_by_round=True)
    trace = standings.trace(1, "ARO")
    ratings = [(entry.round, entry.rating) for entry in trace.entries]
    assert ratings == [(1, 1500), (2, 1900), (3, 1800), (4, 1700), (5, 1653)]
    told = explanation(trace, standings.computation)
    lines = [line.text for line in told.lines]
    assert "rating 1653 (in force from round 4)" in lines[4]
    assert "in force from round" not in lines[3]  # player 4 kept their rating
    assert any("rating in force in the round played" in step for step in told.steps)
    assert any("1 game with a rating of a later period" in step for step in told.steps)


def test_the_explanation_says_the_first_rating_counts() -> None:
    standings = compute_standings(read_trf_text(league_text()), LIST)
    told = explanation(standings.trace(1, "TPR"), standings.computation)
    assert any("first rating counts" in step for step in told.steps)
    assert [entry.rating for entry in standings.trace(1, "TPR").entries][4] == 1600


@pytest.mark.parametrize(
    ("by_round", "line", "field"),
    [
        (True, "each opponent's rating in force in the round played", "by-round"),
        (False, "each player's first rating (C.07 Art. 10)", "first"),
    ],
)
def test_the_choice_is_printed(by_round: bool, line: str, field: str) -> None:
    standings = compute_standings(read_trf_text(league_text()), LIST, rating_by_round=by_round)
    assert line in standings_text(standings)
    assert standings_to_data(standings)["ratings_used"] == field


def test_one_rating_each_prints_no_choice() -> None:
    standings = compute_standings(read_trf_text(league_text(comments=False)), LIST)
    assert "several ratings" not in standings_text(standings)
    assert "ratings_used" not in standings_to_data(standings)


def test_rating_tiebreaks_in_an_event_over_30_days_are_not_advised() -> None:
    """042 2026/09/05 to 052 2026/11/14: 71 days; the warning is at the 052 record."""
    standings = compute_standings(read_trf_text(league_text(), "league.trf"), LIST)
    found = [w for w in standings.warnings if w.code == "standings.rating-tiebreaks-long-event"]
    assert len(found) == 1
    assert (found[0].location.line, found[0].location.column) == (3, 5)  # type: ignore[union-attr]
    assert "ARO, TPR, APRO" in found[0].message and "71 days" in found[0].message


@pytest.mark.parametrize(
    ("end", "tiebreaks"),
    [
        ("2026/10/04", LIST),  # 30 days: one rating period
        ("2026/11/14", "PTS,SB,WIN"),  # no rating tie-break
    ],
)
def test_no_warning_within_30_days_or_without_rating_tiebreaks(end: str, tiebreaks: str) -> None:
    standings = compute_standings(read_trf_text(league_text(end=end)), tiebreaks)
    assert "standings.rating-tiebreaks-long-event" not in {w.code for w in standings.warnings}


def test_round_dates_of_132_tell_the_length_too() -> None:
    """132: round dates YY/MM/DD from column 92; the last (26/10/30) is 56 days after 042."""
    dates = "".join(f"{day:<10}" for day in ["26/09/05", "26/09/19", "26/10/03", "26/10/17"])
    record = f"132{'':88}{dates}26/10/30"
    text = league_text().replace("052 2026/11/14\n", record + "\n")
    standings = compute_standings(read_trf_text(text), LIST)
    found = [w for w in standings.warnings if w.code == "standings.rating-tiebreaks-long-event"]
    assert found and "56 days" in found[0].message
    assert found[0].location is not None and found[0].location.column == 132


# ---------------------------------------------------------------------------------------------
# Reading the ratings: TRF comments, CSV; writing them back


def test_the_trf_comments_are_read_in_order() -> None:
    tournament = read_trf_text(league_text())
    expected = tuple(
        RoundRating(number, 4, later)
        for number, (_, first, later) in PLAYERS.items()
        if later != first
    )
    assert tournament.round_ratings == expected
    assert [player.rating for player in tournament.players] == [p[1] for p in PLAYERS.values()]


@pytest.mark.parametrize(
    ("comment", "reason"),
    [
        ("### rating of 9 from round 4: 2000", "no player has start number 9"),
        ("### rating of 2 from round 6: 2000", "a round from 2 to 5"),
        ("### rating of 2 from round 4: 1999", "already has a rating from round 4"),
    ],
)
def test_a_comment_that_cannot_apply_is_a_located_warning(comment: str, reason: str) -> None:
    text = league_text() + comment + "\n"  # line 17: after 5 header lines, 5 comments, 6 players
    tournament = read_trf_text(text, "league.trf")
    found = [w for w in tournament.warnings if w.code == "trf.round-rating-ignored"]
    assert len(found) == 1 and reason in found[0].message
    assert found[0].location is not None and found[0].location.line == 17
    assert RoundRating(2, 4, 1880) in tournament.round_ratings


def test_the_trf_writer_writes_the_ratings_back() -> None:
    tournament = read_trf_text(league_text())
    written = write_trf(tournament)
    assert [line for line in written.splitlines() if line.startswith("### rating")] == COMMENTS
    assert "052 2026/11/14" in written.splitlines()
    read = read_trf_text(written)
    assert differences(tournament, read, "trf") == []
    assert read.round_ratings == tournament.round_ratings
    assert _values(True, written) == BY_ROUND


CSV_ROWS = [f"{n};4;{later}" for n, (_, first, later) in PLAYERS.items() if later != first]


@pytest.mark.parametrize(
    "csv_text",
    [
        "start_number;round;rating\n" + "\n".join(CSV_ROWS),
        # by FIDE id, commas, a first rating given for round 1 (the file's own, unchanged)
        "fide_id,from_round,rating\n4600001,1,2000\n"
        + "\n".join(f"460000{row.replace(';', ',')}" for row in CSV_ROWS),
    ],
)
def test_a_csv_gives_the_same_ratings_as_the_comments(csv_text: str) -> None:
    plain = read_trf_text(_with_fide_ids(league_text(comments=False)))
    applied = apply_round_ratings(plain, parse_rating_table(csv_text, "r.csv"))
    assert applied.round_ratings == read_trf_text(league_text()).round_ratings
    assert [player.rating for player in applied.players] == [p[1] for p in PLAYERS.values()]


def _with_fide_ids(text: str) -> str:
    """The league with FIDE ids 4600001 ... 4600006 (columns 58-68)."""
    lines = [
        f"{line[:57]}{'460000' + line[7]:>11}{line[68:]}" if line.startswith("001") else line
        for line in text.splitlines()
    ]
    return "\n".join(lines) + "\n"


def test_a_csv_rating_from_round_one_is_the_first_rating() -> None:
    table = parse_rating_table("start_number;round;rating\n6;1;1510\n6;3;1490\n", "r.csv")
    applied = apply_round_ratings(read_trf_text(league_text(comments=False)), table)
    assert applied.players[5].rating == 1510
    assert applied.round_ratings == (RoundRating(6, 3, 1490),)


@pytest.mark.parametrize(
    ("csv_text", "line", "column", "found"),
    [
        ("start_number;round;rating\n1;4;2030\n9;4;1500\n", 3, 1, "9"),  # no such player
        ("start_number;round;rating\n1;6;2030\n", 2, 2, "6"),  # the league has 5 rounds
        ("start_number;round;rating\n1;0;2030\n", 2, 2, "0"),
        ("start_number;round;rating\n1;4;2030\n1;4;2031\n", 3, 2, "4"),  # twice
        ("start_number;round;rating\n1;4;\n", 2, 3, ""),  # no rating
        ("start_number;round;rating\n1;4;5000\n", 2, 3, "5000"),
        ("start_number;round;rating\n1;four;2030\n", 2, 2, "four"),
        ("round;rating\n4;2030\n", 1, 1, "round,rating"),  # who?
        ("start_number;round;FIDE;DWZ\n1;4;2030;1950\n", 1, 1, "start_number,round,FIDE,DWZ"),
        ("name;round;rating\nNobody, Nils;4;2030\n", 2, 1, "Nobody, Nils"),
    ],
)
def test_csv_errors_are_located(csv_text: str, line: int, column: int, found: str) -> None:
    with pytest.raises(InputError) as caught:
        table = parse_rating_table(csv_text, "r.csv")
        apply_round_ratings(read_trf_text(league_text(comments=False)), table)
    error = caught.value
    assert (error.location.source, error.location.line, error.location.column) == (
        "r.csv",
        line,
        column,
    )
    assert error.text == found


def test_the_cli_reads_the_csv_and_prints_the_choice(tmp_path: Path) -> None:
    league = tmp_path / "league.trf"
    league.write_text(league_text(comments=False), encoding="utf-8")
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("start_number;round;rating\n" + "\n".join(CSV_ROWS) + "\n")
    args = ["standings", str(league), "--ratings", str(ratings), "-t", LIST, "--format", "json"]
    result = CliRunner().invoke(main, [*args, "--ratings-by-round"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ratings_used"] == "by-round"
    found = {row["id"]: row["tiebreaks"]["ARO"] for row in data["standings"]}
    assert found == {number: values[0] for number, values in BY_ROUND.items()}
    result = CliRunner().invoke(main, args)
    assert json.loads(result.stdout)["ratings_used"] == "first"


def test_a_csv_error_exits_1_with_the_place(tmp_path: Path) -> None:
    league = tmp_path / "league.trf"
    league.write_text(league_text(comments=False), encoding="utf-8")
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("start_number;round;rating\n1;9;2030\n")
    result = CliRunner().invoke(main, ["standings", str(league), "--ratings", str(ratings)])
    assert result.exit_code == 1
    assert f"{ratings}:2:2" in result.output


@pytest.mark.parametrize("fmt", ["json", "chess-json"])
def test_json_formats_refuse_ratings_they_cannot_hold(fmt: str) -> None:
    tournament = read_trf_text(league_text())
    with pytest.raises(FormatLimitError, match="ratings of later rounds"):
        write(tournament, fmt)
    assert write(read_trf_text(league_text(comments=False)), fmt)


def test_the_csv_given_as_the_tournament_is_named(tmp_path: Path) -> None:
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("start_number;round;rating\n" + "\n".join(CSV_ROWS) + "\n")
    result = CliRunner().invoke(main, ["standings", str(ratings)])
    assert result.exit_code == 1
    assert "ratings per round (CSV)" in result.output and "--ratings" in result.output


@pytest.mark.parametrize(("by_round", "expected"), [(False, 1600 - 800), (True, 1653 - 800)])
def test_ptp_of_a_zero_score_takes_the_lowest_rating_in_force(
    by_round: bool, expected: int
) -> None:
    """Player 6 lost every game: PTP = lowest opponent rating - 800 (Art. 10.3); by round,
    5 was met in round 4 at 1653 (first rating 1600), every other opponent is higher."""
    standings = compute_standings(read_trf_text(league_text()), "PTS,PTP", rating_by_round=by_round)
    assert standings.row(6).values["PTP"] == expected


def test_the_apro_explanation_says_the_performances_count_ratings_by_round() -> None:
    standings = compute_standings(read_trf_text(league_text()), LIST, rating_by_round=True)
    told = explanation(standings.trace(6, "APRO"), standings.computation)
    assert "each opponent's performance counts the ratings in force in the rounds played" in (
        told.steps
    )
    assert [line.amount for line in told.lines] == [1951, 1613, 1873, 1852, 1802]
