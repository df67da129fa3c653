"""Buchholz family: BH (C.07 (2026) Art. 8.1), AOB (8.2), FB (8.3), on arrays."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..column import Column
from ..context import Context
from ..grid import Integers, fore_context, grid
from ..opponents import opponent_sum_trace
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contributions, modified_sums, opponent_contributions
from ..trace import Entry, Step, Trace, traces
from ..unplayed import under_regime


def buchholz_items(context: Context, spec: TiebreakSpec) -> Contributions:
    """Buchholz's contributions: per round the opponent's adjusted score (Art. 16.3) or the
    stand-in's score (Art. 16.4); ``context`` already under the regime."""
    return opponent_contributions(context, spec.forfeits_as_played)


def buchholz_values(context: Context, spec: TiebreakSpec) -> Integers:
    """Buchholz with the spec's cut, median and /P (Art. 8.1, 14, 16.5); ``context`` already
    under the regime."""
    items = buchholz_items(context, spec)
    return modified_sums(items, spec.cut, spec.median, context.rules.vur_cut_exception)


def _base(context: Context, spec: TiebreakSpec) -> Context:
    """The context a BH or FB value is computed in: the tie-break's regime, and for FB every
    game of the last round drawn (Art. 8.3)."""
    base = under_regime(context, spec)
    return fore_context(base) if spec.acronym == "FB" else base


@tiebreak("BH", "Buchholz", "8.1", "C", "CMPV", aliases=("BUCHHOLZ",), scope="both")
def buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BH: sum of the opponents' scores (Art. 8.1)."""
    return Column(spec, buchholz_values(_base(context, spec), spec).tolist(), context.unit)


@tiebreak("FB", "Fore Buchholz", "8.3", "D", "CMPV", scope="both")
def fore_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """FB: Buchholz as if every game of the last round had been drawn (Art. 8.3)."""
    return Column(spec, buchholz_values(_base(context, spec), spec).tolist(), context.unit)


@traces("BH", "FB")
def trace_buchholz(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round: the score counted for the opponent or the stand-in, and the cuts."""
    base = _base(context, spec)
    return opponent_sum_trace(base, spec, index, buchholz_items(base, spec))


def _opponents_buchholz(context: Context, spec: TiebreakSpec) -> tuple[Integers, Integers]:
    """Every participant's Buchholz (or Fore Buchholz with /F) under the tie-break's regime,
    and the per-round Buchholz of the opponent met over the board (0 elsewhere)."""
    base = under_regime(context, spec)
    base = fore_context(base) if spec.fore else base
    of_opponent = buchholz_values(base, TiebreakSpec("BH"))
    table = grid(context)
    per_round = np.where(table.played, of_opponent[np.where(table.played, table.opponent, 0)], 0)
    return of_opponent, per_round


@tiebreak("AOB", "Average of Opponents' Buchholz", "8.2", "CC", "FV", scope="both")
def average_of_opponents_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """AOB: mean Buchholz (or Fore Buchholz with /F) of the opponents met over the board, each
    game counted separately (Art. 4.4); undefined without games played over the board.

    The mean is kept exact over the least common multiple of the numbers of games and ranked
    exactly (Art. 8.2 does not round it). It is shown with 2 decimals below 9 rounds, 3 below
    27, 4 below 73, else 5, as the FIDE reference engine prints it."""
    _, per_round = _opponents_buchholz(context, spec)
    sums = per_round.sum(axis=1)
    counts = grid(context).played.sum(axis=1)
    common = math.lcm(*np.unique(counts[counts > 0]).tolist())
    scaled = sums * (common // np.maximum(counts, 1))
    values = [
        None if count == 0 else value
        for value, count in zip(scaled.tolist(), counts.tolist(), strict=True)
    ]
    rounds = context.rounds
    places = 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5
    return Column(spec, values, common * context.unit, places=places)


@traces("AOB")
def trace_average_of_opponents_buchholz(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per game over the board with the opponent's Buchholz; the mean (Art. 8.2)."""
    _, per_round = _opponents_buchholz(context, spec)
    table = grid(context)
    entries = tuple(
        Entry(
            round=column + 1,
            role="game",
            amount=Fraction(int(per_round[index, column]), context.unit),
            opponent=int(table.opponent[index, column]),
        )
        for column in np.flatnonzero(table.played[index]).tolist()
    )
    total = sum((entry.amount for entry in entries if entry.amount), Fraction(0))
    value = total / len(entries) if entries else None
    step = Step("mean", (total, len(entries), value), "8.2")
    return Trace(spec, index, value, entries, (step,), rules=context.rules.name)
