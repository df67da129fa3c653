"""Reader of a PGN file holding every game of one event (read with python-chess).

The tags decide; the moves are parsed (python-chess is lenient) and their problems are
reported as warnings, because illegal moves do not change a standings table.

Conventions (each one is tested in ``tests/formats/test_pgn.py``):

* **Games.** ``White``, ``Black``, ``Round`` and ``Result`` are required (a missing tag, or
  ``?``, is an :class:`~tiebreaks.errors.InputError` at the game's line, the line of its first
  tag). ``Round`` is ``3`` or ``3.1`` (round 3, board 1). ``Result`` ``1-0``, ``0-1``,
  ``1/2-1/2`` (also ``½-½``); ``*`` (unfinished) is a warning and the game is ignored (its
  players still take part; its round does not count towards the number of rounds).
* **Result tag against the movetext.** The ``Result`` tag is what counts. A termination
  marker at the end of the movetext (``1-0``, ``0-1``, ``1/2-1/2``, ``*``) that says
  otherwise is a warning at the marker; a forfeit notation (``+/-`` ...), which movetext
  cannot write, also agrees with ``*``; no marker is no contradiction. Moves that end in
  checkmate or stalemate (standard chess, every move legal) and a tag that says otherwise are
  a warning at the tag.
* **Forfeits.** ``+/-`` or ``+-`` (White wins by forfeit), ``-/+`` or ``-+`` (Black wins),
  ``-/-``, ``--`` or ``0-0`` (double forfeit); or ``1-0`` / ``0-1`` with a ``Termination``
  tag containing "forfeit" (or "kampflos"); or ``1-0`` / ``0-1`` of a game without moves whose
  ``Termination`` is "rules infraction" or "unterminated", or whose comment or ``Annotator``
  mentions a forfeit. The colours of a forfeit are the scheduled ones. A drawn game marked as a
  forfeit is read as a played draw, with a warning.
* **Byes.** A game whose White or Black is ``BYE`` (any case; also ``Freilos`` and
  ``spielfrei``) is a bye of the other player, worth the points the result gives that player:
  1 point is a pairing-allocated bye (``U``), ½ a half-point bye (``H``), 0 a zero-point bye
  (``Z``). A tag ``[Bye "F"]`` (also ``U``, ``H``, ``Z``, as in TRF) names the kind; it must
  be worth the same points (a full-point bye ``F`` is worth 1 like ``U``).
* **Absences.** A player with no game (and no bye) in a round up to the last one is absent
  in it (:data:`~tiebreaks.model.ABSENT`; a withdrawal is a run of absences, or of
  zero-point byes when the file writes them).
* **Players** are identified by their name (``White`` / ``Black``) and FIDE id: spellings
  that differ only in case, Unicode compatibility forms, blank runs or blanks around the
  comma are one player (a warning per further spelling, the first one is displayed); one
  FIDE id is one player, two ids are two players; names that look alike (accents, word
  order, a title) stay two players with a warning (:mod:`~tiebreaks.formats.readers.pgn_names`).
  Ratings come from ``WhiteElo`` / ``BlackElo`` (``0``, ``-`` or empty: unrated), FIDE ids
  from ``WhiteFideId`` / ``BlackFideId``, titles from ``WhiteTitle`` / ``BlackTitle``; the
  first value given wins (a different one later is a warning).
* **Start numbers.** From ``WhiteStartNumber`` / ``BlackStartNumber`` when every player has
  one (a player with two numbers, or two players with one number, is an error); otherwise
  (a warning if only some have one) players are numbered 1, 2, ... by rating, highest first,
  unrated last, then by name (case-insensitive), then by order of first appearance.
* **Rounds** = the highest round of a finished game (at most 999). **Name**: the first ``Event`` tag
  (several events are a warning). **Start date**: the earliest complete ``EventDate`` or
  ``Date`` (``YYYY.MM.DD``) of any game.
* **Pairing system**: a round robin when there are at least 3 players, every two players met
  (game or forfeit) exactly k times, k = 1 or 2, there are k(n - 1) rounds (n even) or kn
  rounds (n odd) and in every round all players (n even) or all but one (n odd) had an
  opponent; anything else is a Swiss.
* A player in two games of one round (also under two spellings) is an error at the line of
  the second game; so is a player on both sides of a game.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import NoReturn, TextIO, TypedDict, TypeVar, cast

import chess.pgn

from ...errors import N_, Diagnostic, InputError, Location, Word
from ...model import ABSENT, Colour, PairingSystem, Player, ResultKind, RoundResult, Tournament
from .consistency import check_consistency
from .locator import Locator
from .pgn_names import Appearance, fide_id_key, identify, name_key
from .trf import decode_trf_bytes
from .trf_header import MAX_ROUNDS

__all__ = ["read_pgn"]

K = ResultKind
_T = TypeVar("_T", int | None, str)
_REQUIRED = ("White", "Black", "Round", "Result")
#: the two sides, as the tags name them and as a warning says them (catalog entries)
_SIDES = (N_("White"), N_("Black"))
_UNKNOWN = frozenset({"", "?"})
_BYE_NAMES = frozenset({"bye", "freilos", "spielfrei"})
_FORFEIT_WORDS = ("forfeit", "kampflos")
_NO_MOVE_TERMINATIONS = frozenset({"rules infraction", "unterminated"})
_ROUND = re.compile(r"([0-9]{1,9})(?:\.[0-9]{1,9})*")
_DATE = re.compile(r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})")
_NUMBER = re.compile(r"[0-9]{1,9}")
_RATING = re.compile(r"[0-9]{1,4}")
_UNFINISHED = "*"
_MARKER_OR_COMMENT = re.compile(r"\{[^}]*\}?|;.*|1/2-1/2|1-0|0-1|\*")

#: Result tag → (White's kind, Black's kind, forfeit written in the result itself)
_RESULTS: dict[str, tuple[ResultKind, ResultKind, bool]] = {
    "1-0": (K.WIN, K.LOSS, False),
    "0-1": (K.LOSS, K.WIN, False),
    "1/2-1/2": (K.DRAW, K.DRAW, False),
    "½-½": (K.DRAW, K.DRAW, False),
    "+/-": (K.FORFEIT_WIN, K.FORFEIT_LOSS, True),
    "+-": (K.FORFEIT_WIN, K.FORFEIT_LOSS, True),
    "-/+": (K.FORFEIT_LOSS, K.FORFEIT_WIN, True),
    "-+": (K.FORFEIT_LOSS, K.FORFEIT_WIN, True),
    "-/-": (K.FORFEIT_LOSS, K.FORFEIT_LOSS, True),
    "--": (K.FORFEIT_LOSS, K.FORFEIT_LOSS, True),
    "0-0": (K.FORFEIT_LOSS, K.FORFEIT_LOSS, True),
}
#: Result tag → the termination markers that agree with it: the same result, and also "*" for
#: the forfeit notations, which standard PGN movetext cannot write (a double forfeit: only "*")
_MARKERS: dict[str, frozenset[str]] = {
    "1-0": frozenset({"1-0"}),
    "0-1": frozenset({"0-1"}),
    "1/2-1/2": frozenset({"1/2-1/2"}),
    "½-½": frozenset({"1/2-1/2"}),
    "*": frozenset({"*"}),
    "+/-": frozenset({"1-0", "*"}),
    "+-": frozenset({"1-0", "*"}),
    "-/+": frozenset({"0-1", "*"}),
    "-+": frozenset({"0-1", "*"}),
    "-/-": frozenset({"*"}),
    "--": frozenset({"*"}),
    "0-0": frozenset({"*"}),
}
_AS_FORFEIT = {K.WIN: K.FORFEIT_WIN, K.LOSS: K.FORFEIT_LOSS}
#: points a bye's result gives its player → the default bye kind
_BYE_BY_POINTS = {Fraction(1): K.PAIRING_BYE, Fraction(1, 2): K.HALF_BYE, Fraction(0): K.ZERO_BYE}
_BYE_TAG_KINDS = {
    "U": K.PAIRING_BYE,
    "F": K.FULL_BYE,
    "H": K.HALF_BYE,
    "Z": K.ZERO_BYE,
}
_BYE_POINTS = {
    K.PAIRING_BYE: Fraction(1),
    K.FULL_BYE: Fraction(1),
    K.HALF_BYE: Fraction(1, 2),
    K.ZERO_BYE: Fraction(0),
}
_KIND_POINTS = {
    K.WIN: Fraction(1),
    K.FORFEIT_WIN: Fraction(1),
    K.DRAW: Fraction(1, 2),
    K.LOSS: Fraction(0),
    K.FORFEIT_LOSS: Fraction(0),
}


def read_pgn(data: bytes, source: str) -> Tournament:
    """Read the games of one event (PGN bytes) into a :class:`Tournament`.

    The bytes are decoded as UTF-8, else CP1252, else Latin-1. See the module docstring for the
    conventions (forfeits, byes, absences, start numbers, pairing system). Raises
    :class:`~tiebreaks.errors.InputError` for input that cannot be read as a tournament.
    """
    text = decode_trf_bytes(data, source)
    raw_games = _read_raw_games(text)
    warnings: list[Diagnostic] = []
    games = [_interpret(raw, source, warnings) for raw in raw_games]
    if not raw_games:
        raise InputError(
            Location(source, 1, 1), text[:40].strip(), "at least one game with PGN tags"
        )
    roster = _Roster(source, warnings)
    sides = roster.read(raw_games)
    finished = [(game, who) for game, who in zip(games, sides, strict=True) if game is not None]
    if not finished:
        raise InputError(
            Location(source, raw_games[0].line, 1), "", "at least one finished game (no '*')"
        )
    numbers = roster.start_numbers()
    rounds = max(game.round for game, _ in finished)
    slots = _fill_slots(finished, numbers, source)
    players = roster.players(numbers, slots, rounds)
    tournament = Tournament(
        name=_event_name(raw_games, source, warnings),
        rounds=rounds,
        players=players,
        start_date=_start_date(raw_games),
        pairing_system=_pairing_system(players, rounds),
        source=source,
        warnings=tuple(sorted(warnings, key=_position)),
    )
    return check_consistency(tournament, Locator(source))


class _LineReader:
    """The part of a text stream python-chess uses (``readline``), counting lines (1-based).

    Lines end at CR LF, LF or CR, so line numbers match what an editor shows."""

    def __init__(self, text: str) -> None:
        self.stream = io.StringIO(text, newline=None)
        self.line_number = 0
        self.current = ""

    def readline(self) -> str:
        """Read one line and count it."""
        line = self.stream.readline()
        if line:
            self.line_number += 1
        self.current = line
        return line


class _Label(TypedDict):
    """The fields of a warning's sentence that name a game: its round and its players."""

    round: int
    white: str
    black: str


@dataclass
class _RawGame:
    """One game as written: its tags with their positions, and what the movetext held."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_places: dict[str, tuple[int, int]] = field(default_factory=dict)
    repeated: tuple[str, int, int] | None = None
    moves: int = 0
    comments: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: the last game termination marker of the movetext (1-0, 0-1, 1/2-1/2, *), line, column
    marker: tuple[str, int, int] | None = None
    #: the result the final position decides (checkmate, stalemate), and how; "" when none
    ending: tuple[str, str] = ("", "")

    def tag(self, name: str) -> str:
        """The value of a tag, blanks removed; empty when the tag is missing."""
        return self.tags.get(name, "").strip()

    def location(self, source: str, name: str = "") -> Location:
        """Where a tag's value starts, or the game's first line."""
        line, column = self.tag_places.get(name, (self.line, 1))
        return Location(source, line, column)


class _GameRecorder(chess.pgn.BaseVisitor[_RawGame]):
    """python-chess visitor that records tags, moves, comments and errors with line numbers."""

    def __init__(self, reader: _LineReader) -> None:
        self.reader = reader
        self.game = _RawGame(reader.line_number)
        self.board: chess.Board | None = None

    def begin_game(self) -> None:
        """The game starts at the line just read (python-chess skips blank lines first)."""
        self.game.line = self.reader.line_number

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """Record a tag and where its value starts."""
        line = self.reader.line_number
        column = self.reader.current.find('"') + 2
        if tagname in self.game.tags and tagname in _REQUIRED and self.game.repeated is None:
            self.game.repeated = (tagname, line, column)
        self.game.tags[tagname] = tagvalue
        self.game.tag_places[tagname] = (line, column)

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        """Count the moves (only "any moves at all" matters)."""
        self.game.moves += 1

    def visit_comment(self, comment: str) -> None:
        """Keep comments: one may say that the game was forfeited."""
        self.game.comments.append(comment)

    def visit_board(self, board: chess.Board) -> None:
        """Keep the main line's board (the first one shown; variations play on copies)."""
        if self.board is None:
            self.board = board

    def visit_result(self, result: str) -> None:
        """Record the termination marker and where it is (the last one wins)."""
        column = _marker_column(self.reader.current, result)
        self.game.marker = (result, self.reader.line_number, column)

    def end_game(self) -> None:
        """The result the final position decides, when the moves were all read."""
        if self.board is not None and self.game.moves and not self.game.errors:
            self.game.ending = _ending(self.board)

    def handle_error(self, error: Exception) -> None:
        """Keep python-chess's complaint (an illegal move, a bad FEN) for a warning."""
        self.game.errors.append(str(error))

    def result(self) -> _RawGame:
        """The recorded game."""
        return self.game


def _marker_column(line: str, marker: str) -> int:
    """The column of the last ``marker`` of a movetext line outside comments (0: not found).

    A ``}`` before any ``{`` closes a comment begun on an earlier line."""
    close, start = line.find("}"), line.find("{")
    skip = close + 1 if close >= 0 and (start < 0 or close < start) else 0
    columns = [
        match.start() + 1
        for match in _MARKER_OR_COMMENT.finditer(line, skip)
        if match.group() == marker
    ]
    return columns[-1] if columns else 0


def _ending(board: chess.Board) -> tuple[str, str]:
    """The result a checkmate or stalemate on the board decides (standard chess only)."""
    if board.uci_variant != "chess":
        return "", ""
    if board.is_checkmate():
        if board.turn == chess.WHITE:
            return "0-1", N_("checkmate of White")
        return "1-0", N_("checkmate of Black")
    if board.is_stalemate():
        return "1/2-1/2", N_("stalemate")
    return "", ""


def _read_raw_games(text: str) -> list[_RawGame]:
    """Every game of the text, in file order."""
    reader = _LineReader(text.removeprefix("\ufeff"))
    games: list[_RawGame] = []
    while True:
        # python-chess only calls readline() on its handle
        handle = cast(TextIO, reader)
        game = chess.pgn.read_game(handle, Visitor=lambda: _GameRecorder(reader))
        if game is None:
            return games
        games.append(game)


@dataclass(frozen=True)
class _Game:
    """A finished game (or bye) read from the tags: both sides' results for one round."""

    line: int
    round: int
    white: str
    black: str
    white_result: RoundResult | None
    black_result: RoundResult | None


def _interpret(raw: _RawGame, source: str, warnings: list[Diagnostic]) -> _Game | None:
    """The game's round and results; None for an unfinished game (with a warning)."""
    _check_required(raw, source)
    white, black = raw.tag("White"), raw.tag("Black")
    round_number = _round_number(raw, source)
    result = raw.tag("Result")
    label: _Label = {"round": round_number, "white": white, "black": black}
    if raw.errors:
        warnings.append(
            Diagnostic.told(
                N_(
                    "game of round %(round)s (%(white)s - %(black)s): the movetext has errors"
                    " (%(error)s); the result is read from the Result tag"
                ),
                raw.location(source),
                code="pgn.movetext-errors",
                error=raw.errors[0],
                **label,
            )
        )
    if result != _UNFINISHED and result not in _RESULTS:
        raise InputError(
            raw.location(source, "Result"),
            result,
            "a result 1-0, 0-1, 1/2-1/2 or * (forfeits: +/-, -/+, -/-)",
        )
    warnings.extend(_termination_checks(raw, label, source))
    if result == _UNFINISHED:
        warnings.append(
            Diagnostic.told(
                N_("game of round %(round)s (%(white)s - %(black)s) is unfinished (*): ignored"),
                raw.location(source, "Result"),
                code="pgn.unfinished-game",
                **label,
            )
        )
        return None
    white_kind, black_kind = _kinds(raw, source, warnings)
    if _is_bye(white) or _is_bye(black):
        return _bye_game(raw, round_number, white_kind, black_kind, source)
    white_result = RoundResult(white_kind, 0, Colour.WHITE)
    black_result = RoundResult(black_kind, 0, Colour.BLACK)
    return _Game(raw.line, round_number, white, black, white_result, black_result)


def _termination_checks(raw: _RawGame, label: _Label, source: str) -> list[Diagnostic]:
    """Warnings when the movetext's end contradicts the Result tag (which is used).

    The termination marker must be one the tag allows (:data:`_MARKERS`); a missing marker
    is no contradiction. A final position that is checkmate or stalemate decides the result
    (FIDE Laws of Chess, Art. 5.1.1 and 5.2.1), so a tag saying otherwise is a warning too.
    """
    result = raw.tag("Result")
    tag = raw.tag_places.get("Result", (raw.line, 1))[0]
    found = []
    if raw.marker is not None and raw.marker[0] not in _MARKERS[result]:
        marker, line, column = raw.marker
        found.append(
            Diagnostic.told(
                N_(
                    "game of round %(round)s (%(white)s - %(black)s): the movetext ends with"
                    ' "%(marker)s" but the Result tag (line %(tag_line)s) says "%(result)s"; the'
                    " Result tag is used (correct whichever of the two is wrong)"
                ),
                Location(source, line, column),
                code="pgn.result-marker-differs",
                marker=marker,
                tag_line=tag,
                result=result,
                **label,
            )
        )
    decided, how = raw.ending
    if decided and decided not in _MARKERS[result]:
        found.append(
            Diagnostic.told(
                N_(
                    "game of round %(round)s (%(white)s - %(black)s): the moves end in %(how)s"
                    ' ("%(decided)s") but the Result tag says "%(result)s"; the Result tag is'
                    " used (correct whichever of the two is wrong)"
                ),
                raw.location(source, "Result"),
                code="pgn.result-position-differs",
                how=Word(how),
                decided=decided,
                result=result,
                **label,
            )
        )
    return found


def _check_required(raw: _RawGame, source: str) -> None:
    """White, Black, Round and Result must be there, once, and name two sides."""
    if raw.repeated is not None:
        name, line, column = raw.repeated
        raise InputError(
            Location(source, line, column),
            raw.tags[name],
            f"one {name} tag per game (is the movetext, at least the result such as 1-0, "
            "and an empty line missing before this game's tags?)",
        )
    for name in _REQUIRED:
        if raw.tag(name) in _UNKNOWN:
            raise InputError(
                raw.location(source, name), raw.tag(name), f'a [{name} "..."] tag in every game'
            )
    white, black = raw.tag("White"), raw.tag("Black")
    if _is_bye(white) and _is_bye(black):
        raise InputError(raw.location(source, "Black"), black, "two different players")
    white_id, black_id = fide_id_key(raw.tag("WhiteFideId")), fide_id_key(raw.tag("BlackFideId"))
    namesakes = white_id and black_id and white_id != black_id
    if name_key(white) == name_key(black) and not namesakes:
        _same_player_error(raw, source)


def _same_player_error(raw: _RawGame, source: str) -> NoReturn:
    """Both sides of a game are one participant (perhaps written two ways, or by FIDE id)."""
    white, black = raw.tag("White"), raw.tag("Black")
    expected = "two different players"
    if white != black:
        expected += f' ("{black}" is read as the same player as "{white}", White here'
        same_id = fide_id_key(raw.tag("BlackFideId"))
        expected += f", both with FIDE id {same_id})" if same_id else ")"
    raise InputError(raw.location(source, "Black"), black, expected)


def _round_number(raw: _RawGame, source: str) -> int:
    """The round of ``Round`` ``3`` or ``3.1`` (board numbers are ignored)."""
    text = raw.tag("Round")
    match = _ROUND.fullmatch(text)
    if match is None or not 1 <= int(match.group(1)) <= MAX_ROUNDS:
        raise InputError(
            raw.location(source, "Round"),
            text,
            f"a round number from 1 to {MAX_ROUNDS} such as 3 or 3.1 (round.board)",
        )
    return int(match.group(1))


def _kinds(raw: _RawGame, source: str, warnings: list[Diagnostic]) -> tuple[ResultKind, ResultKind]:
    """White's and Black's result kinds, forfeits recognised (module docstring)."""
    white_kind, black_kind, forfeit = _RESULTS[raw.tag("Result")]
    if forfeit or not _marked_forfeit(raw):
        return white_kind, black_kind
    if white_kind is K.DRAW:
        warnings.append(
            Diagnostic.told(
                N_("a draw cannot be a forfeit: read as a played draw"),
                raw.location(source, "Result"),
                code="pgn.forfeit-draw",
            )
        )
        return white_kind, black_kind
    return _AS_FORFEIT[white_kind], _AS_FORFEIT[black_kind]


def _marked_forfeit(raw: _RawGame) -> bool:
    """True when the tags or the comments of a decisive game say it was forfeited."""
    termination = raw.tag("Termination").casefold()
    if any(word in termination for word in _FORFEIT_WORDS):
        return True
    if raw.moves:
        return False
    notes = " ".join([*raw.comments, raw.tag("Annotator")]).casefold()
    return termination in _NO_MOVE_TERMINATIONS or any(word in notes for word in _FORFEIT_WORDS)


def _is_bye(name: str) -> bool:
    return name_key(name) in _BYE_NAMES


def _bye_game(
    raw: _RawGame, round_number: int, white_kind: ResultKind, black_kind: ResultKind, source: str
) -> _Game:
    """A bye: the player facing ``BYE`` gets the bye kind its points (or a Bye tag) name."""
    white, black = raw.tag("White"), raw.tag("Black")
    player_kind = black_kind if _is_bye(white) else white_kind
    points = _KIND_POINTS[player_kind]
    kind = _BYE_BY_POINTS[points]
    written = raw.tag("Bye").upper()
    if written:
        named = _BYE_TAG_KINDS.get(written)
        if named is None or _BYE_POINTS[named] != points:
            expected = ", ".join(
                code for code, kind in _BYE_TAG_KINDS.items() if _BYE_POINTS[kind] == points
            )
            raise InputError(
                raw.location(source, "Bye"),
                raw.tag("Bye"),
                f"a bye kind worth the {points} point(s) of the result: {expected}",
            )
        kind = named
    bye = RoundResult(kind)
    if _is_bye(white):
        return _Game(raw.line, round_number, white, black, None, bye)
    return _Game(raw.line, round_number, white, black, bye, None)


@dataclass
class _Entrant:
    """What the games say about one player."""

    name: str
    order: int
    line: int
    rating: int | None = None
    fide_id: str = ""
    title: str = ""
    start_number: int | None = None


#: the participant (index into the roster) of each side of a game: White, Black; None for BYE
_Sides = tuple[int | None, int | None]


class _Roster:
    """The players of the event in order of first appearance, with their tags.

    Who is who is decided by :func:`~tiebreaks.formats.readers.pgn_names.identify` (one participant
    per person however the name is written; FIDE ids decide when given)."""

    def __init__(self, source: str, warnings: list[Diagnostic]) -> None:
        self.source = source
        self.warnings = warnings
        self.entrants: list[_Entrant] = []
        self.numbered: dict[int, int] = {}

    def read(self, raw_games: list[_RawGame]) -> list[_Sides]:
        """Identify the players of every game (not the BYE side) and read their tags."""
        appearances: list[Appearance] = []
        places: list[tuple[int, int]] = []
        for index, raw in enumerate(raw_games):
            for side_index, side in enumerate(_SIDES):
                if not _is_bye(raw.tag(side)):
                    appearances.append(_appearance(raw, side, self.source))
                    places.append((index, side_index))
        sides: list[list[int | None]] = [[None, None] for _ in raw_games]
        owners = identify(appearances, self.warnings)
        for (index, side_index), owner, appearance in zip(places, owners, appearances, strict=True):
            raw = raw_games[index]
            if owner == len(self.entrants):
                self.entrants.append(_Entrant(appearance.name, owner, raw.line))
            sides[index][side_index] = owner
            if side_index == 1 and sides[index][0] == owner:
                _same_player_error(raw, self.source)
            self._read_tags(raw, _SIDES[side_index], self.entrants[owner])
        return [(white, black) for white, black in sides]

    def _read_tags(self, raw: _RawGame, side: str, entrant: _Entrant) -> None:
        rating = _rating(raw, side + "Elo", self.source)
        differs = N_("%(name)s: rating %(new)s differs from %(old)s given before; %(old)s is used")
        entrant.rating = self._merge(entrant, differs, entrant.rating, rating, raw)
        # one participant has one FIDE id (identify() parts different ones): the first as written
        fide_id = raw.tag(side + "FideId")
        if not entrant.fide_id and fide_id_key(fide_id):
            entrant.fide_id = fide_id
        title = raw.tag(side + "Title")
        differs = N_("%(name)s: title %(new)s differs from %(old)s given before; %(old)s is used")
        entrant.title = self._merge(entrant, differs, entrant.title, title, raw)
        tag = side + "StartNumber"
        if raw.tag(tag):
            self._start_number(raw, tag, entrant)

    def _merge(self, entrant: _Entrant, differs: str, old: _T, new: _T, raw: _RawGame) -> _T:
        """The first value given wins; a different later one is a warning (``differs``, the
        catalog sentence that says so for this tag)."""
        if not new or new == old:
            return old
        if not old:
            return new
        self.warnings.append(
            Diagnostic.told(
                differs,
                raw.location(self.source),
                code="pgn.player-tag-differs",
                name=entrant.name,
                new=str(new),
                old=str(old),
            )
        )
        return old

    def _start_number(self, raw: _RawGame, tag: str, entrant: _Entrant) -> None:
        text = raw.tag(tag)
        location = raw.location(self.source, tag)
        if _NUMBER.fullmatch(text) is None or int(text) == 0:
            raise InputError(location, text, "a start number (a whole number from 1)")
        number = int(text)
        if entrant.start_number not in (None, number):
            expected = f"start number {entrant.start_number} of {entrant.name} (given before)"
            raise InputError(location, text, expected)
        holder = self.numbered.setdefault(number, entrant.order)
        if holder != entrant.order:
            expected = f"a start number not used by {self.entrants[holder].name}"
            raise InputError(location, text, expected)
        entrant.start_number = number

    def start_numbers(self) -> list[int]:
        """Start number of each participant: from the tags if every one has one, else by rating."""
        entrants = self.entrants
        given = [entrant for entrant in entrants if entrant.start_number is not None]
        if given and len(given) == len(entrants):
            return [entrant.start_number or 0 for entrant in entrants]
        if given:
            self.warnings.append(
                Diagnostic.told(
                    N_(
                        "only %(given)s of %(players)s players have a start number tag; players"
                        " are numbered by rating instead"
                    ),
                    Location(self.source),
                    code="pgn.start-numbers-partial",
                    given=len(given),
                    players=len(entrants),
                )
            )
        numbers = [0] * len(entrants)
        for number, entrant in enumerate(sorted(entrants, key=_seeding_key), start=1):
            numbers[entrant.order] = number
        return numbers

    def players(
        self, numbers: list[int], slots: dict[int, dict[int, RoundResult]], rounds: int
    ) -> tuple[Player, ...]:
        """The players ordered by start number, one result per round."""
        players = []
        for entrant in self.entrants:
            number = numbers[entrant.order]
            own = slots.get(number, {})
            players.append(
                Player(
                    start_number=number,
                    name=entrant.name,
                    results=tuple(own.get(r, ABSENT) for r in range(1, rounds + 1)),
                    rating=entrant.rating,
                    title=entrant.title,
                    fide_id=entrant.fide_id,
                    line=entrant.line,
                )
            )
        return tuple(sorted(players, key=lambda player: player.start_number))


def _appearance(raw: _RawGame, side: str, source: str) -> Appearance:
    """One side of a game as :func:`~tiebreaks.formats.readers.pgn_names.identify` needs it."""
    round_match = _ROUND.fullmatch(raw.tag("Round"))
    round_number = int(round_match.group(1)) if round_match else 0
    fide_id = fide_id_key(raw.tag(side + "FideId"))
    return Appearance(raw.tag(side), fide_id, side, round_number, raw.location(source, side))


def _rating(raw: _RawGame, tag: str, source: str) -> int | None:
    """A rating tag: a whole number; 0, ``-``, ``?`` or empty mean unrated."""
    text = raw.tag(tag)
    if text in ("", "-", "?"):
        return None
    if _RATING.fullmatch(text) is None:
        raise InputError(raw.location(source, tag), text, "a rating from 0 (unrated) to 9999")
    return int(text) or None


def _seeding_key(entrant: _Entrant) -> tuple[int, str, int]:
    """Highest rating first, unrated last, then name, then first appearance."""
    rating = -entrant.rating if entrant.rating is not None else 1
    return rating, entrant.name.casefold(), entrant.order


def _fill_slots(
    games: list[tuple[_Game, _Sides]], numbers: list[int], source: str
) -> dict[int, dict[int, RoundResult]]:
    """Each player's result per round; a player twice in one round is an error.

    A participant whose name is written two ways in one round (two games after the merge of
    :mod:`~tiebreaks.formats.readers.pgn_names`) is this error too, naming both spellings."""
    slots: dict[int, dict[int, RoundResult]] = {}
    seen: dict[tuple[int, int], tuple[int, str]] = {}
    for game, (white, black) in games:
        sides = (
            (game.white, white, game.white_result, black),
            (game.black, black, game.black_result, white),
        )
        for written_name, owner, written, opponent in sides:
            if written is None or owner is None:
                continue
            number = numbers[owner]
            result = written
            if written.kind.has_opponent and opponent is not None:
                result = RoundResult(written.kind, numbers[opponent], written.colour)
            earlier, spelling = seen.setdefault((number, game.round), (game.line, written_name))
            if earlier != game.line:
                shown = written_name
                if spelling != written_name:
                    shown = f'"{written_name}" is read as the same player as "{spelling}", who'
                raise InputError(
                    Location(source, game.line, 1),
                    written_name,
                    f"one game per player and round ({shown} already has a game in round "
                    f"{game.round}, line {earlier})",
                )
            slots.setdefault(number, {})[game.round] = result
    return slots


def _pairing_system(players: tuple[Player, ...], rounds: int) -> PairingSystem:
    """Round robin when every pair met k times (k = 1, 2) in full rounds; else Swiss."""
    count = len(players)
    if count < 3:
        return PairingSystem.SWISS
    cycle = count - 1 if count % 2 == 0 else count
    meetings: Counter[tuple[int, int]] = Counter()
    busy: Counter[int] = Counter()
    for player in players:
        for round_number, result in enumerate(player.results, start=1):
            if result.kind.has_opponent and result.opponent is not None:
                busy[round_number] += 1
                if player.start_number < result.opponent:
                    meetings[player.start_number, result.opponent] += 1
    times = set(meetings.values())
    pairs = count * (count - 1) // 2
    if len(meetings) != pairs or len(times) != 1:
        return PairingSystem.SWISS
    cycles = times.pop()
    full = count - count % 2
    if cycles > 2 or rounds != cycles * cycle:
        return PairingSystem.SWISS
    if any(busy[round_number] != full for round_number in range(1, rounds + 1)):
        return PairingSystem.SWISS
    return PairingSystem.ROUND_ROBIN


def _event_name(raw_games: list[_RawGame], source: str, warnings: list[Diagnostic]) -> str:
    """The first Event tag; several different events are a warning."""
    events: dict[str, int] = {}
    for raw in raw_games:
        event = raw.tag("Event")
        if event not in _UNKNOWN:
            events.setdefault(event, raw.line)
    if len(events) > 1:
        warnings.append(
            Diagnostic.told(
                N_("the games belong to %(count)s events (%(names)s); read as one tournament"),
                Location(source, list(events.values())[1], 1),
                code="pgn.several-events",
                count=len(events),
                names=", ".join(repr(name) for name in events),
            )
        )
    return next(iter(events), "")


def _start_date(raw_games: list[_RawGame]) -> date | None:
    """The earliest complete EventDate or Date of any game."""
    dates = []
    for raw in raw_games:
        for tag in ("EventDate", "Date"):
            match = _DATE.fullmatch(raw.tag(tag))
            if match is None:
                continue
            try:
                dates.append(date(*(int(part) for part in match.groups())))
            except ValueError:
                continue
    return min(dates, default=None)


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    location = diagnostic.location or Location()
    return location.line, location.column
