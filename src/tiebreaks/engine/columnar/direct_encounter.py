"""Direct encounter (C.07 (2026) Art. 6) for large tied groups, on arrays.

In a large Swiss a score group of thousands is hardly ever separated by direct encounter: not
everyone met, and nobody's score among the group beats what every other could still reach
(Art. 6.3). This module decides that common case with arrays; every other case (a leader who
may be placed, everyone met, pre-determined pairings, a pair that met more than once: Art.
6.1.2 averages) is left to the reference
:func:`~tiebreaks.engine.families.direct_encounter.order_group`.
"""

from __future__ import annotations

import numpy as np

from ..context import Context
from ..spec import TiebreakSpec
from .grid import Flags, Integers, grid


def unseparated_group(context: Context, spec: TiebreakSpec, group: list[int]) -> bool:
    """True when Art. 6 leaves ``group`` tied as a whole, decided on arrays; False when the
    reference must decide (it may separate the group, or this module does not handle it)."""
    if context.predetermined:
        return False
    table = grid(context)
    rows = np.array(group, dtype=np.int64)
    member = np.zeros(table.size, dtype=np.bool_)
    member[rows] = True
    opponents = table.opponent[rows]
    counted = table.played[rows]
    if spec.forfeits_as_played:
        counted = counted | table.forfeit[rows]
    among = counted & (opponents >= 0) & member[np.maximum(opponents, 0)]
    among &= opponents != rows[:, None]
    if _met_twice(opponents, among):
        return False
    unmet = len(group) - 1 - among.sum(axis=1)
    if not unmet.any():
        return False  # everyone met: Art. 6.2 ranks by the scores among them
    score = np.where(among, table.points[rows], 0).sum(axis=1)
    best = score.max()
    leaders = np.flatnonzero(score == best)
    if len(leaders) != 1:
        return True  # Art. 6.3: no single leader, nobody is placed
    others = np.ones(len(group), dtype=np.bool_)
    others[leaders[0]] = False
    reach = score[others] + unmet[others] * context.win
    return not bool((best > reach).all())  # the leader could be caught: nobody is placed


def _met_twice(opponents: Integers, among: Flags) -> bool:
    """True when some member met the same member in more than one counted game."""
    rounds = opponents.shape[1]
    if rounds < 2:
        return False
    marked = np.where(among, opponents, -1 - np.arange(rounds, dtype=np.int64)[None, :])
    ordered = np.sort(marked, axis=1)
    return bool((ordered[:, 1:] == ordered[:, :-1]).any())
