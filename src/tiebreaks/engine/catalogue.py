"""The catalogue: every registered tie-break by acronym or alias (C.07 Art. 5), in article
order. Importing :mod:`.families` registers every family (:mod:`.registry`)."""

from __future__ import annotations

from ..errors import UsageError
from . import families  # noqa: F401  (registers every tie-break)
from .registry import ALIASES, DEFINITIONS, Definition
from .spec import TiebreakSpec


def definition(acronym: str) -> Definition:
    """The catalogue entry of an acronym or alias."""
    key = ALIASES.get(acronym, acronym)
    try:
        return DEFINITIONS[key]
    except KeyError:
        raise UsageError(f"unknown tie-break {acronym!r}; run 'tiebreaks list'") from None


def catalogue() -> list[Definition]:
    """Every registered tie-break: C.07 in article order, then national systems."""
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
