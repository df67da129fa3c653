"""The web page and the standalone page (``--format html``) show the standings through one
implementation (``render/page_views.py``): the same value texts in the table, the same
explanation of a value. A second formatting of either on the web would make these fail."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tiebreaks
from tiebreaks import compute_standings, example_path, read
from tiebreaks.render import page_views
from tiebreaks.render.explain import why_document
from tiebreaks.render.html import build_page, standings_html
from tiebreaks.services.explain import find_participant, why
from tiebreaks.standings import Standings
from tiebreaks.web import panels, views

from ..tiebreaks.test_program_readings import small_swiss

#: a list with values that have decimals (BH/C1, SB: halves; ARO: quarters and more)
DECIMALS = "PTS, BH/C1, SB, ARO, TPR"


def web_cells(page: str) -> dict[int, list[str]]:
    """The value buttons of the web page's standings table, by start number."""
    cells: dict[int, list[str]] = {}
    for number, text in re.findall(
        r'class="value" name="explain" value="(\d+)\|[^"]*"[^>]*>([^<]*)<', page
    ):
        cells.setdefault(int(number), []).append(html.unescape(text))
    return cells


def standalone_cells(page: str, columns: int) -> dict[int, list[str]]:
    """The last ``columns`` cells of each line of the standalone page's standings table."""
    table = page.split('<table class="standings"', 1)[1].split("</table>", 1)[0]
    cells = {}
    for number, line in re.findall(r'<tr id="p(\d+)"[^>]*>(.*?)</tr>', table, re.DOTALL):
        texts = re.findall(r"<td[^>]*>([^<]*)</td>", line)
        cells[int(number)] = [html.unescape(text) for text in texts[-columns:]]
    return cells


@pytest.mark.parametrize(
    ("name", "listed"),
    [("held-swiss-16.trf", DECIMALS), ("held-team-14.trf", ""), ("held-round-robin-6.trf", "")],
)
def test_both_pages_show_the_same_value_texts(client: TestClient, name: str, listed: str) -> None:
    """The web page's table in German (decimal comma) shows every value as the standalone
    page does, for an individual Swiss with decimals, a team event and a round robin."""
    fields: dict[str, Any] = {"lang": "de"}
    if listed:
        fields |= {"tb": [item.strip() for item in listed.split(",")], "listed": "1"}
    data = example_path(name).read_bytes()
    page = client.post("/standings", files={"file": (name, data)}, data=fields).text
    standings = compute_standings(read(example_path(name)), listed or None)
    web = web_cells(page)
    assert len(web) == len(standings.rows)
    assert web == standalone_cells(standings_html(standings, "de"), len(standings.columns))
    if listed:
        assert any("," in text for texts in web.values() for text in texts)


#: SB/SM of the small Swiss by hand (tests/tiebreaks/test_program_readings.py), written
#: with a decimal comma; and as Vega prints it: one decimal, halves to even
SB_SM = {1: ("5", "5"), 2: ("5,75", "5,8"), 4: ("0,25", "0,2"), 6: ("2,25", "2,2")}


@pytest.mark.parametrize("like", [None, "vega"])
@pytest.mark.parametrize("number", sorted(SB_SM))
def test_the_web_table_prints_values_as_the_standings_program_does(
    number: int, like: str | None
) -> None:
    """The web table's cells are the standalone table's lines (the program's printing
    included: under Vega's profile 5.75 is printed 5,8), each with its explain button."""
    standings = tiebreaks.compute_standings(small_swiss(), "PTS,SB/SM", like=like)
    position = [row.player.start_number for row in standings.rows].index(number)
    web = views.table(standings, "de").rows[position]
    standalone = build_page(standings, "de").rows[position]
    exact, vega = SB_SM[number]
    assert web.buttons[-1] == page_views.Cell(vega if like else exact, f"{number}|SB/SM")
    assert web.line == standalone


def explained(standings: Standings, number: int, label: str) -> page_views.ExplanationView:
    """The standalone page's explanation of a value (its print mode writes each out)."""
    page = build_page(standings, "de", print_mode=True)
    participant = next(p for p in page.participants if p.number == number)
    return participant.explanations[standings.columns.index(label)]


@pytest.mark.parametrize("label", ["BH/C1", "SB", "ARO", "TPR"])
def test_both_pages_explain_a_value_alike(label: str) -> None:
    """The web's panel explains a value with the standalone page's lines, amounts (decimal
    comma), cut reasons, total and steps."""
    standings = compute_standings(read(example_path("held-swiss-16.trf")), DECIMALS)
    row = next(row for row in standings.rows if row.player.start_number == 4)
    web = panels.explanation_view(standings, row, label, "de")
    standalone = explained(standings, 4, label)
    assert web.lines == standalone.lines and web.lines
    assert (web.value, web.total, web.total_text) == (
        standalone.value,
        standalone.total,
        standalone.total_text,
    )
    assert (web.definition, web.steps) == (standalone.definition, standalone.steps)
    assert web.who == "#4 David" and standalone.anchor.startswith("x-4-")


def test_the_web_declares_no_view_type_of_its_own() -> None:
    """The web's table columns, value buttons, lines and explained values are the
    standalone page's types, not copies of them."""
    standings = compute_standings(read(example_path("held-swiss-16.trf")))
    table = views.table(standings, "en")
    view = panels.explanation_view(standings, standings.rows[0], standings.columns[0], "en")
    assert type(table.columns[0]) is page_views.Column
    assert type(table.rows[0].buttons[0]) is page_views.Cell
    assert type(table.rows[0].line) is page_views.TableRow
    assert type(view) is page_views.ExplanationView
    assert type(view.lines[0]) is page_views.LineView


@pytest.mark.parametrize(("titled", "column"), [(16, False), (3, True)])
def test_a_title_column_only_for_the_participants_of_the_table(titled: int, column: bool) -> None:
    """#16 withdrawn and left out of the ranking: a title only they have makes no title
    column on either page (the web's own test read every player of the file); a ranked
    participant's title makes one on both."""
    tournament = read(example_path("held-swiss-16.trf"))
    players = tuple(
        replace(player, title="GM") if player.start_number == titled else player
        for player in tournament.players
    )
    standings = compute_standings(replace(tournament, players=players), excluded=[16])
    assert 16 not in [row.player.start_number for row in standings.rows]
    assert views.table(standings, "en").titles is column
    assert build_page(standings, "en").titles is column


def test_score_groups_begin_at_the_first_row_even_when_undefined() -> None:
    """The shading's score groups: the first row begins the first ("even") group, an
    undefined first value included (the standalone page used to put leading undefined
    values in an "odd" group, the web page in an unshaded one); the group changes where
    the first value does (the 16-player Swiss: 4, then 3.5 four times, then 3)."""
    standings = compute_standings(read(example_path("held-swiss-16.trf")))
    expected = ["even", "odd", "odd", "odd", "odd", "even"]
    assert page_views.score_groups(standings)[:6] == expected
    first = standings.columns[0]
    undefined = tuple(
        replace(row, values={**row.values, first: None}) if place < 2 else row
        for place, row in enumerate(standings.rows)
    )
    blank = replace(standings, rows=undefined)
    assert page_views.score_groups(blank)[:3] == ["even", "even", "odd"]
    assert [row.group for row in build_page(blank, "en").rows[:3]] == ["even", "even", "odd"]


def test_the_why_panel_says_what_the_why_command_says() -> None:
    """Jessica (#9) against Opal (#13), PTS then BH under the 2024 rules: her rounds 3, 4 and
    5 count dummy opponents (spec TV-3); the web's reduced form names whose dummy each row is,
    word for word as ``tiebreaks why`` (its JSON document) does."""
    standings = compute_standings(
        read(example_path("held-swiss-16.trf")), "PTS,BH", rules="fide-2024"
    )
    panel = panels.why_panel(standings, "9", "13", "en")
    result = why(standings, find_participant(standings, "9"), find_participant(standings, "13"))
    assert [item.text for item in panel.differences] == [
        item.text for item in why_document(standings, result, "en").differences
    ]
    assert [text for item in panel.differences if "dummy" in (text := item.text)] == [
        f"round {number}, dummy opponent of #9 Jessica" for number in (3, 4, 5)
    ]
