"""The PDF: WeasyPrint prints the HTML page; pypdf reads it back."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("weasyprint")
from pypdf import PdfReader

from tiebreaks import Standings, compute_standings, example_path, read_tournament
from tiebreaks.render.pdf import standings_pdf

from .test_html import swiss, team


def read(standings: Standings, lang: str) -> PdfReader:
    """The PDF of the standings, parsed."""
    document = standings_pdf(standings, lang)
    assert document.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(document))


def flat_text(reader: PdfReader, pages: int | None = None) -> str:
    """The text of the first ``pages`` pages (all by default), spaces normalised."""
    chosen = reader.pages if pages is None else reader.pages[:pages]
    return " ".join(" ".join(page.extract_text() for page in chosen).split())


def test_english_pdf() -> None:
    standings = swiss()
    reader = read(standings, "en")
    assert len(reader.pages) >= 1
    first_page = flat_text(reader, 1)
    assert standings.tournament.name in first_page
    assert standings.rows[0].player.name in first_page
    assert "Standings" in first_page
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    assert (round(width), round(height)) == (595, 842)  # A4 portrait: the tables fit


def test_german_pdf_has_translated_headings_and_explanations() -> None:
    standings = swiss()
    text = flat_text(read(standings, "de"))
    for heading in ("Rangliste", "Kreuztabelle", "Feinwertungen", "Erklärungen"):
        assert heading in text
    assert "Buchholz mit einem Streichresultat" in text
    assert "9,5" in text
    assert "Summe der 4 gewerteten Zeilen" in text  # every explanation is open in print


def test_team_pdf() -> None:
    standings = team()
    text = flat_text(read(standings, "fr"), 2)
    assert standings.tournament.name in text
    assert "Team 05" in text
    assert "Classement" in text


def test_wide_standings_print_in_landscape() -> None:
    tournament = read_tournament(example_path("held-round-robin-6.trf"))
    wide = compute_standings(tournament, "PTS,DE,WIN,WON,BPG,BWG,PS,SB,KS,ARO,AOB", "fide-2026")
    page = read(wide, "it").pages[0]
    assert page.mediabox.width > page.mediabox.height
