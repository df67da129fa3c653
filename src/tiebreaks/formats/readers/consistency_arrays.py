"""The screen of :mod:`.consistency` on arrays, for large tournaments (issue 8).

Which rounds may hold a pairing whose two sides disagree: the same answer as
:func:`.consistency._rounds_to_examine`, computed for all rounds at once with NumPy: each
result's opponent as a position, its mirror (the opponent's position, or its own for a round
without an opponent and for an opponent who does not exist), and the pair of (kind, colour)
of both sides looked up in a table of the pairs that agree.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...engine.columnar import load_numpy
from ...model import Colour, ResultKind

load_numpy()
import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from ...engine.columnar.grid import CODE, KINDS, Flags, Integers  # noqa: E402

Codes = NDArray[np.int8]

COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_CODE = {colour: code for code, colour in enumerate(COLOURS)}

Agreeing = Collection[tuple[ResultKind, ResultKind, Colour, Colour]]


def agreement_table(agreeing: Agreeing) -> Flags:
    """A boolean array [kind, other kind, colour, other colour] of the pairs in ``agreeing``."""
    table = np.zeros((len(KINDS), len(KINDS), len(COLOURS), len(COLOURS)), dtype=np.bool_)
    for mine, theirs, colour, other in agreeing:
        table[CODE[mine], CODE[theirs], COLOUR_CODE[colour], COLOUR_CODE[other]] = True
    return table


def rounds_to_examine(
    numbers: Sequence[int],
    rounds: int,
    flat: tuple[Sequence[int | None], Sequence[ResultKind], Sequence[Colour]],
    agreeing: tuple[Agreeing, Agreeing],
) -> list[int]:
    """The rounds (1-based) that need the full check; ``flat`` holds every result's opponent
    (start number or None), kind and colour, player by player; ``agreeing`` is
    (:data:`_AGREEING_IN_COLOUR`, :data:`_AGREEING`) of :mod:`.consistency`."""
    size = len(numbers)
    opponents, kinds, colours = flat
    own = np.repeat(np.arange(size, dtype=np.int64)[:, None], rounds, axis=1)
    named = np.array(opponents, dtype=object).reshape(size, rounds)
    without_opponent: Flags = named == None  # noqa: E711 (elementwise on an object array)
    mirror = _mirror(numbers, np.where(without_opponent, 0, named).astype(np.int64), own)
    mirror = np.where(without_opponent, own, mirror)
    kind = np.fromiter(map(CODE.__getitem__, kinds), np.int8, size * rounds).reshape(size, rounds)
    colour = np.fromiter(map(COLOUR_CODE.__getitem__, colours), np.int8, size * rounds)
    colour = colour.reshape(size, rounds)
    answered = (np.take_along_axis(mirror, mirror, axis=0) == own).all(axis=0)
    in_colour = _agree(agreement_table(agreeing[0]), kind, colour, mirror)
    only_byes_alone = (mirror == own).sum(axis=0) == without_opponent.sum(axis=0)
    plain = _agree(agreement_table(agreeing[1]), kind, colour, mirror)
    looks_right = answered & (in_colour | (only_byes_alone & plain))
    rounds_found: list[int] = (np.flatnonzero(~looks_right) + 1).tolist()
    return rounds_found


def _mirror(numbers: Sequence[int], named: Integers, own: Integers) -> Integers:
    """Per result the position of the player whose start number is ``named``; its own
    position for a number no player has."""
    starts = np.array(numbers, dtype=np.int64)
    order = np.argsort(starts, kind="stable")
    ordered = starts[order]
    where = np.minimum(np.searchsorted(ordered, named), len(starts) - 1)
    return np.where(ordered[where] == named, order[where], own)


def _agree(table: Flags, kind: Codes, colour: Codes, mirror: Integers) -> Flags:
    """Per round, whether every result agrees with its mirror's in ``table``."""
    other_kind = np.take_along_axis(kind, mirror, axis=0)
    other_colour = np.take_along_axis(colour, mirror, axis=0)
    agrees: Flags = np.asarray(table[kind, other_kind, colour, other_colour].all(axis=0))
    return agrees
