"""Defects found by fuzzing that are not fixed yet, by signature (:func:`oracle.signature`).

Each one has a regression test in ``tests/formats/test_fuzz_regressions.py`` that fails until
it is fixed, and its reproducer in ``fuzz/regressions/``. The fuzzers count these defects but
do not stop on them (``python fuzz/harness.py replay --strict`` does), so that a run still
looks for new ones. Remove an entry when its test passes.
"""

from __future__ import annotations

KNOWN: dict[str, str] = {
    "KeyError at team.py:team": (
        "a TRF team tournament whose players are not all in a team reads, then the HTML "
        "crosstable fails (test_team_file_with_players_outside_every_team)"
    ),
    "ValueError at spec.py:_read_modifier": (
        "a tie-break modifier of more than 4300 digits (TRF 202/212 list or --tiebreaks) "
        "(test_tiebreak_modifier_with_thousands_of_digits)"
    ),
    "Defect: UsageError on a file that reads (X ranks individual players, not teams)": (
        "a team tournament whose own 202/212 list names an individual tie-break: a usage error "
        "that does not say it comes from the file (test_file_listing_a_tiebreak_of_the_other_kind)"
    ),
    "Defect: UsageError on a file that reads (X is a team tie-break (team tournaments only))": (
        "an individual tournament whose own 202/212 list names a team tie-break: the same "
        "(test_file_listing_a_tiebreak_of_the_other_kind)"
    ),
    "Defect: the JSON standings output cannot be written as UTF-8": (
        "a lone surrogate escape (\\ud800) in a JSON string is read into a name "
        "(test_json_name_with_a_lone_surrogate)"
    ),
    'Defect: our JSON does not read back (expected points as a decimal string such as "0.5" '
    "at players[].stated_points)": (
        "points of 30 digits are read, their sums of 31 digits are written but not read back "
        "(test_huge_score_system_values_read_back)"
    ),
    'Defect: our JSON does not read back (expected points as a decimal string such as "0.5" '
    "at standings.rows[].values[])": (
        "score values of 30 decimals are read, tie-break values with more are written but not "
        "read back (test_huge_score_system_values_read_back)"
    ),
}

SLOW_HTML = (
    "The HTML standings cost about 0.5 ms and 1.2 KB per player and round, absent rounds "
    "included: a 15 KB TRF of 80 players declaring XXR 999 (9 rounds played) takes 42 s and "
    "99 MB. The oracle skips the HTML output above oracle.HTML_CELLS players x rounds "
    "(test_html_of_a_file_declaring_999_rounds)."
)
