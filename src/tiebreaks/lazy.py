"""Parts loaded when first used, named in registries at the top of the modules that use them
(a format's reader or writer, the identification of a file that is not a tournament, the
family module of a tie-break, the drawing of lots).

Each is costly to import and needed only for one format: python-chess for PGN, Jinja2 for
HTML, the JSON machinery for JSON; a TRF run loads none of them. Likewise a run asking for
BH and SB loads neither the team nor the national families. The registries are data, so
the test ``tests/test_import_rules.py`` checks that every entry loads and stays inside its
layer, as import-linter checks the imports written out.
"""

from __future__ import annotations

import importlib
from typing import Any


def load(path: str, package: str) -> Any:
    """The attribute ``name`` of the module ``module`` for ``path`` = ``".module:name"``,
    relative to ``package``; the module itself for ``path`` = ``".module"``."""
    module, _, name = path.partition(":")
    loaded = importlib.import_module(module, package)
    return getattr(loaded, name) if name else loaded
