"""Team tournaments seen as two computation contexts, one per score (C.07 (2026) Art. 11):

* ``MP``: every match worth its match points;
* ``GP``: every match worth its game points.

In both, the participants are the teams and each round is one match, so every individual
tie-break that C.07 allows for teams (BH, AOB, FB, KS, PS, WIN, WON, TPN, DE) runs unchanged
on the chosen score (``BH:MP``, ``BH:GP``), and Article 16 treats unplayed matches with
"points" = MP or GP (16.4.2: the draw value is a drawn match's MP or GP). A played match counts
as won, drawn or lost by its match points.
"""

from __future__ import annotations

import math

from ..model import Colour, Player, ResultKind, RoundResult, ScoreSystem, Tournament
from ..model.rules import Rules
from ..model.team import Match, MatchKind
from ..model.team_matches import TeamTournament
from .assignments import adjustment_units, assign_round_points, assignment_unit
from .context import NO_OPPONENT, Context

_KINDS = {
    MatchKind.FORFEIT_WIN: ResultKind.FORFEIT_WIN,
    MatchKind.FORFEIT_LOSS: ResultKind.FORFEIT_LOSS,
    MatchKind.DOUBLE_FORFEIT: ResultKind.FORFEIT_LOSS,
    MatchKind.PAIRING_BYE: ResultKind.PAIRING_BYE,
    MatchKind.FULL_BYE: ResultKind.FULL_BYE,
    MatchKind.HALF_BYE: ResultKind.HALF_BYE,
    MatchKind.ZERO_BYE: ResultKind.ZERO_BYE,
    MatchKind.ABSENT: ResultKind.ABSENT,
}


def match_kind(team: TeamTournament, match: Match) -> ResultKind:
    """The round's kind for the tie-breaks: a played match is won, drawn or lost by MP."""
    if match.kind is not MatchKind.PLAYED:
        return _KINDS[match.kind]
    if match.match_points == team.match_win:
        return ResultKind.WIN
    if match.match_points == team.match_draw:
        return ResultKind.DRAW
    return ResultKind.LOSS


def _colour(match: Match) -> Colour:
    if match.white_on_first_board is None:
        return Colour.NONE
    return Colour.WHITE if match.white_on_first_board else Colour.BLACK


def teams_as_players(team: TeamTournament, score: str) -> Tournament:
    """The team tournament as a tournament whose participants are the teams, scored in MP or
    GP (the per-match points are set by :func:`team_views`)."""
    records = team.individual.team_records
    ranks = {record.number: record.stated_rank for record in records.teams} if records else {}
    players = tuple(
        Player(
            start_number=entry.number,
            name=entry.name,
            results=tuple(
                RoundResult(match_kind(team, match), match.opponent, _colour(match))
                for match in entry.matches
            ),
            stated_rank=ranks.get(entry.number),
        )
        for entry in team.teams
    )
    game = team.individual.score_system
    if score == "MP":
        system = ScoreSystem.from_values(team.match_win, team.match_draw, team.match_loss)
    else:
        system = ScoreSystem.from_values(
            team.boards * game.win, team.boards * game.draw, team.boards * game.loss
        )
    return Tournament(
        name=team.name,
        rounds=team.rounds,
        players=players,
        start_date=team.individual.start_date,
        type_text=team.individual.type_text,
        type_code=team.individual.type_code,
        pairing_system=team.pairing_system,
        score_system=system,
        tiebreak_list=team.individual.tiebreak_list,
        standings_list=team.individual.standings_list,
        source=team.individual.source,
        warnings=team.individual.warnings + team.warnings,
    )


def team_views(
    team: TeamTournament, rules: Rules, rounds: int, predetermined: bool
) -> dict[str, Context]:
    """The ``MP`` and ``GP`` contexts over rounds 1..``rounds`` (sharing one ``views`` dict)."""
    views: dict[str, Context] = {}
    index_of = {entry.number: i for i, entry in enumerate(team.teams)}
    for score in ("MP", "GP"):
        tournament = teams_as_players(team, score)
        values = [
            [
                match.match_points if score == "MP" else match.game_points
                for match in entry.matches[:rounds]
            ]
            for entry in team.teams
        ]
        assigned = team.individual.point_assignments
        numbers = [entry.number for entry in team.teams]
        kinds = [[match_kind(team, m) for m in entry.matches[:rounds]] for entry in team.teams]
        system = tournament.score_system
        unit = math.lcm(system.denominator, *(value.denominator for row in values for value in row))
        unit = assignment_unit(assigned, unit, score)
        points = [int(value * unit) for row in values for value in row]
        replaced: frozenset[tuple[int, int]] = frozenset()
        if assigned:
            valued = tuple((item, int(item.value(score) * unit)) for item in assigned)
            flat_kinds = [kind for row in kinds for kind in row]
            replaced = assign_round_points(points, flat_kinds, numbers, rounds, valued)
        views[score] = Context(
            tournament=tournament,
            rules=rules,
            rounds=rounds,
            unit=unit,
            predetermined=predetermined,
            kinds=kinds,
            opponents=[
                [
                    index_of.get(m.opponent, NO_OPPONENT) if m.opponent else NO_OPPONENT
                    for m in entry.matches[:rounds]
                ]
                for entry in team.teams
            ],
            black=[
                [m.white_on_first_board is False for m in entry.matches[:rounds]]
                for entry in team.teams
            ],
            points=[points[i * rounds : (i + 1) * rounds] for i in range(len(numbers))],
            score_type=score,
            adjustments=adjustment_units(numbers, rounds, assigned, unit, score),
            assigned=replaced,
            views=views,
            team=team,
        )
    return views
