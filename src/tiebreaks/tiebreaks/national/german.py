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

from ..buchholz import buchholz_values
from ..column import Column
from ..context import Context
from ..contributions import Contribution, modified_sum
from ..direct_encounter import mini_table, order_group
from ..opponents import opponent_contributions
from ..ratings import games_over_the_board, participant_ratings
from ..registry import Definition, Kind, register, tiebreak
from ..spec import TiebreakSpec
from ..unplayed import under_regime


@tiebreak("BBH", "Buchholz of Buchholz (verfeinerte Buchholz)", "DSB", "CC", "CMPV")
def buchholz_of_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BBH: for every round with an opponent (games over the board; forfeits with ``/P`` or
    in round robins), that opponent's Buchholz; rounds without an opponent add nothing (a
    dummy or virtual opponent has no opponents of its own). ``/Cn`` and ``/Mn`` cut the
    opponents with the lowest (and highest) Buchholz."""
    context = under_regime(context, spec)
    buchholz = buchholz_values(context, TiebreakSpec("BH"))
    rows = opponent_contributions(context, spec.forfeits_as_played, weighted=False)
    values = []
    for row in rows:
        items = [
            Contribution(
                item.round, item.opponent, buchholz[item.opponent], buchholz[item.opponent]
            )
            for item in row
            if item.opponent >= 0
        ]
        values.append(modified_sum(items, spec.cut, spec.median, vur_exception=False))
    return Column(spec, values, context.unit)


@tiebreak("SOR", "Sum of Opponents' Ratings", "DSB", "D", "CMU", rating_based=True)
def sum_of_opponents_ratings(context: Context, spec: TiebreakSpec) -> Column:
    """SOR: the sum of the ratings of the opponents met over the board (forfeits and byes
    excluded, as for ARO, C.07 (2026) Art. 10.1); ``/Cn`` and ``/Mn`` drop the lowest (and
    highest) ratings."""
    ratings = participant_ratings(context, spec)
    values = []
    for games in games_over_the_board(context):
        items = [
            Contribution(game.round, game.opponent, ratings[game.opponent], ratings[game.opponent])
            for game in games
        ]
        values.append(modified_sum(items, spec.cut, spec.median, vur_exception=False))
    return Column(spec, values)


@tiebreak("GPL", "Number of Games Played", "DSB", "B", "")
def games_played(context: Context, spec: TiebreakSpec) -> Column:
    """GPL: games played over the board (rated or unrated); forfeits and byes are not games."""
    return Column(spec, [sum(kind.played for kind in row) for row in context.kinds])


def _black_games_among(context: Context, index: int, members: set[int]) -> int:
    """Games played over the board with Black by ``index`` against members of the group."""
    return sum(
        1
        for round_index, opponent in enumerate(context.opponents[index])
        if opponent in members
        and context.black[index][round_index]
        and context.kinds[index][round_index].played
    )


def order_group_black_favoured(
    context: Context, spec: TiebreakSpec, group: list[int]
) -> list[list[int]]:
    """DEB: direct encounter (C.07 (2026) Art. 6); then, inside each part still tied whose
    members all met, more games with Black among them ranks ahead: of two players who drew,
    the one who had Black."""
    ordered: list[list[int]] = []
    for subgroup in order_group(context, spec, group):
        if len(subgroup) < 2 or not mini_table(context, subgroup, spec).everyone_met:
            ordered.append(subgroup)
            continue
        members = set(subgroup)
        blacks = {index: _black_games_among(context, index, members) for index in subgroup}
        for level in sorted(set(blacks.values()), reverse=True):
            ordered.append([index for index in subgroup if blacks[index] == level])
    return ordered


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
