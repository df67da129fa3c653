"""German practice (DSB): the Feinwertungen that have no FIDE C.07 acronym.

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
available (spec Q15), so the readings are documented in ``docs/conformance.md``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...column import Column
from ...columnar.grid import grid
from ...context import Context
from ...explanation import (
    Explanation,
    count_explanation,
    explains,
    sum_explanation,
)
from ...opponents import opponent_contributions
from ...registry import Definition, Kind, register, tiebreak
from ...spec import TiebreakSpec
from ...sums import Contribution, SumDefinition
from ...trace import Entry, Step, Trace, traces_group
from ...unplayed import under_regime
from ...wording import points, round_text
from ..buchholz import buchholz_values
from ..direct_encounter import group_table, member_entries, mini_table, order_group, place_in
from ..ratings import games_over_the_board, participant_ratings


def buchholz_of_buchholz_sum(context: Context, spec: TiebreakSpec) -> SumDefinition:
    """BBH as a sum: per round with an opponent, that opponent's Buchholz (``context``
    already under the regime)."""
    buchholz = buchholz_values(context, TiebreakSpec("BH")).tolist()
    rows = [
        [
            Contribution(
                item.round, item.opponent, buchholz[item.opponent], buchholz[item.opponent]
            )
            for item in row
            if item.opponent >= 0
        ]
        for row in opponent_contributions(context, spec.forfeits_as_played, weighted=False)
    ]
    return SumDefinition(rows, spec.cut, spec.median, False, context.unit)


@tiebreak("BBH", "Buchholz of Buchholz (verfeinerte Buchholz)", "DSB", "CC", "CMPV")
def buchholz_of_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BBH: for every round with an opponent (games over the board; forfeits with ``/P`` or
    in round robins), that opponent's Buchholz; rounds without an opponent add nothing (a
    dummy or virtual opponent has no opponents of its own). ``/Cn`` and ``/Mn`` cut the
    opponents with the lowest (and highest) Buchholz."""
    definition = buchholz_of_buchholz_sum(under_regime(context, spec), spec)
    return Column(spec, definition.values(), context.unit)


@explains("BBH")
def explain_buchholz_of_buchholz(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per opponent with their Buchholz."""
    base = under_regime(context, spec)

    def line(item: Contribution) -> str:
        text = round_text(base, index, item.round - 1)
        return f"{text}: their Buchholz {points(base, item.value)}"

    return sum_explanation(
        context,
        spec,
        index,
        buchholz_of_buchholz_sum(base, spec),
        line,
        "Buchholz of Buchholz (verfeinerte Buchholz): the sum of the opponents' Buchholz;"
        f" rounds without an opponent add nothing; rules {base.rules.name}",
    )


def sum_of_ratings(context: Context, spec: TiebreakSpec) -> SumDefinition:
    """SOR as a sum: the rating of each opponent met over the board."""
    ratings = participant_ratings(context, spec)
    rows = [
        [
            Contribution(game.round, game.opponent, ratings[game.opponent], ratings[game.opponent])
            for game in games
        ]
        for games in games_over_the_board(context)
    ]
    return SumDefinition(rows, spec.cut, spec.median, False, 1)


@tiebreak("SOR", "Sum of Opponents' Ratings", "DSB", "D", "CMU", rating_based=True)
def sum_of_opponents_ratings(context: Context, spec: TiebreakSpec) -> Column:
    """SOR: the sum of the ratings of the opponents met over the board (forfeits and byes
    excluded, as for ARO, C.07 (2026) Art. 10.1); ``/Cn`` and ``/Mn`` drop the lowest (and
    highest) ratings."""
    return Column(spec, sum_of_ratings(context, spec).values())


@explains("SOR")
def explain_sum_of_opponents_ratings(
    context: Context, spec: TiebreakSpec, index: int
) -> Explanation:
    """One line per game over the board with the opponent's rating."""
    players = context.tournament.players

    def line(item: Contribution) -> str:
        text = round_text(context, index, item.round - 1)
        rated = players[item.opponent].rating
        note = "" if rated else " (unrated: the rating set for unrated players)"
        return f"{text}: rating {item.value}{note}"

    return sum_explanation(
        context,
        spec,
        index,
        sum_of_ratings(context, spec),
        line,
        "Sum of the ratings of the opponents met over the board (DSB Performance-Wertung)",
    )


@tiebreak("GPL", "Number of Games Played", "DSB", "B", "")
def games_played(context: Context, spec: TiebreakSpec) -> Column:
    """GPL: games played over the board (rated or unrated); forfeits and byes are not games."""
    return Column(spec, [sum(kind.played for kind in row) for row in context.kinds])


@explains("GPL")
def explain_games_played(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per game played over the board."""
    counted = [
        (round_index, round_text(context, index, round_index))
        for round_index, kind in enumerate(context.kinds[index])
        if kind.played
    ]
    meaning = "Number of games played over the board (forfeits and byes are not games)"
    return count_explanation(context, spec, index, counted, meaning)


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
