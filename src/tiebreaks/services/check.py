"""Checking published standings: does a table someone else computed agree with ours, and if
not, which regime or modifier variant would reproduce it?

* :func:`check_published`: the ranks a file states (TRF rank column, JSON ranks) and the
  tie-break values it carries (our JSON, Chess-JSON) against the standings we compute, with
  every difference in plain words. A published value may be rounded: it agrees when our exact
  value rounds (half up) to it at the published number of decimals.
* :func:`infer_variants`: for each published value column, every regime and modifier variant
  of that tie-break that reproduces all its values; without values, the variants of the list
  (each tie-break with its cut/median/forfeit variants, each regime) that reproduce all the
  published ranks, closest to the declared list first.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..engine.catalogue import definition
from ..engine.cut_check import removes_every_round
from ..engine.names import resolve_name
from ..engine.numbers import round_half_up, to_decimal_text
from ..engine.registry import Kind
from ..engine.spec import TiebreakSpec
from ..errors import UsageError
from ..model import Tournament
from ..model.rules import REGIMES
from ..standings import Row, Standings, compute_standings

#: modifier variants tried for a tie-break, by the modifiers it takes
_CUTS = ((0, 0), (1, 0), (2, 0), (0, 1))
_MAX_COMBINATIONS = 500


@dataclass(frozen=True)
class Difference:
    """One disagreement: a rank or a value of one participant."""

    start_number: int
    name: str
    what: str
    published: Fraction | int | None
    computed: Fraction | int | None

    def __str__(self) -> str:
        return (
            f"#{self.start_number} {self.name}: the file says {self.what} {_text(self.published)},"
            f" we compute {_text(self.computed)}"
        )


def _text(value: Fraction | int | None) -> str:
    return "nothing" if value is None else to_decimal_text(value)


@dataclass(frozen=True)
class CheckReport:
    """The comparison of a file's published standings with ours."""

    standings: Standings
    ranks_compared: int
    values_compared: int
    differences: tuple[Difference, ...]
    unmatched_columns: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        """True when nothing differs."""
        return not self.differences

    @property
    def nothing_compared(self) -> bool:
        """True when the file publishes no rank and no tie-break value that could be compared
        (then "agrees" says nothing: there was nothing to agree with)."""
        return self.ranks_compared == 0 and self.values_compared == 0


def check_published(
    tournament: Tournament,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None = None,
    rules: str | None = None,
) -> CheckReport:
    """Compare the file's stated ranks and published values with the standings we compute
    (with the file's own list unless ``tiebreaks`` is given)."""
    standings = compute_standings(tournament, tiebreaks, rules)
    differences: list[Difference] = []
    ranks = 0
    for row in standings.rows:
        stated = row.player.stated_rank
        if stated:
            ranks += 1
            if stated != row.rank:
                differences.append(_difference(row, "rank", stated, row.rank))
    values, unmatched = _compare_values(tournament, standings, differences)
    return CheckReport(standings, ranks, values, tuple(differences), unmatched)


def _difference(
    row: Row, what: str, published: Fraction | int | None, computed: Fraction | int | None
) -> Difference:
    return Difference(row.player.start_number, row.player.name, what, published, computed)


def _column_for(label: str, standings: Standings) -> str | None:
    """The standings column that a published label names (its text or any tie-break name)."""
    if label in standings.columns:
        return label
    try:
        wanted = str(resolve_name(label).spec)
    except UsageError:
        return None
    return wanted if wanted in standings.columns else None


def _compare_values(
    tournament: Tournament, standings: Standings, differences: list[Difference]
) -> tuple[int, tuple[str, ...]]:
    compared = 0
    unmatched: list[str] = []
    players = {player.start_number: player for player in tournament.players}
    for position, label in enumerate(tournament.published_columns):
        column = _column_for(label, standings)
        if column is None:
            unmatched.append(label)
            continue
        for row in standings.rows:
            stated = players[row.player.start_number].stated_values
            published = stated[position] if position < len(stated) else None
            if published is None:
                continue
            compared += 1
            if not _value_agrees(published, row.values[column], column, standings):
                differences.append(_difference(row, label, published, row.values[column]))
    return compared, tuple(unmatched)


def _value_agrees(
    published: Fraction, computed: Fraction | None, column: str, standings: Standings
) -> bool:
    """:func:`agrees`; a group tie-break (DE) that did not apply to a participant not tied
    with anyone has no value here, and 0 where the FIDE reference engine publishes it."""
    if computed is None and published == 0:
        position = standings.columns.index(column)
        return definition(standings.tiebreaks[position].acronym).kind is Kind.GROUP
    return agrees(published, computed)


def agrees(published: Fraction, computed: Fraction | None) -> bool:
    """True when ``computed`` rounds (half up) to ``published`` at its decimals."""
    if computed is None:
        return False
    places = _decimals(published)
    return round_half_up(computed, places) == published


def _decimals(value: Fraction) -> int:
    for places in range(7):
        if (value * 10**places).denominator == 1:
            return places
    return 6


@dataclass(frozen=True)
class Variant:
    """A reading that reproduces published numbers: the regime and the tie-break list (or
    the one column's descriptor), and how many published numbers it matches."""

    rules: str
    tiebreaks: tuple[str, ...]
    matched: int
    compared: int
    column: str = ""


def publishes_numbers(tournament: Tournament) -> bool:
    """True when the file states some rank or some tie-break value to compare with ours."""
    return any(player.stated_rank for player in tournament.players) or bool(
        tournament.published_columns and any(p.stated_values for p in tournament.players)
    )


#: told after each reading tried: how many were tried, and how many there are
Progress = Callable[[int, int], None]


def _silent(done: int, total: int) -> None:
    """No progress shown."""


def infer_variants(
    tournament: Tournament,
    tiebreaks: str | Sequence[str] | None = None,
    progress: Progress = _silent,
) -> list[Variant]:
    """The plausible, distinct readings that reproduce the published values (per column) or,
    without values, the published ranks (whole list), closest to the declared list first.

    Plausible: no list names one tie-break twice with the same modifiers (the second copy
    can never decide). Distinct: readings that give the same values (per column) or that
    differ only in what they cannot tell apart are one reading: a list is cut after the
    last tie-break that separates someone (the rest decides nothing), and of two variants
    that give every participant the same values only the closest to the declared one is
    kept. ``progress`` is told after each reading tried. A file that publishes neither
    ranks nor values is a :class:`UsageError` (see :func:`publishes_numbers`)."""
    if tournament.published_columns and any(p.stated_values for p in tournament.players):
        return _infer_columns(tournament, progress)
    if not any(player.stated_rank for player in tournament.players):
        raise UsageError("the file publishes neither ranks nor tie-break values to infer from")
    return _infer_list(tournament, tiebreaks, progress)


def spec_variants(spec: TiebreakSpec) -> list[TiebreakSpec]:
    """The modifier variants of one tie-break tried by inference: cuts and medians (where the
    tie-break takes them), forfeits counted as games (``/P``), the Koya limit moved."""
    entry = definition(spec.acronym)
    base = replace(spec, cut=0, median=0, forfeits_as_played=False, koya_limit=None)
    variants = [base]
    if "C" in entry.modifiers or "M" in entry.modifiers:
        variants = [
            replace(base, cut=cut, median=median)
            for cut, median in _CUTS
            if (cut == 0 or "C" in entry.modifiers) and (median == 0 or "M" in entry.modifiers)
        ]
    if "L" in entry.modifiers:
        variants = [replace(base, koya_limit=limit or None) for limit in (0, -2, -1, 1, 2)]
    if "P" in entry.modifiers:
        variants += [replace(variant, forfeits_as_played=True) for variant in variants]
    return variants


def _variants(spec: TiebreakSpec, rounds: int) -> list[TiebreakSpec]:
    """The variants of :func:`spec_variants` that leave something to sum in a tournament of
    ``rounds`` rounds (a cut of every round is refused, C.07 Art. 14)."""
    return [variant for variant in spec_variants(spec) if not removes_every_round(variant, rounds)]


def _inferred_columns(tournament: Tournament) -> list[tuple[int, str, TiebreakSpec]]:
    """The published columns inference can try: (position, label, the tie-break named)."""
    found = []
    for position, label in enumerate(tournament.published_columns):
        try:
            base = resolve_name(label).spec
        except UsageError:
            continue
        if definition(base.acronym).kind is not Kind.GROUP and base.acronym != "PTS":
            found.append((position, label, base))
    return found


def _infer_columns(tournament: Tournament, progress: Progress) -> list[Variant]:
    columns = _inferred_columns(tournament)
    tries = [
        (column, rules, variant)
        for column in columns
        for rules in REGIMES
        for variant in _variants(column[2], tournament.rounds)
    ]
    found: list[Variant] = []
    seen: set[tuple[str, str, tuple[Fraction | None, ...]]] = set()
    for done, ((position, label, _), rules, variant) in enumerate(tries, 1):
        match = _column_match(tournament, position, rules, variant)
        progress(done, len(tries))
        if match is not None and (label, rules, match[1]) not in seen:
            seen.add((label, rules, match[1]))  # the same values: the same reading
            found.append(Variant(rules, (str(variant),), match[0], match[0], label))
    return found


def _column_match(
    tournament: Tournament, position: int, rules: str, variant: TiebreakSpec
) -> tuple[int, tuple[Fraction | None, ...]] | None:
    """How many published values of the column ``variant`` reproduces under ``rules``, and
    its values, when it reproduces all of them (else None)."""
    published = {
        player.start_number: player.stated_values[position]
        for player in tournament.players
        if position < len(player.stated_values) and player.stated_values[position] is not None
    }
    standings = compute_standings(tournament, ["PTS", variant], rules)
    column = standings.columns[-1]
    matched = sum(
        1
        for row in standings.rows
        if _agrees_with(published.get(row.player.start_number), row.values[column])
    )
    if matched != len(published):
        return None
    return matched, tuple(row.values[column] for row in _by_start_number(standings))


def _by_start_number(standings: Standings) -> list[Row]:
    return sorted(standings.rows, key=lambda row: row.player.start_number)


def _agrees_with(published: Fraction | None, computed: Fraction | None) -> bool:
    return published is not None and agrees(published, computed)


def _infer_list(
    tournament: Tournament, tiebreaks: str | Sequence[str] | None, progress: Progress
) -> list[Variant]:
    declared = compute_standings(tournament, tiebreaks).tiebreaks
    declared_text = tuple(str(spec) for spec in declared)
    rounds = tournament.rounds
    choices = [_variants(spec, rounds) if _varies(spec) else [spec] for spec in declared]
    combinations = [
        combination
        for combination in itertools.islice(itertools.product(*choices), _MAX_COMBINATIONS)
        if _plausible(combination)
    ]
    combinations.sort(key=lambda combination: _changes(_texts(combination), declared_text))
    stated = {p.start_number: p.stated_rank for p in tournament.players if p.stated_rank}
    found: dict[tuple[object, ...], Variant] = {}
    tries = [(rules, combination) for rules in REGIMES for combination in combinations]
    for done, (rules, combination) in enumerate(tries, 1):
        standings = compute_standings(tournament, list(combination), rules)
        progress(done, len(tries))
        matched = sum(
            1 for row in standings.rows if stated.get(row.player.start_number) == row.rank
        )
        if matched == len(stated):
            splits = _splits(standings)
            listed = _texts(combination[: len(splits)])
            found.setdefault((rules, *splits), Variant(rules, listed, matched, len(stated)))
    return sorted(found.values(), key=lambda v: _changes(v.tiebreaks, declared_text))


def _texts(specs: Sequence[TiebreakSpec]) -> tuple[str, ...]:
    return tuple(str(spec) for spec in specs)


def _plausible(combination: Sequence[TiebreakSpec]) -> bool:
    """False for a list naming one tie-break twice with the same modifiers (the second copy
    can never decide: it repeats the values of the first). A group tie-break (DE) may be
    listed again (Art. 6 reapplied to the groups still tied)."""
    seen: set[str] = set()
    for spec in combination:
        text = str(spec)
        if text in seen and definition(spec.acronym).kind is not Kind.GROUP:
            return False
        seen.add(text)
    return True


def _splits(standings: Standings) -> list[frozenset[frozenset[int]]]:
    """The groups still tied (start numbers) after each column of the list, up to the last
    column that separates anyone (Art. 4.2: the rest of the list decides nothing). Two
    readings with the same splits order everyone in the same way at every step: the
    published ranks cannot tell them apart, they are one reading. Equal values leave
    participants tied; a group tie-break's values are places inside the group."""
    rows = standings.rows
    groups = [list(range(len(rows)))]
    splits: list[frozenset[frozenset[int]]] = []
    for label in standings.columns:
        if not groups:
            break
        still: list[list[int]] = []
        for group in groups:
            parts: dict[Fraction | None, list[int]] = {}
            for index in group:
                parts.setdefault(rows[index].values[label], []).append(index)
            still.extend(part for part in parts.values() if len(part) > 1)
        groups = still
        splits.append(
            frozenset(frozenset(rows[i].player.start_number for i in group) for group in groups)
        )
    while len(splits) > 1 and splits[-1] == splits[-2]:
        splits.pop()  # a column that separated nobody, at the end
    return splits


def _changes(first: tuple[str, ...], second: tuple[str, ...]) -> int:
    """How many tie-breaks differ (a list cut after its deciding part: over that part)."""
    return sum(a != b for a, b in zip(first, second, strict=False))


def _varies(spec: TiebreakSpec) -> bool:
    entry = definition(spec.acronym)
    return entry.kind is Kind.VALUE and bool(set(entry.modifiers) & set("CMLP"))
