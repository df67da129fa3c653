"""Rating-based tie-breaks on arrays: ARO (C.07 (2026) Art. 10.1), TPR (10.2), PTP (10.3),
APRO (10.4), APPO (10.5) and RTNG (10.6); the columnar form of :mod:`..ratings`.

The same rules as the reference:

* only games played over the board count (rated ``1 = 0`` and unrated ``W D L``, with an
  opponent); forfeits and byes never do, whatever the regime or the pairing system;
* unrated participants (no rating, or 0) get the rating of ``/U<rating>`` or of the run
  (``context.cache["unrated_rating"]``, read by the reference
  :func:`~tiebreaks.engine.families.ratings.unrated_rating`); without either the implementation
  declines (returns None) and the reference path raises its UsageError (Art. 10 removes the
  tie-break);
* means are rounded half up with the integer formula of
  :func:`~tiebreaks.engine.numbers.round_half_up_int` (``floor((2 total + n) / 2n)``), the
  fractional
  score ``p`` of TPR the same way in hundredths; ``dp`` (B.02 table 8.1(a)) and the scoring
  probabilities (table 8.1(b)) are the reference tables of :mod:`..fide_tables`, unrolled into
  arrays.

PTP is the smallest integer rating R with ``sum E(R - R_i) >= P``. ``E`` never decreases (the
tests check it on the whole table), so E(d) counts the thresholds ``t_1 <= ... <= t_100``
(``t_k`` the smallest difference scoring k hundredths) that d reaches, and for ``g`` games and
``m = ceil(P / g)`` the answer lies in ``[lowest opponent + t_m, highest opponent + t_m]``:
every game scores at least m at the top, fewer than m below the bottom. A bisection over that
bracket, for every participant at once, gives the same smallest R as the reference search over
its wider bracket.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..column import Column
from ..context import Context
from ..families.ratings import unrated_rating
from ..fide_tables import HUNDREDTHS, expected_score, rating_difference
from ..spec import TiebreakSpec
from .grid import Flags, Integers, grid
from .registry import vectorised
from .sums import trimmed_sums

_HALF_POINTS_PER_GAME = 2  # outcome: 2 win, 1 draw, 0 loss
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
#: above any rating accepted (participant_ratings declines others)
_NO_GAME_RATING = 1 << 40
#: ratings from 0 to this are computed on arrays; others (a file may give any whole number)
#: are left to the reference path
HIGHEST_RATING = 100_000


class Games(NamedTuple):
    """Games over the board as arrays (C.07 (2026) Art. 10; forfeits and byes excluded)."""

    played: Flags  # (n, rounds): a game over the board against an opponent
    opponent: Integers  # (n, rounds): the opponent's index where played, 0 elsewhere
    number_of_games: Integers  # games per participant
    half_points: Integers  # points scored in them on the 1-1/2-0 scale, in half-points


class Values(NamedTuple):
    """One integer per participant and whether it is defined (undefined: ranked last)."""

    value: Integers
    defined: Flags


def games_over_the_board(context: Context) -> Games:
    """The columnar :func:`~tiebreaks.engine.families.ratings.games_over_the_board` (cached)."""

    def compute() -> Games:
        table = grid(context)
        played = table.played & (table.opponent >= 0)
        return Games(
            played=played,
            opponent=np.where(played, table.opponent, 0),
            number_of_games=played.sum(axis=1),
            half_points=np.where(played, table.outcome, 0).sum(axis=1),
        )

    return context.memo("vector-ratings:games", compute)  # type: ignore[no-any-return]


def _own_ratings(context: Context) -> Integers | None:
    """Every participant's rating as given, 0 for unrated (no rating, or 0); None when a
    rating lies outside 0 ... :data:`HIGHEST_RATING`."""

    def compute() -> Integers | None:
        players = context.tournament.players
        try:
            own = np.fromiter(
                (player.rating or 0 for player in players), dtype=np.int64, count=len(players)
            )
        except OverflowError:
            return None
        if own.size and not 0 <= own.min() <= own.max() <= HIGHEST_RATING:
            return None
        return own

    return context.memo("vector-ratings:own", compute)  # type: ignore[no-any-return]


def participant_ratings(context: Context, spec: TiebreakSpec) -> tuple[int | None, Integers] | None:
    """The rating set for unrated participants (None when everyone is rated) and every
    participant's rating for ``spec`` (Art. 10); None when unrated participants take part and
    no rating is set for them (the reference raises its UsageError) or a rating lies outside
    0 ... :data:`HIGHEST_RATING` (the reference computes it)."""
    own = _own_ratings(context)
    if own is None:
        return None
    unrated = own == 0
    if not unrated.any():
        return None, own
    fallback = unrated_rating(context, spec)
    if fallback is None or not 0 <= fallback <= HIGHEST_RATING:
        return None
    return fallback, np.where(unrated, fallback, own)


def rounded_means(total: Integers, count: Integers) -> Integers:
    """``total / count`` rounded half up, as :func:`~tiebreaks.engine.numbers.round_half_up_int`
    (meaningless where ``count`` is 0)."""
    divisor = np.maximum(count, 1)
    return (2 * total + divisor) // (2 * divisor)  # type: ignore[no-any-return]


def column_values(values: Values) -> list[int | None]:
    """Python ints, None where undefined."""
    objects = values.value.astype(object)
    objects[~values.defined] = None
    return objects.tolist()  # type: ignore[no-any-return]


def _opponent_ratings(games: Games, ratings: Integers) -> Integers:
    """The opponent's rating in each game, :data:`_NO_GAME_RATING` where there is none."""
    return np.where(games.played, ratings[games.opponent], _NO_GAME_RATING)


def average_ratings(games: Games, ratings: Integers) -> Values:
    """ARO (Art. 10.1): the rounded mean rating of the opponents met over the board."""
    total = np.where(games.played, ratings[games.opponent], 0).sum(axis=1)
    return Values(rounded_means(total, games.number_of_games), games.number_of_games > 0)


def cut_average_ratings(games: Games, ratings: Integers, cut: int, median: int) -> Values:
    """ARO with ``/Cn`` or ``/Mn`` (Art. 10.1, 14.1, 14.3): the ``cut + median`` lowest
    ratings left out, then the ``median`` highest (as many as there are; no Art. 16.5
    exception); undefined when none is left."""
    ordered = np.sort(_opponent_ratings(games, ratings), axis=1)  # games first, lowest first
    positions = np.arange(ordered.shape[1])
    ordered = np.where(positions[None, :] < games.number_of_games[:, None], ordered, 0)
    total, kept = trimmed_sums(ordered, games.number_of_games, cut + median, median)
    return Values(rounded_means(total, kept), kept > 0)


def performance_ratings(games: Games, ratings: Integers) -> Values:
    """TPR (Art. 10.2): rounded ARO + dp(p), p the fractional score in hundredths rounded
    half up (B.02 table 8.1(a)); undefined without games."""
    aro = average_ratings(games, ratings)
    percentage = rounded_means(
        games.half_points * HUNDREDTHS, games.number_of_games * _HALF_POINTS_PER_GAME
    )
    return Values(aro.value + DIFFERENCE[np.where(aro.defined, percentage, 0)], aro.defined)


def perfect_performances(games: Games, ratings: Integers) -> Values:
    """PTP (Art. 10.3): the smallest integer R whose expected scores (B.02 table 8.1(b), full
    difference scale) add up to the points scored; lowest opponent rating - 800 for a zero
    score; undefined without games. Bisection of every participant's bracket at once."""
    opponents = np.where(games.played, ratings[games.opponent], 0)
    defined = games.number_of_games > 0
    lowest = _opponent_ratings(games, ratings).min(axis=1, initial=_NO_GAME_RATING)
    highest = opponents.max(axis=1, initial=0)  # ratings are not negative (participant_ratings)
    lowest = np.where(defined, lowest, highest)
    target = games.half_points * HUNDREDTHS // _HALF_POINTS_PER_GAME
    divisor = np.maximum(games.number_of_games, 1)
    share = (target + divisor - 1) // divisor  # m = ceil(P / g) hundredths a game
    searched = target > 0
    threshold = THRESHOLDS[np.where(searched, share, 0)]
    low = np.where(searched, lowest + threshold, lowest + rating_difference(0))
    high = np.where(searched, highest + threshold, low)
    # a round without a game: an opponent so high that E = 0 at any R of the bracket
    by_round = np.where(games.played, opponents, (highest + 2 * _SPAN)[:, None]).T.copy()
    _bisect(Search(low, high, target, by_round), int((highest - lowest).max(initial=0)))
    return Values(low, defined)


class Search(NamedTuple):
    """Every participant's PTP bracket (changed in place), the points to reach in
    hundredths and the opponents' ratings, shape (rounds, participants)."""

    low: Integers
    high: Integers
    target: Integers
    opponents: Integers


def _bisect(search: Search, spread: int) -> None:
    """Halve every bracket until low == high: the smallest R reaching the target. A closed
    bracket stays closed (the expected total at ``high`` reaches the target, or the target
    is 0), so every row is computed in each step (cheaper than picking the open ones).

    E is read from a table shifted by ``offset``: with R in ``[lowest - 800, highest + 736]``
    and opponents in ``[lowest, highest + 1472]``, ``R - r`` lies in
    ``[-(spread + 2272), spread + 736]`` (``spread`` the largest ``highest - lowest``; a row
    without games: R = -800, r = 1472), so every index is inside the table."""
    offset = spread + 2 * _SPAN - rating_difference(0)
    differences = np.arange(-offset, spread + _SPAN + 1)
    table = EXPECTED[np.clip(differences + _SPAN, 0, 2 * _SPAN)].astype(np.int16)
    low, high = search.low, search.high
    while (low < high).any():
        middle = (low + high) // 2
        expected = table[(middle + offset)[None, :] - search.opponents]
        reached = expected.sum(axis=0) >= search.target
        np.copyto(high, middle, where=reached)
        np.copyto(low, middle + 1, where=~reached)


def opponents_average(games: Games, values: Values) -> Values:
    """APRO (Art. 10.4) and APPO (10.5): the rounded mean of the opponents' values over the
    games played over the board, each game counted separately (Art. 4.4), undefined values
    left out; undefined when none is left."""
    counted = games.played & values.defined[games.opponent]
    total = np.where(counted, values.value[games.opponent], 0).sum(axis=1)
    count = counted.sum(axis=1)
    return Values(rounded_means(total, count), count > 0)


_DERIVED = {
    "ARO": average_ratings,
    "TPR": performance_ratings,
    "PTP": perfect_performances,
}


def _derived(context: Context, name: str, fallback: int | None, ratings: Integers) -> Values:
    """ARO, TPR or PTP of every participant for the rating of unrated players (cached)."""
    key = ("vector-ratings:derived", name, fallback)
    compute = _DERIVED[name]
    return context.memo(  # type: ignore[no-any-return]
        key, lambda: compute(games_over_the_board(context), ratings)
    )


@vectorised("ARO", "TPR", "PTP")
def own_performance(context: Context, spec: TiebreakSpec) -> Column | None:
    """ARO (Art. 10.1, with ``/Cn`` ``/Mn``), TPR (10.2) and PTP (10.3); None when unrated
    participants take part without a rating set for them."""
    found = participant_ratings(context, spec)
    if found is None:
        return None
    fallback, ratings = found
    if spec.cut or spec.median:
        games = games_over_the_board(context)
        values = cut_average_ratings(games, ratings, spec.cut, spec.median)
    else:
        values = _derived(context, spec.acronym, fallback, ratings)
    return Column(spec, column_values(values))


@vectorised("APRO", "APPO")
def opponents_performance(context: Context, spec: TiebreakSpec) -> Column | None:
    """APRO (Art. 10.4: mean TPR of the opponents) and APPO (10.5: mean PTP); None when
    unrated participants take part without a rating set for them."""
    found = participant_ratings(context, spec)
    if found is None:
        return None
    fallback, ratings = found
    own = _derived(context, "TPR" if spec.acronym == "APRO" else "PTP", fallback, ratings)
    return Column(spec, column_values(opponents_average(games_over_the_board(context), own)))


@vectorised("RTNG")
def rating(context: Context, spec: TiebreakSpec) -> Column | None:
    """RTNG (Art. 10.6): the participant's own rating; ``/R`` reverses the order. None when
    unrated participants take part without a rating set for them."""
    found = participant_ratings(context, spec)
    if found is None:
        return None
    return Column(spec, found[1].tolist(), higher_is_better=not spec.reverse)
