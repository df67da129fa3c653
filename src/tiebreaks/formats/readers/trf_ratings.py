"""Ratings per round and the event's dates in a TRF file (events longer than 30 days).

TRF26 has no record for a participant's rating in a later rating period: FIDE receives a
report per period instead. A TRF we write keeps such ratings as ``###`` comments, which the
format allows anywhere and other programs ignore, one per participant and round from which
the rating is in force::

    ### rating of 3 from round 4: 1875

:func:`read_round_ratings` reads them back (a comment naming a player or round the file does
not have, or repeating a round, is ignored with a located warning). :func:`event_span` reads
the dates of records ``042`` and ``052`` (start, end) and ``132`` (the round dates,
``YY/MM/DD`` at columns 92-99, 102-109, ...): how long the event lasts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from ...errors import N_, Diagnostic, Location
from ...model import Player
from ...model.round_ratings import EventSpan, RoundRating
from .trf_fields import Line, parse_date

#: the comment a TRF we write records a rating in force from a round with
RATING_COMMENT = re.compile(
    r"^### rating of (\d{1,4}) from round (\d{1,3}): (\d{1,4})[ \t]*$", re.IGNORECASE | re.MULTILINE
)
_DATE_RECORDS = frozenset(("042", "052", "132"))
_ROUND_DATE = re.compile(r"(\d{2})/(\d{2})/(\d{2})")
_FIRST_ROUND_COLUMN = 92  # 132: round r's date at 92 + 10 (r - 1)


def rating_comment(item: RoundRating) -> str:
    """The ``###`` comment recording ``item`` (read back by :func:`read_round_ratings`)."""
    return f"### rating of {item.start_number} from round {item.from_round}: {item.rating}"


def _lines(text: str) -> str:
    """The text with LF line ends only (so that ``^`` and line numbers hold for CR files)."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def read_round_ratings(
    text: str, source: str, players: tuple[Player, ...], rounds: int, warnings: list[Diagnostic]
) -> tuple[RoundRating, ...]:
    """The ratings per round recorded as ``###`` comments (:func:`rating_comment`), ordered
    by participant and round."""
    if "rating of" not in text:
        return ()
    text = _lines(text)
    numbers = {player.start_number for player in players}
    found: dict[tuple[int, int], RoundRating] = {}
    for match in RATING_COMMENT.finditer(text):
        number, from_round, rating = (int(group) for group in match.groups())
        problem = ""
        if number not in numbers:
            problem = N_("the rating comment is ignored: no player has start number %(number)s")
        elif not 2 <= from_round <= max(rounds, 2) or rating == 0:
            problem = N_(
                "the rating comment is ignored: expected a round from 2 to %(rounds)s and a"
                " rating from 1"
            )
        elif (number, from_round) in found:
            problem = N_(
                "the rating comment is ignored: player %(number)s already has a rating from"
                " round %(round)s"
            )
        if problem:
            location = Location(source, _line_of(text, match.start()), 1)
            fields = {"number": number, "rounds": rounds, "round": from_round}
            used = {name: value for name, value in fields.items() if f"%({name})" in problem}
            warnings.append(
                Diagnostic.told(
                    problem,
                    location,
                    hint=None,
                    code="trf.round-rating-ignored",
                    subject="",
                    **used,
                )
            )
            continue
        found[number, from_round] = RoundRating(number, from_round, rating)
    return tuple(found[key] for key in sorted(found))


def event_span(lines: Sequence[Line]) -> EventSpan | None:
    """The first and last dates of records 042, 052 and 132 among ``lines`` (the file's
    lines, :func:`.trf.split_lines`; None without a readable date), located at the later
    date's record and column."""
    dated: list[tuple[date, Location]] = []
    for line in lines:
        record = line.text[:3]
        if record not in _DATE_RECORDS:
            continue
        at = Location(line.source, line.number, 5)
        if record == "132":
            dated.extend(_round_dates(line.text, at))
            continue
        day = parse_date(line.text[3:].strip())
        if day is not None:
            dated.append((day, at))
    if not dated:
        return None
    first = min(day for day, _ in dated)
    last, location = max(dated, key=lambda item: item[0])
    return EventSpan(first, last, location)


def _round_dates(record: str, at: Location) -> list[tuple[date, Location]]:
    """The readable round dates of a 132 record (``YY/MM/DD``: 20YY)."""
    dated = []
    for match in _ROUND_DATE.finditer(record):
        column = match.start() + 1
        if column < _FIRST_ROUND_COLUMN:
            continue
        year, month, day = (int(group) for group in match.groups())
        try:
            dated.append((date(2000 + year, month, day), Location(at.source, at.line, column)))
        except ValueError:
            continue
    return dated
