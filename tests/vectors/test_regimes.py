"""Unplayed-game regimes (TV-8 and hand-checked cases written from the rule texts).

* fide-2009: C.02 §13.16 (2009): opponents' unplayed games count as draws; one's own unplayed
  round is a game against a virtual opponent who had one's score before the round, took the
  complementary result and drew every later round.
* fide-2024 / fide-2026: C.07 Art. 16.3 (adjusted score) and 16.4 (dummy; capped in 2026).
* unadjusted: actual scores, an unplayed round adds 0. unplayed-draw: opponents' unplayed
  rounds count as draws, an unplayed round adds 0.

Every expected value is computed by hand in the docstring or comment next to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings

import tiebreaks
from tiebreaks.engine.context import build_context
from tiebreaks.engine.unplayed import (
    adjusted_round_points,
    adjusted_scores,
    virtual_opponent_scores,
)
from tiebreaks.model import ResultKind
from tiebreaks.model.rules import FIDE_2009, rules_by_name

from ..builders import Builder, crosstable, player_against
from ..lists import fitting
from ..strategies import swiss_tournaments
from .test_seed_examples import SEED_001

F = Fraction
Rounds = Sequence[tuple[str, Fraction | int | None]]
REGIMES = ("fide-2026", "fide-2024", "fide-2009", "unadjusted", "unplayed-draw", "uscf")


def _subject_values(tournament: tiebreaks.Tournament, rules: str, *columns: str) -> list[F]:
    """Player 1's values of ``columns`` under ``rules``."""
    standings = tiebreaks.compute_standings(tournament, ["PTS", *columns], rules)
    values = standings.row(1).values
    return [F(values[column] or 0) for column in columns]


def _seen_by_opponents(tournament: tiebreaks.Tournament, rules: str) -> F:
    context = build_context(tournament, rules_by_name(rules))
    return F(adjusted_scores(context)[0], context.unit)


# Seed 002: A is not paired in rounds 1 and 2 of 9 (excused) and scores 5 in rounds 3-9.
# Opponents each finish on 3 points, all of them played.
LATE_ENTRY: Rounds = [("Z", None), ("Z", None)] + [("1", 3)] * 5 + [("0", 3)] * 2


def test_seed_002_virtual_opponents() -> None:
    """Seed 002: round 1: 0 + 1 (the virtual opponent wins) + 8 x ½ = 5.0; round 2: 0 (A's
    points after round 1) + 1 + 7 x ½ = 4.5."""
    context = build_context(player_against(LATE_ENTRY), FIDE_2009)
    assert [F(int(virtual_opponent_scores(context)[0, r]), context.unit) for r in (0, 1)] == [
        5,
        F(9, 2),
    ]


@pytest.mark.parametrize(
    ("rules", "bh", "seen"),
    [
        # 7 opponents x 3 = 21, plus the stand-ins of rounds 1 and 2.
        ("fide-2009", F(21) + 5 + F("4.5"), 6),  # seen: 5 + ½ + ½ (the seed's prize question)
        ("fide-2024", F(21) + 5 + 5, 5),  # dummies with A's own 5; ZPBs followed by games: 0
        ("fide-2026", F(21) + F("4.5") * 2, 5),  # 16.4.2 cap: ½ x 9 rounds = 4.5 < 5
        ("unadjusted", F(21), 5),
        ("unplayed-draw", F(21), 6),
    ],
)
def test_late_entry(rules: str, bh: F, seen: int) -> None:
    tournament = player_against(LATE_ENTRY)
    assert _subject_values(tournament, rules, "BH") == [bh]
    assert _seen_by_opponents(tournament, rules) == seen


def test_s7_forfeit_win_and_absence() -> None:
    """TV-8, S7 example 1: 9 rounds, 2 points after round 2, a forfeit win in round 3, 6 in
    all: virtual opponent 2 + 0 + 6 x ½ = 5.0; seen by opponents 6 - 1 + ½ = 5.5.
    S7 example 2: absent in round 7 with 4 points after round 6, 6 in all: 4 + 1 + 2 x ½ =
    6.0; seen by opponents 6 + ½ = 6.5."""
    forfeit: Rounds = [("1", 2), ("1", 2), ("+", 2)] + [("1", 2)] * 3 + [("0", 2)] * 3
    absent: Rounds = [("1", 2)] * 4 + [("0", 2)] * 2 + [("Z", None), ("1", 2), ("1", 2)]
    for rounds, round_index, virtual, seen in ((forfeit, 2, 5, "5.5"), (absent, 6, 6, "6.5")):
        tournament = player_against(rounds)
        context = build_context(tournament, FIDE_2009)
        assert F(int(virtual_opponent_scores(context)[0, round_index]), context.unit) == virtual
        assert _seen_by_opponents(tournament, "fide-2009") == F(seen)


def test_s7_virtual_opponent_grows_by_a_draw_per_round() -> None:
    """TV-8, S7 formula example: absent in round 3 with 1.5 points before: the virtual
    opponent has 1.5 + 1 = 2.5 after round 3 and 2.5 + 6 x ½ = 5.5 after round 9."""
    rounds: Rounds = [("1", 2), ("=", 2), ("Z", None)] + [("0", 2)] * 6
    tournament = player_against(rounds)
    for after_round, expected in ((3, F("2.5")), (9, F("5.5"))):
        context = build_context(tournament, FIDE_2009, after_round=after_round)
        assert F(int(virtual_opponent_scores(context)[0, 2]), context.unit) == expected


# Withdrawal: after round 3 of 5 (win vs 2, draw vs 3, loss vs 4), absent in rounds 4 and 5.
WITHDRAWAL: Rounds = [("1", 2), ("=", 3), ("0", 4), ("Z", None), ("Z", None)]


@pytest.mark.parametrize(
    ("rules", "bh", "bh_c1", "sb", "seen"),
    [
        # virtual opponents: round 4: 1.5 + 1 + ½ = 3.0; round 5: 1.5 + 1 = 2.5.
        # BH 2+3+4+3+2.5 = 14.5; C1 cuts the 2 (no VUR exception); SB 2 + 1.5 + 0.
        ("fide-2009", "14.5", "12.5", "3.5", "2.5"),
        # dummies 1.5 each: BH 12; C1 cuts a VUR dummy (1.5 >= LSV 1.5, Art. 16.5); the two
        # final absences count as draws for opponents: 1.5 + ½ + ½.
        ("fide-2024", "12", "10.5", "3.5", "2.5"),
        ("fide-2026", "12", "10.5", "3.5", "2.5"),  # cap ½ x 5 = 2.5 > 1.5: no change
        ("unadjusted", "9", "9", "3.5", "1.5"),  # 2+3+4+0+0; C1 cuts a 0
        ("unplayed-draw", "9", "9", "3.5", "2.5"),
    ],
)
def test_withdrawal(rules: str, bh: str, bh_c1: str, sb: str, seen: str) -> None:
    tournament = player_against(WITHDRAWAL)
    assert _subject_values(tournament, rules, "BH", "BH/C1", "SB") == [F(bh), F(bh_c1), F(sb)]
    assert _seen_by_opponents(tournament, rules) == F(seen)


# Forfeits: round 1 forfeit win (opponent 2), round 2 win (3), round 3 forfeit loss (4),
# round 4 draw (2). Score 2.5.
FORFEITS: Rounds = [("+", 2), ("1", 3), ("-", 4), ("=", 2)]


@pytest.mark.parametrize(
    ("rules", "bh", "sb"),
    [
        # virtual opponents: round 1: 0 + 0 + 3 x ½ = 1.5; round 3: 2 + 1 + ½ = 3.5.
        # BH 1.5 + 3 + 3.5 + 2 = 10; SB 1.5 x 1 + 3 + 3.5 x 0 + 2 x ½ = 5.5.
        ("fide-2009", "10", "5.5"),
        # dummies 2.5: BH 2.5+3+2.5+2 = 10; SB 2.5 + 3 + 0 + 1 = 6.5.
        ("fide-2024", "10", "6.5"),
        # 16.4.1: round 1 capped by opponent 2's adjusted 2.0; round 3: min(2.5, 4) = 2.5.
        ("fide-2026", "9.5", "6"),
        ("unadjusted", "5", "4"),  # 0 + 3 + 0 + 2; SB 0 + 3 + 0 + 1
        ("unplayed-draw", "5", "4"),
    ],
)
def test_forfeits(rules: str, bh: str, sb: str) -> None:
    tournament = player_against(FORFEITS)
    assert _subject_values(tournament, rules, "BH", "SB") == [F(bh), F(sb)]


@pytest.mark.parametrize(
    ("rules", "by_round", "bh"),
    [
        # every unplayed round counts ½: player 2 has 2.5; the fillers 1 + 4 x ½ = 3 each.
        ("fide-2009", ["0", "0.5", "0.5", "0.5", "1"], "14.5"),
        ("unplayed-draw", ["0", "0.5", "0.5", "0.5", "1"], "14.5"),
        ("uscf", ["0", "0.5", "0.5", "0.5", "1"], "14.5"),
        # Art. 16.3: player 2's HPB is followed by a round that is not voluntarily unplayed (a
        # forfeit win), so every round counts as awarded: 3.5. A filler's absences before its
        # game count 0, those after it ½: 1 + 1.5, 1 + 1, 1 + 0.5, 1 = 7. BH 10.5.
        ("fide-2026", ["0", "1", "0.5", "1", "1"], "10.5"),
        ("unadjusted", ["0", "1", "0.5", "1", "1"], "7.5"),  # 3.5 + 4 x 1
    ],
)
def test_opponents_unplayed_rounds(rules: str, by_round: list[str], bh: str) -> None:
    """Player 2 loses to the subject, then has a full-point bye, a half-point bye, a forfeit
    win and a win: actual 3.5. The subject loses rounds 2-5 to fillers 12-15, who play no
    other game. The subject's BH is the sum of the opponents' scores as the regime sees them."""
    builder = Builder(rounds=5)
    builder.game(1, 1, 2, "1-0")
    builder.bye(2, 2, ResultKind.FULL_BYE).bye(3, 2, ResultKind.HALF_BYE)
    builder.game(4, 2, 3, "+-").game(5, 2, 4, "1-0")
    for round_number in range(2, 6):
        builder.game(round_number, 1, 10 + round_number, "0-1")
    tournament = builder.build()
    context = build_context(tournament, rules_by_name(rules))
    seen = [F(int(adjusted_round_points(context)[1, r]), context.unit) for r in range(5)]
    assert seen == [F(points) for points in by_round]
    assert F(int(adjusted_scores(context)[1]), context.unit) == sum(seen)
    assert _subject_values(tournament, rules, "BH") == [F(bh)]


@pytest.mark.parametrize("descriptor", ["BH", "BH/C1", "SB", "FB", "AOB", "BH/M1"])
def test_regime_modifier_equals_run_regime(descriptor: str) -> None:
    """``/V2009`` on one tie-break gives the value the whole run would give under fide-2009
    (and ``/VN`` the unadjusted one), whatever the run's own regime."""
    tournament = player_against([*FORFEITS, ("Z", None), *WITHDRAWAL])
    for code, name in (("2009", "fide-2009"), ("N", "unadjusted"), ("2024", "fide-2024")):
        with_modifier = f"{descriptor}/V{code}"
        standings = tiebreaks.compute_standings(tournament, ["PTS", with_modifier], "fide-2026")
        whole_run = tiebreaks.compute_standings(tournament, ["PTS", descriptor], name)
        for row in standings.rows:
            number = row.player.start_number
            assert row.values[with_modifier] == whole_run.row(number).values[descriptor]


@pytest.mark.parametrize("rules", REGIMES)
def test_round_robin_is_never_adjusted(rules: str) -> None:
    """C.07 (2026) Art. 15.2 and the 2009 text ("unplayed games are treated as played"): in a
    round robin the forfeit of seed 001 is a game against its scheduled opponent, in every
    regime: A's SB 9.25 (TV-2)."""
    standings = tiebreaks.compute_standings(crosstable(SEED_001), ["PTS", "SB", "KS"], rules)
    assert standings.row(1).values["SB"] == F("9.25")


def test_regime_modifier_round_trips() -> None:
    spec = tiebreaks.parse_spec("bh/c1/v2023")
    assert str(spec) == "BH/C1/V2024"
    assert tiebreaks.parse_spec(str(spec)) == spec
    with pytest.raises(tiebreaks.UsageError, match="does not take the modifier /V2009"):
        tiebreaks.compute_standings(player_against(FORFEITS), ["PTS", "WIN/V2009"])


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(max_players=10, max_rounds=6, unplayed=False))
def test_regimes_agree_without_unplayed_rounds(tournament: tiebreaks.Tournament) -> None:
    """Every regime only changes how unplayed rounds count: in an event where every round of
    every participant was played over the board, all of them give the same values."""
    columns = fitting(["PTS", "BH", "BH/C1", "SB", "FB", "AOB", "BBH/M1"], tournament.rounds)
    reference = tiebreaks.compute_standings(tournament, columns, "fide-2026")
    for rules in REGIMES[1:]:
        other = tiebreaks.compute_standings(tournament, columns, rules)
        for row in reference.rows:
            assert other.row(row.player.start_number).values == row.values, rules
