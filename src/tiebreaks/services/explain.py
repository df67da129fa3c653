"""Why a participant has a value and a place: "why am I 4th and not 3rd?".

* :func:`explain_value`: one tie-break value of one participant, line by line, from the same
  code that computed the standings (see :mod:`tiebreaks.render.explanations.lines`).
* :func:`explain_participant`: every value of a participant and what separates them from the
  participants directly above and below.
* :func:`why`: two participants compared criterion by criterion (C.07 (2026) Art. 4.2) until
  one separates them; for a sum (Sonneborn-Berger, Buchholz, ...) the reduced form keeps only
  the opponents whose contributions differ (seed 003); for direct encounter the games among
  the tied group.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.names import resolve_name
from ..engine.trace import Entry, Trace
from ..errors import UsageError
from ..model.text import compared_name, shown_name
from ..standings import Row, Standings
from .compare import decide

#: how many participants an ambiguous name lists
LISTED = 10


def name_key(text: str) -> str:
    """How names are compared: Unicode-normalised (NFC, so "Mu\u0308ller" is "Müller"),
    case and runs of spaces ignored, control and invisible characters (and the U+FFFD that
    shows one) left out (:func:`~tiebreaks.model.text.compared_name`)."""
    cleaned = " ".join(compared_name(" ".join(text.split())).split())
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", cleaned).casefold())


def find_participant(standings: Standings, text: str) -> Row:
    """The row of a participant given by start number or name (compared by :func:`name_key`:
    case, spacing, invisible characters and Unicode normalisation ignored; a unique part of a
    name is enough). UsageError when there is none (with the start numbers, or suggestions),
    or when the name fits several participants (all of them listed, up to :data:`LISTED`)."""
    cleaned = " ".join(text.split())
    number = cleaned.removeprefix("#")
    if number.isdecimal():
        return _numbered(standings, number, cleaned)
    key = name_key(cleaned)
    if not key:
        raise UsageError(f"{text!r} is not a name: give a name or a start number")
    names: dict[str, list[Row]] = {}
    for row in standings.rows:
        names.setdefault(name_key(row.player.name), []).append(row)
    exact = names.get(key, [])
    if len(exact) > 1:
        raise UsageError(
            f"{len(exact)} participants are named {text!r}: {_listed(exact)}; give the start number"
        )
    partial = exact or [row for name, rows in names.items() if key in name for row in rows]
    if len(partial) == 1:
        return partial[0]
    if partial:
        raise UsageError(
            f"{text!r} matches {len(partial)} participants: {_listed(partial)}; "
            "give more of the name or the start number"
        )
    close = [row for name in difflib.get_close_matches(key, names, 3, 0.6) for row in names[name]]
    hint = ", ".join(map(_who, close[:5]))
    raise UsageError(f"no participant {text!r}" + (f"; did you mean {hint}?" if hint else ""))


def _numbered(standings: Standings, number: str, cleaned: str) -> Row:
    """The row of a start number typed as decimal digits (any script's); UsageError with the
    start numbers when there is none (also for more digits than any start number has, which
    ``int`` would refuse past 4,300)."""
    if len(number) > _MOST_DIGITS:
        raise UsageError(
            f"no participant has a start number of {len(number)} digits; "
            f"{_start_numbers(standings)}"
        )
    try:
        return standings.row(int(number))
    except KeyError:
        raise UsageError(
            f"no participant has start number {cleaned}; {_start_numbers(standings)}"
        ) from None


#: more digits than any start number has
_MOST_DIGITS = 18


def _who(row: Row) -> str:
    """A participant in a message: "#3 Charline" (the name as the readable outputs show it)."""
    return f"#{row.player.start_number} {shown_name(row.player.name)}"


def _listed(rows: list[Row]) -> str:
    """The participants by start number: all of them, or the first :data:`LISTED` and how
    many more."""
    ordered = sorted(rows, key=lambda row: row.player.start_number)
    listed = ", ".join(map(_who, ordered[:LISTED]))
    more = len(ordered) - LISTED
    return listed if more <= 0 else f"{listed} and {more} more"


def _start_numbers(standings: Standings) -> str:
    """What the start numbers are: "the start numbers are 1..16", or, with gaps, "the start
    numbers are between 1 and 20 (16 participants)"."""
    numbers = [row.player.start_number for row in standings.rows]
    if not numbers:
        return "there are no participants"
    low, high = min(numbers), max(numbers)
    if high - low + 1 == len(numbers):
        return f"the start numbers are {low}..{high}"
    return f"the start numbers are between {low} and {high} ({len(numbers)} participants)"


def explain_value(standings: Standings, row: Row, label: str) -> Trace:
    """The trace of ``row``'s value of the column ``label`` (:meth:`Standings.trace`)."""
    return standings.trace(row, label)


@dataclass(frozen=True)
class Neighbour:
    """The participant directly above or below, and the criterion that separates them."""

    row: Row
    label: str | None
    value: Fraction | None
    other_value: Fraction | None


@dataclass(frozen=True)
class Placing:
    """A participant's place, every value explained, and the neighbours."""

    row: Row
    field_size: int
    explanations: tuple[Trace, ...]
    above: Neighbour | None
    below: Neighbour | None


def explain_participant(
    standings: Standings, row: Row, labels: tuple[str, ...] | None = None
) -> Placing:
    """Every value (or those of ``labels``) of ``row`` explained, with the neighbours."""
    wanted = labels or standings.columns
    explanations = tuple(explain_value(standings, row, label) for label in wanted)
    if row.status:  # left out of the ranking: no place, no neighbours
        return Placing(row, len(standings.rows), explanations, None, None)
    position = standings.rows.index(row)
    above = _neighbour(standings, row, standings.rows[position - 1]) if position > 0 else None
    below = (
        _neighbour(standings, row, standings.rows[position + 1])
        if position + 1 < len(standings.rows)
        else None
    )
    return Placing(row, len(standings.rows), explanations, above, below)


def _neighbour(standings: Standings, row: Row, other: Row) -> Neighbour:
    decision = decide(standings, row, other)
    if decision.label is None:
        return Neighbour(other, None, None, None)
    label = decision.label
    return Neighbour(other, label, row.values[label], other.values[label])


@dataclass(frozen=True)
class Difference:
    """One line of the reduced form: what each of the two gets from the same opponent (or
    round, or their game against each other). ``key`` says which: ``("each other", 0)``,
    ``("opponent", index)`` or ``("round", number)``."""

    key: tuple[str, int]
    amount_a: Fraction
    amount_b: Fraction


@dataclass(frozen=True)
class Why:
    """Two participants compared criterion by criterion."""

    a: Row
    b: Row
    steps: tuple[tuple[str, Fraction | None, Fraction | None], ...]
    deciding: str | None
    ahead: Row | None
    explanation_a: Trace | None = None
    explanation_b: Trace | None = None
    differences: tuple[Difference, ...] = ()


#: a participant as the public functions take it: a row, a start number or (a unique part
#: of) a name
Participant = Row | int | str


def row_of(standings: Standings, participant: Participant) -> Row:
    """The row of ``participant`` (:func:`find_participant` for a number or a name)."""
    if isinstance(participant, Row):
        return participant
    return find_participant(standings, str(participant))


def column_label(standings: Standings, text: str) -> str:
    """The column of the standings that ``text`` names (a label or any tie-break name)."""
    if text.upper() in standings.columns:
        return text.upper()
    wanted = str(resolve_name(text).spec)
    if wanted in standings.columns:
        return wanted
    raise UsageError(f"{text!r} is not in the list: {', '.join(standings.columns)}")


def explain(standings: Standings, participant: Participant, only: Sequence[str] = ()) -> Placing:
    """Why ``participant`` has its place: every value of the list (or those ``only`` names,
    by label or any tie-break name) explained line by line, and what separates it from the
    participants just above and below. ``participant``: a row, a start number or a name."""
    labels = tuple(column_label(standings, text) for text in only) or None
    return explain_participant(standings, row_of(standings, participant), labels)


def why(standings: Standings, a: Participant, b: Participant) -> Why:
    """Walk the list until a criterion separates ``a`` and ``b`` (Art. 4.2); for a sum
    (Buchholz, Sonneborn-Berger ...) the opponents where their contributions differ.
    ``a`` and ``b``: rows, start numbers or names."""
    a, b = row_of(standings, a), row_of(standings, b)
    decision = decide(standings, a, b)
    labels = standings.columns[: decision.index + 1]
    steps = tuple((label, a.values[label], b.values[label]) for label in labels)
    if decision.label is None:
        return Why(a, b, steps, None, None)
    ahead = a if decision.sign > 0 else b
    first = explain_value(standings, a, decision.label)
    second = explain_value(standings, b, decision.label)
    differences = (
        reduced_form(standings, a, b, first, second) if first.is_sum and second.is_sum else ()
    )
    return Why(a, b, steps, decision.label, ahead, first, second, differences)


def reduced_form(
    standings: Standings, a: Row, b: Row, first: Trace, second: Trace
) -> tuple[Difference, ...]:
    """The lines where the two differ, matched by opponent (their game against each other is
    matched with itself), else by round; the differences add up to the difference of the
    totals."""
    index_a, index_b = standings.index(a), standings.index(b)
    keyed_a = _keyed(first, index_b)
    keyed_b = _keyed(second, index_a)
    differences = []
    for key in sorted(set(keyed_a) | set(keyed_b), key=_key_order):
        amount_a = sum((_kept(line) for line in keyed_a.get(key, [])), Fraction(0))
        amount_b = sum((_kept(line) for line in keyed_b.get(key, [])), Fraction(0))
        if amount_a != amount_b:
            differences.append(Difference(key, amount_a, amount_b))
    return tuple(differences)


Key = tuple[str, int]


def _keyed(explanation: Trace, other: int) -> dict[Key, list[Entry]]:
    keyed: dict[Key, list[Entry]] = {}
    for position, line in enumerate(explanation.entries):
        opponent = explanation.opponents.get(position)
        if opponent == other:
            key: Key = ("each other", 0)
        elif opponent is not None:
            key = ("opponent", opponent)
        else:
            key = ("round", line.round or 0)
        keyed.setdefault(key, []).append(line)
    return keyed


def _kept(line: Entry) -> Fraction:
    return line.amount if line.kept and line.amount is not None else Fraction(0)


def _key_order(key: Key) -> tuple[int, int]:
    return ({"each other": 0, "opponent": 1, "round": 2}[key[0]], key[1])
