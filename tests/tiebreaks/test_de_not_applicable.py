"""Direct encounter for a participant who is not tied with anyone: C.07 (2026) Art. 6
orders only the participants still tied when DE is reached, so DE does not apply to them. The
standings give them no DE value (None; a dash in text and HTML, an empty CSV cell, JSON
null), the explanation says so, and no rank changes (group tie-breaks rank by their groups,
never by the values)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from fractions import Fraction

from click.testing import CliRunner
from hypothesis import given, settings

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.main import main

from ..strategies import swiss_tournaments

SWISS_9 = str(example_path("held-swiss-16x9.trf"))
# Held exercise 25 (spec TV-5), points from the crosstable: Charline (#3) alone on 6.5,
# Maria (#11) alone on 3.5, Opal (#13) alone on 2.5; everyone else shares a score.
ALONE = {3, 11, 13}


def test_no_de_value_where_nobody_is_tied() -> None:
    standings = tiebreaks.compute_standings(
        tiebreaks.read_tournament(SWISS_9), "PTS,DE", "fide-2024"
    )
    for row in standings.rows:
        alone = row.player.start_number in ALONE
        assert (row.values["DE"] is None) == alone, row.player.start_number


def test_dash_in_text_empty_in_csv_null_in_json() -> None:
    args = ["standings", SWISS_9, "-t", "PTS,DE", "-r", "fide-2024"]
    text = CliRunner().invoke(main, args).stdout
    charline = next(line for line in text.splitlines() if "Charline" in line)
    assert charline.split() == ["1", "3", "Charline", "2200", "6.5", "-"]
    rows = list(csv.DictReader(io.StringIO(CliRunner().invoke(main, [*args, "-f", "csv"]).stdout)))
    assert {row["id"]: row["DE"] for row in rows if int(row["id"]) in ALONE} == dict.fromkeys(
        ("3", "11", "13"), ""
    )
    data = json.loads(CliRunner().invoke(main, [*args, "-f", "json"]).stdout)
    for row in data["standings"]:
        assert (row["tiebreaks"]["DE"] is None) == (row["id"] in ALONE)


def test_explanation_says_de_does_not_apply() -> None:
    """Charline is alone on 6.5: no mini-table, no "0 against the tied players", no rule of
    Art. 6.2 ("everyone met"); one sentence saying there is no tie."""
    result = CliRunner().invoke(main, ["explain", SWISS_9, "3", "-t", "PTS,DE", "-r", "fide-2024"])
    assert result.exit_code == 0
    block = result.stdout.split("DE = ", 1)[1]
    assert block.startswith("-: Direct encounter")
    assert "no tie: direct encounter does not apply" in block
    assert "against the tied players" not in block
    assert "everyone met" not in block


def test_published_zero_agrees_with_not_applicable() -> None:
    """The FIDE reference engine publishes DE 0 for a player not tied: check agrees."""
    from dataclasses import replace

    from tiebreaks.services.check import check_published

    tournament = tiebreaks.read_tournament(SWISS_9)
    points = Counter(player.stated_points for player in tournament.players)
    players = tuple(
        replace(p, stated_values=(Fraction(0),)) if points[p.stated_points] == 1 else p
        for p in tournament.players
    )
    published = replace(tournament, players=players, published_columns=("DE",))
    report = check_published(published, "PTS,DE", "fide-2024")
    assert report.values_compared == len(ALONE)
    assert [item for item in report.differences if item.what != "rank"] == []


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments())
def test_de_has_no_value_exactly_for_those_alone_on_their_score(
    tournament: tiebreaks.Tournament,
) -> None:
    """With PTS, DE: no DE value exactly where nobody else has the same points, and the
    ranks are those of the groups, whatever the values."""
    standings = tiebreaks.compute_standings(tournament, "PTS,DE", "fide-2026")
    points = Counter(row.values["PTS"] for row in standings.rows)
    for row in standings.rows:
        assert (row.values["DE"] is None) == (points[row.values["PTS"]] == 1)
    alone_first = [row.rank for row in standings.rows if points[row.values["PTS"]] == 1]
    for rank in alone_first:  # a participant alone on a score has a rank of their own
        assert sum(1 for row in standings.rows if row.rank == rank) == 1
