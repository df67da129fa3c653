"""Issue 8: the columnar national tie-breaks (US Chess rule 34E: MMED, MED, SOLK, CUM, OCUM,
KASH, USSB, MBLK; DSB: BBH, SOR, GPL) give exactly the reference values.

The equivalence harness of ``test_vectorised`` compares both paths on the corpus, the generated
tournaments and hypothesis tournaments under every rules regime; a hypothesis test adds other
score systems and partial contexts (after round t). Small hand-computed cases check the columnar
values against the rules themselves.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.columnar import vector_column
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.spec import parse_spec
from tiebreaks.errors import UsageError
from tiebreaks.model import ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import rules_by_name
from tiebreaks.model.scoring import STANDARD

from ..builders import Builder
from ..strategies import round_robins, swiss_tournaments
from .test_vectorised import (
    CORPUS,
    GENERATED,
    REGIMES,
    assert_all_same,
    assert_same_columns,
    reference_column,
)

F = Fraction

#: per acronym, the variants the columnar path computes (it must not decline them)
VARIANTS: dict[str, list[str]] = {
    "MMED": ["MMED"],
    "MED": ["MED"],
    "SOLK": ["SOLK"],
    "CUM": ["CUM"],
    "OCUM": ["OCUM"],
    "KASH": ["KASH"],
    "USSB": ["USSB"],
    "MBLK": ["MBLK"],
    "GPL": ["GPL"],
    "BBH": [
        "BBH",
        "BBH/C1",
        "BBH/C2",
        "BBH/M1",
        "BBH/M2",
        "BBH/P",
        "BBH/C1/P",
        "BBH/M1/P",
        "BBH/V2026",
        "BBH/V2024",
        "BBH/V2009",
        "BBH/VN",
        "BBH/VD",
        "BBH/VUS",
        "BBH/C1/V2009",
    ],
    "SOR": ["SOR", "SOR/C1", "SOR/C2", "SOR/M1", "SOR/U1500", "SOR/C1/U1200", "SOR/M1/U2900"],
}

#: the run's rating for unrated players (``--unrated-rating``) where some take part
UNRATED = 1400

#: score systems besides 1-½-0: 3-1-0, byes scored apart from wins, absences scoring
SCORE_SYSTEMS = [
    STANDARD,
    ScoreSystem.from_values(F(3), F(1), F(0)),
    ScoreSystem.from_values(pairing_bye=F(1, 2)),
    ScoreSystem.from_values(F(2), F(1), F(0), absence=F(1, 2), pairing_bye=F(1)),
    STANDARD.with_points({ResultKind.FULL_BYE: F(1, 2), ResultKind.FORFEIT_WIN: F(1, 2)}),
]


def unrated_rating_for(tournament: Tournament) -> int | None:
    """The run's rating for unrated players where the tournament has some (SOR needs one)."""
    return UNRATED if any(not player.rating for player in tournament.players) else None


def check(tournament: Tournament, rules: str) -> None:
    assert_all_same(tournament, rules, VARIANTS, unrated_rating_for(tournament))


@pytest.mark.parametrize("rules", REGIMES)
@pytest.mark.parametrize(("name", "tournament"), CORPUS, ids=[name for name, _ in CORPUS])
def test_corpus(name: str, tournament: Tournament, rules: str) -> None:
    check(tournament, rules)


@pytest.mark.parametrize("rules", REGIMES)
@pytest.mark.parametrize(("name", "tournament"), GENERATED, ids=[name for name, _ in GENERATED])
def test_generated(name: str, tournament: Tournament, rules: str) -> None:
    check(tournament, rules)


@settings(max_examples=80)
@given(swiss_tournaments(max_players=14, max_rounds=8), st.sampled_from(REGIMES))
def test_hypothesis_swiss(tournament: Tournament, rules: str) -> None:
    check(tournament, rules)


@settings(max_examples=30)
@given(round_robins(), st.sampled_from(REGIMES))
def test_hypothesis_round_robins(tournament: Tournament, rules: str) -> None:
    check(tournament, rules)


@settings(max_examples=60)
@given(
    swiss_tournaments(max_players=12, max_rounds=10),
    st.sampled_from(SCORE_SYSTEMS),
    st.sampled_from(REGIMES),
    st.data(),
)
def test_hypothesis_score_systems_and_partial_rounds(
    tournament: Tournament, score_system: ScoreSystem, rules: str, data: st.DataObject
) -> None:
    """Other score systems (the win value of CUM, the draw of the adjusted score) and the
    standings after round t (t = 0 included: no round considered)."""
    after_round = data.draw(st.integers(0, tournament.rounds), label="after_round")
    tournament = replace(tournament, score_system=score_system)
    context = build_context(tournament, rules_by_name(rules), after_round=after_round)
    for variants in VARIANTS.values():
        for text in variants:
            assert_same_columns(context, text)


# --------------------------------------------------------------------------------------------
# Hand-computed values on the columnar path


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


def _vector_values(context: Context, text: str) -> list[Fraction | None]:
    spec, _ = resolve(parse_spec(text))
    column = vector_column(context, spec, force=True)
    assert column is not None
    return column.values()


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
    assert _vector_values(context, text) == [F(value) for value in expected]


def test_run_rating_for_unrated_players() -> None:
    """``--unrated-rating 1600``: 4 counts 1600 (3: 1600 + 2000 + 1800); ``/U`` wins over it."""
    context = build_context(_small_swiss(), rules_by_name("fide-2026"))
    context.cache["unrated_rating"] = 1600
    assert _vector_values(context, "SOR") == [F(3700), F(3900), F(5400), F(1900)]
    assert _vector_values(context, "SOR/U1500")[2] == F(5300)


def test_unrated_players_without_a_rating_refuse_like_the_reference() -> None:
    """Unrated participants and no rating for them: C.07 Art. 10 removes SOR; both paths raise
    the same UsageError."""
    context = build_context(_small_swiss(), rules_by_name("fide-2026"))
    spec, _ = resolve(parse_spec("SOR"))
    with pytest.raises(UsageError) as vector_error:
        vector_column(context, spec, force=True)
    with pytest.raises(UsageError) as reference_error:
        reference_column(context, "SOR")
    assert str(vector_error.value) == str(reference_error.value)


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
    assert _vector_values(context, "MMED")[0] == 32
    assert _vector_values(context, "MED")[0] == 22
    assert _vector_values(context, "SOLK")[0] == 40


def test_even_score_drops_both_sides() -> None:
    """Exactly 50% (US Chess 34E1): 1 beats 2 in round 1 and loses to 3 in round 2; 2 and 3
    are absent in the other round. Adjusted scores: 1: 1; 2: 0 + 0.5; 3: 0.5 + 1. Values of 1
    [0.5, 1.5], of 2 [1, 0], of 3 [0, 1]. 1 and 3 (1 of 2) drop both values: 0. 2 (minus)
    drops the highest: 0. SOLK keeps everything: 2, 1, 1."""
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "1-0").game(2, 3, 1, "1-0")
    context = build_context(builder.build(), rules_by_name("fide-2026"))
    assert _vector_values(context, "MMED") == [0, 0, 0]
    assert _vector_values(context, "SOLK") == [2, 1, 1]


def test_one_round_drops_the_only_value() -> None:
    """One round (US Chess 34E): the Median drops the lowest and the highest of a single
    value, which leaves nothing, not a negative sum. 1 beat 2: values [0] and [1]."""
    builder = Builder(rounds=1)
    builder.game(1, 1, 2, "1-0")
    context = build_context(builder.build(), rules_by_name("fide-2026"))
    assert _vector_values(context, "MED") == [0, 0]
    assert _vector_values(context, "MMED") == [0, 0]
    assert _vector_values(context, "SOLK") == [0, 1]
