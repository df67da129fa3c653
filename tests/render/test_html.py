"""The HTML page: valid and self-contained, escaped, every value present in the language's
number format and explained (from the page's data, as its script shows it), headings
translated, crosstables, a size linear in the games.

Validity is checked offline three ways: a strict checker built on :mod:`html.parser` (below),
parsing as XML (the page is polyglot markup), and, by hand, HTML Tidy 5.6 and html5lib's
strict parser, both of which report no error or warning.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from collections import Counter
from collections.abc import Callable
from functools import cache
from html.parser import HTMLParser
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import escape

from tiebreaks import Standings, UsageError, compute_standings, example_path, read_tournament
from tiebreaks.model import ResultKind
from tiebreaks.render.explanations import worded
from tiebreaks.render.html import _Shown, crosstable, render_page, standings_html
from tiebreaks.render.html_data import data_json, explanation_data
from tiebreaks.render.i18n import SUPPORTED, format_value, summary_line
from tiebreaks.render.safe_text import page_text
from tiebreaks.services.explain import explain_value

from ..builders import Builder

SWISS_LIST = "PTS,BH/C1,BH,SB,DE,WIN"


@cache
def swiss() -> Standings:
    """The 16-player Swiss of the FIDE exercises with the FIDE Swiss list."""
    tournament = read_tournament(example_path("held-swiss-16.trf"))
    return compute_standings(tournament, SWISS_LIST, "fide-2026")


@cache
def team() -> Standings:
    """The 14-team Swiss of the FIDE exercises with the default team list."""
    return compute_standings(read_tournament(example_path("held-team-14.trf")))


@cache
def round_robin() -> Standings:
    """The 6-player round robin of the FIDE exercises."""
    return compute_standings(read_tournament(example_path("held-round-robin-6.trf")))


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})
#: the elements the page may use
KNOWN = frozenset(
    {"html", "head", "meta", "title", "style", "script", "body", "header", "nav", "main"}
    | {"section", "footer", "h1", "h2", "h3", "p", "a", "span", "strong", "code", "abbr", "div"}
    | {"table", "thead", "tbody", "tfoot", "tr", "th", "td", "ol", "ul", "li", "details"}
    | {"summary", "aside"}
)
#: element -> the parents it may have
PARENTS = {
    "tr": {"thead", "tbody", "tfoot"},
    "td": {"tr"},
    "th": {"tr"},
    "li": {"ol", "ul"},
    "summary": {"details"},
    "thead": {"table"},
    "tbody": {"table"},
    "tfoot": {"table"},
    "head": {"html"},
    "body": {"html"},
}


class Checker(HTMLParser):
    """A strict HTML5 check with the standard library: doctype, known elements, explicit
    and properly nested end tags, allowed parents, unique ids, internal links that resolve,
    no external resources."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.ids: Counter[str] = Counter()
        self.links: list[str] = []
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._check_start(tag, attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.errors.append(f"<{tag}/> is not a void element")
        self._check_start(tag, attrs)

    def _check_start(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        where = f"<{tag}> at line {self.getpos()[0]}"
        if tag not in KNOWN:
            self.errors.append(f"unexpected element {where}")
        parent = self.stack[-1] if self.stack else ""
        if tag in PARENTS and parent not in PARENTS[tag]:
            self.errors.append(f"{where} inside <{parent}>")
        names = [name for name, _ in attrs]
        if len(names) != len(set(names)):
            self.errors.append(f"repeated attribute in {where}")
        values = dict(attrs)
        if "src" in values or (tag == "link"):
            self.errors.append(f"external resource {where}")
        if values.get("id"):
            self.ids[str(values["id"])] += 1
        href = values.get("href") or ""
        if href.startswith("#"):
            self.links.append(href[1:])
        elif href:
            self.errors.append(f"link out of the page {where}: {href}")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.errors.append(f"end tag of the void element {tag}")
        elif not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> at line {self.getpos()[0]} closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def html_problems(page: str) -> list[str]:
    """Everything the checker finds wrong with a page (empty when it is valid)."""
    checker = Checker()
    checker.feed(page)
    checker.close()
    problems = list(checker.errors)
    if checker.doctype.lower() != "doctype html":
        problems.append(f"doctype {checker.doctype!r}")
    if checker.stack:
        problems.append(f"unclosed elements {checker.stack}")
    problems.extend(f"duplicate id {key}" for key, count in checker.ids.items() if count > 1)
    problems.extend(
        f"link to missing #{target}" for target in checker.links if not checker.ids[target]
    )
    return problems


def tree(page: str) -> ElementTree.Element:
    """The page as an element tree (the page is polyglot markup: well-formed XML too)."""
    return ElementTree.fromstring(page)


def by_id(root: ElementTree.Element, anchor: str) -> ElementTree.Element:
    """The element with this id (AssertionError if there is none)."""
    found = root.find(f".//*[@id='{anchor}']")
    assert found is not None, f"no element #{anchor}"
    return found


def text_of(element: ElementTree.Element) -> str:
    """All the text inside an element, spaces normalised."""
    return " ".join("".join(element.itertext()).split())


# ---------------------------------------------------------------- tests


def page_of(standings: Standings, lang: str = "en") -> tuple[str, ElementTree.Element]:
    """The page and its element tree."""
    page = standings_html(standings, lang)
    return page, tree(page)


def page_data(root: ElementTree.Element) -> dict[str, Any]:
    """The explanations' data: the page's island, JSON gzipped in base64."""
    island = by_id(root, "explain-data")
    assert island.tag == "script"
    assert island.get("type") == "application/gzip"
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(island.text or "")))
    return data


def said(node: Any, data: dict[str, Any]) -> str:
    """A text of the data as the page's script writes it (the same rules, in Python): a
    string as it is, a participant by index ("#12 Nick"), a shared text by a negative
    number, a template with its fields."""
    if isinstance(node, str):
        return node
    if isinstance(node, int):
        if node < 0:
            return said(data["shared"][-node - 1], data)
        number, name = data["participants"][node]
        return f"#{number} {name}".strip()
    parts = data["templates"][node[0]]
    return "".join(said(node[part + 1], data) if isinstance(part, int) else part for part in parts)


def shown(data: dict[str, Any], number: int, column: int) -> dict[str, Any]:
    """What the panel shows for a value: definition, lines (amount, text, cut reason or
    None), the total and its words, the steps."""
    definition, lines, total, steps = data["values"][str(number)][column]
    if definition is None:  # a group tie-break: the group's lines, told once
        definition, lines = data["groups"][lines]
    else:
        definition = data["definitions"][definition]
    rows = [
        (line[0], said(line[1], data), said([data["cut"], line[2]], data) if line[2:] else None)
        for line in lines
    ]
    kept = sum(1 for amount, _, cut in rows if cut is None and amount)
    removed = any(cut is not None for _, _, cut in rows)
    return {
        "definition": said(definition, data),
        "lines": rows,
        "total": total,
        "total_text": data["totals"].get(f"{kept}{'c' if removed else ''}") if total else None,
        "steps": [said(step, data) for step in steps],
    }


@pytest.mark.parametrize("standings", [swiss, team, round_robin], ids=["swiss", "team", "rr"])
@pytest.mark.parametrize("lang", SUPPORTED)
def test_page_is_valid_html(standings: Callable[[], Standings], lang: str) -> None:
    """Every page passes the strict checker and parses as XML (polyglot markup)."""
    page, root = page_of(standings(), lang)
    assert html_problems(page) == []
    assert root.tag == "html"
    assert root.get("lang") == lang
    head = root.find("head")
    assert head is not None
    assert head.find("meta[@charset='utf-8']") is not None
    assert head.find("meta[@name='viewport']") is not None


def test_page_is_self_contained() -> None:
    """Inline CSS, no external fetches; one inline script and one JSON island (data)."""
    page, root = page_of(swiss())
    assert "http://" not in page
    assert "https://" not in page
    assert "@import" not in page
    scripts = root.findall(".//script")
    assert [script.get("type") for script in scripts] == ["application/gzip", None]
    assert all(script.get("src") is None for script in scripts)
    assert "@media print" in page


def digest(text: str) -> str:
    """The CSP source of an inline element's text: 'sha256-...'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.mark.parametrize("print_mode", [False, True], ids=["screen", "print"])
def test_content_security_policy_allows_only_the_page_own_style_and_script(
    print_mode: bool,
) -> None:
    """The page's policy: nothing from outside, no 'unsafe-inline'; its one style and its
    one script allowed by their hashes (the JSON island is data, never run)."""
    page = render_page(swiss(), "en", print_mode=print_mode)
    root = tree(page)
    meta = root.find("head/meta[@http-equiv='Content-Security-Policy']")
    assert meta is not None
    policy = dict(
        (part.split()[0], part.split()[1:]) for part in (meta.get("content") or "").split(";")
    )
    assert policy["default-src"] == ["'none'"]
    assert "'unsafe-inline'" not in str(policy)
    styles = root.findall("head/style")
    assert policy["style-src"] == [digest(style.text or "") for style in styles]
    runnable = [script for script in root.iter("script") if script.get("type") is None]
    assert policy["script-src"] == [digest(script.text or "") for script in runnable] or ["'none'"]
    assert len(runnable) == (0 if print_mode else 1)


def escaping_standings() -> Standings:
    """A tournament whose title and names need escaping."""
    builder = Builder(rounds=2)
    builder.player(1, "<script>alert(1)</script>", 2000)
    builder.player(2, 'Müller & "Söhne"', 1900)
    builder.player(3, "O'Brien", 1800)
    builder.player(4, "Plain", 1700)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "=")
    builder.game(2, 4, 1, "0-1").game(2, 2, 3, "=")
    return compute_standings(builder.build('Open <b>"A" & B</b>'), "PTS,BH,SB", "fide-2026")


def test_user_text_is_escaped() -> None:
    standings = escaping_standings()
    page, root = page_of(standings, "de")
    assert html_problems(page) == []
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Müller &amp; &#34;Söhne&#34;" in page
    assert "<b>" not in page
    assert len(root.findall(".//script")) == 2
    island = page.split('id="explain-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in island
    assert "&" not in island
    title = root.find("head/title")
    assert title is not None
    assert title.text == 'Open <b>"A" & B</b>'
    row = by_id(root, "p2")
    assert 'Müller & "Söhne"' in text_of(row)
    assert "O'Brien" in text_of(by_id(root, "p3"))
    data = page_data(root)
    assert [name for _, name in data["participants"]] == [
        "<script>alert(1)</script>",
        'Müller & "Söhne"',
        "O'Brien",
        "Plain",
    ]


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_participant_and_value_in_the_table(lang: str) -> None:
    standings = swiss()
    _, root = page_of(standings, lang)
    for row in standings.rows:
        line = by_id(root, f"p{row.player.start_number}")
        cells = [text_of(cell) for cell in line]
        values = [  # no value (DE where the player is not tied): a dash
            format_value(row.values[label], lang, standings.places.get(label)) or "–"
            for label in standings.columns
        ]
        rating = str(row.player.rating)
        assert cells == [
            str(row.rank),
            str(row.player.start_number),
            row.player.name,
            "NOR",  # the file's federation (record 001, columns 54-56)
            rating,
            *values,
        ]


def test_german_numbers_have_a_decimal_comma() -> None:
    standings = swiss()
    _, root = page_of(standings, "de")
    bruno = text_of(by_id(root, "p2"))  # PTS 4, BH/C1 12, BH 13, SB 9.5
    assert "9,5" in bruno
    assert "9.5" not in bruno
    david = [text_of(cell) for cell in by_id(root, "p4")]
    assert david[5:9] == ["3,5", "11,5", "14", "9,25"]
    english = [text_of(cell) for cell in by_id(page_of(standings)[1], "p4")]
    assert english[5:9] == ["3.5", "11.5", "14", "9.25"]


@pytest.mark.parametrize("standings", [swiss, team, round_robin], ids=["swiss", "team", "rr"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_value_is_explained_and_adds_up(
    standings: Callable[[], Standings], lang: str
) -> None:
    """Each value of the table has its explanation in the page's data, told in the same words
    as the library's explanation of it (line by line, the amounts, the cuts, the steps), and
    its kept lines add up to the value (for a sum without further steps)."""
    result = standings()
    _, root = page_of(result, lang)
    data = page_data(root)
    assert [label for label, _ in data["columns"]] == list(result.columns)
    for row in result.rows:
        number = row.player.start_number
        cells = list(by_id(root, f"p{number}"))[-len(result.columns) :]
        for position, (label, cell) in enumerate(zip(result.columns, cells, strict=True)):
            panel = shown(data, number, position)
            explanation = worded(explain_value(result, row, label), result, lang)
            assert panel["definition"] == explanation.definition
            assert [line[1] for line in panel["lines"]] == [line.text for line in explanation.lines]
            assert [line[0] for line in panel["lines"]] == [
                format_value(line.amount, lang) for line in explanation.lines
            ]
            assert [line[2] is None for line in panel["lines"]] == [
                line.kept for line in explanation.lines
            ]
            assert panel["steps"] == list(explanation.steps)
            if explanation.is_sum and explanation.lines:
                assert panel["total"] == format_value(explanation.total, lang)
                if not explanation.steps:
                    assert explanation.total == row.values[label]
                    assert panel["total"] == text_of(cell)
            else:
                assert panel["total"] is None


def test_a_tied_group_is_told_once() -> None:
    """DE in the 6-player round robin: every member of a tied group refers to one shared
    mini-table (C.07 Art. 6), whose lines are the group's, one per member."""
    result = round_robin()
    _, root = page_of(result)
    data = page_data(root)
    position = result.columns.index("DE")
    earlier = result.columns[:position]
    groups: dict[tuple[object, ...], set[int]] = {}
    for row in result.rows:
        value = data["values"][str(row.player.start_number)][position]
        assert value[0] is None
        groups.setdefault(tuple(row.values[label] for label in earlier), set()).add(value[1])
    assert all(len(shared) == 1 for shared in groups.values())
    assert len(data["groups"]) == len(groups)
    for tied, (number,) in groups.items():
        members = [row for row in result.rows if tuple(row.values[la] for la in earlier) == tied]
        assert len(data["groups"][number][1]) == len(members)


def all_draws(players: int) -> Standings:
    """A round robin of ``players`` (even) in which every game is drawn: everyone is tied,
    so DE's tied group is the whole field."""
    builder = Builder(rounds=players - 1)
    for number in range(1, players + 1):
        builder.player(number, f"Player {number}", 2000 - number)
    ring = list(range(2, players + 1))
    for round_number in range(1, players):
        pairs = [(1, ring[0])] + [(ring[i], ring[-i]) for i in range(1, players // 2)]
        for white, black in pairs:
            builder.game(round_number, white, black, "=")
        ring = ring[1:] + ring[:1]
    tournament = builder.build("All draws")
    return compute_standings(tournament, "PTS,DE,BH,SB", "fide-2026")


def test_all_draw_round_robin_grows_with_the_games() -> None:
    """Everyone tied: each DE explanation shows the whole group's games, but the page holds
    them once. Three times the players is nine times the games; the page grows about as
    much (it grew 27 times when every member repeated the group's games)."""
    small, large = all_draws(8), all_draws(24)
    games_ratio = (24 * 23) / (8 * 7)
    ratio = len(standings_html(large)) / len(standings_html(small))
    assert ratio < 1.3 * games_ratio


def test_cut_lines_are_marked() -> None:
    standings = swiss()
    _, root = page_of(standings, "fr")
    panel = shown(page_data(root), 2, 1)  # Bruno's BH/C1: the least significant value is cut
    cut = [line for line in panel["lines"] if line[2] is not None]
    assert len(cut) == 1
    assert " ".join(cut[0][2].split()) == "écarté : valeur la moins significative (art. 14.1)"
    assert (panel["total"], panel["total_text"]) == ("12", "total des 4 lignes retenues")


HEADINGS = {
    "en": ["Standings", "Crosstable", "Tie-breaks"],
    "de": ["Rangliste", "Kreuztabelle", "Feinwertungen"],
    "it": ["Classifica", "Tabellone", "Spareggi tecnici"],
    "fr": ["Classement", "Tableau croisé", "Départages"],
    "es": ["Clasificación", "Cuadro cruzado", "Desempates"],
}
COLUMNS = {
    "en": ["Rank", "No.", "Name", "Fed.", "Rating", "PTS"],
    "de": ["Rang", "Nr.", "Name", "Verb.", "Elo", "Pkt"],
    "it": ["Pos.", "N.", "Nome", "Fed.", "Elo", "Pt"],
    "fr": ["Rang", "N°", "Nom", "Féd.", "Elo", "Pts"],
    "es": ["Puesto", "N.º", "Nombre", "Fed.", "Elo", "Ptos"],
}
BUCHHOLZ_CUT_1 = {
    "en": "Buchholz Cut 1",
    "de": "Buchholz mit einem Streichresultat",
    "it": "Buchholz Cut 1",
    "fr": "Buchholz tronqué",
    "es": "Buchholz menos el peor",
}


@pytest.mark.parametrize("lang", SUPPORTED)
def test_headings_columns_and_names_are_translated(lang: str) -> None:
    _, root = page_of(swiss(), lang)
    assert [text_of(heading) for heading in root.iter("h2")] == HEADINGS[lang]
    header = root.find(".//table[@class='standings']/thead/tr")
    assert header is not None
    assert [text_of(cell) for cell in header][:6] == COLUMNS[lang]
    names = [text_of(item) for item in root.iter("li") if item.find("code") is not None]
    assert names[1] == f"BH/C1 {BUCHHOLZ_CUT_1[lang]}"
    summary = root.find(".//p[@class='summary']")
    assert summary is not None
    assert text_of(summary).startswith(summary_line(swiss(), lang))


def test_rules_and_date_are_localised() -> None:
    standings = compute_standings(read_tournament(example_path("held-swiss-16.trf")), SWISS_LIST)
    _, root = page_of(standings, "de")
    header = text_of(root.find("body/header"))  # type: ignore[arg-type]
    assert "Regeln: fide-2024 (Beginn 1. März 2024)" in header
    assert "Beginn: 1. März 2024" in header
    assert "Feinwertungen: PTS, BH/C1, BH, SB, DE, WIN (angegeben)" in header


def test_swiss_crosstable_rounds() -> None:
    standings = swiss()
    _, root = page_of(standings, "de")
    first = by_id(root, "c-2")  # Bruno: won against 10 with Black, won against 7 with White ...
    cells = [text_of(cell) for cell in first]
    assert cells == ["1", "2", "Bruno", "10s1", "7w1", "1s½", "16w1", "3s½", "4"]
    # the outcome shades the cell; the page's script follows a click to the opponent's line
    assert [cell.get("class") for cell in first][3:8] == ["win", "win", "draw", "win", "draw"]
    assert len(root.findall(".//table[@class='crosstable']/tbody/tr")) == len(standings.rows)


@pytest.mark.parametrize("standings", [swiss, round_robin, team])
def test_crosstable_without_titles_differs_only_in_titles(
    standings: Callable[[], Standings],
) -> None:
    """The standalone page builds its crosstable without the hover text of each game (it
    shows none; the web page does): every other part of every cell stays the same."""
    made = standings()
    titled, plain = crosstable(made, "de"), crosstable(made, "de", titles=False)
    assert plain.headers == titled.headers and plain.note == titled.note
    for with_titles, without in zip(titled.rows, plain.rows, strict=True):
        assert [(cell.text, cell.css, cell.target) for cell in without.cells] == [
            (cell.text, cell.css, cell.target) for cell in with_titles.cells
        ]


def test_web_crosstable_keeps_the_titles() -> None:
    """Bruno (#2) won in round 1 against #10 with Black: the web page's hover text says so."""
    row = next(row for row in crosstable(swiss(), "en").rows if row.number == 2)
    assert row.cells[0].title.startswith("Round 1: win against #10 ")
    assert row.cells[0].title.endswith("(Black)")


@pytest.mark.parametrize(
    "text",
    [chr(code) for code in range(0x20, 0x7F)]
    + ["½", "–", "12w½", "bye ½", "7b+", "<b>", "a&b", "x\u202ey", "tab\there", "Ａ", "e\u0301"],
)
def test_a_table_cell_is_shown_as_the_template_shows_a_text(text: str) -> None:
    """The two big tables' rows are built in Python, not by the template: each text is shown
    as the template's finalize (page_text) and autoescape would show it, also when it is
    printed as it is (a crosstable result such as "12w½")."""
    assert _Shown()[text] == str(escape(page_text(text)))


def test_round_robin_crosstable_is_square() -> None:
    standings = round_robin()
    _, root = page_of(standings)
    rows = root.findall(".//table[@class='crosstable square']/tbody/tr")
    assert len(rows) == len(standings.rows) == 6
    for position, line in enumerate(rows):
        results = list(line)[3:9]
        assert results[position].get("class") == "self"
        assert sum(1 for cell in results if cell.get("class") == "self") == 1


def test_team_page() -> None:
    standings = team()
    page, root = page_of(standings, "es")
    header = root.find(".//table[@class='standings']/thead/tr")
    assert header is not None
    assert [text_of(cell) for cell in header][:4] == ["Puesto", "N.º", "Equipo", "MP"]
    assert "Elo" not in text_of(header)
    rows = root.findall(".//table[@class='crosstable']/tbody/tr")
    assert len(rows) == 14
    first = [text_of(cell) for cell in rows[0]]
    assert first[:3] == ["1", "5", "Team 05"]
    assert len(first) == 3 + 7 + 1
    assert "17,5" in text_of(by_id(root, "p1"))
    assert "sistema suizo por equipos, 14 equipos, 7 rondas" in page


def test_warnings_are_listed() -> None:
    standings = compute_standings(
        read_tournament(example_path("held-swiss-16.trf")), "PTS,BH,BH", "fide-2026"
    )
    assert standings.warnings
    _, root = page_of(standings)
    section = by_id(root, "warnings")
    assert "BH is listed twice" in text_of(section)


def test_undefined_value() -> None:
    """A player without games over the board has no ARO: a dash in the table, "undefined"
    (translated) in the explanation."""
    builder = Builder(rounds=2)
    for number, rating in ((1, 2000), (2, 1900), (3, 1800)):
        builder.player(number, f"Player {number}", rating)
    builder.game(1, 1, 2, "1-0").bye(1, 3, ResultKind.FULL_BYE)
    builder.game(2, 2, 3, "+-").bye(2, 1, ResultKind.HALF_BYE)
    standings = compute_standings(builder.build(), "PTS,ARO", "fide-2026")
    assert standings.row(3).values["ARO"] is None
    page, root = page_of(standings, "it")
    assert html_problems(page) == []
    assert [text_of(cell) for cell in by_id(root, "p3")][-1] == "–"
    data = page_data(root)
    assert data["undefined"] == "non definito"
    assert "ARO" in shown(data, 3, 1)["definition"]


def test_unknown_language_lists_the_supported_ones() -> None:
    with pytest.raises(UsageError, match="supported languages: en, de, it, fr, es"):
        standings_html(swiss(), "nl")


def test_the_checker_finds_problems() -> None:
    """The checker itself: misnested, unclosed, duplicate ids, dangling links, outside links."""
    broken = (
        "<!DOCTYPE html><html><body><p id='a'><strong></p><p id='a'><a href='#b'>x</a>"
        "<a href='https://example.org/'>y</a><td>z</td></body></html>"
    )
    problems = " | ".join(html_problems(broken))
    for expected in ("closes", "duplicate id a", "missing #b", "out of the page", "<td>"):
        assert expected in problems


def test_the_scores_are_summed_once() -> None:
    """Every round of an opponent-based sum's trace looks up the opponent's score: the grid
    sums the field's scores once (summed at each look-up, a page explaining every value was
    quadratic in the field: 9,999 players took minutes)."""
    from tiebreaks.engine.context import build_context
    from tiebreaks.engine.grid import grid

    standings = swiss()
    table = grid(build_context(standings.tournament, standings.rules))
    assert table.scores is table.scores
    assert table.scores.tolist()[:2] == [7, 8]  # Alyx 3.5, Bruno 4 in half points


def test_federation_and_title_columns_only_when_the_file_has_them() -> None:
    """The held Swiss gives federations (NOR) but no titles; a file without either gets
    neither column; a title given to one player brings the column, empty for the others."""
    from dataclasses import replace

    def header(standings: Standings) -> list[str]:
        row = tree(standings_html(standings)).find(".//table[@class='standings']/thead/tr")
        assert row is not None
        return [text_of(cell) for cell in row][:5]

    assert header(swiss()) == ["Rank", "No.", "Name", "Fed.", "Rating"]
    assert header(escaping_standings()) == ["Rank", "No.", "Name", "Rating", "PTS"]
    tournament = swiss().tournament
    players = (replace(tournament.players[0], title="GM"), *tournament.players[1:])
    titled = compute_standings(replace(tournament, players=players), SWISS_LIST, "fide-2026")
    assert header(titled) == ["Rank", "No.", "Title", "Name", "Fed."]
    _, root = page_of(titled)
    assert [text_of(cell) for cell in by_id(root, "p1")][2:4] == ["GM", "Alyx"]
    assert text_of(list(by_id(root, "p2"))[2]) == ""


@pytest.mark.parametrize("standings", [swiss, team], ids=["swiss", "team"])
def test_score_groups_are_shaded_in_turn(standings: Callable[[], Standings]) -> None:
    """The shading changes exactly where the first column's value (the score) changes."""
    result = standings()
    _, root = page_of(result)
    shades = [by_id(root, f"p{row.player.start_number}").get("class") for row in result.rows]
    scores = [row.values[result.columns[0]] for row in result.rows]
    for above, below, shade_above, shade_below in zip(
        scores, scores[1:], shades, shades[1:], strict=False
    ):
        assert (shade_above != shade_below) == (above != below)
    assert set(shades) == {"sg-odd", "sg-even"}


def test_a_round_of_an_opponent_sum_is_told_once_per_page() -> None:
    """A participant's round is the same text in BH/C1 and BH (only the cut differs): the
    page's words make it once and both columns refer to it."""
    result = swiss()
    data = explanation_data(result, "en")
    cut, plain = result.columns.index("BH/C1"), result.columns.index("BH")
    for values in data["values"].values():
        with_cut, without = values[cut][1], values[plain][1]
        assert [line[1] for line in with_cut] == [line[1] for line in without]
        assert all(a[1] is b[1] for a, b in zip(with_cut, without, strict=True))


#: the data's shapes: texts (any character but a lone surrogate, which is no UTF-8 and which the
#: page never holds: every text is made safe to show), whole numbers, None, lists, objects
_texts = st.text(st.characters(codec="utf-8"))
_data = st.recursive(
    st.none() | st.integers(-(2**63), 2**63 - 1) | _texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_texts, inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(_texts, _data, max_size=5))
def test_the_island_reads_back_as_the_data(data: dict[str, Any]) -> None:
    """The island is the data as JSON (UTF-8, gzipped, base64): whatever its texts hold
    (quotes, backslashes, "</script>", controls, any script), the browser's JSON.parse gets
    the data back."""
    island = data_json(data)
    assert island.isascii()
    assert json.loads(gzip.decompress(base64.b64decode(island)).decode("utf-8")) == data
