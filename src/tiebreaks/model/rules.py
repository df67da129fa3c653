"""Rules regimes: how unplayed rounds count, by FIDE edition or by national practice.

A regime fixes three things (see :mod:`tiebreaks.engine.unplayed`, the one place that
applies them):

* how a participant's score is *seen by opponents* (:class:`OpponentView`);
* what stands in for the participant's *own* unplayed rounds (:class:`OwnView`);
* whether the voluntary-unplayed-round cut exception (C.07 (2026) Art. 16.5) applies.

Named regimes:

* ``fide-2026``: C.07 Play-Off and Tie-Break Regulations approved 2 Feb 2026, applied to
  tournaments starting on or after 1 March 2026 (dummy opponent capped, Art. 16.4.1/16.4.2).
* ``fide-2024``: the C.07 editions applied from 1 July 2023 / 1 September 2023 /
  1 April 2024 / August 2024 (dummy opponent with the participant's own score, Art. 16).
* ``fide-2009``: the virtual opponent of C.02 §13.16 (Chalkidiki Congress 2009), applied
  until the 2023 edition: opponents' unplayed games count as draws; one's own unplayed round
  is a game against a virtual opponent who had one's score before that round, took the
  complementary result and drew every later round.
* ``unadjusted``: no adjustment at all (opponents' actual scores; an unplayed round adds 0).
* ``unplayed-draw``: opponents' unplayed games count as draws; an unplayed round adds 0 (the
  "treat unplayed games as draw" switch of pairing programs, without a virtual opponent).
* ``uscf``: US Chess rule 34E: opponents' unplayed games count ½ (adjusted scores), one's own
  unplayed games count as opponents with adjusted score 0; default list MMED, SOLK, CUM, OCUM.

Round robins (pre-determined pairings) are never adjusted: C.07 (2026) Art. 15.2, and
"unplayed games are treated as played" in the 2009 text.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum

from ..errors import UsageError


class OpponentView(Enum):
    """How a participant's score counts for their opponents' tie-breaks."""

    ADJUSTED = "requested byes before only unplayed rounds count as draws (C.07 Art. 16.3)"
    UNPLAYED_AS_DRAW = "every unplayed round counts as a draw"
    ACTUAL = "actual score, no adjustment"


class OwnView(Enum):
    """What stands in for the participant's own unplayed rounds in BH/SB-type sums."""

    DUMMY = "dummy opponent with the participant's own score (C.07 Art. 16.4)"
    VIRTUAL = "virtual opponent (C.02 §13.16, 2009)"
    NOTHING = "no opponent: the round adds 0"


@dataclass(frozen=True)
class Rules:
    """One rules regime: its name, dates and the switches that differ between regimes."""

    name: str
    code: str
    title: str
    effective_from: date | None
    opponent_view: OpponentView
    own_view: OwnView
    dummy_caps: bool = False
    vur_cut_exception: bool = False
    default_tiebreaks: str | None = None

    def __str__(self) -> str:
        return self.name


_FROM_2026 = date(2026, 3, 1)
_FROM_2023 = date(2023, 7, 1)

FIDE_2026 = Rules(
    name="fide-2026",
    code="2026",
    title="FIDE C.07 Play-Off and Tie-Break Regulations, in force from 1 March 2026",
    effective_from=_FROM_2026,
    opponent_view=OpponentView.ADJUSTED,
    own_view=OwnView.DUMMY,
    dummy_caps=True,
    vur_cut_exception=True,
)
FIDE_2024 = Rules(
    name="fide-2024",
    code="2024",
    title="FIDE C.07 Tie-Break Regulations, editions of 2023 and 2024",
    effective_from=_FROM_2023,
    opponent_view=OpponentView.ADJUSTED,
    own_view=OwnView.DUMMY,
    vur_cut_exception=True,
)
FIDE_2009 = Rules(
    name="fide-2009",
    code="2009",
    title="FIDE C.02 §13.16, virtual opponent for unplayed games (2009 to June 2023)",
    effective_from=date(2009, 10, 1),
    opponent_view=OpponentView.UNPLAYED_AS_DRAW,
    own_view=OwnView.VIRTUAL,
)
UNADJUSTED = Rules(
    name="unadjusted",
    code="N",
    title="No adjustment: actual scores; an unplayed round adds nothing",
    effective_from=None,
    opponent_view=OpponentView.ACTUAL,
    own_view=OwnView.NOTHING,
)
UNPLAYED_DRAW = Rules(
    name="unplayed-draw",
    code="D",
    title="Opponents' unplayed rounds count as draws; an unplayed round adds nothing",
    effective_from=None,
    opponent_view=OpponentView.UNPLAYED_AS_DRAW,
    own_view=OwnView.NOTHING,
)
USCF = Rules(
    name="uscf",
    code="US",
    title="US Chess Official Rules (7th ed.), rule 34E: adjusted scores",
    effective_from=None,
    opponent_view=OpponentView.UNPLAYED_AS_DRAW,
    own_view=OwnView.NOTHING,
    default_tiebreaks="PTS,MMED,SOLK,CUM,OCUM",
)
REGIMES: dict[str, Rules] = {
    rules.name: rules
    for rules in (FIDE_2026, FIDE_2024, FIDE_2009, UNADJUSTED, UNPLAYED_DRAW, USCF)
}
ALIASES = {
    "fide-2023": "fide-2024",
    "fide": "fide-2026",
    "latest": "fide-2026",
    "virtual-opponent": "fide-2009",
    "none": "unadjusted",
    "plain": "unadjusted",
    "draw": "unplayed-draw",
    "us": "uscf",
    "us-chess": "uscf",
}
#: the per-tie-break regime modifier ``/V<code>`` (``/V2023`` is read as ``/V2024``)
CODES: dict[str, Rules] = {rules.code: rules for rules in REGIMES.values()} | {"2023": FIDE_2024}


def rules_by_name(name: str) -> Rules:
    """The regime called ``name`` (case-insensitive; ``fide-2023`` is an alias of 2024)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    try:
        return REGIMES[key]
    except KeyError:
        known = ", ".join(REGIMES)
        raise UsageError(f"unknown rules regime {name!r}; known regimes: {known}") from None


def rules_by_code(code: str) -> Rules:
    """The regime of a ``/V`` modifier code (``2026``, ``2024``, ``2009``, ``N``, ``D``,
    ``US``)."""
    try:
        return CODES[code.upper()]
    except KeyError:
        known = ", ".join(f"/V{key}" for key in CODES)
        raise UsageError(f"unknown regime modifier /V{code}; known: {known}") from None


def rules_for_date(start_date: date | None) -> Rules:
    """The FIDE edition in force for a tournament starting on ``start_date``.

    From 1 March 2026 (or undated): ``fide-2026``; from 1 July 2023: ``fide-2024``; earlier:
    ``fide-2009`` (the virtual opponent; no older regime is implemented).
    """
    if start_date is None or start_date >= _FROM_2026:
        return FIDE_2026
    if start_date >= _FROM_2023:
        return FIDE_2024
    return FIDE_2009
