"""Side rating lists (CSV) and the per-player rating fallback of German practice.

German championships rank by the opponents' Elo, and where a player has no Elo by the
national rating (DWZ). A TRF file carries one rating (FIDE); other ratings come from a CSV
file with a header row::

    start_number;name;DWZ
    1;Anna Example;1874
    2;Bernd Beispiel;

The first column that identifies a participant is ``start_number`` (also ``no``, ``nr``,
``snr``, ``id``, ``startnummer``) or, failing that, ``name``; every other column is a rating
list named by its header. Commas, semicolons and tabs are accepted as separators; an empty
cell or 0 means "no rating in this list". The tournament file's own rating is the list
``FIDE`` (also ``Elo``).

:func:`apply_rating_order` gives each participant the first rating available in the order
asked for (e.g. ``FIDE,DWZ``), so every rating tie-break (ARO, TPR, SOR, ...) uses it; the
tournament read from the file is not modified (a new one is returned).
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import Diagnostic, InputError, Location, SourceError, UsageError
from ..model import Player, Tournament

FILE_RATING = "FIDE"
_FILE_RATING_NAMES = {"fide", "elo", "file"}
_NUMBER_HEADERS = {"start_number", "start number", "no", "nr", "snr", "id", "startnummer"}
_NAME_HEADERS = {"name", "player", "spieler"}
_MAX_RATING = 4000


@dataclass(frozen=True)
class RatingTable:
    """Ratings read from a side file: list name -> participant key -> rating."""

    source: str
    lists: tuple[str, ...]
    by_number: dict[int, dict[str, int]]
    by_name: dict[str, dict[str, int]]

    def ratings_of(self, player: Player) -> dict[str, int]:
        """The ratings of ``player`` in this table (by start number, else by name)."""
        found = self.by_number.get(player.start_number)
        if found is None:
            found = self.by_name.get(_name_key(player.name), {})
        return found


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


def read_rating_table(path: str | Path) -> RatingTable:
    """Read a rating CSV; InputError (file, line, column) on a malformed cell."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        text = Path(path).read_text(encoding="cp1252")
    except OSError as error:
        raise SourceError(f"{source}: cannot read the rating list ({error.strerror})") from None
    return parse_rating_table(text, source)


def parse_rating_table(text: str, source: str = "<ratings>") -> RatingTable:
    """Parse the text of a rating CSV (see the module docstring for the layout)."""
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise InputError(Location(source, 1, 1), "", "a header row such as start_number;DWZ")
    dialect = _dialect(lines[0])
    rows = list(csv.reader(lines, dialect))
    header = [cell.strip() for cell in rows[0]]
    key_column, key_kind = _key_column(header, source)
    ignored = {i for i, name in enumerate(header) if _is_identity(name) or not name}
    lists = tuple(name for i, name in enumerate(header) if i not in ignored)
    by_number: dict[int, dict[str, int]] = {}
    by_name: dict[str, dict[str, int]] = {}
    for line_number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        ratings = _row_ratings(row, header, ignored, Location(source, line_number))
        key = row[key_column].strip() if key_column < len(row) else ""
        if key_kind == "number":
            by_number[_number(key, Location(source, line_number, key_column + 1))] = ratings
        else:
            by_name[_name_key(key)] = ratings
    return RatingTable(source, lists, by_number, by_name)


def _dialect(header: str) -> type[csv.Dialect]:
    counts = {separator: header.count(separator) for separator in ";,\t"}
    separator = max(counts, key=lambda item: counts[item])

    class Dialect(csv.excel):
        delimiter = separator

    return Dialect


def _key_column(header: list[str], source: str) -> tuple[int, str]:
    lowered = [cell.casefold() for cell in header]
    for index, cell in enumerate(lowered):
        if cell in _NUMBER_HEADERS:
            return index, "number"
    for index, cell in enumerate(lowered):
        if cell in _NAME_HEADERS:
            return index, "name"
    raise InputError(
        Location(source, 1, 1), ",".join(header), "a column start_number (or name) in the header"
    )


def _is_identity(header: str) -> bool:
    return header.casefold() in _NUMBER_HEADERS | _NAME_HEADERS


def _row_ratings(
    row: list[str], header: list[str], ignored: set[int], location: Location
) -> dict[str, int]:
    ratings: dict[str, int] = {}
    for index, cell in enumerate(row):
        if index in ignored or index >= len(header):
            continue
        text = cell.strip()
        if not text:
            continue
        cell_location = Location(location.source, location.line, index + 1)
        value = _number(text, cell_location)
        if value > _MAX_RATING:
            raise InputError(cell_location, text, f"a rating from 0 to {_MAX_RATING}")
        if value:
            ratings[header[index]] = value
    return ratings


def _number(text: str, location: Location) -> int:
    if not text.isdigit():
        raise InputError(location, text, "a whole number")
    return int(text)


def apply_rating_order(
    tournament: Tournament, order: Sequence[str], table: RatingTable | None = None
) -> Tournament:
    """A copy of ``tournament`` in which each participant's rating is the first available of
    the lists in ``order`` (``FIDE``/``Elo`` = the file's own rating; other names are columns
    of ``table``); a note of how many ratings came from each list is added to its warnings."""
    lists = [_list_name(name, table) for name in order]
    used: Counter[str] = Counter()
    players = []
    for player in tournament.players:
        rating, origin = _first_rating(player, lists, table)
        used[origin] += 1
        players.append(player if rating == player.rating else replace(player, rating=rating))
    summary = ", ".join(f"{count} from {origin}" for origin, count in used.items())
    note = Diagnostic(f"ratings for tie-breaks ({' else '.join(lists)}): {summary}")
    warnings = (*tournament.warnings, note)
    return replace(tournament, players=tuple(players), warnings=warnings)


def _list_name(name: str, table: RatingTable | None) -> str:
    cleaned = name.strip()
    if cleaned.casefold() in _FILE_RATING_NAMES:
        return FILE_RATING
    if table is not None:
        for known in table.lists:
            if known.casefold() == cleaned.casefold():
                return known
    known_lists = [FILE_RATING, *(table.lists if table else ())]
    raise UsageError(
        f"unknown rating list {name!r} in the rating order; known: {', '.join(known_lists)}"
        + ("" if table else " (give a rating CSV with --ratings for other lists)")
    )


def _first_rating(
    player: Player, lists: Sequence[str], table: RatingTable | None
) -> tuple[int | None, str]:
    side = table.ratings_of(player) if table is not None else {}
    for name in lists:
        rating = player.rating if name == FILE_RATING else side.get(name)
        if rating:
            return rating, name
    return None, "no list (unrated)"
