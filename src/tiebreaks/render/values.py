"""How values are shown: exact decimals, empty for undefined."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from operator import is_, itemgetter

from ..engine.numbers import as_printed, to_decimal_text, to_fixed_text
from ..model.programs import profile_by_name
from ..standings import Row, Standings


def show(value: Fraction | int | None, places: int | None = None) -> str:
    """Decimal text of a value ("6.5", "11", "12.25"); with ``places``, exactly that many
    decimals ("12.60"); "" for an undefined value."""
    if value is None:
        return ""
    if places is not None:
        return to_fixed_text(value, places)
    return to_decimal_text(value)


Value = Fraction | int | None


def exact_printing(value: Value, places: int | None) -> Value:
    """The value as it is (printed exactly)."""
    del places
    return value


def program_printing(standings: Standings) -> Callable[[Value, int | None], Value]:
    """How the table's values are printed: exactly (the default), or, under a publishing
    program's profile that rounds its own way (``--like vega``: halves to even at one
    decimal), as that program prints them, at the column's own decimals when it has them. The
    values themselves (ranking, JSON numbers) stay exact."""
    profile = profile_by_name(standings.like) if standings.like else None
    if profile is None or profile.places is None:
        return exact_printing
    rounding, at_most = profile.rounding, profile.places

    def printed(value: Value, places: int | None) -> Value:
        if value is None:
            return None
        return as_printed(value, rounding, at_most if places is None else places)

    return printed


class ValueTexts:
    """The texts of a standings' values, each distinct value formatted once.

    Equal values of one column share one ``Fraction`` object (and the standings keep them
    alive), so the cache is keyed by identity: hashing Fractions is slow. The values are
    printed as the standings' program profile prints them (:func:`program_printing`) unless
    ``exact`` (JSON numbers)."""

    def __init__(
        self,
        standings: Standings,
        formatter: Callable[[Fraction | None, int | None], str] = show,
        exact: bool = False,
    ) -> None:
        self.standings = standings
        self.columns = standings.columns
        self.places = [standings.places.get(name) for name in self.columns]
        printing = exact_printing if exact else program_printing(standings)
        self.formatter = formatter
        if printing is not exact_printing:

            def printed(value: Fraction | None, places: int | None) -> str:
                shown = printing(value, places)
                return formatter(Fraction(shown) if isinstance(shown, int) else shown, places)

            self.formatter = printed
        self.cache: dict[tuple[int, int], str] = {}

    def column_texts(self, rows: Sequence[Row]) -> list[list[str]]:
        """The texts of every column, each a list in row order (the whole table at once:
        each distinct value of a column is formatted once, the rest are C-level look-ups)."""
        gathered = self._gathered(rows)
        columns = []
        for name, places in zip(self.columns, self.places, strict=True):
            values = gathered[name]
            identities = list(map(id, values))
            distinct = dict(zip(identities, values, strict=True))
            text_of = {key: self.formatter(value, places) for key, value in distinct.items()}
            columns.append(list(map(text_of.__getitem__, identities)))
        return columns

    def _gathered(self, rows: Sequence[Row]) -> dict[str, list[Fraction | None]]:
        """The values of ``rows`` column by column: the standings' own columns where ``rows``
        begin with its ranked rows (the participants left out, after them, are added from
        their rows)."""
        ranked = self.standings.rows
        gathered = self.standings.value_columns
        if (
            len(rows) < len(ranked)
            or not all(name in gathered for name in self.columns)
            or not all(map(is_, rows, ranked))
        ):
            ranked, gathered = (), {name: [] for name in self.columns}
        value_maps = [row.values for row in rows[len(ranked) :]]
        return {
            name: [*gathered[name], *map(itemgetter(name), value_maps)] for name in self.columns
        }

    def row(self, row: Row) -> list[str]:
        """The texts of one row's values, in column order."""
        texts = []
        for position, (name, places) in enumerate(zip(self.columns, self.places, strict=True)):
            value = row.values[name]
            key = (id(value), position)
            text = self.cache.get(key)
            if text is None:
                text = self.cache[key] = self.formatter(value, places)
            texts.append(text)
        return texts
