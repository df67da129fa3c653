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
    from playwright.sync_api import Page

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


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``tiebreaks serve`` on a free port; yields its address and its (empty) folders."""
    folders = tmp_path / "server"
    (folders / "cwd").mkdir(parents=True)
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
    page.click("tr#r-4 button[value='4|SB']")
    panel = page.locator("#panel")
    panel.wait_for()
    text = panel.inner_text()
    assert "#4 David: SB = 9.75" in text
    assert "total of the" in text
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


def test_upload_reorder_explain_why_download(server: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    base, folders = server
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        order = upload_and_reorder(page, base)
        explain_and_why(page)
        saved = download_csv(page, tmp_path)
        browser.close()
    tournament = read_data(example_path("held-swiss-16.trf").read_bytes(), "held-swiss-16.trf")
    assert saved.read_text(encoding="utf-8") == standings_csv(compute_standings(tournament, order))
    assert problems == []
    assert list((folders / "cwd").iterdir()) == []
    assert list((folders / "tmp").iterdir()) == []
