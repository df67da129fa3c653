"""The check page (``/check``) without script: a published table uploaded, what was
compared, the differences, per published column the reading that reproduces it, and every
value explained under that reading. Expected values are the fixtures' hand-computed ones
(``tests/test_check_programs.py``, ``tests/formats/data/chess_results/README.md``)."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tiebreaks.formats.writers.tournament_json import write_tournament_json

from ..formats.test_chess_results import final_xlsx
from ..test_check_programs import SB_SWISS_MANAGER, published
from ..tiebreaks.test_program_readings import small_swiss

CHESS_RESULTS = Path(__file__).resolve().parents[1] / "formats" / "data" / "chess_results"


def text_of(page: str) -> str:
    """The page's words, tags and spacing left out."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def json_bytes(values: dict[int, Fraction] | None) -> bytes:
    """The small Swiss as our JSON, publishing SB ``values`` (or nothing)."""
    tournament = published("SB", values) if values is not None else small_swiss()
    return write_tournament_json(tournament).encode("utf-8")


def check(client: TestClient, data: bytes, name: str, **fields: str) -> Any:
    """The check page's answer to an upload."""
    return client.post("/check", files={"file": (name, data)}, data={"lang": "en", **fields})


def test_the_form_is_offered_and_linked_from_the_upload_page(client: TestClient) -> None:
    page = client.get("/check?lang=de")
    assert page.status_code == 200
    assert "Eine veröffentlichte Tabelle prüfen" in page.text
    assert 'action="/check"' in page.text and 'name="like"' in page.text
    assert 'href="/check?lang=en"' in client.get("/?lang=en").text


def test_swiss_manager_sb_column_is_named_by_its_reading(client: TestClient) -> None:
    """SB published as Swiss-Manager computes it (modified points, 2009): 6 of 6."""
    answer = check(client, json_bytes(SB_SWISS_MANAGER), "sb.json")
    assert answer.status_code == 200
    words = text_of(answer.text)
    assert "Compared 0 ranks and 6 tie-break values." in words
    assert (
        "SB = Sonneborn-Berger with Swiss-Manager's modified points (SB/SM), fide-2009: 6/6"
        in words
    )
    # every published value is a button explaining it under that reading
    for number, value in SB_SWISS_MANAGER.items():
        shown = f"{float(value):g}"
        target = f'value="fide-2009|{number}|SB/SM" formaction="/check#panel">{shown}<'
        assert target in answer.text


def test_a_value_explained_under_the_reading(client: TestClient) -> None:
    """#2's 5.75 (hand: 1 + 1.75 + 2 + 1) explained line by line, alone (the script's panel)
    and in the whole page (without script)."""
    data = json_bytes(SB_SWISS_MANAGER)
    alone = check(client, data, "sb.json", explain="fide-2009|2|SB/SM", partial="1")
    assert alone.status_code == 200 and "<html" not in alone.text
    words = text_of(alone.text)
    assert "#2 P2: SB/SM = 5.75" in words and "5.75 total of 4 lines" in words
    whole = check(client, data, "sb.json", explain="fide-2009|2|SB/SM")
    assert 'id="panel"' in whole.text and "Readings of the published columns" in whole.text


def test_values_no_reading_gives_are_listed(client: TestClient) -> None:
    """#3's SB published 4 where every reading gives 3: the closest reading (5/6) and the
    one value, with its explain button."""
    answer = check(client, json_bytes({**SB_SWISS_MANAGER, 3: Fraction(4)}), "sb.json")
    words = text_of(answer.text)
    assert "SB : no reading we know gives every value; the closest is" in words
    assert "fide-2009: 5/6" in words
    assert re.search(r"3 P3 4 3 no reading we know", words)
    assert 'value="fide-2009|3|SB/SM"' in answer.text


@pytest.mark.parametrize("name", ["final.csv", "final.html", "final.xlsx"])
def test_chess_results_export_agrees(client: TestClient, name: str) -> None:
    """The hand-made chess-results table (CSV, saved page, Excel written from the CSV):
    5 ranks, WIN and BWG of 5 players, all right."""
    data = final_xlsx() if name.endswith(".xlsx") else (CHESS_RESULTS / name).read_bytes()
    answer = check(client, data, name)
    words = text_of(answer.text)
    assert "Compared 5 ranks and 10 tie-break values." in words
    assert "Everything agrees." in words
    assert "WIN = Number of wins (WIN), fide-2026: 5/5" in words
    # Emil is 3rd with WIN 1, BWG 0 (README's hand table; the export numbers by rank)
    assert re.search(r"3 3 Emil Ehrlich 1 0", words)


def test_a_difference_shows_published_and_ours(client: TestClient) -> None:
    """Carl's WIN published 1 where the README counts 2 (the bye counts): one difference."""
    text = (CHESS_RESULTS / "final.csv").read_text("utf-8")
    lines = text.splitlines()
    carl = next(i for i, line in enumerate(lines) if "Carl Costa" in line)
    cells = lines[carl].split(";")
    cells[-3] = "1"  # TB1 (WIN)
    lines[carl] = ";".join(cells)
    answer = check(client, "\n".join(lines).encode("utf-8"), "final.csv")
    words = text_of(answer.text)
    assert "Differences found: 1" in words
    assert re.search(r"2 Carl Costa WIN 1 2", words)
    assert 'value="std|2|WIN"' in answer.text
    assert "WIN : no reading we know gives every value" in words


def test_nothing_to_compare_is_said_plainly(client: TestClient) -> None:
    answer = check(client, json_bytes(None), "plain.json")
    assert answer.status_code == 200
    assert "Nothing to compare: the file publishes no ranks and no tie-break values." in (
        text_of(answer.text)
    )


def test_a_malformed_file_is_shown_in_the_error_window(client: TestClient) -> None:
    answer = check(client, b'{"players": [', "broken.json")
    assert answer.status_code == 422
    assert 'class="error" role="alert"' in answer.text
    assert 'id="f"' in answer.text  # the form is still there to try again


def test_a_form_without_a_file_says_so(client: TestClient) -> None:
    answer = client.post("/check", data={"lang": "en"})
    assert answer.status_code == 422
    assert "Choose a tournament file, drop one here or paste its text." in answer.text


def test_a_bad_option_is_an_error_not_a_crash(client: TestClient) -> None:
    answer = check(client, json_bytes(SB_SWISS_MANAGER), "sb.json", check_list="XYZ")
    assert answer.status_code == 422
    assert 'class="error" role="alert"' in answer.text and "XYZ" in answer.text


def test_a_pasted_table_is_checked(client: TestClient) -> None:
    text = (CHESS_RESULTS / "final.csv").read_text("utf-8")
    answer = client.post("/check", data={"lang": "en", "text": text})
    assert "Compared 5 ranks and 10 tie-break values." in text_of(answer.text)


def test_the_program_profile_is_applied(client: TestClient) -> None:
    """Read like Swiss-Manager, the file's SB is SB/SM: the published values agree."""
    tournament = published("SB", SB_SWISS_MANAGER)
    data = write_tournament_json(replace(tournament, tiebreak_list=("SB",))).encode("utf-8")
    answer = check(client, data, "sb.json", like="swiss-manager", rules="fide-2009")
    assert "Everything agrees." in text_of(answer.text)


def _ranks_swapped(first: int, second: int) -> bytes:
    """The bundled 16-player Swiss with the published ranks (001 columns 86-89) of the
    participants ranked ``first`` and ``second`` swapped."""
    path = Path(__file__).resolve().parents[2] / "src/tiebreaks/examples/held-swiss-16.trf"
    lines = path.read_text("utf-8").split("\n")
    ranked = {line[85:89].strip(): i for i, line in enumerate(lines) if line.startswith("001")}
    a, b = ranked[str(first)], ranked[str(second)]
    line_a, line_b = lines[a], lines[b]
    lines[a] = line_a[:85] + line_b[85:89] + line_a[89:]
    lines[b] = line_b[:85] + line_a[85:89] + line_b[89:]
    return "\n".join(lines).encode("utf-8")


def test_published_places_are_checked_against_the_list(client: TestClient) -> None:
    """The checker's places on the page (issue 18 item 8): with the published places 3 and 4
    of the Held Swiss swapped, Alyx (#1, published 3rd) and David (#4, published 4th) are each
    named with the place the list gives and the criterion that decides; the untouched file
    says every place follows the list."""
    words = text_of(check(client, _ranks_swapped(3, 4), "swapped.trf").text)
    assert "Published places against the list" in words
    assert "#4 David: published place 4, the list gives 3: ahead of #1 Alyx" in words
    assert "#1 Alyx: published place 3, the list gives 4: behind #4 David" in words
    assert "C.07 Art." in words
    path = Path(__file__).resolve().parents[2] / "src/tiebreaks/examples/held-swiss-16.trf"
    untouched = text_of(check(client, path.read_bytes(), "held.trf").text)
    assert "Every published place follows the list." in untouched
    german = text_of(check(client, _ranks_swapped(3, 4), "swapped.trf", lang="de").text)
    assert "Veröffentlichte Plätze gegen die Liste" in german
    assert "veröffentlichter Platz 4, die Liste ergibt 3" in german
