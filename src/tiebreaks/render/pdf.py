"""The standings as a PDF (``--format pdf``): the HTML page printed by WeasyPrint.

The page is rendered in print mode: every explanation open, the explanations starting on a
new page, A4 (landscape when the tables are wide, see
:data:`tiebreaks.render.html.LANDSCAPE_COLUMNS`) with page numbers. WeasyPrint is an optional
dependency (``pip install tiebreaks[pdf]``); without it a UsageError says how to install it.
"""

from __future__ import annotations

from ..errors import UsageError
from ..standings import Standings
from .html import render_page


def standings_pdf(standings: Standings, lang: str = "en") -> bytes:
    """The standings as PDF bytes in ``lang`` (en, de, it, fr, es)."""
    page = render_page(standings, lang, print_mode=True)
    try:
        from weasyprint import HTML  # type: ignore[import-untyped]  # noqa: PLC0415 (optional: pdf)
    except ImportError:
        raise UsageError("PDF output needs WeasyPrint: pip install 'tiebreaks[pdf]'") from None
    document: bytes = HTML(string=page, base_url=None).write_pdf()
    return document
