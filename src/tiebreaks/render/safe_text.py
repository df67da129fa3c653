"""What the readable outputs (text, CSV, HTML, PDF) do with text that comes from the input.

Names, titles and file names are the user's text, and some characters in them could change
how the rest of a line is shown: control characters (a terminal obeys ``ESC [ 2 J``; XML does
not allow them at all) and the explicit bidirectional formatting characters (U+202A-U+202E
embeddings and overrides, U+2066-U+2069 isolates), which can reverse the letters of a name or
move the numbers next to it. The rule, for every readable output:

* control characters (C0, DEL, C1) and the explicit bidirectional formatting characters are
  replaced by U+FFFD (the replacement character, shown as a question mark in a diamond), so
  that a reader sees that something was there and nothing invisible reorders the line; lone
  surrogates (JSON can carry them) are replaced too. Pages keep tabs and line breaks in
  multi-line texts (they are harmless there); names keep nothing.
* names (and, in pages, every text) are NFC-normalised (a decomposed "Mu\\u0308ller" is
  shown, aligned and matched as "Müller"): canonically equivalent, so nothing visible changes.
* a right-to-left name (Arabic, Hebrew ...) is isolated: in pages by ``<bdi>``, in the text
  table by U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE, which we add
  ourselves after the neutralisation, so that a viewer applying the Unicode bidirectional
  algorithm keeps the rating and the values after it in their columns.

The JSON outputs keep every name exactly as read: they are data for programs, and JSON escapes
what needs escaping. CSV cells get no isolation (a spreadsheet shows each cell by itself) but
the neutralisation, and the formula rule of :func:`tiebreaks.render.csv.spreadsheet_safe`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from markupsafe import Markup

#: what a neutralised character becomes
REPLACEMENT = "\ufffd"
#: U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE
FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"
_BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
_SURROGATES = "\ud800-\udfff"
#: every character a name may not bring into a readable output
_UNSAFE_IN_NAME = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_CONTROLS}{_SURROGATES}]")
#: the same, but tab and line feed (allowed in multi-line texts: explanations, hover texts)
_UNSAFE_IN_TEXT = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_CONTROLS}{_SURROGATES}]")
_RIGHT_TO_LEFT = frozenset(("R", "AL"))


def shown_name(name: str) -> str:
    """A name as the readable outputs show it: NFC-normalised, every control character and
    explicit bidirectional formatting character replaced by U+FFFD."""
    if name.isascii() and name.isprintable():
        return name  # the usual case, checked fast
    cleaned = _UNSAFE_IN_NAME.sub(REPLACEMENT, name)
    return unicodedata.normalize("NFC", cleaned)


def shown_text(text: str) -> str:
    """A multi-line text (an explanation, a whole text output) with its control characters
    and explicit bidirectional formatting characters replaced by U+FFFD; tabs and line feeds
    stay."""
    if _UNSAFE_IN_TEXT.search(text) is None:
        return text
    return _UNSAFE_IN_TEXT.sub(REPLACEMENT, text)


def is_right_to_left(text: str) -> bool:
    """True when the text has a right-to-left letter (Hebrew, Arabic, Syriac, Thaana ...)."""
    if text.isascii():
        return False
    return any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in text)


def isolated_name(name: str) -> str:
    """A name for a plain-text table: :func:`shown_name`, and wrapped in FIRST STRONG ISOLATE
    ... POP DIRECTIONAL ISOLATE when it has a right-to-left letter."""
    shown = shown_name(name)
    if is_right_to_left(shown):
        return FIRST_STRONG_ISOLATE + shown + POP_DIRECTIONAL_ISOLATE
    return shown


def display_width(text: str) -> int:
    """How many terminal columns a text takes: combining marks and format characters (the
    isolates, zero-width joiners) take none, East Asian wide and full-width characters two."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad_right(text: str, width: int) -> str:
    """The text followed by spaces up to ``width`` terminal columns (see :func:`display_width`)."""
    return text + " " * (width - display_width(text))


def page_text(value: Any) -> Any:
    """Jinja2's ``finalize`` of our templates: every text printed into a page goes through
    :func:`shown_text` and is NFC-normalised (markup we built ourselves, and non-texts, pass
    as they are)."""
    if not isinstance(value, str) or isinstance(value, Markup):
        return value
    shown = shown_text(value)
    return shown if shown.isascii() else unicodedata.normalize("NFC", shown)
