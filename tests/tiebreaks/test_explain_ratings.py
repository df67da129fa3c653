"""Traces of the rating tie-breaks, C.07 (2026) Art. 10.1-10.6.

The trace of every value is read from the same arrays as the value itself; these tests check
that the two agree (on the TV-3 Held Swiss and on generated Swiss events) and that the
trace's data (the games, the opponents' ratings, the score, p, dp, the means and the
rounding) match a small example worked out by hand from the rule text and the B.02 tables.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

import tiebreaks
from tests.builders import Builder
from tests.lists import fitting
from tests.strategies import swiss_tournaments
from tiebreaks.engine.catalogue import catalogue
from tiebreaks.engine.computation import Computation
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.spec import parse_spec
from tiebreaks.engine.trace import Reason, Role, Step, Trace, tracer_for
from tiebreaks.model.rules import FIDE_2026
from tiebreaks.render.explanations import explanation

DESCRIPTORS = ["ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "APRO", "APPO", "RTNG", "RTNG/R"]
F = Fraction


def explain(context: Context, descriptor: str, index: int) -> Trace:
    """The trace of ``descriptor`` for the participant at ``index``."""
    catalogue()  # imports the family modules, which register their tracers
    spec = parse_spec(descriptor)
    tracer = tracer_for(spec.acronym)
    assert tracer is not None, f"{spec.acronym} has no tracer"
    return tracer(context, spec, index)


def steps(trace: Trace) -> dict[str, Step]:
    return {step.code: step for step in trace.steps}


def standings_values(
    tournament: tiebreaks.Tournament, descriptors: list[str], unrated_rating: int | None = None
) -> dict[int, dict[str, Fraction | None]]:
    """Start number -> the standings' value of each descriptor."""
    standings = tiebreaks.compute_standings(
        tournament, ["PTS", *descriptors], unrated_rating=unrated_rating
    )
    return {row.player.start_number: row.values for row in standings.rows}


def kept_mean(trace: Trace) -> Fraction | None:
    """The mean of the kept amounts, rounded half up by hand (None when nothing is kept)."""
    amounts = [entry.amount for entry in trace.entries if entry.kept and entry.amount is not None]
    if not amounts:
        return None
    mean = sum(amounts, Fraction(0)) / len(amounts)
    whole = mean.numerator // mean.denominator
    return Fraction(whole + (1 if mean - whole >= Fraction(1, 2) else 0))


# --------------------------------------------------------------------------------------------
# TV-3: the Held Swiss (16 players, 5 rounds, everyone rated)


@pytest.mark.parametrize("descriptor", DESCRIPTORS)
def test_held_swiss_traces_give_the_standings_values(descriptor: str) -> None:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16.trf"))
    expected = standings_values(tournament, [descriptor])
    context = build_context(tournament, FIDE_2026)
    for index, player in enumerate(tournament.players):
        trace = explain(context, descriptor, index)
        assert trace.participant == index
        assert str(trace.spec) == descriptor
        assert trace.value == expected[player.start_number][descriptor], player.name


def test_held_swiss_tpr_of_alyx() -> None:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16.trf"))
    context = build_context(tournament, FIDE_2026)
    index = next(i for i, player in enumerate(tournament.players) if player.start_number == 1)
    trace = explain(context, "TPR", index)
    # Alyx met 1800, 1600, 2150, 1500, 2050 (sum 9100) and scored 1 + ½ + ½ + 1 + ½ = 3.5:
    # ARO 9100 / 5 = 1820, p = 0.70, dp(0.70) = 149 (B.02 table 8.1(a)), TPR 1969.
    assert trace.value == 1969
    assert [entry.rating for entry in trace.entries] == [1800, 1600, 2150, 1500, 2050]
    assert [entry.round for entry in trace.entries] == [1, 2, 3, 4, 5]
    found = steps(trace)
    assert found["mean"].numbers == (9100, 5, 1820)
    assert "rounded" not in found
    assert found["score"].numbers == (F(7, 2), 5, F(7, 10), F(70, 100))
    assert found["table"].numbers == (F(70, 100), 149)
    assert found["performance"].numbers == (1820, 149, 1969)
    text = explanation(trace, Computation(context))
    assert text.lines[0].text == "Round 1: win with White against #9 Jessica, rating 1800"


# --------------------------------------------------------------------------------------------
# A small event worked out by hand


def hand_example() -> Context:
    """#1 Subject (1851) meets #2 Anna 2000 (loss with White), #3 Bea 1900 (draw with Black),
    #4 Cleo 1800 (win with White) and #5 Dora 1700 (win with Black): 2.5 of 4. In round 1
    #3 Bea beats #4 Cleo; nobody else plays."""
    builder = Builder(rounds=4)
    for number, name, rating in [
        (1, "Subject", 1851),
        (2, "Anna", 2000),
        (3, "Bea", 1900),
        (4, "Cleo", 1800),
        (5, "Dora", 1700),
    ]:
        builder.player(number, name, rating)
    builder.game(1, 1, 2, "0-1").game(1, 3, 4, "1-0")
    builder.game(2, 3, 1, "=").game(3, 1, 4, "1-0").game(4, 5, 1, "0-1")
    return build_context(builder.build("hand example"), FIDE_2026)


def test_hand_example_aro() -> None:
    # ARO (Art. 10.1): (2000 + 1900 + 1800 + 1700) / 4 = 7400 / 4 = 1850.
    trace = explain(hand_example(), "ARO", 0)
    assert trace.value == 1850
    assert [entry.amount for entry in trace.entries] == [2000, 1900, 1800, 1700]
    assert [entry.opponent for entry in trace.entries] == [1, 2, 3, 4]
    assert {entry.role for entry in trace.entries} == {Role.OPPONENT}
    assert trace.steps == (Step("mean", (7400, 4, 1850), "10"),)
    assert not trace.is_sum


def test_hand_example_aro_cut_and_median() -> None:
    # /C1 leaves out the lowest rating, 1700: 5700 / 3 = 1900.
    cut = explain(hand_example(), "ARO/C1", 0)
    assert cut.value == 1900
    assert [entry.kept for entry in cut.entries] == [True, True, True, False]
    assert cut.entries[3].reason is Reason.LEAST_SIGNIFICANT
    assert cut.steps == (
        Step("modifier", (1, 0, 1, 4), "14.1"),
        Step("mean", (5700, 3, 1900), "10"),
    )
    # /M1 leaves out 1700 and 2000: (1900 + 1800) / 2 = 1850.
    median = explain(hand_example(), "ARO/M1", 0)
    assert median.value == 1850
    assert [entry.kept for entry in median.entries] == [False, True, True, False]
    assert median.entries[0].reason is Reason.MOST_SIGNIFICANT
    assert median.steps[0] == Step("modifier", (1, 1, 2, 4), "14.3")
    # /C5 wants five of four games: all four are left out, nothing is left (undefined).
    every = explain(hand_example(), "ARO/C5", 0)
    assert every.value is None
    assert every.steps == (Step("modifier", (5, 0, 4, 4), "14.1"), Step("undefined", (4,), "10"))


def test_hand_example_aro_rounded_half_up() -> None:
    # #4 Cleo met #3 Bea 1900 and #1 Subject 1851: 3751 / 2 = 1875.5, rounded up to 1876.
    trace = explain(hand_example(), "ARO", 3)
    assert trace.value == 1876
    assert trace.steps == (
        Step("mean", (3751, 2, F(3751, 2)), "10"),
        Step("rounded", (F(3751, 2), 1876), "10"),
    )
    words = explanation(trace, Computation(hand_example()))
    assert words.steps == ("sum 3751 / 2 games = 1875.5, rounded half up to 1876 (Art. 10)",)


def test_hand_example_tpr() -> None:
    # TPR (Art. 10.2): ARO 1850; 2.5 / 4 = 0.625, p rounded half up to 0.63;
    # B.02 table 8.1(a): dp(0.63) = 95; TPR = 1850 + 95 = 1945.
    trace = explain(hand_example(), "TPR", 0)
    assert trace.value == 1945
    assert [entry.amount for entry in trace.entries] == [2000, 1900, 1800, 1700]
    found = steps(trace)
    assert found["score"].numbers == (F(5, 2), 4, F(5, 8), F(63, 100))
    assert found["table"].numbers == (F(63, 100), 95)
    assert found["performance"].numbers == (1850, 95, 1945)


def test_hand_example_tpr_below_half() -> None:
    # #4 Cleo lost both games: ARO 1876, p = 0.00 < 0.50, dp = -dp(1.00) = -800; TPR 1076.
    trace = explain(hand_example(), "TPR", 3)
    assert trace.value == 1076
    found = steps(trace)
    assert found["score"].numbers == (0, 2, 0, 0)
    assert found["table"].numbers == (0, -800)
    assert found["performance"].numbers == (1876, -800, 1076)


def test_hand_example_ptp() -> None:
    # PTP (Art. 10.3): the lowest R with E(R - 2000) + E(R - 1900) + E(R - 1800) + E(R - 1700)
    # >= 2.5, E from B.02 table 8.1(b) (difference 40..46: .56, 47..53: .57, 54..61: .58,
    # 146..153: .70, 246..256: .81; a negative difference d gives 1 - E(-d)).
    # R = 1947: differences -53, 47, 147, 247 -> .43 + .57 + .70 + .81 = 2.51 >= 2.5.
    # R = 1946: differences -54, 46, 146, 246 -> .42 + .56 + .70 + .81 = 2.49 < 2.5.
    trace = explain(hand_example(), "PTP", 0)
    assert trace.value == 1947
    assert [entry.amount for entry in trace.entries] == [
        F(43, 100),
        F(57, 100),
        F(70, 100),
        F(81, 100),
    ]
    assert [entry.rating for entry in trace.entries] == [2000, 1900, 1800, 1700]
    found = steps(trace)
    assert found["points"].numbers == (F(5, 2), 4)
    assert found["reached"].numbers == (1947, F(251, 100), F(5, 2))
    assert found["short"].numbers == (1946, F(249, 100), F(5, 2))
    low, high = found["search"].numbers
    assert low is not None and high is not None and low <= 1947 <= high
    text = explanation(trace, Computation(hand_example()))
    assert text.lines[0].text == (
        "Round 1: loss with White against #2 Anna, rating 2000;"
        " a 1947 player is expected to score 0.43"
    )


def test_hand_example_ptp_without_points() -> None:
    # #4 Cleo scored 0 against 1900 and 1851: the lowest opponent rating - 800 = 1051.
    trace = explain(hand_example(), "PTP", 3)
    assert trace.value == 1051
    assert trace.steps == (
        Step("points", (0, 2), "10.3"),
        Step("zero-score", (1851, -800, 1051), "10.3"),
    )


def test_hand_example_apro() -> None:
    # The opponents' TPR: #2 Anna 1851 + 800 (1 of 1) = 2651; #3 Bea: ARO (1800 + 1851) / 2 =
    # 1825.5 -> 1826, p = 1.5 / 2 = 0.75, dp 193 -> 2019; #4 Cleo 1076; #5 Dora 1851 - 800 =
    # 1051. APRO (Art. 10.4) = 6797 / 4 = 1699.25 -> 1699.
    trace = explain(hand_example(), "APRO", 0)
    assert trace.value == 1699
    assert [entry.amount for entry in trace.entries] == [2651, 2019, 1076, 1051]
    assert [entry.rating for entry in trace.entries] == [1851, 1826, 1876, 1851]
    assert [entry.score for entry in trace.entries] == [1, F(3, 2), 0, 0]
    assert trace.steps == (
        Step("mean", (6797, 4, F(6797, 4)), "10"),
        Step("rounded", (F(6797, 4), 1699), "10"),
    )
    # APPO (Art. 10.5), the opponents' PTP: #2 Anna scored 1 of 1 against 1851, E reaches
    # 1.00 from a difference of 736: 2587; #4 Cleo and #5 Dora scored 0, so the lowest
    # opponent rating - 800: 1851 - 800 = 1051 (Bea's is checked through the standings).
    appo = explain(hand_example(), "APPO", 0)
    amounts = [entry.amount for entry in appo.entries]
    assert [amounts[0], amounts[2], amounts[3]] == [2587, 1051, 1051]
    assert all(entry.rating is None for entry in appo.entries)


def test_hand_example_rating_and_reverse() -> None:
    trace = explain(hand_example(), "RTNG", 1)
    assert trace.value == 2000
    assert [(entry.amount, entry.rating) for entry in trace.entries] == [(F(2000), 2000)]
    assert trace.steps == (Step("order", (0,), "10.6"),)
    assert trace.is_sum and trace.total == 2000
    reverse = explain(hand_example(), "RTNG/R", 1)
    assert reverse.value == 2000
    assert reverse.steps == (Step("order", (1,), "10.6"),)


def test_no_games_is_undefined() -> None:
    builder = Builder(rounds=1).player(1, "Alone", 2000).player(2, "Other", 1800)
    context = build_context(builder.build(), FIDE_2026)
    for descriptor in ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"]:
        trace = explain(context, descriptor, 0)
        assert trace.value is None
        assert trace.entries == ()
        assert steps(trace)["undefined"].numbers == (0,)
        assert explanation(trace, Computation(context)).steps[-1] == (
            f"no games played over the board: {descriptor.split('/')[0]} is undefined and"
            " ranks last"
        )


# --------------------------------------------------------------------------------------------
# Unrated participants: /U<rating> and the global option


def unrated_event() -> tiebreaks.Tournament:
    """#1 (2000) beats #2 (unrated) and draws #3 (1800)."""
    builder = Builder(rounds=2).player(1, "Ann", 2000).player(2, "Ben").player(3, "Cy", 1800)
    return builder.game(1, 1, 2, "1-0").game(2, 1, 3, "=").build()


def test_unrated_rating_from_the_modifier_is_named() -> None:
    context = build_context(unrated_event(), FIDE_2026)
    trace = explain(context, "ARO/U1400", 0)
    assert trace.value == 1600  # (1400 + 1800) / 2
    assert [entry.rating for entry in trace.entries] == [1400, 1800]
    assert explanation(trace, Computation(context)).lines[0].text == (
        "Round 1: win with White against #2 Ben, rating 1400 (unrated: 1400 set by /U1400)"
    )
    rating = explain(context, "RTNG/U1400", 1)
    assert explanation(rating, Computation(context)).lines[0].text == (
        "rating 1400 (unrated: 1400 set by /U1400)"
    )


def test_unrated_rating_from_the_global_option_is_named() -> None:
    context = build_context(unrated_event(), FIDE_2026)
    context.unrated_rating = 1400
    trace = explain(context, "TPR", 0)
    assert trace.value == 1793  # 1600 + dp(0.75) = 1600 + 193
    assert (
        explanation(trace, Computation(context))
        .lines[0]
        .text.endswith("rating 1400 (unrated: 1400 set by the unrated-rating option)")
    )


@pytest.mark.parametrize("unrated_rating", [None, 1400])
def test_unrated_explanations_give_the_standings_values(unrated_rating: int | None) -> None:
    tournament = unrated_event()
    descriptors = [f"{name}/U1200" for name in ["ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"]]
    if unrated_rating is not None:
        descriptors += ["ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"]
    expected = standings_values(tournament, descriptors, unrated_rating)
    context = build_context(tournament, FIDE_2026)
    if unrated_rating is not None:
        context.unrated_rating = unrated_rating
    for index, player in enumerate(tournament.players):
        for descriptor in descriptors:
            trace = explain(context, descriptor, index)
            assert trace.value == expected[player.start_number][descriptor]


# --------------------------------------------------------------------------------------------
# Generated Swiss events: the trace always gives the standings' value


@settings(deadline=None, max_examples=60)
@given(swiss_tournaments())
def test_explanations_agree_with_the_standings(tournament: tiebreaks.Tournament) -> None:
    descriptors = fitting(DESCRIPTORS, tournament.rounds)
    expected = standings_values(tournament, descriptors)
    context = build_context(tournament, FIDE_2026)
    for index, player in enumerate(tournament.players):
        for descriptor in descriptors:
            trace = explain(context, descriptor, index)
            assert trace.value == expected[player.start_number][descriptor], descriptor
            if descriptor.startswith("ARO"):
                assert kept_mean(trace) == trace.value
