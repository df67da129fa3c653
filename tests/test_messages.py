"""Issue 15: the library speaks of its parameters, the command line of its options.

An error or warning of the library that names a parameter says ``after_round=12 ...`` or
"choose another round with after_round"; the command line shows the same message with its
option (``--after-round 12 ...``, "... with --after-round"). Every expected message below is
written by hand from that rule and the input (held-swiss-16 has 5 rounds).
"""

from __future__ import annotations

import ast
import pickle
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import (
    Diagnostic,
    ParameterError,
    ParameterHint,
    Tournament,
    UsageError,
    compute_standings,
    example_path,
    read_tournament,
)
from tiebreaks.cli.common import EXIT_USAGE, OPTIONS
from tiebreaks.cli.main import main
from tiebreaks.model.rating_lists import apply_rating_order

SWISS = example_path("held-swiss-16.trf")
TEAM = example_path("held-team-14.trf")
SOURCE = Path(tiebreaks.__file__).parent
#: the front ends: their own words are theirs (the web has its own helper)
FRONT_ENDS = ("cli", "web", "__main__.py")
#: an option of a command line: two dashes and a letter, not inside a word
OPTION = re.compile(r"(?<![\w-])--[a-z]")
#: the calls whose texts are messages
MESSAGE_CALLS = ("Diagnostic", "ParameterHint")


def library_modules() -> Iterator[Path]:
    """Every module of the library but the front ends."""
    for path in sorted(SOURCE.rglob("*.py")):
        if path.relative_to(SOURCE).parts[0] not in FRONT_ENDS:
            yield path


def message_texts(path: Path) -> Iterator[tuple[int, str]]:
    """The string pieces given to an error, a warning or a hint in a module (f-strings
    included), with their line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
        if not (name.endswith("Error") or name in MESSAGE_CALLS):
            continue
        for argument in (*node.args, *(keyword.value for keyword in node.keywords)):
            for piece in ast.walk(argument):
                if isinstance(piece, ast.Constant) and isinstance(piece.value, str):
                    yield piece.lineno, piece.value


def test_the_scan_sees_the_messages() -> None:
    """The scan below finds the texts it must look at (else it could not fail)."""
    texts = [text for path in library_modules() for _, text in message_texts(path)]
    assert any("is outside 0.." in text for text in texts)
    assert any("choose another round with {}" in text for text in texts)
    assert [text for text in ("--x", "a --b", "x-y", "a--b") if OPTION.search(text)] == [
        "--x",
        "a --b",
    ]


def strings_outside_docstrings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string constant of a module but its docstrings: messages are often built from
    module constants (advice, hints), which the call scan above does not see."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, documented)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docstrings:
            continue
        if isinstance(node.value, str):
            yield node.lineno, node.value


def test_no_library_text_names_an_option() -> None:
    """Not only the texts given to errors: no string of the library names an option."""
    found = [
        f"{path.relative_to(SOURCE)}:{line}: {text!r}"
        for path in library_modules()
        for line, text in strings_outside_docstrings(path)
        if OPTION.search(text)
    ]
    assert not found, "\n".join(found)


def test_no_library_message_names_an_option() -> None:
    found = [
        f"{path.relative_to(SOURCE)}:{line}: {text!r}"
        for path in library_modules()
        for line, text in message_texts(path)
        if OPTION.search(text)
    ]
    assert not found, "\n".join(found)


@cache
def swiss() -> Tournament:
    return read_tournament(SWISS)


def written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def swiss_text(old: str = "", new: str = "") -> str:
    return SWISS.read_text(encoding="utf-8").replace(old, new) if old else SWISS.read_text("utf-8")


def unrated_swiss(tmp_path: Path) -> Path:
    """The Swiss with player 1 unrated (the rating columns 49-52 of its line blanked)."""
    lines = swiss_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[index] = lines[index][:48] + "    " + lines[index][52:]
    return written(tmp_path, "unrated.trf", "\n".join(lines) + "\n")


# --- errors: the library's words, then the command line's ------------------------------------


@pytest.mark.parametrize(
    ("call", "parameter", "value", "message"),
    [
        (
            lambda: compute_standings(swiss(), after_round=12),
            "after_round",
            12,
            "after_round=12 is outside 0..5 (the tournament's rounds)",
        ),
        (
            lambda: compute_standings(swiss(), after_round=-1),
            "after_round",
            -1,
            "after_round=-1 is outside 0..5 (the tournament's rounds)",
        ),
        (
            lambda: compute_standings(swiss(), unrated_rating=-5),
            "unrated_rating",
            -5,
            "unrated_rating=-5 is below 0: a rating is a whole number from 0",
        ),
        (
            lambda: compute_standings(swiss(), primary="MP"),
            "primary",
            "MP",
            "primary='MP' applies to team tournaments only",
        ),
        (
            lambda: compute_standings(read_tournament(TEAM), primary="XP"),
            "primary",
            "XP",
            "primary='XP' is neither MP nor GP",
        ),
    ],
)
def test_parameter_errors_name_the_parameter(
    call: Callable[[], object], parameter: str, value: object, message: str
) -> None:
    with pytest.raises(ParameterError) as caught:
        call()
    assert (caught.value.parameter, caught.value.value) == (parameter, value)
    assert str(caught.value) == message


def test_a_parameter_error_survives_pickling() -> None:
    """Batch workers send errors between processes."""
    error = ParameterError("after_round", 12, "is outside 0..5 (the tournament's rounds)")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.parameter, copy.value, copy.reason, str(copy)) == (
        "after_round",
        12,
        "is outside 0..5 (the tournament's rounds)",
        str(error),
    )
    hinted = UsageError("no list", ParameterHint("tiebreaks", "give one with {}"))
    assert str(pickle.loads(pickle.dumps(hinted))) == "no list; give one with tiebreaks"


def test_worded_errors_and_warnings() -> None:
    names = {"after_round": "--after-round", "tiebreaks": "the list field"}
    error = ParameterError("after_round", 12, "is outside 0..5")
    assert error.worded(names) == "--after-round 12 is outside 0..5"
    assert error.worded({}) == str(error) == "after_round=12 is outside 0..5"
    hinted = UsageError("no list", ParameterHint("tiebreaks", "give one with {}"))
    assert hinted.worded(names) == "no list; give one with the list field"
    assert UsageError("plain").worded(names) == "plain"
    hint = ParameterHint("after_round", "choose another round with {}")
    warning = Diagnostic(
        "standings after round 5", hint=hint, code="standings.rounds-without-results"
    )
    assert (
        warning.worded(names) == "standings after round 5; choose another round with --after-round"
    )
    assert str(warning) == "standings after round 5; choose another round with after_round"


def test_file_list_error_names_the_tiebreaks_parameter(tmp_path: Path) -> None:
    path = written(tmp_path, "bad-202.trf", swiss_text("XXR 5\n", "XXR 5\n202 SB,XYZ\n"))
    with pytest.raises(UsageError) as caught:
        compute_standings(read_tournament(path))
    text = str(caught.value)
    assert text.startswith("the file's tie-break list (record 202) cannot be used: ")
    assert "'XYZ'" in text
    assert text.endswith("; give the list with tiebreaks")


def test_unknown_rating_list_names_the_table_parameter() -> None:
    with pytest.raises(UsageError) as caught:
        apply_rating_order(swiss(), ["DWZ"])
    assert str(caught.value) == (
        "unknown rating list 'DWZ' in the rating order; known: FIDE, NATIONAL, HIGHER, LOWER; "
        "other lists come from a rating CSV given with table"
    )


def test_unrated_rating_error_names_the_parameter(tmp_path: Path) -> None:
    """A rating tie-break computed directly (not through the standings, which drop it)."""
    from tiebreaks.engine.context import build_context
    from tiebreaks.engine.families.ratings import participant_ratings
    from tiebreaks.engine.spec import parse_spec
    from tiebreaks.model.rules import FIDE_2026

    context = build_context(read_tournament(unrated_swiss(tmp_path)), FIDE_2026, None, None)
    with pytest.raises(UsageError) as caught:
        participant_ratings(context, parse_spec("ARO"))
    assert str(caught.value).endswith(
        ": use ARO/U<rating> (e.g. ARO/U1400); or set one for every tie-break with unrated_rating"
    )
    assert caught.value.worded(OPTIONS).endswith("with --unrated-rating")


# --- warnings ---------------------------------------------------------------------------------


def test_warnings_name_the_parameter(tmp_path: Path) -> None:
    running = compute_standings(
        read_tournament(written(tmp_path, "r.trf", swiss_text("XXR 5", "XXR 9")))
    )
    unrated = compute_standings(read_tournament(unrated_swiss(tmp_path)), "PTS,ARO,SB")
    notes = [str(w) for w in (*running.warnings, *unrated.warnings)]
    assert (
        "the tournament has 9 rounds but no result after round 5: standings after round 5; "
        "choose another round with after_round"
    ) in notes
    assert (
        "ARO dropped: unrated players take part and no rating for them is set (C.07 Art. 10); "
        "set one with unrated_rating or /U<rating>"
    ) in notes


# --- the command line ---------------------------------------------------------------------------


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--after-round", "12"],
            "error: --after-round 12 is outside 0..5 (the tournament's rounds)\n",
        ),
        (["--primary", "MP"], "error: --primary MP applies to team tournaments only\n"),
        (
            ["--rating-order", "DWZ"],
            "error: unknown rating list 'DWZ' in the rating order; known: FIDE, NATIONAL, "
            "HIGHER, LOWER; other lists come from a rating CSV given with --ratings\n",
        ),
    ],
)
def test_cli_errors_name_the_options(args: list[str], message: str) -> None:
    for command in (["standings"], ["explain"], ["compare", "-t", "PTS", "-t", "PTS,SB"]):
        extra = ["1"] if command == ["explain"] else []
        code, stderr = cli(command[0], str(SWISS), *extra, *command[1:], *args)
        assert (code, stderr) == (EXIT_USAGE, message), command


def test_cli_file_list_error_names_the_option(tmp_path: Path) -> None:
    path = written(tmp_path, "bad-202.trf", swiss_text("XXR 5\n", "XXR 5\n202 SB,XYZ\n"))
    code, stderr = cli("standings", str(path))
    assert code == EXIT_USAGE
    assert stderr.startswith("error: the file's tie-break list (record 202) cannot be used: ")
    assert stderr.endswith("; give the list with --tiebreaks\n")


def test_cli_warnings_name_the_options(tmp_path: Path) -> None:
    running = written(tmp_path, "running.trf", swiss_text("XXR 5", "XXR 9"))
    code, stderr = cli("standings", str(running))
    assert code == 0
    assert (
        "warning: the tournament has 9 rounds but no result after round 5: standings after "
        "round 5; choose another round with --after-round\n"
    ) in stderr
    unrated = str(unrated_swiss(tmp_path))
    for args in (
        ["standings", unrated, "-t", "PTS,ARO"],
        ["compare", unrated, "-t", "PTS,ARO", "-t", "PTS,ARO,SB"],
    ):
        code, stderr = cli(*args)
        assert code == 0
        assert (
            "warning: ARO dropped: unrated players take part and no rating for them is set "
            "(C.07 Art. 10); set one with --unrated-rating or /U<rating>\n"
        ) in stderr, args


def test_input_errors_travel_between_processes() -> None:
    """A worker process sends errors back pickled: an InputError keeps its three parts."""
    import pickle

    from tiebreaks.errors import InputError, Location

    error = InputError(Location("f.trf", 7, 14), "0xE9", "UTF-8")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.location, copy.text, copy.expected) == (error.location, "0xE9", "UTF-8")
    assert str(copy) == "f.trf:7:14: found '0xE9', expected UTF-8"
