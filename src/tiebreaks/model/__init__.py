"""Domain model: tournaments, players, round results and score systems (exact arithmetic)."""

from .results import ABSENT, RESULT_CODES, Colour, ResultKind, RoundResult
from .scoring import STANDARD, ScoreSystem
from .tournament import PairingSystem, Player, Tournament

__all__ = [
    "ABSENT",
    "RESULT_CODES",
    "STANDARD",
    "Colour",
    "PairingSystem",
    "Player",
    "ResultKind",
    "RoundResult",
    "ScoreSystem",
    "Tournament",
]
