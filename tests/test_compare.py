"""Comparing two standings (``tiebreaks compare``) and the pairwise decision behind it.

The list comparison uses the Held 16-player Swiss (TV-3), whose BH/C1, BH and SB values are
published: among the 2-pointers Reine (BH/C1 11, SB 3.5), Nick (9.5, 4) and Paul (9, 4.5)
and among the 1.5-pointers Genevieve (12.5, 3.25), Opal (12, 4.25) and Jessica (7.5, 2.25),
ordering by BH/C1 first or by SB first swaps Reine and Paul, and Genevieve and Opal; every
other place is the same under both lists (checked by hand from the TV-3 table).
"""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner
from hypothesis import given, settings

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.common import EXIT_USAGE
from tiebreaks.cli.main import main
from tiebreaks.services.compare import Comparison, compare_standings, decide
from tiebreaks.web.compare_view import compare_view
from tiebreaks.web.service import Settings, compute

from .lists import fitting
from .strategies import swiss_tournaments

SWISS = str(example_path("held-swiss-16.trf"))
F = Fraction


def _lists_comparison() -> Comparison:
    tournament = tiebreaks.read_tournament(SWISS)
    a = tiebreaks.compute_standings(tournament, ["PTS", "BH/C1", "BH", "SB"], "fide-2024")
    b = tiebreaks.compute_standings(tournament, ["PTS", "SB", "BH"], "fide-2024")
    return compare_standings(a, b)


def test_two_lists_on_the_held_swiss() -> None:
    comparison = _lists_comparison()
    moved = {entry.name: (entry.rank_a, entry.rank_b) for entry in comparison.moved}
    assert moved == {"Reine": (10, 12), "Paul": (12, 10), "Genevieve": (13, 14), "Opal": (14, 13)}
    reine = next(entry for entry in comparison.entries if entry.name == "Reine")
    assert reine.reason is not None
    reason = reine.reason
    assert (reason.other, reason.label_a, reason.label_b) == (12, "BH/C1", "SB")
    assert (reason.value_a, reason.other_value_a) == (F(11), F("9.5"))
    assert (reason.value_b, reason.other_value_b) == (F("3.5"), F(4))
    assert not reason.ahead_in_b


def test_same_list_names_the_first_criterion_that_differs() -> None:
    """Under one list and two regimes the reason is one criterion with both sides' values.
    The Held Swiss (TV-3): Maria's BH is 13.5 under fide-2024 and 12.5 under fide-2026,
    Irina's 13.5 under both; in 2024 they tie on BH and Maria's SB 5.75 beats Irina's 5.25
    (Maria 7th, Irina 8th); in 2026 BH puts Irina ahead."""
    tournament = tiebreaks.read_tournament(SWISS)
    a = tiebreaks.compute_standings(tournament, ["PTS", "BH", "SB"], "fide-2024")
    b = tiebreaks.compute_standings(tournament, ["PTS", "BH", "SB"], "fide-2026")
    comparison = compare_standings(a, b)
    for entry in comparison.moved:
        assert entry.reason is not None
        assert entry.reason.label_a == entry.reason.label_b
    moved = {entry.name: (entry.rank_a, entry.rank_b) for entry in comparison.moved}
    assert moved == {"Maria": (7, 8), "Irina": (8, 7)}
    maria = next(entry for entry in comparison.entries if entry.name == "Maria")
    assert maria.reason is not None
    reason = maria.reason
    assert (reason.label_a, reason.value_a, reason.value_b) == ("BH", F("13.5"), F("12.5"))
    assert (reason.other_value_a, reason.other_value_b) == (F("13.5"), F("13.5"))


def test_cli_compare_text_and_json() -> None:
    runner = CliRunner()
    args = ["compare", SWISS, "-t", "PTS,BH/C1,BH,SB", "-t", "PTS,SB,BH", "-r", "fide-2024"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1] == "A: fide-2024 (given); PTS, BH/C1, BH, SB"
    reine = next(line for line in lines if " Reine " in line)
    assert "-2" in reine and "BH/C1 11 vs 9.5" in reine and "SB 3.5 vs 4" in reine
    assert lines[-1] == "4 of 16 participants change place."
    result = runner.invoke(main, [*args, "-f", "json"])
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["participants"] if p["moved"]] == [
        "Reine",
        "Paul",
        "Genevieve",
        "Opal",
    ]


def test_cli_compare_needs_two_sides() -> None:
    result = CliRunner().invoke(main, ["compare", SWISS, "-r", "fide-2026"])
    assert result.exit_code == EXIT_USAGE
    assert "compare needs two sides" in result.stderr


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(max_players=10, max_rounds=6))
def test_decision_agrees_with_the_ranks(tournament: tiebreaks.Tournament) -> None:
    """For any two participants, the first differing criterion puts ahead the one ranked
    higher, and participants sharing a rank are equal on every criterion (DE included)."""
    standings = tiebreaks.compute_standings(
        tournament,
        fitting(["PTS", "BH/C1", "DE", "SB", "WIN", "TPN/R"], tournament.rounds),
        "fide-2026",
    )
    rows = standings.rows
    for first in rows:
        for second in rows:
            decision = decide(standings, first, second)
            expected = (first.rank < second.rank) - (first.rank > second.rank)
            assert decision.sign == expected


def test_the_command_and_the_web_page_say_why_alike_in_each_language() -> None:
    """One wording of why a participant moved (render.compare.why_moved) for the command's
    table and the web page's comparison. Reine (#15) under PTS, BH/C1, BH, SB against PTS, SB,
    BH (2024 rules), all three on 2 points: A puts her ahead of Nick (#12) by BH/C1 11 against
    9.5, B behind him by SB: Reine beat Helene (2.5) and Lais (1), 3.5; Nick beat no one over
    the board, and his pairing-allocated bye and forfeit win each count a dummy opponent on his
    own 2 points (Art. 16.4), 4."""
    tournament = tiebreaks.read_tournament(example_path("held-swiss-16.trf"))
    side_a = Settings(("PTS", "BH/C1", "BH", "SB"), "fide-2024")
    standings_a = compute(tournament, side_a)
    args = ["compare", SWISS, "-t", "PTS,BH/C1,BH,SB", "-t", "PTS,SB,BH", "-r", "fide-2024"]
    for lang, expected in [
        ("en", "now behind #12 Nick (A: BH/C1 11 vs 9.5; B: SB 3.5 vs 4)"),
        ("de", "jetzt hinter #12 Nick (A: BH/C1 11 gegen 9,5; B: SB 3,5 gegen 4)"),
    ]:
        view = compare_view(tournament, side_a, standings_a, "", "PTS,SB,BH", lang)
        (reine,) = [row for row in view.rows if row.number == 15]
        assert reine.why == expected
        text = CliRunner().invoke(main, [*args, "--lang", lang]).stdout
        (line,) = [line for line in text.splitlines() if line.split()[3:5] == ["15", "Reine"]]
        assert line.endswith(expected)
