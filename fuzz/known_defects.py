"""Defects found by fuzzing that are not fixed yet, by signature (:func:`oracle.signature`).

Each one has a regression test in ``tests/formats/test_fuzz_regressions.py`` that fails until
it is fixed, and its reproducer in ``fuzz/regressions/``. The fuzzers count these defects but
do not stop on them (``python fuzz/harness.py replay --strict`` does), so that a run still
looks for new ones. Remove an entry when its test passes.
"""

from __future__ import annotations

KNOWN: dict[str, str] = {}
