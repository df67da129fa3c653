"""The traces of the team value tie-breaks: MP, GP, MPvGP (C.07 (2026) Art. 11, 13.1), the
Extended Sonneborn-Berger EMMSB, EMGSB, EGMSB, EGGSB (13.2), SSSC (13.4) and the Berliner
Wertung BER, BERW.

Expected numbers come from the published answers of TV-6 (Held §2.3, 2023 rules; the table of
``tests/vectors/test_teams.py``), TV-11 (the Berlin example: 5.5 : 4.5, draws ignored 3 : 2),
the input files themselves and hand computations written next to each case.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import tiebreaks
from tiebreaks.engine.families.team import TeamRole
from tiebreaks.engine.families.team_encounters import BerlinRole
from tiebreaks.engine.trace import Trace
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.render.explanations import worded
from tiebreaks.services.explain import explain_value
from tiebreaks.standings import Standings

from .test_team_encounters import TV11, match_file

F = Fraction
HELD = tiebreaks.example_path("held-team-14.trf")


def _standings(columns: str, source: str = "held", primary: str | None = None) -> Standings:
    tournament = tiebreaks.read_tournament(HELD) if source == "held" else read_trf_text(TV11)
    return tiebreaks.compute_standings(tournament, columns, "fide-2024", primary=primary)


def _trace(standings: Standings, team: int, label: str) -> Trace:
    trace = explain_value(standings, standings.row(team), label)
    assert isinstance(trace, Trace)
    return trace


# --- Berliner Wertung -----------------------------------------------------------------------

#: TV-11 (B1 draw, B2 M1 wins, B3 M2 wins, B4 draw): per board (board, worth, Berlin points,
#: role); board i of 4 is worth 5 - i, a draw earns half of it (BER) or nothing (BERW)
BERLIN = [
    ("BER", 1, [(1, 4, F(2), "draw"), (2, 3, F(3), "win"), (3, 2, F(0), "loss"),
                (4, 1, F(1, 2), "draw")], F(11, 2)),
    ("BER", 2, [(1, 4, F(2), "draw"), (2, 3, F(0), "loss"), (3, 2, F(2), "win"),
                (4, 1, F(1, 2), "draw")], F(9, 2)),
    ("BERW", 1, [(1, 4, F(0), BerlinRole.DRAW_IGNORED), (2, 3, F(3), "win"),
                 (3, 2, F(0), "loss"), (4, 1, F(0), BerlinRole.DRAW_IGNORED)], F(3)),
    ("BERW", 2, [(1, 4, F(0), BerlinRole.DRAW_IGNORED), (2, 3, F(0), "loss"),
                 (3, 2, F(2), "win"), (4, 1, F(0), BerlinRole.DRAW_IGNORED)], F(2)),
]  # fmt: skip


@pytest.mark.parametrize(("acronym", "team", "boards", "value"), BERLIN)
def test_tv11_berlin_board_by_board(
    acronym: str, team: int, boards: list[tuple[int, int, Fraction, str]], value: Fraction
) -> None:
    trace = _trace(_standings("MP,GP,BER,BERW", "tv11"), team, acronym)
    found = [(e.board, e.score, e.amount, e.role) for e in trace.entries]
    assert found == [(board, F(worth), amount, role) for board, worth, amount, role in boards]
    assert all(entry.round == 1 and entry.opponent == 2 - team for entry in trace.entries)
    assert trace.value == trace.total == value


def test_berlin_rounds_without_board_games_and_a_drawn_round() -> None:
    """TV-6: team 1's round 6 is a forfeit win and team 7's round 7 a zero-point bye: no board
    games, 0; team 11 in round 3 against team 14: board 1 won (4) and draws on boards 2 and
    3 (3/2 + 2/2) = 6.5."""
    standings = _standings("MP,BER")
    sixth = [e for e in _trace(standings, 1, "BER").entries if e.round == 6]
    assert [(e.role, e.amount, e.board) for e in sixth] == [(BerlinRole.NO_BOARD_GAMES, F(0), None)]
    seventh = [e for e in _trace(standings, 7, "BER").entries if e.round == 7]
    assert [(e.role, e.amount) for e in seventh] == [(BerlinRole.NO_BOARD_GAMES, F(0))]
    third = [e for e in _trace(standings, 11, "BER").entries if e.round == 3]
    assert [(e.board, e.role, e.amount) for e in third] == [
        (1, "win", F(4)),
        (2, "draw", F(3, 2)),
        (3, "draw", F(1)),
        (4, "loss", F(0)),
    ]


@pytest.mark.parametrize("results", [["1"], ["=", "0", "1"], ["0", "0", "=", "1", "="]])
def test_berlin_amount_is_worth_times_share(results: list[str]) -> None:
    """Each board game adds its worth (B - i + 1) times the share earned (1, 1/2, 0)."""
    tournament = read_trf_text(match_file(results))
    standings = tiebreaks.compute_standings(tournament, "MP,BER,BERW", "fide-2024")
    size = len(results)
    for row in standings.rows:
        for label in ("BER", "BERW"):
            trace = explain_value(standings, row, label)
            assert isinstance(trace, Trace)
            for entry in trace.entries:
                assert entry.board is not None and entry.weight is not None
                assert entry.score == size - entry.board + 1
                assert entry.amount == entry.score * entry.weight
            assert trace.total == row.values[label]


# --- MP, GP, MPvGP --------------------------------------------------------------------------


def test_team_scores_round_by_round() -> None:
    """TV-6, team 1: MP 10 and GP 17.5 (published); round 6 is a forfeit win worth 2 MP and
    4 GP (the file's forfeit values); MPvGP is GP when ranking by MP, MP when ranking by GP."""
    standings = _standings("MP,GP,MPVGP")
    for label, total in (("MP", F(10)), ("GP", F(35, 2)), ("MPVGP", F(35, 2))):
        trace = _trace(standings, 1, label)
        assert {entry.role for entry in trace.entries} == {TeamRole.MATCH}
        assert [entry.round for entry in trace.entries] == list(range(1, 8))
        assert trace.value == trace.total == total, label
    assert _trace(standings, 1, "MP").entries[5].amount == 2
    assert _trace(standings, 1, "GP").entries[5].amount == 4
    by_game_points = _standings("GP,MP,MPVGP", primary="GP")
    assert _trace(by_game_points, 1, "MPVGP").value == 10


# --- Extended Sonneborn-Berger ----------------------------------------------------------------

#: TV-6, team 1 (2023 rules, published): EMMSB, EGMSB, EMGSB, EGGSB
EXTENDED = {"EMMSB": F(88), "EGMSB": F(158), "EMGSB": F(317, 2), "EGGSB": F(283)}


def test_extended_sonneborn_berger_entries_are_products() -> None:
    """Every entry: the opponent's total (``score``, in X) times the points of the match
    (``weight``, in Y); the kept entries add up to the value, which is the standings' one."""
    standings = _standings("MP," + ",".join(EXTENDED))
    for row in standings.rows:
        for label in EXTENDED:
            trace = _trace(standings, row.player.start_number, label)
            for entry in trace.entries:
                assert entry.score is not None and entry.weight is not None
                assert entry.amount == entry.score * entry.weight, (label, entry)
            assert trace.value == trace.total == row.values[label]
    assert {label: _trace(standings, 1, label).value for label in EXTENDED} == EXTENDED


# --- SSSC ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "divisor", "given", "value"),
    [
        # F = 14 MP at most / 4 GP per match at most = 3 (rounded down): 17.5 + 64 / 3
        ("SSSC", 3, 0, F(233, 6)),
        ("SSSC/K4", 4, 1, F(35, 2) + 16),
    ],
)
def test_schedule_strength_parts(label: str, divisor: int, given: int, value: Fraction) -> None:
    """TV-6, team 1: GP 17.5 and BH:MP 64 (published)."""
    standings = _standings(f"MP,{label}")
    trace = _trace(standings, 1, label)
    assert [(e.role, e.score, e.amount) for e in trace.entries] == [
        (TeamRole.SECONDARY_SCORE, F(35, 2), F(35, 2)),
        (TeamRole.SCHEDULE_STRENGTH, 64, F(64, divisor)),
    ]
    assert [(step.code, step.numbers) for step in trace.steps] == [
        ("divisor", (divisor, given)),
        ("sum", (F(35, 2), 64, divisor, value)),
    ]
    assert trace.value == trace.total == value == standings.row(1).values[label]


# --- words in every language ------------------------------------------------------------------

FAMILY = "MP,GP,MPVGP,EMMSB,EMGSB/C1,EGMSB,EGGSB,SSSC,BER,BERW"


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
def test_team_explanations_are_translated(lang: str) -> None:
    """Every definition and every sentence of a line is worded in the language, not in
    English; the amounts stay the trace's."""
    standings = _standings(FAMILY)
    row = standings.row(7)  # team 7: a zero-point bye in round 7
    for label in standings.columns:
        trace = _trace(standings, row.player.start_number, label)
        english = worded(trace, standings, "en")
        translated = worded(trace, standings, lang)
        assert translated.definition != english.definition, (lang, label)
        assert [line.amount for line in translated.lines] == [e.amount for e in trace.entries]
        lines = zip(trace.entries, translated.lines, english.lines, strict=True)
        for entry, ours, theirs in lines:
            if entry.role != TeamRole.SCHEDULE_STRENGTH:  # "BH:MP 58 / F": no words
                assert ours.text != theirs.text, (lang, label, theirs.text)
