"""Text of the input in the readable outputs: isolation of right-to-left names, terminal widths,
and the pages' ``finalize``. What is shown of each character, and how names are compared, is
:mod:`tiebreaks.model.text` (the rule for every readable output is written there)."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..model.text import shown_name, shown_text

#: U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE
FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"
_RIGHT_TO_LEFT = frozenset(("R", "AL"))


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
    as they are). Markup is told by its ``__html__`` method, as Jinja2 and MarkupSafe tell
    it, so the plain-text table does not load MarkupSafe."""
    if not isinstance(value, str) or hasattr(value, "__html__"):
        return value
    shown = shown_text(value)
    return shown if shown.isascii() else unicodedata.normalize("NFC", shown)
