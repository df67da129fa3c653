"""US Chess tie-breaks (US Chess Official Rules, 7th edition, rule 34E), hand-checked cases.

Every expected value was worked out by hand from the rule text; the arithmetic is written next
to it. "adj" is the US adjusted score: points of games played over the board, ½ for every
other round (bye, forfeit either way, absence).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.builders import Builder, player_against
from tests.strategies import swiss_tournaments
from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.families.national import us_chess
from tiebreaks.engine.grid import grid
from tiebreaks.engine.registry import Kind
from tiebreaks.engine.spec import TiebreakSpec, parse_spec
from tiebreaks.errors import UsageError
from tiebreaks.model import PairingSystem, ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import FIDE_2024, FIDE_2026, Rules
from tiebreaks.standings import compute_standings

F = Fraction
K = ResultKind
VALUE_CODES = ("MMED", "MED", "SOLK", "CUM", "OCUM", "KASH", "USSB", "MBLK")


def values(context: Context, acronym: str) -> list[Fraction]:
    """The exact values of one US tie-break for every participant (index order)."""
    spec, entry = resolve(parse_spec(acronym))
    assert entry.compute is not None
    column = entry.compute(context, spec).values()
    assert all(value is not None for value in column)
    return [value for value in column if value is not None]


def context_of(tournament: Tournament, rules: Rules = FIDE_2026) -> Context:
    return build_context(tournament, rules)


def order(context: Context, group: list[int]) -> list[list[int]]:
    """RBT applied to a group of start numbers 1..n (index = number - 1), as start numbers."""
    ordered = us_chess.order_group(context, TiebreakSpec("RBT"), [n - 1 for n in group])
    return [[index + 1 for index in subgroup] for subgroup in ordered]


# --------------------------------------------------------------------------------------------
# A 6-player, 5-round Swiss with every kind of unplayed round
#
# R1: 1-2 1-0, 3-4 =, 5-6 0-1
# R2: 6-1 0-1, 2-3 +- (forfeit), 4 half-point bye, 5 full-point bye
# R3: 1-3 =, 4-6 1-0, 2-5 0-1
# R4: 1 pairing-allocated bye, 3-5 1-0, 6-2 =, 4 absent
# R5: 4-1 0-1, 3-6 -+ (forfeit), 2 half-point bye, 5 absent
#
# Scores: 1: 1+1+½+1+1 = 4½; 2: 0+1+0+½+½ = 2; 3: ½+0+½+1+0 = 2; 4: ½+½+1+0+0 = 2;
#         5: 0+1+1+0+0 = 2; 6: 1+0+0+½+1 = 2½.
# adj:    1: 1+1+½+(½)+1 = 4; 2: 0+(½)+0+½+(½) = 1½; 3: ½+(½)+½+1+(½) = 3;
#         4: ½+(½)+1+(½)+0 = 2½; 5: 0+(½)+1+0+(½) = 2; 6: 1+0+0+½+(½) = 2.
# Opponent values per round (own unplayed round = 0):
#   1: [2→1½, 6→2, 3→3, bye 0, 4→2½] sum 9       2: [1→4, 0, 5→2, 6→2, 0] sum 8
#   3: [4→2½, 0, 1→4, 5→2, 0] sum 8½              4: [3→3, 0, 6→2, 0, 1→4] sum 9
#   5: [6→2, 0, 2→1½, 3→3, 0] sum 6½              6: [5→2, 1→4, 4→2½, 2→1½, 0] sum 10


def mixed_swiss(pairing_system: PairingSystem = PairingSystem.SWISS) -> Tournament:
    builder = Builder(rounds=5, pairing_system=pairing_system)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "=").game(1, 5, 6, "0-1")
    builder.game(2, 6, 1, "0-1").game(2, 2, 3, "+-").bye(2, 4, K.HALF_BYE).bye(2, 5, K.FULL_BYE)
    builder.game(3, 1, 3, "=").game(3, 4, 6, "1-0").game(3, 2, 5, "0-1")
    builder.bye(4, 1, K.PAIRING_BYE).game(4, 3, 5, "1-0").game(4, 6, 2, "=")
    builder.game(5, 4, 1, "0-1").game(5, 3, 6, "-+").bye(5, 2, K.HALF_BYE)
    return builder.build()


MIXED_SWISS = {
    "MMED": [
        F(9),  # 1: 4½ > 2½ plus: 9 − lowest 0 = 9
        F(4),  # 2: 2 < 2½ minus: 8 − highest 4 = 4
        F(9, 2),  # 3: minus: 8½ − 4 = 4½
        F(5),  # 4: minus: 9 − 4 = 5
        F(7, 2),  # 5: minus: 6½ − 3 = 3½
        F(6),  # 6: 2½ = 50%: 10 − highest 4 − lowest 0 = 6
    ],
    "MED": [
        F(6),  # 1: 9 − 3 − 0
        F(4),  # 2: 8 − 4 − 0
        F(9, 2),  # 3: 8½ − 4 − 0
        F(5),  # 4: 9 − 4 − 0
        F(7, 2),  # 5: 6½ − 3 − 0
        F(6),  # 6: 10 − 4 − 0
    ],
    "SOLK": [F(9), F(8), F(17, 2), F(9), F(13, 2), F(10)],  # the sums above
    "CUM": [
        F(25, 2),  # 1: 1+2+2½+3½+4½ = 13½ − 1 (pairing bye R4) = 12½
        F(9, 2),  # 2: 0+1+1+1½+2 = 5½ − 1 (forfeit win R2) = 4½
        F(6),  # 3: ½+½+1+2+2 = 6
        F(15, 2),  # 4: ½+1+2+2+2 = 7½ (half-point bye not subtracted)
        F(6),  # 5: 0+1+2+2+2 = 7 − 1 (full-point bye R2) = 6
        F(6),  # 6: 1+1+1+1½+2½ = 7 − 1 (forfeit win R5) = 6
    ],
    "OCUM": [
        F(24),  # 1: 2 (4½) + 6 (6) + 3 (6) + 4 (7½) = 24
        F(49, 2),  # 2: 1 (12½) + 5 (6) + 6 (6) = 24½
        F(26),  # 3: 4 (7½) + 1 (12½) + 5 (6) = 26 (forfeits with 2 and 6 excluded)
        F(49, 2),  # 4: 3 (6) + 6 (6) + 1 (12½) = 24½
        F(33, 2),  # 5: 6 (6) + 2 (4½) + 3 (6) = 16½
        F(61, 2),  # 6: 5 (6) + 1 (12½) + 4 (7½) + 2 (4½) = 30½
    ],
    "KASH": [
        F(14),  # 1: W W D bye W = 4+4+2+0+4
        F(4),  # 2: L +forfeit L D bye = 1+0+1+2+0
        F(8),  # 3: D -forfeit D W -forfeit = 2+0+2+4+0
        F(7),  # 4: D bye W absent L = 2+0+4+0+1
        F(6),  # 5: L bye W L absent = 1+0+4+1+0
        F(8),  # 6: W L L D +forfeit = 4+1+1+2+0
    ],
    "USSB": [
        F(15, 2),  # 1: beat 2 (1½) + beat 6 (2) + ½·3 (drew 3) + beat 4 (2½) = 7½
        F(1),  # 2: ½·2 (drew 6) = 1
        F(21, 4),  # 3: ½·2½ (drew 4) + ½·4 (drew 1) + beat 5 (2) = 1¼ + 2 + 2 = 5¼
        F(7, 2),  # 4: ½·3 (drew 3) + beat 6 (2) = 3½
        F(3, 2),  # 5: beat 2 (1½)
        F(11, 4),  # 6: beat 5 (2) + ½·1½ (drew 2) = 2¾
    ],
    "MBLK": [
        F(2),  # 1: R2, R5
        F(2),  # 2: R1, R4
        F(1),  # 3: R3 (R2 with Black was a forfeit)
        F(1),  # 4: R1
        F(2),  # 5: R3, R4
        F(2),  # 6: R1, R3 (R5 with Black was a forfeit)
    ],
}


@pytest.mark.parametrize("code", VALUE_CODES)
@pytest.mark.parametrize(
    "pairing_system", [PairingSystem.SWISS, PairingSystem.ROUND_ROBIN], ids=str
)
@pytest.mark.parametrize("rules", [FIDE_2024, FIDE_2026], ids=str)
def test_mixed_swiss_every_value(code: str, pairing_system: PairingSystem, rules: Rules) -> None:
    """The same values whatever the rules edition and the pairing system (rule 34E does not
    distinguish round robins)."""
    context = build_context(mixed_swiss(pairing_system), rules)
    assert values(context, code) == MIXED_SWISS[code]


def test_mixed_swiss_adjusted_scores() -> None:
    # adj in half-point units: 4 → 8, 1½ → 3, 3 → 6, 2½ → 5, 2 → 4, 2 → 4
    assert us_chess.us_adjusted_scores(context_of(mixed_swiss())).tolist() == [8, 3, 6, 5, 4, 4]


def test_public_api_ranks_by_the_list() -> None:
    """Scores 4½ (1), 2½ (6), then 2, 3, 4, 5 tied on 2, split by MMED 5 (4), 4½ (3),
    4 (2), 3½ (5)."""
    specs = ["PTS", "MMED", "SOLK", "CUM", "OCUM"]  # a list: a str would be read per letter
    standings = compute_standings(mixed_swiss(), specs, "fide-2026")
    got = [(row.rank, row.player.start_number) for row in standings.rows]
    assert got == [(1, 1), (2, 6), (3, 4), (4, 3), (5, 2), (6, 5)]
    assert [row.rank for row in standings.rows] == sorted(row.rank for row in standings.rows)
    assert standings.row(4).values == {
        "PTS": 2,
        "MMED": 5,
        "SOLK": 9,
        "CUM": F(15, 2),
        "OCUM": F(49, 2),
    }


# --------------------------------------------------------------------------------------------
# Cumulative (rule 34E3)


@pytest.mark.parametrize(
    ("first_round", "expected"),
    [
        (K.FULL_BYE, F(10)),  # rulebook: 1 + 2 + 2 + 2½ + 3½ = 11, − 1 = 10
        (K.PAIRING_BYE, F(10)),  # the same full point without playing
        ("+-", F(10)),  # forfeit win: the same
        (K.HALF_BYE, F(17, 2)),  # ½ + 1½ + 1½ + 2 + 3 = 8½, nothing subtracted
        (K.ZERO_BYE, F(6)),  # 0 + 1 + 1 + 1½ + 2½ = 6, nothing subtracted
    ],
    ids=["full-bye", "pairing-bye", "forfeit-win", "half-bye", "zero-bye"],
)
def test_cumulative_rulebook_example(first_round: ResultKind | str, expected: Fraction) -> None:
    """Round 1 as given, then W, L, D, W (rule 34E3 example with a bye first)."""
    builder = Builder(rounds=5)
    if isinstance(first_round, str):
        builder.game(1, 1, 2, first_round)
    else:
        builder.bye(1, 1, first_round)
    builder.game(2, 1, 3, "1-0").game(3, 4, 1, "1-0").game(4, 1, 5, "=").game(5, 6, 1, "0-1")
    assert values(context_of(builder.build()), "CUM")[0] == expected


def test_cumulative_after_round_three() -> None:
    # bye, W, L only: 1 + 2 + 2 = 5, − 1 = 4
    builder = Builder(rounds=5).bye(1, 1, K.FULL_BYE)
    builder.game(2, 1, 3, "1-0").game(3, 4, 1, "1-0").game(4, 1, 5, "=").game(5, 6, 1, "0-1")
    context = build_context(builder.build(), FIDE_2026, after_round=3)
    assert values(context, "CUM")[0] == F(4)


def test_cumulative_with_three_one_zero_scoring() -> None:
    # 3-1-0: bye 3, W 3, L 0, D 1, W 3: 3 + 6 + 6 + 7 + 10 = 32, − one win value 3 = 29
    three_one_zero = ScoreSystem.from_values(win=F(3), draw=F(1))
    builder = Builder(rounds=5, score_system=three_one_zero).bye(1, 1, K.FULL_BYE)
    builder.game(2, 1, 3, "1-0").game(3, 4, 1, "1-0").game(4, 1, 5, "=").game(5, 6, 1, "0-1")
    assert values(context_of(builder.build()), "CUM")[0] == F(29)


# --------------------------------------------------------------------------------------------
# Adjusted scores and own unplayed rounds


def test_withdrawn_opponent_counts_three() -> None:
    """The opponent (2) won rounds 1 and 2, lost to 1 in round 3, then withdrew (absent in
    rounds 4-5 of 5): adj = 1 + 1 + 0 + ½ + ½ = 3 (the score is 2)."""
    builder = Builder(rounds=5)
    builder.game(1, 2, 3, "1-0").game(2, 4, 2, "0-1").game(3, 1, 2, "1-0")
    context = context_of(builder.build())
    assert us_chess.us_adjusted_scores(context).tolist()[1] == 6  # 3 points in half-point units
    assert grid(context).scores[1] == 4  # the real score, 2, is unchanged
    assert values(context, "SOLK")[0] == 3  # 2 (3) + four rounds without a game (0)
    assert values(context, "USSB")[0] == 3  # beat 2 (3)
    assert values(context, "MMED")[0] == 0  # 1 of 5 is a minus score: 3 − highest 3


def own_unplayed_rounds() -> Tournament:
    """1 beats 2 (R1), wins by forfeit against 3 (R2), loses by forfeit to 4 (R3), has a
    half-point bye (R4) and is absent (R5); 2, 3 and 4 are absent in every other round."""
    builder = Builder(rounds=5).game(1, 1, 2, "1-0").game(2, 1, 3, "+-").game(3, 4, 1, "+-")
    return builder.bye(4, 1, K.HALF_BYE).build()


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("SOLK", F(2)),  # [2 (adj 0+½+½+½+½ = 2), 0, 0, 0, 0] = 2; 3 and 4 (adj 2½) not used
        ("MMED", F(0)),  # score 1+1+0+½+0 = 2½ of 5 is even: 2 − highest 2 − lowest 0
        ("MED", F(0)),  # 2 − 2 − 0
        ("USSB", F(2)),  # beat 2 (2)
        ("KASH", F(4)),  # one win over the board; forfeits, bye and absence 0
        ("CUM", F(9)),  # 1 + 2 + 2 + 2½ + 2½ = 10, − 1 for the forfeit win = 9
        ("OCUM", F(0)),  # 2: 0 + 0 + 0 + 0 + 0 = 0; forfeit opponents 3, 4 excluded
        ("MBLK", F(0)),
    ],
)
def test_own_unplayed_rounds_are_zero_opponents(code: str, expected: Fraction) -> None:
    assert values(context_of(own_unplayed_rounds()), code)[0] == expected


def test_own_unplayed_rounds_adjusted_scores() -> None:
    # 1: 1 + ½ + ½ + ½ + ½ = 3; 2: 0 + 4·½ = 2; 3 and 4: 5·½ = 2½ (in half-point units)
    assert us_chess.us_adjusted_scores(context_of(own_unplayed_rounds())).tolist() == [6, 4, 5, 5]


# --------------------------------------------------------------------------------------------
# Modified Median and Median: plus, minus and even scores; two cuts from 9 rounds


NINE_OPPONENTS = [1, 2, 3, 4, 5, 6, 7, 8, 8]  # sum 44


@pytest.mark.parametrize(
    ("results", "mmed"),
    [
        ("111111000", 41),  # 6 of 9, plus: 44 − 1 − 2 = 41
        ("111000000", 28),  # 3 of 9, minus: 44 − 8 − 8 = 28
        ("1111=0000", 25),  # 4½ of 9, even: 44 − 1 − 2 − 8 − 8 = 25
    ],
)
def test_nine_rounds_drop_two(results: str, mmed: int) -> None:
    tournament = player_against(list(zip(results, NINE_OPPONENTS, strict=True)))
    context = context_of(tournament)
    assert values(context, "MMED")[0] == mmed
    assert values(context, "MED")[0] == 25  # 44 − 1 − 2 − 8 − 8
    assert values(context, "SOLK")[0] == 44


@pytest.mark.parametrize(
    ("results", "mmed"),
    [
        ("11111000", 34),  # 5 of 8, plus: 35 − 1 = 34
        ("11100000", 28),  # 3 of 8, minus: 35 − 7 = 28
        ("11110000", 27),  # 4 of 8, even: 35 − 1 − 7 = 27
    ],
)
def test_eight_rounds_drop_one(results: str, mmed: int) -> None:
    opponents = [1, 2, 3, 4, 5, 6, 7, 7]  # sum 35
    context = context_of(player_against(list(zip(results, opponents, strict=True))))
    assert values(context, "MMED")[0] == mmed
    assert values(context, "MED")[0] == 27  # 35 − 1 − 7
    assert values(context, "SOLK")[0] == 35


def test_median_with_fewer_values_than_cuts() -> None:
    # One round, a draw: the even score drops the only value (highest and lowest) → 0.
    context = context_of(Builder(rounds=1).game(1, 1, 2, "=").build())
    assert values(context, "MMED") == [0, 0]
    assert values(context, "MED") == [0, 0]
    assert values(context, "SOLK") == [F(1, 2), F(1, 2)]


# --------------------------------------------------------------------------------------------
# Kashdan, US Sonneborn-Berger, Most Blacks


def unrated_and_forfeits() -> Tournament:
    builder = Builder(rounds=6)
    builder.game(1, 1, 2, "W-L").game(2, 3, 1, "D").game(3, 1, 4, "L-W")
    return builder.game(4, 1, 5, "+-").game(5, 6, 1, "+-").game(6, 1, 7, "--").build()


def test_kashdan_unrated_games_count_forfeits_do_not() -> None:
    context = context_of(unrated_and_forfeits())
    # 1: unrated win 4 + unrated draw 2 + unrated loss 1 + forfeit win, forfeit loss and
    # double forfeit 0 = 7; 2: unrated loss 1; 3: draw 2; 4: win 4; 5, 6, 7: forfeits only 0
    assert values(context, "KASH") == [7, 1, 2, 4, 0, 0, 0]
    # 1 had Black in R2 (played) and R5 (forfeit): 1; 2 and 4 had Black over the board
    assert values(context, "MBLK") == [1, 1, 0, 1, 0, 0, 0]


def test_us_sonneborn_berger_with_byes() -> None:
    """1 beats 2 (R1) and draws 3 (R2), then is absent.
    2: L 1, full bye, beats 4, half bye, pairing bye: score 3½, adj 0+½+1+½+½ = 2½.
    3: half bye, D 1, full bye, beats 4, beats 5: score 4, adj ½+½+½+1+1 = 3½.
    4: absent, absent, L 2, L 3, absent: adj ½+½+0+0+½ = 1½.
    5: absent R1-R4, L 3: adj 4·½ + 0 = 2. 1: adj 1 + ½ + 3·½ = 3."""
    builder = Builder(rounds=5)
    builder.game(1, 1, 2, "1-0").bye(1, 3, K.HALF_BYE)
    builder.game(2, 3, 1, "=").bye(2, 2, K.FULL_BYE)
    builder.game(3, 2, 4, "1-0").bye(3, 3, K.FULL_BYE)
    builder.game(4, 3, 4, "1-0").bye(4, 2, K.HALF_BYE)
    builder.game(5, 3, 5, "1-0").bye(5, 2, K.PAIRING_BYE)
    assert values(context_of(builder.build()), "USSB") == [
        F(17, 4),  # 1: 2½ + ½·3½ = 4¼
        F(3, 2),  # 2: beat 4 (1½)
        F(5),  # 3: ½·3 (drew 1) + 1½ (beat 4) + 2 (beat 5) = 5
        F(0),
        F(0),
    ]


# --------------------------------------------------------------------------------------------
# Result between tied players (group tie-break)


def test_rbt_two_players() -> None:
    context = context_of(Builder(rounds=1).game(1, 2, 1, "1-0").build())
    assert order(context, [1, 2]) == [[2], [1]]


def test_rbt_two_tied_players_in_the_standings() -> None:
    # 1 beats 2 in R1; 2 gets a full bye in R2: both 1 point, 1 ahead.
    builder = Builder(rounds=2).game(1, 1, 2, "1-0").bye(2, 2, K.FULL_BYE)
    standings = compute_standings(builder.build(), ["PTS", "RBT"], "fide-2026")
    assert [(row.rank, row.player.start_number) for row in standings.rows] == [(1, 1), (2, 2)]
    assert standings.row(1).values["RBT"] == 1  # place decided inside the tied group
    assert standings.row(2).values["RBT"] == 2


def three_tied() -> Tournament:
    """1 beats 2 and 3, 2 beats 3 (plus/minus 2, 0, −2); byes make every score 2."""
    builder = Builder(rounds=4)
    builder.game(1, 1, 2, "1-0").bye(1, 3, K.FULL_BYE)
    builder.game(2, 1, 3, "1-0").bye(2, 2, K.FULL_BYE)
    builder.game(3, 2, 3, "1-0").bye(3, 1, K.ZERO_BYE)
    return builder.bye(4, 3, K.FULL_BYE).build()


def test_rbt_three_players_two_zero_minus_two() -> None:
    context = context_of(three_tied())
    assert us_chess.plus_minus(context, [0, 1, 2]) == {0: 2, 1: 0, 2: -2}
    assert order(context, [1, 2, 3]) == [[1], [2], [3]]
    # scores: 1: 1+1+0+0 = 2; 2: 0+1+1+0 = 2; 3: 1+0+0+1 = 2
    standings = compute_standings(three_tied(), ["PTS", "RBT"], "fide-2026")
    assert [(row.rank, row.player.start_number) for row in standings.rows] == [
        (1, 1),
        (2, 2),
        (3, 3),
    ]


def test_rbt_three_players_two_stay_tied() -> None:
    # 1 beats 2 and 3; 2 and 3 draw: plus/minus +2, −1, −1.
    builder = Builder(rounds=3).game(1, 1, 2, "1-0").game(2, 3, 1, "0-1").game(3, 2, 3, "=")
    assert order(context_of(builder.build()), [1, 2, 3]) == [[1], [2, 3]]


def test_rbt_cycle_and_no_games_stay_tied() -> None:
    # 1 > 2, 2 > 3, 3 > 1: every plus/minus is 0. 4 and 5 never met anyone of the group.
    builder = Builder(rounds=3).game(1, 1, 2, "1-0").game(2, 2, 3, "1-0").game(3, 3, 1, "1-0")
    builder.game(1, 4, 5, "=")
    context = context_of(builder.build())
    assert order(context, [1, 2, 3]) == [[1, 2, 3]]
    assert order(context, [1, 3, 4]) == [[3], [4], [1]]  # 3 beat 1 (R3): +1, 0, −1
    assert order(context, [2, 4]) == [[2, 4]]


def test_rbt_counts_plus_minus_not_percentage() -> None:
    # 1: beats 3 and 4, loses to 2 → +1 (2 of 3); 2: only beat 1 → +1 (1 of 1): tied.
    # 3 and 4: one loss each → −1.
    builder = Builder(rounds=3).game(1, 1, 3, "1-0").game(2, 1, 4, "1-0").game(3, 2, 1, "1-0")
    assert order(context_of(builder.build()), [1, 2, 3, 4]) == [[1, 2], [3, 4]]


def test_rbt_ignores_forfeits() -> None:
    builder = Builder(rounds=1).game(1, 1, 2, "+-")
    for system in (PairingSystem.SWISS, PairingSystem.ROUND_ROBIN):
        builder.pairing_system = system
        assert order(context_of(builder.build()), [1, 2]) == [[1, 2]]


def test_rbt_counts_every_game_between_two_players() -> None:
    # 1 beats 2 twice and loses once: +1 against −1.
    builder = Builder(rounds=3).game(1, 1, 2, "1-0").game(2, 2, 1, "0-1").game(3, 1, 2, "0-1")
    assert order(context_of(builder.build()), [1, 2]) == [[1], [2]]


# --------------------------------------------------------------------------------------------
# Catalogue


@pytest.mark.parametrize(
    ("acronym", "name", "article", "type_code"),
    [
        ("MMED", "Modified Median", "US 34E1", "C"),
        ("MED", "Median (Harkness)", "US 34E", "C"),
        ("SOLK", "Solkoff", "US 34E2", "C"),
        ("CUM", "Cumulative", "US 34E3", "B"),
        ("OCUM", "Cumulative of Opposition", "US 34E", "C"),
        ("KASH", "Kashdan", "US 34E7", "B"),
        ("USSB", "US Sonneborn-Berger", "US 34E", "C"),
        ("MBLK", "Most Blacks", "US 34E", "B"),
        ("RBT", "Result between tied players", "US 34E", "A"),
    ],
)
def test_catalogue(acronym: str, name: str, article: str, type_code: str) -> None:
    _, entry = resolve(parse_spec(acronym))
    assert (entry.name, entry.article, entry.type_code, entry.modifiers) == (
        name,
        article,
        type_code,
        "",
    )
    assert entry.aliases == ()
    assert entry.kind is (Kind.GROUP if acronym == "RBT" else Kind.VALUE)


@pytest.mark.parametrize("descriptor", ["MMED/C1", "SOLK/M1", "CUM/P", "RBT/P", "KASH/R"])
def test_catalogue_rejects_modifiers(descriptor: str) -> None:
    with pytest.raises(UsageError, match="does not take"):
        resolve(parse_spec(descriptor))


# --------------------------------------------------------------------------------------------
# Invariants


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(max_rounds=10))
def test_invariants(tournament: Tournament) -> None:
    """Dropping non-negative values never increases a sum: MED <= MMED <= SOLK; USSB counts
    at most each opponent's adjusted score; KASH at most 4 per round; the values do not depend
    on the rules edition."""
    context = context_of(tournament)
    table = {code: values(context, code) for code in VALUE_CODES}
    for index in range(context.size):
        med, mmed, solk = (table[code][index] for code in ("MED", "MMED", "SOLK"))
        assert 0 <= med <= mmed <= solk
        assert 0 <= table["USSB"][index] <= solk
        assert 0 <= table["KASH"][index] <= 4 * context.rounds
        assert 0 <= table["MBLK"][index] <= context.rounds
        assert table["CUM"][index] >= 0
    other = context_of(tournament, FIDE_2024)
    assert {code: values(other, code) for code in VALUE_CODES} == table


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(), st.data())
def test_rbt_partitions_the_group(tournament: Tournament, data: st.DataObject) -> None:
    context = context_of(tournament)
    group = data.draw(st.lists(st.sampled_from(range(context.size)), min_size=1, unique=True))
    ordered = us_chess.order_group(context, TiebreakSpec("RBT"), group)
    assert sorted(index for subgroup in ordered for index in subgroup) == sorted(group)
    balance = us_chess.plus_minus(context, group)
    assert sum(balance.values()) == 0  # every decisive game is +1 for one, −1 for the other
    levels = [balance[subgroup[0]] for subgroup in ordered]
    assert levels == sorted(set(levels), reverse=True)
    assert all(balance[index] == balance[subgroup[0]] for subgroup in ordered for index in subgroup)
