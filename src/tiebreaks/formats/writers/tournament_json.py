"""The writer of our JSON format, version 1 (the format is described in
:mod:`tiebreaks.formats.readers.tournament_json`, whose reader reads back what is written
here), and :func:`dump_json`, the layout of the JSON text of both JSON writers.

A value the reader would not take back is refused before anything is written
(:mod:`.json_limits`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...model import Player, ResultKind, Tournament
from ...model.team import TeamRecords
from ..readers.json_syntax import FORMAT_NAME, FORMAT_VERSION, KIND_NAMES, exact_text
from .json_limits import check_json, check_standings, check_utf8
from .limits import Refuser
from .trf import published_points_and_ranks

if TYPE_CHECKING:
    from ...standings import Standings

__all__ = ["dump_json", "tournament_json_document", "write_tournament_json"]

_REFUSER = Refuser("our JSON")


def dump_json(document: object) -> str:
    """JSON text, two-space indented; an object or array that fits on one line of at most 100
    characters is kept on one line (one round result, one rating ...). Characters beyond
    ASCII are written as they are (UTF-8)."""
    return _dump(document, 0, 0) + "\n"


def _dump(value: object, indent: int, prefix: int) -> str:
    """``value`` at ``indent``; ``prefix`` characters (the key) precede it on its line."""
    if isinstance(value, dict | list) and value:
        inline = json.dumps(value, ensure_ascii=False)
        if indent + prefix + len(inline) + 1 <= 100:
            return inline
        inner = " " * (indent + 2)
        if isinstance(value, dict):
            parts = []
            for key, item in value.items():
                head = f"{json.dumps(key, ensure_ascii=False)}: "
                parts.append(inner + head + _dump(item, indent + 2, len(head)))
            return "{\n" + ",\n".join(parts) + "\n" + " " * indent + "}"
        parts = [inner + _dump(item, indent + 2, 0) for item in value]
        return "[\n" + ",\n".join(parts) + "\n" + " " * indent + "]"
    return json.dumps(value, ensure_ascii=False)


def write_tournament_json(
    tournament: Tournament, standings: Standings | None = None, *, computed: bool = False
) -> str:
    """The tournament (and its standings, if given) as our JSON format, version 1.

    The format holds every field of a tournament; a value its reader would not take back
    (:mod:`.json_limits`: a lone surrogate, a number out of the reader's range) raises
    :class:`~tiebreaks.errors.FormatLimitError` naming the participant and the field, before
    anything is written. With ``computed`` the standings are written as ours (``"computed":
    true``), apart from what the tournament states: read back, they are no published
    values, and the players' stated points and ranks stay those of the tournament."""
    check_json(_REFUSER, tournament)
    if standings is not None:
        check_standings(_REFUSER, standings)
    text = dump_json(tournament_json_document(tournament, standings, computed=computed))
    check_utf8(_REFUSER, text, tournament)
    return text


def tournament_json_document(
    tournament: Tournament, standings: Standings | None = None, *, computed: bool = False
) -> dict[str, Any]:
    """The JSON document (plain dicts and lists) of :func:`write_tournament_json`."""
    players = tournament.players
    if standings is not None and not computed:
        published = published_points_and_ranks(standings)
        players = tuple(
            replace(
                p,
                stated_points=published[p.start_number][0],
                stated_rank=published[p.start_number][1],
            )
            if p.start_number in published
            else p
            for p in players
        )
    document: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "tournament": _header_json(tournament),
        "players": [_player_json(player) for player in players],
        "team_records": _team_records_json(tournament.team_records),
    }
    if standings is not None:
        document["standings"] = _standings_json(standings)
        if computed:
            document["standings"]["computed"] = True
    return document


def _optional_points(value: Fraction | None) -> str | None:
    return None if value is None else exact_text(value)


def _header_json(tournament: Tournament) -> dict[str, Any]:
    header: dict[str, Any] = {
        "name": tournament.name,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        "type_text": tournament.type_text,
        "type_code": tournament.type_code,
        "pairing_system": tournament.pairing_system.value,
        "rounds": tournament.rounds,
        "score_system": {
            KIND_NAMES[kind]: exact_text(tournament.score_system.points[kind])
            for kind in ResultKind
        },
        "tiebreak_list": list(tournament.tiebreak_list),
        "standings_list": list(tournament.standings_list),
        "national_federation": tournament.national_federation,
        "rating_method": tournament.rating_method,
    }
    if tournament.published_columns:
        header["published_columns"] = list(tournament.published_columns)
    return header


def _player_json(player: Player) -> dict[str, Any]:
    record: dict[str, Any] = {
        "start_number": player.start_number,
        "name": player.name,
        "rating": player.rating,
        "national_rating": player.national_rating,
        "sex": player.sex,
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "birth_date": player.birth_date,
        "stated_points": _optional_points(player.stated_points),
        "stated_rank": player.stated_rank,
    }
    if player.stated_values:
        record["stated_values"] = [_optional_points(value) for value in player.stated_values]
    record["results"] = [
        {
            "kind": KIND_NAMES[result.kind],
            "opponent": result.opponent,
            "colour": result.colour.value,
        }
        for result in player.results
    ]
    return record


def _team_records_json(records: TeamRecords | None) -> dict[str, Any] | None:
    if records is None:
        return None
    return {
        "teams": [
            {
                "number": team.number,
                "name": team.name,
                "short_name": team.short_name,
                "players": list(team.players),
            }
            for team in records.teams
        ],
        "bye_match_points": _optional_points(records.bye_match_points),
        "bye_game_points": _optional_points(records.bye_game_points),
        "bye_teams": [
            {"round": round_number, "team": team}
            for round_number, team in sorted(records.bye_teams.items())
        ],
        "forfeits": [
            {"round": f.round, "white": f.white, "black": f.black, "code": f.code}
            for f in records.forfeits
        ],
        "board_colours": records.board_colours,
        "match_points": {
            "win": exact_text(records.match_win),
            "draw": exact_text(records.match_draw),
            "loss": exact_text(records.match_loss),
        },
    }


def _standings_json(standings: Standings) -> dict[str, Any]:
    columns = standings.columns
    return {
        "rules": standings.rules.name,
        "rules_reason": standings.rules_reason,
        "tiebreaks_source": standings.tiebreaks_source,
        "rounds": standings.rounds,
        "pairing_system": standings.pairing_system.value,
        "team": standings.is_team,
        "columns": list(columns),
        "rows": [
            {
                "rank": row.rank,
                "participant": row.player.start_number,
                "name": row.player.name,
                "values": [_optional_points(row.values[column]) for column in columns],
                "drawn_by_lot": row.drawn_by_lot,
            }
            for row in standings.rows
        ],
    }
