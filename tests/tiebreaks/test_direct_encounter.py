"""Direct encounter (C.07 (2026) Art. 6), hand-checked cases."""

from __future__ import annotations

from fractions import Fraction

import tiebreaks
from tiebreaks.engine.context import build_context
from tiebreaks.engine.families.direct_encounter import mini_table
from tiebreaks.engine.spec import TiebreakSpec
from tiebreaks.model import PairingSystem, ResultKind

from ..builders import Builder


def _ranks(tournament: tiebreaks.Tournament, specs: list[str]) -> dict[int, int]:
    standings = tiebreaks.compute_standings(tournament, specs, "fide-2026")
    return {row.player.start_number: row.rank for row in standings.rows}


def test_players_met_twice_count_the_average() -> None:
    """Art. 6.1.2: a double round robin of three. A-B: 1-0 and ½-½ (A's addend ¾, B's ¼);
    A-C: 0-1 twice (A 0, C 1); B-C: 1-0 twice (B 1, C 0). Mini-table: A ¾, B 1¼, C 1
    (the sums of the games would be 1.5, 2.5 and 2)."""
    builder = Builder(rounds=6, pairing_system=PairingSystem.ROUND_ROBIN)
    a, b, c = 1, 2, 3
    builder.game(1, a, b, "1-0").bye(1, c, ResultKind.ABSENT)
    builder.game(2, c, a, "1-0").bye(2, b, ResultKind.ABSENT)
    builder.game(3, b, c, "1-0").bye(3, a, ResultKind.ABSENT)
    builder.game(4, b, a, "=").bye(4, c, ResultKind.ABSENT)
    builder.game(5, a, c, "0-1").bye(5, b, ResultKind.ABSENT)
    builder.game(6, c, b, "0-1").bye(6, a, ResultKind.ABSENT)
    tournament = builder.build()
    standings = tiebreaks.compute_standings(tournament, ["PTS", "DE"], "fide-2026")
    points = {row.player.start_number: row.values["PTS"] for row in standings.rows}
    assert points == {1: Fraction(3, 2), 2: Fraction(5, 2), 3: 2}
    # The three are not tied on points; the mini-table of the group is checked directly.
    context = build_context(tournament, tiebreaks.FIDE_2026)
    table = mini_table(context, [0, 1, 2], TiebreakSpec("DE"))
    assert table.score == {0: Fraction(3, 4), 1: Fraction(5, 4), 2: 1}
    assert table.everyone_met


def test_forfeits_count_only_with_p_in_a_swiss() -> None:
    """Art. 6.1.1: in a Swiss a forfeit is not a game for DE unless /P is given. A beat B by
    forfeit; both end on 1 point (B wins by a full-point bye later)."""
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "+-").bye(2, 1, ResultKind.ZERO_BYE).bye(2, 2, ResultKind.FULL_BYE)
    tournament = builder.build()
    assert _ranks(tournament, ["PTS", "DE"]) == {1: 1, 2: 1}
    assert _ranks(tournament, ["PTS", "DE/P"]) == {1: 1, 2: 2}


def test_forfeits_are_games_in_a_round_robin() -> None:
    """Art. 15.2: with pre-determined pairings a forfeit is a regular game for DE."""
    builder = Builder(rounds=2, pairing_system=PairingSystem.ROUND_ROBIN)
    builder.game(1, 1, 2, "+-").bye(2, 1, ResultKind.ZERO_BYE).bye(2, 2, ResultKind.FULL_BYE)
    assert _ranks(builder.build(), ["PTS", "DE"]) == {1: 1, 2: 2}


def test_de_only_inside_the_group_still_tied() -> None:
    """Art. 6 / 4.2: DE looks only at the group still tied when it is reached. 3 beat 1 and
    both end on 1 point: with PTS, DE player 3 is first; with PTS, TPN, DE the pairing number
    has already put 1 first and DE cannot undo it."""
    builder = Builder(rounds=2)
    builder.game(1, 3, 1, "1-0").bye(2, 1, ResultKind.FULL_BYE).bye(2, 3, ResultKind.ZERO_BYE)
    tournament = builder.build()
    assert _ranks(tournament, ["PTS", "DE"]) == {1: 2, 3: 1}
    assert _ranks(tournament, ["PTS", "TPN", "DE"]) == {1: 1, 3: 2}
