"""Invariants that hold for every tournament (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.model import Player, RoundResult, Tournament

from .lists import fitting
from .strategies import round_robins, swiss_tournaments

ALL_VALUES = [
    "PTS", "BH", "BH/C1", "BH/C2", "BH/M1", "BH/P", "FB", "FB/C1", "AOB", "SB", "SB/C1",
    "SB/P", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "REP", "STD", "ARO", "ARO/C1", "TPR",
    "PTP", "APRO", "APPO", "RTNG", "KS",
]  # fmt: skip


def _table(tournament: Tournament, specs: list[str], rules: str) -> dict[int, dict[str, Any]]:
    standings = tiebreaks.compute_standings(tournament, fitting(specs, tournament.rounds), rules)
    return {row.player.start_number: row.values for row in standings.rows}


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(), st.sampled_from(["fide-2024", "fide-2026"]))
def test_cuts_never_increase_a_sum(tournament: Tournament, rules: str) -> None:
    """Art. 14: removing contributions from a sum of non-negative values cannot increase it
    (3 rounds at least: a cut of 2, or a median of 1, of fewer rounds is refused)."""
    assume(tournament.rounds >= 3)
    specs = ["PTS", "BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "SB/C2", "PS", "PS/C1"]
    for values in _table(tournament, specs, rules).values():
        assert values["BH"] >= values["BH/C1"] >= values["BH/C2"]
        assert values["BH/C1"] >= values["BH/M1"]
        assert values["SB"] >= values["SB/C1"] >= values["SB/C2"]
        assert values["PS"] >= values["PS/C1"]


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments())
def test_2026_caps_only_lower_buchholz(tournament: Tournament) -> None:
    """Art. 16.4.1/16.4.2 (2026) cap the dummy opponent's score; nothing else changes, so no
    Buchholz or Sonneborn-Berger can be higher under fide-2026 than under fide-2024."""
    old = _table(tournament, ["PTS", "BH", "SB"], "fide-2024")
    new = _table(tournament, ["PTS", "BH", "SB"], "fide-2026")
    for number, values in new.items():
        assert values["BH"] <= old[number]["BH"]
        assert values["SB"] <= old[number]["SB"]


def _relabel(tournament: Tournament, mapping: dict[int, int]) -> Tournament:
    def move(result: RoundResult) -> RoundResult:
        if result.opponent is None:
            return result
        return replace(result, opponent=mapping[result.opponent])

    players = tuple(
        sorted(
            (
                replace(
                    player,
                    start_number=mapping[player.start_number],
                    results=tuple(move(result) for result in player.results),
                )
                for player in tournament.players
            ),
            key=lambda player: player.start_number,
        )
    )
    return replace(tournament, players=players)


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(), st.randoms(use_true_random=False))
def test_relabelling_invariance(tournament: Tournament, generator: object) -> None:
    """Renumbering the players changes no value (only TPN, which is the number itself)."""
    numbers = [player.start_number for player in tournament.players]
    shuffled = numbers[:]
    generator.shuffle(shuffled)  # type: ignore[attr-defined]
    mapping = dict(zip(numbers, shuffled, strict=True))
    before = _table(tournament, ALL_VALUES, "fide-2026")
    after = _table(_relabel(tournament, mapping), ALL_VALUES, "fide-2026")
    for number, values in before.items():
        assert after[mapping[number]] == values


def _points_against(player: Player) -> dict[int, Fraction]:
    scale = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
    return {
        result.opponent: scale[result.kind.value]
        for result in player.results
        if result.opponent is not None
    }


@settings(max_examples=60, deadline=None)
@given(round_robins())
def test_sonneborn_berger_difference_identity(tournament: Tournament) -> None:
    """Seed 003: in a round robin, SB(C) - SB(D) is the sum over opponents of the difference
    of their results against that opponent times the opponent's score; games where C and D
    scored alike cancel out."""
    values = _table(tournament, ["PTS", "SB"], "fide-2026")
    scores = {number: values[number]["PTS"] for number in values}
    results = {player.start_number: _points_against(player) for player in tournament.players}
    for c in values:
        for d in values:
            difference = Fraction(0)
            for opponent, score in scores.items():
                own = results[c].get(opponent, Fraction(0))
                other = results[d].get(opponent, Fraction(0))
                difference += (own - other) * score
            assert values[c]["SB"] - values[d]["SB"] == difference


@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(), st.sampled_from([["PTS", "BH/C1", "DE", "SB"], ["PTS", "DE", "WIN"]]))
def test_competition_ranking(tournament: Tournament, specs: list[str]) -> None:
    """Ranks are 1 + the number of participants strictly ahead (1, 2, 2, 4) and never put a
    participant with fewer points ahead of one with more."""
    standings = tiebreaks.compute_standings(
        tournament, fitting(specs, tournament.rounds), "fide-2026"
    )
    rows = standings.rows
    for position, row in enumerate(rows):
        ahead = sum(1 for other in rows if other.rank < row.rank)
        assert row.rank == ahead + 1
        assert row.rank <= position + 1
        if position:
            previous, current = rows[position - 1].values["PTS"], row.values["PTS"]
            assert previous is not None and current is not None
            assert previous >= current


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(), st.data())
def test_after_round_equals_truncated_tournament(
    tournament: Tournament, data: st.DataObject
) -> None:
    """Standings after round t are those of the same event ended after round t."""
    t = data.draw(st.integers(0, tournament.rounds))
    truncated = replace(
        tournament,
        rounds=t,
        players=tuple(replace(p, results=p.results[:t]) for p in tournament.players),
    )
    specs = fitting(["PTS", "BH/C1", "SB", "PS", "FB", "DE"], t)
    first = tiebreaks.compute_standings(tournament, specs, "fide-2026", after_round=t)
    # after_round=t: when round t has no result for anyone, the truncated event alone would
    # be taken as one whose round t is not played yet (ranked after round t - 1)
    second = tiebreaks.compute_standings(truncated, specs, "fide-2026", after_round=t)
    assert [(r.rank, r.player.start_number, r.values) for r in first.rows] == [
        (r.rank, r.player.start_number, r.values) for r in second.rows
    ]


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(unplayed=False))
def test_points_sum_to_games(tournament: Tournament) -> None:
    """With 1-½-0 scoring and every round fully paired, each game hands out exactly one point
    (forfeits and byes excluded by the strategy), so the scores add up to the games played."""
    values = _table(tournament, ["PTS"], "fide-2026")
    total = sum(v["PTS"] for v in values.values())
    games = len(tournament.players) // 2 * tournament.rounds
    assert total == games
