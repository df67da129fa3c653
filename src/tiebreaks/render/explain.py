"""Explanations as text for people and JSON for programs (``tiebreaks explain`` / ``why``)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ..engine.explanation import Explanation, Line
from ..model.text import shown_name, shown_text
from ..services.explain import Explained, Neighbour, Placing, Why
from ..standings import Row, Standings
from .explanations import difference_text, worded
from .values import show


def _value(value: Fraction | None) -> str:
    return show(value) or "undefined"


def _who(row: Row) -> str:
    return f"#{row.player.start_number} {shown_name(row.player.name)}"


def _neighbour_text(neighbour: Neighbour | None, word: str) -> list[str]:
    if neighbour is None:
        return []
    if neighbour.label is None:
        return [f"  shares the place with {_who(neighbour.row)}: equal on every tie-break"]
    values = f"{_value(neighbour.value)} vs {_value(neighbour.other_value)}"
    return [
        f"  {word} {_who(neighbour.row)} (place {neighbour.row.rank}): {neighbour.label} {values}"
    ]


def explanation_lines(explanation: Explanation) -> list[str]:
    """An explanation as indented lines: title, one line per round (amount first), steps and
    the total of the kept lines."""
    lines = [f"{explanation.tiebreak} = {_value(explanation.value)}: {explanation.definition}"]
    width = max((len(show(line.amount)) for line in explanation.lines), default=0)
    width = max(width, len(show(explanation.total)) if explanation.is_sum else 0)
    for line in explanation.lines:
        lines.append("  " + _line_text(line, width))
    if explanation.is_sum and explanation.lines:
        kept = sum(1 for line in explanation.lines if line.kept and line.amount is not None)
        lines.append(f"  {show(explanation.total):>{width}}  total of the {kept} lines kept")
    lines.extend(f"  {step}" for step in explanation.steps)
    return lines


def _line_text(line: Line, width: int) -> str:
    amount = "" if line.amount is None else show(line.amount)
    text = f"{amount:>{width}}  {line.text}"
    if not line.kept:
        text += f"  [cut: {line.cut_reason}]"
    return text


def placing_text(standings: Standings, placing: Placing, lang: str = "en") -> str:
    """A participant's place, neighbours and every value explained."""
    row = placing.row
    first = standings.columns[0] if standings.columns else ""
    head = [
        f"{_who(row)}: place {row.rank} of {placing.field_size}"
        + (f", {first} {_value(row.values[first])}" if first else ""),
        f"Rules: {standings.rules} ({standings.rules_reason});"
        f" tie-breaks: {', '.join(standings.columns)}",
        *_neighbour_text(placing.above, "behind"),
        *_neighbour_text(placing.below, "ahead of"),
    ]
    body: list[str] = []
    for explanation in placing.explanations:
        body.extend(["", *explanation_lines(worded(explanation, standings, lang))])
    return shown_text("\n".join(head + body) + "\n")


def why_text(standings: Standings, result: Why, lang: str = "en") -> str:
    """Two participants criterion by criterion, and the reduced form of the deciding one."""
    a, b = result.a, result.b
    if result.ahead is None:
        head = f"{_who(a)} and {_who(b)} are equal on every tie-break: they share the place"
    else:
        behind = b if result.ahead is a else a
        head = (
            f"{_who(result.ahead)} (place {result.ahead.rank}) is ahead of {_who(behind)}"
            f" (place {behind.rank}): decided by {result.deciding}"
        )
    width = max(len(label) for label, _, _ in result.steps) if result.steps else 0
    lines = [head, "", f"  {'':<{width}}  {_who(a):>14}  {_who(b):>14}"]
    for label, first, second in result.steps:
        mark = "decides" if label == result.deciding else "equal"
        lines.append(f"  {label:<{width}}  {_value(first):>14}  {_value(second):>14}  {mark}")
    lines.extend(_reduced_lines(standings, result, lang))
    own, other = _both_worded(standings, result, lang)
    if own is not None and other is not None and not result.differences:
        lines.extend(["", *explanation_lines(own)])
        if other.lines == own.lines:  # a group tie-break: the same games for both
            lines.append(f"  {_who(result.b)}: " + "; ".join(other.steps[1:] or other.steps))
        else:
            lines.extend(["", *explanation_lines(other)])
    return shown_text("\n".join(lines) + "\n")


def _both_worded(
    standings: Standings, result: Why, lang: str
) -> tuple[Explanation | None, Explanation | None]:
    own, other = result.explanation_a, result.explanation_b
    return (
        None if own is None else worded(own, standings, lang),
        None if other is None else worded(other, standings, lang),
    )


def _reduced_lines(standings: Standings, result: Why, lang: str) -> list[str]:
    if not result.differences:
        return []
    texts = [difference_text(item.key, standings, lang) for item in result.differences]
    width = max(len(text) for text in texts)
    lines = ["", f"Only where their {result.deciding} contributions differ:"]
    for item, text in zip(result.differences, texts, strict=True):
        change = item.amount_a - item.amount_b
        lines.append(
            f"  {text:<{width}}  {show(item.amount_a):>7}  {show(item.amount_b):>7}"
            f"  {'+' if change > 0 else ''}{show(change)}"
        )
    total = sum((item.amount_a - item.amount_b for item in result.differences), Fraction(0))
    lines.append(
        f"  {'difference':<{width}}  {'':>7}  {'':>7}  {'+' if total > 0 else ''}{show(total)}"
    )
    return lines


def _number(value: Fraction | None) -> str | None:
    return show(value) or None


def explanation_data(item: Explained, standings: Standings, lang: str = "en") -> dict[str, Any]:
    """An explanation as JSON-ready data (values as exact decimal strings)."""
    explanation = worded(item, standings, lang)
    return {
        "tiebreak": explanation.tiebreak,
        "id": explanation.start_number,
        "value": _number(explanation.value),
        "definition": explanation.definition,
        "lines": [
            {
                "round": line.round,
                "text": line.text,
                "amount": _number(line.amount),
                "kept": line.kept,
                **({"cut": line.cut_reason} if not line.kept else {}),
            }
            for line in explanation.lines
        ],
        "steps": list(explanation.steps),
        **({"total": show(explanation.total)} if explanation.is_sum else {}),
    }


def placing_json(standings: Standings, placing: Placing, lang: str = "en") -> str:
    """A participant's explanation as JSON text."""

    def neighbour(item: Neighbour | None) -> dict[str, Any] | None:
        if item is None:
            return None
        return {
            "id": item.row.player.start_number,
            "rank": item.row.rank,
            "tiebreak": item.label,
            "value": _number(item.value),
            "other_value": _number(item.other_value),
        }

    data = {
        "id": placing.row.player.start_number,
        "name": placing.row.player.name,
        "rank": placing.row.rank,
        "participants": placing.field_size,
        "rules": str(standings.rules),
        "above": neighbour(placing.above),
        "below": neighbour(placing.below),
        "explanations": [explanation_data(item, standings, lang) for item in placing.explanations],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def why_json(standings: Standings, result: Why, lang: str = "en") -> str:
    """A ``why`` comparison as JSON text."""
    data = {
        "a": result.a.player.start_number,
        "b": result.b.player.start_number,
        "ahead": None if result.ahead is None else result.ahead.player.start_number,
        "deciding": result.deciding,
        "steps": [
            {"tiebreak": label, "a": _number(first), "b": _number(second)}
            for label, first, second in result.steps
        ],
        "differences": [
            {
                "text": difference_text(item.key, standings, lang),
                "a": show(item.amount_a),
                "b": show(item.amount_b),
            }
            for item in result.differences
        ],
        "explanations": [
            explanation_data(item, standings, lang)
            for item in (result.explanation_a, result.explanation_b)
            if item is not None
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
