"""The national tie-breaks on arrays (US Chess rule 34E: MMED, MED, SOLK, CUM, OCUM, KASH,
USSB, MBLK; DSB: BBH, SOR, GPL): hand-computed values from the rules themselves, at every size
(no threshold chooses another implementation), with exact integers where int64 could overflow.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.spec import parse_spec
from tiebreaks.engine.trace import Reason, Role, Trace, tracer_for
from tiebreaks.errors import UsageError
from tiebreaks.model import ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import rules_by_name

from ..builders import Builder

F = Fraction


# --------------------------------------------------------------------------------------------
# Hand-computed values


def _small_swiss() -> Tournament:
    """Ratings 2000, 1800, 1900 and unrated.
    Round 1: 1-2 1-0, 3-4 draw. Round 2: 1-3 0-1, 2 full-point bye, 4 half-point bye.
    Round 3: 1-4 forfeit won by 1, 2-3 draw (2 White).
    Scores 2, 1.5, 2, 1; US adjusted scores (unplayed rounds as draws) 1.5, 1, 2, 1.5."""
    builder = Builder(rounds=3)
    for number, rating in ((1, 2000), (2, 1800), (3, 1900), (4, None)):
        builder.player(number, rating=rating)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "=").game(2, 1, 3, "0-1").game(3, 1, 4, "+-")
    builder.game(3, 2, 3, "=").bye(2, 2, ResultKind.FULL_BYE).bye(2, 4, ResultKind.HALF_BYE)
    return builder.build()


def _values(context: Context, text: str) -> list[Fraction | None]:
    spec, entry = resolve(parse_spec(text))
    assert entry.compute is not None
    return entry.compute(context, spec).values()


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        # Opponent values (adjusted score, 0 without a game): 1: [1, 2, 0]; 2: [1.5, 0, 2];
        # 3: [1.5, 1.5, 1]; 4: [2, 0, 0]. The regime plays no part (34E).
        ("SOLK", "fide-2026", ["3", "3.5", "4", "2"]),
        # 3 rounds: one lowest and one highest dropped.
        ("MED", "unadjusted", ["1", "1.5", "1.5", "0"]),
        # 2 x score against 3: 1 plus (drops the 0), 2 even (both), 3 plus (drops the 1),
        # 4 minus (drops the 2).
        ("MMED", "fide-2026", ["3", "1.5", "3", "0"]),
        # Running scores 1+1+2 less the forfeit win; 0+1+1.5 less the full-point bye;
        # 0.5+1.5+2; 0.5+1+1 (a half-point bye is not subtracted).
        ("CUM", "fide-2026", ["3", "1.5", "4", "2.5"]),
        # 1: CUM(2) + CUM(3); 2: CUM(1) + CUM(3); 3: CUM(4) + CUM(1) + CUM(2); 4: CUM(3).
        ("OCUM", "fide-2009", ["5.5", "7", "7", "4"]),
        # 1: win 4 + loss 1 (forfeit 0); 2: loss 1 + draw 2; 3: 2 + 4 + 2; 4: draw 2.
        ("KASH", "fide-2026", ["5", "3", "8", "2"]),
        # 1: beat 2 (1); 2: drew 3 (half of 2); 3: half of 1.5 + 1.5 + half of 1; 4: half of 2.
        ("USSB", "fide-2026", ["1", "1", "2.75", "1"]),
        # Black over the board: 2 in round 1; 3 in rounds 2 and 3; 4 in round 1 (not the forfeit).
        ("MBLK", "fide-2026", ["0", "1", "2", "1"]),
        ("GPL", "fide-2026", ["2", "2", "3", "1"]),
        # unadjusted: BH = actual scores of the opponents of the games, own unplayed rounds add
        # nothing: 1: 1.5 + 2 = 3.5; 2: 2 + 2 = 4; 3: 1 + 2 + 1.5 = 4.5; 4: 2.
        # BBH 1: 4 + 4.5; 2: 3.5 + 4.5; 3: 2 + 3.5 + 4; 4: 4.5.
        ("BBH", "unadjusted", ["8.5", "8", "9.5", "4.5"]),
        # /P: the forfeit 1-4 counts: 1 adds BH(4) 2, 4 adds BH(1) 3.5.
        ("BBH/P", "unadjusted", ["10.5", "8", "9.5", "8"]),
        # /C1 drops the lowest Buchholz; 4 had one opponent and keeps nothing.
        ("BBH/C1", "unadjusted", ["4.5", "4.5", "7.5", "0"]),
        # The regime of /VN wins over the run's.
        ("BBH/VN", "fide-2026", ["8.5", "8", "9.5", "4.5"]),
        # Unrated 4 counts 1500: 1: 1800 + 1900; 2: 2000 + 1900; 3: 1500 + 2000 + 1800; 4: 1900.
        ("SOR/U1500", "fide-2026", ["3700", "3900", "5300", "1900"]),
        ("SOR/C1/U1500", "fide-2026", ["1900", "2000", "3800", "0"]),
        ("SOR/M1/U1500", "fide-2026", ["0", "0", "1800", "0"]),
    ],
)
def test_hand_computed(text: str, rules: str, expected: list[str]) -> None:
    context = build_context(_small_swiss(), rules_by_name(rules))
    assert _values(context, text) == [F(value) for value in expected]


def test_run_rating_for_unrated_players() -> None:
    """``--unrated-rating 1600``: 4 counts 1600 (3: 1600 + 2000 + 1800); ``/U`` wins over it."""
    context = build_context(_small_swiss(), rules_by_name("fide-2026"))
    context.unrated_rating = 1600
    assert _values(context, "SOR") == [F(3700), F(3900), F(5400), F(1900)]
    assert _values(context, "SOR/U1500")[2] == F(5300)


def test_unrated_players_without_a_rating_refuse() -> None:
    """Unrated participants and no rating for them: C.07 Art. 10 removes SOR unless a rating
    is set (``/U``)."""
    context = build_context(_small_swiss(), rules_by_name("fide-2026"))
    with pytest.raises(UsageError, match="SOR/U<rating>"):
        _values(context, "SOR")


def test_nine_rounds_drop_two_on_each_side() -> None:
    """9 rounds (US Chess 34E1): two values dropped per side. Player 1 plays players 2..10 in
    turn, winning rounds 1-5 and losing rounds 6-9 (5 of 9: a plus score); the others play
    nothing else (8 absences each, adjusted 4 + their result against 1). Opponent values:
    rounds 1-5 4 (a loss to 1), rounds 6-9 5 (a win). MMED drops the two lowest: 3 x 4 + 4 x 5
    = 32; MED drops two of each side: 3 x 4 + 2 x 5 = 22; SOLK 5 x 4 + 4 x 5 = 40."""
    builder = Builder(rounds=9)
    for round_number in range(1, 10):
        builder.game(round_number, 1, round_number + 1, "1-0" if round_number <= 5 else "0-1")
    context = build_context(builder.build(), rules_by_name("fide-2026"))
    assert _values(context, "MMED")[0] == 32
    assert _values(context, "MED")[0] == 22
    assert _values(context, "SOLK")[0] == 40


def test_even_score_drops_both_sides() -> None:
    """Exactly 50% (US Chess 34E1): 1 beats 2 in round 1 and loses to 3 in round 2; 2 and 3
    are absent in the other round. Adjusted scores: 1: 1; 2: 0 + 0.5; 3: 0.5 + 1. Values of 1
    [0.5, 1.5], of 2 [1, 0], of 3 [0, 1]. 1 and 3 (1 of 2) drop both values: 0. 2 (minus)
    drops the highest: 0. SOLK keeps everything: 2, 1, 1."""
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "1-0").game(2, 3, 1, "1-0")
    context = build_context(builder.build(), rules_by_name("fide-2026"))
    assert _values(context, "MMED") == [0, 0, 0]
    assert _values(context, "SOLK") == [2, 1, 1]


def test_one_round_drops_the_only_value() -> None:
    """One round (US Chess 34E): the Median drops the lowest and the highest of a single
    value, which leaves nothing, not a negative sum. 1 beat 2: values [0] and [1]."""
    builder = Builder(rounds=1)
    builder.game(1, 1, 2, "1-0")
    context = build_context(builder.build(), rules_by_name("fide-2026"))
    assert _values(context, "MED") == [0, 0]
    assert _values(context, "MMED") == [0, 0]
    assert _values(context, "SOLK") == [0, 1]


# --------------------------------------------------------------------------------------------
# Exact integers where int64 could overflow


def test_large_score_values_stay_exact() -> None:
    """A win worth 10**7 (the grid holds Python integers): CUM of 1 in the small Swiss is
    10**7 + 10**7 + 2 x 10**7 less the forfeit win = 3 x 10**7 (rule 34E3); SOLK of 3 adds
    the adjusted scores (a draw is 1; each unplayed round counts as a draw) of 4 (draw 1,
    half-point bye 1, forfeit loss 1 = 3), 1 (10**7 + 0 + 1 for the forfeit win) and 2
    (0 + 1 for the bye + 1) = 10**7 + 6."""
    big = ScoreSystem.from_values(F(10**7), F(1), F(0))
    tournament = replace(_small_swiss(), score_system=big)
    context = build_context(tournament, rules_by_name("fide-2026"))
    assert _values(context, "CUM")[0] == 3 * 10**7
    assert _values(context, "SOLK")[2] == 10**7 + 6


def test_large_ratings_stay_exact() -> None:
    """A rating of 10**20 (too large for int64 sums): SOR of 2 = 10**20 + 1900."""
    builder = Builder(rounds=2)
    for number, rating in ((1, 10**20), (2, 1800), (3, 1900)):
        builder.player(number, rating=rating)
    builder.game(1, 1, 2, "1-0").game(2, 2, 3, "=")
    context = build_context(builder.build(), rules_by_name("fide-2026"))
    assert _values(context, "SOR") == [F(1800), F(10**20 + 1900), F(1800)]


# --------------------------------------------------------------------------------------------
# Traces of the DSB tie-breaks (the US Chess ones: test_explain_us_chess.py)


def _trace(context: Context, text: str, index: int) -> Trace:
    spec, _ = resolve(parse_spec(text))
    tracer = tracer_for(spec.acronym)
    assert tracer is not None, text
    return tracer(context, spec, index)


def test_sum_of_ratings_trace_with_a_cut() -> None:
    """3 met 4 (unrated: 1500 by /U), 1 (2000) and 2 (1800); /C1 cuts the 1500 (Art. 14.1):
    3800."""
    context = build_context(_small_swiss(), rules_by_name("fide-2026"))
    found = _trace(context, "SOR/C1/U1500", 2)
    assert [(e.round, e.opponent, e.rating, e.kept) for e in found.entries] == [
        (1, 3, 1500, False),
        (2, 0, 2000, True),
        (3, 1, 1800, True),
    ]
    assert found.entries[0].reason is Reason.LEAST_SIGNIFICANT
    assert found.value == found.total == 3800


def test_buchholz_of_buchholz_trace_counts_the_forfeit_with_p() -> None:
    """Unadjusted, /P: 1 adds BH(2) 4, BH(3) 4.5 and, for the forfeit won against 4, BH(4) 2:
    10.5."""
    context = build_context(_small_swiss(), rules_by_name("unadjusted"))
    found = _trace(context, "BBH/P", 0)
    assert [(e.round, e.role, e.opponent, e.amount) for e in found.entries] == [
        (1, Role.OPPONENT, 1, F(4)),
        (2, Role.OPPONENT, 2, F(9, 2)),
        (3, Role.FORFEIT_AS_GAME, 3, F(2)),
    ]
    assert found.value == found.total == F(21, 2)


def test_games_played_trace() -> None:
    """1 played rounds 1 and 2 (round 3 was a forfeit): 2."""
    context = build_context(_small_swiss(), rules_by_name("fide-2026"))
    found = _trace(context, "GPL", 0)
    assert [(e.round, e.amount) for e in found.entries] == [(1, F(1)), (2, F(1))]
    assert found.value == found.total == 2
