"""MAN: a tie-break whose values the arbiter gives from outside the file (a play-off, a
decision of the arbiter or of the appeals committee), by start number.

C.07 has no article for it (C.07 (2026) Art. 2.1 lets the regulations of an event fix how
ties are broken; C.04 leaves decisions to the chief arbiter); the FIDE reference engine has
no such tie-break, so the acronym is ours (docs/conformance.md). Its type is B (Art. 4.3: a
value of the participant alone, as TPN). A larger value ranks higher;
a participant without a value has none (a dash), ranked after every value, as any
undefined value (Art. 4.2 orders only by values that exist)."""

from __future__ import annotations

from enum import StrEnum
from math import lcm
from operator import attrgetter

from ..column import Column
from ..context import Context
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..trace import Entry, Trace, traces


class ManualRole(StrEnum):
    """What the entry of a MAN trace stands for."""

    #: the value the arbiter gave (the entry's amount), read from a file or given directly
    GIVEN = "given"
    #: no value was given for this participant
    NOT_GIVEN = "not-given"


@tiebreak("MAN", "Manual value", "2.1", "B", scope="both", aliases=("MANUAL",))
def manual(context: Context, spec: TiebreakSpec) -> Column:
    """The values the arbiter gave, over their common denominator (None where none was
    given: without any value, MAN separates nobody)."""
    numbers = list(map(attrgetter("start_number"), context.tournament.players))
    given = [context.manual.get(number) for number in numbers]
    denominator = lcm(1, *(item.value.denominator for item in given if item is not None))
    numerators = [None if item is None else int(item.value * denominator) for item in given]
    return Column(spec, numerators, denominator)


@traces("MAN")
def trace_manual(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """The value given, as one entry whose ``round`` is the line of the file it was read
    from (None: given directly; the file's name is :meth:`.Computation.manual`'s); no value:
    an entry that says so."""
    number = context.tournament.players[index].start_number
    given = context.manual.get(number)
    if given is None:
        entry = Entry(round=None, role=ManualRole.NOT_GIVEN, amount=None)
        return Trace(spec, index, None, (entry,), rules=context.rules.name)
    entry = Entry(round=given.line, role=ManualRole.GIVEN, amount=given.value)
    return Trace(spec, index, given.value, (entry,), rules=context.rules.name, is_sum=True)
