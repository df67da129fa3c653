"""The HTML page: valid and self-contained, escaped, every value present in the language's
number format and explained, headings translated, crosstables.

Validity is checked offline three ways: a strict checker built on :mod:`html.parser` (below),
parsing as XML (the page is polyglot markup), and, by hand, HTML Tidy 5.6 and html5lib's
strict parser, both of which report no error or warning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest

from tiebreaks import Standings, UsageError, compute_standings, example_path, read_tournament
from tiebreaks.model import ResultKind
from tiebreaks.render.explanations import worded
from tiebreaks.render.html import standings_html
from tiebreaks.render.i18n import SUPPORTED, format_value, summary_line
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
    | {"summary"}
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
    """Inline CSS, no external fetches; the only script is the inline one."""
    page, root = page_of(swiss())
    assert "http://" not in page
    assert "https://" not in page
    assert "@import" not in page
    scripts = root.findall(".//script")
    assert len(scripts) == 1
    assert scripts[0].get("src") is None
    assert "@media print" in page


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
    assert len(root.findall(".//script")) == 1
    title = root.find("head/title")
    assert title is not None
    assert title.text == 'Open <b>"A" & B</b>'
    row = by_id(root, "r-2")
    assert 'Müller & "Söhne"' in text_of(row)
    assert "O'Brien" in text_of(by_id(root, "p-3"))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_participant_and_value_in_the_table(lang: str) -> None:
    standings = swiss()
    _, root = page_of(standings, lang)
    for row in standings.rows:
        line = by_id(root, f"r-{row.player.start_number}")
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
            rating,
            *values,
        ]


def test_german_numbers_have_a_decimal_comma() -> None:
    standings = swiss()
    _, root = page_of(standings, "de")
    bruno = text_of(by_id(root, "r-2"))  # PTS 4, BH/C1 12, BH 13, SB 9.5
    assert "9,5" in bruno
    assert "9.5" not in bruno
    david = [text_of(cell) for cell in by_id(root, "r-4")]
    assert david[4:8] == ["3,5", "11,5", "14", "9,25"]
    english = [text_of(cell) for cell in by_id(page_of(standings)[1], "r-4")]
    assert english[4:8] == ["3.5", "11.5", "14", "9.25"]


@pytest.mark.parametrize("standings", [swiss, team, round_robin], ids=["swiss", "team", "rr"])
def test_every_value_is_explained_and_adds_up(standings: Callable[[], Standings]) -> None:
    """Each value links to an explanation whose value is the table's and whose kept lines add
    up to it (for a sum without further steps)."""
    result = standings()
    _, root = page_of(result, "de")
    for row in result.rows:
        number = row.player.start_number
        cells = list(by_id(root, f"r-{number}"))[-len(result.columns) :]
        for position, (label, cell) in enumerate(zip(result.columns, cells, strict=True)):
            anchor = f"x-{number}-{position + 1}"
            link = cell.find("a")
            assert link is not None
            assert link.get("href") == f"#{anchor}"
            assert link.get("title", "").startswith(f"{label} = ")
            details = by_id(root, anchor)
            assert details.tag == "details"
            shown = details.find("summary/strong")
            assert shown is not None
            assert shown.text == text_of(cell) or text_of(cell) == "–"
            explanation = worded(explain_value(result, row, label), result, "de")
            lines = details.findall("table/tbody/tr")
            assert len(lines) == len(explanation.lines)
            total = details.find("table/tfoot/tr/td")
            if explanation.is_sum and explanation.lines:
                assert total is not None
                assert total.text == format_value(explanation.total, "de")
                if not explanation.steps:
                    assert explanation.total == row.values[label]
                    assert total.text == shown.text


def test_cut_lines_are_marked() -> None:
    standings = swiss()
    _, root = page_of(standings, "fr")
    details = by_id(root, "x-2-2")  # Bruno's BH/C1: the least significant value is cut
    cut = details.findall("table/tbody/tr[@class='cut']")
    assert len(cut) == 1
    assert "écarté" in text_of(cut[0])
    assert "valeur la moins significative (art. 14.1)" in text_of(cut[0])
    footer = details.find("table/tfoot")
    assert footer is not None
    assert text_of(footer) == "12 total des 4 lignes retenues"


HEADINGS = {
    "en": ["Standings", "Crosstable", "Tie-breaks", "Explanations"],
    "de": ["Rangliste", "Kreuztabelle", "Feinwertungen", "Erklärungen"],
    "it": ["Classifica", "Tabellone", "Spareggi tecnici", "Spiegazioni"],
    "fr": ["Classement", "Tableau croisé", "Départages", "Explications"],
    "es": ["Clasificación", "Cuadro cruzado", "Desempates", "Explicaciones"],
}
COLUMNS = {
    "en": ["Rank", "No.", "Name", "Rating", "PTS"],
    "de": ["Rang", "Nr.", "Name", "Elo", "Pkt"],
    "it": ["Pos.", "N.", "Nome", "Elo", "Pt"],
    "fr": ["Rang", "N°", "Nom", "Elo", "Pts"],
    "es": ["Puesto", "N.º", "Nombre", "Elo", "Ptos"],
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
    assert [text_of(cell) for cell in header][:5] == COLUMNS[lang]
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
    links = [cell.find("a") for cell in first][3:8]
    assert [link.get("href") for link in links if link is not None] == [
        "#c-10",
        "#c-7",
        "#c-1",
        "#c-16",
        "#c-3",
    ]
    assert len(root.findall(".//table[@class='crosstable']/tbody/tr")) == len(standings.rows)


def test_round_robin_crosstable_is_square() -> None:
    standings = round_robin()
    _, root = page_of(standings)
    rows = root.findall(".//table[@class='crosstable square']/tbody/tr")
    assert len(rows) == len(standings.rows) == 6
    for position, line in enumerate(rows):
        results = list(line)[3:9]
        assert results[position].get("class") == "result self"
        assert sum(1 for cell in results if cell.get("class") == "result self") == 1


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
    assert "17,5" in text_of(by_id(root, "r-1"))
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
    assert [text_of(cell) for cell in by_id(root, "r-3")][-1] == "–"
    summary = by_id(root, "x-3-2").find("summary/strong")
    assert summary is not None
    assert summary.text == "non definito"


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
