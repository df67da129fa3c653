"""Writing a tournament and its standings in any format we write, by name (``tiebreaks
convert``, the web's downloads); :mod:`.detect` is the reading side."""

from __future__ import annotations

from ..errors import Diagnostic, UsageError
from ..model import Tournament
from ..render.standings import render_standings
from ..standings import Standings
from . import CONVERT_FORMATS
from .writers.chess_json import write_chess_json
from .writers.tournament_json import write_tournament_json
from .writers.trf import write_trf

__all__ = ["CONVERT_FORMATS", "STANDINGS_CHOICES", "write_data"]

#: what a tournament format gets of the computed standings (:func:`write_data`)
STANDINGS_NONE, STANDINGS_OURS, STANDINGS_PUBLISHED = "none", "ours", "published"
STANDINGS_CHOICES = (STANDINGS_NONE, STANDINGS_OURS, STANDINGS_PUBLISHED)


def write_data(
    tournament: Tournament,
    result: Standings,
    output_format: str,
    lang: str = "en",
    *,
    shorten_names: bool = False,
    changes: list[Diagnostic] | None = None,
    explanations: bool = False,
    standings: str = STANDINGS_PUBLISHED,
) -> str | bytes:
    """A tournament and its standings in one of :data:`~tiebreaks.formats.CONVERT_FORMATS`:
    the tournament formats read back to the same tournament, or a value the format cannot
    hold raises :class:`~tiebreaks.FormatLimitError` (``shorten_names``, TRF: names are cut to
    their columns instead, each cut added to ``changes``); the others are the standings (the
    PDF with every value explained when ``explanations``).

    ``standings`` says what a tournament format gets of the computed standings (see
    :data:`STANDINGS_CHOICES`): ``published``, our points, ranks and values as the file's
    own (the file then publishes them: a later ``check`` compares us with ourselves);
    ``ours``, our JSON keeps them apart (``"computed": true``) and TRF and Chess-JSON, which
    have no such place, leave them out; ``none``, left out. Without ``published`` the file
    states exactly what the input stated (TRF keeps the tie-break lists)."""
    if standings not in STANDINGS_CHOICES:
        raise UsageError(f"standings {standings!r}: expected one of {', '.join(STANDINGS_CHOICES)}")
    published = standings == STANDINGS_PUBLISHED
    if output_format == "trf":
        return write_trf(
            tournament, result, shorten_names=shorten_names, changes=changes, ranks=published
        )
    if output_format == "json":
        if standings == STANDINGS_NONE:
            return write_tournament_json(tournament)
        return write_tournament_json(tournament, result, computed=not published)
    if output_format == "chess-json":
        return write_chess_json(tournament, result if published else None)
    return render_standings(result, output_format, lang, explanations=explanations)
