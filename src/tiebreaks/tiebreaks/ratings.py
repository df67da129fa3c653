"""Rating-based tie-breaks, C.07 (2026) Art. 10: ARO (10.1), TPR (10.2), PTP (10.3),
APRO (10.4), APPO (10.5) and RTNG (10.6).

Common rules:

* Only games played over the board count: rated ``1 = 0`` and, as in the FIDE reference
  engine, unrated ``W D L`` games. Forfeits never count, not even with pre-determined pairings
  (Art. 15.2), and neither do byes.
* Averages are rounded to the nearest whole number, 0.5 rounded up (Art. 10).
* Performances (TPR, PTP) use the standard 1-½-0 game results, whatever the event's score
  system, because the B.02 tables 8.1(a) and 8.1(b) are defined on them.
* Unrated participants (no rating, or 0): Art. 10 tie-breaks are removed from the list when
  unrated players take part, unless a rating for them is set: ``/U<rating>`` on the tie-break,
  or the global value the standings layer stores in ``context.cache["unrated_rating"]``.
  Without either, computing raises :class:`~tiebreaks.errors.UsageError`; callers check
  :func:`has_unrated_participants` first to drop the tie-break with a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..errors import UsageError
from ..numbers import round_half_up_int
from .column import Column
from .context import Context
from .contributions import Contribution, apply_modifiers
from .fide_tables import HUNDREDTHS, expected_score, rating_difference
from .registry import tiebreak
from .spec import TiebreakSpec

UNRATED_RATING = "unrated_rating"
"""Key of ``context.cache`` holding the rating given to unrated participants (global option)."""

_HALF_POINTS_PER_GAME = 2  # ResultKind.outcome: 2 win, 1 draw, 0 loss


class Game(NamedTuple):
    """A game played over the board: round (1-based), opponent's index and the outcome in
    half-points from the participant's side (2 win, 1 draw, 0 loss)."""

    round: int
    opponent: int
    outcome: int


def has_unrated_participants(context: Context) -> bool:
    """True when a participant has no rating (None or 0): C.07 (2026) Art. 10 then removes the
    rating tie-breaks unless the event sets a rating for unrated players."""
    return any(not player.rating for player in context.tournament.players)


def unrated_rating(context: Context, spec: TiebreakSpec) -> int | None:
    """The rating given to unrated participants: ``/U<rating>`` on the tie-break, else the
    global value in ``context.cache["unrated_rating"]``, else None."""
    if spec.unrated_rating is not None:
        return spec.unrated_rating
    value = context.cache.get(UNRATED_RATING)
    return None if value is None else int(value)


def _fallback_rating(context: Context, spec: TiebreakSpec) -> int | None:
    """The rating for unrated participants if there are any (None when everyone is rated);
    raises UsageError when unrated participants take part and no rating is set (Art. 10)."""
    if not has_unrated_participants(context):
        return None
    fallback = unrated_rating(context, spec)
    if fallback is None:
        raise UsageError(
            f"{spec}: unrated participants take part, so C.07 Art. 10 removes this tie-break "
            f"unless a rating is set for them: use {spec.acronym}/U<rating> "
            f"(e.g. {spec.acronym}/U1400) or the global unrated-rating option"
        )
    return fallback


def participant_ratings(context: Context, spec: TiebreakSpec) -> list[int]:
    """Every participant's rating for ``spec`` (unrated participants get the rating set by
    ``/U`` or the global option; UsageError if none is set)."""
    return _ratings(context, _fallback_rating(context, spec))


def _ratings(context: Context, fallback: int | None) -> list[int]:
    """Every participant's rating for Art. 10; unrated participants get ``fallback``."""
    ratings: list[int] = []
    for player in context.tournament.players:
        if player.rating:
            ratings.append(player.rating)
        elif fallback is not None:
            ratings.append(fallback)
        else:
            raise UsageError(f"participant {player.start_number} ({player.name}) has no rating")
    return ratings


def games_over_the_board(context: Context) -> list[list[Game]]:
    """Every participant's games played over the board (cached); forfeits and byes excluded
    (C.07 (2026) Art. 10 and 15.2)."""
    return context.memo("rating-games", lambda: _games(context))  # type: ignore[no-any-return]


def _games(context: Context) -> list[list[Game]]:
    rows: list[list[Game]] = []
    make = tuple.__new__  # builds the NamedTuple without its Python-level __new__ (hot loop)
    for kinds, opponents in zip(context.kinds, context.opponents, strict=True):
        row: list[Game] = []
        for round_index, kind in enumerate(kinds):
            if kind.played and opponents[round_index] >= 0:
                row.append(make(Game, (round_index + 1, opponents[round_index], kind.outcome)))
        rows.append(row)
    return rows


def _mean(values: Sequence[int]) -> int | None:
    """Arithmetic mean rounded to the nearest integer, halves up (Art. 10); None if empty."""
    if not values:
        return None
    return round_half_up_int(sum(values), len(values))


def average_ratings(
    context: Context, ratings: Sequence[int], cut: int = 0, median: int = 0
) -> list[int | None]:
    """ARO of every participant (C.07 (2026) Art. 10.1): mean rating of the opponents met over
    the board after ``/Cn`` or ``/Mn`` (lowest ratings, then highest; no Art. 16.5 exception);
    undefined when no rating is left (Art. 14, reference engine)."""
    values: list[int | None] = []
    for games in games_over_the_board(context):
        if not cut and not median:
            values.append(_mean([ratings[game.opponent] for game in games]))
            continue
        contributions = [
            Contribution(game.round, game.opponent, ratings[game.opponent], ratings[game.opponent])
            for game in games
        ]
        kept, _ = apply_modifiers(contributions, cut, median, vur_exception=False)
        values.append(_mean([item.value for item in kept]))
    return values


def fractional_score(games: Sequence[Game]) -> int:
    """The fractional score ``p`` of B.02 table 8.1(a) in hundredths: points / games on the
    1-½-0 scale, rounded half up to two decimals (reference engine reading, spec Q5)."""
    half_points = sum(game.outcome for game in games)
    return round_half_up_int(half_points * HUNDREDTHS, len(games) * _HALF_POINTS_PER_GAME)


def performance_ratings(context: Context, ratings: Sequence[int]) -> list[int | None]:
    """TPR of every participant (C.07 (2026) Art. 10.2): rounded ARO + ``dp(p)`` of B.02 table
    8.1(a); undefined without games over the board."""
    averages = average_ratings(context, ratings)
    values: list[int | None] = []
    for games, average in zip(games_over_the_board(context), averages, strict=True):
        if average is None:
            values.append(None)
        else:
            values.append(average + rating_difference(fractional_score(games)))
    return values


def expected_total(rating: int, opponent_ratings: Sequence[int]) -> int:
    """Sum of the B.02 table 8.1(b) scoring probabilities of ``rating`` against each opponent,
    in hundredths (full difference scale)."""
    return sum(expected_score(rating - opponent) for opponent in opponent_ratings)


def perfect_performance(opponent_ratings: Sequence[int], half_points: int) -> int:
    """PTP (C.07 (2026) Art. 10.3): the smallest integer rating R with ``Σ E(R − R_i) ≥ P``
    (E from B.02 table 8.1(b), P the points scored, here in half-points); a zero score gives
    the lowest opponent rating − 800. Binary search: the sum never decreases as R grows."""
    if not opponent_ratings:
        raise ValueError("a perfect performance needs at least one game")
    target = half_points * HUNDREDTHS // _HALF_POINTS_PER_GAME
    if target == 0:
        return min(opponent_ratings) + rating_difference(0)
    beyond_table = rating_difference(HUNDREDTHS)  # 800 > 735: E is 0 or 1 beyond it
    low = min(opponent_ratings) - beyond_table  # Σ E = 0 < P
    high = max(opponent_ratings) + beyond_table  # Σ E = number of games ≥ P
    while low < high:
        middle = (low + high) // 2
        if expected_total(middle, opponent_ratings) >= target:
            high = middle
        else:
            low = middle + 1
    return low


def perfect_performances(context: Context, ratings: Sequence[int]) -> list[int | None]:
    """PTP of every participant (C.07 (2026) Art. 10.3); undefined without games."""
    values: list[int | None] = []
    for games in games_over_the_board(context):
        if not games:
            values.append(None)
            continue
        opponent_ratings = [ratings[game.opponent] for game in games]
        values.append(perfect_performance(opponent_ratings, sum(g.outcome for g in games)))
    return values


def opponents_average(context: Context, own_values: Sequence[int | None]) -> list[int | None]:
    """Mean of the opponents' values over the games played over the board, each game counted
    separately (C.07 (2026) Art. 4.4, 10.4, 10.5), rounded half up; undefined without games."""
    averages: list[int | None] = []
    for games in games_over_the_board(context):
        values = (own_values[game.opponent] for game in games)
        averages.append(_mean([value for value in values if value is not None]))
    return averages


Derived = Callable[[Context, Sequence[int]], list[int | None]]


def _cached(context: Context, spec: TiebreakSpec, name: str, derive: Derived) -> list[int | None]:
    """A per-context array (ARO, TPR, PTP, …) for the rating set by ``spec`` (cached)."""
    fallback = _fallback_rating(context, spec)
    ratings = _ratings(context, fallback)
    key = ("rating-tiebreak", name, fallback)
    return context.memo(key, lambda: derive(context, ratings))  # type: ignore[no-any-return]


@tiebreak("ARO", "Average Rating of Opponents", "10.1", "D", "CMU", rating_based=True)
def average_rating_of_opponents(context: Context, spec: TiebreakSpec) -> Column:
    """ARO (C.07 (2026) Art. 10.1): mean rating of the opponents met over the board, rounded
    half up; ``/Cn`` and ``/Mn`` drop the lowest (and highest) ratings first."""
    if not spec.cut and not spec.median:
        return Column(spec, _cached(context, spec, "ARO", average_ratings))
    ratings = _ratings(context, _fallback_rating(context, spec))
    return Column(spec, average_ratings(context, ratings, spec.cut, spec.median))


@tiebreak("TPR", "Tournament Performance Rating", "10.2", "DB", "U", rating_based=True)
def tournament_performance_rating(context: Context, spec: TiebreakSpec) -> Column:
    """TPR (C.07 (2026) Art. 10.2): ARO + dp(p) of B.02 table 8.1(a)."""
    return Column(spec, _cached(context, spec, "TPR", performance_ratings))


@tiebreak("PTP", "Perfect Tournament Performance", "10.3", "DB", "U", rating_based=True)
def perfect_tournament_performance(context: Context, spec: TiebreakSpec) -> Column:
    """PTP (C.07 (2026) Art. 10.3): smallest rating whose expected score reaches the points."""
    return Column(spec, _cached(context, spec, "PTP", perfect_performances))


@tiebreak("APRO", "Average Performance Rating of Opponents", "10.4", "DC", "U", rating_based=True)
def average_performance_rating_of_opponents(context: Context, spec: TiebreakSpec) -> Column:
    """APRO (C.07 (2026) Art. 10.4): mean TPR of the opponents met over the board."""
    performances = _cached(context, spec, "TPR", performance_ratings)
    return Column(spec, opponents_average(context, performances))


@tiebreak("APPO", "Average Perfect Performance of Opponents", "10.5", "DC", "U", rating_based=True)
def average_perfect_performance_of_opponents(context: Context, spec: TiebreakSpec) -> Column:
    """APPO (C.07 (2026) Art. 10.5): mean PTP of the opponents met over the board."""
    perfect = _cached(context, spec, "PTP", perfect_performances)
    return Column(spec, opponents_average(context, perfect))


@tiebreak("RTNG", "Rating", "10.6", "B", "RU", rating_based=True)
def rating(context: Context, spec: TiebreakSpec) -> Column:
    """RTNG (C.07 (2026) Art. 10.6): the participant's own rating, higher is better;
    ``RTNG/R`` reverses the order (lower is better)."""
    ratings = _ratings(context, _fallback_rating(context, spec))
    return Column(spec, list(ratings), higher_is_better=not spec.reverse)
