"""Issue 15: invisible characters in names (right-to-left marks, zero-width characters, the
byte order mark, tags ...) are treated as the bidirectional controls are: replaced by U+FFFD
in every readable output (text, CSV, HTML, PDF page, explanations, terminal messages), so that
nothing invisible reorders or hides a name, and a CSV cell whose first visible character is
a formula sign gets the leading ``'``. Joiners inside a word and variation selectors after a
character stay (Persian, Indic, Japanese names, emoji).

Every expected text is written by hand from the rule of :mod:`tiebreaks.render.safe_text`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from tiebreaks import Standings, compute_standings
from tiebreaks.batch import BatchResult, summary_csv
from tiebreaks.cli.main import main
from tiebreaks.model.text import shown_name, shown_text
from tiebreaks.render import standings_csv, standings_text
from tiebreaks.render.csv import spreadsheet_safe
from tiebreaks.render.explain import placing_text
from tiebreaks.render.html import render_page, standings_html
from tiebreaks.services.explain import explain_participant, find_participant

from .test_injection import csv_rows, held_swiss, renamed

#: the default-ignorable code points of Unicode 15 (DerivedCoreProperties.txt), by hand
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: characters that stay in some places: the joiners, and the selectors after a character
JOINERS = "\u200c\u200d"
SELECTORS = "\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f" + "".join(map(chr, range(0xFE00, 0xFE10)))


def invisible_characters() -> list[str]:
    """Every format character (category Cf) of the running Unicode data and every
    default-ignorable code point, plus the line and paragraph separators."""
    found = {chr(code) for low, high in DEFAULT_IGNORABLE for code in range(low, high + 1)}
    found |= {chr(code) for code in range(0x110000) if unicodedata.category(chr(code)) == "Cf"}
    return sorted(found | {"\u2028", "\u2029"})


def test_every_invisible_character_is_replaced_at_the_start_of_a_name() -> None:
    """At the start (and alone, and after a space) nothing is attached to a visible
    character: every one of them is replaced."""
    kept = [
        f"U+{ord(char):04X}"
        for char in invisible_characters()
        if shown_name(char + "x") != "\ufffdx"
        or shown_name(char) != "\ufffd"
        or shown_name("a " + char) != "a \ufffd"
        or shown_text(char + "x") != "\ufffdx"
    ]
    assert not kept


def test_inside_a_word_only_joiners_and_selectors_stay() -> None:
    kept = {char for char in invisible_characters() if shown_name(f"a{char}b") == f"a{char}b"}
    assert kept == set(JOINERS + SELECTORS) | {chr(c) for c in range(0xE0100, 0xE01F0)}
    replaced = [char for char in invisible_characters() if char not in kept]
    assert all(shown_name(f"a{char}b") == "a\ufffdb" for char in replaced)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        # bidirectional marks: like the embeddings and isolates
        ("Alyx\u200f 2200", "Alyx\ufffd 2200"),
        ("\u200eBruno", "\ufffdBruno"),
        ("\u061cDavid", "\ufffdDavid"),
        # zero width, word joiner, invisible operators, byte order mark, Mongolian vowel sep.
        ("Al\u200byx", "Al\ufffdyx"),
        ("Al\u2060yx\u2062", "Al\ufffdyx\ufffd"),
        ("\ufeffOpal", "\ufffdOpal"),
        ("Op\u180eal", "Op\ufffdal"),
        # soft hyphen, tag characters, a Hangul filler (a name that looks empty)
        ("Anne\u00adMarie", "Anne\ufffdMarie"),
        ("Paul\U000e0041\U000e007f", "Paul\ufffd\ufffd"),
        ("\u3164", "\ufffd"),
        # a name of invisible characters only: each one shown
        ("\u200b\u200d\u200c", "\ufffd\ufffd\ufffd"),
        ("\ufe0f", "\ufffd"),
        # joiners: kept between two visible characters only
        ("\u200dAlyx", "\ufffdAlyx"),
        ("Alyx\u200d", "Alyx\ufffd"),
        ("Al \u200cyx", "Al \ufffdyx"),
        ("Al\u200d\u200dyx", "Al\ufffd\ufffdyx"),
        ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", None),  # Persian, ZWNJ
        ("\u0915\u094d\u200d\u0937", None),  # Devanagari conjunct after a virama, ZWJ
        ("\u2764\ufe0f\u200d\U0001f525", None),  # an emoji sequence
        ("\u845b\U000e0100\u98fe", None),  # a Japanese name variant (ideographic selector)
        ("\u845b \U000e0100", "\u845b \ufffd"),  # a selector after a space selects nothing
    ],
)
def test_shown_name(name: str, shown: str | None) -> None:
    assert shown_name(name) == (name if shown is None else shown)
    assert shown_text(name) == shown_name(name)


#: hostile names with the CSV cell each must become (by hand: each invisible character
#: replaced by U+FFFD, then ``'`` before a cell whose first visible character is = + - @)
CSV_CELLS = {
    1: ("\u200f=cmd|' /C calc'!A0", "'\ufffd=cmd|' /C calc'!A0"),
    2: ("\u200b@SUM(1)", "'\ufffd@SUM(1)"),
    3: ("\u200e+1+2", "'\ufffd+1+2"),
    4: ("\u061c-2+3", "'\ufffd-2+3"),
    5: ("\ufeff=1", "'\ufffd=1"),
    6: (" \u2060=1", "' \ufffd=1"),
    7: ("\u00ad\u200d=1", "'\ufffd\ufffd=1"),
    8: ("\U000e0041@A1", "'\ufffd@A1"),
    9: ("\ufe0f\uff1d1", "'\ufffd\uff1d1"),
    10: ("\u200b-5", "'\ufffd-5"),
    11: ("-5", "-5"),  # a number stays a number
    12: ("\u200fAlyx", "\ufffdAlyx"),  # no formula: nothing added
    13: ("\x1b=1", "'\ufffd=1"),
}


@pytest.mark.parametrize(("number", "cell"), CSV_CELLS.items())
def test_spreadsheet_safe_looks_past_invisible_characters(
    number: int, cell: tuple[str, str]
) -> None:
    name, expected = cell
    assert spreadsheet_safe(shown_name(name)) == expected, number


def test_spreadsheet_safe_on_the_raw_text() -> None:
    """A caller that did not neutralise first is protected too."""
    assert spreadsheet_safe("\u200f=cmd") == "'\u200f=cmd"
    assert spreadsheet_safe("\u2060 @SUM(1)") == "'\u2060 @SUM(1)"
    assert spreadsheet_safe("\ufffd-1") == "'\ufffd-1"
    assert spreadsheet_safe("Alyx\u200f=1") == "Alyx\u200f=1"


@cache
def hostile() -> Standings:
    names = {number: name for number, (name, _) in CSV_CELLS.items()}
    return compute_standings(renamed(held_swiss(), names), "PTS,SB")


def test_standings_csv_neutralises_names_with_invisible_characters() -> None:
    rows = csv_rows(standings_csv(hostile()))
    cells = {int(row[1]): row[2] for row in rows[1:]}
    assert {number: cells[number] for number in CSV_CELLS} == {
        number: expected for number, (_, expected) in CSV_CELLS.items()
    }


def test_batch_summary_csv_neutralises_invisible_starts() -> None:
    results: list[BatchResult] = [
        {"path": "\u200f=cmd.trf", "status": "ok", "participants": 16, "elapsed_ms": 3.5},
        {"path": "x.trf", "status": "error", "error": "\u200b@SUM(1)", "elapsed_ms": 1},
    ]
    header, *rows = csv_rows(summary_csv(results))
    by_status = {row[header.index("status")]: row for row in rows}
    assert by_status["ok"][header.index("path")] == "'\ufffd=cmd.trf"
    assert by_status["error"][header.index("error")] == "'\ufffd@SUM(1)"


#: names as every readable output shows them (by hand)
SHOWN = {
    2: "\ufffd@SUM(1)",
    5: "\ufffd=1",
    7: "\ufffd\ufffd=1",
    12: "\ufffdAlyx",
}
INVISIBLE_IN_OUTPUT = "\u200b\u200c\u200d\u200e\u200f\u061c\u2060\ufeff\u00ad\U000e0041\ufe0f\x1b"


def readable_outputs() -> dict[str, str]:
    standings = hostile()
    placing = explain_participant(standings, find_participant(standings, "12"))
    return {
        "text": standings_text(standings),
        "html": standings_html(standings),
        "pdf page": render_page(standings, "de", print_mode=True),
        "explain": placing_text(standings, placing),
    }


def test_no_invisible_character_reaches_a_readable_output() -> None:
    for kind, output in readable_outputs().items():
        found = [f"U+{ord(char):04X}" for char in INVISIBLE_IN_OUTPUT if char in output]
        assert not found, (kind, found)
        if kind != "explain":
            for name in SHOWN.values():
                assert name in output, (kind, name)
    assert "#12 \ufffdAlyx" in readable_outputs()["explain"]


def test_names_that_use_joiners_keep_them_everywhere() -> None:
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    indic = "\u0915\u094d\u200d\u0937"
    standings = compute_standings(renamed(held_swiss(), {2: persian, 3: indic}), "PTS")
    text = standings_text(standings)
    assert "\u2068" + persian + "\u2069" in text  # isolated: it is right to left
    assert indic in text
    cells = {row[1]: row[2] for row in csv_rows(standings_csv(standings))}
    assert (cells["2"], cells["3"]) == (persian, indic)
    page = standings_html(standings)
    assert persian in page and indic in page


def test_terminal_messages_neutralise_invisible_characters(tmp_path: Path) -> None:
    """A warning that quotes a name (player 1's stated points made wrong)."""
    from tiebreaks import example_path

    lines = example_path("held-swiss-16.trf").read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    name = "\u200f=Alyx\u2060"
    line = lines[index]
    lines[index] = line[:14] + f"{name:<33}" + line[47:80] + " 9.0" + line[84:]
    path = tmp_path / "invisible.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(path)])
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if "points column" in line]
    assert "\ufffd=Alyx\ufffd" in warnings[0]
    assert "\u200f" not in result.stderr and "\u2060" not in result.stderr


def is_invisible(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Cs") or char in SELECTORS


@given(st.text(alphabet=st.characters(codec=None), max_size=20))
def test_shown_names_never_start_with_or_hide_behind_invisible_characters(name: str) -> None:
    """Whatever the name: neutralising again changes nothing; nothing invisible starts a
    name; a joiner left has a visible character on each side, a selector one before it."""
    shown = shown_name(name)
    assert shown_name(shown) == shown
    assert shown_text(shown) == shown
    for position, char in enumerate(shown):
        if not is_invisible(char):
            continue
        before = shown[position - 1] if position else " "
        after = shown[position + 1] if position + 1 < len(shown) else " "
        assert char in JOINERS + SELECTORS or "\U000e0100" <= char <= "\U000e01ef", repr(shown)
        assert position > 0 and not before.isspace() and before != "\ufffd", repr(shown)
        if char in JOINERS:
            assert not after.isspace() and not is_invisible(after), repr(shown)


@given(
    st.lists(
        st.sampled_from(["a", " ", "=", "-", "@", "1", *INVISIBLE_IN_OUTPUT, "\u200d"]),
        max_size=8,
    )
)
def test_a_formula_sign_first_among_visible_characters_is_neutralised(chars: list[str]) -> None:
    cell = spreadsheet_safe(shown_name("".join(chars)))
    visible = [c for c in cell if not (c.isspace() or is_invisible(c) or c == "\ufffd")]
    if visible and visible[0] in "=+-@" and not re.fullmatch("-?1+", cell):
        assert cell.startswith("'"), repr(cell)
