"""``convert`` states the ranks and values the input stated, and ours only when asked
(``--standings``): a file converted from one without ranks has nothing to compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.common import EXIT_NOTHING_TO_COMPARE
from tiebreaks.cli.main import main

#: the Held Swiss states its published ranks (rank column of its 001 records)
WITH_RANKS = example_path("held-swiss-16.trf")


def without_ranks(tmp_path: Path) -> Path:
    """The Held Swiss with its rank column blanked (columns 86-89 of every 001 record)."""
    lines = WITH_RANKS.read_text("utf-8").splitlines()
    blank = [line[:85] + "    " + line[89:] if line.startswith("001") else line for line in lines]
    path = tmp_path / "no-ranks.trf"
    path.write_text("\n".join(blank) + "\n", "utf-8")
    assert not any(p.stated_rank for p in tiebreaks.read_tournament(path).players)
    return path


def convert_then_check(source: Path, target: Path, *options: str) -> tuple[int, str]:
    runner = CliRunner()
    done = runner.invoke(main, ["convert", str(source), str(target), *options])
    assert done.exit_code == 0, done.output
    checked = runner.invoke(main, ["check", str(target)])
    return checked.exit_code, checked.stdout


@pytest.mark.parametrize(
    ("suffix", "options"),
    [
        (".json", ()),
        (".json", ("--standings", "none")),
        (".json", ("--standings", "ours")),
        (".trf", ()),
        (".trf", ("--standings", "ours")),
        (".chess.json", ("--to", "chess-json", "--standings", "ours")),
    ],
)
def test_no_stated_ranks_in_nothing_to_compare_out(
    tmp_path: Path, suffix: str, options: tuple[str, ...]
) -> None:
    code, text = convert_then_check(without_ranks(tmp_path), tmp_path / f"out{suffix}", *options)
    assert code == EXIT_NOTHING_TO_COMPARE
    assert "Nothing to compare" in text


def test_ours_are_kept_apart_and_read_back(tmp_path: Path) -> None:
    target = tmp_path / "ours.json"
    convert_then_check(without_ranks(tmp_path), target, "--standings", "ours")
    document = json.loads(target.read_text("utf-8"))
    assert document["standings"]["computed"] is True
    assert all(player["stated_rank"] is None for player in document["players"])
    read = tiebreaks.read_tournament(target)
    assert not read.published_columns and not any(p.stated_values for p in read.players)


def test_published_on_request(tmp_path: Path) -> None:
    code, text = convert_then_check(
        without_ranks(tmp_path), tmp_path / "published.json", "--standings", "published"
    )
    assert code == 0 and "Compared 16 ranks" in text


def test_the_input_s_own_ranks_are_kept(tmp_path: Path) -> None:
    """The Held Swiss states its published ranks: converted under another list, the JSON
    keeps the file's ranks, not the ones that list gives."""
    target = tmp_path / "kept.json"
    done = CliRunner().invoke(main, ["convert", str(WITH_RANKS), str(target), "-t", "PTS,TPN"])
    assert done.exit_code == 0, done.output
    stated = {p.start_number: p.stated_rank for p in tiebreaks.read_tournament(WITH_RANKS).players}
    kept = {p.start_number: p.stated_rank for p in tiebreaks.read_tournament(target).players}
    assert kept == stated
