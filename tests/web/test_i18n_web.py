"""The page's languages: every message it shows is translated (in its own catalog or in the
standings' catalog), placeholders are kept, and its catalog holds no message it does not use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po

from tiebreaks.render.i18n import LOCALE_DIRECTORY, SUPPORTED
from tiebreaks.web.i18n import best_language, catalog_path, web_translator

WEB = Path(__file__).resolve().parents[2] / "src" / "tiebreaks" / "web"
TRANSLATED = [lang for lang in SUPPORTED if lang != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def used_messages() -> set[tuple[str | None, str]]:
    """(context, id) of every message the page's code and templates translate."""
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    sources = [(path, "python") for path in sorted(WEB.glob("*.py"))]
    sources += [(path, "jinja2.ext:babel_extract") for path in sorted(WEB.glob("templates/*"))]
    found: set[tuple[str | None, str]] = set()
    for path, method in sources:
        for _, message, _, context in extract_from_file(method, str(path), keywords=keywords):
            assert isinstance(message, str)
            found.add((context, message))
    return found


def read(path: Path) -> Catalog:
    """A ``.po`` catalog."""
    with path.open("rb") as source:
        return read_po(source)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    used = used_messages()
    assert len(used) > 50
    own = {(m.context, m.id): m for m in read(catalog_path(lang)) if m.id}
    shared = {
        (m.context, m.id): m
        for m in read(LOCALE_DIRECTORY / lang / "LC_MESSAGES" / "tiebreaks.po")
        if m.id
    }
    for key in used:
        message = own.get(key) or shared.get(key)
        assert message is not None, f"{lang}: {key} is not translated"
        assert message.string and not message.fuzzy, f"{lang}: {key}"
    assert set(own) <= used, f"{lang}: unused messages {set(own) - used}"
    assert not set(own) & set(shared), "a message of the standings' catalog is repeated"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_kept(lang: str) -> None:
    for message in read(catalog_path(lang)):
        if message.id:
            assert isinstance(message.id, str) and isinstance(message.string, str)
            expected = sorted(PLACEHOLDER.findall(message.id))
            assert sorted(PLACEHOLDER.findall(message.string)) == expected, message.id


def test_translators() -> None:
    assert web_translator("de").gettext("Apply") == "Anwenden"
    assert web_translator("de").gettext("Standings") == "Rangliste"  # the shared catalog
    assert web_translator("en").gettext("Apply") == "Apply"


def test_best_language() -> None:
    assert best_language("de-AT,de;q=0.9,en;q=0.5") == "de"
    assert best_language("pt-BR, es;q=0.3, fr;q=0.7") == "fr"
    assert best_language("pt, ja") == "en"
    assert best_language("") == "en"
    assert best_language("it;q=nonsense, es") == "es"
