"""``tiebreaks check``: the comparison of published standings with ours, in plain words."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec

from ..engine.numbers import to_decimal_text
from ..model.text import shown_text
from ..services.check import CheckReport, Variant
from ..services.check_rounds import RoundCheck
from .check_rounds import rounds_document, rounds_lines

#: what ``check`` says about a file without published ranks or tie-break values
NOTHING_TO_COMPARE = (
    "Nothing to compare: the file publishes no ranks and no tie-break values"
    " (a TRF's rank column, a JSON file's ranks or values)."
)


def check_text(
    report: CheckReport,
    variants: list[Variant] | None = None,
    rounds: Sequence[RoundCheck] = (),
    lang: str = "en",
) -> str:
    """Every difference as a sentence, then each published standings position by position
    (``rounds``, in ``lang``), then the readings that fit (with --infer)."""
    standings = report.standings
    lines = [
        f"Computed with {standings.rules} ({standings.rules_reason});"
        f" tie-breaks {', '.join(standings.columns)} ({standings.tiebreaks_source})",
        f"Compared {report.ranks_compared} ranks and {report.values_compared} tie-break values.",
    ]
    if report.unmatched_columns:
        lines.append(
            "Published columns not in the list (not compared): "
            + ", ".join(report.unmatched_columns)
        )
    if report.nothing_compared:
        lines.append(NOTHING_TO_COMPARE)
    elif report.agrees:
        lines.append("Everything agrees.")
    else:
        lines.append(f"{len(report.differences)} differences:")
        lines.extend(f"  {difference}" for difference in report.differences)
    lines.extend(rounds_lines(rounds, lang))
    if variants is not None and not report.nothing_compared:
        lines.extend(_variant_lines(variants, len(standings.columns)))
    return shown_text("\n".join(lines) + "\n")


def _variant_lines(variants: list[Variant], listed: int) -> list[str]:
    """The readings, closest to the file's list first; a list cut short is the part of it
    that decides (what follows separates nobody, whatever its variant)."""
    if not variants:
        return ["No regime or modifier variant we know reproduces the published numbers."]
    lines = ["Readings that reproduce the published numbers (each a different order):"]
    for variant in variants:
        what = f"column {variant.column!r} = " if variant.column else "list "
        rest = (
            "; the rest of the list decides nothing"
            if not variant.column and len(variant.tiebreaks) < listed
            else ""
        )
        lines.append(
            f"  {what}{', '.join(variant.tiebreaks)} under {variant.rules}"
            f" ({variant.matched} of {variant.compared} agree{rest})"
        )
    return lines


def check_json(
    report: CheckReport, variants: list[Variant] | None = None, rounds: Sequence[RoundCheck] = ()
) -> str:
    """The comparison as JSON text (``rounds``: the positions checked round by round, a
    :class:`~.check_rounds.RoundsDocument`)."""

    def number(value: Fraction | int | None) -> str | None:
        return None if value is None else to_decimal_text(value)

    data: dict[str, Any] = {
        "rules": str(report.standings.rules),
        "tiebreaks": list(report.standings.columns),
        "ranks_compared": report.ranks_compared,
        "values_compared": report.values_compared,
        "agrees": report.agrees and all(check.agrees for check in rounds),
        "nothing_to_compare": report.nothing_compared,
        "differences": [
            {
                "id": item.start_number,
                "name": item.name,
                "what": item.what,
                "published": number(item.published),
                "computed": number(item.computed),
            }
            for item in report.differences
        ],
        "unmatched_columns": list(report.unmatched_columns),
    }
    if rounds:
        data["rounds"] = msgspec.to_builtins(rounds_document(rounds))["rounds"]
    if variants is not None:
        data["readings"] = [
            {"rules": v.rules, "tiebreaks": list(v.tiebreaks), "column": v.column or None}
            for v in variants
        ]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
