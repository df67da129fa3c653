"""Tournament and player records (frozen, exact)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import date
from enum import Enum
from fractions import Fraction
from itertools import repeat

from ..errors import Diagnostic
from .assignments import ListChange, PointAssignment
from .columns import ResultColumns
from .results import ABSENT, RoundResult
from .round_ratings import EventSpan, RoundRating
from .scoring import STANDARD, ScoreSystem
from .team import TeamRecords


class PairingSystem(Enum):
    """How the pairings were made; decides C.07 (2026) Art. 15.2 (pre-determined pairings)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"

    @property
    def predetermined(self) -> bool:
        """True when all pairings were known before the start (round robin, Scheveningen)."""
        return self is PairingSystem.ROUND_ROBIN


@dataclass(frozen=True)
class Player:
    """A participant with its round results (index 0 is round 1)."""

    start_number: int
    name: str
    results: tuple[RoundResult, ...]
    rating: int | None = None
    national_rating: int | None = None
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    stated_points: Fraction | None = None
    stated_rank: int | None = None
    #: published tie-break values, one per ``Tournament.published_columns`` (None: not given)
    stated_values: tuple[Fraction | None, ...] = ()
    line: int | None = None

    def result(self, round_number: int) -> RoundResult:
        """Result of round ``round_number`` (1-based); an empty slot is an absence."""
        if 1 <= round_number <= len(self.results):
            return self.results[round_number - 1]
        return ABSENT


#: the fields of :class:`Player` in their order (the order of ``vars(player)``)
_PLAYER_FIELDS = tuple(item.name for item in fields(Player))
_new_player = object.__new__


def built_players(*columns: Iterable[object]) -> list[Player]:
    """:class:`Player` objects built without running ``__init__``, from one iterable per
    field in :class:`Player`'s field order (all of them), each player's attributes set in
    one call in C (``__init__`` of a frozen dataclass sets each field through
    ``object.__setattr__``). Each is equal to
    ``Player(*values)``; the caller gives values of the fields' types."""
    if len(columns) != len(_PLAYER_FIELDS):
        raise TypeError(f"built_players takes {len(_PLAYER_FIELDS)} columns")
    rows = list(zip(*columns, strict=True))
    players: list[Player] = list(map(_new_player, repeat(Player, len(rows))))
    names = repeat(_PLAYER_FIELDS)
    deque(map(dict.update, map(vars, players), map(zip, names, rows)), 0)
    return players


@dataclass(frozen=True)
class Tournament:
    """A tournament: header records and players ordered by start number."""

    name: str
    rounds: int
    players: tuple[Player, ...]
    start_date: date | None = None
    type_text: str = ""
    type_code: str = ""
    pairing_system: PairingSystem = PairingSystem.SWISS
    score_system: ScoreSystem = STANDARD
    tiebreak_list: tuple[str, ...] = ()
    standings_list: tuple[str, ...] = ()
    national_federation: str = ""  # TRF26 172: federation of the national ratings
    rating_method: str = ""  # TRF26 172: FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER
    team_records: TeamRecords | None = None  # 013 / 310 ... : a team tournament
    #: labels of the tie-break values a file publishes (JSON, Chess-JSON), as written there
    published_columns: tuple[str, ...] = ()
    #: TRF26 299: penalties, bonuses and abnormal points (see :mod:`.assignments`)
    point_assignments: tuple[PointAssignment, ...] = ()
    #: changes of the declared tie-break list recorded in the file (``###`` comments)
    list_changes: tuple[ListChange, ...] = ()
    #: ratings that change during the event (a rating per period), ordered by participant and
    #: round; a participant's rating before the first of them is ``Player.rating``
    round_ratings: tuple[RoundRating, ...] = ()
    #: the dates the file gives (042/052, 132): how long the event lasts (None: unknown); read
    #: for a warning, not compared (formats without an end date do not keep it)
    span: EventSpan | None = field(default=None, compare=False)
    source: str = ""
    warnings: tuple[Diagnostic, ...] = field(default=(), compare=False)
    #: the players' results as columns, from a reader that reads them so (None: built from
    #: the result objects when needed); used only while they describe ``players``
    result_columns: ResultColumns | None = field(default=None, compare=False, repr=False)

    def player(self, start_number: int) -> Player:
        """The player with this start number (KeyError if there is none)."""
        for player in self.players:
            if player.start_number == start_number:
                return player
        raise KeyError(start_number)
