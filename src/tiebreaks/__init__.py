"""tiebreaks: chess tournament standings with every FIDE tie-break, exact and explained.

Read a tournament with :func:`read_tournament`, rank it with :func:`compute_standings`; see
README.md for a worked example (run as a doctest by the test suite).

The names below are imported when first used (PEP 562), so that ``import tiebreaks`` costs
nothing until they are: the command installs its Ctrl-C handler before anything heavy loads.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from .engine.spec import TiebreakSpec, parse_spec
    from .errors import (
        Diagnostic,
        FormatLimitError,
        InputError,
        Location,
        ParameterError,
        ParameterHint,
        SourceError,
        TiebreaksError,
        UsageError,
    )
    from .formats.reading import example_path, read_tournament
    from .model import (
        Colour,
        PairingSystem,
        Player,
        ResultKind,
        RoundResult,
        ScoreSystem,
        Tournament,
    )
    from .model.rules import FIDE_2024, FIDE_2026, Rules, rules_by_name
    from .standings import Row, Standings, compute_standings

__version__ = "0.1.0"

#: where each public name is defined
_MODULES = {
    "example_path": ".formats.reading",
    "read_tournament": ".formats.reading",
    "Diagnostic": ".errors",
    "FormatLimitError": ".errors",
    "InputError": ".errors",
    "Location": ".errors",
    "ParameterError": ".errors",
    "ParameterHint": ".errors",
    "SourceError": ".errors",
    "TiebreaksError": ".errors",
    "UsageError": ".errors",
    "Colour": ".model",
    "PairingSystem": ".model",
    "Player": ".model",
    "ResultKind": ".model",
    "RoundResult": ".model",
    "ScoreSystem": ".model",
    "Tournament": ".model",
    "FIDE_2024": ".model.rules",
    "FIDE_2026": ".model.rules",
    "Rules": ".model.rules",
    "rules_by_name": ".model.rules",
    "Row": ".standings",
    "Standings": ".standings",
    "compute_standings": ".standings",
    "TiebreakSpec": ".engine.spec",
    "parse_spec": ".engine.spec",
}


def __getattr__(name: str) -> object:
    """A public name, imported on first use (then kept as a module attribute)."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'tiebreaks' has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULES})


__all__ = [
    "FIDE_2024",
    "FIDE_2026",
    "Colour",
    "Diagnostic",
    "FormatLimitError",
    "InputError",
    "Location",
    "PairingSystem",
    "ParameterError",
    "ParameterHint",
    "Player",
    "ResultKind",
    "RoundResult",
    "Row",
    "Rules",
    "ScoreSystem",
    "SourceError",
    "Standings",
    "TiebreakSpec",
    "TiebreaksError",
    "Tournament",
    "UsageError",
    "compute_standings",
    "example_path",
    "parse_spec",
    "read_tournament",
    "rules_by_name",
]
