"""Tied groups on arrays (C.07 (2026) Art. 4.2: each group still tied is ordered by the next
tie-break), for every field size.

The groups are one ordering of the participants and the positions where a group starts. A
tie-break orders every group at once with one stable sort keyed by (group, value): groups
keep their places, participants with equal values keep their order. Values that do not fit
in int64 are sorted as exact Python integers (an object array), never as floats.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np

from .column import sort_keys
from .grid import Flags, Integers


class ArrayGroups:
    """The participants in ranking order, split into tied groups."""

    def __init__(self, order: Integers, starts: Flags) -> None:
        self.order = order
        self.starts = starts

    @classmethod
    def whole_field(cls, size: int) -> ArrayGroups:
        """One group of everyone, in index order."""
        starts = np.zeros(size, dtype=np.bool_)
        starts[:1] = True
        return cls(np.arange(size, dtype=np.int64), starts)

    def split(self, numerators: Sequence[int | None], higher_is_better: bool = False) -> None:
        """Order every group by the values (``higher_is_better``: larger first, else smaller
        first; an undefined value after every defined one) and split it where the value
        changes. Only the members of groups still tied are looked at."""
        group = np.cumsum(self.starts)
        tied = np.bincount(group)[group] > 1
        if not tied.any():
            return  # every group has one member
        positions = np.flatnonzero(tied)
        members = self.order[positions]
        keys = sort_keys(list(map(numerators.__getitem__, members.tolist())), higher_is_better)
        try:
            values = np.array(keys, dtype=np.int64)
            permutation = np.lexsort((values, group[positions]))
        except OverflowError:  # exact integers: a stable sort by value, then by group
            values = np.array(keys, dtype=object)
            by_value = np.argsort(values, kind="stable")
            permutation = by_value[np.argsort(group[positions][by_value], kind="stable")]
        self.order[positions] = members[permutation]
        values = values[permutation]
        self.starts[positions[1:][values[1:] != values[:-1]]] = True

    def tied(self) -> list[tuple[int, list[int]]]:
        """The groups of more than one participant: (position of the group's first member in
        the order, its members), best group first."""
        bounds = np.flatnonzero(self.starts)
        sizes = np.diff(np.r_[bounds, len(self.order)])
        return [
            (start, self.order[start : start + size].tolist())
            for start, size in zip(
                bounds[sizes > 1].tolist(), sizes[sizes > 1].tolist(), strict=True
            )
        ]

    def reorder(self, start: int, parts: Sequence[Sequence[int]]) -> None:
        """Replace the group that begins at ``start`` by ``parts`` (its members, ordered and
        split into the groups still tied, best first)."""
        position = start
        for part in parts:
            self.order[position : position + len(part)] = part
            self.starts[position] = True
            position += len(part)

    def lists(self) -> list[list[int]]:
        """The groups as lists of participant indexes, best first."""
        bounds = [*np.flatnonzero(self.starts).tolist(), len(self.order)]
        order = self.order.tolist()
        return [order[start:end] for start, end in pairwise(bounds)]
