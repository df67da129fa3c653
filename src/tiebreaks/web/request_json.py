"""JSON in requests (the body of the API's JSON endpoints, the ``options`` field of its
uploads), read with one precise answer for each way it can be wrong, each a 422 naming the
part of the request, the line and the column:

* not text in its encoding (UTF-8; UTF-16 and UTF-32 are recognised as :func:`json.loads`
  does): the first byte that is not;
* not valid JSON: what the parser expected there;
* nested deeper than :data:`MAX_DEPTH` arrays and objects (a request needs three): how deep,
  and where the first level over the limit starts; valid JSON of any depth gets this answer,
  never a parser's recursion error;
* a key twice in one object (JSON leaves its meaning open: one of the values would be lost).

A body over the size limit never gets here: :class:`.limits.BodyLimit` answers 413 first.
Numbers that no field takes as they are (fractions, exponents, more digits than Python
converts, NaN, Infinity) are kept as written (:class:`.messages.RawNumber`), so that the field
refuses them and its message shows them exactly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response

from ..formats.readers import json_syntax
from .found import RawNumber
from .messages import RequestError, request_model

#: the deepest nesting of arrays and objects accepted in a request: the limit of a tournament
#: file in JSON (a request itself needs three levels)
MAX_DEPTH = json_syntax.MAX_DEPTH

#: a JSON string (no recursion, whatever its length)
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_STRINGS = re.compile(_STRING, re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
#: a string (and the colon after it when it is a key) or a bracket
_TOKENS = re.compile(f"({_STRING})(\\s*:)?|[\\[\\]{{}}]", re.S)
_STEPS = {"[": 1, "{": 1, "]": -1, "}": -1}


@dataclass(frozen=True)
class Part:
    """The part of a request a JSON text came in: its name in messages, its field in the
    error document and its source in the location."""

    name: str
    field: str
    source: str


BODY = Part("the request body", "body", "request")
OPTIONS = Part("the options field", "options", "options")


class _Repeated(Exception):
    """A key found twice in one object."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    members: dict[str, Any] = {}
    for key, value in pairs:
        if key in members:
            raise _Repeated(key)
        members[key] = value
    return members


def _integer(text: str) -> int | RawNumber:
    try:
        return int(text)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        return RawNumber(text)


def read_json(data: bytes | str, part: Part = BODY) -> Any:
    """The value of a JSON text; :class:`.messages.RequestError` (422) when it is not text,
    not JSON, too deeply nested or repeats a key."""
    text = data if isinstance(data, str) else _decoded(data, part)
    try:
        value = _parsed(text)
    except json.JSONDecodeError as error:
        there = error.doc[error.pos : error.pos + 20].split("\n")[0]
        found = repr(there) if there else "nothing"
        what = f"not valid JSON: {error.msg}"
        raise _error(part, text, error.pos, what, found, "valid JSON") from None
    except RecursionError:
        raise _too_deep(text, part) from None
    except _Repeated:
        raise _repeated(text, part) from None
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting(text) > MAX_DEPTH:
        raise _too_deep(text, part)
    return value


def _parsed(text: str) -> Any:
    """The value of a JSON text, every object's keys checked; numbers no field takes as
    :class:`.messages.RawNumber`."""
    hooks: dict[str, Any] = {
        "object_pairs_hook": _unique,
        "parse_float": RawNumber,
        "parse_constant": RawNumber,
    }
    try:
        return json.loads(text, **hooks)
    except json.JSONDecodeError:
        raise
    except ValueError:  # an integer of more digits than Python converts: read them all as text
        return json.loads(text, parse_int=_integer, **hooks)


def _decoded(data: bytes, part: Part) -> str:
    """The text of a JSON body (a byte-order mark removed)."""
    encoding = json.detect_encoding(data)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        before = data[: error.start].decode(encoding, "replace")
        name = "UTF-8" if encoding.startswith("utf-8") else encoding.upper()
        found = f"byte 0x{data[error.start : error.start + 1].hex()}"
        what = f"not {name} text: {found}"
        raise _error(part, before, len(before), what, found, "JSON in UTF-8") from None


def nesting(text: str) -> int:
    """How many arrays and objects a JSON text nests in each other at its deepest (brackets
    in strings do not count)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_STEPS.__getitem__, brackets)), default=0)


def landmark(text: str, limit: int) -> tuple[int, str | None] | None:
    """The offset where a JSON text first nests deeper than ``limit`` (with None), or first
    repeats a key in an object (with the key); None when it does neither."""
    objects: list[set[str] | None] = []  # the keys of each open object; None for an array
    for match in _TOKENS.finditer(text):
        string, colon = match.group(1), match.group(2)
        if string is None:
            if match.group() in "[{":
                objects.append(set() if match.group() == "{" else None)
                if len(objects) > limit:
                    return match.start(), None
            elif objects:
                objects.pop()
            continue
        keys = objects[-1] if objects else None
        if colon and keys is not None:
            key = str(json.loads(string))
            if key in keys:
                return match.start(), key
            keys.add(key)
    return None


def _too_deep(text: str, part: Part) -> RequestError:
    levels = nesting(text)
    place = landmark(text, MAX_DEPTH)
    what = f"the JSON is nested {levels} levels deep; at most {MAX_DEPTH} are accepted"
    expected = f"JSON nested at most {MAX_DEPTH} levels deep"
    offset = place[0] if place else 0
    where = ", where the first level over the limit starts"
    return _error(part, text, offset, what, f"{levels} levels", expected, where)


def _repeated(text: str, part: Part) -> RequestError:
    place = landmark(text, len(text))
    offset, key = place if place is not None else (0, None)
    shown = json.dumps(key, ensure_ascii=False) if key is not None else "a key"
    what = f"the key {shown} appears twice in one object; each key may appear once"
    return _error(part, text, offset, what, shown, "each key once in an object")


def _error(
    part: Part, text: str, offset: int, what: str, found: str, expected: str, where: str = ""
) -> RequestError:
    """The 422 answer about ``text`` at ``offset``: ``part: what (line, column where)``."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    message = f"{part.name}: {what} (line {line}, column {column}{where})"
    location = {"source": part.source, "line": line, "column": column}
    return RequestError(
        422, message, field=part.field, found=found, expected=expected, location=location
    )


class JsonRequest(Request):
    """A request whose JSON body is read by :func:`read_json`."""

    async def json(self) -> Any:
        """The body's value (read once)."""
        if not hasattr(self, "_json"):
            self._json = read_json(await self.body())
        return self._json


class JsonRoute(APIRoute):
    """An API route that reads its JSON body with :func:`read_json` and knows its body's
    model (for the messages of :mod:`.messages`)."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        super().__init__(path, endpoint, **kwargs)
        self.request_model = request_model(endpoint)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """The route's handler, given a :class:`JsonRequest`."""
        handler = super().get_route_handler()

        async def with_json(request: Request) -> Response:
            return await handler(JsonRequest(request.scope, request.receive))

        return with_json
