"""TV-4 (Held round robin, 6 players) and TV-5 (Held exercise 25, direct encounter)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tiebreaks

# SB, SB/C1, KS and DE for all players are Held's published answers (exercises 14-16, 26);
# PS and WON computed by hand from the crosstable (WON of #6: a forfeit win is no game won).
# DE is the place inside the tied group that direct encounter decided (Held's DE ranks 1, 2, 2
# and 6, 5, 4 are the overall ranks of the groups {1, 2, 3} and {4, 5, 6}).
TV4 = {
    #    SB      SB/C1   KS    DE  PS    WON
    1: ("9.25", "9.25", "2", 1, "10.5", 3),
    2: ("6.25", "4.75", "0.5", 2, "10", 3),
    3: ("6.25", "4.75", "0.5", 2, "11", 3),
    4: ("4.25", "4.25", "1", 3, "3.5", 1),
    5: ("3.25", "3.25", "0.5", 2, "6.5", 1),
    6: ("2.25", "1.5", "0", 1, "3.5", 0),
}


@pytest.fixture(scope="module")
def round_robin() -> tiebreaks.Standings:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-round-robin-6.trf"))
    return tiebreaks.compute_standings(
        tournament, ["PTS", "DE", "SB", "SB/C1", "KS", "PS", "WON"], "fide-2024"
    )


def test_round_robin_detected(round_robin: tiebreaks.Standings) -> None:
    assert round_robin.pairing_system is tiebreaks.PairingSystem.ROUND_ROBIN


@pytest.mark.parametrize("number", sorted(TV4))
def test_round_robin_values(round_robin: tiebreaks.Standings, number: int) -> None:
    sb, sb_c1, ks, de, ps, won = TV4[number]
    row = next(row for row in round_robin.rows if row.player.start_number == number)
    assert row.values["SB"] == Fraction(sb)
    assert row.values["SB/C1"] == Fraction(sb_c1)
    assert row.values["KS"] == Fraction(ks)
    assert row.values["DE"] == de
    assert row.values["PS"] == Fraction(ps)
    assert row.values["WON"] == won


def test_round_robin_ranks(round_robin: tiebreaks.Standings) -> None:
    """PTS then DE: 1 first (beat 2 and 3), 2 and 3 drew each other; SB and SB/C1 (6.25, 4.75)
    and KS (0.5) leave them tied, PS (10 vs 11) puts 3 ahead. 6 beat 5 by forfeit (a game in a
    round robin, Art. 15.2) and drew 4; 5 beat 4: order 6, 5, 4."""
    order = [(row.rank, row.player.start_number) for row in round_robin.rows]
    assert order == [(1, 1), (2, 3), (3, 2), (4, 6), (5, 5), (6, 4)]


def test_round_robin_shared_ranks() -> None:
    """With PTS and DE only, 2 and 3 share the second place (1, 2, 2, 4)."""
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-round-robin-6.trf"))
    standings = tiebreaks.compute_standings(tournament, ["PTS", "DE"], "fide-2024")
    order = [(row.rank, row.player.start_number) for row in standings.rows]
    assert order == [(1, 1), (2, 2), (2, 3), (4, 6), (5, 5), (6, 4)]


def test_held_exercise_25_direct_encounter() -> None:
    """TV-5 (Held 25), list PTS, DE: published ranks."""
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16x9.trf"))
    standings = tiebreaks.compute_standings(tournament, ["PTS", "DE"], "fide-2024")
    rank = {row.player.start_number: row.rank for row in standings.rows}
    expected = {
        3: 1,
        6: 2,
        1: 3,
        4: 3,
        2: 5,
        7: 6,
        8: 6,
        16: 6,
        5: 9,
        10: 9,
        14: 9,
        15: 9,
        11: 13,
        9: 14,
        12: 14,
        13: 16,
    }
    assert rank == expected
