"""``check --infer`` finds the publishing programs' readings in columns published by hand.

The published columns are written from the hand-computed values of
``tests/tiebreaks/test_program_readings.py`` (the small 2020 Swiss with a bye, an absence
and a forfeit), never from our output."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks.cli.main import main
from tiebreaks.formats.writers.tournament_json import write_tournament_json
from tiebreaks.services.check import VEGA_KS_ERROR, check_published, infer_columns

from .builders import Builder
from .tiebreaks.test_program_readings import small_swiss

F = Fraction


def published(label: str, values: dict[int, Fraction]) -> tiebreaks.Tournament:
    """The small Swiss publishing one column ``label`` with ``values`` (by start number)."""
    tournament = small_swiss()
    players = tuple(
        replace(player, stated_values=(values[player.start_number],))
        for player in tournament.players
    )
    return replace(tournament, players=players, published_columns=(label,))


#: SB with Swiss-Manager's modified points (2009): 5, 5.75, 3, 0.25, 1.75, 2.25
SB_SWISS_MANAGER = {1: F(5), 2: F(23, 4), 3: F(3), 4: F(1, 4), 5: F(7, 4), 6: F(9, 4)}
#: the same printed by Vega with one decimal, halves to even: 0.25 -> 0.2, 2.25 -> 2.2,
#: 5.75 -> 5.8, 1.75 -> 1.8
SB_ONE_DECIMAL_EVEN = {1: F(5), 2: F(29, 5), 3: F(3), 4: F(1, 5), 5: F(9, 5), 6: F(11, 5)}
#: Swiss-Manager's ARO Cut 1 (the unplayed round cut first): hand values of the same module
ARO_SWISS_MANAGER = {1: 1800, 2: 1800, 3: 1867, 4: 1767, 5: 1950, 6: 1800}


@pytest.mark.parametrize(
    ("label", "values", "reading", "rounding"),
    [
        ("SB", SB_SWISS_MANAGER, ("fide-2009", "SB/SM"), ""),
        ("SB", SB_ONE_DECIMAL_EVEN, ("fide-2009", "SB/SM"), "half to even"),
        ("ARO/C1", {k: F(v) for k, v in ARO_SWISS_MANAGER.items()}, ("fide-2009", "ARO/C1/SM"), ""),
    ],
)
def test_infer_finds_exactly_the_program_reading(
    label: str, values: dict[int, Fraction], reading: tuple[str, str], rounding: str
) -> None:
    (column,) = infer_columns(published(label, values))
    found = [(variant.rules, variant.tiebreaks[0]) for variant in column.readings]
    assert found == [reading]
    assert column.readings[0].matched == column.readings[0].compared == 6
    assert column.readings[0].rounding == rounding


def test_plain_check_rounds_half_up_and_infer_names_the_rounding(tmp_path: Path) -> None:
    """The Vega-printed column: check (half up) reports 0.2 and 2.2 as differences, while
    --infer names Swiss-Manager's reading printed half to even."""
    report = check_published(published("SB/SM", SB_ONE_DECIMAL_EVEN), ["PTS", "SB/SM"])
    assert {difference.start_number for difference in report.differences} == {4, 6}
    tournament = published("SB", SB_ONE_DECIMAL_EVEN)
    path = tmp_path / "vega.json"
    path.write_text(write_tournament_json(tournament), "utf-8")
    result = CliRunner().invoke(main, ["check", str(path), "--infer"])
    assert (
        "SB = Sonneborn-Berger with Swiss-Manager's modified points (SB/SM), fide-2009: 6/6"
        " (values printed rounded half to even)" in result.stdout
    )


def test_values_no_reading_gives_are_listed() -> None:
    """#3's SB published as 4 (no reading gives it): the closest reading gives 3, the other
    five agree."""
    values = {**SB_SWISS_MANAGER, 3: F(4)}
    (column,) = infer_columns(published("SB", values))
    assert not column.readings
    assert column.closest is not None and column.closest.matched == 5
    assert [
        (value.start_number, value.published, value.computed) for value in column.unreproduced
    ] == [(3, F(4), F(3))]


def double_round_robin_of_four() -> tiebreaks.Tournament:
    """Four players, two cycles, every game drawn but #1's two wins against #4."""
    games = Builder(6, pairing_system=tiebreaks.PairingSystem.ROUND_ROBIN)
    pairs = [((1, 4), (2, 3)), ((1, 3), (4, 2)), ((1, 2), (3, 4))]
    for cycle in range(2):
        for offset, tables in enumerate(pairs):
            for white, black in tables:
                result = "1-0" if (white, black) == (1, 4) else "="
                games.game(cycle * 3 + offset + 1, white, black, result)
    return games.build()


def koya_published_as_zero(tournament: tiebreaks.Tournament) -> tiebreaks.Tournament:
    """``tournament`` publishing KS 0 for everyone, as Vega prints it."""
    players = tuple(replace(p, stated_values=(F(0),)) for p in tournament.players)
    return replace(tournament, players=players, published_columns=("KS",))


def test_vega_koya_zero_in_a_double_round_robin() -> None:
    """:func:`double_round_robin_of_four`: #1 4 points, #2 and #3 3 (50 %), #4 2. Koya
    (opponents on 50 % or more, Art. 9.2): #1 2 (draws with #2 and #3), #2 2, #3 2, #4 2
    (draws with #2 and #3). Published 0 for everyone: Vega's own error, not a reading."""
    tournament = double_round_robin_of_four()
    koya = tiebreaks.compute_standings(tournament, ["PTS", "KS"])
    assert {row.player.start_number: row.values["KS"] for row in koya.rows} == dict.fromkeys(
        (1, 2, 3, 4), F(2)
    )
    tournament = koya_published_as_zero(tournament)
    (column,) = infer_columns(tournament)
    assert not column.readings
    assert column.program_error == VEGA_KS_ERROR
    assert len(column.unreproduced) == 4


@pytest.mark.parametrize(
    ("values", "infer", "code", "said"),
    [
        (SB_SWISS_MANAGER, True, 0, "None of the published columns (SB/SM) is in the list"),
        ({**SB_SWISS_MANAGER, 3: F(4)}, True, 3, "None of the published columns (SB/SM)"),
        (SB_SWISS_MANAGER, False, 4, "Nothing compared: the published columns (SB/SM) are not"),
    ],
)
def test_published_columns_outside_the_list_are_told_honestly(
    tmp_path: Path, values: dict[int, Fraction], infer: bool, code: int, said: str
) -> None:
    """The small Swiss publishes SB/SM (hand values), which the FIDE list it is checked with
    does not hold: the file does publish values, so check never says it publishes none.
    With --infer the column is compared with every reading: exit 0 when one gives all six,
    3 when #3's value (published 4, by hand 3) is given by none; without, exit 4 (nothing
    compared) with what to do."""
    path = tmp_path / "published.json"
    path.write_text(write_tournament_json(published("SB/SM", values)), "utf-8")
    result = CliRunner().invoke(main, ["check", str(path), *(["--infer"] if infer else [])])
    assert result.exit_code == code, result.output
    assert said in result.stdout
    assert "publishes no ranks and no tie-break values" not in result.stdout
    document = json.loads(
        CliRunner().invoke(main, ["check", str(path), "-f", "json", "--infer"]).stdout
    )
    assert document["nothing_to_compare"] is False


#: the chess-results Swiss of tests/formats/data/chess_results (README: WIN by hand 2, 2, 1,
#: 0, 0; the games won over the board, WON, would give Carl 1 and Emil 0)
CHESS_RESULTS_FINAL = Path(__file__).parent / "formats" / "data" / "chess_results" / "final.csv"
WIN_LEGEND = "Number of wins including byes (WIN) (Gamepoints, Forfeited games count)"


def test_infer_tries_the_candidates_of_a_legend_that_names_no_single_tiebreak(
    tmp_path: Path,
) -> None:
    """Swiss-Manager's "The greater number of victories (variable)" is WIN or WON (its
    parameters are not shown): the reader warns, and --infer tries both and names WIN, which
    gives the five hand values; WON gives only three."""
    path = tmp_path / "variable.csv"
    legend = "The greater number of victories (variable)"
    text = CHESS_RESULTS_FINAL.read_text("utf-8").replace(WIN_LEGEND, legend)
    path.write_text(text, "utf-8")
    assert any(
        warning.code == "chessresults.legend-unresolved"
        for warning in tiebreaks.read_tournament(path).warnings
    )
    result = CliRunner().invoke(main, ["check", str(path), "--infer"])
    assert f"{legend} = Number of wins (WIN), fide-2026: 5/5" in result.stdout
    assert "(WON)" not in result.stdout


def test_infer_finds_the_reading_behind_a_variable_sonneborn_berger() -> None:
    """ "Sonneborn-Berger-Tie-Break (variabel)" (SB or SB/C1 by its hidden parameters) with
    Swiss-Manager's modified points by hand: the one reading that gives all six is SB/SM
    under the 2009 rules."""
    (column,) = infer_columns(published("Sonneborn-Berger-Tie-Break (variabel)", SB_SWISS_MANAGER))
    assert [(v.rules, v.tiebreaks[0], v.matched) for v in column.readings] == [
        ("fide-2009", "SB/SM", 6)
    ]
