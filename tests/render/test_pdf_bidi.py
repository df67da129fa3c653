"""Right-to-left names in the PDF: drawn in display order, Arabic joined.

The expected strings are written by hand from the Unicode bidirectional algorithm (UAX #9) and
the Arabic presentation forms: a Hebrew word is drawn with its letters reversed, digits and
Latin inside keep their own order, a bracket of a right-to-left run is mirrored. pypdf reads a
right-to-left run it finds drawn back into logical order, so a name drawn in display order
reads back as written (before, drawn as stored, it read back reversed)."""

from __future__ import annotations

import io
import sys
from typing import Literal

import pytest

pytest.importorskip("reportlab")
pytest.importorskip("bidi")
pytest.importorskip("arabic_reshaper")
from pypdf import PdfReader

from tiebreaks import Standings, UsageError, compute_standings
from tiebreaks.render.pdf import standings_pdf
from tiebreaks.render.pdf_bidi import visual
from tiebreaks.render.pdf_content import isolate_names, pdf_content
from tiebreaks.render.safe_text import isolated_name

from ..builders import Builder
from .test_html import swiss

COHEN = "כהן, דוד"  # "Cohen, David": kaf he final-nun, comma, dalet vav dalet
#: "Muhammad Ali" joined: meem (initial), hah (medial), meem (medial), dal (final); ain
#: (initial), lam (medial), yeh (final)
MUHAMMAD_ALI = "\ufee3\ufea4\ufee4\ufeaa \ufecb\ufee0\ufef2"


@pytest.mark.parametrize(
    ("text", "base", "drawn"),
    [
        ("Smith, John", None, "Smith, John"),
        ("Müller, Jörg", "L", "Müller, Jörg"),
        (COHEN, None, "דוד ,ןהכ"),
        # digits and Latin inside a Hebrew name keep their order; the name reads from the right
        ("לוי 12 (IM)", None, "(IM) 12 יול"),
        # in a left-to-right sentence: the Hebrew run reversed in place, "(2100)" mirrored
        # back into reading order after it
        ("against כהן (2100)", "L", "against (2100) ןהכ"),
        # an isolated name keeps what follows it after it; the isolate marks are not drawn
        (f"1. {isolated_name(COHEN)} #1", "L", "1. דוד ,ןהכ #1"),
        ("1. כהן #1", "L", "1. #1 ןהכ"),  # not isolated: "#1" joins the name's run
        # in an explanation: the isolated name's digits and Latin stay inside it
        (f"against #3 {isolated_name('לוי 12 (IM)')}", "L", "against #3 (IM) 12 יול"),
        ("against #3 לוי 12 (IM)", "L", "against #3 12 יול (IM)"),
        # Arabic: joined forms, in display order (the last letter leftmost)
        ("محمد علي", None, MUHAMMAD_ALI[::-1]),
        # lam-alef is one ligature (U+FEFB, isolated form)
        ("لا", None, "\ufefb"),
    ],
)
def test_visual_order(text: str, base: Literal["L", "R"] | None, drawn: str) -> None:
    assert visual(text, base) == drawn


ISOLATED_LEVI = "\u2068לוי 12 (IM)\u2069"


@pytest.mark.parametrize(
    ("text", "isolated"),
    [
        ("win against #3 לוי 12 (IM), score 1", f"win against #3 {ISOLATED_LEVI}, score 1"),
        ("#3 לוי 12 (IM) · #4 Smith", f"#3 {ISOLATED_LEVI} · #4 Smith"),
        ("#4 לוי 12 (IM)", "#4 לוי 12 (IM)"),  # #4 is not that name: left as it is
        ("against #4 Smith", "against #4 Smith"),
    ],
)
def test_explanations_isolate_the_right_to_left_names_they_give(text: str, isolated: str) -> None:
    assert isolate_names(text, {3: ("לוי 12 (IM)",)}) == isolated


def rtl_event() -> Standings:
    """Four players: a Hebrew, an Arabic, a mixed and a Latin name; a Hebrew event name."""
    builder = Builder(rounds=1)
    builder.player(1, COHEN).player(2, "محمد علي").player(3, "לוי 12 (IM)").player(4, "Smith")
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "=")
    return compute_standings(builder.build("אליפות ישראל 2025"), "PTS")


def drawn_texts(document: bytes) -> list[str]:
    """Every text pypdf reads from the PDF, one per text operation."""
    texts: list[str] = []
    for page in PdfReader(io.BytesIO(document)).pages:
        page.extract_text(visitor_text=lambda text, *_: texts.append(text.strip()))
    return [text for text in texts if text]


def test_hebrew_names_are_drawn_in_display_order() -> None:
    texts = drawn_texts(standings_pdf(rtl_event(), explanations=True))
    assert texts.count(COHEN) >= 2  # the standings and the crosstable
    assert "דוד ,ןהכ" not in texts  # drawn as stored, it reads back reversed
    assert "אליפות ישראל" in texts  # the title


def test_arabic_names_are_joined() -> None:
    text = " ".join(drawn_texts(standings_pdf(rtl_event())))
    assert text.count(MUHAMMAD_ALI) >= 2
    assert "محمد" not in text  # the unjoined letters


def test_mixed_direction_names_keep_their_digits_and_latin_readable() -> None:
    text = " ".join(drawn_texts(standings_pdf(rtl_event())))
    assert "(IM) 12 לוי" in text  # "12" not "21", "(IM)" not ")MI("
    assert "21 לוי" not in text
    assert ")MI(" not in text


def test_explanations_isolate_right_to_left_names_in_heads_and_lines() -> None:
    content = pdf_content(rtl_event(), "en", explanations=True)
    heads = [block.head for block in content.explanations]
    assert any(head.endswith(f". {ISOLATED_LEVI} #3") for head in heads)
    lines = [
        text for block in content.explanations for value in block.values for _, text in value.lines
    ]
    assert any(f"against #3 {ISOLATED_LEVI}" in text for text in lines)


def test_latin_names_are_drawn_as_before() -> None:
    assert "Smith" in drawn_texts(standings_pdf(rtl_event()))


@pytest.mark.parametrize("package", ["bidi", "arabic_reshaper"])
def test_without_the_bidi_packages_the_error_says_how_to_install_them(
    monkeypatch: pytest.MonkeyPatch, package: str
) -> None:
    for name in list(sys.modules):
        if name.startswith((package, "tiebreaks.render.pdf_")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, package, None)
    with pytest.raises(UsageError, match=r"pip install 'tiebreaks\[pdf\]'"):
        standings_pdf(swiss())


def test_isolate_marks_take_no_room_and_are_not_drawn() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tiebreaks.render.pdf_fonts import register_fonts
    from tiebreaks.render.pdf_text import _pieces, wrapped

    regular, bold = register_fonts()
    lines = wrapped([[(False, f"against #3 {ISOLATED_LEVI}, score 1")]], (regular, bold), 10, 500)
    drawn = "".join(text for line in lines for _, text in line)
    assert drawn == "against #3 (IM) 12 יול, score 1"
    # the words are measured as drawn: the mark after "(IM)" adds nothing to the line
    assert _pieces("(IM)\u2069", regular, 10)[1] == stringWidth("(IM)", regular, 10)
