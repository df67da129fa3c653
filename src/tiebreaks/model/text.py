"""What the readable outputs (text, CSV, HTML, PDF, messages) do with text from the input, and
how a name is compared: the characters of the user's text that are shown, hidden or ignored.

Names, titles and file names are the user's text, and some characters in them could change
how the rest of a line is shown or hide part of it: control characters (a terminal obeys
``ESC [ 2 J``; XML does not allow them at all), the bidirectional formatting characters
(U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates, and the marks U+200E LRM,
U+200F RLM, U+061C ALM), which can reverse the letters of a name or move the numbers next to
it, and the other invisible characters (zero-width space, word joiner, byte order mark, soft
hyphen, tag characters, Hangul fillers ...), which make a name look like another one, or
empty, or hide what follows it (a CSV cell ``U+200F =cmd`` looks like ``=cmd``). The rule,
for every readable output:

* control characters (C0, DEL, C1), lone surrogates (JSON can carry them), the line and
  paragraph separators U+2028/U+2029 and every invisible character are replaced by U+FFFD
  (the replacement character, shown as a question mark in a diamond), so that a reader sees
  that something was there and nothing invisible reorders or hides the line. Invisible means:
  Unicode general category Cf (format characters, the bidirectional ones among them) and the
  other default-ignorable code points (Hangul fillers, unassigned ones). Pages keep tabs and
  line breaks in multi-line texts (they are harmless there); names keep nothing.
* Two kinds of invisible characters are part of how some names are written, and stay where
  they do that: U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER between two visible
  characters (a Persian word, an Indic conjunct after a virama, an emoji sequence), and the
  variation selectors (and U+034F, the Mongolian and Khmer ones) right after a visible
  character (Japanese name variants, emoji presentation). There they join or select the glyph
  of a character that is shown; they cannot reorder anything (they have no strong direction)
  and hide nothing. Anywhere else (at the start of a name, after a space, alone) they are
  replaced like the others, so a name cannot start with or consist of invisible characters.
* names (and, in pages, every text) are NFC-normalised (a decomposed "Mu\\u0308ller" is
  shown, aligned and matched as "Müller"): canonically equivalent, so nothing visible changes.
* a right-to-left name (Arabic, Hebrew ...) is isolated: in pages by ``<bdi>``, in the text
  table by U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE, which we add
  ourselves after the neutralisation, so that a viewer applying the Unicode bidirectional
  algorithm keeps the rating and the values after it in their columns.

The JSON outputs keep every name exactly as read: they are data for programs, and JSON escapes
what needs escaping. CSV cells get no isolation (a spreadsheet shows each cell by itself) but
the neutralisation, and the formula rule of :func:`tiebreaks.render.csv.spreadsheet_safe`
(which looks past invisible characters and spaces for the first visible one).
"""

from __future__ import annotations

import re
import unicodedata

#: what a neutralised character becomes
REPLACEMENT = "\ufffd"
_CONTROLS = "\x00-\x1f\x7f-\x9f"
_SURROGATES = "\ud800-\udfff"
#: the characters of Unicode general category Cf (format characters: bidirectional formatting,
#: zero-width, invisible operators, byte order mark, tags ...; Unicode 14, plus U+1343x of 15),
#: but the two joiners; then the other default-ignorable code points (Hangul fillers, the
#: unassigned U+2065, U+FFF0-U+FFF8, U+E0000-U+E0FFF but the variation selectors) and U+2028,
#: U+2029. tests/render/test_invisible.py checks the list against the running Unicode data.
_HIDDEN = (
    "\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u180e"
    "\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e00ff\U000e01f0-\U000e0fff"
)
#: ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER: kept between two visible characters
_JOINERS = "\u200c\u200d"
#: the default-ignorable nonspacing marks (combining grapheme joiner, Khmer inherent vowels,
#: Mongolian free variation selectors, variation selectors): kept right after a visible character
_SELECTORS = "\u034f\u17b4\u17b5\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef"
_INVISIBLE = f"{_HIDDEN}{_JOINERS}{_SELECTORS}"
#: runs of the characters a name may not bring into a readable output as they are
_UNSAFE_IN_NAME = re.compile(f"[{_CONTROLS}{_SURROGATES}{_INVISIBLE}]+")
#: the same, but tab and line feed (allowed in multi-line texts: explanations, hover texts)
_UNSAFE_IN_TEXT = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_SURROGATES}{_INVISIBLE}]+")
#: everything a name is compared without: controls, invisible characters, U+FFFD
_NOT_COMPARED = re.compile(f"[{_CONTROLS}{_SURROGATES}{_INVISIBLE}{REPLACEMENT}]+")
#: the start of a text up to its first visible character
LEADING_INVISIBLE = f"[\\s{_CONTROLS}{_SURROGATES}{_INVISIBLE}{REPLACEMENT}]*"


def shown_name(name: str) -> str:
    """A name as the readable outputs show it: NFC-normalised, every control and invisible
    character replaced by U+FFFD (joiners inside a word and variation selectors after a
    character excepted: see the module's text)."""
    if name.isascii() and name.isprintable():
        return name  # the usual case, checked fast
    cleaned = _UNSAFE_IN_NAME.sub(_neutralised, name)
    return unicodedata.normalize("NFC", cleaned)


def shown_text(text: str) -> str:
    """A multi-line text (an explanation, a whole text output, a message) with its control and
    invisible characters replaced by U+FFFD as in :func:`shown_name`; tabs and line feeds
    stay."""
    if _UNSAFE_IN_TEXT.search(text) is None:
        return text
    return _UNSAFE_IN_TEXT.sub(_neutralised, text)


def _neutralised(run: re.Match[str]) -> str:
    """A run of unsafe characters with each replaced by U+FFFD, but a joiner between two
    visible characters and a selector right after a visible character (or after a selector
    kept so): they change the glyphs of characters that are shown, and hide nothing."""
    text, (start, end) = run.string, run.span()
    attached = start > 0 and _visible(text[start - 1])  # the last character kept is visible
    last = end - start - 1
    shown = []
    for position, char in enumerate(run.group()):
        if char in _JOINERS:
            attached = attached and position == last and end < len(text) and _visible(text[end])
        else:
            attached = attached and _SELECTOR.match(char) is not None
        shown.append(char if attached else REPLACEMENT)
    return "".join(shown)


_SELECTOR = re.compile(f"[{_SELECTORS}]")


def _visible(char: str) -> bool:
    """True for a character next to a run of unsafe ones that is shown: not a space, not
    U+FFFD (which stands for a character replaced)."""
    return not char.isspace() and char != REPLACEMENT


def compared_name(name: str) -> str:
    """A name without its control and invisible characters (and U+FFFD, which stands for one
    in what we show), for finding it: "Alyx\\u200b" is found as "Alyx", and a name copied
    from an output ("Alyx\\ufffd") finds it too. Spaces stay."""
    return _NOT_COMPARED.sub("", name)
