"""What a file that no reader takes is, recognised with the readers themselves: a text with no
row a crosstable could have, a web page, standings we wrote, a rating list, JSON that is neither
of our two JSON formats. :mod:`.readers.sniff` recognises what needs no reader (signatures,
binary data, encodings)."""

from __future__ import annotations

import re

from ..errors import N_, InputError, ParameterHint
from ..model.rules import REGIMES
from .readers.crosstable_csv import has_table_rows
from .readers.ratings_csv import parse_rating_table
from .readers.sniff import SHOWN_KEYS, WRITTEN_BY_US, Finding
from .readers.tournament_json import TOP_KEYS

_MARKUP = re.compile(r"<(?:[!?]|[A-Za-z])")
_HTML = re.compile(r"<(?:!doctype\s+html|html|head|body|table|meta|div|p)\b", re.IGNORECASE)
_OUR_CSV = "rank,id,name,rating"


def no_records(text: str) -> Finding | None:
    """A text none of whose lines has the three cells (a name and two results) that every
    crosstable has, so that the crosstable reader cannot read it: what it is, else a text
    with no tournament records."""
    if has_table_rows(text):
        return None
    return text_content(text) or Finding("a text with no tournament records", *_start(text))


def text_content(text: str) -> Finding | None:
    """What a text that is not a tournament is, by its first lines: a web page or XML,
    standings we wrote, a rating list. Looked at only when the crosstable reader cannot read
    the text (a crosstable could start with ``<`` or our CSV header by chance)."""
    body = text.lstrip("\ufeff \t\r\n\f\v")
    line, column = _start(text)
    if _MARKUP.match(body):
        what = "a web page (HTML)" if _HTML.search(body[:4096]) else "an XML document"
        return Finding(what, line, column)
    if body.startswith(_OUR_CSV):
        return Finding("standings written by tiebreaks (CSV)", line, column, reason=WRITTEN_BY_US)
    if _our_text_standings(body):
        what = "standings written by tiebreaks (text)"
        return Finding(what, line, column, reason=WRITTEN_BY_US)
    return rating_list(text)


def rating_list(text: str) -> Finding | None:
    """A rating list (the CSV of ``--ratings``, formats/ratings_csv.py) given as the
    tournament: it reads as one, with ratings, under list names that are not round numbers
    (a crosstable's header of result columns, ``1;2;3``, would read as lists)."""
    try:
        table = parse_rating_table(text, "")
    except InputError:
        return None
    if table.round_entries:
        return Finding("ratings per round (CSV)", advice=_GIVE_AS_TABLE)
    if not table.lists or not (table.by_number or table.by_name):
        return None
    if not all(any(character.isalpha() for character in name) for name in table.lists):
        return None
    names = ", ".join(name[:30] for name in table.lists[:SHOWN_KEYS])
    return Finding(f"a rating list (CSV; lists {names})", advice=_GIVE_AS_TABLE)


#: the advice for a rating list given as the tournament
_GIVE_AS_TABLE = ParameterHint("table", N_("give it with {}, next to the tournament file"))


def _start(text: str) -> tuple[int, int]:
    """Line and column of the first character that is not a blank or a line break."""
    body = text.lstrip("\ufeff \t\r\n\f\v")
    before = text[: len(text) - len(body)].removeprefix("\ufeff")
    lines = re.split(r"\r\n|\r|\n", before)
    return len(lines), len(lines[-1]) + 1


def _our_text_standings(body: str) -> bool:
    """The title of our text standings (render/text.py): a rules line such as
    ``Rules: fide-2024 (given)`` (in any of our languages) among the first lines."""
    names = "|".join(map(re.escape, REGIMES))
    rules_line = re.compile(rf"[^\W\d]{{4,8}}[ \xa0\u202f]?: (?:{names}) \(")
    return any(rules_line.match(line) for line in body[:2000].splitlines()[:6])


#: the top level of our standings JSON (render/json.py)
_OUR_STANDINGS_KEYS = frozenset({"rules", "after_round", "standings"})


def json_content(document: object, line: int, column: int) -> Finding | None:
    """What a parsed JSON document that is not Chess-JSON is, when it is not an attempt at our
    format: a document with a ``"format"`` key, or only keys of our format, goes to our
    reader, which names what is wrong or missing."""
    advice = 'our JSON has "format": "tiebreaks-tournament", Chess-JSON "filetype": "Event"'
    if isinstance(document, list):
        return Finding(f"a JSON array of {len(document)} items", line, column, advice)
    if not isinstance(document, dict):
        return Finding("a JSON value that is not an object", line, column, advice)
    keys = [str(key) for key in document]
    if "format" in document or set(keys) <= set(TOP_KEYS):
        return None
    if document.keys() >= _OUR_STANDINGS_KEYS:
        return Finding("standings written by tiebreaks (JSON)", line, column, reason=WRITTEN_BY_US)
    shown = ", ".join(key[:30] for key in keys[:SHOWN_KEYS])
    more = ", ..." if len(keys) > SHOWN_KEYS else ""
    return Finding(f"a JSON document with keys {shown}{more}", line, column, advice)
