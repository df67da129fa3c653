"""Whether a file we wrote reads back to the tournament we wrote, as far as its format holds
one: :func:`differences` (used by the tests and by the fuzz oracle), with :func:`write` and
:func:`read_back` (each format's writer and reader).

Every format holds what decides the standings: the results (kind, opponent, colour of each
round), the number of rounds, the score system, the pairing system, the ratings and the teams
(their numbers, players in board order, team byes, forfeited matches, board colours and match
points). Field by field (``docs/formats.md`` has the same as a table):

===============================  =====================  ======  =========================
field                            TRF                    JSON    Chess-JSON
===============================  =====================  ======  =========================
colours of the rounds            games (7)              yes     White and Black (7)
name, dates, type text and code  yes (1)                yes     yes
players' text fields             yes (widths, 2)        yes     yes
ratings                          0-9999 (3)             yes     yes (3)
stated points and ranks          yes (4)                yes     yes
202 / 212 lists                  yes                    yes     one rank order (5)
ratings of later rounds          ``###`` comments       refused refused
published tie-break values       no (TRF has none)      yes     rank-order columns (6)
team names                       32 / 5 columns         yes     yes
line numbers, source name        no                     no      no
===============================  =====================  ======  =========================

(1) the writer adds a ``092`` text or a ``192`` code when the tournament has none and the file
would otherwise be read with the other pairing system. (2) what does not fit is refused by the
writer (or cut with ``shorten_names``). (3) a rating of 0 is read back as unrated, which is
what it means in every tie-break (TRF-16: "blank or 0 = unrated"). (4) points are written
also when none were stated (computed from the results; left blank when they do not fit).
(5) ``rankOrder`` is the ``212`` list, or ``PTS`` and the ``202`` list; read back, the ``212``
list is the rank order and ``202`` the rank order without ``PTS`` (which ranks the same).
(6) values published for other columns are refused by the writer. (7) a bye has no colour;
TRF writes a game without one as ``-``, Chess-JSON refuses it.

Written with standings (``published=True``), the stated points, ranks, published values and
the 202/212 lists are the standings' own (by design), so they are not compared.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..engine.context import assigned_scores
from ..errors import shown_value
from ..model import ABSENT, Player, ResultKind, RoundResult, ScoreSystem, Tournament
from ..model.team import TeamRecords
from .detect import read_data
from .writers.chess_json import write_chess_json
from .writers.limits import player_label, team_label
from .writers.tournament_json import write_tournament_json
from .writers.trf import type_records, write_trf
from .writers.trf_limits import fitted_points

if TYPE_CHECKING:
    from ..standings import Standings

__all__ = ["FORMATS", "differences", "held", "read_back", "write"]

#: the formats we write a tournament in (the names of ``convert --to``)
FORMATS = ("trf", "json", "chess-json")
_NOT_COMPARED = ("line", "source", "warnings")


def write(
    tournament: Tournament, fmt: str, standings: Standings | None = None, **options: Any
) -> str:
    """The tournament in format ``fmt`` (one of :data:`FORMATS`); ``options`` go to the
    writer (``shorten_names`` for TRF)."""
    if fmt == "trf":
        return write_trf(tournament, standings, **options)
    if fmt == "json":
        return write_tournament_json(tournament, standings)
    if fmt == "chess-json":
        return write_chess_json(tournament, standings)
    raise ValueError(f"unknown format {fmt!r}")


def read_back(text: str, fmt: str, source: str = "written") -> Tournament:
    """A file we wrote in ``fmt``, read by the reader of that format (as bytes, as the CLI
    would read the file)."""
    return read_data(text.encode("utf-8"), source, fmt)


def differences(
    original: Tournament, read: Tournament, fmt: str, *, published: bool = False
) -> list[str]:
    """What differs between ``original`` and the tournament ``read`` back from a file we
    wrote in ``fmt`` (one of :data:`FORMATS`), as far as that format holds a tournament (see
    the module docstring): one line of plain English per difference, empty when they are the
    same. ``published``: the file was written with standings (their points, ranks, values and
    lists replace the tournament's own). For TRF, ``original`` must be one the TRF writer
    accepts (its pairing system is named as the writer names it)."""
    before, after = held(original, fmt, published), held(read, fmt, published)
    found = list(_header_differences(before, after))
    found += _player_differences(before, after)
    found += _team_differences(before.team_records, after.team_records)
    return found


def held(tournament: Tournament, fmt: str, published: bool = False) -> Tournament:
    """The tournament as format ``fmt`` holds it (module docstring): players in start-number
    order with one result per round; line numbers, the source and the warnings left out."""
    players = tuple(
        sorted((_held_player(p, tournament, fmt) for p in tournament.players), key=_number)
    )
    held_form = replace(tournament, players=players, source="", warnings=())
    if tournament.team_records is not None:
        records = tournament.team_records
        teams = tuple(replace(team, line=None) for team in records.teams)
        forfeits = tuple(sorted((replace(f, line=None) for f in records.forfeits), key=repr))
        held_form = replace(
            held_form, team_records=replace(records, teams=teams, forfeits=forfeits)
        )
    if fmt == "trf":
        text, code = type_records(tournament)
        held_form = replace(held_form, type_text=text, type_code=code, published_columns=())
    elif fmt == "chess-json":
        held_form = _chess_lists(held_form)
    if fmt != "trf":  # a recorded list change is a TRF comment
        held_form = replace(held_form, list_changes=())
    if published:
        unpublished = tuple(
            replace(p, stated_points=None, stated_rank=None, stated_values=()) for p in players
        )
        held_form = replace(
            held_form,
            players=unpublished,
            tiebreak_list=(),
            standings_list=(),
            published_columns=(),
            list_changes=(),  # the standings' list may add one
        )
    return held_form


def _number(player: Player) -> int:
    return player.start_number


def _held_player(player: Player, tournament: Tournament, fmt: str) -> Player:
    results = player.results[: tournament.rounds]
    results += (ABSENT,) * (tournament.rounds - len(results))
    player = replace(player, results=results, line=None)
    if fmt in ("trf", "chess-json"):
        player = replace(
            player, rating=player.rating or None, national_rating=player.national_rating or None
        )
    if fmt == "trf":
        player = replace(player, stated_points=_trf_points(player, tournament), stated_values=())
    return player


def _trf_points(player: Player, tournament: Tournament) -> Fraction | None:
    """The points of a TRF record: the stated ones, else the sum of the results when it fits
    the points column (what the writer fills in)."""
    if player.stated_points is not None:
        return player.stated_points
    scores = tournament.score_system.points
    total = sum((scores[result.kind] for result in player.results), Fraction(0))
    if tournament.point_assignments and tournament.team_records is None:  # TRF26 299
        total = assigned_scores(tournament)[player.start_number]
    return total if fitted_points(total) is not None else None


def _chess_lists(tournament: Tournament) -> Tournament:
    """One rank order: the ``212`` list, or ``PTS`` and ``202``; ``202`` is the rank order
    without ``PTS`` (a rank order of ``PTS`` alone is no list)."""
    order = tournament.standings_list or (
        ("PTS", *tournament.tiebreak_list) if tournament.tiebreak_list else ()
    )
    if [item.upper() for item in order] == ["PTS"]:
        order = ()
    tiebreaks = tuple(item for item in order if item.upper() != "PTS")
    return replace(tournament, standings_list=order, tiebreak_list=tiebreaks)


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(item) for item in value) + ")"
    if isinstance(value, RoundResult):
        return _result_text(value)
    return shown_value(value)


def _result_text(result: RoundResult) -> str:
    text = result.kind.description
    if result.opponent is not None:
        text += f" against {result.opponent}"
    if result.colour.value != "-":
        text += f" ({result.colour.name.lower()})"
    return text


def _changed(who: str, field: str, before: object, after: object) -> str:
    return f"{who}: {field}: {_shown(before)} written, {_shown(after)} read back"


def _field_differences(
    who: str, before: object, after: object, skip: tuple[str, ...]
) -> Iterator[str]:
    """The fields (of two dataclass objects of one type) that differ, but those in ``skip``."""
    for item in fields(before):  # type: ignore[arg-type]
        if item.name in skip or item.name in _NOT_COMPARED or not item.compare:
            continue  # where a value was read (a line, a column) is not the value
        old, new = getattr(before, item.name), getattr(after, item.name)
        if old == new:
            continue
        if isinstance(old, ScoreSystem) and isinstance(new, ScoreSystem):
            for kind in ResultKind:
                if old.points[kind] != new.points[kind]:
                    field = f"score of a {kind.description}"
                    yield _changed(who, field, old.points[kind], new.points[kind])
        else:
            yield _changed(who, item.name.replace("_", " "), old, new)


def _header_differences(before: Tournament, after: Tournament) -> Iterator[str]:
    skip = ("players", "team_records")
    yield from _field_differences("the tournament", before, after, skip)
    if (before.team_records is None) != (after.team_records is None):
        yield _changed("the tournament", "team records", before.team_records, after.team_records)


def _player_differences(before: Tournament, after: Tournament) -> Iterator[str]:
    read = {player.start_number: player for player in after.players}
    written = {player.start_number for player in before.players}
    for player in before.players:
        who = player_label(player)
        other = read.get(player.start_number)
        if other is None:
            yield f"{who}: not in the file read back"
            continue
        yield from _field_differences(who, player, other, ("results",))
        for round_number, (old, new) in enumerate(
            zip(player.results, other.results, strict=True), start=1
        ):
            if old != new:
                yield _changed(who, f"round {round_number}", old, new)
    for number in sorted(set(read) - written):
        yield f"{player_label(read[number])}: read back, but not written"


def _team_differences(before: TeamRecords | None, after: TeamRecords | None) -> Iterator[str]:
    if before is None or after is None:
        return
    yield from _field_differences("the team records", before, after, ("teams",))
    read = {team.number: team for team in after.teams}
    for team in before.teams:
        other = read.pop(team.number, None)
        if other is None:
            yield f"{team_label(team)}: not in the file read back"
        else:
            yield from _field_differences(team_label(team), team, other, ())
    for team in read.values():
        yield f"{team_label(team)}: read back, but not written"
