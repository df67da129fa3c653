"""Traces: what one participant's value of one tie-break was made of, as data.

The engine computes every value on arrays (:mod:`.grid`); for one participant it can also
return the :class:`Trace` of that value, made from the same arrays: one :class:`Entry` per
round (or game, or opponent) with what it adds, what it stands for (its :class:`Role`: an
opponent, a dummy or virtual opponent, a cap ...), whether a modifier cut it and why (its
:class:`Reason`, with the article), and the :class:`Step` s that turn the kept total into the
value (an average, a rounding, a table). For a group tie-break (DE, EDE, BC ...) the trace
holds the group's :class:`GroupTable`.

No sentence is made here: :mod:`tiebreaks.render.explanations` turns a trace into words, in
every language. For a sum (``is_sum``) the kept amounts add up to :attr:`Trace.total`; the
property tests check that the steps then give the value exactly.

Each family module registers one tracer per acronym with :func:`traces` (value tie-breaks)
or :func:`traces_group` (group tie-breaks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import lcm
from operator import mul
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .context import Context
    from .spec import TiebreakSpec

Number = Fraction | int | None


class Role(StrEnum):
    """What a round of an opponent-based sum stands for (C.07 (2026) Art. 8, 9, 15, 16)."""

    #: a game over the board: the opponent's score as seen by opponents (Art. 16.3)
    OPPONENT = "opponent"
    #: a forfeit counted as a game against its scheduled opponent (``/P``; Art. 15.2)
    FORFEIT_AS_GAME = "forfeit-as-game"
    #: an unplayed round: a dummy opponent with the participant's own score (Art. 16.4)
    DUMMY = "dummy"
    #: the dummy opponent capped by the scheduled opponent's adjusted score (Art. 16.4.1)
    DUMMY_CAPPED_BY_OPPONENT = "dummy-capped-by-opponent"
    #: the dummy opponent capped by the draw value times the rounds (Art. 16.4.2)
    DUMMY_CAPPED_BY_ROUNDS = "dummy-capped-by-rounds"
    #: the 2009 virtual opponent (C.02 13.16.2)
    VIRTUAL = "virtual"
    #: a regime without a stand-in: the round adds nothing
    NOTHING = "nothing"


class Reason(StrEnum):
    """Why a modifier removed an entry (C.07 (2026) Art. 14, 16.5)."""

    #: the least significant value (``/Cn``, Art. 14.1)
    LEAST_SIGNIFICANT = "least-significant"
    #: a voluntary unplayed round, cut before the least significant value (Art. 16.5)
    VOLUNTARY_UNPLAYED = "voluntary-unplayed"
    #: the most significant value (``/Mn``, Art. 14.3)
    MOST_SIGNIFICANT = "most-significant"
    #: one of the lowest values a US Chess median drops (US Chess rules 34E, 34E1)
    US_LOWEST = "us-lowest"
    #: one of the highest values a US Chess median drops (US Chess rules 34E, 34E1)
    US_HIGHEST = "us-highest"


#: the article of each reason
REASON_ARTICLES: dict[Reason, str] = {
    Reason.LEAST_SIGNIFICANT: "14.1",
    Reason.VOLUNTARY_UNPLAYED: "16.5",
    Reason.MOST_SIGNIFICANT: "14.3",
    Reason.US_LOWEST: "US 34E1",
    Reason.US_HIGHEST: "US 34E1",
}


@dataclass(slots=True, unsafe_hash=True)
class Entry:
    """One line of a trace: usually one round. Never changed once made (a changed copy is
    made with ``dataclasses.replace``); not a frozen dataclass only because a frozen one's
    ``__init__`` sets each field through ``object.__setattr__``, and the HTML page makes
    entries for every round of every participant.

    ``role`` says what the entry stands for (a :class:`Role`, or a family's own role code);
    ``amount`` is what it adds (None: information only). The other fields are the numbers the
    amount was made from, where they apply: ``opponent`` (an index; for a capped dummy the
    scheduled opponent), ``score`` (the score counted for the opponent or stand-in),
    ``actual`` (the opponent's score on the table, when ``score`` is adjusted),
    ``adjusted_rounds`` (the opponent's rounds counted as draws, Art. 16.3), ``weight`` (what
    the participant scored in that round, for Sonneborn-Berger), ``rating``, ``board`` (the
    board number of a team's board game)."""

    round: int | None
    role: str
    amount: Fraction | None
    opponent: int | None = None
    score: Fraction | None = None
    actual: Fraction | None = None
    adjusted_rounds: tuple[int, ...] = ()
    weight: Fraction | None = None
    rating: int | None = None
    kept: bool = True
    reason: Reason | None = None
    board: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """What is done with the total: ``code`` names the step (e.g. ``"mean"``, ``"rounded"``,
    ``"table"``), ``numbers`` are its inputs and result, ``article`` the article that asks
    for it."""

    code: str
    numbers: tuple[Number, ...] = ()
    article: str = ""


@dataclass(frozen=True, slots=True)
class GroupTable:
    """The mini-table of a group tie-break: the tied ``members`` (indexes), the games among
    them as (round, participant, opponent, points scored in units of ``unit``), each
    member's points inside the group, and the order the tie-break gave (parts, best first;
    one part when it did not separate them)."""

    members: tuple[int, ...]
    games: tuple[tuple[int, int, int, int], ...]
    points: dict[int, Fraction]
    order: tuple[tuple[int, ...], ...]
    unit: int = 1


@dataclass(frozen=True, slots=True)
class Trace:
    """Participant ``participant``'s value of ``spec`` and what it was made of."""

    spec: TiebreakSpec
    participant: int
    value: Fraction | None
    entries: tuple[Entry, ...] = ()
    steps: tuple[Step, ...] = ()
    #: the name of the rules regime the value was computed under (e.g. "fide-2026")
    rules: str = ""
    #: the kept amounts add up to :attr:`total`
    is_sum: bool = False
    group: GroupTable | None = None

    @property
    def total(self) -> Fraction:
        """The sum of the kept amounts, added as integers over their least common denominator
        (the same sum, without a fraction per addition: the amounts of a trace have one or
        two denominators; a total recurs, so the usual one is made once). The additions run
        in C (``map``, ``sum``): a page adds one total per participant and value."""
        ratios = [
            amount.as_integer_ratio()
            for entry in self.entries
            if entry.kept and (amount := entry.amount) is not None
        ]
        if not ratios:
            return amount_of(0)
        numerators, denominators = zip(*ratios, strict=True)
        if denominators.count(denominators[0]) == len(denominators):
            return amount_of(sum(numerators), denominators[0])
        denominator = lcm(*set(denominators))
        factors = map(denominator.__floordiv__, denominators)
        return amount_of(sum(map(mul, numerators, factors)), denominator)

    @property
    def opponents(self) -> dict[int, int]:
        """Entry position -> opponent index, for the entries against an opponent."""
        return {
            position: entry.opponent
            for position, entry in enumerate(self.entries)
            if entry.opponent is not None and entry.role in _AGAINST_OPPONENT
        }


_AGAINST_OPPONENT = frozenset({Role.OPPONENT, Role.FORFEIT_AS_GAME})


@lru_cache(maxsize=4096)
def amount_of(units: int, unit: int = 1) -> Fraction:
    """``units / unit`` as a fraction, made once: a field's traces repeat a few amounts
    hundreds of thousands of times (one object each, which the HTML page also uses to word
    each amount once)."""
    return Fraction(units, unit)


class Amounts(dict[int, Fraction]):
    """``units / unit`` for any number of units, each made once (:func:`amount_of`) and then
    found with one dictionary look-up: a tracer of the whole field asks for about a million
    amounts."""

    __slots__ = ("unit",)

    def __init__(self, unit: int) -> None:
        super().__init__()
        self.unit = unit

    def __missing__(self, units: int) -> Fraction:
        found = self[units] = amount_of(units, self.unit)
        return found


@lru_cache(maxsize=16)
def amounts_in(unit: int) -> Amounts:
    """The :class:`Amounts` of ``unit`` (one table per unit)."""
    return Amounts(unit)


Tracer = Callable[["Context", "TiebreakSpec", int], Trace]
#: a group tie-break: context, spec, the tied group it was applied to, the participant
GroupTracer = Callable[["Context", "TiebreakSpec", list[int], int], Trace]
_TRACERS: dict[str, Tracer] = {}
_GROUP_TRACERS: dict[str, GroupTracer] = {}


def traces(*acronyms: str) -> Callable[[Tracer], Tracer]:
    """Decorator registering the tracer of one or more value tie-breaks."""

    def decorate(tracer: Tracer) -> Tracer:
        for acronym in acronyms:
            if acronym in _TRACERS:
                raise ValueError(f"{acronym} has two tracers")
            _TRACERS[acronym] = tracer
        return tracer

    return decorate


def traces_group(*acronyms: str) -> Callable[[GroupTracer], GroupTracer]:
    """Decorator registering the tracer of a group tie-break. A participant not tied with
    anyone (a group of one) gets the tracer's trace without a value, as in the standings: a
    group tie-break applies only to participants still tied (C.07 (2026) Art. 6)."""

    def decorate(tracer: GroupTracer) -> GroupTracer:
        def traced(context: Context, spec: TiebreakSpec, group: list[int], index: int) -> Trace:
            trace = tracer(context, spec, group, index)
            return trace if len(group) > 1 else replace(trace, value=None)

        for acronym in acronyms:
            _GROUP_TRACERS[acronym] = traced
        return tracer

    return decorate


def tracer_for(acronym: str) -> Tracer | None:
    """The registered tracer of ``acronym`` (None if there is none)."""
    return _TRACERS.get(acronym)


def group_tracer_for(acronym: str) -> GroupTracer | None:
    """The registered tracer of a group tie-break (None if there is none)."""
    return _GROUP_TRACERS.get(acronym)
