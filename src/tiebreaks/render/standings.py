"""The standings in every readable format, by name: what ``tiebreaks standings --format``
and the web's downloads write."""

from __future__ import annotations

from collections.abc import Callable

from ..lazy import load
from ..standings import Standings
from . import STANDINGS_FORMATS

__all__ = ["STANDINGS_FORMATS", "render_standings"]

#: each format's writer, loaded when its format is asked for (a text run loads neither Jinja2
#: nor the CSV writer; PDF needs ReportLab, an optional dependency)
RENDERERS = {
    "text": ".text:standings_text",
    "json": ".json:standings_json",
    "csv": ".csv:standings_csv",
    "html": ".html:standings_html",
    "pdf": ".pdf:standings_pdf",
}
#: the formats written in a language (JSON and CSV are data, the same in every language)
IN_A_LANGUAGE = ("text", "html", "pdf")


def render_standings(
    result: Standings, output_format: str, lang: str = "en", *, explanations: bool = False
) -> str | bytes:
    """The standings in one of :data:`STANDINGS_FORMATS` (text, HTML and PDF in ``lang``);
    PDF is bytes, the others text. ``explanations`` adds every value explained to the PDF
    (the HTML page always has them)."""
    if output_format not in RENDERERS:
        raise ValueError(f"no standings format {output_format!r}")
    render: Callable[..., str | bytes] = load(RENDERERS[output_format], __package__)
    if output_format == "pdf":
        return render(result, lang, explanations=explanations)
    return render(result, lang) if output_format in IN_A_LANGUAGE else render(result)
