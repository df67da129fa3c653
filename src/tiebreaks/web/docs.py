"""The API's interactive documentation at ``/docs``: a page of our own, rendered from the
very OpenAPI document ``/api/openapi.json`` serves (so the two cannot differ), with a
"Try it" form for every endpoint (``static/docs.js`` sends the request and shows the answer).

Why not Swagger UI or ReDoc: both set styles inline (style attributes, injected ``<style>``
elements), which the page's Content-Security-Policy (``style-src 'self'``) refuses; serving
them would mean ``'unsafe-inline'`` for every page, or a second, weaker policy, and vendoring
a bundle of a megabyte or more to keep up to date. The OpenAPI document is small and regular:
its operations, their bodies and answers, and the schemas they name are laid out here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .views import Common, common, render
from .worker import Outcome

HTML = "text/html; charset=utf-8"
_REF = "#/components/schemas/"


@dataclass(frozen=True)
class Field:
    """One property of a schema: its name, type (a schema it names links to it), whether it
    is required, and its description."""

    name: str
    type: str
    link: str
    required: bool
    description: str


@dataclass(frozen=True)
class SchemaView:
    """A schema of the document (``components.schemas``) and its properties."""

    name: str
    description: str
    fields: tuple[Field, ...]


@dataclass(frozen=True)
class Answer:
    """A status an operation answers with, what it means and the schema of its body."""

    status: str
    description: str
    schema: str


@dataclass(frozen=True)
class Operation:
    """An endpoint: method, path, summary, description, its request body (media type and
    schema), an example body for the "Try it" form, and its answers."""

    anchor: str
    method: str
    path: str
    summary: str
    description: str
    media_type: str
    schema: str
    example: str
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class DocsView:
    """The documentation page."""

    common: Common
    title: str
    version: str
    description: str
    operations: tuple[Operation, ...]
    schemas: tuple[SchemaView, ...]


def schema_name(schema: dict[str, Any]) -> str:
    """The name of the schema a ``$ref`` points to ("" for an inline schema)."""
    reference = str(schema.get("$ref", ""))
    return reference.removeprefix(_REF) if reference.startswith(_REF) else ""


def type_text(schema: dict[str, Any]) -> tuple[str, str]:
    """A schema's type as a short text ("string", "array of string", "A or null") and the
    schema it names, if one."""
    named = schema_name(schema)
    if named:
        return named, named
    if "anyOf" in schema:
        parts = [type_text(part) for part in schema["anyOf"]]
        link = next((found for _, found in parts if found), "")
        return " or ".join(text for text, _ in parts), link
    if schema.get("type") == "array":
        inner, link = type_text(schema.get("items", {}))
        return f"array of {inner}", link
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"]), ""
    return str(schema.get("type", "any")), ""


def schema_view(name: str, schema: dict[str, Any]) -> SchemaView:
    """A schema and its properties, in the order the document gives them."""
    required = set(schema.get("required", ()))
    fields = []
    for key, part in schema.get("properties", {}).items():
        text, link = type_text(part)
        fields.append(Field(key, text, link, key in required, str(part.get("description", ""))))
    return SchemaView(name, str(schema.get("description", "")), tuple(fields))


def example_of(name: str, schemas: dict[str, Any]) -> Any:
    """An example body of the schema ``name``: its own example, else its required
    properties (the tournament from its example; a participant or a side: "1", "2")."""
    schema = schemas.get(name, {})
    if schema.get("examples"):
        return schema["examples"][0]
    example: dict[str, Any] = {}
    for key in schema.get("required", ()):
        part = schema["properties"][key]
        named = schema_name(part)
        if named == "Side":
            example[key] = {"rules": "fide-2024" if key == "a" else "fide-2026"}
        elif named:
            example[key] = example_of(named, schemas)
        elif key == "to":
            example[key] = "csv"
        else:
            example[key] = "2" if key == "b" else "1"
    return example


def operation(path: str, method: str, entry: dict[str, Any], schemas: dict[str, Any]) -> Operation:
    """One endpoint of the document."""
    bodies = entry.get("requestBody", {}).get("content", {})
    media_type = next(iter(bodies), "")
    schema = schema_name(bodies[media_type].get("schema", {})) if media_type else ""
    example = ""
    if media_type == "application/json" and schema:
        example = json.dumps(example_of(schema, schemas), indent=2, ensure_ascii=False)
    answers = tuple(
        Answer(
            status,
            str(answer.get("description", "")),
            next(
                (schema_name(c.get("schema", {})) for c in answer.get("content", {}).values()),
                "",
            ),
        )
        for status, answer in entry.get("responses", {}).items()
    )
    anchor = str(entry.get("operationId", f"{method}-{path}"))
    summary, description = str(entry.get("summary", "")), str(entry.get("description", ""))
    return Operation(
        anchor, method.upper(), path, summary, description, media_type, schema, example, answers
    )


def docs_view(document: dict[str, Any], lang: str) -> DocsView:
    """The documentation of ``document`` (the application's OpenAPI description)."""
    schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
    operations = tuple(
        operation(path, method, entry, schemas)
        for path, methods in document.get("paths", {}).items()
        for method, entry in methods.items()
    )
    info = document.get("info", {})
    return DocsView(
        common(lang, 0),
        str(info.get("title", "")),
        str(info.get("version", "")),
        str(info.get("description", "")),
        operations,
        tuple(schema_view(name, schema) for name, schema in sorted(schemas.items())),
    )


def docs_page(document: dict[str, Any], lang: str) -> Outcome:
    """The page at ``/docs`` (run in a worker, as every page)."""
    return Outcome(200, HTML, render("docs.html.j2", lang, view=docs_view(document, lang)))
