"""Manual tie-break values (MAN) from a CSV file: one participant per row, by start number
or by name, and the value the arbiter gave (a play-off score, a decision)::

    participant;value
    12;1
    Anna Example;0.5

In a team event the participants are the teams (team number or name). The header row is
optional (a first row whose value cell is not a number is a header).
Commas, semicolons and tabs separate cells; a value is a whole or decimal number (``1.5``,
or ``1,5`` where the separator is not a comma) or a fraction (``3/2``). Every error names
the file, line and column. The values keep where they were read, for the explanation of
each value ("given by the arbiter, from FILE line N")."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from ...engine.arbiter import ManualValue
from ...errors import InputError, Location
from ...model import Tournament
from ...model.rating_lists import name_key
from ..files import MAX_INPUT_BYTES, read_input
from .ratings_csv import _csv_rows
from .sniff import binary_content
from .trf import decode_trf_bytes

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_VALUE = re.compile(r"-?[0-9]{1,9}(?:[.,][0-9]{1,9})?|-?[0-9]{1,9}/[1-9][0-9]{0,8}")
_START_NUMBER = re.compile(r"[0-9]{1,9}")
_EXPECTED_VALUE = "a value: a whole or decimal number (1, 0.5) or a fraction (3/2)"


def read_manual_values(
    path: str | Path, tournament: Tournament, max_bytes: int = MAX_INPUT_BYTES
) -> dict[int, ManualValue]:
    """The manual values of ``path`` by start number; InputError (file, line, column) for a
    row that cannot be used, SourceError for a file that cannot be read."""
    source = str(path)
    data = read_input(path, max_bytes=max_bytes)
    finding = binary_content(data)
    if finding is not None:
        raise finding.error(source, "manual values (CSV: participant;value)", "manual values")
    return parse_manual_values(decode_trf_bytes(data, source), tournament, source)


def parse_manual_values(
    text: str, tournament: Tournament, source: str = "<manual values>"
) -> dict[int, ManualValue]:
    """Parse the text of a manual values CSV (see the module docstring)."""
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff").removesuffix("\n"))
    rows = _csv_rows(lines, source) if any(line.strip() for line in lines) else []
    numbers = {number for number, _ in _participants(tournament)}
    names: dict[str, list[int]] = {}
    for number, name in _participants(tournament):
        names.setdefault(name_key(name), []).append(number)
    values: dict[int, ManualValue] = {}
    for line, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (line == 1 and len(cells) > 1 and not _VALUE.fullmatch(cells[1])):
            continue  # an empty row, or the header
        if len(cells) < 2 or not cells[1]:
            raise InputError(Location(source, line, len(row[0]) + 1), "", _EXPECTED_VALUE)
        number = _participant(cells[0], numbers, names, Location(source, line, 1))
        if number in values:
            raise InputError(
                Location(source, line, 1),
                cells[0],
                f"each participant once (start number {number} has a value on line"
                f" {values[number].line})",
            )
        values[number] = ManualValue(_value(cells[1], Location(source, line, 2)), source, line)
    if not values:
        raise InputError(Location(source, 1, 1), text[:40], "rows of participant;value")
    return values


def _participants(tournament: Tournament) -> list[tuple[int, str]]:
    """The participants ranked, as (number, name): the teams of a team event (C.07 (2026)
    Art. 11), else the players."""
    if tournament.team_records is not None:
        return [(team.number, team.name) for team in tournament.team_records.teams]
    return [(player.start_number, player.name) for player in tournament.players]


def read_order(path: str | Path, max_bytes: int = MAX_INPUT_BYTES) -> list[int]:
    """The arbiter's order of the ties left from a file: start numbers separated by commas,
    spaces or line breaks, best first; InputError (file, line, column) for anything else."""
    source = str(path)
    text = decode_trf_bytes(read_input(path, max_bytes=max_bytes), source)
    order = []
    for line, content in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        for found in re.finditer(r"[^,;\s]+", content):
            if not _START_NUMBER.fullmatch(found.group()):
                raise InputError(
                    Location(source, line, found.start() + 1), found.group(), "a start number"
                )
            order.append(int(found.group()))
    if not order:
        raise InputError(Location(source, 1, 1), text[:40], "start numbers, best first")
    return order


def _participant(
    text: str, numbers: set[int], names: dict[str, list[int]], location: Location
) -> int:
    """The start number of the participant a cell names (a start number or a name)."""
    if _START_NUMBER.fullmatch(text):
        if int(text) in numbers:
            return int(text)
        raise InputError(location, text, "the start number of a participant")
    found = names.get(name_key(text), [])
    if len(found) == 1:
        return found[0]
    if found:
        listed = ", ".join(map(str, found))
        raise InputError(location, text, f"one participant (start numbers {listed} share it)")
    raise InputError(location, text, "the start number or name of a participant")


def _value(text: str, location: Location) -> Fraction:
    """The value of a cell, exact."""
    if not _VALUE.fullmatch(text):
        raise InputError(location, text, _EXPECTED_VALUE)
    return Fraction(text.replace(",", "."))
