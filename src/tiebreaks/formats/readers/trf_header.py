"""Tournament records of a TRF file: TRF-16 ``012 042 092``, TRF26 ``142 162 172 192 202 212``,
JaVaFo TRF(x) ``XXR XXS``; team records (``013 310 320 330 352 362``) in
:mod:`.trf_team_records`; TRF26 ``240 250 299`` and the records that cannot change the
standings (``260 801 802``, JaVaFo ``XXA XXP XXZ``: one warning) in :mod:`.trf_records26`.

Any other record is legal and skipped (TRF-16 ``022 032 052 ... 132``: names, dates, counts;
TRF26 ``152 182 222``, JaVaFo ``XXC``: plain information).
A record given twice counts with its last occurrence (``240 250 299`` records each count).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from ...errors import N_, Diagnostic, Location, Word
from ...model import STANDARD, ResultKind, ScoreSystem
from ...model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR
from .trf_fields import Line, format_points, parse_count, parse_date, parse_decimal
from .trf_records26 import (
    WITHOUT_EFFECT,
    Records26,
    note_acceleration,
    note_without_effect,
    read_240,
    read_250,
    read_299,
)
from .trf_team_records import TEAM_READERS, TeamHeader

MAX_ROUNDS = 999
"""Largest number of rounds accepted in ``XXR`` / ``142``."""

_SYMBOLS_162 = "WDLAPX"
_XXS_ASSIGNMENT = re.compile(r"([A-Za-z]+)\s*=\s*([^\s=]*)")
_XXS_SHORTCUTS: dict[str, tuple[str, ...]] = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
}
_XXS_CODES = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")
_XXS_SINGLE_KINDS: dict[str, tuple[ResultKind, ...]] = {
    "ZPB": (ResultKind.ZERO_BYE, ResultKind.ABSENT),
    "HPB": (ResultKind.HALF_BYE,),
    "FPB": (ResultKind.FULL_BYE,),
    "PAB": (ResultKind.PAIRING_BYE,),
    "FW": (ResultKind.FORFEIT_WIN,),
    "FL": (ResultKind.FORFEIT_LOSS,),
}
_XXS_GAME_KINDS: dict[str, tuple[ResultKind, ...]] = {
    "W": (ResultKind.WIN, ResultKind.UNRATED_WIN),
    "D": (ResultKind.DRAW, ResultKind.UNRATED_DRAW),
    "L": (ResultKind.LOSS, ResultKind.UNRATED_LOSS),
}


@dataclass(frozen=True)
class Assignment:
    """One score value read from ``162`` or ``XXS``, with where it was written."""

    value: Fraction
    location: Location


@dataclass
class HeaderRecords:
    """The tournament records read so far (mutable while the file is read)."""

    name: str = ""
    start_date: date | None = None
    type_text: str = ""
    type_code: str = ""
    #: where the ``092`` and ``192`` records are (column of their value)
    type_text_at: Location | None = None
    type_code_at: Location | None = None
    rounds_xxr: tuple[int, Location] | None = None
    rounds_142: tuple[int, Location] | None = None
    score_162: dict[str, Fraction] | None = None
    score_xxs: dict[str, Assignment] = field(default_factory=dict)
    tiebreak_list: tuple[str, ...] = ()
    standings_list: tuple[str, ...] = ()
    national_federation: str = ""
    rating_method: str = ""
    team: TeamHeader = field(default_factory=TeamHeader)
    records26: Records26 = field(default_factory=Records26)
    unapplied: set[str] = field(default_factory=set)


#: Records that can change standings but are not applied yet: said once each, never silently
#: (record -> why, a catalog sentence marked with ``N_``: it is said in the reader's language).
NOT_APPLIED: dict[str, str] = {}


def read_header_record(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """Read one tournament record into ``header``. Records that could change the standings but
    are not applied get one warning per record type; other records are legal and skipped."""
    record = line.record.upper()
    reader = _READERS.get(record)
    team_reader = TEAM_READERS.get(record)
    if reader is not None:
        reader(line, header, warnings)
    elif team_reader is not None:
        team_reader(line, header.team, warnings)
    elif record in NOT_APPLIED and record not in header.unapplied:
        header.unapplied.add(record)
        warnings.append(
            Diagnostic.told(
                N_("record %(record)s, %(reason)s"),
                line.location(1),
                code="trf.record-not-applied",
                record=record,
                reason=Word(NOT_APPLIED[record]),
            )
        )


def _read_name(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF-16 ``012``: tournament name."""
    header.name = line.content_after_record()[0]


def _read_start_date(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF-16 ``042``: start date; an unreadable date is a warning (start date unknown)."""
    text, column = line.content_after_record()
    header.start_date = parse_date(text) if text else None
    if text and header.start_date is None:
        message = N_(
            "start date %(text)s not understood (expected YYYY/MM/DD, YYYY-MM-DD, "
            "YYYY.MM.DD, DD.MM.YYYY or DD/MM/YYYY); the start date is left unknown"
        )
        warnings.append(
            Diagnostic.told(
                message, line.location(column), code="trf.start-date-unreadable", text=repr(text)
            )
        )


def _read_type_text(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF-16 ``092``: type of tournament, free text."""
    header.type_text, column = line.content_after_record()
    header.type_text_at = line.location(column)


def _read_type_code(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF26 ``192``: encoded tournament type (ETT26), e.g. ``FIDE_DUTCH_2025``."""
    header.type_code, column = line.content_after_record()
    header.type_code_at = line.location(column)


def _read_rounds(line: Line) -> tuple[int, Location]:
    """The number of rounds of ``XXR`` (JaVaFo) or ``142`` (TRF26): 1 to MAX_ROUNDS."""
    text, column = line.content_after_record()
    rounds = parse_count(text)
    if rounds is None or not 1 <= rounds <= MAX_ROUNDS:
        raise line.error(column, text, f"a number of rounds from 1 to {MAX_ROUNDS}")
    return rounds, line.location(column)


def _read_xxr(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """JaVaFo ``XXR n``: number of rounds."""
    header.rounds_xxr = _read_rounds(line)


def _read_142(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF26 ``142``: number of rounds."""
    header.rounds_142 = _read_rounds(line)


def _read_tiebreaks(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF26 ``202``: comma-separated rank-order descriptors used to break ties."""
    header.tiebreak_list = _descriptors(line)


def _read_standings(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF26 ``212``: rank-order descriptors defining the standings (with ``PTS``)."""
    header.standings_list = _descriptors(line)


def _descriptors(line: Line) -> tuple[str, ...]:
    """The non-empty stripped comma-separated tokens after the record identifier."""
    tokens = (token.strip() for token in line.content_after_record()[0].split(","))
    return tuple(token for token in tokens if token)


def _read_162(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF26 ``162``: score system; symbol at column 6, points at 7-10, then every 9 columns.

    The record is read as a sequence of ``symbol value`` pairs, so the official columns are
    accepted as well as slightly shifted ones. Symbols: W D L A P X (X is ignored).
    """
    values = dict(header.score_162 or {})
    position = 3
    text = line.text
    while True:
        position = _skip_blanks(text, position)
        if position >= len(text):
            break
        symbol = text[position].upper()
        if symbol not in _SYMBOLS_162:
            raise line.error(
                position + 1, text[position], "a score symbol of record 162: W, D, L, A, P or X"
            )
        value, position = _read_value(line, _skip_blanks(text, position + 1), symbol)
        values[symbol] = value
    header.score_162 = values


def _skip_blanks(text: str, position: int) -> int:
    """The index of the next non-blank character at or after ``position``."""
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def _read_value(line: Line, position: int, symbol: str) -> tuple[Fraction, int]:
    """The points value starting at index ``position``; returns it and the index after it."""
    end = position
    while end < len(line.text) and not line.text[end].isspace():
        end += 1
    value = parse_decimal(line.text[position:end])
    if value is None or not _bounded(value):
        raise line.error(
            position + 1,
            line.text[position:end],
            f"the points for {symbol!r}, a decimal number such as 1.0 {_BOUND_TEXT}",
        )
    return value, end


#: the bounds of model.scoring (as in our JSON): every value we write then reads back
_BOUND_TEXT = "(below 1000000, at most 4 decimals)"


def _bounded(value: Fraction) -> bool:
    """A score value below 10^6 in size with at most four decimals."""
    return abs(value) < MAX_POINTS and MAX_SCORE_DENOMINATOR % value.denominator == 0


def _read_xxs(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """JaVaFo ``XXS CODE=value ...``; shortcuts ``W`` and ``D``; the last assignment wins."""
    text = line.text
    position = _skip_blanks(text, 3)
    while position < len(text):
        match = _XXS_ASSIGNMENT.match(text, position)
        code = match.group(1).upper() if match else ""
        if match is None or (code not in _XXS_CODES and code not in _XXS_SHORTCUTS):
            token = text[position:].split()[0]
            raise line.error(
                position + 1,
                token,
                "a score assignment CODE=value with CODE one of "
                + " ".join((*_XXS_CODES, "W", "D")),
            )
        value = parse_decimal(match.group(2))
        if value is None or not _bounded(value):
            raise line.error(
                match.start(2) + 1,
                match.group(2),
                f"the points for {code}, a decimal number {_BOUND_TEXT}",
            )
        assignment = Assignment(value, line.location(position + 1))
        for target in _XXS_SHORTCUTS.get(code, (code,)):
            header.score_xxs[target] = assignment
        position = _skip_blanks(text, match.end())


#: TRF26 ``172`` methods: which rating the tournament uses
RATING_METHODS = {
    "FIDE": "FIDE rating",
    "NRO": "national rating only",
    "FIDON": "FIDE rating, else national",
    "NIDOF": "national rating, else FIDE",
    "HBFN": "the higher of FIDE and national",
    "LBFN": "the lower of FIDE and national",
    "OTHER": "another rule (not applied)",
}


def _read_172(line: Line, header: HeaderRecords, warnings: list[Diagnostic]) -> None:
    """TRF26 ``172``: national rating support: federation (columns 5-7) and method (9-13);
    the national ratings follow in lines starting with the federation code (``001`` layout,
    rating in columns 49-52)."""
    federation = line.field(5, 7).strip().upper()
    method = line.field(9, 13).strip().upper()
    if len(federation) != 3 or not federation.isalpha():
        raise line.error(5, federation, "a three-letter federation code in columns 5-7")
    if method not in RATING_METHODS:
        known = ", ".join(RATING_METHODS)
        raise line.error(9, method, f"a rating method in columns 9-13 ({known})")
    header.national_federation, header.rating_method = federation, method
    if method == "OTHER":
        warnings.append(
            Diagnostic.told(
                N_("record 172: rating method OTHER is not applied"),
                line.location(9),
                code="trf.rating-method-other",
            )
        )


_READERS: dict[str, Callable[[Line, HeaderRecords, list[Diagnostic]], None]] = {
    "012": _read_name,
    "042": _read_start_date,
    "092": _read_type_text,
    "142": _read_142,
    "162": _read_162,
    "172": _read_172,
    "192": _read_type_code,
    "202": _read_tiebreaks,
    "212": _read_standings,
    "XXR": _read_xxr,
    "XXS": _read_xxs,
    "240": lambda line, header, warnings: read_240(line, header.records26, warnings),
    "250": lambda line, header, warnings: read_250(line, header.records26, warnings),
    "XXA": lambda line, header, warnings: note_acceleration(line, header.records26, warnings),
    "299": lambda line, header, warnings: read_299(line, header.records26, warnings),
    **dict.fromkeys(
        WITHOUT_EFFECT,
        lambda line, header, warnings: note_without_effect(line, header.records26, warnings),
    ),
}


def declared_rounds(header: HeaderRecords, warnings: list[Diagnostic]) -> int | None:
    """Number of rounds from ``142`` (TRF26) or ``XXR`` (JaVaFo); ``142`` wins if they differ."""
    if header.rounds_142 and header.rounds_xxr and header.rounds_142[0] != header.rounds_xxr[0]:
        message = N_("record XXR says %(xxr)s rounds but record 142 says %(r142)s; using %(r142)s")
        warnings.append(
            Diagnostic.told(
                message,
                header.rounds_xxr[1],
                code="trf.rounds-disagree",
                xxr=header.rounds_xxr[0],
                r142=header.rounds_142[0],
            )
        )
    chosen = header.rounds_142 or header.rounds_xxr
    return chosen[0] if chosen else None


def rounds_location(header: HeaderRecords) -> Location | None:
    """Where the number of rounds used is declared (``142``, else ``XXR``; None: nowhere)."""
    chosen = header.rounds_142 or header.rounds_xxr
    return chosen[1] if chosen else None


def score_system(header: HeaderRecords, warnings: list[Diagnostic]) -> ScoreSystem:
    """The score system of TRF26 ``162``, then changed by JaVaFo ``XXS``; default 1-½-0."""
    base = STANDARD
    if header.score_162 is not None:
        values = header.score_162
        base = ScoreSystem.from_values(
            win=values.get("W", Fraction(1)),
            draw=values.get("D", Fraction(1, 2)),
            loss=values.get("L", Fraction(0)),
            absence=values.get("A", Fraction(0)),
            pairing_bye=values.get("P"),
        )
    if not header.score_xxs:
        return base
    return base.with_points(_xxs_changes(base, header.score_xxs, warnings))


def _xxs_changes(
    base: ScoreSystem, assigned: dict[str, Assignment], warnings: list[Diagnostic]
) -> dict[ResultKind, Fraction]:
    """The points changed by ``XXS``.

    White and black values of a game result (``WW``/``BW`` ...) must agree: otherwise the
    white value is used, with a warning. A pairing-allocated bye not assigned follows the
    win value when it followed it before (TRF26: P defaults to W).
    """
    changes: dict[ResultKind, Fraction] = {}
    base_values = {"W": base.win, "D": base.draw, "L": base.loss}
    for outcome, kinds in _XXS_GAME_KINDS.items():
        white, black = assigned.get("W" + outcome), assigned.get("B" + outcome)
        if white is None and black is None:
            continue
        white_value = white.value if white else base_values[outcome]
        black_value = black.value if black else base_values[outcome]
        if white_value != black_value:
            message = N_(
                "XXS gives W%(outcome)s %(white)s but B%(outcome)s %(black)s; colour-dependent"
                " points are not supported, using the white value %(white)s"
            )
            location = (black or white or Assignment(Fraction(0), Location())).location
            warnings.append(
                Diagnostic.told(
                    message,
                    location,
                    code="trf.xxs-colour-points",
                    outcome=outcome,
                    white=format_points(white_value),
                    black=format_points(black_value),
                )
            )
        changes.update(dict.fromkeys(kinds, white_value))
    for code, kinds in _XXS_SINGLE_KINDS.items():
        if code in assigned:
            changes.update(dict.fromkeys(kinds, assigned[code].value))
    follows_win = base.points[ResultKind.PAIRING_BYE] == base.win
    if "PAB" not in assigned and follows_win and ResultKind.WIN in changes:
        changes[ResultKind.PAIRING_BYE] = changes[ResultKind.WIN]
    return changes
