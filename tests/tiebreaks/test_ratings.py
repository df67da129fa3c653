"""Rating-based tie-breaks, C.07 (2026) Art. 10, and the B.02 tables 8.1(a)/8.1(b).

Expected values come from the specification's test vectors (TV-2, TV-3, TV-4, TV-13), from the
B.02 tables as printed in the specification (§3.14) and from hand computations written here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.builders import Builder, round_robin_schedule
from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.column import Column
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.families import ratings
from tiebreaks.engine.fide_tables import (
    expected_score,
    rating_difference,
    table_expected_score,
)
from tiebreaks.engine.spec import TiebreakSpec, parse_spec
from tiebreaks.errors import UsageError
from tiebreaks.formats.readers.trf import read_trf_file
from tiebreaks.model import PairingSystem, ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import FIDE_2024, FIDE_2026, Rules

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "tiebreaks" / "examples"

Compute = Callable[[Context, TiebreakSpec], Column]
COMPUTE: dict[str, Compute] = {
    "ARO": ratings.average_rating_of_opponents,
    "TPR": ratings.tournament_performance_rating,
    "PTP": ratings.perfect_tournament_performance,
    "APRO": ratings.average_performance_rating_of_opponents,
    "APPO": ratings.average_perfect_performance_of_opponents,
    "RTNG": ratings.rating,
}


def perfect_performance(opponent_ratings: list[int], half_points: int) -> int:
    """PTP (Art. 10.3) of one participant who scored ``half_points`` against these ratings,
    from the engine's array search."""
    count = len(opponent_ratings)
    games = ratings.Games(
        played=np.ones((1, count), dtype=np.bool_),
        opponent=np.arange(count, dtype=np.int64)[None, :],
        number_of_games=np.array([count], dtype=np.int64),
        half_points=np.array([half_points], dtype=np.int64),
    )
    found = ratings.perfect_performances(games, np.array(opponent_ratings, dtype=np.int64))
    return int(found.value[0])


def expected_total(rating: int, opponent_ratings: list[int]) -> int:
    """The scores expected at ``rating`` against these opponents, in hundredths, summed from
    the scalar table 8.1(b) (independent of the engine's arrays)."""
    return sum(expected_score(rating - opponent) for opponent in opponent_ratings)


def values(context: Context, descriptor: str) -> list[int | None]:
    """The column of ``descriptor`` as plain values (checked to be integers)."""
    spec = parse_spec(descriptor)
    column = COMPUTE[spec.acronym](context, spec)
    assert column.denominator == 1
    return list(column.numerators)


# --------------------------------------------------------------------------------------------
# Reading the example files


def read_example(name: str) -> Tournament:
    """A bundled example file, read with the library's TRF reader."""
    return read_trf_file(EXAMPLES / name)


def example_context(name: str, system: PairingSystem) -> tuple[Context, list[int]]:
    """The context of an example file and the start numbers in index order."""
    tournament = read_example(name)
    context = build_context(tournament, FIDE_2024, pairing_system=system)
    return context, [player.start_number for player in tournament.players]


# --------------------------------------------------------------------------------------------
# B.02 table 8.1(a): p → dp (specification §3.14)

TABLE_8_1_A = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383,
    90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262, 81: 251,
    80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175, 72: 166, 71: 158,
    70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80,
    60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7, 50: 0,
}  # fmt: skip


@pytest.mark.parametrize(("percentage", "dp"), sorted(TABLE_8_1_A.items()))
def test_table_8_1_a_every_row(percentage: int, dp: int) -> None:
    assert rating_difference(percentage) == dp
    assert rating_difference(100 - percentage) == -dp  # p < .50 → −dp(1 − p)


@pytest.mark.parametrize(
    ("percentage", "dp"),
    [(50, 0), (51, 7), (49, -7), (99, 677), (1, -677), (100, 800), (0, -800), (13, -322)],
)
def test_table_8_1_a_boundaries(percentage: int, dp: int) -> None:
    assert rating_difference(percentage) == dp


@pytest.mark.parametrize("percentage", [-1, 101])
def test_table_8_1_a_outside(percentage: int) -> None:
    with pytest.raises(ValueError, match="hundredths"):
        rating_difference(percentage)


# B.02 table 8.1(b): |difference| range → E of the higher-rated player (specification §3.14)

TABLE_8_1_B = """
0-3 .50 92-98 .63 198-206 .76 345-357 .89 4-10 .51 99-106 .64 207-215 .77 358-374 .90
11-17 .52 107-113 .65 216-225 .78 375-391 .91 18-25 .53 114-121 .66 226-235 .79 392-411 .92
26-32 .54 122-129 .67 236-245 .80 412-432 .93 33-39 .55 130-137 .68 246-256 .81 433-456 .94
40-46 .56 138-145 .69 257-267 .82 457-484 .95 47-53 .57 146-153 .70 268-278 .83 485-517 .96
54-61 .58 154-162 .71 279-290 .84 518-559 .97 62-68 .59 163-170 .72 291-302 .85 560-619 .98
69-76 .60 171-179 .73 303-315 .86 620-735 .99 77-83 .61 180-188 .74 316-328 .87
84-91 .62 189-197 .75 329-344 .88
"""


def _table_8_1_b_rows() -> list[tuple[int, int, int]]:
    words = TABLE_8_1_B.split()
    rows = []
    for span, probability in zip(words[::2], words[1::2], strict=True):
        low, high = span.split("-")
        rows.append((int(low), int(high), int(probability[1:])))
    return sorted(rows)


def test_table_8_1_b_transcription_is_contiguous() -> None:
    rows = _table_8_1_b_rows()
    assert len(rows) == 50
    assert [row[2] for row in rows] == list(range(50, 100))
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(rows))


@pytest.mark.parametrize(("low", "high", "probability"), _table_8_1_b_rows())
def test_table_8_1_b_every_row(low: int, high: int, probability: int) -> None:
    for difference in (low, high):
        assert expected_score(difference) == probability
        assert expected_score(-difference) == 100 - probability


@pytest.mark.parametrize(
    ("difference", "probability"),
    [(0, 50), (3, 50), (4, 51), (-3, 50), (-4, 49), (735, 99), (736, 100), (5000, 100),
     (-735, 1), (-736, 0), (-5000, 0)],
)  # fmt: skip
def test_table_8_1_b_boundaries(difference: int, probability: int) -> None:
    assert expected_score(difference) == probability


def test_unrolled_table_equals_the_search_of_table_8_1_b() -> None:
    """Issue 8: the optimised look-up gives the unoptimised search's value everywhere."""
    for difference in range(-2000, 2001):
        assert expected_score(difference) == table_expected_score(difference)


@given(st.integers(min_value=-2000, max_value=2000))
def test_table_8_1_b_symmetric_and_monotone(difference: int) -> None:
    assert expected_score(difference) + expected_score(-difference) == 100
    assert expected_score(difference) <= expected_score(difference + 1)


# --------------------------------------------------------------------------------------------
# TV-3: FIDE/TEC Swiss, 16 players, 5 rounds (Held §2.1)

#      #: (ARO, ARO/C1, TPR, PTP, APRO, APPO)
TV3 = {
    1: (1820, 1900, 1969, 2029, 1789, 1769),
    2: (1880, 1988, 2120, 2216, 1856, 1852),
    3: (1940, 2000, 2089, 2112, 1904, 1934),
    4: (1888, 1983, 2081, 2168, 1772, 1784),
    5: (1690, 1738, 1690, 1689, 1719, 1676),
    6: (1813, 1900, 1813, 1810, 1846, 1836),
    7: (1760, 1838, 1611, 1531, 1869, 1890),
    8: (1730, 1800, 1730, 1715, 1915, 1924),
    9: (1975, 2200, 1175, 950, 1805, 1802),
    10: (1880, 1975, 1640, 1575, 1717, 1687),
    11: (1863, 2000, 1776, 1763, 1840, 1836),
    12: (2050, None, 1250, 1250, 2081, 2168),  # Nick: ARO/C1 undefined (one game)
    13: (1930, 2025, 1781, 1744, 1879, 1909),
    14: (1800, 1900, 1925, 1942, 1775, 1756),
    15: (1860, 1963, 1788, 1768, 1776, 1767),
    16: (1820, 1900, 1969, 2013, 1805, 1799),
}
TV3_COLUMNS = ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO")


@pytest.mark.parametrize(("column", "descriptor"), list(enumerate(TV3_COLUMNS)))
@pytest.mark.parametrize("rules", [FIDE_2024, FIDE_2026], ids=str)
def test_tv3_swiss_every_row(column: int, descriptor: str, rules: Rules) -> None:
    tournament = read_example("held-swiss-16.trf")
    context = build_context(tournament, rules, pairing_system=PairingSystem.SWISS)
    numbers = [player.start_number for player in tournament.players]
    got = dict(zip(numbers, values(context, descriptor), strict=True))
    assert got == {number: row[column] for number, row in TV3.items()}


def test_tv3_worked_examples_by_hand() -> None:
    context, numbers = example_context("held-swiss-16.trf", PairingSystem.SWISS)
    index = {number: i for i, number in enumerate(numbers)}
    # Jessica #9: ARO (2200 + 1750) / 2 = 1975, 0/2 → 1975 − 800 = 1175; PTP = 1750 − 800.
    assert values(context, "TPR")[index[9]] == 1975 - 800
    assert values(context, "PTP")[index[9]] == 1750 - 800
    # Nick #12: one game (lost to David 2050); the forfeit win vs Paul does not count.
    assert values(context, "ARO")[index[12]] == 2050
    # Bruno #2, ARO/M1: opponents 1750, 1900, 2200, 1450, 2100 → drop 1450 and 2200 →
    # (1750 + 1900 + 2100) / 3 = 1916.67 → 1917.
    assert values(context, "ARO/M1")[index[2]] == 1917
    # ARO/C5 drops every opponent of Bruno: undefined.
    assert values(context, "ARO/C5")[index[2]] is None


def test_tv3_bruno_ptp_worked_example() -> None:
    bruno_opponents = [1750, 1900, 2200, 1450, 2100]
    # .95 + .87 + .52 + 1.00 + .66 = 4.00 at 2216; 3.99 at 2215.
    assert expected_total(2216, bruno_opponents) == 400
    assert expected_total(2215, bruno_opponents) == 399
    assert perfect_performance(bruno_opponents, half_points=8) == 2216


# --------------------------------------------------------------------------------------------
# TV-4: FIDE/TEC round robin, 6 players (forfeit 6–5 in round 4 excluded from Art. 10)

RR_COLUMNS = ("ARO", "TPR", "PTP", "APRO", "APPO")

#      #: (ARO, TPR, PTP, APRO, APPO)
TV4 = {
    1: (2050, 2199, 2204, 2040, 2037),
    2: (2060, 2209, 2216, 2038, 2035),
    3: (2070, 2219, 2227, 2036, 2033),
    4: (2080, 1931, 1922, 2094, 2094),
    5: (2125, 2038, 2032, 2140, 2142),
    6: (2125, 1803, 1789, 2140, 2142),
}


@pytest.mark.parametrize(
    ("column", "descriptor"), list(enumerate(("ARO", "TPR", "PTP", "APRO", "APPO")))
)
def test_tv4_round_robin_every_row(column: int, descriptor: str) -> None:
    context, numbers = example_context("held-round-robin-6.trf", PairingSystem.ROUND_ROBIN)
    got = dict(zip(numbers, values(context, descriptor), strict=True))
    assert got == {number: row[column] for number, row in TV4.items()}


def test_tv4_helene_by_hand() -> None:
    # Helene #6: games vs Bruno 2150 (0), Charline 2100 (0), David 2050 (½), Alyx 2200 (0);
    # the forfeit win vs Franck is excluded. ARO = 8500 / 4 = 2125; p = 0.5/4 = .125 → .13 →
    # −322 → 1803.
    context, numbers = example_context("held-round-robin-6.trf", PairingSystem.ROUND_ROBIN)
    helene = numbers.index(6)
    assert values(context, "ARO")[helene] == 2125
    assert values(context, "TPR")[helene] == 2125 - 322


# --------------------------------------------------------------------------------------------
# TV-2: Italian six-player round robin (seed 001); Elena won by forfeit against Franco

TV2_RATINGS = {1: 2200, 2: 2100, 3: 2150, 4: 2000, 5: 1950, 6: 1975}
TV2_CROSSTABLE = [
    "* 1 1 0 1 =",
    "0 * = 1 1 1",
    "0 = * 1 1 1",
    "1 0 0 * = 0",
    "0 0 0 = * +",
    "= 0 0 1 - *",
]
#      #: (ARO, TPR, PTP, APRO, APPO)
TV2 = {
    1: (2035, 2184, 2190, 2028, 2024),
    2: (2055, 2204, 2212, 2024, 2019),
    3: (2045, 2194, 2201, 2026, 2021),
    4: (2075, 1926, 1915, 2080, 2079),
    5: (2113, 1791, 1772, 2127, 2130),
    6: (2113, 2026, 2018, 2127, 2130),
}


def tv2_context() -> Context:
    builder = Builder(rounds=5, pairing_system=PairingSystem.ROUND_ROBIN)
    for number, rating_value in TV2_RATINGS.items():
        builder.player(number, rating=rating_value)
    cells = [row.split() for row in TV2_CROSSTABLE]
    codes = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+"}
    for round_number, pairs in enumerate(round_robin_schedule(6), start=1):
        for white, black in pairs:
            builder.game(round_number, white, black, codes[cells[white - 1][black - 1]])
    return build_context(builder.build(), FIDE_2026)


@pytest.mark.parametrize(
    ("column", "descriptor"), list(enumerate(("ARO", "TPR", "PTP", "APRO", "APPO")))
)
def test_tv2_round_robin_every_row(column: int, descriptor: str) -> None:
    got = dict(zip(range(1, 7), values(tv2_context(), descriptor), strict=True))
    assert got == {number: row[column] for number, row in TV2.items()}


# --------------------------------------------------------------------------------------------
# TV-13 items 1–2: small hand-checked cases


def subject(results: list[str], opponent_ratings: list[int], own: int = 2000) -> Context:
    """Player 1 meets players 2, 3, … (one per round, with White); results from White's side."""
    builder = Builder(rounds=len(results)).player(1, rating=own)
    for offset, rating_value in enumerate(opponent_ratings, start=2):
        builder.player(offset, rating=rating_value)
    for round_number, result in enumerate(results, start=1):
        builder.game(round_number, 1, round_number + 1, result)
    return build_context(builder.build(), FIDE_2026)


W, D, L = "1-0", "=", "0-1"


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([W, L, L], 2000 - 125),  # 1/3 → .33 → −125
        ([W, W, L], 2000 + 125),  # 2/3 → .67 → +125
        ([D, L, L, L], 2000 - 322),  # 0.5/4 = .125 → .13 → −322
        ([W, W, W, D], 2000 + 336),  # 3.5/4 = .875 → .88 → +336
        ([W, W, D], 2000 + 273),  # 2.5/3 = .833 → .83 → +273
        ([L, L], 2000 - 800),  # 0/n
        ([W, W, W], 2000 + 800),  # n/n
        ([D, D], 2000),  # .50 → 0
    ],
)
def test_tv13_tpr_rounding(results: list[str], expected: int) -> None:
    context = subject(results, [2000] * len(results))
    assert values(context, "ARO")[0] == 2000
    assert values(context, "TPR")[0] == expected


@pytest.mark.parametrize(
    ("result", "opponent", "expected"),
    [
        (W, 2000, 2736),  # E(736) = 1.00; E(735) = .99
        (D, 2000, 1997),  # E = .50 down to −3 points difference
        (L, 1500, 700),  # P = 0 → min(R_i) − 800
    ],
)
def test_tv13_ptp(result: str, opponent: int, expected: int) -> None:
    assert values(subject([result], [opponent]), "PTP")[0] == expected


def test_ptp_single_game_by_hand() -> None:
    # 1/1: 2735 gives .99 < 1, 2736 gives 1.00; ½/1: 1996 gives .49 < .50, 1997 gives .50.
    assert perfect_performance([2000], half_points=2) == 2736
    assert perfect_performance([2000], half_points=1) == 1997
    # 100 % against several opponents: the highest rating + 736.
    assert perfect_performance([1800, 2000, 2100], half_points=6) == 2100 + 736


@given(
    st.lists(st.integers(min_value=1000, max_value=2900), min_size=1, max_size=9),
    st.data(),
)
def test_ptp_is_the_smallest_rating_reaching_the_score(
    opponent_ratings: list[int], data: st.DataObject
) -> None:
    half_points = data.draw(st.integers(min_value=1, max_value=2 * len(opponent_ratings)))
    found = perfect_performance(opponent_ratings, half_points)
    target = 50 * half_points
    assert expected_total(found, opponent_ratings) >= target
    assert expected_total(found - 1, opponent_ratings) < target


# --------------------------------------------------------------------------------------------
# What counts: games over the board only; standard 1-½-0 values for performances


def test_unrated_game_codes_count_and_forfeits_and_byes_do_not() -> None:
    # Spec Q9: W D L (played, not rated) count like the reference engine.
    builder = Builder(rounds=5).player(1, rating=2000)
    for number, rating_value in ((2, 1800), (3, 2200), (4, 1500), (5, 2400)):
        builder.player(number, rating=rating_value)
    builder.game(1, 1, 2, "W-L").game(2, 3, 1, "D").game(3, 1, 4, "+-").game(4, 5, 1, "--")
    builder.bye(5, 1, ResultKind.PAIRING_BYE)
    context = build_context(builder.build(), FIDE_2026)
    # Games: win vs 1800, draw vs 2200 → ARO 2000, p = 1.5/2 = .75 → +193.
    assert values(context, "ARO")[0] == 2000
    assert values(context, "TPR")[0] == 2193
    # Players 4 and 5 only had forfeits: undefined.
    assert values(context, "ARO")[3:] == [None, None]
    assert values(context, "TPR")[3:] == [None, None]
    assert values(context, "PTP")[3:] == [None, None]
    assert values(context, "APRO")[3:] == [None, None]


def test_performances_ignore_the_event_score_system() -> None:
    # 3-1-0 scoring: W, D, L vs three 2000s is still 1.5/3 = .50 → TPR 2000, PTP 1997.
    three_one_zero = ScoreSystem.from_values(win=Fraction(3), draw=Fraction(1))
    builder = Builder(rounds=3, score_system=three_one_zero).player(1, rating=2000)
    for number in (2, 3, 4):
        builder.player(number, rating=2000)
    builder.game(1, 1, 2, W).game(2, 1, 3, D).game(3, 1, 4, L)
    context = build_context(builder.build(), FIDE_2026)
    assert values(context, "TPR")[0] == 2000
    assert values(context, "PTP")[0] == 1997


def test_apro_counts_a_twice_met_opponent_twice() -> None:
    # Player 1 meets 2 twice (win, win) and 3 once (loss). TPR of 2: two losses vs 2000 →
    # 1200; TPR of 3: one win vs 2000 → 2800. APRO(1) = (1200 + 1200 + 2800) / 3 = 1733.33 →
    # 1733.
    builder = Builder(rounds=3)
    for number in (1, 2, 3):
        builder.player(number, rating=2000)
    builder.game(1, 1, 2, W).game(2, 2, 1, "0-1").game(3, 1, 3, L)
    assert values(build_context(builder.build(), FIDE_2026), "APRO")[0] == 1733


def test_averages_round_half_up() -> None:
    # (2000 + 2001) / 2 = 2000.5 → 2001.
    assert values(subject([D, D], [2000, 2001]), "ARO")[0] == 2001


# --------------------------------------------------------------------------------------------
# RTNG (Art. 10.6)


def test_rtng_and_reverse() -> None:
    context = subject([W], [1800], own=2100)
    plain = ratings.rating(context, parse_spec("RTNG"))
    assert list(plain.numerators) == [2100, 1800]
    assert plain.higher_is_better
    assert plain.rank_key(0) > plain.rank_key(1)  # type: ignore[operator]
    reverse = ratings.rating(context, parse_spec("RTNG/R"))
    assert list(reverse.numerators) == [2100, 1800]
    assert not reverse.higher_is_better
    assert reverse.rank_key(1) > reverse.rank_key(0)  # type: ignore[operator]


# --------------------------------------------------------------------------------------------
# Unrated participants (Art. 10; reference engine /U<rating>)


def unrated_context(rating_of_2: int | None = None) -> Context:
    """Player 1 (2000) beats player 2 (unrated) and draws player 3 (1800)."""
    builder = Builder(rounds=2).player(1, rating=2000).player(2, rating=rating_of_2)
    builder.player(3, rating=1800)
    builder.game(1, 1, 2, W).game(2, 1, 3, D)
    return build_context(builder.build(), FIDE_2026)


@pytest.mark.parametrize("rating_of_2", [None, 0])
def test_has_unrated_participants(rating_of_2: int | None) -> None:
    assert ratings.has_unrated_participants(unrated_context(rating_of_2))
    assert not ratings.has_unrated_participants(unrated_context(1900))


@pytest.mark.parametrize("descriptor", ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG"])
def test_unrated_without_a_rating_is_an_error(descriptor: str) -> None:
    with pytest.raises(UsageError, match=r"unrated participants.*/U<rating>"):
        values(unrated_context(), descriptor)


def test_unrated_rating_from_the_modifier() -> None:
    context = unrated_context()
    # (1400 + 1800) / 2 = 1600; p = 1.5/2 = .75 → +193.
    assert values(context, "ARO/U1400")[0] == 1600
    assert values(context, "TPR/U1400")[0] == 1793
    assert values(context, "RTNG/U1400") == [2000, 1400, 1800]
    # The cache is keyed by the rating used: another /U gives another value.
    assert values(context, "ARO/U1000")[0] == 1400
    assert values(context, "TPR/U1000")[0] == 1593


def test_unrated_rating_from_the_global_setting() -> None:
    context = unrated_context()
    context.unrated_rating = 1400
    assert values(context, "ARO")[0] == 1600
    assert values(context, "ARO/U1000")[0] == 1400  # the modifier wins over the global value
    assert values(context, "RTNG") == [2000, 1400, 1800]


def test_rated_participants_need_no_setting() -> None:
    assert values(unrated_context(1900), "ARO")[0] == 1850


# --------------------------------------------------------------------------------------------
# Catalogue entries


@pytest.mark.parametrize(
    ("acronym", "name", "article", "type_code", "modifiers"),
    [
        ("ARO", "Average Rating of Opponents", "10.1", "D", "CMUS"),
        ("TPR", "Tournament Performance Rating", "10.2", "DB", "U"),
        ("PTP", "Perfect Tournament Performance", "10.3", "DB", "U"),
        ("APRO", "Average Performance Rating of Opponents", "10.4", "DC", "U"),
        ("APPO", "Average Perfect Performance of Opponents", "10.5", "DC", "U"),
        ("RTNG", "Rating", "10.6", "B", "RU"),
    ],
)
def test_catalogue(acronym: str, name: str, article: str, type_code: str, modifiers: str) -> None:
    spec, entry = resolve(parse_spec(acronym))
    assert (entry.name, entry.article, entry.type_code, entry.modifiers) == (
        name,
        article,
        type_code,
        modifiers,
    )
    assert entry.rating_based
    assert entry.compute is COMPUTE[acronym]
    assert spec.acronym == acronym


@pytest.mark.parametrize("descriptor", ["TPR/C1", "PTP/M1", "APRO/R", "RTNG/C1", "ARO/P"])
def test_catalogue_rejects_other_modifiers(descriptor: str) -> None:
    with pytest.raises(UsageError, match="does not take"):
        resolve(parse_spec(descriptor))


# --------------------------------------------------------------------------------------------
# The arrays: one search for every participant at once, any rating


@st.composite
def searches(draw: st.DrawFn) -> tuple[list[list[int]], list[int]]:
    """Participants' opponents' ratings (some spreads wide, some negative or beyond int64
    sums) and the half-points they scored against them."""
    rating = st.one_of(st.integers(0, 3000), st.integers(-5000, 200_000), st.integers(2**40, 2**70))
    rows = draw(st.lists(st.lists(rating, min_size=1, max_size=9), min_size=1, max_size=8))
    return rows, [draw(st.integers(0, 2 * len(row))) for row in rows]


@given(searches())
def test_perfect_search_of_every_row_is_the_smallest_rating_reaching_the_score(
    case: tuple[list[list[int]], list[int]],
) -> None:
    """Art. 10.3 on rows of different lengths (rounds without a game), all at once: each
    row's PTP reaches its points and one point less does not (a zero score: the lowest
    opponent - 800)."""
    rows, half_points = case
    rounds = max(len(row) for row in rows)
    listed = [rating for row in rows for rating in row]
    played = np.zeros((len(rows), rounds), dtype=np.bool_)
    opponent = np.zeros((len(rows), rounds), dtype=np.int64)
    first = 0
    for index, row in enumerate(rows):
        played[index, : len(row)] = True
        opponent[index, : len(row)] = np.arange(first, first + len(row))
        first += len(row)
    games = ratings.Games(
        played,
        opponent,
        np.array([len(row) for row in rows], dtype=np.int64),
        np.array(half_points, dtype=np.int64),
    )
    dtype = object if max(map(abs, listed)) >= 2**40 else np.int64
    found = ratings.perfect_performances(games, np.array(listed, dtype=dtype))
    for row, points, value in zip(rows, half_points, found.value.tolist(), strict=True):
        if not points:
            assert value == min(row) - 800
            continue
        assert expected_total(value, row) >= 50 * points
        assert expected_total(value - 1, row) < 50 * points


def test_the_expected_score_table_never_decreases() -> None:
    """The brackets of the PTP search rest on E (B.02 table 8.1(b)) never decreasing, 0 at
    -736 and below, 1.00 at 736 and above."""
    assert np.all(np.diff(ratings.EXPECTED) >= 0)
    assert ratings.EXPECTED[0] == 0 and ratings.EXPECTED[-1] == 100
    assert all(expected_score(d) <= expected_score(d + 1) for d in range(-1000, 1000))


def test_thresholds_read_from_the_table() -> None:
    """Table 8.1(b): .50 from a difference of -3 (0-3 scores .50), .51 from 4, .75 from 189
    (.74 ends at 188), 1.00 from 736 (.99 ends at 735), and .01 from -735."""
    assert ratings.THRESHOLDS[50] == -3
    assert ratings.THRESHOLDS[51] == 4
    assert ratings.THRESHOLDS[75] == 189
    assert ratings.THRESHOLDS[100] == 736
    assert ratings.THRESHOLDS[1] == -735


def hand_event(rating_of_x: int = 2200) -> Context:
    """X 2200, Y 2000, Z 2000, W unrated; round 1 X-Y 1-0 (Z, W absent), round 2 X-Z ½-½
    (Y gets a full-point bye), round 3 X-Y forfeit won by X, Z-W 1-0."""
    builder = Builder(rounds=3)
    builder.player(1, "X", rating_of_x).player(2, "Y", 2000).player(3, "Z", 2000).player(4, "W")
    builder.game(1, 1, 2, "1-0").game(2, 1, 3, "=").bye(2, 2, ResultKind.FULL_BYE)
    builder.game(3, 1, 2, "+-").game(3, 3, 4, "1-0")
    return build_context(builder.build("by hand"), FIDE_2026)


#: computed by hand with W rated 1400 (``/U1400``); the forfeit, the bye and the absences
#: never count.
#: X: 1.5 of 2 against 2000 and 2000: ARO 2000, p = .75, dp = 193 (table 8.1(a)), TPR 2193;
#: PTP: E(R - 2000) >= .75 from a difference of 189 (table 8.1(b)): 2189.
#: Y: 0 of 1 against 2200: dp(0) = -800, TPR 1400; PTP 2200 - 800 = 1400.
#: Z: 1.5 of 2 against 2200 and 1400: ARO 1800, TPR 1800 + 193; PTP: below 2136 the 1400 game
#: gives at most .99 and the 2200 one at most .41; from 2136 on the 1400 game gives 1.00 and
#: the 2200 one needs .50, from a difference of -3: 2197.
#: W: 0 of 1 against 2000: TPR = PTP = 1200.
#: APRO X = (1400 + 1993) / 2 = 1696.5 -> 1697, Z = (2193 + 1200) / 2 -> 1697; APPO X =
#: (1400 + 2197) / 2 = 1798.5 -> 1799, Z = (2189 + 1200) / 2 = 1694.5 -> 1695.
BY_HAND: dict[str, list[int | None]] = {
    "ARO/U1400": [2000, 2200, 1800, 2000],
    "ARO/C1/U1400": [2000, None, 2200, None],
    "ARO/M1/U1400": [None, None, None, None],
    "TPR/U1400": [2193, 1400, 1993, 1200],
    "PTP/U1400": [2189, 1400, 2197, 1200],
    "APRO/U1400": [1697, 2193, 1697, 1993],
    "APPO/U1400": [1799, 2189, 1695, 2197],
    "RTNG/U1400": [2200, 2000, 2000, 1400],
}


@pytest.mark.parametrize("text", sorted(BY_HAND))
def test_values_computed_by_hand(text: str) -> None:
    assert values(hand_event(), text) == BY_HAND[text]


@pytest.mark.parametrize("text", sorted(BY_HAND))
def test_no_round_considered(text: str) -> None:
    """Standings after round 0: no game at all, every value undefined but RTNG."""
    builder = Builder(rounds=0).player(1, rating=2000).player(2)
    context = build_context(builder.build(), FIDE_2026)
    expected = [2000, 1400] if text.startswith("RTNG") else [None, None]
    assert values(context, text) == expected


@pytest.mark.parametrize("shift", [10**30, -(10**6)])
def test_any_whole_rating_is_computed_exactly(shift: int) -> None:
    """A file may give any whole number as a rating: a rating beyond int64 sums (exact Python
    integers) or a negative one gives the values of the hand event shifted by hand. Y now
    meets X at 2200 + shift: Y's ARO, TPR and PTP move by the shift; X's do not."""
    context = hand_event(2200 + shift)
    assert values(context, "ARO/U1400")[1] == 2200 + shift
    assert values(context, "TPR/U1400")[1] == 1400 + shift
    assert values(context, "PTP/U1400")[1] == 1400 + shift
    assert values(context, "PTP/U1400")[0] == 2189
    assert values(context, "RTNG/U1400")[0] == 2200 + shift
    # Z met X (2200 + shift) and W (1400): ARO (3600 + shift) / 2
    assert values(context, "ARO/U1400")[2] == (3600 + shift + 1) // 2


def test_unrated_rating_beyond_int64_sums() -> None:
    """The rating set for unrated players may be any whole number too: W rated 2**62 makes
    Z's ARO (2200 + 2**62) / 2 exactly."""
    context = hand_event()
    context.unrated_rating = 2**62
    assert values(context, "ARO")[2] == (2200 + 2**62) // 2
    assert values(context, "RTNG")[3] == 2**62
