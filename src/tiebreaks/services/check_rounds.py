"""The tie-break half of the checker (FIDE C.02 endorsement checklist, Q19-Q21): does each
published standings follow the declared tie-break list, position by position?

A TRF states one standings: the rank column (86-89 of 001, 69-71 of 310) after the last round
with a result; no TRF record carries tie-break values. A TRF written during an event is one
snapshot; the snapshots of several rounds (one file each) are checked round by round. Each
snapshot is ranked after its own last round with a result (C.07 Art. 4.2 on rounds 1..t),
with the list in force then: the one given, else the file's 212/202 list, or the list a
recorded change (``###`` comment, "changed after round R") replaced when t < R.

Every participant whose published rank differs from the rank the list gives is reported with
one other participant the file orders the other way, and the reason as data: the criterion
that decides the pair (its C.07 article and both values), or that the pair is equal on the
whole list (then only a drawing of lots separates them, Art. 4.2). No sentence here: render
words it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..engine.catalogue import definition
from ..engine.spec import TiebreakSpec
from ..model import Tournament
from ..standings import Options, Row, Standings, compute_standings_with, rounds_with_results
from .compare import decide

#: the article that orders by the list, criterion by criterion, and draws lots after it
ORDER_ARTICLE = "4.2"


class Order(Enum):
    """How the list orders the reported participant against the other one."""

    #: the list puts the participant ahead of the other (the file does not)
    AHEAD = "ahead"
    #: the list puts the participant behind the other (the file does not)
    BEHIND = "behind"
    #: equal on every criterion of the list: the place is shared unless lots are drawn
    LEVEL = "level"
    #: the file's rank numbers do not count the places (no pair ordered the other way)
    NUMBERING = "numbering"
    #: the published points (TRF 81-84) differ from the points the results give
    POINTS = "points"


@dataclass(frozen=True)
class Misplaced:
    """A published position that does not follow the list: the participant, its published
    and computed rank, the participant the file orders the other way (0: none), and the
    criterion that decides the pair with its article and both values."""

    start_number: int
    name: str
    published_rank: int
    computed_rank: int
    order: Order
    other: int = 0
    other_name: str = ""
    other_published_rank: int = 0
    criterion: str | None = None
    article: str = ORDER_ARTICLE
    value: Fraction | None = None
    other_value: Fraction | None = None


@dataclass(frozen=True)
class RoundCheck:
    """One published standings checked: the file, the round, the list in force and where it
    comes from, how many published ranks were compared, and the positions that differ."""

    source: str
    round: int
    tiebreaks: tuple[str, ...]
    list_source: str
    ranks_compared: int
    misplaced: tuple[Misplaced, ...]
    #: the round after which a recorded change replaced the list used here (None: no change)
    changed_after: int | None = None

    @property
    def agrees(self) -> bool:
        """True when every published position follows the list."""
        return not self.misplaced


def check_rounds(
    snapshots: Sequence[tuple[str, Tournament]],
    tiebreaks: str | Sequence[str | TiebreakSpec] | None = None,
    rules: str | None = None,
    options: Options | None = None,
    computed: Standings | None = None,
) -> tuple[RoundCheck, ...]:
    """Each snapshot's published ranks against the standings its list gives, in round order
    (``snapshots``: (source name, tournament) pairs, e.g. one TRF per round; ``options``: the
    arbiter's and the ratings' options of the standings, for every snapshot). ``computed``:
    standings already computed with the same list, rules and options for one of the
    snapshots' tournaments (e.g. by :func:`~.check.check_published`), reused where they are
    those the check needs (:func:`check_round`)."""
    checks = [
        check_round(source, tournament, tiebreaks, rules, options, computed)
        for source, tournament in snapshots
    ]
    return tuple(sorted(checks, key=lambda check: check.round))


def check_round(
    source: str,
    tournament: Tournament,
    tiebreaks: str | Sequence[str | TiebreakSpec] | None = None,
    rules: str | None = None,
    options: Options | None = None,
    computed: Standings | None = None,
) -> RoundCheck:
    """The published ranks of one snapshot against the list in force after its last round
    with a result (or after ``options.after_round`` when given). ``computed``: standings
    computed with the same list, rules and options, reused when they are this snapshot's
    (the same tournament object), after that round, and no later change of the list applies
    (else computed here)."""
    options = options or Options()
    played = options.after_round
    if played is None:
        played = rounds_with_results(tournament)
    standings = computed if computed is not None and computed.tournament is tournament else None
    changed_after = None
    if tiebreaks is None:
        tournament, changed_after = _list_in_force(tournament, played)
    if standings is None or standings.rounds != played or changed_after is not None:
        options = replace(options, after_round=played)
        standings = compute_standings_with(tournament, tiebreaks, rules, options)
    return RoundCheck(
        source,
        played,
        tuple(standings.columns),
        standings.tiebreaks_source,
        sum(1 for row in standings.rows if row.player.stated_rank),
        misplaced_positions(standings),
        changed_after,
    )


def _list_in_force(tournament: Tournament, played: int) -> tuple[Tournament, int | None]:
    """The tournament with the list in force after round ``played``: the list before the first
    recorded change made after a later round (the standings after round R and later use the
    list that change introduced), else the file's own."""
    for change in sorted(tournament.list_changes, key=lambda change: change.round):
        if change.round > played:
            if change.record == "212":
                return replace(tournament, standings_list=change.previous), change.round
            return replace(tournament, standings_list=(), tiebreak_list=change.previous), (
                change.round
            )
    return tournament, None


def misplaced_positions(standings: Standings) -> tuple[Misplaced, ...]:
    """Every participant whose published points differ from the results, then every one
    with a published rank that differs from the computed one, in the computed order, each
    with the participant the file orders most differently from the list (the widest gap in
    computed ranks), and why (:class:`Order`)."""
    found = _points_differences(standings)
    rows = [row for row in standings.rows if row.player.stated_rank]
    published = np.array([row.player.stated_rank for row in rows], dtype=np.int64)
    computed = np.array([row.rank for row in rows], dtype=np.int64)
    for index in np.flatnonzero(published != computed):
        other = _partner(published, computed, int(index))
        found.append(_misplaced(standings, rows[index], None if other < 0 else rows[other]))
    return tuple(found)


def _points_differences(standings: Standings) -> list[Misplaced]:
    """The participants whose published points differ from the points column (the
    individual score, PTS): a value of the standings that the file states."""
    if "PTS" not in standings.columns or standings.tournament.team_records is not None:
        return []
    return [
        Misplaced(
            row.player.start_number,
            row.player.name,
            row.player.stated_rank or 0,
            row.rank,
            Order.POINTS,
            criterion="PTS",
            value=row.player.stated_points,
            other_value=row.values["PTS"],
        )
        for row in standings.rows
        if row.player.stated_points is not None and row.player.stated_points != row.values["PTS"]
    ]


def _partner(published: npt.NDArray[np.int64], computed: npt.NDArray[np.int64], index: int) -> int:
    """The participant the file orders otherwise than the list against ``index`` (ahead,
    level or behind), the widest gap in computed ranks first (-1: none)."""
    disagree = np.sign(published - published[index]) != np.sign(computed - computed[index])
    disagree[index] = False
    if not disagree.any():
        return -1
    gaps = np.where(disagree, np.abs(computed - computed[index]), -1)
    return int(np.argmax(gaps))


def _misplaced(standings: Standings, row: Row, other: Row | None) -> Misplaced:
    player = row.player
    published = player.stated_rank or 0
    if other is None:
        return Misplaced(player.start_number, player.name, published, row.rank, Order.NUMBERING)
    decision = decide(standings, row, other)
    found = Misplaced(
        player.start_number,
        player.name,
        published,
        row.rank,
        Order.LEVEL,
        other.player.start_number,
        other.player.name,
        other.player.stated_rank or 0,
    )
    if decision.label is None:
        return found
    spec = standings.tiebreaks[decision.index]
    return replace(
        found,
        order=Order.AHEAD if decision.sign > 0 else Order.BEHIND,
        criterion=decision.label,
        article=definition(spec.acronym).article,
        value=row.values[decision.label],
        other_value=other.values[decision.label],
    )


def publishes_ranks(tournament: Tournament) -> bool:
    """True when the file states some rank (the positions to check): a player's, or in a team
    event a team's (TRF26 310)."""
    records = tournament.team_records
    if records is not None:
        return any(team.stated_rank for team in records.teams)
    return any(player.stated_rank for player in tournament.players)
