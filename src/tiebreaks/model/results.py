"""Round results: every result kind of TRF-16 (C.04 Annex 2) and TRF26 is first-class.

The kinds follow the result codes of the player record ``001`` (TRF-16, columns 99, 109, ...)
and the categories of unplayed rounds of FIDE C.07 (2026) Article 16.2.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import repeat

from ..errors import N_


class Colour(Enum):
    """Colour of a game: scheduled colour for forfeits, ``NONE`` for byes."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"


class ResultKind(Enum):
    """What happened to one participant in one round.

    The value is the TRF result code; ``ABSENT`` is a blank slot (TRF-16 treats it like ``Z``).
    The flags below are plain attributes, set once per kind (see the end of this module), so
    that hot loops can read them cheaply.
    """

    #: a game played over the board (rated ``1 = 0`` or unrated ``W D L``)
    played: bool
    #: a rated game played over the board
    rated: bool
    #: a forfeit win or loss (there is a scheduled opponent)
    forfeit: bool
    #: the round has a scheduled opponent (a game or a forfeit)
    has_opponent: bool
    #: voluntary unplayed round (VUR), C.07 (2026) Art. 16.1.2: a requested bye (half- or
    #: zero-point bye; an absence or a round after withdrawal counts as a zero-point bye,
    #: Art. 16.1.1) or a forfeit loss
    voluntarily_unplayed: bool
    #: requested bye of C.07 (2026) Art. 16.1.1: half-point bye, zero-point bye, absence
    requested_bye: bool
    #: game outcome in half-points from this side (2 win, 1 draw, 0 loss); None for byes
    outcome: int | None
    #: plain English name of the kind
    description: str

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAIRING_BYE = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    ABSENT = " "


_PLAYED = frozenset(
    {
        ResultKind.WIN,
        ResultKind.DRAW,
        ResultKind.LOSS,
        ResultKind.UNRATED_WIN,
        ResultKind.UNRATED_DRAW,
        ResultKind.UNRATED_LOSS,
    }
)
_VUR = frozenset(
    {ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.ABSENT, ResultKind.FORFEIT_LOSS}
)
_OUTCOME = {
    ResultKind.WIN: 2,
    ResultKind.UNRATED_WIN: 2,
    ResultKind.FORFEIT_WIN: 2,
    ResultKind.DRAW: 1,
    ResultKind.UNRATED_DRAW: 1,
    ResultKind.LOSS: 0,
    ResultKind.UNRATED_LOSS: 0,
    ResultKind.FORFEIT_LOSS: 0,
}
_DESCRIPTION = {
    ResultKind.WIN: N_("win"),
    ResultKind.DRAW: N_("draw"),
    ResultKind.LOSS: N_("loss"),
    ResultKind.UNRATED_WIN: N_("win (unrated game)"),
    ResultKind.UNRATED_DRAW: N_("draw (unrated game)"),
    ResultKind.UNRATED_LOSS: N_("loss (unrated game)"),
    ResultKind.FORFEIT_WIN: N_("forfeit win"),
    ResultKind.FORFEIT_LOSS: N_("forfeit loss"),
    ResultKind.PAIRING_BYE: N_("pairing-allocated bye"),
    ResultKind.FULL_BYE: N_("full-point bye"),
    ResultKind.HALF_BYE: N_("half-point bye"),
    ResultKind.ZERO_BYE: N_("zero-point bye"),
    ResultKind.ABSENT: N_("absent"),
}


def _set_flags() -> None:
    rated = (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS)
    forfeits = (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS)
    requested = (ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.ABSENT)
    for kind in ResultKind:
        flags = {
            "played": kind in _PLAYED,
            "rated": kind in rated,
            "forfeit": kind in forfeits,
            "has_opponent": kind in _PLAYED or kind in forfeits,
            "voluntarily_unplayed": kind in _VUR,
            "requested_bye": kind in requested,
            "outcome": _OUTCOME.get(kind),
            "description": _DESCRIPTION[kind],
        }
        kind.__dict__.update(flags)


_set_flags()
# Members are compared by identity; hashing by identity too keeps dict and set look-ups in hot
# loops in C (Enum's own __hash__ is written in Python).
ResultKind.__hash__ = object.__hash__  # type: ignore[method-assign]
Colour.__hash__ = object.__hash__  # type: ignore[method-assign]

RESULT_CODES: dict[str, ResultKind] = {kind.value: kind for kind in ResultKind}

#: the result the opponent's record shows for each result of a game or a forfeit (a double
#: forfeit, a forfeit loss on both sides, is the one other pair two records may show)
OPPOSITE_RESULT: dict[ResultKind, ResultKind] = {
    ResultKind.WIN: ResultKind.LOSS,
    ResultKind.LOSS: ResultKind.WIN,
    ResultKind.DRAW: ResultKind.DRAW,
    ResultKind.UNRATED_WIN: ResultKind.UNRATED_LOSS,
    ResultKind.UNRATED_LOSS: ResultKind.UNRATED_WIN,
    ResultKind.UNRATED_DRAW: ResultKind.UNRATED_DRAW,
    ResultKind.FORFEIT_WIN: ResultKind.FORFEIT_LOSS,
    ResultKind.FORFEIT_LOSS: ResultKind.FORFEIT_WIN,
}


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One participant's result in one round.

    ``opponent`` is the scheduled opponent's start number (also for forfeits), None for byes.
    """

    kind: ResultKind
    opponent: int | None = None
    colour: Colour = Colour.NONE

    def __post_init__(self) -> None:
        if self.opponent is None and self.kind.has_opponent:
            raise ValueError(f"a {self.kind.description} needs an opponent")


ABSENT = RoundResult(ResultKind.ABSENT)

# Readers of big files build RoundResults by setting their three slots directly (the slot
# descriptors bypass the frozen __setattr__, which the dataclass constructor goes through for
# each field). The guard keeps this in step with the fields.
if RoundResult.__slots__ != ("kind", "opponent", "colour"):  # pragma: no cover
    raise ImportError("model.results: the direct builders must be updated for RoundResult")
_new_result = object.__new__
_slots = vars(RoundResult)
_set_kind = _slots["kind"].__set__
_set_opponent = _slots["opponent"].__set__
_set_colour = _slots["colour"].__set__


def checked_round_results(
    kinds: Iterable[ResultKind], opponents: Iterable[int | None], colours: Iterable[Colour]
) -> list[RoundResult]:
    """:class:`RoundResult` objects built without running ``__init__``, each field set in one
    pass in C (the TRF and JSON readers build them so). The caller has already
    checked what ``__post_init__`` checks (a game or a forfeit has an opponent); each object
    is equal to ``RoundResult(kind, opponent, colour)``. The three iterables have the same
    length."""
    kinds = list(kinds)
    results: list[RoundResult] = list(map(_new_result, repeat(RoundResult, len(kinds))))
    deque(map(_set_kind, results, kinds), 0)
    deque(map(_set_opponent, results, opponents), 0)
    deque(map(_set_colour, results, colours), 0)
    return results
