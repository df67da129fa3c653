"""Writers of standings: aligned text, JSON and CSV.

The writers are imported when first used (PEP 562), so that a run that prints text does not
load the JSON, CSV and comparison writers.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .compare import comparison_json, comparison_text
    from .csv import standings_csv
    from .json import standings_json, standings_to_data
    from .text import standings_text

#: the readable formats of the standings (``tiebreaks standings --format``)
STANDINGS_FORMATS = ("text", "json", "csv", "html", "pdf")

_HOMES = {
    "comparison_json": "compare",
    "comparison_text": "compare",
    "standings_csv": "csv",
    "standings_json": "json",
    "standings_to_data": "json",
    "standings_text": "text",
}

__all__ = [
    "comparison_json",
    "comparison_text",
    "standings_csv",
    "standings_json",
    "standings_text",
    "standings_to_data",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_HOMES[name]}", __name__), name)
