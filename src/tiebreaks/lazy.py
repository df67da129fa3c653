"""Parts loaded when first used, named in registries at the top of the modules that use them
(a format's reader or writer, the identification of a file that is not a tournament).

Each is costly to import and needed only for one format: python-chess for PGN, Jinja2 for
HTML, the JSON machinery for JSON; a TRF run loads none of them. The registries are data, so
the test ``tests/test_import_rules.py`` checks that every entry loads and stays inside its
layer, as import-linter checks the imports written out.
"""

from __future__ import annotations

import importlib
from typing import Any


def load(path: str, package: str) -> Any:
    """The attribute ``name`` of the module ``module`` for ``path`` = ``".module:name"``,
    relative to ``package``."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module, package), name)
