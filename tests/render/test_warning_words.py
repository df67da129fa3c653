"""Warnings in the reader's language (issue 16: every sentence through the catalogs): a
warning said by a catalog sentence (``Diagnostic.told``) is translated with its advice in the
text table's header, the HTML page, the PDF and the command's standard error, in the words of
each front end; in English, and in the JSON documents, it stays as the library says it."""

from __future__ import annotations

from functools import cache

import pytest

import tiebreaks
from tiebreaks.errors import N_, Diagnostic, Word
from tiebreaks.formats.detect import read_data
from tiebreaks.render.i18n import warning_text
from tiebreaks.render.pdf_content import pdf_content

from ..builders import Builder
from .test_no_english import english_words

TRANSLATED = ["de", "it", "fr", "es"]


def unrated_swiss() -> tiebreaks.Tournament:
    """The 16-player example with Stephan (#16) unrated."""
    text = tiebreaks.example_path("held-swiss-16.trf").read_text("utf-8")
    unrated = text.replace("Stephan".ljust(34) + "1450", "Stephan".ljust(34) + "    ")
    assert unrated != text
    return read_data(unrated.encode("utf-8"), "unrated.trf")


def one_round_missing() -> tiebreaks.Tournament:
    """Four players, three rounds announced, results in two."""
    builder = Builder(rounds=3)
    for number in range(1, 5):
        builder.player(number, f"P{number}", 2000 - number)
    builder.game(1, 1, 3, "1-0").game(1, 2, 4, "=").game(2, 4, 1, "0-1").game(2, 3, 2, "=")
    return builder.build("Three rounds announced")


@cache
def warned() -> dict[str, tuple[tiebreaks.Standings, Diagnostic]]:
    """One standings per warning code, with that warning."""
    swiss = unrated_swiss()
    robin = tiebreaks.read_tournament(tiebreaks.example_path("held-round-robin-6.trf"))
    cases = {
        "standings.name-corrected": (swiss, "PTS,Buchholtz"),
        "standings.tiebreak-repeated": (swiss, "PTS,BH,BH"),
        "standings.tiebreak-dropped-unrated": (swiss, "PTS,ARO"),
        "standings.swiss-only-tiebreak": (robin, "PTS,BH"),
        "standings.manual-values-missing": (swiss, "PTS,MAN"),
        "standings.rounds-without-results": (one_round_missing(), "PTS,SB"),
    }
    found = {}
    for code, (tournament, tiebreak_list) in cases.items():
        standings = tiebreaks.compute_standings(tournament, tiebreak_list)
        warnings = [warning for warning in standings.warnings if warning.code == code]
        assert len(warnings) == 1, (code, standings.warnings)
        found[code] = (standings, warnings[0])
    return found


CODES = [
    "standings.name-corrected",
    "standings.tiebreak-repeated",
    "standings.tiebreak-dropped-unrated",
    "standings.swiss-only-tiebreak",
    "standings.manual-values-missing",
    "standings.rounds-without-results",
]


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_warning_has_no_english_left(code: str, lang: str) -> None:
    standings, warning = warned()[code]
    named = {warning.hint.parameter: "§"} if warning.hint else {}  # a front end's name for it
    text = warning_text(warning, lang, named)
    assert text != warning.worded(named)
    assert not english_words(text, standings, lang), text


@pytest.mark.parametrize("code", CODES)
def test_in_english_a_warning_is_the_librarys_sentence(code: str) -> None:
    _, warning = warned()[code]
    assert warning.template
    assert warning_text(warning, "en") == str(warning) == warning.worded({})
    assert warning.message == warning.template % dict(warning.fields)


@pytest.mark.parametrize(
    ("lang", "advice"),
    [
        ("de", "mit --unrated-rating oder /U<Wertzahl> eine festlegen"),
        ("fr", "en fixer un avec --unrated-rating ou /U<classement>"),
        ("en", "set one with --unrated-rating or /U<rating>"),
    ],
)
def test_the_advice_is_translated_and_names_the_front_ends_option(lang: str, advice: str) -> None:
    _, warning = warned()["standings.tiebreak-dropped-unrated"]
    assert warning_text(warning, lang, {"unrated_rating": "--unrated-rating"}).endswith(advice)


def test_every_output_in_a_language_says_the_warning_in_it() -> None:
    """The HTML page and the PDF's content in German carry the German sentence; the JSON
    document keeps the library's (English) one beside its code."""
    standings, warning = warned()["standings.tiebreak-dropped-unrated"]
    german = warning_text(warning, "de").split(";")[0]
    assert german.startswith("ARO entfällt")
    page = tiebreaks.render_standings(standings, "html", "de")
    assert isinstance(page, str)
    assert german in page
    assert any(item.startswith(german) for item in pdf_content(standings, "de").warnings)
    document = tiebreaks.render_standings(standings, "json", "de")
    assert isinstance(document, str)
    assert "ARO dropped: unrated players take part" in document
    assert german not in document


def test_a_word_among_the_fields_is_translated_too() -> None:
    """A field given as a :class:`Word` (a catalog entry) is said in the language; the
    others as they are."""
    warning = Diagnostic.told(
        N_("%(spec)s is listed twice; the repetition cannot change the order"),
        code="standings.tiebreak-repeated",
        spec=Word("draw"),
    )
    assert str(warning) == "draw is listed twice; the repetition cannot change the order"
    assert warning_text(warning, "it").startswith("patta è due volte nell'elenco")
    plain = Diagnostic.told(warning.template, code=warning.code, spec="draw")
    assert warning_text(plain, "it").startswith("draw è due volte nell'elenco")
