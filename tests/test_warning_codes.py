"""Warnings carry a machine-readable code (issue 16): every warning the library makes names a
code of :data:`tiebreaks.errors.WARNING_CODES`, the table docs/input-checks.md lists, and
every machine output (JSON standings, batch lines) carries it. The web outputs are tested in
tests/web. The expected codes below are written from the table, the warnings' causes from
the inputs."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from tiebreaks import compute_standings
from tiebreaks.batch import BatchOptions, Task, process_file
from tiebreaks.cli.main import main
from tiebreaks.errors import WARNING_CODES, Diagnostic, TiebreaksError
from tiebreaks.formats.detect import read_data
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.render import standings_json, standings_text, standings_to_data

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "tiebreaks"
#: a namespace, a dot, words in kebab case
CODE = re.compile(r"[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*")

# ---------------------------------------------------------------------------------------------
# The table, the docs and the code that makes warnings


def test_codes_are_namespaced_kebab_case_with_a_one_line_meaning() -> None:
    for code, meaning in WARNING_CODES.items():
        assert CODE.fullmatch(code), code
        assert meaning and "\n" not in meaning and meaning == meaning.strip(), code


def documented_codes() -> dict[str, str]:
    """The table of docs/input-checks.md, section "Warning codes": code -> meaning."""
    text = (ROOT / "docs" / "input-checks.md").read_text(encoding="utf-8")
    section = text.split("## Warning codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| (.+) \|$", section, re.MULTILINE)
    return dict(rows)


def test_the_docs_list_every_code_with_its_meaning() -> None:
    table = "\n".join(f"| `{code}` | {meaning} |" for code, meaning in WARNING_CODES.items())
    assert documented_codes() == WARNING_CODES, f"docs/input-checks.md should have:\n{table}"


#: where a Diagnostic takes its code from the warning it reports: the TRF reader's
#: ``Problem.report`` (each warning ``Problem(..., warning=True, code=...)`` is walked instead)
DELEGATED = ("self.code",)


def _is_warning_problem(node: ast.Call) -> bool:
    return getattr(node.func, "id", None) == "Problem" and any(
        keyword.arg == "warning" for keyword in node.keywords
    )


@cache
def diagnostic_calls() -> tuple[tuple[str, ast.Call], ...]:
    """Every ``Diagnostic(...)`` and ``Diagnostic.told(...)`` call of the library, and every
    warning ``Problem(...)`` of the TRF reader (whose report makes the Diagnostic), with its
    place."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            diagnostic = getattr(node.func, "id", None) == "Diagnostic" or (
                isinstance(node.func, ast.Attribute)
                and getattr(node.func.value, "id", None) == "Diagnostic"
                and node.func.attr == "told"
            )
            if diagnostic and any(
                keyword.arg == "code" and ast.unparse(keyword.value) in DELEGATED
                for keyword in node.keywords
            ):
                continue
            if diagnostic or _is_warning_problem(node):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return tuple(found)


def written_code(call: ast.Call) -> str | None:
    """The ``code=`` of a call when it is written there as text (None otherwise)."""
    for keyword in call.keywords:
        if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return None


def test_every_warning_made_names_a_documented_code() -> None:
    calls = list(diagnostic_calls())
    assert len(calls) >= 40  # every place that warns (none is missed by the walk)
    for place, call in calls:
        code = written_code(call)
        assert code in WARNING_CODES, f"{place}: code={code!r} is not in WARNING_CODES"


def test_every_documented_code_is_made_somewhere() -> None:
    made = {written_code(call) for _, call in diagnostic_calls()}
    assert set(WARNING_CODES) - made == set()


def test_a_warning_cannot_be_made_without_a_code() -> None:
    with pytest.raises(TypeError, match="code"):
        Diagnostic("a warning")  # type: ignore[call-arg]


def corpus() -> Iterator[tuple[str, bytes]]:
    """Every tournament file of the repository: examples, test data, fuzz seeds and
    regressions (rating lists aside)."""
    folders = [SOURCE / "examples", ROOT / "tests", ROOT / "fuzz" / "seeds", ROOT / "fuzz"]
    seen: set[Path] = set()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            suffix = path.suffix.lower()
            if suffix not in (".trf", ".txt", ".json", ".pgn", ".csv") or path in seen:
                continue
            if "ratings" in path.parts or "dictionaries" in path.parts or not path.is_file():
                continue
            seen.add(path)
            yield str(path.relative_to(ROOT)), path.read_bytes()


def test_every_warning_of_every_corpus_file_has_a_documented_code() -> None:
    found: set[str] = set()
    for name, data in corpus():
        try:
            tournament = read_data(data, name)
            warnings = compute_standings(tournament).warnings
        except TiebreaksError:
            continue
        for warning in warnings:
            assert warning.code in WARNING_CODES, f"{name}: {warning}"
            found.add(warning.code)
    assert found  # the corpus has warnings (the test can fail)


# ---------------------------------------------------------------------------------------------
# Machine outputs: a TRF whose points column says 2.5 for Anna, whose results add up to 2.0


def player_line(number: int, name: str, points: str, rounds: list[str]) -> str:
    """A TRF-16 ``001`` record: start number 5-8, name 15-47, points 81-84, rounds from 92."""
    head = f"001 {number:>4} m    {name:<33} 2000 NOR {'':>11} 1990/01/01 {points:>4} {'':>4}  "
    return (head + "  ".join(rounds)).rstrip()


#: round 1: 1-3 1-0, 2-4 draw; round 2: 4-1 0-1, 3-2 0-1; Anna's 2.0 written as 2.5 (line 3)
POINTS_DIFFER = (
    "\n".join(
        [
            "012 Checks",
            "XXR 2",
            player_line(1, "Anna", "2.5", ["   3 w 1", "   4 b 1"]),
            player_line(2, "Bert", "1.5", ["   4 w =", "   3 b 1"]),
            player_line(3, "Cleo", "0.0", ["   1 b 0", "   2 w 0"]),
            player_line(4, "Dirk", "0.5", ["   2 b =", "   1 w 0"]),
        ]
    )
    + "\n"
)
EXPECTED = {
    "code": "consistency.points-differ",
    "message": "player 1 (Anna): the points column says 2.5 but the results add up to 2.0",
    "file": "t.trf",
    "line": 3,
    "column": 81,
}


def test_json_standings_list_each_warning_with_its_code() -> None:
    standings = compute_standings(read_trf_text(POINTS_DIFFER, "t.trf"))
    (warning,) = standings.warnings
    assert warning.code == EXPECTED["code"]
    document = json.loads(standings_json(standings))
    assert document["warning_details"] == [EXPECTED]
    assert document["warnings"] == ["t.trf:3:81: " + str(EXPECTED["message"])]  # as before
    assert standings_to_data(standings)["warning_details"] == [EXPECTED]


def test_text_output_shows_no_code() -> None:
    standings = compute_standings(read_trf_text(POINTS_DIFFER, "t.trf"))
    assert "consistency." not in standings_text(standings)


def test_the_command_lines_json_carries_the_code(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(POINTS_DIFFER, encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    start = result.stdout.index("{")
    (detail,) = json.loads(result.stdout[start:])["warning_details"]
    assert detail == {**EXPECTED, "file": str(path)}


def test_a_batch_line_counts_the_warnings_by_code(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(POINTS_DIFFER, encoding="utf-8")
    result = process_file(Task(str(path)), BatchOptions())
    assert result["status"] == "ok"
    assert result["warnings"] == 1
    assert result["warning_codes"] == {"consistency.points-differ": 1}
    assert json.loads(json.dumps(result))["warning_codes"] == result["warning_codes"]


def test_a_batch_line_without_warnings_has_no_codes(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(POINTS_DIFFER.replace(" 2.5 ", " 2.0 "), encoding="utf-8")
    result = process_file(Task(str(path)), BatchOptions())
    assert (result["warnings"], result["warning_codes"]) == (0, {})


# ---------------------------------------------------------------------------------------------
# Warnings about one tie-break name it as data (the web reads it, not the sentence)


def test_a_swiss_tiebreak_in_a_round_robin_names_its_code_and_tiebreak() -> None:
    tournament = read_data((SOURCE / "examples" / "held-round-robin-6.trf").read_bytes(), "rr")
    standings = compute_standings(tournament, "PTS,BH/C1,SB")
    (warning,) = (w for w in standings.warnings if w.code.startswith("standings."))
    assert (warning.code, warning.subject) == ("standings.swiss-only-tiebreak", "BH/C1")
    assert warning.data()["code"] == "standings.swiss-only-tiebreak"
