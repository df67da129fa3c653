"""Two standings side by side (``tiebreaks compare``): text for arbiters, JSON for programs.

The JSON document is described once, by :class:`CompareDocument` and its parts: the writer
builds it and the web service describes its answer with its JSON Schema."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..model.text import shown_name, shown_text
from ..services.compare import Change, Comparison
from ..standings import Standings
from .json import to_data
from .values import show


def _describe(standings: Standings) -> str:
    return f"{standings.rules} ({standings.rules_reason}); {', '.join(standings.columns)}"


def move_text(change: Change) -> str:
    """How many places a participant moves from A to B: "+2" (up), "-1"; "" for none."""
    if not change.moved:
        return ""
    return f"{change.rank_a - change.rank_b:+d}"


def _why(change: Change, names: dict[int, str]) -> str:
    """E.g. "BH/C1 11 -> 11, #12 Nick 9.5 -> 12: now behind #12"."""
    reason = change.reason
    if not change.moved:
        return ""
    if reason is None:
        return "only the ties around this place changed"
    other = f"#{reason.other} {names[reason.other]}"
    side = "now ahead of" if reason.ahead_in_b else "now behind"
    own_a, own_b = show(reason.value_a) or "-", show(reason.value_b) or "-"
    their_a, their_b = show(reason.other_value_a) or "-", show(reason.other_value_b) or "-"
    if reason.label_a == reason.label_b:
        what = f"{reason.label_a} {own_a} -> {own_b}, {other} {their_a} -> {their_b}"
        return f"{what}: {side} #{reason.other}"
    left = f"{reason.label_a} {own_a} vs {their_a}" if reason.label_a else "still tied"
    right = f"{reason.label_b} {own_b} vs {their_b}" if reason.label_b else "still tied"
    return f"against {other}: A decides by {left}, B by {right}: {side} #{reason.other}"


def comparison_text(comparison: Comparison) -> str:
    """An aligned table: rank in A, rank in B, the move, the participant and why it moved."""
    names = {entry.start_number: shown_name(entry.name) for entry in comparison.entries}
    header = ["A", "B", "Move", "No", "Name", "Pts", "Why"]
    lines = [
        [
            str(entry.rank_a),
            str(entry.rank_b),
            move_text(entry),
            str(entry.start_number),
            names[entry.start_number],
            show(entry.points),
            _why(entry, names),
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
    title = shown_name(tournament.name or tournament.source or "Tournament")
    moved = len(comparison.moved)
    summary = f"{moved} of {len(comparison.entries)} participants change place."
    body = [fmt(header), fmt(["-" * width for width in widths]), *map(fmt, lines)]
    head = [title, f"A: {_describe(comparison.a)}", f"B: {_describe(comparison.b)}", ""]
    return shown_text("\n".join([*head, *body, "", summary]) + "\n")


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
