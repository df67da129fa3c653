"""A block of wrapped text for the PDF's explanations, faster than ReportLab's paragraphs.

A PDF with the explanations of a 200-player event has thousands of paragraphs of a few
hundred words; ReportLab's :class:`~reportlab.platypus.Paragraph` measures every word of every
fragment again and parses markup, which made it most of the time. The explanations need
less: a bold start, plain words, a new line where a part begins, breaks between lines. The
words repeat ("Round", "win", "against" ...), so each distinct word is measured once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from .pdf_bidi import visual
from .pdf_fonts import FALLBACK, font_runs, needs_fallback

#: a piece of a line: font and text
Piece = tuple[str, str]
#: a part of a block: (bold, text) runs; each part starts a new line
Part = Sequence[tuple[bool, str]]


@lru_cache(maxsize=65536)
def _pieces(word: str, font: str, size: float) -> tuple[tuple[Piece, ...], float]:
    """A word's pieces (the fallback font for the letters ``font`` lacks) and its width as
    drawn (:func:`visual`: Arabic joined, no isolate marks)."""
    if not needs_fallback(word):
        return ((font, word),), float(stringWidth(visual(word), font, size))
    pieces = tuple((FALLBACK if other else font, run) for other, run in font_runs(word))
    return pieces, sum(float(stringWidth(text, face, size)) for face, text in pieces)


def wrapped(
    parts: Sequence[Part], fonts: tuple[str, str], size: float, width: float
) -> list[list[Piece]]:
    """The lines of ``parts`` at most ``width`` wide (a longer word has a line of its own)."""
    regular, bold = fonts
    space = float(stringWidth(" ", regular, size))
    lines: list[list[Piece]] = []
    for part in parts:
        line: list[Piece] = []
        used = 0.0
        for is_bold, text in part:
            font = bold if is_bold else regular
            for word in text.split():
                pieces, word_width = _pieces(word, font, size)
                if line and used + space + word_width > width:
                    lines.append(line)
                    line, used = [], 0.0
                if line:
                    line.append((regular, " "))
                    used += space
                line.extend(pieces)
                used += word_width
        lines.append(line)
    return [_merged(line) for line in lines]


def _merged(line: list[Piece]) -> list[Piece]:
    """Neighbouring pieces of one font joined (one text operation each), each in display
    order in the document's left-to-right direction (:func:`visual`: a right-to-left name
    in an explanation reads right; the line is wrapped before, as a reader's words go)."""
    merged: list[Piece] = []
    for font, text in line:
        if merged and merged[-1][0] == font:
            merged[-1] = (font, merged[-1][1] + text)
        else:
            merged.append((font, text))
    return [(font, visual(text, "L")) for font, text in merged]


class TextBlock(Flowable):  # type: ignore[misc]  # ReportLab is untyped
    """Wrapped lines with a left indent and space before; splits between any two lines."""

    def __init__(
        self,
        parts: Sequence[Part],
        fonts: tuple[str, str],
        size: float,
        *,
        leading: float,
        indent: float = 0.0,
        space_before: float = 0.0,
        lines: list[list[Piece]] | None = None,
    ) -> None:
        super().__init__()
        self.parts, self.fonts, self.size = parts, fonts, size
        self.leading, self.indent, self.space_before = leading, indent, space_before
        self.lines = lines
        self.wrapped_width = -1.0

    def _lines(self, width: float) -> list[list[Piece]]:
        if self.lines is None or (self.parts and width != self.wrapped_width):
            self.lines = wrapped(self.parts, self.fonts, self.size, width - self.indent)
            self.wrapped_width = width
        return self.lines

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The block's size at ``available_width``."""
        lines = self._lines(available_width)
        self.width, self.height = available_width, len(lines) * self.leading
        return self.width, self.height

    def getSpaceBefore(self) -> float:  # ReportLab's name
        """The space above the block."""
        return self.space_before

    def split(self, available_width: float, available_height: float) -> list[Any]:
        """The lines that fit ``available_height``, and the rest (nothing if none fits)."""
        lines = self._lines(available_width)
        fit = int(available_height // self.leading)
        if fit <= 0 or fit >= len(lines):
            return [] if fit <= 0 else [self]
        return [self._with(lines[:fit], self.space_before), self._with(lines[fit:], 0.0)]

    def _with(self, lines: list[list[Piece]], space_before: float) -> TextBlock:
        return TextBlock(
            (),
            self.fonts,
            self.size,
            leading=self.leading,
            indent=self.indent,
            space_before=space_before,
            lines=lines,
        )

    def draw(self) -> None:
        """Each line, from the top."""
        text = self.canv.beginText()
        baseline = self.height - self.size
        for number, line in enumerate(self.lines or ()):
            text.setTextOrigin(self.indent, baseline - number * self.leading)
            for font, words in line:
                text.setFont(font, self.size)
                text.textOut(words)
        self.canv.drawText(text)
