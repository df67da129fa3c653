"""Languages: number and date formats, tie-break names, the catalogs (complete, compiled,
placeholders kept) and the localised text output (English unchanged)."""

from __future__ import annotations

import gettext
import io
import re
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tiebreaks import UsageError, compute_standings, example_path, parse_spec, read_tournament
from tiebreaks.render import standings_text
from tiebreaks.render.i18n import (
    LOCALE_DIRECTORY,
    SUPPORTED,
    check_language,
    format_date,
    format_value,
    reason_text,
    tiebreak_name,
    translator,
)

from .test_html import team

GOLDEN = Path(__file__).parent.parent / "golden"
RENDER = Path(__file__).parent.parent.parent / "src" / "tiebreaks" / "render"
TRANSLATED = [lang for lang in SUPPORTED if lang != "en"]


@pytest.mark.parametrize(
    ("value", "lang", "places", "expected"),
    [
        (Fraction(25, 2), "de", None, "12,5"),
        (Fraction(25, 2), "it", None, "12,5"),
        (Fraction(25, 2), "fr", None, "12,5"),
        (Fraction(25, 2), "es", None, "12,5"),
        (Fraction(25, 2), "en", None, "12.5"),
        (Fraction(37, 4), "de", None, "9,25"),
        (Fraction(68, 5), "de", 2, "13,60"),
        (Fraction(107, 8), "fr", 2, "13,38"),
        (Fraction(-1, 2), "es", None, "-0,5"),
        (Fraction(12), "de", None, "12"),
        (2150, "it", None, "2150"),
        (None, "de", None, ""),
        (Fraction(1, 3), "de", None, "0,3333"),
    ],
)
def test_format_value(
    value: Fraction | int | None, lang: str, places: int | None, expected: str
) -> None:
    assert format_value(value, lang, places) == expected


def test_dates() -> None:
    day = date(2024, 3, 1)
    assert format_date(day, "de") == "1. März 2024"
    assert format_date(day, "it") == "1 marzo 2024"
    assert format_date(day, "fr") == "1 mars 2024"
    assert format_date(day, "es") == "1 de marzo de 2024"
    assert format_date(day, "en") == "March 1, 2024"


def test_language_codes() -> None:
    assert check_language("DE") == "de"
    assert check_language("de-AT") == "de"
    assert check_language("fr_CA") == "fr"
    with pytest.raises(UsageError, match=r"'pt'; supported languages: en, de, it, fr, es"):
        translator("pt")


def test_translators() -> None:
    assert type(translator("en")) is gettext.NullTranslations
    assert translator("en").gettext("Standings") == "Standings"
    assert translator("de").gettext("Standings") == "Rangliste"
    assert translator("it").pgettext("colour letter", "b") == "n"
    assert translator("es").gettext("Round %(round)s") % {"round": 3} == "Ronda 3"


@pytest.mark.parametrize(
    ("descriptor", "lang", "expected"),
    [
        ("PTS", "en", "Points"),
        ("PTS", "de", "Punkte"),
        ("BH/C1", "de", "Buchholz mit einem Streichresultat"),
        ("BH/C1", "es", "Buchholz menos el peor"),
        ("SB", "de", "Sonneborn-Berger-Wertung"),
        ("KS", "fr", "Système Koya"),
        ("BH:GP/C1", "it", "Buchholz (:GP/C1)"),  # no Italian name for the form: acronym's
        ("MPVGP", "de", "Match points versus game points"),  # no German name: English
        ("EMGSB/C1", "it", "Olympiad Sonneborn-Berger"),
        ("EDE", "fr", "Extended Direct Encounter"),  # catalogue name
        ("SB/C1/P", "en", "Sonneborn-Berger (C1/P)"),
    ],
)
def test_tiebreak_names(descriptor: str, lang: str, expected: str) -> None:
    assert tiebreak_name(parse_spec(descriptor), lang) == expected


def test_reasons() -> None:
    assert reason_text("start date 2024-03-01", "de") == "Beginn 1. März 2024"
    assert reason_text("start date 2024-03-01", "en") == "start date 2024-03-01"
    assert reason_text("file (212)", "fr") == "du fichier (enregistrement 212)"
    assert reason_text("default list of the uscf rules", "es") == (
        "lista por defecto de las reglas uscf"
    )
    assert reason_text("something new", "it") == "something new"


# ---------------------------------------------------------------- catalogs


def used_messages() -> set[tuple[str | None, str]]:
    """(context, id) of every message the renderers and templates translate, and of every
    sentence the rest of the library marks for the catalogs (``N_``: the warnings' sentences;
    the web page has catalogs of its own)."""
    keywords: dict[str, Any] = {**DEFAULT_KEYWORDS, "N_": None, "plural": (1, 2)}
    found: set[tuple[str | None, str]] = set()
    sources = [(path, "python", keywords) for path in sorted(RENDER.rglob("*.py"))]
    sources += [
        (path, "jinja2.ext:babel_extract", keywords)
        for path in sorted(RENDER.glob("templates/*.j2"))
    ]
    marked: dict[str, Any] = {"N_": None}
    sources += [
        (path, "python", marked)
        for path in sorted(RENDER.parent.rglob("*.py"))
        if not path.is_relative_to(RENDER) and not path.is_relative_to(RENDER.parent / "web")
    ]
    for path, method, words in sources:
        for _, message, _, context in extract_from_file(method, str(path), keywords=words):
            found.add((context, message if isinstance(message, str) else message[0]))
    return found


def catalog(lang: str) -> Catalog:
    """The ``.po`` catalog of a language."""
    with (LOCALE_DIRECTORY / lang / "LC_MESSAGES" / "tiebreaks.po").open("rb") as source:
        return read_po(source)


def translations(lang: str) -> list[tuple[str, str]]:
    """Every English message of a language's catalog with its translation (a plural message:
    the singular and the plural, each with its own)."""
    pairs: list[tuple[str, str]] = []
    for message in catalog(lang):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        assert strings is not None
        pairs.extend(zip(ids, strings, strict=True))
    return pairs


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_translates_every_message_and_no_other(lang: str) -> None:
    used = used_messages()
    assert len(used) > 60
    entries = {
        (message.context, message.id if isinstance(message.id, str) else message.id[0]): message
        for message in catalog(lang)
        if message.id
    }
    assert set(entries) == used
    for key, message in entries.items():
        assert message.string, f"{lang}: {key} is not translated"
        assert not message.fuzzy, f"{lang}: {key} is fuzzy"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang: str) -> None:
    placeholder = re.compile(r"%\((\w+)\)s")
    for source, translated in translations(lang):
        expected = sorted(placeholder.findall(source))
        assert sorted(placeholder.findall(translated)) == expected, source
        assert translated.count("{}") == source.count("{}"), source  # a hint's parameter


#: how each language abbreviates "article" inside a sentence's closing reference
ARTICLE = {"de": "Art.", "it": "art.", "fr": "art.", "es": "art."}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_cite_articles_one_way(lang: str) -> None:
    """A reference to an article reads the same in every sentence of a language: "(Art. 8.1)"
    in German, "(art. 8.1)" in Italian, French and Spanish; and it cites the article the
    English sentence cites."""
    closing = re.compile(r"\((?:C\.07 \(\d{4}\) )?([Aa]rt\.) \d")
    article = re.compile(r"\b[Aa]rt\. (\d+(?:\.\d+)*)")
    for source, translated in translations(lang):
        assert set(closing.findall(translated)) <= {ARTICLE[lang]}, translated
        assert article.findall(translated) == article.findall(source), translated


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogs_are_up_to_date(lang: str) -> None:
    """The shipped .mo says what the .po says (else: python scripts/compile_catalogs.py)."""
    source = catalog(lang)
    buffer = io.BytesIO()
    write_mo(buffer, source)
    shipped = (LOCALE_DIRECTORY / lang / "LC_MESSAGES" / "tiebreaks.mo").read_bytes()
    fresh = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    current = gettext.GNUTranslations(io.BytesIO(shipped))
    for message in source:
        if isinstance(message.id, tuple):  # a message with a plural: both forms
            single, several = message.id
            assert isinstance(message.string, tuple)
            for count, form in ((1, 0), (2, 1)):
                expected = message.string[form]
                assert current.ngettext(single, several, count) == expected
                assert fresh.ngettext(single, several, count) == expected
        elif isinstance(message.id, str) and message.id:
            assert isinstance(message.string, str)
            if message.context:
                pair = (message.context, message.id)
                assert current.pgettext(*pair) == fresh.pgettext(*pair) == message.string
            else:
                assert current.gettext(message.id) == fresh.gettext(message.id) == message.string


# ---------------------------------------------------------------- text output


def swiss_2024() -> str:
    tournament = read_tournament(example_path("held-swiss-16.trf"))
    return standings_text(compute_standings(tournament, "PTS,BH/C1,BH,SB", "fide-2024"), "de")


def test_english_text_is_unchanged() -> None:
    tournament = read_tournament(example_path("held-swiss-16.trf"))
    standings = compute_standings(tournament, "PTS,BH/C1,BH,SB", "fide-2024")
    golden = (GOLDEN / "held-swiss-16.fide-2024.txt").read_text(encoding="utf-8")
    assert standings_text(standings) == golden
    assert standings_text(standings, "en") == golden


def test_german_text() -> None:
    lines = swiss_2024().splitlines()
    assert lines[:4] == [
        "Held exercises: Swiss, 16 players, 5 rounds (FIDE C.07 exercises)",
        "Schweizer System, 16 Spieler, 5 Runden",
        "Regeln: fide-2024 (angegeben)",
        "Feinwertungen: PTS, BH/C1, BH, SB (angegeben)",
    ]
    assert lines[5].split() == ["Rg", "Nr", "Name", "Elo", "Pkt", "BH/C1", "BH", "SB"]
    david = lines[9].split()  # 3rd: David 3.5 points, BH/C1 11.5, BH 15, SB 9.75
    assert david == ["3", "4", "David", "2050", "3,5", "11,5", "15", "9,75"]
    body = "\n".join(lines[5:])
    assert "12,5" in body
    assert not re.search(r"\d\.\d", body)
    assert len({len(line) for line in lines[5:]}) == 1  # still aligned: values right-aligned


@pytest.mark.parametrize(
    ("lang", "summary", "header"),
    [
        ("it", "sistema svizzero a squadre, 14 squadre, 7 turni", ["Pos", "N", "Nome"]),
        ("fr", "système suisse par équipes, 14 équipes, 7 rondes", ["Rg", "N°", "Nom"]),
        ("es", "sistema suizo por equipos, 14 equipos, 7 rondas", ["Pto", "Nº", "Nombre"]),
    ],
)
def test_team_text_in_other_languages(lang: str, summary: str, header: list[str]) -> None:
    lines = standings_text(team(), lang).splitlines()
    assert lines[1] == summary
    assert lines[5].split()[:4] == [*header, "MP"]
    assert "17,5" in lines[8]
