"""Import rules that import-linter cannot see (issue 16).

* The registries of parts loaded on first use (:mod:`tiebreaks.lazy`): every entry loads, and
  stays inside the package that names it (a format's readers inside ``formats``, the
  renderers inside ``render``, the commands inside ``cli``), so the layers hold for them too.
* The tie-break families load when one of their tie-breaks is first asked for: the table
  :data:`tiebreaks.engine.families.FAMILIES` names every acronym and alias with its module.
* Function-level imports are refused by ruff (PLC0415) except where a line says why, and the
  only reasons allowed are those listed here.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tiebreaks.cli.main import COMMANDS
from tiebreaks.engine.catalogue import catalogue
from tiebreaks.engine.families import FAMILIES
from tiebreaks.formats.detect import IDENTIFY, READERS
from tiebreaks.lazy import load
from tiebreaks.render.standings import RENDERERS
from tiebreaks.standings import LOTS

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
    ("tiebreaks", LOTS),
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


def test_the_family_table_names_every_tiebreak_with_its_module_and_aliases() -> None:
    """Each registered tie-break is listed under the family module that registers it (the
    module of its compute or group function), with the same aliases, and nothing more."""
    registered = {
        entry.acronym: (
            (entry.compute or entry.order_group).__module__,
            entry.aliases,
        )
        for entry in catalogue()
    }
    listed = {
        acronym: ("tiebreaks.engine.families" + module, aliases)
        for module, members in FAMILIES.items()
        for acronym, aliases in members.items()
    }
    assert listed == registered


def test_a_standings_run_loads_only_the_families_it_asks_for() -> None:
    """BH and SB of an individual Swiss import neither the team, the German nor the US Chess
    families (nor Koya): those modules load when one of their tie-breaks is asked for."""
    code = (
        "import sys, tiebreaks\n"
        "t = tiebreaks.read(tiebreaks.example_path('held-swiss-16.trf'))\n"
        "tiebreaks.compute_standings(t, 'PTS,BH/C1,SB', 'fide-2024')\n"
        "print(sorted(m.rpartition('.')[2] for m in sys.modules"
        " if m.startswith('tiebreaks.engine.families.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = set(eval(result.stdout))
    assert {"buchholz", "sonneborn_berger", "game_counts"} <= loaded
    assert not loaded & {"team", "team_encounters", "german", "us_chess", "koya", "adjusted_score"}


def test_a_text_table_loads_no_markup_library_nor_hashlib() -> None:
    """The plain-text standings load neither MarkupSafe nor Jinja2 (only pages need them),
    nor hashlib (only a drawing of lots needs it)."""
    code = (
        "import sys, tiebreaks\n"
        "t = tiebreaks.read(tiebreaks.example_path('held-swiss-16.trf'))\n"
        "s = tiebreaks.compute_standings(t, 'PTS,BH/C1,SB', 'fide-2024')\n"
        "tiebreaks.render_standings(s, 'text')\n"
        "print(sorted(m for m in ('markupsafe', 'jinja2', 'hashlib') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]"
