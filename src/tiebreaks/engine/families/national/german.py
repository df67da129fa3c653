"""German practice (DSB): the Feinwertungen that have no FIDE C.07 acronym, on arrays.

The seeds (000, 002, 003, 004) and the specification (§3.15) map most German terms onto FIDE
tie-breaks: Buchholz mit Streichresultat(en) = ``BH/C1``, ``BH/C2``; gemittelte Buchholz =
``BH/M1``; Fortschrittswertung = ``PS``; Koya = ``KS``; Direkter Vergleich = ``DE``. What
remains is defined here:

* ``BBH`` verfeinerte Buchholz / Buchholz-Buchholz: the sum of the Buchholz numbers of the
  opponents met (the sum, not the FIDE average ``AOB``);
* ``SOR`` the "Performance"-Wertung of the German championships (2007 rules): the sum of the
  opponents' ratings (with a per-player fallback, e.g. Elo else DWZ, chosen where the
  tournament is read);
* ``GPL`` the number of games actually played;
* ``DEB`` direct comparison in which, among players still equal, the one who had Black in
  the games between them goes ahead.

Unplayed rounds follow the run's regime (``--rules``) like BH; the DSB text itself was not
available (spec Q15), so the readings are documented in ``docs/conformance.md``. The value
tie-breaks are computed for the whole field on the arrays of
:func:`~tiebreaks.engine.grid.grid`; each tracer gives one participant's trace from
the same arrays.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...column import Column
from ...context import Context
from ...grid import Flags, Integers, grid
from ...registry import Definition, Kind, register, tiebreak
from ...spec import TiebreakSpec
from ...sums import Contributions, cuts_of_row, modified_sums
from ...trace import Entry, Role, Step, Trace, traces, traces_group
from ...unplayed import under_regime
from ..buchholz import buchholz_values
from ..direct_encounter import group_table, member_entries, mini_table, order_group, place_in
from ..ratings import participant_ratings

#: what a game over the board adds to GPL
GAME = "game"


def opponent_items(context: Context, included: Flags, per_participant: Integers) -> Contributions:
    """Per participant and round ``per_participant`` of the opponent of each ``included``
    round (0 elsewhere), as the contributions of a sum cut by ``/Cn`` and ``/Mn`` (the lowest
    first, then the highest; no Art. 16.5 exception: these rounds all have an opponent)."""
    opponent = np.where(included, grid(context).opponent, 0)
    value = np.where(included, per_participant[opponent], 0)
    return Contributions(value, value, included, np.zeros_like(included))


def opponent_sum(context: Context, items: Contributions, spec: TiebreakSpec) -> Integers:
    """Every participant's sum of ``items`` after ``/Cn`` or ``/Mn`` (C.07 Art. 14)."""
    return modified_sums(items, spec.cut, spec.median, vur_exception=False)


def opponent_trace(
    context: Context, spec: TiebreakSpec, index: int, items: Contributions, ratings: bool
) -> Trace:
    """One entry per included round: the opponent (a game, or a forfeit counted as one) and
    what they add (``ratings``: their rating, whole numbers; else a score in units), with
    the cuts of ``/Cn`` and ``/Mn``."""
    unit = 1 if ratings else context.unit
    table = grid(context)
    cuts = cuts_of_row(items, index, spec.cut, spec.median, vur_exception=False)
    entries = []
    for column in np.flatnonzero(items.included[index]).tolist():
        amount = Fraction(int(items.value[index, column]), unit)
        reason = cuts.get(column)
        entries.append(
            Entry(
                round=column + 1,
                role=Role.OPPONENT if table.played[index, column] else Role.FORFEIT_AS_GAME,
                amount=amount,
                opponent=int(table.opponent[index, column]),
                rating=int(amount) if ratings else None,
                kept=reason is None,
                reason=reason,
            )
        )
    value = sum((entry.amount for entry in entries if entry.kept and entry.amount), Fraction(0))
    return Trace(spec, index, value, tuple(entries), rules=context.rules.name, is_sum=True)


def buchholz_of_buchholz_items(context: Context, spec: TiebreakSpec) -> Contributions:
    """BBH's contributions: for every round with an opponent (games over the board; forfeits
    with ``/P`` or with pre-determined pairings, C.07 (2026) Art. 15.2), that opponent's
    Buchholz (Art. 8.1); ``context`` already under the regime."""
    buchholz = buchholz_values(context, TiebreakSpec("BH"))
    table = grid(context)
    counted = table.played
    if spec.forfeits_as_played or context.predetermined:
        counted = counted | table.forfeit
    return opponent_items(context, counted & (table.opponent >= 0), buchholz)


@tiebreak("BBH", "Buchholz of Buchholz (verfeinerte Buchholz)", "DSB", "CC", "CMPV")
def buchholz_of_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BBH: for every round with an opponent (games over the board; forfeits with ``/P`` or
    in round robins), that opponent's Buchholz under the regime; rounds without an opponent
    add nothing (a dummy or virtual opponent has no opponents of its own). ``/Cn`` and
    ``/Mn`` cut the opponents with the lowest (and highest) Buchholz."""
    base = under_regime(context, spec)
    values = opponent_sum(base, buchholz_of_buchholz_items(base, spec), spec)
    return Column(spec, values.tolist(), context.unit)


@traces("BBH")
def trace_buchholz_of_buchholz(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per opponent with their Buchholz, and the cuts."""
    base = under_regime(context, spec)
    items = buchholz_of_buchholz_items(base, spec)
    return opponent_trace(base, spec, index, items, ratings=False)


#: ratings whose sums over the rounds stay inside int64
_LARGEST_RATING = 2**40


def rating_items(context: Context, spec: TiebreakSpec) -> Contributions:
    """SOR's contributions: the rating of each opponent met over the board (unrated ones get
    the rating of ``/U`` or of the run; UsageError without one, C.07 Art. 10), exact Python
    integers where a rating is too large for int64 sums."""
    ratings = participant_ratings(context, spec)
    large = any(abs(rating) >= _LARGEST_RATING for rating in ratings)
    table = grid(context)
    array = np.array(ratings, dtype=object if large else np.int64).reshape(len(ratings))
    return opponent_items(context, table.played & (table.opponent >= 0), array)


@tiebreak("SOR", "Sum of Opponents' Ratings", "DSB", "D", "CMU", rating_based=True)
def sum_of_opponents_ratings(context: Context, spec: TiebreakSpec) -> Column:
    """SOR: the sum of the ratings of the opponents met over the board (forfeits and byes
    excluded, as for ARO, C.07 (2026) Art. 10.1); ``/Cn`` and ``/Mn`` drop the lowest (and
    highest) ratings."""
    return Column(spec, opponent_sum(context, rating_items(context, spec), spec).tolist())


@traces("SOR")
def trace_sum_of_opponents_ratings(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game over the board with the opponent's rating, and the cuts."""
    return opponent_trace(context, spec, index, rating_items(context, spec), ratings=True)


@tiebreak("GPL", "Number of Games Played", "DSB", "B", "")
def games_played(context: Context, spec: TiebreakSpec) -> Column:
    """GPL: games played over the board (rated or unrated); forfeits and byes are not games."""
    return Column(spec, grid(context).played.sum(axis=1).tolist())


@traces("GPL")
def trace_games_played(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game played over the board, each adding 1."""
    columns = np.flatnonzero(grid(context).played[index]).tolist()
    entries = tuple(Entry(column + 1, GAME, Fraction(1)) for column in columns)
    value = Fraction(len(entries))
    return Trace(spec, index, value, entries, rules=context.rules.name, is_sum=True)


def black_games_among(context: Context, subgroup: list[int]) -> dict[int, int]:
    """Each member's games played over the board with Black against the other members of
    ``subgroup`` (one selection on the arrays)."""
    table = grid(context)
    rows = np.asarray(subgroup, dtype=np.int64)
    member = np.zeros(table.size + 1, dtype=np.bool_)  # the last slot: no opponent (-1)
    member[rows] = True
    opponents = table.opponent[rows]
    black = table.black[rows] & table.played[rows] & member[opponents]
    return dict(zip(subgroup, black.sum(axis=1).tolist(), strict=True))


def _black_favoured(
    context: Context, spec: TiebreakSpec, group: list[int]
) -> tuple[list[list[int]], dict[int, int]]:
    """DEB's order of ``group`` and the games with Black counted in each part that direct
    encounter left tied and whose members all met."""
    ordered: list[list[int]] = []
    blacks: dict[int, int] = {}
    for subgroup in order_group(context, spec, group):
        if len(subgroup) < 2 or not mini_table(context, subgroup, spec).everyone_met:
            ordered.append(subgroup)
            continue
        counted = black_games_among(context, subgroup)
        blacks.update(counted)
        for level in sorted(set(counted.values()), reverse=True):
            ordered.append([index for index in subgroup if counted[index] == level])
    return ordered, blacks


def order_group_black_favoured(
    context: Context, spec: TiebreakSpec, group: list[int]
) -> list[list[int]]:
    """DEB: direct encounter (C.07 (2026) Art. 6); then, inside each part still tied whose
    members all met, more games with Black among them ranks ahead: of two players who drew,
    the one who had Black."""
    return _black_favoured(context, spec, group)[0]


#: the role of a DEB trace entry: a member's games with Black among the players still equal
BLACK_GAMES = "black-games"


@traces_group("DEB")
def trace_direct_encounter_black_favoured(
    context: Context, spec: TiebreakSpec, group: list[int], index: int
) -> Trace:
    """The mini-table of the tied group (Art. 6), then for the parts direct encounter left
    tied whose members all met, each member's games with Black among them."""
    table = mini_table(context, group, spec)
    ordered, blacks = _black_favoured(context, spec, group)
    place = place_in(ordered, index)
    black_entries = tuple(
        Entry(None, BLACK_GAMES, None, opponent=member, score=Fraction(count))
        for member, count in blacks.items()
    )
    return Trace(
        spec,
        index,
        Fraction(place),
        member_entries(group, table) + black_entries,
        (Step("place", (place, len(group)), "DSB"),),
        rules=context.rules.name,
        group=group_table(context, group, table, ordered),
    )


register(
    Definition(
        "DEB",
        "Direct Encounter, Black favoured (DSB practice)",
        "DSB",
        "A",
        "P",
        compute=None,
        kind=Kind.GROUP,
        order_group=order_group_black_favoured,
    )
)
