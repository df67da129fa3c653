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
from typing import Any, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

from ..model import ABSENT, Colour, PairingSystem, Player, ResultKind, RoundResult, Tournament
from ..model.columns import ResultColumns
from ..model.rules import FIDE_2026, Rules
from ..model.scoring import ScoreSystem
from ..model.team_matches import TeamTournament
from .arbiter import Exclusion, ManualValue
from .assignments import adjustment_units, assign_round_points, assignment_unit
from .memo import Key, Memo

NO_OPPONENT = -1
T = TypeVar("T")

#: the results as the arrays the grid is made of (rows: participants, columns: rounds): the
#: kind codes (positions in :class:`ResultKind`), the opponents' indexes, whether with Black,
#: the points in units (exact Python integers where int64 could overflow: :func:`fits_int64`)
Arrays = tuple[NDArray[np.int8], NDArray[np.int64], NDArray[np.bool_], NDArray[Any]]
#: the result kinds by code (a code is the kind's position in :class:`ResultKind`)
KINDS: tuple[ResultKind, ...] = tuple(ResultKind)


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
    #: the arrays the rows are read from (None when the rows are lists of their own, e.g.
    #: after a correction): the grid is made of them (:mod:`.grid`)
    arrays: Arrays | None = field(default=None, repr=False, compare=False)
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
    """Arrays of ``tournament`` over rounds 1..``after_round`` (default: all rounds), made
    from the columns of its results (:func:`columns_of`) in a few array operations;
    the rows of the context are read from them when asked for."""
    rounds = tournament.rounds if after_round is None else after_round
    assigned = tournament.point_assignments
    scoring = tournament.score_system
    unit = assignment_unit(assigned, scoring.denominator, "")
    kinds, opponents, black = _first_rounds(columns_of(tournament), rounds)
    exact = np.int64 if fits_int64(scoring, unit, rounds) else object
    table = np.array([int(scoring.points[kind] * unit) for kind in KINDS], dtype=exact)
    points = table[kinds]
    numbers = [player.start_number for player in tournament.players] if assigned else []
    replaced: frozenset[tuple[int, int]] = frozenset()
    if assigned:
        valued = tuple((item, int(item.points * unit)) for item in assigned)
        flat = points.ravel().tolist()
        named = list(map(KINDS.__getitem__, kinds.ravel().tolist()))
        replaced = assign_round_points(flat, named, numbers, rounds, valued)
        points = np.array(flat, dtype=exact).reshape(kinds.shape)
    system = pairing_system or tournament.pairing_system
    return Context(
        tournament=tournament,
        rules=rules,
        rounds=rounds,
        unit=unit,
        predetermined=system.predetermined,
        kinds=Rows(kinds, KINDS),
        opponents=Rows(opponents),
        black=Rows(black),
        points=Rows(points),
        arrays=(kinds, opponents, black, points),
        adjustments=adjustment_units(numbers, rounds, assigned, unit, ""),
        assigned=replaced,
    )


def _first_rounds(
    columns: ResultColumns, rounds: int
) -> tuple[NDArray[np.int8], NDArray[np.int64], NDArray[np.bool_]]:
    """The columns of rounds 1..``rounds`` (absences after the last column)."""
    if columns.rounds >= rounds:
        return columns.kind[:, :rounds], columns.opponent[:, :rounds], columns.black[:, :rounds]
    shape = (len(columns.results), rounds)
    kinds = np.full(shape, _CODE[ResultKind.ABSENT], dtype=np.int8)
    opponents = np.full(shape, NO_OPPONENT, dtype=np.int64)
    black = np.zeros(shape, dtype=np.bool_)
    width = columns.rounds
    kinds[:, :width], opponents[:, :width], black[:, :width] = (
        columns.kind,
        columns.opponent,
        columns.black,
    )
    return kinds, opponents, black


#: the largest score-system value (in units) times the rounds for which every sum and product
#: on int64 arrays (Sonneborn-Berger multiplies two scores) stays far inside int64
_LARGEST_SCORE = 2**24


def fits_int64(scoring: ScoreSystem, unit: int, rounds: int) -> bool:
    """True when no value computed on the grid can leave int64: the score system's values
    (in units) times the rounds stay below 2**24 and there are fewer than 4,096 rounds. Else
    the grid holds exact Python integers (NumPy object arrays): slower, never wrong."""
    largest = max((abs(value * unit) for value in scoring.points.values()), default=0)
    return largest * max(rounds, 1) < _LARGEST_SCORE and rounds < 4096


def assigned_scores(tournament: Tournament) -> dict[int, Fraction]:
    """Each player's score (start number -> points) with the TRF26 299 assignments, as PTS
    counts it (:mod:`.assignments`); the rules do not change a score."""
    context = build_context(tournament, FIDE_2026)
    extra = context.adjustments or [0] * context.size
    return {
        player.start_number: Fraction(sum(row) + more, context.unit)
        for player, row, more in zip(tournament.players, context.points, extra, strict=True)
    }


# ---------------------------------------------------------------------------------------------
# The results as columns: the reader's (:mod:`tiebreaks.model.columns`) while they still
# describe the players, else built here from the result objects (the one builder for every
# reader that reads results one by one and every tournament changed after reading)

_CODE: dict[ResultKind, int] = {kind: code for code, kind in enumerate(KINDS)}
_KIND = attrgetter("kind")
_RESULTS = attrgetter("results")
_OPPONENT = attrgetter("opponent")
_COLOUR = attrgetter("colour")
_BLACK = {Colour.BLACK: True, Colour.WHITE: False, Colour.NONE: False}
_ZERO_FOR_NONE: dict[int | None, int] = {None: 0}


def columns_of(tournament: Tournament) -> ResultColumns:
    """The columns of ``tournament``'s players: the reader's when they describe them, else
    built from the result objects (:func:`columns_from_results`)."""
    columns = tournament.result_columns
    if columns is not None and columns.describe(tournament.players):
        return columns
    return columns_from_results(tournament.players)


def columns_from_results(players: Sequence[Player]) -> ResultColumns:
    """The columns of ``players``, each field read for every result at once (C-level maps
    over one flat list of results); a player with fewer results than the longest row is
    absent in the rounds after their last."""
    rows = list(map(_RESULTS, players))
    rounds = max(map(len, rows), default=0)
    flat = _flat_results(rows, rounds)
    shape, count = (len(rows), rounds), len(flat)
    kinds = np.fromiter(map(_CODE.__getitem__, map(_KIND, flat)), np.int8, count)
    starts = [player.start_number for player in players]
    opponents = np.array(_opponent_indexes(starts, list(map(_OPPONENT, flat))), dtype=np.int64)
    black = np.fromiter(map(_BLACK.__getitem__, map(_COLOUR, flat)), np.bool_, count)
    return ResultColumns(rows, kinds.reshape(shape), opponents.reshape(shape), black.reshape(shape))


def _flat_results(rows: list[tuple[RoundResult, ...]], rounds: int) -> list[RoundResult]:
    """Every row's results one after another, each padded to ``rounds`` with absences."""
    if set(map(len, rows)) <= {rounds}:
        return list(chain.from_iterable(rows))  # the usual case, in one pass in C
    padding = (ABSENT,) * rounds
    return list(chain.from_iterable((row + padding)[:rounds] for row in rows))


def _opponent_indexes(starts: list[int], numbers: list[int | None]) -> list[int]:
    """The index of each opponent's start number (``NO_OPPONENT`` for None). Start numbers
    that are close to 1..n are looked up in a list (about twice as fast as a dict on a
    million results); the readers have checked that every opponent exists."""
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


class Rows(Sequence[list[T]]):
    """One participant's rounds at a time, as a list read from a matrix when asked for
    (the engine reads the grid's arrays; only explanations and a few group tie-breaks read
    rows); ``names`` turns each code into what it stands for (a kind's code into the kind)."""

    def __init__(self, matrix: NDArray[Any], names: Sequence[T] | None = None) -> None:
        self.matrix = matrix
        self.names = names

    def __len__(self) -> int:
        return int(self.matrix.shape[0])

    @overload
    def __getitem__(self, index: int) -> list[T]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[T]]: ...

    def __getitem__(self, index: int | slice) -> list[T] | list[list[T]]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        row: list[Any] = self.matrix[index].tolist()
        names = self.names
        return row if names is None else [names[code] for code in row]
