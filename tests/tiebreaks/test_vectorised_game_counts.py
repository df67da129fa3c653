"""Issue 8: the columnar PTS, WIN, WON, BPG, BWG, REP, STD, TPN and KS give exactly the reference
values (C.07 (2026) Art. 4.2, 7.1-7.8, 9.2).

The equivalence harness of :mod:`.test_vectorised` runs every variant below on the corpus, the
generated tournaments and hypothesis tournaments under every rules regime; more hypothesis
tests vary the score system and give Swiss-like records (byes, forfeits, participants never
paired) pre-determined pairings. Two small events computed by hand pin the values themselves.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.column import Column
from tiebreaks.engine.columnar import vector_column
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.spec import parse_spec
from tiebreaks.model import PairingSystem, ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import rules_by_name

from ..builders import Builder
from ..strategies import round_robins, swiss_tournaments
from .test_vectorised import CORPUS, GENERATED, REGIMES, assert_all_same, assert_same_columns

#: per acronym, the variants the columnar path computes (every modifier these take: /R, /L±n)
VARIANTS: dict[str, list[str]] = {
    "PTS": ["PTS", "POINTS"],
    "WIN": ["WIN"],
    "WON": ["WON"],
    "BPG": ["BPG"],
    "BWG": ["BWG"],
    "REP": ["REP", "GE"],
    "STD": ["STD"],
    "TPN": ["TPN", "TPN/R"],
    "KS": ["KS", "KS/L-1", "KS/L+1", "KS/L+2", "KS/L-3", "KS/L+40", "KS/L-40"],
}

K = ResultKind
HALF = Fraction(1, 2)
#: values a score system may give (thirds make a unit of 6 with the halves)
SCORE_VALUES = [Fraction(0), HALF, Fraction(1), Fraction(2), Fraction(3), Fraction(1, 3)]


@st.composite
def score_systems(draw: st.DrawFn) -> ScoreSystem:
    """A score system with W, D, L, A and P drawn independently, and the full-point bye and
    the forfeit win scored apart (so a round scored as a win need not be a won game)."""
    values = st.sampled_from(SCORE_VALUES)
    win, drawn, loss, absence, pairing_bye = (draw(values) for _ in range(5))
    system = ScoreSystem.from_values(win, drawn, loss, absence, pairing_bye)
    return system.with_points({K.FULL_BYE: draw(values), K.FORFEIT_WIN: draw(values)})


@pytest.mark.parametrize("rules", REGIMES)
@pytest.mark.parametrize(("name", "tournament"), CORPUS, ids=[name for name, _ in CORPUS])
def test_corpus(name: str, tournament: Tournament, rules: str) -> None:
    assert_all_same(tournament, rules, VARIANTS)


@pytest.mark.parametrize("rules", REGIMES)
@pytest.mark.parametrize(("name", "tournament"), GENERATED, ids=[name for name, _ in GENERATED])
def test_generated(name: str, tournament: Tournament, rules: str) -> None:
    assert_all_same(tournament, rules, VARIANTS)


@settings(max_examples=80)
@given(swiss_tournaments(max_players=14, max_rounds=8), st.sampled_from(REGIMES))
def test_hypothesis_swiss(tournament: Tournament, rules: str) -> None:
    assert_all_same(tournament, rules, VARIANTS)


@settings(max_examples=30)
@given(round_robins(), st.sampled_from(REGIMES))
def test_hypothesis_round_robins(tournament: Tournament, rules: str) -> None:
    assert_all_same(tournament, rules, VARIANTS)


@settings(max_examples=60)
@given(swiss_tournaments(max_players=10, max_rounds=6), score_systems(), st.booleans())
def test_hypothesis_score_systems(
    tournament: Tournament, system: ScoreSystem, predetermined: bool
) -> None:
    """Any score system, with Swiss or pre-determined pairings."""
    pairing = PairingSystem.ROUND_ROBIN if predetermined else PairingSystem.SWISS
    changed = replace(tournament, score_system=system, pairing_system=pairing)
    assert_all_same(changed, "fide-2026", VARIANTS)


@settings(max_examples=60)
@given(swiss_tournaments(max_players=6, max_rounds=6), st.sampled_from(REGIMES))
def test_hypothesis_predetermined_with_unplayed_rounds(tournament: Tournament, rules: str) -> None:
    """Pre-determined pairings with byes, forfeits, empty slots and (in these small fields,
    often) participants never paired or as many rounds as participants (Koya's maximum)."""
    assert_all_same(replace(tournament, pairing_system=PairingSystem.ROUND_ROBIN), rules, VARIANTS)


@pytest.mark.parametrize("pairing", list(PairingSystem))
@pytest.mark.parametrize("after_round", [0, 1, 3])
def test_rounds_considered(pairing: PairingSystem, after_round: int) -> None:
    """Standings after an earlier round (after none at all: every array has no column), and a
    player who has not played yet."""
    builder = Builder(rounds=3, pairing_system=pairing)
    builder.game(1, 1, 2, "1-0").game(2, 2, 3, "=").player(4)
    context = build_context(builder.build(), rules_by_name("fide-2026"), after_round)
    for texts in VARIANTS.values():
        for text in texts:
            assert_same_columns(context, text)


@pytest.mark.parametrize("pairing", list(PairingSystem))
def test_no_participants(pairing: PairingSystem) -> None:
    empty = Tournament(name="empty", rounds=2, players=(), pairing_system=pairing)
    context = build_context(empty, rules_by_name("fide-2026"))
    for texts in VARIANTS.values():
        for text in texts:
            assert list(vector(context, text).numerators) == []


def vector(context: Context, text: str) -> Column:
    """The columnar column of ``text`` (it must not be left to the reference path)."""
    spec, _ = resolve(parse_spec(text))
    column = vector_column(context, spec, force=True)
    assert column is not None, text
    return column


def halves(*values: int) -> list[Fraction | None]:
    """Values given in half-points."""
    return [Fraction(value, 2) for value in values]


def swiss_by_hand() -> Context:
    """Four players, three Swiss rounds (1-½-0):

    round 1: 1-2 1-0, 3-4 forfeit (3 wins);
    round 2: 2-1 0-1 (1 wins with Black), 3 half-point bye, 4 pairing-allocated bye;
    round 3: 1-3 draw, 4-2 unrated win of 4 (2 loses with Black).

    Scores: 1 2½, 2 0, 3 2, 4 2."""
    builder = Builder(rounds=3, pairing_system=PairingSystem.SWISS)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "+-")
    builder.game(2, 2, 1, "0-1").bye(2, 3, K.HALF_BYE).bye(2, 4, K.PAIRING_BYE)
    builder.game(3, 1, 3, "=").game(3, 4, 2, "W-L")
    return build_context(builder.build("by hand"), rules_by_name("fide-2026"))


def test_swiss_counts_by_hand() -> None:
    context = swiss_by_hand()
    assert vector(context, "PTS").values() == halves(5, 0, 4, 4)
    # WIN: rounds scored 1 (forfeit win and pairing-allocated bye included)
    assert vector(context, "WIN").values() == [2, 0, 1, 2]
    # WON: games won over the board (the unrated win counts, the forfeit win does not)
    assert vector(context, "WON").values() == [2, 0, 0, 1]
    # BPG: 1 round 2; 2 rounds 1 and 3; 3 round 3; 4's Black forfeit of round 1 is no game
    assert vector(context, "BPG").values() == [1, 2, 1, 0]
    assert vector(context, "BWG").values() == [1, 0, 0, 0]
    # REP: the half-point bye (3) and the forfeit loss (4) were not elected
    assert vector(context, "REP").values() == [3, 3, 2, 2]


def test_swiss_standard_points_by_hand() -> None:
    # 1: 1 + 1 + ½; 2: 0; 3: forfeit win 1 (more than a draw) + half-point bye ½ + draw ½;
    # 4: forfeit loss 0 + pairing-allocated bye 1 + win 1
    column = vector(swiss_by_hand(), "STD")
    assert column.values() == halves(5, 0, 4, 4)


def test_swiss_koya_by_hand() -> None:
    context = swiss_by_hand()
    # limit 50% of 3 points = 1½: players 1, 3 and 4 reach it; 3's forfeit win counts
    assert vector(context, "KS").values() == halves(1, 0, 3, 0)
    # /L+2: one point more, 2½: only player 1
    assert vector(context, "KS/L+2").values() == halves(0, 0, 1, 0)
    # /L-6: three points less, every player counts (byes have no opponent)
    assert vector(context, "KS/L-6").values() == halves(5, 0, 3, 2)


def test_pairing_numbers_by_hand() -> None:
    context = swiss_by_hand()
    column = vector(context, "TPN")
    assert (list(column.numerators), column.denominator) == ([1, 2, 3, 4], 1)
    assert not column.higher_is_better
    reversed_column = vector(context, "TPN/R")
    assert list(reversed_column.numerators) == [1, 2, 3, 4]
    assert reversed_column.higher_is_better


def round_robin_by_hand() -> Context:
    """A round robin of five, player 5 withdrawn before the start (never paired): every
    round has one empty slot and the games against 5 are empty slots too. Player 1 is given
    a full-point bye in the empty slot of round 1, which counts in the score but is no round
    for REP, STD or KS (Art. 15.2).

    round 1: 3-4 1-0; round 2: 3-2 draw; round 3: 1-4 0-1; round 4: 3-1 0-1, 2-4 1-0;
    round 5: 1-2 draw. Scores: 1 2½ (bye included), 2 2, 3 1½, 4 1, 5 0."""
    builder = Builder(rounds=5, pairing_system=PairingSystem.ROUND_ROBIN)
    builder.player(5, "Withdrawn")
    builder.game(1, 3, 4, "1-0").bye(1, 1, K.FULL_BYE)
    builder.game(2, 3, 2, "=")
    builder.game(3, 1, 4, "0-1")
    builder.game(4, 3, 1, "0-1").game(4, 2, 4, "1-0")
    builder.game(5, 1, 2, "=")
    return build_context(builder.build("round robin by hand"), rules_by_name("fide-2026"))


def test_round_robin_counts_by_hand() -> None:
    context = round_robin_by_hand()
    assert vector(context, "PTS").values() == halves(5, 4, 3, 2, 0)
    assert vector(context, "WIN").values() == [2, 1, 1, 1, 0]
    assert vector(context, "WON").values() == [1, 1, 1, 1, 0]
    assert vector(context, "BPG").values() == [1, 2, 0, 3, 0]
    assert vector(context, "BWG").values() == [1, 0, 0, 1, 0]
    # three games each; the bye of player 1 sits in an empty slot, not a round
    assert vector(context, "REP").values() == [3, 3, 3, 3, 0]
    assert vector(context, "STD").values() == halves(3, 4, 3, 2, 0)


def test_round_robin_koya_by_hand() -> None:
    context = round_robin_by_hand()
    # 3 games possible (5 rounds, less one empty slot per cycle, less the withdrawn player):
    # the limit is 1½, reached by players 1, 2 and 3
    assert vector(context, "KS").values() == halves(3, 2, 1, 2, 0)
    # /L-1: 1 point, player 4 counts too
    assert vector(context, "KS/L-1").values() == halves(3, 4, 3, 2, 0)
