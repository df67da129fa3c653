"""Explanations (issue: "why am I 4th and not 3rd?").

* Seed 000: C's Sonneborn-Berger opponent by opponent (draw against A: 2½, half of A's 5;
  ...; sum 9) and D's (7¾).
* Seed 003: only the games where C and D scored differently decide between them:
  A: ½ x 5 = 2½, E: -½ x 2½ = -1¼, SB(C) - SB(D) = 1¼.
* Properties: every explanation gives the value of the standings; for every sum the kept lines
  add up to it; ``why`` names the criterion that separates two participants in the standings.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.common import EXIT_USAGE
from tiebreaks.cli.main import main
from tiebreaks.engine.catalogue import catalogue
from tiebreaks.engine.registry import Kind
from tiebreaks.engine.trace import Trace, group_tracer_for, tracer_for
from tiebreaks.services.explain import explain_participant, explain_value, find_participant, why

from .builders import crosstable
from .lists import fitting
from .strategies import swiss_tournaments
from .vectors.test_seed_examples import SEED_000

F = Fraction
SWISS = str(example_path("held-swiss-16.trf"))


def _seed_000(columns: list[str]) -> tiebreaks.Standings:
    return tiebreaks.compute_standings(crosstable(SEED_000), ["PTS", *columns], "fide-2026")


@pytest.mark.parametrize(
    ("player", "expected", "total"),
    [
        # Seed 000, player C: draws against A, B, D, E; wins against F, G.
        (
            "C",
            {
                "A": ("draw", "half of 5 = 2.5", "2.5"),
                "B": ("draw", "half of 4.5 = 2.25", "2.25"),
                "D": ("draw", "half of 4 = 2", "2"),
                "E": ("draw", "half of 2.5 = 1.25", "1.25"),
                "F": ("win", "all of 1 = 1", "1"),
                "G": ("win", "all of 0 = 0", "0"),
            },
            "9",
        ),
        # Seed 000, player D: loses to A, draws B and C, beats E, F and G.
        (
            "D",
            {
                "A": ("loss", "no points scored, so 0", "0"),
                "B": ("draw", "half of 4.5 = 2.25", "2.25"),
                "C": ("draw", "half of 4 = 2", "2"),
                "E": ("win", "all of 2.5 = 2.5", "2.5"),
                "F": ("win", "all of 1 = 1", "1"),
                "G": ("win", "all of 0 = 0", "0"),
            },
            "7.75",
        ),
    ],
)
def test_seed_000_sonneborn_berger_line_by_line(
    player: str, expected: dict[str, tuple[str, str, str]], total: str
) -> None:
    """The trace of SB: per opponent the points scored (the result), the opponent's score
    (the share's base) and the amount."""
    standings = _seed_000(["SB"])
    trace = explain_value(standings, find_participant(standings, player), "SB")
    assert isinstance(trace, Trace)
    players = standings.tournament.players
    scored = {"loss": F(0), "draw": F(1, 2), "win": F(1)}
    for name, (result, share, amount) in expected.items():
        entry = next(e for e in trace.entries if players[e.opponent or 0].name == name)
        assert (entry.weight, entry.amount) == (scored[result], F(amount)), name
        if " of " in share:  # "half of 4.5 = 2.25": the opponent's score is 4.5
            assert entry.score == F(share.split(" of ")[1].split(" = ")[0]), name
    assert len(trace.entries) == len(expected)
    assert trace.value == trace.total == F(total)


def test_seed_003_reduced_form() -> None:
    """Seed 003: SB(C) - SB(D) = ½ x 5 (against A) - ½ x 2½ (against E) = 1¼; B, F, G and
    their game against each other give both the same."""
    standings = _seed_000(["SB"])
    c, d = find_participant(standings, "C"), find_participant(standings, "D")
    result = why(standings, c, d)
    assert (result.deciding, result.ahead) == ("SB", c)
    players = standings.tournament.players
    differences = [
        (item.key[0], players[item.key[1]].name, item.amount_a, item.amount_b)
        for item in result.differences
    ]
    assert differences == [("opponent", "A", F("2.5"), 0), ("opponent", "E", F("1.25"), F("2.5"))]
    assert sum(a - b for _, _, a, b in differences) == F("1.25")


def test_why_in_plain_words() -> None:
    result = CliRunner().invoke(main, ["why", SWISS, "Reine", "nick", "-t", "PTS,BH/C1,BH,SB"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == ("#15 Reine (place 10) is ahead of #12 Nick (place 11): decided by BH/C1")
    assert lines[-1].split() == ["difference", "+1.5"]  # TV-3: BH/C1 11 - 9.5


def test_explain_in_plain_words() -> None:
    """David (TV-3, fide-2026): the half-point bye's dummy is capped at ½ x 5 rounds = 2.5
    (Art. 16.4.2) and, being a voluntarily unplayed round, is the value cut (Art. 16.5)."""
    args = ["explain", SWISS, "4", "-t", "PTS,BH/C1,SB", "-r", "fide-2026", "--only", "BH/C1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    text = result.stdout
    assert "BH/C1 = 11.5: Buchholz" in text
    assert (
        "2.5  Round 2: half-point bye: counted as a game against a dummy opponent with your own"
        " score 3.5, capped at 0.5 x 5 rounds = 2.5 (Art. 16.4.2)  [cut: voluntary unplayed"
        " round cut first (Art. 16.5)]"
    ) in text
    assert (
        "3  Round 1: win with Black against #12 Nick, score 3 (scored 2; unplayed rounds 4, 5"
        in text
    )
    assert "11.5  total of the 4 lines kept" in text
    data = json.loads(CliRunner().invoke(main, [*args, "-f", "json"]).stdout)
    assert data["explanations"][0]["value"] == "11.5"
    assert data["below"]["id"] == 1


def test_participant_not_found_gives_suggestions() -> None:
    result = CliRunner().invoke(main, ["explain", SWISS, "nic"])
    assert result.exit_code == 0  # a unique part of a name is enough
    result = CliRunner().invoke(main, ["explain", SWISS, "Nikc"])
    assert result.exit_code == EXIT_USAGE
    assert "did you mean #12 Nick?" in result.stderr
    result = CliRunner().invoke(main, ["explain", SWISS, "99"])
    assert "no participant has start number 99" in result.stderr


def test_every_tiebreak_has_an_explainer() -> None:
    for entry in catalogue():
        if entry.kind is Kind.GROUP:
            assert group_tracer_for(entry.acronym) is not None, entry.acronym
        else:
            assert tracer_for(entry.acronym) is not None, entry.acronym


VALUE_LISTS = [
    "PTS,BH,BH/C1,BH/M1,FB,AOB,SB,SB/C1,PS,PS/C1,KS,KS/L-1,ABH,AFB",
    "PTS,WIN,WON,BPG,BWG,REP,STD,TPN,GPL,BBH,BBH/C1,SOR,SOR/C1",
    "PTS,ARO,ARO/C1,TPR,PTP,APRO,APPO,RTNG",
    "PTS,MMED,MED,SOLK,CUM,OCUM,KASH,USSB,MBLK",
    "PTS,DE,DEB,RBT,SB",
]
REGIMES = ["fide-2026", "fide-2024", "fide-2009", "unadjusted", "uscf"]


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(max_players=10, max_rounds=6), st.sampled_from(REGIMES))
def test_explanations_give_the_standings_values(
    tournament: tiebreaks.Tournament, rules: str
) -> None:
    """Every value of every tie-break in every regime: the explanation's value is the value in
    the standings, and for sums the kept lines add up to it exactly."""
    for columns in VALUE_LISTS:
        standings = tiebreaks.compute_standings(
            tournament, fitting(columns, tournament.rounds), rules
        )
        for row in standings.rows:
            for label in standings.columns:
                explanation = explain_value(standings, row, label)
                assert explanation.value == row.values[label], (label, row.player.start_number)
                if explanation.is_sum:
                    assert explanation.total == explanation.value, label


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(max_players=10, max_rounds=6))
def test_why_names_the_deciding_tiebreak(tournament: tiebreaks.Tournament) -> None:
    """For every pair: the steps before the deciding one are equal, the deciding one puts the
    better-ranked participant ahead, and equal ranks mean no decision; the reduced form of a
    sum adds up to the difference of the two values."""
    specs = fitting("PTS,BH/C1,DE,SB,PS,WIN", tournament.rounds)
    standings = tiebreaks.compute_standings(tournament, specs, "fide-2026")
    for a in standings.rows:
        for b in standings.rows:
            if a is b:
                continue
            result = why(standings, a, b)
            *before, last = result.steps
            assert all(first == second for _, first, second in before)
            if a.rank == b.rank:
                assert result.deciding is None
                continue
            assert result.deciding == last[0]
            assert result.ahead is (a if a.rank < b.rank else b)
            if result.differences:
                difference = sum((d.amount_a - d.amount_b for d in result.differences), F(0))
                assert difference == (last[1] or 0) - (last[2] or 0)


def test_placing_names_the_neighbours() -> None:
    """TV-3 under fide-2026: David (3rd) is behind Charline on BH/C1 (11.5 vs 13) and ahead of
    Alyx on BH/C1 (11.5 vs 11)."""
    tournament = tiebreaks.read_tournament(SWISS)
    standings = tiebreaks.compute_standings(tournament, "PTS,BH/C1,SB", "fide-2026")
    placing = explain_participant(standings, standings.row(4))
    assert placing.above is not None and placing.below is not None
    assert (placing.above.row.player.name, placing.above.label) == ("Charline", "BH/C1")
    assert (placing.above.value, placing.above.other_value) == (F("11.5"), F(13))
    assert (placing.below.row.player.name, placing.below.value) == ("Alyx", F("11.5"))


@pytest.mark.parametrize(
    ("lang", "kept", "cut", "expected"),
    [
        ("en", 1, 0, "total of 1 line"),
        ("en", 5, 0, "total of 5 lines"),
        ("en", 1, 4, "total of the 1 line kept"),
        ("en", 4, 1, "total of the 4 lines kept"),
        ("de", 1, 0, "Summe von 1 Zeile"),
        ("de", 3, 2, "Summe der 3 gewerteten Zeilen"),
        ("it", 1, 1, "totale di 1 riga conteggiata"),
        ("it", 2, 0, "totale di 2 righe"),
        ("fr", 0, 1, "total de 0 ligne retenue"),  # French: 0 takes the singular
        ("fr", 2, 0, "total de 2 lignes"),
        ("es", 1, 0, "total de 1 línea"),
        ("es", 3, 1, "total de las 3 líneas contadas"),
    ],
)
def test_total_line_plural_forms(lang: str, kept: int, cut: int, expected: str) -> None:
    """The total line of a sum: "lines kept" only when some line was cut, singular or plural
    as each language's plural rule says (gettext plural forms of the catalogs)."""
    from tiebreaks.render.explanations.words import total_words
    from tiebreaks.render.i18n import translator

    assert total_words(translator(lang), kept, cut) == expected


def test_explain_says_lines_kept_only_after_a_cut() -> None:
    """Nick (#12) in the Held Swiss: PTS sums 5 rounds and cuts none ("total of 5 lines");
    BH/C1 cuts one of 5 (the total is of "the 4 lines kept")."""
    result = CliRunner().invoke(main, ["explain", str(SWISS), "12", "-t", "PTS,BH/C1"])
    assert result.exit_code == 0
    assert "  2  total of 5 lines\n" in result.stdout
    assert "total of the 4 lines kept" in result.stdout
    assert result.stdout.count("lines kept") == 1


def test_why_labels_dummy_opponent_rows() -> None:
    """Jessica (#9) against Opal (#13), PTS then BH under the 2024 rules: Jessica's rounds 3
    (half-point bye), 4 (forfeit loss) and 5 (pairing-allocated bye) count dummy opponents
    of 1.5 each (spec TV-3's breakdown of her BH 9); the reduced form says whose dummy each
    row is; rows against real opponents keep their names."""
    args = ["why", str(SWISS), "9", "13", "-t", "PTS,BH", "-r", "fide-2024"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    rows = [line.split("  ")[1] for line in result.stdout.splitlines() if "round " in line]
    assert rows == [f"round {number}, dummy opponent of #9 Jessica" for number in (3, 4, 5)]
    assert "  against #10 Lais " in result.stdout
    data = json.loads(CliRunner().invoke(main, [*args, "-f", "json"]).stdout)
    texts = [item["text"] for item in data["differences"]]
    assert "round 3, dummy opponent of #9 Jessica" in texts
