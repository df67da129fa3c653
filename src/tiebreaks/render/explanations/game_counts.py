"""The sentences of the tie-breaks on the participant's own record and of the Koya system:
PTS (C.07 (2026) Art. 4.2), WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), REP (7.6), STD (7.7),
TPN (7.8) and KS (9.2)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.families.game_counts import CountRole
from ...engine.families.koya import KoyaRole
from ...engine.trace import Entry, Trace
from .words import N_, Words, describes

#: what each count means
_COUNTS = {
    "WIN": N_("Number of wins: rounds scored as a win, played or not (Art. 7.1)"),
    "WON": N_("Number of games won over the board (Art. 7.2)"),
    "BPG": N_("Number of games played with Black over the board (Art. 7.3)"),
    "BWG": N_("Number of games won with Black over the board (Art. 7.4)"),
    "REP": N_(
        "Rounds one elected to play: every round except half-point and zero-point byes,"
        " absences and forfeit losses (Art. 7.6)"
    ),
}

#: a round's standard points (Art. 7.7): (compared with, halves) -> sentence
_STANDARD = {
    (CountRole.AGAINST_OPPONENT, 2): N_("%(round)s: more than the opponent"),
    (CountRole.AGAINST_OPPONENT, 1): N_("%(round)s: as much as the opponent"),
    (CountRole.AGAINST_OPPONENT, 0): N_("%(round)s: less than the opponent"),
    (CountRole.AGAINST_DRAW, 2): N_("%(round)s: more than a draw"),
    (CountRole.AGAINST_DRAW, 1): N_("%(round)s: as much as a draw"),
    (CountRole.AGAINST_DRAW, 0): N_("%(round)s: less than a draw"),
}

_ORDER = {
    CountRole.LOWER_RANKS_HIGHER: N_("pairing number %(number)s: a lower number ranks higher"),
    CountRole.HIGHER_RANKS_HIGHER: N_(
        "pairing number %(number)s: a higher number ranks higher (/R)"
    ),
}


def _rounds(trace: Trace, words: Words) -> list[str]:
    """Each entry's round as "Round 4: win with Black against #12 Nick"."""
    return [words.round(trace.participant, entry.round or 0) for entry in trace.entries]


@describes("WIN", "WON", "BPG", "BWG", "REP")
def count(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per counted round, each adding 1."""
    return words._(_COUNTS[trace.spec.acronym]), _rounds(trace, words), []


@describes("PTS")
def points(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round with the points it gave (Art. 4.2)."""
    definition = words._(
        "Points: every point awarded, played or not (score system %(system)s)",
        system=str(words.computation.tournament.score_system),
    )
    return (
        definition,
        [assigned_line(trace.participant, entry, words) for entry in trace.entries],
        [],
    )


def assigned_line(index: int, entry: Entry, words: Words, text: str = "") -> str:
    """A round of a score ("Round 4: win ..."), said to be set by a TRF26 ``299`` record when
    it is; a penalty or bonus is no round's result and says so. ``text`` is the round as the
    caller words it (default: :meth:`Words.round`)."""
    if entry.role == CountRole.PENALTY_OR_BONUS:
        return words._(
            "Penalty or bonus (record 299): counted in the score only, no tie-break sees it"
        )
    text = text or words.round(index, entry.round or 0)
    if entry.role == CountRole.ASSIGNED:
        return words._(
            "%(round)s; points set by an abnormal point assignment (record 299)", round=text
        )
    return text


def _standard(entry: Entry, round_text: str, words: Words) -> str:
    halves = int(2 * (entry.amount or Fraction(0)))
    return words._(_STANDARD[CountRole(entry.role), halves], round=round_text)


@describes("STD")
def standard_points(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round: 1 for more than the opponent (or the draw value), ½ for as much,
    0 for less (Art. 7.7)."""
    texts = [
        _standard(entry, text, words)
        for entry, text in zip(trace.entries, _rounds(trace, words), strict=True)
    ]
    definition = words._(
        "Standard points: per round 1 for scoring more than the opponent (without a game: more"
        " than a draw), ½ for as much, 0 for less (Art. 7.7)"
    )
    return definition, texts, []


@describes("TPN")
def pairing_number(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The start number and which way it ranks (Art. 7.8)."""
    texts = [
        words._(_ORDER[CountRole(entry.role)], number=words.number(trace.value))
        for entry in trace.entries
    ]
    return words._("Tournament pairing number (Art. 7.8)"), texts, []


def _koya_round(entry: Entry, round_text: str, words: Words) -> str:
    score = words.number(entry.score)
    if entry.role == KoyaRole.COUNTED:
        return words._(
            "%(round)s, score %(score)s: counted, %(points)s",
            round=round_text,
            score=score,
            points=words.number(entry.amount),
        )
    return words._("%(round)s, score %(score)s: below the limit", round=round_text, score=score)


def _koya_limit(trace: Trace, words: Words) -> str:
    """The limit step: "limit: 4.5 points (half of 9 games x 1)", moved with /L."""
    limit, games, win, moved = trace.steps[0].numbers
    assert isinstance(moved, int)
    fields = {"limit": words.number(limit), "games": games, "win": words.number(win)}
    if moved:
        return words._(
            "limit: %(limit)s points (half of %(games)s games x %(win)s, moved by %(moved)s"
            " half-points (/L))",
            moved=f"{moved:+d}",
            **fields,
        )
    return words._("limit: %(limit)s points (half of %(games)s games x %(win)s)", **fields)


@describes("KS")
def koya(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round with a scheduled opponent: counted when the opponent reached the
    limit; the limit (Art. 9.2)."""
    texts = [
        _koya_round(entry, text, words)
        for entry, text in zip(trace.entries, _rounds(trace, words), strict=True)
    ]
    definition = words._(
        "Koya: the points scored against the participants who reached 50% of the maximum"
        " possible score (Art. 9.2)"
    )
    return definition, texts, [_koya_limit(trace, words)]
