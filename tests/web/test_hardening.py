"""Hostile input against the web service: markup in every name and field, control and
bidirectional formatting characters, formulas in downloads, file names that try to leave
their folder, decomposed and right-to-left names, and the size and time limits of every
endpoint (many parts, huge fields, deeply nested JSON, slow bodies).

Expected texts are written by hand from the rules of :mod:`tiebreaks.render.safe_text`,
:func:`tiebreaks.render.csv.spreadsheet_safe` and
:func:`tiebreaks.web.api_jobs.content_disposition`.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import io
import json
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tiebreaks.web import create_app
from tiebreaks.web.api_jobs import content_disposition

from .conftest import MAX_UPLOAD, example_bytes, inline

#: markup in the contexts a text reaches: element text, attribute values, scripts, comments
MARKUP = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "' onmouseover='alert(3)",
    "</textarea></script><svg onload=alert(4)>",
    "<!-- --><iframe src=javascript:alert(5)>",
)
#: control characters and explicit bidirectional formatting characters
INVISIBLE = (
    *("\x1b", "\x00", "\x07", "\x85"),
    *("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"),
)
ARABIC = "\u0645\u062d\u0645\u062f \u0639\u0644\u064a"
HEBREW = "\u05d3\u05d5\u05d3 \u05dc\u05d5\u05d9"


def swiss_json(names: dict[int, str], title: str | None = None) -> bytes:
    """The 16-player Swiss in our JSON with some players (by start number) renamed."""
    document = json.loads(example_bytes("held-swiss-16.json"))
    for player in document["players"]:
        player["name"] = names.get(player["start_number"], player["name"])
    if title is not None:
        document["tournament"]["name"] = title
    return json.dumps(document).encode("utf-8")


HOSTILE = {
    **dict(enumerate(MARKUP, start=1)),
    6: "Evil\u202eonurB\x1b[2J",
    7: '=HYPERLINK("https://example.org")',
    8: ARABIC,
}
HOSTILE_TITLE = "</title><script>alert(6)</script>\u202e"
HOSTILE_FILE = '"><svg onload=alert(7)>\u202e.json'


class Scan(HTMLParser):
    """What a page contains that the input could have injected: elements, attributes,
    inline scripts, and the names each text stands in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.handlers: list[str] = []
        self.scripts: list[str | None] = []
        self.urls: list[str] = []
        self.texts: list[tuple[str, tuple[str, ...]]] = []
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record the element and its attributes."""
        self.tags.append(tag)
        found = dict(attrs)
        self.handlers += [name for name in found if name.startswith("on")]
        self.urls += [value or "" for name, value in attrs if name in ("href", "src", "action")]
        if tag == "script":
            self.scripts.append(found.get("src"))
        if tag == "input" and found.get("name"):
            self.values[str(found["name"])] = found.get("value") or ""
        if tag not in ("input", "meta", "link", "br", "img"):
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        """Close the element (and any left open inside it)."""
        if tag in self.stack:
            while self.stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        """Record a text with the elements it stands in."""
        if data.strip():
            self.texts.append((data, tuple(self.stack)))


def scan(page: str) -> Scan:
    """A page scanned, after checking nothing injected is in it."""
    found = Scan()
    found.feed(page)
    found.close()
    assert not {"img", "svg", "iframe", "object", "embed"} & set(found.tags)
    assert not found.handlers
    assert found.scripts in ([], ["/static/app.js"])  # only our own script, never inline
    assert not [url for url in found.urls if url.strip().lower().startswith("javascript:")]
    assert not [hex(ord(char)) for char in INVISIBLE if char in page]
    return found


def results_page(client: TestClient, **fields: Any) -> str:
    """The results page of the hostile tournament (uploaded under a hostile file name)."""
    data = swiss_json(HOSTILE, HOSTILE_TITLE)
    answer = client.post("/standings", files={"file": (HOSTILE_FILE, data)}, data=fields)
    assert answer.status_code in (200, 422), answer.text[:300]
    return str(answer.text)


def carried(page: str) -> dict[str, Any]:
    """The hidden fields a page carries to its next step."""
    values = scan(page).values
    fields: dict[str, Any] = {name: values[name] for name in ("data", "source", "fmt", "listed")}
    return fields


# --- HTML escaping ---------------------------------------------------------------------------


def test_every_page_escapes_what_the_input_brings(client: TestClient) -> None:
    page = results_page(client)
    fields = carried(page)
    hostile = MARKUP[0]
    steps: list[dict[str, Any]] = [
        {"explain": "1"},
        {"explain": "2|SB"},
        {"explain": "1", "partial": "1"},
        {"why": "1|2"},
        {"why": "form", "why_a": "6", "why_b": "8"},
        {"edit": "add", "tb_new": hostile, "tb": ["PTS", MARKUP[1]]},
        {"origin": MARKUP[2], "tb": ["PTS"], "rules": MARKUP[3]},
        {"after_round": MARKUP[1], "unrated_rating": MARKUP[2]},
        {"explain": hostile},
        {"why": f"{MARKUP[1]}|{MARKUP[2]}"},
        {"explain": "1|" + MARKUP[4], "partial": "1"},
        {"download": MARKUP[0]},
        {"lang": MARKUP[1]},
    ]
    pages = [page]
    for step in steps:
        action = "/download" if "download" in step else "/standings"
        pages.append(client.post(action, data={**fields, **step}).text)
    for text in pages:
        scan(text)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[1]


def test_names_title_and_file_name_are_shown_escaped_and_whole(client: TestClient) -> None:
    found = scan(results_page(client))
    texts = [text for text, _ in found.texts]
    for name in MARKUP:
        assert name in texts  # read back whole: escaped, not dropped
    assert "Evil\ufffdonurB\ufffd[2J" in texts
    assert "</title><script>alert(6)</script>\ufffd" in texts
    # the file name travels in a hidden field (escaped in the attribute), neutralised; the
    # client sends its quote as %22 in the multipart header, as browsers do
    assert found.values["source"] == "%22><svg onload=alert(7)>\ufffd.json"


def test_malformed_file_and_pasted_text_are_escaped(client: TestClient) -> None:
    broken = b"012 </textarea><script>alert(1)</script>\n001 \xe2\x80\xae x\n"
    upload = client.post("/standings", files={"file": ("x.trf", broken)}, data={"fmt": "trf"})
    pasted = client.post("/standings", data={"text": broken.decode("utf-8"), "fmt": "trf"})
    for answer in (upload, pasted):
        assert answer.status_code == 422
        found = scan(answer.text)
        assert any("</textarea><script>alert(1)</script>" in text for text, _ in found.texts)


def test_error_pages_escape_the_request(client: TestClient) -> None:
    missing = client.get("/static/%3Cscript%3Ealert(1)%3C.js")
    assert missing.status_code == 404
    assert "no file &#x27;&lt;script&gt;alert(1)&lt;.js&#x27;" in missing.text
    scan(missing.text)
    api = client.post(
        "/api/explain",
        json={"tournament": inline("held-swiss-16.trf"), **{"participant": MARKUP[0]}},
    )
    assert api.status_code == 422
    assert api.headers["content-type"] == "application/json"
    assert api.headers["x-content-type-options"] == "nosniff"
    assert MARKUP[0] in api.json()["error"]["message"]  # JSON carries it as data


def test_right_to_left_names_are_isolated(client: TestClient) -> None:
    data = swiss_json({2: ARABIC, 3: HEBREW}, title=HEBREW + " 2024")
    page = client.post("/standings", files={"file": ("t.json", data)}).text
    found = scan(page)
    places = [stack for text, stack in found.texts if text in (ARABIC, HEBREW, HEBREW + " 2024")]
    in_tables = [stack for stack in places if "table" in stack or "h1" in stack]
    # the standings table and the crosstable for each name, and the heading
    assert len(in_tables) == 5
    for stack in in_tables:
        assert stack[-1] == "bdi"
    panel = client.post("/standings", data={**carried(page), "why": "2|3", "partial": "1"}).text
    headers = [stack for text, stack in scan(panel).texts if ARABIC in text or HEBREW in text]
    assert any(stack[-2:] == ("th", "bdi") for stack in headers)


# --- downloads: formulas and file names ------------------------------------------------------


def test_csv_download_neutralises_formulas(client: TestClient) -> None:
    options = {"to": "csv", "tiebreaks": ["PTS", "SB"]}
    answer = client.post(
        "/api/convert/upload",
        files={"file": ("t.json", swiss_json(HOSTILE))},
        data={"options": json.dumps(options)},
    )
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.text)))
    names = {int(row[1]): row[2] for row in rows[1:]}
    assert names[7] == '\'=HYPERLINK("https://example.org")'
    assert names[6] == "Evil\ufffdonurB\ufffd[2J"
    assert names[8] == ARABIC  # no isolation in CSV: a spreadsheet shows each cell alone
    for row in rows[1:]:
        assert all(not cell.startswith("'") for cell in row[:2] + row[3:])


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("held-swiss-16.trf", 'attachment; filename="held-swiss-16.csv"'),
        ("../../etc/passwd", 'attachment; filename="passwd.csv"'),
        ("C:\\Users\\x\\evil.trf", 'attachment; filename="evil.csv"'),
        ("/abs/path/open.standings.json", 'attachment; filename="open.csv"'),
        ('a"b\r\nSet-Cookie: x=1.trf', 'attachment; filename="a_b__Set-Cookie__x_1.csv"'),
        ("\u202eevil\x00.trf", 'attachment; filename="evil.csv"'),
        (".htaccess", 'attachment; filename="tournament.csv"'),
        ("....trf", 'attachment; filename="tournament.csv"'),
        ("CON.trf", 'attachment; filename="CON_.csv"'),
        ("lpt1", 'attachment; filename="lpt1_.csv"'),
        (
            "Müller Open 2024.trf",
            'attachment; filename="Muller_Open_2024.csv"; '
            "filename*=UTF-8''M%C3%BCller_Open_2024.csv",
        ),
        (
            "Mu\u0308ller.trf",
            "attachment; filename=\"Muller.csv\"; filename*=UTF-8''M%C3%BCller.csv",
        ),
        (
            "\u05d3\u05d5\u05d3.pgn",
            "attachment; filename=\"tournament.csv\"; filename*=UTF-8''%D7%93%D7%95%D7%93.csv",
        ),
    ],
)
def test_download_names(name: str, expected: str) -> None:
    assert content_disposition(name, ".csv") == expected


def test_download_header_of_a_hostile_upload(client: TestClient) -> None:
    answer = client.post(
        "/api/convert/upload",
        files={"file": ('../../x/\u202eevil".trf', example_bytes("held-swiss-16.trf"))},
        data={"options": json.dumps({"to": "html"})},
    )
    assert answer.status_code == 200
    # the client sends the quote as %22 in the multipart header: "evil%22" -> "evil_22"
    assert answer.headers["content-disposition"] == 'attachment; filename="evil_22.html"'
    long = client.post(
        "/api/convert",
        json={"tournament": {**inline("held-swiss-16.trf"), "name": "x" * 200}, "to": "trf"},
    )
    assert long.headers["content-disposition"] == f'attachment; filename="{"x" * 80}.trf"'


# --- no path from the request ----------------------------------------------------------------


def test_no_file_name_is_a_path(client: TestClient, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    trf = example_bytes("held-swiss-16.trf")
    for name in ("../escaped.trf", "written.trf", str(tmp_path / "absolute.trf")):
        client.post("/api/standings/upload", files={"file": (name, trf)})
        client.post("/standings", files={"file": (name, trf)})
        client.post("/download", files={"file": (name, trf)}, data={"download": "csv"})
    assert list(tmp_path.iterdir()) == []
    assert not (tmp_path.parent / "escaped.trf").exists()


@pytest.mark.parametrize(
    "name", ["../../pyproject.toml", "/etc/passwd", "held-swiss-16.json", "..", ""]
)
def test_only_the_listed_examples_can_be_chosen(client: TestClient, name: str) -> None:
    answer = client.post("/standings", data={"example": name})
    assert answer.status_code == 422
    assert "Choose a tournament file" in answer.text


@pytest.mark.parametrize(
    "path", ["/static/../page.py", "/static/..%2Fpage.py", "/static/%2e%2e/app.py", "/static/"]
)
def test_static_files_do_not_leave_their_folder(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert "import" not in answer.text


# --- Unicode ---------------------------------------------------------------------------------


def test_participants_are_found_whatever_the_normalisation(client: TestClient) -> None:
    composed = swiss_json({2: "M\u00fcller", 3: ARABIC})
    decomposed = swiss_json({2: "Mu\u0308ller"})
    for data, query in ((composed, "mu\u0308ller"), (decomposed, "M\u00dcLLER")):
        tournament = {"data": base64.b64encode(data).decode(), "encoding": "base64"}
        answer = client.post("/api/explain", json={"tournament": tournament, "participant": query})
        assert answer.status_code == 200, answer.text
        assert answer.json()["id"] == 2
    tournament = {"data": base64.b64encode(composed).decode(), "encoding": "base64"}
    answer = client.post("/api/why", json={"tournament": tournament, "a": ARABIC, "b": "#2"})
    assert answer.status_code == 200, answer.text


# --- limits ----------------------------------------------------------------------------------

INLINE = ("standings", "validate", "explain", "why", "compare", "convert")
EXTRA: dict[str, dict[str, Any]] = {
    "explain": {"participant": "1"},
    "why": {"a": "1", "b": "2"},
    "compare": {"a": {"rules": "fide-2024"}, "b": {"rules": "fide-2026"}},
    "convert": {"to": "csv"},
}


def big_file() -> bytes:
    """A file one byte over the test application's limit."""
    return b"012 x\n" + b"x" * (MAX_UPLOAD - 5)


@pytest.mark.parametrize("endpoint", INLINE)
def test_every_inline_endpoint_refuses_a_file_over_the_limit(
    client: TestClient, endpoint: str
) -> None:
    tournament = {"data": base64.b64encode(big_file()).decode(), "encoding": "base64"}
    answer = client.post(
        f"/api/{endpoint}", json={"tournament": tournament, **EXTRA.get(endpoint, {})}
    )
    assert answer.status_code == 413
    assert "larger than the limit" in answer.json()["error"]["message"]


@pytest.mark.parametrize(
    "path", [*(f"/api/{endpoint}/upload" for endpoint in INLINE), "/standings", "/download"]
)
def test_every_upload_endpoint_refuses_a_file_over_the_limit(client: TestClient, path: str) -> None:
    endpoint = path.split("/")[2] if path.startswith("/api") else ""
    options = {"options": json.dumps(EXTRA[endpoint])} if endpoint in EXTRA else {}
    answer = client.post(path, files={"file": ("big.trf", big_file())}, data=options)
    assert answer.status_code == 413
    assert "larger than the limit" in answer.text


@pytest.mark.parametrize("path", ["/api/standings/upload", "/standings", "/download"])
def test_many_parts_are_refused(client: TestClient, path: str) -> None:
    fields = {f"field{number}": "x" for number in range(1_200)}
    answer = client.post(path, files={"file": ("t.trf", b"x")}, data=fields)
    assert answer.status_code == 400
    assert "Too many fields" in answer.text
    files = [("file", (f"{number}.trf", b"x")) for number in range(1_200)]
    assert client.post(path, files=files).status_code in (400, 413)


def test_huge_fields_are_refused_or_cut(client: TestClient) -> None:
    trf = example_bytes("held-swiss-16.trf")
    options = client.post(
        "/api/standings/upload", files={"file": ("t.trf", trf)}, data={"options": "{" * 150_000}
    )
    assert options.status_code == 422
    assert "at most 100000 characters" in options.json()["error"]["message"]
    page = client.post("/standings", files={"file": ("t.trf", trf)}, data={"tb_new": "Q" * 150_000})
    assert page.status_code == 200
    assert "Q" * 2_000 in page.text and "Q" * 2_001 not in page.text  # cut to 2,000 characters


@pytest.mark.parametrize("depth", [100, 100_000])
def test_deeply_nested_request_bodies_are_refused(client: TestClient, depth: int) -> None:
    body = b'{"tournament": {"data": "x"}, "tiebreaks": ' + b"[" * depth + b"]" * depth + b"}"
    answer = client.post(
        "/api/standings", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code in (400, 422)
    assert set(answer.json()) == {"error"}


@pytest.mark.parametrize("opening", [b"[", b'{"a":'])
def test_deeply_nested_tournament_files_are_input_errors(
    client: TestClient, opening: bytes
) -> None:
    closing = b"]" if opening == b"[" else b"}"
    data = opening * 20_000 + b"1" + closing * 20_000
    tournament = {
        "data": base64.b64encode(data).decode(),
        "encoding": "base64",
        "name": "deep.json",
    }
    answer = client.post("/api/standings", json={"tournament": tournament})
    assert answer.status_code == 422, answer.text[:300]
    location = answer.json()["error"]["location"]
    assert location["source"] == "deep.json" and location["line"] == 1
    page = client.post("/standings", files={"file": ("deep.json", data)})
    assert page.status_code == 422
    assert "deep.json:1:1" in page.text


async def slow_body(pause: float, first: bytes, rest: bytes) -> AsyncIterator[bytes]:
    """A body that stops for ``pause`` seconds after its first part."""
    yield first
    await asyncio.sleep(pause)
    yield rest


#: a JSON body and a multipart form, each cut in two
BODIES = {
    "/api/standings": ("application/json", b'{"tournament": {"data": "', b'x"}}'),
    "/standings": (
        "multipart/form-data; boundary=b",
        b'--b\r\nContent-Disposition: form-data; name="text"\r\n\r\n012 x',
        b"\r\n--b--\r\n",
    ),
}


@pytest.mark.parametrize("path", ["/api/standings", "/standings"])
def test_a_body_slower_than_the_read_limit_is_408(path: str) -> None:
    app = create_app(max_upload_bytes=MAX_UPLOAD, time_limit_seconds=30, read_timeout_seconds=0.3)

    async def send() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            content_type, first, rest = BODIES[path]
            body = slow_body(1.0, first, rest)
            return await client.post(path, content=body, headers={"content-type": content_type})

    answer = asyncio.run(send())
    assert answer.status_code == 408
    assert "did not arrive within the limit of 0.3 seconds" in answer.text
    assert answer.headers["connection"] == "close"


def test_a_body_within_the_read_limit_is_read() -> None:
    app = create_app(max_upload_bytes=MAX_UPLOAD, time_limit_seconds=30, read_timeout_seconds=5)

    async def send() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            content_type, first, rest = BODIES["/api/standings"]
            body = slow_body(0.05, first, rest)
            headers = {"content-type": content_type}
            return await client.post("/api/standings", content=body, headers=headers)

    answer = asyncio.run(send())
    assert answer.status_code == 422  # read whole: "x" is no tournament file
    assert "error" in answer.json()


@pytest.mark.parametrize(
    ("path", "request_fields"),
    [
        ("/api/explain", {"json": {"tournament": inline("held-swiss-16.trf"), "participant": "1"}}),
        (
            "/api/convert/upload",
            {
                "files": {"file": ("t.trf", example_bytes("held-swiss-16.trf"))},
                "data": {"options": '{"to": "pdf"}'},
            },
        ),
        ("/standings", {"data": {"example": "held-swiss-16.trf"}}),
        ("/download", {"data": {"example": "held-swiss-16.trf", "download": "csv"}}),
    ],
)
def test_every_computation_has_the_time_limit(path: str, request_fields: dict[str, Any]) -> None:
    app = create_app(max_upload_bytes=MAX_UPLOAD, time_limit_seconds=1e-6)
    with TestClient(app) as limited:
        answer = limited.post(path, **request_fields)
    assert answer.status_code == 422
    assert "longer than the limit of 1e-06 seconds" in answer.text


def test_read_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        create_app(read_timeout_seconds=0)


def test_an_unexpected_server_error_is_our_500(monkeypatch: pytest.MonkeyPatch) -> None:
    from tiebreaks.web.worker import Runner

    async def broken(self: Runner, *arguments: Any) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(Runner, "run", broken)
    app = create_app(max_upload_bytes=MAX_UPLOAD, time_limit_seconds=30)
    with TestClient(app, raise_server_exceptions=False) as failing:
        api = failing.post("/api/standings", json={"tournament": inline("held-swiss-16.trf")})
        page = failing.get("/")
    assert api.status_code == page.status_code == 500
    message = "internal error (RuntimeError); this is a bug in tiebreaks, please report it"
    assert api.json() == {"error": {"message": message, "location": None}}
    assert message in page.text and "secret detail" not in page.text
    assert api.headers["content-security-policy"].startswith("default-src 'none'")


def test_team_names_are_escaped_and_neutralised(client: TestClient) -> None:
    text = example_bytes("held-team-14.trf").decode("utf-8")
    hostile = "<b onclick=x>T\u202e</b>"  # 21 characters: fits the 32 of the record's name
    renamed = text.replace("013 Team 01".ljust(36), f"013 {hostile}".ljust(36), 1)
    assert renamed != text
    page = client.post("/standings", files={"file": ("teams.trf", renamed.encode("utf-8"))})
    assert page.status_code == 200, page.text[:300]
    found = scan(page.text)
    assert "<b onclick=x>T\ufffd</b>" in [text for text, _ in found.texts]
    download = client.post("/download", data={**carried(page.text), "download": "html"})
    assert download.status_code == 200
    assert "<b onclick" not in download.text
    assert "&lt;b onclick=x&gt;T\ufffd&lt;/b&gt;" in download.text
