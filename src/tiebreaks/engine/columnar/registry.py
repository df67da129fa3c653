"""Which tie-breaks have a columnar implementation: one entry per FIDE acronym."""

from __future__ import annotations

from collections.abc import Callable

from ..column import Column
from ..context import Context
from ..spec import TiebreakSpec

#: computes the column, or None to leave the case to the reference path
VectorCompute = Callable[[Context, TiebreakSpec], Column | None]

IMPLEMENTATIONS: dict[str, VectorCompute] = {}


def vectorised(*acronyms: str) -> Callable[[VectorCompute], VectorCompute]:
    """Register the columnar implementation of the tie-breaks ``acronyms``."""

    def register(compute: VectorCompute) -> VectorCompute:
        for acronym in acronyms:
            if acronym in IMPLEMENTATIONS:
                raise ValueError(f"{acronym} has two columnar implementations")
            IMPLEMENTATIONS[acronym] = compute
        return compute

    return register
