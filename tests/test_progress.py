"""Progress on standard error (rich) for the long commands: drawn only on a terminal, never in
a pipe, and never on standard output."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

from tiebreaks import example_path
from tiebreaks.cli.main import main

SWISS = str(example_path("held-swiss-16.trf"))
SOURCE = str(Path(__file__).parent.parent / "src")


def _run(*args: str, terminal: bool) -> tuple[bytes, bytes]:
    """The command's standard output and error; standard error a terminal or a pipe."""
    environment = {**os.environ, "PYTHONPATH": SOURCE, "COLUMNS": "100"}
    command = [sys.executable, "-m", "tiebreaks", *args]
    if not terminal:
        done = subprocess.run(command, capture_output=True, env=environment, check=False)
        return done.stdout, done.stderr
    parent, child = pty.openpty()
    with tempfile.TemporaryFile() as stdout:
        process = subprocess.Popen(command, stdout=stdout, stderr=child, env=environment)
        os.close(child)
        error = b""
        while True:
            try:
                chunk = os.read(parent, 4096)
            except OSError:  # the terminal's other side closed
                break
            if not chunk:
                break
            error += chunk
        process.wait(timeout=120)
        os.close(parent)
        stdout.seek(0)
        output = stdout.read()
    return output, error


def test_html_standings_show_progress_on_a_terminal_only() -> None:
    html, shown = _run("standings", SWISS, "-f", "html", terminal=True)
    assert b"reading" in shown or b"writing HTML" in shown
    assert html.startswith(b"<!DOCTYPE html>")
    piped_html, piped = _run("standings", SWISS, "-f", "html", terminal=False)
    assert piped == b""
    assert piped_html == html


def test_no_progress_in_text_output_or_under_a_test_runner() -> None:
    """Text standings never show progress (fast), and a captured standard error (a test, a
    pipe) never gets any: nothing to strip from what a program reads."""
    _, shown = _run("standings", SWISS, terminal=True)
    assert b"reading" not in shown
    result = CliRunner().invoke(main, ["standings", SWISS, "-f", "html"])
    assert result.exit_code == 0
    assert result.stderr == ""
    result = CliRunner().invoke(main, ["check", SWISS, "--infer"])
    assert "trying readings" not in result.stderr


def test_rich_is_not_imported_without_a_terminal() -> None:
    code = (
        "import sys\n"
        "from tiebreaks.cli.progress import progress\n"
        "with progress('x', 3) as advance:\n"
        "    advance(1)\n"
        "print('rich' in sys.modules)\n"
    )
    environment = {**os.environ, "PYTHONPATH": SOURCE}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True
    )
    assert done.stdout.strip() == "False"
