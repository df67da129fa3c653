"""Two standings side by side (``tiebreaks compare``): text for arbiters, JSON for programs."""

from __future__ import annotations

import json
from typing import Any

from ..model.text import shown_name, shown_text
from ..services.compare import Change, Comparison
from ..standings import Standings
from .values import show


def _describe(standings: Standings) -> str:
    return f"{standings.rules} ({standings.rules_reason}); {', '.join(standings.columns)}"


def _move(change: Change) -> str:
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
            _move(entry),
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


def comparison_data(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON-ready data (values as exact decimal strings)."""

    def side(standings: Standings) -> dict[str, Any]:
        return {
            "rules": str(standings.rules),
            "rules_reason": standings.rules_reason,
            "tiebreaks": list(standings.columns),
        }

    def entry(change: Change) -> dict[str, Any]:
        item: dict[str, Any] = {
            "start_number": change.start_number,
            "name": change.name,
            "rank_a": change.rank_a,
            "rank_b": change.rank_b,
            "moved": change.moved,
        }
        if change.reason is not None:
            reason = change.reason
            item["reason"] = {
                "other": reason.other,
                "tiebreak_a": reason.label_a,
                "tiebreak_b": reason.label_b,
                "value_a": show(reason.value_a) or None,
                "value_b": show(reason.value_b) or None,
                "other_value_a": show(reason.other_value_a) or None,
                "other_value_b": show(reason.other_value_b) or None,
                "ahead_in_b": reason.ahead_in_b,
            }
        return item

    return {
        "format": "tiebreaks-comparison",
        "version": 1,
        "a": side(comparison.a),
        "b": side(comparison.b),
        "participants": [entry(change) for change in comparison.entries],
    }


def comparison_json(comparison: Comparison) -> str:
    """The comparison as indented JSON text."""
    return json.dumps(comparison_data(comparison), indent=2, ensure_ascii=False) + "\n"
