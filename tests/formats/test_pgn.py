"""Tests of the PGN reader: conventions for byes, forfeits, absences, start numbers, rounds and
the pairing system, errors with their locations, and the Held Swiss written as PGN.

Expected values come from the TRF of the Held exercise (read by the TRF reader) and from the
small games written below, never from the PGN reader itself.
"""

from __future__ import annotations

import contextlib
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.errors import InputError, Location
from tiebreaks.formats.readers.pgn import read_pgn
from tiebreaks.model import (
    ABSENT,
    Colour,
    PairingSystem,
    ResultKind,
    RoundResult,
    Tournament,
)

K = ResultKind
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
EXAMPLES = Path(tiebreaks.__file__).parent / "examples"
HELD_TRF = EXAMPLES / "held-swiss-16.trf"
HELD_PGN = EXAMPLES / "held-swiss-16.pgn"

#: White's result of a game or forfeit, and the result of a bye from its player's side
_GAME_RESULTS = {
    K.WIN: "1-0",
    K.LOSS: "0-1",
    K.DRAW: "1/2-1/2",
    K.FORFEIT_WIN: "1-0",
    K.FORFEIT_LOSS: "0-1",
}
_BYE_RESULTS = {K.PAIRING_BYE: "1-0", K.HALF_BYE: "1/2-1/2", K.ZERO_BYE: "0-1"}


def tournament_as_pgn(tournament: Tournament) -> str:
    """Every game of ``tournament`` as PGN, in the conventions of
    :mod:`tiebreaks.formats.readers.pgn`.

    Games without moves; a forfeit has ``[Termination "forfeit"]``; a bye is a game against
    ``BYE`` (1-0 pairing-allocated, 1/2-1/2 half-point, 0-1 zero-point bye, as TRF ``U H Z``);
    a withdrawal written as zero-point byes stays zero-point byes. Boards: games by White's
    start number, then the byes.
    """
    by_number = {player.start_number: player for player in tournament.players}
    day = tournament.start_date.strftime("%Y.%m.%d") if tournament.start_date else "????.??.??"
    games: list[list[tuple[str, str]]] = []
    for round_number in range(1, tournament.rounds + 1):
        board = 0
        byes = []
        for player in tournament.players:
            result = player.result(round_number)
            if result.kind in _BYE_RESULTS:
                byes.append((player.name, "BYE", _BYE_RESULTS[result.kind], player.rating))
            if result.colour is not Colour.WHITE or result.opponent is None:
                continue
            board += 1
            black = by_number[result.opponent]
            tags = [
                ("Event", tournament.name),
                ("Site", "?"),
                ("Date", day),
                ("Round", f"{round_number}.{board}"),
                ("White", player.name),
                ("Black", black.name),
                ("Result", _GAME_RESULTS[result.kind]),
                ("WhiteElo", str(player.rating or 0)),
                ("BlackElo", str(black.rating or 0)),
            ]
            if result.kind.forfeit:
                tags.append(("Termination", "forfeit"))
            games.append(tags)
        for name, opponent, text, rating in byes:
            board += 1
            games.append(
                [
                    ("Event", tournament.name),
                    ("Site", "?"),
                    ("Date", day),
                    ("Round", f"{round_number}.{board}"),
                    ("White", name),
                    ("Black", opponent),
                    ("Result", text),
                    ("WhiteElo", str(rating or 0)),
                ]
            )
    return "".join(_game_text(tags) for tags in games)


def _game_text(tags: list[tuple[str, str]]) -> str:
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return f"{header}\n{dict(tags)['Result']}\n\n"


def game(
    round_text: str,
    white: str,
    black: str,
    result: str,
    *,
    moves: str = "",
    **extra: str,
) -> str:
    """One PGN game; ``extra`` tags are written after the roster (e.g. WhiteElo)."""
    tags = [("Event", "Test"), ("Round", round_text), ("White", white), ("Black", black)]
    tags.append(("Result", result))
    tags.extend(extra.items())
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return f"{header}\n{(moves + ' ' + result).strip()}\n\n"


def read(*games: str) -> Tournament:
    return read_pgn("".join(games).encode(), "test.pgn")


def results(tournament: Tournament, name: str) -> tuple[RoundResult, ...]:
    return next(player for player in tournament.players if player.name == name).results


def numbers(tournament: Tournament) -> dict[str, int]:
    return {player.name: player.start_number for player in tournament.players}


def error_of(*games: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read(*games)
    return caught.value


# --- the Held Swiss as PGN ---------------------------------------------------------------


def test_committed_example_is_the_generator_output() -> None:
    trf = tiebreaks.read_tournament(HELD_TRF)
    assert HELD_PGN.read_text(encoding="utf-8") == tournament_as_pgn(trf)


def test_held_pgn_has_the_results_of_the_trf() -> None:
    """Same players, start numbers (the TRF numbers by rating), and every round's result."""
    trf = tiebreaks.read_tournament(HELD_TRF)
    pgn = read_pgn(HELD_PGN.read_bytes(), str(HELD_PGN))
    assert pgn.warnings == ()
    assert (pgn.name, pgn.rounds, pgn.start_date) == (trf.name, 5, date(2024, 3, 1))
    assert pgn.pairing_system is PairingSystem.SWISS
    assert [(p.start_number, p.name, p.rating) for p in pgn.players] == [
        (p.start_number, p.name, p.rating) for p in trf.players
    ]
    assert [p.results for p in pgn.players] == [p.results for p in trf.players]


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_held_pgn_gives_the_standings_of_the_trf(rules: str) -> None:
    spec = "PTS,BH/C1,BH,SB,WIN,BPG"
    trf = tiebreaks.compute_standings(tiebreaks.read_tournament(HELD_TRF), spec, rules)
    pgn_tournament = read_pgn(HELD_PGN.read_bytes(), str(HELD_PGN))
    pgn = tiebreaks.compute_standings(pgn_tournament, spec, rules)
    assert [(row.rank, row.player.name, row.values) for row in pgn.rows] == [
        (row.rank, row.player.name, row.values) for row in trf.rows
    ]


def test_held_withdrawal_and_byes_read_back() -> None:
    """Nick (12): U in round 2, forfeit win in 3, withdrew (Z) in 4 and 5; Jessica (9): H, -, U."""
    pgn = read_pgn(HELD_PGN.read_bytes(), str(HELD_PGN))
    nick = pgn.player(12)
    assert nick.results[1:] == (
        RoundResult(K.PAIRING_BYE),
        RoundResult(K.FORFEIT_WIN, 14, W),
        RoundResult(K.ZERO_BYE),
        RoundResult(K.ZERO_BYE),
    )
    assert pgn.player(9).results[2:] == (
        RoundResult(K.HALF_BYE),
        RoundResult(K.FORFEIT_LOSS, 11, B),
        RoundResult(K.PAIRING_BYE),
    )


# --- conventions -------------------------------------------------------------------------


def test_played_games_and_colours() -> None:
    t = read(
        game("1.1", "Ann", "Bob", "1-0"),
        game("1.2", "Cid", "Dan", "1/2-1/2"),
        game("2", "Bob", "Cid", "0-1"),
        game("2", "Dan", "Ann", "1/2-1/2"),
    )
    assert t.rounds == 2
    by_name = numbers(t)
    ann, bob, cid, dan = (by_name[name] for name in ("Ann", "Bob", "Cid", "Dan"))
    assert results(t, "Ann") == (RoundResult(K.WIN, bob, W), RoundResult(K.DRAW, dan, B))
    assert results(t, "Bob") == (RoundResult(K.LOSS, ann, B), RoundResult(K.LOSS, cid, W))
    assert results(t, "Cid")[1] == RoundResult(K.WIN, bob, B)


def test_start_numbers_by_rating_then_name_then_appearance() -> None:
    t = read(
        game("1", "Zed", "Amy", "1-0", WhiteElo="1800", BlackElo="0"),
        game("1", "Bea", "Cal", "1-0", WhiteElo="2000", BlackElo="-"),
        game("1", "Dov", "Eve", "1-0", WhiteElo="1800", BlackElo="2400"),
    )
    # Eve 2400, Bea 2000, Dov and Zed 1800 (by name), then unrated Amy and Cal (by name)
    assert numbers(t) == {"Eve": 1, "Bea": 2, "Dov": 3, "Zed": 4, "Amy": 5, "Cal": 6}
    assert t.player(5).rating is None and t.player(1).rating == 2400


def test_start_numbers_from_tags() -> None:
    t = read(
        game("1", "Ann", "Bob", "1-0", WhiteStartNumber="2", BlackStartNumber="1"),
        game("2", "Bob", "Ann", "1-0", WhiteStartNumber="1", BlackStartNumber="2"),
    )
    assert numbers(t) == {"Bob": 1, "Ann": 2}


def test_partial_start_number_tags_are_a_warning() -> None:
    t = read(game("1", "Ann", "Bob", "1-0", WhiteStartNumber="2", WhiteElo="1500", BlackElo="1600"))
    assert numbers(t) == {"Bob": 1, "Ann": 2}
    assert "start number" in str(t.warnings[0])


def test_conflicting_start_numbers_are_errors() -> None:
    error = error_of(
        game("1", "Ann", "Bob", "1-0", WhiteStartNumber="1", BlackStartNumber="2"),
        game("2", "Ann", "Cid", "1-0", WhiteStartNumber="3", BlackStartNumber="4"),
    )
    # second game: lines 11-18; WhiteStartNumber is its 6th tag, value from column 20
    assert error.location == Location("test.pgn", 16, 20)
    assert error.text == "3"
    error = error_of(game("1", "Ann", "Bob", "1-0", WhiteStartNumber="1", BlackStartNumber="1"))
    assert (error.location, error.text) == (Location("test.pgn", 7, 20), "1")


@pytest.mark.parametrize(
    ("result", "extra", "moves", "white_kind"),
    [
        ("1-0", {"Termination": "forfeit"}, "", K.FORFEIT_WIN),
        ("0-1", {"Termination": "Won by forfeit"}, "1. e4", K.FORFEIT_LOSS),
        ("1-0", {"Termination": "rules infraction"}, "", K.FORFEIT_WIN),
        ("0-1", {"Termination": "unterminated"}, "", K.FORFEIT_LOSS),
        ("1-0", {"Annotator": "Forfeit"}, "", K.FORFEIT_WIN),
        ("1-0", {}, "{forfeit: Black did not appear}", K.FORFEIT_WIN),
        ("+/-", {}, "", K.FORFEIT_WIN),
        ("-/+", {}, "", K.FORFEIT_LOSS),
        ("+-", {}, "", K.FORFEIT_WIN),
        ("-+", {}, "", K.FORFEIT_LOSS),
        # a played game: moves, and only the Termination tag may then say "forfeit"
        ("1-0", {"Termination": "rules infraction"}, "1. e4 e5", K.WIN),
        ("1-0", {"Annotator": "forfeit"}, "1. e4 e5", K.WIN),
        ("1-0", {"Termination": "normal"}, "", K.WIN),
    ],
)
def test_forfeit_conventions(
    result: str, extra: dict[str, str], moves: str, white_kind: ResultKind
) -> None:
    t = read(game("1", "Ann", "Bob", result, moves=moves, **extra))
    black_kind = {
        K.FORFEIT_WIN: K.FORFEIT_LOSS,
        K.FORFEIT_LOSS: K.FORFEIT_WIN,
        K.WIN: K.LOSS,
    }[white_kind]
    assert results(t, "Ann") == (RoundResult(white_kind, numbers(t)["Bob"], W),)
    assert results(t, "Bob") == (RoundResult(black_kind, numbers(t)["Ann"], B),)


@pytest.mark.parametrize("result", ["--", "-/-", "0-0"])
def test_double_forfeit(result: str) -> None:
    t = read(game("1", "Ann", "Bob", result))
    assert [r[0].kind for r in (results(t, "Ann"), results(t, "Bob"))] == [K.FORFEIT_LOSS] * 2


def test_forfeit_draw_is_a_played_draw_with_a_warning() -> None:
    t = read(game("1", "Ann", "Bob", "1/2-1/2", Termination="forfeit"))
    assert results(t, "Ann")[0].kind is K.DRAW
    assert t.warnings[0].location == Location("test.pgn", 5, 10)


@pytest.mark.parametrize(
    ("bye_name", "white", "result", "bye_tag", "kind"),
    [
        ("BYE", True, "1-0", "", K.PAIRING_BYE),
        ("bye", False, "0-1", "", K.PAIRING_BYE),
        ("Bye", True, "1/2-1/2", "", K.HALF_BYE),
        ("BYE", True, "0-1", "", K.ZERO_BYE),
        ("BYE", False, "1-0", "", K.ZERO_BYE),
        ("BYE", True, "1-0", "F", K.FULL_BYE),
        ("BYE", True, "+/-", "", K.PAIRING_BYE),
        ("Freilos", True, "1-0", "U", K.PAIRING_BYE),
        ("spielfrei", True, "1/2-1/2", "h", K.HALF_BYE),
    ],
)
def test_bye_conventions(
    bye_name: str, white: bool, result: str, bye_tag: str, kind: ResultKind
) -> None:
    extra = {"Bye": bye_tag} if bye_tag else {}
    pairing = ("Ann", bye_name) if white else (bye_name, "Ann")
    t = read(game("1", "Cid", "Dan", "1-0"), game("1", *pairing, result, **extra))
    assert results(t, "Ann") == (RoundResult(kind),)
    assert {player.name for player in t.players} == {"Ann", "Cid", "Dan"}


def test_bye_tag_must_match_the_points() -> None:
    error = error_of(game("1", "Ann", "BYE", "1/2-1/2", Bye="F"))
    assert (error.location, error.text) == (Location("test.pgn", 6, 7), "F")
    assert "H" in error.expected


def test_players_missing_from_a_round_are_absent() -> None:
    t = read(
        game("1", "Ann", "Bob", "1-0"),
        game("1", "Cid", "Dan", "0-1"),
        game("3", "Ann", "Cid", "1-0"),
    )
    assert t.rounds == 3
    assert results(t, "Bob")[1:] == (ABSENT, ABSENT)
    assert results(t, "Ann")[1] == ABSENT


def test_unfinished_game_is_ignored_with_a_warning() -> None:
    t = read(game("1", "Ann", "Bob", "1-0"), game("2", "Cid", "Ann", "*"))
    assert t.rounds == 1
    assert "Cid" in {player.name for player in t.players}
    assert len(t.warnings) == 1
    # the second game starts on line 9; its Result tag (5th) is line 13, value at column 10
    assert t.warnings[0].location == Location("test.pgn", 13, 10)


def test_event_and_earliest_date() -> None:
    t = read(
        game("1", "Ann", "Bob", "1-0", Date="2025.05.03"),
        game("2", "Bob", "Ann", "1-0", Date="2025.05.02", EventDate="2025.??.??"),
        game("2", "Cid", "Dan", "1-0", EventDate="2025.05.01"),
    )
    assert (t.name, t.start_date) == ("Test", date(2025, 5, 1))


def test_two_events_are_a_warning() -> None:
    other = game("2", "Bob", "Ann", "1-0").replace('"Test"', '"Other"')
    t = read(game("1", "Ann", "Bob", "1-0"), other)
    assert t.name == "Test"
    assert t.warnings[0].location == Location("test.pgn", 9, 1)


def _round_robin_games(players: list[str], cycles: int = 1) -> list[str]:
    """Every pair once per cycle (circle method), one game per pair and round."""
    field = players + ["BYE"] * (len(players) % 2)
    count = len(field)
    games = []
    for cycle in range(cycles):
        order = list(field)
        for round_index in range(count - 1):
            round_number = cycle * (count - 1) + round_index + 1
            for i in range(count // 2):
                white, black = order[i], order[count - 1 - i]
                if "BYE" not in (white, black):
                    games.append(game(str(round_number), white, black, "1/2-1/2"))
            order = [order[0], order[-1], *order[1:-1]]
    return games


@pytest.mark.parametrize(("count", "cycles"), [(3, 1), (4, 1), (5, 1), (6, 2), (4, 2)])
def test_round_robin_is_detected(count: int, cycles: int) -> None:
    players = [f"P{i}" for i in range(count)]
    t = read(*_round_robin_games(players, cycles))
    assert t.pairing_system is PairingSystem.ROUND_ROBIN


def test_incomplete_or_uneven_round_robins_are_swiss() -> None:
    players = ["A", "B", "C", "D"]
    games = _round_robin_games(players)
    assert read(*games[:-1]).pairing_system is PairingSystem.SWISS
    # every pair met once, but in 4 rounds instead of 3
    moved = games[-1].replace('[Round "3"]', '[Round "4"]')
    assert read(*games[:-1], moved).pairing_system is PairingSystem.SWISS
    # a two-round Swiss of four players
    swiss = [game("1", "A", "B", "1-0"), game("1", "C", "D", "1-0"), game("2", "A", "C", "1-0")]
    assert read(*swiss).pairing_system is PairingSystem.SWISS


def test_ratings_fide_ids_and_titles() -> None:
    t = read(
        game("1", "Ann", "Bob", "1-0", WhiteElo="2100", WhiteFideId="123", WhiteTitle="FM"),
        game("2", "Bob", "Ann", "1-0", BlackElo="2050"),
    )
    ann = t.player(numbers(t)["Ann"])
    assert (ann.rating, ann.fide_id, ann.title, ann.line) == (2100, "123", "FM", 1)
    assert "2050 differs from 2100" in str(t.warnings[0])


def test_illegal_moves_are_a_warning() -> None:
    t = read(game("1", "Ann", "Bob", "1-0", moves="1. e4 e5 2. Ke3"))
    assert results(t, "Ann")[0].kind is K.WIN
    assert len(t.warnings) == 1 and t.warnings[0].location == Location("test.pgn", 1, 1)


def test_crlf_and_comment_lines_keep_line_numbers() -> None:
    text = "% a comment\r\n\r\n" + game("1", "Ann", "Bob", "1-0").replace("\n", "\r\n")
    text += game("1", "Ann", "Cid", "1-0")
    with pytest.raises(InputError) as caught:
        read_pgn(text.encode(), "crlf.pgn")
    assert caught.value.location == Location("crlf.pgn", 11, 1)


# --- errors ------------------------------------------------------------------------------


def test_missing_result_is_an_error_at_the_game() -> None:
    text = game("1", "Ann", "Bob", "1-0") + '[Event "Test"]\n[Round "2"]\n'
    text += '[White "Bob"]\n[Black "Ann"]\n\n1-0\n\n'
    error = error_of(text)
    assert error.location == Location("test.pgn", 9, 1)
    assert "Result" in error.expected


@pytest.mark.parametrize(
    ("tag", "value", "line", "column"),
    [("Round", "1", 2, 9), ("White", "Ann", 3, 9), ("Black", "Bob", 4, 9)],
)
def test_missing_or_unknown_roster_tags(tag: str, value: str, line: int, column: int) -> None:
    """A missing tag is reported at the game's first line, a "?" value at the tag."""
    text = game("1", "Ann", "Bob", "1-0")
    lines = [row for row in text.splitlines(keepends=True) if not row.startswith(f"[{tag} ")]
    error = error_of("".join(lines))
    assert (error.location, error.text) == (Location("test.pgn", 1, 1), "")
    assert tag in error.expected
    unknown = error_of(text.replace(f'[{tag} "{value}"]', f'[{tag} "?"]'))
    assert (unknown.location, unknown.text) == (Location("test.pgn", line, column), "?")


def test_duplicate_pairing_is_an_error_at_the_second_game() -> None:
    error = error_of(
        game("1.1", "Ann", "Bob", "1-0"),
        game("1.2", "Cid", "Dan", "1-0"),
        game("1.3", "Eve", "Bob", "1-0"),
    )
    assert error.location == Location("test.pgn", 17, 1)
    assert error.text == "Bob"
    assert "line 1" in error.expected


@pytest.mark.parametrize(
    ("round_text", "result", "line", "column", "text"),
    [("first", "1-0", 2, 9, "first"), ("0", "1-0", 2, 9, "0"), ("1", "2-0", 5, 10, "2-0")],
)
def test_bad_tag_values(round_text: str, result: str, line: int, column: int, text: str) -> None:
    error = error_of(game(round_text, "Ann", "Bob", result))
    assert (error.location, error.text) == (Location("test.pgn", line, column), text)


def test_bad_rating_is_an_error() -> None:
    error = error_of(game("1", "Ann", "Bob", "1-0", WhiteElo="2k"))
    assert (error.location, error.text) == (Location("test.pgn", 6, 12), "2k")


def test_same_player_on_both_sides_is_an_error() -> None:
    error = error_of(game("1", "Ann", "Ann", "1-0"))
    assert error.location == Location("test.pgn", 4, 9)


def test_tags_of_two_games_without_movetext_are_an_error() -> None:
    """Without a movetext line python-chess reads the next game's tags as the same game."""
    text = '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
    text += '[Round "1"]\n[White "C"]\n[Black "D"]\n[Result "1-0"]\n\n1-0\n'
    error = error_of(text)
    assert error.location == Location("test.pgn", 6, 9)


@pytest.mark.parametrize("text", ["", "\n\n", "% only a comment\n", "1. e4 e5 *"])
def test_no_usable_game(text: str) -> None:
    with pytest.raises(InputError) as caught:
        read_pgn(text.encode(), "empty.pgn")
    assert caught.value.location.line == 1


def test_only_unfinished_games() -> None:
    error = error_of(game("1", "Ann", "Bob", "*"))
    assert error.location == Location("test.pgn", 1, 1)


# --- fuzz --------------------------------------------------------------------------------


def _check_never_crashes(data: bytes) -> None:
    with contextlib.suppress(InputError):
        read_pgn(data, "fuzz.pgn")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_only_raise_input_errors(data: bytes) -> None:
    _check_never_crashes(data)


_PGN_PIECES = st.sampled_from(
    [
        '[White "A"]\n',
        '[Black "B"]\n',
        '[Black "BYE"]\n',
        '[Round "1"]\n',
        '[Round "2.1"]\n',
        '[Result "1-0"]\n',
        '[Result "*"]\n',
        '[Result "+/-"]\n',
        '[Bye "F"]\n',
        '[WhiteElo "x"]\n',
        '[BlackElo "²"]\n',
        '[Round "99999999999999999999"]\n',
        '[BlackStartNumber "٣"]\n',
        '[FEN "bad"]\n',
        '[Variant "crazyhouse"]\n',
        '[WhiteStartNumber "1"]\n',
        "\n",
        "1. e4 e5 2. Qh5 {forfeit} ( 2. Nf3 ) 1-0\n",
        "1. Kxe8 $1 ; c\n",
        "{ unclosed\n",
        "%\n",
        "1/2-1/2\n",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PGN_PIECES, max_size=40) | st.lists(st.text(max_size=30), max_size=10))
def test_random_pgn_like_text_only_raises_input_errors(pieces: list[str]) -> None:
    _check_never_crashes("".join(pieces).encode())
