"""tiebreaks: chess tournament standings with every FIDE tie-break, exact and explained.

Read a tournament with :func:`read_tournament`, rank it with :func:`compute_standings`; see
README.md for a worked example (run as a doctest by the test suite).
"""

from __future__ import annotations

from .api import example_path, read_tournament
from .errors import (
    Diagnostic,
    FormatLimitError,
    InputError,
    Location,
    SourceError,
    TiebreaksError,
    UsageError,
)
from .model import (
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from .rules import FIDE_2024, FIDE_2026, Rules, rules_by_name
from .standings import Row, Standings, compute_standings
from .tiebreaks.spec import TiebreakSpec, parse_spec

__version__ = "0.1.0"

__all__ = [
    "FIDE_2024",
    "FIDE_2026",
    "Colour",
    "Diagnostic",
    "FormatLimitError",
    "InputError",
    "Location",
    "PairingSystem",
    "Player",
    "ResultKind",
    "RoundResult",
    "Row",
    "Rules",
    "ScoreSystem",
    "SourceError",
    "Standings",
    "TiebreakSpec",
    "TiebreaksError",
    "Tournament",
    "UsageError",
    "compute_standings",
    "example_path",
    "parse_spec",
    "read_tournament",
    "rules_by_name",
]
