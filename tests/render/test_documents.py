"""The JSON documents the renderers write are described once, by the structs next to their
writers: each text written decodes (strictly) into its struct as the very document the writer
built, and validates against the JSON Schema generated from the structs."""

from __future__ import annotations

import json
from decimal import Decimal
from functools import cache
from itertools import pairwise
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import msgspec
import pytest

import tiebreaks
from tiebreaks import compute_standings
from tiebreaks.formats.reading import read_tournament
from tiebreaks.render.compare import CompareDocument, comparison_document, comparison_json
from tiebreaks.render.documents import DOCUMENTS, json_schemas
from tiebreaks.render.explain import (
    PlacingDocument,
    WhyDocument,
    placing_document,
    placing_json,
    why_document,
    why_json,
)
from tiebreaks.render.json import (
    StandingsDocument,
    standings_document,
    standings_json,
    standings_to_data,
)
from tiebreaks.services.compare import compare_standings
from tiebreaks.services.explain import explain_participant, why
from tiebreaks.standings import Standings

EXAMPLES = Path(tiebreaks.__file__).parent / "examples"
#: (file, list): an individual Swiss, a round robin, a team event; values with decimals
CASES = [
    ("held-swiss-16.trf", "PTS,BH/C1,BH,SB,ARO,AOB"),
    ("held-round-robin-6.trf", "PTS,SB,DE,WIN"),
    ("held-team-14.trf", None),
]


@cache
def standings_of(name: str, tiebreak_list: str | None, rules: str | None = None) -> Standings:
    return compute_standings(read_tournament(EXAMPLES / name), tiebreak_list, rules)


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the document ``name`` against the schemas of :func:`json_schemas`."""
    schema = {"$ref": f"#/$defs/{name}", "$defs": json_schemas()}
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def decoded_as_written(text: str, kind: type[msgspec.Struct], built: msgspec.Struct) -> None:
    """``text`` is the document ``built``, and as its schema describes it."""
    assert msgspec.json.decode(text, type=kind, strict=True) == built
    validator(kind.__name__).validate(json.loads(text))


@pytest.mark.parametrize(("name", "tiebreak_list"), CASES)
def test_the_standings_text_is_the_standings_document(name: str, tiebreak_list: str) -> None:
    standings = standings_of(name, tiebreak_list)
    document = standings_document(standings)
    decoded_as_written(standings_json(standings), StandingsDocument, document)
    assert standings_to_data(standings) == msgspec.to_builtins(document, builtin_types=(Decimal,))


@pytest.mark.parametrize(("name", "tiebreak_list"), CASES)
def test_every_placing_and_why_text_is_its_document(name: str, tiebreak_list: str) -> None:
    standings = standings_of(name, tiebreak_list)
    rows = standings.rows
    for row in rows[:4]:
        placing = explain_participant(standings, row)
        text = placing_json(standings, placing)
        decoded_as_written(text, PlacingDocument, placing_document(standings, placing))
    for first, second in pairwise(rows[:5]):
        outcome = why(standings, first, second)
        text = why_json(standings, outcome)
        decoded_as_written(text, WhyDocument, why_document(standings, outcome))


@pytest.mark.parametrize(
    ("name", "a", "b"),
    [
        ("held-swiss-16.trf", ("PTS,BH/C1,BH,SB", None), ("PTS,SB,ARO,BH", None)),
        ("held-swiss-16.trf", (None, "fide-2009"), (None, "fide-2026")),
        ("held-team-14.trf", (None, "fide-2024"), (None, "fide-2026")),
    ],
)
def test_the_comparison_text_is_its_document(
    name: str, a: tuple[str | None, str | None], b: tuple[str | None, str | None]
) -> None:
    comparison = compare_standings(standings_of(name, *a), standings_of(name, *b))
    text = comparison_json(comparison)
    decoded_as_written(text, CompareDocument, comparison_document(comparison))


def test_optional_keys_are_left_out_not_null() -> None:
    """An explanation line has "cut" only when it is cut, a value "total" only when it is a
    sum, a comparison entry "reason" only when it moved for one: as before the structs."""
    standings = standings_of("held-swiss-16.trf", "PTS,BH/C1,SB,ARO")
    data = json.loads(placing_json(standings, explain_participant(standings, standings.rows[0])))
    lines = [line for item in data["explanations"] for line in item["lines"]]
    assert any("cut" in line for line in lines)
    assert all(("cut" in line) == (not line["kept"]) for line in lines)
    totals = {item["tiebreak"]: "total" in item for item in data["explanations"]}
    assert totals == {"PTS": True, "BH/C1": True, "SB": True, "ARO": False}  # ARO: an average


def test_decimal_values_are_described_as_json_numbers() -> None:
    """The standings write exact decimals as JSON numbers ("SB": 9.75): their schema says a
    number, never msgspec's default for a Decimal (a string)."""
    text = json.dumps(json_schemas())
    assert '"decimal"' not in text
    values = json_schemas()["StandingsRow"]["properties"]["tiebreaks"]["additionalProperties"]
    assert {"type": "number"} in values["anyOf"]


def test_every_document_is_named_by_its_struct() -> None:
    assert set(DOCUMENTS) == {
        "StandingsDocument",
        "PlacingDocument",
        "WhyDocument",
        "CompareDocument",
        "RoundsDocument",
    }
    assert set(DOCUMENTS) <= set(json_schemas())
