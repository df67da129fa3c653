"""The README's first steps work as written: where ``make demo`` puts the command, and the
extras installed from the checkout."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def _quick_start() -> str:
    return README.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_quick_start_says_how_to_run_the_command_after_make_demo() -> None:
    """``make demo`` installs into the Makefile's environment; the quick start shows the
    command run from there and how to activate the environment."""
    venv = re.search(r"^VENV := (\S+)$", MAKEFILE, re.MULTILINE)
    assert venv is not None
    quick = _quick_start()
    assert f"{venv.group(1)}/bin/tiebreaks standings" in quick
    assert f". {venv.group(1)}/bin/activate" in quick


def test_extras_install_from_the_checkout() -> None:
    """The package is installed from its checkout: the web extra is ``pip install '.[web]'``
    (an install by name would fetch a package that is not this checkout)."""
    assert "pip install '.[web]'" in README
    assert "pip install 'tiebreaks[web]'" not in README
