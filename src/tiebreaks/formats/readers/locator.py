"""Where the fields of a player's record are in an input, and how the consistency checks
describe a result: shared by every reader and by the checks (:mod:`.consistency`,
:mod:`.consistency_teams`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from ...errors import N_, Location, Phrase, Word
from ...model import Colour, Player, ResultKind, RoundResult

COLOUR_NAMES = {Colour.WHITE: "White", Colour.BLACK: "Black"}


class Field(Enum):
    """A field of a player's record that a finding can point at."""

    START_NUMBER = "start number"
    ROUND = "round"
    POINTS = "points"


@dataclass(frozen=True)
class Locator:
    """Where the fields of a player's record are in the input.

    The line is the player's own (:attr:`Player.line`; 0 when the reader has none). The column
    is ``round_column(round)`` for a round, ``columns[field]`` for another field, else 0
    (unknown). The labels name the fields as the input does.
    """

    source: str = ""
    columns: Mapping[Field, int] = field(default_factory=dict)
    round_column: Callable[[int], int] | None = None
    points_label: str = "the stated score"
    record_label: str = "player"
    #: where the input declares a round robin (TRF 192 / 092, JSON ``pairing_system`` ...)
    #: and its number of rounds (TRF 142 / XXR ...); None: it does not, or not known where
    system_at: Location | None = None
    rounds_at: Location | None = None

    def __call__(self, player: Player, what: Field, round_number: int = 0) -> Location:
        """The location of ``what`` (of round ``round_number``) in ``player``'s record."""
        if not player.line:
            return Location(self.source)
        column = self.columns.get(what, 0)
        if what is Field.ROUND and self.round_column is not None:
            column = self.round_column(round_number)
        return Location(self.source, player.line, column)


def describe_result(result: RoundResult) -> Phrase:
    """``a draw against player 1 with Black``, ``a half-point bye`` ...: a phrase of the
    catalogs (the English text, said in another language where a warning is)."""
    if result.kind is ResultKind.ABSENT:
        return Phrase(N_("no game (absent)"))
    kind = Word(result.kind.description)
    colour = COLOUR_NAMES.get(result.colour)
    if result.opponent is None:
        if colour is None:
            return Phrase(N_("a %(kind)s"), kind=kind)
        return Phrase(N_("a %(kind)s with %(colour)s"), kind=kind, colour=Word(colour))
    if colour is None:
        return Phrase(
            N_("a %(kind)s against player %(opponent)s"), kind=kind, opponent=result.opponent
        )
    return Phrase(
        N_("a %(kind)s against player %(opponent)s with %(colour)s"),
        kind=kind,
        opponent=result.opponent,
        colour=Word(colour),
    )
