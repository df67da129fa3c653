"""The web service's messages about malformed requests: every endpoint and kind of parameter
(JSON body, upload form, options, page form) with wrong types, missing fields, empty, huge,
negative and fractional values, strings and arrays where scalars belong, malformed and deeply
nested JSON. Each answer names the field as the API documents it, what was found and what was
expected, and never a name of the framework's types or of the request's internal parts.

Expected texts are written from the request itself (the value sent, the field it was sent in)
and from the bundled 16-player Swiss, which has 5 rounds (its line ``XXR 5``).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

import click
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreaks import example_path
from tiebreaks.cli.main import main

from .conftest import example_bytes, inline

#: what no answer may contain: the framework's type names, its location paths, its own
#: messages, a traceback, and the old message about valid JSON
NEVER = (
    "constrained",
    "UploadFile",
    "<class",
    "body.",
    "Traceback",
    "Input should",
    "Field required",
    "not JSON in UTF-8",
    "--after-round",
)
SWISS = "held-swiss-16.trf"
#: the rounds of the bundled 16-player Swiss (its ``XXR 5`` line)
ROUNDS = 5


@dataclass(frozen=True)
class Case:
    """A request and what its answer must say."""

    path: str
    fields: dict[str, Any] | None = None  # the JSON body, with the Swiss added as tournament
    raw: bytes | None = None  # a body sent as it is (JSON content type unless told)
    status: int = 422
    field: str | None = None
    says: tuple[str, ...] = ()
    upload: dict[str, Any] | None = None  # form fields; the Swiss as file unless "file" given
    headers: dict[str, str] = dataclasses.field(default_factory=dict)


def body(**fields: Any) -> bytes:
    """A JSON body with the Swiss and ``fields``, as bytes (for bodies edited by hand)."""
    return json.dumps({"tournament": inline(SWISS), **fields}).encode()


WHOLE = f"expected a whole number from 0 to {ROUNDS} (the number of rounds of the tournament)"
BEFORE = "expected a whole number from 0 to the number of rounds of the tournament"
PARTICIPANT = "expected a participant: a start number or (part of) a name"
TIEBREAKS = "expected a tie-break list such as PTS,BH/C1,SB"
CASES: dict[str, Case] = {
    # ---- numbers: too large, negative, fractions, strings, arrays, JSON that is no number
    "after_round far too large": Case(
        "/api/standings",
        {"after_round": 99999999999999999999},
        field="after_round",
        says=(f"after_round: found 99999999999999999999, {WHOLE}",),
    ),
    "after_round one too large": Case(
        "/api/standings",
        {"after_round": ROUNDS + 1},
        field="after_round",
        says=(f"after_round: found {ROUNDS + 1}, {WHOLE}",),
    ),
    "after_round negative": Case(
        "/api/standings",
        {"after_round": -1},
        field="after_round",
        says=(f"after_round: found -1 (below the minimum, 0), {BEFORE}",),
    ),
    "after_round fraction": Case(
        "/api/standings",
        {"after_round": 3.5},
        field="after_round",
        says=(f"after_round: found 3.5, {BEFORE}",),
    ),
    "after_round 3.0": Case(
        "/api/standings", raw=body(after_round=3.0), field="after_round", says=("found 3.0",)
    ),
    "after_round string": Case(
        "/api/standings",
        {"after_round": "3"},
        field="after_round",
        says=(f'after_round: found "3", {BEFORE}',),
    ),
    "after_round array": Case(
        "/api/standings", {"after_round": [3]}, field="after_round", says=("found [3]",)
    ),
    "after_round true": Case(
        "/api/standings", {"after_round": True}, field="after_round", says=("found true",)
    ),
    "after_round 5000 digits": Case(
        "/api/standings",
        raw=body(after_round=0)[:-2] + b"9" * 5000 + b"}",
        field="after_round",
        says=("after_round: found 999999999999999999999999999999... (5000 digits)", BEFORE),
    ),
    "after_round 1e400": Case(
        "/api/standings",
        raw=body(after_round=0)[:-2] + b"1e400}",
        field="after_round",
        says=("after_round: found 1e400,",),
    ),
    "after_round NaN": Case(
        "/api/standings",
        raw=body(after_round=0)[:-2] + b"NaN}",
        field="after_round",
        says=("after_round: found NaN,",),
    ),
    "unrated_rating negative": Case(
        "/api/standings",
        {"unrated_rating": -5},
        field="unrated_rating",
        says=("unrated_rating: found -5 (below the minimum, 0), expected a whole number from 0",),
    ),
    # ---- texts and lists
    "tiebreaks a number": Case(
        "/api/standings", {"tiebreaks": 5}, field="tiebreaks", says=(TIEBREAKS, "found 5")
    ),
    "tiebreaks an object": Case(
        "/api/standings", {"tiebreaks": {}}, field="tiebreaks", says=(TIEBREAKS, "found {}")
    ),
    "tiebreaks item a number": Case(
        "/api/standings",
        {"tiebreaks": ["PTS", 1]},
        field="tiebreaks[1]",
        says=("tiebreaks[1]: found 1, expected a tie-break name or descriptor such as BH/C1",),
    ),
    "tiebreaks item empty": Case(
        "/api/standings",
        {"tiebreaks": [""]},
        field="tiebreaks[0]",
        says=('tiebreaks[0]: found "" (empty)',),
    ),
    "tiebreaks text too long": Case(
        "/api/standings",
        {"tiebreaks": "B" * 2001},
        field="tiebreaks",
        says=("(2001 characters; at most 2000)", TIEBREAKS),
    ),
    "tiebreaks list too long": Case(
        "/api/standings",
        {"tiebreaks": ["PTS"] * 101},
        field="tiebreaks",
        says=("(101 items; at most 100)", TIEBREAKS),
    ),
    "rules a number": Case(
        "/api/standings",
        {"rules": 2026},
        field="rules",
        says=("rules: found 2026, expected a rules regime such as fide-2026",),
    ),
    "primary unknown": Case(
        "/api/standings",
        {"primary": "XP"},
        field="primary",
        says=("primary: found \"XP\", expected 'MP' or 'GP'",),
    ),
    "allow_discouraged a number": Case(
        "/api/standings",
        {"allow_discouraged": 1},
        field="allow_discouraged",
        says=("allow_discouraged: found 1, expected true or false",),
    ),
    "unknown field": Case(
        "/api/standings",
        {"after_rounds": 3},
        field="after_rounds",
        says=("after_rounds: found an unknown field, expected one of the fields", "after_round"),
    ),
    # ---- the tournament object
    "tournament missing": Case(
        "/api/validate",
        raw=b'{"tiebreaks": "PTS"}',
        field="tournament",
        says=("tournament: found nothing, expected the tournament file",),
    ),
    "tournament a string": Case(
        "/api/standings",
        raw=b'{"tournament": "012 open"}',
        field="tournament",
        says=('tournament: found "012 open", expected the tournament file',),
    ),
    "tournament data missing": Case(
        "/api/standings",
        raw=b'{"tournament": {"name": "open.trf"}}',
        field="tournament.data",
        says=("tournament.data: found nothing, expected the file's content",),
    ),
    "tournament encoding unknown": Case(
        "/api/standings",
        raw=b'{"tournament": {"data": "x", "encoding": "hex"}}',
        field="tournament.encoding",
        says=("tournament.encoding: found \"hex\", expected 'text' or 'base64'",),
    ),
    "tournament format unknown": Case(
        "/api/standings",
        raw=b'{"tournament": {"data": "x", "format": "xls"}}',
        field="tournament.format",
        says=('found "xls", expected one of trf, json, chess-json, pgn, csv',),
    ),
    "tournament data not base64": Case(
        "/api/standings",
        raw=b'{"tournament": {"data": "not base64!", "encoding": "base64"}}',
        field="tournament.data",
        says=('tournament.data: found "not base64!" (not valid base64)',),
    ),
    # ---- the whole body
    "body an array": Case(
        "/api/standings",
        raw=b"[]",
        field="body",
        says=("body: found [], expected a JSON object with the fields tournament",),
    ),
    "body empty": Case(
        "/api/standings",
        raw=b"",
        field="body",
        says=("body: found nothing, expected a JSON object with the fields tournament",),
    ),
    "body not declared as JSON": Case(
        "/api/standings",
        raw=body(),
        headers={"content-type": "text/plain"},
        field="body",
        says=("expected a JSON object sent with the header Content-Type: application/json",),
    ),
    # ---- participants and the other endpoints
    "why without b": Case(
        "/api/why", {"a": "1"}, field="b", says=(f"b: found nothing, {PARTICIPANT}",)
    ),
    "why a empty": Case(
        "/api/why", {"a": "", "b": "2"}, field="a", says=(f'a: found "" (empty), {PARTICIPANT}',)
    ),
    "why a unknown": Case(
        "/api/why",
        {"a": "Nobody", "b": "2"},
        field="a",
        says=("a: no participant 'Nobody'",),
    ),
    "explain without participant": Case(
        "/api/explain", {}, field="participant", says=("participant: found nothing",)
    ),
    "explain participant a number": Case(
        "/api/explain", {"participant": 4}, field="participant", says=("found 4", PARTICIPANT)
    ),
    "explain tiebreak not in the list": Case(
        "/api/explain",
        {"participant": "4", "tiebreak": "KS"},
        field="tiebreak",
        says=("tiebreak: 'KS' is not in the list",),
    ),
    "compare side a list": Case(
        "/api/compare",
        {"a": {"tiebreaks": 5}, "b": {}},
        field="a.tiebreaks",
        says=(f"a.tiebreaks: found 5, {TIEBREAKS}",),
    ),
    "compare side b an array": Case(
        "/api/compare",
        {"a": {}, "b": []},
        field="b",
        says=("b: found [], expected one side of the comparison",),
    ),
    "convert to unknown": Case(
        "/api/convert",
        {"to": "xlsx"},
        field="to",
        says=('to: found "xlsx", expected one of csv, text, standings-json, html, pdf',),
    ),
    "convert lang unknown": Case(
        "/api/convert",
        {"to": "csv", "lang": "zz"},
        field="lang",
        says=('lang: found "zz", expected one of en, de, it, fr, es',),
    ),
    # ---- JSON itself: deep but valid, too deep for the parser, not UTF-8, broken, repeated
    "JSON 100 levels deep": Case(
        "/api/standings",
        raw=body(tiebreaks=0).replace(b"0}", b"[" * 100 + b"]" * 100 + b"}"),
        field="body",
        says=("the JSON is nested 101 levels deep; at most 64 are accepted",),
    ),
    "JSON 100000 levels deep": Case(
        "/api/standings",
        raw=b'{"tiebreaks": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        field="body",
        says=("the JSON is nested 100001 levels deep; at most 64 are accepted (line 1, column 78",),
    ),
    "JSON not UTF-8": Case(
        "/api/standings",
        raw=b'{"rules":\n "fide\xff"}',
        field="body",
        says=("the request body: not UTF-8 text: byte 0xff (line 2, column 7)",),
    ),
    "JSON broken": Case(
        "/api/standings",
        raw=b'{"tournament": {"data": "x"},\n "rules": fide}',
        field="body",
        says=("the request body: not valid JSON: Expecting value (line 2, column 11)",),
    ),
    "JSON key repeated": Case(
        "/api/standings",
        raw=b'{"tournament": {"data": "x"},\n "rules": "fide-2024", "rules": "fide-2026"}',
        field="body",
        says=('the key "rules" appears twice in one object', "(line 2, column 24)"),
    ),
    # ---- uploads: the file, the options (JSON in a form field), the format
    "upload file as a text field": Case(
        "/api/standings/upload",
        upload={"file": "012 open"},
        field="file",
        says=('file: found a text field ("012 open")', "a file upload (multipart/form-data)"),
    ),
    "upload without file": Case(
        "/api/why/upload",
        upload={"file": None, "options": '{"a": "1", "b": "2"}'},
        field="file",
        says=("file: found nothing, expected a file upload",),
    ),
    "upload options broken": Case(
        "/api/standings/upload",
        upload={"options": '{"rules": fide}'},
        field="options",
        says=("the options field: not valid JSON: Expecting value (line 1, column 11)",),
    ),
    "upload options an array": Case(
        "/api/standings/upload",
        upload={"options": "[]"},
        field="options",
        says=("options: found [], expected a JSON object with the fields (all optional)",),
    ),
    "upload options too deep": Case(
        "/api/standings/upload",
        upload={"options": '{"tiebreaks": ' + "[" * 70 + "]" * 70 + "}"},
        field="options",
        says=("the options field: the JSON is nested 71 levels deep; at most 64",),
    ),
    "upload after_round far too large": Case(
        "/api/standings/upload",
        upload={"options": '{"after_round": 99999999999999999999}'},
        field="after_round",
        says=(f"after_round: found 99999999999999999999, {WHOLE}",),
    ),
    "upload unrated_rating negative": Case(
        "/api/standings/upload",
        upload={"options": '{"unrated_rating": -5}'},
        field="unrated_rating",
        says=("unrated_rating: found -5 (below the minimum, 0)",),
    ),
    "upload why without b": Case(
        "/api/why/upload",
        upload={"options": '{"a": "1"}'},
        field="b",
        says=(f"b: found nothing, {PARTICIPANT}",),
    ),
    "upload format unknown": Case(
        "/api/convert/upload",
        upload={"options": '{"to": "csv"}', "format": "xls"},
        field="format",
        says=('format: found "xls", expected one of trf, json',),
    ),
    # ---- addresses and methods
    "unknown address": Case(
        "/api/standing",
        {},
        status=404,
        says=("nothing at POST /api/standing; the API's endpoints are listed in /api/openapi",),
    ),
}


def send(client: TestClient, case: Case) -> Any:
    """Post the case's request."""
    if case.upload is not None:
        form = {name: value for name, value in case.upload.items() if value is not None}
        swiss = {"file": ("open.trf", example_bytes(SWISS))}
        files = None if "file" in case.upload else swiss  # None: a file field, or no file
        return client.post(case.path, data=form, files=files)
    if case.raw is not None:
        headers = {"content-type": "application/json", **case.headers}
        return client.post(case.path, content=case.raw, headers=headers)
    return client.post(case.path, json={"tournament": inline(SWISS), **(case.fields or {})})


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_each_malformed_request_names_field_found_and_expected(
    client: TestClient, case: Case
) -> None:
    answer = send(client, case)
    assert answer.status_code == case.status, answer.text[:500]
    error = answer.json()["error"]
    assert set(error) <= {"message", "location", "field", "found", "expected", "problems"}
    assert error.get("field") == case.field
    for phrase in case.says:
        assert phrase in error["message"], (phrase, error["message"])
    for phrase in NEVER:
        assert phrase not in answer.text, (phrase, answer.text[:500])


@pytest.mark.parametrize(
    ("raw", "line", "column"),
    [
        (b'{"tournament": {"data": "x"}, "rules": \xff}', 1, 40),
        (b'{"tournament": {"data": "x"},\n "rules": fide}', 2, 11),
        (b'{"a": 1,\n\n  "a": 2}', 3, 3),
        (b"[" * 65 + b"]" * 65, 1, 65),
    ],
)
def test_json_errors_locate_the_request(
    client: TestClient, raw: bytes, line: int, column: int
) -> None:
    """Line and column of the first byte that is not UTF-8, the syntax error, the repeated key
    and the first level over the nesting limit (counted by hand in each body)."""
    error = client.post(
        "/api/standings", content=raw, headers={"content-type": "application/json"}
    ).json()["error"]
    assert error["location"] == {"source": "request", "line": line, "column": column}
    assert f"(line {line}, column {column}" in error["message"]


def test_found_texts_are_short_and_neutralised(client: TestClient) -> None:
    """A long value is shown by its start and length; control and bidirectional formatting
    characters never reach the message."""
    rules = "\u202eevil\x1b[2J" + "x" * 5000
    error = client.post(
        "/api/standings", json={"tournament": inline(SWISS), "rules": rules}
    ).json()["error"]
    assert error["field"] == "rules"
    assert "(5009 characters; at most 60)" in error["message"]
    assert len(error["found"]) < 60
    assert "\u202e" not in error["message"] and "\x1b" not in error["message"]


def test_a_request_with_several_problems_names_each(client: TestClient) -> None:
    request = {"tournament": inline(SWISS), "after_round": -1, "rules": 5, "primary": "X"}
    error = client.post("/api/standings", json=request).json()["error"]
    assert error["field"] == "rules"  # the first in the order of the description
    for field_name in ("after_round: found -1", "rules: found 5", 'primary: found "X"'):
        assert field_name in error["message"]


def test_405_says_which_method_the_address_takes(client: TestClient) -> None:
    answer = client.get("/api/standings")
    assert answer.status_code == 405
    assert answer.json()["error"]["message"] == (
        "GET /api/standings is not accepted; this address takes POST"
    )


def test_a_multipart_body_without_its_boundary_is_400(client: TestClient) -> None:
    answer = client.post(
        "/api/standings/upload", content=b"x", headers={"content-type": "multipart/form-data"}
    )
    assert answer.status_code == 400
    message = answer.json()["error"]["message"]
    assert message.startswith("the request body cannot be read as a multipart form")


# ---------------------------------------------------------------- the page's number fields


@pytest.mark.parametrize(
    ("after_round", "unrated_rating", "says"),
    [
        ("99999999999999999999", "", f"after round: found 99999999999999999999, {WHOLE}"),
        (str(ROUNDS + 1), "", f"after round: found {ROUNDS + 1}, {WHOLE}"),
        ("-5", "", f"after round: found -5 (below the minimum, 0), {WHOLE}"),
        ("3.5", "", "after round: found &#34;3.5&#34;, expected a whole number"),
        ("three", "", "after round: found &#34;three&#34;, expected a whole number"),
        ("9" * 6000, "", "after round: found 999999999999999999999999999999... (6000 digits)"),
        ("", "-5", "rating of unrated players: found -5 (below the minimum, 0)"),
    ],
)
def test_the_page_says_why_a_number_is_refused(
    client: TestClient, after_round: str, unrated_rating: str, says: str
) -> None:
    form = {"after_round": after_round, "unrated_rating": unrated_rating}
    page = client.post("/standings", files={"file": ("open.trf", example_bytes(SWISS))}, data=form)
    assert page.status_code == 422
    assert says in page.text
    assert "is not a whole number" not in page.text


def test_the_description_names_no_internal_parts(app: Any) -> None:
    """Operations and upload forms are named after the endpoint (``standings_upload``), not
    the framework's default (the function, the path and the method)."""
    described = json.dumps(app.openapi())
    for phrase in ("_api_", "_post", "constrained", "UploadFile", "HTTPValidationError"):
        assert phrase not in described
    assert "Body_standings_upload" in described


# ---------------------------------------------------------------- bounds agree with the CLI


def cli_range(option: str) -> tuple[int | None, int | None]:
    """The bounds of an option of ``tiebreaks standings``."""
    command = main.get_command(click.Context(main), "standings")
    assert command is not None
    parameter = next(param for param in command.params if param.name == option)
    assert isinstance(parameter.type, click.IntRange)
    return parameter.type.min, parameter.type.max


@pytest.mark.parametrize("option", ["after_round", "unrated_rating"])
def test_the_description_has_the_bounds_of_the_command_line(app: Any, option: str) -> None:
    schemas = app.openapi()["components"]["schemas"]
    low, high = cli_range(option)
    for model in ("StandingsRequest", "CompareRequest"):
        described = schemas[model]["properties"][option]["anyOf"][0]
        assert described.get("minimum") == low
        assert described.get("maximum") == high


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    option=st.sampled_from(["after_round", "unrated_rating"]),
    value=st.one_of(st.integers(-3, 8), st.integers(-(10**25), 10**25)),
)
def test_the_web_accepts_a_number_when_the_command_line_does(
    client: TestClient, option: str, value: int
) -> None:
    """The same number, given to ``tiebreaks standings`` and to ``/api/standings``: both
    accept it or both refuse it."""
    path = str(example_path(SWISS))
    flag = "--" + option.replace("_", "-")
    run = CliRunner().invoke(main, ["standings", path, f"{flag}={value}"])
    answer = client.post("/api/standings", json={"tournament": inline(SWISS), option: value})
    assert (run.exit_code == 0) == (answer.status_code == 200), (run.output, answer.text)
    if answer.status_code != 200:
        assert answer.json()["error"]["field"] == option
