"""Tie-break lists for tests that rank tournaments of any size (generated ones included)."""

from __future__ import annotations

from collections.abc import Sequence

from tiebreaks.engine.cut_check import removes_every_round
from tiebreaks.engine.names import resolve_name


def fitting(specs: str | Sequence[str], rounds: int) -> list[str]:
    """The items of ``specs`` that a tournament of ``rounds`` rounds can compute: a cut or
    median that would remove every round (``BH/C1`` in a one-round event) is refused as a
    usage error (C.07 Art. 14; :mod:`tiebreaks.engine.cut_check`), so it is left out."""
    items = specs.split(",") if isinstance(specs, str) else list(specs)
    return [item for item in items if not removes_every_round(resolve_name(item).spec, rounds)]
