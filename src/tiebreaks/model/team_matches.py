"""Team matches derived from the board games of the players (spec §5.4: "match results
derived from the board games; 320/330 override match-level unplayed results").

Per team and round:

* a TRF26 ``320`` bye team gets a pairing-allocated bye worth the record's MP and GP;
* a TRF26 ``330`` forfeited match is a forfeit win / loss (or double forfeit) worth a won
  (lost) match and every board won (lost);
* otherwise the players of the team who have an opponent that round are its boards: in the
  order of a TRF26 ``300`` line-up when the team has one that round (its board numbers, an
  empty board left empty), else in the order of the team record; the opponent team is the
  team of their opponents; the game points are the players' points and the match points
  follow from comparing them;
* a team without any board that round has a bye of the kind its players share (half-point,
  full-point, pairing-allocated, zero-point) or is absent.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from ..errors import N_, Diagnostic, Listed, Location, Phrase
from .results import Colour, ResultKind
from .team import BoardGame, LineUp, Match, MatchKind, Team, TeamRecords
from .tournament import PairingSystem, Tournament

_BYE_KINDS = {
    ResultKind.HALF_BYE: MatchKind.HALF_BYE,
    ResultKind.FULL_BYE: MatchKind.FULL_BYE,
    ResultKind.PAIRING_BYE: MatchKind.PAIRING_BYE,
    ResultKind.ZERO_BYE: MatchKind.ZERO_BYE,
    ResultKind.ABSENT: MatchKind.ABSENT,
}


class _Builder:
    """Builds the matches of every team of one tournament."""

    def __init__(self, tournament: Tournament, records: TeamRecords) -> None:
        self.tournament = tournament
        self.records = records
        self.players = {player.start_number: player for player in tournament.players}
        self.team_of = {p: team.number for team in records.teams for p in team.players}
        self.warnings: list[Diagnostic] = []
        self.boards = max(len(records.board_colours) or self._widest(), self._lined_up())
        self.points = tournament.score_system.points

    def _widest(self) -> int:
        widest = 0
        for team in self.records.teams:
            for round_index in range(self.tournament.rounds):
                boards = sum(1 for p in team.players if self._opponent(p, round_index) is not None)
                widest = max(widest, boards)
        return widest or max((len(team.players) for team in self.records.teams), default=1)

    def _lined_up(self) -> int:
        """The last board a ``300`` line-up uses (its players with a game that round who are
        not listed sit after it)."""
        members = {team.number: team.players for team in self.records.teams}
        last = 0
        for line_up in self.records.line_ups:
            unlisted = sum(
                1
                for p in members.get(line_up.team, ())
                if p not in line_up.players and self._opponent(p, line_up.round - 1) is not None
            )
            last = max(last, len(line_up.players) + unlisted)
        return last

    def _opponent(self, number: int, round_index: int) -> int | None:
        player = self.players.get(number)
        if player is None:
            return None
        return player.result(round_index + 1).opponent

    def match(self, team_number: int, players: tuple[int, ...], round_index: int) -> Match:
        """The match of one team in one round."""
        round_number = round_index + 1
        if self.records.bye_teams.get(round_number) == team_number:
            return self._bye_match(round_number)
        forfeit = self._forfeit(team_number, round_number)
        if forfeit is not None:
            return forfeit
        seated = [p for p in players if p in self.players and self._opponent(p, round_index)]
        if not seated:
            return self._no_board_match(players, round_number)
        line_up = self.records.line_up(team_number, round_number)
        if line_up is None:
            return self._played_match(team_number, list(enumerate(seated, 1)), round_number)
        match = self._played_match(team_number, self._boards(line_up, seated), round_number)
        if match.opponent != line_up.opponent:
            self._warn_line_up(
                line_up,
                f"scheduled against team {line_up.opponent}, but its players met team "
                f"{match.opponent}",
            )
        return match

    def _boards(self, line_up: LineUp, seated: list[int]) -> list[tuple[int, int]]:
        """(board, player) of a ``300`` line-up: its players with a game that round on their
        boards; a listed player without a game, or a player with a game who is not listed
        (put on the boards after the line-up, in the team record's order), is a warning."""
        boards = [(line_up.board_of(p), p) for p in line_up.players if p in seated]
        for number in line_up.players:
            if number and number not in seated:
                board = line_up.board_of(number)
                message = N_(
                    "round %(round)s: the line-up of team %(team)s (record 300) puts player"
                    " %(number)s on board %(board)s, who has no game"
                )
                self._warn_line_up(line_up, message, number=number, board=board)
        last = len(line_up.players)
        for number in seated:
            if not line_up.board_of(number):
                last += 1
                boards.append((last, number))
                message = N_(
                    "round %(round)s: the line-up of team %(team)s (record 300) does not list"
                    " player %(number)s, who has a game"
                )
                self._warn_line_up(line_up, message, number=number)
        return boards

    def _warn_line_up(self, line_up: LineUp, message: str, **fields: int) -> None:
        self.warnings.append(_line_up_differs(self.tournament, line_up, message, **fields))

    def _bye_match(self, round_number: int) -> Match:
        match_points = self.records.bye_match_points
        game_points = self.records.bye_game_points
        assert match_points is not None and game_points is not None
        return Match(round_number, MatchKind.PAIRING_BYE, None, None, game_points, match_points)

    def _forfeit(self, team: int, round_number: int) -> Match | None:
        for forfeit in self.records.forfeits:
            if forfeit.round != round_number or team not in (forfeit.white, forfeit.black):
                continue
            white = team == forfeit.white
            opponent = forfeit.black if white else forfeit.white
            won = forfeit.code == ("+-" if white else "-+")
            if forfeit.code == "--":
                kind = MatchKind.DOUBLE_FORFEIT
            else:
                kind = MatchKind.FORFEIT_WIN if won else MatchKind.FORFEIT_LOSS
            game_points = self.boards * self.points[ResultKind.FORFEIT_WIN] if won else Fraction(0)
            match_points = self.records.match_win if won else self.records.match_loss
            return Match(round_number, kind, opponent, white, game_points, match_points)
        return None

    def _no_board_match(self, players: tuple[int, ...], round_number: int) -> Match:
        kinds = Counter(
            self.players[p].result(round_number).kind for p in players if p in self.players
        )
        common = kinds.most_common(1)[0][0] if kinds else ResultKind.ABSENT
        kind = _BYE_KINDS.get(common, MatchKind.ABSENT)
        game_points = {
            MatchKind.HALF_BYE: self.boards * self.points[ResultKind.HALF_BYE],
            MatchKind.FULL_BYE: self.boards * self.points[ResultKind.FULL_BYE],
            MatchKind.PAIRING_BYE: self.boards * self.points[ResultKind.PAIRING_BYE],
        }.get(kind, Fraction(0))
        if kind is MatchKind.PAIRING_BYE and self.records.bye_match_points is not None:
            return self._bye_match(round_number)
        return Match(round_number, kind, None, None, game_points, self._match_points(game_points))

    def _match_points(self, game_points: Fraction, against: Fraction | None = None) -> Fraction:
        """Match points of a score of ``game_points`` against ``against`` (default: the draw
        score, half the boards)."""
        other = self.boards * self.points[ResultKind.DRAW] if against is None else against
        if game_points > other:
            return self.records.match_win
        if game_points == other:
            return self.records.match_draw
        return self.records.match_loss

    def _played_match(self, team: int, boards: list[tuple[int, int]], round_number: int) -> Match:
        games = []
        opponents: Counter[int] = Counter()
        for board, number in boards:
            result = self.players[number].result(round_number)
            opponent = result.opponent
            assert opponent is not None
            opponents[self.team_of.get(opponent, 0)] += 1
            points = self.points[result.kind]
            games.append(BoardGame(board, number, opponent, result.kind, result.colour, points))
        opponent_team = opponents.most_common(1)[0][0]
        if len(opponents) > 1 or opponent_team == 0:
            self._warn_mixed(team, round_number, opponents)
        own = sum((game.points for game in games), Fraction(0))
        other = self._opponent_points(games, round_number)
        kind = _forfeit_kind(games)
        white = games[0].colour is Colour.WHITE
        match_points = self._match_points(own, other)
        return Match(
            round_number, kind, opponent_team, white, own, match_points, other, tuple(games)
        )

    def _opponent_points(self, games: list[BoardGame], round_number: int) -> Fraction:
        total = Fraction(0)
        for game in games:
            assert game.opponent is not None
            opponent = self.players.get(game.opponent)
            if opponent is not None:
                total += self.points[opponent.result(round_number).kind]
        return total

    def _warn_mixed(self, team: int, round_number: int, opponents: Counter[int]) -> None:
        names = tuple(
            Phrase(N_("team %(number)s"), number=number) if number else Phrase(N_("no team"))
            for number in opponents
        )
        self.warnings.append(
            Diagnostic.told(
                N_(
                    "round %(round)s: the players of team %(team)s met players of %(teams)s;"
                    " the match is counted against the most frequent one"
                ),
                _record_location(self.tournament, team),
                code="teams.mixed-opponents",
                round=round_number,
                team=team,
                teams=Listed(names),
            )
        )


def _forfeit_kind(games: list[BoardGame]) -> MatchKind:
    kinds = {game.kind for game in games}
    if kinds == {ResultKind.FORFEIT_WIN}:
        return MatchKind.FORFEIT_WIN
    if kinds == {ResultKind.FORFEIT_LOSS}:
        return MatchKind.FORFEIT_LOSS
    return MatchKind.PLAYED


def team_tournament(tournament: Tournament) -> TeamTournament:
    """The team tournament of a file with team records (ValueError without any)."""
    records = tournament.team_records
    if records is None:
        raise ValueError("not a team tournament: the file has no team records (013 / 310)")
    builder = _Builder(tournament, records)
    teams = tuple(
        Team(
            record.number,
            record.name,
            record.players,
            tuple(
                builder.match(record.number, record.players, round_index)
                for round_index in range(tournament.rounds)
            ),
        )
        for record in sorted(records.teams, key=lambda record: record.number)
    )
    primary = "GP" if tournament.type_code.upper().endswith("_GP_MP") else "MP"
    _check_members(tournament, records, builder.warnings)
    _check_pairs(tournament, teams, builder.warnings)
    _check_facing_boards(tournament, teams, builder.warnings)
    return TeamTournament(
        individual=tournament,
        teams=teams,
        boards=builder.boards,
        primary=primary,
        match_win=records.match_win,
        match_draw=records.match_draw,
        match_loss=records.match_loss,
        warnings=tuple(builder.warnings),
    )


def _record_location(tournament: Tournament, team: int) -> Location:
    """The line of ``team``'s record (013 / 310 ...), as far as the reader knows it."""
    records = tournament.team_records
    for record in records.teams if records is not None else ():
        if record.number == team:
            return Location(tournament.source, record.line or 0)
    return Location(tournament.source)


def _check_members(
    tournament: Tournament, records: TeamRecords, warnings: list[Diagnostic]
) -> None:
    """Players listed in two teams, or in a team but absent from the file, are reported (for
    a tournament built in code: the readers refuse such files, see
    :mod:`tiebreaks.formats.readers.consistency_teams`)."""
    seen: dict[int, int] = {}
    known = {player.start_number for player in tournament.players}
    for team in records.teams:
        for number in team.players:
            where = Location(tournament.source, team.line or 0)
            if number in seen:
                message = N_("player %(number)s is listed in team %(first)s and team %(team)s")
                warnings.append(
                    Diagnostic.told(
                        message,
                        where,
                        code="teams.player-in-two-teams",
                        number=number,
                        first=seen[number],
                        team=team.number,
                    )
                )
            if number not in known:
                message = N_("team %(team)s lists player %(number)s, who has no 001 record")
                warnings.append(
                    Diagnostic.told(
                        message, where, code="teams.unknown-player", team=team.number, number=number
                    )
                )
            seen.setdefault(number, team.number)


def _check_pairs(
    tournament: Tournament, teams: tuple[Team, ...], warnings: list[Diagnostic]
) -> None:
    """Both teams of a match must name each other, and a played match's game points must
    mirror (this team's points are the opponent's opponent points)."""
    by_number = {team.number: team for team in teams}
    for team in teams:
        for match in team.matches:
            if match.opponent is None:
                continue
            other = by_number.get(match.opponent)
            mirror = other.matches[match.round - 1] if other is not None else None
            if mirror is None or mirror.opponent != team.number:
                message = N_(
                    "round %(round)s: team %(team)s is recorded against team %(opponent)s, which"
                    " is not recorded against team %(team)s"
                )
                warnings.append(
                    Diagnostic.told(
                        message,
                        _record_location(tournament, team.number),
                        code="teams.match-not-mirrored",
                        round=match.round,
                        team=team.number,
                        opponent=match.opponent,
                    )
                )
            elif (
                match.opponent_game_points is not None
                and mirror.opponent_game_points is not None
                and match.game_points != mirror.opponent_game_points
            ):
                message = N_(
                    "round %(round)s: team %(team)s scores %(points)s against team %(opponent)s,"
                    " whose board results give it %(mirrored)s"
                )
                warnings.append(
                    Diagnostic.told(
                        message,
                        _record_location(tournament, team.number),
                        code="teams.game-points-differ",
                        round=match.round,
                        team=team.number,
                        points=str(match.game_points),
                        opponent=str(other.number if other else "?"),
                        mirrored=str(mirror.opponent_game_points),
                    )
                )


def _check_facing_boards(
    tournament: Tournament, teams: tuple[Team, ...], warnings: list[Diagnostic]
) -> None:
    """In a round where a team has a ``300`` line-up, each of its players must meet the
    opponent seated on the same board (a match is played board against board): a warning at
    the line-up's line otherwise."""
    records = tournament.team_records
    if records is None or not records.line_ups:
        return
    board_of = {
        (match.round, game.player): game.board
        for team in teams
        for match in team.matches
        for game in match.boards
    }
    players = {player.start_number: player for player in tournament.players}
    for line_up in records.line_ups:
        for board, number in enumerate(line_up.players, start=1):
            player = players.get(number)
            opponent = player.result(line_up.round).opponent if player else None
            other = board_of.get((line_up.round, opponent)) if opponent else None
            if other is not None and other != board:
                message = N_(
                    "round %(round)s: the line-up of team %(team)s (record 300) puts player"
                    " %(number)s on board %(board)s, but the opponent, player %(opponent)s, sits"
                    " on board %(other)s"
                )
                warnings.append(
                    _line_up_differs(
                        tournament,
                        line_up,
                        message,
                        number=number,
                        board=board,
                        opponent=str(opponent),
                        other=other,
                    )
                )


def _line_up_differs(
    tournament: Tournament, line_up: LineUp, message: str, **fields: str | int
) -> Diagnostic:
    """The warning that a ``300`` line-up differs from the games, at the line-up's line
    (``message``: a catalog sentence with the line-up's ``round`` and ``team`` and
    ``fields``)."""
    where = Location(tournament.source, line_up.line or 0, 1 if line_up.line else 0)
    return Diagnostic.told(
        message,
        where,
        hint=None,
        code="teams.line-up-differs",
        subject="",
        round=line_up.round,
        team=line_up.team,
        **fields,
    )


@dataclass(frozen=True)
class TeamTournament:
    """A team tournament: the teams, their matches, and how matches are scored.

    ``primary`` is the score that ranks first: "MP" (match points, the default) or "GP"
    (TRF26 192 codes ``..._MP_GP`` / ``..._GP_MP``). ``boards`` is the team size."""

    individual: Tournament
    teams: tuple[Team, ...]
    boards: int
    primary: str = "MP"
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    warnings: tuple[Diagnostic, ...] = ()

    @property
    def name(self) -> str:
        """The tournament's name."""
        return self.individual.name

    @property
    def rounds(self) -> int:
        """Number of rounds."""
        return self.individual.rounds

    @property
    def pairing_system(self) -> PairingSystem:
        """Swiss or round robin (pre-determined pairings, Art. 15.2)."""
        return self.individual.pairing_system

    @property
    def secondary(self) -> str:
        """The score that is not the primary one (MPvGP, C.07 (2026) Art. 13.1)."""
        return "GP" if self.primary == "MP" else "MP"

    def team(self, number: int) -> Team:
        """The team with this number (KeyError if there is none)."""
        for team in self.teams:
            if team.number == number:
                return team
        raise KeyError(number)
