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
    from .engine.catalogue import catalogue
    from .engine.registry import Definition
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
    from .formats.reading import read_tournament as read
    from .formats.writing import write_data as write
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
    from .render.i18n import warning_text
    from .render.standings import render_standings
    from .services.check import CheckReport, infer_variants
    from .services.check import check_published as check
    from .services.compare import Comparison
    from .services.compare import compare_standings as compare
    from .services.explain import Placing, Why, explain, why
    from .services.live import LiveStandings
    from .standings import Row, Standings, compute_standings

__version__ = "0.1.0"

#: where each public name is defined: (module, name there)
_MODULES: dict[str, tuple[str, str]] = {
    "example_path": (".formats.reading", "example_path"),
    "read": (".formats.reading", "read_tournament"),
    "read_tournament": (".formats.reading", "read_tournament"),
    "write": (".formats.writing", "write_data"),
    "render_standings": (".render.standings", "render_standings"),
    "warning_text": (".render.i18n", "warning_text"),
    "compute_standings": (".standings", "compute_standings"),
    "Row": (".standings", "Row"),
    "Standings": (".standings", "Standings"),
    "explain": (".services.explain", "explain"),
    "why": (".services.explain", "why"),
    "Placing": (".services.explain", "Placing"),
    "Why": (".services.explain", "Why"),
    "compare": (".services.compare", "compare_standings"),
    "Comparison": (".services.compare", "Comparison"),
    "check": (".services.check", "check_published"),
    "infer_variants": (".services.check", "infer_variants"),
    "CheckReport": (".services.check", "CheckReport"),
    "LiveStandings": (".services.live", "LiveStandings"),
    "catalogue": (".engine.catalogue", "catalogue"),
    "Definition": (".engine.registry", "Definition"),
    "TiebreakSpec": (".engine.spec", "TiebreakSpec"),
    "parse_spec": (".engine.spec", "parse_spec"),
    "FIDE_2024": (".model.rules", "FIDE_2024"),
    "FIDE_2026": (".model.rules", "FIDE_2026"),
    "Rules": (".model.rules", "Rules"),
    "rules_by_name": (".model.rules", "rules_by_name"),
    **{
        name: (".model", name)
        for name in (
            "Colour",
            "PairingSystem",
            "Player",
            "ResultKind",
            "RoundResult",
            "ScoreSystem",
            "Tournament",
        )
    },
    **{
        name: (".errors", name)
        for name in (
            "Diagnostic",
            "FormatLimitError",
            "InputError",
            "Location",
            "ParameterError",
            "ParameterHint",
            "SourceError",
            "TiebreaksError",
            "UsageError",
        )
    },
}


def __getattr__(name: str) -> object:
    """A public name, imported on first use (then kept as a module attribute)."""
    home = _MODULES.get(name)
    if home is None:
        raise AttributeError(f"module 'tiebreaks' has no attribute {name!r}")
    module, attribute = home
    value = getattr(import_module(module, __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULES})


__all__ = [
    "FIDE_2024",
    "FIDE_2026",
    "CheckReport",
    "Colour",
    "Comparison",
    "Definition",
    "Diagnostic",
    "FormatLimitError",
    "InputError",
    "LiveStandings",
    "Location",
    "PairingSystem",
    "ParameterError",
    "ParameterHint",
    "Placing",
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
    "Why",
    "catalogue",
    "check",
    "compare",
    "compute_standings",
    "example_path",
    "explain",
    "infer_variants",
    "parse_spec",
    "read",
    "read_tournament",
    "render_standings",
    "rules_by_name",
    "warning_text",
    "why",
    "write",
]
