"""Standings: rank participants by points and an ordered tie-break list (C.07 (2026) Art. 4).

Participants are ordered by the first criterion; each group still tied is ordered by the next
one (Art. 4.2). Value tie-breaks are computed once for the whole field; direct encounter is
applied to each group still tied when it is reached (Art. 6). Participants still tied after
the last criterion share the rank (1, 2, 2, 4) unless a drawing of lots is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import repeat
from operator import attrgetter

import numpy as np

from .engine.arbiter import (
    Exclusion,
    ManualValue,
    check_order,
    exclusions,
    manual_values,
)
from .engine.catalogue import definition, resolve
from .engine.computation import Computation, NoTracer
from .engine.context import Context, build_context
from .engine.cut_check import check_rounds_left
from .engine.families.ratings import has_unrated_participants
from .engine.names import ResolvedName, resolve_list, resolve_name
from .engine.ranking import ArrayGroups
from .engine.registry import Definition, Kind
from .engine.spec import TiebreakSpec, parse_spec_list
from .engine.team_context import team_views
from .engine.trace import Trace
from .errors import N_, Diagnostic, ParameterError, ParameterHint, UsageError, shown_value
from .lazy import load
from .model import PairingSystem, Player, ResultKind, Tournament
from .model.programs import profile_by_name
from .model.rating_lists import apply_rating_order, file_rating_order
from .model.rules import Rules, rules_by_name, rules_for_date
from .model.team_matches import TeamTournament, team_tournament

RECOMMENDED = {
    PairingSystem.SWISS: "PTS,BH/C1,BH,SB,DE,WIN,BWG",
    PairingSystem.ROUND_ROBIN: "PTS,DE,WIN,SB,KS",
}


#: team tournaments: primary score, secondary score, extended direct encounter, then the
#: Olympiad Sonneborn-Berger and Buchholz (Olympiad 2010 order after EDE)
TEAM_DEFAULT = "PTS,MPVGP,EDE,EMGSB/C1,BH:MP/C1"


#: rows shown by the ``repr`` of standings
_REPR_ROWS = 5


#: the drawing of lots, loaded when lots are drawn: its SHA-256 (:mod:`hashlib`) loads OpenSSL,
#: a few milliseconds that a run without lots need not spend
LOTS = {"lot": ".engine.lots:lot", "seed": ".engine.lots:tournament_seed"}


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    rank: int
    player: Player
    values: dict[str, Fraction | None]
    drawn_by_lot: bool = False
    #: True when the arbiter's order of the ties left gave this rank (``manual_order``)
    ordered_by_arbiter: bool = False
    #: "" for a ranked participant; "withdrawn" or "expelled" for one left out of the
    #: ranking (rank 0, in :attr:`Standings.not_ranked`)
    status: str = ""

    def __repr__(self) -> str:
        """``Row(1, #2 'Bruno', PTS=4, BH/C1=12, SB=9.5)``: the place, the participant and
        the exact values (``None`` undefined), without the player's whole record."""
        values = ", ".join(f"{label}={shown_value(value)}" for label, value in self.values.items())
        lot = ", drawn by lot" if self.drawn_by_lot else ""
        lot += ", ordered by the arbiter" if self.ordered_by_arbiter else ""
        lot += f", {self.status}" if self.status else ""
        who = f"#{self.player.start_number} {self.player.name!r}"
        return f"Row({self.rank}, {who}{', ' if values else ''}{values}{lot})"


@dataclass(frozen=True)
class Standings:
    """Ranked participants with the value of every tie-break used."""

    tournament: Tournament
    rules: Rules
    rules_reason: str
    tiebreaks: tuple[TiebreakSpec, ...]
    tiebreaks_source: str
    rounds: int
    pairing_system: PairingSystem
    rows: tuple[Row, ...]
    warnings: tuple[Diagnostic, ...]
    places: dict[str, int] = field(default_factory=dict)
    #: per column label: True when a larger value ranks higher (False for places, /R, TPN)
    higher_is_better: dict[str, bool] = field(default_factory=dict)
    #: the seed of the drawing of lots for the ties left after the last tie-break (None: no
    #: lots drawn, those ties share the rank) and where it comes from: "tournament" (a hash of
    #: the participants and results, :func:`.engine.lots.tournament_seed`) or "given"
    lots_seed: int | None = None
    lots_source: str = ""
    #: how unrated participants enter the rating tie-breaks (C.07 Art. 10): the rating given
    #: to them (``unrated_rating``), or left out (``unrated_excluded``); neither: not set
    unrated_rating: int | None = None
    unrated_excluded: bool = False
    #: which ratings the rating tie-breaks use when participants have several (an event over
    #: rating periods): "by-round" (each opponent's rating in force in the round played),
    #: "first" (the first rating, C.07 Art. 10 default), "" (one rating each)
    ratings_used: str = ""
    #: the publishing program's profile the standings were read with ("": none, FIDE)
    like: str = ""
    #: per column label, the values of the rows in row order (what ``rows`` hold, gathered
    #: column by column for writers of big tables)
    value_columns: dict[str, list[Fraction | None]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: what the values were computed from, read-only (the engine's; None for standings not
    #: computed here): :meth:`trace` asks it for the trace of a value
    _computation: Computation | None = field(default=None, compare=False, repr=False)
    #: the participants left out of the ranking (withdrawn or expelled; rank 0), in the
    #: order of their values; their games count for their opponents as before
    not_ranked: tuple[Row, ...] = ()
    #: why each of them is left out, by start number
    excluded: dict[int, Exclusion] = field(default_factory=dict)
    #: the values the arbiter gave for MAN, by start number, with where they were read
    manual_values: dict[int, ManualValue] = field(default_factory=dict)
    #: the arbiter's order of the participants still tied after the whole list (start
    #: numbers; empty: none given)
    manual_order: tuple[int, ...] = ()

    def __repr__(self) -> str:
        """A few lines: the event, the regime, the list and the first rows (the whole
        standings are in ``rows``; ``render_standings`` writes them)."""
        shown = "\n".join(f"  {row!r}" for row in self.rows[:_REPR_ROWS])
        more = len(self.rows) - _REPR_ROWS
        tail = f"\n  ... {more} more rows" if more > 0 else ""
        listed = ", ".join(map(str, self.tiebreaks))
        return (
            f"<Standings of {self.tournament.name!r}: rules {self.rules.name}, after round "
            f"{self.rounds} of {self.tournament.rounds}, {len(self.rows)} rows, tie-breaks "
            f"{listed}>\n{shown}{tail}"
        )

    def row(self, start_number: int) -> Row:
        """The row of the participant with this start number, ranked or not (KeyError if
        there is none)."""
        for row in (*self.rows, *self.not_ranked):
            if row.player.start_number == start_number:
                return row
        raise KeyError(start_number)

    @property
    def is_team(self) -> bool:
        """True for a team tournament: the rows are teams (ids are team numbers)."""
        return self.team is not None

    @property
    def team(self) -> TeamTournament | None:
        """The team tournament with its matches and board games (None for individuals and
        for standings not computed here)."""
        return None if self._computation is None else self._computation.team

    @property
    def computation(self) -> Computation:
        """What the values were computed from, read-only (results per round, the regime):
        what the words of a trace refer to. UsageError for standings not computed here
        (e.g. read from a file): there is nothing to explain them from."""
        if self._computation is None:
            raise UsageError("these standings were not computed here: nothing to explain them from")
        return self._computation

    def index(self, row: Row) -> int:
        """The participant index of ``row`` (its position in the computed tournament's
        participants), as traces give participants and opponents."""
        number = row.player.start_number
        players = self.computation.tournament.players
        return next(i for i, player in enumerate(players) if player.start_number == number)

    def tied_group(self, row: Row, column: str) -> list[int]:
        """The participants (indexes) still tied with ``row`` when the criterion of
        ``column`` is applied: equal on every criterion before it (C.07 (2026) Art. 4.2)."""
        labels = self.columns[: self.columns.index(column)]
        players = self.computation.tournament.players
        index_of = {player.start_number: index for index, player in enumerate(players)}
        return sorted(
            index_of[other.player.start_number]
            for other in self.rows
            if all(other.values[label] == row.values[label] for label in labels)
        )

    def trace(self, participant: Row | int, column: str) -> Trace:
        """The :class:`~tiebreaks.engine.trace.Trace` of a value: what ``participant``'s value
        of ``column`` (a label of :attr:`columns`) was made of, from the arrays it was computed
        from; for a group tie-break (DE ...), in the group still tied when it was applied.
        ``participant``: a row or a start number. UsageError when the tie-break has no
        explanation or the standings were not computed here."""
        row = participant if isinstance(participant, Row) else self.row(participant)
        if column not in self.columns:
            raise UsageError(f"{column!r} is not in the list: {', '.join(self.columns)}")
        spec = self.tiebreaks[self.columns.index(column)]
        computation, index = self.computation, self.index(row)
        try:
            if definition(spec.acronym).kind is Kind.GROUP:
                return computation.group_trace(spec, self.tied_group(row, column), index)
            return computation.trace(spec, index)
        except NoTracer:
            raise UsageError(f"{spec} has no explanation") from None

    @property
    def columns(self) -> tuple[str, ...]:
        """The key of each tie-break in ``Row.values``: its descriptor; a group tie-break listed
        again (DE may be, Art. 6) gets "#2", "#3" ..."""
        return column_labels(self.tiebreaks)


def column_labels(specs: Sequence[TiebreakSpec]) -> tuple[str, ...]:
    """Descriptors, with "#n" added to the n-th repetition of one."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        text = str(spec)
        seen[text] = seen.get(text, 0) + 1
        labels.append(text if seen[text] == 1 else f"{text}#{seen[text]}")
    return tuple(labels)


@dataclass
class _Plan:
    specs: list[tuple[TiebreakSpec, Definition]]
    source: str
    warnings: list[Diagnostic]


def choose_rules(tournament: Tournament, rules: str | Rules | None) -> tuple[Rules, str]:
    """The rules edition and why it was chosen (explicit, or from the start date)."""
    if isinstance(rules, Rules):
        return rules, "given"
    if rules:
        return rules_by_name(rules), "given"
    chosen = rules_for_date(tournament.start_date)
    if tournament.start_date is None:
        return chosen, "no start date in the file: newest edition"
    return chosen, f"start date {tournament.start_date.isoformat()}"


#: a tie-break of the list and how it was written (a descriptor, a name people type ...)
Listed = tuple[TiebreakSpec, str]


@dataclass(frozen=True)
class _ListOrigin:
    """Where the tie-break list comes from: ``text`` says it (``Standings.tiebreaks_source``,
    e.g. "file (212)"), ``written`` is True when someone wrote the list (the user or the
    file), ``record`` names the file's record that holds it (TRF26 212 or 202; "" when the
    list is not the file's). The code decides by the fields, never by reading ``text``."""

    text: str
    written: bool = False
    record: str = ""


def _named(items: str | Sequence[str | TiebreakSpec], warnings: list[Diagnostic]) -> list[Listed]:
    """Specs from descriptors or the names people type (``Buchholz Cut 1``), each with the
    text it was written as; a corrected typo is reported in ``warnings``."""
    resolved = resolve_list(items) if isinstance(items, str) else items
    specs: list[Listed] = []
    for item in resolved:
        if isinstance(item, TiebreakSpec):
            specs.append((item, str(item)))
            continue
        found = item if isinstance(item, ResolvedName) else resolve_name(item)
        if found.corrected:
            warnings.append(name_read_as(found))
        specs.append((found.spec, found.typed))
    return specs


def name_read_as(found: ResolvedName) -> Diagnostic:
    """The warning that a typed name was read as another (a typo corrected): "read
    'Buchholtz' as 'Buchholz' (BH)"."""
    return Diagnostic.told(
        N_("read %(typed)s as %(matched)s (%(spec)s)"),
        code="standings.name-corrected",
        typed=repr(found.typed),
        matched=repr(found.matched),
        spec=str(found.spec),
    )


def _requested_specs(
    context: Context,
    system: PairingSystem,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None,
    warnings: list[Diagnostic],
) -> tuple[list[Listed], _ListOrigin]:
    tournament = context.tournament
    if tiebreaks:
        specs = _named(tiebreaks, warnings)
        origin = _ListOrigin("given", written=True)
    elif context.rules.default_tiebreaks:
        specs = _unwritten(parse_spec_list(context.rules.default_tiebreaks))
        origin = _ListOrigin(f"default list of the {context.rules.name} rules")
    elif tournament.standings_list:
        specs = _file_specs(tournament.standings_list, "212", warnings)
        origin = _ListOrigin("file (212)", written=True, record="212")
    elif tournament.tiebreak_list:
        specs = _file_specs(tournament.tiebreak_list, "202", warnings)
        origin = _ListOrigin("file (202)", written=True, record="202")
    elif context.team is not None:
        specs = _unwritten(parse_spec_list(TEAM_DEFAULT))
        origin = _ListOrigin("default list for team tournaments (docs/conformance.md)")
    else:
        specs = _unwritten(parse_spec_list(RECOMMENDED[system]))
        origin = _ListOrigin(f"FIDE recommendation for a {system.value} tournament")
    if not any(spec.acronym in ("PTS", "POINTS", context.score_type) for spec, _ in specs):
        specs.insert(0, (TiebreakSpec("PTS"), "PTS"))
    return specs, origin


def _unwritten(specs: list[TiebreakSpec]) -> list[Listed]:
    """A list nobody wrote (a default): each spec stands for itself."""
    return [(spec, str(spec)) for spec in specs]


def _file_specs(items: Sequence[str], record: str, warnings: list[Diagnostic]) -> list[Listed]:
    """The descriptors of a TRF26 202/212 record, each checked against the catalogue."""
    specs = []
    for item in items:
        try:
            (listed,) = _named([item], warnings)
        except UsageError as error:
            raise _unusable_file_list(record, error) from None
        specs.append(listed)
    return specs


def _plan(
    context: Context,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None,
    unrated_rating: int | None,
    unrated_excluded: bool = False,
) -> _Plan:
    system = PairingSystem.ROUND_ROBIN if context.predetermined else PairingSystem.SWISS
    warnings: list[Diagnostic] = []
    requested, origin = _requested_specs(context, system, tiebreaks, warnings)
    plan = _Plan([], origin.text, warnings)
    team = context.team is not None
    for requested_spec, written in requested:
        primary = team and requested_spec.acronym in ("PTS", "POINTS")  # the primary score
        chosen = TiebreakSpec(context.score_type) if primary else requested_spec
        spec, entry = _resolve_listed(chosen, team, origin, written, context.tournament.rounds)
        if entry.kind is Kind.VALUE and any(spec == listed for listed, _ in plan.specs):
            plan.warnings.append(
                Diagnostic.told(
                    N_("%(spec)s is listed twice; the repetition cannot change the order"),
                    code="standings.tiebreak-repeated",
                    subject=str(spec),
                    spec=str(spec),
                )
            )
            continue
        if entry.rating_based and _drop_for_unrated(
            context, spec, unrated_rating, unrated_excluded
        ):
            plan.warnings.append(
                Diagnostic.told(
                    N_(
                        "%(spec)s dropped: unrated players take part and no rating for them is"
                        " set (C.07 Art. 10)"
                    ),
                    hint=ParameterHint("unrated_rating", N_("set one with {} or /U<rating>")),
                    code="standings.tiebreak-dropped-unrated",
                    subject=str(spec),
                    spec=str(spec),
                )
            )
            continue
        if entry.acronym in ("BH", "FB", "AOB", "BBH") and context.predetermined:
            plan.warnings.append(
                Diagnostic.told(
                    N_("%(spec)s is meant for Swiss tournaments, not round robins (Art. 8)"),
                    code="standings.swiss-only-tiebreak",
                    subject=str(spec),
                    spec=str(spec),
                )
            )
        plan.specs.append((spec, entry))
    return plan


def check_tiebreak_list(
    context: Context,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None,
    unrated_rating: int | None = None,
) -> None:
    """Raise :class:`UsageError` now for a list that :func:`rank_context` would refuse (an
    unknown name, a tie-break for the other kind of event, a cut that removes every round),
    so that a caller that ranks later (:class:`~tiebreaks.services.live.LiveStandings`) fails before
    it gives anything."""
    _plan(context, tiebreaks, unrated_rating)


def _resolve_listed(
    spec: TiebreakSpec, team: bool, origin: _ListOrigin, written: str, rounds: int
) -> tuple[TiebreakSpec, Definition]:
    """The spec checked for the tournament; a tie-break of the other kind (team / individual)
    in the file's own list is the file's problem, said as such. A cut or median that would
    remove every one of the tournament's ``rounds`` (C.07 Art. 14) is refused when someone
    wrote it (the user or the file); a default list is computed as it is (after round 1 of a
    file that does not declare its rounds, ``BH/C1`` leaves nothing, as during any event)."""
    try:
        resolved = resolve(spec, team)
        if origin.written:
            check_rounds_left(resolved[0], written, rounds)
        return resolved
    except UsageError as error:
        if not origin.record:
            raise
        raise _unusable_file_list(origin.record, error) from None


def _unusable_file_list(record: str, error: UsageError) -> UsageError:
    """The error for a TRF26 202/212 list with a tie-break that cannot be used: the list is
    the file's, and the way out is to give one (the ``tiebreaks`` parameter)."""
    return UsageError(
        f"the file's tie-break list (record {record}) cannot be used: {error}",
        ParameterHint("tiebreaks", "give the list with {}"),
    )


def _drop_for_unrated(
    context: Context, spec: TiebreakSpec, unrated_rating: int | None, excluded: bool
) -> bool:
    if spec.unrated_rating is not None or unrated_rating is not None or excluded:
        return False
    return has_unrated_participants(context)


@dataclass(frozen=True)
class Options:
    """How to compute the standings, besides the list and the regime."""

    after_round: int | None = None
    unrated_rating: int | None = None
    pairing_system: PairingSystem | None = None
    lots_seed: int | None = None
    primary: str | None = None  # team tournaments: "MP" or "GP" ranks first
    #: True: draw lots for the ties left, seeded from the tournament; an int: with that seed
    lots: bool | int = False
    #: the second method of Art. 10 for unrated participants: left out of rating tie-breaks
    unrated_excluded: bool = False
    #: participants left out of the ranking: start numbers (withdrawn), or start number ->
    #: "withdrawn" / "expelled"; ``exclude_withdrawn``: also those the file shows withdrawn
    excluded: Mapping[int, str] | Sequence[int] | None = None
    exclude_withdrawn: bool = False
    #: the MAN values the arbiter gave, by start number
    manual_values: Mapping[int, Fraction | int | ManualValue] | None = None
    #: the arbiter's order of participants still tied after the whole list (start numbers)
    manual_order: Sequence[int] = ()
    #: several ratings per participant: each opponent's rating in force in the round played
    #: (False: the first rating)
    rating_by_round: bool = False
    #: a publishing program's profile (:mod:`.model.programs`): its readings and final order
    like: str | None = None


def compute_standings(
    tournament: Tournament,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None = None,
    rules: str | Rules | None = None,
    *,
    after_round: int | None = None,
    unrated_rating: int | None = None,
    pairing_system: PairingSystem | None = None,
    lots_seed: int | None = None,
    primary: str | None = None,
    lots: bool | int = False,
    unrated_excluded: bool = False,
    excluded: Mapping[int, str] | Sequence[int] | None = None,
    exclude_withdrawn: bool = False,
    manual_values: Mapping[int, Fraction | int | ManualValue] | None = None,
    manual_order: Sequence[int] = (),
    rating_by_round: bool = False,
    like: str | None = None,
) -> Standings:
    """Rank the participants of ``tournament``.

    ``tiebreaks`` is an ordered list of descriptors or names (``"BH/C1"``, ``"Buchholz Cut 1"``;
    a list or one comma-separated string); without it the regime's default list (``uscf``),
    else the file's 212/202 list, else the FIDE recommendation for the tournament type.
    ``rules`` names the regime (default: the FIDE edition in force at the start date).
    ``lots`` breaks the ties left after the last tie-break by a repeatable drawing of lots:
    ``True`` seeds it from the tournament itself (:func:`tournament_seed`: the same file gives
    the same order on every run), an ``int`` is the seed (``lots_seed`` is the older name of
    the same); without it those ties share the rank (C.07 Art. 2.1 lets the event choose).
    ``unrated_rating`` gives unrated participants a rating in the rating tie-breaks (Art. 10);
    ``unrated_excluded`` is the other method: games against them are left out.
    ``rating_by_round``: when participants have several ratings (``Tournament.round_ratings``,
    an event over rating periods), the rating tie-breaks take each opponent's rating in force
    in the round played; by default the first rating (C.07 Art. 10).
    ``primary`` ("MP" or "GP") overrides which score ranks a team tournament first.
    ``excluded`` leaves participants out of the ranking (start numbers, withdrawn; or start
    number -> "withdrawn" / "expelled"), ``exclude_withdrawn`` also those the file shows
    withdrawn (absent from some round to the last): they are listed apart
    (:attr:`Standings.not_ranked`) and their games count for their opponents as before, so
    no value changes. ``manual_values`` are the values of the MAN tie-break (start number ->
    value: a play-off, a decision); ``manual_order`` orders participants still tied after
    the whole list (start numbers; each tied group named whole), before any lots.
    ``like`` ("swiss-manager", "vega", "swiss-chess") reads as that program publishes
    (:mod:`.model.programs`): its readings of SB and ARO, its order of the ties left.
    """
    options = Options(
        after_round,
        unrated_rating,
        pairing_system,
        lots_seed,
        primary,
        lots,
        unrated_excluded,
        excluded,
        exclude_withdrawn,
        manual_values,
        tuple(manual_order),
        rating_by_round,
        like,
    )
    return compute_standings_with(tournament, tiebreaks, rules, options)


def compute_standings_with(
    tournament: Tournament,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None,
    rules: str | Rules | None,
    options: Options,
) -> Standings:
    """:func:`compute_standings` with its options given as one :class:`Options` (what a
    service that computes the standings several ways passes on: ``check``, inference)."""
    tournament, chosen, reason = prepared(tournament, rules)
    _check_rating(options.unrated_rating)
    _check_unrated_method(options)
    _given_seed(options)  # two different seeds are refused before anything is computed
    rounds = _check_round(tournament, options.after_round)
    if options.after_round is None:
        rounds, tournament = _rounds_with_results(tournament)
    context = _primary_context(tournament, chosen, rounds, options)
    return rank_context(context, tiebreaks, reason, options)


def prepared(tournament: Tournament, rules: str | Rules | None) -> tuple[Tournament, Rules, str]:
    """The tournament with the ratings of its own rating order (the TRF26 172 method: e.g.
    FIDE rating, else national), the rules edition and why it was chosen."""
    chosen, reason = choose_rules(tournament, rules)
    file_order = file_rating_order(tournament)
    if file_order:
        tournament = apply_rating_order(tournament, file_order)
    return tournament, chosen, reason


def rank_context(
    context: Context,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None,
    rules_reason: str,
    options: Options,
) -> Standings:
    """The standings of a context already built (see :mod:`tiebreaks.services.live`, which keeps one
    context for a running event and updates it)."""
    if options.unrated_rating is not None:
        context.unrated_rating = options.unrated_rating
    context.unrated_excluded = options.unrated_excluded
    order = _arbiter_decisions(context, options)
    context.rating_by_round = options.rating_by_round
    profile = profile_by_name(options.like) if options.like else None
    plan = _plan(context, tiebreaks, options.unrated_rating, options.unrated_excluded)
    if profile is not None and profile.reading:
        plan.specs[:] = [_read_as(spec, entry, profile.reading) for spec, entry in plan.specs]
    _check_manual_listed(context, plan)
    plan.warnings.extend(_long_event_warning(context.tournament, plan.specs))
    ranking = _rank(context, plan.specs)
    ordered = _apply_order(ranking.groups, context, order)
    seed = lots_seed_of(options, context.tournament, context.rounds)
    by_number = profile is not None and profile.by_start_number and seed is None
    rows, value_columns = _rows(
        context, ranking.groups, ranking.values, seed, ordered, by_start_number=by_number
    )
    rows, not_ranked = _set_apart(rows, value_columns, context.excluded)
    return Standings(
        tournament=context.tournament,
        rules=context.rules,
        rules_reason=rules_reason,
        tiebreaks=tuple(spec for spec, _ in plan.specs),
        tiebreaks_source=plan.source,
        rounds=context.rounds,
        pairing_system=PairingSystem.ROUND_ROBIN if context.predetermined else PairingSystem.SWISS,
        rows=tuple(rows),
        warnings=tuple(context.tournament.warnings) + tuple(plan.warnings),
        places=ranking.places,
        higher_is_better=ranking.higher_is_better,
        value_columns=value_columns,
        _computation=Computation(context),
        lots_seed=seed,
        lots_source=_lots_source(options),
        unrated_rating=options.unrated_rating,
        unrated_excluded=options.unrated_excluded,
        not_ranked=tuple(not_ranked),
        excluded=dict(context.excluded),
        manual_values=dict(context.manual),
        manual_order=tuple(order),
        ratings_used=_ratings_used(context.tournament, options),
        like=profile.name if profile is not None else "",
    )


def _ratings_used(tournament: Tournament, options: Options) -> str:
    """Which ratings the rating tie-breaks use (:attr:`Standings.ratings_used`)."""
    if options.rating_by_round:
        return "by-round"
    return "first" if tournament.round_ratings else ""


def _long_event_warning(
    tournament: Tournament, specs: Sequence[tuple[TiebreakSpec, Definition]]
) -> list[Diagnostic]:
    """A warning when rating tie-breaks are listed for an event the file's dates (042/052,
    132) say lasts longer than 30 days: the FIDE endorsement checklist (C.02, Q211) asks to
    advise against them there, as ratings change from one rating period to the next."""
    span = tournament.span
    rated = [str(spec) for spec, entry in specs if entry.rating_based]
    if span is None or not span.over_one_period or not rated:
        return []
    return [
        Diagnostic.told(
            N_(
                "%(tiebreaks)s: rating tie-breaks are not advised for an event longer than 30"
                " days (this one lasts %(days)s days, %(first)s to %(last)s); ratings change"
                " from one rating period to the next"
            ),
            span.location,
            code="standings.rating-tiebreaks-long-event",
            subject=",".join(rated),
            tiebreaks=", ".join(rated),
            days=span.days,
            first=span.first.isoformat(),
            last=span.last.isoformat(),
        )
    ]


def _arbiter_decisions(context: Context, options: Options) -> list[int]:
    """Give the context the arbiter's decisions (who is left out, the MAN values; every
    score's view of a team event too) and return the arbiter's order of the ties left."""
    players = context.tournament.players
    excluded = exclusions(players, context.rounds, options.excluded, options.exclude_withdrawn)
    given = manual_values(players, options.manual_values)
    for view in (context, *context.views.values()):
        view.excluded, view.manual = excluded, given
    order = check_order(options.manual_order, players)
    for number in order:
        if number in excluded:
            raise ParameterError(
                "manual_order", number, f"is {excluded[number].status}: not ranked, not ordered"
            )
    return order


def _check_manual_listed(context: Context, plan: _Plan) -> None:
    """Manual values given for a list without MAN would be ignored in silence: refused. MAN
    listed without values separates nobody: said in a warning."""
    listed = any(spec.acronym == "MAN" for spec, _ in plan.specs)
    if context.manual and not listed:
        raise UsageError(
            "manual values are given but MAN is not in the tie-break list",
            ParameterHint("tiebreaks", "add MAN where the values decide, with {}"),
        )
    if listed and not context.manual:
        plan.warnings.append(
            Diagnostic.told(
                N_("MAN is in the list but no manual value is given: it separates nobody"),
                hint=ParameterHint("manual_values", N_("give the arbiter's values with {}")),
                code="standings.manual-values-missing",
                subject="MAN",
            )
        )


def _apply_order(groups: ArrayGroups, context: Context, order: list[int]) -> set[int]:
    """Order the groups still tied after the whole list as the arbiter's ``order`` (start
    numbers) says, in place; the participants (indexes) it placed. ParameterError when it
    names someone not tied after the whole list, or only part of a tied group (a reading:
    the arbiter decides a tie left, whole; docs/conformance.md)."""
    if not order:
        return set()
    players = context.tournament.players
    position = {number: place for place, number in enumerate(order)}
    placed: set[int] = set()
    for start, group in groups.tied():
        named = [index for index in group if players[index].start_number in position]
        if not named:
            continue
        missing = [players[index].start_number for index in group if index not in named]
        if missing:
            raise ParameterError(
                "manual_order",
                missing[0],
                f"is tied with {players[named[0]].start_number} after the whole list but is"
                " not in the order: name the whole tied group",
            )
        ranked = sorted(group, key=lambda index: position[players[index].start_number])
        groups.reorder(start, [[index] for index in ranked])
        placed.update(group)
    placed_numbers = {players[index].start_number for index in placed}
    for number in order:
        if number not in placed_numbers:
            raise ParameterError(
                "manual_order",
                number,
                "is not tied with anyone after the whole list: the order decides only the"
                " ties left",
            )
    return placed


def _set_apart(
    rows: list[Row], columns: dict[str, list[Fraction | None]], excluded: dict[int, Exclusion]
) -> tuple[list[Row], list[Row]]:
    """The ranked rows and the rows of the participants left out (rank 0, with their
    status); the left-out rows are last (they were split off first, :func:`_rank`), and
    ``columns`` keep only the ranked rows' values."""
    if not excluded:
        return rows, []
    kept = len(rows) - len(excluded)
    for values in columns.values():
        del values[kept:]
    apart = [
        replace(
            row,
            rank=0,
            drawn_by_lot=False,
            status=excluded[row.player.start_number].status.value,
        )
        for row in rows[kept:]
    ]
    return rows[:kept], apart


def _read_as(
    spec: TiebreakSpec, entry: Definition, reading: str
) -> tuple[TiebreakSpec, Definition]:
    """``spec`` with a program's reading (``/SM``) where the tie-break takes it and the list
    did not choose one."""
    if "S" in entry.modifiers and spec.program is None:
        return replace(spec, program=reading), entry
    return spec, entry


def _primary_context(
    tournament: Tournament, rules: Rules, rounds: int, options: Options
) -> Context:
    """The context ranked by: the players' (individual), or the teams' in the primary score
    (team tournament: the participants are the teams, C.07 (2026) Art. 11)."""
    if tournament.team_records is None:
        if options.primary:
            raise ParameterError("primary", options.primary, "applies to team tournaments only")
        return build_context(tournament, rules, rounds, options.pairing_system)
    team = team_tournament(tournament)
    if options.primary:
        if options.primary.upper() not in ("MP", "GP"):
            raise ParameterError("primary", options.primary, "is neither MP nor GP")
        team = replace(team, primary=options.primary.upper())
    predetermined = (options.pairing_system or tournament.pairing_system).predetermined
    return team_views(team, rules, rounds, predetermined)[team.primary]


_BLANK = ResultKind.ABSENT


def _rounds_with_results(tournament: Tournament) -> tuple[int, Tournament]:
    """The standings of a file whose last rounds have no result for anyone (a TRF written
    during the event: ``XXR 9`` and five rounds played) are those after the last round with a
    result, with a warning; counting the empty rounds would give every player absences that
    did not happen (C.07 (2026) Art. 16 would treat them as unplayed rounds)."""
    played = _last_round_with_a_result(tournament)
    if played >= tournament.rounds or played == 0:
        return tournament.rounds, tournament
    note = Diagnostic.told(
        N_(
            "the tournament has %(rounds)s rounds but no result after round %(played)s:"
            " standings after round %(played)s"
        ),
        hint=ParameterHint("after_round", N_("choose another round with {}")),
        code="standings.rounds-without-results",
        rounds=tournament.rounds,
        played=played,
    )
    return played, replace(tournament, warnings=(*tournament.warnings, note))


def rounds_with_results(tournament: Tournament) -> int:
    """The round whose standings :func:`compute_standings` gives when no round is asked: the
    last round with a result (:func:`_rounds_with_results`), without computing them."""
    return _rounds_with_results(tournament)[0]


def _last_round_with_a_result(tournament: Tournament) -> int:
    """The last round in which some participant has a result (the number of rounds when
    nobody has any). Most files have a result in the last round: that is checked first."""
    rounds = tournament.rounds
    if rounds and any(
        p.results[rounds - 1].kind is not _BLANK
        for p in tournament.players
        if len(p.results) >= rounds
    ):
        return rounds
    return max(
        (n for p in tournament.players for n, r in enumerate(p.results, 1) if r.kind is not _BLANK),
        default=rounds,
    )


def _check_rating(unrated_rating: int | None) -> None:
    """A rating for unrated players is a whole number from 0 (as a rating list has them)."""
    if unrated_rating is not None and unrated_rating < 0:
        raise ParameterError(
            "unrated_rating", unrated_rating, "is below 0: a rating is a whole number from 0"
        )


def _check_round(tournament: Tournament, after_round: int | None) -> int:
    if after_round is None:
        return tournament.rounds
    if not 0 <= after_round <= tournament.rounds:
        raise ParameterError(
            "after_round",
            after_round,
            f"is outside 0..{tournament.rounds} (the tournament's rounds)",
        )
    return after_round


Values = dict[str, list[Fraction | None]]


@dataclass
class _Ranking:
    groups: ArrayGroups
    values: Values
    places: dict[str, int]
    higher_is_better: dict[str, bool]


def _rank(context: Context, specs: list[tuple[TiebreakSpec, Definition]]) -> _Ranking:
    """Order the field by each tie-break in turn, inside the groups still tied (Art. 4.2)."""
    tied = ArrayGroups.whole_field(context.size)
    if context.excluded:  # the participants left out form the last group: never ranked
        numbers = map(_START_NUMBER, context.tournament.players)
        tied.split([int(number not in context.excluded) for number in numbers], True)
    ranking = _Ranking(tied, {}, {}, {})
    labels = column_labels([spec for spec, _ in specs])
    for (spec, entry), label in zip(specs, labels, strict=True):
        scored = context.for_score(spec.score)
        if entry.kind is Kind.GROUP:
            ranking.values[label] = _split_by_group(scored, spec, entry, tied)
            ranking.higher_is_better[label] = False  # a place inside the tied group
            continue
        assert entry.compute is not None
        column = entry.compute(scored, spec)
        ranking.values[label] = column.values()
        ranking.higher_is_better[label] = column.higher_is_better
        if column.places is not None:
            ranking.places[label] = column.places
        tied.split(column.numerators, column.higher_is_better)
    return ranking


def _split_by_group(
    context: Context, spec: TiebreakSpec, entry: Definition, tied: ArrayGroups
) -> list[Fraction | None]:
    """Apply a group tie-break (DE) to every group still tied, in place.

    The value is the place inside the tied group that the tie-break decided (1 = first; equal
    places stay equal), or 0 when it did not separate the group, as the FIDE reference engine
    shows them. A participant no longer tied when the tie-break is reached has no value
    (None, shown as a dash): Art. 6 orders only the participants still tied, so it does not
    apply to them (the reference engine shows 0). The values never rank anyone: the order
    is the groups'."""
    assert entry.order_group is not None
    places: list[Fraction | None] = [None] * context.size
    not_separated = Fraction(0)
    for start, group in tied.tied():
        ordered = entry.order_group(context, spec, group)
        for index in group:
            places[index] = not_separated
        if len(ordered) > 1:
            tied.reorder(start, ordered)
            ahead = 0
            for subgroup in ordered:
                for index in subgroup:
                    places[index] = Fraction(ahead + 1)
                ahead += len(subgroup)
    return places


def _rows(
    context: Context,
    groups: ArrayGroups,
    values: Values,
    lots_seed: int | None,
    ordered: set[int] | None = None,
    by_start_number: bool = False,
) -> tuple[list[Row], dict[str, list[Fraction | None]]]:
    """The rows in rank order and the value columns in that order; the values of each row
    are gathered column by column (one C-level pass per column, then one transposition).
    ``by_start_number``: the ties left each get their own rank in start-number order
    (Vega's final order)."""
    players = context.tournament.players
    if lots_seed is None:
        order, ranks, by_lot = _order(groups, players)
        if by_start_number:
            ranks = list(range(1, len(order) + 1))
    else:
        order, ranks, by_lot = _order_by_lot(groups.lists(), players, lots_seed)
    names = list(values)  # the column labels, in list order
    columns = {name: list(map(values[name].__getitem__, order)) for name in names}
    row_values = zip(*columns.values(), strict=True) if columns else repeat((), len(order))
    value_maps = map(dict, map(zip, repeat(names), row_values))
    by_arbiter = [index in ordered for index in order] if ordered else repeat(False)
    rows = list(map(Row, ranks, map(players.__getitem__, order), value_maps, by_lot, by_arbiter))
    return rows, columns


def _order(
    groups: ArrayGroups, players: Sequence[Player]
) -> tuple[list[int], list[int], list[bool]]:
    """Participants in rank order, their ranks and whether a drawing of lots placed them
    (no one, here): participants still tied share the rank of the first of them and are
    listed by start number."""
    by_number = sorted(range(len(players)), key=list(map(_START_NUMBER, players)).__getitem__)
    number_rank = np.empty(len(players), dtype=np.int64)
    number_rank[by_number] = np.arange(len(players))
    group = np.cumsum(groups.starts) - 1
    order = groups.order[np.lexsort((number_rank[groups.order], group))]
    ranks = np.flatnonzero(groups.starts)[group] + 1
    return order.tolist(), ranks.tolist(), [False] * len(players)


_START_NUMBER = attrgetter("start_number")


def _order_by_lot(
    groups: list[list[int]], players: Sequence[Player], lots_seed: int
) -> tuple[list[int], list[int], list[bool]]:
    """Participants in rank order, their ranks and whether a drawing of lots placed them:
    participants still tied are ordered by their lots (:func:`.engine.lots.lot`) and each
    gets its own rank."""
    draw = load(LOTS["lot"], __package__)
    order: list[int] = []
    ranks: list[int] = []
    by_lot: list[bool] = []
    for group in groups:
        ahead = len(order)
        ordered = sorted(group, key=lambda index: players[index].start_number)
        drawn = len(ordered) > 1
        if drawn:
            ordered.sort(key=lambda index: draw(lots_seed, players[index].start_number))
        order.extend(ordered)
        ranks.extend(range(ahead + 1, ahead + 1 + len(ordered)))
        by_lot.extend([drawn] * len(ordered))
    return order, ranks, by_lot


def lots_seed_of(options: Options, tournament: Tournament, rounds: int) -> int | None:
    """The seed of the drawing of lots the options ask for (None: no lots): the one given
    (``lots=<int>`` or ``lots_seed``), or the tournament's own (``lots=True``), a hash of
    its participants and of their results in rounds 1..``rounds``."""
    given = _given_seed(options)
    if given is not None:
        return given
    if options.lots is True:
        seed: int = load(LOTS["seed"], __package__)(tournament.players, rounds)
        return seed
    return None


def _given_seed(options: Options) -> int | None:
    """The seed given as ``lots=<int>`` or ``lots_seed`` (both: the same one)."""
    lots, seed = options.lots, options.lots_seed
    given = None if isinstance(lots, bool) else lots
    if given is not None and seed is not None and given != seed:
        raise ParameterError("lots", lots, f"differs from lots_seed={seed}: give one seed")
    return given if given is not None else seed


def _lots_source(options: Options) -> str:
    """Where the seed of the drawing of lots comes from ("" when no lots are drawn)."""
    if options.lots_seed is not None or not isinstance(options.lots, bool):
        return "given"
    return "tournament" if options.lots else ""


def _check_unrated_method(options: Options) -> None:
    """One method for unrated participants (C.07 Art. 10): a rating given, or left out."""
    if options.unrated_excluded and options.unrated_rating is not None:
        raise ParameterError(
            "unrated_rating",
            options.unrated_rating,
            "cannot be combined with leaving unrated players out: choose one method for"
            " unrated players (C.07 Art. 10)",
        )
