"""Side rating lists (CSV), e.g. the German DWZ next to the FIDE ratings of the file.

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
``FIDE`` (also ``Elo``). :func:`tiebreaks.model.rating_lists.apply_rating_order` then gives each
participant the first rating available in the order asked for (e.g. ``FIDE,DWZ``).

Events longer than 30 days: a file with a ``round`` column (also ``from_round``) gives ratings
per round, one row per participant and round from which the rating is in force::

    start_number;round;rating
    1;1;2105
    1;4;2131

The participant is named by ``start_number`` (as above), ``fide_id`` or ``name``; the one other
column is the rating (1 to 4000, a cell may not be empty). A rating from round 1 is the
first rating. :func:`tiebreaks.model.rating_lists.apply_round_ratings` applies them.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from ...errors import InputError, Location
from ...model.rating_lists import RatingTable, RoundEntry, name_key
from ..files import MAX_INPUT_BYTES, read_input
from .sniff import binary_content
from .trf import decode_trf_bytes

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_WHOLE_NUMBER = re.compile(r"0*[0-9]{1,9}")
_NUMBER_HEADERS = {"start_number", "start number", "no", "nr", "snr", "id", "startnummer"}
_NAME_HEADERS = {"name", "player", "spieler"}
_FIDE_ID_HEADERS = {"fide_id", "fide id", "fideid", "fide_no", "fide number"}
_ROUND_HEADERS = {"round", "from_round", "from round", "runde", "ab runde"}
_MAX_RATING = 4000


def read_rating_table(path: str | Path, max_bytes: int = MAX_INPUT_BYTES) -> RatingTable:
    """Read a rating CSV; InputError (file, line, column) on a malformed cell, or on a file
    that is not text (a PDF, a spreadsheet, binary data: :func:`.sniff.binary_content`). The
    text is UTF-8 (with or without a byte-order mark), else CP1252, else Latin-1, as for TRF
    files (a file that mixes UTF-8 with another encoding is an error). At most ``max_bytes``
    are read (SourceError beyond)."""
    source = str(path)
    data = read_input(path, max_bytes=max_bytes)
    finding = binary_content(data)
    if finding is not None:
        expected = "a rating list (CSV with a header row such as start_number;DWZ)"
        raise finding.error(source, expected, "a rating list")
    return parse_rating_table(decode_trf_bytes(data, source), source)


def parse_rating_table(text: str, source: str = "<ratings>") -> RatingTable:
    """Parse the text of a rating CSV (see the module docstring for the layout). Lines end at
    CR LF, LF or CR only, so that line numbers are those an editor shows."""
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff").removesuffix("\n"))
    if not lines[0].strip():
        raise InputError(Location(source, 1, 1), "", "a header row such as start_number;DWZ")
    rows = _csv_rows(lines, source)
    header = [cell.strip() for cell in rows[0]]
    if any(cell.casefold() in _ROUND_HEADERS for cell in header):
        return RatingTable(source, (), {}, {}, _round_entries(rows, header, source))
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
            by_name[name_key(key)] = ratings
    return RatingTable(source, lists, by_number, by_name)


def _round_entries(rows: list[list[str]], header: list[str], source: str) -> tuple[RoundEntry, ...]:
    """The rows of a file with a round column (module docstring): InputError at the cell
    for a missing or malformed participant, round or rating."""
    lowered = [cell.casefold() for cell in header]
    round_column = next(i for i, cell in enumerate(lowered) if cell in _ROUND_HEADERS)
    key_column, kind = _round_key_column(lowered, source, header)
    others = [i for i, cell in enumerate(header) if cell and i not in (round_column, key_column)]
    if len(others) != 1:
        raise InputError(
            Location(source, 1, 1),
            ",".join(header),
            "one rating column besides the player and round columns (start_number;round;rating)",
        )
    rating_column = others[0]
    entries = []
    for line_number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        cells = [row[i].strip() if i < len(row) else "" for i in range(len(header))]
        at = [Location(source, line_number, i + 1) for i in range(len(header))]
        key = cells[key_column]
        if not key:
            raise InputError(at[key_column], "", f"the player ({header[key_column]})")
        if kind != "name":
            _number(key, at[key_column])
        from_round = _number(cells[round_column], at[round_column])
        rating = _number(cells[rating_column], at[rating_column])
        if not 1 <= rating <= _MAX_RATING:
            raise InputError(at[rating_column], cells[rating_column], "a rating from 1 to 4000")
        entries.append(RoundEntry(kind, key, from_round, rating, at[key_column], at[round_column]))
    return tuple(entries)


def _round_key_column(lowered: list[str], source: str, header: list[str]) -> tuple[int, str]:
    """The column naming the participant in a file with a round column."""
    for kind, names in (
        ("number", _NUMBER_HEADERS),
        ("fide_id", _FIDE_ID_HEADERS),
        ("name", _NAME_HEADERS),
    ):
        for index, cell in enumerate(lowered):
            if cell in names:
                return index, kind
    raise InputError(
        Location(source, 1, 1),
        ",".join(header),
        "a column start_number, fide_id or name in the header",
    )


def _csv_rows(lines: list[str], source: str) -> list[list[str]]:
    """The cells of every line; a line the csv module refuses (a cell over its size limit)
    is an InputError at that line."""
    reader = csv.reader(lines, _dialect(lines[0]))
    try:
        return list(reader)
    except csv.Error as error:
        line = lines[reader.line_num - 1] if 0 < reader.line_num <= len(lines) else ""
        raise InputError(
            Location(source, max(reader.line_num, 1), 1), line[:40], f"a CSV row ({error})"
        ) from None


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
    """A whole number in ASCII digits (``str.isdigit`` also takes ``²``, which ``int`` does
    not), at most nine significant digits."""
    if not _WHOLE_NUMBER.fullmatch(text):
        raise InputError(location, text[:40], "a whole number")
    return int(text)
