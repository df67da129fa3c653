"""What a message shows of a value a request brought: as JSON writes it, short, and with no
character that could change how the rest of the message is shown. No FastAPI here (the
worker's messages use it too)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from ..model.text import shown_text

#: the longest text of a found value shown in a message (the rest is counted, not shown)
SHOWN = 40


class RawNumber:
    """A JSON number no field of a request takes as it is (a fraction, an exponent, more
    digits than Python converts, NaN or Infinity): kept as written, so that a message shows
    it exactly and no field reads it as something else."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def shown(value: Any, *, counted: bool = True) -> str:
    """A found value as a message shows it: as JSON writes it, neutralised; beyond
    :data:`SHOWN` characters, its start and (when ``counted``) its length."""
    if isinstance(value, (bytes, bytearray)):
        return "a body that is not declared as JSON"
    if isinstance(value, str):
        text, size, unit = value, len(value), "characters"
    else:
        exact = isinstance(value, (RawNumber, Decimal)) or type(value) is int
        text = str(value) if exact else _json(value)  # a RawNumber as written, not quoted
        size, unit = len(text), "digits" if text.lstrip("-").isdigit() else "characters"
    if size > SHOWN:
        text = text[: SHOWN - 10]
    written = shown_text(_json(text) if isinstance(value, str) else text)
    if size <= SHOWN:
        return written
    written = written[:-1] + '..."' if isinstance(value, str) else written + "..."
    return f"{written} ({size} {unit})" if counted else written


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=repr)
