"""Buchholz family: BH (C.07 (2026) Art. 8.1), AOB (8.2), FB (8.3)."""

from __future__ import annotations

import math
from fractions import Fraction

from ..column import Column
from ..context import Context
from ..explanation import Explanation, Line, explains, header, sum_explanation
from ..opponents import opponent_contributions
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contribution, SumDefinition
from ..unplayed import under_regime
from ..wording import number, opponent_round_text, round_text, unplayed_round_text


def buchholz_sum(context: Context, spec: TiebreakSpec) -> SumDefinition:
    """Buchholz as a sum: the opponents' scores (adjusted, Art. 16.3), one dummy opponent per
    unplayed round (Art. 16.4), cuts (Art. 14, 16.5); ``context`` already under the regime."""
    rows = opponent_contributions(context, spec.forfeits_as_played, weighted=False)
    exception = context.rules.vur_cut_exception
    return SumDefinition(rows, spec.cut, spec.median, exception, context.unit)


def buchholz_values(context: Context, spec: TiebreakSpec) -> list[int]:
    """Buchholz in score units under the tie-break's regime (C.07 (2026) Art. 8.1)."""
    return buchholz_sum(under_regime(context, spec), spec).values()


def fore_context(context: Context) -> Context:
    """The tournament with every game of the last round considered drawn (Art. 8.3)."""
    return context.memo("fore", context.fore)  # type: ignore[no-any-return]


@tiebreak("BH", "Buchholz", "8.1", "C", "CMPV", aliases=("BUCHHOLZ",), scope="both")
def buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BH: sum of the opponents' scores (Art. 8.1)."""
    return Column(spec, buchholz_values(context, spec), context.unit)


@tiebreak("FB", "Fore Buchholz", "8.3", "D", "CMPV", scope="both")
def fore_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """FB: Buchholz as if every game of the last round had been drawn (Art. 8.3)."""
    fore = fore_context(under_regime(context, spec))
    return Column(spec, buchholz_values(fore, spec), context.unit)


def _opponents_buchholz(context: Context, spec: TiebreakSpec) -> tuple[list[int], list[list[int]]]:
    """Every participant's Buchholz (or Fore Buchholz with /F) under the tie-break's regime,
    and every participant's opponents met over the board, one entry per game (Art. 4.4)."""
    base = under_regime(context, spec)
    base = fore_context(base) if spec.fore else base
    buchholz_of = buchholz_values(base, TiebreakSpec("BH"))
    games = [
        [opponent for opponent, kind in zip(row, kinds, strict=True) if kind.played]
        for row, kinds in zip(context.opponents, context.kinds, strict=True)
    ]
    return buchholz_of, games


@tiebreak("AOB", "Average of Opponents' Buchholz", "8.2", "CC", "FV", scope="both")
def average_of_opponents_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """AOB: mean Buchholz (or Fore Buchholz with /F) of the opponents met over the board, each
    game counted separately (Art. 4.4); undefined without games played over the board.

    The mean is kept exact and ranked exactly (Art. 8.2 does not round it). It is shown with
    2 decimals below 9 rounds, 3 below 27, 4 below 73, else 5, as the FIDE reference engine
    prints it: enough to tell distinct means apart."""
    buchholz_of, games = _opponents_buchholz(context, spec)
    common = math.lcm(*(len(opponents) for opponents in games if opponents))
    values: list[int | None] = [
        sum(buchholz_of[opponent] for opponent in opponents) * (common // len(opponents))
        if opponents
        else None
        for opponents in games
    ]
    places = (
        2 if context.rounds < 9 else 3 if context.rounds < 27 else 4 if context.rounds < 73 else 5
    )
    return Column(spec, values, common * context.unit, places=places)


@explains("AOB")
def explain_average_of_opponents_buchholz(
    context: Context, spec: TiebreakSpec, index: int
) -> Explanation:
    """One line per game over the board with the opponent's Buchholz; the mean."""
    buchholz_of, games = _opponents_buchholz(context, spec)
    kind = "Fore Buchholz" if spec.fore else "Buchholz"
    lines = []
    for round_index, opponent in enumerate(context.opponents[index]):
        if context.kinds[index][round_index].played:
            amount = Fraction(buchholz_of[opponent], context.unit)
            text = f"{round_text(context, index, round_index)}: their {kind} {number(amount)}"
            lines.append(Line(text, amount, round_index + 1))
    total = sum((line.amount or Fraction(0) for line in lines), Fraction(0))
    count = len(games[index])
    value = total / count if count else None
    step = (
        f"{number(total)} / {count} games = {number(value)} (exact; not rounded, Art. 8.2)"
        if value is not None
        else "no games played over the board: AOB is undefined and ranks last"
    )
    return Explanation(
        *header(context, spec, index),
        value=value,
        definition=f"Average of the opponents' {kind} over the games played (Art. 8.2)",
        lines=tuple(lines),
        steps=(step,),
    )


def _buchholz_line(context: Context, index: int, contribution: Contribution) -> str:
    round_index = contribution.round - 1
    if contribution.opponent >= 0:
        return opponent_round_text(context, index, round_index, contribution.opponent)
    return unplayed_round_text(context, index, round_index)


@explains("BH", "FB")
def explain_buchholz(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """BH (Art. 8.1) and FB (Art. 8.3): one line per round with the score counted."""
    base = under_regime(context, spec)
    if spec.acronym == "FB":
        base = fore_context(base)
    meaning = (
        "Buchholz: the sum of the opponents' scores (Art. 8.1)"
        if spec.acronym == "BH"
        else "Fore Buchholz: Buchholz with every game of the last round counted as a draw"
        " (Art. 8.3)"
    )
    return sum_explanation(
        context,
        spec,
        index,
        buchholz_sum(base, spec),
        lambda item: _buchholz_line(base, index, item),
        f"{meaning}; rules {base.rules.name}",
    )
