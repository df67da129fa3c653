"""The catalogue: every registered tie-break by acronym or alias (C.07 Art. 5), in article
order. A family module registers its tie-breaks (:mod:`.registry`) when it is imported, and
it is imported the first time one of them is asked for (:data:`.families.FAMILIES`)."""

from __future__ import annotations

from ..errors import EVERY_NAME, UsageError
from ..lazy import load
from . import families
from .families import FAMILIES
from .registry import ALIASES, DEFINITIONS, Definition
from .spec import TiebreakSpec

#: every acronym and alias of a family, to its acronym and to its family module
_ACRONYM_OF = {
    code: acronym
    for members in FAMILIES.values()
    for acronym, aliases in members.items()
    for code in (acronym, *aliases)
}
_MODULE_OF = {code: module for module, members in FAMILIES.items() for code in members}


def codes() -> dict[str, str]:
    """Every acronym and alias (upper case) to its acronym, without loading a family."""
    return dict(_ACRONYM_OF)


def definition(acronym: str) -> Definition:
    """The catalogue entry of an acronym or alias (its family is loaded if it is not yet)."""
    if acronym not in DEFINITIONS and acronym in _ACRONYM_OF:
        load(_MODULE_OF[_ACRONYM_OF[acronym]], families.__name__)
    key = ALIASES.get(acronym, acronym)
    try:
        return DEFINITIONS[key]
    except KeyError:
        raise UsageError(f"unknown tie-break {acronym!r}", EVERY_NAME) from None


def catalogue() -> list[Definition]:
    """Every registered tie-break: C.07 in article order, then national systems."""
    for module in FAMILIES:
        load(module, families.__name__)
    return sorted(DEFINITIONS.values(), key=lambda entry: _article_key(entry.article))


def resolve(spec: TiebreakSpec, team: bool | None = False) -> tuple[TiebreakSpec, Definition]:
    """Canonical spec (aliases replaced, e.g. GE → REP) and its definition, checked for an
    individual (or, with ``team``, a team; with None, either) tournament."""
    entry = definition(spec.acronym)
    if entry.acronym != spec.acronym:
        spec = TiebreakSpec(**{**spec.__dict__, "acronym": entry.acronym})
    entry.check(spec, team)
    return spec, entry


def _article_key(article: str) -> tuple[int, tuple[int, ...], str]:
    """FIDE articles first, in numeric order; then national systems by their reference."""
    if article[:1].isdigit():
        return (0, tuple(int(part) for part in article.split(".") if part.isdigit()), "")
    return (1, (), article)
