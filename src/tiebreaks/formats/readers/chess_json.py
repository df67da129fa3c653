"""FIDE Chess-JSON, the JSON model of the FIDE TEC reference engine (format "JCH", spec §5.5):
the reader. The writer (:mod:`tiebreaks.formats.writers.chess_json`) writes what is described
here, and this reader reads it back.

Document: ``{"filetype": "Event", "version": "1.0", "origin", "published", "status",
"event": {"eventName", "eventInfo", "ratingLists", "profiles", "teams", "tournaments"}}``.
A tournament has ``tournamentType`` (the TRF ``092`` text), ``tournamentInfo`` (``fullName``,
``startDate`` and ``typeOfTournament``, the TRF26 ``192`` code), ``numRounds``,
``teamTournament``/``teamSize``, ``rankOrder`` (the ``212`` list, or ``PTS`` and the ``202``
list), ``scoreSystem`` (``game`` and, for teams, ``match``), ``competitors`` (``cid`` = start
number, ``profileId``; teams carry their players in ``cplayers``), ``gameList`` and
``matchList``. A game is ``{"round", "white": {"cid", "result"}, "black": {"cid", "result"}
or null, "played", "rated"}``; the flat form of older files (``"white": 3, "black": 0,
"wResult", "bResult"``) is read too. Points are written as exact decimal strings (the engine
reads them as ``Decimal``). The writer adds the key ``format`` (``"swiss"`` /
``"roundrobin"``), as the engine's own reader does.

Result codes (one side of a game; ``played``/``rated`` belong to the whole game), as the
engine's TRF reader writes them:

=====================  ==========================================================
our kind (TRF code)    Chess-JSON
=====================  ==========================================================
win, draw, loss        ``W`` ``D`` ``L``, played, rated
unrated ``W D L``      ``W`` ``D`` ``L``, played, not rated
forfeit win ``+``      ``W``, not played, against the scheduled opponent
forfeit loss ``-``     ``Z``, not played (an unplayed ``L`` is read the same way)
pairing bye ``U``      ``P``, played, no opponent (``black`` null)
full-point bye ``F``   ``W``, not played, no opponent
half-point bye ``H``   ``D``, not played, no opponent
zero-point bye ``Z``   ``Z``, not played, no opponent
absent (blank)         no game in that round
=====================  ==========================================================

The reader also takes ``F``/``H`` as bye codes and ``U`` as zero. ``A`` (an unknown or
adjourned result) and an unplayed draw against an opponent have no kind in our model and are
an :class:`~tiebreaks.errors.InputError`, as is any malformed value (at its line and column).

What Chess-JSON cannot hold is refused by the writer before anything is written
(:func:`tiebreaks.formats.writers.json_limits.check_chess_json`: a
:class:`~tiebreaks.errors.FormatLimitError` naming the participant and the field), so that
the file reads back to the same tournament:

* a game or forfeit without a colour (a game names White and Black);
* score values that tell apart kinds sharing a code: an unrated game and the rated one, a
  forfeit win and a win, a forfeit loss or an absence and a zero-point bye (``Z``); the
  full- and half-point byes keep their own values in ``F`` and ``H``;
* a ``202`` list that the one ``rankOrder`` does not give back: the reader gives the rank
  order (the ``212`` list, or ``PTS`` and ``202``) to both lists, ``202`` without ``PTS``,
  which ranks the same; a rank order of ``PTS`` alone is read as no list (the engine writes
  it when the file has none), so a ``212`` list of ``PTS`` alone is refused; published
  tie-break values of other columns than the rank order (``tiebreakScore`` has one value per
  rank-order entry);
* a team without a name, a team member who is no player or is in two teams.

Start numbers (``cid``) go up to 9,999,999, as in our JSON. A rating of 0 is read back as
unrated (what it means in every tie-break). The national rating list is written whenever the
tournament names a ``172`` federation, so that the federation reads back even without national
ratings. The source line numbers of the players and teams are not kept (no format keeps
them).

The two sides of a game that disagree (not complementary results, or different
``played``/``rated`` flags) are written as two one-sided games, each with the result of its
own side only, so nothing of either side is lost. A zero-point bye (``Z``) and an absence (no
game) stay distinct. TRF26 ``172``'s rating method is kept in the tournament's ``other``
object (``ratingMethod``), as are players of a team tournament who belong to no team
(``playersWithoutTeam``). Team tournaments: the teams are the competitors (``cid`` = team
number) with their players in board order, ``teamSequence`` holds the ``352`` colours,
``scoreSystem.match`` the ``362`` points and, as numbers, the ``320`` bye points (``P``,
``PG``); ``matchList`` holds the matches derived from the board games, where a team bye of
``320`` and a forfeited match of ``330`` are the entries without games (``"games": []``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from types import MappingProxyType

from ...errors import InputError, Location
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
from ...model.team import ForfeitedMatch, TeamRecord, TeamRecords
from .consistency import check_consistency
from .json_syntax import (
    MAX_START_NUMBER,
    JsonChecker,
    Node,
    bounded_score_system,
    parse_exact,
    parse_json,
)
from .locator import Locator
from .trf_checks import guess_pairing_system, pairing_system_from_records

__all__ = ["read_chess_json", "tec_kind"]

K = ResultKind
_FILE_LISTS = ("FIDE", "TRF")
_NATIONAL_LIST = "national"
_FORMATS_READ = {
    "swiss": PairingSystem.SWISS,
    "roundrobin": PairingSystem.ROUND_ROBIN,
    "scheveningen": PairingSystem.ROUND_ROBIN,
    "schiller": PairingSystem.ROUND_ROBIN,
}
_DEFAULT_GAME_SCORES: dict[str, str] = {
    "W": "1.0",
    "D": "0.5",
    "L": "0.0",
    "F": "W",
    "H": "D",
    "Z": "0.0",
    "P": "W",
    "A": "D",
    "U": "Z",
}
_DEFAULT_MATCH_SCORES: dict[str, str] = {
    "W": "2.0",
    "D": "1.0",
    "L": "0.0",
    "F": "W",
    "H": "D",
    "Z": "0.0",
    "P": "D",
    "A": "D",
    "U": "Z",
    "FG": "W*",
    "HG": "D*",
    "ZG": "Z*",
    "PG": "P*",
}

_RESULT_WHAT = (
    "a Chess-JSON result our model can hold: W, D, L, Z (or U) against an opponent (not an "
    "unplayed draw), or P, W, F, D, H, Z, L, U for a bye; 'A' (an unknown or adjourned result) "
    "is not supported"
)


def tec_kind(code: str, played: bool, rated: bool, with_opponent: bool) -> ResultKind | None:
    """Our kind of one side's Chess-JSON result (see the table of the module docstring)."""
    code = code.upper()
    if with_opponent:
        if code in ("W", "F"):
            if not played:
                return K.FORFEIT_WIN
            return K.WIN if rated else K.UNRATED_WIN
        if code == "D" and played:
            return K.DRAW if rated else K.UNRATED_DRAW
        if code == "L" and played:
            return K.LOSS if rated else K.UNRATED_LOSS
        return K.FORFEIT_LOSS if code in ("L", "Z", "U") else None
    byes = {"P": K.PAIRING_BYE, "F": K.FULL_BYE, "D": K.HALF_BYE, "H": K.HALF_BYE}
    if code == "W":
        return K.PAIRING_BYE if played else K.FULL_BYE
    return byes.get(code, K.ZERO_BYE if code in ("Z", "L", "U") else None)


@dataclass
class _Side:
    """One side of a game record: the competitor, and its result when the record gives it."""

    cid: int
    result: str | None
    node: Node


@dataclass
class _Context:
    """What is known while the tournament is read."""

    rounds: int = 0
    #: ``numRounds`` / ``currentRound`` (0: not given); games after it are an error
    declared: int = 0
    players: dict[int, Player] = field(default_factory=dict)
    results: dict[tuple[int, int], RoundResult] = field(default_factory=dict)
    team_players: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: where each team's players are written: (line, column) of each ``cid``
    team_places: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)


class _ChessReader:
    """Reads one tournament of a Chess-JSON event."""

    def __init__(self, source: str) -> None:
        self.check = JsonChecker(source)
        self.source = source
        self.context = _Context()
        self.profiles: dict[int, Node] = {}
        self.team_names: dict[int, tuple[str, str]] = {}
        self.national = ""
        self.score_nodes: dict[int, Node] = {}
        #: start number -> (team, line of the team's entry, board) of each team player
        self.member_of: dict[int, tuple[int, int, int]] = {}
        #: where the tournament declares its pairing system and its number of rounds
        self.system_at: Location | None = None
        self.rounds_at: Location | None = None

    def string(self, node: Node | None, key: str) -> str:
        found = None if node is None else self.check.optional(node, key)
        if found is None:
            return ""
        if not isinstance(found.value, str | bool) and found.value is not None:
            return str(self.check.whole(found, "a string or a number"))
        return self.check.text(found, "a string")

    def flag(self, node: Node, key: str, default: bool) -> bool:
        found = self.check.optional(node, key)
        return default if found is None else self.check.flag(found)

    def read(self, root: Node, number: int) -> Tournament:
        check = self.check
        check.members(root, "a JSON object (a Chess-JSON event)")
        filetype = check.optional(root, "filetype")
        if filetype is not None:
            check.choice(filetype, {"Event": 1}, 'the file type "Event"')
        event = check.member(root, "event", "the event")
        check.members(event, "an object (the event)")
        self.read_profiles(event)
        tournament_node = self.select(event, number)
        return self.tournament(event, tournament_node)

    def read_profiles(self, event: Node) -> None:
        check = self.check
        profiles = check.optional(event, "profiles")
        for item in [] if profiles is None else check.items(profiles, "an array of profiles"):
            identifier = check.whole(check.member(item, "id", "the profile id"), "a profile id")
            self.profiles[identifier] = item
        teams = check.optional(event, "teams")
        for item in [] if teams is None else check.items(teams, "an array of teams"):
            identifier = check.whole(check.member(item, "id", "the team id"), "a team id")
            self.team_names[identifier] = (
                self.string(item, "teamName"),
                self.string(item, "shortName"),
            )
        lists = check.optional(event, "ratingLists")
        for item in [] if lists is None else check.items(lists, "an array of rating lists"):
            name = self.string(item, "listName")
            if name.upper() not in _FILE_LISTS and not self.national:
                self.national = name

    def select(self, event: Node, number: int) -> Node:
        tournaments = self.check.member(event, "tournaments", "the tournaments")
        items = self.check.items(tournaments, "an array of tournaments")
        for item in items:
            found = self.check.optional(item, "tournamentNo")
            if found is not None and self.check.whole(found, "a tournament number") == number:
                return item
        if 1 <= number <= len(items):
            return items[number - 1]
        raise self.check.error(tournaments, f"a tournament number {number}")

    def tournament(self, event: Node, node: Node) -> Tournament:
        check = self.check
        check.members(node, "an object (a tournament)")
        info = check.optional(node, "tournamentInfo")
        event_info = check.optional(event, "eventInfo")
        context = self.context
        context.declared = context.rounds = self.declared_rounds(node)
        self.rounds_at = self.location(node, "numRounds")
        team = self.flag(node, "teamTournament", False)
        self.read_competitors(node, team)
        games = check.optional(node, "gameList")
        for game in [] if games is None else check.items(games, "an array of games"):
            self.read_game(game)
        context.rounds = max([context.rounds, *(r for _, r in context.results)])
        players = self.players()
        written_order = self.rank_order(node)
        self.check_scores(written_order)
        order = () if [text.upper() for text in written_order] == ["PTS"] else written_order
        type_text = self.string(node, "tournamentType")
        type_code = self.string(info, "typeOfTournament")
        other = check.optional(node, "other")
        tournament = Tournament(
            name=self.name(event, node, info, event_info),
            rounds=context.rounds,
            players=players,
            start_date=self.start_date(info, event_info),
            type_text=type_text,
            type_code=type_code,
            pairing_system=self.pairing_system(node, type_code, type_text, players),
            score_system=self.score_system(node),
            tiebreak_list=tuple(item for item in order if item.upper() != "PTS"),
            standings_list=order,
            national_federation="" if self.national == _NATIONAL_LIST else self.national,
            rating_method=self.string(other, "ratingMethod"),
            team_records=self.team_records(node) if team else None,
            source=self.source,
        )
        return self.published(written_order, tournament)

    def check_scores(self, order: tuple[str, ...]) -> None:
        """Each competitor's ``tiebreakScore`` has one value per rank-order entry."""
        for number, node in self.score_nodes.items():
            values = self.context.players[number].stated_values
            if len(values) != len(order):
                raise self.check.error(node, f"{len(order)} values, one per rankOrder entry")

    def declared_rounds(self, node: Node) -> int:
        rounds = 0
        for key in ("numRounds", "currentRound"):
            found = self.check.optional(node, key)
            if found is not None:
                rounds = max(rounds, self.check.whole(found, "a number of rounds", 0, 999))
        return rounds

    def name(self, event: Node, node: Node, info: Node | None, event_info: Node | None) -> str:
        for holder, key in (
            (node, "name"),
            (info, "fullName"),
            (event_info, "fullName"),
            (event, "eventName"),
            (event, "name"),
        ):
            text = self.string(holder, key)
            if text:
                return text
        return ""

    def start_date(self, info: Node | None, event_info: Node | None) -> date | None:
        for holder in (info, event_info):
            found = None if holder is None else self.check.optional(holder, "startDate")
            if found is None:
                continue
            text = self.check.text(found, 'an ISO date such as "2024-03-01"')
            if not text:
                continue
            try:
                return date.fromisoformat(text[:10])
            except ValueError:
                raise self.check.error(found, 'an ISO date such as "2024-03-01"') from None
        return None

    def pairing_system(
        self, node: Node, type_code: str, type_text: str, players: tuple[Player, ...]
    ) -> PairingSystem:
        written = self.string(node, "format").lower()
        if written in _FORMATS_READ:
            self.system_at = self.location(node, "format")
            return _FORMATS_READ[written]
        decided = pairing_system_from_records(type_code, type_text)
        if pairing_system_from_records(type_code, "") is not None:
            self.system_at = self.location(
                self.check.optional(node, "tournamentInfo"), "typeOfTournament"
            )
        elif decided is not None:
            self.system_at = self.location(node, "tournamentType")
        return decided or guess_pairing_system(players, self.context.rounds)

    def location(self, node: Node | None, key: str) -> Location | None:
        """Where the value of ``key`` is (None without it)."""
        found = None if node is None else self.check.optional(node, key)
        return None if found is None else Location(self.source, found.line, found.column)

    def rank_order(self, node: Node) -> tuple[str, ...]:
        """The rank-order descriptors as written (strings, or objects with ``desc``)."""
        found = self.check.optional(node, "rankOrder")
        if found is None:
            return ()
        order = []
        for item in self.check.items(found, "an array of rank-order descriptors"):
            if isinstance(item.value, dict):
                text = self.string(item, "desc") or self.string(item, "description")
                order.append(text or self.string(item, "name"))
            else:
                order.append(self.check.text(item, 'a descriptor such as "BH/C1"'))
        return tuple(order)

    def published(self, order: tuple[str, ...], tournament: Tournament) -> Tournament:
        """The competitors' tie-break values (``tiebreakScore``, one per rank-order entry) are
        the published values of an individual tournament."""
        if tournament.team_records is not None:
            return tournament
        if not any(player.stated_values for player in tournament.players):
            return tournament
        return replace(tournament, published_columns=order)

    def score_system(self, node: Node) -> ScoreSystem:
        found = self.check.optional(node, "scoreSystem")
        game = None if found is None else self.check.optional(found, "game")
        scores = _Scores(self.check, game, _DEFAULT_GAME_SCORES)
        points = {
            K.WIN: scores.value("W"),
            K.UNRATED_WIN: scores.value("W"),
            K.FORFEIT_WIN: scores.value("W"),
            K.DRAW: scores.value("D"),
            K.UNRATED_DRAW: scores.value("D"),
            K.LOSS: scores.value("L"),
            K.UNRATED_LOSS: scores.value("L"),
            K.FORFEIT_LOSS: scores.value("Z"),
            K.ZERO_BYE: scores.value("Z"),
            K.ABSENT: scores.value("Z"),
            K.PAIRING_BYE: scores.value("P"),
            K.FULL_BYE: scores.value("F"),
            K.HALF_BYE: scores.value("H"),
        }
        return bounded_score_system(self.check, ScoreSystem(MappingProxyType(points)), game)

    # competitors ---------------------------------------------------------------------------

    def read_competitors(self, node: Node, team: bool) -> None:
        check = self.check
        found = check.member(node, "competitors", "the competitors")
        for item in check.items(found, "an array of competitors"):
            if not team:
                self.add_player(item)
                continue
            number = check.whole(
                check.member(item, "cid", "the team's number"), "a team number", 1, 999
            )
            if number in self.context.team_players:
                raise check.error(check.member(item, "cid", "the number"), "a new team number")
            cplayers = check.optional(item, "cplayers")
            members = [] if cplayers is None else check.items(cplayers, "an array of players")
            ordered = sorted(members, key=self.board)
            self.check_members(number, item, ordered)
            numbers = [self.add_player(member) for member in ordered]
            self.context.team_players[number] = tuple(numbers)
            self.context.team_places[number] = tuple(
                (cid.line, cid.column)
                for cid in (check.member(member, "cid", "the start number") for member in ordered)
            )
        other = check.optional(node, "other")
        extra = None if other is None else check.optional(other, "playersWithoutTeam")
        for item in [] if extra is None else check.items(extra, "an array of players"):
            self.add_player(item)
        if not self.context.players:
            raise check.error(found, "at least one competitor")

    def check_members(self, team: int, item: Node, members: list[Node]) -> None:
        """Each player is in one team, once, on a board of their own (``order``): else the
        team (or the board) of a player depends on the entry we believe, an error at the
        second entry."""
        check = self.check
        boards: dict[int, int] = {}
        for board, member in enumerate(members, start=1):
            check.members(member, "an object (a competitor)")
            cid_node = check.member(member, "cid", "the start number")
            number = check.whole(
                cid_node, f"a start number from 1 to {MAX_START_NUMBER}", 1, MAX_START_NUMBER
            )
            earlier = self.member_of.setdefault(number, (team, item.line, board))
            if earlier != (team, item.line, board):
                other, line, other_board = earlier
                where = f"on board {other_board} of" if other == team else "in"
                raise check.error(
                    cid_node,
                    f"each player in one team, once: player {number} is already {where} team "
                    f"{other} (line {line})",
                )
            order = self.board(member)
            if order and boards.setdefault(order, number) != number:
                raise check.error(
                    check.member(member, "order", "the board"),
                    f"a board of team {team} not given to another player (player "
                    f"{boards[order]} has board {order})",
                )

    def board(self, node: Node) -> int:
        found = self.check.optional(node, "order")
        return 0 if found is None else self.check.whole(found, "a board number")

    def add_player(self, node: Node) -> int:
        check = self.check
        check.members(node, "an object (a competitor)")
        cid_node = check.member(node, "cid", "the start number")
        number = check.whole(
            cid_node, f"a start number from 1 to {MAX_START_NUMBER}", 1, MAX_START_NUMBER
        )
        if number in self.context.players:
            raise check.error(cid_node, "a start number used by no other competitor")
        profile_id = check.optional(node, "profileId")
        profile = None
        if profile_id is not None:
            identifier = check.whole(profile_id, "a profile id")
            profile = self.profiles.get(identifier)
            if profile is None:
                raise check.error(profile_id, f"the id of a profile (none has id {identifier})")
        fide, national = self.ratings(profile, node)
        self.context.players[number] = Player(
            start_number=number,
            name=self.player_name(profile),
            results=(),
            rating=fide,
            national_rating=national,
            sex=self.string(profile, "sex"),
            title=self.string(profile, "fideTitle"),
            federation=self.string(profile, "federation"),
            fide_id=self.string(profile, "fideId"),
            birth_date=self.string(profile, "birth"),
            stated_points=self.points(node, "gamePoints"),
            stated_rank=self.rank(node),
            stated_values=self.tiebreak_scores(node, number),
            line=node.line,
        )
        return number

    def player_name(self, profile: Node | None) -> str:
        name = self.string(profile, "fideName")
        if name:
            return name
        last, first = self.string(profile, "lastName"), self.string(profile, "firstName")
        return f"{last}, {first}" if first else last

    def points(self, node: Node, key: str) -> Fraction | None:
        found = self.check.optional(node, key)
        return None if found is None else self.check.exact(found, 'points, e.g. "3.5"')

    def rank(self, node: Node) -> int | None:
        found = self.check.optional(node, "rank")
        return (None if found is None else self.check.whole(found, "a rank", 0)) or None

    def tiebreak_scores(self, node: Node, number: int) -> tuple[Fraction | None, ...]:
        found = self.check.optional(node, "tiebreakScore")
        if found is None:
            return ()
        self.score_nodes[number] = found
        items = self.check.items(found, "an array of tie-break values")
        return tuple(
            None if item.value is None else self.check.exact(item, "a tie-break value")
            for item in items
        )

    def ratings(self, profile: Node | None, competitor: Node) -> tuple[int | None, int | None]:
        fide: int | None = None
        national: int | None = None
        found = None if profile is None else self.check.optional(profile, "rating")
        for item in [] if found is None else self.check.items(found, "an array of ratings"):
            if not isinstance(item.value, dict):
                fide = self.check.whole(item, "a rating", 0) or None
                continue
            value = self.check.optional(item, "rating")
            rating = None if value is None else (self.check.whole(value, "a rating", 0) or None)
            name = self.string(item, "list")
            if name.upper() in _FILE_LISTS or not name:
                fide = rating
            elif name == self.national:
                national = rating
        if found is None:
            fide = self.competitor_rating(competitor)
        return fide, national

    def competitor_rating(self, node: Node) -> int | None:
        found = self.check.optional(node, "rating")
        if found is not None and isinstance(found.value, dict):
            found = self.check.optional(found, "rating")
        return None if found is None else (self.check.whole(found, "a rating", 0) or None)

    # games ---------------------------------------------------------------------------------

    def side(self, game: Node, colour: str) -> _Side | None:
        found = self.check.optional(game, colour)
        if found is None:
            return None
        flat = self.check.optional(game, "wResult" if colour == "white" else "bResult")
        if isinstance(found.value, dict):
            cid_node = self.check.optional(found, "cid")
            result_node = self.check.optional(found, "result")
        else:
            cid_node, result_node = found, flat
        cid = 0 if cid_node is None else self.check.whole(cid_node, "a competitor's cid", 0)
        if cid == 0:
            return None
        if cid not in self.context.players:
            raise self.check.error(cid_node or found, f"the cid of a competitor (none has {cid})")
        result = None if result_node is None else self.check.text(result_node, _RESULT_WHAT)
        return _Side(cid, result, result_node or found)

    def read_game(self, game: Node) -> None:
        check = self.check
        check.members(game, "an object (a game)")
        round_node = check.member(game, "round", "the round")
        round_number = check.whole(round_node, "a round from 1 to 999", 1, 999)
        white, black = self.side(game, "white"), self.side(game, "black")
        if white is None:
            white, black = black, None
        if white is None:
            raise check.error(game, "a game with at least one competitor (white or black)")
        played = self.flag(game, "played", True)
        rated = self.flag(game, "rated", played and black is not None)
        sides = ((white, black, Colour.WHITE), (black, white, Colour.BLACK))
        for own, other, colour in sides:
            if own is None or own.result is None:
                continue
            kind = tec_kind(own.result, played, rated, other is not None)
            if kind is None:
                raise check.error(own.node, _RESULT_WHAT)
            key = (own.cid, round_number)
            if key in self.context.results:
                raise check.error(
                    game,
                    f"one game per player and round (player {own.cid} has "
                    f"another game in round {round_number})",
                )
            opponent = other.cid if other is not None and kind.has_opponent else None
            shown = colour if opponent is not None else Colour.NONE
            self.context.results[key] = RoundResult(kind, opponent, shown)

    def players(self) -> tuple[Player, ...]:
        rounds = self.context.rounds
        players = []
        for number in sorted(self.context.players):
            results = tuple(
                self.context.results.get((number, r), ABSENT) for r in range(1, rounds + 1)
            )
            players.append(replace(self.context.players[number], results=results))
        return tuple(players)

    # teams ---------------------------------------------------------------------------------

    def team_records(self, node: Node) -> TeamRecords:
        check = self.check
        scores = check.optional(node, "scoreSystem")
        match = None if scores is None else check.optional(scores, "match")
        game = None if scores is None else check.optional(scores, "game")
        size_node = check.optional(node, "teamSize")
        size = 0 if size_node is None else check.whole(size_node, "the team size", 0)
        match_scores = _Scores(check, match, _DEFAULT_MATCH_SCORES, game, size)
        teams = []
        competitors = check.items(check.member(node, "competitors", "the competitors"))
        for item in competitors:
            number = check.whole(check.member(item, "cid", "the team number"), "a team number")
            team_id = check.optional(item, "teamId")
            key = number if team_id is None else check.whole(team_id, "a team id")
            name, short = self.team_names.get(key, ("", ""))
            teams.append(
                TeamRecord(
                    number,
                    name or self.string(item, "name") or f"Team {number}",
                    self.context.team_players[number],
                    item.line,
                    short,
                    places=self.context.team_places[number],
                )
            )
        byes, forfeits = self.team_matches(node, {team.number for team in teams})
        bye_points = match_scores.number("P"), match_scores.number("PG")
        if byes and None in bye_points:  # a team bye is worth what the event says (TRF26 320)
            raise check.error(
                match or node,
                'the match and game points of a team bye ("P" and "PG" of scoreSystem '
                '"match", as numbers) for the team byes of "matchList"',
            )
        colours = self.string(node, "teamSequence").upper()
        return TeamRecords(
            teams=tuple(teams),
            bye_match_points=None if None in bye_points else bye_points[0],
            bye_game_points=None if None in bye_points else bye_points[1],
            bye_teams=byes,
            forfeits=forfeits,
            board_colours=colours if colours and not set(colours) - {"W", "B"} else "",
            match_win=match_scores.value("W"),
            match_draw=match_scores.value("D"),
            match_loss=match_scores.value("L"),
        )

    def team_matches(
        self, node: Node, teams: set[int]
    ) -> tuple[dict[int, int], tuple[ForfeitedMatch, ...]]:
        """The ``320`` bye teams and ``330`` forfeits: match entries without games. A team is
        in one of them per round at most, in a round of the tournament, and not against
        itself: otherwise its match depends on the entry believed (an error at the entry)."""
        check = self.check
        byes: dict[int, int] = {}
        forfeits: list[ForfeitedMatch] = []
        seen: dict[tuple[int, int], Node] = {}
        found = check.optional(node, "matchList")
        for item in [] if found is None else check.items(found, "an array of matches"):
            games = check.optional(item, "games")
            if games is None or check.items(games, "an array of game ids"):
                continue
            round_node = check.member(item, "round", "the round")
            round_number = check.whole(round_node, "a round", 1, 999)
            white, black = (self.team_side(item, colour, teams) for colour in ("white", "black"))
            if white is not None and black is None and white[1] == "P":
                self.check_entry(item, round_number, (white[0],), seen)
                byes[round_number] = white[0]
            elif white is not None and black is not None and not self.flag(item, "played", True):
                code = {("W", "Z"): "+-", ("Z", "W"): "-+", ("Z", "Z"): "--"}.get(
                    (white[1], black[1])
                )
                if code is not None:
                    self.check_entry(item, round_number, (white[0], black[0]), seen)
                    forfeits.append(
                        ForfeitedMatch(round_number, white[0], black[0], code, item.line)
                    )
        return byes, tuple(forfeits)

    def check_entry(
        self,
        item: Node,
        round_number: int,
        sides: tuple[int, ...],
        seen: dict[tuple[int, int], Node],
    ) -> None:
        """One match entry without games (a team bye or a forfeited match), see above."""
        if round_number > self.context.rounds:
            raise self.check.error(
                self.check.member(item, "round", "the round"),
                f"a round of the tournament (1-{self.context.rounds})",
            )
        if len(set(sides)) < len(sides):
            raise self.check.error(item, "a match between two different teams")
        for team in sides:
            earlier = seen.setdefault((round_number, team), item)
            if earlier is not item:
                raise self.check.error(
                    item,
                    f"one match of team {team} in round {round_number} (the entry of line "
                    f"{earlier.line} has one)",
                )

    def team_side(self, item: Node, colour: str, teams: set[int]) -> tuple[int, str] | None:
        found = self.check.optional(item, colour)
        if found is None:
            return None
        cid_node = self.check.member(found, "cid", "the team's cid")
        cid = self.check.whole(cid_node, "a team number", 0)
        if cid == 0:
            return None
        if cid not in teams:
            raise self.check.error(cid_node, f"the number of a team (no team {cid})")
        return cid, self.string(found, "result").upper()


class _Scores:
    """A Chess-JSON score-system object: values are numbers (or decimal strings), or the key of
    another entry (``"W"``), or ``"X*"``: the game value of X times the team size."""

    def __init__(
        self,
        check: JsonChecker,
        node: Node | None,
        defaults: dict[str, str],
        game: Node | None = None,
        team_size: int = 0,
    ) -> None:
        self.check = check
        self.node = node
        self.defaults = defaults
        self.game = game
        self.team_size = team_size

    def raw(self, key: str) -> tuple[str, Node | None]:
        found = None if self.node is None else self.check.optional(self.node, key)
        if found is None:
            return self.defaults.get(key, "0"), None
        if isinstance(found.value, str):
            return found.value, found
        return str(self.check.exact(found, "points or the key of another score")), found

    def number(self, key: str) -> Fraction | None:
        """The value of ``key`` when it is written as a number (not a reference)."""
        text, found = self.raw(key)
        return parse_exact(text) if found is not None else None

    def value(self, key: str, seen: tuple[str, ...] = ()) -> Fraction:
        text, found = self.raw(key)
        parsed = parse_exact(text)
        if parsed is not None:
            return parsed
        reference = text.removesuffix("*")
        known = _DEFAULT_GAME_SCORES if text.endswith("*") else self.defaults
        if reference not in known or text in seen:
            where = found or self.node
            expected = "points or the key of another score (without a loop)"
            if where is None:
                raise InputError(Location(self.check.source), text, expected)
            raise self.check.error(where, expected)
        if text.endswith("*"):
            game = _Scores(self.check, self.game, _DEFAULT_GAME_SCORES)
            return game.value(reference) * self.team_size
        return self.value(text, (*seen, key))


def read_chess_json(
    data: bytes | str, source: str = "<input>", tournament_number: int = 1
) -> Tournament:
    """Read one tournament (``tournamentNo``, default 1) of a FIDE Chess-JSON event; see the
    module docstring. Raises :class:`InputError` at the line and column of a malformed value."""
    root = parse_json(data, source)
    reader = _ChessReader(source)
    tournament = reader.read(root, tournament_number)
    locator = Locator(
        source,
        points_label='"gamePoints"',
        record_label="competitor",
        system_at=reader.system_at,
        rounds_at=reader.rounds_at,
    )
    return check_consistency(tournament, locator, reader.context.declared or None)
