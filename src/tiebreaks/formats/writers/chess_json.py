"""The writer of FIDE Chess-JSON (the format, what it holds and what this writer refuses are
described in :mod:`tiebreaks.formats.readers.chess_json`, whose reader reads back what is
written here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...model import (
    ABSENT,
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from ...model.rating_lists import apply_rating_order, file_rating_order
from ...model.team import Match, MatchKind, TeamRecord, TeamRecords
from ...model.team_matches import team_tournament
from ..readers.chess_json import _DEFAULT_GAME_SCORES, _DEFAULT_MATCH_SCORES, _NATIONAL_LIST
from ..readers.json_syntax import exact_text
from .json_limits import check_chess_json, check_standings, check_utf8
from .limits import Refuser
from .tournament_json import dump_json
from .trf import published_points_and_ranks, standings_descriptors

if TYPE_CHECKING:
    from ...standings import Standings

__all__ = ["chess_json_document", "write_chess_json"]

K = ResultKind
#: our kind -> (Chess-JSON result code, played, rated)
TEC_CODES: dict[ResultKind, tuple[str, bool, bool]] = {
    K.WIN: ("W", True, True),
    K.DRAW: ("D", True, True),
    K.LOSS: ("L", True, True),
    K.UNRATED_WIN: ("W", True, False),
    K.UNRATED_DRAW: ("D", True, False),
    K.UNRATED_LOSS: ("L", True, False),
    K.FORFEIT_WIN: ("W", False, False),
    K.FORFEIT_LOSS: ("Z", False, False),
    K.PAIRING_BYE: ("P", True, False),
    K.FULL_BYE: ("W", False, False),
    K.HALF_BYE: ("D", False, False),
    K.ZERO_BYE: ("Z", False, False),
}
FIDE_LIST = "FIDE"
_REFUSER = Refuser("Chess-JSON")
_CANONICAL_ID = re.compile(r"0|[1-9][0-9]{0,17}")
_FORMATS = {PairingSystem.SWISS: "swiss", PairingSystem.ROUND_ROBIN: "roundrobin"}
_MATCH_CODES = {
    MatchKind.FORFEIT_WIN: ("W", False),
    MatchKind.FORFEIT_LOSS: ("Z", False),
    MatchKind.DOUBLE_FORFEIT: ("Z", False),
    MatchKind.PAIRING_BYE: ("P", True),
    MatchKind.FULL_BYE: ("W", False),
    MatchKind.HALF_BYE: ("D", False),
    MatchKind.ZERO_BYE: ("Z", False),
}


def write_chess_json(tournament: Tournament, standings: Standings | None = None) -> str:
    """The tournament (with its standings' ranks and tie-break values, if given) as a FIDE
    Chess-JSON event; see the module docstring.

    A value Chess-JSON cannot hold (:func:`.json_limits.check_chess_json`) raises
    :class:`~tiebreaks.errors.FormatLimitError` naming the participant and the field, before
    anything is written."""
    own_order = None if standings is not None else _own_rank_order(tournament)
    check_chess_json(_REFUSER, tournament, own_order)
    if standings is not None:
        check_standings(_REFUSER, standings)
    text = dump_json(chess_json_document(tournament, standings))
    check_utf8(_REFUSER, text, tournament)
    return text


def _own_rank_order(tournament: Tournament) -> tuple[str, ...]:
    """The ``rankOrder`` of the tournament's own lists: ``212``, else ``PTS`` and ``202``."""
    return tournament.standings_list or ("PTS", *tournament.tiebreak_list)


def chess_json_document(
    tournament: Tournament, standings: Standings | None = None
) -> dict[str, Any]:
    """The Chess-JSON document (plain dicts and lists) of :func:`write_chess_json`."""
    return _EventWriter(tournament, standings).document()


def _split_name(name: str) -> tuple[str, str]:
    last, _, first = name.partition(",")
    return last.strip(), first.strip()


class _EventWriter:
    """Builds one Chess-JSON event from a tournament."""

    def __init__(self, tournament: Tournament, standings: Standings | None) -> None:
        self.tournament = tournament
        self.standings = standings
        self.next_id = 0
        self.game_ids: dict[tuple[int, int], list[int]] = {}
        self.games: dict[int, dict[str, Any]] = {}
        self.players = {player.start_number: player for player in tournament.players}
        order = file_rating_order(tournament)
        rated = apply_rating_order(tournament, order) if order else tournament
        self.effective_ratings = {p.start_number: p.rating for p in rated.players}
        self.national_list = tournament.national_federation or _NATIONAL_LIST
        self.rows = {}
        self.published: dict[int, tuple[Fraction | None, int | None]] = {}
        if standings is not None and not standings.is_team:
            self.rows = {row.player.start_number: row for row in standings.rows}
            self.published = dict(published_points_and_ranks(standings))

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def document(self) -> dict[str, Any]:
        tournament = self.tournament
        info: dict[str, Any] = {"fullName": tournament.name}
        if tournament.start_date is not None:
            info["startDate"] = tournament.start_date.isoformat()
        lists = [{"listName": FIDE_LIST}]
        if tournament.national_federation or any(
            p.national_rating is not None for p in tournament.players
        ):
            lists.append({"listName": self.national_list})
        event = {
            "eventName": tournament.name,
            "eventInfo": info,
            "ratingLists": lists,
            "profiles": [self.profile(player) for player in tournament.players],
            "teams": self.teams(),
            "tournaments": [self.tournament_object(info)],
        }
        status = {"code": 0, "error": []}
        return {
            "filetype": "Event",
            "version": "1.0",
            "origin": "tiebreaks",
            "published": "",
            "status": status,
            "event": event,
        }

    def profile(self, player: Player) -> dict[str, Any]:
        last, first = _split_name(player.name)
        ratings = []
        if player.rating is not None:
            ratings.append({"list": FIDE_LIST, "rating": player.rating})
        if player.national_rating is not None:
            ratings.append({"list": self.national_list, "rating": player.national_rating})
        profile: dict[str, Any] = {
            "id": player.start_number,
            "lastName": last,
            "firstName": first,
            "sex": player.sex,
            "federation": player.federation,
            "fideName": player.name,
            "rating": ratings,
        }
        if player.fide_id:
            # a number when it is one as written (ASCII digits, no leading zero, not huge)
            canonical = _CANONICAL_ID.fullmatch(player.fide_id) is not None
            profile["fideId"] = int(player.fide_id) if canonical else player.fide_id
        if player.title:
            profile["fideTitle"] = player.title
        if player.birth_date:
            profile["birth"] = player.birth_date
        return profile

    def teams(self) -> list[dict[str, Any]]:
        records = self.tournament.team_records
        if records is None:
            return []
        teams = []
        for team in records.teams:
            entry: dict[str, Any] = {
                "id": team.number,
                "teamName": team.name,
                "players": list(team.players),
            }
            if team.short_name:
                entry["shortName"] = team.short_name
            teams.append(entry)
        return teams

    def competitor(self, player: Player) -> dict[str, Any]:
        competitor: dict[str, Any] = {
            "cid": player.start_number,
            "profileId": player.start_number,
            "present": True,
        }
        rating = self.effective_ratings.get(player.start_number)
        if rating is not None:
            competitor["rating"] = {"list": FIDE_LIST, "rating": rating}
        points, rank = self.published.get(
            player.start_number, (player.stated_points, player.stated_rank)
        )
        row = self.rows.get(player.start_number)
        values: Sequence[Fraction | None] = player.stated_values if self.standings is None else ()
        if row is not None and self.standings is not None:
            values = [row.values[column] for column in self.standings.columns]
        if values:
            competitor["tiebreakScore"] = [None if v is None else exact_text(v) for v in values]
        if points is not None:
            competitor["gamePoints"] = exact_text(points)
        if rank is not None:
            competitor["rank"] = rank
        return competitor

    def tournament_object(self, info: dict[str, Any]) -> dict[str, Any]:
        tournament = self.tournament
        tournament_info = dict(info)
        if tournament.type_code:
            tournament_info["typeOfTournament"] = tournament.type_code
        game_list = self.game_list()
        result: dict[str, Any] = {
            "tournamentNo": 1,
            "name": tournament.name,
            "tournamentType": tournament.type_text,
            "tournamentInfo": tournament_info,
            "format": _FORMATS[tournament.pairing_system],
            "ratingList": FIDE_LIST,
            "numRounds": tournament.rounds,
            "currentRound": tournament.rounds,
            "teamTournament": tournament.team_records is not None,
            "teamSize": 0,
            "rankOrder": self.rank_order(),
            "scoreSystem": {"game": _game_scores(tournament.score_system), "match": {}},
            "competitors": [self.competitor(player) for player in tournament.players],
            "gameList": game_list,
            "matchList": [],
        }
        other: dict[str, Any] = {}
        if tournament.rating_method:
            other["ratingMethod"] = tournament.rating_method
        if tournament.team_records is not None:
            _TeamWriter(self, tournament.team_records).fill(result, other)
        if other:
            result["other"] = other
        return result

    def rank_order(self) -> list[str]:
        if self.standings is not None:
            return list(standings_descriptors(self.standings))
        return list(_own_rank_order(self.tournament))

    def game_list(self) -> list[dict[str, Any]]:
        games: list[dict[str, Any]] = []
        for round_number in range(1, self.tournament.rounds + 1):
            games.extend(self.round_games(round_number))
        return games

    def round_games(self, round_number: int) -> Iterator[dict[str, Any]]:
        players = self.players
        for player in self.tournament.players:
            mine = player.result(round_number)
            if mine.kind is ResultKind.ABSENT:
                continue
            if mine.opponent is None:
                yield self.game(round_number, (player.start_number, mine), None, mine)
                continue
            opponent = players.get(mine.opponent)
            theirs = opponent.result(round_number) if opponent is not None else ABSENT
            together = _one_record(player.start_number, mine, theirs)
            if together and mine.opponent < player.start_number:
                continue  # written with the opponent's own record
            yield from self.pairing(round_number, player.start_number, mine, theirs, together)

    def pairing(
        self, round_number: int, number: int, mine: RoundResult, theirs: RoundResult, both: bool
    ) -> Iterator[dict[str, Any]]:
        assert mine.opponent is not None
        own_side = (number, mine)
        other_side = (mine.opponent, theirs if both else None)
        white_first = mine.colour is Colour.WHITE or (
            mine.colour is Colour.NONE and number < mine.opponent
        )
        if white_first:
            yield self.game(round_number, own_side, other_side, mine)
        else:
            yield self.game(round_number, other_side, own_side, mine)

    def game(
        self,
        round_number: int,
        white: tuple[int, RoundResult | None],
        black: tuple[int, RoundResult | None] | None,
        flags_from: RoundResult,
    ) -> dict[str, Any]:
        _, played, rated = TEC_CODES[flags_from.kind]
        game_id = self.new_id()
        entry: dict[str, Any] = {"id": game_id, "round": round_number}
        for colour, side in (("white", white), ("black", black)):
            if side is None:
                entry[colour] = None
                continue
            number, result = side
            entry[colour] = {"cid": number}
            if result is not None:
                entry[colour]["result"] = TEC_CODES[result.kind][0]
                self.game_ids.setdefault((round_number, number), []).append(game_id)
        entry["played"], entry["rated"] = played, rated
        self.games[game_id] = entry
        return entry


def _one_record(number: int, mine: RoundResult, theirs: RoundResult) -> bool:
    """True when both sides of a pairing fit in one game record: they name each other, their
    colours are opposite (or both unknown) and their results share the played/rated flags."""
    if theirs.opponent != number or not theirs.kind.has_opponent:
        return False
    colours = {(Colour.WHITE, Colour.BLACK), (Colour.BLACK, Colour.WHITE), (Colour.NONE,) * 2}
    if (mine.colour, theirs.colour) not in colours:
        return False
    return TEC_CODES[mine.kind][1:] == TEC_CODES[theirs.kind][1:]


def _game_scores(system: ScoreSystem) -> dict[str, str]:
    points = system.points
    scores = dict(_DEFAULT_GAME_SCORES)
    for code, kind in (
        ("W", K.WIN),
        ("D", K.DRAW),
        ("L", K.LOSS),
        ("Z", K.ZERO_BYE),
        ("P", K.PAIRING_BYE),
        ("F", K.FULL_BYE),
        ("H", K.HALF_BYE),
    ):
        scores[code] = exact_text(points[kind])
    return scores


class _TeamWriter:
    """The team part of a Chess-JSON tournament: team competitors, match scores, matches."""

    def __init__(self, event: _EventWriter, records: TeamRecords) -> None:
        self.event = event
        self.records = records
        self.team = team_tournament(event.tournament)
        self.placed: set[int] = set()
        self.forfeit_rounds = {
            (forfeit.round, team)
            for forfeit in records.forfeits
            for team in (forfeit.white, forfeit.black)
        }

    def fill(self, tournament: dict[str, Any], other: dict[str, Any]) -> None:
        records = self.records
        tournament["teamSize"] = self.team.boards
        if records.board_colours:
            tournament["teamSequence"] = records.board_colours
        primary = "game" if self.team.primary == "GP" else "match"
        scores = tournament["scoreSystem"]
        scores["match"] = self.match_scores()
        scores["primary"], scores["secondary"] = primary, "match" if primary == "game" else "game"
        players = {c["cid"]: c for c in tournament["competitors"]}
        tournament["competitors"] = [self.team_competitor(team, players) for team in records.teams]
        unplaced = [c for cid, c in players.items() if cid not in self.placed]
        if unplaced:
            other["playersWithoutTeam"] = unplaced
        tournament["matchList"] = self.match_list()

    def match_scores(self) -> dict[str, str]:
        records = self.records
        scores = dict(_DEFAULT_MATCH_SCORES)
        scores["W"], scores["D"] = exact_text(records.match_win), exact_text(records.match_draw)
        scores["L"] = exact_text(records.match_loss)
        if records.bye_match_points is not None and records.bye_game_points is not None:
            scores["P"] = exact_text(records.bye_match_points)
            scores["PG"] = exact_text(records.bye_game_points)
        return scores

    def team_competitor(self, team: TeamRecord, players: dict[int, Any]) -> dict[str, Any]:
        cplayers: list[dict[str, Any]] = []
        for board, number in enumerate(team.players, start=1):
            if number in players and number not in self.placed:
                self.placed.add(number)
                cplayers.append(dict(players[number], teamId=team.number, order=board))
        competitor: dict[str, Any] = {"cid": team.number, "teamId": team.number}
        competitor["present"], competitor["cplayers"] = True, cplayers
        standings = self.event.standings
        if standings is not None and standings.is_team:
            for row in standings.rows:
                if row.player.start_number == team.number:
                    competitor["rank"] = row.rank
        return competitor

    def match_list(self) -> list[dict[str, Any]]:
        by_number = {team.number: team for team in self.team.teams}
        matches = []
        for round_index in range(self.team.rounds):
            written: set[int] = set()
            for team in self.team.teams:
                match = team.matches[round_index]
                if team.number in written or match.kind is MatchKind.ABSENT:
                    continue
                entry = self.match_entry(team.number, match, by_number, written)
                matches.append(entry)
        return matches

    def match_code(self, match: Match) -> tuple[str, bool]:
        if match.kind is MatchKind.PLAYED:
            if match.match_points == self.records.match_win:
                return "W", True
            return ("D", True) if match.match_points == self.records.match_draw else ("L", True)
        return _MATCH_CODES[match.kind]

    def games_of(self, team: int, round_number: int, boards: Sequence[int]) -> list[int]:
        if (round_number, team) in self.forfeit_rounds:
            return []
        if self.records.bye_teams.get(round_number) == team:
            return []
        ids = self.event.game_ids
        return sorted({i for number in boards for i in ids.get((round_number, number), [])})

    def match_entry(
        self, number: int, match: Match, by_number: dict[int, Any], written: set[int]
    ) -> dict[str, Any]:
        code, played = self.match_code(match)
        own = {"cid": number, "result": code}
        entry: dict[str, Any] = {"id": self.event.new_id(), "round": match.round}
        players = list(by_number[number].players)
        written.add(number)
        other: dict[str, Any] | None = None
        if match.opponent is not None:
            other = {"cid": match.opponent}
            opponent_team = by_number.get(match.opponent)
            if opponent_team is not None and match.opponent not in written:
                mirror = opponent_team.matches[match.round - 1]
                if mirror.opponent == number:
                    other["result"] = self.match_code(mirror)[0]
                    written.add(match.opponent)
                    players += opponent_team.players
        white_first = match.white_on_first_board is not False or other is None
        entry["white"], entry["black"] = (own, other) if white_first else (other, own)
        entry["played"] = played
        entry["games"] = self.games_of(number, match.round, players)
        self.number_boards(match)
        return entry

    def number_boards(self, match: Match) -> None:
        """The engine counts a team's board games by their ``board`` (1, 2 ...)."""
        for board in match.boards:
            for game_id in self.event.game_ids.get((match.round, board.player), []):
                self.event.games[game_id]["board"] = board.board
