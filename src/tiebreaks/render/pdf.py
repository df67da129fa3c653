"""The standings as a PDF (``--format pdf``), the print an arbiter publishes.

By default the standings and the crosstable (A4, landscape when a table does not fit in
portrait, header rows repeated on every page, no row split across pages, score groups shaded,
the event's name and "page N of M" on every page); the explanations, one compact block per
participant, only when asked (``explanations=True``, ``--explanations``). The content is
:mod:`~tiebreaks.render.pdf_content`, the layout :mod:`~tiebreaks.render.pdf_document`
(ReportLab, an optional dependency: ``pip install 'tiebreaks[pdf]'``, with python-bidi and
arabic-reshaper for right-to-left names; without them a UsageError says how to install them).
"""

from __future__ import annotations

from ..errors import UsageError
from ..standings import Standings
from .pdf_content import pdf_content

#: what to install when ReportLab (or its companions for right-to-left names) is missing
INSTALL_HINT = "PDF output needs ReportLab: pip install 'tiebreaks[pdf]'"
#: the modules of the pdf extra: ReportLab, python-bidi and arabic-reshaper
PDF_PACKAGES = frozenset({"reportlab", "bidi", "arabic_reshaper"})


def standings_pdf(standings: Standings, lang: str = "en", *, explanations: bool = False) -> bytes:
    """The standings as PDF bytes in ``lang`` (en, de, it, fr, es); with ``explanations``,
    every value explained after the tables."""
    content = pdf_content(standings, lang, explanations=explanations)
    try:
        from .pdf_document import pdf_bytes  # noqa: PLC0415 (optional: pdf)
    except ImportError as error:
        if error.name is not None and error.name.partition(".")[0] in PDF_PACKAGES:
            raise UsageError(INSTALL_HINT) from None
        raise
    return pdf_bytes(content)
