"""Issue 8: the screen of the consistency check on arrays (large tournaments) names the
same rounds as the screen on lists, on generated tournaments with every kind of corrupted
record (an opponent that does not exist, a player paired with themselves, a result or a
colour that does not match the other side, one side of a game missing)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.formats.readers import consistency
from tiebreaks.formats.readers.consistency import (
    Locator,
    _Findings,
    _Flat,
    _rounds_to_examine,
    _table,
)
from tiebreaks.model import Colour, Player, ResultKind, RoundResult, Tournament

from ..strategies import round_robins, swiss_tournaments


def screens(tournament: Tournament, monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[int]]:
    table = _table(tournament, None, Locator("t"), _Findings())
    flat = _Flat.of(table)
    monkeypatch.setattr(consistency, "ARRAYS_FROM", 10**12)
    on_lists = _rounds_to_examine(table, flat)
    monkeypatch.setattr(consistency, "ARRAYS_FROM", 0)
    return on_lists, _rounds_to_examine(table, flat)


@st.composite
def corrupted(draw: st.DrawFn) -> Tournament:
    """A generated tournament with up to three results replaced by any result at all."""
    tournament = draw(st.one_of(swiss_tournaments(), round_robins()))
    players = list(tournament.players)
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(0, len(players) - 1))
        slot = draw(st.integers(0, tournament.rounds - 1))
        kind = draw(st.sampled_from(list(ResultKind)))
        opponent = draw(st.integers(0, len(players) + 2)) if kind.has_opponent else None
        colour = draw(st.sampled_from(list(Colour)))
        results = list(players[index].results)
        results[slot] = RoundResult(kind, opponent, colour)
        players[index] = replace(players[index], results=tuple(results))
    return replace(tournament, players=tuple(players))


@settings(max_examples=400)
@given(corrupted())
def test_the_screen_on_arrays_names_the_rounds_the_lists_name(tournament: Tournament) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        on_lists, on_arrays = screens(tournament, monkeypatch)
    assert on_arrays == on_lists


def test_the_screen_finds_a_corrupted_round() -> None:
    """By hand: round 2 of a 4-player event where player 1's opponent does not answer."""
    ok = (
        RoundResult(ResultKind.DRAW, 2, Colour.WHITE),
        RoundResult(ResultKind.DRAW, 1, Colour.BLACK),
    )
    players = []
    for number in (1, 2, 3, 4):
        first = ok[(number - 1) % 2] if number <= 2 else RoundResult(ResultKind.PAIRING_BYE)
        second = (
            RoundResult(ResultKind.WIN, 3, Colour.WHITE)
            if number == 1
            else RoundResult(ResultKind.ABSENT)
        )
        players.append((number, (first, second)))
    tournament = Tournament(
        name="t", rounds=2, players=tuple(Player(n, f"P{n}", r) for n, r in players)
    )
    with pytest.MonkeyPatch.context() as monkeypatch:
        on_lists, on_arrays = screens(tournament, monkeypatch)
    assert on_lists == on_arrays == [2]


def test_a_draw_without_colours_against_nobody_is_examined() -> None:
    """A draw without colours against a player who does not exist (start number 9) matches
    itself as a game without colours would: the round must still be examined, because more
    results are compared with themselves than there are rounds without an opponent."""
    players = (
        Player(1, "A", (RoundResult(ResultKind.DRAW, 9, Colour.NONE),)),
        Player(2, "B", (RoundResult(ResultKind.PAIRING_BYE),)),
    )
    tournament = Tournament(name="t", rounds=1, players=players)
    with pytest.MonkeyPatch.context() as monkeypatch:
        on_lists, on_arrays = screens(tournament, monkeypatch)
    assert on_lists == on_arrays == [1]
