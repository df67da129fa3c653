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
from fractions import Fraction
from typing import NamedTuple

from ...errors import ParameterHint, UsageError
from ..column import Column
from ..context import Context
from ..explanation import Explanation, Line, explains, header
from ..fide_tables import HUNDREDTHS, expected_score, rating_difference
from ..numbers import round_half_up_int
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contribution, Cut, apply_modifiers
from ..wording import number, round_text

UNRATED_RATING = "unrated_rating"
"""Key of ``context.cache`` holding the rating given to unrated participants (global option)."""

_HALF_POINTS_PER_GAME = 2  # ResultKind.outcome: 2 win, 1 draw, 0 loss

_make = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot loops)


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
            f"(e.g. {spec.acronym}/U1400)",
            ParameterHint("unrated_rating", "or set one for every tie-break with {}"),
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


class Mean(NamedTuple):
    """A mean of whole numbers: their total and how many there are (the divisor)."""

    total: int
    divisor: int

    @property
    def value(self) -> int | None:
        """The mean rounded to the nearest integer, 0.5 rounded up (C.07 (2026) Art. 10);
        None for an empty mean (undefined, ranked last)."""
        return round_half_up_int(self.total, self.divisor) if self.divisor else None


def mean_of(values: Sequence[int]) -> Mean:
    """The :class:`Mean` of ``values``."""
    return _make(Mean, (sum(values), len(values)))


class OpponentRatings(NamedTuple):
    """One participant's ARO (C.07 (2026) Art. 10.1) before averaging: the games over the
    board, the opponent's rating in each, and the ``/Cn`` ``/Mn`` modifiers.

    :func:`average_ratings` (the value) and the ARO and TPR explainers read the same object,
    as :class:`~.contributions.SumDefinition` does for the sums."""

    games: Sequence[Game]
    ratings: list[int]
    cut: int = 0
    median: int = 0

    def contributions(self) -> list[Contribution]:
        """One contribution per game, key and value the opponent's rating."""
        return [
            Contribution(game.round, game.opponent, rating, rating)
            for game, rating in zip(self.games, self.ratings, strict=True)
        ]

    def kept_and_cut(self) -> tuple[list[Contribution], list[Cut]]:
        """The contributions left after ``/Cn`` or ``/Mn`` (lowest ratings cut first, then the
        highest; no Art. 16.5 exception) and those removed, with the reason."""
        return apply_modifiers(self.contributions(), self.cut, self.median, vur_exception=False)

    @property
    def mean(self) -> Mean:
        """The ratings left after the modifiers, as a mean (undefined when none is left)."""
        if not self.cut and not self.median:
            return mean_of(self.ratings)
        kept, _ = self.kept_and_cut()
        return mean_of([item.value for item in kept])


def opponent_ratings(
    games: Sequence[Game], ratings: Sequence[int], cut: int = 0, median: int = 0
) -> OpponentRatings:
    """The opponents' ratings of one participant's games over the board, with the modifiers."""
    listed = [ratings[game.opponent] for game in games]
    return _make(OpponentRatings, (games, listed, cut, median))


def average_ratings(
    context: Context, ratings: Sequence[int], cut: int = 0, median: int = 0
) -> list[int | None]:
    """ARO of every participant (C.07 (2026) Art. 10.1): mean rating of the opponents met over
    the board after ``/Cn`` or ``/Mn`` (lowest ratings, then highest; no Art. 16.5 exception);
    undefined when no rating is left (Art. 14, reference engine).

    Without modifiers the mean is taken straight from the games (the explainer's
    :class:`OpponentRatings` gives the same value: tests/tiebreaks/test_contributions_fast.py)."""
    if cut or median:
        return [
            opponent_ratings(games, ratings, cut, median).mean.value
            for games in games_over_the_board(context)
        ]
    return [
        round_half_up_int(sum([ratings[game.opponent] for game in games]), len(games))
        if games
        else None
        for games in games_over_the_board(context)
    ]


def fractional_score(games: Sequence[Game]) -> int:
    """The fractional score ``p`` of B.02 table 8.1(a) in hundredths: points / games on the
    1-½-0 scale, rounded half up to two decimals (reference engine reading, spec Q5)."""
    return _percentage(sum(game.outcome for game in games), len(games))


def _percentage(half_points: int, games: int) -> int:
    """``p`` in hundredths for ``half_points`` scored in ``games`` games (games > 0)."""
    return round_half_up_int(half_points * HUNDREDTHS, games * _HALF_POINTS_PER_GAME)


class Performance(NamedTuple):
    """One participant's TPR (C.07 (2026) Art. 10.2): the ARO parts, the points in half-points
    (1-½-0 scale), ``p`` in hundredths and ``dp`` of B.02 table 8.1(a) (both 0 without games).

    :func:`performance_ratings` (the value) and the TPR explainer read the same object."""

    opponents: OpponentRatings
    half_points: int
    percentage: int
    difference: int

    @property
    def value(self) -> int | None:
        """Rounded ARO + dp(p); None without games over the board."""
        average = self.opponents.mean.value
        return None if average is None else average + self.difference


def performance(games: Sequence[Game], ratings: Sequence[int]) -> Performance:
    """The TPR of one participant from their games over the board (Art. 10.2)."""
    opponents = opponent_ratings(games, ratings)
    if not games:
        return _make(Performance, (opponents, 0, 0, 0))
    half_points = sum(game.outcome for game in games)
    percentage = _percentage(half_points, len(games))
    parts = (opponents, half_points, percentage, rating_difference(percentage))
    return _make(Performance, parts)


def performance_ratings(context: Context, ratings: Sequence[int]) -> list[int | None]:
    """TPR of every participant (C.07 (2026) Art. 10.2): rounded ARO + ``dp(p)`` of B.02 table
    8.1(a); undefined without games over the board."""
    return [performance(games, ratings).value for games in games_over_the_board(context)]


def expected_total(rating: int, opponent_ratings: Sequence[int]) -> int:
    """Sum of the B.02 table 8.1(b) scoring probabilities of ``rating`` against each opponent,
    in hundredths (full difference scale)."""
    return sum([expected_score(rating - opponent) for opponent in opponent_ratings])


class PerfectSearch(NamedTuple):
    """One participant's PTP (C.07 (2026) Art. 10.3) as :func:`perfect_search` finds it: the
    opponents' ratings, the points in half-points, the range searched (``low``: expected total
    0; ``high``: every game expected won) and the rating found.

    :func:`perfect_performances` (the value) and the PTP explainer read the same object."""

    ratings: list[int]
    half_points: int
    low: int
    high: int
    value: int

    @property
    def target(self) -> int:
        """The points to reach, in hundredths (the unit of B.02 table 8.1(b))."""
        return self.half_points * HUNDREDTHS // _HALF_POINTS_PER_GAME


def perfect_search(opponent_ratings: Sequence[int], half_points: int) -> PerfectSearch:
    """PTP (C.07 (2026) Art. 10.3): the smallest integer rating R with ``Σ E(R − R_i) ≥ P``
    (E from B.02 table 8.1(b), P the points scored, here in half-points); a zero score gives
    the lowest opponent rating − 800. Binary search: the sum never decreases as R grows."""
    if not opponent_ratings:
        raise ValueError("a perfect performance needs at least one game")
    listed = list(opponent_ratings)
    target = half_points * HUNDREDTHS // _HALF_POINTS_PER_GAME
    if target == 0:
        lowest = min(listed) + rating_difference(0)
        return PerfectSearch(listed, half_points, lowest, lowest, lowest)
    beyond_table = rating_difference(HUNDREDTHS)  # 800 > 735: E is 0 or 1 beyond it
    start = min(listed) - beyond_table  # Σ E = 0 < P
    end = max(listed) + beyond_table  # Σ E = number of games ≥ P
    low, high = start, end
    while low < high:
        middle = (low + high) // 2
        if expected_total(middle, listed) >= target:
            high = middle
        else:
            low = middle + 1
    return PerfectSearch(listed, half_points, start, end, low)


def perfect_performance(opponent_ratings: Sequence[int], half_points: int) -> int:
    """The PTP rating of :func:`perfect_search` (C.07 (2026) Art. 10.3)."""
    return perfect_search(opponent_ratings, half_points).value


def participant_search(games: Sequence[Game], ratings: Sequence[int]) -> PerfectSearch | None:
    """The PTP search of one participant's games over the board; None without games."""
    if not games:
        return None
    listed = [ratings[game.opponent] for game in games]
    return perfect_search(listed, sum(game.outcome for game in games))


def perfect_performances(context: Context, ratings: Sequence[int]) -> list[int | None]:
    """PTP of every participant (C.07 (2026) Art. 10.3); undefined without games."""
    values: list[int | None] = []
    for games in games_over_the_board(context):
        search = participant_search(games, ratings)
        values.append(None if search is None else search.value)
    return values


def opponent_values(
    games: Sequence[Game], own_values: Sequence[int | None]
) -> list[tuple[Game, int]]:
    """Each game over the board with the opponent's value (TPR or PTP), undefined values left
    out (C.07 (2026) Art. 4.4: each game counted separately)."""
    pairs: list[tuple[Game, int]] = []
    for game in games:
        value = own_values[game.opponent]
        if value is not None:
            pairs.append((game, value))
    return pairs


def opponents_average(context: Context, own_values: Sequence[int | None]) -> list[int | None]:
    """Mean of the opponents' values over the games played over the board, each game counted
    separately (C.07 (2026) Art. 4.4, 10.4, 10.5), rounded half up; undefined without games."""
    return [
        mean_of([value for _, value in opponent_values(games, own_values)]).value
        for games in games_over_the_board(context)
    ]


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


# --------------------------------------------------------------------------------------------
# Explanations: built from the same objects as the values above (OpponentRatings, Performance,
# PerfectSearch, opponent_values), so the words and the value cannot disagree.

_ARO_MEANING = (
    "Average Rating of Opponents: the average rating of the opponents met over the board"
    " (forfeits and byes do not count), rounded to a whole number (C.07 (2026) Art. 10.1)"
)
_TPR_MEANING = (
    "Tournament Performance Rating: the average rating of the opponents plus the rating"
    " difference that FIDE's table gives for the share of points scored over the board, a win"
    " counting 1 point and a draw half a point (C.07 (2026) Art. 10.2, FIDE B.02 table 8.1(a))"
)
_PTP_MEANING = (
    "Perfect Tournament Performance: the lowest rating with which the points scored over the"
    " board (a win 1 point, a draw half a point) would be the expected score against these"
    " opponents"
    " (C.07 (2026) Art. 10.3, FIDE B.02 table 8.1(b))"
)
_OPPONENTS_MEANING = {
    "APRO": "Average Performance Rating of Opponents: the average of the opponents' tournament"
    " performance ratings (TPR), one per game played over the board, rounded to a whole number"
    " (C.07 (2026) Art. 10.4)",
    "APPO": "Average Perfect Performance of Opponents: the average of the opponents' perfect"
    " tournament performances (PTP), one per game played over the board, rounded to a whole"
    " number (C.07 (2026) Art. 10.5)",
}
_RATING_MEANING = "Rating: the participant's own rating (C.07 (2026) Art. 10.6)"


def _fraction(value: int | None) -> Fraction | None:
    return None if value is None else Fraction(value)


def _hundredths(value: int) -> str:
    """A value in hundredths as a two-decimal text: 63 -> "0.63", 400 -> "4.00"."""
    return f"{value // HUNDREDTHS}.{value % HUNDREDTHS:02d}"


def _decimal(value: Fraction) -> str:
    """Exact decimal text, or "about ..." when it does not end within four decimals."""
    text = number(value)
    return text if (value * 10**4).denominator == 1 else f"about {text}"


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def _games_word(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def _rating_text(
    context: Context, spec: TiebreakSpec, participant: int, ratings: Sequence[int]
) -> str:
    """Text such as "rating 2150", or for an unrated participant "rating 1000 (unrated: 1000
    set by /U1000)"."""
    used = ratings[participant]
    if context.tournament.players[participant].rating:
        return f"rating {used}"
    source = (
        f"/U{spec.unrated_rating}"
        if spec.unrated_rating is not None
        else "the unrated-rating option"
    )
    return f"rating {used} (unrated: {used} set by {source})"


def _game_text(context: Context, index: int, round_number: int, detail: str) -> str:
    """Text such as "Round 3: draw with Black against #5 Anna, <detail>"."""
    return f"{round_text(context, index, round_number - 1)}, {detail}"


def _undefined(acronym: str) -> Line:
    return Line(f"no games played over the board: {acronym} is undefined and ranks last")


def _mean_step(mean: Mean) -> str:
    """Text such as "sum 7640 / 4 games = 1910" or "sum 7642 / 4 games = 1910.5, rounded half
    up to 1911 (Art. 10)"."""
    quotient = Fraction(mean.total, mean.divisor)
    text = f"sum {mean.total} / {_games_word(mean.divisor)} = {_decimal(quotient)}"
    if quotient.denominator == 1:
        return text
    if quotient.denominator == 2:
        return f"{text}, rounded half up to {mean.value} (Art. 10)"
    return f"{text}, rounded to the nearest whole number: {mean.value} (Art. 10)"


def _rating_lines(
    context: Context,
    spec: TiebreakSpec,
    index: int,
    found: OpponentRatings,
    ratings: Sequence[int],
) -> tuple[tuple[Line, ...], dict[int, int]]:
    """One line per game with the opponent's rating; games cut by a modifier marked."""
    if not found.games:
        return (_undefined(spec.acronym),), {}
    _, cuts = found.kept_and_cut()
    reasons = {cut.contribution.round: cut.reason for cut in cuts}  # one game per round
    lines: list[Line] = []
    for item in found.contributions():
        reason = reasons.get(item.round, "")
        text = _game_text(
            context, index, item.round, _rating_text(context, spec, item.opponent, ratings)
        )
        lines.append(Line(text, Fraction(item.value), item.round, not reason, reason))
    opponents = {position: item.opponent for position, item in enumerate(found.contributions())}
    return tuple(lines), opponents


def _ratings_left_out(count: int, which: str) -> str:
    return f"the {which}" if count == 1 else f"the {count} {which}"


def _modifier_steps(spec: TiebreakSpec, found: OpponentRatings) -> list[str]:
    """What ``/Cn`` or ``/Mn`` leave out (C.07 (2026) Art. 14.1, 14.3), as
    :meth:`OpponentRatings.kept_and_cut` does it."""
    if not spec.cut and not spec.median:
        return []
    label = "/".join(f"/{part}" for part in spec.modifiers if part[0] in "CM")
    lowest, highest = spec.cut + spec.median, spec.median
    removed = _ratings_left_out(lowest, "lowest")
    if highest:
        removed += " and " + _ratings_left_out(highest, "highest")
    verb = "is" if lowest + highest == 1 else "are"
    noun = "rating" if lowest + highest == 1 else "ratings"
    article = "Art. 14.3" if highest else "Art. 14.1"
    steps = [f"{label}: {removed} {noun} {verb} left out ({article})"]
    _, cuts = found.kept_and_cut()
    if found.games and len(cuts) < lowest + highest:
        played = _games_word(len(found.games))
        steps.append(f"only {played} played, so only {len(cuts)} left out")
    if found.games and not found.mean.divisor:
        steps.append(f"no rating is left: {spec.acronym} is undefined and ranks last")
    return steps


def _explanation(
    context: Context,
    spec: TiebreakSpec,
    index: int,
    value: int | None,
    parts: tuple[str, tuple[Line, ...], Sequence[str], dict[int, int]],
) -> Explanation:
    """An average-type explanation (``is_sum`` False: the value is a rounded mean or a table
    result, the line amounts show what it is made of)."""
    definition, lines, steps, opponents = parts
    return Explanation(
        *header(context, spec, index),
        value=_fraction(value),
        definition=definition,
        lines=lines,
        steps=tuple(steps),
        is_sum=False,
        opponents=opponents,
    )


@explains("ARO")
def explain_average_rating_of_opponents(
    context: Context, spec: TiebreakSpec, index: int
) -> Explanation:
    """ARO (C.07 (2026) Art. 10.1): one line per game over the board with the opponent's
    rating, the games left out by ``/Cn`` ``/Mn`` marked, then the mean and its rounding."""
    ratings = participant_ratings(context, spec)
    found = opponent_ratings(games_over_the_board(context)[index], ratings, spec.cut, spec.median)
    lines, opponents = _rating_lines(context, spec, index, found, ratings)
    steps = _modifier_steps(spec, found)
    if found.mean.divisor:
        steps.append(_mean_step(found.mean))
    value = found.mean.value
    return _explanation(context, spec, index, value, (_ARO_MEANING, lines, steps, opponents))


def _score_step(half_points: int, games: int, percentage: int) -> str:
    """Text such as "score 2.5 of 4 games = 0.625 -> p = 0.63 (rounded half up to two
    decimals)"; ``p`` is the value computed by :func:`performance`."""
    share = Fraction(half_points, games * _HALF_POINTS_PER_GAME)
    text = f"score {number(Fraction(half_points, _HALF_POINTS_PER_GAME))} of {_games_word(games)}"
    if (share * HUNDREDTHS).denominator == 1:
        return f"{text}: p = {_hundredths(percentage)}"
    rounded = _hundredths(percentage)
    return f"{text} = {_decimal(share)} -> p = {rounded} (rounded half up to two decimals)"


def _table_step(percentage: int, difference: int) -> str:
    """Text such as "B.02 table 8.1(a): dp(0.63) = 95"; below 0.50 through
    ``dp = -dp(1 - p)``."""
    p = _hundredths(percentage)
    if percentage >= HUNDREDTHS // 2:
        return f"B.02 table 8.1(a): dp({p}) = {difference}"
    complement = _hundredths(HUNDREDTHS - percentage)
    return (
        f"B.02 table 8.1(a): p = {p} is below 0.50, so dp = -dp(1 - {p}) = -dp({complement})"
        f" = {difference}"
    )


@explains("TPR")
def explain_tournament_performance_rating(
    context: Context, spec: TiebreakSpec, index: int
) -> Explanation:
    """TPR (C.07 (2026) Art. 10.2): the ARO lines, then ARO, ``p``, ``dp`` of B.02 table
    8.1(a) and their sum."""
    ratings = participant_ratings(context, spec)
    found = performance(games_over_the_board(context)[index], ratings)
    lines, opponents = _rating_lines(context, spec, index, found.opponents, ratings)
    steps: list[str] = []
    average = found.opponents.mean
    if average.divisor:
        steps = [
            f"ARO: {_mean_step(average)}",
            _score_step(found.half_points, average.divisor, found.percentage),
            _table_step(found.percentage, found.difference),
            f"TPR = {average.value} {_signed(found.difference)} = {found.value}",
        ]
    return _explanation(context, spec, index, found.value, (_TPR_MEANING, lines, steps, opponents))


def _search_steps(search: PerfectSearch) -> list[str]:
    """The steps of :func:`perfect_search` in words."""
    points = number(Fraction(search.half_points, _HALF_POINTS_PER_GAME))
    games, lowest, highest = len(search.ratings), min(search.ratings), max(search.ratings)
    score = f"score {points} of {_games_word(games)}"
    if not search.target:
        below = lowest - search.value
        return [
            score,
            f"no points scored: PTP = the lowest opponent rating {lowest} - {below}"
            f" = {search.value} (Art. 10.3)",
        ]
    at = expected_total(search.value, search.ratings)
    just_below = expected_total(search.value - 1, search.ratings)
    return [
        score,
        "PTP is the lowest whole rating R whose expected scores against these opponents"
        f" (B.02 table 8.1(b)) add up to at least {points}; the full rating difference counts (no"
        " 400-point limit), and beyond 735 points a game is expected to be won (1.00) or lost"
        " (0.00)",
        f"searched by halving the range from {search.low} (lowest opponent {lowest}"
        f" - {lowest - search.low}: expected 0) to {search.high} (highest opponent {highest}"
        f" + {search.high - highest}: expected {games})",
        f"at R = {search.value}: expected {_hundredths(at)}, which reaches {points}",
        f"at R = {search.value - 1}: expected {_hundredths(just_below)}, less than {points}",
        f"PTP = {search.value}",
    ]


@explains("PTP")
def explain_perfect_tournament_performance(
    context: Context, spec: TiebreakSpec, index: int
) -> Explanation:
    """PTP (C.07 (2026) Art. 10.3): one line per game with the opponent's rating and the score
    expected at the rating found (B.02 table 8.1(b)), then the search."""
    ratings = participant_ratings(context, spec)
    games = games_over_the_board(context)[index]
    search = participant_search(games, ratings)
    if search is None:
        return _explanation(
            context, spec, index, None, (_PTP_MEANING, (_undefined("PTP"),), (), {})
        )
    lines: list[Line] = []
    for game, opponent_rating in zip(games, search.ratings, strict=True):
        expected = expected_score(search.value - opponent_rating)
        detail = (
            f"{_rating_text(context, spec, game.opponent, ratings)}; a {search.value} player is"
            f" expected to score {_hundredths(expected)}"
        )
        text = _game_text(context, index, game.round, detail)
        lines.append(Line(text, Fraction(expected, HUNDREDTHS), game.round))
    opponents = {position: game.opponent for position, game in enumerate(games)}
    parts = (_PTP_MEANING, tuple(lines), _search_steps(search), opponents)
    return _explanation(context, spec, index, search.value, parts)


def _opponent_detail(context: Context, ratings: Sequence[int], acronym: str, opponent: int) -> str:
    """How the opponent's TPR or PTP came about, in brief."""
    games = games_over_the_board(context)[opponent]
    points = number(Fraction(sum(game.outcome for game in games), _HALF_POINTS_PER_GAME))
    scored = f"{points} of {_games_word(len(games))}"
    if acronym == "APPO":
        return f"their score {scored}"
    found = performance(games, ratings)
    return f"their ARO {found.opponents.mean.value} {_signed(found.difference)} for {scored}"


@explains("APRO", "APPO")
def explain_opponents_performance(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """APRO (C.07 (2026) Art. 10.4) and APPO (10.5): one line per game over the board with the
    opponent's TPR or PTP, then their mean and its rounding."""
    ratings = participant_ratings(context, spec)
    name, derive = (
        ("TPR", performance_ratings) if spec.acronym == "APRO" else ("PTP", perfect_performances)
    )
    games = games_over_the_board(context)[index]
    pairs = opponent_values(games, _cached(context, spec, name, derive))
    mean = mean_of([value for _, value in pairs])
    lines: list[Line] = []
    for game, value in pairs:
        detail = _opponent_detail(context, ratings, spec.acronym, game.opponent)
        text = _game_text(context, index, game.round, f"{name} {value} ({detail})")
        lines.append(Line(text, Fraction(value), game.round))
    opponents = {position: game.opponent for position, (game, _) in enumerate(pairs)}
    steps = [_mean_step(mean)] if mean.divisor else []
    meaning = _OPPONENTS_MEANING[spec.acronym]
    parts = (meaning, tuple(lines) or (_undefined(spec.acronym),), steps, opponents)
    return _explanation(context, spec, index, mean.value, parts)


@explains("RTNG")
def explain_rating(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """RTNG (C.07 (2026) Art. 10.6): the participant's own rating; ``/R`` reverses the order."""
    ratings = participant_ratings(context, spec)
    line = Line(_rating_text(context, spec, index, ratings), Fraction(ratings[index]))
    order = (
        "/R: the order is reversed, so a lower rating ranks higher"
        if spec.reverse
        else "a higher rating ranks higher"
    )
    return Explanation(
        *header(context, spec, index),
        value=Fraction(ratings[index]),
        definition=_RATING_MEANING,
        lines=(line,),
        steps=(order,),
        is_sum=True,
    )
