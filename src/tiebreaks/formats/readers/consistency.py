"""Consistency of a tournament's players, checked the same way whatever the input format.

Every reader (TRF, our JSON, Chess-JSON, PGN, CSV crosstable) ends with
:func:`check_consistency`. The policy, one line per class in ``docs/input-checks.md``:

**Errors** (:class:`~tiebreaks.errors.InputError`, the first one in the input): the standings
would depend on which of two records we believe, or could not be computed at all.

* two players with one start number;
* an opponent's start number that no player has, or a player paired with themselves;
* a result in a round after the number of rounds the input declares;
* a player paired twice in one round (named as opponent by two players);
* the two sides of a game that do not name each other, or whose results contradict each other:
  anything but 1/0, =/=, W/L, D/D, +/- and -/- (double forfeit), apart from the one case below.

**Warnings** (:class:`~tiebreaks.errors.Diagnostic` added to ``Tournament.warnings``; the
standings use each player's own record and do not depend on the choice):

* the two sides of a game whose colours are not opposite (W/B, B/W, or no colour on both), or
  where one side is a rated game and the other an unrated one with the same outcome;
* stated points that differ from the sum of the results (score system of the tournament);
* a round robin declared by the input whose pairings are not one (two players meet more often
  than the rounds allow), or whose declared number of rounds is not a whole number of cycles
  (said at the record that declares the round robin); it is computed as the round robin the
  input declares.

Team tournaments: the team records against each other and against the games
(:mod:`.consistency_teams`: a player in two teams, a team whose boards meet two teams ...).

Locations come from a :class:`Locator`: the reader says where a player's record is (its line)
and, when it knows, in which column a field is written (the TRF round slot of
:func:`~tiebreaks.formats.readers.trf_player.round_column`, the points column ...).

Published ranks are not checked here: they can only be judged with the tie-break list, which
``tiebreaks check`` does.

Speed: the usual case, a consistent tournament, is screened with a few array operations over
every round at once (:func:`_rounds_to_examine`: one pass per attribute over the results, then
look-ups in arrays), linear in the number of results, the same screen for every size; only a
round in which the screen sees something is walked again in Python to name each problem (the
tests check that the screen lets through exactly the rounds the walk finds nothing in).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import chain, compress, product, repeat
from operator import and_, attrgetter, is_, is_not, ne

import numpy as np
import numpy.typing as npt

from ...engine.context import NO_OPPONENT, assigned_scores
from ...errors import N_, Amount, Diagnostic, InputError, Location, ParameterHint, Phrase, Word
from ...model import ABSENT, Colour, PairingSystem, Player, ResultKind, RoundResult, Tournament
from ...model.columns import ResultColumns
from ...model.results import OPPOSITE_RESULT
from .consistency_teams import check_teams
from .locator import COLOUR_NAMES, Field, Locator, describe_result
from .trf_fields import format_points

__all__ = [
    "Field",
    "Locator",
    "ReadResults",
    "check_consistency",
    "describe_result",
    "round_robin_rounds_fit",
]

K = ResultKind


def check_consistency(
    tournament: Tournament,
    locator: Locator | None = None,
    declared_rounds: int | None = None,
    *,
    read: ReadResults | None = None,
) -> Tournament:
    """Check ``tournament`` for every class of the module docstring.

    Raises :class:`InputError` for the first error in the input (by line and column), saying
    how many more there are; returns the tournament with the warnings added (every warning
    sorted by line and column), or the tournament itself when there is nothing to say.
    ``declared_rounds``: the number of rounds the input states, when the reader took more
    rounds than that from the results (None: ``tournament.rounds``). ``read``: the results
    as the reader's columns, used instead of reading every result again when they are the
    players' results (:class:`ReadResults`).
    """
    where = locator or Locator(tournament.source)
    findings = _Findings()
    table = _table(tournament, declared_rounds, where, findings)
    flat = _Flat.of(table, read)
    for round_number in _rounds_to_examine(table, flat):
        _check_round(table, round_number, where, findings)
    if tournament.team_records is not None:
        check_teams(tournament, where, findings)
    findings.raise_first()
    totals = _totals(table, flat, tournament)
    _check_stated_points(tournament, table, totals, where, findings)
    _check_round_robin(tournament, table, flat, where, findings)
    _check_round_robin_rounds(tournament, declared_rounds or tournament.rounds, where, findings)
    findings.raise_first()
    if not findings.warnings:
        return tournament
    merged = sorted((*tournament.warnings, *findings.warnings), key=_position)
    return replace(tournament, warnings=tuple(merged))


# ---------------------------------------------------------------------------------------------
# What was found


@dataclass
class _Findings:
    #: a record that cannot be read as it is (an opponent that does not exist, a round beyond
    #: the last one ...): named first, as the records that contradict it follow from it
    broken: list[InputError] = field(default_factory=list)
    #: two records that contradict each other
    errors: list[InputError] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)

    def raise_first(self) -> None:
        """Raise the first broken record in the input (line, column), else the first
        contradiction, saying how many more errors follow."""
        found = self.broken or self.errors
        if not found:
            return
        first = min(found, key=lambda error: _position_key(error.location))
        more = len(self.broken) + len(self.errors) - 1
        if not more:
            raise first
        count = "1 more inconsistency follows"
        if more > 1:
            count = f"{more} more inconsistencies follow"
        raise InputError(first.location, first.text, f"{first.expected} ({count})")


def _position_key(location: Location) -> tuple[int, int]:
    return location.line, location.column


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    return _position_key(diagnostic.location or Location())


# ---------------------------------------------------------------------------------------------
# The players as lists: one row of ``rounds`` results per player


_START_NUMBER = attrgetter("start_number")
_RESULTS = attrgetter("results")
_OPPONENT = attrgetter("opponent")


@dataclass(frozen=True)
class _Table:
    players: tuple[Player, ...]
    rounds: int
    numbers: list[int]
    #: start number → position in ``players``
    rows: dict[int, int]
    #: each player's results, exactly ``rounds`` of them
    results: list[tuple[RoundResult, ...]]

    def result(self, position: int, round_number: int) -> RoundResult:
        return self.results[position][round_number - 1]


def _table(
    tournament: Tournament, declared: int | None, where: Locator, findings: _Findings
) -> _Table:
    """The players' rows; two players with one start number is raised at once."""
    players = tournament.players
    numbers: list[int] = list(map(_START_NUMBER, players))
    rows = dict(zip(numbers, range(len(numbers)), strict=True))
    if len(rows) != len(numbers):
        raise _duplicate_start_number(players, where)
    rounds = tournament.rounds
    limit = rounds if declared is None else min(declared, rounds)
    results: list[tuple[RoundResult, ...]] = list(map(_RESULTS, players))
    lengths = set(map(len, results))
    if max(lengths, default=0) > limit:
        _check_rounds_beyond(players, limit, where, findings)
    if lengths - {rounds}:
        padding = (ABSENT,) * rounds
        results = [(own + padding)[:rounds] for own in results]
    return _Table(players, rounds, numbers, rows, results)


_SIDES: tuple[tuple[ResultKind, Colour], ...] = tuple(product(K, Colour))
#: each kind's and each colour's part of a side's code (its position in :data:`_SIDES`)
_KIND_CODE = {kind: position * len(Colour) for position, kind in enumerate(K)}
_COLOUR_CODE = {colour: position for position, colour in enumerate(Colour)}
_KIND = attrgetter("kind")
_COLOUR = attrgetter("colour")
#: the opponent of a result without one, in :attr:`_Flat.opponents`
_NONE = -(2**62)
_NONE_FOR_NONE: dict[int | None, int] = {None: _NONE}


@dataclass(frozen=True)
class _Flat:
    """Every result's opponent (:data:`_NONE` for none) and side (kind and colour, coded by
    their position in :data:`_SIDES`), as arrays of one row of ``rounds`` per player."""

    opponents: npt.NDArray[np.int64]
    sides: npt.NDArray[np.int64]

    @classmethod
    def of(cls, table: _Table, read: ReadResults | None = None) -> _Flat:
        """The results of ``table``: from the reader's columns ``read`` when its rows are the
        players' results (the same objects), else each attribute read for all of them in one
        pass in C (player by player: the order the results were made in, close in memory)."""
        order = None if read is None else read.order_of(table.results)
        if read is not None and order is not None:
            return cls.of_read(read, order, table.rounds)
        flat = list(chain.from_iterable(table.results))
        shape, count = (len(table.results), table.rounds), len(flat)
        numbers = list(map(_OPPONENT, flat))
        opponents = np.fromiter(map(_NONE_FOR_NONE.get, numbers, numbers), np.int64, count)
        kinds = np.fromiter(map(_KIND_CODE.__getitem__, map(_KIND, flat)), np.int64, count)
        colours = np.fromiter(map(_COLOUR_CODE.__getitem__, map(_COLOUR, flat)), np.int64, count)
        return cls(opponents.reshape(shape), (kinds + colours).reshape(shape))

    @classmethod
    def of_read(cls, read: ReadResults, order: list[int], rounds: int) -> _Flat:
        """The first ``rounds`` rounds of the reader's rows ``order`` (rounds it has no
        column for are absences)."""
        shape = (len(order), rounds)
        opponents = np.full(shape, _NONE, dtype=np.int64)
        sides = np.full(shape, _KIND_CODE[K.ABSENT] + _COLOUR_CODE[Colour.NONE], dtype=np.int64)
        width = min(rounds, read.opponent.shape[1])
        opponent = read.opponent[order, :width]
        opponents[:, :width] = np.where(opponent > 0, opponent, _NONE)
        sides[:, :width] = read.kind[order, :width] * len(Colour) + read.colour[order, :width]
        return cls(opponents, sides)


@dataclass(frozen=True)
class ReadResults:
    """The results of a reader's records as the columns it read them from (rows: records in
    input order, columns: rounds): the opponent's start number (0: none) and the positions
    of the kind in :class:`ResultKind` and of the colour in :class:`Colour`. A round beyond
    the columns is an absence. ``rows`` are the tuples of results made from them: the check
    uses the columns only when every player's results are one of these very tuples (the
    reader sorts its records by start number, and pads or replaces some)."""

    rows: list[tuple[RoundResult, ...]]
    opponent: npt.NDArray[np.int64]
    kind: npt.NDArray[np.int64]
    colour: npt.NDArray[np.int64]

    def order_of(self, results: Sequence[tuple[RoundResult, ...]]) -> list[int] | None:
        """The row of each of ``results`` (the same object), or None if one is not a row."""
        if len(results) == len(self.rows) and all(map(is_, results, self.rows)):
            return list(range(len(results)))
        row_of = {id(row): index for index, row in enumerate(self.rows)}
        order = list(map(row_of.get, map(id, results)))
        return None if None in order else order  # type: ignore[return-value]

    def columns_of(self, players: Sequence[Player], rounds: int) -> ResultColumns | None:
        """The columns of ``players``' results over ``rounds`` rounds, for the engine's
        context (:mod:`tiebreaks.model.columns`), once the tournament is checked (every
        opponent exists, no start number twice); None when a player's results are not one
        of ``rows`` (changed after reading) or a start number is below 1 (0 means none)."""
        results = list(map(_RESULTS, players))
        order = self.order_of(results)
        starts = np.fromiter(map(_START_NUMBER, players), np.int64, len(players))
        if order is None or int(starts.min(initial=1)) < 1:
            return None
        shape, width = (len(order), rounds), min(rounds, self.kind.shape[1])
        kind = np.full(shape, _KINDS.index(K.ABSENT), dtype=np.int8)
        kind[:, :width] = self.kind[order, :width]
        opponent = np.full(shape, NO_OPPONENT, dtype=np.int64)
        opponent[:, :width] = _indexes(starts, self.opponent[order, :width])
        black = np.zeros(shape, dtype=np.bool_)
        black[:, :width] = self.colour[order, :width] == _COLOURS.index(Colour.BLACK)
        return ResultColumns(results, kind, opponent, black)


_KINDS = tuple(ResultKind)
_COLOURS = tuple(Colour)


def _indexes(
    starts: npt.NDArray[np.int64], numbers: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The position in ``starts`` of each start number of ``numbers`` (every one is there;
    0: none, ``NO_OPPONENT``): looked up in a table when the start numbers are close to 1..n,
    else found by a binary search."""
    highest = int(starts.max(initial=0))
    if highest <= 4 * len(starts) + 64:
        position = np.full(highest + 1, NO_OPPONENT, dtype=np.int64)
        position[starts] = np.arange(len(starts))
        position[0] = NO_OPPONENT
        return position[numbers]
    order = np.argsort(starts, kind="stable")
    found = order[np.searchsorted(starts[order], numbers).clip(max=len(starts) - 1)]
    return np.where(numbers > 0, found, NO_OPPONENT)


# ---------------------------------------------------------------------------------------------
# Start numbers and rounds


def _named(player: Player) -> Phrase:
    """``player 12 (Anna)``, or ``player 12`` without a name (a phrase of the catalogs)."""
    if player.name:
        return Phrase(
            N_("player %(number)s (%(name)s)"), number=player.start_number, name=player.name
        )
    return Phrase(N_("player %(number)s"), number=player.start_number)


def _who(player: Player) -> Phrase:
    """``player 12 (Anna, line 14)``: start number, name and line as far as known (a phrase
    of the catalogs)."""
    number, name, line = player.start_number, player.name, player.line
    if name and line:
        return Phrase(
            N_("player %(number)s (%(name)s, line %(line)s)"), number=number, name=name, line=line
        )
    if name:
        return Phrase(N_("player %(number)s (%(name)s)"), number=number, name=name)
    if line:
        return Phrase(N_("player %(number)s (line %(line)s)"), number=number, line=line)
    return Phrase(N_("player %(number)s"), number=number)


def _duplicate_start_number(players: Sequence[Player], where: Locator) -> InputError:
    """The error at the second record (in the input) of a start number given twice."""
    by_number: dict[int, list[Player]] = {}
    for player in players:
        by_number.setdefault(player.start_number, []).append(player)
    clashes = [
        sorted(group, key=lambda p: _position_key(where(p, Field.START_NUMBER)))
        for group in by_number.values()
        if len(group) > 1
    ]
    first, second = min(clashes, key=lambda g: _position_key(where(g[1], Field.START_NUMBER)))[:2]
    number = second.start_number
    return InputError(
        where(second, Field.START_NUMBER),
        str(number),
        f"a start number not used by another player ({_who(first)} already has {number})",
    )


def _check_rounds_beyond(
    players: Sequence[Player], limit: int, where: Locator, findings: _Findings
) -> None:
    """A result after round ``limit`` (the declared number of rounds) is an error."""
    for player in players:
        for round_number, result in enumerate(player.results[limit:], start=limit + 1):
            if result.kind is not K.ABSENT:
                findings.broken.append(
                    InputError(
                        where(player, Field.ROUND, round_number),
                        f"round {round_number}: {describe_result(result)}",
                        f"nothing: round {round_number} is beyond the number of rounds ({limit})",
                    )
                )
                break


# ---------------------------------------------------------------------------------------------
# The two sides of every game


_COMPLEMENTARY = frozenset(OPPOSITE_RESULT.items()) | {(K.FORFEIT_LOSS, K.FORFEIT_LOSS)}
#: the same outcome over the board, rated on one side and unrated on the other
_RATED_ON_ONE_SIDE = frozenset(
    {
        (K.WIN, K.UNRATED_LOSS),
        (K.UNRATED_WIN, K.LOSS),
        (K.LOSS, K.UNRATED_WIN),
        (K.UNRATED_LOSS, K.WIN),
        (K.DRAW, K.UNRATED_DRAW),
        (K.UNRATED_DRAW, K.DRAW),
    }
)
_OPPOSITE_COLOURS = frozenset(
    {(Colour.WHITE, Colour.BLACK), (Colour.BLACK, Colour.WHITE), (Colour.NONE, Colour.NONE)}
)
#: (kind, the other side's kind, colour, the other side's colour) of a result with nothing to
#: say; a result without opponent is compared with itself
_AGREEING = frozenset(
    [
        *(
            (mine, theirs, colour, other)
            for mine, theirs in _COMPLEMENTARY
            for colour, other in _OPPOSITE_COLOURS
        ),
        *((kind, kind, colour, colour) for kind in K if not kind.has_opponent for colour in Colour),
    ]
)
#: :data:`_AGREEING` without the games whose two sides have the same kind and no colour (a
#: draw or a double forfeit without colours): the only entries a game compared with itself
#: (an opponent who does not exist, or the player themselves) can match. In a round whose
#: games all have colours, this set needs no separate look for such games.
_AGREEING_IN_COLOUR = _AGREEING - {
    (kind, kind, Colour.NONE, Colour.NONE) for kind in K if kind.has_opponent
}
_OTHER_COLOUR = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE, Colour.NONE: Colour.NONE}
_OTHER_SIDE = {
    K.WIN: "a loss",
    K.LOSS: "a win",
    K.DRAW: "a draw",
    K.UNRATED_WIN: "a loss (unrated game)",
    K.UNRATED_LOSS: "a win (unrated game)",
    K.UNRATED_DRAW: "a draw (unrated game)",
    K.FORFEIT_WIN: "a forfeit loss",
    K.FORFEIT_LOSS: "a forfeit win or a forfeit loss",
}


#: the side a result without opponent is compared with (the place after the players)
_NOBODY = len(_SIDES)
#: the side of the place of an opponent who does not exist (it agrees with nothing)
_UNKNOWN = len(_SIDES) + 1


def _codes(
    agreeing: frozenset[tuple[ResultKind, ResultKind, Colour, Colour]],
) -> npt.NDArray[np.bool_]:
    """``agreeing`` as a table of side codes (:data:`_SIDES`, then :data:`_NOBODY` and
    :data:`_UNKNOWN`): whether a side (row) agrees with the other side (column)."""
    code = {side: number for number, side in enumerate(_SIDES)}
    table = np.zeros((_UNKNOWN + 1, _UNKNOWN + 1), dtype=bool)
    for mine, theirs, colour, other in agreeing:
        table[code[mine, colour], code[theirs, other]] = True
    for number, (kind, _) in enumerate(_SIDES):
        table[number, _NOBODY] = not kind.has_opponent
    table[[_NOBODY, _UNKNOWN], _NOBODY] = True
    return table


_AGREEING_CODES = _codes(_AGREEING)
_AGREEING_IN_COLOUR_CODES = _codes(_AGREEING_IN_COLOUR)


def _rounds_to_examine(table: _Table, flat: _Flat) -> list[int]:
    """The rounds in which some pairing may not agree on both sides (opponents that exist and
    name each other back, complementary results, opposite colours); the others certainly do.

    ``mirror[i, r]`` is the place of player ``i``'s opponent in round ``r``: a result without
    opponent points to a place ``n`` after the ``n`` players (its side compared with
    :data:`_NOBODY`, which agrees with a bye), an opponent who does not exist to ``n + 1``
    (whose mirror is ``n``, so that the player is never answered). Every player with an
    opponent is answered when ``mirror[mirror[i]] == i``. A few operations over the arrays
    of all rounds at once, for every size; the places are looked up in an array indexed by
    start number (the readers bound start numbers).
    """
    count, rounds = len(table.numbers), table.rounds
    top = max(table.numbers, default=0)
    position_of = np.full(top + 2, count)  # 0: no opponent; top + 1: one who does not exist
    position_of[top + 1] = count + 1
    position_of[np.array(table.numbers, dtype=np.int64)] = np.arange(count)
    opponents = flat.opponents
    written = np.where((opponents > 0) & (opponents <= top), opponents, top + 1)
    written[opponents == _NONE] = 0
    mirror = position_of[written]  # the place of nobody is its own; unknown's mirror is nobody
    places = np.vstack([mirror, np.full((2, rounds), count)])
    sides = np.vstack([flat.sides, np.full((1, rounds), _NOBODY), np.full((1, rounds), _UNKNOWN)])
    in_round = np.arange(rounds)
    own = np.arange(count)[:, None]
    answered = ((mirror == count) | (places[mirror, in_round] == own)).all(axis=0)
    other_side = sides[mirror, in_round]
    in_colour = _AGREEING_IN_COLOUR_CODES[flat.sides, other_side].all(axis=0)
    # games without colours (see _AGREEING_IN_COLOUR) agree when no result is compared with
    # itself (a player paired with themselves)
    alone = (mirror == own).any(axis=0)
    agreeing = _AGREEING_CODES[flat.sides, other_side].all(axis=0)
    certain = answered & (in_colour | (~alone & agreeing))
    examined: list[int] = (np.flatnonzero(~certain) + 1).tolist()
    return examined


def _check_round(table: _Table, round_number: int, where: Locator, findings: _Findings) -> None:
    """Every pairing of one round, from the players who name an opponent."""
    claims: dict[int, list[int]] = {}
    index = round_number - 1
    for position, results in enumerate(table.results):
        opponent = results[index].opponent
        if opponent is not None:
            claims.setdefault(opponent, []).append(position)
    for opponent, claimants in claims.items():
        _check_claims(table, round_number, opponent, claimants, where, findings)


def _check_claims(
    table: _Table,
    round_number: int,
    opponent: int,
    claimants: list[int],
    where: Locator,
    findings: _Findings,
) -> None:
    """The players (positions) who name ``opponent`` in ``round_number``."""
    named = table.rows.get(opponent)
    errors = findings.errors
    if named is None:
        for position in claimants:
            findings.broken.append(_unknown_opponent(table, round_number, position, where))
        return
    if named in claimants:
        findings.broken.append(_paired_with_themselves(table, round_number, named, where))
        claimants = [position for position in claimants if position != named]
    answer = table.result(named, round_number).opponent
    unanswered = [p for p in claimants if table.numbers[p] != answer]
    if len(claimants) > 1:
        errors.append(_paired_twice(table, round_number, named, claimants, unanswered, where))
    elif unanswered:
        errors.append(_not_named_back(table, round_number, unanswered[0], named, where))
    elif claimants and table.numbers[claimants[0]] < opponent:
        _compare_sides(table, round_number, claimants[0], named, where, findings)


def _slot(table: _Table, position: int, round_number: int) -> str:
    """``round 4: a win against player 30 with White``: what a record says about a round."""
    return f"round {round_number}: {describe_result(table.result(position, round_number))}"


def _unknown_opponent(
    table: _Table, round_number: int, position: int, where: Locator
) -> InputError:
    player = table.players[position]
    opponent = table.result(position, round_number).opponent
    return InputError(
        where(player, Field.ROUND, round_number),
        str(opponent),
        f"the start number of a player in round {round_number} (no {where.record_label} has "
        f"start number {opponent})",
    )


def _paired_with_themselves(
    table: _Table, round_number: int, position: int, where: Locator
) -> InputError:
    player = table.players[position]
    return InputError(
        where(player, Field.ROUND, round_number),
        str(player.start_number),
        f"the start number of another player in round {round_number} (player "
        f"{player.start_number} cannot be paired against themselves)",
    )


def _paired_twice(
    table: _Table,
    round_number: int,
    named: int,
    claimants: list[int],
    unanswered: list[int],
    where: Locator,
) -> InputError:
    """At the first record (in the input) that ``named`` does not name back."""
    players = table.players
    at = min(unanswered, key=lambda p: _position_key(where(players[p], Field.ROUND, round_number)))
    names = " and ".join(_who(players[p]) for p in claimants)
    return InputError(
        where(players[at], Field.ROUND, round_number),
        _slot(table, at, round_number),
        f"an opponent paired once in round {round_number}, but {_who(players[named])} is "
        f"paired twice (named by {names}) and has "
        f"{describe_result(table.result(named, round_number))}",
    )


def _not_named_back(
    table: _Table, round_number: int, position: int, named: int, where: Locator
) -> InputError:
    players = table.players
    return InputError(
        where(players[position], Field.ROUND, round_number),
        _slot(table, position, round_number),
        f"{_who(players[named])} to name player {players[position].start_number} as opponent "
        f"in round {round_number} too, but it has "
        f"{describe_result(table.result(named, round_number))}",
    )


def _compare_sides(
    table: _Table,
    round_number: int,
    position: int,
    named: int,
    where: Locator,
    findings: _Findings,
) -> None:
    """Results and colours of two records that name each other (reported on the lower start
    number's record)."""
    mine, theirs = table.result(position, round_number), table.result(named, round_number)
    kinds = (mine.kind, theirs.kind)
    problems = []
    if kinds in _RATED_ON_ONE_SIDE:
        problems.append(_RATED_ON_ONE_SIDE_ONLY)
    elif kinds not in _COMPLEMENTARY:
        findings.errors.append(_contradiction(table, round_number, position, named, where))
        return
    if (mine.colour, theirs.colour) not in _OPPOSITE_COLOURS:
        problems.append(_COLOURS_NOT_OPPOSITE)
    if not problems:
        return
    player, other = table.players[position], table.players[named]
    findings.warnings.append(
        Diagnostic.told(
            _SIDES_DISAGREE[tuple(problems)],
            where(player, Field.ROUND, round_number),
            code="consistency.sides-disagree",
            round=round_number,
            player=_who(player),
            mine=describe_result(mine),
            other=_who(other),
            theirs=describe_result(theirs),
        )
    )


_RATED_ON_ONE_SIDE_ONLY = "rated"
_COLOURS_NOT_OPPOSITE = "colours"
#: the sentence of two records that disagree, by what they disagree on
_SIDES_DISAGREE = {
    (_RATED_ON_ONE_SIDE_ONLY,): N_(
        "round %(round)s: %(player)s had %(mine)s, but %(other)s had %(theirs)s; one side is a"
        " rated game, the other an unrated one (each player's own record is used)"
    ),
    (_COLOURS_NOT_OPPOSITE,): N_(
        "round %(round)s: %(player)s had %(mine)s, but %(other)s had %(theirs)s; the colours"
        " are not opposite (each player's own record is used)"
    ),
    (_RATED_ON_ONE_SIDE_ONLY, _COLOURS_NOT_OPPOSITE): N_(
        "round %(round)s: %(player)s had %(mine)s, but %(other)s had %(theirs)s; one side is a"
        " rated game, the other an unrated one and the colours are not opposite (each"
        " player's own record is used)"
    ),
}


def _contradiction(
    table: _Table, round_number: int, position: int, named: int, where: Locator
) -> InputError:
    player, other = table.players[position], table.players[named]
    mine = table.result(position, round_number)
    other_side = f"{_OTHER_SIDE[mine.kind]} against player {player.start_number}"
    colour = _OTHER_COLOUR[mine.colour]
    if colour in COLOUR_NAMES:
        other_side += f" with {COLOUR_NAMES[colour]}"
    return InputError(
        where(player, Field.ROUND, round_number),
        _slot(table, position, round_number),
        f"{_who(other)} to have the other side of this game in round {round_number} "
        f"({other_side}), but it has {describe_result(table.result(named, round_number))}",
    )


# ---------------------------------------------------------------------------------------------
# Stated points


def _totals(table: _Table, flat: _Flat, tournament: Tournament) -> list[int]:
    """Each player's points in units of ``1 / score_system.denominator``."""
    scoring = tournament.score_system
    unit = scoring.denominator
    units = np.array([int(scoring.points.get(kind, Fraction(0)) * unit) for kind, _ in _SIDES])
    return units[flat.sides].sum(axis=1).tolist()  # type: ignore[no-any-return]


_STATED_POINTS = attrgetter("stated_points")


def _in_units(points: Fraction | None, unit: int) -> int | Fraction | None:
    """Stated points in the score unit: a whole number, or a Fraction (never a total)."""
    if points is None:
        return None
    value = points * unit
    return value.numerator if value.denominator == 1 else value


def _assigned_totals(tournament: Tournament) -> tuple[list[int], int]:
    """Each player's score with the 299 assignments, and its unit (the engine's own)."""
    scores = assigned_scores(tournament)
    unit = math.lcm(*(score.denominator for score in scores.values()))
    totals = [int(scores[player.start_number] * unit) for player in tournament.players]
    return totals, unit


def _check_stated_points(
    tournament: Tournament, table: _Table, totals: list[int], where: Locator, findings: _Findings
) -> None:
    """Stated points must equal the sum of the results (score system of the tournament).
    Each distinct stated value (one object per text read) is brought to the score unit once;
    the players whose total differs are found in one pass in C."""
    scoring = tournament.score_system
    unit = scoring.denominator
    if tournament.point_assignments and tournament.team_records is None:
        totals, unit = _assigned_totals(tournament)  # with the TRF26 299 assignments
    stated = list(map(_STATED_POINTS, table.players))
    keys = list(map(id, stated))
    in_units = {
        key: _in_units(value, unit) for key, value in dict(zip(keys, stated, strict=True)).items()
    }
    differs = map(ne, map(in_units.__getitem__, keys), totals)
    given = map(is_not, stated, repeat(None))
    for position in compress(range(len(stated)), map(and_, differs, given)):
        player, total, points = table.players[position], totals[position], stated[position]
        assert points is not None  # only the players who state points
        fields: dict[str, str | int] = {} if scoring.is_standard else {"system": str(scoring)}
        findings.warnings.append(
            Diagnostic.told(
                _POINTS_DIFFER[not scoring.is_standard],
                where(player, Field.POINTS),
                hint=None,
                code="consistency.points-differ",
                subject="",
                player=_named(player),
                label=Word(where.points_label),
                stated=Amount(format_points(points)),
                total=Amount(format_points(Fraction(total, unit))),
                **fields,
            )
        )


#: stated points that differ from the results, by whether the score system is not the
#: standard one
_POINTS_DIFFER = {
    False: N_("%(player)s: %(label)s says %(stated)s but the results add up to %(total)s"),
    True: N_(
        "%(player)s: %(label)s says %(stated)s but the results add up to %(total)s with the"
        " score system %(system)s"
    ),
}
#: the readers' names for the stated points (``Locator.points_label``), said in the reader's
#: language (a JSON member's name, such as ``"stated_points"``, is said as it is)
POINTS_LABELS = (N_("the stated score"), N_("the points column"), N_("the Pts. column"))


# ---------------------------------------------------------------------------------------------
# Round robin


def _participants(tournament: Tournament) -> tuple[int, str]:
    """How many participants a round robin of ``tournament`` pairs, and what they are: the
    teams of a team tournament, else the players."""
    if tournament.team_records is not None:
        return len(tournament.team_records.teams), N_("teams")
    return len(tournament.players), N_("players")


def _cycle(count: int) -> int:
    """The rounds of one cycle of a round robin of ``count`` participants (C.05 Berger
    tables): n - 1 for an even n, n for an odd n (each round one participant has no game)."""
    return count - 1 if count % 2 == 0 else count


def _check_round_robin(
    tournament: Tournament, table: _Table, flat: _Flat, where: Locator, findings: _Findings
) -> None:
    """A declared round robin in which two players meet more often than its rounds allow
    (once per cycle) is not one: a warning, and the tournament stays a round robin as
    declared. (In a team round robin the cycle is that of the teams.)"""
    rounds = table.rounds
    count, noun = _participants(tournament)
    if tournament.pairing_system is not PairingSystem.ROUND_ROBIN or count < 2 or not rounds:
        return
    if "scheveningen" in f"{tournament.type_code} {tournament.type_text}".lower():
        return
    cycles = -(-rounds // _cycle(count))
    own = chain.from_iterable(map(repeat, table.numbers, repeat(rounds)))
    meetings = Counter(zip(own, flat.opponents.ravel().tolist(), strict=True))
    too_often = sorted(
        (low, high)
        for (low, high), times in meetings.items()
        if high != _NONE and low < high and times > cycles
    )
    if not too_often:
        return
    low, high = too_often[0]
    position = table.rows[low]
    met = [r for r in range(1, rounds + 1) if table.result(position, r).opponent == high]
    player, other = table.players[position], table.players[table.rows[high]]
    findings.warnings.append(
        Diagnostic.told(
            N_(
                "the input declares a round robin, but %(player)s and %(other)s meet %(met)s"
                " times (rounds %(rounds_met)s), while in a round robin of %(count)s %(noun)s"
                " and %(rounds)s rounds two players meet at most %(times)s%(more)s; computed"
                " as a round robin, as declared"
            ),
            where(player, Field.ROUND, met[-1]),
            code="consistency.not-a-round-robin",
            player=_who(player),
            other=_who(other),
            met=len(met),
            rounds_met=_listed(met),
            count=count,
            noun=Word(noun),
            rounds=rounds,
            times=_at_most(cycles),
            more=_more_pairs(len(too_often) - 1),
        )
    )


def _at_most(cycles: int) -> Phrase:
    """How often two players meet in a round robin of ``cycles`` cycles: "once", "2 times"."""
    return Phrase(N_("once")) if cycles == 1 else Phrase(N_("%(count)s times"), count=cycles)


def _more_pairs(others: int) -> str:
    """What the warning adds about the other pairs that meet too often ("" for none)."""
    if not others:
        return ""
    if others == 1:
        return Phrase(N_("; 1 more pair meets too often"))
    return Phrase(N_("; %(count)s more pairs meet too often"), count=others)


def round_robin_rounds_fit(tournament: Tournament, rounds: int) -> bool:
    """False when ``tournament`` is a round robin (not a Scheveningen) whose ``rounds`` are
    not a whole number of cycles (n - 1 rounds for an even n, n for an odd n; exactly two
    cycles when a double round robin is declared), so that not every pair can meet."""
    count, _ = _participants(tournament)
    described = f"{tournament.type_code} {tournament.type_text}".lower()
    if (
        tournament.pairing_system is not PairingSystem.ROUND_ROBIN
        or count < 2
        or not rounds
        or "scheveningen" in described
    ):
        return True
    cycle = _cycle(count)
    return rounds == 2 * cycle if "double" in described else rounds % cycle == 0


def _check_round_robin_rounds(
    tournament: Tournament, rounds: int, where: Locator, findings: _Findings
) -> None:
    """A declared round robin whose declared number of rounds does not fit it
    (:func:`round_robin_rounds_fit`) cannot be one. A warning at the record that declares the
    round robin; it is computed as declared, so direct encounter (C.07 Art. 6) treats the
    pairings as pre-determined (Art. 15.2) and compares tied participants by their games
    among themselves even when they have not all met. A round robin still running is one:
    its rounds are declared in full."""
    if where.rounds_at is None or round_robin_rounds_fit(tournament, rounds):
        return
    count, noun = _participants(tournament)
    cycle = _cycle(count)
    double = "double" in f"{tournament.type_code} {tournament.type_text}".lower()
    declared = where.system_at or where.rounds_at
    elsewhere = where.rounds_at.line != declared.line
    at_line = Phrase(N_(" (line %(line)s)"), line=where.rounds_at.line) if elsewhere else ""
    hint = ParameterHint("pairing_system", N_("to compute it as a Swiss, give {} swiss"))
    findings.warnings.append(
        Diagnostic.told(
            _ROUNDS_DO_NOT_FIT[double],
            declared,
            hint,
            code="consistency.round-robin-rounds",
            subject="",
            count=count,
            noun=Word(noun),
            rounds=rounds,
            cycle=cycle,
            at_line=at_line,
            **({"cycles": 2 * cycle} if double else {}),
        )
    )


#: a round robin whose declared rounds do not fit it, by whether it is a double round robin
#: (``at_line``: where its rounds are declared, when not on the round robin's own line)
_ROUNDS_DO_NOT_FIT = {
    False: N_(
        "the input declares a round robin of %(count)s %(noun)s and %(rounds)s rounds%(at_line)s,"
        " but a round robin of %(count)s %(noun)s has %(cycle)s rounds per cycle (n - 1 for n"
        " even, n for n odd), so not every pair can meet; computed as declared: direct encounter"
        " (C.07 Art. 6) then compares tied %(noun)s by their games among themselves even if they"
        " have not all met; if the event is still running, declare all its rounds"
    ),
    True: N_(
        "the input declares a double round robin of %(count)s %(noun)s and %(rounds)s"
        " rounds%(at_line)s, but a double round robin of %(count)s %(noun)s has %(cycles)s"
        " rounds, two cycles of %(cycle)s (n - 1 for n even, n for n odd), so not every pair can"
        " meet twice; computed as declared: direct encounter (C.07 Art. 6) then compares tied"
        " %(noun)s by their games among themselves even if they have not all met; if the event"
        " is still running, declare all its rounds"
    ),
}


def _listed(numbers: Iterable[int]) -> str:
    """ "1, 4 and 7": a catalog phrase for two numbers or more."""
    items = [str(number) for number in numbers]
    if len(items) < 2:
        return "".join(items)
    return Phrase(N_("%(items)s and %(last)s"), items=", ".join(items[:-1]), last=items[-1])
