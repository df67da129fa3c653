"""Writing a tournament and its standings in any format we write, by name (``tiebreaks
convert``, the web's downloads); :mod:`.detect` is the reading side."""

from __future__ import annotations

from ..errors import Diagnostic
from ..model import Tournament
from ..render.standings import render_standings
from ..standings import Standings
from . import CONVERT_FORMATS
from .writers.chess_json import write_chess_json
from .writers.tournament_json import write_tournament_json
from .writers.trf import write_trf

__all__ = ["CONVERT_FORMATS", "write_data"]


def write_data(
    tournament: Tournament,
    result: Standings,
    output_format: str,
    lang: str = "en",
    *,
    shorten_names: bool = False,
    changes: list[Diagnostic] | None = None,
    explanations: bool = False,
) -> str | bytes:
    """A tournament and its standings in one of :data:`~tiebreaks.formats.CONVERT_FORMATS`:
    the tournament formats read back to the same tournament, or a value the format cannot
    hold raises :class:`~tiebreaks.FormatLimitError` (``shorten_names``, TRF: names are cut to
    their columns instead, each cut added to ``changes``); the others are the standings (the
    PDF with every value explained when ``explanations``)."""
    if output_format == "trf":
        return write_trf(tournament, result, shorten_names=shorten_names, changes=changes)
    if output_format == "json":
        return write_tournament_json(tournament, result)
    if output_format == "chess-json":
        return write_chess_json(tournament, result)
    return render_standings(result, output_format, lang, explanations=explanations)
