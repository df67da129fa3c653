"""Hypothesis strategies: random but consistent tournaments with every kind of round."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import strategies as st

from tiebreaks.model import (
    STANDARD,
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    ScoreSystem,
    Tournament,
)
from tiebreaks.model.team import TeamRecord, TeamRecords

from .builders import Builder, round_robin_schedule

GAME_OUTCOMES = ["1-0", "0-1", "=", "1-0", "0-1", "=", "+-", "-+", "--", "W-L", "D"]
BYES = [
    ResultKind.PAIRING_BYE,
    ResultKind.FULL_BYE,
    ResultKind.HALF_BYE,
    ResultKind.ZERO_BYE,
    ResultKind.ABSENT,
]


@st.composite
def swiss_tournaments(
    draw: st.DrawFn, max_players: int = 12, max_rounds: int = 7, unplayed: bool = True
) -> Tournament:
    """A Swiss-like event: each round pairs a random subset of the players; the others get a
    bye or are absent. Ratings are all set (1000-2800). Without ``unplayed`` every round pairs
    an even number of players completely and only over-the-board results occur."""
    players = draw(st.integers(min_value=2, max_value=max_players))
    if not unplayed:
        players -= players % 2
    rounds = draw(st.integers(min_value=1, max_value=max_rounds))
    builder = Builder(rounds=rounds, pairing_system=PairingSystem.SWISS)
    for number in range(1, players + 1):
        builder.player(number, f"Player {number:02d}", draw(st.integers(1000, 2800)))
    outcomes = GAME_OUTCOMES if unplayed else GAME_OUTCOMES[:6]
    for round_number in range(1, rounds + 1):
        order = draw(st.permutations(range(1, players + 1)))
        paired = len(order) if not unplayed else draw(st.integers(0, len(order)))
        paired -= paired % 2
        for white, black in zip(order[0:paired:2], order[1:paired:2], strict=True):
            builder.game(round_number, white, black, draw(st.sampled_from(outcomes)))
        for number in order[paired:]:
            builder.bye(round_number, number, draw(st.sampled_from(BYES)))
    return builder.build("generated")


@st.composite
def round_robins(draw: st.DrawFn, max_players: int = 9) -> Tournament:
    """A single round robin with random played results (odd sizes have an empty slot)."""
    players = draw(st.integers(min_value=3, max_value=max_players))
    schedule = round_robin_schedule(players)
    builder = Builder(rounds=len(schedule), pairing_system=PairingSystem.ROUND_ROBIN)
    for number in range(1, players + 1):
        builder.player(number, f"Player {number:02d}", draw(st.integers(1000, 2800)))
    for round_number, pairs in enumerate(schedule, start=1):
        for white, black in pairs:
            builder.game(round_number, white, black, draw(st.sampled_from(["1-0", "0-1", "="])))
    return builder.build("round robin")


# Extreme values, for the write-and-read-back tests (tests/formats/test_write_read_back.py) --

#: start numbers at the edges: TRF's 4 columns end at 9999, our JSON's at 9,999,999
EDGE_NUMBERS = [1, 2, 999, 1000, 9998, 9999, 10000, 12345, 9_999_999, 10_000_000]
EDGE_RATINGS = [None, None, 0, 1, 1500, 9999, 10000, 123456, -1]
EDGE_NAMES = [
    "",
    "Ann Example",
    "Example, Ann",
    " Ann",
    "Ann ",
    "A" * 33,
    "B" * 34,
    "C" * 40,
    "Ångström, Éloïse Ñoño-Łukasz Żółw",  # 33 characters, not all ASCII
    "名前" * 20,
    "Line\nbreak",
    "tab\there",
    "\u202eoverride",
    "lone \ud800 surrogate",
    'comma, and "quotes" and \\ back',
]
EDGE_POINTS = [
    None,
    Fraction(0),
    Fraction(1, 2),
    Fraction(9999),
    Fraction(120),
    Fraction(201, 2),
    Fraction(1, 8),
    Fraction(1, 3),
    Fraction(-1),
    Fraction(1, 2**40),
]
EDGE_SCORES = [Fraction(0), Fraction(1, 2), Fraction(1), Fraction(3), Fraction(1, 3)]
EDGE_SCORES += [Fraction(-1), Fraction(1, 10000), Fraction(999999), Fraction(10**6)]
EDGE_LISTS: list[tuple[str, ...]] = [
    (),
    ("BH/C1", "SB"),
    ("PTS", "BH/C1"),
    ("PTS",),
    ("a,b",),
    (" SB",),
    ("",),
]


def _texts(samples: list[str], max_size: int = 45) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(samples), st.text(max_size=max_size))


#: the fields :func:`extreme_tournaments` may give extreme values (a few at a time)
EXTREMES = (
    "start numbers",
    "names",
    "ratings",
    "national ratings",
    "player texts",
    "points and ranks",
    "header",
    "score system",
    "lists",
    "rounds",
    "colours",
)


@st.composite
def extreme_tournaments(draw: st.DrawFn, extremes: tuple[str, ...] = EXTREMES) -> Tournament:
    """A consistent Swiss or round robin in which a few of the fields of :data:`EXTREMES` (at
    most three, maybe none) hold extreme values: start numbers up to 9999 and beyond, long,
    Unicode and blank-edged names (control characters, a lone surrogate), ratings 0, 9999,
    10000 and more, points that do not fit four columns, odd score systems, 999 and 1000
    rounds, colourless games and coloured byes, header texts and lists no format holds."""
    base = draw(st.one_of(swiss_tournaments(max_players=8, max_rounds=5), round_robins(6)))
    wild = draw(st.sets(st.sampled_from(extremes), max_size=3)) if extremes else set()
    numbers = [p.start_number for p in base.players]
    if "start numbers" in wild:
        numbers = sorted(
            draw(
                st.lists(
                    st.one_of(st.sampled_from(EDGE_NUMBERS), st.integers(1, 20_000)),
                    min_size=len(numbers),
                    max_size=len(numbers),
                    unique=True,
                )
            )
        )
    renumber = dict(zip((p.start_number for p in base.players), numbers, strict=True))
    players = tuple(draw(_extreme_player(player, renumber, wild)) for player in base.players)
    tournament = replace(base, players=players)
    if "rounds" in wild:
        tournament = replace(tournament, rounds=draw(st.sampled_from([base.rounds + 2, 999, 1000])))
    if "header" in wild:
        tournament = replace(
            tournament,
            name=draw(_texts(["", "Open 2026", " Open", "Open\n012 X"])),
            start_date=draw(st.none() | st.dates()),
            type_text=draw(st.sampled_from(["", "Swiss-System", "Round robin", " Swiss", "x\ny"])),
            type_code=draw(st.sampled_from(["", "FIDE_DUTCH_2025", "FIDE_ROUNDROBIN", "OTHER"])),
        )
    if "score system" in wild:
        tournament = replace(tournament, score_system=draw(_score_systems()))
    if "lists" in wild:
        tournament = replace(
            tournament,
            tiebreak_list=draw(st.sampled_from(EDGE_LISTS)),
            standings_list=draw(st.sampled_from(EDGE_LISTS)),
        )
    if "national ratings" in wild:
        federation, method = draw(_national_support())
        tournament = replace(tournament, national_federation=federation, rating_method=method)
    return tournament


@st.composite
def _extreme_player(
    draw: st.DrawFn, player: Player, renumber: dict[int, int], wild: set[str]
) -> Player:
    results = []
    for result in player.results:
        colour = result.colour
        if "colours" in wild and draw(st.integers(0, 9)) == 0:
            colour = Colour.NONE if result.kind.has_opponent else Colour.WHITE
        opponent = None if result.opponent is None else renumber[result.opponent]
        results.append(RoundResult(result.kind, opponent, colour))
    player = replace(player, start_number=renumber[player.start_number], results=tuple(results))
    if "names" in wild:
        player = replace(player, name=draw(_texts(EDGE_NAMES)))
    if "ratings" in wild:
        player = replace(player, rating=draw(st.sampled_from(EDGE_RATINGS)))
    if "national ratings" in wild:
        player = replace(player, national_rating=draw(st.sampled_from([None, 0, 1700, 10000])))
    if "player texts" in wild:
        player = replace(
            player,
            sex=draw(st.sampled_from(["", "m", "w", "mw", " "])),
            title=draw(st.sampled_from(["", "GM", "WGM", "g", "gm", "GMX"])),
            federation=draw(_texts(["", "GER", "FRA", "GERM"], 4)),
            fide_id=draw(st.sampled_from(["", "12345678", "123456789012", "0042", "\u00b2"])),
            birth_date=draw(st.sampled_from(["", "1990/01/31", "1990-01-31 ", "31.01.1990 12:00"])),
        )
    if "points and ranks" in wild:
        player = replace(
            player,
            stated_points=draw(st.sampled_from(EDGE_POINTS)),
            stated_rank=draw(st.sampled_from([None, 1, 9999, 10000])),
        )
    return player


@st.composite
def _score_systems(draw: st.DrawFn) -> ScoreSystem:
    if draw(st.booleans()):
        return STANDARD
    system = ScoreSystem.from_values(
        win=draw(st.sampled_from(EDGE_SCORES)),
        draw=draw(st.sampled_from(EDGE_SCORES)),
        loss=draw(st.sampled_from(EDGE_SCORES)),
        absence=draw(st.sampled_from(EDGE_SCORES)),
        pairing_bye=draw(st.none() | st.sampled_from(EDGE_SCORES)),
    )
    kinds = draw(st.lists(st.sampled_from(list(ResultKind)), max_size=3))
    return system.with_points({kind: draw(st.sampled_from(EDGE_SCORES)) for kind in kinds})


@st.composite
def _national_support(draw: st.DrawFn) -> tuple[str, str]:
    federation = draw(st.sampled_from(["", "", "GER", "ger", "XXR", "FIDE", "national"]))
    return federation, draw(st.sampled_from(["", "FIDE", "NIDOF", "other"]))


@st.composite
def team_tournaments(draw: st.DrawFn) -> Tournament:
    """A team Swiss: 2 to 5 teams of 1 to 3 boards; each round pairs the teams at random,
    board against board (alternating colours, random results), an odd team out has a
    pairing-allocated bye on every board (or a TRF26 team bye when ``320`` points are given);
    team names may be long, blank-edged or empty."""
    teams = draw(st.integers(2, 5))
    boards = draw(st.integers(1, 3))
    rounds = draw(st.integers(1, 4))
    first = draw(st.sampled_from([1, 1, 9990, 12345]))
    members = {
        team: [first + (team - 1) * boards + b for b in range(boards)]
        for team in range(1, teams + 1)
    }
    builder = Builder(rounds=rounds)
    for players in members.values():
        for number in players:
            builder.player(number, f"Player {number}", draw(st.sampled_from(EDGE_RATINGS[:6])))
    byes: dict[int, int] = {}
    team_byes = draw(st.booleans())
    for round_number in range(1, rounds + 1):
        order = draw(st.permutations(list(members)))
        for home, away in zip(order[0::2], order[1::2], strict=False):
            for board, pair in enumerate(zip(members[home], members[away], strict=True)):
                white, black = pair[::-1] if board % 2 else pair
                builder.game(round_number, white, black, draw(st.sampled_from(GAME_OUTCOMES)))
        if len(order) % 2:
            for number in members[order[-1]]:
                builder.bye(
                    round_number, number, ResultKind.ABSENT if team_byes else ResultKind.PAIRING_BYE
                )
            if team_byes:
                byes[round_number] = order[-1]
    names = [
        draw(st.one_of(st.just(f"Club {team}"), _texts(["K" * 32, "Q" * 33, " Rooks", ""], 40)))
        for team in members
    ]
    records = TeamRecords(
        teams=tuple(
            TeamRecord(
                team,
                names[team - 1],
                tuple(players),
                short_name=draw(st.sampled_from(["", "KNG", "KINGS1"])),
            )
            for team, players in members.items()
        ),
        bye_match_points=Fraction(2) if team_byes else None,
        bye_game_points=Fraction(boards) if team_byes else None,
        bye_teams=byes,
        board_colours=draw(st.sampled_from(["", "", "WBW"[:boards], "wbw"[:boards]])),
    )
    return replace(builder.build("teams"), team_records=records, type_code="FIDE_TEAM_MP_GP")
