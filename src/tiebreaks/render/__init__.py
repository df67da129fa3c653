"""Writers of standings: aligned text, JSON and CSV."""

from .compare import comparison_json, comparison_text
from .csv import standings_csv
from .json import standings_json, standings_to_data
from .text import standings_text

__all__ = [
    "comparison_json",
    "comparison_text",
    "standings_csv",
    "standings_json",
    "standings_text",
    "standings_to_data",
]
