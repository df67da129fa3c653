"""The catalogue as text for ``tiebreaks list``: every tie-break with its article, modifiers,
the regimes it follows and the names it is known by."""

from __future__ import annotations

from ..engine.catalogue import catalogue, definition
from ..engine.names import names_for, resolve_name
from ..engine.names_data import NAMES
from ..engine.registry import Definition
from ..model.rules import REGIMES

MODIFIERS = {
    "C": "/Cn cut the n least significant values (Art. 14.1, 14.2)",
    "M": "/Mn median: cut the n lowest, then the n highest (Art. 14.3, 14.4)",
    "L": "/L±n Koya limit moved by n half-points (Art. 9.2)",
    "P": "/P forfeits count as played games",
    "A": "/A BC, TBR, BBE over all of a team's matches, not only those among the tied teams"
    " (the FIDE reference engine's reading of Art. 12)",
    "F": "/F based on Fore Buchholz (Art. 8.2)",
    "R": "/R reverse order",
    "U": "/Un rating given to unrated participants",
    "V": "/V<code> unplayed-rounds regime of this tie-break: "
    + ", ".join(f"/V{rules.code} {rules.name}" for rules in REGIMES.values()),
}


def regimes_of(entry: Definition) -> str:
    """Which rules regimes change this tie-break."""
    if "V" in entry.modifiers:
        return "each regime (/V)"
    if entry.article.startswith("US"):
        return "US adjusted scores"
    return "the same in all"


def _short_names(entry: Definition, limit: int = 3) -> str:
    groups = names_for(entry.acronym)
    picked: list[str] = []
    for language in ("en", "de", "it", "fr", "es", "us", "historical"):
        for name in groups.get(language, ())[:1]:
            if name.casefold() not in {item.casefold() for item in picked} and len(picked) < limit:
                picked.append(name)
    return ", ".join(picked)


def _article(entry: Definition) -> str:
    return f"Art. {entry.article}" if entry.article[:1].isdigit() else entry.article


def table() -> str:
    """One line per tie-break, then the modifiers and the regimes."""
    rows = [
        (
            entry.acronym,
            entry.name,
            _article(entry),
            entry.type_code,
            " ".join(f"/{letter}" for letter in entry.modifiers) or "-",
            regimes_of(entry),
            _short_names(entry),
        )
        for entry in catalogue()
    ]
    header = ("Code", "Name", "Article", "Type", "Modifiers", "Unplayed rounds", "Also known as")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    ]
    lines += ["", "Modifiers:", *(f"  {text}" for text in MODIFIERS.values()), "", "Regimes:"]
    lines += [f"  {rules.name:<14} {rules.title}" for rules in REGIMES.values()]
    lines += ["", "All names of one tie-break: tiebreaks list NAME (e.g. tiebreaks list BH)"]
    return "\n".join(lines)


def details(name: str) -> str:
    """Everything about one tie-break: definition, modifiers, regimes and every name of it and
    of its named variants (``BH/C1`` ... for ``BH``)."""
    found = resolve_name(name)
    entry = definition(found.spec.acronym)
    lines = [
        f"{entry.acronym}: {entry.name} ({_article(entry)}, type {entry.type_code})",
        f"Typed {name!r}: {found.spec}" + (" (typo corrected)" if found.corrected else ""),
        f"Unplayed rounds: {regimes_of(entry)}",
        "Modifiers: " + ("; ".join(MODIFIERS[letter] for letter in entry.modifiers) or "none"),
    ]
    for descriptor in _variants(entry.acronym):
        lines.append(f"{descriptor}:")
        for group, names in names_for(descriptor).items():
            lines.append(f"  {group:<14} {'; '.join(names)}")
    if entry.aliases:
        lines.append(f"Codes also accepted: {', '.join(entry.aliases)}")
    return "\n".join(lines)


def _variants(acronym: str) -> list[str]:
    return [key for key in NAMES if key.split("/")[0] == acronym]
