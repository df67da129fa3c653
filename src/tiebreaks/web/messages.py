"""The messages of malformed requests, in the API's own terms.

Every validation error of a request is rewritten here: the field as the API documents it
(``after_round``, ``tournament.data``, ``tiebreaks[2]``, ``file``; the options of an upload
are named as in the JSON body), what was found (shortened, control and bidirectional
formatting characters neutralised) and what was expected. No name of the framework's types
or of a request's internal parts reaches a client: the location the validator reports is
walked through the request's own model, and its other parts (the branches of a union such
as ``constrained-str``) are dropped.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from starlette.exceptions import HTTPException

from .found import shown
from .schemas import Format, Language, Output, Side, TournamentInput

#: how many of a request's validation errors are read (a request may bring any number)
READ = 50
#: the request's parts (the validator's first location part) that are not fields
_SECTIONS = ("body", "query", "path", "header", "cookie")


def _listed(values: Iterable[str]) -> str:
    return ", ".join(values)


def _one_of(kind: Any) -> str:
    return "one of " + _listed(str(value) for value in get_args(kind))


#: what each field takes, by the name the API documents
EXPECTED = {
    "data": "the file's content as a text (base64 of its bytes when encoding is 'base64')",
    "encoding": "'text' or 'base64'",
    "format": _one_of(Format) + " (or no format: detected from the content)",
    "name": "a file name of at most 200 characters",
    "tiebreaks": "a tie-break list such as PTS,BH/C1,SB: one text of at most 2000 characters, "
    "or a list of at most 100 names",
    "rules": "a rules regime such as fide-2026 (at most 60 characters)",
    "after_round": "a whole number from 0 to the number of rounds of the tournament",
    "unrated_rating": "a whole number from 0 (the rating given to unrated players)",
    "primary": "'MP' or 'GP' (team events: the score that ranks first)",
    "allow_discouraged": "true or false",
    "participant": "a participant: a start number or (part of) a name, 1 to 200 characters",
    "a": "a participant: a start number or (part of) a name, 1 to 200 characters",
    "b": "a participant: a start number or (part of) a name, 1 to 200 characters",
    "tiebreak": "one tie-break of the list, such as BH/C1 (at most 100 characters)",
    "to": _one_of(Output),
    "lang": _one_of(Language),
    "file": "a file upload (multipart/form-data) in the field 'file', not a text field",
    "options": "a JSON object with the options of the request (as the JSON endpoint takes "
    "them, without 'tournament'), at most 100000 characters",
}
#: what an item of a list field takes
ITEM_EXPECTED = {"tiebreaks": "a tie-break name or descriptor such as BH/C1 (1 to 200 characters)"}
#: what an object field takes
OBJECT_EXPECTED: dict[type[BaseModel], str] = {
    TournamentInput: 'the tournament file: an object such as {"data": "...", "name": '
    '"event.trf"} (data required; encoding, format and name optional)',
    Side: 'one side of the comparison: an object such as {"rules": "fide-2024"} or '
    '{"tiebreaks": "PTS,BH/C1"} (fields tiebreaks and rules)',
}
#: the fields of an upload (multipart form), whose options are checked on their own
FORM_FIELDS = ("file", "options", "format")


class RequestError(HTTPException):
    """A request the API refuses, with the parts of its error document besides the message
    (``field``, ``found``, ``expected``, ``location``)."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(status_code=status, detail=message)
        self.extra = extra


@dataclass(frozen=True)
class FieldProblem:
    """One field of a request that cannot be used: where, what was found and why, what was
    expected."""

    field: str
    found: str
    expected: str
    reason: str = ""

    @property
    def message(self) -> str:
        """``field: found X (reason), expected Y``."""
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.field}: found {self.found}{why}, expected {self.expected}"


def refused(problems: Sequence[FieldProblem], more: bool = False) -> RequestError:
    """The 422 answer of a request with these problems (``more``: and others not read): the
    first three named in the message, the others counted, the first also as ``field``,
    ``found`` and ``expected``."""
    message = "; ".join(problem.message for problem in problems[:3])
    if len(problems) > 3 or more:
        message += f" (and {len(problems) - 3} more)" if not more else " (and more)"
    first = problems[0]
    return RequestError(422, message, field=first.field, found=first.found, expected=first.expected)


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The model of a field's type (``Side`` of ``Side | None``), None for other types."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) in (Union, types.UnionType):
        models = [_model_of(member) for member in get_args(annotation)]
        return next((model for model in models if model is not None), None)
    return None


def object_expected(model: type[BaseModel]) -> str:
    """What an object of ``model`` takes: its own text, else its fields (required first)."""
    if model in OBJECT_EXPECTED:
        return OBJECT_EXPECTED[model]
    fields = model.model_fields
    required = [name for name, info in fields.items() if info.is_required()]
    optional = [name for name, info in fields.items() if not info.is_required()]
    if not required:
        return f"a JSON object with the fields (all optional) {_listed(optional)}"
    text = f"a JSON object with the fields {_listed(required)}"
    return text + f" (optional: {_listed(optional)})" if optional else text


@dataclass
class _Walk:
    """Where a validator's location leads in a request's model."""

    path: str = ""
    model: type[BaseModel] | None = None
    name: str = ""
    annotation: Any = None
    item: bool = False


def _walk(root: type[BaseModel] | None, parts: Sequence[str | int]) -> _Walk:
    """Follow ``parts`` through ``root`` (the upload form's fields when None): field names
    and list positions make the documented path; anything else is the validator's own."""
    walk = _Walk("", root, "", root)
    for part in parts:
        if isinstance(part, int):
            walk.path += f"[{part}]"
            walk.item = True
            continue
        fields = walk.model.model_fields if walk.model is not None else {}
        if part in fields or (walk.model is None and not walk.path and part in FORM_FIELDS):
            annotation = fields[part].annotation if part in fields else None
            walk.path = f"{walk.path}.{part}" if walk.path else part
            walk.model, walk.name, walk.annotation = _model_of(annotation), part, annotation
            walk.item = False
    return walk


def _expected(walk: _Walk) -> str:
    """What the field the walk ended at takes."""
    if walk.item and walk.name in ITEM_EXPECTED:
        return ITEM_EXPECTED[walk.name]
    if walk.model is not None:
        return object_expected(walk.model)
    if walk.name in EXPECTED:
        return EXPECTED[walk.name]
    return _by_type(walk.annotation)


def _by_type(annotation: Any) -> str:
    """What a field without its own text takes, from its type."""
    if get_origin(annotation) is Literal:
        return _one_of(annotation)
    if annotation is bool:
        return "true or false"
    if annotation is int:
        return "a whole number"
    return "a text"


def _reason(error: Mapping[str, Any]) -> str:
    """Why a found value is refused, when its type is right but its size is not."""
    kind, context = error.get("type", ""), error.get("ctx") or {}
    value = error.get("input")
    if kind in ("greater_than_equal", "greater_than"):
        return f"below the minimum, {context.get('ge', context.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"above the maximum, {context.get('le', context.get('lt'))}"
    if kind == "string_too_long" and isinstance(value, str):
        return f"{len(value)} characters; at most {context.get('max_length')}"
    if kind == "string_too_short":
        return "empty"
    if kind == "too_long":
        return f"{context.get('actual_length')} items; at most {context.get('max_length')}"
    if kind == "string_unicode":
        return "a lone surrogate escape such as \\ud800, which is no character"
    return ""


def problem_of(
    error: Mapping[str, Any], root: type[BaseModel] | None, whole: str = "body"
) -> FieldProblem:
    """One validation error of a request whose body is ``root`` (None: an upload form),
    in the API's terms; ``whole`` names the part of the request ``root`` came in (``body``,
    or ``options`` in an upload: its fields are named as in the JSON body)."""
    parts = [part for part in error.get("loc", ()) if part not in _SECTIONS]
    kind = error.get("type", "")
    if kind == "extra_forbidden":
        walk = _walk(root, parts[:-1])
        name = str(parts[-1]) if parts else ""
        fields = _listed(walk.model.model_fields) if walk.model is not None else ""
        field = f"{walk.path}.{name}" if walk.path else name
        return FieldProblem(field, "an unknown field", f"one of the fields {fields}")
    walk = _walk(root, parts)
    if not walk.path:
        return _whole(error, root, whole)
    if kind == "missing":
        return FieldProblem(walk.path, "nothing", _expected(walk))
    if walk.name == "file" and root is None and isinstance(error.get("input"), str):
        return FieldProblem(walk.path, f"a text field ({shown(error['input'])})", _expected(walk))
    reason = _reason(error)
    found = shown(error.get("input"), counted=not reason)
    return FieldProblem(walk.path, found, _expected(walk), reason)


def _whole(error: Mapping[str, Any], root: type[BaseModel] | None, whole: str) -> FieldProblem:
    """An error about the whole body or options (empty, not an object, not declared as
    JSON)."""
    value = error.get("input")
    found = "nothing" if error.get("type") == "missing" or value is None else shown(value)
    if root is None:
        expected = "a multipart form (multipart/form-data) with the file in the field 'file'"
    elif isinstance(value, (bytes, bytearray)):
        expected = "a JSON object sent with the header Content-Type: application/json"
    else:
        expected = object_expected(root)
    return FieldProblem(whole, found, expected)


def problems_of(
    errors: Sequence[Mapping[str, Any]], root: type[BaseModel] | None, whole: str = "body"
) -> list[FieldProblem]:
    """The problems of a request, one per field (of its first :data:`READ` errors): of the
    errors a union gives for one value (one per member), the one about its size or its
    items, else the first."""
    chosen: dict[str, FieldProblem] = {}
    for error in errors[:READ]:
        problem = problem_of(error, root, whole)
        if problem.field not in chosen or (problem.reason and not chosen[problem.field].reason):
            chosen[problem.field] = problem
    # [1] against "a text or a list of names": the list's item says more than the text
    parents = {field[:at] for field in chosen for at, char in enumerate(field) if char == "["}
    return [problem for field, problem in chosen.items() if problem.reason or field not in parents]


def request_model(endpoint: Any) -> type[BaseModel] | None:
    """The model of an endpoint's JSON body (None for an upload form)."""
    hints = typing.get_type_hints(endpoint)
    models = (_model_of(hint) for name, hint in hints.items() if name != "return")
    return next((model for model in models if model is not None), None)
