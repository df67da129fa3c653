"""The HTML page in a real headless Chromium (Debian's ``chromium``), opened from a file as a
reader would: a click on a value shows its explanation, which adds up; ``#p12`` highlights
the row; at 390 px the standings scroll sideways with the name column kept in view and a
hint that they scroll; without JavaScript the standings and the crosstable are all there.
The page's Content-Security-Policy must let its own script run (the hashes are right) and
block nothing else: the console stays free of errors.

Skipped only when /usr/bin/chromium is absent (see tests/web/CI_SETUP.md for the packages).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tiebreaks import Standings
from tiebreaks.render.explanations import worded
from tiebreaks.render.html import standings_html
from tiebreaks.render.i18n import format_value
from tiebreaks.services.explain import explain_value

from .test_html import round_robin, swiss

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="the browser test needs Debian's chromium at /usr/bin/chromium "
    "(apt-get install -y chromium; see tests/web/CI_SETUP.md)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        yield launched
        launched.close()


def written(standings: Standings, folder: Path, lang: str = "en") -> str:
    """The page written to a file; its file:// address."""
    path = folder / "standings.html"
    path.write_text(standings_html(standings, lang), encoding="utf-8")
    return path.as_uri()


def opened(
    browser: Browser, address: str, width: int = 1280, script: bool = True
) -> tuple[Page, list[str]]:
    """A page at ``width`` px (``script``: JavaScript on) and the errors it reports."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, java_script_enabled=script
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.goto(address)
    return page, errors


def amount(text: str) -> Fraction:
    """An amount as the panel writes it in English ("1.75")."""
    return Fraction(text.strip())


def test_a_click_shows_the_explanation_and_it_adds_up(browser: Browser, tmp_path: Path) -> None:
    """David's SB in the 16-player Swiss (9.25 under fide-2026, C.07 Art. 9.1): five rounds,
    none cut."""
    page, errors = opened(browser, written(swiss(), tmp_path))
    panel = page.locator("#explain")
    assert panel.is_hidden()
    cell = page.locator("tr#p4 td.value").nth(3)
    assert cell.inner_text() == "9.25"
    cell.click()
    panel.locator("table.lines").wait_for()  # the data is decoded at the first click
    assert panel.is_visible()
    assert "#4 David: SB = 9.25" in panel.inner_text()
    kept = panel.locator("table.lines tbody tr:not(.cut) td.amount").all_inner_texts()
    assert len(kept) == 5
    total = panel.locator("table.lines tfoot td.amount").inner_text()
    assert sum(map(amount, kept)) == amount(total) == Fraction("9.25")
    assert "total of 5 lines" in panel.inner_text()  # nothing cut: no "kept"
    page.keyboard.press("Escape")
    assert panel.is_hidden()
    assert errors == []
    page.context.close()


def test_a_cut_line_does_not_count(browser: Browser, tmp_path: Path) -> None:
    """Bruno's BH/C1 (12): the least significant value is cut (Art. 14.1), the rest add up."""
    page, errors = opened(browser, written(swiss(), tmp_path))
    page.locator("tr#p2 td.value").nth(1).click()
    panel = page.locator("#explain")
    cut = panel.locator("table.lines tbody tr.cut")
    cut.first.wait_for()  # the data is decoded at the first click
    assert cut.count() == 1
    assert "least significant value (Art. 14.1)" in cut.inner_text()
    kept = panel.locator("table.lines tbody tr:not(.cut) td.amount").all_inner_texts()
    assert sum(map(amount, kept)) == Fraction(12)
    assert errors == []
    page.context.close()


def test_a_tied_group_shows_its_mini_table(browser: Browser, tmp_path: Path) -> None:
    """DE in the round robin: the group's lines, with the note that they are shared."""
    standings = round_robin()
    page, errors = opened(browser, written(standings, tmp_path, "de"))
    position = standings.columns.index("DE")
    number = standings.rows[0].player.start_number
    page.locator(f"tr#p{number} td.value").nth(position).click()
    panel = page.locator("#explain")
    panel.locator(".group-note").wait_for()
    assert panel.locator(".group-note").inner_text().startswith("Die punktgleiche Gruppe")
    assert "Direkter Vergleich" in panel.inner_text()
    assert errors == []
    page.context.close()


def test_a_result_leads_to_the_opponent(browser: Browser, tmp_path: Path) -> None:
    """Bruno's first round, "10b1": a click goes to #10's line of the crosstable."""
    page, errors = opened(browser, written(swiss(), tmp_path))
    page.locator("tr#c-2 td").nth(2).click()
    assert page.evaluate("location.hash") == "#c-10"
    assert errors == []
    page.context.close()


def test_the_row_of_the_address_is_highlighted(browser: Browser, tmp_path: Path) -> None:
    """``#p12`` (CSS :target, no script needed) gives Nick's row the highlight colour."""
    page, _ = opened(browser, written(swiss(), tmp_path) + "#p12", script=False)
    colour = "rgb(255, 241, 184)"  # --found
    assert page.eval_on_selector("tr#p12", "row => getComputedStyle(row).backgroundColor") == colour
    name = page.eval_on_selector("tr#p12 th", "cell => getComputedStyle(cell).backgroundColor")
    assert name == colour
    other = page.eval_on_selector("tr#p11", "row => getComputedStyle(row).backgroundColor")
    assert other != colour
    page.context.close()


def test_a_phone_scrolls_sideways_with_the_names_in_view(browser: Browser, tmp_path: Path) -> None:
    """At 390 px the standings are wider than the screen: the hint says so, the table
    scrolls inside its box and the name column stays at the left edge."""
    page, errors = opened(browser, written(swiss(), tmp_path), width=390)
    assert page.locator("#standings .scroll-hint").is_visible()
    box = page.locator("#standings .scroll")
    assert box.evaluate("box => box.scrollWidth > box.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    name = page.locator("tr#p4 th.name")
    edge = box.bounding_box()
    before = name.bounding_box()
    box.evaluate("box => { box.scrollLeft = 400; }")
    assert box.evaluate("box => box.scrollLeft") >= 200
    after = name.bounding_box()
    assert edge is not None and before is not None and after is not None
    assert before["x"] > edge["x"]  # after the rank and the start number
    assert after["x"] == pytest.approx(edge["x"], abs=1)  # not 400 px to the left: stuck
    assert name.inner_text() == "David"
    assert errors == []
    page.context.close()


def test_a_wide_screen_has_no_scroll_hint(browser: Browser, tmp_path: Path) -> None:
    page, _ = opened(browser, written(swiss(), tmp_path))
    assert page.locator("#standings .scroll-hint").is_hidden()
    page.context.close()


def test_without_javascript_the_tables_are_there(browser: Browser, tmp_path: Path) -> None:
    """Script off: every row of the standings and of the crosstable, the values as text."""
    standings = swiss()
    page, _ = opened(browser, written(standings, tmp_path), script=False)
    assert page.locator("table.standings tbody tr").count() == len(standings.rows)
    assert page.locator("table.crosstable tbody tr").count() == len(standings.rows)
    assert page.locator("tr#p4 > *").nth(8).inner_text() == "9.25"  # after rank ... rating
    assert page.locator("td.value").count() == 0
    assert page.locator("#explain").is_hidden()
    assert page.locator("table.standings.explainable").count() == 0
    page.context.close()


#: what the open panel shows, read from the page: the definition, each line's amount, text
#: (without the reason of a cut) and whether it was cut, and the steps
PANEL_TEXT = """panel => ({
  definition: panel.querySelector("p.definition").textContent,
  lines: Array.from(panel.querySelectorAll("table.lines tbody tr")).map(row => [
    row.querySelector("td.amount").textContent,
    row.querySelector("td.text").firstChild.textContent,
    row.classList.contains("cut"),
  ]),
  steps: Array.from(panel.querySelectorAll("ul.steps li")).map(step => step.textContent),
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_panel_says_what_explain_says(browser: Browser, tmp_path: Path, lang: str) -> None:
    """The script assembles each panel from the page's templates and shared rounds: the
    definition, every line (amount, words, cut or kept) and the steps are word for word the
    library's explanation of the value (what ``explain`` prints), for every column of a few
    players: the leader, Bruno (#2, a Buchholz line cut), David (#4, SB) and one from the
    bottom half."""
    standings = swiss()
    page, errors = opened(browser, written(standings, tmp_path, lang))
    panel = page.locator("#explain")
    chosen = [row for row in standings.rows if row.player.start_number in (2, 4)]
    cuts = 0
    for row in [standings.rows[0], *chosen, standings.rows[-3]]:
        number = row.player.start_number
        for position, label in enumerate(standings.columns):
            page.locator(f"tr#p{number} td.value").nth(position).click()
            panel.locator("p.definition").wait_for()
            shown = panel.evaluate(PANEL_TEXT)
            told = worded(explain_value(standings, row, label), standings, lang)
            assert shown["definition"] == told.definition, (number, label)
            assert shown["lines"] == [
                [format_value(line.amount, lang), line.text, not line.kept] for line in told.lines
            ], (number, label)
            assert shown["steps"] == list(told.steps), (number, label)
            cuts += sum(1 for line in told.lines if not line.kept)
            page.keyboard.press("Escape")
    assert cuts  # Bruno's BH/C1 (Art. 14.1) at least
    assert errors == []
    page.context.close()
