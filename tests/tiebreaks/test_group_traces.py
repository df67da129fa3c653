"""Traces of the group tie-breaks: DE (C.07 (2026) Art. 6), DEB (DSB practice), RBT (US Chess
34E) and the team tie-breaks among the tied teams (Art. 12, 13.3).

Each trace holds the group's mini-table (:class:`~tiebreaks.engine.trace.GroupTable`): the
games among the tied group and each member's points there, and the order the tie-break gave.
Expected numbers are worked out by hand from the games built here, from the Held exercises
(TV-6) or from the US Chess rule; none is copied from the program's output.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import tiebreaks
from tiebreaks.engine.context import build_context
from tiebreaks.engine.spec import parse_spec
from tiebreaks.engine.trace import Trace, group_tracer_for
from tiebreaks.model import PairingSystem, ResultKind
from tiebreaks.model.rules import FIDE_2026
from tiebreaks.render.explanations import explanation
from tiebreaks.services.explain import explain_value

from ..builders import Builder
from .test_us_chess import three_tied

F = Fraction
K = ResultKind
HELD_TEAMS = Path(tiebreaks.example_path("held-team-14.trf"))
SWISS = Path(tiebreaks.example_path("held-swiss-16.trf"))


def _traces(tournament: tiebreaks.Tournament, tiebreak_list: str, label: str) -> list[Trace]:
    standings = tiebreaks.compute_standings(tournament, tiebreak_list, "fide-2026")
    traces = []
    for row in sorted(standings.rows, key=lambda row: row.player.start_number):
        trace = explain_value(standings, row, label)
        assert isinstance(trace, Trace)
        assert trace.value == row.values[label]
        traces.append(trace)
    return traces


def _numbers(tournament: tiebreaks.Tournament, indexes: object) -> object:
    """Indexes (or nested tuples of them) as start numbers."""
    players = tournament.players
    if isinstance(indexes, int):
        return players[indexes].start_number
    assert isinstance(indexes, tuple | list)
    return [_numbers(tournament, item) for item in indexes]


# --- DE ------------------------------------------------------------------------------------


def test_de_mini_table_of_players_who_met_twice() -> None:
    """Art. 6.1.2: a double round robin of three (A-B 1-0 and ½-½, A-C 0-1 twice, B-C 1-0
    twice); all end on 2 points. Mini-table: A ¾, B 1¼, C 1 (the averages of each pair's
    games): order B, C, A. The table keeps every game: 6 rounds, each from both sides."""
    builder = Builder(rounds=6, pairing_system=PairingSystem.ROUND_ROBIN)
    builder.game(1, 1, 2, "1-0").bye(1, 3, K.ABSENT)
    builder.game(2, 3, 1, "1-0").bye(2, 2, K.ABSENT)
    builder.game(3, 2, 3, "1-0").bye(3, 1, K.ABSENT)
    builder.game(4, 2, 1, "=").bye(4, 3, K.ABSENT)
    builder.game(5, 1, 3, "0-1").bye(5, 2, K.ABSENT)
    builder.game(6, 3, 2, "0-1").bye(6, 1, K.ABSENT)
    tournament = builder.build()
    context = build_context(tournament, FIDE_2026)
    tracer = group_tracer_for("DE")
    assert tracer is not None
    trace = tracer(context, parse_spec("DE"), [0, 1, 2], 0)
    assert trace.group is not None
    assert trace.group.points == {0: F(3, 4), 1: F(5, 4), 2: F(1)}
    assert len(trace.group.games) == 12
    assert trace.group.order == ((1,), (2,), (0,))
    assert [(entry.opponent, entry.score) for entry in trace.entries] == [
        (1, F(5, 4)),
        (2, F(1)),
        (0, F(3, 4)),
    ]
    assert [step.code for step in trace.steps] == ["everyone-met", "place"]
    assert trace.value == 3  # A is third inside the group


@pytest.mark.parametrize(
    ("second_round", "order", "places"),
    [
        # 1 beat 2 and 3, who did not meet: 1 has 2 points, 2 and 3 could reach 1 each by
        # winning their unplayed game: 1 is placed first (Art. 6.3); 2 and 3 stay tied.
        ("1-3", [[1], [2, 3]], [1, 2, 2]),
        # 1 beat 2; 3 met nobody of the group and could still reach 2 points: nobody placed.
        ("4-5", [[1, 2, 3]], [0, 0, 0]),
    ],
)
def test_de_not_everyone_met(second_round: str, order: list[list[int]], places: list[int]) -> None:
    white, black = map(int, second_round.split("-"))
    builder = Builder(rounds=2).game(1, 1, 2, "1-0").game(2, white, black, "1-0").player(3)
    if second_round == "1-3":
        builder.game(1, 3, 4, "1-0").game(2, 2, 5, "1-0")
    group = [0, 1, 2]  # players 1, 2, 3
    context = build_context(builder.build(), FIDE_2026)
    tracer = group_tracer_for("DE")
    assert tracer is not None
    for position, index in enumerate(group):
        trace = tracer(context, parse_spec("DE"), group, index)
        assert trace.group is not None
        assert [[member + 1 for member in part] for part in trace.group.order] == order
        assert trace.value == places[position]
        assert trace.steps[0].code == "not-everyone-met"
        assert trace.steps[0].article == "6.3"


def test_de_in_the_standings_of_a_large_group() -> None:
    """A group of 100 players with one game among them (1 beat 2): not everyone met, and 1's
    point is within reach of every other (one win), so Art. 6.3 places nobody: every value is 0
    whatever the size of the group (there is no separate path for large groups)."""
    builder = Builder(rounds=2).game(1, 1, 2, "1-0").bye(2, 1, K.ZERO_BYE)
    builder.bye(2, 2, K.FULL_BYE)
    for number in range(3, 101, 2):
        builder.game(1, number, number + 1, "1-0").game(2, number + 1, number, "1-0")
    traces = _traces(builder.build(), "PTS,DE", "DE")
    assert {trace.value for trace in traces} == {0}
    group = traces[0].group
    assert group is not None and len(group.members) == 100
    # 1 beat 2; every other pair met twice, one win each: ½ each (Art. 6.1.2)
    assert group.points[0] == 1 and group.points[1] == 0
    assert sum(group.points.values()) == 50


# --- DEB ------------------------------------------------------------------------------------


def test_deb_black_ranks_ahead_after_a_draw() -> None:
    """1 and 2 drew (2 had Black); both then won: equal on points and on direct encounter
    (½ each, everyone met), so the games with Black among them decide: 2 (one) before 1."""
    builder = Builder(rounds=2).game(1, 1, 2, "=").game(1, 3, 4, "1-0")
    builder.game(2, 1, 3, "1-0").game(2, 4, 2, "0-1")
    traces = _traces(builder.build(), "PTS,DEB", "DEB")
    first, second = traces[0], traces[1]
    assert (first.value, second.value) == (F(2), F(1))
    assert second.group is not None and second.group.points == {0: F(1, 2), 1: F(1, 2)}
    blacks = {e.opponent: e.score for e in second.entries if e.role == "black-games"}
    assert blacks == {0: 0, 1: 1}


# --- RBT ------------------------------------------------------------------------------------


def test_rbt_plus_minus_and_games() -> None:
    """US Chess 34E: 1 beat 2 and 3, 2 beat 3: plus/minus +2, 0, -2; places 1, 2, 3. The
    table holds the three games from both sides, outcomes in half-points (unit 2)."""
    traces = _traces(three_tied(), "PTS,RBT", "RBT")
    assert [trace.value for trace in traces] == [1, 2, 3]
    table = traces[0].group
    assert table is not None and table.unit == 2
    assert sorted(game for game in table.games if game[3] == 2) == [
        (1, 0, 1, 2),
        (2, 0, 2, 2),
        (3, 1, 2, 2),
    ]
    assert len(table.games) == 6
    assert [entry.score for entry in traces[0].entries] == [F(2), F(0), F(-2)]


def test_rbt_without_games_among_the_group() -> None:
    """1 and 2 never played each other (2's win is a forfeit, which never counts): 0 each."""
    builder = Builder(rounds=2).game(1, 1, 3, "1-0").game(2, 2, 3, "0-1").game(1, 2, 4, "+-")
    context = build_context(builder.build(), FIDE_2026)
    tracer = group_tracer_for("RBT")
    assert tracer is not None
    trace = tracer(context, parse_spec("RBT"), [0, 1], 0)
    assert trace.group is not None and trace.group.games == ()
    assert [entry.score for entry in trace.entries] == [0, 0]
    assert trace.value == 0


# --- teams ----------------------------------------------------------------------------------


def test_ede_held_exercise_45() -> None:
    """Held (45): leaders 1-5 all met, 4 MP each among them; GP: 4 = 8.5, {1, 2, 3} = 8,
    5 = 7.5; {1, 2, 3} again on GP: 2 = 5.5, 1 = 5, 3 = 1.5: order 4, 2, 1, 3, 5."""
    tournament = tiebreaks.read_tournament(HELD_TEAMS)
    traces = _traces(tournament, "MP,EDE", "EDE")
    trace = traces[2]  # team 3
    assert trace.group is not None
    assert _numbers(tournament, trace.group.order) == [[4], [2], [1], [3], [5]]
    assert trace.group.points == dict.fromkeys(range(5), F(4))
    assert len(trace.group.games) == 20  # the 10 matches among them, from both sides
    orders = [step for step in trace.steps if step.code.startswith("order-")]
    assert [step.code for step in orders] == ["order-MP", "order-GP", "order-GP"]
    assert orders[1].numbers == (3, None, 0, 1, 2, None, 4)
    game_points = {e.opponent: e.score for e in trace.entries if e.role == "GP"}
    assert game_points == {0: F(5), 1: F(11, 2), 2: F(3, 2), 3: F(17, 2), 4: F(15, 2)}
    assert trace.value == 4


def test_edebt_board_count_of_the_mutual_match() -> None:
    """Held (46): EDE leaves 11 and 14 tied; their match (11 White: W, D, D, L for 11):
    BC 11 = 1x1 + 2x½ + 3x½ + 4x0 = 3.5, 14 = 6.5: 11 first."""
    tournament = tiebreaks.read_tournament(HELD_TEAMS)
    standings = tiebreaks.compute_standings(tournament, "MP,GP,EDEBT", "fide-2024")
    trace = explain_value(standings, standings.row(11), "EDEBT")
    assert isinstance(trace, Trace)
    counts = {e.opponent: e.score for e in trace.entries if e.role == "BC"}
    assert counts == {10: F(7, 2), 13: F(13, 2)}
    matches = [step.numbers for step in trace.steps if step.code == "match"]
    assert (10, 3, 13, F(1), F(1, 2), F(1, 2), F(0)) in matches
    assert trace.value == 1


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
@pytest.mark.parametrize(
    ("source", "tiebreak_list", "start_number"),
    [
        (SWISS, "PTS,DE", 3),
        (SWISS, "PTS,DEB", 3),
        (SWISS, "PTS,RBT", 3),
        (HELD_TEAMS, "MP,EDE", 3),
        (HELD_TEAMS, "MP,GP,EDEBT", 11),
        (HELD_TEAMS, "MP,BC", 3),
        (HELD_TEAMS, "MP,TBR", 3),
        (HELD_TEAMS, "MP,BBE", 3),
    ],
)
def test_every_sentence_is_translated(
    source: Path, tiebreak_list: str, start_number: int, lang: str
) -> None:
    """No sentence of a group tie-break's explanation stays in English."""
    standings = tiebreaks.compute_standings(tiebreaks.read_tournament(source), tiebreak_list)
    label = standings.columns[-1]
    trace = explain_value(standings, standings.row(start_number), label)
    assert isinstance(trace, Trace)
    computation = standings.computation.for_score(trace.spec.score)
    english = explanation(trace, computation, "en")
    worded = explanation(trace, computation, lang)
    assert worded.definition != english.definition
    for ours, theirs in zip(worded.lines, english.lines, strict=True):
        assert ours.text != theirs.text
    for step, english_step in zip(worded.steps, english.steps, strict=True):
        assert step != english_step
