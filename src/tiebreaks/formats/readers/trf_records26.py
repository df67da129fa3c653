"""TRF26 records that are not scores nor lists: ``299`` abnormal point assignments, ``240``
byes, ``250`` accelerated rounds (and JaVaFo ``XXA``), and the records that cannot change
standings or tie-breaks: named in one warning when they hold data an arbiter may expect to
count (``260`` prohibited pairings, ``801``/``802`` informative team records, JaVaFo ``XXP``
``XXZ``), read silently when they are plain information (``152`` initial colour, ``182``
pairing controller, ``222`` time control, JaVaFo ``XXC``; like TRF-16's ``022`` ... ``132``).

Layouts (TRF26, "Abnormal Assignment Points", "Bye Section", "Accelerated Rounds"):

* ``299``: type at column 5 (``W D L F H Z + -``, blank = penalty or bonus), match points
  (teams) at 8-11, points (game points for teams) at 14-17, both ``[-]11.5``; round at 20-22
  (``000`` or blank: all rounds; ``999`` for a penalty or bonus: the standings only, as the
  FIDE reference engine reads it); the participants from column 24, every 5 columns. A type
  without round and participants gives the points of that result for everyone.
* ``240``: type at 5 (``F H Z``), round at 7-9, the participants from column 11.
* ``250``: fictitious match points at 5-8, fictitious points at 10-13, first and last round
  at 15-17 and 19-21, first and last participant at 23-26 and 28-31.

The values are read a column or two either side of their place (the numbers are what counts).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...errors import N_, Diagnostic, Listed, Location, Phrase, Word
from ...model import ABSENT, Player, ResultKind, RoundResult, ScoreSystem
from ...model.assignments import (
    ALL_ROUNDS,
    ASSIGNMENT_KINDS,
    FINAL_STANDINGS,
    ListChange,
    PointAssignment,
)
from ...model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR
from .trf_fields import Line, format_points, parse_count, parse_decimal

#: records read that cannot change standings or tie-breaks but hold data an arbiter may expect
#: to count: what each one holds (named in one warning)
WITHOUT_EFFECT = {
    "260": N_("prohibited pairings"),
    "801": N_("informative team record"),
    "802": N_("informative team record"),
    "XXP": N_("forbidden pairs"),
    "XXZ": N_("absent players of the round to pair"),
}
#: records of plain information, read without a word, as TRF-16's 022 ... 132
INFORMATION = ("152", "182", "222", "XXC")
_BYE_KINDS = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
_TYPES = "WDLFHZ+-"


@dataclass
class Records26:
    """What the records of this module hold, while the file is read."""

    assignments: list[tuple[PointAssignment, Line]] = field(default_factory=list)
    #: typed 299 records without participants: (type, points, match points, line)
    score_values: list[tuple[str, Fraction, Fraction | None, Line]] = field(default_factory=list)
    byes: list[tuple[ResultKind, int, tuple[int, ...], Line]] = field(default_factory=list)
    acceleration: tuple[str, Location] | None = None
    without_effect: dict[str, Location] = field(default_factory=dict)


def _signed(line: Line, first: int, last: int, what: str) -> Fraction | None:
    """The signed decimal in columns ``first``-``last`` (None when blank); bounded as every
    score value (below 10^6, at most 4 decimals)."""
    text = line.field(first, last).strip()
    if not text:
        return None
    sign = -1 if text.startswith("-") else 1
    value = parse_decimal(text.lstrip("+-"))
    if value is None or abs(value) >= MAX_POINTS or MAX_SCORE_DENOMINATOR % value.denominator:
        raise line.error(first, text, f"{what}, a decimal number such as -1.0 or 0.5")
    return sign * value


def _numbers(line: Line, first: int, what: str) -> tuple[int, ...]:
    """The participant numbers from column ``first`` on (at least one)."""
    numbers: list[int] = []
    position = first - 1
    text = line.text
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        end = position
        while end < len(text) and not text[end].isspace():
            end += 1
        number = parse_count(text[position:end])
        if number is None:
            raise line.error(position + 1, text[position:end], f"a {what} number")
        numbers.append(number)
        position = end
    if not numbers:
        raise line.error(first, "", f"at least one {what} number from column {first}")
    return tuple(numbers)


def _round(line: Line, first: int, last: int, blank_is_all: bool) -> int:
    text = line.field(first, last).strip()
    if not text and blank_is_all:
        return 0
    number = parse_count(text)
    if number is None or (number == 0 and not blank_is_all):
        raise line.error(first, text, f"a round number in columns {first}-{last}")
    return number


def read_299(line: Line, records: Records26, warnings: list[Diagnostic]) -> None:
    """TRF26 ``299``: one abnormal point assignment (see the module docstring)."""
    kind = line.field(5, 5).strip().upper()
    if kind and kind not in _TYPES:
        raise line.error(5, kind, "the type of record 299 at column 5: W D L F H Z + - or blank")
    match_points = _signed(line, 6, 12, "the match points of record 299 (columns 8-11)")
    points = _signed(line, 13, 18, "the points of record 299 (columns 14-17)")
    if points is None:
        raise line.error(14, "", "the points of record 299 in columns 14-17, e.g. -1.0")
    round_number = _round(line, 19, 23, blank_is_all=True)
    if kind and round_number == ALL_ROUNDS and not line.field(24, len(line.text)).strip():
        # a type for every round and no participant: the points of that result for everyone
        records.score_values.append((kind, points, match_points, line))
        return
    participants = _numbers(line, 24, "participant")
    item = PointAssignment(kind, points, match_points, round_number, participants)
    records.assignments.append((item, line))


def read_240(line: Line, records: Records26, warnings: list[Diagnostic]) -> None:
    """TRF26 ``240``: byes of one round (type F, H or Z at column 5, round at 7-9)."""
    kind = line.field(5, 5).strip().upper()
    if kind not in _BYE_KINDS:
        raise line.error(5, kind, "the type of bye of record 240 at column 5: F, H or Z")
    round_number = _round(line, 6, 10, blank_is_all=False)
    records.byes.append((_BYE_KINDS[kind], round_number, _numbers(line, 11, "participant"), line))


def read_250(line: Line, records: Records26, warnings: list[Diagnostic]) -> None:
    """TRF26 ``250``: accelerated rounds; checked, never counted (see :func:`report`)."""
    _signed(line, 5, 8, "the fictitious match points of record 250 (columns 5-8)")
    if _signed(line, 9, 13, "the fictitious points of record 250 (columns 10-13)") is None:
        raise line.error(10, "", "the fictitious points of record 250 in columns 10-13")
    first, last = _round(line, 14, 17, False), _round(line, 18, 21, False)
    if last < first:
        raise line.error(19, line.field(19, 21), f"a last round from {first} (the first round)")
    _numbers(line, 22, "participant")
    note_acceleration(line, records, warnings)


def note_acceleration(line: Line, records: Records26, warnings: list[Diagnostic]) -> None:
    """``250`` or JaVaFo ``XXA`` accelerated points: the first one is kept for the warning."""
    if records.acceleration is None:
        records.acceleration = (line.record.upper(), line.location(1))


def note_without_effect(line: Line, records: Records26, warnings: list[Diagnostic]) -> None:
    """A record that cannot change the standings: its first place is kept for the warning."""
    records.without_effect.setdefault(line.record.upper(), line.location(1))


def report(records: Records26, warnings: list[Diagnostic]) -> None:
    """One warning for the accelerated rounds (never counted) and one naming every record
    read that cannot change standings or tie-breaks, located at the first of them."""
    if records.acceleration is not None:
        record, location = records.acceleration
        message = N_(
            "record %(record)s, accelerated rounds: the fictitious points are for pairing only "
            "(FIDE C.04.5); they enter neither the scores nor any tie-break"
        )
        warnings.append(
            Diagnostic.told(message, location, code="trf.acceleration-ignored", record=record)
        )
    if records.without_effect:
        named = tuple(
            Phrase(N_("%(record)s (%(what)s)"), record=record, what=Word(WITHOUT_EFFECT[record]))
            for record in records.without_effect
        )
        first = min(records.without_effect.values(), key=lambda at: (at.line, at.column))
        warnings.append(
            Diagnostic.told(
                N_("records read that cannot change the standings or tie-breaks: %(records)s"),
                first,
                code="trf.records-without-effect",
                records=Listed(named),
            )
        )


def checked_assignments(
    records: Records26,
    participants: Sequence[Player] | None,
    team_numbers: Sequence[int],
    rounds: int,
    warnings: list[Diagnostic],
) -> tuple[PointAssignment, ...]:
    """The ``299`` assignments that apply: a participant not in the file, a round after the
    last one, match points in an individual event and a typed assignment that matches no
    result are warnings (located at the record)."""
    team = participants is None
    by_number = {player.start_number: player for player in participants or ()}
    known = set(team_numbers) if team else set(by_number)
    kept: list[PointAssignment] = []
    for item, line in records.assignments:
        final = item.round == FINAL_STANDINGS and item.is_adjustment
        if item.round > rounds and not final:
            message = N_(
                "record 299: round %(round)s is after the last round (%(rounds)s): not applied"
            )
            warn_unused(warnings, line, message, round=item.round, rounds=rounds)
            continue
        present = tuple(number for number in item.participants if number in known)
        unknown = [number for number in item.participants if number not in known]
        if unknown:
            listed = ", ".join(map(str, unknown))
            warn_unused(warnings, line, _UNKNOWN[team, bool(present)], numbers=listed)
        if item.match_points is not None and not team:
            message = N_("record 299: match points in an individual event: they are ignored")
            warn_unused(warnings, line, message)
        if not team and not item.is_adjustment:
            _check_typed(item, [by_number[number] for number in present], line, warnings)
        if present:
            kept.append(replace(item, participants=present))
    return tuple(kept)


def scored_assignments(
    records: Records26, scoring: ScoreSystem, team: bool, warnings: list[Diagnostic]
) -> ScoreSystem:
    """The score system with the typed ``299`` records that name no participant and no round
    (``299 +       2.0``: the points of that result for everyone, as the FIDE reference
    engine reads them); in a team event they are a warning (not applied)."""
    if not records.score_values:
        return scoring
    if team:
        line = records.score_values[0][3]
        message = N_("record 299: a result's points for every team (no participant): not applied")
        warn_unused(warnings, line, message)
        return scoring
    changes: dict[ResultKind, Fraction] = {}
    for kind, points, _, _ in records.score_values:
        changes.update(dict.fromkeys(ASSIGNMENT_KINDS[kind], points))
    return scoring.with_points(changes)


def _check_typed(
    item: PointAssignment, players: Sequence[Player], line: Line, warnings: list[Diagnostic]
) -> None:
    """A typed assignment whose type is no result of a listed player in its round(s)."""
    for player in players:
        rounds = range(1, len(player.results) + 1) if item.round == 0 else (item.round,)
        if not any(item.applies(r, _kind(player, r)) for r in rounds):
            number, typed = player.start_number, repr(item.type)
            if item.round == 0:
                message = N_(
                    "record 299: player %(number)s has no result of type %(type)s in any round:"
                    " nothing to assign there; the type must be that of the 001 record's result"
                )
                warn_unused(warnings, line, message, number=number, type=typed)
                continue
            message = N_(
                "record 299: player %(number)s has no result of type %(type)s in round"
                " %(round)s (found: %(found)s): nothing to assign there; the type must be that"
                " of the 001 record's result"
            )
            found = Word(_kind(player, item.round).description)
            warn_unused(
                warnings, line, message, number=number, type=typed, round=item.round, found=found
            )


def _kind(player: Player, round_number: int) -> ResultKind:
    results = player.results
    return results[round_number - 1].kind if round_number <= len(results) else ResultKind.ABSENT


#: a ``299`` record naming participants the file does not have, by (team event, some named
#: participants present)
_UNKNOWN = {
    (False, False): N_("record 299: no player %(numbers)s in the file: not applied"),
    (False, True): N_("record 299: no player %(numbers)s in the file; the others are applied"),
    (True, False): N_("record 299: no team %(numbers)s in the file: not applied"),
    (True, True): N_("record 299: no team %(numbers)s in the file; the others are applied"),
}


def warn_unused(warnings: list[Diagnostic], line: Line, message: str, **fields: str | int) -> None:
    """The warning of a ``299`` record that is not applied, or not in full (the individual
    checks here, the team checks in :mod:`.trf_team_checks`)."""
    warnings.append(
        Diagnostic.told(
            message,
            line.location(1),
            hint=None,
            code="trf.assignment-unused",
            subject="",
            **fields,
        )
    )


def applied_byes(
    players: tuple[Player, ...], records: Records26, rounds: int, warnings: list[Diagnostic]
) -> tuple[Player, ...]:
    """The players with the byes of ``240`` records (individual events): a round the ``001``
    record leaves blank gets the bye; a round with another result keeps it, with a warning;
    a round after the last one (a bye announced for the round to pair) cannot change the
    standings and is said once."""
    if not records.byes:
        return players
    index_of = {player.start_number: index for index, player in enumerate(players)}
    results = [list(player.results) for player in players]
    later: Line | None = None
    for kind, round_number, numbers, line in records.byes:
        if round_number > rounds:
            later = later or line
            continue
        for number in numbers:
            _apply_bye(results, index_of.get(number), kind, (round_number, number), line, warnings)
    if later is not None:
        message = N_(
            "record 240: byes for a round after the last round with results; they cannot "
            "change these standings"
        )
        warnings.append(Diagnostic.told(message, later.location(1), code="trf.bye-later-round"))
    return tuple(
        player if list(player.results) == row else replace(player, results=tuple(row))
        for player, row in zip(players, results, strict=True)
    )


def _apply_bye(
    results: list[list[RoundResult]],
    index: int | None,
    kind: ResultKind,
    where: tuple[int, int],
    line: Line,
    warnings: list[Diagnostic],
) -> None:
    round_number, number = where
    if index is None:
        message = N_("record 240: no player %(number)s in the file; the bye is not applied")
        warnings.append(
            Diagnostic.told(message, line.location(11), code="trf.bye-disagrees", number=number)
        )
        return
    current = results[index][round_number - 1]
    if current.kind is kind:
        return
    if current == ABSENT:
        results[index][round_number - 1] = RoundResult(kind)
        return
    message = N_(
        "record 240 gives player %(number)s a %(bye)s in round %(round)s but the 001 record has"
        " a %(found)s; the 001 record is used"
    )
    warnings.append(
        Diagnostic.told(
            message,
            line.location(1),
            code="trf.bye-disagrees",
            number=number,
            bye=Word(kind.description),
            round=round_number,
            found=Word(current.kind.description),
        )
    )


def format_assignment(item: PointAssignment) -> str:
    """The ``299`` record of ``item`` (columns of the module docstring)."""
    match_points = "" if item.match_points is None else format_points(item.match_points)
    text = (
        f"299 {item.type or ' '}  {match_points:>4}  {format_points(item.points):>4}  "
        f"{item.round:03d}"
    )
    return text + "".join(f" {number:4d}" for number in item.participants)


#: the comment a TRF we write records a change of the declared tie-break list with
LIST_CHANGE = re.compile(
    r"^### (202|212) changed after round (\d{1,3}); previous list: (.*)$", re.IGNORECASE
)


def list_change_comment(change: ListChange) -> str:
    """The ``###`` comment recording ``change`` (read back by :func:`read_list_changes`)."""
    previous = ",".join(change.previous) or "(none)"
    return f"### {change.record} changed after round {change.round}; previous list: {previous}"


def read_list_changes(text: str, source: str, warnings: list[Diagnostic]) -> tuple[ListChange, ...]:
    """The recorded changes of the tie-break list (``###`` comments written by
    :func:`list_change_comment`), each reported by a located warning."""
    if "changed after round" not in text:
        return ()
    changes: list[ListChange] = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        match = LIST_CHANGE.match(raw.rstrip())
        if match is None:
            continue
        record, round_number, listed = match.group(1), int(match.group(2)), match.group(3)
        previous = tuple(t.strip() for t in listed.split(",") if t.strip() and listed != "(none)")
        changes.append(ListChange(record, round_number, previous))
        message = N_(
            "the tie-break list of record %(record)s was changed after round %(round)s; the"
            " list before was %(previous)s"
        )
        if not previous:
            message = N_(
                "the tie-break list of record %(record)s was changed after round %(round)s; the"
                " list before was (none)"
            )
        warnings.append(
            Diagnostic.told(
                message,
                Location(source, number, 1),
                hint=None,
                code="trf.tiebreak-list-changed",
                subject="",
                record=record,
                round=round_number,
                **({"previous": ", ".join(previous)} if previous else {}),
            )
        )
    return tuple(changes)
