"""Koya system, KS (C.07 (2026) Art. 9.2)."""

from __future__ import annotations

from fractions import Fraction

from ..column import Column
from ..context import NO_OPPONENT, Context
from ..explanation import Explanation, Line, explains, header
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..wording import number, points, round_text


def maximum_games(context: Context) -> int:
    """Games a participant can play (the maximum possible score of C.07 (2026) Art. 9.2 is
    that many wins): the rounds considered; in a round robin less the empty slot of an
    odd-sized event (one per complete cycle) and one game per participant never paired
    (withdrawn before the start), as the FIDE reference engine counts them, except that
    gacrux 1.11.65 also removes a game per cycle in an even-sized field
    (``tests/vectors/test_peer_disagreements.py``)."""
    games = context.rounds
    if context.predetermined:
        size = context.size
        if size % 2 == 1 and games % size == 0:
            games -= games // size
        games -= sum(
            1 for row in context.opponents if all(opponent == NO_OPPONENT for opponent in row)
        )
    return games


def koya_limit(context: Context, spec: TiebreakSpec) -> int:
    """Twice the score limit, in units: 50% of the maximum possible score (the points of a win
    per game), moved by n half-points (½ point each, whatever the score system) with ``/L±n``.
    Doubling keeps the half of an odd product exact."""
    return context.win * maximum_games(context) + (spec.koya_limit or 0) * context.unit


@tiebreak("KS", "Koya System", "9.2", "BC", "L", scope="both")
def koya(context: Context, spec: TiebreakSpec) -> Column:
    """KS: points scored against the participants whose final score is at least 50% of the
    maximum possible score (Art. 9.2). Every round with a scheduled opponent counts: forfeits
    are games with pre-determined pairings (Art. 15.2), and in a Swiss the points awarded
    against the scheduled opponent count too (as in the FIDE reference engine)."""
    strong = _strong(context, spec)
    values = []
    for index, opponents in enumerate(context.opponents):
        points = context.points[index]
        values.append(
            sum(
                points[round_index]
                for round_index, opponent in enumerate(opponents)
                if opponent != NO_OPPONENT and strong[opponent]
            )
        )
    return Column(spec, values, context.unit)


def _strong(context: Context, spec: TiebreakSpec) -> list[bool]:
    """Which participants reached the Koya limit."""
    doubled_limit = koya_limit(context, spec)
    return [2 * score >= doubled_limit for score in context.scores]


@explains("KS")
def explain_koya(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per round with a scheduled opponent: counted when the opponent reached the
    limit."""
    strong = _strong(context, spec)
    limit = Fraction(koya_limit(context, spec), 2 * context.unit)
    lines = []
    for round_index, opponent in enumerate(context.opponents[index]):
        if opponent == NO_OPPONENT:
            continue
        scored = context.points[index][round_index]
        opponent_score = points(context, context.scores[opponent])
        text = f"{round_text(context, index, round_index)}, score {opponent_score}"
        if strong[opponent]:
            lines.append(
                Line(
                    f"{text}: counted, {points(context, scored)}",
                    Fraction(scored, context.unit),
                    round_index + 1,
                )
            )
        else:
            lines.append(Line(f"{text}: below the limit", None, round_index + 1))
    games = maximum_games(context)
    moved = f", moved by {spec.koya_limit:+d} half-points (/L)" if spec.koya_limit else ""
    return Explanation(
        *header(context, spec, index),
        value=sum((line.amount for line in lines if line.amount is not None), Fraction(0)),
        definition="Koya: the points scored against the participants who reached 50% of the"
        " maximum possible score (Art. 9.2)",
        lines=tuple(lines),
        steps=(
            f"limit: {number(limit)} points (half of {games} games x"
            f" {points(context, context.win)}{moved})",
        ),
        is_sum=True,
    )
