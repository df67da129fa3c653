"""End to end in a real headless Chromium (Debian's ``chromium``): ``tiebreaks serve`` in a
subprocess; the browser uploads a file, changes the tie-break order (dragging one, moving
another with its button), opens an explanation, asks why one player is ahead of another and
downloads the CSV, which must be the library's CSV for the new order. The server must write
no file (its working folder and temporary folder stay empty).

Skipped only when /usr/bin/chromium is absent (see tests/web/CI_SETUP.md for the packages).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tiebreaks import compute_standings, example_path
from tiebreaks.formats.detect import read_data
from tiebreaks.render import standings_csv

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="end-to-end test needs Debian's chromium at /usr/bin/chromium "
    "(apt-get install -y chromium chromium-driver; see tests/web/CI_SETUP.md)",
)


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(port: int, process: subprocess.Popen[bytes]) -> None:
    """Wait until the server accepts connections (at most 30 s)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"the server stopped: {process.stderr.read() if process.stderr else ''!r}"
            )
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start within 30 s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``tiebreaks serve`` on a free port, one for the module (it keeps no state between
    requests); yields its address and its folders, which must still be empty when the
    module's last test is done."""
    folders = tmp_path_factory.mktemp("server")
    (folders / "cwd").mkdir()
    (folders / "tmp").mkdir()
    port = free_port()
    environment = {**os.environ, "TMPDIR": str(folders / "tmp")}
    process = subprocess.Popen(
        [sys.executable, "-m", "tiebreaks", "serve", "--port", str(port), "--max-upload", "1M"],
        cwd=folders / "cwd",
        env=environment,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(port, process)
        yield f"http://127.0.0.1:{port}", folders
    finally:
        process.terminate()
        process.wait(timeout=10)
    # every request of every test in the module, and the shutdown: no file written
    assert list((folders / "cwd").iterdir()) == []
    assert list((folders / "tmp").iterdir()) == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module; each test opens its own context (its own
    cookies, storage and viewport)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


def headers(page: Page) -> list[str]:
    """The value columns of the standings table, in order."""
    cells = page.locator("table.standings thead abbr")
    return [text.strip() for text in cells.all_inner_texts()]


def upload_and_reorder(page: Page, base: str) -> list[str]:
    """Upload the 16-player Swiss, drag SB above BH/C1, move BWG up; the new order."""
    page.goto(f"{base}/?lang=en")
    page.set_input_files("#file", str(example_path("held-swiss-16.trf")))
    page.click("button.primary")
    page.wait_for_selector("table.standings")
    assert headers(page) == ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
    items = page.locator("#tb-list li")
    with page.expect_navigation():  # the script applies the order dropped
        items.nth(3).drag_to(items.nth(1), target_position={"x": 40, "y": 4})
    assert headers(page)[:4] == ["PTS", "SB", "BH/C1", "BH"]
    with page.expect_navigation():
        page.click("#tb-list li:nth-child(7) button[value='up:6']")
    order = ["PTS", "SB", "BH/C1", "BH", "DE", "BWG", "WIN"]
    assert headers(page) == order
    return order


def explain_and_why(page: Page) -> None:
    """Open David's SB in the panel, close it; ask why Charline is ahead of David."""
    page.click("tr#p4 button[value='4|SB']")
    panel = page.locator("#panel")
    panel.wait_for()
    text = panel.inner_text()
    assert "#4 David: SB = 9.75" in text
    assert "total of 5 lines" in text  # nothing cut: no "kept"
    page.keyboard.press("Escape")
    assert page.locator("#panel").count() == 0
    page.select_option("#why_a", "3")
    page.select_option("#why_b", "4")
    page.click("button[name=why][value=form]")
    page.locator("#panel").wait_for()
    assert "is ahead of #4 David" in page.locator("#panel").inner_text()
    page.keyboard.press("Escape")


def download_csv(page: Page, folder: Path) -> Path:
    """Download the standings as CSV; where it was saved."""
    with page.expect_download() as arrival:
        page.click("button[name=download][value=csv]")
    download = arrival.value
    assert download.suggested_filename == "held-swiss-16.csv"
    saved = folder / "downloaded.csv"
    download.save_as(saved)
    return saved


def test_upload_reorder_explain_why_download(
    server: tuple[str, Path], browser: Browser, tmp_path: Path
) -> None:
    base, folders = server
    problems: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    order = upload_and_reorder(page, base)
    explain_and_why(page)
    saved = download_csv(page, tmp_path)
    context.close()
    tournament = read_data(example_path("held-swiss-16.trf").read_bytes(), "held-swiss-16.trf")
    assert saved.read_text(encoding="utf-8") == standings_csv(compute_standings(tournament, order))
    assert problems == []
    assert list((folders / "cwd").iterdir()) == []
    assert list((folders / "tmp").iterdir()) == []


#: where the screenshots go (looked at by a person; kept after the run)
SHOTS = Path(os.environ.get("TIEBREAKS_SHOTS", "/tmp/tiebreaks-web-shots"))
#: the viewports: a wide screen and a phone
VIEWPORTS = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def big_event(folder: Path) -> Path:
    """A generated 250-player, 7-round Swiss (three pages of standings)."""
    from generate_swiss import main as generate

    target = folder / "open-250.trf"
    generate(["--players", "250", "--rounds", "7", "--seed", "3", "--out", str(target)])
    return target


def name_of(path: Path, number: int) -> str:
    """The name of start number ``number`` in a TRF file (read from the file itself)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and int(line[4:8]) == number:
            return line[14:47].strip()
    raise KeyError(number)


@pytest.fixture()
def browser_page(
    browser: Browser, request: pytest.FixtureRequest
) -> Iterator[tuple[Page, list[str]]]:
    """A page in a new context of the module's Chromium, at the viewport ``request.param``;
    the page's errors and its CSP violations are gathered."""
    problems: list[str] = []
    context = browser.new_context(viewport=VIEWPORTS[request.param])  # type: ignore[arg-type]
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda message: (
            problems.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    yield page, problems
    context.close()


def shot(page: Page, name: str) -> None:
    """A screenshot of the page as it is (to look at)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("browser_page", ["wide", "phone"], indirect=True)
def test_search_jumps_to_the_page_and_highlights(
    server: tuple[str, Path], tmp_path: Path, browser_page: tuple[Page, list[str]]
) -> None:
    page, problems = browser_page
    base, _ = server
    event = big_event(tmp_path)
    page.goto(f"{base}/?lang=en")
    page.set_input_files("#file", str(event))
    page.click("button.primary")
    page.wait_for_selector("table.standings")
    assert page.locator("table.standings tbody tr").count() == 100
    assert "Page 1 of 3" in page.locator("nav.pages").first.inner_text()
    rows = page.locator("table.standings tbody tr")
    last_on_first_page = rows.nth(99).get_attribute("id")
    number = 0
    for candidate in range(1, 251):  # a participant on another page than the first
        if page.locator(f"tr#p{candidate}").count() == 0:
            number = candidate
            break
    name = name_of(event, number)
    with page.expect_navigation():
        page.fill("#find", name)
        page.press("#find", "Enter")
    found = page.locator("table.standings tr.found")
    assert found.count() == 1
    assert found.get_attribute("id") == f"p{number}"
    assert found.is_visible()
    box = found.bounding_box()
    assert box is not None and 0 <= box["y"] < VIEWPORTS["phone"]["height"]
    assert page.locator(f"tr#{last_on_first_page}").count() == 0
    shot(page, f"search-{page.viewport_size['width'] if page.viewport_size else 0}")
    with page.expect_navigation():  # a page link
        page.locator("nav.pages button[value='1']").first.click()
    assert "Page 1 of 3" in page.locator("nav.pages").first.inner_text()
    page.evaluate(f"window.location.hash = '#p{number}'")  # #p12 on another page
    page.wait_for_selector(f"tr#p{number}.found")
    assert problems == []


@pytest.mark.parametrize("browser_page", ["wide", "phone"], indirect=True)
def test_edit_keeps_the_position_and_phone_shows_standings_first(
    server: tuple[str, Path], browser_page: tuple[Page, list[str]]
) -> None:
    page, problems = browser_page
    base, _ = server
    page.goto(f"{base}/?lang=en")
    page.set_input_files("#file", str(example_path("held-swiss-16.trf")))
    page.click("button.primary")
    page.wait_for_selector("table.standings")
    width = page.viewport_size["width"] if page.viewport_size else 0
    shot(page, f"results-{width}")
    standings = page.locator("#standings").bounding_box()
    editor = page.locator("#editor").bounding_box()
    assert standings is not None and editor is not None
    if width < 600:  # a phone: the standings before the editor, a scroll hint
        assert standings["y"] < editor["y"]
        assert page.locator("#standings .scroll-hint").is_visible()
        assert page.locator("#standings .scroll").evaluate("e => e.scrollWidth > e.clientWidth")
    button = page.locator("#tb-list li:nth-child(4) button[value='up:3']")
    button.scroll_into_view_if_needed()
    before = button.bounding_box()
    assert before is not None
    with page.expect_navigation():
        button.click()
    page.wait_for_load_state("load")
    after = page.locator("#tb-list li:nth-child(3) button[value='up:2']").bounding_box()
    assert after is not None
    assert abs(after["y"] - before["y"]) < 80  # the editor stays where it was
    assert headers(page)[:4] == ["PTS", "BH/C1", "SB", "BH"]
    shot(page, f"after-edit-{width}")
    assert problems == []


@pytest.mark.parametrize("browser_page", ["phone"], indirect=True)
def test_pasted_crlf_comes_back_identical(
    server: tuple[str, Path], browser_page: tuple[Page, list[str]]
) -> None:
    page, problems = browser_page
    base, _ = server
    sent: list[bytes] = []
    page.on(
        "request",
        lambda request: (
            sent.append(request.post_data_buffer or b"") if request.method == "POST" else None
        ),
    )
    good = example_path("held-swiss-16.trf").read_text(encoding="utf-8")
    lines = good.split("\n")
    lines[4] = lines[4][:106] + "x" + lines[4][107:]  # a bad colour in column 107
    page.goto(f"{base}/?lang=en")
    page.fill("#text", "\n".join(lines))
    with page.expect_navigation():
        page.click("form.upload button.primary")
    assert "Line 5, column 107" in page.locator("#input-error").inner_text()
    excerpt = page.locator("#input-error pre.excerpt")
    shot(page, "paste-error-390")
    # the caret and the bad character are inside the box
    assert excerpt.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    with page.expect_navigation():  # sent again as it came back
        page.click("form.upload button.primary")
    assert len(sent) == 2
    assert b"\r\n" in sent[0]
    first = sent[0].split(b'name="text"', 1)[1].split(b"\r\n--", 1)[0]
    second = sent[1].split(b'name="text"', 1)[1].split(b"\r\n--", 1)[0]
    assert second == first
    assert "\ufffd".encode() not in second
    page.fill("#text", good)  # fixed: the standings
    with page.expect_navigation():
        page.click("form.upload button.primary")
    assert page.locator("table.standings").count() == 1
    assert problems == []


@pytest.mark.parametrize("browser_page", ["wide", "phone"], indirect=True)
def test_compare_panel(server: tuple[str, Path], browser_page: tuple[Page, list[str]]) -> None:
    page, problems = browser_page
    base, _ = server
    page.goto(f"{base}/?lang=en")
    page.click("button[name=example][value='held-swiss-16.trf']")
    page.wait_for_selector("table.standings")
    page.fill("#cmp_list", "PTS, SB, BH")
    with page.expect_navigation():
        page.click("button[name=compare]")
    compared = page.locator("#compare .compared")
    assert "participants change place" in compared.inner_text()
    assert page.locator("table.comparison tbody tr").count() > 0
    box = page.locator("#compare").bounding_box()
    assert box is not None and box["y"] < 200  # the page opens at the comparison
    shot(page, f"compare-{page.viewport_size['width'] if page.viewport_size else 0}")
    assert problems == []


@pytest.mark.parametrize("browser_page", ["wide", "phone"], indirect=True)
def test_docs_load_from_the_server_only(
    server: tuple[str, Path], browser_page: tuple[Page, list[str]]
) -> None:
    page, problems = browser_page
    base, _ = server
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{base}/docs")
    assert "/api/catalogue" in page.locator("nav.toc").inner_text()
    shot(page, f"docs-{page.viewport_size['width'] if page.viewport_size else 0}")
    page.locator("#catalogue summary").click()
    page.locator("#catalogue form.try button").click()
    page.locator("#catalogue pre.answer", has_text="200 OK").wait_for()
    page.locator("#why summary").click()
    page.locator("#why form.try button").click()
    page.locator("#why pre.answer", has_text="200 OK").wait_for()
    assert '"deciding": "PTS"' in page.locator("#why pre.answer").inner_text()
    shot(page, f"docs-try-{page.viewport_size['width'] if page.viewport_size else 0}")
    assert requested and all(url.startswith(base) for url in requested)
    assert problems == []


@pytest.mark.parametrize("browser_page", ["wide", "phone"], indirect=True)
def test_check_a_published_table(
    server: tuple[str, Path], tmp_path: Path, browser_page: tuple[Page, list[str]]
) -> None:
    """A table publishing SB as Swiss-Manager computes it: the reading is named, and a click
    on #2's 5.75 opens its explanation (hand: 1 + 1.75 + 2 + 1) in the panel, in place."""
    from tiebreaks.formats.writers.tournament_json import write_tournament_json

    from ..test_check_programs import SB_SWISS_MANAGER, published

    page, problems = browser_page
    base, _ = server
    table = tmp_path / "published-sb.json"
    table.write_text(write_tournament_json(published("SB", SB_SWISS_MANAGER)), "utf-8")
    page.goto(f"{base}/?lang=en")
    with page.expect_navigation():
        page.click("a[href^='/check']")
    page.set_input_files("#file", str(table))
    with page.expect_navigation():
        page.click("button.primary")
    readings = page.locator("#readings").inner_text()
    assert "Swiss-Manager's modified points (SB/SM), fide-2009: 6/6" in readings
    shot(page, f"check-answer-{page.viewport_size['width'] if page.viewport_size else 0}")
    page.click("button[name=explain][value='fide-2009|2|SB/SM']")
    panel = page.locator("#panel")
    panel.wait_for()
    assert "5.75" in panel.locator("h2").inner_text()
    assert "total of 4 lines" in panel.inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= (page.viewport_size or {"width": 0})["width"]  # nothing wider than the page
    shot(page, f"check-{page.viewport_size['width'] if page.viewport_size else 0}")
    page.keyboard.press("Escape")
    assert page.locator("#panel").count() == 0
    assert problems == []
