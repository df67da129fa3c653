"""``tiebreaks check``: the comparison of published standings with ours, in plain words."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec

from ..engine.catalogue import definition
from ..engine.numbers import to_decimal_text
from ..engine.spec import parse_spec
from ..model.text import shown_text
from ..services.check import (
    VEGA_KS_ERROR,
    CheckReport,
    ColumnReadings,
    Unreproduced,
    Variant,
)
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
    columns: list[ColumnReadings] | None = None,
    rounds: Sequence[RoundCheck] = (),
    lang: str = "en",
) -> str:
    """Every difference as a sentence, then each published standings position by position
    (``rounds``, in ``lang``), then the readings that fit (with --infer): for a file with
    published values, per column (``columns``)."""
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
        lines.append(_nothing_compared(report, columns))
    elif report.agrees:
        lines.append("Everything agrees.")
    else:
        lines.append(f"{len(report.differences)} differences:")
        lines.extend(f"  {difference}" for difference in report.differences)
    lines.extend(rounds_lines(rounds, lang))
    if columns is not None:  # the published columns, in the list or not
        lines.extend(line for column in columns for line in column_lines(column))
    elif variants is not None and not report.nothing_compared:
        lines.extend(_variant_lines(variants, len(standings.columns)))
    return shown_text("\n".join(lines) + "\n")


def _nothing_compared(report: CheckReport, columns: list[ColumnReadings] | None) -> str:
    """Why no rank and no value was compared with the list: the file publishes none, or only
    values of tie-breaks the list does not hold (then --infer compares them, or -t names
    them)."""
    if not report.unmatched_columns:
        return NOTHING_TO_COMPARE
    published = ", ".join(report.unmatched_columns)
    if columns:
        return (
            f"None of the published columns ({published}) is in the list: nothing compared with"
            " it; the inference compares each column with every reading, below."
        )
    return (
        f"Nothing compared: the published columns ({published}) are not in the list; name them"
        f" in the tie-break list (e.g. PTS,{report.unmatched_columns[0]}), or let check infer"
        " the readings that give them."
    )


def compared_by_inference(report: CheckReport, columns: list[ColumnReadings] | None) -> bool:
    """True when the list compared nothing but --infer compared the published columns."""
    return report.nothing_compared and bool(columns)


#: the program readings in words (``str(spec)`` gives the modifier back)
_PROGRAMS = {"SM": "Swiss-Manager's"}
_NAMED_WITH = {
    "SB": "Sonneborn-Berger with Swiss-Manager's modified points",
    "ARO": "Average Rating of Opponents with Swiss-Manager's cut",
}


def reading_name(descriptor: str) -> str:
    """A descriptor in words, its program reading named: "Sonneborn-Berger with
    Swiss-Manager's modified points (SB/SM)"."""
    spec = parse_spec(descriptor)
    if spec.program and spec.acronym in _NAMED_WITH:
        return f"{_NAMED_WITH[spec.acronym]} ({descriptor})"
    return f"{definition(spec.acronym).name} ({descriptor})"


def column_lines(column: ColumnReadings) -> list[str]:
    """One column's readings: "TB4 = Sonneborn-Berger with Swiss-Manager's modified points
    (SB/SM), fide-2009: 220/220", or the closest reading and each value it does not give."""
    if column.readings:
        return [
            f"{column.label} = {reading_name(reading.tiebreaks[0])}, {reading.rules}:"
            f" {reading.matched}/{reading.compared}" + _printed(reading)
            for reading in column.readings
        ]
    if column.closest is None:
        return [f"{column.label}: no reading we know was tried"]
    closest = column.closest
    lines = [
        f"{column.label}: no reading we know gives every value; closest"
        f" {reading_name(closest.tiebreaks[0])}, {closest.rules}:"
        f" {closest.matched}/{closest.compared}" + _printed(closest)
    ]
    if column.program_error == VEGA_KS_ERROR:
        lines.append(
            f"  every {column.label} value is printed 0 in a double round robin: Vega's own"
            " error (its single round robins print Koya right); not a reading of the rules"
        )
    for value in column.unreproduced:
        lines.append("  " + _unreproduced(value, column.program_error))
    if column.unreproduced:
        lines.append(
            f"  each value of the closest reading line by line: tiebreaks explain FILE NUMBER"
            f" -t PTS,{closest.tiebreaks[0]} -r {closest.rules}"
        )
    return lines


def _printed(reading: Variant) -> str:
    return f" (values printed rounded {reading.rounding})" if reading.rounding else ""


def _unreproduced(value: Unreproduced, error: str) -> str:
    """One value no reading gives whole: published, the closest reading's, who gives it."""
    computed = "nothing" if value.computed is None else to_decimal_text(value.computed)
    text = (
        f"#{value.start_number} {value.name}: published {to_decimal_text(value.published)},"
        f" the closest reading gives {computed}"
    )
    if error == VEGA_KS_ERROR:
        return f"{text} (Vega's error)"
    if value.elsewhere:
        named = "; ".join(f"{descriptor} under {rules}" for rules, descriptor in value.elsewhere)
        return f"{text}; given by {named}"
    return f"{text}; no reading we know gives it"


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
        order = (
            ", ties left in pairing-number order as Vega ranks them"
            if variant.like == "vega"
            else ""
        )
        lines.append(
            f"  {what}{', '.join(variant.tiebreaks)} under {variant.rules}{order}"
            f" ({variant.matched} of {variant.compared} agree{rest})"
        )
    return lines


def check_json(
    report: CheckReport,
    variants: list[Variant] | None = None,
    columns: list[ColumnReadings] | None = None,
    rounds: Sequence[RoundCheck] = (),
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
        "nothing_to_compare": report.nothing_compared
        and not compared_by_inference(report, columns),
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
    if columns is not None:
        variants = [reading for column in columns for reading in column.readings]
        data["columns"] = [_column_json(column) for column in columns]
    if rounds:
        data["rounds"] = msgspec.to_builtins(rounds_document(rounds))["rounds"]
    if variants is not None:
        data["readings"] = [
            {
                "rules": v.rules,
                "tiebreaks": list(v.tiebreaks),
                "column": v.column or None,
                "like": v.like or None,
            }
            for v in variants
        ]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _column_json(column: ColumnReadings) -> dict[str, Any]:
    """One column's inference as JSON: its readings, or the closest and the values it does
    not give."""

    def reading(variant: Variant | None) -> dict[str, Any] | None:
        if variant is None:
            return None
        return {
            "rules": variant.rules,
            "tiebreak": variant.tiebreaks[0],
            "name": reading_name(variant.tiebreaks[0]),
            "matched": variant.matched,
            "compared": variant.compared,
            "rounding": variant.rounding or None,
        }

    return {
        "column": column.label,
        "compared": column.compared,
        "readings": [reading(variant) for variant in column.readings],
        "closest": reading(column.closest),
        "program_error": column.program_error or None,
        "unreproduced": [
            {
                "id": value.start_number,
                "name": value.name,
                "published": to_decimal_text(value.published),
                "closest": None if value.computed is None else to_decimal_text(value.computed),
                "given_by": [
                    {"rules": rules, "tiebreak": descriptor}
                    for rules, descriptor in value.elsewhere
                ],
            }
            for value in column.unreproduced
        ],
    }
