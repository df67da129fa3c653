"""Reader of the FIDE Tournament Report File: TRF-16 (FIDE C.04 Annex 2), TRF26 and the
JaVaFo extension TRF(x).

Records read: ``001`` players (see :mod:`.trf_player`); tournament records ``012`` name,
``042`` start date, ``092`` type text, ``142`` / ``XXR`` number of rounds, ``162`` / ``XXS``
score system, ``192`` tournament type code, ``202`` / ``212`` tie-break lists (see
:mod:`.trf_header`); TRF26 ``240`` byes, ``250`` acceleration, ``299`` abnormal point
assignments (see :mod:`.trf_records26`). Other records are legal and skipped; lines starting
with ``###`` are comments (a recorded change of the tie-break list is reported,
:func:`.trf_records26.read_list_changes`); empty lines are ignored.

Errors raise :class:`~tiebreaks.errors.InputError` (the first one found, with file, line,
column, the bad text and what was expected); doubtful data only adds a
:class:`~tiebreaks.errors.Diagnostic` to :attr:`Tournament.warnings`.

Number of rounds: ``142`` (or ``XXR``) if given, else the longest round list. Pairing system:
``192``, else the ``092`` text, else the shape of the cross table (see
:func:`.trf_checks.guess_pairing_system`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import replace
from operator import attrgetter, gt

from ...errors import N_, Diagnostic, InputError, Location
from ...model import ABSENT, Player, Tournament
from ...model.assignments import PointAssignment
from ...model.team import TeamRecords
from .consistency import ReadResults, check_consistency
from .encoding import decode_text
from .trf_checks import (
    guess_pairing_system,
    pairing_system_from_records,
    system_location,
    trf_locator,
)
from .trf_fields import Line, parse_count
from .trf_header import (
    HeaderRecords,
    declared_rounds,
    read_header_record,
    rounds_location,
    score_system,
)
from .trf_player import PlayerRecord, ResultCodes, read_player_table
from .trf_ratings import event_span, read_round_ratings
from .trf_records26 import (
    Records26,
    applied_byes,
    checked_assignments,
    read_list_changes,
    report,
    scored_assignments,
)
from .trf_team_checks import checked_team_types

__all__ = ["decode_trf_bytes", "read_trf_bytes", "read_trf_file", "read_trf_text"]

PLAYER_RECORD = "001"
COMMENT = "###"


def read_trf_file(path: str | os.PathLike[str]) -> Tournament:
    """Read a TRF file (TRF-16 / TRF26 / TRF(x)); the file is only opened for reading.

    The source named in errors and warnings is the path as given. Raises InputError for a
    malformed file and OSError if it cannot be read.
    """
    source = os.fspath(path)
    with open(source, "rb") as handle:
        data = handle.read()
    return read_trf_bytes(data, source)


def read_trf_bytes(data: bytes, source: str) -> Tournament:
    """Read a TRF file's bytes; see :func:`decode_trf_bytes` for the encodings tried.

    An error in a file read as CP1252 or Latin-1 says so when its line has two characters
    beyond ASCII in a row before the error's column: what the characters of a name in a
    multi-byte encoding (Chinese, Japanese, Korean) become, one per byte, shifting the fields
    after it; in CP1252 and Latin-1 text such pairs are rare."""
    decoded = decode_text(data, source)
    try:
        return read_trf_text(decoded.text, source)
    except InputError as error:
        if decoded.encoding not in _SINGLE_BYTE or not _non_ascii_pair(decoded.text, error):
            raise
        expected = (
            f"{error.expected}; the file was read as {decoded.encoding} (it is not UTF-8): "
            "if it is in another encoding, save it as UTF-8"
        )
        hinted = InputError(error.location, error.text, expected)
        raise hinted.with_traceback(error.__traceback__) from None


_SINGLE_BYTE = ("CP1252", "Latin-1")
_NON_ASCII_PAIR = re.compile(r"[^\x00-\x7f]{2}")


def _non_ascii_pair(text: str, error: InputError) -> bool:
    """The error's line has two characters beyond ASCII in a row before its column (anywhere
    on the line when the error names no column)."""
    line, column = error.location.line, error.location.column
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not 0 < line <= len(lines):
        return False
    before = lines[line - 1] if column < 1 else lines[line - 1][: column - 1]
    return _NON_ASCII_PAIR.search(before) is not None


def decode_trf_bytes(data: bytes, source: str = "<input>") -> str:
    """Decode TRF bytes: UTF-8 (a byte-order mark is removed), else CP1252, else Latin-1; a
    file starting with a UTF-16 byte-order mark is decoded as UTF-16.

    Latin-1 decodes any byte, so no character of a name is ever lost. A file that is UTF-8
    except for some bytes is an InputError at the first of them, not CP1252
    (:mod:`.encoding`).
    """
    return decode_text(data, source).text


def read_trf_text(text: str, source: str = "<input>") -> Tournament:
    """Read the text of a TRF file (TRF-16 / TRF26 / TRF(x)) into a :class:`Tournament`."""
    lines = split_lines(text, source)
    warnings: list[Diagnostic] = []
    header = HeaderRecords()
    for line in lines:
        if not line.text.startswith(PLAYER_RECORD):
            read_header_record(line, header, warnings)
    declared = declared_rounds(header, warnings)
    records, codes = _read_player_records(lines, declared, warnings, source)
    rounds = declared if declared is not None else max(r.last_round for r in records)
    padded = _padded(records, rounds)
    players = _in_start_order(padded)
    players = _with_national_ratings(players, lines, header, warnings)
    team_records = _team_records(header, rounds, warnings)
    players, assignments = _records26(header.records26, players, team_records, rounds, warnings)
    scoring = score_system(header, warnings)
    scoring = scored_assignments(header.records26, scoring, team_records is not None, warnings)
    pairing_system = pairing_system_from_records(header.type_code, header.type_text)
    tournament = Tournament(
        name=header.name,
        rounds=rounds,
        players=players,
        start_date=header.start_date,
        type_text=header.type_text,
        type_code=header.type_code,
        pairing_system=pairing_system or guess_pairing_system(players, rounds),
        score_system=scoring,
        tiebreak_list=header.tiebreak_list,
        standings_list=header.standings_list,
        national_federation=header.national_federation,
        rating_method=header.rating_method,
        team_records=team_records,
        point_assignments=assignments,
        list_changes=read_list_changes(text, source, warnings),
        round_ratings=read_round_ratings(text, source, players, rounds, warnings),
        span=event_span(lines),
        source=source,
        warnings=tuple(sorted(warnings, key=_position)),
    )
    system_at = system_location(
        header.type_code, header.type_text, header.type_code_at, header.type_text_at
    )
    locator = trf_locator(source, system_at, rounds_location(header))
    read = ReadResults([player.results for player in padded], *codes)
    checked = check_consistency(tournament, locator, read=read)
    columns = read.columns_of(checked.players, rounds)
    if columns is not None:
        checked = replace(checked, result_columns=columns)
    return checked_team_types(header.records26, checked)


def _records26(
    records: Records26,
    players: tuple[Player, ...],
    team_records: TeamRecords | None,
    rounds: int,
    warnings: list[Diagnostic],
) -> tuple[tuple[Player, ...], tuple[PointAssignment, ...]]:
    """The players with the ``240`` byes (individual events) and the ``299`` assignments that
    apply (:mod:`.trf_records26`); the warnings of the records without effect."""
    report(records, warnings)
    if team_records is None:
        players = applied_byes(players, records, rounds, warnings)
    elif records.byes:
        message = N_(
            "record 240 in a team event is not applied: the teams' byes are read from the "
            "board results and record 320"
        )
        location = records.byes[0][3].location(1)
        warnings.append(Diagnostic.told(message, location, code="trf.record-not-applied"))
    numbers = [team.number for team in team_records.teams] if team_records else []
    individual = players if team_records is None else None
    return players, checked_assignments(records, individual, numbers, rounds, warnings)


def _team_records(
    header: HeaderRecords, rounds: int, warnings: list[Diagnostic]
) -> TeamRecords | None:
    """The team records, their byes, forfeited matches and line-ups checked against the
    rounds and teams read (line-ups without any team: one warning, nothing to apply)."""
    header.team.check_byes(rounds)
    header.team.check_forfeits(rounds)
    if header.team.line_ups and not header.team.teams:
        message = N_(
            "record 300 (team line-ups) in a file without team records (013/310): not applied,"
            " there is no team to line up"
        )
        location = header.team.line_ups[0][1].location(1)
        warnings.append(Diagnostic.told(message, location, code="trf.record-not-applied"))
        header.team.line_ups.clear()
    header.team.check_line_ups(rounds)
    return header.team.records()


def split_lines(text: str, source: str) -> list[Line]:
    """The non-empty, non-comment lines with their 1-based numbers; trailing blanks removed.

    Lines end at CR LF, LF or CR only (not at the other characters ``str.splitlines`` knows),
    so line numbers match what an editor shows.
    """
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [
        Line(stripped, number, source)
        for number, raw in enumerate(text.split("\n"), start=1)
        if (stripped := raw.rstrip()) and not stripped.startswith(COMMENT)
    ]


def _read_player_records(
    lines: Sequence[Line], declared: int | None, warnings: list[Diagnostic], source: str
) -> tuple[list[PlayerRecord], ResultCodes]:
    """Every ``001`` record in file order and their results as columns
    (:func:`.trf_player.read_player_table`); a file without one is an error."""
    player_lines = [line for line in lines if line.text.startswith(PLAYER_RECORD)]
    if not player_lines:
        raise InputError(
            Location(source, 1, 1),
            "",
            "at least one player record (a line starting with '001', TRF-16)",
        )
    return read_player_table(player_lines, declared, warnings)


def _with_national_ratings(
    players: tuple[Player, ...],
    lines: Sequence[Line],
    header: HeaderRecords,
    warnings: list[Diagnostic],
) -> tuple[Player, ...]:
    """TRF26 ``172`` national rating lines (federation code, then the ``001`` layout: start
    number in columns 5-8, national rating in 49-52)."""
    federation = header.national_federation
    if not federation:
        return players
    ratings: dict[int, int] = {}
    numbers = {player.start_number for player in players}
    for line in lines:
        if line.record.upper() != federation:
            continue
        number = parse_count(line.field(5, 8).strip())
        if number is None:
            raise line.error(5, line.field(5, 8).strip(), "a start number in columns 5-8")
        text = line.field(49, 52).strip()
        rating = parse_count(text) if text else 0
        if rating is None:
            raise line.error(49, text, "a national rating in columns 49-52")
        if number not in numbers:
            warnings.append(
                Diagnostic.told(
                    N_("national rating for unknown player %(number)s"),
                    line.location(5),
                    code="trf.national-rating-unknown-player",
                    number=number,
                )
            )
        ratings[number] = rating
    return tuple(
        replace(player, national_rating=ratings[player.start_number] or None)
        if player.start_number in ratings
        else player
        for player in players
    )


def _padded(records: Sequence[PlayerRecord], rounds: int) -> list[Player]:
    """The players in file order, with one result per round (rounds not written are
    absences)."""
    return [
        record.player
        if len(record.player.results) == rounds
        else replace(
            record.player,
            results=record.player.results + (ABSENT,) * (rounds - len(record.player.results)),
        )
        for record in records
    ]


def _in_start_order(players: list[Player]) -> tuple[Player, ...]:
    """The players by start number."""
    numbers = [player.start_number for player in players]
    if any(map(gt, numbers, numbers[1:])):
        return tuple(sorted(players, key=_START_NUMBER))
    return tuple(players)


_START_NUMBER = attrgetter("start_number")


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    location = diagnostic.location or Location()
    return location.line, location.column
