"""Issue 9: messages on standard error quote names from the input; a name cannot send
terminal control sequences (``ESC [ 2 J`` clears the screen) or reorder the line."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tiebreaks import example_path
from tiebreaks.cli.main import main


def test_an_escape_sequence_in_a_name_is_neutralised_on_standard_error(tmp_path: Path) -> None:
    text = example_path("held-swiss-16.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    # player 1's stated points (columns 81-84) made wrong, so that a warning quotes the name
    index = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    name = "Alyx\x1b[2J\u202e"
    line = lines[index]
    lines[index] = line[:14] + f"{name:<33}" + line[47:80] + " 9.0" + line[84:]
    path = tmp_path / "escape.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(path)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "points column" in line]
    assert warnings, result.stderr
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr
    assert "Alyx\ufffd[2J\ufffd" in warnings[0]
