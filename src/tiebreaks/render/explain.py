"""Explanations as text for people and JSON for programs (``tiebreaks explain`` / ``why``).

The JSON documents are described once, by the structs :class:`PlacingDocument`,
:class:`WhyDocument` and the :class:`ExplanationDocument` both hold: the writers build them,
and the web service describes its answers with their JSON Schema. Values are exact decimal
strings (``"2.5"``), null when undefined.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..engine.trace import Trace
from ..model.text import shown_name, shown_text
from ..services.explain import Neighbour, Placing, Why
from ..standings import Row, Standings
from .explanations import difference_text, worded
from .explanations.lines import Explanation, Line
from .explanations.words import N_, Phrases, explanation_total
from .i18n import reason_text, translator
from .json import to_data
from .values import show


def _who(row: Row) -> str:
    return f"#{row.player.start_number} {shown_name(row.player.name)}"


def _neighbour_text(neighbour: Neighbour | None, above: bool, text: Phrases) -> list[str]:
    if neighbour is None:
        return []
    if neighbour.label is None:
        return [
            "  "
            + text._(
                "shares the place with %(who)s: equal on every tie-break", who=_who(neighbour.row)
            )
        ]
    fields = {
        "who": _who(neighbour.row),
        "rank": neighbour.row.rank,
        "label": neighbour.label,
        "own": text.value(neighbour.value),
        "other": text.value(neighbour.other_value),
    }
    if above:
        return [
            "  "
            + text._("behind %(who)s (place %(rank)s): %(label)s %(own)s vs %(other)s", **fields)
        ]
    return [
        "  " + text._("ahead of %(who)s (place %(rank)s): %(label)s %(own)s vs %(other)s", **fields)
    ]


def explanation_lines(explanation: Explanation, lang: str = "en") -> list[str]:
    """An explanation as indented lines: title, one line per round (amount first), steps and
    the total of the kept lines, in ``lang``."""
    text = Phrases(lang)
    value = text.value(explanation.value) if explanation.applies else "-"
    lines = [
        text._(
            "%(label)s = %(value)s: %(definition)s",
            label=explanation.tiebreak,
            value=value,
            definition=explanation.definition,
        )
    ]
    width = max((len(text.amount(line.amount)) for line in explanation.lines), default=0)
    width = max(width, len(text.amount(explanation.total)) if explanation.is_sum else 0)
    for line in explanation.lines:
        lines.append("  " + _line_text(line, width, text))
    if explanation.is_sum and explanation.lines:
        total = explanation_total(explanation, translator(text.lang))
        lines.append(f"  {text.amount(explanation.total):>{width}}  {total}")
    lines.extend(f"  {step}" for step in explanation.steps)
    return lines


def _line_text(line: Line, width: int, text: Phrases) -> str:
    amount = text.amount(line.amount)
    shown = f"{amount:>{width}}  {line.text}"
    if not line.kept:
        shown += "  [" + text._("cut: %(reason)s", reason=line.cut_reason) + "]"
    return shown


#: a participant left out of the ranking, instead of a place
_STATUS = {
    "withdrawn": N_("%(who)s: withdrawn, not ranked (the games count for the opponents)"),
    "expelled": N_("%(who)s: expelled, not ranked (the games count for the opponents)"),
}


def placing_text(standings: Standings, placing: Placing, lang: str = "en") -> str:
    """A participant's place, neighbours and every value explained, in ``lang``."""
    text = Phrases(lang)
    row = placing.row
    first = standings.columns[0] if standings.columns else ""
    place = text._(
        "%(who)s: place %(rank)s of %(count)s",
        who=_who(row),
        rank=row.rank,
        count=placing.field_size,
    )
    if row.status:  # left out of the ranking: no place
        place = text._(_STATUS[row.status], who=_who(row))
    head = [
        place + (f", {first} {text.value(row.values[first])}" if first else ""),
        text._(
            "Rules: %(rules)s (%(reason)s); tie-breaks: %(list)s",
            rules=standings.rules,
            reason=reason_text(standings.rules_reason, text.lang),
            list=", ".join(standings.columns),
        ),
        *_neighbour_text(placing.above, True, text),
        *_neighbour_text(placing.below, False, text),
    ]
    body: list[str] = []
    for explanation in placing.explanations:
        body.extend(["", *explanation_lines(worded(explanation, standings, lang), lang)])
    return shown_text("\n".join(head + body) + "\n")


def why_text(standings: Standings, result: Why, lang: str = "en") -> str:
    """Two participants criterion by criterion, and the reduced form of the deciding one."""
    text = Phrases(lang)
    a, b = result.a, result.b
    if result.ahead is None:
        head = text._(
            "%(a)s and %(b)s are equal on every tie-break: they share the place",
            a=_who(a),
            b=_who(b),
        )
    else:
        behind = b if result.ahead is a else a
        head = text._(
            "%(a)s (place %(ra)s) is ahead of %(b)s (place %(rb)s): decided by %(label)s",
            a=_who(result.ahead),
            ra=result.ahead.rank,
            b=_who(behind),
            rb=behind.rank,
            label=result.deciding,
        )
    width = max(len(label) for label, _, _ in result.steps) if result.steps else 0
    lines = [head, "", f"  {'':<{width}}  {_who(a):>14}  {_who(b):>14}"]
    for label, first, second in result.steps:
        mark = text._("decides") if label == result.deciding else text._("equal")
        lines.append(
            f"  {label:<{width}}  {text.value(first):>14}  {text.value(second):>14}  {mark}"
        )
    lines.extend(_reduced_lines(standings, result, text))
    own, other = _both_worded(standings, result, lang)
    if own is not None and other is not None and not result.differences:
        lines.extend(["", *explanation_lines(own, lang)])
        if other.lines == own.lines:  # a group tie-break: the same games for both
            lines.append(f"  {_who(result.b)}: " + "; ".join(other.steps[1:] or other.steps))
        else:
            lines.extend(["", *explanation_lines(other, lang)])
    return shown_text("\n".join(lines) + "\n")


def _both_worded(
    standings: Standings, result: Why, lang: str
) -> tuple[Explanation | None, Explanation | None]:
    own, other = result.explanation_a, result.explanation_b
    return (
        None if own is None else worded(own, standings, lang),
        None if other is None else worded(other, standings, lang),
    )


def _reduced_lines(standings: Standings, result: Why, text: Phrases) -> list[str]:
    if not result.differences:
        return []
    traces = (result.explanation_a, result.explanation_b)
    texts = [difference_text(item.key, standings, text.lang, traces) for item in result.differences]
    last = text._("difference")
    width = max(len(item) for item in [*texts, last])
    lines = ["", text._("Only where their %(label)s contributions differ:", label=result.deciding)]
    for item, shown in zip(result.differences, texts, strict=True):
        change = item.amount_a - item.amount_b
        lines.append(
            f"  {shown:<{width}}  {text.amount(item.amount_a):>7}  {text.amount(item.amount_b):>7}"
            f"  {'+' if change > 0 else ''}{text.amount(change)}"
        )
    total = sum((item.amount_a - item.amount_b for item in result.differences), Fraction(0))
    lines.append(
        f"  {last:<{width}}  {'':>7}  {'':>7}  {'+' if total > 0 else ''}{text.amount(total)}"
    )
    return lines


#: an exact decimal string such as "2.5"; null when undefined
ExactText = Annotated[str | None, Meta(description='an exact decimal string such as "2.5"')]


class ExplanationLine(msgspec.Struct, kw_only=True):
    """One line of an explanation: a round's contribution (``round`` null for a line that
    belongs to no round), kept or cut (with why)."""

    round: int | None
    text: str
    amount: ExactText
    kept: bool
    cut: Annotated[str, Meta(description="why the line is cut (only when not kept)")] | (
        UnsetType
    ) = UNSET


class ExplanationDocument(msgspec.Struct, kw_only=True):
    """One value explained line by line."""

    tiebreak: str
    id: int
    value: ExactText
    definition: str
    lines: list[ExplanationLine]
    steps: list[str]
    total: Annotated[str, Meta(description="the total of the kept lines (a sum only)")] | (
        UnsetType
    ) = UNSET


class NeighbourDocument(msgspec.Struct, kw_only=True):
    """The participant directly above or below and the tie-break that separates them."""

    id: int
    rank: int
    tiebreak: str | None
    value: ExactText
    other_value: ExactText


class PlacingDocument(msgspec.Struct, kw_only=True):
    """A participant's place and values explained (``tiebreaks explain --format json``)."""

    id: int
    name: str
    rank: int
    participants: int
    rules: str
    above: NeighbourDocument | None
    below: NeighbourDocument | None
    explanations: list[ExplanationDocument]


class WhyStep(msgspec.Struct, kw_only=True):
    """One criterion and both values."""

    tiebreak: str
    a: ExactText
    b: ExactText


class WhyDifference(msgspec.Struct, kw_only=True):
    """Where the two differ on the deciding tie-break."""

    text: str
    a: str
    b: str


class WhyDocument(msgspec.Struct, kw_only=True):
    """Why one participant is ahead of the other (``tiebreaks why --format json``)."""

    a: int
    b: int
    ahead: int | None
    deciding: str | None
    steps: list[WhyStep]
    differences: list[WhyDifference]
    explanations: list[ExplanationDocument]


def _number(value: Fraction | None) -> str | None:
    return show(value) or None


def explanation_document(
    item: Trace, standings: Standings, lang: str = "en"
) -> ExplanationDocument:
    """An explanation as its document (values as exact decimal strings)."""
    explanation = worded(item, standings, lang)
    return ExplanationDocument(
        tiebreak=explanation.tiebreak,
        id=explanation.start_number,
        value=_number(explanation.value),
        definition=explanation.definition,
        lines=[
            ExplanationLine(
                round=line.round,
                text=line.text,
                amount=_number(line.amount),
                kept=line.kept,
                cut=UNSET if line.kept else line.cut_reason,
            )
            for line in explanation.lines
        ],
        steps=list(explanation.steps),
        total=show(explanation.total) if explanation.is_sum else UNSET,
    )


def _neighbour(item: Neighbour | None) -> NeighbourDocument | None:
    if item is None:
        return None
    return NeighbourDocument(
        id=item.row.player.start_number,
        rank=item.row.rank,
        tiebreak=item.label,
        value=_number(item.value),
        other_value=_number(item.other_value),
    )


def placing_document(standings: Standings, placing: Placing, lang: str = "en") -> PlacingDocument:
    """A participant's explanation as its document."""
    return PlacingDocument(
        id=placing.row.player.start_number,
        name=placing.row.player.name,
        rank=placing.row.rank,
        participants=placing.field_size,
        rules=str(standings.rules),
        above=_neighbour(placing.above),
        below=_neighbour(placing.below),
        explanations=[explanation_document(item, standings, lang) for item in placing.explanations],
    )


def placing_json(standings: Standings, placing: Placing, lang: str = "en") -> str:
    """A participant's explanation as JSON text."""
    return _text(placing_document(standings, placing, lang))


def why_document(standings: Standings, result: Why, lang: str = "en") -> WhyDocument:
    """A ``why`` comparison as its document."""
    return WhyDocument(
        a=result.a.player.start_number,
        b=result.b.player.start_number,
        ahead=None if result.ahead is None else result.ahead.player.start_number,
        deciding=result.deciding,
        steps=[
            WhyStep(tiebreak=label, a=_number(first), b=_number(second))
            for label, first, second in result.steps
        ],
        differences=[
            WhyDifference(
                text=difference_text(
                    item.key, standings, lang, (result.explanation_a, result.explanation_b)
                ),
                a=show(item.amount_a),
                b=show(item.amount_b),
            )
            for item in result.differences
        ],
        explanations=[
            explanation_document(item, standings, lang)
            for item in (result.explanation_a, result.explanation_b)
            if item is not None
        ],
    )


def why_json(standings: Standings, result: Why, lang: str = "en") -> str:
    """A ``why`` comparison as JSON text."""
    return _text(why_document(standings, result, lang))


def _text(document: msgspec.Struct) -> str:
    return json.dumps(to_data(document), indent=2, ensure_ascii=False) + "\n"
