"""Ratings that change during an event longer than 30 days (leagues, team seasons), and the
dates that tell how long an event lasts.

A player has one rating per FIDE rating period; an event over several periods therefore has
several ratings per participant, each in force from a round on. C.07 (2026) Art. 10 computes
the rating tie-breaks with the first rating by default; the event may decide to use, in each
round, the rating in force in that round (FIDE endorsement checklist C.02, questions 210-216,
which also asks to advise against rating tie-breaks in such events).

TRF26 has no record for a rating per period (a report per rating period is sent instead);
the ratings come from a side CSV (:mod:`tiebreaks.formats.readers.ratings_csv`) or from the
``###`` comments a TRF we write records them with (:mod:`tiebreaks.formats.readers.trf_ratings`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from ..errors import Location

#: the FIDE rating period: an event longer than this spans more than one (C.02 Q210)
RATING_PERIOD_DAYS = 30


@dataclass(frozen=True)
class RoundRating:
    """The rating of participant ``start_number`` in force from round ``from_round`` on
    (until a later one of the same participant)."""

    start_number: int
    from_round: int
    rating: int


@dataclass(frozen=True)
class EventSpan:
    """The first and last dates the file gives (042/052, or the round dates of 132) and where
    the later one is written."""

    first: date
    last: date
    location: Location | None = field(default=None, compare=False)

    @property
    def days(self) -> int:
        """How many days the event lasts, the first and the last day included."""
        return (self.last - self.first).days + 1

    @property
    def over_one_period(self) -> bool:
        """True when the event lasts longer than 30 days (C.02 Q210)."""
        return self.days > RATING_PERIOD_DAYS


def rating_in_round(first: int | None, changes: list[RoundRating], round_number: int) -> int | None:
    """The rating in force in ``round_number``: the latest of ``changes`` (one participant's,
    ordered by round) from that round or earlier, else ``first``."""
    rating = first
    for change in changes:
        if change.from_round > round_number:
            break
        rating = change.rating
    return rating
