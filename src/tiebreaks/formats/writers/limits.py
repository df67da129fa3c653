"""What the writers share about the limits of their formats: who a value belongs to, and the
names shortened on request.

Every writer checks each value before it writes anything; a value its format cannot hold (too
wide, out of range, a character the format cannot carry, a value its reader would read back
otherwise) raises :class:`~tiebreaks.errors.FormatLimitError` naming the participant and the
field. The table of which field each format holds is in ``docs/formats.md``; the comparison of
a tournament with the one a file reads back is :mod:`tiebreaks.formats.round_trip`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TypeVar

from ...errors import (
    N_,
    Diagnostic,
    FormatLimitError,
    Location,
    ParameterHint,
    Phrase,
    shown_value,
)
from ...model import Player, ResultKind, ScoreSystem, Tournament
from ...model.rating_lists import name_key
from ...model.team import TeamRecord
from ...model.text import shown_name

__all__ = [
    "TOURNAMENT",
    "Refuser",
    "player_label",
    "shortened_names",
    "team_label",
    "text_fields",
]

#: the participant named for the tournament's own (header) fields
TOURNAMENT = "the tournament"
_SHOWN_NAME = 40
_T = TypeVar("_T")


def _short(name: str) -> str:
    """A name as a message shows it: control and formatting characters replaced (a message is
    one line), shortened when long."""
    name = shown_name(name)
    return name if len(name) <= _SHOWN_NAME else name[: _SHOWN_NAME - 1] + "\u2026"


def player_label(player: Player) -> Phrase:
    """``player 12 (Ann Example)``: the start number and the name (shortened when long), a
    phrase of the catalogs."""
    if not player.name:
        return Phrase(N_("player %(number)s"), number=player.start_number)
    return Phrase(
        N_("player %(number)s (%(name)s)"), number=player.start_number, name=_short(player.name)
    )


def team_label(team: TeamRecord) -> Phrase:
    """``team 3 (Kings)``: the team number and name, a phrase of the catalogs."""
    if not team.name:
        return Phrase(N_("team %(number)s"), number=team.number)
    return Phrase(N_("team %(number)s (%(name)s)"), number=team.number, name=_short(team.name))


class Refuser:
    """Raises the :class:`FormatLimitError` of one format."""

    def __init__(self, format_name: str) -> None:
        self.format_name = format_name

    def refuse(
        self, who: str, field: str, value: object, limit: str, advice: str | ParameterHint = ""
    ) -> FormatLimitError:
        """The error (to be raised by the caller)."""
        return FormatLimitError(self.format_name, who, field, value, limit, advice)

    def whole(
        self, who: str, field: str, value: int | None, low: int, high: int, limit: str
    ) -> None:
        """A whole number (or None) within ``low..high``."""
        if value is not None and not low <= value <= high:
            raise self.refuse(who, field, value, limit)

    def scored_alike(
        self,
        system: ScoreSystem,
        pairs: Iterable[tuple[ResultKind, ResultKind]],
        holder: str,
    ) -> None:
        """Refuse a score system in which a result kind of ``pairs`` is not scored as the
        kind the format writes it as (``(unrated win, win)``): ``holder`` completes "does not
        fit ..." with ``{}`` where the other kind's description goes."""
        points = system.points
        for kind, scored_as in pairs:
            if points[kind] != points[scored_as]:
                other = f"{scored_as.description} ({shown_value(points[scored_as])})"
                raise self.refuse(
                    TOURNAMENT,
                    f"score of a {kind.description}",
                    points[kind],
                    holder.format(other),
                    "write our JSON, which holds every score",
                )


def text_fields(tournament: Tournament) -> Iterator[tuple[str, str, str]]:
    """Every text of a tournament as (participant, field, text), header first: the texts a
    format may have to refuse a character of."""
    yield TOURNAMENT, "name", tournament.name
    yield TOURNAMENT, "type (092)", tournament.type_text
    yield TOURNAMENT, "type code (192)", tournament.type_code
    yield TOURNAMENT, "national rating federation (172)", tournament.national_federation
    yield TOURNAMENT, "rating method (172)", tournament.rating_method
    for label, items in (
        ("tie-break list (202)", tournament.tiebreak_list),
        ("standings list (212)", tournament.standings_list),
        ("published column", tournament.published_columns),
    ):
        for item in items:
            yield TOURNAMENT, label, item
    records = tournament.team_records
    if records is not None:
        yield TOURNAMENT, "board colours (352)", records.board_colours
        for team in records.teams:
            yield team_label(team), "name", team.name
            yield team_label(team), "short name", team.short_name
    for player in tournament.players:
        who = player_label(player)
        for field, text in (
            ("name", player.name),
            ("sex", player.sex),
            ("title", player.title),
            ("federation", player.federation),
            ("FIDE id", player.fide_id),
            ("birth date", player.birth_date),
        ):
            yield who, field, text


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, without the blanks the cut leaves at its end
    (a reader would take them away)."""
    return text if len(text) <= width else text[:width].rstrip()


def shortened_names(
    tournament: Tournament, player_width: int, team_width: int, short_width: int
) -> tuple[Tournament, list[Diagnostic]]:
    """The tournament with every player name cut to ``player_width`` characters, team names
    to ``team_width`` and short team names to ``short_width``, and one warning per name cut
    (at the participant's line in the source, when known). Names that become equal where
    that matters get a warning too: players (a rating list matched by name, ``--ratings``,
    could no longer tell them apart) and teams (the standings show teams by name)."""
    changes: list[Diagnostic] = []
    players = []
    for player in tournament.players:
        name = _cut(player.name, player_width)
        if name != player.name:
            changes.append(
                Diagnostic.told(
                    _SHORTENED[False],
                    _where(tournament, player.line),
                    code="write.name-shortened",
                    who=player_label(player),
                    width=player_width,
                    old=repr(player.name),
                    new=repr(name),
                )
            )
        players.append(replace(player, name=name) if name != player.name else player)
    changes.extend(_now_equal(tournament.players, players))
    records = tournament.team_records
    if records is not None:
        teams = [
            _cut_team(tournament, team, team_width, short_width, changes) for team in records.teams
        ]
        changes.extend(_teams_now_equal(records.teams, teams))
        records = replace(records, teams=tuple(teams))
    return replace(tournament, players=tuple(players), team_records=records), changes


def _where(tournament: Tournament, line: int | None) -> Location | None:
    if not line and not tournament.source:
        return None
    return Location(tournament.source, line or 0)


def _cut_team(
    tournament: Tournament,
    team: TeamRecord,
    team_width: int,
    short_width: int,
    changes: list[Diagnostic],
) -> TeamRecord:
    name, short = _cut(team.name, team_width), _cut(team.short_name, short_width)
    for short_name, width, old, new in (
        (False, team_width, team.name, name),
        (True, short_width, team.short_name, short),
    ):
        if new != old:
            changes.append(
                Diagnostic.told(
                    _SHORTENED[short_name],
                    _where(tournament, team.line),
                    code="write.name-shortened",
                    who=team_label(team),
                    width=width,
                    old=repr(old),
                    new=repr(new),
                )
            )
    return replace(team, name=name, short_name=short)


#: a name cut, by whether it is a team's short name (``who``: the player or team label)
_SHORTENED = {
    False: N_("%(who)s: name shortened to %(width)s characters: %(old)s -> %(new)s"),
    True: N_("%(who)s: short name shortened to %(width)s characters: %(old)s -> %(new)s"),
}


def _now_equal(before: tuple[Player, ...], after: list[Player]) -> Iterator[Diagnostic]:
    """A warning for each pair of players whose names differed and are equal after
    shortening (compared as a rating list by name compares them)."""
    pairs = [
        (name_key(old.name), name_key(new.name), old, new.name)
        for old, new in zip(before, after, strict=True)
    ]
    for other, player, name in _merged(pairs):
        yield Diagnostic.told(
            N_("players %(first)s and %(second)s have the same name after shortening, %(name)s"),
            hint=ParameterHint(
                "table", N_("a rating list matched by name ({}) cannot tell them apart")
            ),
            code="write.names-now-equal",
            first=other.start_number,
            second=player.start_number,
            name=repr(name),
        )


def _teams_now_equal(
    before: tuple[TeamRecord, ...], after: list[TeamRecord]
) -> Iterator[Diagnostic]:
    """A warning for each pair of teams whose names differed and are equal after
    shortening."""
    pairs = [
        (old.name.casefold(), new.name.casefold(), old, new.name)
        for old, new in zip(before, after, strict=True)
    ]
    for other, team, name in _merged(pairs):
        yield Diagnostic.told(
            N_(
                "teams %(first)s and %(second)s have the same name after shortening, %(name)s:"
                " the standings cannot tell them apart by name"
            ),
            code="write.names-now-equal",
            first=other.number,
            second=team.number,
            name=repr(name),
        )


def _merged(pairs: list[tuple[str, str, _T, str]]) -> Iterator[tuple[_T, _T, str]]:
    """(first, later, new name) for each later item whose new key equals that of an earlier
    item with another old key."""
    first: dict[str, tuple[str, _T]] = {}
    for old_key, new_key, item, name in pairs:
        if new_key not in first:
            first[new_key] = (old_key, item)
        elif first[new_key][0] != old_key:
            yield first[new_key][1], item, name
