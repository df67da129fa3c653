"""The careful path of the reader of our JSON format
(:mod:`tiebreaks.formats.readers.tournament_json`, which describes the format): the document
is read from its located :class:`~.json_syntax.Node` tree, so that every error is reported at
the line and column of the offending value, naming its path. The fast path
(:mod:`.tournament_json_fast`) takes the key lists and the header reader from here; both
paths are in modules of their own so that :func:`~.tournament_json.read_tournament_json`,
which tries one and then the other, imports both without an import cycle.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from fractions import Fraction
from types import MappingProxyType

from ...errors import InputError, Location
from ...model import (
    ABSENT,
    STANDARD,
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from ...model.team import ForfeitedMatch, TeamRecord, TeamRecords
from .json_syntax import (
    FORMAT_NAME,
    FORMAT_VERSION,
    KIND_NAMES,
    MAX_ROUNDS,
    MAX_START_NUMBER,
    JsonChecker,
    Node,
    bounded_score_system,
)

__all__ = ["TOP_KEYS", "kind_from_text"]

_KINDS_BY_TEXT: dict[str, ResultKind] = {name: kind for kind, name in KIND_NAMES.items()}
_KINDS_BY_CODE: dict[str, ResultKind] = {kind.value: kind for kind in ResultKind}
_KINDS_BY_CODE[""] = ResultKind.ABSENT
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE}
_PAIRING_SYSTEMS = {system.value: system for system in PairingSystem}
_FORFEIT_CODES = ("+-", "-+", "--")

TOP_KEYS = ("format", "version", "tournament", "players", "team_records", "standings")
_HEADER_KEYS = (
    "name",
    "start_date",
    "type_text",
    "type_code",
    "pairing_system",
    "rounds",
    "score_system",
    "tiebreak_list",
    "standings_list",
    "national_federation",
    "rating_method",
    "published_columns",
)
_PLAYER_KEYS = (
    "start_number",
    "name",
    "rating",
    "national_rating",
    "sex",
    "title",
    "federation",
    "fide_id",
    "birth_date",
    "stated_points",
    "stated_rank",
    "stated_values",
    "results",
)
_RESULT_KEYS = ("kind", "opponent", "colour")
_TEAM_RECORDS_KEYS = (
    "teams",
    "bye_match_points",
    "bye_game_points",
    "bye_teams",
    "forfeits",
    "board_colours",
    "match_points",
)
_STANDINGS_KEYS = (
    "rules",
    "rules_reason",
    "tiebreaks_source",
    "rounds",
    "pairing_system",
    "team",
    "columns",
    "rows",
)
_KIND_WHAT = (
    "a result kind: win, draw, loss, unrated_win, unrated_draw, unrated_loss, forfeit_win, "
    "forfeit_loss, pairing_bye, full_bye, half_bye, zero_bye, absent (or its TRF-16 code "
    "1 = 0 W D L + - U F H Z, blank for absent)"
)


def kind_from_text(text: str) -> ResultKind | None:
    """The result kind of a name (any case, ``_``, ``-`` or blank between words) or of a
    TRF-16 result code (letters in any case); None if it is neither."""
    name = re.sub(r"[\s-]+", "_", text.strip().lower())
    if name in _KINDS_BY_TEXT:
        return _KINDS_BY_TEXT[name]
    code = text.upper() if len(text) == 1 else text.strip()
    return _KINDS_BY_CODE.get(code)


class _TournamentReader:
    """Reads the document of :func:`read_tournament_json` (one instance per document)."""

    def __init__(self, source: str) -> None:
        self.check = JsonChecker(source)
        self.source = source
        self.rounds = 0
        #: where the header declares the pairing system and the number of rounds
        self.system_at: Location | None = None
        self.rounds_at: Location | None = None

    def string(self, node: Node, key: str, default: str = "") -> str:
        found = self.check.optional(node, key)
        return default if found is None else self.check.text(found)

    def number(self, node: Node, key: str, what: str, low: int = 0) -> int | None:
        found = self.check.optional(node, key)
        return None if found is None else self.check.whole(found, what, low)

    def points(self, node: Node, key: str) -> Fraction | None:
        found = self.check.optional(node, key)
        return None if found is None else self.check.exact(found)

    def read(self, root: Node) -> Tournament:
        check = self.check
        check.members(root, "a JSON object (our tournament format)")
        check.only_keys(root, TOP_KEYS)
        check.choice(
            check.member(root, "format", "the format name"), {FORMAT_NAME: 1}, f'"{FORMAT_NAME}"'
        )
        version = check.member(root, "version", "the format version")
        check.whole(
            version,
            f"version {FORMAT_VERSION} (the only version this program reads)",
            FORMAT_VERSION,
            FORMAT_VERSION,
        )
        header = check.member(root, "tournament", "the tournament's header")
        tournament = self.header(header)
        players = self.players(check.member(root, "players", "the players"))
        teams_node = check.optional(root, "team_records")
        team_records = None if teams_node is None else self.team_records(teams_node, players)
        tournament = replace(tournament, players=players, team_records=team_records)
        standings_node = check.optional(root, "standings")
        if standings_node is not None:
            tournament = self.standings(standings_node, tournament)
        return tournament

    def header(self, node: Node) -> Tournament:
        check = self.check
        check.members(node, "an object (the tournament's header)")
        check.only_keys(node, _HEADER_KEYS)
        rounds_node = check.member(node, "rounds", "the number of rounds")
        self.rounds = check.whole(
            rounds_node, f"a number of rounds from 0 to {MAX_ROUNDS}", 0, MAX_ROUNDS
        )
        system_node = check.optional(node, "pairing_system")
        system = PairingSystem.SWISS
        if system_node is not None:
            system = check.choice(system_node, _PAIRING_SYSTEMS, '"swiss" or "round-robin"')
            self.system_at = Location(self.source, system_node.line, system_node.column)
        self.rounds_at = Location(self.source, rounds_node.line, rounds_node.column)
        return Tournament(
            name=check.text(check.member(node, "name", "the tournament's name")),
            rounds=self.rounds,
            players=(),
            start_date=self.start_date(check.optional(node, "start_date")),
            type_text=self.string(node, "type_text"),
            type_code=self.string(node, "type_code"),
            pairing_system=system,
            score_system=self.score_system(check.optional(node, "score_system")),
            tiebreak_list=self.descriptors(node, "tiebreak_list"),
            standings_list=self.descriptors(node, "standings_list"),
            national_federation=self.string(node, "national_federation"),
            rating_method=self.string(node, "rating_method"),
            published_columns=self.descriptors(node, "published_columns"),
            source=self.source,
        )

    def descriptors(self, node: Node, key: str) -> tuple[str, ...]:
        found = self.check.optional(node, key)
        if found is None:
            return ()
        return self.check.text_list(found, 'rank-order descriptors (strings such as "BH/C1")')

    def start_date(self, node: Node | None) -> date | None:
        if node is None:
            return None
        what = 'an ISO date such as "2024-03-01", or null'
        text = self.check.text(node, what)
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            try:
                return date.fromisoformat(text)
            except ValueError:
                pass
        raise self.check.error(node, what)

    def score_system(self, node: Node | None) -> ScoreSystem:
        """Points per result kind; kinds not named keep the standard 1-½-0 values."""
        if node is None:
            return STANDARD
        points = dict(STANDARD.points)
        for key, value in self.check.members(node, "an object of points per result kind").items():
            kind = kind_from_text(key)
            if kind is None:
                raise InputError(
                    Location(self.source, value.line, value.column),
                    key,
                    f"{_KIND_WHAT} as a key of {node.path}",
                )
            points[kind] = self.check.exact(value)
        return bounded_score_system(self.check, ScoreSystem(MappingProxyType(points)), node)

    def players(self, node: Node) -> tuple[Player, ...]:
        items = self.check.items(node, "an array of players")
        if not items:
            raise self.check.error(node, "at least one player")
        players: dict[int, Player] = {}
        opponents: list[tuple[Node, int]] = []
        for item in items:
            player = self.player(item, opponents)
            if player.start_number in players:
                number_node = self.check.member(item, "start_number", "the start number")
                raise self.check.error(number_node, "a start number not used by another player")
            players[player.start_number] = player
        for opponent_node, number in opponents:
            if number not in players:
                raise self.check.error(
                    opponent_node, f"the start number of a player (no player has number {number})"
                )
        return tuple(players[number] for number in sorted(players))

    def player(self, node: Node, opponents: list[tuple[Node, int]]) -> Player:
        check = self.check
        check.members(node, "an object (a player)")
        check.only_keys(node, _PLAYER_KEYS)
        number = check.whole(
            check.member(node, "start_number", "the start number"),
            f"a start number from 1 to {MAX_START_NUMBER}",
            1,
            MAX_START_NUMBER,
        )
        results_node = check.member(node, "results", "one result per round")
        results = check.items(results_node, "an array of results, one per round")
        if len(results) > self.rounds:
            raise check.error(results_node, f"at most {self.rounds} results (one per round)")
        stated_values = check.optional(node, "stated_values")
        return Player(
            start_number=number,
            name=check.text(check.member(node, "name", "the player's name")),
            results=tuple(self.result(item, number, opponents) for item in results),
            rating=self.number(node, "rating", "a rating (a whole number) or null"),
            national_rating=self.number(node, "national_rating", "a rating or null"),
            sex=self.string(node, "sex"),
            title=self.string(node, "title"),
            federation=self.string(node, "federation"),
            fide_id=self.string(node, "fide_id"),
            birth_date=self.string(node, "birth_date"),
            stated_points=self.points(node, "stated_points"),
            stated_rank=self.number(node, "stated_rank", "a rank of 1 or more, or null", 1),
            stated_values=() if stated_values is None else self.values(stated_values),
            line=node.line,
        )

    def values(self, node: Node) -> tuple[Fraction | None, ...]:
        """An array of exact values or nulls."""
        items = self.check.items(node, "an array of values (decimal strings or null)")
        return tuple(None if item.value is None else self.check.exact(item) for item in items)

    def result(self, node: Node, own: int, opponents: list[tuple[Node, int]]) -> RoundResult:
        check = self.check
        check.members(node, 'a result object such as {"kind": "win", "opponent": 7, "colour": "w"}')
        check.only_keys(node, _RESULT_KEYS)
        kind_node = check.member(node, "kind", "the result kind")
        kind = kind_from_text(check.text(kind_node, _KIND_WHAT))
        if kind is None:
            raise check.error(kind_node, _KIND_WHAT)
        colour_node = check.optional(node, "colour")
        colour = Colour.NONE
        if colour_node is not None:
            colour = check.choice(
                colour_node,
                _COLOURS | {"W": Colour.WHITE, "B": Colour.BLACK},
                'a colour: "w", "b" or "-"',
            )
        opponent_node = check.optional(node, "opponent")
        if opponent_node is None:
            if kind.has_opponent:
                raise check.error(node, f"an opponent for a {kind.description}")
            return (
                ABSENT
                if kind is ResultKind.ABSENT and colour is Colour.NONE
                else RoundResult(kind, None, colour)
            )
        if not kind.has_opponent:
            raise check.error(opponent_node, f"null: a {kind.description} has no opponent")
        opponent = check.whole(
            opponent_node,
            f"an opponent's start number (1 to {MAX_START_NUMBER})",
            1,
            MAX_START_NUMBER,
        )
        if opponent == own:
            raise check.error(opponent_node, "another player's start number (not the player's own)")
        opponents.append((opponent_node, opponent))
        return RoundResult(kind, opponent, colour)

    def team_records(self, node: Node, players: Sequence[Player]) -> TeamRecords:
        check = self.check
        check.members(node, "an object (the team records) or null")
        check.only_keys(node, _TEAM_RECORDS_KEYS)
        team_nodes = check.items(check.member(node, "teams", "the teams"), "an array of teams")
        teams = tuple(self.team(item) for item in team_nodes)
        numbers = [team.number for team in teams]
        for item, team in zip(team_nodes, teams, strict=True):
            first = teams[numbers.index(team.number)]
            if first is not team:
                number_node = check.member(item, "number", "the team number")
                raise check.error(
                    number_node,
                    f"a team number not used by another team (the team of line {first.line} "
                    f"has number {team.number})",
                )
        match_points = check.optional(node, "match_points")
        win, draw, loss = self.match_points(match_points)
        colours_node = check.optional(node, "board_colours")
        byes_node = check.optional(node, "bye_teams")
        byes = self.bye_teams(byes_node, set(numbers))
        bye_points = self.points(node, "bye_match_points"), self.points(node, "bye_game_points")
        if byes and byes_node is not None and None in bye_points:
            # a team bye is worth what the event says (TRF26 320): nothing to assume
            raise check.error(
                byes_node, 'team byes with their points ("bye_match_points", "bye_game_points")'
            )
        return TeamRecords(
            teams=teams,
            bye_match_points=bye_points[0],
            bye_game_points=bye_points[1],
            bye_teams=byes,
            forfeits=self.forfeits(check.optional(node, "forfeits"), set(numbers), byes),
            board_colours="" if colours_node is None else self.board_colours(colours_node),
            match_win=win,
            match_draw=draw,
            match_loss=loss,
        )

    def team(self, node: Node) -> TeamRecord:
        check = self.check
        check.members(node, "an object (a team)")
        check.only_keys(node, ("number", "name", "short_name", "players"))
        members = check.items(
            check.member(node, "players", "the team's players in board order"),
            "an array of start numbers",
        )
        name_node = check.member(node, "name", "the team's name")
        return TeamRecord(
            number=check.whole(
                check.member(node, "number", "the team number"),
                "a team number from 1 to 999",
                1,
                999,
            ),
            name=check.text(name_node),
            players=tuple(
                check.whole(item, "a start number", 1, MAX_START_NUMBER) for item in members
            ),
            line=node.line,
            short_name=self.string(node, "short_name"),
            places=tuple((item.line, item.column) for item in members),
            name_column=name_node.column if name_node.line == node.line else 0,
        )

    def match_points(self, node: Node | None) -> tuple[Fraction, Fraction, Fraction]:
        if node is None:
            return Fraction(2), Fraction(1), Fraction(0)
        self.check.members(node, 'an object {"win": "2.0", "draw": "1.0", "loss": "0.0"}')
        self.check.only_keys(node, ("win", "draw", "loss"))
        win, draw, loss = (self.points(node, key) for key in ("win", "draw", "loss"))
        return (
            Fraction(2) if win is None else win,
            Fraction(1) if draw is None else draw,
            Fraction(0) if loss is None else loss,
        )

    def round_and_team(self, node: Node, key: str, teams: set[int]) -> int:
        found = self.check.member(node, key, "a team number")
        number = self.check.whole(found, "a team number", 1, 999)
        if number not in teams:
            raise self.check.error(found, f"the number of a listed team (no team {number})")
        return number

    def round_number(self, node: Node) -> int:
        found = self.check.member(node, "round", "the round")
        return self.check.whole(found, f"a round from 1 to {self.rounds}", 1, self.rounds)

    def bye_teams(self, node: Node | None, teams: set[int]) -> dict[int, int]:
        byes: dict[int, int] = {}
        for item in [] if node is None else self.check.items(node, "an array of team byes"):
            self.check.members(item, 'an object {"round": 5, "team": 12}')
            self.check.only_keys(item, ("round", "team"))
            round_number = self.round_number(item)
            if round_number in byes:
                raise self.check.error(item, f"one bye team per round (round {round_number})")
            byes[round_number] = self.round_and_team(item, "team", teams)
        return byes

    def forfeits(
        self, node: Node | None, teams: set[int], byes: dict[int, int]
    ) -> tuple[ForfeitedMatch, ...]:
        """The forfeited matches; a team is in one per round at most, and not in a round of
        its team bye (else its match depends on the record believed)."""
        found: list[ForfeitedMatch] = []
        seen: dict[tuple[int, int], ForfeitedMatch] = {}
        for item in [] if node is None else self.check.items(node, "an array of forfeits"):
            self.check.members(item, "an object (a forfeited match)")
            self.check.only_keys(item, ("round", "white", "black", "code"))
            code_node = self.check.member(item, "code", "the forfeit type")
            code = self.check.choice(
                code_node,
                {code: code for code in _FORFEIT_CODES},
                'the forfeit type "+-", "-+" or "--"',
            )
            found.append(
                ForfeitedMatch(
                    round=self.round_number(item),
                    white=self.round_and_team(item, "white", teams),
                    black=self.round_and_team(item, "black", teams),
                    code=code,
                    line=item.line,
                )
            )
            self.check_forfeit_teams(item, found[-1], seen, byes)
        return tuple(found)

    def check_forfeit_teams(
        self,
        item: Node,
        forfeit: ForfeitedMatch,
        seen: dict[tuple[int, int], ForfeitedMatch],
        byes: dict[int, int],
    ) -> None:
        """The two teams of ``forfeit`` differ, and neither has another forfeit or its team
        bye in that round (errors at the team's value)."""
        for key, team in (("white", forfeit.white), ("black", forfeit.black)):
            found = self.check.member(item, key, "a team number")
            if key == "black" and team == forfeit.white:
                raise self.check.error(found, "a black team other than the white team")
            earlier = seen.setdefault((forfeit.round, team), forfeit)
            if earlier is not forfeit:
                raise self.check.error(
                    found,
                    f"a team in one forfeited match per round (team {team} is already in the "
                    f"forfeit of line {earlier.line}, round {forfeit.round})",
                )
            if byes.get(forfeit.round) == team:
                raise self.check.error(
                    found,
                    f"a team without a team bye in round {forfeit.round} (team {team} has it)",
                )

    def board_colours(self, node: Node) -> str:
        text = self.check.text(node, 'the colours of the boards, e.g. "WBWB"')
        if set(text) - {"W", "B"}:
            raise self.check.error(node, 'the colours of the boards: W and B only, e.g. "WBWB"')
        return text

    def standings(self, node: Node, tournament: Tournament) -> Tournament:
        """Published standings: individual ones become the published values of the players
        (unless the players carry their own ``stated_values``)."""
        check = self.check
        check.members(node, "an object (published standings)")
        check.only_keys(node, _STANDINGS_KEYS)
        columns = check.text_list(
            check.member(node, "columns", "the column labels"), "column labels"
        )
        team_node = check.optional(node, "team")
        team = False if team_node is None else check.flag(team_node)
        ids = {p.start_number for p in tournament.players}
        if team and tournament.team_records is not None:
            ids = {record.number for record in tournament.team_records.teams}
        rows = self.standing_rows(check.member(node, "rows", "the rows"), columns, ids)
        if team or tournament.published_columns:
            return tournament
        players = tuple(
            replace(p, stated_values=rows.get(p.start_number, ())) if not p.stated_values else p
            for p in tournament.players
        )
        return replace(tournament, players=players, published_columns=columns)

    def standing_rows(
        self, node: Node, columns: tuple[str, ...], ids: set[int]
    ) -> dict[int, tuple[Fraction | None, ...]]:
        check = self.check
        rows: dict[int, tuple[Fraction | None, ...]] = {}
        for item in check.items(node, "an array of rows"):
            check.members(item, "an object (a row of the standings)")
            check.only_keys(item, ("rank", "participant", "name", "values", "drawn_by_lot"))
            check.whole(check.member(item, "rank", "the rank"), "a rank of 1 or more", 1)
            who = check.member(item, "participant", "the start or team number")
            number = check.whole(who, "a start number (a team number for team standings)", 1)
            if number not in ids:
                raise check.error(
                    who, f"a participant of the tournament (none has number {number})"
                )
            values_node = check.member(item, "values", "one value per column")
            values = self.values(values_node)
            if len(values) != len(columns):
                raise check.error(values_node, f"{len(columns)} values (one per column)")
            rows[number] = values
        return rows
