"""What a TRF file can hold, as :mod:`.trf` reads it back: the checks
:func:`~.trf_writer.write_trf` makes before it writes anything.

A value TRF cannot hold raises :class:`~tiebreaks.errors.FormatLimitError` naming the
participant and the field:

* text wider than its columns (a name past 33 characters, a team name past 32, a short team
  name past 5, sex 1, title 3, federation 3, FIDE id 11, birth date 10), with leading or
  trailing blanks (the reader strips them), or holding a line break or another control or
  bidirectional formatting character (a line break would start a record of its own); a
  ``202``/``212`` item that is empty or holds a comma; a title the reader would read as
  another (``g`` is read as ``GM``); an empty team name (read as ``Team 3``);
* numbers out of their columns: start numbers, opponents, team members, ranks and ratings
  beyond 9999 (or negative), more than 999 rounds, team numbers beyond 999, points that do
  not fit columns 81-84 (or the 4 columns of a ``320`` team bye), negative points or points
  with more decimals than the score records take;
* a score system that gives an unrated game another score than the rated one, or an absence
  another than a zero-point bye (``162``/``XXS`` cannot tell them apart), or a negative score;
* national ratings or a ``172`` federation or method that record ``172`` cannot carry;
* the colour of a round without an opponent (a bye has none in TRF);
* team records without a team, or team bye points of ``320`` without both values.

A rating of 0 is written blank and read back as unrated, which it means (TRF-16, and in every
tie-break). Names past their columns are cut only when asked (``shorten_names``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from ...errors import N_, ParameterHint, shown_value
from ...model import Player, ResultKind, RoundResult, ScoreSystem, Tournament
from ...model.scoring import MAX_POINTS, MAX_SCORE_DENOMINATOR
from ...model.team import TeamRecords
from ..readers.trf_fields import format_points
from ..readers.trf_header import RATING_METHODS
from ..readers.trf_player import _normalise_title
from .limits import TOURNAMENT, Refuser, player_label, team_label

__all__ = [
    "MAX_NUMBER",
    "NAME_WIDTH",
    "SHORT_NAME_WIDTH",
    "TEAM_NAME_WIDTH",
    "check_header",
    "check_player",
    "check_round",
    "check_start_numbers",
    "check_teams",
    "fitted_points",
]

NAME_WIDTH = 33
TEAM_NAME_WIDTH = 32
SHORT_NAME_WIDTH = 5
#: start numbers, opponents, ratings and ranks have 4 columns
MAX_NUMBER = 9999
MAX_ROUNDS = 999
MAX_TEAM = 999

_TRF = Refuser("TRF")
#: characters a TRF record cannot carry: line breaks (and the other characters some programs
#: end a line at), the other control characters, the explicit bidirectional formatting
#: characters (they reorder the columns on screen) and lone surrogates (no UTF-8)
_UNSAFE_IN_RECORD = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_SHORTEN = ParameterHint("shorten_names", N_("use {} to cut it, or write our JSON, which holds it"))
_NUMBER_TEXT = "the 4-column {} field ({}, 1-9999)"
_PLAYER_TEXTS = (
    ("sex", "sex", 1, "column 10"),
    ("title", "title", 3, "columns 11-13"),
    ("name", "name", NAME_WIDTH, "columns 15-47"),
    ("federation", "federation", 3, "columns 54-56"),
    ("fide_id", "FIDE id", 11, "columns 58-68"),
    ("birth_date", "birth date", 10, "columns 70-79"),
)
#: kinds TRF scores as another kind: (kind, scored as)
_SCORED_AS = (
    (ResultKind.UNRATED_WIN, ResultKind.WIN),
    (ResultKind.UNRATED_DRAW, ResultKind.DRAW),
    (ResultKind.UNRATED_LOSS, ResultKind.LOSS),
    (ResultKind.ABSENT, ResultKind.ZERO_BYE),
)
_SCORE_LIMIT = (
    "TRF's score records (162, XXS): points from 0 to 999999.9999, with at most 4 decimals"
)
#: record codes the reader takes as header records: a 172 federation cannot be one
_RECORD_CODES = ("XXR", "XXS")


def check_text(
    who: str,
    field: str,
    value: str,
    width: int | None = None,
    where: str = "",
    advice: str | ParameterHint = "",
) -> None:
    """A text TRF holds: no character a record cannot carry, no blank at either end (the
    reader strips them) and, for a fixed field, at most ``width`` characters."""
    bad = _UNSAFE_IN_RECORD.search(value)
    if bad is not None:
        raise _TRF.refuse(
            who,
            field,
            value,
            f"a TRF record, which cannot carry the character U+{ord(bad.group()):04X} (a line "
            "break, another control character or a bidirectional formatting character)",
            "remove it from the input, or write our JSON, which holds it",
        )
    if value != value.strip():
        raise _TRF.refuse(
            who,
            field,
            value,
            "TRF, which reads every field without its leading and trailing blanks",
            "remove the blanks, or write our JSON, which holds them",
        )
    if width is not None and len(value) > width:
        raise _TRF.refuse(
            who, field, value, f"the {width}-column {field} field ({where}) of TRF", advice
        )


def fitted_points(points: Fraction) -> str | None:
    """Points as a 4-column field holds them (``6.5``, ``10.0``; ``120`` and ``.125`` when the
    usual form is too wide), None when they do not fit (or are negative)."""
    if points < 0:
        return None
    text = format_points(points)
    if "/" in text:
        return None
    if len(text) > 4 and text.endswith(".0"):
        text = text[:-2]
    elif len(text) > 4 and text.startswith("0."):
        text = text[1:]
    return text if len(text) <= 4 else None


def check_header(
    tournament: Tournament,
    type_records: tuple[str, str],
    lists: Iterable[tuple[str, tuple[str, ...]]],
) -> None:
    """The header records: ``012``, ``092``/``192`` (as written), ``142``/``XXR``,
    ``162``/``XXS``, ``172`` and the ``202``/``212`` lists as written."""
    check_text(TOURNAMENT, "name", tournament.name)
    check_text(TOURNAMENT, "type (092)", type_records[0])
    check_text(TOURNAMENT, "type code (192)", type_records[1])
    _TRF.whole(
        TOURNAMENT, "number of rounds", tournament.rounds, 0, MAX_ROUNDS, "records 142/XXR (1-999)"
    )
    _check_scores(tournament.score_system)
    _check_172(tournament)
    for label, items in lists:
        for item in items:
            check_text(TOURNAMENT, label, item)
            if not item or "," in item:
                raise _TRF.refuse(
                    TOURNAMENT,
                    label,
                    item,
                    "a TRF26 list, whose items are non-empty and separated by commas",
                )


def _check_scores(system: ScoreSystem) -> None:
    holder = "TRF's score records (162, XXS), which give it the score of a {}"
    _TRF.scored_alike(system, _SCORED_AS, holder)
    for kind, value in system.points.items():
        if value < 0 or value >= MAX_POINTS or MAX_SCORE_DENOMINATOR % value.denominator:
            raise _TRF.refuse(TOURNAMENT, f"score of a {kind.description}", value, _SCORE_LIMIT)


def _check_172(tournament: Tournament) -> None:
    """Record ``172`` (national rating support) and the national rating lines."""
    federation, method = tournament.national_federation, tournament.rating_method
    if federation or method:
        if (
            len(federation) != 3
            or not federation.isalpha()
            or federation != federation.upper()
            or federation in _RECORD_CODES
        ):
            raise _TRF.refuse(
                TOURNAMENT,
                "national rating federation (172)",
                federation,
                "record 172, which needs a federation of three capital letters (columns 5-7) "
                "that is not a record code (XXR, XXS)",
            )
        if method not in RATING_METHODS:
            raise _TRF.refuse(
                TOURNAMENT,
                "rating method (172)",
                method,
                f"record 172 (columns 9-13: {', '.join(RATING_METHODS)})",
            )
    for player in tournament.players:
        if player.national_rating is not None and not federation:
            raise _TRF.refuse(
                player_label(player),
                "national rating",
                player.national_rating,
                "a TRF file without record 172 (a federation and a rating method), which "
                "holds national ratings only with one",
            )
        _TRF.whole(
            player_label(player),
            "national rating",
            player.national_rating,
            0,
            MAX_NUMBER,
            "the 4-digit national rating field (0-9999)",
        )


def check_start_numbers(players: Iterable[Player]) -> None:
    """Every start number fits columns 5-8 (checked first: a player's number is named before
    another player's round that names it as an opponent)."""
    for player in players:
        _TRF.whole(
            player_label(player),
            "start number",
            player.start_number,
            1,
            MAX_NUMBER,
            _NUMBER_TEXT.format("start number", "columns 5-8"),
        )


def check_player(player: Player, points: Fraction | None, stated: bool, rank: int | None) -> None:
    """The columns 1-89 of a ``001`` record: ``points`` and ``rank`` as they are to be written
    (``stated``: points read or published, which must then be written; computed points that
    do not fit are left blank)."""
    who = player_label(player)
    check_start_numbers((player,))
    for attribute, field, width, where in _PLAYER_TEXTS:
        check_text(who, field, getattr(player, attribute), width, where, _SHORTEN)
    read_as = _normalise_title(player.title)
    if read_as != player.title:
        raise _TRF.refuse(who, "title", player.title, f"TRF, which reads it as {read_as!r}")
    _TRF.whole(who, "rating", player.rating, 0, MAX_NUMBER, "the 4-digit rating field (0-9999)")
    if stated and points is not None and fitted_points(points) is None:
        raise _TRF.refuse(
            who,
            "points",
            points,
            "the 4-column points field (columns 81-84): from 0 to 9999, e.g. 6.5, 120 or .125",
        )
    _TRF.whole(who, "rank", rank, 1, MAX_NUMBER, _NUMBER_TEXT.format("rank", "columns 86-89"))


def check_round(player: Player, round_number: int, result: RoundResult) -> None:
    """One round field: the opponent fits 4 columns; a round without an opponent has no
    colour (TRF gives a bye none)."""
    if result.opponent is not None and not 1 <= result.opponent <= MAX_NUMBER:
        raise _TRF.refuse(
            player_label(player),
            f"opponent in round {round_number}",
            result.opponent,
            "the 4-column opponent field (1-9999)",
        )
    if not result.kind.has_opponent and result.colour.value != "-":
        raise _TRF.refuse(
            player_label(player),
            f"colour of the {result.kind.description} in round {round_number}",
            result.colour.value,
            "TRF, which gives a round without an opponent no colour",
        )


def check_teams(records: TeamRecords) -> None:
    """The team records: ``013``/``310`` teams, ``320``, ``330``, ``352`` and ``362``."""
    if not records.teams:
        raise _TRF.refuse(
            TOURNAMENT, "team records", "no team", "TRF, which has team records only for teams"
        )
    for team in records.teams:
        who = team_label(team)
        _TRF.whole(who, "team number", team.number, 1, MAX_TEAM, "record 310 (columns 5-7, 1-999)")
        check_text(who, "name", team.name, TEAM_NAME_WIDTH, "013: 5-36, 310: 9-40", _SHORTEN)
        if not team.name:
            raise _TRF.refuse(
                who,
                "name",
                team.name,
                f"TRF, which reads an empty team name as 'Team {team.number}'",
                "give the team a name",
            )
        check_text(who, "short name", team.short_name, SHORT_NAME_WIDTH, "310: 42-46", _SHORTEN)
        for number in team.players:
            _TRF.whole(who, "player", number, 1, MAX_NUMBER, "a 4-column start number (1-9999)")
    for line_up in records.line_ups:
        where = f"the line-up of team {line_up.team} in round {line_up.round}"
        _TRF.whole(where, "round", line_up.round, 1, MAX_TEAM, "record 300 (columns 5-7, 1-999)")
        _TRF.whole(where, "team", line_up.team, 1, MAX_TEAM, "record 300 (columns 9-11)")
        _TRF.whole(where, "opponent", line_up.opponent, 1, MAX_TEAM, "record 300 (columns 13-15)")
        for number in line_up.players:
            _TRF.whole(where, "player", number, 0, MAX_NUMBER, "a 4-column start number or 0000")
    _check_team_scores(records)


def _check_team_scores(records: TeamRecords) -> None:
    byes = (records.bye_match_points, records.bye_game_points)
    if (None in byes and byes != (None, None)) or (records.bye_teams and None in byes):
        raise _TRF.refuse(
            TOURNAMENT,
            "team bye points (320)",
            " and ".join("-" if value is None else shown_value(value) for value in byes),
            "record 320, which gives the match and the game points of a team bye together",
        )
    for field, value in zip(("match", "game"), byes, strict=True):
        if value is not None and fitted_points(value) is None:
            raise _TRF.refuse(
                TOURNAMENT,
                f"{field} points of a team bye (320)",
                value,
                "the 4-column field of record 320 (from 0 to 9999, e.g. 1.5)",
            )
    for forfeit in records.forfeits:
        _TRF.whole(
            TOURNAMENT, "round of a forfeited match (330)", forfeit.round, 1, MAX_ROUNDS, "1-999"
        )
    if set(records.board_colours) - {"W", "B"}:
        raise _TRF.refuse(
            TOURNAMENT, "board colours (352)", records.board_colours, "record 352 (W and B)"
        )
    for symbol, value in zip(
        "WDL", (records.match_win, records.match_draw, records.match_loss), strict=True
    ):
        if value < 0 or value >= 10**9 or (value * 10**6).denominator != 1:
            raise _TRF.refuse(
                TOURNAMENT,
                f"match points T{symbol} (362)",
                value,
                "record 362 (from 0, with at most 6 decimals)",
            )


def check_round_ratings(tournament: Tournament) -> None:
    """The ratings of later rounds, written as ``###`` comments that read back
    (:mod:`..readers.trf_ratings`): a player of the tournament, a round from 2 to the number
    of rounds, a rating from 1 to 9999."""
    numbers = {player.start_number for player in tournament.players}
    for item in tournament.round_ratings:
        who = f"player {item.start_number}"
        if item.start_number not in numbers:
            raise _TRF.refuse(who, "rating per round", item.start_number, "a player of the file")
        rounds = f"a round from 2 to {tournament.rounds}"
        _TRF.whole(who, "round of a rating", item.from_round, 2, tournament.rounds, rounds)
        _TRF.whole(who, "rating per round", item.rating, 1, 9999, "a rating from 1 to 9999")
