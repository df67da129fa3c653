"""Where every tie-break registers itself, once, keyed by its FIDE acronym (C.07 Art. 5): the
family modules call :func:`tiebreak` or :func:`register`; :mod:`.catalogue` looks them up."""

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


DEFINITIONS: dict[str, Definition] = {}
ALIASES: dict[str, str] = {}


def register(definition: Definition) -> Definition:
    """Add a definition to the catalogue (once per acronym)."""
    if definition.acronym in DEFINITIONS:
        raise ValueError(f"{definition.acronym} registered twice")
    DEFINITIONS[definition.acronym] = definition
    for alias in definition.aliases:
        ALIASES[alias] = definition.acronym
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
