"""The engine's memo: each derived value computed once per context, under a typed key."""

from __future__ import annotations

from tiebreaks.engine.context import build_context
from tiebreaks.engine.families.sonneborn_berger import sonneborn_berger_items
from tiebreaks.engine.grid import GRID, grid
from tiebreaks.engine.memo import Key, Memo
from tiebreaks.engine.spec import TiebreakSpec, parse_spec
from tiebreaks.formats.reading import example_path, read_tournament
from tiebreaks.model.rules import rules_by_name

TOTAL: Key[int] = Key("total")
COUNTED: Key[list[str]] = Key("counted")


def test_a_value_is_computed_once() -> None:
    memo = Memo()
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return 7

    assert [memo.value(TOTAL, compute), memo.value(TOTAL, compute)] == [7, 7]
    assert len(calls) == 1


def test_the_parts_of_a_key_select_one_value_of_a_family() -> None:
    """``/P`` or not (a modifier) gives two values under one family of keys."""
    memo = Memo()
    assert memo.value(COUNTED.of(True), lambda: ["forfeits"]) == ["forfeits"]
    assert memo.value(COUNTED.of(False), lambda: ["games"]) == ["games"]
    assert memo.value(COUNTED.of(True), lambda: []) == ["forfeits"]
    assert COUNTED.of(True) != COUNTED and len(memo) == 2


def test_carried_keeps_only_the_keys_asked_for() -> None:
    memo = Memo()
    memo.put(TOTAL, 3)
    memo.put(COUNTED, ["a"])
    carried = memo.carried(TOTAL, COUNTED.of(1))  # the second was never computed
    assert carried.value(TOTAL, lambda: 0) == 3
    assert carried.value(COUNTED, lambda: ["b"]) == ["b"]
    assert len(carried) == 2 and len(memo) == 2


def test_the_grid_is_memoised_in_the_context() -> None:
    """Two tie-breaks asking for the grid of one context get the same arrays."""
    tournament = read_tournament(example_path("held-swiss-16.trf"))
    context = build_context(tournament, rules_by_name("fide-2026"))
    first = grid(context)
    assert grid(context) is first
    assert context.memoised.value(GRID, lambda: grid(build_context(tournament, context.rules))) is (
        first
    )


def test_sonneborn_berger_contributions_are_made_once_per_context() -> None:
    """Every participant's SB trace reads one row of the weighted contributions: they are
    made once per context (and per ``/P``), not once per trace for the whole field."""
    tournament = read_tournament(example_path("held-swiss-16.trf"))
    context = build_context(tournament, rules_by_name("fide-2026"))
    first = sonneborn_berger_items(context, TiebreakSpec("SB"))
    assert sonneborn_berger_items(context, TiebreakSpec("SB")) is first
    forfeits = sonneborn_berger_items(context, parse_spec("SB/P"))
    assert forfeits is not first
    assert sonneborn_berger_items(context, parse_spec("SB/P")) is forfeits
