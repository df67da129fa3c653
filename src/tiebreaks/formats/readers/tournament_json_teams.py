"""The team records and the published standings of our JSON format (read by
:mod:`.tournament_json`, checked as the rules of TRF26 ``310``-``362`` say; each error at the
offending value)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import msgspec

from ...model import Player, Tournament
from ...model.team import ForfeitedMatch, TeamRecord, TeamRecords
from .tournament_json_document import MAX_TEAM_NUMBER, Standings
from .tournament_json_document import TeamRecords as Records
from .tournament_json_places import Misfit, Path, Places, described_as, whole

__all__ = ["read_standings", "read_team_records"]

_RECORDS: Path = ("team_records",)


def _items(value: Any) -> list[Any]:
    return [] if value is None or value is msgspec.UNSET else list(value)


def read_team_records(
    places: Places, records: Records, players: Sequence[Player], rounds: int
) -> TeamRecords:
    """The team records, each team's places (line, column) taken from the located document."""
    teams = tuple(_team(places, place, team) for place, team in enumerate(records.teams))
    numbers = [team.number for team in teams]
    for place, team in enumerate(teams):
        first = teams[numbers.index(team.number)]
        if first is not team:
            raise Misfit(
                (*_RECORDS, "teams", place, "number"),
                f"a team number not used by another team (the team of line {first.line} "
                f"has number {team.number})",
            )
    win, draw, loss = _match_points(places, records.match_points)
    byes = _bye_teams(records.bye_teams, set(numbers), rounds)
    bye_points = (
        places.optional_exact(records.bye_match_points, (*_RECORDS, "bye_match_points")),
        places.optional_exact(records.bye_game_points, (*_RECORDS, "bye_game_points")),
    )
    if byes and None in bye_points:
        # a team bye is worth what the event says (TRF26 320): nothing to assume
        raise Misfit(
            (*_RECORDS, "bye_teams"),
            'team byes with their points ("bye_match_points", "bye_game_points")',
        )
    return TeamRecords(
        teams=teams,
        bye_match_points=bye_points[0],
        bye_game_points=bye_points[1],
        bye_teams=byes,
        forfeits=_forfeits(places, records, set(numbers), byes, rounds),
        board_colours=_board_colours(records.board_colours),
        match_win=win,
        match_draw=draw,
        match_loss=loss,
    )


def _team(places: Places, place: int, team: Any) -> TeamRecord:
    path: Path = (*_RECORDS, "teams", place)
    members = [
        whole(number, (*path, "players", board), "a start number", 1, 9_999_999)
        for board, number in enumerate(team.players)
    ]
    node = places.node(path)
    name = places.node((*path, "name"))
    member_nodes = [places.node((*path, "players", board)) for board in range(len(members))]
    return TeamRecord(
        number=whole(
            team.number, (*path, "number"), described_as((*path, "number")), 1, MAX_TEAM_NUMBER
        ),
        name=team.name,
        players=tuple(members),
        line=node.line,
        short_name=team.short_name or "",
        places=tuple((item.line, item.column) for item in member_nodes),
        name_column=name.column if name.line == node.line else 0,
    )


def _match_points(places: Places, points: Any) -> tuple[Fraction, Fraction, Fraction]:
    if points is None or points is msgspec.UNSET:
        return Fraction(2), Fraction(1), Fraction(0)
    path: Path = (*_RECORDS, "match_points")
    win, draw, loss = (
        places.optional_exact(getattr(points, key), (*path, key)) for key in ("win", "draw", "loss")
    )
    return (
        Fraction(2) if win is None else win,
        Fraction(1) if draw is None else draw,
        Fraction(0) if loss is None else loss,
    )


def _team_of(value: Any, path: Path, teams: set[int]) -> int:
    number = whole(value, path, "a team number", 1, MAX_TEAM_NUMBER)
    if number not in teams:
        raise Misfit(path, f"the number of a listed team (no team {number})")
    return number


def _round_of(value: Any, path: Path, rounds: int) -> int:
    return whole(value, path, f"a round from 1 to {rounds}", 1, rounds)


def _bye_teams(items: Any, teams: set[int], rounds: int) -> dict[int, int]:
    byes: dict[int, int] = {}
    for place, item in enumerate(_items(items)):
        path: Path = (*_RECORDS, "bye_teams", place)
        round_number = _round_of(item.round, (*path, "round"), rounds)
        if round_number in byes:
            raise Misfit(path, f"one bye team per round (round {round_number})")
        byes[round_number] = _team_of(item.team, (*path, "team"), teams)
    return byes


def _forfeits(
    places: Places, records: Records, teams: set[int], byes: dict[int, int], rounds: int
) -> tuple[ForfeitedMatch, ...]:
    """The forfeited matches; a team is in one per round at most, and not in a round of
    its team bye (else its match depends on the record believed)."""
    found: list[ForfeitedMatch] = []
    seen: dict[tuple[int, int], ForfeitedMatch] = {}
    for place, item in enumerate(_items(records.forfeits)):
        path: Path = (*_RECORDS, "forfeits", place)
        forfeit = ForfeitedMatch(
            round=_round_of(item.round, (*path, "round"), rounds),
            white=_team_of(item.white, (*path, "white"), teams),
            black=_team_of(item.black, (*path, "black"), teams),
            code=item.code,
            line=places.node(path).line,
        )
        found.append(forfeit)
        _check_forfeit_teams(path, forfeit, seen, byes)
    return tuple(found)


def _check_forfeit_teams(
    path: Path,
    forfeit: ForfeitedMatch,
    seen: dict[tuple[int, int], ForfeitedMatch],
    byes: dict[int, int],
) -> None:
    """The two teams of ``forfeit`` differ, and neither has another forfeit or its team bye
    in that round (errors at the team's value)."""
    for key, team in (("white", forfeit.white), ("black", forfeit.black)):
        if key == "black" and team == forfeit.white:
            raise Misfit((*path, key), "a black team other than the white team")
        earlier = seen.setdefault((forfeit.round, team), forfeit)
        if earlier is not forfeit:
            raise Misfit(
                (*path, key),
                f"a team in one forfeited match per round (team {team} is already in the "
                f"forfeit of line {earlier.line}, round {forfeit.round})",
            )
        if byes.get(forfeit.round) == team:
            raise Misfit(
                (*path, key),
                f"a team without a team bye in round {forfeit.round} (team {team} has it)",
            )


def _board_colours(text: str | msgspec.UnsetType | None) -> str:
    if text is None or text is msgspec.UNSET:
        return ""
    if set(text) - {"W", "B"}:
        raise Misfit(
            (*_RECORDS, "board_colours"), 'the colours of the boards: W and B only, e.g. "WBWB"'
        )
    return text


def read_standings(places: Places, standings: Standings, tournament: Tournament) -> Tournament:
    """Published standings: individual ones become the published values of the players
    (unless the players carry their own ``stated_values``); standings marked ``computed``
    (ours, written by ``convert --standings ours``) are checked but publish nothing."""
    columns = tuple(standings.columns)
    team = bool(standings.team)
    ids = {p.start_number for p in tournament.players}
    if team and tournament.team_records is not None:
        ids = {record.number for record in tournament.team_records.teams}
    rows: dict[int, tuple[Fraction | None, ...]] = {}
    for place, row in enumerate(standings.rows):
        path: Path = ("standings", "rows", place)
        whole(row.rank, (*path, "rank"), described_as((*path, "rank")), 1)
        who = (*path, "participant")
        number = whole(row.participant, who, described_as(who), 1)
        if number not in ids:
            raise Misfit(who, f"a participant of the tournament (none has number {number})")
        values = tuple(
            None if value is None else places.exact(value, (*path, "values", index))
            for index, value in enumerate(row.values)
        )
        if len(values) != len(columns):
            raise Misfit((*path, "values"), f"{len(columns)} values (one per column)")
        rows[number] = values
    if team or tournament.published_columns or standings.computed is True:
        return tournament  # ours (computed): no published value
    players = tuple(
        replace(p, stated_values=rows.get(p.start_number, ())) if not p.stated_values else p
        for p in tournament.players
    )
    return replace(tournament, players=players, published_columns=columns)
