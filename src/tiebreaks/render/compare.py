"""Two standings side by side (``tiebreaks compare``): text for arbiters, JSON for programs.

The JSON document is described once, by :class:`CompareDocument` and its parts: the writer
builds it and the web service describes its answer with its JSON Schema."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..model.text import shown_name, shown_text
from ..services.compare import Change, Comparison
from ..standings import Standings
from .i18n import column_abbreviation, format_value, reason_text, translator
from .json import to_data
from .values import show


def _describe(standings: Standings, lang: str) -> str:
    reason = reason_text(standings.rules_reason, lang)
    return f"{standings.rules} ({reason}); {', '.join(standings.columns)}"


def move_text(change: Change) -> str:
    """How many places a participant moves from A to B: "+2" (up), "-1"; "" for none."""
    if not change.moved:
        return ""
    return f"{change.rank_a - change.rank_b:+d}"


def why_moved(change: Change, comparison: Comparison, lang: str = "en") -> str:
    """Against whom the order flips and the tie-break that decides it on each side, in
    ``lang``: "now behind #12 Nick (A: BH/C1 11 vs 9.5; B: SB 3.5 vs 4)"; "" for a
    participant who keeps the place. The command's table and the web page say it so."""
    if not change.moved:
        return ""
    gettext = translator(lang).gettext
    reason = change.reason
    if reason is None:
        return gettext("only the ties around this place changed")
    other = comparison.a.row(reason.other)
    who = f"#{reason.other} {other.player.name}"
    side = (
        gettext("now ahead of %(other)s") if reason.ahead_in_b else gettext("now behind %(other)s")
    )

    def decided(label: str | None, own: Fraction | None, theirs: Fraction | None) -> str:
        if label is None:
            return gettext("still tied")
        own_text, their_text = (format_value(value, lang) or "-" for value in (own, theirs))
        return gettext("%(label)s %(own)s vs %(other)s") % {
            "label": label,
            "own": own_text,
            "other": their_text,
        }

    return gettext("%(side)s (A: %(a)s; B: %(b)s)") % {
        "side": side % {"other": who},
        "a": decided(reason.label_a, reason.value_a, reason.other_value_a),
        "b": decided(reason.label_b, reason.value_b, reason.other_value_b),
    }


def moved_summary(comparison: Comparison, lang: str = "en") -> str:
    """ "4 of 16 participants change place.", in ``lang``."""
    return translator(lang).gettext("%(moved)s of %(count)s participants change place.") % {
        "moved": len(comparison.moved),
        "count": len(comparison.entries),
    }


def comparison_text(comparison: Comparison, lang: str = "en") -> str:
    """An aligned table in ``lang``: rank in A, rank in B, the move, the participant and why
    it moved (:func:`why_moved`)."""
    names = {entry.start_number: shown_name(entry.name) for entry in comparison.entries}
    pgettext = translator(lang).pgettext
    header = [
        "A",
        "B",
        pgettext("column abbreviation", "Move"),
        pgettext("column abbreviation", "No"),
        pgettext("column abbreviation", "Name"),
        column_abbreviation("PTS", lang),
        pgettext("column abbreviation", "Why"),
    ]
    lines = [
        [
            str(entry.rank_a),
            str(entry.rank_b),
            move_text(entry),
            str(entry.start_number),
            names[entry.start_number],
            format_value(entry.points, lang),
            why_moved(entry, comparison, lang),
        ]
        for entry in comparison.entries
    ]
    widths = [max(len(cells[i]) for cells in [header, *lines]) for i in range(len(header))]
    left_aligned = {4, 6}

    def fmt(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i in left_aligned else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    tournament = comparison.a.tournament
    untitled = translator(lang).gettext("Tournament")
    title = shown_name(tournament.name or tournament.source or untitled)
    body = [fmt(header), fmt(["-" * width for width in widths]), *map(fmt, lines)]
    sides = [f"A: {_describe(comparison.a, lang)}", f"B: {_describe(comparison.b, lang)}"]
    summary = moved_summary(comparison, lang)
    return shown_text("\n".join([title, *sides, "", *body, "", summary]) + "\n")


#: an exact decimal string such as "2.5"; null when undefined
ExactText = Annotated[str | None, Meta(description='an exact decimal string such as "2.5"')]


class CompareSide(msgspec.Struct, kw_only=True):
    """The regime and list of one side."""

    rules: str
    rules_reason: str
    tiebreaks: list[str]


class CompareReason(msgspec.Struct, kw_only=True):
    """The first tie-break that orders a participant differently against another (``other``,
    its start or team number); its label and both values on each side."""

    other: int
    tiebreak_a: str | None
    tiebreak_b: str | None
    value_a: ExactText
    value_b: ExactText
    other_value_a: ExactText
    other_value_b: ExactText
    ahead_in_b: bool


class CompareEntry(msgspec.Struct, kw_only=True):
    """A participant's place on both sides (``reason`` only when it moved for one)."""

    start_number: int
    name: str
    rank_a: int
    rank_b: int
    moved: bool
    reason: CompareReason | UnsetType = UNSET


class CompareDocument(msgspec.Struct, kw_only=True):
    """Two standings side by side (``tiebreaks compare --format json``)."""

    format: Literal["tiebreaks-comparison"]
    version: Annotated[int, Meta(description="1")]
    a: CompareSide
    b: CompareSide
    participants: list[CompareEntry]


def _side(standings: Standings) -> CompareSide:
    return CompareSide(
        rules=str(standings.rules),
        rules_reason=standings.rules_reason,
        tiebreaks=list(standings.columns),
    )


def _reason(change: Change) -> CompareReason | UnsetType:
    reason = change.reason
    if reason is None:
        return UNSET
    return CompareReason(
        other=reason.other,
        tiebreak_a=reason.label_a,
        tiebreak_b=reason.label_b,
        value_a=show(reason.value_a) or None,
        value_b=show(reason.value_b) or None,
        other_value_a=show(reason.other_value_a) or None,
        other_value_b=show(reason.other_value_b) or None,
        ahead_in_b=reason.ahead_in_b,
    )


def comparison_document(comparison: Comparison) -> CompareDocument:
    """The comparison as its document (values as exact decimal strings)."""
    return CompareDocument(
        format="tiebreaks-comparison",
        version=1,
        a=_side(comparison.a),
        b=_side(comparison.b),
        participants=[
            CompareEntry(
                start_number=change.start_number,
                name=change.name,
                rank_a=change.rank_a,
                rank_b=change.rank_b,
                moved=change.moved,
                reason=_reason(change),
            )
            for change in comparison.entries
        ],
    )


def comparison_data(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON-ready data (values as exact decimal strings)."""
    data: dict[str, Any] = to_data(comparison_document(comparison))
    return data


def comparison_json(comparison: Comparison) -> str:
    """The comparison as indented JSON text."""
    return json.dumps(comparison_data(comparison), indent=2, ensure_ascii=False) + "\n"
