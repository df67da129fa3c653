"""The sentences of the national tie-breaks: German practice (DSB: BBH, SOR, GPL) and the US
Chess systems (US Chess Official Rules, 7th edition, rule 34E: MMED, MED, SOLK, CUM, OCUM,
KASH, USSB, MBLK)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.families.national.us_chess import UsRole, UsStep
from ...engine.trace import Entry, Reason, Role, Step, Trace
from .words import N_, Words, describes, words_for_cuts

# --------------------------------------------------------------------------------------------
# German practice (DSB)


def _forfeit_note(entry: Entry, words: Words) -> str:
    """Why a forfeit counts as a game (C.07 (2026) Art. 15.2, or ``/P``); "" for a game."""
    if entry.role != Role.FORFEIT_AS_GAME:
        return ""
    why = (
        words._("a forfeit counted as a game: pre-determined pairings, Art. 15.2")
        if words.computation.predetermined
        else words._("a forfeit counted as a game: /P")
    )
    return f" ({why})"


@describes("BBH")
def buchholz_of_buchholz(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per opponent with their Buchholz."""
    texts = [
        words._(
            "%(round)s: their Buchholz %(amount)s",
            round=words.round(trace.participant, entry.round or 0),
            amount=words.number(entry.amount),
        )
        + _forfeit_note(entry, words)
        for entry in trace.entries
    ]
    definition = words._(
        "Buchholz of Buchholz (verfeinerte Buchholz): the sum of the opponents' Buchholz;"
        " rounds without an opponent add nothing; rules %(rules)s",
        rules=trace.rules,
    )
    return definition, texts, []


@describes("SOR")
def sum_of_opponents_ratings(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game over the board with the opponent's rating."""
    players = words.computation.tournament.players
    texts = []
    for entry in trace.entries:
        fields = {
            "round": words.round(trace.participant, entry.round or 0),
            "rating": entry.rating,
        }
        if players[entry.opponent or 0].rating:
            texts.append(words._("%(round)s: rating %(rating)s", **fields))
        else:
            texts.append(
                words._(
                    "%(round)s: rating %(rating)s (unrated: the rating set for unrated players)",
                    **fields,
                )
            )
    definition = words._(
        "Sum of the ratings of the opponents met over the board (DSB Performance-Wertung)"
    )
    return definition, texts, []


@describes("GPL")
def games_played(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game played over the board."""
    texts = [words.round(trace.participant, entry.round or 0) for entry in trace.entries]
    definition = words._("Number of games played over the board (forfeits and byes are not games)")
    return definition, texts, []


# --------------------------------------------------------------------------------------------
# US Chess (rule 34E)

words_for_cuts(
    {
        Reason.US_LOWEST: N_("lowest value, dropped (US Chess 34E1)"),
        Reason.US_HIGHEST: N_("highest value, dropped (US Chess 34E1)"),
    }
)

_MEDIAN_RULE = {"MMED": "34E1", "MED": "34E", "SOLK": "34E2"}
_MEDIAN_DEFINITIONS = {
    "MMED": N_(
        "Modified Median: the sum of the opponents' US adjusted scores (every round an"
        " opponent did not play over the board counts as a draw; each of your own rounds"
        " without a game counts as an opponent with adjusted score 0), without the lowest for"
        " a plus score, the highest for a minus score and both for exactly 50%; two on each"
        " side concerned from 9 rounds on (US Chess 34E1)"
    ),
    "MED": N_(
        "Median (Harkness): the sum of the opponents' US adjusted scores (every round an"
        " opponent did not play over the board counts as a draw; each of your own rounds"
        " without a game counts as an opponent with adjusted score 0), without the highest"
        " and the lowest; two of each from 9 rounds on (US Chess 34E)"
    ),
    "SOLK": N_(
        "Solkoff: the sum of the opponents' US adjusted scores (every round an opponent did"
        " not play over the board counts as a draw; each of your own rounds without a game"
        " counts as an opponent with adjusted score 0), nothing dropped (US Chess 34E2)"
    ),
}


def adjusted_score(entry: Entry, words: Words, rule: str) -> str:
    """An opponent's US adjusted score and why it differs from the real score (rule 34E):
    "adjusted score 3: scored 2, rounds 4, 5 unplayed count 0.5 each (US Chess 34E1)"."""
    if entry.actual is None:
        return words._("adjusted score %(score)s", score=words.number(entry.score))
    computed = words.computation
    return words._(
        N_(
            "adjusted score %(score)s: scored %(actual)s, round %(rounds)s unplayed counts"
            " %(draw)s (US Chess %(rule)s)"
        )
        if len(entry.adjusted_rounds) == 1
        else N_(
            "adjusted score %(score)s: scored %(actual)s, rounds %(rounds)s unplayed count"
            " %(draw)s each (US Chess %(rule)s)"
        ),
        score=words.number(entry.score),
        actual=words.number(entry.actual),
        rounds=", ".join(map(str, entry.adjusted_rounds)),
        draw=words.number(Fraction(computed.draw, computed.unit)),
        rule=rule,
    )


def _drops(step: Step, acronym: str, words: Words) -> str:
    """Which values a median drops, and why (rules 34E, 34E1)."""
    score, maximum, lowest, highest = step.numbers
    count = int(lowest or highest or 0)
    fields = {"score": words.number(score), "maximum": words.number(maximum), "drops": count}
    if acronym == "MED":
        return words._(
            N_("The Median drops the highest and the lowest value (US Chess 34E)")
            if count == 1
            else N_(
                "The Median drops the %(drops)s highest and the %(drops)s lowest values (9 or"
                " more rounds, US Chess 34E)"
            ),
            **fields,
        )
    if lowest and highest:
        return words._(
            N_(
                "Your score %(score)s of %(maximum)s is exactly 50%%: the lowest and the highest"
                " value are dropped (US Chess 34E1)"
            )
            if count == 1
            else N_(
                "Your score %(score)s of %(maximum)s is exactly 50%%: the %(drops)s lowest and the"
                " %(drops)s highest values are dropped (9 or more rounds, US Chess 34E1)"
            ),
            **fields,
        )
    if lowest:
        return words._(
            N_(
                "Your score %(score)s of %(maximum)s is a plus score: the lowest value is dropped"
                " (US Chess 34E1)"
            )
            if count == 1
            else N_(
                "Your score %(score)s of %(maximum)s is a plus score: the %(drops)s lowest values"
                " are dropped (9 or more rounds, US Chess 34E1)"
            ),
            **fields,
        )
    return words._(
        N_(
            "Your score %(score)s of %(maximum)s is a minus score: the highest value is dropped"
            " (US Chess 34E1)"
        )
        if count == 1
        else N_(
            "Your score %(score)s of %(maximum)s is a minus score: the %(drops)s highest values"
            " are dropped (9 or more rounds, US Chess 34E1)"
        ),
        **fields,
    )


@describes("MMED", "MED", "SOLK")
def median(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round with the opponent's adjusted score (0 without a game); a step says
    which values are dropped and why."""
    acronym = trace.spec.acronym
    rule = _MEDIAN_RULE[acronym]
    texts = []
    for entry in trace.entries:
        round_text = words.round(trace.participant, entry.round or 0)
        if entry.role == UsRole.NO_GAME:
            texts.append(
                words._(
                    "%(round)s: no game: counts as an opponent with adjusted score 0 (%(rule)s)",
                    round=round_text,
                    rule=rule,
                )
            )
        else:
            texts.append(f"{round_text}, {adjusted_score(entry, words, rule)}")
    steps = []
    for step in trace.steps:
        if step.code == UsStep.DROPS:
            steps.append(_drops(step, acronym, words))
        elif step.code == UsStep.NOTHING_LEFT:
            steps.append(
                words._("There are no more values than drops, so the sum is 0 (US Chess 34E1)")
            )
    return words._(_MEDIAN_DEFINITIONS[acronym]), texts, steps


@describes("CUM")
def cumulative(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round with the running score, then one per unplayed win subtracted."""
    computed = words.computation
    texts = []
    for entry in trace.entries:
        round_text = words.round(trace.participant, entry.round or 0)
        if entry.role == UsRole.UNPLAYED_WIN:
            win = Fraction(computed.win, computed.unit)
            texts.append(
                words._("%(round)s: one point subtracted (an unplayed win, 34E3)", round=round_text)
                if win == 1
                else words._(
                    "%(round)s: one win value (%(win)s) subtracted (an unplayed win, 34E3)",
                    round=round_text,
                    win=words.number(win),
                )
            )
        else:
            texts.append(
                words._(
                    "%(round)s: scored %(scored)s, running score %(running)s",
                    round=round_text,
                    scored=words.number(entry.score),
                    running=words.number(entry.amount),
                )
            )
    definition = words._(
        "Cumulative: the running score after each round added up, less one win for each full"
        " point received without playing (full-point or pairing-allocated bye, forfeit win);"
        " half-point byes are not subtracted (US Chess 34E3)"
    )
    return definition, texts, []


def _formula(step: Step, words: Words) -> str:
    """A Cumulative written out: "1 + 2 + 2 + 2.5 + 3.5 - 1" (rule 34E3)."""
    _, wins, *running = step.numbers
    computed = words.computation
    text = " + ".join(words.number(value) for value in running) or "0"
    win = words.number(Fraction(computed.win, computed.unit))
    return text + f" - {win}" * int(wins or 0)


@describes("OCUM")
def cumulative_of_opposition(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """Per opponent met over the board their Cumulative, written out; 0 without a game."""
    formulas = iter(step for step in trace.steps if step.code == UsStep.CUMULATIVE)
    texts = []
    for entry in trace.entries:
        round_text = words.round(trace.participant, entry.round or 0)
        if entry.role == UsRole.NO_GAME:
            texts.append(
                words._("%(round)s: no opponent met over the board: adds 0 (34E)", round=round_text)
            )
            continue
        texts.append(
            words._(
                "%(round)s: their Cumulative %(amount)s = %(formula)s",
                round=round_text,
                amount=words.number(entry.amount),
                formula=_formula(next(formulas), words),
            )
        )
    definition = words._(
        "Cumulative of Opposition: the sum of the Cumulative scores (34E3) of the opponents"
        " met over the board; byes and forfeits add nothing (US Chess 34E)"
    )
    return definition, texts, []


_KASHDAN_LINES = {
    Fraction(1): N_("%(round)s: win %(points)s"),
    Fraction(1, 2): N_("%(round)s: draw %(points)s"),
    Fraction(0): N_("%(round)s: loss %(points)s"),
}


@describes("KASH")
def kashdan(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """Per round the Kashdan points of the game, 0 without one (rule 34E7)."""
    texts = []
    for entry in trace.entries:
        round_text = words.round(trace.participant, entry.round or 0)
        if entry.role == UsRole.NO_GAME:
            texts.append(
                words._("%(round)s: 0 (not a game over the board, 34E7)", round=round_text)
            )
        else:
            message = _KASHDAN_LINES[entry.weight or Fraction(0)]
            texts.append(words._(message, round=round_text, points=words.number(entry.amount)))
    definition = words._(
        "Kashdan: 4 points per game won, 2 per game drawn, 1 per game lost over the board;"
        " byes and forfeits give 0 (US Chess 34E7)"
    )
    return definition, texts, []


def _share(entry: Entry, words: Words) -> str:
    """The US Sonneborn-Berger share: "all of 2.5 = 2.5", "half of 2.5 = 1.25"."""
    fields = {"score": words.number(entry.score), "amount": words.number(entry.amount)}
    if entry.weight == 1:
        return words._("all of %(score)s = %(amount)s", **fields)
    if entry.weight == Fraction(1, 2):
        return words._("half of %(score)s = %(amount)s", **fields)
    return words._("a loss adds 0")


@describes("USSB")
def us_sonneborn_berger(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """Per game the opponent's adjusted score, whole for a win, half for a draw, nothing for
    a loss; a round without a game adds 0 (rule 34E)."""
    texts = []
    for entry in trace.entries:
        round_text = words.round(trace.participant, entry.round or 0)
        if entry.role == UsRole.NO_GAME:
            texts.append(
                words._("%(round)s: no game over the board: adds 0 (34E)", round=round_text)
            )
        else:
            adjusted = adjusted_score(entry, words, "34E")
            texts.append(f"{round_text}, {adjusted}: {_share(entry, words)}")
    definition = words._(
        "US Sonneborn-Berger: the adjusted scores of the opponents beaten over the board plus"
        " half the adjusted scores of the opponents drawn (US Chess 34E)"
    )
    return definition, texts, []


@describes("MBLK")
def most_blacks(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game played over the board with Black."""
    texts = [words.round(trace.participant, entry.round or 0) for entry in trace.entries]
    definition = words._(
        "Most Blacks: the number of games played over the board with Black; forfeits and byes"
        " do not count (US Chess 34E)"
    )
    return definition, texts, []
