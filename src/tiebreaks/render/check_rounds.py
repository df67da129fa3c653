"""The tie-break half of ``tiebreaks check`` in words: round by round, each published position
that does not follow the list, with the criterion (and its C.07 article) that decides; and the
same as a JSON document (:class:`RoundsDocument`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from ..engine.numbers import to_decimal_text
from ..services.check_rounds import Misplaced, Order, RoundCheck
from .explanations.words import Phrases
from .i18n import N_, column_abbreviation, reason_text

#: the sentence of each reason, by how the list orders the pair
_REASONS = {
    Order.AHEAD: N_(
        "#%(number)s %(name)s: published place %(published)s, the list gives %(computed)s:"
        " ahead of #%(other)s %(other_name)s (published place %(other_published)s) on"
        " %(criterion)s (C.07 Art. %(article)s): %(value)s against %(other_value)s"
    ),
    Order.BEHIND: N_(
        "#%(number)s %(name)s: published place %(published)s, the list gives %(computed)s:"
        " behind #%(other)s %(other_name)s (published place %(other_published)s) on"
        " %(criterion)s (C.07 Art. %(article)s): %(value)s against %(other_value)s"
    ),
    Order.LEVEL: N_(
        "#%(number)s %(name)s: published place %(published)s, the list gives %(computed)s:"
        " equal with #%(other)s %(other_name)s (published place %(other_published)s) on every"
        " criterion of the list; they share the place unless lots are drawn"
        " (C.07 Art. %(article)s)"
    ),
    Order.NUMBERING: N_(
        "#%(number)s %(name)s: published place %(published)s, the list gives %(computed)s:"
        " a place is 1 + the number of participants ahead (C.07 Art. %(article)s)"
    ),
    Order.POINTS: N_(
        "#%(number)s %(name)s: published points %(value)s, the results give %(other_value)s"
    ),
}


def rounds_lines(checks: Sequence[RoundCheck], lang: str = "en") -> list[str]:
    """Each published standings checked against the list in force, round by round."""
    text = Phrases(lang)
    lines: list[str] = []
    for check in checks:
        origin = reason_text(check.list_source, lang)
        if check.changed_after is not None:
            origin = text._(
                "the list before the change recorded after round %(round)s",
                round=check.changed_after,
            )
        lines.append(
            text._(
                "Round %(round)s (%(source)s): %(count)s published places checked against"
                " %(list)s (%(origin)s).",
                round=check.round,
                source=check.source,
                count=check.ranks_compared,
                list=", ".join(column_abbreviation(label, lang) for label in check.tiebreaks),
                origin=origin,
            )
        )
        if check.agrees:
            lines.append("  " + text._("Every published place follows the list."))
            continue
        lines.append(
            "  "
            + text.plural(
                "%(places)s published place does not follow the list:",
                "%(places)s published places do not follow the list:",
                len(check.misplaced),
                places=len(check.misplaced),
            )
        )
        lines.extend("    " + misplaced_text(item, text) for item in check.misplaced)
    return lines


def misplaced_text(item: Misplaced, text: Phrases) -> str:
    """One position that does not follow the list, and why."""
    return text._(
        _REASONS[item.order],
        number=item.start_number,
        name=item.name,
        published=item.published_rank,
        computed=item.computed_rank,
        other=item.other,
        other_name=item.other_name,
        other_published=item.other_published_rank,
        criterion=column_abbreviation(item.criterion or "", text.lang),
        article=item.article,
        value=text.number(item.value),
        other_value=text.number(item.other_value),
    )


#: an exact decimal string such as "2.5"; null when undefined
ExactText = Annotated[str | None, Meta(description='an exact decimal string such as "2.5"')]


class MisplacedEntry(msgspec.Struct, kw_only=True):
    """A published place that does not follow the list: the participant (start or team
    number), its published and computed place, the participant the file orders the other
    way (0: none), how the list orders the pair, the deciding criterion (null: equal on the
    whole list), its C.07 article and both values."""

    id: int
    name: str
    published_rank: int
    computed_rank: int
    order: Annotated[str, Meta(description="ahead, behind, level, numbering or points")]
    other: int
    other_name: str
    other_published_rank: int
    criterion: str | None
    article: str
    value: ExactText
    other_value: ExactText


class RoundEntry(msgspec.Struct, kw_only=True):
    """One published standings checked: the file, the round, the list in force, where it
    comes from, the round after which a recorded change replaced it (null: none)."""

    source: str
    round: int
    tiebreaks: list[str]
    list_source: str
    changed_after: int | None
    ranks_compared: int
    agrees: bool
    misplaced: list[MisplacedEntry]


class RoundsDocument(msgspec.Struct, kw_only=True):
    """The positions checked round by round (the ``rounds`` of ``tiebreaks check --format
    json``)."""

    format: Literal["tiebreaks-round-check"]
    version: Annotated[int, Meta(description="1")]
    rounds: list[RoundEntry]


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else to_decimal_text(value)


def rounds_document(checks: Sequence[RoundCheck]) -> RoundsDocument:
    """The checks as a document."""
    return RoundsDocument(
        format="tiebreaks-round-check",
        version=1,
        rounds=[
            RoundEntry(
                source=check.source,
                round=check.round,
                tiebreaks=list(check.tiebreaks),
                list_source=check.list_source,
                changed_after=check.changed_after,
                ranks_compared=check.ranks_compared,
                agrees=check.agrees,
                misplaced=[_entry(item) for item in check.misplaced],
            )
            for check in checks
        ],
    )


def _entry(item: Misplaced) -> MisplacedEntry:
    return MisplacedEntry(
        id=item.start_number,
        name=item.name,
        published_rank=item.published_rank,
        computed_rank=item.computed_rank,
        order=item.order.value,
        other=item.other,
        other_name=item.other_name,
        other_published_rank=item.other_published_rank,
        criterion=item.criterion,
        article=item.article,
        value=_exact(item.value),
        other_value=_exact(item.other_value),
    )
