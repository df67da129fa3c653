"""Issue 8: the columnar ARO, TPR, PTP, APRO, APPO and RTNG give exactly the reference values
(C.07 (2026) Art. 10.1-10.6, FIDE B.02 tables 8.1(a) and 8.1(b)).

The equivalence harness of :mod:`.test_vectorised` runs every variant below on the corpus, the
generated tournaments and hypothesis tournaments under every rules regime, with and without
the run's rating for unrated players (``--unrated-rating``): without it, only the ``/U``
variants are compared where unrated players take part (the others are removed by Art. 10).
More hypothesis tests make players unrated, change the score system, and compare the
perfect-performance search with the reference search on wide rating spreads. A small event
computed by hand from the B.02 tables pins the values themselves.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.columnar import vector_column
from tiebreaks.engine.columnar.ratings import (
    EXPECTED,
    HIGHEST_RATING,
    THRESHOLDS,
    Games,
    perfect_performances,
)
from tiebreaks.engine.context import build_context
from tiebreaks.engine.families.ratings import perfect_performance
from tiebreaks.engine.fide_tables import expected_score
from tiebreaks.engine.spec import parse_spec
from tiebreaks.errors import UsageError
from tiebreaks.model import ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import rules_by_name

from ..builders import Builder
from ..strategies import round_robins, swiss_tournaments
from .test_vectorised import CORPUS, GENERATED, REGIMES, assert_all_same, reference_column

#: per acronym, the variants the columnar path computes (every modifier these take: /C, /M,
#: /U, /R)
VARIANTS: dict[str, list[str]] = {
    "ARO": ["ARO", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2", "ARO/C7", "ARO/U1400", "ARO/C1/U0"],
    "TPR": ["TPR", "TPR/U1400", "TPR/U0"],
    "PTP": ["PTP", "PTP/U1400", "PTP/U0", "PTP/U9999"],
    "APRO": ["APRO", "APRO/U1400", "APRO/U2900"],
    "APPO": ["APPO", "APPO/U1400", "APPO/U2900"],
    "RTNG": ["RTNG", "RTNG/R", "RTNG/U1400", "RTNG/R/U1000"],
}
#: ratings for unrated players given to the run (None: not given)
RUN_RATINGS = [None, 1400]


def has_unrated(tournament: Tournament) -> bool:
    return any(not player.rating for player in tournament.players)


def variants_for(tournament: Tournament, unrated_rating: int | None) -> dict[str, list[str]]:
    """Every variant, or only the ``/U`` ones when unrated players take part and the run sets
    no rating for them (the reference raises for the others; see test_declines_...)."""
    if unrated_rating is not None or not has_unrated(tournament):
        return VARIANTS
    return {
        acronym: [text for text in variants if "/U" in text]
        for acronym, variants in VARIANTS.items()
    }


def check(tournament: Tournament, rules: str, unrated_rating: int | None) -> None:
    assert_all_same(
        tournament, rules, variants_for(tournament, unrated_rating), unrated_rating=unrated_rating
    )


@pytest.mark.parametrize("unrated_rating", RUN_RATINGS)
@pytest.mark.parametrize("rules", REGIMES)
@pytest.mark.parametrize(("name", "tournament"), CORPUS, ids=[name for name, _ in CORPUS])
def test_corpus(name: str, tournament: Tournament, rules: str, unrated_rating: int | None) -> None:
    check(tournament, rules, unrated_rating)


@pytest.mark.parametrize("unrated_rating", RUN_RATINGS)
@pytest.mark.parametrize("rules", REGIMES)
@pytest.mark.parametrize(("name", "tournament"), GENERATED, ids=[name for name, _ in GENERATED])
def test_generated(
    name: str, tournament: Tournament, rules: str, unrated_rating: int | None
) -> None:
    check(tournament, rules, unrated_rating)


def test_the_inputs_have_unrated_players() -> None:
    """Both ways of rating unrated players are exercised by the tests above."""
    assert any(has_unrated(tournament) for _, tournament in CORPUS)
    assert any(has_unrated(tournament) for _, tournament in GENERATED)


@settings(max_examples=60)
@given(swiss_tournaments(max_players=14, max_rounds=8), st.sampled_from(REGIMES))
def test_hypothesis_swiss(tournament: Tournament, rules: str) -> None:
    check(tournament, rules, None)


@settings(max_examples=25)
@given(round_robins(), st.sampled_from(REGIMES))
def test_hypothesis_round_robins(tournament: Tournament, rules: str) -> None:
    check(tournament, rules, None)


@st.composite
def partly_unrated(draw: st.DrawFn) -> tuple[Tournament, int | None]:
    """A Swiss or round robin where some players are unrated (no rating, or 0), in another
    score system, with or without the run's rating for them."""
    tournament = draw(st.one_of(swiss_tournaments(max_players=12, max_rounds=7), round_robins()))
    unrated = draw(st.lists(st.booleans(), min_size=len(tournament.players)))
    players = tuple(
        replace(player, rating=draw(st.sampled_from([None, 0]))) if flag else player
        for player, flag in zip(tournament.players, unrated, strict=False)
    )
    system = draw(
        st.sampled_from(
            [tournament.score_system, ScoreSystem.from_values(Fraction(3), Fraction(1))]
        )
    )
    run = draw(st.sampled_from([None, 0, 1400, 3000]))
    return replace(tournament, players=players, score_system=system), run


@settings(max_examples=60)
@given(partly_unrated(), st.sampled_from(REGIMES))
def test_hypothesis_unrated(case: tuple[Tournament, int | None], rules: str) -> None:
    tournament, run = case
    check(tournament, rules, run)


@st.composite
def searches(draw: st.DrawFn) -> tuple[list[list[int]], list[int]]:
    """Participants' opponents' ratings (0 ... the highest accepted, some spreads wide) and
    the half-points they scored against them."""
    rating = st.one_of(st.integers(0, 3000), st.integers(0, HIGHEST_RATING))
    rows = draw(st.lists(st.lists(rating, min_size=1, max_size=9), min_size=1, max_size=8))
    return rows, [draw(st.integers(0, 2 * len(row))) for row in rows]


@settings(max_examples=200)
@given(searches())
def test_perfect_search_is_the_reference_search(case: tuple[list[list[int]], list[int]]) -> None:
    """The bisection over the narrow brackets, all rows at once, finds the rating of the
    reference search for every row (rows of different lengths: rounds without a game)."""
    rows, half_points = case
    rounds = max(len(row) for row in rows)
    ratings = np.array([rating for row in rows for rating in row], dtype=np.int64)
    played = np.zeros((len(rows), rounds), dtype=np.bool_)
    opponent = np.zeros((len(rows), rounds), dtype=np.int64)
    first = 0
    for index, row in enumerate(rows):
        played[index, : len(row)] = True
        opponent[index, : len(row)] = np.arange(first, first + len(row))
        first += len(row)
    games = Games(
        played,
        opponent,
        np.array([len(row) for row in rows], dtype=np.int64),
        np.array(half_points, dtype=np.int64),
    )
    found = perfect_performances(games, ratings)
    expected = [
        perfect_performance(row, points) for row, points in zip(rows, half_points, strict=True)
    ]
    assert found.value.tolist() == expected
    assert found.defined.all()


def test_the_expected_score_table_never_decreases() -> None:
    """The narrow brackets rest on E (B.02 table 8.1(b)) never decreasing, 0 at -736 and below,
    1.00 at 736 and above."""
    assert np.all(np.diff(EXPECTED) >= 0)
    assert EXPECTED[0] == 0 and EXPECTED[-1] == 100
    assert all(expected_score(d) <= expected_score(d + 1) for d in range(-1000, 1000))


def test_thresholds_read_from_the_table() -> None:
    """Table 8.1(b): .50 from a difference of -3 (0-3 scores .50), .51 from 4, .75 from 189
    (.74 ends at 188), 1.00 from 736 (.99 ends at 735), and .01 from -735."""
    assert THRESHOLDS[50] == -3
    assert THRESHOLDS[51] == 4
    assert THRESHOLDS[75] == 189
    assert THRESHOLDS[100] == 736
    assert THRESHOLDS[1] == -735


def hand_event() -> Tournament:
    """X 2200, Y 2000, Z 2000, W unrated; round 1 X-Y 1-0 (Z, W absent), round 2 X-Z ½-½
    (Y gets a full-point bye), round 3 X-Y forfeit won by X, Z-W 1-0."""
    builder = Builder(rounds=3)
    builder.player(1, "X", 2200).player(2, "Y", 2000).player(3, "Z", 2000).player(4, "W")
    builder.game(1, 1, 2, "1-0").game(2, 1, 3, "=").bye(2, 2, ResultKind.FULL_BYE)
    builder.game(3, 1, 2, "+-").game(3, 3, 4, "1-0")
    return builder.build("by hand")


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
    context = build_context(hand_event(), rules_by_name("fide-2026"))
    spec, _ = resolve(parse_spec(text))
    column = vector_column(context, spec, force=True)
    assert column is not None
    assert list(column.numerators) == BY_HAND[text]
    assert column.denominator == 1 and column.places is None


def test_reversed_rating_ranks_lower_first() -> None:
    context = build_context(hand_event(), rules_by_name("fide-2026"))
    spec, _ = resolve(parse_spec("RTNG/R/U1400"))
    column = vector_column(context, spec, force=True)
    assert column is not None and column.higher_is_better is False


@pytest.mark.parametrize("text", ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG"])
def test_declines_unrated_players_without_a_rating(text: str) -> None:
    """Art. 10 removes the tie-break: the columnar path declines and the reference path raises
    the UsageError the standings layer reports."""
    context = build_context(hand_event(), rules_by_name("fide-2026"))
    spec, _ = resolve(parse_spec(text))
    assert vector_column(context, spec, force=True) is None
    with pytest.raises(UsageError):
        reference_column(context, text)
    context.cache["unrated_rating"] = 1400
    assert vector_column(context, spec, force=True) is not None


@pytest.mark.parametrize("rating", [HIGHEST_RATING + 1, 10**30])
def test_declines_ratings_beyond_the_arrays(rating: int) -> None:
    """A file may give any whole number as a rating: beyond HIGHEST_RATING the reference path
    computes the value (no overflow, no table too large)."""
    tournament = hand_event()
    players = (replace(tournament.players[0], rating=rating), *tournament.players[1:])
    context = build_context(replace(tournament, players=players), rules_by_name("fide-2026"))
    spec, _ = resolve(parse_spec("PTP/U1400"))
    assert vector_column(context, spec, force=True) is None


def test_declines_a_rating_for_unrated_players_beyond_the_arrays() -> None:
    context = build_context(hand_event(), rules_by_name("fide-2026"))
    context.cache["unrated_rating"] = HIGHEST_RATING + 1
    spec, _ = resolve(parse_spec("PTP"))
    assert vector_column(context, spec, force=True) is None
    context.cache["unrated_rating"] = HIGHEST_RATING
    assert vector_column(context, spec, force=True) is not None


@pytest.mark.parametrize("after_round", [0, 1, 2])
@pytest.mark.parametrize("text", sorted(BY_HAND))
def test_rounds_considered(text: str, after_round: int) -> None:
    """Standings after round t (t = 0: no game at all, every value undefined but RTNG)."""
    context = build_context(hand_event(), rules_by_name("fide-2026"), after_round=after_round)
    spec, _ = resolve(parse_spec(text))
    column = vector_column(context, spec, force=True)
    assert column is not None
    assert list(column.numerators) == list(reference_column(context, text).numerators)
    if after_round == 0 and not text.startswith("RTNG"):
        assert list(column.numerators) == [None] * 4
