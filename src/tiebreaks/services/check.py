"""Checking published standings: does a table someone else computed agree with ours, and if
not, which regime or modifier variant would reproduce it?

* :func:`check_published`: the ranks a file states (TRF rank column, JSON ranks) and the
  tie-break values it carries (our JSON, Chess-JSON) against the standings we compute, each
  difference as data (``render/check.py`` words it). A published value may be rounded: it
  agrees when our exact value rounds (half up) to it at the published number of decimals.
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
from ..engine.names import name_candidates, resolve_name
from ..engine.numbers import ROUNDINGS, round_half_up
from ..engine.registry import Kind
from ..engine.spec import TiebreakSpec
from ..errors import UsageError
from ..model import PairingSystem, Tournament
from ..model.programs import profile_by_name
from ..model.rules import REGIMES, rules_for_date
from ..standings import Options, Row, Standings, compute_standings_with

#: modifier variants tried for a tie-break, by the modifiers it takes
_CUTS = ((0, 0), (1, 0), (2, 0), (0, 1))
_MAX_COMBINATIONS = 500


@dataclass(frozen=True)
class Difference:
    """One disagreement: a rank or a value of one participant, as data (``render/check.py``
    words it). ``what`` is "rank" or the published column's label; ``kind`` is "rank",
    "points" (the score column) or "value" (a tie-break value)."""

    start_number: int
    name: str
    what: str
    published: Fraction | int | None
    computed: Fraction | int | None
    kind: str = "value"


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
    like: str | None = None,
    options: Options | None = None,
) -> CheckReport:
    """Compare the file's stated ranks and published values with the standings we compute
    (with the file's own list unless ``tiebreaks`` is given; read as the program ``like``
    publishes, whose values are compared as it rounds them). ``options`` are the arbiter's
    and the ratings' options of the standings (exclusions, MAN values, order, lots, unrated
    players, ratings by round, after round N), applied as ``standings`` applies them."""
    standings = compute_standings_with(tournament, tiebreaks, rules, _with_like(options, like))
    differences: list[Difference] = []
    ranks = 0
    for row in standings.rows:
        stated = row.player.stated_rank
        if stated:
            ranks += 1
            if stated != row.rank:
                differences.append(_difference(row, "rank", stated, row.rank, "rank"))
    values, unmatched = _compare_values(tournament, standings, differences)
    return CheckReport(standings, ranks, values, tuple(differences), unmatched)


def _with_like(options: Options | None, like: str | None) -> Options:
    """The options with the profile ``like`` when one is given."""
    options = options or Options()
    return replace(options, like=like) if like else options


def _difference(
    row: Row,
    what: str,
    published: Fraction | int | None,
    computed: Fraction | int | None,
    kind: str,
) -> Difference:
    return Difference(row.player.start_number, row.player.name, what, published, computed, kind)


def _column_for(label: str, standings: Standings) -> str | None:
    """The standings column that a published label names (its text or any tie-break name,
    or a program's reading of that tie-break in the list)."""
    if label in standings.columns:
        return label
    try:
        spec = resolve_name(label).spec
    except UsageError:
        return None
    if str(spec) in standings.columns:
        return str(spec)
    # a program's reading of the same tie-break (SB read as SB/SM under --like swiss-manager)
    for listed, column in zip(standings.tiebreaks, standings.columns, strict=True):
        if listed.program and replace(listed, program=None) == spec:
            return column
    return None


def _compare_values(
    tournament: Tournament, standings: Standings, differences: list[Difference]
) -> tuple[int, tuple[str, ...]]:
    compared = 0
    unmatched: list[str] = []
    players = {player.start_number: player for player in tournament.players}
    rounding = profile_by_name(standings.like).rounding if standings.like else "half up"
    for position, label in enumerate(tournament.published_columns):
        column = _column_for(label, standings)
        if column is None:
            unmatched.append(label)
            continue
        for row in (*standings.rows, *standings.not_ranked):
            stated = players[row.player.start_number].stated_values
            published = stated[position] if position < len(stated) else None
            if published is None:
                continue
            compared += 1
            if not _value_agrees(published, row.values[column], column, standings, rounding):
                kind = "points" if column in ("PTS", "POINTS") else "value"
                differences.append(_difference(row, label, published, row.values[column], kind))
    return compared, tuple(unmatched)


def _value_agrees(
    published: Fraction,
    computed: Fraction | None,
    column: str,
    standings: Standings,
    rounding: str = "half up",
) -> bool:
    """:func:`agrees`; a group tie-break (DE) that did not apply to a participant not tied
    with anyone has no value here, and 0 where the FIDE reference engine publishes it."""
    if computed is None and published == 0:
        position = standings.columns.index(column)
        return definition(standings.tiebreaks[position].acronym).kind is Kind.GROUP
    return rounding in roundings(published, computed)


def agrees(published: Fraction, computed: Fraction | None) -> bool:
    """True when ``computed`` rounds (half up) to ``published`` at its decimals."""
    if computed is None:
        return False
    places = _decimals(published)
    return round_half_up(computed, places) == published


def roundings(
    published: Fraction, computed: Fraction | None, places: int | None = None
) -> frozenset[str]:
    """The ways of printing (:data:`~tiebreaks.engine.numbers.ROUNDINGS`: half up, half to
    even, truncated) under which ``computed`` shows as ``published`` at ``places`` decimals
    (by default the published value's own; a column is printed with the most decimals of
    any of its values, "12" in a column with "12.5" is "12.0")."""
    if computed is None:
        return frozenset()
    places = _decimals(published) if places is None else places
    return frozenset(
        name for name, rounded in ROUNDINGS.items() if rounded(computed, places) == published
    )


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
    #: how the published values are printed, when only some roundings agree with all of
    #: them ("half to even"); empty when any would do
    rounding: str = ""
    #: the publishing program's order of the ties left (``"vega"``: by pairing number)
    like: str = ""


def publishes_numbers(tournament: Tournament) -> bool:
    """True when the file states some rank or some tie-break value to compare with ours."""
    return any(player.stated_rank for player in tournament.players) or bool(
        tournament.published_columns and any(p.stated_values for p in tournament.players)
    )


def publishes_values(tournament: Tournament) -> bool:
    """True when the file states tie-break values (per column, :func:`infer_columns`)."""
    return bool(tournament.published_columns) and any(p.stated_values for p in tournament.players)


#: told after each reading tried: how many were tried, and how many there are
Progress = Callable[[int, int], None]


def _silent(done: int, total: int) -> None:
    """No progress shown."""


def infer_variants(
    tournament: Tournament,
    tiebreaks: str | Sequence[str] | None = None,
    progress: Progress = _silent,
    options: Options | None = None,
) -> list[Variant]:
    """The plausible, distinct readings that reproduce the published values (per column) or,
    without values, the published ranks (whole list), closest to the declared list first.

    Plausible: no list names one tie-break twice with the same modifiers (the second copy
    can never decide). Distinct: readings that give the same values (per column) or that
    differ only in what they cannot tell apart are one reading: a list is cut after the
    last tie-break that separates someone (the rest decides nothing), and of two variants
    that give every participant the same values only the closest to the declared one is
    kept. ``progress`` is told after each reading tried; ``options`` apply to every reading
    (as :func:`check_published`). A file that publishes neither ranks nor values is a
    :class:`UsageError` (see :func:`publishes_numbers`)."""
    options = options or Options()
    if publishes_values(tournament):
        return [
            variant
            for column in infer_columns(tournament, progress, options)
            for variant in column.readings
        ]
    if not any(player.stated_rank for player in tournament.players):
        raise UsageError("the file publishes neither ranks nor tie-break values to infer from")
    return _infer_list(tournament, tiebreaks, progress, options)


def spec_variants(spec: TiebreakSpec) -> list[TiebreakSpec]:
    """The modifier variants of one tie-break tried by inference: cuts and medians (where the
    tie-break takes them), forfeits counted as games (``/P``), the Koya limit moved, and the
    publishing programs' readings (``/SM``: Swiss-Manager's)."""
    entry = definition(spec.acronym)
    base = replace(spec, cut=0, median=0, forfeits_as_played=False, koya_limit=None, program=None)
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
    if "S" in entry.modifiers:
        variants += [replace(variant, program="SM") for variant in variants]
    return variants


def _variants(spec: TiebreakSpec, rounds: int) -> list[TiebreakSpec]:
    """The variants of :func:`spec_variants` that leave something to sum in a tournament of
    ``rounds`` rounds (a cut of every round is refused, C.07 Art. 14)."""
    return [variant for variant in spec_variants(spec) if not removes_every_round(variant, rounds)]


def _inferred_columns(
    tournament: Tournament,
) -> list[tuple[int, str, tuple[TiebreakSpec, ...]]]:
    """The published columns inference can try: (position, label, the tie-breaks it may
    name: one, or each candidate of a label that names no single tie-break, such as
    Swiss-Manager's "Buchholz Tie-Breaks (variabel with parameter)" on chess-results, whose
    parameters are not shown; warning ``chessresults.legend-unresolved``)."""
    found = []
    for position, label in enumerate(tournament.published_columns):
        try:
            candidates = name_candidates(label)
        except UsageError:
            continue
        bases = tuple(
            base
            for base in candidates
            if definition(base.acronym).kind is not Kind.GROUP and base.acronym != "PTS"
        )
        if bases:
            found.append((position, label, bases))
    return found


def _candidate_variants(bases: Sequence[TiebreakSpec], rounds: int) -> list[TiebreakSpec]:
    """The variants of every candidate tie-break of a column, each once, in order."""
    variants: dict[str, TiebreakSpec] = {}
    for base in bases:
        for variant in _variants(base, rounds):
            variants.setdefault(str(variant), variant)
    return list(variants.values())


@dataclass(frozen=True)
class Unreproduced:
    """A published value that the column's closest reading does not give: what it gives, and
    the other readings that would give this one value (``rules`` and descriptor)."""

    start_number: int
    name: str
    published: Fraction
    computed: Fraction | None
    elsewhere: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ColumnReadings:
    """What inference found for one published column: the plausible, distinct readings that
    give every value (first the closest to the file's own rules), else the reading that
    gives the most, and each value it does not give. ``program_error`` names a publishing
    program's known error that the column shows (``"vega-ks-double-round-robin"``)."""

    label: str
    compared: int
    readings: tuple[Variant, ...]
    closest: Variant | None = None
    unreproduced: tuple[Unreproduced, ...] = ()
    program_error: str = ""


#: Vega prints Koya 0 for everyone in a double round robin (its single round robin agrees)
VEGA_KS_ERROR = "vega-ks-double-round-robin"
#: at most this many other readings are named for one value no reading gives whole
_ELSEWHERE = 3


def infer_columns(
    tournament: Tournament, progress: Progress = _silent, options: Options | None = None
) -> list[ColumnReadings]:
    """For each published value column, every regime, modifier and program reading
    (:func:`spec_variants`) tried: the readings that reproduce all its values under some way
    of printing (:func:`roundings`), else the closest and each value no reading gives
    (``options``: as :func:`check_published`)."""
    options = options or Options()
    columns = _inferred_columns(tournament)
    regimes = _regimes_in_order(tournament)
    tries = [
        (column, rules, _candidate_variants(column[2], tournament.rounds))
        for column in columns
        for rules in regimes
    ]
    total = sum(len(variants) for _, _, variants in tries)
    results: dict[str, list[tuple[str, TiebreakSpec, dict[int, Fraction | None]]]] = {}
    done = 0
    for (_, label, _), rules, variants in tries:
        standings = compute_standings_with(tournament, ["PTS", *variants], rules, options)
        rows = (*standings.rows, *standings.not_ranked)
        for position, variant in enumerate(variants, 1):
            label_of = standings.columns[position]
            values = {row.player.start_number: row.values[label_of] for row in rows}
            results.setdefault(label, []).append((rules, variant, values))
            done += 1
            progress(done, total)
    return [
        _column_readings(tournament, position, label, bases[0], results.get(label, []))
        for position, label, bases in columns
    ]


def _regimes_in_order(tournament: Tournament) -> list[str]:
    """Every regime, the one of the tournament's start date first."""
    own = rules_for_date(tournament.start_date).name
    return [own, *(name for name in REGIMES if name != own)]


def _published_values(tournament: Tournament, position: int) -> dict[int, Fraction]:
    """Start number -> the value the file publishes in column ``position`` (where it does)."""
    found: dict[int, Fraction] = {}
    for player in tournament.players:
        value = player.stated_values[position] if position < len(player.stated_values) else None
        if value is not None:
            found[player.start_number] = value
    return found


def _column_readings(
    tournament: Tournament,
    position: int,
    label: str,
    base: TiebreakSpec,
    tried: list[tuple[str, TiebreakSpec, dict[int, Fraction | None]]],
) -> ColumnReadings:
    published = _published_values(tournament, position)
    compared = len(published)
    places = max((_decimals(value) for value in published.values()), default=0)
    found: list[Variant] = []
    seen: set[tuple[Fraction | None, ...]] = set()
    best: tuple[int, Variant, dict[int, Fraction | None]] | None = None
    for rules, variant, values in tried:
        agreeing = {
            number: roundings(value, values.get(number), places)
            for number, value in published.items()
        }
        matched = sum(1 for ways in agreeing.values() if ways)
        common = frozenset(ROUNDINGS).intersection(*(ways for ways in agreeing.values() if ways))
        rounding = _rounding_name(common)
        reading = Variant(rules, (str(variant),), matched, compared, label, rounding)
        if best is None or matched > best[0]:
            best = (matched, reading, values)
        # the same values: the same reading (the first found: the file's own regime)
        key = tuple(values[number] for number in sorted(values))
        if matched == compared and key not in seen:
            seen.add(key)
            found.append(reading)
    if found or best is None:
        return ColumnReadings(label, compared, tuple(found))
    error = VEGA_KS_ERROR if _vega_koya_error(tournament, base, published) else ""
    if error:  # every value is the program's error: compared with the plain reading
        rules, variant, values = tried[0]
        matched = sum(1 for n, value in published.items() if roundings(value, values.get(n)))
        best = (matched, Variant(rules, (str(variant),), matched, compared, label), values)
    players = {player.start_number: player.name for player in tournament.players}
    closest_values = best[2]
    missing = tuple(
        Unreproduced(
            number,
            players[number],
            value,
            closest_values.get(number),
            _elsewhere(number, value, places, tried),
        )
        for number, value in sorted(published.items())
        if not roundings(value, closest_values.get(number), places)
    )
    return ColumnReadings(label, compared, (), best[1], missing, error)


def _rounding_name(common: frozenset[str]) -> str:
    """The way of printing to name: "" when every way agrees (nothing to tell), else the
    first that agrees with every value."""
    if common == frozenset(ROUNDINGS) or not common:
        return ""
    return next(name for name in ROUNDINGS if name in common)


def _elsewhere(
    number: int,
    value: Fraction,
    places: int,
    tried: list[tuple[str, TiebreakSpec, dict[int, Fraction | None]]],
) -> tuple[tuple[str, str], ...]:
    """A few readings that give participant ``number`` the published ``value``."""
    named: list[tuple[str, str]] = []
    for rules, variant, values in tried:
        if roundings(value, values.get(number), places) and (rules, str(variant)) not in named:
            named.append((rules, str(variant)))
            if len(named) == _ELSEWHERE:
                break
    return tuple(named)


def _vega_koya_error(
    tournament: Tournament, base: TiebreakSpec, published: dict[int, Fraction]
) -> bool:
    """True for Vega's Koya error: 0 printed for everyone in a double round robin (each
    pair meets twice: at least 2 (n - 1) rounds for n participants)."""
    players = len(tournament.players)
    return (
        base.acronym == "KS"
        and tournament.pairing_system is PairingSystem.ROUND_ROBIN
        and tournament.rounds >= 2 * (players - 1)
        and bool(published)
        and not any(published.values())
    )


def _infer_list(
    tournament: Tournament,
    tiebreaks: str | Sequence[str] | None,
    progress: Progress,
    options: Options,
) -> list[Variant]:
    declared = compute_standings_with(tournament, tiebreaks, None, options).tiebreaks
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
        standings = compute_standings_with(tournament, list(combination), rules, options)
        progress(done, len(tries))
        like = options.like or ""
        if _ranks_matched(standings, stated) != len(stated) and _ties_left(standings):
            # Vega's reading: the ties left ordered by pairing number
            vega = replace(options, like="vega")
            standings = compute_standings_with(tournament, list(combination), rules, vega)
            like = "vega"
        matched = _ranks_matched(standings, stated)
        if matched == len(stated):
            splits = _splits(standings)
            listed = _texts(combination[: len(splits)])
            variant = Variant(rules, listed, matched, len(stated), like=like)
            found.setdefault((rules, like, *splits), variant)
    return sorted(found.values(), key=lambda v: (_changes(v.tiebreaks, declared_text), v.like))


def _ranks_matched(standings: Standings, stated: dict[int, int]) -> int:
    """How many stated ranks the standings give."""
    return sum(1 for row in standings.rows if stated.get(row.player.start_number) == row.rank)


def _ties_left(standings: Standings) -> bool:
    """True when some participants share a rank (still tied after the last tie-break)."""
    ranks = [row.rank for row in standings.rows]
    return len(set(ranks)) < len(ranks)


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
    return entry.kind is Kind.VALUE and bool(set(entry.modifiers) & set("CMLPS"))
