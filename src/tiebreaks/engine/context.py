"""The computation context: a tournament seen after round t, as integer arrays.

Points are integers in a fixed unit (``unit`` = the score system's common denominator, 2 for
1-½-0), so sums and comparisons are exact and fast; values leave as ``Fraction``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import chain
from operator import attrgetter
from typing import TypeVar, overload

from ..model import ABSENT, Colour, PairingSystem, ResultKind, RoundResult, Tournament
from ..model.rules import FIDE_2026, Rules
from ..model.team_matches import TeamTournament
from .arbiter import Exclusion, ManualValue
from .assignments import adjustment_units, assign_round_points, assignment_unit
from .memo import Key, Memo

NO_OPPONENT = -1
T = TypeVar("T")

#: every result of every participant, one after another (participant by participant): the
#: kinds, the opponents' indexes, whether with Black, the points in units
FlatLists = tuple[list[ResultKind], list[int], list[bool], list[int]]


@dataclass
class Context:
    """Arrays indexed ``[participant][round - 1]`` over the rounds considered (1..t)."""

    tournament: Tournament
    rules: Rules
    rounds: int
    unit: int
    predetermined: bool
    kinds: Sequence[list[ResultKind]]
    opponents: Sequence[list[int]]
    black: Sequence[list[bool]]
    points: Sequence[list[int]]
    #: the arrays derived from these results, computed once (see :mod:`.memo`)
    memoised: Memo = field(default_factory=Memo, repr=False, compare=False)
    #: the results as the flat lists the rows are cut from (None when the rows are lists of
    #: their own, e.g. after a correction): the grid is built from them in one pass
    flat: FlatLists | None = field(default=None, repr=False, compare=False)
    #: the rating given to unrated participants for every rating tie-break that does not set
    #: one with ``/U`` (C.07 (2026) Art. 10; the standings' ``unrated_rating`` option)
    unrated_rating: int | None = None
    #: True when unrated participants are left out of the rating tie-breaks (the second
    #: method of C.07 (2026) Art. 10; the standings' ``unrated_excluded`` option)
    unrated_excluded: bool = False
    #: the values the arbiter gave for MAN, by start number (the standings' ``manual_values``)
    manual: dict[int, ManualValue] = field(default_factory=dict, repr=False)
    #: the participants left out of the ranking, by start number (the standings' ``excluded``
    #: and ``exclude_withdrawn``): no value changes, the words of an explanation name them
    excluded: dict[int, Exclusion] = field(default_factory=dict, repr=False)
    #: True when the rating tie-breaks take each opponent's rating in force in the round
    #: played (``Tournament.round_ratings``); False: the first rating (C.07 (2026) Art. 10)
    rating_by_round: bool = False
    #: team tournaments: the score this context counts ("MP" or "GP"; "" for individuals),
    #: the contexts of both scores, and the team tournament with the board games
    score_type: str = ""
    views: dict[str, Context] = field(default_factory=dict)
    team: TeamTournament | None = None
    #: TRF26 299 penalties and bonuses per participant in units (empty: none); only the score
    #: (PTS) counts them (:mod:`.assignments`)
    adjustments: Sequence[int] = ()
    #: the (participant, round - 1) whose points a 299 record set
    assigned: frozenset[tuple[int, int]] = frozenset()

    @property
    def size(self) -> int:
        """Number of participants."""
        return len(self.kinds)

    @cached_property
    def win(self) -> int:
        """Points of a win over the board, in units (made once: explanations ask per line)."""
        return int(self.tournament.score_system.win * self.unit)

    @cached_property
    def loss(self) -> int:
        """Points of a loss over the board, in units (made once)."""
        return int(self.tournament.score_system.loss * self.unit)

    @cached_property
    def draw(self) -> int:
        """The draw value D of C.07 Art. 16, in units (made once)."""
        return int(self.tournament.score_system.draw * self.unit)

    def for_score(self, score: str) -> Context:
        """The context of a ``:MP`` / ``:GP`` score (team tournaments); this one otherwise."""
        return self.views.get(score, self) if score else self

    def memo(self, key: Key[T], compute: Callable[[], T]) -> T:
        """The derived value under ``key``, computed by ``compute`` the first time."""
        return self.memoised.value(key, compute)


def build_context(
    tournament: Tournament,
    rules: Rules,
    after_round: int | None = None,
    pairing_system: PairingSystem | None = None,
) -> Context:
    """Arrays of ``tournament`` over rounds 1..``after_round`` (default: all rounds).

    Every field is read for all results at once (C-level maps over one flat list of results),
    and the flat lists are kept as ``flat`` for the grid (:mod:`.grid`)."""
    rounds = tournament.rounds if after_round is None else after_round
    assigned = tournament.point_assignments
    unit = assignment_unit(assigned, tournament.score_system.denominator, "")
    table = {kind: int(value * unit) for kind, value in tournament.score_system.points.items()}
    results = _flat_results(tournament, rounds)
    size = len(tournament.players)
    kinds = list(map(_KIND, results))
    opponents = _opponent_indexes(tournament, list(map(_OPPONENT, results)))
    black = list(map(_BLACK.__getitem__, map(_COLOUR, results)))
    points = list(map(table.__getitem__, kinds))
    numbers = [player.start_number for player in tournament.players] if assigned else []
    replaced: frozenset[tuple[int, int]] = frozenset()
    if assigned:
        valued = tuple((item, int(item.points * unit)) for item in assigned)
        replaced = assign_round_points(points, kinds, numbers, rounds, valued)
    system = pairing_system or tournament.pairing_system
    return Context(
        tournament=tournament,
        rules=rules,
        rounds=rounds,
        unit=unit,
        predetermined=system.predetermined,
        kinds=Rows(kinds, rounds, size),
        opponents=Rows(opponents, rounds, size),
        black=Rows(black, rounds, size),
        points=Rows(points, rounds, size),
        flat=(kinds, opponents, black, points),
        adjustments=adjustment_units(numbers, rounds, assigned, unit, ""),
        assigned=replaced,
    )


def assigned_scores(tournament: Tournament) -> dict[int, Fraction]:
    """Each player's score (start number -> points) with the TRF26 299 assignments, as PTS
    counts it (:mod:`.assignments`); the rules do not change a score."""
    context = build_context(tournament, FIDE_2026)
    extra = context.adjustments or [0] * context.size
    return {
        player.start_number: Fraction(sum(row) + more, context.unit)
        for player, row, more in zip(tournament.players, context.points, extra, strict=True)
    }


_KIND = attrgetter("kind")
_RESULTS = attrgetter("results")
_OPPONENT = attrgetter("opponent")
_COLOUR = attrgetter("colour")
_BLACK = {Colour.BLACK: True, Colour.WHITE: False, Colour.NONE: False}


def _opponent_indexes(tournament: Tournament, numbers: list[int | None]) -> list[int]:
    """The index of each opponent's start number (``NO_OPPONENT`` for None). Start numbers
    that are close to 1..n are looked up in a list (about twice as fast as a dict on a
    million results); the readers have checked that every opponent exists."""
    starts = [player.start_number for player in tournament.players]
    highest = max(starts, default=0)
    if min(starts, default=1) < 1 or highest > 4 * len(starts) + 64:
        index_of: dict[int | None, int] = {number: i for i, number in enumerate(starts)}
        index_of[None] = NO_OPPONENT
        return list(map(index_of.__getitem__, numbers))
    position = [NO_OPPONENT] * (highest + 1)  # position[0] stands for "no opponent"
    for index, number in enumerate(starts):
        position[number] = index
    written: Iterable[int] = map(_ZERO_FOR_NONE.get, numbers, numbers)  # type: ignore[arg-type]
    return list(map(position.__getitem__, written))


_ZERO_FOR_NONE: dict[int | None, int] = {None: 0}


def _flat_results(tournament: Tournament, rounds: int) -> list[RoundResult]:
    """Every participant's results of rounds 1..``rounds``, one after another (a missing
    round is ``ABSENT``)."""
    every = list(map(_RESULTS, tournament.players))
    if set(map(len, every)) <= {rounds}:
        return list(chain.from_iterable(every))  # the usual case, in one pass in C
    flat: list[RoundResult] = []
    for player in tournament.players:
        results = player.results
        if len(results) == rounds:
            flat.extend(results)
        else:
            flat.extend(results[:rounds])
            flat.extend([ABSENT] * (rounds - len(results)))
    return flat


class Rows(Sequence[list[T]]):
    """One participant's rounds at a time, cut from one flat list when asked for (the engine
    reads the grid's arrays; only explanations and a few group tie-breaks read rows)."""

    def __init__(self, flat: list[T], rounds: int, size: int) -> None:
        self.flat = flat
        self.rounds = rounds
        self.size = size

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> list[T]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[T]]: ...

    def __getitem__(self, index: int | slice) -> list[T] | list[list[T]]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        return self.flat[index * self.rounds : (index + 1) * self.rounds]
