"""PTS, WIN, WON, BPG, BWG, REP, STD, TPN (C.07 (2026) Art. 4.2, 7.1-7.8) and KS (9.2), on
arrays only, and their traces.

Two small events computed by hand pin the values and what each trace says (the rounds
counted, the points compared, the Koya limit and who reached it); a score system too large for
int64 pins the exact-integer path; hypothesis checks every trace against the per-round
definitions written out here from the regulations, and the value against the column.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.column import Column
from tiebreaks.engine.computation import Computation
from tiebreaks.engine.context import NO_OPPONENT, Context, build_context
from tiebreaks.engine.families.game_counts import CountRole
from tiebreaks.engine.families.koya import KoyaRole
from tiebreaks.engine.grid import grid
from tiebreaks.engine.spec import parse_spec
from tiebreaks.engine.trace import Trace, tracer_for
from tiebreaks.model import PairingSystem, ResultKind, ScoreSystem, Tournament
from tiebreaks.model.rules import rules_by_name
from tiebreaks.render.explanations import explanation

from ..builders import Builder
from ..strategies import round_robins, swiss_tournaments

K = ResultKind
HALF = Fraction(1, 2)
COUNTS = ["WIN", "WON", "BPG", "BWG", "REP"]
EVERY = ["PTS", *COUNTS, "STD", "TPN", "TPN/R", "KS", "KS/L-1", "KS/L+2"]


def column(context: Context, text: str) -> Column:
    """The column of ``text``, from the registered computation."""
    spec, entry = resolve(parse_spec(text))
    assert entry.compute is not None
    return entry.compute(context, spec)


def trace(context: Context, text: str, number: int) -> Trace:
    """The trace of ``text`` for the participant with start number ``number``."""
    spec, _ = resolve(parse_spec(text))
    tracer = tracer_for(spec.acronym)
    assert tracer is not None, text
    numbers = [player.start_number for player in context.tournament.players]
    return tracer(context, spec, numbers.index(number))


def halves(*values: int) -> list[Fraction | None]:
    """Values given in half-points."""
    return [Fraction(value, 2) for value in values]


def swiss_by_hand(system: ScoreSystem | None = None) -> Context:
    """Four players, three Swiss rounds (1-½-0 unless ``system``):

    round 1: 1-2 1-0, 3-4 forfeit (3 wins);
    round 2: 2-1 0-1 (1 wins with Black), 3 half-point bye, 4 pairing-allocated bye;
    round 3: 1-3 draw, 4-2 unrated win of 4 (2 loses with Black).

    Scores: 1 2½, 2 0, 3 2, 4 2."""
    builder = Builder(rounds=3, pairing_system=PairingSystem.SWISS)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "+-")
    builder.game(2, 2, 1, "0-1").bye(2, 3, K.HALF_BYE).bye(2, 4, K.PAIRING_BYE)
    builder.game(3, 1, 3, "=").game(3, 4, 2, "W-L")
    tournament = builder.build("by hand")
    if system is not None:
        tournament = replace(tournament, score_system=system)
    return build_context(tournament, rules_by_name("fide-2026"))


def test_swiss_counts_by_hand() -> None:
    context = swiss_by_hand()
    assert column(context, "PTS").values() == halves(5, 0, 4, 4)
    # WIN: rounds scored 1 (forfeit win and pairing-allocated bye included)
    assert column(context, "WIN").values() == [2, 0, 1, 2]
    # WON: games won over the board (the unrated win counts, the forfeit win does not)
    assert column(context, "WON").values() == [2, 0, 0, 1]
    # BPG: 1 round 2; 2 rounds 1 and 3; 3 round 3; 4's Black forfeit of round 1 is no game
    assert column(context, "BPG").values() == [1, 2, 1, 0]
    assert column(context, "BWG").values() == [1, 0, 0, 0]
    # REP: the half-point bye (3) and the forfeit loss (4) were not elected
    assert column(context, "REP").values() == [3, 3, 2, 2]


@pytest.mark.parametrize(
    ("text", "number", "rounds"),
    [
        ("WIN", 3, [1]),  # the forfeit win
        ("WIN", 4, [2, 3]),  # the pairing-allocated bye and the unrated win
        ("WON", 3, []),
        ("WON", 4, [3]),
        ("BPG", 2, [1, 3]),
        ("BPG", 4, []),  # Black in the forfeit of round 1: no game
        ("BWG", 1, [2]),
        ("REP", 3, [1, 3]),  # not the half-point bye
        ("REP", 4, [2, 3]),  # not the forfeit loss
    ],
)
def test_swiss_count_traces_by_hand(text: str, number: int, rounds: list[int]) -> None:
    found = trace(swiss_by_hand(), text, number)
    assert [entry.round for entry in found.entries] == rounds
    assert all(entry.role == CountRole.COUNTED for entry in found.entries)
    assert all(entry.amount == 1 and entry.kept for entry in found.entries)
    assert found.is_sum and found.value == found.total == len(rounds)


def test_swiss_points_trace_by_hand() -> None:
    found = trace(swiss_by_hand(), "PTS", 3)
    assert [(entry.round, entry.amount) for entry in found.entries] == [
        (1, 1),
        (2, HALF),
        (3, HALF),
    ]
    assert all(entry.role == CountRole.AWARDED for entry in found.entries)
    assert found.value == found.total == 2


def test_swiss_standard_points_by_hand() -> None:
    # 1: 1 + 1 + ½; 2: 0; 3: forfeit win 1 (more than a draw) + half-point bye ½ + draw ½;
    # 4: forfeit loss 0 + pairing-allocated bye 1 + win 1
    assert column(swiss_by_hand(), "STD").values() == halves(5, 0, 4, 4)


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        # (round, compared with, opponent's start number, scored, compared points, amount)
        (3, [
            (1, "draw", None, 1, HALF, 1),
            (2, "draw", None, HALF, HALF, HALF),
            (3, "opponent", 1, HALF, HALF, HALF),
        ]),
        (4, [
            (1, "draw", None, 0, HALF, 0),
            (2, "draw", None, 1, HALF, 1),
            (3, "opponent", 2, 1, 0, 1),
        ]),
        (2, [
            (1, "opponent", 1, 0, 1, 0),
            (2, "opponent", 1, 0, 1, 0),
            (3, "opponent", 4, 0, 1, 0),
        ]),
    ],
)  # fmt: skip
def test_swiss_standard_points_trace_by_hand(
    number: int, expected: list[tuple[int, str, int | None, Fraction, Fraction, Fraction]]
) -> None:
    """Art. 7.7: a game compares with the opponent's points, a round without one with the
    draw value."""
    context = swiss_by_hand()
    found = trace(context, "STD", number)
    roles = {CountRole.AGAINST_OPPONENT: "opponent", CountRole.AGAINST_DRAW: "draw"}
    players = context.tournament.players
    assert [
        (
            entry.round,
            roles[CountRole(entry.role)],
            None if entry.opponent is None else players[entry.opponent].start_number,
            entry.weight,
            entry.score,
            entry.amount,
        )
        for entry in found.entries
    ] == expected
    assert found.value == found.total


def test_swiss_koya_by_hand() -> None:
    context = swiss_by_hand()
    # limit 50% of 3 points = 1½: players 1, 3 and 4 reach it; 3's forfeit win counts
    assert column(context, "KS").values() == halves(1, 0, 3, 0)
    # /L+2: one point more, 2½: only player 1
    assert column(context, "KS/L+2").values() == halves(0, 0, 1, 0)
    # /L-6: three points less, every player counts (byes have no opponent)
    assert column(context, "KS/L-6").values() == halves(5, 0, 3, 2)


@pytest.mark.parametrize(
    ("text", "number", "rounds", "step"),
    [
        # player 3: round 1 against 4 (score 2, forfeit win: 1), round 3 against 1 (2½, ½)
        ("KS", 3, [(1, 4, 2, 1), (3, 1, Fraction(5, 2), HALF)], (Fraction(3, 2), 3, 1, 0)),
        # /L+2: limit 2½, 4 (score 2) is below it
        ("KS/L+2", 3, [(1, 4, 2, None), (3, 1, Fraction(5, 2), HALF)], (Fraction(5, 2), 3, 1, 2)),
        # player 4: round 1 against 3 (score 2, lost by forfeit: 0), round 3 against 2 (0)
        ("KS", 4, [(1, 3, 2, 0), (3, 2, 0, None)], (Fraction(3, 2), 3, 1, 0)),
    ],
)
def test_swiss_koya_trace_by_hand(
    text: str,
    number: int,
    rounds: list[tuple[int, int, Fraction, Fraction | None]],
    step: tuple[Fraction, int, int, int],
) -> None:
    """One entry per round with a scheduled opponent (the byes of round 2 have none): the
    opponent, their score, and the points scored when they reached the limit (Art. 9.2)."""
    context = swiss_by_hand()
    found = trace(context, text, number)
    players = context.tournament.players
    assert [
        (entry.round, players[entry.opponent or 0].start_number, entry.score, entry.amount)
        for entry in found.entries
    ] == rounds
    for entry in found.entries:
        reached = KoyaRole.COUNTED if entry.amount is not None else KoyaRole.BELOW_LIMIT
        assert entry.role == reached
    assert (found.steps[0].code, found.steps[0].numbers, found.steps[0].article) == (
        "limit",
        step,
        "9.2",
    )
    assert found.value == found.total


def test_pairing_numbers_by_hand() -> None:
    context = swiss_by_hand()
    numbers = column(context, "TPN")
    assert (list(numbers.numerators), numbers.denominator) == ([1, 2, 3, 4], 1)
    assert not numbers.higher_is_better
    reversed_numbers = column(context, "TPN/R")
    assert list(reversed_numbers.numerators) == [1, 2, 3, 4]
    assert reversed_numbers.higher_is_better
    assert trace(context, "TPN", 3).value == 3
    assert [entry.role for entry in trace(context, "TPN", 3).entries] == [
        CountRole.LOWER_RANKS_HIGHER
    ]
    assert [entry.role for entry in trace(context, "TPN/R", 3).entries] == [
        CountRole.HIGHER_RANKS_HIGHER
    ]


#: W 1,000,000, D 1/7: in units of 1/7 a win is 7,000,000, three rounds leave int64-safe
#: bounds, so the grid holds exact Python integers
HUGE = ScoreSystem.from_values(Fraction(10**6), Fraction(1, 7))


def test_exact_integers_beyond_int64_bounds() -> None:
    """Scores: 1 2,000,000 1/7; 2 0; 3 1,000,000 2/7 (forfeit win, half-point bye, draw);
    4 2,000,000. The Koya limit is 1,500,000: only 1 and 4 reach it."""
    context = swiss_by_hand(HUGE)
    assert grid(context).points.dtype == object
    million = Fraction(10**6)
    assert column(context, "PTS").values() == [
        2 * million + Fraction(1, 7),
        0,
        million + Fraction(2, 7),
        2 * million,
    ]
    assert column(context, "WIN").values() == [2, 0, 1, 2]
    assert column(context, "STD").values() == halves(5, 0, 4, 4)
    # 3 scored 1,000,000 against 4 (forfeit) and 1/7 against 1; nobody else met 1 or 4
    # with points
    assert column(context, "KS").values() == [0, 0, million + Fraction(1, 7), 0]
    assert all(type(value) is int for value in column(context, "KS").numerators)
    found = trace(context, "KS", 3)
    assert found.value == million + Fraction(1, 7)
    assert found.steps[0].numbers == (Fraction(3 * 10**6, 2), 3, million, 0)


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
    assert column(context, "PTS").values() == halves(5, 4, 3, 2, 0)
    assert column(context, "WIN").values() == [2, 1, 1, 1, 0]
    assert column(context, "WON").values() == [1, 1, 1, 1, 0]
    assert column(context, "BPG").values() == [1, 2, 0, 3, 0]
    assert column(context, "BWG").values() == [1, 0, 0, 1, 0]
    # three games each; the bye of player 1 sits in an empty slot, not a round
    assert column(context, "REP").values() == [3, 3, 3, 3, 0]
    assert column(context, "STD").values() == halves(3, 4, 3, 2, 0)


def test_round_robin_traces_skip_the_empty_slots() -> None:
    """Player 1's rounds 1 (the bye) and 2 are empty slots: no round for REP or STD; PTS
    lists every round, the bye's point included."""
    context = round_robin_by_hand()
    assert [entry.round for entry in trace(context, "REP", 1).entries] == [3, 4, 5]
    assert [entry.round for entry in trace(context, "STD", 1).entries] == [3, 4, 5]
    assert [entry.amount for entry in trace(context, "STD", 1).entries] == [0, 1, HALF]
    assert [entry.amount for entry in trace(context, "PTS", 1).entries] == [1, 0, 0, 1, HALF]


def test_round_robin_koya_by_hand() -> None:
    context = round_robin_by_hand()
    # 3 games possible (5 rounds, less one empty slot per cycle, less the withdrawn player):
    # the limit is 1½, reached by players 1, 2 and 3
    assert column(context, "KS").values() == halves(3, 2, 1, 2, 0)
    # /L-1: 1 point, player 4 counts too
    assert column(context, "KS/L-1").values() == halves(3, 4, 3, 2, 0)
    found = trace(context, "KS", 1)
    assert found.steps[0].numbers == (Fraction(3, 2), 3, 1, 0)
    # player 1: round 3 against 4 (1, below), round 4 against 3 (1½: 1), round 5 against 2 (½)
    assert [(entry.round, entry.amount) for entry in found.entries] == [
        (3, None),
        (4, 1),
        (5, HALF),
    ]


@pytest.mark.parametrize("pairing", list(PairingSystem))
@pytest.mark.parametrize("after_round", [0, 1, 3])
def test_rounds_considered(pairing: PairingSystem, after_round: int) -> None:
    """Standings after an earlier round (after none at all: every array has no column), and a
    player who has not played yet: every value is its trace's value."""
    builder = Builder(rounds=3, pairing_system=pairing)
    builder.game(1, 1, 2, "1-0").game(2, 2, 3, "=").player(4)
    context = build_context(builder.build(), rules_by_name("fide-2026"), after_round)
    assert_traces_give_the_values(context)


@pytest.mark.parametrize("pairing", list(PairingSystem))
def test_no_participants(pairing: PairingSystem) -> None:
    empty = Tournament(name="empty", rounds=2, players=(), pairing_system=pairing)
    context = build_context(empty, rules_by_name("fide-2026"))
    for text in EVERY:
        assert list(column(context, text).numerators) == []


def assert_traces_give_the_values(context: Context) -> None:
    """Every participant's trace of every variant has the column's value; a sum's kept
    amounts add up to it."""
    for text in EVERY:
        values = column(context, text).values()
        for index, player in enumerate(context.tournament.players):
            found = trace(context, text, player.start_number)
            assert found.value == values[index], (text, player.start_number)
            if found.is_sum:
                assert found.total == found.value, text


#: the rounds each count counts, written out from C.07 (2026) Art. 7.1-7.4, 7.6 and 15.2
DEFINITIONS: dict[str, Callable[[Context, int, int], bool]] = {
    "WIN": lambda c, i, r: c.points[i][r] == c.win,
    "WON": lambda c, i, r: c.kinds[i][r] in (K.WIN, K.UNRATED_WIN),
    "BPG": lambda c, i, r: c.black[i][r] and c.kinds[i][r].played,
    "BWG": lambda c, i, r: c.black[i][r] and c.kinds[i][r] in (K.WIN, K.UNRATED_WIN),
    "REP": lambda c, i, r: (
        not c.kinds[i][r].voluntarily_unplayed
        and not (c.predetermined and c.opponents[i][r] == NO_OPPONENT)
    ),
}


def assert_traces_follow_the_definitions(context: Context) -> None:
    """Each count's trace lists exactly the rounds its definition counts; STD's entries say
    1, ½ or 0 by comparing with the opponent's points or the draw value (Art. 7.7)."""
    for index, player in enumerate(context.tournament.players):
        number = player.start_number
        for acronym, counts in DEFINITIONS.items():
            found = trace(context, acronym, number)
            wanted = [r + 1 for r in range(context.rounds) if counts(context, index, r)]
            assert [entry.round for entry in found.entries] == wanted, (acronym, number)
        for entry in trace(context, "STD", number).entries:
            column_index = (entry.round or 0) - 1
            mine = Fraction(context.points[index][column_index], context.unit)
            opponent = context.opponents[index][column_index]
            if context.kinds[index][column_index].played:
                other = Fraction(context.points[opponent][column_index], context.unit)
            else:
                other = Fraction(context.draw, context.unit)
            assert (entry.weight, entry.score) == (mine, other)
            assert entry.amount == (1 if mine > other else HALF if mine == other else 0)


def assert_koya_follows_the_definition(context: Context) -> None:
    """In a Swiss every round counts towards the maximum: the limit is half the rounds' wins
    moved by n half-points, and a round counts when its scheduled opponent reached it."""
    win, unit = Fraction(context.win, context.unit), context.unit
    scores = [Fraction(sum(row), unit) for row in context.points]
    for moved in (0, -1, 2):
        limit = win * context.rounds / 2 + Fraction(moved, 2)
        text = f"KS/L{moved:+d}" if moved else "KS"
        for index, player in enumerate(context.tournament.players):
            found = trace(context, text, player.start_number)
            scheduled = [r for r, o in enumerate(context.opponents[index]) if o != NO_OPPONENT]
            assert [(entry.round or 0) - 1 for entry in found.entries] == scheduled
            for entry in found.entries:
                column_index = (entry.round or 0) - 1
                opponent = context.opponents[index][column_index]
                assert entry.score == scores[opponent]
                reached = scores[opponent] >= limit
                scored = Fraction(context.points[index][column_index], unit)
                assert entry.amount == (scored if reached else None)


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(max_players=10, max_rounds=6))
def test_swiss_traces(tournament: Tournament) -> None:
    context = build_context(tournament, rules_by_name("fide-2026"))
    assert_traces_give_the_values(context)
    assert_traces_follow_the_definitions(context)
    assert_koya_follows_the_definition(context)


@settings(max_examples=30, deadline=None)
@given(round_robins(), st.sampled_from(["fide-2026", "uscf"]))
def test_round_robin_traces(tournament: Tournament, rules: str) -> None:
    context = build_context(tournament, rules_by_name(rules))
    assert_traces_give_the_values(context)
    assert_traces_follow_the_definitions(context)


@pytest.mark.parametrize("lang", ["en", "de", "it", "fr", "es"])
@pytest.mark.parametrize("text", EVERY)
def test_explanations_add_up_in_every_language(lang: str, text: str) -> None:
    """The words keep every amount: each line's amount is its entry's, in every language."""
    context = round_robin_by_hand()
    for player in context.tournament.players:
        found = trace(context, text, player.start_number)
        worded = explanation(found, Computation(context), lang)
        assert [line.amount for line in worded.lines] == [e.amount for e in found.entries]
        assert worded.value == found.value
        assert len(worded.steps) == len(found.steps)
