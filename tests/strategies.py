"""Hypothesis strategies: random but consistent tournaments with every kind of round."""

from __future__ import annotations

from hypothesis import strategies as st

from tiebreaks.model import PairingSystem, ResultKind, Tournament

from .builders import Builder, round_robin_schedule

GAME_OUTCOMES = ["1-0", "0-1", "=", "1-0", "0-1", "=", "+-", "-+", "--", "W-L", "D"]
BYES = [
    ResultKind.PAIRING_BYE,
    ResultKind.FULL_BYE,
    ResultKind.HALF_BYE,
    ResultKind.ZERO_BYE,
    ResultKind.ABSENT,
]


@st.composite
def swiss_tournaments(
    draw: st.DrawFn, max_players: int = 12, max_rounds: int = 7, unplayed: bool = True
) -> Tournament:
    """A Swiss-like event: each round pairs a random subset of the players; the others get a
    bye or are absent. Ratings are all set (1000-2800). Without ``unplayed`` every round pairs
    an even number of players completely and only over-the-board results occur."""
    players = draw(st.integers(min_value=2, max_value=max_players))
    if not unplayed:
        players -= players % 2
    rounds = draw(st.integers(min_value=1, max_value=max_rounds))
    builder = Builder(rounds=rounds, pairing_system=PairingSystem.SWISS)
    for number in range(1, players + 1):
        builder.player(number, f"Player {number:02d}", draw(st.integers(1000, 2800)))
    outcomes = GAME_OUTCOMES if unplayed else GAME_OUTCOMES[:6]
    for round_number in range(1, rounds + 1):
        order = draw(st.permutations(range(1, players + 1)))
        paired = len(order) if not unplayed else draw(st.integers(0, len(order)))
        paired -= paired % 2
        for white, black in zip(order[0:paired:2], order[1:paired:2], strict=True):
            builder.game(round_number, white, black, draw(st.sampled_from(outcomes)))
        for number in order[paired:]:
            builder.bye(round_number, number, draw(st.sampled_from(BYES)))
    return builder.build("generated")


@st.composite
def round_robins(draw: st.DrawFn, max_players: int = 9) -> Tournament:
    """A single round robin with random played results (odd sizes have an empty slot)."""
    players = draw(st.integers(min_value=3, max_value=max_players))
    schedule = round_robin_schedule(players)
    builder = Builder(rounds=len(schedule), pairing_system=PairingSystem.ROUND_ROBIN)
    for number in range(1, players + 1):
        builder.player(number, f"Player {number:02d}", draw(st.integers(1000, 2800)))
    for round_number, pairs in enumerate(schedule, start=1):
        for white, black in pairs:
            builder.game(round_number, white, black, draw(st.sampled_from(["1-0", "0-1", "="])))
    return builder.build("round robin")
