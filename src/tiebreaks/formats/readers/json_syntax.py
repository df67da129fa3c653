"""Located JSON, shared by the readers of our JSON format
(:mod:`tiebreaks.formats.readers.tournament_json`) and of FIDE Chess-JSON
(:mod:`tiebreaks.formats.readers.chess_json`), and the constants of our format that its
writer also uses.

* :func:`parse_json` parses a document into :class:`Node` values that know their line,
  column and path (``players[3].results[1].kind``), so that :class:`JsonChecker` can raise
  an :class:`~tiebreaks.errors.InputError` at the offending value; a lone surrogate escape
  and a document nested deeper than :data:`MAX_DEPTH` are refused;
* :func:`exact_text` and :func:`parse_exact` write and read exact values as text (``"0.5"``,
  ``"1/3"``), never through a binary float.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...errors import InputError, Location
from ...model import ResultKind, ScoreSystem
from ...model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "KIND_NAMES",
    "MAX_DEPTH",
    "MAX_EXACT_DIGITS",
    "MAX_ROUNDS",
    "MAX_START_NUMBER",
    "JsonChecker",
    "Node",
    "Number",
    "bounded_score_system",
    "decode_json_bytes",
    "exact_text",
    "may_hold_surrogates",
    "parse_exact",
    "parse_json",
]

FORMAT_NAME = "tiebreaks-tournament"
FORMAT_VERSION = 1
MAX_ROUNDS = 999
#: start numbers are not limited to the four digits of TRF-16: online events are bigger
MAX_START_NUMBER = 9_999_999
MAX_DEPTH = 64

#: the name of each result kind in our JSON (the reader also takes the TRF-16 code)
KIND_NAMES: dict[ResultKind, str] = {kind: kind.name.lower() for kind in ResultKind}

# ---------------------------------------------------------------------------------------------
# Exact numbers as text


_DECIMAL_TEXT = re.compile(r"-?[0-9]{1,30}(?:\.[0-9]{1,30})?")
_RATIO_TEXT = re.compile(r"-?[0-9]{1,30}/[0-9]{1,30}")
_INTEGER_TEXT = re.compile(r"-?[0-9]{1,18}")


#: the digits a part of an exact value may have (the readers take no more)
MAX_EXACT_DIGITS = 30


def exact_text(value: Fraction | int) -> str:
    """A value as exact text: a decimal with at least one decimal place (``"1.0"``,
    ``"0.5"``, ``"2.25"``) when it has a finite decimal expansion of at most 30 decimals,
    else ``"p/q"`` (which the readers read back as long as each part has at most 30 digits)."""
    fraction = Fraction(value)
    denominator = fraction.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1 or max(twos, fives) > MAX_EXACT_DIGITS:
        return f"{fraction.numerator}/{fraction.denominator}"
    places = max(twos, fives)
    digits = str(abs(fraction.numerator) * 10**places // fraction.denominator)
    digits = digits.rjust(places + 1, "0")
    whole, part = (digits[:-places], digits[-places:]) if places else (digits, "0")
    sign = "-" if fraction < 0 else ""
    return f"{sign}{whole}.{part}"


def parse_exact(text: str) -> Fraction | None:
    """The exact value of ``"3.5"``, ``"-1"``, ``"1/3"`` (at most 30 digits a part), else
    None."""
    if _DECIMAL_TEXT.fullmatch(text):
        return Fraction(text)
    if _RATIO_TEXT.fullmatch(text):
        numerator, denominator = text.split("/")
        if int(denominator) == 0:
            return None
        return Fraction(int(numerator), int(denominator))
    return None


# ---------------------------------------------------------------------------------------------
# JSON values with their position in the text


@dataclass(frozen=True, slots=True)
class Number:
    """A JSON number as written (kept as text so that no value passes through a float)."""

    text: str


@dataclass(frozen=True, slots=True)
class Node:
    """A JSON value, where it starts (1-based line and column) and its path in the document
    (``players[3].results[1].kind``; empty for the whole document).

    ``value`` is a ``dict[str, Node]``, a ``list[Node]``, a ``str``, a ``bool``, None or a
    :class:`Number`; ``raw`` is its text as written (shortened; ``{...}`` / ``[...]`` for
    objects and arrays)."""

    value: object
    line: int
    column: int
    path: str
    raw: str

    def member_path(self, key: str) -> str:
        """The path of member ``key`` of this object."""
        return f"{self.path}.{key}" if self.path else key


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|NaN|-?Infinity")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_LITERALS: tuple[tuple[str, object], ...] = (("true", True), ("false", False), ("null", None))


_SURROGATE = re.compile("[\ud800-\udfff]")


def may_hold_surrogates(text: str) -> bool:
    """True when the JSON text has a ``\\uD8xx``-``\\uDFxx`` escape (a surrogate half; a lone
    one is refused, a pair is one character)."""
    return "\\ud" in text or "\\uD" in text


def _shown_escapes(string: str) -> str:
    """The string as it would be written in JSON (surrogates as escapes), shortened."""
    shown = json.dumps(string)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _scan_string(text: str, offset: int) -> tuple[str, int]:
    """The string literal starting at ``offset`` (its opening quote) and the offset after it."""
    match = _STRING.match(text, offset)
    assert match is not None, "json.loads accepted the text"
    value = json.loads(match.group())
    assert isinstance(value, str)
    return value, match.end()


class _Parser:
    """Builds :class:`Node` trees from text that :func:`json.loads` has accepted."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.may_hold_surrogates = may_hold_surrogates(text)

    def refuse_surrogates(self, string: str, offset: int) -> None:
        """``"\\ud800"`` is JSON syntax but no character (a surrogate half without its pair):
        it could not be written out again as UTF-8, so it is refused like invalid UTF-8."""
        if self.may_hold_surrogates and _SURROGATE.search(string):
            line, column = self.position(offset)
            raise InputError(
                Location(self.source, line, column),
                _shown_escapes(string),
                "text of Unicode characters (a surrogate escape such as \\ud800 must be "
                "followed by its pair)",
            )

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    def skip(self, offset: int) -> int:
        match = _WHITESPACE.match(self.text, offset)
        return match.end() if match else offset

    def node(self, value: object, offset: int, path: str, raw: str) -> Node:
        line, column = self.position(offset)
        shown = raw if len(raw) <= 40 else raw[:37] + "..."
        return Node(value, line, column, path, shown)

    def value(self, offset: int, path: str, depth: int) -> tuple[Node, int]:
        """The value starting at ``offset`` (no blank before it) and the offset after it."""
        if depth > MAX_DEPTH:
            line, column = self.position(offset)
            raise InputError(
                Location(self.source, line, column),
                self.text[offset : offset + 1],
                f"a document nested at most {MAX_DEPTH} levels deep",
            )
        char = self.text[offset]
        if char == "{":
            return self.object(offset, path, depth)
        if char == "[":
            return self.array(offset, path, depth)
        if char == '"':
            string, end = _scan_string(self.text, offset)
            self.refuse_surrogates(string, offset)
            return self.node(string, offset, path, self.text[offset:end]), end
        for word, literal in _LITERALS:
            if self.text.startswith(word, offset):
                return self.node(literal, offset, path, word), offset + len(word)
        match = _NUMBER.match(self.text, offset)
        assert match is not None, "json.loads accepted the text"
        return self.node(Number(match.group()), offset, path, match.group()), match.end()

    def object(self, offset: int, path: str, depth: int) -> tuple[Node, int]:
        members: dict[str, Node] = {}
        position = self.skip(offset + 1)
        while self.text[position] != "}":
            key, after = _scan_string(self.text, position)
            self.refuse_surrogates(key, position)
            if key in members:
                line, column = self.position(position)
                raise InputError(
                    Location(self.source, line, column),
                    key,
                    f"each key once in an object (key {key!r} is repeated)",
                )
            position = self.skip(self.skip(after) + 1)  # the colon
            member_path = f"{path}.{key}" if path else key
            members[key], position = self.value(position, member_path, depth + 1)
            position = self.skip(position)
            if self.text[position] == ",":
                position = self.skip(position + 1)
        return self.node(members, offset, path, "{...}"), position + 1

    def array(self, offset: int, path: str, depth: int) -> tuple[Node, int]:
        items: list[Node] = []
        position = self.skip(offset + 1)
        while self.text[position] != "]":
            item, position = self.value(position, f"{path}[{len(items)}]", depth + 1)
            items.append(item)
            position = self.skip(position)
            if self.text[position] == ",":
                position = self.skip(position + 1)
        return self.node(items, offset, path, "[...]"), position + 1


def decode_json_bytes(data: bytes | str, source: str) -> str:
    """The text of a JSON file: UTF-8, a byte-order mark removed (RFC 8259 §8.1)."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        bad = data[error.start : error.start + 1].hex()
        raise InputError(
            Location(source, line, column), f"byte 0x{bad}", "UTF-8 text (RFC 8259)"
        ) from None


def parse_json(data: bytes | str, source: str) -> Node:
    """Parse a JSON document into located :class:`Node` values.

    A syntax error is an :class:`InputError` at the line and column :mod:`json` reports."""
    text = decode_json_bytes(data, source)
    try:
        json.loads(text, parse_float=str, parse_int=str, parse_constant=str)
    except json.JSONDecodeError as error:
        raise InputError(
            Location(source, error.lineno, error.colno),
            error.doc[error.pos : error.pos + 20].split("\n")[0],
            f"valid JSON ({error.msg})",
        ) from None
    except RecursionError:
        raise InputError(
            Location(source, 1, 1), text[:1], f"a document nested at most {MAX_DEPTH} levels deep"
        ) from None
    parser = _Parser(text, source)
    node, _ = parser.value(parser.skip(0), "", 0)
    return node


class JsonChecker:
    """Typed access to :class:`Node` values; every mismatch is an :class:`InputError` at the
    value's line and column, naming its path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, node: Node, expected: str) -> InputError:
        """An error about ``node`` (to be raised by the caller)."""
        where = f" at {node.path}" if node.path else " (the whole document)"
        return InputError(Location(self.source, node.line, node.column), node.raw, expected + where)

    def members(self, node: Node, what: str = "an object") -> dict[str, Node]:
        """The members of an object."""
        if not isinstance(node.value, dict):
            raise self.error(node, what)
        return node.value

    def items(self, node: Node, what: str = "an array") -> list[Node]:
        """The items of an array."""
        if not isinstance(node.value, list):
            raise self.error(node, what)
        return node.value

    def member(self, node: Node, key: str, what: str) -> Node:
        """Required member ``key`` of an object."""
        found = self.members(node).get(key)
        if found is None:
            where = f" in {node.path}" if node.path else " at the top level"
            raise InputError(
                Location(self.source, node.line, node.column),
                "",
                f'the key "{key}" ({what}){where}',
            )
        return found

    def optional(self, node: Node, key: str) -> Node | None:
        """Member ``key`` of an object; None when it is missing or JSON null."""
        found = self.members(node).get(key)
        return None if found is None or found.value is None else found

    def only_keys(self, node: Node, allowed: Iterable[str]) -> None:
        """Reject a member not in ``allowed`` (a misspelt key)."""
        known = tuple(allowed)
        for key, child in self.members(node).items():
            if key not in known:
                line, column = child.line, child.column
                raise InputError(
                    Location(self.source, line, column),
                    key,
                    f"one of the keys {', '.join(known)} in {node.path or 'the document'}",
                )

    def text(self, node: Node, what: str = "a string") -> str:
        """A string."""
        if not isinstance(node.value, str):
            raise self.error(node, what)
        return node.value

    def flag(self, node: Node, what: str = "true or false") -> bool:
        """A boolean."""
        if not isinstance(node.value, bool):
            raise self.error(node, what)
        return node.value

    def whole(self, node: Node, what: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number (a JSON integer, or a string of digits) within ``low..high``."""
        value = node.value
        text = value.text if isinstance(value, Number) else value if isinstance(value, str) else ""
        if not _INTEGER_TEXT.fullmatch(text):
            raise self.error(node, what)
        number = int(text)
        if (low is not None and number < low) or (high is not None and number > high):
            raise self.error(node, what)
        return number

    def exact(self, node: Node, what: str = 'points as a decimal string such as "0.5"') -> Fraction:
        """An exact number: a decimal or ``p/q`` string, or a JSON number written without an
        exponent."""
        value = node.value
        text = value.text if isinstance(value, Number) else value if isinstance(value, str) else ""
        parsed = parse_exact(text)
        if parsed is None:
            raise self.error(node, what)
        return parsed

    def choice(self, node: Node, options: dict[str, Any], what: str) -> Any:
        """The value ``options`` gives to a string (looked up as written)."""
        text = node.value if isinstance(node.value, str) else None
        if text is None or text not in options:
            raise self.error(node, what)
        return options[text]

    def text_list(self, node: Node, what: str) -> tuple[str, ...]:
        """An array of strings."""
        return tuple(self.text(item, what) for item in self.items(node, f"an array of {what}"))


def bounded_score_system(check: JsonChecker, system: ScoreSystem, node: Node | None) -> ScoreSystem:
    """``system`` when its values are within :data:`MAX_POINTS` and its common denominator
    within :data:`MAX_SCORE_DENOMINATOR`; else an input error at ``node``."""
    values = system.points.values()
    if all(abs(value) < MAX_POINTS for value in values) and (
        system.denominator <= MAX_SCORE_DENOMINATOR
    ):
        return system
    expected = (
        "points below 1000000 with at most 4 decimals (a common denominator of the score "
        "system of at most 10000)"
    )
    if node is None:
        raise InputError(Location(check.source, 1, 1), "", expected)
    raise check.error(node, expected)
