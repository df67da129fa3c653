"""The catalogue: every tie-break registered once, keyed by its FIDE acronym (C.07 Art. 5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..errors import UsageError
from .spec import TiebreakSpec

if TYPE_CHECKING:
    from .column import Column
    from .context import Context


class Kind(Enum):
    """How a tie-break is evaluated (C.07 (2026) Art. 4.3)."""

    VALUE = "value"  # a property of each participant (types B, C, D)
    GROUP = "group"  # depends on the tied group it is applied to (type A: DE)


Compute = Callable[["Context", TiebreakSpec], "Column"]
GroupOrder = Callable[["Context", TiebreakSpec, list[int]], list[list[int]]]


@dataclass(frozen=True)
class Definition:
    """One catalogue entry."""

    acronym: str
    name: str
    article: str
    type_code: str
    modifiers: str
    compute: Compute | None
    kind: Kind = Kind.VALUE
    rating_based: bool = False
    aliases: tuple[str, ...] = ()
    order_group: GroupOrder | None = None
    #: who it ranks: "individual", "team" or "both" (teams: C.07 (2026) Art. 11-13, MTB26)
    scope: str = "individual"

    def check(self, spec: TiebreakSpec, team: bool | None = False) -> None:
        """Reject modifiers this tie-break does not take, and a tie-break (or a ``:MP`` /
        ``:GP`` score) that does not apply to this kind of tournament (``team`` None: any)."""
        for modifier in spec.modifiers:
            if modifier[0] not in self.modifiers:
                allowed = ", ".join(f"/{letter}" for letter in self.modifiers) or "none"
                raise UsageError(
                    f"{spec.acronym} does not take the modifier /{modifier} (allowed: {allowed})"
                )
        if team is None:
            return
        if team and self.scope == "individual":
            raise UsageError(f"{spec.acronym} ranks individual players, not teams")
        if not team and self.scope == "team":
            raise UsageError(f"{spec.acronym} is a team tie-break (team tournaments only)")
        if spec.score and not team:
            raise UsageError(f"{spec}: ':{spec.score}' applies to team tournaments only")


_CATALOGUE: dict[str, Definition] = {}
_ALIASES: dict[str, str] = {}


def register(definition: Definition) -> Definition:
    """Add a definition to the catalogue (once per acronym)."""
    if definition.acronym in _CATALOGUE:
        raise ValueError(f"{definition.acronym} registered twice")
    _CATALOGUE[definition.acronym] = definition
    for alias in definition.aliases:
        _ALIASES[alias] = definition.acronym
    return definition


def tiebreak(
    acronym: str,
    name: str,
    article: str,
    type_code: str,
    modifiers: str = "",
    *,
    rating_based: bool = False,
    aliases: tuple[str, ...] = (),
    scope: str = "individual",
) -> Callable[[Compute], Compute]:
    """Decorator registering a value tie-break's compute function."""

    def decorate(compute: Compute) -> Compute:
        register(
            Definition(
                acronym,
                name,
                article,
                type_code,
                modifiers,
                compute,
                rating_based=rating_based,
                aliases=aliases,
                scope=scope,
            )
        )
        return compute

    return decorate


def definition(acronym: str) -> Definition:
    """The catalogue entry of an acronym or alias."""
    _load()
    key = _ALIASES.get(acronym, acronym)
    try:
        return _CATALOGUE[key]
    except KeyError:
        raise UsageError(f"unknown tie-break {acronym!r}; run 'tiebreaks list'") from None


def catalogue() -> list[Definition]:
    """Every registered tie-break: C.07 in article order, then national systems."""
    _load()
    return sorted(_CATALOGUE.values(), key=lambda entry: _article_key(entry.article))


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


def _load() -> None:
    """Import the family modules, which register their tie-breaks."""
    from .families import (  # noqa: F401
        buchholz,
        direct_encounter,
        game_counts,
        koya,
        progressive,
        ratings,
        sonneborn_berger,
        team,
        team_encounters,
    )
    from .families.national import german, us_chess  # noqa: F401
