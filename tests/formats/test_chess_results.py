"""Tests of the chess-results crosstable readers (Excel, CSV, saved page): cells, numbers and
legends as data tables, one small tournament in the three files read to the same tournament,
errors at their cell, detection, hostile workbooks, and ``check`` reproducing the file.

Expected values come from the cells' meaning on chess-results.com and from the hand-computed
table in data/chess_results/README.md, never from the program's output.
"""

from __future__ import annotations

import io
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from tiebreaks.errors import InputError, Location
from tiebreaks.formats.detect import detect_format, read_data
from tiebreaks.formats.readers.chess_results import legend_spec, parse_cell, parse_number
from tiebreaks.formats.readers.chess_results_files import MAX_UNPACKED, read_chess_results
from tiebreaks.model import Colour, ResultKind, Tournament
from tiebreaks.services.check import check_published

K = ResultKind
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
DATA = Path(__file__).parent / "data" / "chess_results"
CSV = DATA / "final.csv"
HTML = DATA / "final.html"


def workbook(rows: list[list[object]]) -> bytes:
    """An Excel workbook of ``rows`` on its first sheet (numbers as numbers, as exported)."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_rows(text: str) -> list[list[object]]:
    """The CSV fixture's rows with its numbers as the spreadsheet holds them."""
    rows: list[list[object]] = []
    for line in text.splitlines():
        cells: list[object] = []
        for cell in line.split(";"):
            number = parse_number(cell) if cell[:1].isdigit() and "w" not in cell else None
            if number is None:
                cells.append(cell or None)
            else:
                cells.append(int(number) if number.denominator == 1 else float(number))
        rows.append(cells)
    return rows


def final_xlsx() -> bytes:
    return workbook(csv_rows(CSV.read_text(encoding="utf-8")))


def read(data: bytes | str, source: str = "table.csv") -> Tournament:
    return read_chess_results(data.encode() if isinstance(data, str) else data, source)


def error_of(data: bytes | str, source: str = "table.csv") -> InputError:
    with pytest.raises(InputError) as caught:
        read(data, source)
    return caught.value


# --- cells, numbers, legends ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("3w1", (3, W, K.WIN)),
        ("10b½", (10, B, K.DRAW)),
        ("5w0", (5, W, K.LOSS)),
        (" 12s1", (12, B, K.WIN)),  # German pages: s (schwarz) for Black
        ("5w+", (5, W, K.FORFEIT_WIN)),
        ("5b-", (5, B, K.FORFEIT_LOSS)),
        ("7W=", (7, W, K.DRAW)),
        ("-1", (None, N, K.PAIRING_BYE)),
        ("  -½", (None, N, K.HALF_BYE)),
        ("-0", (None, N, K.ZERO_BYE)),
        ("-", (None, N, K.ABSENT)),
        ("", (None, N, K.ABSENT)),
    ],
)
def test_cells(cell: str, expected: tuple[int | None, Colour, ResultKind]) -> None:
    assert parse_cell(cell) == expected


@pytest.mark.parametrize("cell", ["10", "3x1", "w1", "3w", "3w2", "bye", "1-0", "--1", "3w1½"])
def test_what_is_not_a_cell(cell: str) -> None:
    assert parse_cell(cell) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("4", Fraction(4)),
        ("4,5", Fraction(9, 2)),
        ("4.5", Fraction(9, 2)),
        ("4½", Fraction(9, 2)),
        ("½", Fraction(1, 2)),
        ("10,00", Fraction(10)),
        ("19.75", Fraction(79, 4)),
        ("", None),
        ("abc", None),
        ("4,5,5", None),
    ],
)
def test_numbers(text: str, value: Fraction | None) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize(
    ("legend", "descriptor"),
    [
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "BH/C1"),
        ("Buchholz Tie-Break Variable (2026) (Gamepoints)", "BH"),
        ("Sonneborn Berger Tie-Break Variable (2026) (Gamepoints)", "SB"),
        ("Direct Encounter (DE)", "DE"),
        ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", "WIN"),
        ("Number of games won with black (BWG) (Gamepoints)", "BWG"),
        ("Direct Encounter (The results of the players in the same point group)", "DE"),
        ("Sonneborn-Berger-Tie-Break (with real points)", "SB"),
        ("Buchholzwertung (1 Streichresultat)", "BH/C1"),
        ("points (game-points)", "PTS"),
        # the parameter that decides is not shown: no reading is chosen
        ("Buchholz Tie-Breaks (variabel with parameter)", None),
        ("Sonneborn-Berger-Tie-Break variable", None),
        # a parameter we do not know is not guessed
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut7x)", None),
        ("Something else entirely", None),
    ],
)
def test_legends(legend: str, descriptor: str | None) -> None:
    assert legend_spec(legend) == descriptor


# --- one tournament in three files -------------------------------------------------------

#: the hand-computed table of data/chess_results/README.md: name -> (start number, rank,
#: points, (WIN, BWG)) and each round's (kind, opponent's name, colour)
EXPECTED = {
    "Ana Alves": (1, 1, Fraction(5, 2), (2, 1)),
    "Carl Costa": (2, 2, Fraction(2), (2, 1)),
    "Emil Ehrlich": (3, 3, Fraction(3, 2), (1, 0)),
    "Bea Braga": (4, 4, Fraction(3, 2), (0, 0)),
    "Dora Dias": (5, 5, Fraction(0), (0, 0)),
}
ROUNDS = {
    "Ana Alves": [(K.WIN, "Dora Dias", W), (K.WIN, "Carl Costa", B), (K.DRAW, "Bea Braga", W)],
    "Carl Costa": [(K.PAIRING_BYE, None, N), (K.LOSS, "Ana Alves", W), (K.WIN, "Dora Dias", B)],
    "Emil Ehrlich": [
        (K.DRAW, "Bea Braga", B),
        (K.FORFEIT_WIN, "Dora Dias", W),
        (K.ZERO_BYE, None, N),
    ],
    "Bea Braga": [(K.DRAW, "Emil Ehrlich", W), (K.HALF_BYE, None, N), (K.DRAW, "Ana Alves", B)],
    "Dora Dias": [
        (K.LOSS, "Ana Alves", B),
        (K.FORFEIT_LOSS, "Emil Ehrlich", B),
        (K.LOSS, "Carl Costa", W),
    ],
}


def assert_is_the_fixture(tournament: Tournament) -> None:
    names = {player.start_number: player.name for player in tournament.players}
    assert (tournament.name, tournament.rounds) == ("Club Open 2026", 3)
    assert tournament.tiebreak_list == ("WIN", "BWG")
    assert tournament.published_columns == ("WIN", "BWG")
    assert not tournament.warnings
    for player in tournament.players:
        start, rank, points, values = EXPECTED[player.name]
        assert (player.start_number, player.stated_rank, player.stated_points) == (
            start,
            rank,
            points,
        )
        assert player.stated_values == tuple(map(Fraction, values))
        rounds = [
            (r.kind, names[r.opponent] if r.opponent else None, r.colour) for r in player.results
        ]
        assert rounds == ROUNDS[player.name]


@pytest.mark.parametrize("shape", ["csv", "html", "xlsx"])
def test_the_three_files_read_to_the_same_tournament(shape: str) -> None:
    data = {"csv": CSV.read_bytes, "html": HTML.read_bytes, "xlsx": final_xlsx}[shape]()
    tournament = read_data(data, f"final.{shape}")
    assert_is_the_fixture(tournament)
    assert [p.federation for p in tournament.players] == ["POR", "POR", "GER", "POR", "ESP"]
    assert [p.rating for p in tournament.players] == [2000, 1800, 1600, 1900, 1700]


@pytest.mark.parametrize("shape", ["csv", "html", "xlsx"])
def test_check_reproduces_the_published_ranks_and_values(shape: str) -> None:
    data = {"csv": CSV.read_bytes, "html": HTML.read_bytes, "xlsx": final_xlsx}[shape]()
    report = check_published(read_data(data, f"final.{shape}"))
    assert (report.ranks_compared, report.values_compared) == (5, 10)
    assert report.agrees, report.differences


def test_check_finds_a_wrong_published_value() -> None:
    # Bea has no win: a published WIN of 1 is wrong
    text = CSV.read_text(encoding="utf-8").replace("1b½;1,5;0;0", "1b½;1,5;1;0")
    report = check_published(read(text))
    assert [(d.start_number, d.what, d.published, d.computed) for d in report.differences] == [
        (4, "WIN", 1, 0)
    ]


def test_a_starting_rank_crosstable_names_opponents_by_start_number() -> None:
    text = (
        "Starting rank crosstable after 2 Rounds\n"
        "SNo;Name;Rtg;1.Rd;2.Rd;Pts.\n"
        "1;Ana;2000;3w1;2b½;1,5\n"
        "2;Bea;1900;4b1;1w½;1,5\n"
        "3;Carl;1800;1b0;4w1;1\n"
        "4;Dora;1700;2w0;3b0;0\n"
    )
    tournament = read(text)
    ana, bea = tournament.player(1), tournament.player(2)
    assert [(r.opponent, r.kind) for r in ana.results] == [(3, K.WIN), (2, K.DRAW)]
    assert [(r.opponent, r.kind) for r in bea.results] == [(4, K.WIN), (1, K.DRAW)]
    assert ana.stated_rank is None


def test_with_both_columns_the_numbering_both_sides_agree_on_is_taken() -> None:
    # Rk. and SNo differ; the cells name opponents by start number (Ana 1 - Bea 2)
    text = "Rk.;SNo;Name;1.Rd;Pts.\n1;2;Bea;1w1;1\n2;1;Ana;2b0;0\n"
    tournament = read(text)
    assert [(p.start_number, p.name, p.stated_rank) for p in tournament.players] == [
        (2, "Bea", 1),
        (1, "Ana", 2),
    ]
    assert tournament.player(2).results[0].opponent == 1


def test_an_unresolved_legend_is_a_warning_and_leaves_the_list_unset() -> None:
    text = (
        "Rk.;Name;1.Rd;Pts.;TB1\n"
        "1;Ana;2w1;1;0\n"
        "2;Bea;1b0;0;1\n"
        "Tie Break1: Buchholz Tie-Breaks (variabel with parameter)\n"
    )
    tournament = read(text)
    assert tournament.tiebreak_list == ()
    assert tournament.published_columns == ("Buchholz Tie-Breaks (variabel with parameter)",)
    [warning] = tournament.warnings
    assert warning.code == "chessresults.legend-unresolved"
    assert warning.location == Location("table.csv", 4, 1)


def test_a_points_tie_break_is_the_score_when_there_is_no_points_column() -> None:
    text = (
        "Rk.;Name;1.Rd;TB1;TB2\n"
        "1;Ana;2w1;1;0\n"
        "2;Bea;1b0;0;1\n"
        "Tie Break1: points (game-points)\n"
        "Tie Break2: Direct Encounter (DE)\n"
    )
    tournament = read(text)
    assert [p.stated_points for p in tournament.players] == [1, 0]
    assert tournament.published_columns == ("DE",)
    assert [p.stated_values for p in tournament.players] == [(Fraction(0),), (Fraction(1),)]


# --- errors at their cell ------------------------------------------------------------------

GOOD = "Rk.;Name;1.Rd;2.Rd;Pts.\n1;Ana;2w1;-1;2\n2;Bea;1b0;-0;0\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "found"),
    [
        (GOOD.replace("2w1", "2x1"), 2, 3, "2x1"),  # not a cell
        (GOOD.replace("2w1", "9w1"), 2, 3, "9w1"),  # no player has rank 9
        (GOOD.replace("1b0", "1b1"), 2, 3, ""),  # both won: at the first side of the game
        (GOOD.replace(";2\n", ";2x\n"), 2, 5, "2x"),  # points
        (GOOD.replace("1;Ana", "1;"), 2, 2, ""),  # no name
        (GOOD.replace("2.Rd", "3.Rd"), 1, 4, "3.Rd"),  # a gap in the rounds
        ("Name;Pts.\nAna;1\n", 1, 1, "Name"),  # no crosstable header
    ],
)
def test_errors_in_a_csv_name_the_cell(text: str, line: int, column: int, found: str) -> None:
    error = error_of(text)
    assert (error.location.line, error.location.column) == (line, column), error
    if found:
        assert error.text == found


def test_an_error_in_a_saved_page_names_its_source_line_and_cell() -> None:
    page = HTML.read_text(encoding="utf-8").replace("&nbsp;3b-", "&nbsp;3q-")
    error = error_of(page, "final.html")
    line = next(n for n, text in enumerate(page.splitlines(), 1) if "3q-" in text)
    assert error.location == Location("final.html", line, 7)
    assert error.text == "3q-"


def test_an_error_in_a_workbook_names_its_row_and_column() -> None:
    rows = csv_rows(CSV.read_text(encoding="utf-8"))
    rows[5][6] = "1x0"  # Carl's 2nd round, row 6, column G
    error = error_of(workbook(rows), "final.xlsx")
    assert error.location == Location("final.xlsx", 6, 7)


def test_a_workbook_too_big_unpacked_is_refused_before_it_is_opened() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/sharedStrings.xml", b"\0" * (MAX_UNPACKED + 1))
    error = error_of(out.getvalue(), "bomb.xlsx")
    assert error.location == Location("bomb.xlsx", 1, 1)
    assert "MB unpacked" in error.expected


@pytest.mark.parametrize(
    "data",
    [
        b"PK\x03\x04xl/" + b"\0" * 40,  # a damaged archive
        final_xlsx()[:2000],  # a workbook cut short
    ],
)
def test_a_damaged_workbook_is_an_input_error(data: bytes) -> None:
    error = error_of(data, "broken.xlsx")
    assert error.location == Location("broken.xlsx", 1, 1)


# --- detection -----------------------------------------------------------------------------


def test_the_three_files_are_told_by_their_content() -> None:
    for data in (CSV.read_bytes(), HTML.read_bytes(), final_xlsx()):
        assert detect_format(data) == "chess-results"
    # a round-robin crosstable without round columns stays with the crosstable reader
    assert detect_format(b"Nr;Name;1;2\n1;Anna;*;1\n2;Bernd;0;*\n") == "csv"


# --- hostile input -------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_to_the_files_is_only_ever_an_input_error(data: st.DataObject) -> None:
    seed = data.draw(st.sampled_from([CSV.read_bytes(), HTML.read_bytes()]))
    start = data.draw(st.integers(0, len(seed)))
    end = data.draw(st.integers(start, min(len(seed), start + 40)))
    insert = data.draw(st.binary(max_size=20) | st.sampled_from([b"w", b"-", b"\xbd", b";", b"<"]))
    damaged = seed[:start] + insert + seed[end:]
    try:
        tournament = read_chess_results(damaged, "damaged")
    except InputError as error:
        assert error.location.line >= 1 and error.location.column >= 1
        return
    assert all(player.results for player in tournament.players)


# --- the round-robin form ------------------------------------------------------------------

ROUND_ROBIN = DATA / "round_robin.csv"


def test_a_round_robin_crosstable_is_read_and_checked() -> None:
    tournament = read_data(ROUND_ROBIN.read_bytes(), "round_robin.csv")
    assert (tournament.rounds, tournament.type_text, tournament.tiebreak_list) == (
        3,
        "round robin",
        ("SB", "DE"),
    )
    ana = tournament.player(1)
    met = {r.opponent: r.kind for r in ana.results}
    assert met == {2: K.WIN, 3: K.DRAW, 4: K.WIN}
    report = check_published(tournament)
    assert (report.ranks_compared, report.values_compared) == (4, 8)
    assert report.agrees, report.differences


@pytest.mark.parametrize(
    ("change", "line", "column"),
    [
        (("1;FM;Ana Alves;2200;POR;*", "1;FM;Ana Alves;2200;POR;1"), 3, 6),  # own cell
        (("2;;Bea Braga;2100;POR;0", "2;;Bea Braga;2100;POR;½"), 4, 6),  # 1 against ½
        (("4;;Dora Dias;1900;ESP;0;0;0", "4;;Dora Dias;1900;ESP;0;0;2"), 6, 8),  # not a result
        ((";3;4;Pts.", ";3;5;Pts."), 3, 1),  # the columns are not 1 to 4
    ],
)
def test_errors_in_a_round_robin_name_the_cell(
    change: tuple[str, str], line: int, column: int
) -> None:
    text = ROUND_ROBIN.read_text(encoding="utf-8").replace(*change)
    error = error_of(text)
    assert (error.location.line, error.location.column) == (line, column), error


def test_a_double_round_robin_and_forfeits() -> None:
    text = "Rk.;Name;1;2;3;Pts.\n1;Ana;*;1 +;1 1;4\n2;Bea;0 -;*;½ 1;1,5\n3;Carl;0 0;½ 0;*;0,5\n"
    tournament = read(text)
    assert tournament.rounds == 6  # 3 players: 3 Berger rounds a cycle, one player out in each
    ana = tournament.player(1)
    assert [r.kind for r in ana.results].count(K.ABSENT) == 2
    assert sorted((r.opponent, r.kind.value) for r in ana.results if r.opponent) == [
        (2, "+"),
        (2, "1"),
        (3, "1"),
        (3, "1"),
    ]


def test_a_rank_two_rows_share_cannot_name_an_opponent() -> None:
    error = error_of("Rk.;Name;1.Rd;Pts.\n1;Ana;-1;1\n1;Bea;-1;1\n")
    assert (error.location.line, error.location.column, error.text) == (3, 1, "1")
    # with start numbers, a shared rank is only a published rank
    tournament = read("Rk.;SNo;Name;1.Rd;Pts.\n1;1;Ana;2w½;½\n1;2;Bea;1b½;½\n")
    assert [p.stated_rank for p in tournament.players] == [1, 1]
