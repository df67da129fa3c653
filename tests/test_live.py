"""Live standings (issue 8): after every round and after a corrected result, the values and
ranks are those of the plain computation from scratch (``compute_standings`` on the file, or on
a tournament corrected here by hand)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from generate_swiss import generate_swiss
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.errors import UsageError
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.reading import example_path, read_tournament
from tiebreaks.model import ResultKind, RoundResult, Tournament
from tiebreaks.services.live import LiveStandings
from tiebreaks.standings import Standings, compute_standings

from .lists import fitting
from .strategies import round_robins, swiss_tournaments

LIST = "PTS,BH/C1,BH,SB,PS,ARO,TPR,DE,WIN,BPG,KS,AOB,FB"


def table(standings: Standings) -> list[tuple[int, int, dict[str, Fraction | None]]]:
    return [(row.rank, row.player.start_number, row.values) for row in standings.rows]


def tournaments() -> list[tuple[str, Tournament]]:
    found = [
        (name, read_tournament(example_path(name)))
        for name in ("held-swiss-16.trf", "held-swiss-16x9.trf", "held-round-robin-6.trf")
    ]
    text = generate_swiss(120, 9, seed=5, start_date="2025/10/01")
    found.append(("generated-120x9", read_trf_text(text, "generated")))
    return found


@pytest.mark.parametrize(("name", "tournament"), tournaments(), ids=lambda value: str(value)[:30])
def test_standings_after_each_round_equal_the_computation_from_scratch(
    name: str, tournament: Tournament
) -> None:
    live = LiveStandings(tournament, LIST)
    for round_number, standings in enumerate(live.each_round(), start=1):
        expected = compute_standings(tournament, LIST, after_round=round_number)
        assert table(standings) == table(expected), f"{name} after round {round_number}"


def corrected(
    tournament: Tournament, round_number: int, start: int, kind: ResultKind
) -> Tournament:
    """The tournament with one result corrected, built here independently of the live code."""
    complement = {
        ResultKind.WIN: ResultKind.LOSS,
        ResultKind.LOSS: ResultKind.WIN,
        ResultKind.DRAW: ResultKind.DRAW,
        ResultKind.FORFEIT_WIN: ResultKind.FORFEIT_LOSS,
        ResultKind.FORFEIT_LOSS: ResultKind.FORFEIT_WIN,
    }
    mine = tournament.player(start).result(round_number)
    changes = {start: RoundResult(kind, mine.opponent, mine.colour)}
    if mine.opponent is not None:
        theirs = tournament.player(mine.opponent).result(round_number)
        changes[mine.opponent] = RoundResult(complement[kind], start, theirs.colour)
    players = []
    for original in tournament.players:
        player = original
        if player.start_number in changes:
            results = list(player.results)
            results[round_number - 1] = changes[player.start_number]
            player = replace(player, results=tuple(results), stated_points=None)
        players.append(player)
    return replace(tournament, players=tuple(players))


GAME_KINDS = [ResultKind.WIN, ResultKind.LOSS, ResultKind.DRAW, ResultKind.FORFEIT_WIN]
BYE_KINDS = [ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.FULL_BYE]


@settings(max_examples=60, deadline=None)
@given(st.one_of(swiss_tournaments(), round_robins()), st.data())
def test_a_corrected_result_gives_the_standings_of_the_corrected_file(
    tournament: Tournament, data: st.DataObject
) -> None:
    specs = fitting(LIST, tournament.rounds)
    live = LiveStandings(tournament, specs)
    for _ in range(data.draw(st.integers(1, 3))):
        round_number = data.draw(st.integers(1, tournament.rounds))
        start = data.draw(st.sampled_from([p.start_number for p in tournament.players]))
        has_opponent = live.tournament.player(start).result(round_number).opponent is not None
        kind = data.draw(st.sampled_from(GAME_KINDS if has_opponent else BYE_KINDS))
        standings = live.change_result(round_number, start, kind)
        tournament = corrected(tournament, round_number, start, kind)
        # after every declared round: a generated event may leave its last round without a
        # result for anyone, which compute_standings alone would take for a round not yet
        # played (and rank after the round before, with a warning)
        final = compute_standings(tournament, specs, after_round=tournament.rounds)
        assert table(standings) == table(final)
        middle = max(1, round_number - 1)
        assert table(live.after_round(middle)) == table(
            compute_standings(tournament, specs, after_round=middle)
        )
    assert live.tournament == tournament


def test_standings_returned_before_a_correction_do_not_change() -> None:
    live = LiveStandings(read_tournament(example_path("held-swiss-16.trf")), "PTS,BH,SB")
    before = live.after_round()
    frozen = table(before)
    after = live.change_result(5, 1, ResultKind.LOSS)
    assert table(before) == frozen
    assert before.computation is not after.computation
    # Alyx drew round 5 (held-swiss-16: 3.5 points); a loss instead leaves her 3
    assert before.row(1).values["PTS"] == Fraction(7, 2)
    assert after.row(1).values["PTS"] == Fraction(3)


def test_a_correction_must_keep_the_pairing() -> None:
    live = LiveStandings(read_tournament(example_path("held-swiss-16.trf")), "PTS,BH")
    with pytest.raises(UsageError, match="paired with player"):
        live.change_result(1, 1, ResultKind.HALF_BYE)
    with pytest.raises(UsageError, match="no player has the start number 99"):
        live.change_result(1, 99, ResultKind.WIN)
    with pytest.raises(UsageError, match=r"outside 1\.\.5"):
        live.change_result(6, 1, ResultKind.WIN)
    with pytest.raises(UsageError, match=r"outside 0\.\.5"):
        live.after_round(7)


def test_team_tournaments_are_refused() -> None:
    with pytest.raises(UsageError, match="individual"):
        LiveStandings(read_tournament(example_path("held-team-14.trf")))
