"""A cut or median that removes every round of the tournament is a usage error naming the
tie-break as it was written (C.07 Art. 14: /Cn cuts the n least significant values, /Mn the
n lowest and the n highest, one per round; nothing left would be 0 for everybody).

The judge is the tournament's own number of rounds, never the round the standings are
computed after: ``BH/C1`` after round 1 of a five-round event is normal during the event.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.main import main
from tiebreaks.errors import UsageError
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.model import Tournament
from tiebreaks.services.live import LiveStandings
from tiebreaks.web.service import check_items

from ..builders import Builder

SWISS = example_path("held-swiss-16.trf")  # 16 players, 5 rounds (XXR 5)
TEAMS = example_path("held-team-14.trf")  # 14 teams, 7 rounds (XXR 7)


def one_round() -> Tournament:
    """Two games in round 1 of a one-round event."""
    return Builder(rounds=1).game(1, 1, 2, "1-0").game(1, 3, 4, "=").build()


def two_rounds() -> Tournament:
    builder = Builder(rounds=2).game(1, 1, 2, "1-0").game(1, 3, 4, "=")
    return builder.game(2, 1, 3, "=").game(2, 4, 2, "0-1").build()


def usage_error(tournament: Tournament, tiebreaks_list: str | list[str]) -> str:
    with pytest.raises(UsageError) as caught:
        tiebreaks.compute_standings(tournament, tiebreaks_list)
    return str(caught.value)


CUT_5 = "cuts {n} of the tournament's 5 rounds (C.07 Art. 14.1): nothing would be left; "


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("BH/C9", "BH/C9 " + CUT_5.format(n=9) + "use a cut smaller than 5"),
        ("BH/C5", "BH/C5 " + CUT_5.format(n=5) + "use a cut smaller than 5"),
        ("SB/C5", "SB/C5 " + CUT_5.format(n=5) + "use a cut smaller than 5"),
        ("FB/C6", "FB/C6 " + CUT_5.format(n=6) + "use a cut smaller than 5"),
        ("PS/C5", "PS/C5 " + CUT_5.format(n=5) + "use a cut smaller than 5"),
        ("ARO/C5", "ARO/C5 " + CUT_5.format(n=5) + "use a cut smaller than 5"),
        ("BBH/C7", "BBH/C7 " + CUT_5.format(n=7) + "use a cut smaller than 5"),
        ("SOR/C5", "SOR/C5 " + CUT_5.format(n=5) + "use a cut smaller than 5"),
        ("bh/c9", "bh/c9 " + CUT_5.format(n=9) + "use a cut smaller than 5"),
        (
            "BH/M3",
            "BH/M3 removes 6 values (3 lowest and 3 highest, C.07 Art. 14.3) of the "
            "tournament's 5 rounds: nothing would be left; use a median of at most 2",
        ),
        (
            "SB/M3/P",
            "SB/M3/P removes 6 values (3 lowest and 3 highest, C.07 Art. 14.3) of the "
            "tournament's 5 rounds: nothing would be left; use a median of at most 2",
        ),
        (
            "ARO/M4",
            "ARO/M4 removes 8 values (4 lowest and 4 highest, C.07 Art. 14.3) of the "
            "tournament's 5 rounds: nothing would be left; use a median of at most 2",
        ),
    ],
)
def test_cuts_of_every_round_are_refused(written: str, message: str) -> None:
    tournament = tiebreaks.read_tournament(SWISS)
    assert usage_error(tournament, ["PTS", written]) == message


@pytest.mark.parametrize("written", ["BH/C4", "BH/M2", "SB/C4", "PS/C4", "ARO/M2", "FB/M2"])
def test_a_cut_that_leaves_one_round_is_computed(written: str) -> None:
    standings = tiebreaks.compute_standings(tiebreaks.read_tournament(SWISS), ["PTS", written])
    assert standings.columns == ("PTS", written)


def test_team_forms() -> None:
    tournament = tiebreaks.read_tournament(TEAMS)
    assert usage_error(tournament, "MP,BH:MP/C9") == (
        "BH:MP/C9 cuts 9 of the tournament's 7 rounds (C.07 Art. 14.1): nothing would be left; "
        "use a cut smaller than 7"
    )
    assert usage_error(tournament, "MP,EMGSB/C7").startswith("EMGSB/C7 cuts 7 of the")
    assert usage_error(tournament, "MP,BH:GP/M4").startswith(
        "BH:GP/M4 removes 8 values (4 lowest and 4 highest"
    )
    tiebreaks.compute_standings(tournament, "MP,BH:MP/C6,BH:GP/M3")  # one round left


def test_names_as_typed_and_short_events() -> None:
    assert usage_error(one_round(), "PTS, Buchholz Cut 1") == (
        "'Buchholz Cut 1' (BH/C1) cuts 1 of the tournament's 1 round (C.07 Art. 14.1): nothing "
        "would be left; use no cut"
    )
    assert usage_error(two_rounds(), "PTS,BH/M1") == (
        "BH/M1 removes 2 values (1 lowest and 1 highest, C.07 Art. 14.3) of the tournament's 2 "
        "rounds: nothing would be left; use no median"
    )


def test_us_medians() -> None:
    """MED drops the highest and the lowest opponent (US Chess rule 34E): nothing left with
    2 rounds; MMED drops one side (two for an exactly even score): nothing left with 1."""
    assert usage_error(two_rounds(), "PTS,MED").startswith(
        "MED drops 2 of the opponents' scores (US Chess rule 34E1) of the tournament's 2 "
        "rounds: nothing would be left; use SOLK"
    )
    assert usage_error(one_round(), "PTS,MMED").startswith("MMED drops 1 of the opponents'")
    tiebreaks.compute_standings(two_rounds(), "PTS,MMED,SOLK")  # something left


def test_the_round_judged_is_the_tournaments_not_the_one_computed() -> None:
    """After round 1 of five, BH/C1 cuts the only opponent: 0 for everybody, as before."""
    tournament = tiebreaks.read_tournament(SWISS)
    standings = tiebreaks.compute_standings(tournament, "PTS,BH/C1", after_round=1)
    assert {row.values["BH/C1"] for row in standings.rows} == {Fraction(0)}
    live = LiveStandings(tournament, "PTS,BH/C1")
    assert {row.values["BH/C1"] for row in live.after_round(1).rows} == {Fraction(0)}


def test_live_standings_refuse_the_list_at_once() -> None:
    with pytest.raises(UsageError, match="BH/C9 cuts 9 of the tournament's 5 rounds"):
        LiveStandings(tiebreaks.read_tournament(SWISS), "PTS,BH/C9")


def test_default_lists_are_computed_as_before() -> None:
    """Nobody wrote the FIDE recommendation (PTS,BH/C1,...): a one-round event is ranked, its
    BH/C1 is 0 for everybody as before (the number of rounds may simply not be declared)."""
    standings = tiebreaks.compute_standings(one_round())
    assert "BH/C1" in standings.columns
    assert {row.values["BH/C1"] for row in standings.rows} == {Fraction(0)}


def test_the_files_own_list() -> None:
    text = Path(SWISS).read_text(encoding="utf-8").replace("XXR 5\n", "XXR 5\n202 PTS,BH/C9\n")
    tournament = read_trf_text(text, "t.trf")
    assert tournament.tiebreak_list == ("PTS", "BH/C9")
    assert usage_error(tournament, []) == (
        "the file's tie-break list (record 202) cannot be used: BH/C9 cuts 9 of the "
        "tournament's 5 rounds (C.07 Art. 14.1): nothing would be left; use a cut smaller than "
        "5; give the list with tiebreaks"
    )


def test_the_web_service_blocks_the_item() -> None:
    canonical, problems = check_items(tiebreaks.read_tournament(SWISS), ["PTS", "BH/C9", "SB"])
    assert canonical == ["PTS", "BH/C9", "SB"]
    assert [(p.position, p.item, p.overridable) for p in problems] == [(1, "BH/C9", False)]
    assert problems[0].message.startswith("BH/C9 cuts 9 of the tournament's 5 rounds")


def test_command_line_exit_code_and_nothing_written(tmp_path: Path) -> None:
    output = tmp_path / "out.csv"
    runner = CliRunner()
    result = runner.invoke(main, ["standings", str(SWISS), "-t", "PTS,BH/C9", "-o", str(output)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert not output.exists()
    assert result.stderr == (
        "error: BH/C9 cuts 9 of the tournament's 5 rounds (C.07 Art. 14.1): nothing would be "
        "left; use a cut smaller than 5\n"
    )
    compared = runner.invoke(main, ["compare", str(SWISS), "-t", "PTS,BH/M3", "-t", "PTS,BH"])
    assert compared.exit_code == 2
    assert "BH/M3 removes 6 values" in compared.stderr
    assert "Traceback" not in result.output + compared.output
