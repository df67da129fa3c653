"""Worked examples of the seeds (../shared/seeds) and small hand-checked cases (spec TV-1,
TV-2, TV-7, TV-10, TV-13)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tiebreaks
from tiebreaks.engine.context import build_context
from tiebreaks.engine.unplayed import adjusted_scores
from tiebreaks.model import PairingSystem, ResultKind, ScoreSystem

from ..builders import Builder, crosstable, player_against

F = Fraction
Rounds = list[tuple[str, Fraction | int | None]]

# Seed 000 / 003 (German Wikipedia "Feinwertung"): seven-player round robin.
SEED_000 = [
    "* ½ ½ 1 1 1 1",
    "½ * ½ ½ 1 1 1",
    "½ ½ * ½ ½ 1 1",
    "0 ½ ½ * 1 1 1",
    "0 0 ½ 0 * 1 1",
    "0 0 0 0 0 * 1",
    "0 0 0 0 0 0 *",
]
#                 A        B      C     D       E     F    G
TV1 = {
    "PTS": ["5", "4.5", "4", "4", "2.5", "1", "0"],
    "SB": ["11.75", "10", "9", "7.75", "3", "0", "0"],
    "SB/C1": ["11.75", "10", "9", "7.75", "3", "0", "0"],
    "KS": ["2", "1.5", "1.5", "1", "0.5", "0", "0"],
    "KS/L-1": ["3", "2.5", "2", "2", "0.5", "0", "0"],
    "WIN": ["4", "3", "2", "3", "2", "1", "0"],
}


def _values(
    tournament: tiebreaks.Tournament, column: str, rules: str = "fide-2026"
) -> list[Fraction | None]:
    standings = tiebreaks.compute_standings(tournament, ["PTS", column], rules)
    by_number = {row.player.start_number: row.values[column] for row in standings.rows}
    return [by_number[player.start_number] for player in tournament.players]


@pytest.mark.parametrize("column", sorted(TV1))
def test_seed_000_round_robin(column: str) -> None:
    """Seed 000: C's SB is 9 (2½ + 2¼ + 2 + 1¼ + 1 + 0), D's is 7¾."""
    assert _values(crosstable(SEED_000), column) == [F(v) for v in TV1[column]]


def test_seed_000_sonneborn_berger_decides_c_before_d() -> None:
    """Seed 000/003: C and D drew each other, so SB decides: C (9) before D (7¾)."""
    standings = tiebreaks.compute_standings(crosstable(SEED_000), ["PTS", "DE", "SB"])
    names = [(row.rank, row.player.name) for row in standings.rows]
    assert names[2:4] == [(3, "C"), (4, "D")]


def test_win_first_puts_d_before_c() -> None:
    """TV-1: with WIN before SB, D (3 wins) is ahead of C (2 wins)."""
    standings = tiebreaks.compute_standings(crosstable(SEED_000), ["PTS", "WIN", "SB"])
    assert [row.player.name for row in standings.rows][2:4] == ["D", "C"]


# Seed 001 (Italian): six-player round robin, Elena won by forfeit against Franco.
SEED_001 = [
    "* 1 1 0 1 ½",
    "0 * ½ 1 1 1",
    "0 ½ * 1 1 1",
    "1 0 0 * ½ 0",
    "0 0 0 ½ * +",
    "½ 0 0 1 - *",
]
TV2 = {
    "SB": ["9.25", "6.25", "6.25", "4.25", "2.25", "3.25"],
    "SB/C1": ["9.25", "4.75", "4.75", "4.25", "1.5", "3.25"],
    "KS": ["2", "0.5", "0.5", "1", "0", "0.5"],
    "WON": ["3", "3", "3", "1", "0", "1"],
    # place inside the tied group decided by direct encounter (overall ranks 1, 2, 2, 6, 4, 5)
    "DE": ["1", "2", "2", "3", "1", "2"],
}


@pytest.mark.parametrize("column", sorted(TV2))
def test_seed_001_round_robin(column: str) -> None:
    """Seed 001: Alice SB 9.25 (SB/C1 9.25: the lowest opponents all have 1.5, the smallest
    product is the 0 against Davide); Bruno SB 6.25, SB/C1 cuts one 1.50."""
    assert _values(crosstable(SEED_001), column) == [F(v) for v in TV2[column]]


# Seed 001, Swiss examples (TV-7). Items are (result, opponent's final score).
GIUSEPPE: Rounds = [
    ("1", 2),
    ("1", 2),
    ("=", 5),
    ("=", 4),
    ("1", 6),
    ("=", F("5.5")),
    ("=", 5),
    ("=", F("6.5")),
    ("1", F("5.5")),
]
FRANCESCA: Rounds = [("0", F("1.5")), ("+", F("2.5")), ("=", 2), ("1", F("3.5")), ("=", 4)]
FRANCESCA_BYE: Rounds = [("0", F("1.5")), ("U", None), ("=", 2), ("1", F("3.5")), ("=", 4)]
SERGIO: Rounds = [
    ("1", F("1.5")),
    ("1", 3),
    ("1", 2),
    ("=", F("4.5")),
    ("=", 5),
    ("0", F("5.5")),
    ("-", F("8.5")),
    ("1", F("6.5")),
    ("1", F("5.5")),
]
MARIA: Rounds = [
    ("1", F("1.5")),
    ("1", 3),
    ("1", 2),
    ("=", F("4.5")),
    ("0", 5),
    ("0", F("6.5")),
    ("H", None),
    ("Z", None),
    ("Z", None),
]

SWISS_CASES = [
    # name, rounds, tie-break, fide-2024 value, fide-2026 value
    ("Giuseppe", GIUSEPPE, "SB", "28.5", "28.5"),
    ("Giuseppe", GIUSEPPE, "SB/C1", "26.5", "26.5"),
    ("Giuseppe", GIUSEPPE, "BH", "41.5", "41.5"),
    ("Giuseppe", GIUSEPPE, "BH/C1", "39.5", "39.5"),
    ("Giuseppe", GIUSEPPE, "BH/C2", "37.5", "37.5"),
    ("Francesca", FRANCESCA, "SB", "9.5", "9"),
    ("Francesca", FRANCESCA, "BH", "14", "13.5"),
    ("Francesca (PAB)", FRANCESCA_BYE, "SB", "9.5", "9"),
    ("Sergio", SERGIO, "SB", "23.25", "23.25"),
    ("Sergio", SERGIO, "SB/C1", "21.75", "21.75"),
    ("Sergio", SERGIO, "BH", "39.5", "39.5"),
    ("Sergio", SERGIO, "BH/C1", "33.5", "33.5"),
    ("Sergio", SERGIO, "BH/C2", "32", "32"),
    ("Maria", MARIA, "SB", "10.75", "10.75"),
    ("Maria", MARIA, "SB/C1", "9.25", "9.25"),
    ("Maria", MARIA, "BH", "34.5", "34.5"),
    ("Maria", MARIA, "BH/C1", "30.5", "30.5"),
    ("Maria", MARIA, "BH/C2", "26.5", "26.5"),
]


@pytest.mark.parametrize(("name", "rounds", "column", "old", "new"), SWISS_CASES)
def test_seed_001_swiss_examples(
    name: str, rounds: Rounds, column: str, old: str, new: str
) -> None:
    tournament = player_against(rounds)
    assert _values(tournament, column, "fide-2024")[0] == F(old), name
    assert _values(tournament, column, "fide-2026")[0] == F(new), name


def test_seed_001_maria_as_seen_by_opponents() -> None:
    """Seed 001 example 5: Maria's half-point bye followed only by zero-point byes counts as a
    draw, and so do those byes: 1+1+1+½+0+0+½+½+½ = 5 for her opponents (Art. 16.3)."""
    tournament = player_against(MARIA)
    context = build_context(tournament, tiebreaks.FIDE_2026)
    assert Fraction(adjusted_scores(context)[0], context.unit) == 5


def test_seed_001_sergio_own_forfeit_loss_not_adjusted() -> None:
    """Seed 001 example 4: Sergio's forfeit loss does not change his score for opponents."""
    tournament = player_against(SERGIO)
    context = build_context(tournament, tiebreaks.FIDE_2026)
    assert Fraction(adjusted_scores(context)[0], context.unit) == 6


# Seed 002 and 000: progressive scores (TV-10).
@pytest.mark.parametrize(
    ("rounds", "ps", "ps_c1"),
    [
        ([("1", 0), ("1", 0), ("1", 0), ("1", 0), ("1", 0), ("0", 1)], "20", "19"),
        ([("0", 1), ("1", 0), ("1", 0), ("1", 0), ("1", 0), ("1", 0)], "15", "15"),
        ([("=", F("0.5")), ("=", F("0.5"))], "1.5", "1"),
        ([("0", 1), ("1", 0)], "1", "1"),
    ],
)
def test_progressive_scores(rounds: Rounds, ps: str, ps_c1: str) -> None:
    """Seed 002: running scores 1,2,3,4,5,5 give 20 and 0,1,2,3,4,5 give 15; seed 000: two
    draws give 1½, a loss then a win gives 1."""
    tournament = player_against(rounds)
    assert _values(tournament, "PS")[0] == F(ps)
    assert _values(tournament, "PS/C1")[0] == F(ps_c1)


def test_standard_points_with_three_one_zero() -> None:
    """TV-13 item 3: with 3-1-0 scoring, W, D, L, forfeit win and a half-point bye worth 1
    give standard points 1 + ½ + 0 + 1 + ½ = 3."""
    builder = Builder(rounds=5, score_system=ScoreSystem.from_values(F(3), F(1), F(0)))
    builder.game(1, 1, 2, "1-0").game(2, 1, 3, "=").game(3, 1, 4, "0-1").game(4, 1, 5, "+-")
    builder.bye(5, 1, ResultKind.HALF_BYE)
    assert _values(builder.build(), "STD")[0] == 3
    assert _values(builder.build(), "PTS")[0] == 3 + 1 + 0 + 3 + 1


ZPB_CASE: Rounds = [("1", 1), ("0", 4), ("Z", None), ("1", 2), ("=", 3)]


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_cut_with_zero_point_bye(rules: str) -> None:
    """TV-13 item 4: SB 4.5, SB/C1 3.5 (V = 0 < L = 1.0: cut L); BH 12.5, BH/C1 10.0 (the VUR
    dummy is cut, a plain cut would give 11.5); the ZPB is followed by played rounds, so the
    adjusted score stays 2.5."""
    tournament = player_against(ZPB_CASE)
    expected = {"SB": "4.5", "SB/C1": "3.5", "BH": "12.5", "BH/C1": "10"}
    for column, value in expected.items():
        assert _values(tournament, column, rules)[0] == F(value), column
    context = build_context(tournament, tiebreaks.rules_by_name(rules))
    assert Fraction(adjusted_scores(context)[0], context.unit) == F("2.5")


def test_2026_caps() -> None:
    """TV-13 item 5: 7 rounds, 5.5 points with a PAB: dummy 5.5 (2024), min(5.5, 3.5) = 3.5
    (2026). A forfeit win against Y (adjusted 2.0): dummy 5.5 (2024), 2.0 (2026)."""
    # Opponents: four beaten with 0 points, one drawn with ½, one winner with 1 → 1.5.
    with_bye: Rounds = [
        ("1", 0),
        ("1", 0),
        ("1", 0),
        ("1", 0),
        ("=", F("0.5")),
        ("U", None),
        ("0", 1),
    ]
    tournament = player_against(with_bye)
    assert _values(tournament, "PTS")[0] == F("5.5")
    assert _values(tournament, "BH", "fide-2024")[0] == F("1.5") + F("5.5")
    assert _values(tournament, "BH", "fide-2026")[0] == F("1.5") + F("3.5")
    forfeit: Rounds = [("1", 0), ("1", 0), ("1", 0), ("1", 0), ("=", F("0.5")), ("+", 2), ("0", 1)]
    tournament = player_against(forfeit)
    assert _values(tournament, "BH", "fide-2024")[0] == F("1.5") + F("5.5")
    assert _values(tournament, "BH", "fide-2026")[0] == F("1.5") + F(2)


def test_direct_encounter_with_unplayed_pair() -> None:
    """TV-13 item 6: A-B 1-0, A-C 1-0, B-C ½-½, B-D 1-0, C-D 1-0, A-D not played; all on the
    same points. A is certain to be first, then {B, C, D} all met: B = C, D fourth."""
    builder = Builder(rounds=5)
    a, b, c, d = 1, 2, 3, 4
    builder.game(1, a, b, "1-0").game(1, c, d, "1-0")
    builder.game(2, a, c, "1-0").game(2, b, d, "1-0")
    builder.game(3, b, c, "=").bye(3, a, ResultKind.ZERO_BYE).bye(3, d, ResultKind.FULL_BYE)
    builder.bye(4, a, ResultKind.HALF_BYE).bye(4, b, ResultKind.FULL_BYE)
    builder.bye(4, c, ResultKind.FULL_BYE).bye(4, d, ResultKind.FULL_BYE)
    for player in (a, b, c):
        builder.bye(5, player, ResultKind.ZERO_BYE)
    builder.bye(5, d, ResultKind.HALF_BYE)
    tournament = builder.build()
    assert _values(tournament, "PTS") == [F("2.5")] * 4
    standings = tiebreaks.compute_standings(tournament, ["PTS", "DE"])
    ranks = {row.player.start_number: row.rank for row in standings.rows}
    assert ranks == {1: 1, 2: 2, 3: 2, 4: 4}


def test_pairing_system_override() -> None:
    """Seed 001: for a Swiss without unplayed games the computation is identical to the round
    robin's. Seed 001's table with Elena-Franco played (1-0) read both ways: same SB."""
    played = [row.replace("+", "1").replace("-", "0") for row in SEED_001]
    tournament = crosstable(played)
    by_system = []
    for system in (PairingSystem.ROUND_ROBIN, PairingSystem.SWISS):
        standings = tiebreaks.compute_standings(tournament, ["PTS", "SB"], pairing_system=system)
        by_system.append({row.player.name: row.values["SB"] for row in standings.rows})
    assert by_system[0] == by_system[1]
    assert by_system[0]["A"] == F("9.25")


def seed_002_tournament() -> tiebreaks.Tournament:
    """Seed 002 (TV-9): C (player 1) and eight opponents who scored 3.5, 4, 6, 6, 4.5, 4.5,
    5.5 and 5; the round-4 opponent's 6 includes two full-point byes."""
    scores = [F("3.5"), F(4), F(6), F(6), F("4.5"), F("4.5"), F("5.5"), F(5)]
    builder = Builder(rounds=8)
    builder.player(1, "C")
    fillers = iter(range(100, 1000))
    for round_number, score in enumerate(scores, start=1):
        opponent = 1 + round_number
        builder.game(round_number, 1, opponent, "=")  # C's results do not matter for BH
        remaining = score - F(1, 2)
        for other_round in range(1, 9):
            if other_round == round_number:
                continue
            if opponent == 5 and other_round in (1, 2):  # the round-4 opponent's free points
                builder.bye(other_round, opponent, ResultKind.FULL_BYE)
                remaining -= 1
                continue
            gained = min(remaining, F(1))
            result = {F(1): "1-0", F(1, 2): "=", F(0): "0-1"}[gained]
            remaining -= gained
            builder.game(other_round, opponent, next(fillers), result)
        assert remaining == 0
    return builder.build()


@pytest.mark.parametrize(
    ("rules", "bh", "bh_c1"),
    [("fide-2024", "39", "35.5"), ("fide-2026", "39", "35.5"), ("fide-2009", "38", "34.5")],
)
def test_seed_002_buchholz(rules: str, bh: str, bh_c1: str) -> None:
    """Seed 002 (TV-9): the sum of C's opponents' scores is 39.0 (the article prints 39.5, a
    slip: its own cut value 35.5 = 39.0 - 3.5). The official table's 34.5 is the 2009 rule:
    the round-4 opponent's two full-point unplayed rounds count as draws, 6 -> 5, so BH 38.0
    and BH/C1 34.5. Since 2023 those rounds count as awarded (Art. 16.3: only requested byes
    are adjusted), so BH 39.0 and BH/C1 35.5."""
    tournament = seed_002_tournament()
    assert _values(tournament, "BH", rules)[0] == F(bh)
    assert _values(tournament, "BH/C1", rules)[0] == F(bh_c1)
