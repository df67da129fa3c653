"""The standings in every readable format, by name: what ``tiebreaks standings --format``
and the web's downloads write."""

from __future__ import annotations

from ..standings import Standings
from . import STANDINGS_FORMATS

__all__ = ["STANDINGS_FORMATS", "render_standings"]


def render_standings(result: Standings, output_format: str, lang: str = "en") -> str | bytes:
    """The standings in one of :data:`STANDINGS_FORMATS` (text, HTML and PDF in ``lang``);
    PDF is bytes, the others text."""
    # each writer is imported when its format is asked for (a text run loads no CSV writer)
    if output_format == "json":
        from .json import standings_json

        return standings_json(result)
    if output_format == "csv":
        from .csv import standings_csv

        return standings_csv(result)
    if output_format == "html":
        from .html import standings_html

        return standings_html(result, lang)
    if output_format == "pdf":
        from .pdf import standings_pdf  # WeasyPrint, an optional dependency

        return standings_pdf(result, lang)
    if output_format != "text":
        raise ValueError(f"no standings format {output_format!r}")
    from .text import standings_text

    return standings_text(result, lang)
