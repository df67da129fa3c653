"""TRF26 ``300`` line-ups out of the default order (read, applied to the boards, checked
against the games, written back) and typed ``299`` records of a team event checked against
the match result the board games give (issue 18, item 1).

The event is ``tests/team_files.py``'s four teams of two boards, two rounds::

    round 1: T1 (1, 2) - T2 (3, 4): 1 beats 3, 2 draws 4;  T3 (5, 6) - T4 (7, 8): 5 beats 7,
             8 beats 6
    round 2: T3 - T1: 5 draws 1, 2 beats 6;                T4 - T2: 7 beats 3, 8 draws 4

In round 2 T1 fields 2 on board 1 and 1 on board 2, and T3 fields 6 on board 1 and 5 on board
2 (two ``300`` records). Berliner Wertung by hand (board 1 of 2 is worth 2, board 2 worth 1;
a win earns the worth, a draw half of it):

* default order: T1 = round 1 (2 + 0.5) + round 2 (1 + 1) = 4.5; T3 = (2 + 0) + (1 + 0) = 3
* with the line-ups: T1 = 2.5 + round 2 (2 for 2's win on board 1 + 0.5 for 1's draw on
  board 2) = 5; T3 = 2 + round 2 (0 + 0.5) = 2.5
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.formats.test_trf26_records import record_299
from tests.team_files import FOUR_TEAM_SLOTS, FOUR_TEAMS, team_file
from tiebreaks import compute_standings
from tiebreaks.errors import FormatLimitError, InputError
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.round_trip import held
from tiebreaks.formats.writers.chess_json import write_chess_json
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model import Tournament
from tiebreaks.model.team import LineUp
from tiebreaks.model.team_matches import team_tournament

T1_ROUND_2 = "300   2   1   3    2    1"
T3_ROUND_2 = "300   2   3   1    6    5"


def event(*records: str) -> Tournament:
    text = team_file("Teams", 2, FOUR_TEAMS, FOUR_TEAM_SLOTS, extra=records, trf26=True)
    return read_trf_text(text, "t.trf")


def berlin(tournament: Tournament) -> dict[int, Fraction | None]:
    standings = compute_standings(tournament, "MP,BER")
    return {row.player.start_number: row.values["BER"] for row in standings.rows}


def messages(tournament: Tournament, code: str) -> list[str]:
    return [str(warning) for warning in tournament.warnings if warning.code == code]


def test_default_order_without_line_ups() -> None:
    found = berlin(event())
    assert (found[1], found[3]) == (Fraction(9, 2), Fraction(3))


def test_line_ups_put_the_players_on_their_boards() -> None:
    tournament = event(T1_ROUND_2, T3_ROUND_2)
    assert tournament.team_records is not None
    assert tournament.team_records.line_ups == (
        LineUp(2, 1, 3, (2, 1)),
        LineUp(2, 3, 1, (6, 5)),
    )
    match = team_tournament(tournament).team(1).matches[1]
    assert [(game.board, game.player) for game in match.boards] == [(1, 2), (2, 1)]
    found = berlin(tournament)
    assert (found[1], found[3]) == (Fraction(5), Fraction(5, 2))
    assert not [w for w in tournament.warnings if "300" in w.message]


def test_line_ups_are_written_and_read_back() -> None:
    tournament = event(T1_ROUND_2, T3_ROUND_2)
    text = write_trf(tournament)
    assert T1_ROUND_2 in text.splitlines() and T3_ROUND_2 in text.splitlines()
    again = read_trf_text(text, "again.trf")
    assert held(again, "trf") == held(tournament, "trf")
    assert berlin(again) == berlin(tournament)


def test_an_empty_board_is_kept() -> None:
    """T1 leaves board 1 empty in round 2 and seats 2 on board 2 and 1 on board 3."""
    line_up = "300   2   1   3 0000    2    1"
    tournament = event(line_up)
    assert tournament.team_records is not None
    assert tournament.team_records.line_ups[0].players == (0, 2, 1)
    match = team_tournament(tournament).team(1).matches[1]
    assert [(game.board, game.player) for game in match.boards] == [(2, 2), (3, 1)]
    assert line_up in write_trf(tournament).splitlines()


def test_line_ups_checked_against_the_games() -> None:
    """Only T1 reorders (T3 keeps 5 on board 1): 2 meets 6, who sits on board 2; a line-up
    that leaves out a player with a game names him."""
    tournament = event(T1_ROUND_2)
    facing = [str(w) for w in team_tournament(tournament).warnings]
    assert facing == [
        "t.trf:6:1: round 2: the line-up of team 1 (record 300) puts player 2 on board 1, but "
        "the opponent, player 6, sits on board 2",
        "t.trf:6:1: round 2: the line-up of team 1 (record 300) puts player 1 on board 2, but "
        "the opponent, player 5, sits on board 1",
    ]
    missing = team_tournament(event("300   2   1   3    2")).warnings
    assert "round 2: the line-up of team 1 (record 300) does not list player 1, who has a game" in [
        w.message for w in missing
    ]


@pytest.mark.parametrize(
    ("record", "column", "expected"),
    [
        ("300   3   1   3    2    1", 5, "a line-up in rounds 1-2 only"),
        ("300   2   9   3    2    1", 9, "the number of a listed team (no team 9)"),
        ("300   2   1   3    3    1", 17, "a player of team 1 (player 3 is not listed in it)"),
        ("300   2   1   3    2    2", 22, "a player on one board only (player 2 is twice)"),
        ("300   2   1   3    x", 17, "a player's start number or 0000 in columns 17-20"),
    ],
)
def test_a_line_up_that_cannot_be_applied_is_a_located_error(
    record: str, column: int, expected: str
) -> None:
    with pytest.raises(InputError) as caught:
        event(record)
    assert (caught.value.location.line, caught.value.location.column) == (6, column)
    assert caught.value.expected == expected


def test_a_second_line_up_of_a_team_and_round_is_an_error() -> None:
    with pytest.raises(InputError, match="one line-up per team and round"):
        event(T1_ROUND_2, T1_ROUND_2)


def test_formats_without_line_ups_refuse_them() -> None:
    with pytest.raises(FormatLimitError, match="team line-ups"):
        write_chess_json(event(T1_ROUND_2, T3_ROUND_2))


def test_line_ups_without_teams_are_one_warning() -> None:
    text = (
        "012 Test\n300   1   1   2    1\n300   2   1   2    2\n"
        "001    1 m    A                                 2000 GER           0 2000/01/01  1.0"
        "    1     2 w 1\n"
        "001    2 m    B                                 2000 GER           0 2000/01/01  0.0"
        "    2     1 b 0\n"
    )
    found = [str(w) for w in read_trf_text(text, "t.trf").warnings if "300" in w.message]
    assert found == [
        "t.trf:2:1: record 300 (team line-ups) in a file without team records (013/310): not "
        "applied, there is no team to line up"
    ]


# ---------------------------------------------------------------------------------------------
# typed 299 records of a team event against the match result


def test_typed_299_that_matches_the_match_result_is_silent() -> None:
    """T1 won round 2 (1.5-0.5 against T3): a ``W`` record for it is applied, no warning."""
    assert messages(event(record_299("W", "2.0", 2, 1, mp="1.0")), "trf.assignment-unused") == []


def test_typed_299_against_another_match_result_is_a_located_warning() -> None:
    """T3 lost round 2 (0.5-1.5 against T1): a ``W`` record for it assigns nothing."""
    tournament = event(record_299("W", "2.0", 2, 3, mp="1.0"))
    assert messages(tournament, "trf.assignment-unused") == [
        "t.trf:6:1: record 299: team 3 has no match of type 'W' in round 2 (found: loss, 0.5-1.5 "
        "against team 1): nothing to assign there; the type must be that of the match result "
        "the board games give"
    ]
    standings = compute_standings(tournament, "MP,GP")
    found = {row.player.start_number: row.values for row in standings.rows}
    assert (found[3]["MP"], found[3]["GP"]) == (Fraction(1), Fraction(3, 2))  # unchanged
