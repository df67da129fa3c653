"""Format detection, ``--from``, ``convert`` (atomic, never over the input) and ``check --infer``
on a table whose Buchholz variant is hidden behind a plain "BH" label."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import example_path
from tiebreaks.cli.common import EXIT_USAGE
from tiebreaks.cli.main import main
from tiebreaks.formats.detect import detect_format
from tiebreaks.services.check import infer_variants

EXAMPLES = {
    "held-swiss-16.trf": "trf",
    "held-swiss-16.json": "json",
    "held-swiss-16.chess.json": "chess-json",
    "held-swiss-16.pgn": "pgn",
    "seed-000-crosstable.csv": "csv",
}


@pytest.mark.parametrize(("name", "fmt"), sorted(EXAMPLES.items()))
def test_detection(name: str, fmt: str) -> None:
    assert detect_format(example_path(name).read_bytes()) == fmt


def test_the_same_standings_from_every_format_of_one_event() -> None:
    """The Held Swiss as TRF, our JSON, Chess-JSON and PGN: identical standings."""
    results = []
    for name in (
        "held-swiss-16.trf",
        "held-swiss-16.json",
        "held-swiss-16.chess.json",
        "held-swiss-16.pgn",
    ):
        tournament = tiebreaks.read_tournament(example_path(name))
        standings = tiebreaks.compute_standings(tournament, "PTS,BH/C1,BH,SB,DE,WIN", "fide-2024")
        results.append([(row.rank, row.player.start_number, row.values) for row in standings.rows])
    assert all(result == results[0] for result in results)


def test_from_forces_a_reader() -> None:
    runner = CliRunner()
    result = runner.invoke(
        main, ["standings", str(example_path("held-swiss-16.pgn")), "--from", "trf"]
    )
    assert result.exit_code == 1  # a PGN read as TRF is malformed, with a location
    assert "held-swiss-16.pgn:1" in result.stderr


@pytest.mark.parametrize(
    ("target", "fmt"),
    [("out.trf", "trf"), ("out.json", "json"), ("out.chess.json", "chess-json")],
)
def test_convert_round_trip(tmp_path: Path, target: str, fmt: str) -> None:
    source = example_path("held-swiss-16.trf")
    path = tmp_path / target
    extra = ["--to", "chess-json"] if fmt == "chess-json" else []
    result = CliRunner().invoke(
        main, ["convert", str(source), str(path), "-r", "fide-2024", *extra]
    )
    assert result.exit_code == 0, result.stderr
    assert detect_format(path.read_bytes()) == fmt
    again = tiebreaks.compute_standings(
        tiebreaks.read_tournament(path), "PTS,BH/C1,SB", "fide-2024"
    )
    first = tiebreaks.compute_standings(
        tiebreaks.read_tournament(source), "PTS,BH/C1,SB", "fide-2024"
    )
    assert [row.values for row in again.rows] == [row.values for row in first.rows]
    check = CliRunner().invoke(main, ["check", str(path), "-r", "fide-2024"])
    assert check.exit_code == 0 and "Everything agrees." in check.stdout


def test_output_never_overwrites_the_input(tmp_path: Path) -> None:
    source = tmp_path / "event.trf"
    source.write_bytes(example_path("held-swiss-16.trf").read_bytes())
    before = source.read_bytes()
    result = CliRunner().invoke(main, ["standings", str(source), "-o", str(source)])
    assert result.exit_code == EXIT_USAGE
    assert "refusing to write" in result.stderr
    assert "it is an input of this command" in result.stderr
    assert source.read_bytes() == before
    result = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "x.unknown")])
    assert result.exit_code == EXIT_USAGE and "use --to" in result.stderr


def _hidden_variant_file(tmp_path: Path, hidden: str, rules: str) -> Path:
    """Our JSON of the Held Swiss whose standings column is labelled "BH" but holds the values
    of ``hidden`` under ``rules``: a table produced under a known variant."""
    tournament = tiebreaks.read_tournament(example_path("held-swiss-16.trf"))
    standings = tiebreaks.compute_standings(tournament, ["PTS", hidden], rules)
    from tiebreaks.formats.writers.tournament_json import write_tournament_json

    document = json.loads(write_tournament_json(tournament, standings))
    text = json.dumps(document).replace(f'"{hidden}"', '"BH"')
    path = tmp_path / "published.json"
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize(
    ("hidden", "name", "rules"),
    [("BH/M1", "Median Buchholz", "fide-2024"), ("BH/C2", "Buchholz Cut 2", "fide-2009")],
)
def test_infer_finds_the_hidden_buchholz(
    tmp_path: Path, hidden: str, name: str, rules: str
) -> None:
    path = _hidden_variant_file(tmp_path, hidden, rules)
    tournament = tiebreaks.read_tournament(path)
    assert tournament.published_columns == ("PTS", "BH")
    readings = {(v.column, v.tiebreaks, v.rules) for v in infer_variants(tournament)}
    assert ("BH", (hidden,), rules) in readings
    assert all(column == "BH" for column, _, _ in readings)
    result = CliRunner().invoke(main, ["check", str(path), "--infer", "-t", "PTS,BH"])
    assert f"BH = {name} ({hidden}), {rules}: 16/16" in result.stdout


OURS_START = '{"format": "tiebreaks-tournament", "version": 1'


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (OURS_START + ', "players": []}', "json"),
        ("\ufeff  \n" + OURS_START + "}", "json"),
        # a document that starts as ours but has a Chess-JSON key: what the parse says
        (OURS_START + ', "filetype": "Event"}', "chess-json"),
        (OURS_START + ', "event": {}}', "chess-json"),
        (OURS_START + ', "\\u0065vent": {}}', "chess-json"),  # "event" spelt with an escape
        (OURS_START + ', "name": "event"}', "json"),  # the word as a value only
        ('{"filetype": "Event", "format": "tiebreaks-tournament"}', "chess-json"),
    ],
)
def test_json_kind_without_and_with_parsing(text: str, fmt: str) -> None:
    """The shortcut for documents that start as ours gives what parsing them gives."""
    assert detect_format(text.encode()) == fmt
