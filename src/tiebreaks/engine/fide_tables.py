"""FIDE Rating Regulations B.02, tables 8.1(a) and 8.1(b), in exact integer form.

Both tables work in hundredths: a fractional score ``p`` of 0.83 is 83, a scoring probability
of .64 is 64. They are used by the performance tie-breaks of C.07 (2026) Art. 10.2-10.5.
"""

from __future__ import annotations

from bisect import bisect_left

HUNDREDTHS = 100
"""The unit of both tables: fractional scores and probabilities in hundredths."""

_HALF = HUNDREDTHS // 2

_DP_FROM_FIFTY: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # p = .50 … .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # .60 … .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # .70 … .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # .80 … .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # .90 … .99
    800,  # 1.00
)  # fmt: skip
"""Table 8.1(a): ``dp`` for p = .50, .51, …, 1.00 (index = hundredths − 50)."""

_UPPER_DIFFERENCE: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,  # E = .50 … .59
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,  # .60 … .69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,  # .70 … .79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,  # .80 … .89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,  # .90 … .99
)  # fmt: skip
"""Table 8.1(b): the largest rating difference scoring .50, .51, …, .99 (above 735: 1.00)."""


def rating_difference(percentage: int) -> int:
    """``dp`` of B.02 table 8.1(a) for a fractional score given in hundredths (0 … 100).

    Scores below .50 use ``−dp(1 − p)``, so ``p = 0`` gives −800 and ``p = 1`` gives +800.
    """
    if not 0 <= percentage <= HUNDREDTHS:
        raise ValueError(f"a fractional score in hundredths lies in 0..100, not {percentage}")
    if percentage < _HALF:
        return -_DP_FROM_FIFTY[HUNDREDTHS - percentage - _HALF]
    return _DP_FROM_FIFTY[percentage - _HALF]


def table_expected_score(difference: int) -> int:
    """Scoring probability of B.02 table 8.1(b), in hundredths, for a rating difference
    ``own rating − opponent's rating`` on the full scale (no 400-point cap), read from the
    table by binary search.

    Differences above 735 give 1.00; a negative difference gives ``1 − E(−difference)``.
    """
    if difference < 0:
        return HUNDREDTHS - table_expected_score(-difference)
    return _HALF + bisect_left(_UPPER_DIFFERENCE, difference)


_SPAN = _UPPER_DIFFERENCE[-1] + 1  # 736: from here on E is 1.00 (or 0 below −736)
_EXPECTED: tuple[int, ...] = tuple(
    table_expected_score(difference) for difference in range(-_SPAN, _SPAN + 1)
)
"""Table 8.1(b) unrolled: ``E(d)`` for every difference ``d`` in −736 … 736."""


def expected_score(difference: int) -> int:
    """:func:`table_expected_score`, looked up in the unrolled table (one index instead of a
    search: the performance tie-breaks call it for every game, often more than once)."""
    if difference >= _SPAN:
        return HUNDREDTHS
    if difference <= -_SPAN:
        return 0
    return _EXPECTED[difference + _SPAN]
