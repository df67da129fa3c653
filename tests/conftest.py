"""Shared test configuration: the benchmark scripts (tournament generator, reference-engine
adapter) are importable from the tests."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

# Hypothesis's per-example deadline is a timing assertion: on a loaded 2-core machine it fails
# tests that are correct. Speed is measured by the benchmarks, not by the tests.
from hypothesis import settings  # noqa: E402

settings.register_profile("tiebreaks", deadline=None)
settings.load_profile("tiebreaks")
