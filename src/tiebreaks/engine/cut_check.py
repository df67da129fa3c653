"""A cut or median that would remove every round: a request that cannot be carried out.

``/Cn`` removes the n least significant values (C.07 (2026) Art. 14.1, 14.2) and ``/Mn`` the
n lowest and then the n highest (Art. 14.3, 14.4), one value per round. When that is every
round of the tournament, nothing is left to sum: the tie-break would be 0 for everybody and
separate nobody, so it is refused as a :class:`~tiebreaks.errors.UsageError` naming the
tie-break as it was written. The US medians have no modifier; their drops follow from the
number of rounds (US Chess rule 34E1: one value on each side, two with 9 or more rounds): MED
always drops both sides, MMED both sides only for an even score.

The judge is the tournament's own number of rounds, not the rounds considered: standings
after round 1 of a nine-round event with ``BH/C1`` are normal during the event.
"""

from __future__ import annotations

from ..errors import UsageError
from .spec import TiebreakSpec


def median_drops_of(rounds: int) -> int:
    """How many values each median cut removes in an event of ``rounds`` rounds (US Chess
    rule 34E1): two with 9 or more rounds, else one. Here, not in the US Chess family, so
    that checking a list does not load that family."""
    return 2 if rounds >= 9 else 1


def _rounds(count: int) -> str:
    return f"{count} round" if count == 1 else f"{count} rounds"


def _removed(spec: TiebreakSpec, rounds: int) -> tuple[int, str] | None:
    """How many values per participant the modifier (or the US median rule) removes at most,
    and what to use instead; None when something is always left."""
    if spec.cut >= rounds and spec.cut:
        advice = f"use a cut smaller than {rounds}" if rounds > 1 else "use no cut"
        return spec.cut, advice
    if spec.median and 2 * spec.median >= rounds:
        largest = (rounds - 1) // 2
        advice = f"use a median of at most {largest}" if largest else "use no median"
        return 2 * spec.median, advice
    drops = median_drops_of(rounds)
    if spec.acronym == "MED" and 2 * drops >= rounds:
        return 2 * drops, "use SOLK (the sum of every opponent's score)"
    if spec.acronym == "MMED" and drops >= rounds:
        return drops, "use SOLK (the sum of every opponent's score)"
    return None


def removes_every_round(spec: TiebreakSpec, rounds: int) -> bool:
    """True when ``spec`` would remove every one of the tournament's ``rounds`` rounds."""
    return _removed(spec, rounds) is not None


def check_rounds_left(spec: TiebreakSpec, written: str, rounds: int) -> None:
    """Raise :class:`UsageError` when ``spec`` would remove every one of the tournament's
    ``rounds`` rounds; ``written`` is the tie-break as the user (or the file) wrote it."""
    found = _removed(spec, rounds)
    if found is None:
        return
    removed, advice = found
    shown = written.strip()
    if shown.upper().replace(" ", "") != str(spec):
        shown = f"{shown!r} ({spec})"
    if spec.cut:
        what = f"cuts {removed} of the tournament's {_rounds(rounds)} (C.07 Art. 14.1)"
    elif spec.median:
        what = (
            f"removes {removed} values ({spec.median} lowest and {spec.median} highest, C.07 "
            f"Art. 14.3) of the tournament's {_rounds(rounds)}"
        )
    else:
        what = (
            f"drops {removed} of the opponents' scores (US Chess rule 34E1) of the "
            f"tournament's {_rounds(rounds)}"
        )
    raise UsageError(f"{shown} {what}: nothing would be left; {advice}")
