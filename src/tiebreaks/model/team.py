"""Team tournaments: teams, matches with their board games, match and game points (exact).

A team match is derived from the board games of the team's players (C.07 (2026) Art. 11-13
speak of match points, MP, and game points, GP). The TRF records that link players to teams
(``013``, ``310``) and the match-level records (``320`` team byes, ``330`` forfeited matches,
``352`` board colours, ``362`` match points) are kept in :class:`TeamRecords` on the
:class:`~tiebreaks.model.tournament.Tournament`;
:func:`tiebreaks.model.team_matches.team_tournament` turns them into a
:class:`~tiebreaks.model.team_matches.TeamTournament`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .results import Colour, ResultKind

if TYPE_CHECKING:
    from collections.abc import Mapping


class MatchKind(Enum):
    """What happened to a team in one round."""

    PLAYED = "match"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    DOUBLE_FORFEIT = "double forfeit"
    PAIRING_BYE = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"
    ABSENT = "absent"

    @property
    def has_opponent(self) -> bool:
        """True for a match (played or forfeited) against a scheduled opponent."""
        return self in (MatchKind.PLAYED, MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS)


@dataclass(frozen=True)
class TeamRecord:
    """A team as the file lists it (``013`` / ``310``): players in board order.

    ``places`` says where each listed start number is written, as (line, column) in the order
    of ``players`` (empty when the reader does not know; column 0: unknown), and
    ``name_column`` where the name is; the consistency checks point there."""

    number: int
    name: str
    players: tuple[int, ...]
    line: int | None = None
    short_name: str = ""
    places: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    name_column: int = field(default=0, compare=False)
    #: the published rank (TRF26 ``310`` 69-71; None: not stated), compared by ``check``
    stated_rank: int | None = field(default=None, compare=False)

    def place(self, board: int) -> tuple[int, int]:
        """(line, column) of the ``board``-th listed player (1-based), as far as known."""
        if 1 <= board <= len(self.places):
            return self.places[board - 1]
        return self.line or 0, 0


@dataclass(frozen=True)
class ForfeitedMatch:
    """TRF26 ``330``: a whole match forfeited (``+-`` White team wins, ``-+``, ``--``)."""

    round: int
    white: int
    black: int
    code: str
    line: int | None = None


@dataclass(frozen=True)
class LineUp:
    """TRF26 ``300``: a team's line-up out of the default order in one round: who sat on
    each board, board 1 first (0: an empty board), against the scheduled opponent team."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]
    line: int | None = field(default=None, compare=False)

    def board_of(self, player: int) -> int:
        """The board ``player`` sat on (0: not in the line-up)."""
        return self.players.index(player) + 1 if player and player in self.players else 0


@dataclass(frozen=True)
class TeamRecords:
    """The team records of a file, as read."""

    teams: tuple[TeamRecord, ...] = ()
    #: TRF26 320: match and game points of a pairing-allocated bye, and the team per round
    bye_match_points: Fraction | None = None
    bye_game_points: Fraction | None = None
    bye_teams: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    forfeits: tuple[ForfeitedMatch, ...] = ()
    #: TRF26 352: colour of each board for the team with White on board 1, e.g. "WBWB"
    board_colours: str = ""
    #: TRF26 362: match points of a won, drawn and lost match
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    #: TRF26 300: the line-ups out of the default order
    line_ups: tuple[LineUp, ...] = ()

    def line_up(self, team: int, round_number: int) -> LineUp | None:
        """The ``300`` line-up of ``team`` in ``round_number`` (None: the default order)."""
        for line_up in self.line_ups:
            if line_up.team == team and line_up.round == round_number:
                return line_up
        return None

    def __reduce__(self) -> tuple[object, tuple[dict[str, object]]]:
        """Pickled as its fields, ``bye_teams`` as a dict (a read-only mapping view cannot be
        pickled), so that a tournament and its standings can be sent to another process."""
        state = {name: getattr(self, name) for name in self.__dataclass_fields__}
        state["bye_teams"] = dict(self.bye_teams)
        return _team_records, (state,)


def _team_records(state: dict[str, Any]) -> TeamRecords:
    """Team records read back from a pickle (:meth:`TeamRecords.__reduce__`)."""
    return TeamRecords(**{**state, "bye_teams": MappingProxyType(state["bye_teams"])})


@dataclass(frozen=True)
class BoardGame:
    """One board of a match, from the team's side."""

    board: int
    player: int
    opponent: int | None
    kind: ResultKind
    colour: Colour
    points: Fraction


@dataclass(frozen=True)
class Match:
    """A team's round: the opponent team, the board games, game points and match points."""

    round: int
    kind: MatchKind
    opponent: int | None
    white_on_first_board: bool | None
    game_points: Fraction
    match_points: Fraction
    opponent_game_points: Fraction | None = None
    boards: tuple[BoardGame, ...] = ()


@dataclass(frozen=True)
class Team:
    """A team with its players (board order) and one match per round."""

    number: int
    name: str
    players: tuple[int, ...]
    matches: tuple[Match, ...]

    @property
    def match_points(self) -> Fraction:
        """Total match points (MP)."""
        return sum((match.match_points for match in self.matches), Fraction(0))

    @property
    def game_points(self) -> Fraction:
        """Total game points (GP)."""
        return sum((match.game_points for match in self.matches), Fraction(0))
