"""What the arbiter decides besides the file: participants left out of the standings
(withdrawn or expelled), tie-break values given from outside (a play-off, a decision: MAN)
and the order of participants still tied after the whole list.

Only data and checks live here; the standings apply them (:mod:`tiebreaks.standings`) and
:mod:`tiebreaks.render` words them. None of it changes a value: an excluded participant's
games keep counting for the opponents exactly as the file records them (C.07 (2026)
Art. 16: the rounds after a withdrawal are unplayed rounds of the one who withdrew; an
expelled participant's games stay as the file has them unless the arbiter changes the file).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from ..errors import ParameterError
from ..model import Player, ResultKind

#: rounds the file records as "not there": a zero-point bye or a blank (TRF ``Z`` or empty;
#: every round after a withdrawal is one, C.07 (2026) Art. 16.1.1)
_AWAY = frozenset({ResultKind.ZERO_BYE, ResultKind.ABSENT})


class Status(StrEnum):
    """Why a participant is not ranked."""

    WITHDRAWN = "withdrawn"
    EXPELLED = "expelled"


@dataclass(frozen=True)
class Exclusion:
    """A participant left out of the ranking: ``status`` and ``last_round``, the last round
    with a result other than an absence (0: none), which the words of an explanation name."""

    status: Status
    last_round: int


@dataclass(frozen=True)
class ManualValue:
    """A tie-break value the arbiter gave (MAN): the value and where it was read (``source``
    a file name, ``line`` its line; empty and None when given to the library directly)."""

    value: Fraction
    source: str = ""
    line: int | None = None


def last_round_present(player: Player, rounds: int) -> int:
    """The last of rounds 1..``rounds`` in which ``player`` has a result other than an
    absence or a zero-point bye (0 when there is none)."""
    for number in range(min(rounds, len(player.results)), 0, -1):
        if player.results[number - 1].kind not in _AWAY:
            return number
    return 0


def withdrawn_in_file(players: Sequence[Player], rounds: int) -> dict[int, int]:
    """The participants the file shows as withdrawn, by start number, with the last round
    they were present: absent (a blank or a zero-point bye) from some round through round
    ``rounds``. A reading: TRF-2026 has no record for a withdrawal, so a run of absences to
    the end is the only mark a file has (docs/conformance.md)."""
    marked = {}
    for player in players:
        last = last_round_present(player, rounds)
        if rounds and last < rounds:
            marked[player.start_number] = last
    return marked


def exclusions(
    players: Sequence[Player],
    rounds: int,
    excluded: Mapping[int, str] | Sequence[int] | None,
    exclude_withdrawn: bool,
) -> dict[int, Exclusion]:
    """The participants left out, by start number: those given (``excluded``: start
    numbers, withdrawn; or start number -> "withdrawn" / "expelled") and, with
    ``exclude_withdrawn``, those the file shows as withdrawn. ParameterError for a start
    number nobody has or a status that is neither."""
    numbers = {player.start_number: player for player in players}
    given = dict(excluded) if isinstance(excluded, Mapping) else dict.fromkeys(excluded or ())
    chosen: dict[int, Exclusion] = {}
    if exclude_withdrawn:
        for number, last in withdrawn_in_file(players, rounds).items():
            chosen[number] = Exclusion(Status.WITHDRAWN, last)
    for number, status in given.items():
        if number not in numbers:
            raise ParameterError("excluded", number, "is not the start number of a participant")
        try:
            kind = Status(status or Status.WITHDRAWN)
        except ValueError:
            raise ParameterError(
                "excluded", status, "is neither 'withdrawn' nor 'expelled'"
            ) from None
        chosen[number] = Exclusion(kind, last_round_present(numbers[number], rounds))
    return chosen


def manual_values(
    players: Sequence[Player], given: Mapping[int, Fraction | int | ManualValue] | None
) -> dict[int, ManualValue]:
    """The manual values by start number, each as a :class:`ManualValue`; ParameterError for
    a start number nobody has."""
    numbers = {player.start_number for player in players}
    values = {}
    for number, value in (given or {}).items():
        if number not in numbers:
            raise ParameterError(
                "manual_values", number, "is not the start number of a participant"
            )
        values[number] = value if isinstance(value, ManualValue) else ManualValue(Fraction(value))
    return values


def check_order(order: Sequence[int], players: Sequence[Player]) -> list[int]:
    """The arbiter's order as start numbers, checked: each a participant's, none twice."""
    numbers = {player.start_number for player in players}
    seen: set[int] = set()
    for number in order:
        if number not in numbers:
            raise ParameterError("manual_order", number, "is not the start number of a participant")
        if number in seen:
            raise ParameterError("manual_order", number, "is named twice in the order")
        seen.add(number)
    return list(order)
