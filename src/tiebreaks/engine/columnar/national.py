"""National tie-breaks on arrays: the columnar form of :mod:`..national.us_chess` (US Chess
Official Rules, 7th edition, rule 34E: MMED, MED, SOLK, CUM, OCUM, KASH, USSB, MBLK) and of
the value tie-breaks of :mod:`..national.german` (DSB practice: BBH, SOR, GPL).

The US systems do not depend on the rules regime: the US adjusted score (rule 34E) counts
every round an opponent did not play over the board as a draw, and each of the tied player's
own rounds without a game counts as an opponent with adjusted score 0. The median cuts (rules
34E, 34E1) are the reference's own (the lowest and highest of all the rounds, how many by the
number of rounds and, for MMED, by the score), not the FIDE cuts of C.07 Art. 14. BBH follows
the run's regime (or ``/V``) like BH; SOR and GPL count games over the board only. The group
tie-breaks RBT (US Chess 34E) and DEB (DSB) order a tied group and stay on the reference path.
"""

from __future__ import annotations

import numpy as np

from ...model import ResultKind
from ..column import Column
from ..context import Context
from ..families.buchholz import buchholz_values
from ..families.national.us_chess import _KASHDAN_POINTS, drop_count
from ..families.ratings import board_games, participant_ratings
from ..spec import TiebreakSpec
from ..unplayed import under_regime
from .grid import KINDS, Flags, Integers, grid
from .registry import vectorised
from .sums import Contributions, modified_sums, trimmed_sums
from .unplayed import unplayed_as_draw_points


def _kashdan_table() -> Integers:
    """Kashdan points by kind code (US Chess rule 34E7): 4, 2, 1 for a game won, drawn, lost
    over the board (rated or unrated); 0 for a bye, a forfeit or an absence."""

    def points(kind: ResultKind) -> int:
        return _KASHDAN_POINTS[kind.outcome] if kind.played and kind.outcome is not None else 0

    return np.array([points(kind) for kind in KINDS], dtype=np.int64)


KASHDAN = _kashdan_table()


# --------------------------------------------------------------------------------------------
# US Chess rule 34E: adjusted scores and the values of the opponents met over the board


def us_adjusted_scores(context: Context) -> Integers:
    """Every participant's US adjusted score in units (US Chess rule 34E): the points of the
    games played over the board, the draw value for every other round considered."""

    return context.memo(  # type: ignore[no-any-return]
        ("vector-us-chess", "adjusted-scores"),
        lambda: unplayed_as_draw_points(context).sum(axis=1),
    )


def over_the_board(context: Context, per_participant: Integers) -> Integers:
    """Per participant and round, ``per_participant`` of the opponent met over the board, 0
    for a round without a game (US Chess rule 34E: an own unplayed round counts as an
    opponent with adjusted score 0)."""
    table = grid(context)
    opponent = np.where(table.played, table.opponent, 0)
    return np.where(table.played, per_participant[opponent], 0)


def opponent_scores(context: Context) -> Integers:
    """Per participant and round the opponent's US adjusted score, 0 without a game (US Chess
    rule 34E; the values of MMED, MED and SOLK)."""
    return context.memo(  # type: ignore[no-any-return]
        ("vector-us-chess", "opponent-scores"),
        lambda: over_the_board(context, us_adjusted_scores(context)),
    )


def median_totals(values: Integers, lowest: Integers, highest: Integers) -> Integers:
    """Every row's sum without its ``lowest`` smallest and then its ``highest`` largest values
    (per row; US Chess rule 34E1); every value is dropped when there are no more values than
    drops, as the reference :func:`~..national.us_chess.median_row` does."""
    ordered = np.sort(values, axis=1)
    count = np.full(ordered.shape[0], ordered.shape[1], dtype=np.int64)
    return trimmed_sums(ordered, count, lowest, highest)[0]


def modified_median_drops(context: Context) -> tuple[Integers, Integers]:
    """Per participant the (lowest, highest) numbers of values the Modified Median drops (US
    Chess rule 34E1): a plus score drops the lowest, a minus score the highest, exactly 50%
    both; two on each side concerned with 9 or more rounds."""
    drops = drop_count(context)
    twice_score = 2 * grid(context).scores
    maximum = context.rounds * context.win
    lowest = np.where(twice_score >= maximum, drops, 0)
    highest = np.where(twice_score <= maximum, drops, 0)
    return lowest, highest


@vectorised("MMED")
def modified_median(context: Context, spec: TiebreakSpec) -> Column:
    """MMED (US Chess rule 34E1): the opponents' adjusted scores without the lowest (plus
    score), the highest (minus score) or both (even score); two each with 9 or more rounds."""
    lowest, highest = modified_median_drops(context)
    values = median_totals(opponent_scores(context), lowest, highest)
    return Column(spec, values.tolist(), context.unit)


@vectorised("MED")
def median(context: Context, spec: TiebreakSpec) -> Column:
    """MED (US Chess rule 34E, Harkness system): the opponents' adjusted scores without the
    highest and the lowest (two of each with 9 or more rounds)."""
    drops = np.full(context.size, drop_count(context), dtype=np.int64)
    values = median_totals(opponent_scores(context), drops, drops)
    return Column(spec, values.tolist(), context.unit)


@vectorised("SOLK")
def solkoff(context: Context, spec: TiebreakSpec) -> Column:
    """SOLK (US Chess rule 34E2): the sum of the opponents' adjusted scores."""
    return Column(spec, opponent_scores(context).sum(axis=1).tolist(), context.unit)


# --------------------------------------------------------------------------------------------
# Cumulative, Cumulative of Opposition (rules 34E3, 34E); Kashdan, USSB, Most Blacks (34E7, 34E)


def cumulative_values(context: Context) -> Integers:
    """Every participant's Cumulative in units (US Chess rule 34E3): the running scores added
    up, less one win value for every round scored the win value without a game (full-point
    or pairing-allocated bye scored as a win, forfeit win)."""

    def compute() -> Integers:
        table = grid(context)
        running = np.cumsum(table.points, axis=1).sum(axis=1)
        unplayed_wins = ((table.points == context.win) & ~table.played).sum(axis=1)
        return running - context.win * unplayed_wins  # type: ignore[no-any-return]

    return context.memo(("vector-us-chess", "cumulative"), compute)  # type: ignore[no-any-return]


@vectorised("CUM")
def cumulative(context: Context, spec: TiebreakSpec) -> Column:
    """CUM (US Chess rule 34E3): the Cumulative score."""
    return Column(spec, cumulative_values(context).tolist(), context.unit)


@vectorised("OCUM")
def cumulative_of_opposition(context: Context, spec: TiebreakSpec) -> Column:
    """OCUM (US Chess rule 34E): the sum of the Cumulative scores (34E3) of the opponents met
    over the board; a round without a game adds nothing."""
    values = over_the_board(context, cumulative_values(context)).sum(axis=1)
    return Column(spec, values.tolist(), context.unit)


@vectorised("KASH")
def kashdan(context: Context, spec: TiebreakSpec) -> Column:
    """KASH (US Chess rule 34E7): 4 points per game won, 2 per game drawn, 1 per game lost,
    over the board (unrated games included); byes and forfeits give nothing."""
    return Column(spec, KASHDAN[grid(context).kind].sum(axis=1).tolist())


@vectorised("USSB")
def us_sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """USSB (US Chess rule 34E): per game over the board the opponent's adjusted score times
    the outcome in half-points (win 2, draw 1, loss 0), in half-units (2 x unit)."""
    table = grid(context)
    shares = over_the_board(context, us_adjusted_scores(context)) * np.maximum(table.outcome, 0)
    return Column(spec, shares.sum(axis=1).tolist(), 2 * context.unit)


@vectorised("MBLK")
def most_blacks(context: Context, spec: TiebreakSpec) -> Column:
    """MBLK (US Chess rule 34E): the number of games played over the board with Black."""
    table = grid(context)
    return Column(spec, (table.black & table.played).sum(axis=1).tolist())


# --------------------------------------------------------------------------------------------
# German practice (DSB): BBH, SOR, GPL


def opponent_sums(
    context: Context, included: Flags, per_participant: Integers, spec: TiebreakSpec
) -> Integers:
    """Every participant's sum of ``per_participant`` of the opponent of each ``included``
    round, after ``/Cn`` or ``/Mn`` (the lowest cut first, then the highest; no Art. 16.5
    exception), as the reference :class:`~..contributions.SumDefinition` of BBH and SOR
    computes it."""
    opponent = np.where(included, grid(context).opponent, 0)
    value = np.where(included, per_participant[opponent], 0)
    items = Contributions(value, value, included, np.zeros_like(included))
    return modified_sums(items, spec.cut, spec.median, vur_exception=False)


@vectorised("BBH")
def buchholz_of_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BBH (DSB, verfeinerte Buchholz): for every round with an opponent (games over the
    board; forfeits with ``/P`` or with pre-determined pairings, C.07 (2026) Art. 15.2), that
    opponent's Buchholz (Art. 8.1) under the regime; rounds without an opponent add nothing.
    ``/Cn`` and ``/Mn`` cut the lowest (and highest) Buchholz."""
    base = under_regime(context, spec)
    buchholz = buchholz_values(base, TiebreakSpec("BH"))
    table = grid(context)
    counted = table.played
    if spec.forfeits_as_played or base.predetermined:
        counted = counted | table.forfeit
    included = counted & (table.opponent >= 0)
    return Column(spec, opponent_sums(context, included, buchholz, spec).tolist(), context.unit)


@vectorised("SOR")
def sum_of_opponents_ratings(context: Context, spec: TiebreakSpec) -> Column:
    """SOR (DSB Performance-Wertung): the sum of the ratings of the opponents met over the
    board (forfeits and byes excluded, as for ARO, C.07 (2026) Art. 10.1); unrated
    participants get the rating of ``/U`` or of the run, and without one the reference's
    UsageError is raised; ``/Cn`` and ``/Mn`` drop the lowest (and highest) ratings."""
    ratings = np.array(participant_ratings(context, spec), dtype=np.int64)
    games = board_games(context).played
    return Column(spec, opponent_sums(context, games, ratings, spec).tolist())


@vectorised("GPL")
def games_played(context: Context, spec: TiebreakSpec) -> Column:
    """GPL (DSB): games played over the board (rated or unrated); forfeits and byes are not
    games."""
    return Column(spec, grid(context).played.sum(axis=1).tolist())
