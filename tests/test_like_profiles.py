"""``--like`` / ``like=``: read as Swiss-Manager, Vega or Swiss-Chess publish; the FIDE
readings stay the default."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.main import main
from tiebreaks.services.check import check_published

from .test_check_programs import SB_ONE_DECIMAL_EVEN, published
from .tiebreaks.test_program_readings import ARO_TABLE, SB_TABLE, small_swiss

ROUND_ROBIN = example_path("held-round-robin-6.trf")


def test_swiss_manager_reads_sb_and_aro_its_way() -> None:
    """The list PTS, SB, ARO/C1 becomes SB/SM and ARO/C1/SM (hand values of
    tests/tiebreaks/test_program_readings.py); a list naming its own reading keeps it."""
    standings = tiebreaks.compute_standings(
        small_swiss(), "PTS,SB,ARO/C1,SB/C1/V2009", like="swiss-manager"
    )
    assert standings.columns == ("PTS", "SB/SM", "ARO/C1/SM", "SB/C1/SM/V2009")
    assert standings.like == "swiss-manager"
    for number, _, swiss_manager in SB_TABLE:
        assert standings.row(number).values["SB/SM"] == swiss_manager
    for number, _, rating, _ in ARO_TABLE:
        assert standings.row(number).values["ARO/C1/SM"] == rating
    plain = tiebreaks.compute_standings(small_swiss(), "PTS,SB,ARO/C1")
    assert plain.columns == ("PTS", "SB", "ARO/C1") and plain.like == ""


def test_vega_orders_the_ties_left_by_pairing_number() -> None:
    """The Held round robin: #2 and #3 stay tied after PTS, DE, WIN, SB, KS (shared place
    2); Vega gives #2 place 2 and #3 place 3, by pairing number."""
    shared = tiebreaks.compute_standings(tiebreaks.read_tournament(ROUND_ROBIN))
    assert (shared.row(2).rank, shared.row(3).rank) == (2, 2)
    vega = tiebreaks.compute_standings(tiebreaks.read_tournament(ROUND_ROBIN), like="vega")
    assert (vega.row(2).rank, vega.row(3).rank) == (2, 3)
    assert sorted(row.rank for row in vega.rows) == [1, 2, 3, 4, 5, 6]


def test_vega_values_compared_as_vega_rounds_them() -> None:
    """SB/SM printed by Vega (0.25 as 0.2, 2.25 as 2.2): check agrees with --like vega."""
    tournament = published("SB/SM", SB_ONE_DECIMAL_EVEN)
    assert not check_published(tournament, ["PTS", "SB/SM"]).agrees
    assert check_published(tournament, ["PTS", "SB/SM"], like="vega").agrees


def test_the_profile_is_printed_in_every_output(tmp_path: object) -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["standings", str(ROUND_ROBIN), "--like", "vega"]).stdout
    assert "Read as Vega publishes" in text
    german = runner.invoke(
        main, ["standings", str(ROUND_ROBIN), "--like", "swiss-chess", "--lang", "de"]
    ).stdout
    assert "Gelesen wie Swiss-Chess veröffentlicht" in german
    document = json.loads(
        runner.invoke(main, ["standings", str(ROUND_ROBIN), "--like", "vega", "-f", "json"]).stdout
    )
    assert document["like"] == "vega"


def test_an_unknown_program_is_refused() -> None:
    with pytest.raises(tiebreaks.UsageError, match="known: swiss-manager, vega, swiss-chess"):
        tiebreaks.compute_standings(small_swiss(), like="chessbase")


def test_infer_finds_vegas_order_from_ranks() -> None:
    """The Held round robin's ranks by hand (tests/test_check.py: DE places #1, then #2 and
    #3 tied on every tie-break, then #6, #5, #4), published as Vega ranks them: #2 second,
    #3 third. Only a reading with Vega's order of the ties left gives all six."""
    from dataclasses import replace

    from tiebreaks.services.check import infer_variants

    ranks = {1: 1, 2: 2, 3: 3, 6: 4, 5: 5, 4: 6}
    tournament = tiebreaks.read_tournament(ROUND_ROBIN)
    players = tuple(replace(p, stated_rank=ranks[p.start_number]) for p in tournament.players)
    readings = infer_variants(replace(tournament, players=players))
    assert readings
    assert all(reading.like == "vega" for reading in readings)
    assert all(reading.matched == reading.compared == 6 for reading in readings)


def test_a_published_sb_column_is_compared_with_the_profile_s_reading() -> None:
    """Swiss-Manager publishes its column as "SB": under its profile the column is compared
    with SB/SM (hand values) and agrees; under the FIDE reading it does not."""
    from .test_check_programs import SB_SWISS_MANAGER

    tournament = published("SB", SB_SWISS_MANAGER)
    report = check_published(tournament, like="swiss-manager")
    assert (report.values_compared, report.agrees) == (6, True)
    assert not check_published(tournament).agrees


#: SB/SM of the small Swiss (hand values, tests/tiebreaks/test_program_readings.py) and how
#: Vega prints each at one decimal, halves to even: 5.75 -> 5.8, 0.25 -> 0.2, 1.75 -> 1.8,
#: 2.25 -> 2.2 (FIDE's half up would give 0.3 and 2.3)
VEGA_PRINTED = [(1, "5", "5"), (2, "5.75", "5.8"), (3, "3", "3"), (4, "0.25", "0.2")]
VEGA_PRINTED += [(5, "1.75", "1.8"), (6, "2.25", "2.2")]


@pytest.mark.parametrize(("number", "exact", "vega"), VEGA_PRINTED)
def test_vega_values_printed_as_vega_prints_them(number: int, exact: str, vega: str) -> None:
    """Under --like vega the text, CSV, HTML and PDF tables print SB/SM as Vega does; the
    JSON keeps the exact value and gives the printed text beside it; without the profile the
    values are printed exactly."""
    from tiebreaks.render.csv import standings_csv
    from tiebreaks.render.json import standings_json, standings_to_data
    from tiebreaks.render.page_views import table_rows
    from tiebreaks.render.pdf_content import pdf_content
    from tiebreaks.render.text import standings_text

    standings = tiebreaks.compute_standings(small_swiss(), "PTS,SB/SM", like="vega")
    position = [row.player.start_number for row in standings.rows].index(number)
    text_line = standings_text(standings).splitlines()[-len(standings.rows) + position]
    assert text_line.split()[-1] == vega
    csv_line = standings_csv(standings).splitlines()[1 + position]
    assert csv_line.split(",")[-1] == vega
    assert table_rows(standings, "en")[position].cells[-1] == vega
    assert pdf_content(standings, "en").standings.rows[position][-1] == vega
    for document in (json.loads(standings_json(standings)), standings_to_data(standings)):
        row = document["standings"][position]
        assert str(row["tiebreaks"]["SB/SM"]) == exact
        assert row["printed"]["SB/SM"] == vega
    plain = tiebreaks.compute_standings(small_swiss(), "PTS,SB/SM")
    assert standings_csv(plain).splitlines()[1 + position].split(",")[-1] == exact
    assert "printed" not in json.loads(standings_json(plain))["standings"][position]


def test_vega_header_line_says_how_values_are_printed() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["standings", str(ROUND_ROBIN), "--like", "vega"]).stdout
    assert "printed as Vega prints them: rounded half to even at one decimal" in text
