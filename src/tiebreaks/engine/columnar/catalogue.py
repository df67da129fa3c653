"""Every columnar implementation, imported once (each family module registers its own)."""

from __future__ import annotations

from .registry import IMPLEMENTATIONS, VectorCompute


def implementation(acronym: str) -> VectorCompute | None:
    """The columnar implementation of ``acronym``, if there is one."""
    return IMPLEMENTATIONS.get(acronym)
