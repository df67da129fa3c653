"""The JSON documents the renderers write, for other programs: their JSON Schema, generated
from the structs that describe them (:mod:`.json`, :mod:`.explain`, :mod:`.compare`,
:mod:`.check_rounds`). The web
service's OpenAPI description holds these schemas; nothing else declares these documents."""

from __future__ import annotations

from typing import Any

import msgspec

from .check_rounds import RoundsDocument
from .compare import CompareDocument
from .explain import PlacingDocument, WhyDocument
from .json import StandingsDocument

__all__ = ["DOCUMENTS", "json_schemas"]

#: the documents, by the name of their schema
DOCUMENTS: dict[str, type[msgspec.Struct]] = {
    document.__name__: document
    for document in (
        StandingsDocument,
        PlacingDocument,
        WhyDocument,
        CompareDocument,
        RoundsDocument,
    )
}
#: how msgspec describes a ``Decimal``, and how the standings write one: as a JSON number
_DECIMAL_TEXT = {"type": "string", "format": "decimal"}
_DECIMAL_NUMBER = {"type": "number"}


def json_schemas(ref_template: str = "#/$defs/{name}") -> dict[str, dict[str, Any]]:
    """The JSON Schema of every document and of its parts, by name; references between them
    follow ``ref_template`` (``"#/components/schemas/{name}"`` for OpenAPI)."""
    _, components = msgspec.json.schema_components(DOCUMENTS.values(), ref_template=ref_template)
    numbers: dict[str, dict[str, Any]] = _numbers(components)
    return numbers


def _numbers(schema: Any) -> Any:
    """``schema`` with every exact decimal described as the JSON number it is written as."""
    if schema == _DECIMAL_TEXT:
        return dict(_DECIMAL_NUMBER)
    if isinstance(schema, dict):
        return {key: _numbers(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [_numbers(item) for item in schema]
    return schema
