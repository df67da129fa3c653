"""The fonts of the PDF: DejaVu Sans Condensed where the system has it (Latin with every
diacritic, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic letters), else the Bitstream
Vera that ReportLab ships (Latin-1 only: other letters print as a box).

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
#: the names the document uses
REGULAR, BOLD = "TiebreaksSans", "TiebreaksSans-Bold"


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
