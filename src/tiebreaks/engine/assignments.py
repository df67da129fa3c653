"""TRF26 ``299`` abnormal point assignments in the context's arrays.

Our reading (``docs/conformance.md``, "Abnormal point assignments"; C.07 (2026) Art. 4.2 and
16 do not speak of them):

* a typed assignment (``W D L F H Z + -``) replaces the points of the rounds whose result is
  of that type, for the participants listed, in the round named (every round for ``000``):
  they are the points of that round's result, so they enter the score and every tie-break
  made of round points (progressive score, Sonneborn-Berger's opponent scores, Buchholz ...)
  exactly as the score system's points would;
* a penalty or bonus (blank type) is no round's result: it changes the score (PTS) only, from
  its round on (from the start with ``000``), counted once; the tie-breaks, which are made of
  the results (the participant's and their opponents'), do not see it, so a penalty never
  lowers an opponent's Buchholz.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..model import ResultKind
from ..model.assignments import PointAssignment


def assignment_unit(assignments: Sequence[PointAssignment], unit: int, score: str) -> int:
    """The smallest unit that holds ``unit`` and every assigned value of ``score``."""
    return math.lcm(unit, *(item.value(score).denominator for item in assignments))


def assign_round_points(
    points: list[int],
    kinds: Sequence[ResultKind],
    numbers: Sequence[int],
    rounds: int,
    assignments: tuple[tuple[PointAssignment, int], ...],
) -> frozenset[tuple[int, int]]:
    """Replace, in the flat list ``points`` (participant after participant, ``rounds`` each,
    in units), the points of the rounds a typed assignment names; ``assignments`` pairs each
    with its value in units. The last assignment of a round wins, as records do. Returns the
    (participant, round - 1) pairs replaced (for the trace)."""
    replaced: set[tuple[int, int]] = set()
    index_of = {number: index for index, number in enumerate(numbers)}
    for item, units in assignments:
        if item.is_adjustment:
            continue
        first, last = (1, rounds) if item.round == 0 else (item.round, min(item.round, rounds))
        for number in item.participants:
            index = index_of.get(number)
            if index is None:
                continue
            for round_number in range(first, last + 1):
                slot = index * rounds + round_number - 1
                if item.applies(round_number, kinds[slot]):
                    points[slot] = units
                    replaced.add((index, round_number - 1))
    return frozenset(replaced)


def adjustment_units(
    numbers: Sequence[int],
    rounds: int,
    assignments: Sequence[PointAssignment],
    unit: int,
    score: str,
) -> list[int]:
    """Per participant, the penalties and bonuses (in units) counted after ``rounds`` rounds;
    empty when there are none."""
    counted = [item for item in assignments if item.is_adjustment and item.counts_after(rounds)]
    if not counted:
        return []
    index_of = {number: index for index, number in enumerate(numbers)}
    totals = [0] * len(numbers)
    for item in counted:
        units = int(item.value(score) * unit)
        for number in item.participants:
            if number in index_of:
                totals[index_of[number]] += units
    return totals
