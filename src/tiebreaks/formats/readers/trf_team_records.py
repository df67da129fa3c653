"""Team records of a TRF file: TRF-16 ``013``; TRF26 ``310`` (team), ``320`` (team
pairing-allocated byes), ``330`` (forfeited matches), ``352`` (board colours), ``362`` (match
points). Columns are 1-based and inclusive (spec §5.1-5.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...errors import N_, Diagnostic
from ...model.team import ForfeitedMatch, LineUp, TeamRecord, TeamRecords
from .trf_fields import Line, parse_count, parse_decimal

_CODES_362 = ("TW", "TD", "TL")


@dataclass
class TeamHeader:
    """Team records read so far (mutable while the file is read)."""

    teams: list[TeamRecord] = field(default_factory=list)
    bye_match_points: Fraction | None = None
    bye_game_points: Fraction | None = None
    bye_teams: dict[int, int] = field(default_factory=dict)
    forfeits: list[ForfeitedMatch] = field(default_factory=list)
    board_colours: str = ""
    match_points: dict[str, Fraction] = field(default_factory=dict)
    #: where each bye team of a ``320`` record was read: round -> (line, column)
    bye_places: dict[int, tuple[Line, int]] = field(default_factory=dict)
    #: the line of each ``330`` record, in the order of ``forfeits``
    forfeit_lines: list[Line] = field(default_factory=list)
    #: TRF26 ``300`` line-ups and their lines
    line_ups: list[tuple[LineUp, Line]] = field(default_factory=list)

    def check_byes(self, rounds: int) -> None:
        """Every ``320`` bye is in a round of the tournament and names a listed team (an
        input error at its columns otherwise: the bye could not be given to anyone)."""
        numbers = {team.number for team in self.teams}
        for round_number, team in self.bye_teams.items():
            line, column = self.bye_places[round_number]
            text = line.field(column, column + 2).strip()
            if round_number > rounds:
                where = f"rounds 1-{rounds} only" if rounds else "no round: the file has none"
                raise line.error(column, text, f"a bye team in {where}")
            if team not in numbers:
                raise line.error(
                    column,
                    text,
                    f"the number of a listed team (no team {team}, round {round_number})",
                )

    def check_forfeits(self, rounds: int) -> None:
        """Every ``330`` forfeited match is in a round of the tournament, between two listed
        teams, and is the only record of its teams in that round (no other ``330``, no
        ``320`` bye): otherwise the team's match of that round depends on which record we
        believe, an input error at the column of the round or of the team."""
        numbers = {team.number for team in self.teams}
        seen: dict[tuple[int, int], Line] = {}
        for forfeit, line in zip(self.forfeits, self.forfeit_lines, strict=True):
            if forfeit.round > rounds:
                where = f"rounds 1-{rounds} only" if rounds else "no round: the file has none"
                raise line.error(8, line.field(8, 10).strip(), f"a forfeited match in {where}")
            sides = ((forfeit.white, 12, "White"), (forfeit.black, 16, "Black"))
            for team, column, colour in sides:
                text = line.field(column, column + 2).strip()
                if team not in numbers:
                    raise line.error(column, text, f"the number of a listed team (no team {team})")
                if colour == "Black" and team == forfeit.white:
                    raise line.error(column, text, "a Black team other than the White team")
                self._check_alone(forfeit.round, team, line, column, seen)

    def _check_alone(
        self,
        round_number: int,
        team: int,
        line: Line,
        column: int,
        seen: dict[tuple[int, int], Line],
    ) -> None:
        """Team ``team`` has no other ``330`` record and no ``320`` bye in ``round_number``."""
        text = line.field(column, column + 2).strip()
        earlier = seen.setdefault((round_number, team), line)
        if earlier is not line:
            raise line.error(
                column,
                text,
                f"a team in one forfeited match per round (team {team} is already in the "
                f"forfeited match of line {earlier.number}, round {round_number})",
            )
        if self.bye_teams.get(round_number) == team:
            bye_line, _ = self.bye_places[round_number]
            raise line.error(
                column,
                text,
                f"a team without a bye in round {round_number} (record 320, line "
                f"{bye_line.number}, gives team {team} the pairing-allocated bye)",
            )

    def check_line_ups(self, rounds: int) -> None:
        """Every ``300`` line-up is in a round of the tournament, names two listed teams, is
        the only one of its team in that round, and lists players of that team, each on one
        board: otherwise who sat on which board cannot be known (an input error at the
        column)."""
        members = {team.number: team.players for team in self.teams}
        seen: dict[tuple[int, int], Line] = {}
        for line_up, line in self.line_ups:
            if line_up.round > rounds:
                where = f"rounds 1-{rounds} only" if rounds else "no round: the file has none"
                raise line.error(5, line.field(5, 7).strip(), f"a line-up in {where}")
            for number, column in ((line_up.team, 9), (line_up.opponent, 13)):
                if number not in members:
                    raise line.error(
                        column,
                        line.field(column, column + 2).strip(),
                        f"the number of a listed team (no team {number})",
                    )
            earlier = seen.setdefault((line_up.round, line_up.team), line)
            if earlier is not line:
                raise line.error(
                    9,
                    line.field(9, 11).strip(),
                    f"one line-up per team and round (line {earlier.number} already gives "
                    f"team {line_up.team}'s line-up of round {line_up.round})",
                )
            _check_line_up_players(line_up, line, members[line_up.team])

    def records(self) -> TeamRecords | None:
        """The immutable team records (None when the file has no team)."""
        if not self.teams:
            return None
        return TeamRecords(
            teams=tuple(self.teams),
            bye_match_points=self.bye_match_points,
            bye_game_points=self.bye_game_points,
            bye_teams=dict(self.bye_teams),
            forfeits=tuple(self.forfeits),
            board_colours=self.board_colours,
            match_win=self.match_points.get("TW", Fraction(2)),
            match_draw=self.match_points.get("TD", Fraction(1)),
            match_loss=self.match_points.get("TL", Fraction(0)),
            line_ups=tuple(line_up for line_up, _ in self.line_ups),
        )


def _check_line_up_players(line_up: LineUp, line: Line, members: tuple[int, ...]) -> None:
    """Each board of ``line_up`` holds a player of its team (or 0000), none twice."""
    for board, number in enumerate(line_up.players, start=1):
        column = 17 + 5 * (board - 1)
        text = line.field(column, column + 3).strip()
        if number and number not in members:
            raise line.error(
                column,
                text,
                f"a player of team {line_up.team} (player {number} is not listed in it)",
            )
        if number and line_up.players.index(number) != board - 1:
            raise line.error(column, text, f"a player on one board only (player {number} is twice)")


def _players(line: Line, first: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Start numbers in 4-column fields every 5 columns from ``first`` (blanks and 0 are
    skipped), and the (line, column) of each field."""
    players: list[int] = []
    places: list[tuple[int, int]] = []
    column = first
    while column <= len(line.text):
        text = line.field(column, column + 3).strip()
        if text:
            number = parse_count(text)
            if number is None:
                raise line.error(
                    column, text, f"a player's start number in columns {column}-{column + 3}"
                )
            if number:
                players.append(number)
                places.append((line.number, column))
        column += 5
    return tuple(players), tuple(places)


def read_013(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF-16 ``013``: team name (5-36), players from column 37, every 5 columns; the teams are
    numbered in the order of their records."""
    name = line.field(5, 36).strip()
    number = len(header.teams) + 1
    players, places = _players(line, 37)
    header.teams.append(
        TeamRecord(
            number, name or f"Team {number}", players, line.number, places=places, name_column=5
        )
    )


def read_310(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF26 ``310``: pairing number (5-7), name (9-40), nickname (42-46), the published rank
    (69-71), players from 74."""
    text = line.field(5, 7).strip()
    number = parse_count(text)
    if not number:
        raise line.error(5, text, "the team's pairing number in columns 5-7")
    for team in header.teams:
        if team.number == number:
            raise line.error(
                5,
                text,
                f"a team number not used before (line {team.line} already has team {number}, "
                f"{team.name})",
            )
    name = line.field(9, 40).strip() or f"Team {number}"
    short = line.field(42, 46).strip()
    players, places = _players(line, 74)
    header.teams.append(
        TeamRecord(
            number,
            name,
            players,
            line.number,
            short,
            places=places,
            name_column=9,
            stated_rank=_team_rank(line, warnings),
        )
    )


def _team_rank(line: Line, warnings: list[Diagnostic]) -> int | None:
    """The published rank of a ``310`` record (69-71; informative: a rank that is not a
    positive number is a warning and ignored)."""
    text = line.field(69, 71).strip()
    if not text:
        return None
    rank = parse_count(text)
    if not rank:
        message = N_("the team rank %(text)s in columns 69-71 is not a positive number; ignored")
        warnings.append(
            Diagnostic.told(
                message, line.location(69), code="trf.team-rank-not-a-number", text=repr(text)
            )
        )
        return None
    return rank


def _decimal(line: Line, first: int, last: int, what: str) -> Fraction:
    text = line.field(first, last).strip()
    value = parse_decimal(text)
    if value is None:
        raise line.error(first, text, f"{what} in columns {first}-{last}, e.g. 1.0")
    return value


def read_320(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF26 ``320``: match points (5-8) and game points (10-13) of a team pairing-allocated
    bye, then the bye team of round 1 at 15-17, round 2 at 19-21, ... (000 = none)."""
    header.bye_match_points = _decimal(line, 5, 8, "the match points of a team bye")
    header.bye_game_points = _decimal(line, 10, 13, "the game points of a team bye")
    column, round_number = 15, 1
    while column <= len(line.text):
        text = line.field(column, column + 2).strip()
        if text:
            team = parse_count(text)
            if team is None:
                raise line.error(column, text, f"the bye team of round {round_number}")
            if team:
                header.bye_teams[round_number] = team
                header.bye_places[round_number] = (line, column)
        column += 4
        round_number += 1


def read_330(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF26 ``330``: type (5-6: ``+-`` White team wins, ``-+``, ``--``), round (8-10),
    White team (12-14), Black team (16-18)."""
    code = line.field(5, 6)
    if code not in ("+-", "-+", "--"):
        raise line.error(5, code, "the forfeit type +-, -+ or -- in columns 5-6")
    numbers = []
    for first, what in ((8, "the round"), (12, "the White team"), (16, "the Black team")):
        text = line.field(first, first + 2).strip()
        value = parse_count(text)
        if not value:
            raise line.error(first, text, f"{what} in columns {first}-{first + 2}")
        numbers.append(value)
    header.forfeits.append(ForfeitedMatch(numbers[0], numbers[1], numbers[2], code, line.number))
    header.forfeit_lines.append(line)


def read_352(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF26 ``352``: the colours of the boards (``WBWB``); its length is the team size."""
    colours = line.field(5, len(line.text)).strip().upper()
    if not colours or set(colours) - {"W", "B"}:
        raise line.error(5, colours, "the colours of the boards, a sequence of W and B")
    header.board_colours = colours


def read_362(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF26 ``362``: match points of a won, drawn and lost match as ``TW 2.0 TD 1.0 TL 0.0``
    (the ``162`` layout; read as code-value pairs)."""
    tokens = line.text[3:].split()
    position = 0
    while position < len(tokens):
        code = tokens[position].upper()
        column = line.text.find(tokens[position], 3) + 1
        if code not in _CODES_362 or position + 1 >= len(tokens):
            raise line.error(column, tokens[position], "TW, TD or TL followed by its match points")
        value = parse_decimal(tokens[position + 1])
        if value is None:
            raise line.error(column, tokens[position + 1], f"the match points of {code}")
        header.match_points[code] = value
        position += 2


def read_300(line: Line, header: TeamHeader, warnings: list[Diagnostic]) -> None:
    """TRF26 ``300``: round (5-7), team (9-11), scheduled opponent team (13-15), then the
    player of board 1 at 17-20, board 2 at 22-25, ... (``0000``: an empty board)."""
    numbers = []
    for first, what in ((5, "the round"), (9, "the team"), (13, "the opponent team")):
        text = line.field(first, first + 2).strip()
        value = parse_count(text)
        if not value:
            raise line.error(first, text, f"{what} in columns {first}-{first + 2}")
        numbers.append(value)
    players: list[int] = []
    column = 17
    while column <= len(line.text.rstrip()):
        text = line.field(column, column + 3).strip()
        number = parse_count(text) if text else 0
        if number is None:
            raise line.error(
                column, text, f"a player's start number or 0000 in columns {column}-{column + 3}"
            )
        players.append(number)
        column += 5
    while players and not players[-1]:
        players.pop()  # empty boards at the end are the default
    if not players:
        raise line.error(17, line.field(17, 20).strip(), "the player of board 1 in columns 17-20")
    header.line_ups.append(
        (LineUp(numbers[0], numbers[1], numbers[2], tuple(players), line.number), line)
    )


TEAM_READERS = {
    "300": read_300,
    "013": read_013,
    "310": read_310,
    "320": read_320,
    "330": read_330,
    "352": read_352,
    "362": read_362,
}
