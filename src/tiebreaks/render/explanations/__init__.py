"""Explanations in words: a :class:`~tiebreaks.engine.trace.Trace` told in one language.

Every sentence of an explanation is here, and goes through the gettext catalogs
(:mod:`tiebreaks.render.i18n`): ``lang`` gives the rounds, opponents, stand-ins, cuts, steps
and the tie-break's definition in English, German, Italian, French or Spanish. The engine
gives only data; each family module here registers its sentences per acronym with
:func:`~.words.describes`.

The words never change a number: each line's amount is the trace entry's amount, so an
explanation adds up to its value exactly as its trace does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...engine.computation import Computation
from ...engine.trace import Entry, Role, Trace
from ...standings import Standings
from . import (  # noqa: F401  (each module registers its sentences)
    adjusted_score,
    game_counts,
    groups,
    manual,
    national,
    opponents,
    ratings,
    team_scores,
)
from .lines import Explanation, Line
from .words import N_, Words, describer_for

__all__ = ["Words", "difference_text", "explanation", "worded"]


def explanation(trace: Trace, computation: Computation, lang: str = "en") -> Explanation:
    """The explanation of ``trace`` in ``lang``: its definition, one line per entry (the
    amount, the words, the reason of a cut) and the steps."""
    words = Words(computation, lang)
    describer = describer_for(trace.spec.acronym)
    definition, texts, steps = describer(trace, words)
    if not_tied(trace):  # nothing to tell but that the tie-break does not apply
        texts, steps = [], [no_tie(trace, words)]
        trace = replace(trace, entries=())
    lines = tuple(
        _line(entry, text, words) for entry, text in zip(trace.entries, texts, strict=True)
    )
    player = computation.tournament.players[trace.participant]
    return Explanation(
        str(trace.spec),
        player.start_number,
        player.name,
        value=trace.value,
        definition=definition,
        lines=lines,
        steps=tuple(steps) + _missing_cuts(trace, words),
        is_sum=trace.is_sum,
        opponents=trace.opponents,
        applies=not not_tied(trace),
    )


def not_tied(trace: Trace) -> bool:
    """A group tie-break's trace for a participant not tied with anyone when it was reached."""
    return trace.group is not None and len(trace.group.members) < 2


def no_tie(trace: Trace, words: Words) -> str:
    """Why a group tie-break has no value here: it orders only participants still tied."""
    if trace.spec.acronym in ("DE", "DEB"):
        return words._(
            "no tie: direct encounter does not apply (Art. 6 orders only the participants"
            " still tied)"
        )
    return words._(
        "no tie: %(tiebreak)s does not apply (it orders only the participants still tied)",
        tiebreak=str(trace.spec),
    )


def _line(entry: Entry, text: str, words: Words) -> Line:
    reason = "" if entry.reason is None else words.cut(entry.reason)
    return Line(_excluded_note(entry, text, words), entry.amount, entry.round, entry.kept, reason)


#: an opponent left out of the ranking: their games count as before (the words of a line)
_EXCLUDED = {
    "withdrawn": N_(
        "%(text)s (%(opponent)s withdrawn after round %(round)s, not ranked: the score"
        " counts as for any opponent)"
    ),
    "expelled": N_(
        "%(text)s (%(opponent)s expelled after round %(round)s, not ranked: the score"
        " counts as for any opponent)"
    ),
}


def _excluded_note(entry: Entry, text: str, words: Words) -> str:
    """The line's words, naming an opponent left out of the ranking (withdrawn or
    expelled): the value does not change, the reader is told why that opponent is not in
    the table."""
    if entry.opponent is None:
        return text
    exclusion = words.computation.exclusion(entry.opponent)
    if exclusion is None:
        return text
    return words._(
        _EXCLUDED[exclusion.status.value],
        text=text,
        opponent=words.who(entry.opponent),
        round=exclusion.last_round,
    )


def _missing_cuts(trace: Trace, words: Words) -> tuple[str, ...]:
    """A step when the modifier wanted to remove more values than there were."""
    spec = trace.spec
    if not trace.is_sum or not (spec.cut or spec.median):
        return ()
    wanted = spec.cut + 2 * spec.median
    removed = sum(1 for entry in trace.entries if entry.reason is not None)
    if removed < wanted:
        return (
            words._(
                "%(removed)s of the %(wanted)s values the modifier removes existed",
                removed=removed,
                wanted=wanted,
            ),
        )
    return ()


def worded(trace: Trace, standings: Standings, lang: str = "en") -> Explanation:
    """``trace`` told in ``lang`` with the results its standings were computed from (for a
    team tie-break, those of its score)."""
    return explanation(trace, standings.computation.for_score(trace.spec.score), lang)


def difference_text(
    key: tuple[str, int],
    standings: Standings,
    lang: str = "en",
    traces: Sequence[Trace | None] = (),
) -> str:
    """What a line of the reduced form of ``why`` compares: "their game against each other",
    "against #5 Anna", "round 3"; with the two ``traces`` compared, a round that stands for a
    dummy (Art. 16.4) or virtual opponent (2009 rules) says so and whose it is: "round 3,
    dummy opponent of #9 Jessica"."""
    words = Words(standings.computation, lang)
    kind, number = key
    if kind == "each other":
        return words._("their game against each other")
    if kind == "opponent":
        return words._("against %(opponent)s", opponent=words.who(number))
    shown = words._("round %(round)s", round=number)
    stand_ins = [(trace.participant, _stand_in(trace, number)) for trace in traces if trace]
    found = [(who, role) for who, role in stand_ins if role is not None]
    if not found:
        return shown
    if len(found) == 2 and found[0][1] == found[1][1]:
        return words._(_BOTH[found[0][1]], round=shown)
    return "; ".join(words._(_ONE[role], round=shown, player=words.who(who)) for who, role in found)


_DUMMY_ROLES = frozenset({Role.DUMMY, Role.DUMMY_CAPPED_BY_OPPONENT, Role.DUMMY_CAPPED_BY_ROUNDS})
_ONE = {
    "dummy": N_("%(round)s, dummy opponent of %(player)s"),
    "virtual": N_("%(round)s, virtual opponent of %(player)s"),
}
_BOTH = {
    "dummy": N_("%(round)s, dummy opponents of both"),
    "virtual": N_("%(round)s, virtual opponents of both"),
}


def _stand_in(trace: Trace, round_number: int) -> str | None:
    """ "dummy" or "virtual" when ``trace``'s entry of that round stands for such an opponent
    (not a game against a participant), else None."""
    for entry in trace.entries:
        if entry.round == round_number:
            if entry.role in _DUMMY_ROLES:
                return "dummy"
            if entry.role == Role.VIRTUAL:
                return "virtual"
    return None
