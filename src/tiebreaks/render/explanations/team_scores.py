"""The sentences of the team scores and their value tie-breaks: MP, GP (C.07 (2026) Art. 11),
MPvGP (13.1), the Extended Sonneborn-Berger EMMSB, EMGSB, EGMSB, EGGSB (13.2), SSSC (13.4)
and the Berliner Wertung BER, BERW (German practice)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.families.game_counts import CountRole
from ...engine.families.team import TeamRole
from ...engine.families.team_encounters import BerlinRole
from ...engine.trace import Entry, Trace
from .game_counts import assigned_line
from .opponents import round_of_sum
from .words import N_, Words, describes

_SCORES = {
    "MP": N_("MP: the match points of every match (Art. 11)"),
    "GP": N_("GP: the game points of every match (Art. 11)"),
}
_SECONDARY = {
    "MP": N_("MPvGP: the secondary score, the match points of every match (Art. 13.1)"),
    "GP": N_("MPvGP: the secondary score, the game points of every match (Art. 13.1)"),
}
_SCORE = {"M": "MP", "G": "GP"}


def _match(index: int, entry: Entry, words: Words) -> str:
    """A round of a team: "Round 1: win with White against #10 Team 10; game points 2.5 :
    1.5" (the game points when the match has an opponent's)."""
    assert entry.round is not None
    text = words.round(index, entry.round)
    team = words.computation.team
    assert team is not None
    match = team.teams[index].matches[entry.round - 1]
    if match.opponent_game_points is None:
        return text
    return words._(
        "%(round)s; game points %(own)s : %(theirs)s",
        round=text,
        own=words.number(match.game_points),
        theirs=words.number(match.opponent_game_points),
    )


@describes("MP", "GP", "MPVGP")
def team_score(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round: the points the match gave."""
    acronym = trace.spec.acronym
    if acronym == "MPVGP":
        definition = words._(_SECONDARY[words.computation.secondary])
    else:
        definition = words._(_SCORES[acronym])
    texts = [
        assigned_line(
            trace.participant,
            entry,
            words,
            ""
            if entry.role == CountRole.PENALTY_OR_BONUS
            else _match(trace.participant, entry, words),
        )
        for entry in trace.entries
    ]
    return definition, texts, []


@describes("EMMSB", "EMGSB", "EGMSB", "EGGSB")
def extended_sonneborn_berger(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round: the opponent's (or stand-in's) total times the points earned in
    the match (Art. 13.2), told in the context of the opponents' score."""
    spec = trace.spec
    total, own = _SCORE[spec.acronym[1]], _SCORE[spec.acronym[2]]
    told = Words(words.computation.for_score(total).under_regime(spec), words.lang)
    texts = [
        words._(
            "%(round)s: %(total)s x %(earned)s %(own)s",
            round=round_of_sum(trace.participant, entry, told),
            total=words.number(entry.score),
            earned=words.number(entry.weight),
            own=own,
        )
        for entry in trace.entries
    ]
    definition = words._(
        "Extended Sonneborn-Berger: per match the opponent's %(total)s total times the"
        " %(own)s scored in it (Art. 13.2); rules %(rules)s",
        total=total,
        own=own,
        rules=trace.rules,
    )
    return definition, texts, []


@describes("SSSC")
def schedule_strength(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The secondary score, the Buchholz of the primary score over F, and the sum."""
    spec = trace.spec
    first, second = words.computation.primary, words.computation.secondary
    buchholz = f"BH:{first}{'/F' if spec.fore else ''}"
    texts = [
        words._(
            "%(score)s (secondary score) %(value)s", score=second, value=words.number(entry.score)
        )
        if entry.role == TeamRole.SECONDARY_SCORE
        else f"{buchholz} {words.number(entry.score)} / F"
        for entry in trace.entries
    ]
    divisor, given = trace.steps[0].numbers
    score, strength, _, value = trace.steps[1].numbers
    source = f"/K{divisor}" if given else "Art. 13.4"
    steps = [
        f"F = {divisor} ({source})",
        f"{words.number(score)} + {words.number(strength)} / {divisor} = {words.number(value)}",
    ]
    definition = words._(
        "SSSC: secondary score plus the Buchholz of the primary score divided by F (Art. 13.4)"
    )
    return definition, texts, steps


def _board(index: int, entry: Entry, words: Words) -> str:
    """A board game of the Berliner Wertung, or a round without board games."""
    assert entry.round is not None
    if entry.role == BerlinRole.NO_BOARD_GAMES:
        return words._(
            "%(round)s: no board games, adds nothing", round=words.round(index, entry.round)
        )
    if entry.role == BerlinRole.DRAW_IGNORED:
        result = words._("draw, ignored")
    elif entry.weight == Fraction(1, 2):
        result = words._("%(result)s, half of it", result=words._(entry.role))
    else:
        result = words._(entry.role)
    fields = {
        "round": entry.round,
        "board": entry.board,
        "worth": words.number(entry.score),
        "result": result,
    }
    if entry.opponent is None:
        return words._("Round %(round)s, board %(board)s (worth %(worth)s): %(result)s", **fields)
    return words._(
        "Round %(round)s, board %(board)s (worth %(worth)s) against %(opponent)s: %(result)s",
        opponent=words.who(entry.opponent),
        **fields,
    )


@describes("BER", "BERW")
def berlin(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per board game: its worth and what the result earned of it."""
    team = words.computation.team
    assert team is not None
    texts = [_board(trace.participant, entry, words) for entry in trace.entries]
    rule = (
        N_(
            "Berliner Wertung: board i of %(boards)s is worth %(boards)s - i + 1, a win earns it,"
            " a draw gives half of it to each side; summed over the matches played"
        )
        if trace.spec.acronym == "BER"
        else N_(
            "Berliner Wertung: board i of %(boards)s is worth %(boards)s - i + 1, a win earns it,"
            " draws are ignored; summed over the matches played"
        )
    )
    return words._(rule, boards=team.boards), texts, []
