"""The sentences of opponent-based sums and their relatives: BH (C.07 (2026) Art. 8.1), FB
(8.3), AOB (8.2), SB (9.1), PS (7.5); the opponent's score as counted (Art. 16.3) and what
stands in for the opponent of an unplayed round (Art. 16.4, C.02 13.16.2)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.trace import Entry, Role, Trace
from ...model.rules import OpponentView
from .words import N_, Words, describes

_DEFINITIONS = {
    "BH": N_("Buchholz: the sum of the opponents' scores (Art. 8.1); rules %(rules)s"),
    "FB": N_(
        "Fore Buchholz: Buchholz with every game of the last round counted as a draw"
        " (Art. 8.3); rules %(rules)s"
    ),
    "SB": N_(
        "Sonneborn-Berger: the scores of the opponents beaten, plus half the scores of those"
        " drawn (Art. 9.1); rules %(rules)s"
    ),
}


def opponent_score(entry: Entry, words: Words) -> str:
    """The opponent's score as counted, and why it differs from the score on the table:
    "3 (scored 2; unplayed rounds 4, 5 counted as draws, Art. 16.3)"."""
    counted = words.number(entry.score)
    if entry.actual is None:
        return counted
    listed = ", ".join(map(str, entry.adjusted_rounds))
    fields = {"score": counted, "actual": words.number(entry.actual), "rounds": listed}
    if words.computation.rules.opponent_view is OpponentView.ADJUSTED:
        fields["rule"] = "Art. 16.3"
    elif words.computation.rules.name == "fide-2009":
        fields["rule"] = "C.02 §13.16, 2009"
    else:
        fields["rule"] = words._("rules %(rules)s", rules=words.computation.rules.name)
    return words.plural(
        "%(score)s (scored %(actual)s; unplayed round %(rounds)s counted as a draw, %(rule)s)",
        "%(score)s (scored %(actual)s; unplayed rounds %(rounds)s counted as draws, %(rule)s)",
        len(entry.adjusted_rounds),
        **fields,
    )


def round_against(index: int, entry: Entry, words: Words) -> str:
    """A round counted against an opponent (a game, or a forfeit counted as one):
    "Round 3: draw with Black against #5 Anna, score 5"."""
    assert entry.round is not None
    text = words._(
        "%(round)s, score %(score)s",
        round=words.round(index, entry.round),
        score=opponent_score(entry, words),
    )
    if entry.role == Role.FORFEIT_AS_GAME:
        why = (
            words._("a forfeit counted as a game: pre-determined pairings, Art. 15.2")
            if words.computation.predetermined
            else words._("a forfeit counted as a game: /P")
        )
        text = f"{text} ({why})"
    extra = _penalty_or_bonus(entry.opponent, words)
    if extra:
        note = words._(
            "their penalty or bonus of record 299, %(points)s, is no result", points=extra
        )
        text = f"{text} ({note})"
    return text


def _penalty_or_bonus(opponent: int | None, words: Words) -> str:
    """The opponent's TRF26 299 penalty or bonus, which their score as counted leaves out
    ("" when there is none)."""
    extra = 0 if opponent is None else words.computation.adjustment(opponent)
    if not extra:
        return ""
    return words.number(Fraction(extra, words.computation.unit))


def stand_in(index: int, entry: Entry, words: Words) -> str:
    """Who stands in for the opponent of an unplayed round, with the article that sets it."""
    assert entry.round is not None
    computed = words.computation
    if entry.role == Role.NOTHING:
        return words._("no opponent: adds 0 (rules %(rules)s)", rules=computed.rules.name)
    if entry.role == Role.VIRTUAL:
        return _virtual(index, entry, words)
    own = words.number(Fraction(sum(computed.points(index)), computed.unit))
    dummy = words._(
        "counted as a game against a dummy opponent with your own score %(own)s", own=own
    )
    if entry.role == Role.DUMMY_CAPPED_BY_OPPONENT and entry.opponent is not None:
        return words._(
            "%(dummy)s, capped at %(opponent)s's adjusted score %(cap)s (Art. 16.4.1)",
            dummy=dummy,
            opponent=words.who(entry.opponent),
            cap=words.number(entry.score),
        )
    if entry.role == Role.DUMMY_CAPPED_BY_ROUNDS:
        return words._(
            "%(dummy)s, capped at %(draw)s x %(rounds)s rounds = %(cap)s (Art. 16.4.2)",
            dummy=dummy,
            draw=words.number(Fraction(computed.draw, computed.unit)),
            rounds=computed.rounds,
            cap=words.number(entry.score),
        )
    return words._("%(dummy)s (Art. 16.4)", dummy=dummy)


def _virtual(index: int, entry: Entry, words: Words) -> str:
    """The 2009 virtual opponent: the score before the round, the complementary result of
    the round and a draw in every later round (C.02 §13.16.2)."""
    assert entry.round is not None and entry.score is not None
    computed = words.computation
    column = entry.round - 1
    before = Fraction(sum(computed.points(index)[:column]), computed.unit)
    later = computed.rounds - column - 1
    in_round = entry.score - before - later * Fraction(computed.draw, computed.unit)
    return words._(
        "counted as a game against a virtual opponent with %(before)s before the round,"
        " %(in_round)s in it and a draw in each of the %(later)s later rounds: %(score)s"
        " (C.02 §13.16.2, 2009)",
        before=words.number(before),
        in_round=words.number(in_round),
        later=later,
        score=words.number(entry.score),
    )


def round_of_sum(index: int, entry: Entry, words: Words) -> str:
    """One round of an opponent-based sum: against the opponent, or the stand-in (the same
    round of BH, BH with a cut and SB is told once, :meth:`Words.once`)."""
    score, actual = entry.score, entry.actual  # a fraction's numerator and denominator
    # hash faster than the fraction (a page tells every round of every participant)
    key = (
        "round of sum",
        index,
        entry.round,
        entry.role,
        entry.opponent,
        None if score is None else score.as_integer_ratio(),
        None if actual is None else actual.as_integer_ratio(),
        entry.adjusted_rounds,
    )
    return words.once(key, lambda: _round_of_sum(index, entry, words))


def _round_of_sum(index: int, entry: Entry, words: Words) -> str:
    assert entry.round is not None
    if entry.role in (Role.OPPONENT, Role.FORFEIT_AS_GAME):
        return round_against(index, entry, words)
    return words._(
        "%(round)s: %(stand_in)s",
        round=words.round(index, entry.round),
        stand_in=stand_in(index, entry, words),
    )


def share(entry: Entry, words: Words) -> str:
    """The Sonneborn-Berger share of a score: "half of 5 = 2.5" (told once per share)."""
    weight, score, amount = entry.weight, entry.score, entry.amount
    key = (
        "share",
        None if weight is None else weight.as_integer_ratio(),
        None if score is None else score.as_integer_ratio(),
        None if amount is None else amount.as_integer_ratio(),
    )
    return words.once(key, lambda: _share(entry, words))


def _share(entry: Entry, words: Words) -> str:
    computed = words.computation
    scored, score, amount = entry.weight, entry.score, entry.amount
    fields = {"score": words.number(score), "amount": words.number(amount)}
    full, half = Fraction(computed.win, computed.unit), Fraction(computed.draw, computed.unit)
    if computed.win == 2 * computed.draw and scored == full:
        return words._("all of %(score)s = %(amount)s", **fields)
    if computed.win == 2 * computed.draw and scored == half:
        return words._("half of %(score)s = %(amount)s", **fields)
    if not scored:
        return words._("no points scored, so 0")
    return words._("%(scored)s x %(score)s = %(amount)s", scored=words.number(scored), **fields)


@describes("BH", "FB", "SB")
def opponent_sum(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """BH, FB: one line per round with the score counted; SB: with the share scored."""
    index = trace.participant
    acronym = trace.spec.acronym
    texts = [round_of_sum(index, entry, words) for entry in trace.entries]
    if acronym == "SB":
        modified = trace.spec.program == "SM"
        texts = [
            words._(
                "%(round)s: %(share)s",
                round=text,
                share=_modified_share(entry, words)
                if modified and entry.role not in _AGAINST
                else share(entry, words),
            )
            for text, entry in zip(texts, trace.entries, strict=True)
        ]
    definition = words._(_DEFINITIONS[acronym], rules=trace.rules)
    if acronym == "SB" and trace.spec.program == "SM":
        definition = words._(
            "%(definition)s; with Swiss-Manager's modified points (/SM): a round without a"
            " game counts as a draw against the opponent that stands in",
            definition=definition,
        )
    return definition, texts, []


_AGAINST = (Role.OPPONENT, Role.FORFEIT_AS_GAME)


def _modified_share(entry: Entry, words: Words) -> str:
    """``/SM``: "Swiss-Manager's modified points: half of the virtual opponent's 6.5 = 3.25"."""
    fields = {"score": words.number(entry.score), "amount": words.number(entry.amount)}
    if entry.role == Role.VIRTUAL:
        return words._(
            "Swiss-Manager's modified points: half of the virtual opponent's %(score)s"
            " = %(amount)s",
            **fields,
        )
    return words._(
        "Swiss-Manager's modified points: half of the dummy opponent's %(score)s = %(amount)s",
        **fields,
    )


@describes("AOB")
def average_of_opponents_buchholz(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game with the opponent's Buchholz; the mean (Art. 8.2)."""
    index = trace.participant
    kind = words._("Fore Buchholz") if trace.spec.fore else words._("Buchholz")
    texts = [
        words._(
            "%(round)s: their %(kind)s %(amount)s",
            round=words.round(index, entry.round or 0),
            kind=kind,
            amount=words.number(entry.amount),
        )
        for entry in trace.entries
    ]
    total, count, value = trace.steps[0].numbers
    step = (
        words._(
            "%(total)s / %(count)s games = %(value)s (exact; not rounded, Art. 8.2)",
            total=words.number(total),
            count=count,
            value=words.number(value),
        )
        if value is not None
        else words._("no games played over the board: AOB is undefined and ranks last")
    )
    definition = words._(
        "Average of the opponents' %(kind)s over the games played (Art. 8.2)", kind=kind
    )
    return definition, texts, [step]


@describes("PS")
def progressive_score(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round: the running score after it (Art. 7.5)."""
    index = trace.participant
    texts = [
        words._(
            "%(round)s (%(awarded)s): score after round %(number)s = %(running)s",
            round=words.round(index, entry.round or 0),
            awarded=words.number(entry.score),
            number=entry.round,
            running=words.number(entry.amount),
        )
        for entry in trace.entries
    ]
    definition = words._(
        "Sum of progressive scores: the running score after each round, added up (Art. 7.5)"
    )
    return definition, texts, []
