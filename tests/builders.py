"""Test helpers: build consistent tournaments from games, byes or crosstables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from tiebreaks.model import (
    ABSENT,
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from tiebreaks.model.scoring import STANDARD

K = ResultKind
#: result text of a game from White's side → (White's kind, Black's kind)
GAME_RESULTS = {
    "1-0": (K.WIN, K.LOSS),
    "0-1": (K.LOSS, K.WIN),
    "=": (K.DRAW, K.DRAW),
    "+-": (K.FORFEIT_WIN, K.FORFEIT_LOSS),
    "-+": (K.FORFEIT_LOSS, K.FORFEIT_WIN),
    "--": (K.FORFEIT_LOSS, K.FORFEIT_LOSS),
    "W-L": (K.UNRATED_WIN, K.UNRATED_LOSS),
    "L-W": (K.UNRATED_LOSS, K.UNRATED_WIN),
    "D": (K.UNRATED_DRAW, K.UNRATED_DRAW),
}


@dataclass
class Builder:
    """Collects games and byes round by round, then builds a :class:`Tournament`."""

    rounds: int
    pairing_system: PairingSystem = PairingSystem.SWISS
    score_system: ScoreSystem = STANDARD
    start_date: date | None = date(2026, 5, 1)
    names: dict[int, str] = field(default_factory=dict)
    ratings: dict[int, int | None] = field(default_factory=dict)
    slots: dict[int, dict[int, RoundResult]] = field(default_factory=dict)

    def player(self, number: int, name: str = "", rating: int | None = None) -> Builder:
        """Declare a player (optional: games declare players too)."""
        self.names[number] = name or f"Player {number}"
        self.ratings[number] = rating
        self.slots.setdefault(number, {})
        return self

    def game(self, round_number: int, white: int, black: int, result: str) -> Builder:
        """A game (or forfeit) of ``round_number`` between ``white`` and ``black``."""
        white_kind, black_kind = GAME_RESULTS[result]
        self._put(white, round_number, RoundResult(white_kind, black, Colour.WHITE))
        self._put(black, round_number, RoundResult(black_kind, white, Colour.BLACK))
        return self

    def bye(self, round_number: int, number: int, kind: ResultKind) -> Builder:
        """A bye or absence of one player in one round."""
        self._put(number, round_number, RoundResult(kind))
        return self

    def _put(self, number: int, round_number: int, result: RoundResult) -> None:
        if number not in self.names:
            self.player(number)
        slots = self.slots[number]
        assert round_number not in slots, f"player {number} paired twice in round {round_number}"
        slots[round_number] = result

    def build(self, name: str = "test") -> Tournament:
        """The tournament (unfilled slots are absences)."""
        players = tuple(
            Player(
                start_number=number,
                name=self.names[number],
                rating=self.ratings.get(number),
                results=tuple(self.slots[number].get(r, ABSENT) for r in range(1, self.rounds + 1)),
            )
            for number in sorted(self.names)
        )
        return Tournament(
            name=name,
            rounds=self.rounds,
            players=players,
            start_date=self.start_date,
            pairing_system=self.pairing_system,
            score_system=self.score_system,
        )


def crosstable(rows: Sequence[str], *, double: bool = False) -> Tournament:
    """A single round robin from crosstable rows of "1", "½"/"=", "0", "+", "-" or "*"/"-" on
    the diagonal. Pairings follow a Berger-like schedule; only the results matter."""
    size = len(rows)
    cells = [row.split() for row in rows]
    builder = Builder(
        rounds=size - 1 if size % 2 == 0 else size, pairing_system=PairingSystem.ROUND_ROBIN
    )
    for number in range(1, size + 1):
        builder.player(number, chr(ord("A") + number - 1))
    for round_number, pairs in enumerate(round_robin_schedule(size), start=1):
        for white, black in pairs:
            builder.game(round_number, white, black, _cell_result(cells[white - 1][black - 1]))
    del double
    return builder.build("crosstable")


def _cell_result(cell: str) -> str:
    return {"1": "1-0", "0": "0-1", "½": "=", "=": "=", "+": "+-", "-": "-+"}[cell]


def round_robin_schedule(size: int) -> list[list[tuple[int, int]]]:
    """Pairs of each round of a single round robin (circle method; odd size → one bye)."""
    players: list[int] = list(range(1, size + 1))
    if size % 2:
        players.append(0)
    count = len(players)
    schedule = []
    for round_index in range(count - 1):
        pairs = []
        for i in range(count // 2):
            a, b = players[i], players[count - 1 - i]
            if a and b:
                pairs.append((a, b) if round_index % 2 == 0 else (b, a))
        schedule.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]
    return schedule


def player_against(
    rounds: Sequence[tuple[str, Fraction | int | None]],
    *,
    own_number: int = 1,
    pairing_system: PairingSystem = PairingSystem.SWISS,
) -> Tournament:
    """A Swiss where player ``own_number`` meets, round by round, opponents whose final score is
    given: each item is (result, opponent's final score) with result "1", "=", "0" (played with
    White), "+" / "-" (forfeit), or "U", "F", "H", "Z" (byes, score ignored). Opponents reach
    their score with games against filler players in the other rounds."""
    count = len(rounds)
    builder = Builder(rounds=count, pairing_system=pairing_system)
    builder.player(own_number, "Subject")
    next_number = own_number + 1
    fillers = iter(range(1000, 100000))
    for round_number, (code, target) in enumerate(rounds, start=1):
        if code in "UFHZ":
            builder.bye(round_number, own_number, ResultKind(code))
            continue
        opponent = next_number
        next_number += 1
        result = {"1": "1-0", "=": "=", "0": "0-1", "+": "+-", "-": "-+"}[code]
        builder.game(round_number, own_number, opponent, result)
        assert target is not None
        _fill_score(builder, opponent, round_number, Fraction(target), count, fillers)
    return builder.build("subject")


def _fill_score(
    builder: Builder,
    number: int,
    skip_round: int,
    target: Fraction,
    rounds: int,
    fillers: Iterable[int],
) -> None:
    own = builder.slots[number][skip_round]
    remaining = target - builder.score_system.points[own.kind]
    filler_iter = iter(fillers)
    for round_number in range(1, rounds + 1):
        if round_number == skip_round:
            continue
        filler = next(filler_iter)
        if remaining >= 1:
            result, remaining = "1-0", remaining - 1
        elif remaining == Fraction(1, 2):
            result, remaining = "=", Fraction(0)
        else:
            result = "0-1"
        builder.game(round_number, number, filler, result)
    assert remaining == 0, f"cannot give player {number} a score of {target} in {rounds} rounds"
