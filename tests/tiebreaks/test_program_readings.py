"""The publishing programs' readings as named variants (``/SM``), worked by hand.

The event: 6 players, 4 rounds, started 2020 (rules fide-2009), ratings 2000 (#1) down to
1500 (#6). Round 1: 1-4 1-0, 2-5 1-0, 3-6 draw; round 2: 1-2 draw, 3-4 1-0, 5-6 forfeit
(#6 wins); round 3: 1-3 1-0, 2-6 1-0, #4 pairing-allocated bye, #5 absent; round 4: 1-5
1-0, 2-3 draw, 4-6 0-1. Scores: #1 3.5, #2 3, #3 2, #4 1, #5 0, #6 2.5.

Seen by opponents under C.02 13.16 (2009) every unplayed round is a draw: #4 0.5 (bye 1 ->
0.5), #5 1 (forfeit loss and absence 0 -> 0.5 each), #6 2 (forfeit win 1 -> 0.5).

Virtual opponents (score before the round + the complementary result + a draw in each later
round): #4 round 3: 0 + 0 + 0.5 = 0.5; #5 round 2: 0 + 1 + 2 x 0.5 = 2, round 3: 0 + 1 +
0.5 = 1.5; #6 round 2: 0.5 + 0 + 2 x 0.5 = 1.5.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

import tiebreaks
from tiebreaks.engine.spec import parse_spec
from tiebreaks.model import ResultKind
from tiebreaks.render.explain import explanation_lines
from tiebreaks.render.explanations import worded

from ..builders import Builder

F = Fraction


def small_swiss() -> tiebreaks.Tournament:
    """The event of the module docstring."""
    built = Builder(4, start_date=date(2020, 5, 1))
    for number, rating in zip(range(1, 7), (2000, 1900, 1800, 1700, 1600, 1500), strict=True):
        built.player(number, f"P{number}", rating)
    built.game(1, 1, 4, "1-0").game(1, 2, 5, "1-0").game(1, 3, 6, "=")
    built.game(2, 1, 2, "=").game(2, 3, 4, "1-0").game(2, 5, 6, "-+")
    built.game(3, 1, 3, "1-0").game(3, 2, 6, "1-0")
    built.bye(3, 4, ResultKind.PAIRING_BYE).bye(3, 5, ResultKind.ABSENT)
    built.game(4, 1, 5, "1-0").game(4, 2, 3, "=").game(4, 4, 6, "0-1")
    return built.build()


def _values(descriptor: str) -> dict[int, Fraction | None]:
    standings = tiebreaks.compute_standings(small_swiss(), ["PTS", descriptor])
    column = standings.columns[-1]
    return {row.player.start_number: row.values[column] for row in standings.rows}


# SB (2009): the round's real result times the virtual opponent's score.
# SB/SM: an own unplayed round weighs as a draw: half the virtual opponent's score.
#  #1: 1 x 0.5 (#4) + 0.5 x 3 (#2) + 1 x 2 (#3) + 1 x 1 (#5) = 5, no unplayed round
#  #2: 1 x 1 (#5) + 0.5 x 3.5 (#1) + 1 x 2 (#6) + 0.5 x 2 (#3) = 5.75
#  #3: 0.5 x 2 (#6) + 1 x 0.5 (#4) + 0 + 0.5 x 3 (#2) = 3
#  #4: 0 + 0 + bye: 1 x 0.5 = 0.5 (SM: 0.5 x 0.5 = 0.25) + 0
#  #5: 0 + forfeit loss: 0 x 2 = 0 (SM: 0.5 x 2 = 1) + absent: 0 x 1.5 (SM: 0.75) + 0
#  #6: 0.5 x 2 (#3) + forfeit win: 1 x 1.5 = 1.5 (SM: 0.75) + 0 + 1 x 0.5 (#4)
SB_TABLE = [
    (1, F(5), F(5)),
    (2, F(23, 4), F(23, 4)),
    (3, F(3), F(3)),
    (4, F(1, 2), F(1, 4)),
    (5, F(0), F(7, 4)),
    (6, F(3), F(9, 4)),
]


@pytest.mark.parametrize(("number", "fide", "swiss_manager"), SB_TABLE)
def test_sonneborn_berger_with_swiss_managers_modified_points(
    number: int, fide: Fraction, swiss_manager: Fraction
) -> None:
    assert _values("SB")[number] == fide
    assert _values("SB/SM")[number] == swiss_manager
    assert _values("SB/SM/V2009")[number] == swiss_manager


# ARO/C1 (Art. 10.1, 14.1): the lowest-rated opponent met over the board is cut.
# ARO/C1/SM: a round without a game is cut first (Swiss-Manager).
#  #4 met 2000, 1800, 1500 (bye in round 3): C1 (2000 + 1800) / 2 = 1900;
#     SM: 5300 / 3 = 1766.67 -> 1767
#  #5 met 1900, 2000 (2 rounds without a game): C1 2000; SM 3900 / 2 = 1950
#  #6 met 1800, 1900, 1700 (forfeit win): C1 (1800 + 1900) / 2 = 1850; SM 5400 / 3 = 1800
#  #1 met 1700, 1900, 1800, 1600: both cut 1600: 5400 / 3 = 1800
#  ARO/C2/SM: #4 the bye and 1500: 1900; #5 both unplayed rounds: 1950; #6 the forfeit and
#  1700: 1850; #1 1600 and 1700: 1850
ARO_TABLE = [
    (1, 1800, 1800, 1850),
    (2, 1800, 1800, 1900),
    (3, 1867, 1867, 1950),
    (4, 1900, 1767, 1900),
    (5, 2000, 1950, 1950),
    (6, 1850, 1800, 1850),
]


@pytest.mark.parametrize(("number", "fide", "swiss_manager", "cut_two"), ARO_TABLE)
def test_average_rating_cut_the_swiss_manager_way(
    number: int, fide: int, swiss_manager: int, cut_two: int
) -> None:
    assert _values("ARO/C1")[number] == fide
    assert _values("ARO/C1/SM")[number] == swiss_manager
    assert _values("ARO/C2/SM")[number] == cut_two


@pytest.mark.parametrize("text", ["SB/SM", "SB/C1/SM/V2009", "ARO/C1/SM", "ARO/M1/SM"])
def test_the_descriptor_reads_back(text: str) -> None:
    assert str(parse_spec(text)) == text
    assert str(parse_spec(text.lower())) == text


def test_only_sb_and_aro_take_the_reading() -> None:
    with pytest.raises(tiebreaks.UsageError, match="/SM"):
        tiebreaks.compute_standings(small_swiss(), ["PTS", "BH/SM"])


@pytest.mark.parametrize(
    ("number", "descriptor", "sentence"),
    [
        (5, "SB/SM", "Swiss-Manager's modified points: half of the virtual opponent's 2 = 1"),
        (6, "SB/SM", "Swiss-Manager's modified points: half of the virtual opponent's 1.5"),
        (5, "ARO/C1/SM", "the round without a game is cut instead of the lowest rating"),
    ],
)
def test_the_trace_adds_up_and_says_why(number: int, descriptor: str, sentence: str) -> None:
    standings = tiebreaks.compute_standings(small_swiss(), ["PTS", descriptor])
    column = standings.columns[-1]
    trace = standings.trace(number, column)
    assert trace.value == standings.row(number).values[column]
    if trace.is_sum:
        assert trace.total == trace.value
    assert sentence in "\n".join(explanation_lines(worded(trace, standings)))
