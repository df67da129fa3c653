"""Explanations of the rating tie-breaks, C.07 (2026) Art. 10.1-10.6.

The explanation of every value is built from the same objects as the value itself; these tests
check that the two agree (on the TV-3 Held Swiss and on generated Swiss events) and that the
words match a small example worked out by hand from the rule text and the B.02 tables.
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
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.explanation import Explanation, explainer_for
from tiebreaks.engine.families.ratings import UNRATED_RATING
from tiebreaks.engine.numbers import round_half_up
from tiebreaks.engine.spec import parse_spec
from tiebreaks.model.rules import FIDE_2026

DESCRIPTORS = ["ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "APRO", "APPO", "RTNG", "RTNG/R"]


def explain(context: Context, descriptor: str, index: int) -> Explanation:
    """The explanation of ``descriptor`` for the participant at ``index``."""
    catalogue()  # imports the family modules, which register their explainers
    spec = parse_spec(descriptor)
    explainer = explainer_for(spec.acronym)
    assert explainer is not None, f"{spec.acronym} has no explainer"
    return explainer(context, spec, index)


def standings_values(
    tournament: tiebreaks.Tournament, descriptors: list[str], unrated_rating: int | None = None
) -> dict[int, dict[str, Fraction | None]]:
    """Start number -> the standings' value of each descriptor."""
    standings = tiebreaks.compute_standings(
        tournament, ["PTS", *descriptors], unrated_rating=unrated_rating
    )
    return {row.player.start_number: row.values for row in standings.rows}


def kept_mean(explanation: Explanation) -> Fraction | None:
    """The mean of the kept line amounts, rounded half up (None when nothing is kept)."""
    amounts = [line.amount for line in explanation.lines if line.kept and line.amount is not None]
    if not amounts:
        return None
    return round_half_up(sum(amounts, Fraction(0)) / len(amounts))


# --------------------------------------------------------------------------------------------
# TV-3: the Held Swiss (16 players, 5 rounds, everyone rated)


@pytest.mark.parametrize("descriptor", DESCRIPTORS)
def test_held_swiss_explanations_give_the_standings_values(descriptor: str) -> None:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16.trf"))
    expected = standings_values(tournament, [descriptor])
    context = build_context(tournament, FIDE_2026)
    for index, player in enumerate(tournament.players):
        explanation = explain(context, descriptor, index)
        assert explanation.start_number == player.start_number
        assert explanation.tiebreak == descriptor
        assert explanation.value == expected[player.start_number][descriptor], player.name


def test_held_swiss_tpr_of_alyx() -> None:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-swiss-16.trf"))
    context = build_context(tournament, FIDE_2026)
    index = next(i for i, player in enumerate(tournament.players) if player.start_number == 1)
    explanation = explain(context, "TPR", index)
    # Alyx met 1800, 1600, 2150, 1500, 2050 (sum 9100) and scored 1 + ½ + ½ + 1 + ½ = 3.5.
    assert explanation.value == 1969
    assert explanation.steps == (
        "ARO: sum 9100 / 5 games = 1820",
        "score 3.5 of 5 games: p = 0.70",
        "B.02 table 8.1(a): dp(0.70) = 149",
        "TPR = 1820 + 149 = 1969",
    )
    assert explanation.lines[0].text == ("Round 1: win with White against #9 Jessica, rating 1800")


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
    explanation = explain(hand_example(), "ARO", 0)
    assert explanation.value == 1850
    assert [line.amount for line in explanation.lines] == [2000, 1900, 1800, 1700]
    assert explanation.lines[1].text == "Round 2: draw with Black against #3 Bea, rating 1900"
    assert explanation.steps == ("sum 7400 / 4 games = 1850",)
    assert not explanation.is_sum


def test_hand_example_aro_cut_and_median() -> None:
    # /C1 leaves out the lowest rating, 1700: 5700 / 3 = 1900.
    cut = explain(hand_example(), "ARO/C1", 0)
    assert cut.value == 1900
    assert [line.kept for line in cut.lines] == [True, True, True, False]
    assert cut.lines[3].cut_reason == "least significant value (Art. 14.1)"
    assert cut.steps == (
        "/C1: the lowest rating is left out (Art. 14.1)",
        "sum 5700 / 3 games = 1900",
    )
    # /M1 leaves out 1700 and 2000: (1900 + 1800) / 2 = 1850.
    median = explain(hand_example(), "ARO/M1", 0)
    assert median.value == 1850
    assert [line.kept for line in median.lines] == [False, True, True, False]
    assert median.lines[0].cut_reason == "most significant value (Art. 14.3)"
    assert median.steps[0] == "/M1: the lowest and the highest ratings are left out (Art. 14.3)"


def test_hand_example_aro_rounded_half_up() -> None:
    # #4 Cleo met #3 Bea 1900 and #1 Subject 1851: 3751 / 2 = 1875.5, rounded up to 1876.
    explanation = explain(hand_example(), "ARO", 3)
    assert explanation.value == 1876
    assert explanation.steps == ("sum 3751 / 2 games = 1875.5, rounded half up to 1876 (Art. 10)",)


def test_hand_example_tpr() -> None:
    # TPR (Art. 10.2): ARO 1850; 2.5 / 4 = 0.625, p rounded half up to 0.63;
    # B.02 table 8.1(a): dp(0.63) = 95; TPR = 1850 + 95 = 1945.
    explanation = explain(hand_example(), "TPR", 0)
    assert explanation.value == 1945
    assert [line.amount for line in explanation.lines] == [2000, 1900, 1800, 1700]
    assert explanation.steps == (
        "ARO: sum 7400 / 4 games = 1850",
        "score 2.5 of 4 games = 0.625 -> p = 0.63 (rounded half up to two decimals)",
        "B.02 table 8.1(a): dp(0.63) = 95",
        "TPR = 1850 + 95 = 1945",
    )


def test_hand_example_tpr_below_half() -> None:
    # #4 Cleo lost both games: ARO 1876, p = 0.00 < 0.50, dp = -dp(1.00) = -800; TPR 1076.
    explanation = explain(hand_example(), "TPR", 3)
    assert explanation.value == 1076
    assert explanation.steps[1:] == (
        "score 0 of 2 games: p = 0.00",
        "B.02 table 8.1(a): p = 0.00 is below 0.50, so dp = -dp(1 - 0.00) = -dp(1.00) = -800",
        "TPR = 1876 - 800 = 1076",
    )


def test_hand_example_ptp() -> None:
    # PTP (Art. 10.3): the lowest R with E(R - 2000) + E(R - 1900) + E(R - 1800) + E(R - 1700)
    # >= 2.5, E from B.02 table 8.1(b) (difference 40..46: .56, 47..53: .57, 54..61: .58,
    # 146..153: .70, 246..256: .81; a negative difference d gives 1 - E(-d)).
    # R = 1947: differences -53, 47, 147, 247 -> .43 + .57 + .70 + .81 = 2.51 >= 2.5.
    # R = 1946: differences -54, 46, 146, 246 -> .42 + .56 + .70 + .81 = 2.49 < 2.5.
    explanation = explain(hand_example(), "PTP", 0)
    assert explanation.value == 1947
    assert [line.amount for line in explanation.lines] == [
        Fraction(43, 100),
        Fraction(57, 100),
        Fraction(70, 100),
        Fraction(81, 100),
    ]
    assert explanation.lines[0].text == (
        "Round 1: loss with White against #2 Anna, rating 2000;"
        " a 1947 player is expected to score 0.43"
    )
    assert explanation.steps[0] == "score 2.5 of 4 games"
    assert explanation.steps[2:] == (
        "searched by halving the range from 900 (lowest opponent 1700 - 800: expected 0)"
        " to 2800 (highest opponent 2000 + 800: expected 4)",
        "at R = 1947: expected 2.51, which reaches 2.5",
        "at R = 1946: expected 2.49, less than 2.5",
        "PTP = 1947",
    )


def test_hand_example_ptp_without_points() -> None:
    # #4 Cleo scored 0 against 1900 and 1851: the lowest opponent rating - 800 = 1051.
    explanation = explain(hand_example(), "PTP", 3)
    assert explanation.value == 1051
    assert explanation.steps == (
        "score 0 of 2 games",
        "no points scored: PTP = the lowest opponent rating 1851 - 800 = 1051 (Art. 10.3)",
    )


def test_hand_example_apro() -> None:
    # The opponents' TPR: #2 Anna 1851 + 800 (1 of 1) = 2651; #3 Bea: ARO (1800 + 1851) / 2 =
    # 1825.5 -> 1826, p = 1.5 / 2 = 0.75, dp 193 -> 2019; #4 Cleo 1076; #5 Dora 1851 - 800 =
    # 1051. APRO (Art. 10.4) = 6797 / 4 = 1699.25 -> 1699.
    explanation = explain(hand_example(), "APRO", 0)
    assert explanation.value == 1699
    assert [line.amount for line in explanation.lines] == [2651, 2019, 1076, 1051]
    assert explanation.lines[1].text == (
        "Round 2: draw with Black against #3 Bea, TPR 2019 (their ARO 1826 + 193 for 1.5 of"
        " 2 games)"
    )
    assert explanation.steps == (
        "sum 6797 / 4 games = 1699.25, rounded to the nearest whole number: 1699 (Art. 10)",
    )


def test_hand_example_rating_and_reverse() -> None:
    explanation = explain(hand_example(), "RTNG", 1)
    assert explanation.value == 2000
    assert [line.text for line in explanation.lines] == ["rating 2000"]
    assert explanation.steps == ("a higher rating ranks higher",)
    reverse = explain(hand_example(), "RTNG/R", 1)
    assert reverse.value == 2000
    assert reverse.steps == ("/R: the order is reversed, so a lower rating ranks higher",)


def test_no_games_is_undefined() -> None:
    builder = Builder(rounds=1).player(1, "Alone", 2000).player(2, "Other", 1800)
    context = build_context(builder.build(), FIDE_2026)
    for descriptor in ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"]:
        explanation = explain(context, descriptor, 0)
        acronym = descriptor.split("/")[0]
        assert explanation.value is None
        assert [line.text for line in explanation.lines] == [
            f"no games played over the board: {acronym} is undefined and ranks last"
        ]


# --------------------------------------------------------------------------------------------
# Unrated participants: /U<rating> and the global option


def unrated_event() -> tiebreaks.Tournament:
    """#1 (2000) beats #2 (unrated) and draws #3 (1800)."""
    builder = Builder(rounds=2).player(1, "Ann", 2000).player(2, "Ben").player(3, "Cy", 1800)
    return builder.game(1, 1, 2, "1-0").game(2, 1, 3, "=").build()


def test_unrated_rating_from_the_modifier_is_named() -> None:
    context = build_context(unrated_event(), FIDE_2026)
    explanation = explain(context, "ARO/U1400", 0)
    assert explanation.value == 1600  # (1400 + 1800) / 2
    assert explanation.lines[0].text == (
        "Round 1: win with White against #2 Ben, rating 1400 (unrated: 1400 set by /U1400)"
    )
    assert explain(context, "RTNG/U1400", 1).lines[0].text == (
        "rating 1400 (unrated: 1400 set by /U1400)"
    )


def test_unrated_rating_from_the_global_option_is_named() -> None:
    context = build_context(unrated_event(), FIDE_2026)
    context.cache[UNRATED_RATING] = 1400
    explanation = explain(context, "TPR", 0)
    assert explanation.value == 1793  # 1600 + dp(0.75) = 1600 + 193
    assert explanation.lines[0].text.endswith(
        "rating 1400 (unrated: 1400 set by the unrated-rating option)"
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
        context.cache[UNRATED_RATING] = unrated_rating
    for index, player in enumerate(tournament.players):
        for descriptor in descriptors:
            explanation = explain(context, descriptor, index)
            assert explanation.value == expected[player.start_number][descriptor]


# --------------------------------------------------------------------------------------------
# Generated Swiss events: the explanation always gives the standings' value


@settings(deadline=None, max_examples=60)
@given(swiss_tournaments())
def test_explanations_agree_with_the_standings(tournament: tiebreaks.Tournament) -> None:
    descriptors = fitting(DESCRIPTORS, tournament.rounds)
    expected = standings_values(tournament, descriptors)
    context = build_context(tournament, FIDE_2026)
    for index, player in enumerate(tournament.players):
        for descriptor in descriptors:
            explanation = explain(context, descriptor, index)
            assert explanation.value == expected[player.start_number][descriptor], descriptor
            if descriptor.startswith("ARO"):
                assert kept_mean(explanation) == explanation.value
