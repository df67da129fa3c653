"""Languages of the web page: its own catalog, falling back to the standings' catalog.

The page's texts that the standings pages do not have are in ``web/locale/<lang>.po`` (read
with Babel when first needed, compiled in memory: no ``.mo`` to keep in step); every other
text (column headers, "Standings", "Round 3" ...) comes from
:func:`tiebreaks.render.i18n.translator`, so both say the same thing the same way.
``tests/web/test_i18n_web.py`` checks that every message of the page is translated.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..render.i18n import SUPPORTED, check_language, translator

#: the web page's own catalogs, one ``.po`` per language
LOCALE = Path(__file__).resolve().parent / "locale"
#: the names of the languages, each in its own language (for the language menu)
LANGUAGE_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "it": "Italiano",
    "fr": "Français",
    "es": "Español",
}


def catalog_path(lang: str) -> Path:
    """The ``.po`` file of a language."""
    return LOCALE / f"{lang}.po"


@cache
def web_translator(lang: str) -> gettext.NullTranslations:
    """The page's translations of ``lang``: its own catalog, then the standings' catalog."""
    code = check_language(lang)
    base = translator(code)
    if code == "en":
        return base
    with catalog_path(code).open("rb") as source:
        catalog = read_po(source, locale=code)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    own = gettext.GNUTranslations(buffer)
    own.add_fallback(base)
    return own


def best_language(accept_language: str) -> str:
    """The supported language a browser prefers most (its ``Accept-Language`` header);
    English when it prefers none of them."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(accept_language.split(",")):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                continue
        code = tag.strip().lower().replace("_", "-").split("-")[0]
        if code in SUPPORTED and weight > 0:
            ranked.append((-weight, position, code))
    return min(ranked)[2] if ranked else "en"
