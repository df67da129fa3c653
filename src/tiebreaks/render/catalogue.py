"""The catalogue as text for ``tiebreaks list``: every tie-break with its article, modifiers,
the regimes it follows and the names it is known by."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

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
    "S": "/SM Swiss-Manager's reading: SB weights an own unplayed round as a draw (its"
    " modified points); ARO's cuts remove unplayed rounds first",
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


def _article(entry: Definition) -> str:
    return f"Art. {entry.article}" if entry.article[:1].isdigit() else entry.article


#: the width ``tiebreaks list`` fits in (a terminal's default)
WIDTH = 80

#: what the type codes of C.07 (2026) Art. 5 mean (a two-letter type combines two kinds)
TYPES = (
    "A  the results among the participants still tied (a group tie-break)",
    "B  the participant's own results",
    "C  the opponents' scores",
    "D  the opponents' ratings",
    "two letters: both kinds, e.g. BC = own results weighted by the opponents' scores",
)


def table() -> str:
    """One line per tie-break (the name wrapped so that every line fits in :data:`WIDTH`
    columns), then what the type codes, the modifiers and the regimes mean. The other names
    of a tie-break are in ``tiebreaks list NAME``."""
    header = ("Code", "Type", "Article", "Modifiers", "Name")
    rows = [
        (
            entry.acronym,
            entry.type_code,
            _article(entry),
            " ".join(entry.modifiers) or "-",
            entry.name,
        )
        for entry in catalogue()
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header) - 1)]
    indent = sum(widths) + 2 * len(widths)
    lines = []
    for row in [header, *rows]:
        lead = "".join(cell.ljust(width + 2) for cell, width in zip(row, widths, strict=False))
        name = textwrap.wrap(row[-1], WIDTH - indent) or [""]
        lines.append(lead + name[0])
        lines.extend(" " * indent + more for more in name[1:])
    lines += ["", "Types (C.07 Art. 5):", *_wrapped(TYPES), "", "Modifiers:"]
    lines += _wrapped(MODIFIERS.values())
    lines += ["", "Regimes:"]
    lines += _wrapped((f"{rules.name:<14} {rules.title}" for rules in REGIMES.values()), 17)
    lines += [
        "",
        "A tie-break with the modifier V counts unplayed rounds as each regime says; the",
        "others count them the same in all regimes.",
        "Every name of one tie-break: tiebreaks list NAME (e.g. tiebreaks list BH)",
    ]
    return "\n".join(lines)


def _wrapped(texts: Iterable[str], hanging: int = 4) -> list[str]:
    """Each text indented by two, continued lines by ``hanging``, within :data:`WIDTH`
    columns."""
    return [
        line
        for text in texts
        for line in textwrap.wrap(
            text,
            WIDTH,
            initial_indent="  ",
            subsequent_indent=" " * hanging,
            break_on_hyphens=False,
        )
    ]


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
