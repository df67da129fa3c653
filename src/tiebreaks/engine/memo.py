"""The engine's memo: arrays derived once per context and shared by every tie-break.

Many tie-breaks read the same derived arrays (the grid, the adjusted scores of Art. 16.3,
the opponents' contributions ...). Each is computed the first time a tie-break asks for it and
kept in the context's :class:`Memo` under a typed :class:`Key`: the key says what the value
is, so a reader gets it back with its type (no ``Any``, no cast). The memo belongs to the
engine: the standings and everything above them see traces and values, never the memo.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
#: no value yet (a memoised value may be None)
_MISSING: Any = object()


@dataclass(frozen=True, slots=True)
class Key(Generic[T]):
    """The key of one memoised value of type ``T``: a ``name`` unique in the engine, and the
    ``parts`` that select one of a family of values (e.g. a modifier: ``/P`` or not).

    >>> SCORES: Key[list[int]] = Key("scores")
    >>> SCORES.of(True)
    Key('scores', True)
    """

    name: str
    parts: tuple[Hashable, ...] = ()

    def of(self, *parts: Hashable) -> Key[T]:
        """The key of the value of this family for ``parts``."""
        return Key(self.name, parts)

    def __repr__(self) -> str:
        return f"Key({', '.join(map(repr, (self.name, *self.parts)))})"


class Memo:
    """Values computed once per context, each under its :class:`Key`.

    >>> memo = Memo()
    >>> TOTAL: Key[int] = Key("total")
    >>> memo.value(TOTAL, lambda: 1 + 2), memo.value(TOTAL, lambda: 0), len(memo)
    (3, 3, 1)
    """

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[Key[Any], Any] = {}

    def value(self, key: Key[T], compute: Callable[[], T]) -> T:
        """The value under ``key``, computed by ``compute`` the first time it is asked for."""
        # one look-up (hashing and comparing a key are Python calls; a page of 10,000
        # participants asks the memo about 170,000 times)
        found: T = self._values.get(key, _MISSING)
        if found is _MISSING:
            found = self._values[key] = compute()
        return found

    def carried(self, *keys: Key[Any]) -> Memo:
        """A new memo holding this one's values of ``keys`` (those computed): for a context
        whose change leaves them valid (e.g. the same results under another regime)."""
        memo = Memo()
        memo._values = {key: self._values[key] for key in keys if key in self._values}
        return memo

    def put(self, key: Key[T], value: T) -> None:
        """Set the value under ``key`` (a value known before anyone asks for it)."""
        self._values[key] = value

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"<Memo of {len(self._values)} values>"
