"""Writer of the FIDE Tournament Report File: TRF-16 player records (FIDE C.04 Annex 2) with
the TRF26 tournament and team records (spec §5.1-5.2), read back by :mod:`.trf`.

Records written, in this order: ``012`` name, ``042`` start date (``YYYY/MM/DD``), ``052``
end date (the last date the source gave), ``092``
type text, ``142`` and ``XXR`` number of rounds, ``162`` score system (only when it differs
from 1-½-0), ``XXS`` for the points ``162`` cannot say (forfeit win ``FW``, forfeit loss
``FL``, full- and half-point byes ``FPB``/``HPB``), ``172`` national rating support,
``192`` type code, ``202``/``212`` tie-break lists, the team records ``013`` (or ``310`` when
the teams are not numbered 1, 2, 3 ... in order, have short names, or team standings give
their ranks), ``320``, ``330``, ``352``, ``362``, the ``001`` player records in start-number
order, then the national rating lines (the ``172`` federation code in columns 1-3, the
``001`` layout, national rating in columns 49-52). Ratings in force from a later round (an
event over rating periods) follow the list changes as ``###`` comments
(:func:`..readers.trf_ratings.rating_comment`): TRF26 has no record for them.

``001`` columns (1-based, inclusive): start number 5-8, sex 10, title 11-13, name 15-47,
rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89,
then round r from column 92 + 10(r-1): opponent (4 columns, ``0000`` for none), colour at +5,
result code at +7. An absence is a blank round.

With a :class:`~tiebreaks.standings.Standings` the points column holds the standings' points
and the rank column the rank (individual standings; team standings fill the ``310`` ranks),
and ``202``/``212`` are the standings' tie-break list. Without, the points and rank read from
the source are kept (points are computed from the results when none were read).

Nothing is lost on the way: every value is checked before anything is written
(:mod:`.trf_limits`), and one TRF cannot hold raises
:class:`~tiebreaks.errors.FormatLimitError` naming the participant and the field, so that
the file written reads back to the same tournament
(:func:`tiebreaks.formats.round_trip.differences`). Names past their columns are cut only with
``shorten_names=True``, each cut reported. Fields TRF has no place for are not written:
published tie-break values (TRF carries ranks only). When
neither the ``092`` text nor the ``192`` code would name the tournament's pairing system and
the cross table would be read as the other one, a ``092`` text (``Swiss-System`` /
``Round robin``) or, if there is a text already, the ``192`` code ``CUSTOM_SWISS`` /
``CUSTOM_ROUNDROBIN`` is written so that the file is read back with the same system.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from ...engine.context import assigned_scores
from ...engine.spec import parse_spec
from ...errors import Diagnostic, FormatLimitError, TiebreaksError
from ...model import Colour, PairingSystem, Player, ResultKind, RoundResult, ScoreSystem, Tournament
from ...model.assignments import ListChange, PointAssignment
from ...model.team import TeamRecords
from ..readers.trf_checks import guess_pairing_system, pairing_system_from_records
from ..readers.trf_fields import format_points
from ..readers.trf_player import FIRST_ROUND_COLUMN, ROUND_WIDTH
from ..readers.trf_ratings import rating_comment
from ..readers.trf_records26 import format_assignment, list_change_comment
from .limits import TOURNAMENT, shortened_names
from .trf_limits import (
    NAME_WIDTH,
    SHORT_NAME_WIDTH,
    TEAM_NAME_WIDTH,
    check_header,
    check_player,
    check_round,
    check_round_ratings,
    check_start_numbers,
    check_teams,
    fitted_points,
)

if TYPE_CHECKING:
    from ...standings import Standings

__all__ = [
    "player_record",
    "published_points_and_ranks",
    "shortened_trf_names",
    "standings_descriptors",
    "type_records",
    "write_trf",
]

_PRIMARY_ACRONYMS = ("PTS", "POINTS")
_TEAM_PRIMARY = ("MP", "GP")
_XXS_CODES = {
    ResultKind.FORFEIT_WIN: "FW",
    ResultKind.FORFEIT_LOSS: "FL",
    ResultKind.FULL_BYE: "FPB",
    ResultKind.HALF_BYE: "HPB",
}
_SYSTEM_TEXT = {PairingSystem.SWISS: "Swiss-System", PairingSystem.ROUND_ROBIN: "Round robin"}
_SYSTEM_CODE = {PairingSystem.SWISS: "CUSTOM_SWISS", PairingSystem.ROUND_ROBIN: "CUSTOM_ROUNDROBIN"}


def write_trf(
    tournament: Tournament,
    standings: Standings | None = None,
    *,
    shorten_names: bool = False,
    changes: list[Diagnostic] | None = None,
    ranks: bool = True,
) -> str:
    """The tournament as TRF text (TRF-16 ``001`` records, TRF26 header and team records);
    see the module docstring. Lines end with LF; the text ends with a line break. Without
    ``ranks`` the standings give only the 202/212 lists: the points and ranks written are
    those the tournament states (TRF has no place for computed ranks apart from published
    ones).

    Raises :class:`~tiebreaks.errors.FormatLimitError` for a value TRF cannot hold, before
    anything is written. With ``shorten_names``, names wider than their columns are cut
    instead (:func:`shortened_trf_names`); each cut is added to ``changes`` (a list the caller
    gives) as a warning."""
    if shorten_names:
        tournament, cut = shortened_trf_names(tournament)
        if changes is not None:
            changes.extend(cut)
    published = _Published.of(tournament, standings, ranks)
    type_text, type_code = type_records(tournament)
    lists = published.lists or (tournament.tiebreak_list, tournament.standings_list)
    check_header(
        tournament,
        (type_text, type_code),
        (("tie-break list (202)", lists[0]), ("standings list (212)", lists[1])),
    )
    check_start_numbers(tournament.players)
    lines = [*_header_lines(tournament, (type_text, type_code), lists)]
    lines.extend(map(list_change_comment, list_changes(tournament, standings, lists)))
    check_round_ratings(tournament)
    lines.extend(map(rating_comment, tournament.round_ratings))  # ratings of later periods
    lines.extend(map(checked_assignment, tournament.point_assignments))
    if tournament.team_records is not None:
        check_teams(tournament.team_records)
        lines.extend(_team_lines(tournament.team_records, published))
    for player in tournament.players:
        points, stated, rank = published.points_and_rank(player, tournament.score_system)
        lines.append(_checked_record(player, points, stated, rank))
    lines.extend(_national_rating_lines(tournament))
    return "\n".join(lines) + "\n"


def list_changes(
    tournament: Tournament,
    standings: Standings | None,
    lists: tuple[tuple[str, ...], tuple[str, ...]],
) -> tuple[ListChange, ...]:
    """The changes of the tie-break list to record: those the file recorded, then this one
    when the standings' list differs from the list the file declared (``212``, else ``202``;
    compared as descriptors, so ``BH/C1`` and ``bh/c1`` are the same list)."""
    changes = tournament.list_changes
    record = "212" if tournament.standings_list else "202" if tournament.tiebreak_list else ""
    if standings is None or not record:
        return changes
    declared = tournament.standings_list or tournament.tiebreak_list
    written = lists[1] if record == "212" else lists[0]
    if _canonical(declared) == _canonical(written):
        return changes
    return (*changes, ListChange(record, standings.rounds, declared))


def _canonical(descriptors: tuple[str, ...]) -> tuple[str, ...]:
    """The descriptors as the engine writes them (each one as written when it is none)."""
    canonical = []
    for descriptor in descriptors:
        try:
            canonical.append(str(parse_spec(descriptor)))
        except TiebreaksError:
            canonical.append(descriptor.strip().upper())
    return tuple(canonical)


def checked_assignment(item: PointAssignment) -> str:
    """The ``299`` record of ``item``; a value wider than its 5 columns is refused."""
    for field, value in (("match points", item.match_points), ("points", item.points)):
        if value is not None and len(format_points(value)) > _ASSIGNMENT_WIDTH:
            raise FormatLimitError(
                "TRF",
                "the tournament",
                f"{field} of a 299 record",
                format_points(value),
                "the 299 record's columns (e.g. -10.5 at most 5 characters)",
            )
    if item.round > _ASSIGNMENT_ROUNDS or any(n > _ASSIGNMENT_ID for n in item.participants):
        raise FormatLimitError(
            "TRF", "the tournament", "a 299 record", item, "rounds to 999, numbers to 9999"
        )
    return format_assignment(item)


_ASSIGNMENT_WIDTH = 5
_ASSIGNMENT_ROUNDS = 999
_ASSIGNMENT_ID = 9999


def shortened_trf_names(tournament: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    """The tournament with player names cut to TRF's 33 columns, team names to 32 and short
    team names to 5, and a warning for each name cut (and for names made equal)."""
    return shortened_names(tournament, NAME_WIDTH, TEAM_NAME_WIDTH, SHORT_NAME_WIDTH)


def standings_descriptors(standings: Standings) -> tuple[str, ...]:
    """The rank-order descriptors of the standings' tie-break list, as TRF26 ``212`` writes
    them: the primary score (``PTS``, or a team's ``MP``/``GP`` ranking first) is ``PTS``."""
    descriptors = []
    for index, spec in enumerate(standings.tiebreaks):
        primary = spec.acronym in _PRIMARY_ACRONYMS or (
            standings.is_team and index == 0 and spec.acronym in _TEAM_PRIMARY
        )
        descriptors.append("PTS" if primary else str(spec))
    return tuple(descriptors)


def published_points_and_ranks(
    standings: Standings,
) -> dict[int, tuple[Fraction | None, int | None]]:
    """Start number -> (points, rank) of individual standings (empty for team standings); a
    participant left out of the ranking (withdrawn, expelled) has no rank (None)."""
    if standings.is_team:
        return {}
    label = next(
        (
            column
            for spec, column in zip(standings.tiebreaks, standings.columns, strict=True)
            if spec.acronym in _PRIMARY_ACRONYMS
        ),
        None,
    )
    return {
        row.player.start_number: (None if label is None else row.values[label], row.rank or None)
        for row in (*standings.rows, *standings.not_ranked)
    }


class _Published:
    """Points, ranks and tie-break lists to publish: from the standings when given."""

    def __init__(self) -> None:
        self.points: dict[int, Fraction | None] = {}
        self.ranks: dict[int, int | None] = {}
        self.team_ranks: dict[int, int] = {}
        self.team_values: dict[int, dict[str, Fraction | None]] = {}
        self.lists: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        #: the scores with the TRF26 299 assignments (None: there are none)
        self.scores: dict[int, Fraction] | None = None

    @classmethod
    def of(
        cls, tournament: Tournament, standings: Standings | None, ranks: bool = True
    ) -> _Published:
        published = cls()
        if tournament.point_assignments and tournament.team_records is None:
            published.scores = assigned_scores(tournament)
        if standings is None:
            return published
        descriptors = standings_descriptors(standings)
        published.lists = (tuple(d for d in descriptors if d != "PTS"), tuple(descriptors))
        if not ranks:
            return published
        if standings.is_team:
            for row in standings.rows:
                published.team_ranks[row.player.start_number] = row.rank
                published.team_values[row.player.start_number] = row.values
            return published
        for number, (points, rank) in published_points_and_ranks(standings).items():
            published.ranks[number] = rank
            published.points[number] = points
        return published

    def points_and_rank(
        self, player: Player, scoring: ScoreSystem
    ) -> tuple[Fraction | None, bool, int | None]:
        """The points and rank of a player's ``001`` record, and whether the points are
        stated (read or published: they must be written) rather than computed here."""
        number = player.start_number
        if number in self.ranks:
            points = self.points.get(number)
            return points, points is not None, self.ranks[number]
        points = player.stated_points
        if points is not None:
            return points, True, player.stated_rank
        if self.scores is not None:  # TRF26 299: the score with its assignments
            return self.scores[number], False, player.stated_rank
        points = sum((scoring.points[result.kind] for result in player.results), Fraction(0))
        return points, False, player.stated_rank


def _put(line: list[str], first: int, text: str, width: int, right: bool = False) -> None:
    """Write ``text`` into columns ``first``..``first + width - 1`` (1-based); the checks of
    :mod:`.trf_limits` have made sure that it fits."""
    field = text.rjust(width) if right else text.ljust(width)
    line[first - 1 : first - 1 + width] = list(field)


def _points_field(points: Fraction | None) -> str:
    """Points for columns 81-84 (blank when there are none, or they do not fit)."""
    return "" if points is None else fitted_points(points) or ""


def _team_points_field(points: Fraction | None) -> str:
    """Published match or game points for a 6-column field of ``310`` (which the reader
    does not read back: the standings publish them), blank when they do not fit."""
    if points is None or points < 0:
        return ""
    text = format_points(points)
    return text if len(text) <= 6 and "/" not in text else ""


def player_record(player: Player, points: Fraction | None, rank: int | None) -> str:
    """A TRF-16 ``001`` record: the player's columns 1-89, then one field per round.
    Raises :class:`~tiebreaks.errors.FormatLimitError` for a value the record cannot hold."""
    return _checked_record(player, points, points is not None, rank)


def _checked_record(player: Player, points: Fraction | None, stated: bool, rank: int | None) -> str:
    """:func:`player_record`; computed points (not ``stated``) that do not fit are left
    blank."""
    check_player(player, points, stated, rank)
    head = _player_columns(player, "001", player.rating, points, rank)
    rounds = []
    for round_number, result in enumerate(player.results, start=1):
        check_round(player, round_number, result)
        rounds.append(_round_field(result))
    return (head + "".join(rounds)).rstrip()


def _player_columns(
    player: Player, record: str, rating: int | None, points: Fraction | None, rank: int | None
) -> str:
    """Columns 1-91 of the ``001`` layout (also used by the national rating lines)."""
    line = [" "] * (FIRST_ROUND_COLUMN - 1)
    _put(line, 1, record, 3)
    _put(line, 5, str(player.start_number), 4, right=True)
    _put(line, 10, player.sex, 1)
    _put(line, 11, player.title, 3, right=True)
    _put(line, 15, player.name, 33)
    _put(line, 49, str(rating) if rating else "", 4, right=True)
    _put(line, 54, player.federation, 3)
    _put(line, 58, player.fide_id, 11, right=True)
    _put(line, 70, player.birth_date, 10)
    _put(line, 81, _points_field(points), 4, right=True)
    _put(line, 86, str(rank) if rank else "", 4, right=True)
    return "".join(line)


def _round_field(result: RoundResult) -> str:
    """One round (10 columns): opponent, colour and result code; blanks for an absence."""
    if result.kind is ResultKind.ABSENT:
        return " " * ROUND_WIDTH
    opponent = f"{result.opponent:>4}" if result.opponent is not None else "0000"
    colour = result.colour.value if result.colour is not Colour.NONE else "-"
    return f"{opponent} {colour} {result.kind.value}  "


def _header_lines(
    tournament: Tournament,
    types: tuple[str, str],
    lists: tuple[tuple[str, ...], tuple[str, ...]],
) -> Iterator[str]:
    type_text, type_code = types
    if tournament.name:
        yield f"012 {tournament.name}"
    start = tournament.start_date
    if start is not None:  # four digits of year always (strftime gives 999 for the year 999)
        yield f"042 {start.year:04d}/{start.month:02d}/{start.day:02d}"
    end = tournament.span.last if tournament.span is not None else None
    if end is not None and end != start:  # the end date: how long the event lasts
        yield f"052 {end.year:04d}/{end.month:02d}/{end.day:02d}"
    if type_text:
        yield f"092 {type_text}"
    if tournament.rounds >= 1:
        yield f"142 {tournament.rounds}"
        yield f"XXR {tournament.rounds}"
    yield from _score_lines(tournament.score_system)
    if tournament.national_federation and tournament.rating_method:
        yield f"172 {tournament.national_federation:<3} {tournament.rating_method}"
    if type_code:
        yield f"192 {type_code}"
    tiebreaks, standings_list = lists
    if tiebreaks:
        yield "202 " + ",".join(tiebreaks)
    if standings_list:
        yield "212 " + ",".join(standings_list)


def type_records(tournament: Tournament) -> tuple[str, str]:
    """The ``092`` text and ``192`` code written for the tournament: its own, unless the file
    would then be read back with the other pairing system (see the module docstring).
    Raises :class:`~tiebreaks.errors.FormatLimitError` when no text and code the writer may
    choose name the tournament's pairing system (both are given and say otherwise)."""
    wanted = tournament.pairing_system
    text, code = tournament.type_text, tournament.type_code
    candidates = [(text, code)]
    if not text:
        candidates.append((_SYSTEM_TEXT[wanted], code))
    if not code:
        candidates.append((text, _SYSTEM_CODE[wanted]))
    for candidate_text, candidate_code in candidates:
        decided = pairing_system_from_records(candidate_code, candidate_text)
        if decided is None:
            decided = guess_pairing_system(tournament.players, tournament.rounds)
        if decided is wanted:
            return candidate_text, candidate_code
    raise FormatLimitError(
        "TRF",
        TOURNAMENT,
        "pairing system",
        wanted.value,
        f"TRF, which would read it from the type {text!r} (092) and the type code {code!r} "
        "(192) as another",
        "correct the type or the type code, or write our JSON, which holds the pairing system",
    )


def _score_lines(system: ScoreSystem) -> Iterator[str]:
    """TRF26 ``162`` (W D L A P, symbol at column 6, value at 7-10, every 9 columns) when the
    system is not 1-½-0, and JaVaFo ``XXS`` for the forfeit and bye values ``162`` cannot
    give."""
    points = system.points
    values = {
        "W": points[ResultKind.WIN],
        "D": points[ResultKind.DRAW],
        "L": points[ResultKind.LOSS],
        "A": points[ResultKind.ZERO_BYE],
        "P": points[ResultKind.PAIRING_BYE],
    }
    base = ScoreSystem.from_values(
        win=values["W"],
        draw=values["D"],
        loss=values["L"],
        absence=values["A"],
        pairing_bye=values["P"],
    )
    if not base.is_standard:
        fields = [
            f"{symbol}{format_points(value):>4}" for symbol, value in values.items() if value >= 0
        ]
        yield "162  " + "    ".join(fields)
    changes = [
        f"{code}={format_points(points[kind])}"
        for kind, code in _XXS_CODES.items()
        if points[kind] != base.points[kind] and points[kind] >= 0
    ]
    if changes:
        yield "XXS " + " ".join(changes)


def _team_lines(records: TeamRecords, published: _Published) -> Iterator[str]:
    numbered = [team.number for team in records.teams] == list(range(1, len(records.teams) + 1))
    plain = numbered and not any(team.short_name or team.stated_rank for team in records.teams)
    for team in records.teams:
        members = "".join(f"{number:>4} " for number in team.players)
        if plain and not published.team_ranks:
            yield (f"013 {team.name:<32}" + members).rstrip()
            continue
        values = published.team_values.get(team.number, {})
        match_points = _team_points_field(values.get("MP"))
        game_points = _team_points_field(values.get("GP"))
        rank = published.team_ranks.get(team.number, team.stated_rank)
        head = f"310 {team.number:>3} {team.name:<32} {team.short_name:<5} {'':<6} "
        head += f"{match_points:>6} {game_points:>6} {rank or '':>3}  "
        yield (head + members).rstrip()
    yield from _team_match_lines(records)


def _team_match_lines(records: TeamRecords) -> Iterator[str]:
    """TRF26 ``320`` team byes, ``330`` forfeited matches, ``300`` line-ups, ``352`` colours,
    ``362`` points."""
    if records.bye_match_points is not None and records.bye_game_points is not None:
        last = max(records.bye_teams, default=0)
        byes = "".join(f" {records.bye_teams.get(r, 0):03d}" for r in range(1, last + 1))
        head = f"320 {_points_field(records.bye_match_points):>4}"
        yield f"{head} {_points_field(records.bye_game_points):>4}{byes}"
    for forfeit in records.forfeits:
        yield f"330 {forfeit.code} {forfeit.round:>3} {forfeit.white:>3} {forfeit.black:>3}"
    for line_up in records.line_ups:
        boards = "".join(f" {number:>4}" if number else " 0000" for number in line_up.players)
        yield f"300 {line_up.round:>3} {line_up.team:>3} {line_up.opponent:>3}{boards}"
    if records.board_colours:
        yield f"352 {records.board_colours}"
    match_values = (records.match_win, records.match_draw, records.match_loss)
    yield "362 " + "   ".join(
        f"T{symbol}{format_points(value):>4}"
        for symbol, value in zip("WDL", match_values, strict=True)
    )


def _national_rating_lines(tournament: Tournament) -> Iterator[str]:
    """TRF26 national rating lines after ``172`` (federation code in columns 1-3)."""
    federation = tournament.national_federation
    if not federation or not tournament.rating_method:
        return
    for player in tournament.players:
        if player.national_rating is not None:
            line = _player_columns(player, federation, player.national_rating, None, None)
            yield line.rstrip()
