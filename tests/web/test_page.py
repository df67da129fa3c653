"""The page without script, in-process: upload, the tie-break editor, explanations, "why",
downloads, languages, escaping, blocking and errors."""

from __future__ import annotations

import base64
import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import assume, given
from hypothesis import strategies as st

from tiebreaks import compute_standings
from tiebreaks.formats.detect import read_data
from tiebreaks.render import standings_csv
from tiebreaks.web.views import excerpt_window

from ..test_warning_codes import EXPECTED, POINTS_DIFFER
from .conftest import (
    EXAMPLES,
    MAX_UPLOAD,
    SCRIPT_NAME,
    example_bytes,
    inline,
    round_robin,
    with_script_name,
)


def upload(client: TestClient, data: bytes, name: str = "t.trf", **fields: str) -> Any:
    """The page after choosing a file."""
    return client.post("/standings", files={"file": (name, data)}, data=fields)


def carried(page: str) -> dict[str, Any]:
    """The form fields a page carries to its next step (hidden fields and the list)."""
    fields: dict[str, Any] = {
        name: re.search(rf'name="{name}" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]
        for name in ("data", "source", "fmt", "origin", "listed")
    }
    fields["tb"] = re.findall(r'name="tb" value="([^"]*)"', page)
    return fields


def listed(page: str) -> list[str]:
    """The tie-break editor's items, in order."""
    return re.findall(r'name="tb" value="([^"]*)"', page)


def headers_of_table(page: str) -> list[str]:
    """The value columns of the standings table."""
    table = page.split('class="standings"', 1)[1].split("</thead>", 1)[0]
    return re.findall(r'<abbr title="[^"]*">([^<]*)</abbr>', table)


def test_upload_page(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'type="file"' in page.text
    assert "<textarea" in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'none'")
    german = client.get("/", headers={"accept-language": "fr-CH;q=0.4, de;q=0.9"})
    assert 'lang="de"' in german.text
    assert "Rangliste berechnen" in german.text
    assert 'lang="es"' in client.get("/?lang=es").text


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_gives_a_page(client: TestClient, name: str) -> None:
    page = upload(client, example_bytes(name), name)
    assert page.status_code == 200, page.text
    assert 'class="standings"' in page.text
    assert 'class="crosstable' in page.text


def test_standings_page_shows_the_tournament_and_the_editor(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf"), "held-swiss-16.trf").text
    assert "Held exercises: Swiss, 16 players" in page
    assert "fide-2024" in page
    assert listed(page) == ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
    assert "FIDE recommendation for a swiss tournament" in page
    assert headers_of_table(page) == ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
    fields = carried(page)
    assert base64.b64decode(fields["data"]) == example_bytes("held-swiss-16.trf")


def test_editor_moves_removes_and_adds(client: TestClient) -> None:
    first = upload(client, example_bytes("held-swiss-16.trf")).text
    moved = client.post("/standings", data={**carried(first), "edit": "down:1"}).text
    assert listed(moved)[:3] == ["PTS", "BH", "BH/C1"]
    assert headers_of_table(moved)[:3] == ["PTS", "BH", "BH/C1"]
    removed = client.post("/standings", data={**carried(moved), "edit": "remove:6"}).text
    assert listed(removed) == ["PTS", "BH", "BH/C1", "SB", "DE", "WIN"]
    added = client.post(
        "/standings", data={**carried(removed), "edit": "add", "tb_new": "Koya system; ARO"}
    ).text
    assert listed(added)[-2:] == ["KS", "ARO"]
    wrong = client.post(
        "/standings", data={**carried(added), "edit": "add", "tb_new": "Buchholtz Cut One"}
    ).text
    assert "did you mean: BH/C1" in wrong
    assert listed(wrong) == listed(added)
    assert 'value="Buchholtz Cut One"' in wrong  # kept in the field to be corrected


def test_editor_starts_from_the_file_or_the_recommendation(client: TestClient) -> None:
    page = upload(client, example_bytes("held-round-robin-6.trf")).text
    fields = carried(page)
    recommended = client.post("/standings", data={**fields, "edit": "recommended"}).text
    assert listed(recommended) == ["PTS", "DE", "WIN", "SB", "KS"]
    uscf = client.post("/standings", data={**fields, "rules": "uscf", "edit": "regime"}).text
    assert listed(uscf) == ["PTS", "MMED", "SOLK", "CUM", "OCUM"]


def test_buchholz_in_a_round_robin_is_blocked_with_the_reason(client: TestClient) -> None:
    page = upload(client, round_robin()).text
    fields = {**carried(page), "tb": ["PTS", "BH", "SB"]}
    blocked = client.post("/standings", data=fields).text
    assert "BH is meant for Swiss tournaments, not round robins (Art. 8)" in blocked
    assert 'class="error blocked"' in blocked
    assert 'class="standings"' not in blocked
    assert 'name="override"' in blocked
    download = client.post("/download", data={**fields, "download": "csv"})
    assert download.status_code == 422
    overridden = client.post("/standings", data={**fields, "override": "1"}).text
    assert headers_of_table(overridden) == ["PTS", "BH", "SB"]
    # the warning, told by its code, is the blocking problem; overridden, it is a warning
    swiss_only = 'data-code="standings.swiss-only-tiebreak"'
    assert swiss_only not in blocked and swiss_only in overridden


def test_each_warning_of_the_page_gives_its_code(client: TestClient) -> None:
    page = upload(client, POINTS_DIFFER.encode()).text
    (item,) = re.findall(r'<li data-code="([^"]*)">([^<]*)</li>', page)
    assert item[0] == EXPECTED["code"]
    assert str(EXPECTED["message"]) in html.unescape(item[1])


def test_team_tiebreak_in_an_individual_event_is_blocked(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    blocked = client.post("/standings", data={**carried(page), "tb": ["PTS", "EMGSB/C1"]}).text
    assert "EMGSB is a team tie-break" in blocked
    assert 'name="override"' not in blocked
    assert 'class="standings"' not in blocked


def test_explanation_of_a_value(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    answer = client.post("/standings", data={**carried(page), "explain": "4|BH/C1"}).text
    panel = answer.split('id="panel"', 1)[1]
    assert "#4 David: BH/C1 = 11.5" in panel
    assert "total of the 4 lines kept" in panel
    assert "voluntary unplayed round cut first" in panel
    partial = client.post(
        "/standings", data={**carried(page), "explain": "4|BH/C1", "partial": "1"}
    ).text
    assert partial.lstrip().startswith('<section class="panel card" id="panel"')
    assert "<html" not in partial


def test_every_value_of_a_participant(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    answer = client.post("/standings", data={**carried(page), "explain": "4"}).text
    panel = answer.split('id="panel"', 1)[1]
    assert "#4 David: place 3 of 16" in panel
    assert "Behind #3 Charline (place 2): BH/C1 11.5 against 13." in panel
    assert panel.count('class="explanation"') == 7


def test_why(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    fields = {**carried(page), "why": "form", "why_a": "4", "why_b": "3"}
    answer = client.post("/standings", data=fields).text
    assert "#3 Charline (place 2) is ahead of #4 David (place 3): decided by BH/C1." in answer
    assert '<td class="num">+1.5</td>' in answer  # 13 - 11.5, from the opponents that differ
    neighbours = client.post("/standings", data={**carried(page), "why": "3|4"}).text
    assert "decided by BH/C1" in neighbours


def test_download_every_format(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf"), "held-swiss-16.trf").text
    fields = {**carried(page), "tb": ["PTS", "SB", "BH/C1"]}
    csv = client.post("/download", data={**fields, "download": "csv"})
    assert csv.headers["content-disposition"] == 'attachment; filename="held-swiss-16.csv"'
    tournament = read_data(example_bytes("held-swiss-16.trf"), "held-swiss-16.trf")
    assert csv.text == standings_csv(compute_standings(tournament, "PTS,SB,BH/C1"))
    endings = {
        "standings-json": ".standings.json",
        "text": ".txt",
        "html": ".html",
        "pdf": ".pdf",
        "trf": ".trf",
        "json": ".json",
        "chess-json": ".chess.json",
    }
    for output, ending in endings.items():
        answer = client.post("/download", data={**fields, "download": output, "lang": "de"})
        assert answer.status_code == 200, (output, answer.text[:300])
        assert answer.headers["content-disposition"].endswith(f'{ending}"')
    assert b"%PDF" in client.post("/download", data={**fields, "download": "pdf"}).content[:8]


def test_names_and_user_text_are_escaped(client: TestClient) -> None:
    data = with_script_name()
    page = upload(client, data, f"{SCRIPT_NAME}.trf").text
    fields = {**carried(page), "origin": SCRIPT_NAME}
    views = [
        page,
        client.post("/standings", data={**fields, "explain": "2"}).text,
        client.post("/standings", data={**fields, "explain": "2|SB"}).text,
        client.post("/standings", data={**fields, "why": "2|3"}).text,
        client.post("/standings", data={**fields, "edit": "add", "tb_new": SCRIPT_NAME}).text,
        client.post("/standings", data={**fields, "explain": SCRIPT_NAME}).text,
    ]
    for view in views:
        assert SCRIPT_NAME not in view
        assert "<script>" not in view
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in view


def test_malformed_file_shows_line_and_column(client: TestClient) -> None:
    broken = example_bytes("held-swiss-16.trf").replace(b"2150 NOR", b"21x0 NOR", 1)
    page = upload(client, broken, "broken.trf")
    assert page.status_code == 422
    assert "Line 5, column 49:" in page.text
    # a window of 30 characters around the column (15 before it), the caret under it
    line = broken.decode("utf-8").split("\n")[4]
    window = "\u2026" + line[33:63] + "\u2026"
    assert f'<pre class="excerpt">{window}\n' + " " * 16 + "^</pre>" in page.text


def test_the_bad_character_far_right_is_in_view(client: TestClient) -> None:
    lines = example_bytes("held-swiss-16.trf").decode("utf-8").split("\n")
    lines[4] = lines[4][:106] + "x" + lines[4][107:]  # the colour of round 2
    page = upload(client, "\n".join(lines).encode("utf-8"), "broken.trf").text
    assert "Line 5, column 107:" in page
    excerpt = re.search(r'<pre class="excerpt">(.*?)\n( *)\^</pre>', page, re.DOTALL)
    assert excerpt is not None
    shown, spaces = excerpt.group(1), excerpt.group(2)
    assert shown[len(spaces)] == "x"
    assert len(shown) <= 32


@pytest.mark.parametrize(
    ("text", "column", "excerpt", "caret"),
    [
        ("abc", 2, "abc", " ^"),
        ("abc", 4, "abc", "   ^"),  # just after the end (a missing field)
        ("abc", 0, "abc", ""),  # no column known
        ("x" * 50, 0, "x" * 30 + "\u2026", ""),
        (
            "a" * 30 + "X" + "b" * 30,
            31,
            "\u2026" + "a" * 15 + "X" + "b" * 14 + "\u2026",
            " " * 16 + "^",
        ),
        ("a" * 100 + "X", 101, "\u2026" + "a" * 29 + "X", " " * 30 + "^"),
    ],
)
def test_excerpt_window(text: str, column: int, excerpt: str, caret: str) -> None:
    assert excerpt_window(text, column) == (excerpt, caret)


@given(st.text(st.characters(codec="ascii"), max_size=300), st.integers(1, 301))
def test_excerpt_window_shows_the_column(text: str, column: int) -> None:
    assume(column <= len(text))
    excerpt, caret = excerpt_window(text, column)
    assert excerpt[len(caret) - 1] == text[column - 1]
    assert len(excerpt.strip("\u2026")) <= 30


def test_paste_and_example(client: TestClient) -> None:
    text = example_bytes("held-swiss-16.trf").decode("utf-8")
    pasted = client.post("/standings", data={"text": text, "lang": "it"})
    assert pasted.status_code == 200
    assert "Classifica" in pasted.text
    example = client.post("/standings", data={"example": "held-team-14.trf"})
    assert example.status_code == 200
    assert listed(example.text)[0] == "MP"
    nothing = client.post("/standings", data={"lang": "fr"})
    assert nothing.status_code == 422
    assert "Choisissez un fichier de tournoi" in nothing.text


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
def test_languages(client: TestClient, lang: str) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf"), lang=lang).text
    assert f'<html lang="{lang}">' in page
    assert "12,5" in page  # decimal comma
    assert "Tie-breaks</h2>" not in page


def test_oversize_upload_is_413_page(client: TestClient) -> None:
    answer = upload(client, b"012 x\n" + b" " * MAX_UPLOAD)
    assert answer.status_code == 413
    assert answer.headers["content-type"].startswith("text/html")
    assert "larger than the limit" in answer.text


def test_static_files(client: TestClient) -> None:
    assert client.get("/static/app.css").headers["content-type"].startswith("text/css")
    assert "addEventListener" in client.get("/static/app.js").text
    assert client.get("/static/nothing.js").status_code == 404


def test_typos_are_read_with_a_notice(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    added = client.post("/standings", data={**carried(page), "edit": "add", "tb_new": "Koja"}).text
    assert listed(added)[-1] == "KS"
    assert "read &#39;Koja&#39; as" in added
    fields = {**carried(page), "edit": "add", "tb_new": "Koja", "lang": "it"}
    italian = client.post("/standings", data=fields).text
    assert "&#39;Koja&#39; letto come &#39;Koya&#39; (KS)" in italian  # as the standings say it


def browser_textarea(page: str) -> str:
    """What a browser sends back of the page's textarea: the HTML parser drops the line feed
    right after the tag and reads CR LF and CR as LF; the form sends every LF as CR LF."""
    found = re.search(r"<textarea[^>]*>(.*?)</textarea>", page, re.DOTALL)
    assert found is not None
    text = html.unescape(found.group(1)).replace("\r\n", "\n").replace("\r", "\n")
    text = text.removeprefix("\n")
    return text.replace("\n", "\r\n")


@pytest.mark.parametrize("start", ["", "\r\n", "  "])
def test_pasted_text_comes_back_as_pasted(client: TestClient, start: str) -> None:
    good = example_bytes("held-swiss-16.trf").decode("utf-8").replace("\n", "\r\n")
    broken = start + good.replace("2150 NOR", "21x0 NOR", 1) + "Ünïcödé <&> \t"
    page = client.post("/standings", data={"text": broken})
    assert page.status_code == 422
    assert "\ufffd" not in page.text
    assert browser_textarea(page.text) == broken
    fixed = browser_textarea(page.text).replace("21x0 NOR", "2150 NOR", 1)
    assert (
        client.post("/standings", data={"text": fixed.removesuffix("Ünïcödé <&> \t")}).status_code
        == 200
    )


def test_unknown_tiebreak_says_where_the_page_lists_every_name(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    added = client.post("/standings", data={**carried(page), "edit": "add", "tb_new": "XYZ"}).text
    assert "unknown tie-break &#39;XYZ&#39;" in added
    assert "tiebreaks list" not in added
    assert "the add field&#39;s suggestions on the page" in added
    typed = client.post("/standings", data={**carried(page), "tb": ["PTS", "XYZ"]}).text
    assert "unknown tie-break" in typed
    assert "tiebreaks list" not in typed


def test_compare_on_the_page_is_the_api_s(client: TestClient) -> None:
    page = upload(client, example_bytes("held-swiss-16.trf")).text
    compared = client.post(
        "/standings", data={**carried(page), "compare": "1", "cmp_list": "PTS, SB, BH"}
    ).text
    assert "4 of 16 participants change place." in compared
    table = compared.split('class="comparison"', 1)[1].split("</table>", 1)[0]
    shown = [
        (int(a), int(b), int(number))
        for a, b, number in re.findall(
            r'<td class="num">(\d+)</td>\s*<td class="num">(\d+)</td>\s*'
            r'<td class="num move">[^<]*</td>\s*<td class="num">(\d+)</td>',
            table,
        )
    ]
    body = {
        "tournament": {"data": example_bytes("held-swiss-16.trf").decode(), "name": "t.trf"},
        "a": {"tiebreaks": listed(page)},
        "b": {"tiebreaks": ["PTS", "SB", "BH"]},
    }
    answer = client.post("/api/compare", json=body).json()
    moved = [
        (entry["rank_a"], entry["rank_b"], entry["start_number"])
        for entry in answer["participants"]
        if entry["moved"]
    ]
    assert shown == moved
    assert "now behind #12 Nick" in table
    regimes = client.post(
        "/standings", data={**carried(page), "compare": "1", "cmp_rules": "fide-2026"}
    ).text
    assert "B</strong> fide-2026" in regimes
    bad = client.post("/standings", data={**carried(page), "compare": "1", "cmp_list": "XYZ"})
    assert "unknown tie-break &#39;XYZ&#39;" in bad.text


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Swiss, 16 players (TRF)"), ("de", "Schweizer System, 16 Spieler (TRF)")],
)
def test_example_buttons_have_readable_titles(client: TestClient, lang: str, title: str) -> None:
    page = client.get(f"/?lang={lang}").text
    assert f'value="held-swiss-16.trf" title="held-swiss-16.trf">{title}</button>' in page
    assert ">held-swiss-16.trf<" not in page


def test_big_event_is_paged_and_found(client: TestClient) -> None:
    lines = example_bytes("held-swiss-16.trf").decode("utf-8").split("\n")
    players = [line for line in lines if line.startswith("001")]
    # 16 x 15 = 240 players: the same 16 repeated with new start numbers (no games kept)
    header = [line for line in lines if line and not line.startswith("001")]
    many = []
    for number in range(1, 241):
        source = players[(number - 1) % 16]
        name = f"Player {number:03d}".ljust(33)
        many.append(f"001 {number:4d}{source[8:14]}{name}{source[47:84]}")
    data = "\n".join([*header, *many]).encode("utf-8")
    first = upload(client, data, "many.trf").text
    assert first.count('<tr id="p') == 100
    assert "Page 1 of 3" in first
    found = client.post("/standings", data={**carried(first), "find": "player 205"}).text
    assert "Page 3 of 3" in found
    assert re.search(r'<tr id="p205" class="[^"]*\bfound\b', found)
    assert '<th scope="row" class="name" id="found">' in found
    by_number = client.post("/standings", data={**carried(first), "find": "#150"}).text
    assert re.search(r'<tr id="p150" class="[^"]*\bfound\b', by_number)
    nothing = client.post("/standings", data={**carried(first), "find": "Nobody"}).text
    assert "No participant matches" in nothing
    pressed = client.post(
        "/standings", data={**carried(first), "find": "player 205", "page": "2"}
    ).text
    assert "Page 2 of 3" in pressed  # a page link wins over the search
    assert 'id="found"' not in pressed


def test_lots_and_unrated_players_from_the_page(client: TestClient) -> None:
    """The two tick boxes of "More options": a drawing of lots seeded from the results (its
    seed shown among the facts, every place decided by lot marked) and unrated players left
    out of the rating tie-breaks (said among the facts)."""
    name = "held-round-robin-6.trf"
    plain = upload(client, example_bytes(name), name, tb="PTS", listed="1").text
    assert "Drawing of lots" not in plain
    drawn = upload(client, example_bytes(name), name, tb="PTS", listed="1", lots="1").text
    seed = compute_standings(read_data(example_bytes(name), name), "PTS", lots=True).lots_seed
    assert f"seed {seed} (drawn from the tournament" in html.unescape(drawn)
    assert 'name="lots" value="1" checked' in drawn
    left_out = upload(client, example_bytes(name), name, unrated_excluded="1").text
    assert "Unrated players in rating tie-breaks" in left_out
    assert 'name="unrated_excluded" value="1" checked' in left_out


def test_the_arbiters_decisions_from_the_page(client: TestClient) -> None:
    """ "More options" takes the arbiter's decisions: participants left out (said among the
    facts, the others' ranks close up), MAN values typed as lines, the order of the ties left;
    a bad line of values is shown as an error that names it."""
    name = "held-round-robin-6.trf"
    data = example_bytes(name)
    page = html.unescape(upload(client, data, name, tb="PTS", listed="1", expelled="2").text)
    assert "<dt>#2 Bruno</dt><dd>expelled after round 5, not ranked</dd>" in page
    assert 'name="expelled" inputmode="numeric" value="2"' in page
    # Alyx, Bruno and Charline share place 1 on points (3.5 each): the arbiter orders them
    ordered = upload(client, data, name, tb="PTS", listed="1", order="3,1,2").text
    assert "place decided by the arbiter's order of the ties left</dt><dd>3, 1, 2" in html.unescape(
        ordered
    )
    part = upload(client, data, name, tb="PTS", listed="1", order="3,1").text
    assert "is tied with" in html.unescape(part)
    manual = upload(client, data, name, tb="PTS,MAN", listed="1", manual="2;1\n3;x").text
    assert "manual values:2:2" in html.unescape(manual)


def test_a_warning_names_the_field_of_the_page_and_the_parameter_of_the_api(
    client: TestClient,
) -> None:
    """Stephan (#16) without a rating and ARO in the list: ARO is dropped (C.07 Art. 10 needs
    a rating for unrated players). The page says which of its fields gives that rating; the
    API, whose fields are the library's parameters, names the parameter."""
    text = example_bytes("held-swiss-16.trf").decode("utf-8")
    unrated = text.replace("Stephan".ljust(34) + "1450", "Stephan".ljust(34) + "    ")
    assert unrated != text
    page = upload(client, unrated.encode("utf-8")).text
    answer = client.post("/standings", data={**carried(page), "tb": ["PTS", "ARO"]}).text
    assert "set one with the field &#39;Rating of unrated players&#39; or /U&lt;rating&gt;" in (
        answer
    )
    assert "unrated_rating or" not in answer
    german = client.post(
        "/standings", data={**carried(page), "tb": ["PTS", "ARO"], "lang": "de"}
    ).text
    assert (
        "ARO entfällt: Spieler ohne Wertzahl nehmen teil, und für sie ist keine Wertzahl"
        " festgelegt (C.07 Art. 10); mit dem Feld „Wertzahl für Spieler ohne Elo“ oder"
        " /U&lt;Wertzahl&gt; eine festlegen"
    ) in german
    document = client.post(
        "/api/standings",
        json={"tournament": inline("t.trf", unrated.encode("utf-8")), "tiebreaks": ["PTS", "ARO"]},
    ).json()
    assert any("set one with unrated_rating or /U<rating>" in w for w in document["warnings"])
