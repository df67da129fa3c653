"""Koya system, KS (C.07 (2026) Art. 9.2), on arrays.

KS reads the opponents' plain scores, never the scores adjusted by Art. 16, so it does not
depend on the rules regime; every variant (``/L±n``, every score system, Swiss or
pre-determined pairings, teams on MP or GP) is computed here.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

import numpy as np

from ..column import Column
from ..context import NO_OPPONENT, Context
from ..grid import Flags, grid
from ..memo import Key
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..trace import Entry, Step, Trace, traces


class KoyaRole(StrEnum):
    """What a round of a Koya trace stands for."""

    #: the scheduled opponent reached the limit: the points scored count
    COUNTED = "koya-counted"
    #: the scheduled opponent stayed below the limit: the round adds nothing
    BELOW_LIMIT = "koya-below-limit"


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
        never_paired = (grid(context).opponent == NO_OPPONENT).all(axis=1)
        games -= int(never_paired.sum())
    return games


def koya_limit(context: Context, spec: TiebreakSpec) -> int:
    """Twice the score limit, in units: 50% of the maximum possible score (the points of a win
    per game), moved by n half-points (½ point each, whatever the score system) with ``/L±n``.
    Doubling keeps the half of an odd product exact."""
    return context.win * maximum_games(context) + (spec.koya_limit or 0) * context.unit


def reached_limit(context: Context, spec: TiebreakSpec) -> Flags:
    """Which participants reached the Koya limit (cached in the context per ``/L±n``); the
    doubled scores are compared with the doubled limit."""
    return context.memo(
        _REACHED.of(spec.koya_limit), lambda: 2 * grid(context).scores >= koya_limit(context, spec)
    )


_REACHED: Key[Flags] = Key("koya-reached")


def counted_games(context: Context, spec: TiebreakSpec) -> Flags:
    """The rounds whose scheduled opponent reached the limit, shape (participants, rounds)."""
    table = grid(context)
    scheduled = table.opponent != NO_OPPONENT
    return scheduled & reached_limit(context, spec)[table.opponent]  # type: ignore[no-any-return]


@tiebreak("KS", "Koya System", "9.2", "BC", "L", scope="both")
def koya(context: Context, spec: TiebreakSpec) -> Column:
    """KS: points scored against the participants whose final score is at least 50% of the
    maximum possible score (Art. 9.2). Every round with a scheduled opponent counts: forfeits
    are games with pre-determined pairings (Art. 15.2), and in a Swiss the points awarded
    against the scheduled opponent count too (as in the FIDE reference engine). The scheduled
    opponent -1 (none) reads the last row, masked out."""
    values = np.where(counted_games(context, spec), grid(context).points, 0).sum(axis=1)
    return Column(spec, values.tolist(), context.unit)


@traces("KS")
def trace_koya(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round with a scheduled opponent: the opponent, their score and, when
    they reached the limit, the points scored; the step gives the limit (Art. 9.2): its value,
    the maximum games, the points of a win and the ``/L`` half-points."""
    table = grid(context)
    strong = reached_limit(context, spec)
    scores = table.scores
    points = table.points[index].tolist()
    entries = []
    for column, opponent in enumerate(table.opponent[index].tolist()):
        if opponent == NO_OPPONENT:
            continue
        counted = bool(strong[opponent])
        entries.append(
            Entry(
                round=column + 1,
                role=KoyaRole.COUNTED if counted else KoyaRole.BELOW_LIMIT,
                amount=Fraction(points[column], context.unit) if counted else None,
                opponent=opponent,
                score=Fraction(int(scores[opponent]), context.unit),
            )
        )
    limit = Fraction(koya_limit(context, spec), 2 * context.unit)
    win = Fraction(context.win, context.unit)
    step = Step("limit", (limit, maximum_games(context), win, spec.koya_limit or 0), "9.2")
    value = sum((entry.amount for entry in entries if entry.amount), Fraction(0))
    return Trace(spec, index, value, tuple(entries), (step,), rules=context.rules.name, is_sum=True)
