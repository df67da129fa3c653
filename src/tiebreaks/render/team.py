"""The per-team view of a team tournament (``tiebreaks team FILE TEAM``): every match with its
board results."""

from __future__ import annotations

from ..engine.families.team_encounters import berlin_points
from ..model import Colour, ResultKind
from ..model.team import BoardGame, Match, Team
from ..model.team_matches import TeamTournament
from ..model.text import shown_name, shown_text
from .values import show

_SIDE = {Colour.WHITE: "w", Colour.BLACK: "b", Colour.NONE: "-"}
_RESULT = {2: "1", 1: "½", 0: "0"}


def _names(team: TeamTournament) -> dict[int, str]:
    return {player.start_number: shown_name(player.name) for player in team.individual.players}


def _board_text(game: BoardGame, names: dict[int, str]) -> str:
    own = f"#{game.player} {names.get(game.player, '')}".strip()
    other = f"#{game.opponent} {names.get(game.opponent, '')}".strip() if game.opponent else ""
    if game.kind.forfeit:
        result = "+" if game.kind is ResultKind.FORFEIT_WIN else "-"
    else:
        result = _RESULT.get(game.kind.outcome or 0, "?")
    return f"  board {game.board} ({_SIDE[game.colour]})  {own:<28}  {result:>2}  {other}"


def _match_text(match: Match, tournament: TeamTournament) -> str:
    head = f"Round {match.round}: {match.kind.value}"
    if match.opponent is not None:
        opponent = tournament.team(match.opponent)
        head += f" against team {opponent.number} {shown_name(opponent.name)}"
        if match.white_on_first_board is not None:
            head += " (White on board 1)" if match.white_on_first_board else " (Black on board 1)"
    score = show(match.game_points)
    if match.opponent_game_points is not None:
        score += f" : {show(match.opponent_game_points)}"
    text = f"{head}: {score} GP, {show(match.match_points)} MP"
    if match.boards and match.opponent is not None:
        theirs = tournament.team(match.opponent).matches[match.round - 1]
        own = berlin_points(match, tournament.boards)
        text += f"; Berlin {show(own)} : {show(berlin_points(theirs, tournament.boards))}"
    return text


def team_text(tournament: TeamTournament, number: int) -> str:
    """Every match of team ``number`` with its board results."""
    team: Team = tournament.team(number)
    names = _names(tournament)
    players = ", ".join(f"#{p} {names.get(p, '')}".strip() for p in team.players)
    totals = f"{show(team.match_points)} MP, {show(team.game_points)} GP"
    lines = [
        f"Team {team.number} {shown_name(team.name)}: {totals}",
        f"Players (board order): {players}",
    ]
    for match in team.matches:
        lines.append(_match_text(match, tournament))
        lines.extend(_board_text(game, names) for game in match.boards)
    return shown_text("\n".join(lines) + "\n")
