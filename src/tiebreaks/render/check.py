"""``tiebreaks check``: the comparison of published standings with ours, in plain words, every
sentence through the gettext catalogs (``--lang``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec

from ..engine.numbers import to_decimal_text
from ..engine.spec import parse_spec
from ..model.text import shown_text
from ..services.check import (
    VEGA_KS_ERROR,
    CheckReport,
    ColumnReadings,
    Difference,
    Unreproduced,
    Variant,
)
from ..services.check_rounds import RoundCheck
from .check_rounds import rounds_document, rounds_lines
from .explanations.words import Phrases
from .i18n import N_, column_abbreviation, reason_text, tiebreak_name

#: what ``check`` says about a file without published ranks or tie-break values
NOTHING_TO_COMPARE = N_(
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
    (``rounds``), then the readings that fit (with --infer): for a file with published
    values, per column (``columns``); every sentence in ``lang``."""
    standings = report.standings
    text = Phrases(lang)
    lines = [
        text._(
            "Computed with %(rules)s (%(reason)s); tie-breaks %(list)s (%(source)s)",
            rules=standings.rules,
            reason=reason_text(standings.rules_reason, lang),
            list=", ".join(column_abbreviation(column, lang) for column in standings.columns),
            source=reason_text(standings.tiebreaks_source, lang),
        ),
        text._(
            "Compared %(ranks)s ranks and %(values)s tie-break values.",
            ranks=report.ranks_compared,
            values=report.values_compared,
        ),
    ]
    if report.unmatched_columns:
        lines.append(
            text._(
                "Published columns not in the list (not compared): %(columns)s",
                columns=", ".join(report.unmatched_columns),
            )
        )
    lines.extend(_outcome_lines(report, columns, text))
    lines.extend(rounds_lines(rounds, lang))
    if columns is not None:  # the published columns, in the list or not
        lines.extend(line for column in columns for line in column_lines(column, lang))
    elif variants is not None and not report.nothing_compared:
        lines.extend(_variant_lines(variants, len(standings.columns), text))
    return shown_text("\n".join(lines) + "\n")


def _outcome_lines(
    report: CheckReport, columns: list[ColumnReadings] | None, text: Phrases
) -> list[str]:
    """Nothing compared, everything agrees, or each difference in a sentence."""
    if report.nothing_compared:
        return [_nothing_compared(report, columns, text)]
    if report.agrees:
        return [text._("Everything agrees.")]
    count = len(report.differences)
    return [
        text.plural(
            "%(differences)s difference:", "%(differences)s differences:", count, differences=count
        ),
        *("  " + difference_text(difference, text) for difference in report.differences),
    ]


#: the sentence of a difference, by what differs (a published value's column is named)
_DIFFERENCES = {
    "rank": N_("#%(number)s %(name)s: the file says rank %(published)s, we compute %(computed)s"),
    "points": N_(
        "#%(number)s %(name)s: the file says %(label)s %(published)s, we compute %(computed)s"
    ),
    "value": N_(
        "#%(number)s %(name)s: the file says %(label)s %(published)s, we compute %(computed)s"
    ),
}


def difference_text(difference: Difference, text: Phrases | None = None) -> str:
    """One difference in a sentence (English unless ``text`` gives a language): "#4 David:
    the file says rank 4, we compute 3"."""
    text = text or Phrases()
    return text._(
        _DIFFERENCES[difference.kind],
        number=difference.start_number,
        name=difference.name,
        label=column_abbreviation(difference.what, text.lang),
        published=_number(difference.published, text),
        computed=_number(difference.computed, text),
    )


def _number(value: Fraction | int | None, text: Phrases) -> str:
    """A value in the language's decimal form, "nothing" (in the language) if there is none."""
    return text._("nothing") if value is None else text.number(value)


def _nothing_compared(
    report: CheckReport, columns: list[ColumnReadings] | None, text: Phrases
) -> str:
    """Why no rank and no value was compared with the list: the file publishes none, or only
    values of tie-breaks the list does not hold (then --infer compares them, or -t names
    them)."""
    if not report.unmatched_columns:
        return text._(NOTHING_TO_COMPARE)
    published = ", ".join(report.unmatched_columns)
    if columns:
        return text._(
            "None of the published columns (%(columns)s) is in the list: nothing compared with"
            " it; the inference compares each column with every reading, below.",
            columns=published,
        )
    return text._(
        "Nothing compared: the published columns (%(columns)s) are not in the list; name them"
        " in the tie-break list (e.g. PTS,%(first)s), or let check infer the readings that"
        " give them.",
        columns=published,
        first=report.unmatched_columns[0],
    )


def compared_by_inference(report: CheckReport, columns: list[ColumnReadings] | None) -> bool:
    """True when the list compared nothing but --infer compared the published columns."""
    return report.nothing_compared and bool(columns)


#: the program readings in words (``str(spec)`` gives the modifier back)
_NAMED_WITH = {
    "SB": N_("%(name)s with Swiss-Manager's modified points"),
    "ARO": N_("%(name)s with Swiss-Manager's cut"),
}
#: the ways of printing a value, in words (:data:`~tiebreaks.engine.numbers.ROUNDINGS`)
_ROUNDINGS = {
    "half up": N_("half up"),
    "half to even": N_("half to even"),
    "truncated": N_("truncated"),
}


def reading_name(descriptor: str, lang: str = "en") -> str:
    """A descriptor in words, its modifiers and its program reading named: "Buchholz (Cut 1)
    (BH/C1)", "Sonneborn-Berger with Swiss-Manager's modified points (SB/SM)" (the tie-break's
    name in ``lang``, :func:`~.i18n.tiebreak_name`)."""
    spec = parse_spec(descriptor)
    if spec.program and spec.acronym in _NAMED_WITH:
        plain = tiebreak_name(parse_spec(descriptor.rsplit("/", 1)[0]), lang)
        name = Phrases(lang)._(_NAMED_WITH[spec.acronym], name=plain)
    else:
        name = tiebreak_name(spec, lang)
    return f"{name} ({descriptor})"


def reading_text(reading: Variant, lang: str = "en") -> str:
    """A reading in words, as the check report and the web's check page show it:
    "Sonneborn-Berger with Swiss-Manager's modified points (SB/SM), fide-2009: 220/220"."""
    return (
        f"{reading_name(reading.tiebreaks[0], lang)}, {reading.rules}:"
        f" {reading.matched}/{reading.compared}" + _printed(reading, Phrases(lang))
    )


def column_lines(column: ColumnReadings, lang: str = "en") -> list[str]:
    """One column's readings: "TB4 = Sonneborn-Berger with Swiss-Manager's modified points
    (SB/SM), fide-2009: 220/220", or the closest reading and each value it does not give."""
    text = Phrases(lang)
    if column.readings:
        return [f"{column.label} = {reading_text(reading, lang)}" for reading in column.readings]
    if column.closest is None:
        return [text._("%(column)s: no reading we know was tried", column=column.label)]
    closest = column.closest
    lines = [
        text._(
            "%(column)s: no reading we know gives every value; closest %(reading)s,"
            " %(rules)s: %(matched)s/%(compared)s",
            column=column.label,
            reading=reading_name(closest.tiebreaks[0], lang),
            rules=closest.rules,
            matched=closest.matched,
            compared=closest.compared,
        )
        + _printed(closest, text)
    ]
    if column.program_error == VEGA_KS_ERROR:
        lines.append(
            "  "
            + text._(
                "every %(column)s value is printed 0 in a double round robin: Vega's own"
                " error (its single round robins print Koya right); not a reading of the rules",
                column=column.label,
            )
        )
    lines.extend(
        "  " + _unreproduced(value, column.program_error, text) for value in column.unreproduced
    )
    if column.unreproduced:
        lines.append(
            "  "
            + text._(
                "each value of the closest reading line by line: %(command)s",
                command=f"tiebreaks explain FILE NUMBER -t PTS,{closest.tiebreaks[0]}"
                f" -r {closest.rules}",
            )
        )
    return lines


def _printed(reading: Variant, text: Phrases) -> str:
    if not reading.rounding:
        return ""
    rounding = _ROUNDINGS.get(reading.rounding)
    shown = text._(rounding) if rounding else reading.rounding
    return " " + text._("(values printed rounded %(rounding)s)", rounding=shown)


def _unreproduced(value: Unreproduced, error: str, text: Phrases) -> str:
    """One value no reading gives whole: published, the closest reading's, who gives it."""
    fields = {
        "number": value.start_number,
        "name": value.name,
        "published": text.number(value.published),
        "computed": _number(value.computed, text),
    }
    if error == VEGA_KS_ERROR:
        return text._(
            "#%(number)s %(name)s: published %(published)s, the closest reading gives"
            " %(computed)s (Vega's error)",
            **fields,
        )
    if value.elsewhere:
        named = "; ".join(
            text._("%(tiebreak)s under %(rules)s", tiebreak=descriptor, rules=rules)
            for rules, descriptor in value.elsewhere
        )
        return text._(
            "#%(number)s %(name)s: published %(published)s, the closest reading gives"
            " %(computed)s; given by %(readings)s",
            readings=named,
            **fields,
        )
    return text._(
        "#%(number)s %(name)s: published %(published)s, the closest reading gives"
        " %(computed)s; no reading we know gives it",
        **fields,
    )


def _variant_lines(variants: list[Variant], listed: int, text: Phrases) -> list[str]:
    """The readings, closest to the file's list first; a list cut short is the part of it
    that decides (what follows separates nobody, whatever its variant)."""
    if not variants:
        return [text._("No regime or modifier variant we know reproduces the published numbers.")]
    lines = [text._("Readings that reproduce the published numbers (each a different order):")]
    for variant in variants:
        fields = {
            "list": ", ".join(variant.tiebreaks),
            "rules": variant.rules,
            "order": text._(", ties left in pairing-number order as Vega ranks them")
            if variant.like == "vega"
            else "",
            "matched": variant.matched,
            "compared": variant.compared,
        }
        if variant.column:
            line = text._(
                "column %(column)s = %(list)s under %(rules)s%(order)s"
                " (%(matched)s of %(compared)s agree)",
                column=repr(variant.column),
                **fields,
            )
        elif len(variant.tiebreaks) < listed:
            line = text._(
                "list %(list)s under %(rules)s%(order)s (%(matched)s of %(compared)s agree;"
                " the rest of the list decides nothing)",
                **fields,
            )
        else:
            line = text._(
                "list %(list)s under %(rules)s%(order)s (%(matched)s of %(compared)s agree)",
                **fields,
            )
        lines.append("  " + line)
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
