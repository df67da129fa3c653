"""Import rules that import-linter cannot see (issue 16).

* The registries of parts loaded on first use (:mod:`tiebreaks.lazy`): every entry loads, and
  stays inside the package that names it (a format's readers inside ``formats``, the
  renderers inside ``render``, the commands inside ``cli``), so the layers hold for them too.
* Function-level imports are refused by ruff (PLC0415) except where a line says why, and the
  only reasons allowed are those listed here.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from tiebreaks.cli.main import COMMANDS
from tiebreaks.formats.detect import IDENTIFY, READERS
from tiebreaks.lazy import load
from tiebreaks.render.standings import RENDERERS

SOURCE = Path(__file__).resolve().parent.parent / "src" / "tiebreaks"

#: the reasons a function-level import may give (optional dependencies, the entry point's
#: signal handler, which must be installed before anything is imported, and rich, imported
#: only when progress is drawn on a terminal: never in a pipe or a test)
ALLOWED = {
    "optional: pdf",
    "optional: web",
    "optional: dask",
    "signals first",
    "progress on a terminal",
}

REGISTRIES = [
    ("tiebreaks.formats", READERS),
    ("tiebreaks.formats", IDENTIFY),
    ("tiebreaks.render", RENDERERS),
    ("tiebreaks.cli", {name: f".{path}" for name, (path, _) in COMMANDS.items()}),
]


@pytest.mark.parametrize(("package", "registry"), REGISTRIES, ids=lambda x: str(x)[:20])
def test_every_registered_part_loads_inside_its_package(
    package: str, registry: dict[str, str]
) -> None:
    for name, path in registry.items():
        assert path.startswith("."), (name, path)  # relative: inside the registering package
        module = importlib.util.resolve_name(path.partition(":")[0], package)
        assert module.startswith(package + "."), (name, path)
        if name == "pdf":  # ReportLab is optional; its module must still import
            importlib.import_module(module)
            continue
        assert callable(load(path, package)), (name, path)


def test_function_level_imports_say_why() -> None:
    """Each ``noqa: PLC0415`` gives one of :data:`ALLOWED` in parentheses."""
    marked = re.compile(r"noqa: PLC0415 \(([^)]*)\)")
    found = []
    for path in SOURCE.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "PLC0415" in line:
                match = marked.search(line)
                assert match is not None, f"{path}:{number}: no reason given"
                assert match.group(1) in ALLOWED, f"{path}:{number}: {match.group(1)!r}"
                found.append(match.group(1))
    assert "optional: pdf" in found and "signals first" in found
