"""ABH and AFB (C.07 (2026) Art. 16.3, 8.3): the score as opponents see it.

Values: the published TV-3 table (``tests/vectors/test_tv3_held_swiss.py``, columns "adj" and
"FBadj") and the FIDE reference engine (``tests/test_reference_engine.py``). Here: the trace of
one participant, computed by hand from the example file."""

from __future__ import annotations

from fractions import Fraction as F

import tiebreaks
from tiebreaks.engine.families.adjusted_score import AS_AWARDED, AS_DRAW
from tiebreaks.engine.trace import Trace
from tiebreaks.services.explain import explain_value

SWISS = tiebreaks.example_path("held-swiss-16.trf")


def test_two_zero_point_byes_at_the_end_count_as_draws() -> None:
    """#12 Nick: loss, pairing-allocated bye (1), forfeit win (1), then zero-point byes in
    rounds 4 and 5: requested byes followed only by voluntarily unplayed rounds count as draws
    (Art. 16.3), so 0 + 1 + 1 + ½ + ½ = 3 where the table says 2."""
    tournament = tiebreaks.read_tournament(SWISS)
    standings = tiebreaks.compute_standings(tournament, "PTS,ABH", "fide-2026")
    row = standings.row(12)
    trace = explain_value(standings, row, "ABH")
    assert isinstance(trace, Trace)
    assert [(e.round, e.role, e.amount, e.actual) for e in trace.entries] == [
        (1, AS_AWARDED, F(0), None),
        (2, AS_AWARDED, F(1), None),
        (3, AS_AWARDED, F(1), None),
        (4, AS_DRAW, F(1, 2), F(0)),
        (5, AS_DRAW, F(1, 2), F(0)),
    ]
    assert trace.value == trace.total == row.values["ABH"] == 3
    assert row.values["PTS"] == 2


def test_unadjusted_regime_counts_every_round_as_awarded() -> None:
    """Under ``unadjusted`` (``/VN``) nothing is counted as a draw: ABH is the score."""
    tournament = tiebreaks.read_tournament(SWISS)
    standings = tiebreaks.compute_standings(tournament, "PTS,ABH/VN", "fide-2026")
    assert all(row.values["ABH/VN"] == row.values["PTS"] for row in standings.rows)
