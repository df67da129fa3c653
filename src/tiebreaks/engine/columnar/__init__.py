"""Columnar tie-breaks for large fields (issue 8): the same values as the reference modules
one level up, computed on NumPy integer arrays.

Every implementation takes the :class:`~tiebreaks.engine.context.Context` and the spec the
reference function takes and returns the same :class:`~tiebreaks.engine.column.Column`, or
None for a case it does not handle (a modifier, a regime, a score system), which the reference
path then computes. Arithmetic stays exact: points are integers in the context's unit, sums
are integer sums, and every rounding a regulation asks for is done by the reference helper or
by an integer formula checked against it. ``tests/tiebreaks/test_vectorised.py`` compares both
paths on the test corpus and on generated tournaments under every rules regime.

NumPy is imported only when a field has at least :data:`MIN_RESULTS` results: below that the
reference path is as fast as the import alone (about 0.1 s).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..column import Column
    from ..context import Context
    from ..spec import TiebreakSpec

#: the switch the equivalence tests use (False: always the reference path)
ENABLED = True
#: participants x rounds from which the columnar path is used
MIN_RESULTS = 40_000


#: the largest score-system value (in units) times the rounds for which every sum and product
#: of the columnar path (Sonneborn-Berger multiplies two scores) stays far inside int64
_LARGEST_SCORE = 2**24


def load_numpy() -> None:
    """Import NumPy for the columnar path, with one OpenBLAS thread unless the user chose
    otherwise: these computations use no linear algebra, and the threads OpenBLAS starts at
    import cost CPU time that parallel batch runs need."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        import numpy  # noqa: F401


def wanted(context: Context) -> bool:
    """True when the columnar path computes this context's tie-breaks (individual events with
    enough results; team contexts keep the reference path)."""
    return ENABLED and context.team is None and context.size * context.rounds >= MIN_RESULTS


def fits_int64(context: Context) -> bool:
    """True when no value of the columnar path can leave int64: the score system's values
    (in units) times the rounds stay below 2**24 and there are fewer than 4,096 rounds
    (score systems may have values up to 10**6 over denominators up to 10**4)."""
    unit = context.unit
    largest = max(
        (abs(value * unit) for value in context.tournament.score_system.points.values()), default=0
    )
    return largest * max(context.rounds, 1) < _LARGEST_SCORE and context.rounds < 4096


def vector_column(context: Context, spec: TiebreakSpec, *, force: bool = False) -> Column | None:
    """The tie-break's column from the columnar implementation, or None when the reference
    path computes it (a small field, no columnar implementation, or a case it leaves to the
    reference). ``force`` skips the size test (the equivalence tests use it)."""
    if not (force or wanted(context)) or context.team is not None or not fits_int64(context):
        return None
    load_numpy()
    from .catalogue import implementation

    compute = implementation(spec.acronym)
    return None if compute is None else compute(context, spec)
