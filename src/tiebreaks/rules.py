"""Rules editions of FIDE C.07 and how one is chosen for a tournament.

* ``fide-2026``: Play-Off and Tie-Break Regulations approved 2 Feb 2026, applied to tournaments
  starting on or after 1 March 2026 (dummy opponent capped, Art. 16.4.1 and 16.4.2).
* ``fide-2024``: the editions applied from 1 July 2023 / 1 September 2023 / 1 April 2024 and
  August 2024 (dummy opponent with the participant's own score, no cap; Art. 16).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .errors import UsageError


@dataclass(frozen=True)
class Rules:
    """One rules edition: its name, dates and the switches that differ between editions."""

    name: str
    title: str
    effective_from: date
    dummy_caps: bool
    vur_cut_exception: bool = True

    def __str__(self) -> str:
        return self.name


FIDE_2026 = Rules(
    name="fide-2026",
    title="FIDE C.07 Play-Off and Tie-Break Regulations, in force from 1 March 2026",
    effective_from=date(2026, 3, 1),
    dummy_caps=True,
)
FIDE_2024 = Rules(
    name="fide-2024",
    title="FIDE C.07 Tie-Break Regulations, editions of 2023 and 2024",
    effective_from=date(2023, 7, 1),
    dummy_caps=False,
)
EDITIONS: dict[str, Rules] = {rules.name: rules for rules in (FIDE_2026, FIDE_2024)}
ALIASES = {"fide-2023": "fide-2024", "fide": "fide-2026", "latest": "fide-2026"}


def rules_by_name(name: str) -> Rules:
    """The edition called ``name`` (case-insensitive; ``fide-2023`` is an alias of 2024)."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    try:
        return EDITIONS[key]
    except KeyError:
        known = ", ".join(sorted(EDITIONS))
        raise UsageError(f"unknown rules edition {name!r}; known editions: {known}") from None


def rules_for_date(start_date: date | None) -> Rules:
    """The edition in force for a tournament starting on ``start_date``.

    Tournaments starting before 1 March 2026 use ``fide-2024``; later or undated ones use
    ``fide-2026`` (C.07 2026, date of application).
    """
    if start_date is not None and start_date < FIDE_2026.effective_from:
        return FIDE_2024
    return FIDE_2026
