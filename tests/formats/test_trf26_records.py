"""TRF26 read completely (issue 18, items 1 and 7): record 299 (abnormal point assignments)
applied to the scores and the tie-breaks, explained and written back; 240 byes applied and
checked; 250 acceleration never counted; the records without effect named once; a change of
the tie-break list recorded in the TRF we write and reported on reading.

The expected values are computed by hand from the cross table below and our reading of 299
(docs/conformance.md, "Abnormal point assignments"): a typed assignment gives the points of
that round's result, a penalty or bonus changes the score only.

Four players, three rounds (Swiss), 1-½-0::

    round 1: Ann (1) 1-0 Bob (2), Cid (3) 1-0 Dan (4)
    round 2: Bob ½-½ Dan, Cid 0-1 Ann
    round 3: Ann 0-1 Dan, Cid 0-1 Bob

    results:  Ann 1 1 0 = 2    Bob 0 ½ 1 = 1.5    Cid 1 0 0 = 1    Dan 0 ½ 1 = 1.5
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import swiss_tournaments
from tests.team_files import FOUR_TEAM_SLOTS, FOUR_TEAMS, team_file
from tiebreaks import compute_standings
from tiebreaks.errors import FormatLimitError
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.writers.chess_json import write_chess_json
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model import ResultKind, Tournament
from tiebreaks.model.assignments import ListChange, PointAssignment
from tiebreaks.render.explain import placing_text
from tiebreaks.services.explain import explain_participant, explain_value, find_participant
from tiebreaks.standings import Row, Standings

F = Fraction
#: (number, name, points column, rounds as "opponent colour result")
PLAYERS = (
    (1, "Ann", "", ("   2 w 1", "   3 b 1", "   4 w 0")),
    (2, "Bob", "", ("   1 b 0", "   4 w =", "   3 b 1")),
    (3, "Cid", "", ("   4 w 1", "   1 w 0", "   2 w 0")),
    (4, "Dan", "", ("   3 b 0", "   2 b =", "   1 b 1")),
)


def player_line(number: int, name: str, points: str, rounds: tuple[str, ...]) -> str:
    """A ``001`` record: number 5-8, name 15-47, points 81-84, rounds from column 92."""
    head = f"001 {number:>4}      {name:<33}{'':<33}{points:>4}      "
    assert len(head) == 90
    return head + "".join(f" {slot} " for slot in rounds).rstrip()


def trf(*records: str, players: tuple[tuple[int, str, str, tuple[str, ...]], ...] = PLAYERS) -> str:
    """The four players' file with ``records`` among the tournament records."""
    lines = ["012 TRF26 records", "092 Swiss", "142 3", *records]
    lines += [player_line(*player) for player in players]
    return "\n".join(lines) + "\n"


def record_299(kind: str, points: str, round_number: int, *ids: int, mp: str = "") -> str:
    """A ``299`` record in the TRF26 columns (type 5, MP 8-11, points 14-17, round 20-22)."""
    return f"299 {kind or ' '}  {mp:>4}  {points:>4}  {round_number:03d}" + "".join(
        f" {number:4d}" for number in ids
    )


def values(
    tournament: Tournament, tiebreaks: str, after_round: int | None = None
) -> dict[int, dict[str, Fraction | None]]:
    standings = compute_standings(tournament, tiebreaks, after_round=after_round)
    return {row.player.start_number: row.values for row in standings.rows}


def codes(tournament: Tournament) -> list[str]:
    return [warning.code for warning in tournament.warnings]


# ---------------------------------------------------------------------------------------------
# 299: penalties and bonuses


def test_a_record_299_is_read_into_the_model() -> None:
    tournament = read_trf_text(trf(record_299("", "-1.0", 2, 1)), "t.trf")
    assert tournament.point_assignments == (PointAssignment("", F(-1), None, 2, (1,)),)


#: (record, after round, start number -> (PTS, BH, SB, PS)), by hand (module docstring)
PENALTIES = [
    pytest.param(
        record_299("", "-1.0", 2, 1),
        None,
        {
            1: (F(1), F(4), F(5, 2), F(5)),  # 2 - 1; BH 1.5 + 1 + 1.5; SB 1.5 + 1; PS 1 + 2 + 2
            2: (F(3, 2), F(9, 2), F(7, 4), F(2)),  # BH counts Ann's 2: 2 + 1.5 + 1
            3: (F(1), F(5), F(3, 2), F(3)),
            4: (F(3, 2), F(9, 2), F(11, 4), F(2)),
        },
        id="penalty-in-round-2",
    ),
    pytest.param(
        record_299("", "-1.0", 2, 1),
        1,
        {1: (F(1), F(0), F(0), F(1)), 3: (F(1), F(0), F(0), F(1))},
        id="penalty-not-yet-after-round-1",
    ),
    pytest.param(
        record_299("", "0.5", 0, 3),
        None,
        {
            3: (F(3, 2), F(5), F(3, 2), F(3)),  # 1 + 0.5 bonus; BH 1.5 + 2 + 1.5
            1: (F(2), F(4), F(5, 2), F(5)),  # BH counts Cid's 1: 1.5 + 1 + 1.5
        },
        id="bonus-all-rounds",
    ),
    pytest.param(
        record_299("", "0.5", 0, 3),
        1,
        {3: (F(3, 2), F(0), F(0), F(1))},
        id="bonus-all-rounds-after-round-1",
    ),
    pytest.param(  # round 999: the standings only (FIDE reference engine), in every round
        record_299("", "-1.0", 999, 1),
        1,
        {1: (F(0), F(0), F(0), F(1))},
        id="penalty-round-999-after-round-1",
    ),
    pytest.param(
        record_299("", "-1.0", 999, 1),
        None,
        {1: (F(1), F(4), F(5, 2), F(5)), 2: (F(3, 2), F(9, 2), F(7, 4), F(2))},
        id="penalty-round-999",
    ),
]


@pytest.mark.parametrize(("record", "after_round", "expected"), PENALTIES)
def test_penalties_and_bonuses_change_the_score_only(
    record: str, after_round: int | None, expected: dict[int, tuple[Fraction, ...]]
) -> None:
    tournament = read_trf_text(trf(record), "t.trf")
    found = values(tournament, "PTS,BH,SB,PS", after_round)
    for number, (points, buchholz, sonneborn, progressive) in expected.items():
        row = found[number]
        assert (row["PTS"], row["BH"], row["SB"], row["PS"]) == (
            points,
            buchholz,
            sonneborn,
            progressive,
        ), number


def test_a_penalty_changes_the_ranking() -> None:
    """Ann (2 points, first without it) is last but one with a penalty of 1.5: 0.5 points."""
    plain = compute_standings(read_trf_text(trf(), "t.trf"), "PTS,BH")
    assert plain.rows[0].player.name == "Ann"
    penalised = compute_standings(read_trf_text(trf(record_299("", "-1.5", 0, 1)), "t.trf"))
    assert [row.player.name for row in penalised.rows][-1] == "Ann"


# ---------------------------------------------------------------------------------------------
# 299: abnormal points for a type of result


#: (records, start number -> (PTS, BH, SB, PS)), by hand
TYPED = [
    pytest.param(
        (record_299("D", "0.0", 2, 2, 4),),  # the draw Bob-Dan of round 2 gives nothing
        {
            2: (F(1), F(4), F(1), F(1)),  # 0 + 0 + 1; BH Ann 2 + Dan 1 + Cid 1; SB 1 x Cid 1
            4: (F(1), F(4), F(2), F(1)),  # SB 0 x Bob + 1 x Ann 2
            1: (F(2), F(3), F(2), F(5)),  # BH 1 + 1 + 1; SB Bob 1 + Cid 1
            3: (F(1), F(4), F(1), F(3)),  # BH Dan 1 + Ann 2 + Bob 1; SB 1 x Dan 1
        },
        id="type-for-one-round",
    ),
    pytest.param(
        (record_299("L", "0.25", 0, 3),),  # each loss of Cid gives 0.25 (rounds 2 and 3)
        {
            # 1 + 0.25 + 0.25; BH 1.5 + 2 + 1.5; SB 1 x Dan 1.5 + 0.25 x Ann 2 + 0.25 x Bob 1.5;
            # PS 1 + 1.25 + 1.5
            3: (F(3, 2), F(5), F(19, 8), F(15, 4)),
            2: (F(3, 2), F(5), F(9, 4), F(2)),  # SB 0.5 x Dan 1.5 + 1 x Cid 1.5
            1: (F(2), F(9, 2), F(3), F(5)),  # BH 1.5 + 1.5 + 1.5; SB Bob 1.5 + Cid 1.5
        },
        id="type-for-all-rounds",
    ),
]


@pytest.mark.parametrize(("records", "expected"), TYPED)
def test_typed_assignments_give_the_points_of_the_round(
    records: tuple[str, ...], expected: dict[int, tuple[Fraction, ...]]
) -> None:
    tournament = read_trf_text(trf(*records), "t.trf")
    found = values(tournament, "PTS,BH,SB,PS")
    for number, wanted in expected.items():
        row = found[number]
        assert (row["PTS"], row["BH"], row["SB"], row["PS"]) == wanted, number


def test_a_type_without_round_and_participants_gives_its_points_to_everyone() -> None:
    """``299 +  1.5``: a forfeit win is worth 1.5 (FIDE reference engine's reading); Bob's
    round-3 win becomes a forfeit win here: 0 + 0.5 + 1.5."""
    bob = ("   1 b 0", "   4 w =", "   3 b +")
    cid = ("   4 w 1", "   1 w 0", "   2 w -")
    players = (PLAYERS[0], (2, "Bob", "", bob), (3, "Cid", "", cid), PLAYERS[3])
    tournament = read_trf_text(trf("299 +        1.5", players=players), "t.trf")
    assert tournament.score_system.points[ResultKind.FORFEIT_WIN] == F(3, 2)
    assert tournament.point_assignments == ()
    assert values(tournament, "PTS")[2]["PTS"] == F(2)
    again = read_trf_text(write_trf(tournament), "again.trf")
    assert again.score_system == tournament.score_system


def test_a_type_the_player_does_not_have_is_a_located_warning_and_not_applied() -> None:
    """Bob lost round 1: a 299 'W' for him in round 1 assigns nothing."""
    tournament = read_trf_text(trf(record_299("W", "0.5", 1, 2)), "t.trf")
    warning = next(w for w in tournament.warnings if w.code == "trf.assignment-unused")
    assert str(warning).startswith("t.trf:4:1: record 299: player 2 has no result of type 'W'")
    assert values(tournament, "PTS")[2]["PTS"] == F(3, 2)


@pytest.mark.parametrize(
    ("record", "cause"),
    [
        (record_299("", "-1.0", 4, 1), "round 4 is after the last round (3): not applied"),
        (record_299("", "-1.0", 0, 1, 9), "no player 9 in the file; the others are applied"),
        (record_299("", "-1.0", 0, 9), "no player 9 in the file: not applied"),
        (record_299("", "-1.0", 0, 1, mp="-2.0"), "match points in an individual event"),
    ],
)
def test_unusable_parts_of_299_are_located_warnings(record: str, cause: str) -> None:
    tournament = read_trf_text(trf(record), "t.trf")
    messages = [str(w) for w in tournament.warnings if w.code == "trf.assignment-unused"]
    assert len(messages) == 1 and cause in messages[0] and messages[0].startswith("t.trf:4:1:")


@pytest.mark.parametrize(
    ("record", "column"),
    [
        ("299 Q       1.0  001    1", 5),
        ("299         x.5  001    1", 13),
        ("299          1.0  001", 24),
    ],
)
def test_a_malformed_299_is_an_input_error_at_its_column(record: str, column: int) -> None:
    from tiebreaks.errors import InputError

    with pytest.raises(InputError) as caught:
        read_trf_text(trf(record), "t.trf")
    assert (caught.value.location.line, caught.value.location.column) == (4, column)


def test_the_points_column_is_checked_with_the_assignments() -> None:
    """Ann's points column says 1.0 = 2 - 1: no warning; 2.0 would now be one."""
    players = ((1, "Ann", "1.0", PLAYERS[0][3]), *PLAYERS[1:])
    tournament = read_trf_text(trf(record_299("", "-1.0", 2, 1), players=players), "t.trf")
    assert "consistency.points-differ" not in codes(tournament)
    players = ((1, "Ann", "2.0", PLAYERS[0][3]), *PLAYERS[1:])
    tournament = read_trf_text(trf(record_299("", "-1.0", 2, 1), players=players), "t.trf")
    assert "consistency.points-differ" in codes(tournament)


def row_of_number(standings: Standings, number: int) -> Row:
    return next(row for row in standings.rows if row.player.start_number == number)


def test_the_explanation_of_points_shows_the_assignments() -> None:
    text = trf(record_299("", "-1.0", 2, 1), record_299("D", "0.0", 2, 2, 4))
    standings = compute_standings(read_trf_text(text, "t.trf"), "PTS,BH")
    ann = explain_value(standings, find_participant(standings, "1"), "PTS")
    assert [entry.amount for entry in ann.entries] == [1, 1, 0, -1]
    ann_text = placing_text(standings, explain_participant(standings, row_of_number(standings, 1)))
    assert "-1  Penalty or bonus (record 299): counted in the score only" in ann_text
    bob = explain_participant(standings, row_of_number(standings, 2))
    bob_text = placing_text(standings, bob, "de")
    assert "Punkte durch eine abweichende Punktvergabe festgelegt (Satz 299)" in bob_text
    # Bob's Buchholz counts Ann's 2 from her results and says why it is not her 1 point
    english = placing_text(standings, bob)
    assert "score 2 (their penalty or bonus of record 299, -1, is no result)" in english


# ---------------------------------------------------------------------------------------------
# 299 in a team event: match points and game points

TEAMS = dict(teams=FOUR_TEAMS, slots=FOUR_TEAM_SLOTS, trf26=True)
# by hand from tests/team_files.py: round 1 T1 1.5-0.5 T2, T3 1-1 T4; round 2 T3 0.5-1.5 T1,
# T4 1.5-0.5 T2. MP: T1 4, T2 0, T3 1, T4 3; GP: T1 3, T2 1, T3 1.5, T4 2.5


def team_values(*records: str) -> dict[int, dict[str, Fraction | None]]:
    tournament = read_trf_text(team_file("Teams", 2, extra=records, **TEAMS), "t.trf")  # type: ignore[arg-type]
    return values(tournament, "MP,GP,BH:MP")


def test_team_penalty_in_match_and_game_points() -> None:
    """T1 -2 MP and -1 GP: 2 MP, 2 GP; T4 is first; T2's BH:MP still counts T1's 4 MP."""
    found = team_values(record_299("", "-1.0", 0, 1, mp="-2.0"))
    assert (found[1]["MP"], found[1]["GP"]) == (F(2), F(2))
    assert (found[4]["MP"], found[4]["GP"]) == (F(3), F(5, 2))
    assert found[2]["BH:MP"] == F(4) + F(3)


def test_team_typed_assignment_for_a_round() -> None:
    """T1's win of round 2 gives 1 MP and 2 GP instead of 2 MP and 1.5 GP: 3 MP, 3.5 GP."""
    found = team_values(record_299("W", "2.0", 2, 1, mp="1.0"))
    assert (found[1]["MP"], found[1]["GP"]) == (F(3), F(7, 2))
    assert found[3]["BH:MP"] == F(3) + F(3)  # T3 met T4 (3 MP) and T1 (now 3 MP)


# ---------------------------------------------------------------------------------------------
# 299 written back


@pytest.mark.parametrize(
    "records",
    [
        (record_299("", "-1.0", 2, 1),),
        (record_299("", "0.5", 0, 3), record_299("D", "0.0", 2, 2, 4)),
        (record_299("L", "0.25", 0, 3),),
    ],
)
def test_299_records_are_written_and_read_back_to_the_same_tournament(
    records: tuple[str, ...],
) -> None:
    tournament = read_trf_text(trf(*records), "t.trf")
    again = read_trf_text(write_trf(tournament), "again.trf")
    assert again.point_assignments == tournament.point_assignments
    assert values(again, "PTS,BH,SB,PS") == values(tournament, "PTS,BH,SB,PS")
    assert "consistency.points-differ" not in codes(again)


def test_team_299_records_are_written_back() -> None:
    text = team_file("Teams", 2, extra=(record_299("", "-1.0", 0, 1, mp="-2.0"),), **TEAMS)  # type: ignore[arg-type]
    tournament = read_trf_text(text, "t.trf")
    again = read_trf_text(write_trf(tournament), "again.trf")
    assert again.point_assignments == tournament.point_assignments


def test_a_format_without_299_refuses_the_tournament() -> None:
    tournament = read_trf_text(trf(record_299("", "-1.0", 2, 1)), "t.trf")
    with pytest.raises(FormatLimitError, match="abnormal point assignments"):
        write_chess_json(tournament)


# ---------------------------------------------------------------------------------------------
# 240, 250 and the records without effect


def test_a_240_bye_fills_a_blank_round() -> None:
    """Dan has no result in round 3 (blank): 240 H gives him a half-point bye."""
    players = (*PLAYERS[:3], (4, "Dan", "", ("   3 b 0", "   2 b =")))
    players = (
        (1, "Ann", "", ("   2 w 1", "   3 b 1", "0000 - U")),
        *players[1:],
    )
    tournament = read_trf_text(trf("240 H 003    4", players=players), "t.trf")
    assert tournament.player(4).results[2].kind is ResultKind.HALF_BYE
    assert values(tournament, "PTS")[4]["PTS"] == F(1)


def test_a_240_bye_against_the_001_result_is_a_located_warning() -> None:
    tournament = read_trf_text(trf("240 H 002    1"), "t.trf")
    warning = next(w for w in tournament.warnings if w.code == "trf.bye-disagrees")
    assert str(warning) == (
        "t.trf:4:1: record 240 gives player 1 a half-point bye in round 2 but the 001 record "
        "has a win; the 001 record is used"
    )
    assert tournament.player(1).results[1].kind is ResultKind.WIN


def test_a_240_bye_for_the_round_to_pair_cannot_change_the_standings() -> None:
    tournament = read_trf_text(trf("240 Z 004    1    2"), "t.trf")
    assert "trf.bye-later-round" in codes(tournament)
    assert values(tournament, "PTS,BH") == values(read_trf_text(trf(), "t.trf"), "PTS,BH")


def test_acceleration_enters_no_score_and_no_tiebreak() -> None:
    """250 (and XXA) fictitious points are for pairing only: every value is that of the same
    file without them."""
    accelerated = trf("250      1.0 001 002 0001 0002", "XXA 0001  1.0  1.0")
    tournament = read_trf_text(accelerated, "t.trf")
    listed = "PTS,BH,BH/C1,SB,PS,ARO,KS,WIN,AOB"
    assert values(tournament, listed) == values(read_trf_text(trf(), "t.trf"), listed)
    warnings = [str(w) for w in tournament.warnings if w.code == "trf.acceleration-ignored"]
    assert warnings == [
        "t.trf:4:1: record 250, accelerated rounds: the fictitious points are for pairing only "
        "(FIDE C.04.5); they enter neither the scores nor any tie-break"
    ]


def test_a_malformed_250_is_an_input_error() -> None:
    from tiebreaks.errors import InputError

    with pytest.raises(InputError, match="fictitious points"):
        read_trf_text(trf("250      x.0 001 002 0001 0002"), "t.trf")


def test_records_without_effect_are_named_in_one_located_warning() -> None:
    text = trf("222 5400+30", "260 001 003    1    2", "XXP 1 2", "260 002 003    3    4")
    tournament = read_trf_text(text, "t.trf")
    warnings = [str(w) for w in tournament.warnings if w.code == "trf.records-without-effect"]
    assert warnings == [
        "t.trf:5:1: records read that cannot change the standings or tie-breaks: 260 "
        "(prohibited pairings), XXP (forbidden pairs)"
    ]


# ---------------------------------------------------------------------------------------------
# Item 7: a change of the tie-break list recorded


def test_a_changed_list_is_recorded_as_a_comment_and_reported_on_reading() -> None:
    tournament = read_trf_text(trf("202 SB,BH"), "t.trf")
    standings = compute_standings(tournament, "PTS,BH,PS")
    written = write_trf(tournament, standings)
    lines = written.splitlines()
    comment = "### 202 changed after round 3; previous list: SB,BH"
    assert comment in lines and "202 BH,PS" in lines
    again = read_trf_text(written, "again.trf")
    assert again.list_changes == (ListChange("202", 3, ("SB", "BH")),)
    warning = next(w for w in again.warnings if w.code == "trf.tiebreak-list-changed")
    assert str(warning) == (
        f"again.trf:{lines.index(comment) + 1}:1: the tie-break list of record 202 was changed "
        "after round 3; the list before was SB, BH"
    )
    # written again with its own list: the change is kept, once
    rewritten = write_trf(again, compute_standings(again))
    assert rewritten.splitlines().count(comment) == 1


def test_a_change_after_an_earlier_round_and_of_212() -> None:
    tournament = read_trf_text(trf("212 PTS,SB,BH"), "t.trf")
    standings = compute_standings(tournament, "PTS,BH", after_round=2)
    assert "### 212 changed after round 2; previous list: PTS,SB,BH" in write_trf(
        tournament, standings
    )


@pytest.mark.parametrize("declared", ["202 SB,BH", "202 sb, bh", "212 PTS,SB,BH"])
def test_the_declared_list_used_records_no_change(declared: str) -> None:
    tournament = read_trf_text(trf(declared), "t.trf")
    written = write_trf(tournament, compute_standings(tournament))
    assert "changed after round" not in written


# ---------------------------------------------------------------------------------------------
# The reading as an invoice: a penalty or bonus moves one score, and nothing else

LISTED = "PTS,BH,FB,AOB,SB,PS,KS,WIN,ARO,DE"


@settings(max_examples=30, deadline=None)
@given(
    tournament=swiss_tournaments(max_players=8, max_rounds=5),
    data=st.data(),
)
def test_a_penalty_or_bonus_changes_one_score_and_no_tiebreak(
    tournament: Tournament, data: st.DataObject
) -> None:
    """Any event, any participant, any penalty or bonus from any round: that participant's PTS
    moves by it when its round is reached, and every other value of everyone stays (C.07's
    tie-breaks are defined on the results; docs/conformance.md)."""
    number = data.draw(st.sampled_from([p.start_number for p in tournament.players]))
    points = data.draw(st.sampled_from([F(-3, 2), F(-1), F(-1, 4), F(1, 2), F(2)]))
    round_number = data.draw(st.integers(0, tournament.rounds))
    after = data.draw(st.integers(1, tournament.rounds))
    item = PointAssignment("", points, None, round_number, (number,))
    changed = replace(tournament, point_assignments=(item,))
    before_values = values(tournament, LISTED, after)
    after_values = values(changed, LISTED, after)
    for start, row in before_values.items():
        moved = points if start == number and round_number <= after else 0
        assert after_values[start]["PTS"] == row["PTS"] + moved  # type: ignore[operator]
        assert {k: v for k, v in after_values[start].items() if k not in ("PTS", "DE")} == {
            k: v for k, v in row.items() if k not in ("PTS", "DE")
        }
