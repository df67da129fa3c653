"""The fast path of our JSON reader builds exactly what the careful path builds, or declines.

Issue 8 ("values identical to the unoptimised path"): every JSON document of the corpus is read
both ways and compared field by field (players' line numbers included); mutated documents
must give the same tournament or the same error on both paths.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from generate_json import render, simulate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreaks.api import example_path
from tiebreaks.errors import InputError
from tiebreaks.formats import tournament_json_fast
from tiebreaks.formats.tournament_json import read_tournament_json, write_tournament_json
from tiebreaks.formats.trf import read_trf_text
from tiebreaks.model import Tournament
from tiebreaks.standings import compute_standings

from ..strategies import round_robins, swiss_tournaments

ROOT = Path(__file__).resolve().parents[2]


def careful(data: str, source: str = "t.json") -> Tournament | InputError:
    """The careful path's reading (or its error)."""
    tournament_json_fast.ENABLED = False
    try:
        return read_tournament_json(data, source)
    except InputError as error:
        return error
    finally:
        tournament_json_fast.ENABLED = True


def fast(data: str, source: str = "t.json") -> Tournament | InputError:
    """What the reader returns with the fast path on (declining falls back)."""
    try:
        return read_tournament_json(data, source)
    except InputError as error:
        return error


def same(left: Tournament | InputError, right: Tournament | InputError) -> bool:
    if isinstance(left, InputError) or isinstance(right, InputError):
        return str(left) == str(right) and type(left) is type(right)
    lines = [player.line for player in left.players] == [p.line for p in right.players]
    return left == right and lines and left.warnings == right.warnings


def corpus() -> Iterator[tuple[str, str]]:
    """Our JSON documents: the bundled one, every TRF of the repository and the seeds
    converted by our writer, and generated Swiss tournaments."""
    yield "held-swiss-16.json", example_path("held-swiss-16.json").read_text(encoding="utf-8")
    trf_files = sorted(ROOT.glob("src/tiebreaks/examples/*.trf"))
    trf_files += sorted(ROOT.glob("tests/**/*.trf"))
    trf_files += sorted(Path("/work/shared/seeds").glob("**/*.trf"))
    for path in trf_files:
        try:
            tournament = read_trf_text(path.read_bytes().decode("latin-1"), path.name)
        except InputError:
            continue
        if tournament.team_records is None:
            yield path.name, write_tournament_json(tournament)
    for players, seed in ((40, 1), (301, 2), (1000, 3)):
        yield f"generated-{players}", "".join(render(simulate(players, 9, seed), 9, seed))


@pytest.mark.parametrize(("name", "text"), list(corpus()), ids=lambda value: str(value)[:40])
def test_fast_path_reads_the_corpus_exactly_as_the_careful_path(name: str, text: str) -> None:
    assert tournament_json_fast.read_plain_json(text, name) is not None, "fast path declined"
    assert same(fast(text, name), careful(text, name))


def test_standings_from_both_paths_agree_on_a_generated_open() -> None:
    text = "".join(render(simulate(500, 11, 7), 11, 7))
    tiebreaks = "PTS,BH/C1,BH,SB,PS,ARO,TPR,DE,KS,AOB"
    by_fast = compute_standings(read_tournament_json(text, "g.json"), tiebreaks)
    reference = careful(text, "g.json")
    assert isinstance(reference, Tournament)
    by_careful = compute_standings(reference, tiebreaks)
    assert [(row.rank, row.player.start_number, row.values) for row in by_fast.rows] == [
        (row.rank, row.player.start_number, row.values) for row in by_careful.rows
    ]


BASE = write_tournament_json(read_trf_text(example_path("held-swiss-16.trf").read_text(), "h"))

#: small edits of a valid document; each either keeps it valid or makes it wrong in a way the
#: careful path reports (repeated keys, floats, strings for numbers, unknown keys, nulls ...)
EDITS = [
    ('"kind": "win"', '"kind": "win", "kind": "loss"'),
    ('"opponent": 9', '"opponent": 9.0'),
    ('"opponent": 9', '"opponent": "9"'),
    ('"opponent": 9', '"opponent": 1e1'),
    ('"opponent": 9', '"opponent": null'),
    ('"opponent": 9', '"opponent": 99'),
    ('"opponent": 9', '"opponent": true'),
    ('"colour": "w"', '"colour": "W"'),
    ('"colour": "w"', '"colour": "x"'),
    ('"colour": "w"', '"colour": null'),
    ('"kind": "win"', '"kind": "1"'),
    ('"kind": "win"', '"kind": "Forfeit Win"'),
    ('"kind": "win"', '"kind": "bogus"'),
    ('"name": "Alyx"', '"name": "A\\": 1"'),
    ('"name": "Alyx"', '"name": ": Alyx"'),
    ('"name": "Alyx"', '"name": "\\"start_number\\": 3"'),
    ('"name": "Alyx"', '"name": "Alyx", "name": "Bob"'),
    ('"name": "Alyx"', '"name": null'),
    ('"name": "Alyx"', '"nome": "Alyx"'),
    ('"rating": 2200', '"rating": -5'),
    ('"rating": 2200', '"rating": "2200"'),
    ('"rating": 2200', '"rating": 1234567890123456789'),
    ('"stated_points": "3.5"', '"stated_points": 3.5'),
    ('"stated_points": "3.5"', '"stated_points": "7/2"'),
    ('"stated_points": "3.5"', '"stated_points": "x"'),
    ('"start_number": 2,', '"start_number": 1,'),
    ('"start_number": 2,', '"start_number": 20000000,'),
    ('"start_number": 2,', '"start_number": 2, "start_number": 2,'),
    ('"version": 1', '"version": 2'),
    ('"version": 1', '"version": 1, "version": 1'),
    ('"rounds": 5', '"rounds": 4'),
    ('"rounds": 5', '"rounds": 5.0'),
    ('"team_records": null', '"team_records": null, "standings": null'),
    ('"kind": "win"', '"kind"  :  "win"'),
    ('"opponent": 9', '"opponent":\n 9'),
    ("{", '{"extra": {"a": 1},', 1),
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda edit: f"{edit[0]}->{edit[1]}"[:50])
def test_an_edited_document_reads_the_same_on_both_paths(edit: tuple[object, ...]) -> None:
    old, new = str(edit[0]), str(edit[1])
    count = int(edit[2]) if len(edit) > 2 else -1  # type: ignore[call-overload]
    assert old in BASE
    text = BASE.replace(old, new, count)
    assert same(fast(text), careful(text))


def test_a_repeated_key_is_refused_and_not_silently_overwritten() -> None:
    text = BASE.replace('"kind": "win"', '"kind": "win", "kind": "loss"', 1)
    assert isinstance(fast(text), InputError)
    assert "repeated" in str(fast(text))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(swiss_tournaments(), round_robins()), st.data())
def test_random_documents_and_edits_agree(tournament: Tournament, data: st.DataObject) -> None:
    text = write_tournament_json(tournament)
    assert same(fast(text), careful(text))
    position = data.draw(st.integers(0, len(text) - 1))
    inserted = data.draw(st.sampled_from(['"', ":", ",", " ", "1", "{}", '\\"', "null", "]"]))
    edited = text[:position] + inserted + text[position + 1 :]
    assert same(fast(edited), careful(edited))


def test_a_compact_document_on_one_line_keeps_the_line_numbers() -> None:
    document = json.loads(BASE)
    text = json.dumps(document)
    tournament = fast(text)
    assert isinstance(tournament, Tournament)
    assert {player.line for player in tournament.players} == {1}
    assert same(tournament, careful(text))
