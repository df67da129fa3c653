"""Defects found by fuzzing that are not fixed yet, by signature (:func:`oracle.signature`).

Each one has a regression test in ``tests/formats/test_fuzz_regressions.py`` that fails until
it is fixed, and its reproducer in ``fuzz/regressions/``. The fuzzers count these defects but
do not stop on them (``python fuzz/harness.py replay --strict`` does), so that a run still
looks for new ones. Remove an entry when its test passes.
"""

from __future__ import annotations

KNOWN: dict[str, str] = {
    "Defect: our JSON does not read back (expected the number of a listed team (no team N) at "
    "team_records.bye_teams[].team)": (
        "a TRF 320 record gives the bye to a team that does not exist; it reads, and our JSON "
        "of it does not (test_bye_record_that_does_not_fit)"
    ),
    "Defect: our JSON does not read back (expected a round from N to N at "
    "team_records.bye_teams[].round)": (
        "a TRF 320 record gives a bye in a round the tournament does not have (here: round 1 "
        "of a file without results, so of 0 rounds); the same (test_bye_record_that_does_not_fit)"
    ),
}
