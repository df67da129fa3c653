"""One participant per person in a PGN file, and Result tags checked against the movetext.

Expected values come from the games written here (who played whom, the results written) and
the rules of chess (a checkmate or stalemate decides the game); locations are found in the
input text itself, never taken from the reader.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.errors import Diagnostic, InputError, Location
from tiebreaks.formats.readers.pgn import read_pgn
from tiebreaks.model import Colour, ResultKind, RoundResult, Tournament

from .test_pgn import HELD_TRF, game, tournament_as_pgn

K = ResultKind
W, B = Colour.WHITE, Colour.BLACK
SOURCE = "test.pgn"
_MERGED = "taken as the same player as"
_ALIKE = "look like the same person"


def read_text(text: str) -> Tournament:
    return read_pgn(text.encode(), SOURCE)


def error_of_text(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read_text(text)
    return caught.value


def where(text: str, tag_line: str, occurrence: int = 1) -> Location:
    """Where the value of the ``occurrence``-th line ``tag_line`` (e.g. ``[White "A"]``) starts."""
    seen = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line == tag_line:
            seen += 1
            if seen == occurrence:
                return Location(SOURCE, number, line.index('"') + 2)
    raise AssertionError(f"{tag_line} not in the text")


def line_of(text: str, line_text: str) -> int:
    """The number of the first line of ``text`` that is ``line_text``."""
    return text.splitlines().index(line_text) + 1


def names(tournament: Tournament) -> list[str]:
    return sorted(player.name for player in tournament.players)


def player(tournament: Tournament, name: str) -> tiebreaks.Player:
    return next(p for p in tournament.players if p.name == name)


def score(tournament: Tournament, name: str) -> Fraction:
    points = {K.WIN: Fraction(1), K.FORFEIT_WIN: Fraction(1), K.DRAW: Fraction(1, 2)}
    return sum(
        (points.get(r.kind, Fraction(0)) for r in player(tournament, name).results),
        start=Fraction(0),
    )


def messages(tournament: Tournament, part: str) -> list[Diagnostic]:
    return [warning for warning in tournament.warnings if part in warning.message]


# --- spellings of one name ---------------------------------------------------------------

MERGED, APART, ALIKE = "merged", "apart", "alike"


@pytest.mark.parametrize(
    ("first", "second", "policy"),
    [
        # case, blanks around the comma, blank runs, Unicode compatibility forms: one player
        ("Carlsen, Magnus", "carlsen, magnus", MERGED),
        ("Carlsen, Magnus", "Carlsen,Magnus", MERGED),
        ("Carlsen, Magnus", "CARLSEN ,  Magnus", MERGED),
        ("Carlsen, Magnus", "Carlsen,\tMagnus", MERGED),
        ("Carlsen, Magnus", "Carlsen,\u00a0Magnus", MERGED),
        ("Carlsen, Magnus", "Ｃａｒｌｓｅｎ，Ｍａｇｎｕｓ", MERGED),
        ("Geller, Efim", "Geller, E\ufb01m", MERGED),
        ("Müller, Hans", "Mu\u0308ller, Hans", MERGED),
        # accents, word order, punctuation, a title: two players, "looks alike" warning
        ("Müller, Hans", "Muller, Hans", ALIKE),
        ("Müller, Hans", "Mueller, Hans", ALIKE),
        ("Carlsen, Magnus", "Magnus Carlsen", ALIKE),
        ("Vachier-Lagrave, Maxime", "Vachier Lagrave, Maxime", ALIKE),
        ("Carlsen, Magnus", "GM Carlsen, Magnus", ALIKE),
        # different names: two players, no warning
        ("Mueller, Hans", "Muller, Hans", APART),
        ("Carlsen, Magnus", "Carlsen, M.", APART),
        ("Player 1", "Player 2", APART),
        ("Carlsen, Magnus", "Carlsen (2830), Magnus", APART),
        ("Anna", "Anne", APART),
    ],
)
def test_spelling_classes(first: str, second: str, policy: str) -> None:
    """``first`` plays White in round 1, ``second`` Black in round 2; both win."""
    text = game("1", first, "Opp, One", "1-0") + game("2", "Opp, Two", second, "0-1")
    t = read_text(text)
    second_at = where(text, f'[Black "{second}"]')
    if policy == MERGED:
        assert names(t) == sorted([first, "Opp, One", "Opp, Two"])
        assert score(t, first) == 2
        expected = f'"{second}" (Black, round 2) {_MERGED} "{first}" (first seen line 3)'
        assert t.warnings == (Diagnostic(expected, second_at, code="pgn.spelling-merged"),)
        return
    assert names(t) == sorted([first, second, "Opp, One", "Opp, Two"])
    assert [score(t, first), score(t, second)] == [1, 1]
    if policy == APART:
        assert t.warnings == ()
    else:
        (warning,) = t.warnings
        assert warning.location == second_at
        assert _ALIKE in warning.message and f'"{first}"' in warning.message
        assert warning.code == "pgn.look-alike-names"


def test_the_three_spellings_of_the_issue_are_one_participant() -> None:
    text = (
        game("1", "Carlsen, Magnus", "Anand", "1-0")
        + game("2", "Nepo", "carlsen, magnus", "0-1")
        + game("3", "Carlsen,Magnus", "Ding", "1/2-1/2")
        + game("4", "Ding", "carlsen, magnus", "1/2-1/2")
    )
    t = read_text(text)
    assert names(t) == ["Anand", "Carlsen, Magnus", "Ding", "Nepo"]
    numbers = {p.name: p.start_number for p in t.players}
    assert player(t, "Carlsen, Magnus").results == (
        RoundResult(K.WIN, numbers["Anand"], W),
        RoundResult(K.WIN, numbers["Nepo"], B),
        RoundResult(K.DRAW, numbers["Ding"], W),
        RoundResult(K.DRAW, numbers["Ding"], B),
    )
    standings = tiebreaks.compute_standings(t, "PTS")
    top = standings.rows[0]
    assert (top.rank, top.player.name, top.values["PTS"]) == (1, "Carlsen, Magnus", Fraction(3))
    # one warning per spelling, where it first appears, not one per game
    assert [w.location for w in messages(t, _MERGED)] == [
        where(text, '[Black "carlsen, magnus"]'),
        where(text, '[White "Carlsen,Magnus"]'),
    ]
    assert str(t.warnings[0]) == (
        f'{SOURCE}:12:9: "carlsen, magnus" (Black, round 2) taken as the same player as '
        '"Carlsen, Magnus" (first seen line 3)'
    )


def test_bye_names_are_recognised_in_any_spelling() -> None:
    t = read_text(game("1", "Ann", "Bob", "1-0") + game("1", "Cid", "Ｂｙｅ", "1-0"))
    assert names(t) == ["Ann", "Bob", "Cid"]
    assert player(t, "Cid").results == (RoundResult(K.PAIRING_BYE),)


# --- FIDE ids ----------------------------------------------------------------------------


def test_one_fide_id_under_two_names_is_one_player() -> None:
    text = game("1", "Carlsen, Magnus", "Anand", "1-0", WhiteFideId="1503014")
    text += game("2", "Nepo", "Magnus Carlsen", "0-1", BlackFideId="1503014")
    t = read_text(text)
    assert names(t) == ["Anand", "Carlsen, Magnus", "Nepo"]
    assert score(t, "Carlsen, Magnus") == 2
    assert player(t, "Carlsen, Magnus").fide_id == "1503014"
    (warning,) = t.warnings
    assert warning.location == where(text, '[Black "Magnus Carlsen"]')
    assert _MERGED in warning.message and "FIDE id 1503014" in warning.message


def test_two_fide_ids_under_one_name_are_two_players() -> None:
    text = game("1", "Li, Wei", "Anand", "1-0", WhiteFideId="111")
    text += game("1", "Nepo", "li, wei", "0-1", BlackFideId="222")
    t = read_text(text)
    assert sorted(p.fide_id for p in t.players if p.name.casefold() == "li, wei") == ["111", "222"]
    assert [p.results[0].kind for p in t.players if p.name.casefold() == "li, wei"] == [K.WIN] * 2
    (warning,) = t.warnings
    assert warning.location == where(text, '[Black "li, wei"]')
    assert "different FIDE ids" in warning.message and "111" in warning.message


def test_a_name_without_fide_id_takes_the_one_id_it_has_elsewhere() -> None:
    text = game("1", "Li, Wei", "Anand", "1-0", WhiteFideId="111")
    text += game("2", "Nepo", "Li, Wei", "0-1", BlackFideId="0")
    text += game("3", "Li, Wei", "Ding", "1-0")
    t = read_text(text)
    assert names(t) == ["Anand", "Ding", "Li, Wei", "Nepo"]
    assert score(t, "Li, Wei") == 3
    assert (player(t, "Li, Wei").fide_id, t.warnings) == ("111", ())


def test_a_name_two_fide_ids_share_needs_an_id() -> None:
    text = game("1", "Li, Wei", "Anand", "1-0", WhiteFideId="111")
    text += game("1", "Nepo", "Li, Wei", "0-1", BlackFideId="222")
    text += game("2", "Li, Wei", "Nepo", "1-0")
    error = error_of_text(text)
    assert error.location == where(text, '[White "Li, Wei"]', occurrence=2)
    assert error.text == "Li, Wei"
    assert "WhiteFideId" in error.expected and "111" in error.expected and "222" in error.expected


def test_different_fide_ids_that_look_alike_are_not_warned_about() -> None:
    text = game("1", "Müller, Hans", "Anand", "1-0", WhiteFideId="111")
    text += game("1", "Nepo", "Muller, Hans", "0-1", BlackFideId="222")
    assert read_text(text).warnings == ()


# --- one player twice in a game or a round after the merge -------------------------------


def test_both_sides_one_player_after_the_merge_is_an_error() -> None:
    text = game("1", "Carlsen, Magnus", "CARLSEN,MAGNUS", "1-0")
    error = error_of_text(text)
    assert (error.location, error.text) == (
        where(text, '[Black "CARLSEN,MAGNUS"]'),
        "CARLSEN,MAGNUS",
    )
    assert "Carlsen, Magnus" in error.expected


def test_both_sides_with_one_fide_id_is_an_error() -> None:
    text = game("1", "Carlsen", "Anand", "1-0", WhiteFideId="1", BlackFideId="1")
    error = error_of_text(text)
    assert error.location == where(text, '[Black "Anand"]')


def test_two_spellings_in_one_round_are_paired_twice() -> None:
    text = game("3", "Carlsen, Magnus", "Anand", "1-0") + game(
        "3", "Ding", "carlsen, magnus", "0-1"
    )
    error = error_of_text(text)
    # at the second game (its first line), as any player paired twice in one round
    assert (error.location, error.text) == (Location(SOURCE, 9, 1), "carlsen, magnus")
    assert '"Carlsen, Magnus"' in error.expected and "round 3, line 1" in error.expected


def test_two_spellings_with_a_bye_in_one_round_are_paired_twice() -> None:
    text = game("1", "Carlsen, Magnus", "BYE", "1-0") + game("1", "Ding", "carlsen,magnus", "0-1")
    error = error_of_text(text)
    assert (error.location, error.text) == (Location(SOURCE, 9, 1), "carlsen,magnus")


# --- the Result tag against the movetext -------------------------------------------------


def game_with_movetext(result: str, movetext: str) -> str:
    """A game of Ann (White) and Bob in round 1; the Result tag is line 5, the movetext 7."""
    return game("1", "Ann", "Bob", result).replace(f"\n{result}\n\n", f"\n{movetext}\n\n")


@pytest.mark.parametrize(
    ("result", "movetext", "column", "ann"),
    [
        ("1-0", "1. e4 e5 0-1", 10, K.WIN),
        ("0-1", "1. e4 e5 1-0", 10, K.LOSS),
        ("1/2-1/2", "1. e4 e5 1-0", 10, K.DRAW),
        ("1-0", "1/2-1/2", 1, K.WIN),
        ("½-½", "0-1", 1, K.DRAW),
        ("1-0", "1. e4 e5 *", 10, K.WIN),
        ("+/-", "0-1", 1, K.FORFEIT_WIN),
        ("-/-", "1-0", 1, K.FORFEIT_LOSS),
        # markers inside comments are not the marker
        ("1-0", "1. e4 {a comment: 0-1} e5 0-1 {not 0-1}", 27, K.WIN),
        ("1-0", "1. e4 e5 0-1 ; 0-1", 10, K.WIN),
    ],
)
def test_a_marker_that_contradicts_the_result_tag_is_a_warning(
    result: str, movetext: str, column: int, ann: ResultKind
) -> None:
    text = game_with_movetext(result, movetext)
    t = read_text(text)
    assert player(t, "Ann").results[0].kind is ann  # the Result tag is used
    (warning,) = t.warnings
    marker = movetext[column - 1 :].split(maxsplit=1)[0]
    assert warning.location == Location(SOURCE, 7, column)
    assert f'"{marker}"' in warning.message and f'"{result}"' in warning.message
    assert "Result tag (line 5)" in warning.message and "Result tag is used" in warning.message


def test_a_marker_after_a_comment_of_several_lines() -> None:
    text = game_with_movetext("1-0", "1. e4 { a long\ncomment 1-0 } 0-1")
    (warning,) = read_text(text).warnings
    assert warning.location == Location(SOURCE, 8, 15)


def test_an_unfinished_tag_with_a_decisive_marker_is_a_warning() -> None:
    text = game_with_movetext("*", "1. e4 e5 1-0") + game("2", "Ann", "Bob", "1-0")
    t = read_text(text)
    assert t.rounds == 2 and player(t, "Ann").results[0].kind is K.ABSENT
    assert [w.location for w in t.warnings] == [
        where(text, '[Result "*"]'),
        Location(SOURCE, 7, 10),
    ]


@pytest.mark.parametrize(
    ("result", "movetext"),
    [
        ("1-0", "1-0"),
        ("1/2-1/2", "1. e4 e5 1/2-1/2"),
        ("½-½", "1/2-1/2"),
        ("1-0", "1. e4 e5"),  # no marker: no contradiction
        ("+/-", "1-0"),
        ("+/-", "*"),  # forfeits cannot be written in standard movetext
        ("-+", "*"),
        ("-/-", "*"),
        ("0-1", "1. e4 {1-0 would be wrong} 0-1"),
    ],
)
def test_a_marker_that_agrees_is_no_warning(result: str, movetext: str) -> None:
    assert read_text(game_with_movetext(result, movetext)).warnings == ()


FOOLS_MATE = "1. f3 e5 2. g4 Qh4#"  # White is checkmated: 0-1
LOYD_STALEMATE = (  # Black to move, no legal move, not in check: a draw
    "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
    "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6"
)


@pytest.mark.parametrize(
    ("result", "moves", "warned"),
    [
        ("1-0", FOOLS_MATE, True),
        ("1/2-1/2", FOOLS_MATE, True),
        ("0-1", FOOLS_MATE, False),
        ("1-0", LOYD_STALEMATE, True),
        ("1/2-1/2", LOYD_STALEMATE, False),
        ("1-0", FOOLS_MATE + " ( 2... Nc6 )", True),  # a variation does not hide the mate
        ("1-0", "1. f3 e5 2. g4 Nc6", False),  # no mate: the players may have resigned
    ],
)
def test_a_final_position_that_contradicts_the_result_tag(
    result: str, moves: str, warned: bool
) -> None:
    text = game_with_movetext(result, f"{moves} {result}")
    t = read_text(text)
    assert player(t, "Bob").results[0].kind is {"1-0": K.LOSS, "0-1": K.WIN}.get(result, K.DRAW)
    found = [w for w in t.warnings if "the moves end in" in w.message]
    assert [w.location for w in found] == ([where(text, f'[Result "{result}"]')] if warned else [])
    assert len(t.warnings) == len(found)


# --- property: spellings never change the standings --------------------------------------

_GIVEN = ["Anna", "Ben", "Clara", "Dev", "Ella", "Finn", "Greta", "Hugo"]


def _fullwidth(name: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" for c in name)


_VARIANTS: list[Callable[[str], str]] = [
    lambda name: name,
    str.upper,
    str.lower,
    str.swapcase,
    lambda name: name.replace(", ", ","),
    lambda name: name.replace(", ", " , "),
    lambda name: name.replace(" ", "  "),
    lambda name: name.replace(" ", "\u00a0"),
    _fullwidth,
]


def _held_with_surnames() -> tuple[Tournament, str]:
    """The Held Swiss with names "Surname, Given" (its ratings are all different)."""
    held = tiebreaks.read_tournament(HELD_TRF)
    players = tuple(
        dataclasses.replace(p, name=f"{p.name}, {_GIVEN[p.start_number % len(_GIVEN)]}")
        for p in held.players
    )
    renamed = dataclasses.replace(held, players=players)
    return renamed, tournament_as_pgn(renamed)


_HELD, _HELD_PGN = _held_with_surnames()
_NAME_TAGS = sum(_HELD_PGN.count(f'[{side} "') for side in ("White", "Black"))


def _respell(text: str, choices: list[int]) -> str:
    lines = text.splitlines(keepends=True)
    slots = iter(choices)
    for index, line in enumerate(lines):
        for side in ("White", "Black"):
            prefix = f'[{side} "'
            if line.startswith(prefix) and "BYE" not in line:
                name = line[len(prefix) : -3]
                lines[index] = f'{prefix}{_VARIANTS[next(slots)](name)}"]\n'
    return "".join(lines)


def _plain(name: str) -> str:
    """Compared independently of the reader: compatibility forms, case and blanks removed."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, len(_VARIANTS) - 1), min_size=_NAME_TAGS, max_size=_NAME_TAGS))
def test_respelling_players_never_changes_the_standings(choices: list[int]) -> None:
    spec = "PTS,BH/C1,BH,SB,WIN,BPG"
    base = tiebreaks.compute_standings(read_text(_HELD_PGN), spec)
    respelled_tournament = read_text(_respell(_HELD_PGN, choices))
    respelled = tiebreaks.compute_standings(respelled_tournament, spec)
    assert [
        (r.rank, r.player.start_number, _plain(r.player.name), r.values) for r in respelled.rows
    ] == [(r.rank, r.player.start_number, _plain(r.player.name), r.values) for r in base.rows]
    assert [p.results for p in respelled_tournament.players] == [p.results for p in _HELD.players]
    assert all(_MERGED in w.message for w in respelled_tournament.warnings)
