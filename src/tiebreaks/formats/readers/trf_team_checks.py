"""A typed ``299`` record of a team event against the match result the board games give:
the type (``W D L F H Z + -``) must be that of the team's match in its round (any round for
``000``), else it assigns nothing there, and the arbiter is told where (as for a player's
result in an individual event, :func:`.trf_records26.checked_assignments`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...engine.numbers import to_decimal_text
from ...engine.team_context import match_kind
from ...errors import N_, Diagnostic, Word
from ...model import Tournament
from ...model.team import Match
from ...model.team_matches import TeamTournament, team_tournament
from .trf_records26 import Records26, warn_unused


def checked_team_types(records: Records26, tournament: Tournament) -> Tournament:
    """``tournament`` with a located warning for each team named by a typed ``299`` record
    whose match of that round (of every round, for ``000``) is of another type."""
    typed = [
        (item, line)
        for item, line in records.assignments
        if not item.is_adjustment and item.participants
    ]
    if not typed or tournament.team_records is None:
        return tournament
    teams = team_tournament(tournament)
    by_number = {team.number: team for team in teams.teams}
    found: list[Diagnostic] = []
    for item, line in typed:
        for number in item.participants:
            team = by_number.get(number)
            if team is None or item.round > len(team.matches):
                continue  # a team or a round not in the file: warned on reading the record
            rounds = range(1, len(team.matches) + 1) if item.round == 0 else (item.round,)
            if any(item.applies(r, match_kind(teams, team.matches[r - 1])) for r in rounds):
                continue
            message, fields = _found(teams, team.matches, item.round)
            warn_unused(found, line, message, number=number, type=repr(item.type), **fields)
    if not found:
        return tournament
    return replace(tournament, warnings=(*tournament.warnings, *found))


def _found(
    teams: TeamTournament, matches: tuple[Match, ...], round_number: int
) -> tuple[str, dict[str, str | int]]:
    """The warning's sentence and its fields about the round's match: its kind and, when
    played, the game points of both sides (nothing for every round, ``000``)."""
    if round_number == 0:
        return _ANY_ROUND, {}
    match = matches[round_number - 1]
    fields: dict[str, str | int] = {
        "round": round_number,
        "found": Word(match_kind(teams, match).description),
    }
    if match.opponent_game_points is None:
        return _IN_ROUND, fields
    fields["score"] = f"{_points(match.game_points)}-{_points(match.opponent_game_points)}"
    fields["opponent"] = str(match.opponent)
    return _PLAYED_IN_ROUND, fields


_ANY_ROUND = N_(
    "record 299: team %(number)s has no match of type %(type)s in any round: nothing to assign"
    " there; the type must be that of the match result the board games give"
)
_IN_ROUND = N_(
    "record 299: team %(number)s has no match of type %(type)s in round %(round)s (found:"
    " %(found)s): nothing to assign there; the type must be that of the match result the board"
    " games give"
)
_PLAYED_IN_ROUND = N_(
    "record 299: team %(number)s has no match of type %(type)s in round %(round)s (found:"
    " %(found)s, %(score)s against team %(opponent)s): nothing to assign there; the type must"
    " be that of the match result the board games give"
)


def _points(value: Fraction) -> str:
    return to_decimal_text(value)
