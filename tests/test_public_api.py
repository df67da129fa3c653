"""The public API (issue 16): ``import tiebreaks`` reaches everything the command line does,
``__all__`` is exactly the public names, and the objects have short, readable reprs."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tiebreaks

#: what a platform developer finds in ``tiebreaks`` (README "Python API")
PUBLIC = {
    "read", "read_tournament", "example_path", "write", "render_standings",
    "compute_standings", "Standings", "Row", "explain", "why", "Placing", "Why",
    "compare", "Comparison", "check", "infer_variants", "CheckReport", "LiveStandings",
    "catalogue", "Definition", "TiebreakSpec", "parse_spec", "FIDE_2024", "FIDE_2026",
    "Rules", "rules_by_name", "Colour", "PairingSystem", "Player", "ResultKind",
    "RoundResult", "ScoreSystem", "Tournament", "Diagnostic", "FormatLimitError",
    "InputError", "Location", "ParameterError", "ParameterHint", "SourceError",
    "TiebreaksError", "UsageError", "warning_text",
}  # fmt: skip


def test_all_is_the_public_api() -> None:
    assert set(tiebreaks.__all__) == PUBLIC
    assert len(tiebreaks.__all__) == len(PUBLIC)  # each once


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(tiebreaks, name) is not None
    assert name in dir(tiebreaks)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'standings_of'"):
        _ = tiebreaks.standings_of


def test_importing_the_package_loads_nothing_heavy() -> None:
    """``import tiebreaks`` alone imports none of its modules (they load on first use)."""
    code = (
        "import sys, tiebreaks\n"
        "print(sorted(m for m in sys.modules if m.startswith(('tiebreaks.', 'numpy', 'click'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"


def test_reprs_are_short_and_readable() -> None:
    """The 16-player Swiss of the arbiters' exercises: Bruno first with 4 points, Buchholz
    Cut 1 12 and Sonneborn-Berger 9.5 (published answers, spec TV-3)."""
    tournament = tiebreaks.read(tiebreaks.example_path("held-swiss-16.trf"))
    standings = tiebreaks.compute_standings(tournament, "PTS,BH/C1,SB", "fide-2024")
    assert repr(standings.rows[0]) == "Row(1, #2 'Bruno', PTS=4, BH/C1=12, SB=9.5)"
    text = repr(standings)
    assert len(text) < 1000
    assert text.splitlines()[0] == (
        "<Standings of 'Held exercises: Swiss, 16 players, 5 rounds (FIDE C.07 exercises)': "
        "rules fide-2024, after round 5 of 5, 16 rows, tie-breaks PTS, BH/C1, SB>"
    )
    assert text.splitlines()[-1] == "  ... 11 more rows"
    spec = standings.tiebreaks[1]
    assert repr(spec) == "parse_spec('BH/C1')"
    assert eval(repr(spec), {"parse_spec": tiebreaks.parse_spec}) == spec


def test_a_value_without_a_short_decimal_is_shown_as_a_ratio() -> None:
    """AOB is a mean (Art. 8.2): a third stays a third in the repr."""
    from fractions import Fraction

    row = tiebreaks.Row(1, tiebreaks.Player(7, "Ann", ()), {"AOB": Fraction(10, 3), "X": None})
    assert repr(row) == "Row(1, #7 'Ann', AOB=10/3, X=None)"
