"""What our JSON and FIDE Chess-JSON can hold, as their readers read them back: the checks
:func:`~.tournament_json.write_tournament_json` and :func:`~.chess_json.write_chess_json`
make before they write anything.

Both formats, any value that raises :class:`~tiebreaks.errors.FormatLimitError` naming the
participant and the field:

* text with a lone surrogate (UTF-8 cannot carry it);
* a number the reader does not take: more than 999 rounds, a start number (or opponent, team
  member) beyond 9,999,999, a team number beyond 999, a rating or rank of more than 18
  digits or a negative one, an exact value (points, published values) with more than 30
  digits in a part, a score system beyond the readers' bounds (values below 1,000,000 with
  a common denominator of at most 10,000);
* board colours other than ``W`` and ``B``; a tournament without players.

Chess-JSON also refuses what its model has no place for (:func:`check_chess_json`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from ...errors import shown_value
from ...model import Colour, Player, ResultKind, ScoreSystem, Tournament
from ...model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR
from ...model.team import TeamRecords
from ..readers.json_syntax import MAX_ROUNDS, MAX_START_NUMBER, exact_text, parse_exact
from .limits import TOURNAMENT, Refuser, player_label, team_label, text_fields

if TYPE_CHECKING:
    from ...standings import Standings

__all__ = ["check_chess_json", "check_json", "check_standings", "check_utf8"]

_LARGEST_WHOLE = 10**18 - 1  # the readers take at most 18 digits
_MAX_TEAM = 999
_SURROGATE = re.compile("[\ud800-\udfff]")
_EXACT_LIMIT = "an exact JSON value (at most 30 digits before and after the point, or in each "
_EXACT_LIMIT += "part of a ratio)"
K = ResultKind
#: kinds Chess-JSON scores by another kind's code: (kind, scored as)
_CHESS_SCORED_AS = (
    (K.UNRATED_WIN, K.WIN),
    (K.UNRATED_DRAW, K.DRAW),
    (K.UNRATED_LOSS, K.LOSS),
    (K.FORFEIT_WIN, K.WIN),
    (K.FORFEIT_LOSS, K.ZERO_BYE),
    (K.ABSENT, K.ZERO_BYE),
)
#: list names the Chess-JSON reader takes for the FIDE list, or for no federation
_RESERVED_LISTS = ("FIDE", "TRF", "national")


def check_utf8(refuser: Refuser, text: str, tournament: Tournament) -> None:
    """The written ``text`` can be written as UTF-8; else the text of the tournament with a
    lone surrogate is named."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        for who, field, value in text_fields(tournament):
            bad = _SURROGATE.search(value)
            if bad is not None:
                raise refuser.refuse(
                    who,
                    field,
                    value,
                    f"UTF-8 text, which cannot carry the lone surrogate U+{ord(bad.group()):04X}",
                ) from None
        raise refuser.refuse(TOURNAMENT, "text", "", "UTF-8 text") from None


def _exact(refuser: Refuser, who: str, field: str, value: Fraction | None) -> None:
    if value is not None and parse_exact(exact_text(value)) != value:
        raise refuser.refuse(who, field, value, _EXACT_LIMIT)


def _check_scores(refuser: Refuser, system: ScoreSystem) -> None:
    for kind, value in system.points.items():
        if abs(value) >= MAX_POINTS:
            raise refuser.refuse(
                TOURNAMENT, f"score of a {kind.description}", value, "scores below 1,000,000"
            )
    if system.denominator > MAX_SCORE_DENOMINATOR:
        raise refuser.refuse(
            TOURNAMENT,
            "score system",
            str(system),
            "scores with a common denominator of at most 10,000 (e.g. four decimals)",
        )


def check_json(refuser: Refuser, tournament: Tournament) -> None:
    """What both JSON formats need (see the module docstring)."""
    if not tournament.players:
        raise refuser.refuse(TOURNAMENT, "players", "none", "a file, which needs one at least")
    refuser.whole(
        TOURNAMENT, "number of rounds", tournament.rounds, 0, MAX_ROUNDS, "0 to 999 rounds"
    )
    _check_scores(refuser, tournament.score_system)
    if tournament.point_assignments:
        raise refuser.refuse(
            TOURNAMENT,
            "abnormal point assignments (TRF26 299)",
            f"{len(tournament.point_assignments)} record(s)",
            "this format, which has no place for them (the scores would change)",
            "write a TRF file, which keeps them as 299 records",
        )
    if tournament.round_ratings:
        raise refuser.refuse(
            TOURNAMENT,
            "ratings of later rounds (an event over rating periods)",
            f"{len(tournament.round_ratings)} rating(s)",
            "this format, which has no place for them (rating tie-breaks by round would change)",
            "write a TRF file, which keeps them as ### comments",
        )
    line_ups = tournament.team_records.line_ups if tournament.team_records else ()
    if line_ups:
        raise refuser.refuse(
            TOURNAMENT,
            "team line-ups out of the default order (TRF26 300)",
            f"{len(line_ups)} record(s)",
            "this format, which has no place for them (the boards would change)",
            "write a TRF file, which keeps them as 300 records",
        )
    numbers = f"start numbers from 1 to {MAX_START_NUMBER:,}"
    for player in tournament.players:  # a player's own number before the rounds naming it
        refuser.whole(
            player_label(player), "start number", player.start_number, 1, MAX_START_NUMBER, numbers
        )
    for player in tournament.players:
        _check_player(refuser, player)
    if tournament.team_records is not None:
        _check_teams(refuser, tournament.team_records)


def _check_player(refuser: Refuser, player: Player) -> None:
    who = player_label(player)
    numbers = f"start numbers from 1 to {MAX_START_NUMBER:,}"
    for field, rating in (("rating", player.rating), ("national rating", player.national_rating)):
        refuser.whole(who, field, rating, 0, _LARGEST_WHOLE, "ratings from 0, of 18 digits at most")
    refuser.whole(who, "rank", player.stated_rank, 1, _LARGEST_WHOLE, "ranks of 18 digits at most")
    _exact(refuser, who, "points", player.stated_points)
    for value in player.stated_values:
        _exact(refuser, who, "published value", value)
    for round_number, result in enumerate(player.results, start=1):
        refuser.whole(
            who, f"opponent in round {round_number}", result.opponent, 1, MAX_START_NUMBER, numbers
        )


def _check_teams(refuser: Refuser, records: TeamRecords) -> None:
    for team in records.teams:
        who = team_label(team)
        refuser.whole(who, "team number", team.number, 1, _MAX_TEAM, "team numbers from 1 to 999")
        for number in team.players:
            refuser.whole(who, "player", number, 1, MAX_START_NUMBER, "a start number")
    scores: tuple[tuple[str, Fraction | None], ...] = (
        ("match points of a team bye", records.bye_match_points),
        ("game points of a team bye", records.bye_game_points),
        ("match points of a won match", records.match_win),
        ("match points of a drawn match", records.match_draw),
        ("match points of a lost match", records.match_loss),
    )
    for field, score in scores:
        _exact(refuser, TOURNAMENT, field, score)
    if set(records.board_colours) - {"W", "B"}:
        raise refuser.refuse(
            TOURNAMENT, "board colours", records.board_colours, "colours W and B (e.g. WBWB)"
        )


# ---------------------------------------------------------------------------------------------
# Chess-JSON


def check_chess_json(
    refuser: Refuser, tournament: Tournament, rank_order: tuple[str, ...] | None
) -> None:
    """What Chess-JSON has no place for (``rank_order``: the ``rankOrder`` written from the
    tournament's own lists, None when the standings give it), besides :func:`check_json`:

    * scores that tell apart kinds sharing a result code: an unrated game and a rated one, a
      forfeit win and a win, a forfeit loss or an absence and a zero-point bye;
    * a game or forfeit without a colour (a game names White and Black), a colour of a round
      without an opponent;
    * a ``212`` list of ``PTS`` alone (read as no list), a ``202`` list that the rank order
      does not give back (one ``rankOrder`` holds both lists: ``212``, or ``PTS`` and
      ``202``), published tie-break values of other columns than the rank order;
    * a national rating list named ``FIDE``, ``TRF`` or ``national``;
    * a team without a name (read as ``Team 3``), a team member who is no player or is in
      two teams, team bye points without both values.
    """
    check_json(refuser, tournament)
    holder = "Chess-JSON, which scores it by the result code of a {}"
    refuser.scored_alike(tournament.score_system, _CHESS_SCORED_AS, holder)
    for player in tournament.players:
        _check_colours(refuser, player)
    if rank_order is not None:
        _check_lists(refuser, tournament, rank_order)
    federation = tournament.national_federation
    if federation.upper() in ("FIDE", "TRF") or federation == "national":
        raise refuser.refuse(
            TOURNAMENT,
            "national rating federation",
            federation,
            "a Chess-JSON rating list name, which its reader takes for the FIDE list or none",
        )
    if tournament.team_records is not None:
        _check_chess_teams(refuser, tournament, tournament.team_records)


def _check_colours(refuser: Refuser, player: Player) -> None:
    for round_number, result in enumerate(player.results, start=1):
        if result.kind.has_opponent and result.colour is Colour.NONE:
            raise refuser.refuse(
                player_label(player),
                f"colour in round {round_number}",
                "none",
                f"Chess-JSON, which writes a {result.kind.description} with White and Black",
                "give the colour in the input, or write TRF or our JSON, which hold no colour",
            )
        if not result.kind.has_opponent and result.colour is not Colour.NONE:
            raise refuser.refuse(
                player_label(player),
                f"colour of the {result.kind.description} in round {round_number}",
                result.colour.value,
                "Chess-JSON, which gives a round without an opponent no colour",
            )


def _without_pts(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(item for item in items if item.upper() != "PTS")


def _check_lists(refuser: Refuser, tournament: Tournament, rank_order: tuple[str, ...]) -> None:
    standings_list, tiebreak_list = tournament.standings_list, tournament.tiebreak_list
    if [item.upper() for item in standings_list] == ["PTS"]:
        raise refuser.refuse(
            TOURNAMENT,
            "standings list (212)",
            ",".join(standings_list),
            "Chess-JSON, whose reader takes a rank order of PTS alone for no list",
        )
    if tiebreak_list and tiebreak_list != _without_pts(rank_order):
        raise refuser.refuse(
            TOURNAMENT,
            "tie-break list (202)",
            ",".join(tiebreak_list),
            f"Chess-JSON, whose one rank order {','.join(rank_order)!r} gives the tie-break "
            "list back without PTS",
        )
    columns = tournament.published_columns
    published = any(player.stated_values for player in tournament.players)
    team = tournament.team_records is not None
    if (columns or published) and (team or columns != rank_order or not published):
        raise refuser.refuse(
            TOURNAMENT,
            "published tie-break values",
            ",".join(columns),
            "Chess-JSON, which holds published values only for the columns of its rank order "
            f"{','.join(rank_order)!r} (and none for a team tournament)",
        )
    for player in tournament.players:
        if player.stated_values and len(player.stated_values) != len(columns):
            raise refuser.refuse(
                player_label(player),
                "published values",
                len(player.stated_values),
                f"Chess-JSON, which holds one value per rank-order column ({len(columns)})",
            )


def _check_chess_teams(refuser: Refuser, tournament: Tournament, records: TeamRecords) -> None:
    numbers = {player.start_number for player in tournament.players}
    placed: dict[int, int] = {}
    for team in records.teams:
        who = team_label(team)
        if not team.name:
            raise refuser.refuse(
                who,
                "name",
                team.name,
                f"Chess-JSON, whose reader gives a team without a name the name "
                f"'Team {team.number}'",
                "give the team a name",
            )
        for number in team.players:
            if number not in numbers or number in placed:
                where = f"team {placed[number]} too" if number in placed else "no player"
                raise refuser.refuse(
                    who,
                    "player",
                    number,
                    f"Chess-JSON, which lists a team's players as competitors ({where})",
                )
            placed[number] = team.number
    byes = (records.bye_match_points, records.bye_game_points)
    if (None in byes and byes != (None, None)) or (records.bye_teams and None in byes):
        raise refuser.refuse(
            TOURNAMENT,
            "team bye points",
            " and ".join("-" if value is None else shown_value(value) for value in byes),
            "Chess-JSON, which gives the match and the game points of a team bye together",
        )


def check_standings(refuser: Refuser, standings: Standings) -> None:
    """The published values of the standings written with a tournament: exact values the
    readers take back."""
    for row in standings.rows:
        participant = row.player
        who = f"team {participant.start_number}" if standings.is_team else player_label(participant)
        for column in standings.columns:
            _exact(refuser, who, f"published value {column}", row.values[column])
