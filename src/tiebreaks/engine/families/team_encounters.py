"""Team tie-breaks decided by the encounters among the tied teams and by board results.

* ``EDE`` Extended Direct Encounter, C.07 (2026) Art. 13.3: Art. 6 among the tied teams on
  the primary score, then on the secondary score (13.3.1); every resulting subset starts
  again (13.3.3).
* ``EDEBT``, ``EDEBB``, ``EDET``, ``EDEB`` (Art. 13.3.2): EDE, then for two teams still tied
  the knock-out tie-breaks of Art. 12 on their mutual match(es): board count then top-board
  result, board count then board elimination, top-board result, board elimination.
* ``BC`` Board Count (Art. 12.1, lower is better), ``TBR`` Top Board Result (12.2) and
  ``BBE`` Bottom Board Elimination (12.3) on their own, over the matches among the tied teams;
  with ``/A`` over all of each team's matches, as the FIDE reference engine reads them.
* ``BER`` and ``BERW``: the Berliner Wertung (German practice; the seeds 000 and 004) summed
  over the matches a team played, with draws counted (``BER``) or ignored (``BERW``).

Readings where C.07 is silent or ambiguous (recorded in ``docs/conformance.md``):

* Spec Q4, 13.3.3: one application of Art. 6 is one ranking by the mini-table (6.2), or the
  placements of 6.3; a resulting subset starts again **with the score that produced the
  split**, then the other score (Held, exercise 45: leaders 4, 2, 1, 3, 5). The literal
  reading (always the primary score first) is :func:`ede_order` with ``literal=True``
  (4, 1, 2, 3, 5).
* Art. 12 for more than two teams: each team's game points per board over its counted matches
  against the other members; ``BC`` lower is better, ``TBR`` compares board 1, then board 2 ...,
  ``BBE`` compares the total without the last board, then without the last two ...; equal
  teams start again over the matches among themselves (as Art. 6.2 does). The boards are
  compared only when every member has the same number (at least one) of counted matches
  against the others; otherwise the group stays tied.
* Matches counted for Art. 12: played matches (board-level forfeits inside them count with
  their points); a whole-match forfeit only with ``/P`` or pre-determined pairings, each board
  then worth its share of the forfeit's game points when the file gives no board games.
* ``BC/A``, ``TBR/A``, ``BBE/A`` (the FIDE reference engine's reading, which separates teams
  that never met): the same comparison of board points, over every match of the rounds
  considered whoever the opponent, forfeited matches and byes with each board's share of
  their game points; a value of the team alone, so every team is compared. Art. 12 defines
  the criteria for the match(es) between two teams (a knock-out match), and Art. 13.3.2 uses
  them on the mutual match of two teams still tied, hence the default: the matches among the
  tied teams.
* Art. 13.3.2 applies to every part of exactly two teams that EDE leaves tied.
* Berliner Wertung: board i of B is worth B - i + 1; byes and forfeited matches add nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

import numpy as np

from ...model.team import Match, MatchKind
from ..column import Column
from ..context import NO_OPPONENT, Context
from ..grid import CODE, KINDS, OUTCOME, Integers, grid
from ..memo import Key
from ..registry import Definition, Kind, register, tiebreak
from ..spec import TiebreakSpec
from ..trace import Entry, Trace, traces, traces_group
from ..trace import Step as TraceStep
from .direct_encounter import (
    MiniTable,
    group_games,
    group_table,
    member_entries,
    mini_table,
    place_in,
    place_leaders,
)
from .team import primary, view

Boards = tuple[Fraction, ...]


# --- board points (Art. 12) -------------------------------------------------------------


def board_points(match: Match, boards: int) -> Boards:
    """Game points of one match on each board 1..``boards`` (more if the match used more),
    whoever played there; a forfeited match without board games gives each board its share."""
    if not match.boards:
        return (match.game_points / boards,) * boards
    width = max(boards, *(game.board for game in match.boards))
    values = [Fraction(0)] * width
    for game in match.boards:
        values[game.board - 1] += game.points
    return tuple(values)


def board_count(points: Boards) -> Fraction:
    """BC (Art. 12.1): the sum of board number x game points on that board."""
    return sum((board * value for board, value in enumerate(points, start=1)), Fraction(0))


def board_elimination(points: Boards) -> Boards:
    """BBE (Art. 12.3) as a key: the total without the last board, without the last two ..."""
    return tuple(sum(points[:kept], Fraction(0)) for kept in range(len(points) - 1, 0, -1))


@dataclass(frozen=True)
class Tally:
    """A team's game points per board over its counted matches against the group, and those
    matches: (round, opponent index, points per board)."""

    boards: Boards
    matches: tuple[tuple[int, int, Boards], ...]


def tallies(context: Context, spec: TiebreakSpec, group: list[int]) -> dict[int, Tally]:
    """Each member's :class:`Tally` over the matches against the others that count: played
    matches; forfeited ones with ``/P`` or pre-determined pairings (as Art. 6.1.1)."""
    team = context.team
    assert team is not None
    found: dict[int, list[tuple[int, int, Boards]]] = {index: [] for index in group}
    games = group_games(context, group, spec.forfeits_as_played)
    for position, number, opponent in zip(
        games.member.tolist(), games.round.tolist(), games.opponent.tolist(), strict=True
    ):
        index = group[position]
        match = team.teams[index].matches[number - 1]
        found[index].append((number, opponent, board_points(match, team.boards)))
    return _summed(found, team.boards)


def all_match_tallies(context: Context, group: list[int]) -> dict[int, Tally]:
    """``/A``: each member's :class:`Tally` over every match of the rounds considered,
    whoever the opponent (the FIDE reference engine's reading of Art. 12 in a Swiss team
    event); a forfeited match or a bye gives each board its share of its game points, a round
    without a match adds nothing. The opponent is ``NO_OPPONENT`` for a bye."""
    team = context.team
    assert team is not None
    opponents = grid(context).opponent
    found: dict[int, list[tuple[int, int, Boards]]] = {}
    for index in group:
        matches = team.teams[index].matches[: context.rounds]
        found[index] = [
            (column + 1, int(opponents[index, column]), board_points(match, team.boards))
            for column, match in enumerate(matches)
            if match.kind is not MatchKind.ABSENT
        ]
    return _summed(found, team.boards)


def _summed(found: Mapping[int, list[tuple[int, int, Boards]]], boards: int) -> dict[int, Tally]:
    """The tallies of the matches found: the points summed board by board."""
    width = max([boards, *(len(b) for rows in found.values() for _, _, b in rows)])
    result: dict[int, Tally] = {}
    for index, rows in found.items():
        totals = [Fraction(0)] * width
        for _, _, values in rows:
            for board, value in enumerate(values):
                totals[board] += value
        result[index] = Tally(tuple(totals), tuple(rows))
    return result


def comparable(counted: Mapping[int, Tally]) -> bool:
    """Board results are compared only when every member has the same number (at least one)
    of counted matches against the others."""
    sizes = {len(tally.matches) for tally in counted.values()}
    return len(sizes) == 1 and 0 not in sizes


#: higher key = better
_KEYS: dict[str, Callable[[Boards], tuple[Fraction, ...]]] = {
    "BC": lambda points: (-board_count(points),),
    "TBR": lambda points: points,
    "BBE": board_elimination,
}
_KNOCKOUTS = {"EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE"), "EDET": ("TBR",), "EDEB": ("BBE",)}


# --- the steps of a resolution ------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One criterion applied to one group: Art. 6 on "MP" or "GP" (with its mini-table) or a
    board criterion "BC", "TBR", "BBE" (with the tallies); ``parts`` best first."""

    group: tuple[int, ...]
    criterion: str
    parts: tuple[tuple[int, ...], ...]
    table: MiniTable | None = None
    tallies: Mapping[int, Tally] = field(default_factory=dict)
    #: ``/A``: the tallies are over all of each team's matches (always compared)
    all_matches: bool = False

    @property
    def separates(self) -> bool:
        """True when the criterion split the group."""
        return len(self.parts) > 1


@dataclass(frozen=True)
class Resolution:
    """The order a group tie-break gives a tied group, and every step that produced it."""

    ordered: list[list[int]]
    steps: tuple[Step, ...]


def _other(score: str) -> str:
    return "GP" if score == "MP" else "MP"


def _placements(context: Context, spec: TiebreakSpec, group: list[int]) -> list[list[int]]:
    """Art. 6.3 once: the clear leaders placed, the rest one part."""
    placed, remaining = place_leaders(context, spec, group)
    return [*placed, remaining]


def art6_once(context: Context, spec: TiebreakSpec, group: list[int]) -> Step:
    """One application of Art. 6 to ``group`` in ``context``'s score, without restarting on
    the subsets: the mini-table ranking (6.2; also with pre-determined pairings) or the 6.3
    placements."""
    table = mini_table(context, group, spec)
    if table.everyone_met or context.predetermined:
        levels = sorted(set(table.score.values()), reverse=True)
        parts = [[index for index in group if table.score[index] == level] for level in levels]
    else:
        parts = _placements(context, spec, group)
    return Step(tuple(group), context.score_type, tuple(map(tuple, parts)), table)


def _ede(
    context: Context,
    spec: TiebreakSpec,
    group: list[int],
    first: str,
    steps: list[Step],
    literal: bool,
) -> list[list[int]]:
    """Art. 13.3.1 on ``group`` starting with the score ``first``; 13.3.3 on each part."""
    if len(group) < 2:
        return [group]
    for score in (first, _other(first)):
        step = art6_once(view(context, score), spec, group)
        steps.append(step)
        if step.separates:
            restart = primary(context) if literal else score
            return [
                ordered
                for part in step.parts
                for ordered in _ede(context, spec, list(part), restart, steps, literal)
            ]
    return [group]


def ede_order(
    context: Context, spec: TiebreakSpec, group: list[int], literal: bool = False
) -> Resolution:
    """EDE (C.07 (2026) Art. 13.3.1/13.3.3) on a tied group. A subset restarts with the score
    that split it (Held, exercise 45); ``literal`` restarts every subset on the primary score."""
    steps: list[Step] = []
    ordered = _ede(context, spec, group, primary(context), steps, literal)
    return Resolution(ordered, tuple(steps))


def by_boards(
    context: Context,
    spec: TiebreakSpec,
    group: list[int],
    criteria: tuple[str, ...],
    steps: list[Step],
) -> list[list[int]]:
    """The board criteria of Art. 12 in turn over the matches among ``group`` (``/A``: over
    all of each team's matches); teams left equal start again over the matches among
    themselves."""
    if len(group) < 2:
        return [group]
    every = spec.all_matches
    counted = all_match_tallies(context, group) if every else tallies(context, spec, group)
    if not every and not comparable(counted):
        steps.append(Step(tuple(group), criteria[0], (tuple(group),), tallies=counted))
        return [group]
    for criterion in criteria:
        keys = {index: _KEYS[criterion](counted[index].boards) for index in group}
        levels = sorted(set(keys.values()), reverse=True)
        parts = tuple(tuple(index for index in group if keys[index] == key) for key in levels)
        steps.append(Step(tuple(group), criterion, parts, tallies=counted, all_matches=every))
        if len(parts) > 1:
            return [
                ordered
                for part in parts
                for ordered in by_boards(context, spec, list(part), criteria, steps)
            ]
    return [group]


def resolve_group(context: Context, spec: TiebreakSpec, group: list[int]) -> Resolution:
    """The resolution of any tie-break of this module on a tied group."""
    if spec.acronym in _KEYS:
        steps: list[Step] = []
        ordered = by_boards(context, spec, group, (spec.acronym,), steps)
        return Resolution(ordered, tuple(steps))
    resolution = ede_order(context, spec, group)
    criteria = _KNOCKOUTS.get(spec.acronym)
    if criteria is None:
        return resolution
    steps = list(resolution.steps)
    ordered = [
        ordered
        for part in resolution.ordered
        for ordered in (
            by_boards(context, spec, part, criteria, steps) if len(part) == 2 else [part]
        )
    ]
    return Resolution(ordered, tuple(steps))


def order_group(context: Context, spec: TiebreakSpec, group: list[int]) -> list[list[int]]:
    """Subgroups of ``group``, best first (the registry's group order)."""
    return resolve_group(context, spec, group).ordered


# --- registration --------------------------------------------------------------------------

_ENTRIES = (
    ("EDE", "Extended Direct Encounter", "13.3"),
    ("EDEBT", "Extended Direct Encounter, then Board Count and Top Board Result", "13.3.2"),
    ("EDEBB", "Extended Direct Encounter, then Board Count and Bottom Board Elimination", "13.3.2"),
    ("EDET", "Extended Direct Encounter, then Top Board Result", "13.3.2"),
    ("EDEB", "Extended Direct Encounter, then Bottom Board Elimination", "13.3.2"),
    ("BC", "Board Count", "12.1"),
    ("TBR", "Top Board Result", "12.2"),
    ("BBE", "Bottom Board Elimination", "12.3"),
)

for _acronym, _name, _article in _ENTRIES:
    register(
        Definition(
            _acronym,
            _name,
            _article,
            "A",
            "PA" if _acronym in _KEYS else "P",  # /A: BC, TBR, BBE on their own
            compute=None,
            kind=Kind.GROUP,
            order_group=order_group,
            scope="team",
        )
    )


# --- traces of the group tie-breaks --------------------------------------------------------

#: the article of each criterion
_ARTICLES = {"BC": "12.1", "TBR": "12.2", "BBE": "12.3"}
#: the article of each tie-break
_TIEBREAK_ARTICLES = {acronym: article for acronym, _, article in _ENTRIES}


def _criterion_article(context: Context, step: Step) -> str:
    """Art. 6.2 or 6.3 for a step of Art. 6, else the board criterion's article."""
    if step.table is None:
        return _ARTICLES[step.criterion]
    return "6.2" if step.table.everyone_met or context.predetermined else "6.3"


def _step_entries(step: Step) -> list[Entry]:
    """One entry per member of the step's group with its scalar value (the mini-table score
    of Art. 6, the board count); none for the criteria compared board by board."""
    if step.table is not None:
        values: Mapping[int, Fraction | None] = step.table.score
    elif step.criterion == "BC" and (step.all_matches or comparable(step.tallies)):
        values = {index: board_count(step.tallies[index].boards) for index in step.group}
    else:
        return []
    return [
        Entry(None, step.criterion, None, opponent=index, score=values[index])
        for index in step.group
    ]


def _step_steps(context: Context, step: Step) -> list[TraceStep]:
    """The data of one step: the boards of each counted match and each member's key (board
    criteria), then the order it gave (parts separated by None)."""
    if step.tallies and not step.all_matches and not comparable(step.tallies):
        return [TraceStep("not-compared", step.group, "12")]
    found: list[TraceStep] = []
    for index in step.group if step.tallies else ():
        tally = step.tallies[index]
        for round_number, opponent, points in tally.matches:
            if opponent == NO_OPPONENT:  # /A: a bye
                found.append(TraceStep("bye-boards", (index, round_number, *points), "12"))
                continue
            found.append(TraceStep("match", (index, round_number, opponent, *points), "12"))
        if step.criterion in ("TBR", "BBE"):
            key = _KEYS[step.criterion](tally.boards)
            found.append(TraceStep(step.criterion, (index, *key), _ARTICLES[step.criterion]))
    parts: list[int | None] = []
    for part in step.parts:
        parts.extend([*part, None])
    order = TraceStep(
        f"order-{step.criterion}", tuple(parts[:-1]), _criterion_article(context, step)
    )
    return [*found, order]


@traces_group(*(acronym for acronym, _, _ in _ENTRIES))
def trace_encounters(context: Context, spec: TiebreakSpec, group: list[int], index: int) -> Trace:
    """Every step applied to the tied group (or a part of it holding this team), the group's
    mini-table on the primary score and the place it gives."""
    resolution = resolve_group(context, spec, group)
    place = place_in(resolution.ordered, index)
    scored = view(context, primary(context))
    table = mini_table(scored, group, spec)
    entries = list(member_entries(group, table))
    steps: list[TraceStep] = []
    for step in resolution.steps:
        if index in step.group:
            if (
                step.table is None
                or step.group != tuple(group)
                or step.criterion != scored.score_type
            ):
                entries.extend(_step_entries(step))  # else: the mini-table above
            steps.extend(_step_steps(context, step))
    steps.append(TraceStep("place", (place, len(group)), _TIEBREAK_ARTICLES[spec.acronym]))
    return Trace(
        spec,
        index,
        Fraction(place),
        tuple(entries),
        tuple(steps),
        rules=context.rules.name,
        group=group_table(scored, group, table, resolution.ordered),
    )


# --- Berliner Wertung ----------------------------------------------------------------------


def berlin_boards(match: Match, boards: int, draws: bool = True) -> tuple[Fraction, ...]:
    """Berlin points of each board game of a played match: board i of ``boards`` is worth
    ``boards - i + 1``; a win earns it, a draw half of it (nothing without ``draws``)."""
    if match.kind is not MatchKind.PLAYED:
        return ()
    result = []
    for game in match.boards:
        worth = max(boards - game.board + 1, 0)
        outcome = game.kind.outcome or 0  # half-points: 2 win, 1 draw
        if outcome == 1 and not draws:
            outcome = 0
        result.append(Fraction(worth * outcome, 2))
    return tuple(result)


def berlin_points(match: Match, boards: int, draws: bool = True) -> Fraction:
    """A team's Berliner Wertung of one match (0 for byes and forfeited matches)."""
    return sum(berlin_boards(match, boards, draws), Fraction(0))


class BerlinRole(StrEnum):
    """What an entry of a Berliner Wertung trace stands for, besides a board game (whose role
    is the game's kind, :attr:`~tiebreaks.model.ResultKind.description`: "win", "draw" ...)."""

    #: a round without board games (a bye, a forfeited match): adds nothing
    NO_BOARD_GAMES = "no-board-games"
    #: BERW: a drawn board game, which earns nothing
    DRAW_IGNORED = "draw-ignored"


@dataclass(frozen=True)
class BoardGames:
    """The board games of the matches played over the rounds considered, one element each
    (team by team, round by round, in the match's order): the team (index), the round
    (0-based column), the board number and the game's kind (its code in the grid)."""

    team: Integers
    column: Integers
    board: Integers
    code: Integers


def board_games(context: Context) -> BoardGames:
    """The :class:`BoardGames` of ``context``'s team tournament (cached in the context)."""
    return context.memo(_BOARD_GAMES, lambda: _board_games(context))


_BOARD_GAMES: Key[BoardGames] = Key("team-board-games")


def _board_games(context: Context) -> BoardGames:
    team = context.team
    assert team is not None
    numbers = [
        (index, column, game.board, CODE[game.kind])
        for index, entry in enumerate(team.teams)
        for column, match in enumerate(entry.matches[: context.rounds])
        if match.kind is MatchKind.PLAYED
        for game in match.boards
    ]
    table = np.array(numbers, dtype=np.int64).reshape(-1, 4)
    return BoardGames(table[:, 0], table[:, 1], table[:, 2], table[:, 3])


def berlin_games(context: Context, draws: bool) -> tuple[BoardGames, Integers, Integers]:
    """Every board game's worth (board i of B is worth B - i + 1, nothing past the last
    board) and the share of it earned in half-points (2 a win, 1 a draw, 0 a loss or a draw
    when ``draws`` is off); their product is the game's Berlin points in half-points."""
    team = context.team
    assert team is not None
    games = board_games(context)
    worth = np.maximum(team.boards - games.board + 1, 0)
    share = np.maximum(OUTCOME[games.code], 0)
    if not draws:
        share = np.where(share == 1, 0, share)
    return games, worth, share


def _berlin_column(context: Context, spec: TiebreakSpec, draws: bool) -> Column:
    games, worth, share = berlin_games(context, draws)
    totals = np.zeros(context.size, dtype=np.int64)
    np.add.at(totals, games.team, worth * share)
    return Column(spec, totals.tolist(), 2)


@tiebreak("BER", "Berliner Wertung", "Berliner Wertung", "B", "", scope="team")
def berlin(context: Context, spec: TiebreakSpec) -> Column:
    """BER (Berliner Wertung): per match played, board i of B is worth B - i + 1, won in full
    or shared on a draw; summed over the matches played (higher is better)."""
    return _berlin_column(context, spec, draws=True)


@tiebreak("BERW", "Berliner Wertung, draws ignored", "Berliner Wertung", "B", "", scope="team")
def berlin_wins(context: Context, spec: TiebreakSpec) -> Column:
    """BERW (Berliner Wertung, the variant of seed 004 that ignores draws): only won boards
    earn their worth B - i + 1."""
    return _berlin_column(context, spec, draws=False)


def _berlin_role(code: int, draws: bool) -> str:
    """The role of a board game in a Berliner Wertung trace: its kind, or an ignored draw."""
    if not draws and OUTCOME[code] == 1:
        return BerlinRole.DRAW_IGNORED
    return KINDS[code].description


@traces("BER", "BERW")
def trace_berlin(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per board game of the matches played: the board, its worth (``score``), the
    share earned (``weight``) and the Berlin points (``amount``); a round without board games
    adds nothing."""
    draws = spec.acronym == "BER"
    games, worth, share = berlin_games(context, draws)
    mine = np.flatnonzero(games.team == index)
    opponents = grid(context).opponent[index].tolist()
    entries: list[Entry] = []
    for column, opponent in enumerate(opponents):
        against = None if opponent == NO_OPPONENT else opponent
        here = mine[games.column[mine] == column].tolist()
        if not here:
            entries.append(Entry(column + 1, BerlinRole.NO_BOARD_GAMES, Fraction(0), against))
        entries.extend(
            Entry(
                column + 1,
                _berlin_role(int(games.code[game]), draws),
                Fraction(int(worth[game] * share[game]), 2),
                against,
                score=Fraction(int(worth[game])),
                weight=Fraction(int(share[game]), 2),
                board=int(games.board[game]),
            )
            for game in here
        )
    value = sum((entry.amount or Fraction(0) for entry in entries), Fraction(0))
    return Trace(spec, index, value, tuple(entries), rules=context.rules.name, is_sum=True)
