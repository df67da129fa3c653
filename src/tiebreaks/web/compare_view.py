"""Compare on the page: the standings as the page shows them (side A) against another rules
regime or another tie-break list (side B), as ``tiebreaks compare`` and ``/api/compare`` do
(:func:`~tiebreaks.services.compare.compare_standings`): who changes place, and the first
tie-break that orders a participant differently against another."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.names import resolve_list
from ..errors import TiebreaksError
from ..model import Tournament
from ..render.compare import move_text, moved_summary, why_moved
from ..services.compare import Change, Comparison, compare_standings
from ..standings import Standings
from .i18n import web_translator
from .paging import PAGE_SIZE
from .service import Settings, compute, page_names, web_message


@dataclass(frozen=True)
class CompareRow:
    """A participant who changes place: ranks in A and B, the move, why."""

    rank_a: int
    rank_b: int
    move: str
    number: int
    name: str
    why: str


@dataclass(frozen=True)
class CompareView:
    """The comparison the page shows (the first :data:`PAGE_SIZE` participants who move),
    or why it cannot be made."""

    side_a: str
    side_b: str
    summary: str
    rows: tuple[CompareRow, ...]
    error: str = ""


def side_b_settings(side_a: Settings, rules: str, items: str) -> Settings:
    """Side B: side A with the regime and the list typed in the compare form (an empty
    field keeps A's)."""
    listed = tuple(str(found.spec) for found in resolve_list(items)) if items.strip() else None
    return Settings(
        listed or side_a.tiebreaks,
        rules or side_a.rules,
        side_a.after_round,
        side_a.unrated_rating,
        allow_discouraged=True,
    )


def compare_view(
    tournament: Tournament, side_a: Settings, standings_a: Standings, rules: str, items: str,
    lang: str,
) -> CompareView:  # fmt: skip
    """The comparison of the page's standings with side B (see :func:`side_b_settings`)."""
    gettext = web_translator(lang).gettext
    try:
        standings_b = compute(tournament, side_b_settings(side_a, rules, items))
    except TiebreaksError as error:
        return CompareView("", "", "", (), web_message(error, page_names(lang)))
    comparison = compare_standings(standings_a, standings_b)
    moved = comparison.moved
    summary = moved_summary(comparison, lang)
    if len(moved) > PAGE_SIZE:
        summary += " " + gettext("The first %(shown)s are listed.") % {"shown": PAGE_SIZE}
    rows = tuple(_row(change, comparison, lang) for change in moved[:PAGE_SIZE])
    return CompareView(_side(standings_a), _side(standings_b), summary, rows)


def _side(standings: Standings) -> str:
    """A side as the CLI shows it: the regime and the list."""
    return f"{standings.rules}: {', '.join(standings.columns)}"


def _row(change: Change, comparison: Comparison, lang: str) -> CompareRow:
    return CompareRow(
        change.rank_a,
        change.rank_b,
        move_text(change),
        change.start_number,
        change.name,
        why_moved(change, comparison, lang),
    )
