"""Right-to-left text (Hebrew, Arabic ...) in the PDF's visual order.

ReportLab draws a string's characters left to right as they are stored, so a Hebrew name came
out with its letters reversed and an Arabic one with its letters unjoined. :func:`visual` gives
the string to draw instead: the Arabic letters in their joined forms (arabic-reshaper: the
presentation forms DejaVu Sans has, for every way the PDF draws text - table cells, paragraphs,
the explanations' text blocks and the page header; ReportLab's own shaping needs uharfbuzz and
reaches only its paragraphs) and the characters in display order by the Unicode bidirectional
algorithm (python-bidi). python-bidi resolves the levels and orders the characters but does not
mirror (rule L4 of UAX #9): a bracket in a right-to-left run is replaced here by its mirror, so
"(2100)" after a Hebrew name still reads "(2100)". Text without a right-to-left character is
returned as it is (almost every string of an event, at no cost).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Literal

from arabic_reshaper import ArabicReshaper
from arabic_reshaper.ligatures import LIGATURES
from bidi import get_base_level, get_display
from bidi.mirror import MIRRORED
from reportlab.pdfbase import pdfmetrics

from .pdf_fonts import register_fonts
from .safe_text import FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE, is_right_to_left

#: a level in python-bidi's description of its result
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


@cache
def _reshaper() -> ArabicReshaper:
    """The Arabic shaper, with only the ligatures whose glyphs the regular font has (DejaVu
    Sans has lam-alef but not, for one, the word ligature of "Allah")."""
    glyphs = pdfmetrics.getFont(register_fonts()[0]).face.charToGlyph
    configuration = {
        name: all(ord(form) in glyphs for form in forms[1] if form) for name, forms in LIGATURES
    }
    return ArabicReshaper(configuration=configuration)


@lru_cache(maxsize=16384)
def visual(text: str, base: Literal["L", "R"] | None = None) -> str:
    """``text`` as the PDF draws it: Arabic joined, characters in display order, brackets of
    right-to-left runs mirrored. ``base`` is the paragraph direction: "L" for a sentence of
    the (left-to-right) document that names someone, None for a name on its own (the
    direction of its first letter)."""
    if not is_right_to_left(text):
        return text if text.isascii() else _drawn(text)
    shaped = str(_reshaper().reshape(text))
    levels = _levels(shaped, base)
    if levels is None:  # not described as expected: ordered, brackets as they are
        return _drawn(str(get_display(shaped, base_dir=base)))
    return _drawn(
        "".join(
            MIRRORED.get(shaped[index], shaped[index]) if levels[index] % 2 else shaped[index]
            for index in _display_order(levels)
        )
    )


def _drawn(text: str) -> str:
    """``text`` without the isolate marks (the content isolates a right-to-left name in a
    sentence: they order, they are not drawn)."""
    return text.replace(FIRST_STRONG_ISOLATE, "").replace(POP_DIRECTIONAL_ISOLATE, "")


def _levels(text: str, base: Literal["L", "R"] | None) -> list[int] | None:
    """The resolved level of each character (python-bidi gives one per UTF-8 byte), with
    trailing white space at the paragraph's level (rule L1); None if they cannot be read."""
    described = str(get_display(text, base_dir=base, debug=True))
    start = described.find("levels:")
    end = described.find("paragraphs:", start)
    byte_levels = [int(level) for level in _LEVEL.findall(described[start:end])]
    levels: list[int] = []
    position = 0
    for char in text:
        if position >= len(byte_levels):
            return None
        levels.append(byte_levels[position])
        position += len(char.encode())
    if start < 0 or position != len(byte_levels):
        return None
    paragraph = {"L": 0, "R": 1}[base] if base else get_base_level(text)
    for index in range(len(text) - 1, -1, -1):  # L1: trailing white space
        if not text[index].isspace():
            break
        levels[index] = paragraph
    return levels


def _display_order(levels: list[int]) -> list[int]:
    """The characters' indices in display order (rule L2: from the highest level down to the
    lowest odd one, every run at that level or higher reversed)."""
    order = list(range(len(levels)))
    lowest_odd = min((level for level in levels if level % 2), default=None)
    if lowest_odd is None:
        return order
    for level in range(max(levels), lowest_odd - 1, -1):
        index = 0
        while index < len(order):
            if levels[order[index]] < level:
                index += 1
                continue
            end = index
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[index:end] = reversed(order[index:end])
            index = end
    return order
