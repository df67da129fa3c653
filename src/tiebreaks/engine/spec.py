"""Rank-order descriptors (TRF26 records 202/212, MTB26): ``Name[:Score][/Modifier]...``.

Modifiers (C.07 (2026) Art. 14 and MTB26): ``/Cn`` cut the n least significant values,
``/Mn`` median (n lowest then n highest), ``/L±n`` Koya limit moved by n half-points,
``/P`` forfeits counted as played games, ``/A`` BC, TBR, BBE over all of a team's matches (the
FIDE reference engine's reading; by default over the matches among the tied teams, Art. 12),
``/F`` based on Fore Buchholz, ``/R`` reverse order,
``/Un`` rating given to unrated participants (reference-engine extension), ``/Kn`` the SSSC
divisor (C.07 (2026) Art. 13.4), ``/SM`` Swiss-Manager's reading (SB: an own unplayed round
weighted as a draw, its "modified points"; ARO: the cuts remove unplayed rounds first; see
docs/conformance.md), ``/V<code>`` the
unplayed-rounds regime of this tie-break alone (``/V2026``, ``/V2024``, ``/V2009``, ``/VN``
no adjustment, ``/VD`` unplayed as draw, ``/VUS``; see :mod:`tiebreaks.model.rules`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import UsageError

#: counts, limits, ratings and divisors have a few digits (a cut of thousands of digits
#: would overflow int(); nothing real needs more than four)
_MODIFIER = re.compile(
    r"^(?:(?P<kind>[CM])(?P<count>[0-9]{1,4})|L(?P<limit>[+-][0-9]{1,4})|U(?P<rating>[0-9]{1,4})|"
    r"V(?P<regime>2026|2024|2023|2009|N|D|US)|K(?P<divisor>[1-9][0-9]{0,3})|(?P<program>SM)|"
    r"(?P<flag>[PAFR]))$"
)
_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")


@dataclass(frozen=True)
class TiebreakSpec:
    """A parsed tie-break descriptor; ``str()`` gives the canonical descriptor back."""

    acronym: str
    score: str = ""
    cut: int = 0
    median: int = 0
    koya_limit: int | None = None
    forfeits_as_played: bool = False
    all_matches: bool = False
    fore: bool = False
    reverse: bool = False
    unrated_rating: int | None = None
    regime: str | None = None
    divisor: int | None = None
    #: a publishing program's reading (``SM``: Swiss-Manager's, for SB and ARO)
    program: str | None = None

    def __repr__(self) -> str:
        """``parse_spec('BH/C1')``: an expression that gives the spec back."""
        return f"parse_spec({str(self)!r})"

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The modifiers in canonical order, e.g. ``("C1", "P")``."""
        parts: list[str] = []
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.koya_limit is not None:
            parts.append(f"L{self.koya_limit:+d}")
        if self.forfeits_as_played:
            parts.append("P")
        if self.all_matches:
            parts.append("A")
        if self.fore:
            parts.append("F")
        if self.reverse:
            parts.append("R")
        if self.unrated_rating is not None:
            parts.append(f"U{self.unrated_rating}")
        if self.divisor is not None:
            parts.append(f"K{self.divisor}")
        if self.program is not None:
            parts.append(self.program)
        if self.regime is not None:
            parts.append(f"V{self.regime}")
        return tuple(parts)

    @property
    def modifier_kinds(self) -> frozenset[str]:
        """Letters of the modifiers present (``C``, ``M``, ``L``, ``P``, ``A``, ``F``, ``R``,
        ``U``, ``K``, ``S`` for a program's reading, ``V``)."""
        return frozenset(part[0] for part in self.modifiers)

    def __str__(self) -> str:
        text = self.acronym + (f":{self.score}" if self.score else "")
        return "".join([text, *(f"/{part}" for part in self.modifiers)])


def parse_spec(text: str) -> TiebreakSpec:
    """Parse one descriptor such as ``BH/C1``, ``KS/L-1``, ``SB/C1/P`` or ``BH:MP/C1``."""
    cleaned = text.strip().upper()
    head, *modifiers = cleaned.split("/")
    acronym, _, score = head.partition(":")
    if not _NAME.match(acronym):
        raise UsageError(f"{text!r} is not a tie-break descriptor (expected e.g. BH/C1)")
    if score and score not in ("MP", "GP"):
        raise UsageError(f"{text!r}: the score after ':' must be MP or GP, not {score!r}")
    fields: dict[str, int | bool | str | None] = {}
    for modifier in modifiers:
        _read_modifier(text, modifier, fields)
    if fields.get("cut") and fields.get("median"):
        raise UsageError(f"{text!r}: a cut (/C) and a median (/M) cannot be combined")
    return TiebreakSpec(acronym=acronym, score=score, **fields)  # type: ignore[arg-type]


def _read_modifier(text: str, modifier: str, fields: dict[str, int | bool | str | None]) -> None:
    match = _MODIFIER.match(modifier)
    if match is None:
        raise UsageError(
            f"{text!r}: unknown modifier /{modifier} "
            "(expected /Cn, /Mn, /L±n, /P, /A, /F, /R, /Un, /Kn, /SM, /V2026, /V2024, /V2009,"
            " /VN, /VD, /VUS)"
        )
    if match["kind"]:
        name = "cut" if match["kind"] == "C" else "median"
        value: int | bool | str = int(match["count"])
    elif match["limit"] is not None:
        name, value = "koya_limit", int(match["limit"])
    elif match["rating"] is not None:
        name, value = "unrated_rating", int(match["rating"])
    elif match["divisor"] is not None:
        name, value = "divisor", int(match["divisor"])
    elif match["program"] is not None:
        name, value = "program", match["program"]
    elif match["regime"] is not None:
        name, value = "regime", "2024" if match["regime"] == "2023" else match["regime"]
    else:
        name = {"P": "forfeits_as_played", "A": "all_matches", "F": "fore", "R": "reverse"}[
            match["flag"]
        ]
        value = True
    if name in fields:
        raise UsageError(f"{text!r}: modifier /{modifier} given twice")
    fields[name] = value


def parse_spec_list(text: str) -> list[TiebreakSpec]:
    """Parse a comma-separated list of descriptors (as in ``--tiebreaks`` or TRF26 202/212)."""
    return [parse_spec(part) for part in text.split(",") if part.strip()]
