"""Buchholz family and Sonneborn-Berger on arrays: BH (C.07 (2026) Art. 8.1), FB (8.3), AOB
(8.2), SB (9.1), PS (7.5); the columnar form of :mod:`..buchholz`,
:mod:`..sonneborn_berger` and :mod:`..progressive`."""

from __future__ import annotations

import math

import numpy as np

from ..column import Column
from ..context import Context
from ..spec import TiebreakSpec
from ..unplayed import under_regime
from .grid import Integers, fore_context, grid
from .registry import vectorised
from .sums import modified_sums, opponent_contributions


def buchholz_values(context: Context, spec: TiebreakSpec) -> Integers:
    """Buchholz with the spec's cut, median and /P; ``context`` already under the regime."""
    items = opponent_contributions(context, spec.forfeits_as_played)
    return modified_sums(items, spec.cut, spec.median, context.rules.vur_cut_exception)


@vectorised("BH")
def buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BH: sum of the opponents' scores (Art. 8.1)."""
    values = buchholz_values(under_regime(context, spec), spec)
    return Column(spec, values.tolist(), context.unit)


@vectorised("FB")
def fore_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """FB: Buchholz with every game of the last round drawn (Art. 8.3)."""
    fore = fore_context(under_regime(context, spec))
    return Column(spec, buchholz_values(fore, spec).tolist(), context.unit)


@vectorised("AOB")
def average_of_opponents_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """AOB: the mean Buchholz (Fore Buchholz with /F) of the opponents met over the board,
    kept exact over the least common multiple of the numbers of games (Art. 8.2)."""
    base = under_regime(context, spec)
    base = fore_context(base) if spec.fore else base
    of_opponent = buchholz_values(base, TiebreakSpec("BH"))
    table = grid(context)
    played = table.played
    sums = np.where(played, of_opponent[np.where(played, table.opponent, 0)], 0).sum(axis=1)
    counts = played.sum(axis=1)
    common = math.lcm(*np.unique(counts[counts > 0]).tolist())
    scaled = sums * (common // np.maximum(counts, 1))
    values = [
        None if count == 0 else value
        for value, count in zip(scaled.tolist(), counts.tolist(), strict=True)
    ]
    rounds = context.rounds
    places = 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5
    return Column(spec, values, common * context.unit, places=places)


@vectorised("SB")
def sonneborn_berger(context: Context, spec: TiebreakSpec) -> Column:
    """SB: per round the opponent's (or stand-in's) score times the points scored (Art. 9.1),
    in units squared."""
    base = under_regime(context, spec)
    items = opponent_contributions(base, spec.forfeits_as_played).weighted(grid(base).points)
    values = modified_sums(items, spec.cut, spec.median, base.rules.vur_cut_exception)
    return Column(spec, values.tolist(), context.unit * context.unit)


@vectorised("PS")
def progressive_score(context: Context, spec: TiebreakSpec) -> Column:
    """PS: the sum of the running scores after each round; ``/Cn`` drops the first n
    (Art. 7.5, 14.1.1(c))."""
    running = np.cumsum(grid(context).points, axis=1)
    values = running[:, spec.cut :].sum(axis=1)
    return Column(spec, values.tolist(), context.unit)
