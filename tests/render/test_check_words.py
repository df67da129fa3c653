"""``check --lang de|it|fr|es`` has no English sentence left (issue 16 item 2): the summary,
the differences (ranks and values), the round-by-round section, and with --infer each
column's readings, the closest reading and the values it does not give, on files with
differences, with values printed rounded, with columns outside the list and with none.

What may stay as it is: names, tie-break codes, rules names, numbers and the command line
that explains a value. A line is English as in ``test_no_english.py``, with the words of
check's own English sentences added."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks.cli.main import main
from tiebreaks.formats.writers.tournament_json import write_tournament_json

from ..test_check_programs import (
    SB_ONE_DECIMAL_EVEN,
    SB_SWISS_MANAGER,
    double_round_robin_of_four,
    koya_published_as_zero,
    published,
)
from ..tiebreaks.test_program_readings import small_swiss
from .test_no_english import ENGLISH, OWN_WORDS, WORD

#: the words of check's English sentences that none of the four languages uses
CHECK_WORDS = {
    "says", "compute", "compared", "published", "reading", "readings", "gives", "give",
    "nothing", "agrees", "agree", "differences", "difference", "under", "list", "closest",
    "tried", "rank", "ranks", "columns", "column", "printed", "decides", "everything",
    "error", "own", "file", "we", "know", "even", "up", "truncated", "modified", "computed",
}  # fmt: skip
#: words of the list above that the language itself uses ("il file" in Italian)
CHECK_OWN_WORDS = {"it": {"file"}, "es": {"error"}}
HELD = tiebreaks.example_path("held-swiss-16.trf")
#: the list and rules under which the published SB column is Swiss-Manager's reading
SB_SM = ["-t", "PTS,SB/SM", "-r", "fide-2009"]


def _vega_koya() -> tiebreaks.Tournament:
    """A double round robin of four whose Koya Vega prints 0 for everyone (its own error;
    by hand 2 for each: see ``test_check_programs.py``)."""
    return koya_published_as_zero(double_round_robin_of_four())


def _files(folder: Path) -> list[tuple[Path, list[str]]]:
    """The files checked and the options: each sentence of ``check`` appears in some."""
    made = {
        "wrong-sb.json": published("SB", {**SB_SWISS_MANAGER, 3: Fraction(4)}),
        "rounded-sb.json": published("SB", SB_ONE_DECIMAL_EVEN),
        "outside.json": published("SB/SM", SB_SWISS_MANAGER),
        "plain.json": small_swiss(),
        "koya.json": _vega_koya(),
    }
    for name, tournament in made.items():
        (folder / name).write_text(write_tournament_json(tournament), "utf-8")
    return [
        (HELD, ["--infer"]),
        (HELD, ["-t", "PTS,TPN", "--infer"]),
        (HELD, ["-t", "PTS,TPN"]),
        (folder / "wrong-sb.json", ["--infer"]),
        (folder / "wrong-sb.json", SB_SM),
        (folder / "rounded-sb.json", ["--infer"]),
        (folder / "outside.json", []),
        (folder / "outside.json", ["--infer"]),
        (folder / "plain.json", []),
        (folder / "koya.json", ["--infer"]),
    ]


def english_words(text: str, path: Path, lang: str) -> set[str]:
    """The English words of ``text`` (not words of ``lang``), names, tie-break codes and
    commands left out."""
    for player in tiebreaks.read_tournament(path).players:
        text = text.replace(player.name, " ")
    text = re.sub(r"tiebreaks explain .*", " ", text)
    english = (ENGLISH | CHECK_WORDS) - OWN_WORDS.get(lang, set())
    english -= CHECK_OWN_WORDS.get(lang, set())
    words = (word for word in WORD.findall(text) if not word.isupper())  # codes: WIN
    return {word for word in words if word.lower() in english}


def _english_lines(folder: Path, lang: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for path, options in _files(folder):
        result = CliRunner().invoke(main, ["check", str(path), "--lang", lang, *options])
        assert result.exit_code in (0, 3, 4), result.output
        for line in result.stdout.splitlines():
            for word in english_words(line, path, lang):
                found.setdefault(word, line.strip())
    return found


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
def test_check_has_no_english(tmp_path: Path, lang: str) -> None:
    found = _english_lines(tmp_path, lang)
    assert not found, "\n".join(f"{word!r}: {line}" for word, line in sorted(found.items()))


def test_the_english_check_finds_english(tmp_path: Path) -> None:
    """The check itself: the English output is full of the words it looks for."""
    found = _english_lines(tmp_path, "en")
    assert {"says", "compute", "closest", "reading", "agrees", "Compared"} <= set(found)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "  #3 Charline: the file says rank 2, we compute 3"),
        ("de", "  #3 Charline: Die Datei nennt Rang 2, wir berechnen 3"),
        ("fr", "  #3 Charline : le fichier indique le rang 2, nous calculons 3"),
    ],
)
def test_a_rank_difference_in_words(lang: str, expected: str) -> None:
    """The Held Swiss ordered by TPN after points, by hand: 4 points Bruno first; on 3.5
    points Alyx #1, Charline #3, David #4, Stephan #16 in start-number order, so Charline,
    published 2nd, is 3rd."""
    result = CliRunner().invoke(main, ["check", str(HELD), "-t", "PTS,TPN", "--lang", lang])
    assert expected in result.stdout.splitlines()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "  #3 Nora: the file says SB 4, we compute 3"),
        ("de", "  #3 Nora: Die Datei nennt SB 4, wir berechnen 3"),
        ("it", "  #3 Nora: il file indica SB 4, noi calcoliamo 3"),
        ("es", "  #3 Nora: el archivo indica SB 4, calculamos 3"),
    ],
)
def test_a_value_difference_in_words(tmp_path: Path, lang: str, expected: str) -> None:
    """#3's SB published 4 where Swiss-Manager's reading under the 2009 rules gives 3 by
    hand (``test_check_programs.py``)."""
    path = tmp_path / "wrong-sb.json"
    tournament = published("SB", {**SB_SWISS_MANAGER, 3: Fraction(4)})
    path.write_text(write_tournament_json(tournament), "utf-8")
    name = next(p.name for p in tournament.players if p.start_number == 3)
    result = CliRunner().invoke(main, ["check", str(path), *SB_SM, "--lang", lang])
    assert expected.replace("Nora", name) in result.stdout.splitlines()


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 difference:", "2 differences:"),
        ("de", "1 Abweichung:", "2 Abweichungen:"),
        ("fr", "1 différence :", "2 différences :"),
    ],
)
def test_the_count_of_differences_has_its_plural(
    tmp_path: Path, lang: str, one: str, two: str
) -> None:
    """One wrong SB value (#3) is "1 difference", two (#3 and #4) are "2 differences"."""
    for count, values, said in (
        (1, {**SB_SWISS_MANAGER, 3: Fraction(4)}, one),
        (2, {**SB_SWISS_MANAGER, 3: Fraction(4), 4: Fraction(2)}, two),
    ):
        path = tmp_path / f"wrong-{count}.json"
        path.write_text(write_tournament_json(published("SB", values)), "utf-8")
        result = CliRunner().invoke(main, ["check", str(path), *SB_SM, "--lang", lang])
        assert said in result.stdout.splitlines()
