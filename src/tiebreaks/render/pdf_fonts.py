"""The fonts of the PDF: DejaVu Sans Condensed where the system has it (Latin with every
diacritic, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic letters), else the Bitstream
Vera that ReportLab ships (Latin-1 only: other letters print as a box). Letters that font
lacks (Chinese, Japanese ...) are printed in a fallback font when the system has one (Debian:
``fonts-droid-fallback`` or ``fonts-wqy-zenhei``), else as a box.

Debian and Ubuntu install DejaVu with ``fonts-dejavu-core`` (a dependency of most desktops and
of WeasyPrint's Pango); Fedora, Arch and macOS (Homebrew) keep it in the folders below. The
fonts are embedded as subsets: the PDF shows the same everywhere.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

#: where DejaVu is installed on the usual systems
FONT_FOLDERS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu-sans-fonts"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
    Path("/opt/homebrew/share/fonts"),
    Path.home() / "Library" / "Fonts",
    Path.home() / ".local" / "share" / "fonts",
)
#: (regular, bold) file names, best first
FONT_FILES = (
    ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
)
#: fonts with the Chinese, Japanese and Korean letters (TrueType outlines: ReportLab embeds
#: no CFF font), best first; a collection (.ttc) is read at its first font
FALLBACK_FILES = (
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    Path("/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc"),
)
#: the names the document uses
REGULAR, BOLD, FALLBACK = "TiebreaksSans", "TiebreaksSans-Bold", "TiebreaksFallback"


def _found() -> tuple[Path, Path] | None:
    for folder in FONT_FOLDERS:
        for regular, bold in FONT_FILES:
            if (folder / regular).is_file() and (folder / bold).is_file():
                return folder / regular, folder / bold
    return None


@cache
def register_fonts() -> tuple[str, str]:
    """Register the regular and bold fonts once; their names."""
    found = _found()
    if found is None:
        bundled = Path(rl_config.__file__).resolve().parent / "fonts"
        found = bundled / "Vera.ttf", bundled / "VeraBd.ttf"
    pdfmetrics.registerFont(TTFont(REGULAR, str(found[0])))
    pdfmetrics.registerFont(TTFont(BOLD, str(found[1])))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
    return REGULAR, BOLD


@cache
def fallback_font() -> frozenset[int]:
    """Register the fallback font once (when the system has one): the characters it has
    that the regular font lacks (empty without a fallback font)."""
    regular = pdfmetrics.getFont(register_fonts()[0]).face.charToGlyph
    for path in FALLBACK_FILES:
        if path.is_file():
            font = TTFont(FALLBACK, str(path), subfontIndex=0)
            pdfmetrics.registerFont(font)
            return frozenset(set(font.face.charToGlyph) - set(regular))
    return frozenset()


def font_runs(text: str) -> list[tuple[bool, str]]:
    """``text`` in runs: (True, run) for the characters printed in the fallback font,
    (False, run) for the others."""
    extra = fallback_font()
    runs: list[tuple[bool, str]] = []
    for char in text:
        other = ord(char) in extra
        if runs and runs[-1][0] == other:
            runs[-1] = (other, runs[-1][1] + char)
        else:
            runs.append((other, char))
    return runs


def needs_fallback(text: str) -> bool:
    """True when part of ``text`` is printed in the fallback font."""
    if text.isascii():
        return False
    extra = fallback_font()
    return any(ord(char) in extra for char in text)
