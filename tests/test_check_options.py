"""``tiebreaks check`` applies the standings' options for the arbiter and the ratings
(``--exclude``, ``--expelled``, ``--order``, ``--lots`` ...), as ``standings`` does; an option
that cannot apply is refused (exit 2), never ignored."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.main import main
from tiebreaks.formats.writers.tournament_json import write_tournament_json
from tiebreaks.services.check import check_published
from tiebreaks.standings import Options

ROUND_ROBIN = example_path("held-round-robin-6.trf")

# The Held round robin by hand (tests/test_check.py): #1 first, #2 and #3 tied on every
# tie-break (shared place 2), then #6, #5, #4.
#: the arbiter orders the ties left #3 before #2 (--order 3,2)
ORDERED = {1: 1, 3: 2, 2: 3, 6: 4, 5: 5, 4: 6}
#: #1 left out of the ranking: the others move up one place (#2 and #3 still share theirs)
WITHOUT_1 = {2: 1, 3: 1, 6: 3, 5: 4, 4: 5}


def _published_ranks(tmp_path: Path, ranks: dict[int, int], points: bool = True) -> str:
    """The round robin with ``ranks`` written in as the published ranks (JSON); without
    ``points``, published points 0 (as before the first round)."""
    tournament = tiebreaks.read_tournament(ROUND_ROBIN)
    players = tuple(
        replace(player, stated_rank=ranks.get(player.start_number))
        if points
        else replace(player, stated_rank=ranks.get(player.start_number), stated_points=Fraction(0))
        for player in tournament.players
    )
    path = tmp_path / "published.json"
    path.write_text(write_tournament_json(replace(tournament, players=players)), "utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("ranks", "options"),
    [
        (ORDERED, ["--order", "3,2"]),
        (WITHOUT_1, ["--exclude", "1"]),
        (WITHOUT_1, ["--expelled", "1"]),
    ],
)
def test_check_applies_the_arbiters_options(
    tmp_path: Path, ranks: dict[int, int], options: list[str]
) -> None:
    """The published ranks follow the arbiter's decision: without the option they differ
    (exit 3), with it everything agrees (exit 0)."""
    file = _published_ranks(tmp_path, ranks)
    runner = CliRunner()
    assert runner.invoke(main, ["check", file]).exit_code == 3
    result = runner.invoke(main, ["check", file, *options])
    assert result.exit_code == 0, result.output
    assert "Everything agrees." in result.stdout


def test_check_published_takes_one_options_object() -> None:
    tournament = tiebreaks.read_tournament(ROUND_ROBIN)
    players = tuple(
        replace(player, stated_rank=ORDERED[player.start_number]) for player in tournament.players
    )
    published = replace(tournament, players=players)
    assert not check_published(published).agrees
    assert check_published(published, options=Options(manual_order=(3, 2))).agrees


def test_after_round_with_several_files_is_refused(tmp_path: Path) -> None:
    """Each of several FILEs is checked after its own last round: --after-round cannot apply
    to them all, so it is refused rather than ignored."""
    file = _published_ranks(tmp_path, ORDERED)
    result = CliRunner().invoke(main, ["check", file, file, "--after-round", "3"])
    assert result.exit_code == 2
    assert "--after-round applies to one FILE" in result.output


def test_check_draws_the_lots_it_is_given(tmp_path: Path) -> None:
    """Published with #2 and #3 sharing place 2 (no lots): it agrees, and with --lots the
    tie is broken by lot (each its own place), so one of them differs."""
    file = _published_ranks(tmp_path, {1: 1, 2: 2, 3: 2, 6: 4, 5: 5, 4: 6})
    runner = CliRunner()
    assert runner.invoke(main, ["check", file]).exit_code == 0
    result = runner.invoke(main, ["check", file, "--lots", "7"])
    assert result.exit_code == 3, result.output


def test_check_after_round_zero_compares_with_nobody_ahead(tmp_path: Path) -> None:
    """Published as before the first round (by hand: nobody has a point, everyone shares
    place 1): --after-round 0 agrees; the final standings do not."""
    file = _published_ranks(tmp_path, dict.fromkeys(range(1, 7), 1), points=False)
    runner = CliRunner()
    assert runner.invoke(main, ["check", file]).exit_code == 3
    result = runner.invoke(main, ["check", file, "--after-round", "0"])
    assert result.exit_code == 0, result.output
