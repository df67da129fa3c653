"""The HTTP API in-process: every endpoint gives what the library gives, and every error is
JSON with a clear message and, for a malformed file, its line and column."""

from __future__ import annotations

import base64
import json
import re
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tiebreaks import compute_standings
from tiebreaks.engine.catalogue import catalogue
from tiebreaks.errors import InputError
from tiebreaks.formats.detect import read_data
from tiebreaks.model.rules import REGIMES
from tiebreaks.render import standings_csv, standings_json
from tiebreaks.render.compare import comparison_data
from tiebreaks.render.explain import placing_json, why_json
from tiebreaks.services.compare import compare_standings
from tiebreaks.services.explain import explain_participant, find_participant, why

from ..test_warning_codes import EXPECTED, POINTS_DIFFER
from .conftest import EXAMPLES, MAX_UPLOAD, example_bytes, inline, round_robin


def library(name: str, tiebreaks: str | None = None, rules: str | None = None) -> Any:
    """The library's standings of a bundled example."""
    return compute_standings(read_data(example_bytes(name), name), tiebreaks, rules)


@pytest.mark.parametrize("name", EXAMPLES)
def test_standings_of_every_example_are_the_library_s(client: TestClient, name: str) -> None:
    answer = client.post("/api/standings", json={"tournament": inline(name)})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.text == standings_json(library(name))


@pytest.mark.parametrize("name", ["held-swiss-16.trf", "seed-000-crosstable.csv"])
def test_standings_inline_text_and_upload_agree(client: TestClient, name: str) -> None:
    text = example_bytes(name).decode("utf-8")
    options = {"tiebreaks": ["PTS", "SB", "WIN"], "rules": "fide-2026"}
    inline_text = client.post(
        "/api/standings", json={"tournament": {"data": text, "name": name}, **options}
    )
    upload = client.post(
        "/api/standings/upload",
        files={"file": (name, example_bytes(name))},
        data={"options": json.dumps(options)},
    )
    expected = standings_json(library(name, "PTS,SB,WIN", "fide-2026"))
    assert inline_text.text == upload.text == expected


def test_values_are_exact_decimals_never_floats(client: TestClient) -> None:
    answer = client.post(
        "/api/standings",
        json={"tournament": inline("held-swiss-16.trf"), "tiebreaks": "PTS,SB,AOB"},
    )
    assert '"SB": 9.75' in answer.text  # as written, not through a binary float
    explained = client.post(
        "/api/explain",
        json={"tournament": inline("held-swiss-16.trf"), "participant": "4", "tiebreak": "SB"},
    ).json()
    assert explained["explanations"][0]["value"] == "9.75"


def test_team_tournament_options(client: TestClient) -> None:
    answer = client.post(
        "/api/standings",
        json={
            "tournament": inline("held-team-14.trf"),
            "tiebreaks": "olympiad-2010",
            "primary": "GP",
        },
    )
    assert answer.status_code == 200, answer.text
    expected = compute_standings(
        read_data(example_bytes("held-team-14.trf"), "held-team-14.trf"),
        "olympiad-2010",
        primary="GP",
    )
    assert answer.text == standings_json(expected)


def test_explain(client: TestClient) -> None:
    answer = client.post(
        "/api/explain",
        json={"tournament": inline("held-swiss-16.trf"), "participant": "David"},
    )
    assert answer.status_code == 200, answer.text
    standings = library("held-swiss-16.trf")
    placing = explain_participant(standings, find_participant(standings, "David"))
    assert answer.text == placing_json(standings, placing)
    one = client.post(
        "/api/explain",
        json={
            "tournament": inline("held-swiss-16.trf"),
            "participant": "4",
            "tiebreak": "Buchholz Cut 1",
        },
    ).json()
    assert [item["tiebreak"] for item in one["explanations"]] == ["BH/C1"]


def test_why(client: TestClient) -> None:
    answer = client.post(
        "/api/why", json={"tournament": inline("held-swiss-16.trf"), "a": "3", "b": "4"}
    )
    assert answer.status_code == 200, answer.text
    standings = library("held-swiss-16.trf")
    expected = why(standings, standings.row(3), standings.row(4))
    assert answer.text == why_json(standings, expected)
    assert answer.json()["deciding"] == "BH/C1"


def test_compare_two_regimes(client: TestClient) -> None:
    answer = client.post(
        "/api/compare",
        json={
            "tournament": inline("held-swiss-16.trf"),
            "a": {"rules": "fide-2026"},
            "b": {"rules": "fide-2009"},
        },
    )
    assert answer.status_code == 200, answer.text
    a = library("held-swiss-16.trf", rules="fide-2026")
    b = library("held-swiss-16.trf", rules="fide-2009")
    assert answer.json() == comparison_data(compare_standings(a, b))


def test_catalogue(client: TestClient) -> None:
    answer = client.get("/api/catalogue")
    assert answer.status_code == 200
    document = answer.json()
    assert [entry["acronym"] for entry in document["tiebreaks"]] == [
        entry.acronym for entry in catalogue()
    ]
    assert [regime["name"] for regime in document["regimes"]] == list(REGIMES)
    assert document["recommended"]["swiss"] == ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
    buchholz = next(entry for entry in document["tiebreaks"] if entry["acronym"] == "BH")
    assert "Buchholz" in buchholz["names"]["de"]


def test_convert_csv(client: TestClient) -> None:
    answer = client.post(
        "/api/convert", json={"tournament": inline("held-swiss-16.trf"), "to": "csv"}
    )
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="held-swiss-16.csv"'
    assert answer.text == standings_csv(library("held-swiss-16.trf"))


def test_openapi_is_served(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert {
        "/api/standings",
        "/api/explain",
        "/api/why",
        "/api/compare",
        "/api/catalogue",
        "/api/validate",
        "/api/convert",
        "/api/standings/upload",
    } <= set(document["paths"])
    assert "/standings" not in document["paths"]  # the page is not part of the API


# ---------------------------------------------------------------- errors


def test_malformed_file_gives_line_and_column(client: TestClient) -> None:
    broken = example_bytes("held-swiss-16.trf").replace(b"2150 NOR", b"21x0 NOR", 1)
    with pytest.raises(InputError) as raised:
        read_data(broken, "broken.trf")
    answer = client.post("/api/standings", json={"tournament": inline("broken.trf", broken)})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["location"] == {
        "source": "broken.trf",
        "line": raised.value.location.line,
        "column": raised.value.location.column,
    }
    assert error["location"]["line"] == 5
    assert error["found"] == raised.value.text
    assert "broken.trf:5:" in error["message"]


def test_malformed_request_json_gives_line_and_column(client: TestClient) -> None:
    answer = client.post(
        "/api/standings",
        content=b'{\n  "tournament": {"data": "x"},\n  "rules": fide\n}',
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["location"]["line"] == 3
    assert error["location"]["column"] == 12
    assert "not valid JSON" in error["message"]


def test_missing_field_names_it(client: TestClient) -> None:
    answer = client.post("/api/why", json={"tournament": inline("held-swiss-16.trf"), "a": "1"})
    assert answer.status_code == 422
    assert answer.json()["error"]["field"] == "b"  # as the API documents it: no "body."


def test_unknown_tiebreak_suggests(client: TestClient) -> None:
    answer = client.post(
        "/api/standings",
        json={"tournament": inline("held-swiss-16.trf"), "tiebreaks": ["PTS", "Buchholtz Cut One"]},
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "did you mean: BH/C1" in error["message"]
    assert error["problems"][0]["position"] == 1
    assert error["problems"][0]["overridable"] is False
    assert error["problems"][0]["code"] is None  # an error, not a warning overridden
    # where the web lists every name, not a command of the CLI
    for message in (error["message"], error["problems"][0]["message"]):
        assert "tiebreaks list" not in message
        assert "GET /api/catalogue" in message
    explained = client.post(
        "/api/explain",
        json={"tournament": inline("held-swiss-16.trf"), "participant": "1", "tiebreak": "XYZ"},
    )
    assert explained.status_code == 422
    assert "tiebreaks list" not in explained.json()["error"]["message"]


def test_buchholz_in_a_round_robin_is_refused_with_the_reason(client: TestClient) -> None:
    request: dict[str, Any] = {
        "tournament": inline("rr.trf", round_robin()),
        "tiebreaks": ["PTS", "BH", "SB"],
    }
    refused = client.post("/api/standings", json=request)
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["problems"] == [
        {
            "position": 1,
            "tiebreak": "BH",
            "message": "BH is meant for Swiss tournaments, not round robins (Art. 8)",
            "overridable": True,
            "code": "standings.swiss-only-tiebreak",
        }
    ]
    assert "allow_discouraged" in error["message"]
    allowed = client.post("/api/standings", json={**request, "allow_discouraged": True})
    assert allowed.status_code == 200
    checked = client.post("/api/validate", json=request).json()
    assert checked["valid"] is False
    assert checked["problems"][0]["tiebreak"] == "BH"
    assert checked["tournament"]["type"] == "round-robin"
    assert checked["defaults"]["recommended"] == ["PTS", "DE", "WIN", "SB", "KS"]


def test_team_tiebreak_in_an_individual_event_is_refused(client: TestClient) -> None:
    answer = client.post(
        "/api/validate",
        json={"tournament": inline("held-swiss-16.trf"), "tiebreaks": ["PTS", "EMGSB/C1"]},
    )
    problem = answer.json()["problems"][0]
    assert problem["position"] == 1
    assert "team tie-break" in problem["message"]
    assert problem["overridable"] is False


def test_validate_resolves_names(client: TestClient) -> None:
    answer = client.post(
        "/api/validate",
        json={
            "tournament": inline("held-swiss-16.trf"),
            "tiebreaks": "Punkte; Buchholz mit einem Streichresultat; Fortschrittswertung",
        },
    )
    document = answer.json()
    assert document["valid"] is True
    assert document["tiebreaks"] == ["PTS", "BH/C1", "PS"]
    assert document["tournament"]["format"] == "trf"
    assert document["tournament"]["participants"] == 16


def test_unknown_participant_and_regime(client: TestClient) -> None:
    answer = client.post(
        "/api/why", json={"tournament": inline("held-swiss-16.trf"), "a": "Davd", "b": "1"}
    )
    assert answer.status_code == 422
    assert "did you mean #4 David" in answer.json()["error"]["message"]
    regime = client.post(
        "/api/standings", json={"tournament": inline("held-swiss-16.trf"), "rules": "fide-1999"}
    )
    assert regime.status_code == 422
    assert "fide-2026" in regime.json()["error"]["message"]


def test_bad_base64_is_a_clear_error(client: TestClient) -> None:
    answer = client.post(
        "/api/standings", json={"tournament": {"data": "not base64!", "encoding": "base64"}}
    )
    assert answer.status_code == 422
    assert "(not valid base64)" in answer.json()["error"]["message"]
    assert answer.json()["error"]["field"] == "tournament.data"


def test_oversize_file_is_413(client: TestClient) -> None:
    big = b"012 big\n" + b"x" * MAX_UPLOAD
    inline_answer = client.post(
        "/api/standings",
        json={
            "tournament": {
                "data": base64.b64encode(big[: MAX_UPLOAD + 10]).decode(),
                "encoding": "base64",
            }
        },
    )
    assert inline_answer.status_code == 413
    assert "larger than the limit" in inline_answer.json()["error"]["message"]
    upload = client.post("/api/standings/upload", files={"file": ("big.trf", big)})
    assert upload.status_code == 413


def test_oversize_body_is_413_before_it_is_read(client: TestClient) -> None:
    answer = client.post(
        "/api/standings",
        content=b"{" + b" " * (2 * MAX_UPLOAD) + b"}",
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 413
    assert answer.json() == {
        "error": {"message": answer.json()["error"]["message"], "location": None}
    }


def test_oversize_streamed_body_is_413(client: TestClient) -> None:
    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 10_000

    answer = client.post(
        "/api/standings", content=chunks(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413
    assert "larger than the limit" in answer.json()["error"]["message"]


def test_unknown_route_is_json_404(client: TestClient) -> None:
    answer = client.get("/api/nothing")
    assert answer.status_code == 404
    assert "error" in answer.json()


def test_typos_are_read_with_a_warning(client: TestClient) -> None:
    answer = client.post(
        "/api/standings",
        json={"tournament": inline("held-swiss-16.trf"), "tiebreaks": ["PTS", "Bucholz"]},
    )
    document = answer.json()
    assert document["tiebreaks"] == ["PTS", "BH"]
    assert "read 'Bucholz' as 'Buchholz' (BH)" in document["warnings"]


def test_warnings_carry_their_codes(client: TestClient) -> None:
    """The standings and the tournament summary list each warning with its code (Anna's
    points column says 2.5, her results add up to 2.0: tests/test_warning_codes.py)."""
    tournament = inline("t.trf", POINTS_DIFFER.encode())
    standings = client.post("/api/standings", json={"tournament": tournament})
    assert standings.status_code == 200
    assert standings.json()["warning_details"] == [EXPECTED]
    checked = client.post("/api/validate", json={"tournament": tournament, "tiebreaks": ["PTS"]})
    assert checked.json()["tournament"]["warning_details"] == [EXPECTED]


# ---------------------------------------------------------------- answers as documented

#: the endpoints whose answers are the library's documents, with a request for each
LIBRARY_ANSWERS = [
    ("/api/standings", "StandingsDocument", {"tiebreaks": "PTS,BH/C1,SB,AOB"}),
    ("/api/explain", "PlacingDocument", {"participant": "4"}),
    ("/api/why", "WhyDocument", {"a": "3", "b": "4"}),
    ("/api/compare", "CompareDocument", {"a": {"rules": "fide-2026"}, "b": {"rules": "fide-2009"}}),
]


@pytest.mark.parametrize(("path", "document", "request_fields"), LIBRARY_ANSWERS)
def test_library_documents_are_described_by_the_library(
    app: Any, client: TestClient, path: str, document: str, request_fields: dict[str, Any]
) -> None:
    """The description's schema of a standings, explain, why or compare answer is the one
    generated from the library's struct (no web model re-declares it), and an answer fits it."""
    import jsonschema  # type: ignore[import-untyped]

    from tiebreaks.render.documents import json_schemas

    description = app.openapi()
    answer = description["paths"][path]["post"]["responses"]["200"]["content"]
    assert answer["application/json"]["schema"] == {"$ref": f"#/components/schemas/{document}"}
    library_schemas = json_schemas("#/components/schemas/{name}")
    components = description["components"]["schemas"]
    assert {name: components[name] for name in library_schemas} == library_schemas
    body = {"tournament": inline("held-swiss-16.trf"), **request_fields}
    reply = client.post(path, json=body)
    assert reply.status_code == 200, reply.text
    schema = {"$ref": f"#/components/schemas/{document}", "components": description["components"]}
    jsonschema.Draft202012Validator(schema).validate(reply.json())


def test_docs_are_the_openapi_document(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    page = client.get("/docs")
    assert page.status_code == 200
    assert (
        page.headers["content-security-policy"]
        == client.get("/").headers["content-security-policy"]
    )
    text = page.text
    for path, methods in document["paths"].items():
        for method in methods:
            assert f"<code>{path}</code>" in text, path
            assert f'id="{methods[method]["operationId"]}"' in text
    for name in document["components"]["schemas"]:
        assert f'id="schema-{name}"' in text, name
    # nothing from elsewhere: our own script and style only, no inline script or style
    assert re.findall(r'<script src="([^"]+)"', text) == ["/static/app.js", "/static/docs.js"]
    assert "<style" not in text
    assert " style=" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)
    assert client.get("/static/docs.js").status_code == 200


def test_lots_and_the_unrated_method_reach_the_api(client: TestClient) -> None:
    """``lots`` (true: seeded from the tournament, or a seed) and ``unrated_excluded`` are
    options of the API, and its document says which were used, as the library's does."""
    name = "held-round-robin-6.trf"
    tournament = read_data(example_bytes(name), name)
    for lots in (True, 7):
        answer = client.post(
            "/api/standings", json={"tournament": inline(name), "tiebreaks": "PTS", "lots": lots}
        )
        assert answer.status_code == 200, answer.text
        expected = compute_standings(tournament, "PTS", lots=lots)
        assert answer.text == standings_json(expected)
        source = "tournament" if lots is True else "given"
        assert answer.json()["lots"] == {"seed": expected.lots_seed, "source": source}
    answer = client.post(
        "/api/standings", json={"tournament": inline(name), "unrated_excluded": True}
    )
    assert answer.json()["unrated"] == {"method": "excluded", "rating": None}
    both = {"tournament": inline(name), "unrated_excluded": True, "unrated_rating": 1000}
    refused = client.post("/api/standings", json=both)
    assert refused.status_code == 422
    assert "choose one method for unrated players" in refused.text


def test_the_arbiters_decisions_reach_the_api(client: TestClient) -> None:
    """``withdrawn``, ``expelled``, ``manual_values`` and ``manual_order`` are options of the
    API; its document lists the participants not ranked apart and marks the arbiter's order,
    as the library's does. Alyx, Bruno and Charline share 3.5 points."""
    name = "held-round-robin-6.trf"
    tournament = read_data(example_bytes(name), name)
    request = {
        "tournament": inline(name),
        "tiebreaks": "PTS,MAN",
        "expelled": [6],
        "manual_values": {"1": "1/2", "2": "1/2", "3": "0"},
        "manual_order": [2, 1],
    }
    answer = client.post("/api/standings", json=request)
    assert answer.status_code == 200, answer.text
    expected = compute_standings(
        tournament,
        "PTS,MAN",
        excluded={6: "expelled"},
        manual_values={1: Fraction(1, 2), 2: Fraction(1, 2), 3: 0},
        manual_order=[2, 1],
    )
    assert answer.text == standings_json(expected)
    data = answer.json()
    assert [(row["id"], row.get("ordered_by_arbiter", False)) for row in data["standings"][:3]] == [
        (2, True),
        (1, True),
        (3, False),
    ]
    assert data["not_ranked"][0]["id"] == 6 and data["not_ranked"][0]["status"] == "expelled"
    refused = client.post("/api/standings", json={**request, "manual_order": [3]})
    assert refused.status_code == 422
    assert "is not tied with anyone" in refused.text


def test_check_names_the_reading_of_each_published_column(client: TestClient) -> None:
    """A file publishing Swiss-Manager's SB (hand values of
    tests/tiebreaks/test_program_readings.py): /api/check and its upload twin name the
    reading per column."""
    from tiebreaks.formats.writers.tournament_json import write_tournament_json

    from ..test_check_programs import SB_SWISS_MANAGER, published

    text = write_tournament_json(published("SB", SB_SWISS_MANAGER))
    answer = client.post("/api/check", json={"tournament": {"data": text, "name": "sm.json"}})
    assert answer.status_code == 200, answer.text
    (column,) = answer.json()["columns"]
    assert column["column"] == "SB"
    assert [(r["tiebreak"], r["rules"]) for r in column["readings"]] == [("SB/SM", "fide-2009")]
    upload = client.post("/api/check/upload", files={"file": ("sm.json", text.encode())})
    assert upload.json() == answer.json()


def test_a_program_profile_reaches_the_api(client: TestClient) -> None:
    """``like`` is an option of the API as of ``tiebreaks standings --like``. In the Held round
    robin, Bruno (#2) and Charline (#3) are equal on every value of the FIDE list (3.5 points,
    DE 2, 3 wins, SB 6.25, KS 0.5): FIDE leaves them sharing place 2, Vega orders the ties
    left by pairing number (docs/conformance.md), so Bruno is 2nd and Charline 3rd."""
    request = {"tournament": inline("held-round-robin-6.trf")}
    fide = client.post("/api/standings", json=request).json()
    vega = client.post("/api/standings", json={**request, "like": "vega"}).json()
    first_three = [(row["id"], row["rank"]) for row in fide["standings"][:3]]
    assert first_three == [(1, 1), (2, 2), (3, 2)]
    assert [(row["id"], row["rank"]) for row in vega["standings"][:3]] == [(1, 1), (2, 2), (3, 3)]
    assert vega["like"] == "vega" and "like" not in fide
    refused = client.post("/api/standings", json={**request, "like": "chess-base"})
    assert refused.status_code == 422
