"""Rating-based tie-breaks, C.07 (2026) Art. 10: ARO (10.1), TPR (10.2), PTP (10.3),
APRO (10.4), APPO (10.5) and RTNG (10.6), on arrays, each with its trace.

Common rules:

* Only games played over the board count: rated ``1 = 0`` and, as in the FIDE reference
  engine, unrated ``W D L`` games. Forfeits never count, not even with pre-determined pairings
  (Art. 15.2), and neither do byes.
* Averages are rounded to the nearest whole number, 0.5 rounded up (Art. 10); the fractional
  score ``p`` of TPR likewise to hundredths. Every rounding is made by :func:`round_half_up`.
* Performances (TPR, PTP) use the standard 1-½-0 game results, whatever the event's score
  system, because the B.02 tables 8.1(a) and 8.1(b) are defined on them.
* Unrated participants (no rating, or 0): Art. 10 tie-breaks are removed from the list when
  unrated players take part, unless the event says how unrated players are treated. Two
  methods: a rating set for them (``/U<rating>`` on the tie-break, or the global value the
  standings layer sets as ``Context.unrated_rating``), or leaving them out
  (``Context.unrated_excluded``: games against an unrated opponent do not count in
  ARO, TPR, PTP, APRO, APPO, and an unrated participant's own RTNG is undefined, ranked
  last). ``/U`` on a tie-break wins over either global method. Without any, computing raises
  :class:`~tiebreaks.errors.UsageError`; callers check :func:`has_unrated_participants` first
  to drop the tie-break with a warning.
* Several ratings per participant (an event over rating periods, ``Tournament.round_ratings``):
  by default every participant's first rating counts (C.07 (2026) Art. 10); with
  ``Context.rating_by_round`` each game counts the opponent's rating in force in the round it
  was played (:func:`ratings_in_force`), in ARO, TPR, PTP and so in APRO and APPO. RTNG and the
  unrated methods read the first rating.

Every value is computed for the whole field at once on NumPy integer arrays (int64, or exact
Python integers when a rating is too large for int64 sums), at every size; the trace of one
participant is read from the same memoised arrays.

PTP is the smallest integer rating R with ``sum E(R - R_i) >= P``. ``E`` never decreases, so
E(d) counts the thresholds ``t_1 <= ... <= t_100`` (``t_k`` the smallest difference scoring k
hundredths) that d reaches, and for ``g`` games and ``m = ceil(P / g)`` the answer lies in
``[lowest opponent + t_m, highest opponent + t_m]``: every game scores at least m at the top,
fewer than m below the bottom. That bracket is halved for every participant at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple, TypeVar

import numpy as np

from ...errors import N_, ParameterHint, UsageError
from ..column import Column
from ..context import Context
from ..fide_tables import HUNDREDTHS, expected_score, rating_difference
from ..grid import Flags, Integers, grid
from ..memo import Key
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contributions, above, cuts_of_row, trimmed_sums
from ..trace import Entry, Reason, Role, Step, Trace, traces

_HALF_POINTS_PER_GAME = 2  # ResultKind.outcome: 2 win, 1 draw, 0 loss
_SPAN = 736  # table 8.1(b): E is 1.00 from a difference of 736 on, 0 from -736 down
#: table 8.1(b) unrolled: E(d) in hundredths at index d + 736, for d in -736 ... 736
EXPECTED: Integers = np.array(
    [expected_score(difference) for difference in range(-_SPAN, _SPAN + 1)], dtype=np.int64
)
#: table 8.1(a): dp(p) at index p (hundredths, 0 ... 100)
DIFFERENCE: Integers = np.array(
    [rating_difference(percentage) for percentage in range(HUNDREDTHS + 1)], dtype=np.int64
)
#: THRESHOLDS[k] (k = 1 ... 100): the smallest difference d with E(d) >= k hundredths;
#: index 0 (no points to reach) is never used for a search
THRESHOLDS: Integers = np.concatenate(
    ([0], np.searchsorted(EXPECTED, np.arange(1, HUNDREDTHS + 1), side="left") - _SPAN)
).astype(np.int64)
#: ratings up to this magnitude are held in int64 (their sums cannot overflow); larger ones
#: (a file may give any whole number) as exact Python integers
_INT64_RATING = 2**40


class RatingRole(StrEnum):
    """What an entry of a rating trace stands for (besides :attr:`Role.OPPONENT`, a game over
    the board whose amount is the opponent's rating or expected score)."""

    #: APRO, APPO: the opponent's own TPR or PTP in a game over the board
    OPPONENT_PERFORMANCE = "opponent-performance"
    #: RTNG: the participant's own rating
    OWN_RATING = "own-rating"


# --------------------------------------------------------------------------------------------
# Ratings and games


class Game(NamedTuple):
    """A game played over the board: round (1-based), opponent's index and the outcome in
    half-points from the participant's side (2 win, 1 draw, 0 loss)."""

    round: int
    opponent: int
    outcome: int


def _own_ratings(context: Context) -> Integers:
    """Every participant's rating as given, 0 for unrated (cached); int64 when every rating
    fits :data:`_INT64_RATING`, else exact Python integers."""

    def compute() -> Integers:
        listed = [player.rating or 0 for player in context.tournament.players]
        try:
            own = np.array(listed, dtype=np.int64)
        except OverflowError:
            return np.array(listed, dtype=object)
        if own.size and np.abs(own).max() >= _INT64_RATING:
            return np.array(listed, dtype=object)
        return own

    return context.memo(_OWN, compute)


def has_unrated_participants(context: Context) -> bool:
    """True when a participant has no rating (None or 0): C.07 (2026) Art. 10 then removes the
    rating tie-breaks unless the event sets a rating for unrated players."""
    return bool((_own_ratings(context) == 0).any())


def unrated_rating(context: Context, spec: TiebreakSpec) -> int | None:
    """The rating given to unrated participants: ``/U<rating>`` on the tie-break, else the
    global value ``context.unrated_rating``, else None."""
    if spec.unrated_rating is not None:
        return spec.unrated_rating
    return context.unrated_rating


def excludes_unrated(context: Context, spec: TiebreakSpec) -> bool:
    """True when unrated participants take part and are left out of ``spec`` (the second
    method of Art. 10, asked for globally; a ``/U<rating>`` on the tie-break wins)."""
    return (
        spec.unrated_rating is None
        and context.unrated_excluded
        and has_unrated_participants(context)
    )


def _fallback_rating(context: Context, spec: TiebreakSpec) -> int | None:
    """The rating for unrated participants if there are any (None when everyone is rated or
    they are left out); raises UsageError when unrated participants take part and no method
    is set (Art. 10)."""
    if not has_unrated_participants(context):
        return None
    fallback = unrated_rating(context, spec)
    if fallback is None and excludes_unrated(context, spec):
        return None
    if fallback is None:
        raise UsageError(
            f"{spec}: unrated participants take part, so C.07 Art. 10 removes this tie-break "
            f"unless a rating is set for them: use {spec.acronym}/U<rating> "
            f"(e.g. {spec.acronym}/U1400)",
            ParameterHint("unrated_rating", N_("or set one for every tie-break with {}")),
        )
    return fallback


def rating_array(context: Context, spec: TiebreakSpec) -> tuple[int | None, Integers]:
    """The rating set for unrated participants (None when everyone is rated) and every
    participant's rating for ``spec`` as an array (Art. 10; UsageError when unrated
    participants take part and no rating is set for them)."""
    fallback = _fallback_rating(context, spec)
    own = _own_ratings(context)
    if fallback is None:
        return None, own

    def compute() -> Integers:
        if own.dtype != object and abs(fallback) >= _INT64_RATING:
            return np.where(own == 0, fallback, own.astype(object))
        return np.where(own == 0, fallback, own)

    return fallback, context.memo(_WITH_UNRATED.of(fallback), compute)


def by_round(context: Context) -> bool:
    """True when the games count the opponent's rating in force in their round: asked for,
    and participants of an individual event have several ratings."""
    return context.rating_by_round and bool(context.tournament.round_ratings) and not context.team


def ratings_in_force(context: Context, spec: TiebreakSpec) -> Integers:
    """The ratings the games of ``spec`` count: every participant's rating (as
    :func:`rating_array`), or with :func:`by_round` a (participant, round) array of the rating
    in force in each round (the first rating until a later one of ``round_ratings``)."""
    fallback, own = rating_array(context, spec)
    if not by_round(context):
        return own

    def compute() -> Integers:
        in_force = np.repeat(own[:, None], context.rounds, axis=1)
        index = {player.start_number: i for i, player in enumerate(context.tournament.players)}
        later = sorted(context.tournament.round_ratings, key=lambda item: item.from_round)
        for item in later:  # a later rating overwrites from its round on
            row = index.get(item.start_number)
            if row is not None and item.from_round <= context.rounds:
                in_force[row, item.from_round - 1 :] = item.rating
        return in_force

    return context.memo(_IN_FORCE.of(fallback), compute)


def participant_ratings(context: Context, spec: TiebreakSpec) -> list[int]:
    """Every participant's rating for ``spec`` (unrated participants get the rating set by
    ``/U`` or the global option; UsageError if none is set)."""
    return rating_array(context, spec)[1].tolist()  # type: ignore[no-any-return]


def games_over_the_board(context: Context) -> list[list[Game]]:
    """Every participant's games played over the board, as lists (cached); forfeits and byes
    excluded (C.07 (2026) Art. 10 and 15.2). The arrays of the same games are
    :func:`board_games`."""
    return context.memo(_GAME_LISTS, lambda: _games(context))


def _games(context: Context) -> list[list[Game]]:
    games = board_games(context)
    opponents = games.opponent.tolist()
    outcomes = grid(context).outcome.tolist()
    return [
        [
            Game(column + 1, opponents[index][column], outcomes[index][column])
            for column in np.flatnonzero(row).tolist()
        ]
        for index, row in enumerate(games.played)
    ]


class Games(NamedTuple):
    """Games over the board as arrays (C.07 (2026) Art. 10; forfeits and byes excluded)."""

    played: Flags  # (n, rounds): a game over the board against an opponent
    opponent: Integers  # (n, rounds): the opponent's index where played, 0 elsewhere
    number_of_games: Integers  # games per participant
    half_points: Integers  # points scored in them on the 1-1/2-0 scale, in half-points


def _games_of(context: Context, played: Flags, opponent: Integers) -> Games:
    """The games marked in ``played`` (opponents in ``opponent``) as arrays."""
    return Games(
        played=played,
        opponent=np.where(played, opponent, 0),
        number_of_games=played.sum(axis=1),
        half_points=np.where(played, grid(context).outcome, 0).sum(axis=1),
    )


def board_games(context: Context) -> Games:
    """Every participant's games over the board as arrays (cached)."""

    def compute() -> Games:
        table = grid(context)
        return _games_of(context, table.played & (table.opponent >= 0), table.opponent)

    return context.memo(_GAMES, compute)


def counted_games(context: Context, spec: TiebreakSpec) -> Games:
    """The games over the board that count for ``spec``: all of them, or, when unrated
    participants are left out (:func:`excludes_unrated`), those against a rated opponent."""
    games = board_games(context)
    if not excludes_unrated(context, spec):
        return games

    def compute() -> Games:
        rated = _own_ratings(context)[games.opponent] != 0
        return _games_of(context, games.played & rated, games.opponent)

    return context.memo(_GAMES_AGAINST_RATED, compute)


def _method(context: Context, spec: TiebreakSpec) -> Hashable:
    """The treatment of unrated participants for ``spec``, as a cache key: their rating,
    "excluded", or None (everyone is rated); paired with "by-round" when games count the
    rating in force in their round."""
    method = "excluded" if excludes_unrated(context, spec) else rating_array(context, spec)[0]
    return (method, "by-round") if by_round(context) else method


def _opponent_ratings(games: Games, ratings: Integers) -> Integers:
    """The opponent's rating in each game over the board, 0 elsewhere; ``ratings`` is one per
    participant, or one per participant and round (the rating in force in that round)."""
    if ratings.ndim == 2:
        rounds = np.arange(games.played.shape[1])[None, :]
        return np.where(games.played, ratings[games.opponent, rounds], 0)
    return np.where(games.played, ratings[games.opponent], 0)


# --------------------------------------------------------------------------------------------
# The values, for every participant at once

_N = TypeVar("_N", int, Integers)


def round_half_up(numerator: _N, denominator: _N) -> _N:
    """``numerator / denominator`` rounded to the nearest integer, halves up (C.07 (2026)
    Art. 10), as ``floor((2 n + d) / 2d)`` (denominator > 0): the one rounding of this family,
    on arrays or integers."""
    return (2 * numerator + denominator) // (2 * denominator)


class Means(NamedTuple):
    """Means of whole numbers: per participant the total, how many (the divisor; 0: the mean
    is undefined and ranked last) and the mean rounded half up (meaningless where undefined)."""

    total: Integers
    divisor: Integers
    value: Integers

    @property
    def defined(self) -> Flags:
        """Where the mean is defined."""
        return self.divisor > 0


def means(total: Integers, count: Integers) -> Means:
    """The :class:`Means` of ``total`` over ``count``."""
    return Means(total, count, round_half_up(total, np.maximum(count, 1)))


def average_ratings(games: Games, ratings: Integers) -> Means:
    """ARO (Art. 10.1): the mean rating of the opponents met over the board."""
    return means(_opponent_ratings(games, ratings).sum(axis=1), games.number_of_games)


def _rating_items(games: Games, ratings: Integers) -> Contributions:
    """The opponents' ratings as contributions (key and value the rating) for the cuts."""
    listed = _opponent_ratings(games, ratings)
    return Contributions(listed, listed, games.played, np.zeros_like(games.played))


def cut_average_ratings(
    games: Games, ratings: Integers, cut: int, median: int, absorbed: Integers | int = 0
) -> Means:
    """ARO with ``/Cn`` or ``/Mn`` (Art. 10.1, 14.1, 14.3): the ``cut + median`` lowest
    ratings left out, then the ``median`` highest (as many as there are; no Art. 16.5
    exception); undefined when none is left. ``absorbed``: per participant, how many of the
    low cuts fall on rounds without a game instead (``/SM``, :func:`absorbed_cuts`)."""
    listed = _opponent_ratings(games, ratings)
    ordered = np.sort(np.where(games.played, listed, above(listed)), axis=1)
    inside = np.arange(ordered.shape[1])[None, :] < games.number_of_games[:, None]
    lowest = np.maximum(cut + median - np.asarray(absorbed), 0)
    total, kept = trimmed_sums(np.where(inside, ordered, 0), games.number_of_games, lowest, median)
    return means(total, kept)


def absorbed_cuts(context: Context, games: Games, spec: TiebreakSpec) -> Integers | int:
    """How many of ``spec``'s low cuts fall on rounds without a game, per participant: none
    (C.07 Art. 10.1, 14: only games over the board count, the cut removes the lowest-rated
    opponent), or with ``/SM`` each round without a game over the board is cut first, as
    Swiss-Manager's ARO Cut does (and the FIDE reference engine's 2022 rule set for the
    World Rapid and Blitz): the value is then the plain mean of the opponents met."""
    if spec.program != "SM":
        return 0
    return np.minimum(context.rounds - games.number_of_games, spec.cut + spec.median)


class Performances(NamedTuple):
    """TPR (Art. 10.2) of every participant: the ARO, ``p`` in hundredths and ``dp`` of B.02
    table 8.1(a) (0 without games), and ARO + dp."""

    average: Means
    percentage: Integers
    difference: Integers
    value: Integers


def performance_ratings(games: Games, ratings: Integers) -> Performances:
    """TPR (Art. 10.2): rounded ARO + dp(p), p the fractional score in hundredths rounded
    half up (B.02 table 8.1(a)); undefined without games."""
    average = average_ratings(games, ratings)
    percentage = round_half_up(
        games.half_points * HUNDREDTHS,
        np.maximum(games.number_of_games, 1) * _HALF_POINTS_PER_GAME,
    )
    difference = DIFFERENCE[percentage]
    return Performances(average, percentage, difference, average.value + difference)


def expected_scores(differences: Integers) -> Integers:
    """B.02 table 8.1(b) for every rating difference (own - opponent's, full scale), in
    hundredths."""
    clipped = np.clip(differences, -_SPAN, _SPAN).astype(np.intp, copy=False)
    clipped += _SPAN  # the table's index (a new array: ``differences`` is not changed)
    return EXPECTED[clipped]


class PerfectPerformances(NamedTuple):
    """PTP (Art. 10.3) of every participant: the rating found, the points to reach in
    hundredths, the bracket searched, and where it is defined (a game over the board)."""

    value: Integers
    target: Integers
    low: Integers
    high: Integers
    defined: Flags


def perfect_performances(games: Games, ratings: Integers) -> PerfectPerformances:
    """PTP (Art. 10.3): the smallest integer R whose expected scores (B.02 table 8.1(b), full
    difference scale) add up to the points scored; lowest opponent rating - 800 for a zero
    score; undefined without games. Bisection of every participant's bracket at once."""
    listed = _opponent_ratings(games, ratings)
    defined = games.number_of_games > 0
    largest = above(listed)
    lowest = np.where(
        defined, np.where(games.played, listed, largest).min(axis=1, initial=largest), 0
    )
    highest = np.where(
        defined, np.where(games.played, listed, -largest).max(axis=1, initial=-largest), 0
    )
    target = games.half_points * HUNDREDTHS // _HALF_POINTS_PER_GAME
    share = -(-target // np.maximum(games.number_of_games, 1))  # m = ceil(P / g)
    searched = target > 0
    low = np.where(searched, lowest + THRESHOLDS[share], lowest + rating_difference(0))
    high = np.where(searched, highest + THRESHOLDS[share], low)
    # a round without a game: an opponent so high that E = 0 at any R of the bracket
    opponents = np.where(games.played, listed, (highest + 2 * _SPAN)[:, None]).T
    found = _bisect(low, high, target, opponents)
    return PerfectPerformances(found, target, low, high, defined)


def _bisect(low: Integers, high: Integers, target: Integers, opponents: Integers) -> Integers:
    """Halve every bracket until low == high: the smallest R reaching the target. A closed
    bracket stays closed (the expected total at ``high`` reaches the target, or the target
    is 0), so every row is computed in each step (cheaper than picking the open ones)."""
    while (low < high).any():
        middle = (low + high) // 2
        reached = expected_scores(middle[None, :] - opponents).sum(axis=0) >= target
        low, high = np.where(reached, low, middle + 1), np.where(reached, middle, high)
    return low


def opponents_average(games: Games, values: Integers, defined: Flags) -> Means:
    """APRO (Art. 10.4) and APPO (10.5): the mean of the opponents' values over the games
    played over the board, each game counted separately (Art. 4.4), undefined values left
    out; undefined when none is left."""
    counted = games.played & defined[games.opponent]
    total = np.where(counted, values[games.opponent], 0).sum(axis=1)
    return means(total, counted.sum(axis=1))


# --------------------------------------------------------------------------------------------
# Per context, for the rating set by the spec (cached)

_OWN: Key[Integers] = Key("ratings-own")
#: every participant's rating with the rating set for unrated participants
_WITH_UNRATED: Key[Integers] = Key("ratings-with-unrated")
#: with :func:`by_round`: the rating in force of every participant in every round
_IN_FORCE: Key[Integers] = Key("ratings-in-force")
_GAME_LISTS: Key[list[list[Game]]] = Key("rating-game-lists")
_GAMES: Key[Games] = Key("rating-games")
#: per rating for unrated participants (and ARO's cut and median): the values
_GAMES_AGAINST_RATED: Key[Games] = Key("ratings-games-against-rated")
_ARO: Key[Means] = Key("ARO")
_TPR: Key[Performances] = Key("TPR")
_PTP: Key[PerfectPerformances] = Key("PTP")


def _averages(context: Context, spec: TiebreakSpec) -> Means:
    """ARO of every participant, with the spec's ``/Cn`` ``/Mn``."""
    ratings = ratings_in_force(context, spec)
    games = counted_games(context, spec)
    key = _ARO.of(_method(context, spec), spec.cut, spec.median, spec.program)
    if not spec.cut and not spec.median:
        return context.memo(key, lambda: average_ratings(games, ratings))
    absorbed = absorbed_cuts(context, games, spec)
    return context.memo(
        key, lambda: cut_average_ratings(games, ratings, spec.cut, spec.median, absorbed)
    )


def _performances(context: Context, spec: TiebreakSpec) -> Performances:
    """TPR of every participant."""
    ratings = ratings_in_force(context, spec)
    games = counted_games(context, spec)
    return context.memo(
        _TPR.of(_method(context, spec)), lambda: performance_ratings(games, ratings)
    )


def _perfect(context: Context, spec: TiebreakSpec) -> PerfectPerformances:
    """PTP of every participant."""
    ratings = ratings_in_force(context, spec)
    games = counted_games(context, spec)
    return context.memo(
        _PTP.of(_method(context, spec)), lambda: perfect_performances(games, ratings)
    )


def _opponents_means(context: Context, spec: TiebreakSpec) -> Means:
    """APRO (mean TPR of the opponents) or APPO (mean PTP) of every participant."""
    games = counted_games(context, spec)
    if spec.acronym == "APRO":
        own = _performances(context, spec)
        return opponents_average(games, own.value, own.average.defined)
    perfect = _perfect(context, spec)
    return opponents_average(games, perfect.value, perfect.defined)


def _column(spec: TiebreakSpec, values: Integers, defined: Flags) -> Column:
    """The column of ``values``, undefined (None, ranked last) where not ``defined``."""
    objects = values.astype(object)
    objects[~defined] = None
    return Column(spec, objects.tolist())


@tiebreak("ARO", "Average Rating of Opponents", "10.1", "D", "CMUS", rating_based=True)
def average_rating_of_opponents(context: Context, spec: TiebreakSpec) -> Column:
    """ARO (C.07 (2026) Art. 10.1): mean rating of the opponents met over the board, rounded
    half up; ``/Cn`` and ``/Mn`` drop the lowest (and highest) ratings first."""
    found = _averages(context, spec)
    return _column(spec, found.value, found.defined)


@tiebreak("TPR", "Tournament Performance Rating", "10.2", "DB", "U", rating_based=True)
def tournament_performance_rating(context: Context, spec: TiebreakSpec) -> Column:
    """TPR (C.07 (2026) Art. 10.2): ARO + dp(p) of B.02 table 8.1(a)."""
    found = _performances(context, spec)
    return _column(spec, found.value, found.average.defined)


@tiebreak("PTP", "Perfect Tournament Performance", "10.3", "DB", "U", rating_based=True)
def perfect_tournament_performance(context: Context, spec: TiebreakSpec) -> Column:
    """PTP (C.07 (2026) Art. 10.3): smallest rating whose expected score reaches the points."""
    found = _perfect(context, spec)
    return _column(spec, found.value, found.defined)


@tiebreak("APRO", "Average Performance Rating of Opponents", "10.4", "DC", "U", rating_based=True)
def average_performance_rating_of_opponents(context: Context, spec: TiebreakSpec) -> Column:
    """APRO (C.07 (2026) Art. 10.4): mean TPR of the opponents met over the board."""
    found = _opponents_means(context, spec)
    return _column(spec, found.value, found.defined)


@tiebreak("APPO", "Average Perfect Performance of Opponents", "10.5", "DC", "U", rating_based=True)
def average_perfect_performance_of_opponents(context: Context, spec: TiebreakSpec) -> Column:
    """APPO (C.07 (2026) Art. 10.5): mean PTP of the opponents met over the board."""
    found = _opponents_means(context, spec)
    return _column(spec, found.value, found.defined)


@tiebreak("RTNG", "Rating", "10.6", "B", "RU", rating_based=True)
def rating(context: Context, spec: TiebreakSpec) -> Column:
    """RTNG (C.07 (2026) Art. 10.6): the participant's own rating, higher is better;
    ``RTNG/R`` reverses the order (lower is better)."""
    ratings = rating_array(context, spec)[1]
    listed: list[int | None] = ratings.tolist()
    if excludes_unrated(context, spec):
        listed = [value or None for value in listed]  # left out: undefined, ranked last
    return Column(spec, listed, higher_is_better=not spec.reverse)


# --------------------------------------------------------------------------------------------
# Traces: read from the same arrays as the values above.
#
# Steps (``Step.code``: numbers): "modifier": (lowest cut, highest cut, removed, games);
# "mean": (total, count, exact mean); "rounded": (exact mean, value); "undefined": (games,);
# "score": (points, games, points / games, p); "table": (p, dp); "performance": (ARO, dp,
# TPR); "points": (points, games); "zero-score": (lowest opponent rating, dp(0), PTP);
# "search": (low, high); "reached": (R, expected total, points); "short": (R - 1, expected
# total, points); "order": (1 when /R reverses it, else 0); "ratings-used": (1 by round or
# 0 first ratings, games counted with a rating other than the opponent's first; -1: the
# opponents' performances, APRO and APPO).


def _value(values: Integers, defined: Flags, index: int) -> Fraction | None:
    return Fraction(int(values[index])) if defined[index] else None


def _game_entries(
    games: Games, ratings: Integers, index: int, cuts: dict[int, Reason] | None = None
) -> list[Entry]:
    """One entry per game over the board: the opponent and their rating (the amount), and
    the cut of ``/Cn`` ``/Mn`` where one removed it."""
    cuts = cuts or {}
    entries = []
    listed = _opponent_ratings(games, ratings)[index]
    for column in np.flatnonzero(games.played[index]).tolist():
        opponent = int(games.opponent[index, column])
        rated = int(listed[column])
        reason = cuts.get(column)
        entries.append(
            Entry(
                round=column + 1,
                role=Role.OPPONENT,
                amount=Fraction(rated),
                opponent=opponent,
                rating=rated,
                kept=reason is None,
                reason=reason,
            )
        )
    return entries


def _left_out(context: Context, spec: TiebreakSpec, index: int) -> list[Step]:
    """ "unrated-left-out": (games,) when unrated participants are left out and ``index``
    played that many games against them (they do not count, Art. 10); else nothing."""
    if not excludes_unrated(context, spec):
        return []
    every = int(board_games(context).number_of_games[index])
    left = every - int(counted_games(context, spec).number_of_games[index])
    return [Step("unrated-left-out", (left,), "10")] if left else []


def _ratings_used(context: Context, spec: TiebreakSpec, index: int) -> list[Step]:
    """ "ratings-used": (1 when each game counts the rating in force in its round, 0 for
    the first ratings; games counted with a rating other than the opponent's first, -1 for
    APRO and APPO, whose amounts are the opponents' performances) when participants have
    several ratings; else nothing."""
    if not context.tournament.round_ratings or context.team:
        return []
    if not by_round(context):
        return [Step("ratings-used", (0, 0), "10")]
    if spec.acronym in ("APRO", "APPO"):
        return [Step("ratings-used", (1, -1), "10")]
    games = counted_games(context, spec)
    first = _opponent_ratings(games, rating_array(context, spec)[1])[index]
    in_force = _opponent_ratings(games, ratings_in_force(context, spec))[index]
    return [Step("ratings-used", (1, int((first != in_force).sum())), "10")]


def _mean_steps(found: Means, index: int, games: int) -> list[Step]:
    """The mean and its rounding (Art. 10), or why it is undefined."""
    count = int(found.divisor[index])
    if not count:
        return [Step("undefined", (games,), "10")]
    total, value = int(found.total[index]), int(found.value[index])
    exact = Fraction(total, count)
    steps = [Step("mean", (total, count, exact), "10")]
    if exact.denominator != 1:
        steps.append(Step("rounded", (exact, value), "10"))
    return steps


@traces("ARO")
def trace_average_rating_of_opponents(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game over the board with the opponent's rating, the games left out by
    ``/Cn`` ``/Mn`` marked; the mean and its rounding (Art. 10.1, 14)."""
    ratings = ratings_in_force(context, spec)
    games = counted_games(context, spec)
    found = _averages(context, spec)
    played = int(games.number_of_games[index])
    steps: list[Step] = _left_out(context, spec, index) + _ratings_used(context, spec, index)
    cuts: dict[int, Reason] = {}
    if spec.cut or spec.median:
        items = _rating_items(games, ratings)
        absorbed = (
            int(np.asarray(absorbed_cuts(context, games, spec))[index]) if spec.program else 0
        )
        cuts = cuts_of_row(items, index, spec.cut - absorbed, spec.median, vur_exception=False)
        article = "14.3" if spec.median else "14.1"
        if absorbed:
            steps.append(Step("unplayed-cut", (absorbed, context.rounds - played), "SM"))
        wanted = (spec.cut + spec.median - absorbed, spec.median)
        if any(wanted):
            steps.append(Step("modifier", (*wanted, len(cuts), played), article))
    entries = _game_entries(games, ratings, index, cuts)
    steps += _mean_steps(found, index, played)
    value = _value(found.value, found.defined, index)
    return Trace(spec, index, value, tuple(entries), tuple(steps), rules=context.rules.name)


@traces("TPR")
def trace_tournament_performance_rating(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """The ARO entries and mean, then the score, ``p``, ``dp`` of B.02 table 8.1(a) and
    their sum (Art. 10.2)."""
    ratings = ratings_in_force(context, spec)
    games = counted_games(context, spec)
    found = _performances(context, spec)
    played = int(games.number_of_games[index])
    steps = _left_out(context, spec, index) + _ratings_used(context, spec, index)
    steps += _mean_steps(found.average, index, played)
    value = _value(found.value, found.average.defined, index)
    if played:
        points = Fraction(int(games.half_points[index]), _HALF_POINTS_PER_GAME)
        p = Fraction(int(found.percentage[index]), HUNDREDTHS)
        dp = int(found.difference[index])
        steps += [
            Step("score", (points, played, points / played, p), "10.2"),
            Step("table", (p, dp), "B.02 8.1(a)"),
            Step("performance", (int(found.average.value[index]), dp, value), "10.2"),
        ]
    entries = tuple(_game_entries(games, ratings, index))
    return Trace(spec, index, value, entries, tuple(steps), rules=context.rules.name)


@traces("PTP")
def trace_perfect_tournament_performance(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game with the opponent's rating and the score expected at the rating
    found (B.02 table 8.1(b)); the points, and the search (Art. 10.3)."""
    ratings = ratings_in_force(context, spec)
    games = counted_games(context, spec)
    found = _perfect(context, spec)
    played = int(games.number_of_games[index])
    left = _left_out(context, spec, index) + _ratings_used(context, spec, index)
    if not played:
        undefined = (*left, Step("undefined", (0,), "10"))
        return Trace(spec, index, None, (), undefined, context.rules.name)
    value = int(found.value[index])
    games_played = _game_entries(games, ratings, index)
    listed = np.array([entry.rating or 0 for entry in games_played])
    expected = expected_scores(value - listed).tolist()
    entries = tuple(
        replace(entry, amount=Fraction(score, HUNDREDTHS))
        for entry, score in zip(games_played, expected, strict=True)
    )
    points = Fraction(int(games.half_points[index]), _HALF_POINTS_PER_GAME)
    steps = [*left, Step("points", (points, played), "10.3")]
    if not found.target[index]:
        lowest = int(listed.min())
        steps.append(Step("zero-score", (lowest, rating_difference(0), value), "10.3"))
    else:
        below = int(expected_scores(value - 1 - listed).sum())
        steps += [
            Step("search", (int(found.low[index]), int(found.high[index])), "10.3"),
            Step("reached", (value, Fraction(sum(expected), HUNDREDTHS), points), "B.02 8.1(b)"),
            Step("short", (value - 1, Fraction(below, HUNDREDTHS), points), "B.02 8.1(b)"),
        ]
    return Trace(spec, index, Fraction(value), entries, tuple(steps), rules=context.rules.name)


@traces("APRO", "APPO")
def trace_opponents_performance(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game over the board with the opponent's TPR (APRO, Art. 10.4; with
    their ARO as ``rating``) or PTP (APPO, 10.5) and their points (``score``); the mean and
    its rounding."""
    games = counted_games(context, spec)
    tpr = _performances(context, spec) if spec.acronym == "APRO" else None
    own = _perfect(context, spec).value if tpr is None else tpr.value
    entries = []
    for column in np.flatnonzero(games.played[index]).tolist():
        opponent = int(games.opponent[index, column])
        entries.append(
            Entry(
                round=column + 1,
                role=RatingRole.OPPONENT_PERFORMANCE,
                amount=Fraction(int(own[opponent])),
                opponent=opponent,
                score=Fraction(int(games.half_points[opponent]), _HALF_POINTS_PER_GAME),
                rating=None if tpr is None else int(tpr.average.value[opponent]),
            )
        )
    found = _opponents_means(context, spec)
    steps = _left_out(context, spec, index) + _ratings_used(context, spec, index)
    steps += _mean_steps(found, index, len(entries))
    value = _value(found.value, found.defined, index)
    return Trace(spec, index, value, tuple(entries), tuple(steps), rules=context.rules.name)


@traces("RTNG")
def trace_rating(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """The participant's own rating (Art. 10.6); ``/R`` reverses the order."""
    own = int(rating_array(context, spec)[1][index])
    if not own and excludes_unrated(context, spec):  # left out: no rating, ranked last
        return Trace(spec, index, None, (), (Step("undefined", (0,), "10"),), context.rules.name)
    entry = Entry(None, RatingRole.OWN_RATING, Fraction(own), rating=own)
    steps = (Step("order", (int(spec.reverse),), "10.6"),)
    return Trace(spec, index, Fraction(own), (entry,), steps, context.rules.name, is_sum=True)
