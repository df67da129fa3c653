"""The PDF an arbiter prints: pypdf reads it back, text and positions.

Each table line is found by its position on the page (cells drawn on one baseline), so the
tests see what a reader sees: the header row at the top of every page of a table, whole rows
in the order of the standings, the event's name and "page N of M" on every page."""

from __future__ import annotations

import io
import sys
from collections import defaultdict
from functools import cache
from typing import Any

import pytest

pytest.importorskip("reportlab")
from click.testing import CliRunner
from generate_swiss import generate_round_robin, generate_swiss
from pypdf import PdfReader

from tiebreaks import Standings, UsageError, compute_standings, example_path
from tiebreaks.cli.main import main
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.model import ResultKind
from tiebreaks.render.html import crosstable
from tiebreaks.render.i18n import format_value
from tiebreaks.render.pdf import standings_pdf
from tiebreaks.render.pdf_content import score_groups, score_label

from ..builders import Builder
from .test_html import swiss, team

#: a page line: its texts from left to right
Line = tuple[str, ...]


def read(standings: Standings, lang: str = "en", *, explanations: bool = False) -> PdfReader:
    """The PDF of the standings, parsed."""
    document = standings_pdf(standings, lang, explanations=explanations)
    assert document.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(document))


def page_lines(reader: PdfReader) -> list[list[Line]]:
    """Every page's lines, top to bottom: the texts drawn on one baseline, left to right."""
    pages = []
    for page in reader.pages:
        found: dict[float, list[tuple[float, str]]] = defaultdict(list)

        def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
            if text.strip():
                y, x = round(cm[5] + tm[5], 1), cm[4] + tm[4]
                found[y].append((x, text.strip()))  # noqa: B023 (used at once)

        page.extract_text(visitor_text=visit)
        pages.append(
            [tuple(text for _, text in sorted(found[y])) for y in sorted(found, reverse=True)]
        )
    return pages


def flat_text(reader: PdfReader) -> str:
    """The text of every page, spaces normalised."""
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@cache
def open_120() -> Standings:
    """A generated 120-player, 9-round Swiss: several pages of each table in portrait."""
    text = generate_swiss(120, 9, seed=5, start_date="2025/10/01")
    return compute_standings(read_trf_text(text, "open-120.trf"), "PTS,BH/C1,BH,SB,WIN")


def standings_lines(standings: Standings) -> list[Line]:
    """The standings table's body rows as the input and the values make them."""
    lines = []
    for row in standings.rows:
        values = [format_value(row.values[label], "en") for label in standings.columns]
        rating = [] if standings.is_team else [str(row.player.rating or "")]
        rank = str(row.rank) + ("*" if row.drawn_by_lot else "")
        cells = [rank, str(row.player.start_number), row.player.name, *rating, *values]
        lines.append(tuple(cell for cell in cells if cell))
    return lines


@pytest.mark.parametrize(
    ("lang", "numbering"), [("en", "Page {} of {}"), ("de", "Seite {} von {}")]
)
def test_every_page_has_the_event_name_and_its_number(lang: str, numbering: str) -> None:
    standings = open_120()
    pages = page_lines(read(standings, lang))
    assert len(pages) >= 4
    for number, lines in enumerate(pages, 1):
        texts = [" ".join(line) for line in lines]
        assert standings.tournament.name in texts, number
        assert numbering.format(number, len(pages)) in texts, number


def test_the_header_row_stands_above_the_rows_of_every_page() -> None:
    standings = open_120()
    header = ("Rank", "No.", "Name", "Rating", "PTS", "BH/C1", "BH", "SB", "WIN")
    crosstable_header = ("Rank", "No.", "Name", *map(str, range(1, 10)), "PTS")
    rows = set(standings_lines(standings))
    pages = page_lines(read(standings))
    for number, lines in enumerate(pages, 1):
        first_row = next((i for i, line in enumerate(lines) if line in rows), None)
        if first_row is not None:
            assert header in lines[:first_row], number
        elif number > 1:  # a page of the crosstable
            assert crosstable_header in lines, number
    assert sum(1 for lines in pages if header in lines) >= 2  # the standings take 2+ pages
    assert sum(1 for lines in pages if crosstable_header in lines) >= 2


def test_rows_are_whole_and_in_the_order_of_the_standings() -> None:
    standings = open_120()
    expected = standings_lines(standings)
    table = crosstable(standings, "en")
    crossed = [
        (row.rank, str(row.number), row.name, *(c.text for c in row.cells if c.text), row.points)
        for row in table.rows
    ]
    lines = [line for lines in page_lines(read(standings)) for line in lines]
    assert [line for line in lines if line in set(expected)] == expected
    assert [line for line in lines if line in set(crossed)] == crossed


def test_a_small_event_fits_one_portrait_page_without_explanations() -> None:
    standings = swiss()
    reader = read(standings)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842)  # A4
    text = flat_text(reader)
    for heading in ("Standings", "Crosstable", "Tie-breaks", "Page 1 of 1"):
        assert heading in text
    assert "Explanations" not in text
    assert "lines kept" not in text
    assert "Buchholz" in text  # the tie-break legend


def test_explanations_when_asked_one_block_per_participant() -> None:
    standings = swiss()
    text = flat_text(read(standings, "de", explanations=True))
    for heading in ("Rangliste", "Kreuztabelle", "Feinwertungen", "Erklärungen"):
        assert heading in text
    assert "Summe der 4 gewerteten Zeilen" in text  # BH/C1 of 5 rounds: 4 opponents kept
    for row in standings.rows:
        head = f"{row.rank}. {row.player.name} #{row.player.start_number}"
        assert text.count(head) == 1, head
    assert text.index("1. Bruno #2") < text.index("16. Lais #10")
    for label in standings.columns:  # every value of every participant, none lost at a page end
        assert text.count(f"{label} = ") == len(standings.rows), label


def test_a_wide_table_prints_in_landscape() -> None:
    """A round robin of 30 has a square crosstable of 30 result columns: too wide for the
    19 cm of a portrait page, it fits the 27.7 cm of landscape."""
    tournament = read_trf_text(generate_round_robin(30, seed=3), "rr-30.trf")
    standings = compute_standings(tournament)
    reader = read(standings, "it")
    assert all(page.mediabox.width > page.mediabox.height for page in reader.pages)
    numbers = (str(row.player.start_number) for row in standings.rows)
    header = ("Pos.", "N.", "Nome", *numbers, "Pt")
    assert header in {line for lines in page_lines(reader) for line in lines}


def test_team_pdf_has_the_teams_and_their_matches() -> None:
    standings = team()
    reader = read(standings, "fr")
    text = flat_text(reader)
    assert standings.tournament.name in text
    assert "Classement" in text
    assert "au premier échiquier (b Blancs, n Noirs) et points de partie." in text
    assert "survolez" not in text  # nothing to hover over on paper
    lines = {line for lines in page_lines(reader) for line in lines}
    for row in standings.rows:
        assert any(line[1:3] == (str(row.player.start_number), row.player.name) for line in lines)


NAMES = {
    1: "Иванов, Пётр",
    2: "Παπαδόπουλος, Γιώργος",
    3: "Dvořák, Łukasz Ő",
    4: "Mu\u0308ller, Jörg",  # decomposed: printed composed
    5: "Evil\u202egnp.exe",  # a right-to-left override: shown as U+FFFD
    6: "Zero\u200bWidth",
}


def test_names_in_every_script_print_and_invisible_characters_are_neutralised() -> None:
    builder = Builder(rounds=1)
    for number, name in NAMES.items():
        builder.player(number, name)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "=").game(1, 5, 6, "0-1")
    standings = compute_standings(builder.build("Ελληνικό Όπεν"), "PTS,BH")
    text = flat_text(read(standings))
    assert "Ελληνικό Όπεν" in text
    for name in ("Иванов, Пётр", "Παπαδόπουλος, Γιώργος", "Dvořák, Łukasz Ő", "Müller, Jörg"):
        assert name in text
    assert "Evil\ufffdgnp.exe" in text
    assert "Zero\ufffdWidth" in text
    assert "\u202e" not in text
    assert "\u200b" not in text


def test_score_groups_shade_every_second_group_of_equal_scores() -> None:
    standings = open_120()
    label = score_label(standings)
    assert label == "PTS"
    scores = [row.values[label] for row in standings.rows]
    groups = [(0, 0)]
    for position in range(1, len(scores)):
        if scores[position] == scores[position - 1]:
            groups[-1] = (groups[-1][0], position)
        else:
            groups.append((position, position))
    assert score_groups(standings) == tuple(groups[1::2])
    assert len(groups) > 5


def test_without_reportlab_the_error_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in list(sys.modules):
        if name.startswith(("reportlab", "tiebreaks.render.pdf_")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "reportlab", None)
    with pytest.raises(UsageError, match=r"pip install 'tiebreaks\[pdf\]'"):
        standings_pdf(swiss())


SWISS = str(example_path("held-swiss-16.trf"))


def test_cli_writes_explanations_only_when_asked() -> None:
    runner = CliRunner()
    plain = runner.invoke(main, ["standings", SWISS, "-f", "pdf"])
    explained = runner.invoke(main, ["standings", SWISS, "-f", "pdf", "--explanations"])
    assert plain.exit_code == explained.exit_code == 0
    plain_text = flat_text(PdfReader(io.BytesIO(plain.stdout_bytes)))
    explained_text = flat_text(PdfReader(io.BytesIO(explained.stdout_bytes)))
    assert "Explanations" not in plain_text
    assert "Explanations" in explained_text
    assert "total of the 4 lines kept" in explained_text


def test_cli_refuses_explanations_outside_pdf() -> None:
    result = CliRunner().invoke(main, ["standings", SWISS, "--explanations"])
    assert result.exit_code == 2
    assert "--explanations applies to --format pdf" in result.stderr


def test_forfeits_and_byes_reach_the_crosstable() -> None:
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "+-").bye(1, 3, ResultKind.PAIRING_BYE)
    builder.game(2, 3, 1, "=").bye(2, 2, ResultKind.HALF_BYE)
    standings = compute_standings(builder.build("Byes"), "PTS")
    lines = {line for lines in page_lines(read(standings)) for line in lines}
    assert any(line[1:] == ("1", "Player 1", "2w+", "3b½", "1.5") for line in lines)


def test_chinese_and_japanese_names_print_in_the_fallback_font() -> None:
    from tiebreaks.render.pdf_fonts import fallback_font

    if not fallback_font():
        pytest.skip("no font with Chinese letters here (Debian: fonts-droid-fallback)")
    builder = Builder(rounds=1)
    builder.player(1, "王, 小明").player(2, "山田, 太郎 (Yamada)").game(1, 1, 2, "1-0")
    standings = compute_standings(builder.build("国际公开赛"), "PTS")
    reader = read(standings)
    text = flat_text(reader)
    for name in ("王, 小明", "山田, 太郎 (Yamada)", "国际公开赛"):
        assert text.count(name) >= 2, name  # both tables, or the title and the page head
    resources: Any = reader.pages[0]["/Resources"]
    fonts: dict[str, Any] = resources["/Font"].get_object()
    assert any("Fallback" in str(font.get_object()["/BaseFont"]) for font in fonts.values())


def test_markup_in_names_prints_as_written() -> None:
    """Paragraphs (the title, the explanations) are markup to ReportLab: a name's "<", ">"
    and "&" must print as they are, and change nothing."""
    name = '<font size="40">Big</font> & <b>Co</b>'
    builder = Builder(rounds=1).player(1, name).player(2, "B &amp; C")
    standings = compute_standings(builder.game(1, 1, 2, "=").build(f"Open {name}"), "PTS")
    text = flat_text(read(standings, explanations=True))
    assert text.count(name) >= 4  # title, page head, both tables, the explanations
    assert "B &amp; C" in text
