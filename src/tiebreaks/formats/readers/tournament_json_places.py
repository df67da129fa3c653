"""Where things are in a document of our JSON format, for the reader
(:mod:`.tournament_json`): the errors at the line and column of the offending value, the line
of every player, the keys counted (a repeated key is refused).

The reader decodes the document with :mod:`msgspec` into the structs of
:mod:`.tournament_json_document`, which carry no positions. A problem is first described by
its path (:class:`Misfit`: ``("players", 3, "results", 1, "opponent")`` and what was
expected); only then is the document parsed into located :class:`~.json_syntax.Node` values
(:func:`~.json_syntax.parse_json`, which also reports a syntax error, a repeated key, a lone
surrogate or too deep a nesting at its place) to find that path's line and column. A valid
document is located only where that is cheap: the players' lines by one scan of the text when
every player object starts with its start number (as our writers write it), team records
(small) from the located tree.
"""

from __future__ import annotations

import re
import types
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import accumulate, repeat
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import msgspec

from ...errors import InputError, Location
from .json_syntax import Node, Number, parse_exact, parse_json
from .tournament_json_document import Document

__all__ = ["KeyCount", "Misfit", "Path", "Places", "described_as", "misfit_of", "whole"]

Path = tuple[str | int, ...]

_PLAYER_START = re.compile(
    rb'\{[ \t\n\r]*"start_number"[ \t\n\r]*:[ \t\n\r]*(-?[0-9]+)[ \t\n\r]*[,}]'
)
_KEY_WITH_BLANKS = re.compile(rb'"[ \t\n\r]+:')
_ESCAPED_QUOTE_BEFORE_COLON = re.compile(rb'(?<!\\)(?:\\\\)*\\"[ \t\n\r]*:')
_INTEGER_TEXT = re.compile(r"-?[0-9]{1,18}")
_WHOLE_LIMIT = 10**18  # the reader takes at most 18 digits
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z_0-9]*)|\[([0-9]+)\]")
_MISSING = re.compile(r"Object missing required field `(.*)`\Z", re.S)
_UNKNOWN = re.compile(r"Object contains unknown field `(.*)`\Z", re.S)


@dataclass(frozen=True)
class Misfit(Exception):
    """A value at ``path`` that is not what ``expected`` says; ``missing`` names a required
    key the object at ``path`` lacks, ``unknown`` a key it should not have."""

    path: Path
    expected: str = ""
    missing: str = ""
    unknown: str = ""
    #: the text shown as found instead of the value (a bad key: the key, without the path)
    found: str | None = None


def misfit_of(error: msgspec.ValidationError) -> Misfit:
    """msgspec's validation error (``Expected `int`, got `str` - at `$.players[3].rating```)
    as a :class:`Misfit`, its expectation in our words (the field's description)."""
    message, _, where = str(error).partition(" - at `$")
    path: Path = tuple(
        key if key else int(index) for key, index in _STEP.findall(where.removesuffix("`"))
    )
    if missing := _MISSING.match(message):
        return Misfit(path, missing=missing.group(1))
    if unknown := _UNKNOWN.match(message):
        return Misfit(path, unknown=unknown.group(1))
    return Misfit(path, described_as(path))


def whole(
    value: Any, path: Path, what: str, low: int | None = None, high: int | None = None
) -> int:
    """A whole number (a JSON integer, or a string of digits) within ``low..high``."""
    if type(value) is str and _INTEGER_TEXT.fullmatch(value):
        number = int(value)
    elif type(value) is int and -_WHOLE_LIMIT < value < _WHOLE_LIMIT:
        number = value
    else:
        raise Misfit(path, what)
    if (low is not None and number < low) or (high is not None and number > high):
        raise Misfit(path, what)
    return number


class KeyCount:
    """The keys of the objects read and the colons of the strings read, counted to refuse a
    repeated key (:meth:`Places.check_keys`)."""

    def __init__(self) -> None:
        self.keys = 0
        self.colons = 0

    def add(self, value: Any, skip: str = "") -> None:
        """Counts the keys of every object in ``value`` (a decoded struct: its fields not
        UNSET; the field ``skip`` left out, its key counted) and the colons of its strings
        (the keys of a mapping included)."""
        if isinstance(value, msgspec.Struct):
            fields = value.__struct_fields__
            for name in fields:
                item = getattr(value, name)
                if item is not msgspec.UNSET and name != skip:
                    self.keys += 1
                    self.add(item)
            self.keys += skip in fields
        elif isinstance(value, dict):
            self.keys += len(value)
            self.colons += sum(map(str.count, value, repeat(":")))
            for item in value.values():
                self.add(item)
        elif isinstance(value, list):
            for item in value:
                self.add(item)
        elif isinstance(value, str):
            self.colons += value.count(":")

    def add_texts(self, texts: list[str]) -> None:
        """Counts the colons of a column of strings."""
        self.colons += "".join(texts).count(":")


def described_as(path: Path) -> str:
    """What the value at ``path`` must be (its field's description)."""
    return _described(path)[2]


def _unwrapped(kind: Any) -> tuple[Any, str, str]:
    """The type inside ``Annotated`` and an optional union (None and UNSET left out), with
    the title and the description of its ``Meta``."""
    title = description = ""
    while True:
        if get_origin(kind) is Annotated:
            kind, *extras = get_args(kind)
            for meta in extras:
                title, description = meta.title or title, meta.description or description
        elif get_origin(kind) in (Union, types.UnionType):
            members = [
                member for member in get_args(kind) if member not in (type(None), msgspec.UnsetType)
            ]
            if len(members) != 1:
                return kind, title, description
            kind = members[0]
        else:
            return kind, title, description


def _described(path: Path) -> tuple[Any, str, str]:
    """The type at ``path`` in a :class:`Document`, its title and what it must be."""
    kind: Any = Document
    title, description = "", Document.what
    for step in path:
        kind = _unwrapped(kind)[0]
        if isinstance(step, int):
            kind = get_args(kind)[0] if get_args(kind) else Any
        else:
            kind = get_type_hints(kind, include_extras=True).get(step, Any)
        kind, title, description = _unwrapped(kind)
        if isinstance(kind, type) and issubclass(kind, msgspec.Struct) and not description:
            description = str(getattr(kind, "what", "an object"))
    return kind, title, description


class Places:
    """The positions of a document's values, found when asked."""

    def __init__(self, data: bytes | str, source: str) -> None:
        self.data = data
        self.source = source

    @cached_property
    def text(self) -> bytes:
        """The document as UTF-8 bytes (what the scans read)."""
        return self.data if isinstance(self.data, bytes) else self.data.encode("utf-8", "replace")

    @cached_property
    def tree(self) -> Node:
        """The located document (an :class:`InputError` if it is not valid JSON)."""
        return parse_json(self.data, self.source)

    def node(self, path: Path) -> Node:
        """The value at ``path`` (the nearest existing one above it, if it is missing)."""
        node = self.tree
        for step in path:
            value = node.value
            child = None
            if isinstance(step, int) and isinstance(value, list):
                child = value[step] if step < len(value) else None
            elif isinstance(step, str) and isinstance(value, dict):
                child = value.get(step)
            if child is None:
                break
            node = child
        return node

    def at(self, path: Path) -> Location:
        node = self.node(path)
        return Location(self.source, node.line, node.column)

    def error(self, misfit: Misfit) -> InputError:
        """The :class:`InputError` of ``misfit`` at its value's line and column."""
        node = self.node(misfit.path)
        location = Location(self.source, node.line, node.column)
        if misfit.missing:
            title = _described((*misfit.path, misfit.missing))[1] or misfit.missing
            where = f" in {node.path}" if node.path else " at the top level"
            return InputError(location, "", f'the key "{misfit.missing}" ({title}){where}')
        if misfit.unknown:
            kind = _unwrapped(_described(misfit.path)[0])[0]
            known = ", ".join(getattr(kind, "__struct_fields__", ()))
            child = self.node((*misfit.path, misfit.unknown))
            return InputError(
                Location(self.source, child.line, child.column),
                misfit.unknown,
                f"one of the keys {known} in {node.path or 'the document'}",
            )
        if misfit.found is not None:
            return InputError(location, misfit.found, misfit.expected)
        where = f" at {node.path}" if node.path else " (the whole document)"
        return InputError(location, node.raw, misfit.expected + where)

    def exact(self, value: Any, path: Path, what: str = "") -> Fraction:
        """An exact value: a decimal or ``p/q`` string, or a JSON number written without an
        exponent (a fraction's digits are read from the document's text, never a float)."""
        text = value if type(value) is str else str(value) if type(value) is int else ""
        if type(value) is float:
            number = self.node(path).value
            text = number.text if isinstance(number, Number) else ""
        parsed = parse_exact(text)
        if parsed is None:
            raise Misfit(path, what or 'points as a decimal string such as "0.5"')
        return parsed

    def optional_exact(self, value: Any, path: Path) -> Fraction | None:
        """:meth:`exact`, or None for null or a missing key."""
        return None if value is None or value is msgspec.UNSET else self.exact(value, path)

    def syntax_error(self, error: Exception) -> InputError:
        """The located error of a document msgspec cannot decode: the located parser's own
        (the same text is refused by both); else at the byte msgspec names."""
        self.tree  # noqa: B018 - raises the located syntax error
        found = re.search(r"\(byte ([0-9]+)\)", str(error))
        offset = int(found.group(1)) if found else 0
        before = self.text[:offset].decode("utf-8", "replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        return InputError(Location(self.source, line, column), "", f"valid JSON ({error})")

    def check_keys(self, count: KeyCount) -> None:
        """Refuse a repeated key (msgspec keeps the last value): the document read holds
        ``count.keys`` keys and ``count.colons`` colons in its strings. Outside its strings,
        JSON text has a colon only after a key, so the text holds one colon per key plus
        those of its strings; a repeated key adds a colon to the text and nothing to what was
        read. (A colon written as the escape ``\\u003a`` is in a string read but not in the
        text, so the count is trusted only without a backslash when a string holds a
        colon.) Else the key tokens are counted, and when those differ too the located
        parser finds the repeated key (or a string holding ``":``, which is fine)."""
        text = self.text
        if text.count(b":") == count.keys + count.colons and (
            not count.colons or b"\\" not in text
        ):
            return
        tokens = text.count(b'":') + len(_KEY_WITH_BLANKS.findall(text))
        if b'\\"' in text:
            tokens -= len(_ESCAPED_QUOTE_BEFORE_COLON.findall(text))
        if tokens != count.keys:
            self.tree  # noqa: B018 - raises at a repeated key

    def player_lines(self, numbers: list[Any]) -> list[int]:
        """The line of every player object: one scan of the text for objects that start with
        their start number (as our writers write them); else from the located document."""
        matches = list(_PLAYER_START.finditer(self.text))
        if list(map(int, map(re.Match.group, matches, repeat(1)))) == numbers:
            starts = list(map(re.Match.start, matches))
            breaks = map(self.text.count, repeat(b"\n"), [0, *starts], starts)
            return list(accumulate(breaks, initial=1))[1:]
        players = self.node(("players",)).value
        assert isinstance(players, list)
        return [player.line for player in players]
