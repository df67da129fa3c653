"""The team records of a team tournament checked against each other and against the games,
the same way for every reader that carries teams (TRF ``013``/``310``, our JSON, Chess-JSON).

A team's match in a round is derived from the board games of its players (C.07 (2026) Art.
11 ranks teams by their matches), so anything that leaves open which team a player plays
for, or which team a team met, changes the team standings with the record we believe:

**Errors** (:class:`~tiebreaks.errors.InputError`, at the start number in the team record or
at the player's round):

* a start number listed in two teams, or twice in one team (which team, which board?);
* a listed start number that no player has;
* a player with a game or a forfeit who is in no team (that board has no team on one side);
* in one round, boards of a team that meet players of two different teams, or a team mate,
  or games of a team that has the team bye of that round or a forfeited match against
  another team (TRF26 ``320`` / ``330``, which decide the match).

**Warning** (the standings tell teams apart by number): two teams with the same name.

Called by :func:`~.consistency.check_consistency`; the locations are those of its
:class:`~.consistency.Locator` for the players, and :attr:`TeamRecord.places` for the team
records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...errors import N_, Diagnostic, InputError, Location
from ...model import Player, Tournament
from ...model.team import TeamRecord, TeamRecords
from .locator import Field, Locator, describe_result

__all__ = ["check_teams"]


class TeamFindings(Protocol):
    """Where the team checks put what they find: records that cannot be read as they are
    (``broken``), games that contradict the team records (``errors``) and warnings."""

    broken: list[InputError]
    errors: list[InputError]
    warnings: list[Diagnostic]


def check_teams(tournament: Tournament, where: Locator, findings: TeamFindings) -> None:
    """Every check of the module docstring; the matches are only checked when the team lists
    and the players' games are consistent (else their errors follow from those)."""
    records = tournament.team_records
    if records is None:
        return
    before = len(findings.broken) + len(findings.errors)
    team_of = _check_listings(tournament.players, records, where, findings)
    _check_names(records, where.source, findings)
    _check_unlisted(tournament.players, team_of, where, findings)
    if len(findings.broken) + len(findings.errors) == before:
        _Matches(tournament, records, team_of, where, findings).check()


def _team(team: TeamRecord) -> str:
    """``team 2 (Team 02, line 11)``: number, name and line as far as known."""
    details = ", ".join(
        part for part in (team.name, f"line {team.line}" if team.line else "") if part
    )
    return f"team {team.number}" + (f" ({details})" if details else "")


def _listed_at(team: TeamRecord, board: int, source: str) -> Location:
    line, column = team.place(board)
    return Location(source, line, column)


def _check_listings(
    players: Sequence[Player], records: TeamRecords, where: Locator, findings: TeamFindings
) -> dict[int, int]:
    """Each listed start number is a player's, listed once in one team; returns the team
    number of every listed player (its first listing)."""
    known = {player.start_number for player in players}
    first: dict[int, tuple[TeamRecord, int]] = {}
    for team in records.teams:
        for board, number in enumerate(team.players, start=1):
            here = _listed_at(team, board, where.source)
            if number not in known:
                findings.broken.append(
                    InputError(
                        here,
                        f"player {number} in {_team(team)}",
                        f"the start number of a player (no {where.record_label} has start "
                        f"number {number})",
                    )
                )
                continue
            earlier = first.setdefault(number, (team, board))
            if earlier == (team, board):
                continue
            other, other_board = earlier
            if other is team:
                found = f"player {number} on board {board} of {_team(team)}"
                expected = (
                    f"each player once in a team's board order: player {number} is already "
                    f"on board {other_board} of team {team.number}"
                )
            else:
                found = f"player {number} in {_team(team)}"
                expected = (
                    f"each player in one team only: player {number} is already in {_team(other)}"
                )
            findings.broken.append(InputError(here, found, expected))
    return {number: team.number for number, (team, _) in first.items()}


def _check_names(records: TeamRecords, source: str, findings: TeamFindings) -> None:
    """Two teams with one name: a warning at the second one's name."""
    named: dict[str, TeamRecord] = {}
    for team in records.teams:
        earlier = named.setdefault(team.name.strip().casefold(), team)
        if earlier is team:
            continue
        fields: dict[str, str | int] = {"number": team.number, "earlier": earlier.number}
        fields |= {"name": earlier.name} if earlier.name else {}
        fields |= {"line": earlier.line} if earlier.line else {}
        location = Location(source, team.line or 0, team.name_column if team.line else 0)
        findings.warnings.append(
            Diagnostic.told(
                _SAME_NAME["name" in fields, "line" in fields],
                location,
                hint=None,
                code="consistency.teams-same-name",
                subject="",
                written=repr(team.name),
                **fields,
            )
        )


#: two teams with one name, by what is known of the first: (its name, its line)
_SAME_NAME = {
    (True, True): N_(
        "team %(number)s has the same name as team %(earlier)s (%(name)s, line %(line)s):"
        " %(written)s; the standings tell the two apart by their numbers only"
    ),
    (True, False): N_(
        "team %(number)s has the same name as team %(earlier)s (%(name)s): %(written)s; the"
        " standings tell the two apart by their numbers only"
    ),
    (False, True): N_(
        "team %(number)s has the same name as team %(earlier)s (line %(line)s): %(written)s;"
        " the standings tell the two apart by their numbers only"
    ),
    (False, False): N_(
        "team %(number)s has the same name as team %(earlier)s: %(written)s; the standings tell"
        " the two apart by their numbers only"
    ),
}


def _who(player: Player) -> str:
    details = [part for part in (player.name, f"line {player.line}" if player.line else "") if part]
    return f"player {player.start_number}" + (f" ({', '.join(details)})" if details else "")


def _check_unlisted(
    players: Sequence[Player], team_of: dict[int, int], where: Locator, findings: TeamFindings
) -> None:
    """Every player who has a game or a forfeit belongs to a team; else the match of that
    board has no team on one side. A player in no team with no game is harmless."""
    for player in players:
        if player.start_number in team_of:
            continue
        played = [n for n, result in enumerate(player.results, 1) if result.opponent is not None]
        if played:
            findings.broken.append(
                InputError(
                    where(player, Field.START_NUMBER),
                    f"{_who(player)} plays in round {played[0]}",
                    "every player with a game in a team tournament to be in a team "
                    "(records 013 / 310)",
                )
            )


class _Matches:
    """The boards of every team, round by round, against the team records."""

    def __init__(
        self,
        tournament: Tournament,
        records: TeamRecords,
        team_of: dict[int, int],
        where: Locator,
        findings: TeamFindings,
    ) -> None:
        self.tournament = tournament
        self.records = records
        self.team_of = team_of
        self.where = where
        self.findings = findings
        self.players = {player.start_number: player for player in tournament.players}
        self.teams = {team.number: team for team in records.teams}

    def check(self) -> None:
        for team in self.records.teams:
            for round_number in range(1, self.tournament.rounds + 1):
                error = self._round(team, round_number)
                if error is not None:
                    self.findings.errors.append(error)

    def _decided(self, team: int, round_number: int) -> tuple[int | None, str] | None:
        """The opponent team that a ``320`` bye (None) or a ``330`` forfeited match decides
        for ``team`` in ``round_number``, and which record decides it; None: the games."""
        if self.records.bye_teams.get(round_number) == team:
            return None, f"team {team} has the team bye of round {round_number}"
        for forfeit in self.records.forfeits:
            if forfeit.round == round_number and team in (forfeit.white, forfeit.black):
                other = forfeit.black if team == forfeit.white else forfeit.white
                record = f", line {forfeit.line}" if forfeit.line else ""
                return other, (
                    f"team {team}'s match of round {round_number} is the forfeited match "
                    f"against team {other}{record}"
                )
        return None

    def _round(self, team: TeamRecord, round_number: int) -> InputError | None:
        """The first board of ``team`` in ``round_number`` that contradicts the others (or
        the record that decides the match)."""
        boards = [
            self.players[number]
            for number in team.players
            if self.players[number].result(round_number).opponent is not None
        ]
        if not boards:
            return None
        decided = self._decided(team.number, round_number)
        reference = boards[0]
        for player in boards:
            opponent = player.result(round_number).opponent
            assert opponent is not None
            opponent_team = self.team_of.get(opponent)
            if opponent_team == team.number:
                return self._error(
                    player,
                    round_number,
                    f"an opponent from another team: players {player.start_number} and "
                    f"{opponent} are both in {_team(team)}",
                )
            if decided is not None:
                expected_team, why = decided
                if opponent_team != expected_team:
                    wanted = "no game" if expected_team is None else "a game against team "
                    wanted += "" if expected_team is None else str(expected_team)
                    return self._error(player, round_number, f"{wanted}: {why}")
                continue
            first = reference.result(round_number).opponent
            assert first is not None
            if opponent_team != self.team_of.get(first):
                return self._error(
                    player,
                    round_number,
                    f"an opponent from team {self.team_of.get(first)}, as on the first board "
                    f"of {_team(team)} in round {round_number} (player "
                    f"{reference.start_number} against player {first}): a team meets one "
                    "team per round",
                )
        return None

    def _error(self, player: Player, round_number: int, expected: str) -> InputError:
        result = player.result(round_number)
        opponent = result.opponent
        assert opponent is not None
        opponent_team = self.team_of.get(opponent)
        found = f"round {round_number}: {describe_result(result)}"
        if opponent_team is not None:
            found += f" (player {opponent} is in team {opponent_team})"
        return InputError(self.where(player, Field.ROUND, round_number), found, expected)
