"""The readers of published HTML pages: Vega (cross tables, standings and round pages as one
event) and Swiss-Chess (Kreuztabelle, Fortschrittstabelle).

The pages are built by hand in the programs' shapes (:mod:`tests.formats.published_pages`, whose
docstring holds the event and the values computed by hand); the expected tournaments below are
written from that table, not from the readers' output.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.formats import published_pages as pages
from tests.formats.test_fuzz_regressions import reads_or_fails_cleanly
from tiebreaks.cli.common import EXIT_DIFFERENT, EXIT_INPUT
from tiebreaks.cli.main import main
from tiebreaks.errors import InputError
from tiebreaks.formats.detect import detect_format, read_data
from tiebreaks.formats.readers import html_tables
from tiebreaks.formats.reading import read_tournament
from tiebreaks.model import Colour, PairingSystem, ResultKind, RoundResult, Tournament

K = ResultKind
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
HALF = Fraction(1, 2)

#: the event of published_pages, by start number: name, rating, points, results by round
EVENT = {
    1: (
        "Bernd",
        2100,
        2,
        (RoundResult(K.DRAW, 3, W), RoundResult(K.WIN, 4, B), RoundResult(K.DRAW, 2, B)),
    ),
    2: (
        "Anna",
        2000,
        Fraction(5, 2),
        (RoundResult(K.WIN, 4, W), RoundResult(K.WIN, 3, B), RoundResult(K.DRAW, 1, W)),
    ),
    3: (
        "Dieter",
        1900,
        HALF,
        (RoundResult(K.DRAW, 1, B), RoundResult(K.LOSS, 2, W), RoundResult(K.LOSS, 4, B)),
    ),
    4: (
        "Clara",
        1800,
        1,
        (RoundResult(K.LOSS, 2, B), RoundResult(K.LOSS, 1, W), RoundResult(K.WIN, 3, W)),
    ),
}
#: by start number: rank, Buchholz, Sonneborn-Berger (computed by hand in published_pages)
PUBLISHED = {
    1: (2, Fraction(4), Fraction(5, 2)),
    2: (1, Fraction(7, 2), Fraction(5, 2)),
    3: (4, Fraction(11, 2), Fraction(1)),
    4: (3, Fraction(5), HALF),
}


def _read(text: str, name: str = "page.html", fmt: str | None = None) -> Tournament:
    return read_data(text.encode("utf-8"), name, fmt)


def _assert_event(tournament: Tournament) -> None:
    assert tournament.rounds == 3
    assert [p.start_number for p in tournament.players] == [1, 2, 3, 4]
    for player in tournament.players:
        name, rating, points, results = EVENT[player.start_number]
        assert (player.name, player.rating, player.results) == (name, rating, results)
        assert player.stated_points in (None, points)
    assert not [w for w in tournament.warnings if w.code.startswith("consistency")]


def _assert_published(tournament: Tournament, labels: tuple[str, ...]) -> None:
    assert tournament.published_columns == labels
    assert tournament.tiebreak_list == ("BH", "SB")
    for player in tournament.players:
        rank, bh, sb = PUBLISHED[player.start_number]
        assert player.stated_rank == rank
        assert player.stated_points == EVENT[player.start_number][2]
        assert player.stated_values == (bh, sb)


def _line_of(text: str, marker: str) -> int:
    """The 1-based line of the first ``marker`` in ``text`` (counted in the input)."""
    return text[: text.index(marker)].count("\n") + 1


# --- Vega ----------------------------------------------------------------------------------------


def test_vega_cross_table_by_start_number() -> None:
    tournament = _read(pages.vega_crosstable(), "crosstable.html")
    _assert_event(tournament)
    assert tournament.pairing_system is PairingSystem.SWISS
    assert all(p.stated_rank is None for p in tournament.players)  # '#' is the start number


def test_vega_cross_table_with_scores_names_opponents_by_rank() -> None:
    """crosstablescore.html: rows by rank, '#' the rank, the opponents named by rank, and the
    legend naming the columns."""
    tournament = _read(pages.vega_crosstable(by_rank=True), "crosstablescore.html")
    _assert_event(tournament)
    _assert_published(tournament, ("Buchholz Total", "Sonneborn-Berger"))


def test_vega_folder_of_standings_and_round_pages(tmp_path: Path) -> None:
    (tmp_path / "standings.html").write_text(pages.vega_standings(), encoding="utf-8")
    for number in (1, 2, 3):
        (tmp_path / f"pairs{number}.html").write_text(pages.vega_round(number), encoding="utf-8")
    (tmp_path / "felovar.html").write_text("<html><table><tr><th>x</th></tr></table>", "utf-8")
    tournament = read_tournament(tmp_path)
    _assert_event(tournament)
    _assert_published(tournament, ("Buchholz Total", "Sonneborn-Berger"))


def test_vega_standings_alone_say_to_read_the_folder() -> None:
    text = pages.vega_standings()
    with pytest.raises(InputError) as raised:
        _read(text, "standings.html")
    assert raised.value.location.line == _line_of(text, "<th>Pos")
    assert "read the folder" in raised.value.expected


# per (Clara's round 3 cell, Dieter's round 3 cell): what each is read as
_CELLS = [
    (
        ("1", "cf", "3"),
        ("0", "cf", "4"),
        RoundResult(K.FORFEIT_WIN, 3),
        RoundResult(K.FORFEIT_LOSS, 4),
    ),
    (
        ("0", "cf", "3"),
        ("0", "cf", "4"),
        RoundResult(K.FORFEIT_LOSS, 3),
        RoundResult(K.FORFEIT_LOSS, 4),
    ),
    (("½", "cw", "3"), ("½", "cb", "4"), RoundResult(K.DRAW, 3, W), RoundResult(K.DRAW, 4, B)),
    (("1", "cf", "BYE"), ("½", "cf", "BYE"), RoundResult(K.PAIRING_BYE), RoundResult(K.HALF_BYE)),
    (("0", "cf", "BYE"), None, RoundResult(K.ZERO_BYE), RoundResult(K.ABSENT)),
]


@pytest.mark.parametrize(("clara", "dieter", "read_clara", "read_dieter"), _CELLS)
def test_vega_cross_table_cells(
    clara: tuple[str, str, str],
    dieter: tuple[str, str, str] | None,
    read_clara: RoundResult,
    read_dieter: RoundResult,
) -> None:
    cells = {
        (4, 3): pages.vega_cell(*clara),
        (3, 3): pages.vega_cell(*dieter) if dieter else "<td></td>",
    }
    tournament = _read(pages.vega_crosstable(cells=cells))
    assert tournament.player(4).results[2] == read_clara
    assert tournament.player(3).results[2] == read_dieter


# per result of board 2 of round 3 (Clara, 4, White against Dieter, 3): each one's result
_GAMES = [
    ("1 - 0", K.WIN, K.LOSS),
    ("0 - 1", K.LOSS, K.WIN),
    ("½ - ½", K.DRAW, K.DRAW),
    ("1F-0F", K.FORFEIT_WIN, K.FORFEIT_LOSS),
    ("0F-1F", K.FORFEIT_LOSS, K.FORFEIT_WIN),
    ("0F-0F", K.FORFEIT_LOSS, K.FORFEIT_LOSS),
]


@pytest.mark.parametrize(("result", "white", "black"), _GAMES)
def test_vega_round_page_results(
    tmp_path: Path, result: str, white: ResultKind, black: ResultKind
) -> None:
    lines = ((2, "½ - ½", 1), (4, result, 3))
    for number in (1, 2):
        (tmp_path / f"pairs{number}.html").write_text(pages.vega_round(number), "utf-8")
    (tmp_path / "pairs3.html").write_text(pages.vega_round(3, lines), "utf-8")
    tournament = read_tournament(tmp_path)
    assert tournament.player(4).results[2] == RoundResult(white, 3, W)
    assert tournament.player(3).results[2] == RoundResult(black, 4, B)


# a line without an opponent: (result, Black cell) -> what it is read as
_UNPAIRED = [
    ("1", "( bye )", RoundResult(K.PAIRING_BYE)),
    ("½", "( half point bye )", RoundResult(K.HALF_BYE)),
    ("1", "( full point bye )", RoundResult(K.FULL_BYE)),
    ("0", "( not paired )", RoundResult(K.ABSENT)),
]


@pytest.mark.parametrize(("result", "black", "read"), _UNPAIRED)
def test_vega_round_page_byes(tmp_path: Path, result: str, black: str, read: RoundResult) -> None:
    lines = ((2, "½ - ½", 1), (4, result, black), (3, "0", "( not paired )"))
    (tmp_path / "pairs1.html").write_text(pages.vega_round(1, lines), "utf-8")
    tournament = read_tournament(tmp_path)
    assert tournament.player(4).results == (read,)


def test_vega_bad_cell_is_located() -> None:
    cells = {(2, 1): '<td id="bad"><div class="res">x</div><div class="cw">4</div></td>'}
    text = pages.vega_crosstable(cells=cells)
    with pytest.raises(InputError) as raised:
        _read(text)
    # cells of the row: '#', Player, Pts, round 1 (the 4th)
    assert (raised.value.location.line, raised.value.location.column) == (
        _line_of(text, 'id="bad"'),
        4,
    )


def test_vega_two_sides_that_disagree_are_located() -> None:
    """Anna (2) won against Clara (4) in round 1; Clara's cell says she won too."""
    cells = {(4, 1): '<td id="clara"><div class="res">1</div><div class="cb">2</div></td>'}
    text = pages.vega_crosstable(cells=cells)
    with pytest.raises(InputError) as raised:
        _read(text)
    # at Anna's round 1 cell (the 4th of her row; her results' line), naming Clara's line
    location = raised.value.location
    anna = _line_of(text, '<td class="score"> 2.5')
    assert (location.source, location.line, location.column) == ("page.html", anna, 4)
    clara = _line_of(text, 'id="clara"')
    assert f"Clara, line {clara}" in raised.value.expected


def test_vega_page_with_too_many_cells_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(html_tables, "MAX_CELLS", 20)
    with pytest.raises(InputError) as raised:
        _read(pages.vega_crosstable())
    assert "at most 20 cells" in raised.value.expected


# --- Swiss-Chess ---------------------------------------------------------------------------------


def test_swiss_chess_progress_table() -> None:
    """Fortschrittstabelle: opponents named by rank, German decimal commas; start numbers are
    the rows' order (no Nr. column): Anna 1, Bernd 2, Clara 3, Dieter 4."""
    tournament = _read(pages.swiss_chess_progress(), "fortschritt.html")
    renumber = {2: 1, 1: 2, 4: 3, 3: 4}
    for number, (name, rating, points, results) in EVENT.items():
        player = tournament.player(renumber[number])
        expected = tuple(RoundResult(r.kind, renumber[r.opponent or 0], r.colour) for r in results)
        assert (player.name, player.rating, player.results) == (name, rating, expected)
        assert player.stated_points == points
        assert player.stated_rank == PUBLISHED[number][0]
        assert player.stated_values == PUBLISHED[number][1:]
    assert tournament.published_columns == ("Buchh", "SoBerg")
    assert tournament.tiebreak_list == ("BH", "SB")


@pytest.mark.parametrize(
    ("anna", "clara", "read_anna", "read_clara"),
    [
        ("3w+", "1s-", RoundResult(K.FORFEIT_WIN, 3, W), RoundResult(K.FORFEIT_LOSS, 1, B)),
        ("3 w ½", "1 s ½", RoundResult(K.DRAW, 3, W), RoundResult(K.DRAW, 1, B)),
        ("spielfrei", "½", RoundResult(K.PAIRING_BYE), RoundResult(K.HALF_BYE)),
        ("", "-", RoundResult(K.ABSENT), RoundResult(K.ABSENT)),
    ],
)
def test_swiss_chess_progress_cells(
    anna: str, clara: str, read_anna: RoundResult, read_clara: RoundResult
) -> None:
    text = pages.swiss_chess_progress({("Anna", 1): anna, ("Clara", 1): clara})
    tournament = _read(text)
    assert tournament.player(1).results[0] == read_anna
    assert tournament.player(3).results[0] == read_clara


def test_swiss_chess_progress_bad_cell_is_located() -> None:
    text = pages.swiss_chess_progress({("Bernd", 2): "3x1"})
    with pytest.raises(InputError) as raised:
        _read(text)
    location = raised.value.location
    # cells: Rang, Teilnehmer, TWZ, 1.Rd, 2.Rd (the 5th)
    assert (location.line, location.column) == (_line_of(text, "<td>Bernd"), 5)
    assert raised.value.text == "3x1"


def test_swiss_chess_crosstable() -> None:
    tournament = _read(pages.swiss_chess_crosstable(), "kreuztabelle.html")
    assert tournament.pairing_system is PairingSystem.ROUND_ROBIN
    assert tournament.rounds == 3
    opponents = {
        p.name: {r.opponent: r.kind for r in p.results if r.opponent} for p in tournament.players
    }
    assert opponents == {
        "Eva": {2: K.WIN, 3: K.WIN, 4: K.WIN},
        "Fritz": {1: K.LOSS, 3: K.WIN, 4: K.DRAW},
        "Hanna": {1: K.LOSS, 2: K.LOSS, 4: K.WIN},
        "Gerd": {1: K.LOSS, 2: K.DRAW, 3: K.LOSS},
    }
    assert [p.stated_points for p in tournament.players] == [3, Fraction(3, 2), 1, HALF]
    assert [p.stated_values for p in tournament.players] == [
        (Fraction(3),),
        (Fraction(5, 4),),
        (HALF,),
        (Fraction(3, 4),),
    ]


def test_swiss_chess_crosstable_cells_that_disagree() -> None:
    """Fritz (row 2) beat Hanna (row 3); Hanna's cell says she drew."""
    text = pages.swiss_chess_crosstable({(3, 2): "½"})
    with pytest.raises(InputError) as raised:
        _read(text)
    location = raised.value.location
    # Hanna's row: Rang, Teilnehmer, DWZ, then column 2 of the results (the 5th cell)
    assert (location.line, location.column) == (_line_of(text, "<td>Hanna"), 5)


# --- detection and the command -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (pages.vega_crosstable(), "vega"),
        (pages.vega_standings(), "vega"),
        (pages.swiss_chess_progress(), "swiss-chess"),
        (pages.swiss_chess_crosstable(), "swiss-chess"),
        ("<html><body><table><tr><td>a</td></tr></table></body></html>", "csv"),
    ],
)
def test_detected_by_content(text: str, fmt: str) -> None:
    assert detect_format(text.encode("utf-8")) == fmt


def test_check_reports_a_published_value_that_differs(tmp_path: Path) -> None:
    """Dieter's Sonneborn-Berger is 1 (by hand); the page says 1.5."""
    text = pages.vega_crosstable(by_rank=True).replace("<td>  1.00 </td>", "<td>  1.50 </td>")
    path = tmp_path / "crosstablescore.html"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == EXIT_DIFFERENT, result.output
    assert "Compared 4 ranks and 8 tie-break values." in result.stdout
    assert "Dieter: the file says Sonneborn-Berger 1.5, we compute 1" in result.stdout


def test_check_folder_and_from_option(tmp_path: Path) -> None:
    (tmp_path / "standings.html").write_text(pages.vega_standings(), encoding="utf-8")
    for number in (1, 2, 3):
        (tmp_path / f"pairs{number}.html").write_text(pages.vega_round(number), "utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Everything agrees." in result.stdout
    page = tmp_path / "progress.html"
    page.write_text(pages.swiss_chess_progress(), encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(page), "--from", "swiss-chess"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["standings", str(page), "--from", "vega"])
    assert result.exit_code == EXIT_INPUT


# --- hostile pages -------------------------------------------------------------------------------

_SEEDS = [
    pages.vega_crosstable(by_rank=True),
    pages.vega_round(1),
    pages.swiss_chess_progress(),
    pages.swiss_chess_crosstable(),
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.sampled_from(_SEEDS),
    cuts=st.lists(st.tuples(st.integers(0, 6000), st.integers(0, 40), st.text(max_size=8))),
    fmt=st.sampled_from([None, "vega", "swiss-chess"]),
)
def test_mutated_pages_read_or_fail_cleanly(
    seed: str, cuts: list[tuple[int, int, str]], fmt: str | None
) -> None:
    """Pages with parts cut out or replaced: a tournament, or an InputError in the file."""
    text = seed
    for start, length, insert in cuts:
        position = start % (len(text) + 1)
        text = text[:position] + insert + text[position + length :]
    reads_or_fails_cleanly(text.encode("utf-8"), fmt, "page.html")


_CELL_TEXT = st.sampled_from(["1", "0", "½", "+", "-", "", "**", "2w1", "1s0", "BYE", "x", "9"])


@settings(max_examples=100, deadline=None)
@given(
    heads=st.lists(
        st.sampled_from(["Rang", "Teilnehmer", "1", "2", "3", "Punkte", "BH"]), max_size=8
    ),
    rows=st.lists(st.lists(_CELL_TEXT | st.text(max_size=5), max_size=8), max_size=6),
    fmt=st.sampled_from(["vega", "swiss-chess"]),
)
def test_random_tables_read_or_fail_cleanly(
    heads: list[str], rows: list[list[str]], fmt: str
) -> None:
    head = "".join(f"<th>{label}</th>" for label in heads)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    text = f"<html><body><table><tr>{head}</tr>{body}</table></body></html>"
    reads_or_fails_cleanly(text.encode("utf-8"), fmt, "page.html")


@pytest.mark.parametrize("data", [b"", b"\x00\x01", b"<", b"<html></html>", b"<table>" * 3000])
def test_degenerate_pages(data: bytes) -> None:
    for fmt in ("vega", "swiss-chess"):
        with pytest.raises(InputError):
            read_data(data, "page.html", fmt)


# --- defects found by fuzzing (fuzz/README.md) ---------------------------------------------------


def test_a_superscript_digit_is_no_rating() -> None:
    """``str.isdigit`` takes ``²``, which ``int`` refuses: a rating of ``²`` is no rating."""
    text = pages.swiss_chess_progress().replace("<td>2000</td>", "<td>²</td>")
    assert _read(text).player(1).rating is None
    text = pages.vega_crosstable().replace(
        '<div class="rating">2000</div>', '<div class="rating">²</div>'
    )
    assert _read(text).player(2).rating is None


def test_a_round_page_without_players_is_refused(tmp_path: Path) -> None:
    """A round page cut after its header row: no players, an InputError (a tournament without
    players cannot be written)."""
    text = pages.vega_round(1, [])
    text = text.replace("<tbody>\n\n</tbody>", "<tbody><tr><td></td></tr></tbody>")
    with pytest.raises(InputError) as raised:
        _read(text, "pairs1.html")
    assert raised.value.location.line == _line_of(text, "<th>Bo.")
    assert "at least one player" in raised.value.expected


# --- shapes of older Vega versions (seen on the club's pages of 2024) ----------------------------


def test_vega_cross_table_headed_pos_names_opponents_by_rank() -> None:
    """Older crosstablescore.html pages head the rank column ``Pos``; the opponents are still
    named by rank."""
    text = pages.vega_crosstable(by_rank=True).replace("<th>#</th>", "<th>Pos</th>")
    tournament = _read(text, "crosstablescore.html")
    _assert_event(tournament)
    _assert_published(tournament, ("Buchholz Total", "Sonneborn-Berger"))


def test_vega_value_that_is_not_a_number_is_not_compared() -> None:
    """Vega prints a direct encounter as a place (``1-2``): no value, a located warning."""
    page = pages.vega_crosstable(by_rank=True).replace("<td>  1.00 </td>", "<td>  1-2 </td>")
    tournament = _read(page, "crosstablescore.html")
    assert tournament.player(3).stated_values == (Fraction(11, 2), None)
    (warning,) = [w for w in tournament.warnings if w.code == "html.value-not-a-number"]
    assert warning.location is not None
    # Dieter's row: #, Player, Pts, 3 rounds, BH, SB (the 8th cell)
    assert (warning.location.line, warning.location.column) == (
        _line_of(page, '<td class="score"> 0.5'),
        8,
    )


def test_a_table_without_a_player_column_is_refused_at_a_cell() -> None:
    """fuzz/regressions/vega/no-player-column.html: a table headed ``#`` and ``Pts`` but no
    player: not a Vega table; the error names line 1, column 1 (where the page starts), not
    column 0."""
    data = (Path(__file__).parents[2] / "fuzz/regressions/vega/no-player-column.html").read_bytes()
    with pytest.raises(InputError) as raised:
        read_data(data, "page.html", "vega")
    assert raised.value.location.column >= 1


def test_a_start_number_given_twice_is_located_at_the_player_cell() -> None:
    """Clara's cell links to start number 2, Anna's: the error names Clara's player cell (the
    2nd of her row), not column 0 (found by fuzzing: fuzz/regressions/vega/start-number-twice)."""
    text = pages.vega_crosstable().replace("playercard.html#4", "playercard.html#2")
    with pytest.raises(InputError) as raised:
        _read(text)
    assert raised.value.location.column == 2
    assert "start number" in raised.value.expected
