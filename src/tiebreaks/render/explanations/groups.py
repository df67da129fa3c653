"""The sentences of the group tie-breaks: DE (C.07 (2026) Art. 6), DEB (DSB practice), RBT
(US Chess 34E) and the team tie-breaks decided among the tied teams, EDE and its knock-out
variants (Art. 13.3), BC, TBR and BBE (Art. 12).

Each tells the group's mini-table: one line per member with the games against the others
(from the trace's :class:`~tiebreaks.engine.trace.GroupTable`), then the rule applied and
the place inside the group it gave.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...engine.trace import Entry, GroupTable, Number, Step, Trace
from .words import N_, Words, describes

#: the role of a member's entry (engine/families/direct_encounter.py) and of a DEB entry
#: counting games with Black (engine/families/national/german.py)
MEMBER = "member"
_BLACK_GAMES = "black-games"


def _place(trace: Trace, words: Words, not_separated: str) -> str:
    """The last step: the place inside the tied group, or why there is none."""
    place, size = trace.steps[-1].numbers
    if size is not None and size < 2:
        return words._("not tied with anyone here: nothing to separate")
    if place:
        return words._("place %(place)s inside the tied group", place=place)
    return words._(not_separated)


def _names(members: Sequence[Number], words: Words) -> str:
    return ", ".join(words.who(int(member or 0)) for member in members)


# --- DE, DEB: the mini-table of Art. 6 --------------------------------------------------


_AGAINST = N_("%(player)s: %(score)s against the tied players (%(games)s)")
_AGAINST_TEAMS = N_("%(player)s: %(score)s against the tied teams (%(games)s)")


def _member_line(entry: Entry, table: GroupTable, words: Words, against: str = _AGAINST) -> str:
    """A member's score against the other tied players, their games and whom they have not
    met: "#3 Anna: 1.5 against the tied players (Round 2: win ...; Round 5: draw ...)"."""
    member = entry.opponent
    assert member is not None
    games = [game for game in table.games if game[1] == member]
    listed = "; ".join(words.round(member, game[0]) for game in games)
    text = words._(
        against,
        player=words.who(member),
        score=words.number(entry.score),
        games=listed or words._("no games"),
    )
    met = {game[2] for game in games}
    unmet = [other for other in table.members if other != member and other not in met]
    if unmet:
        text = words._("%(text)s; has not met %(players)s", text=text, players=_names(unmet, words))
    return text


def _rule(step: Step, words: Words) -> str:
    if step.code == "everyone-met":
        return words._("everyone met: ranked by these scores (Art. 6.2)")
    return words._(
        "not everyone met: a player is placed first only if no other could catch up by"
        " winning the games not played (Art. 6.3)"
    )


@describes("DE")
def direct_encounter(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The mini-table of the tied group, the rule of Art. 6 applied and the place."""
    assert trace.group is not None
    texts = [_member_line(entry, trace.group, words) for entry in trace.entries]
    steps = [
        _rule(trace.steps[0], words),
        _place(
            trace, words, N_("direct encounter does not separate this participant from the group")
        ),
    ]
    definition = words._("Direct encounter: the results among the participants still tied (Art. 6)")
    return definition, texts, steps


@describes("DEB")
def direct_encounter_black_favoured(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The mini-table, then the games with Black of the players still equal who all met."""
    assert trace.group is not None
    texts = [
        words._(
            "%(player)s: games with Black against the others still equal: %(count)s",
            player=words.who(entry.opponent or 0),
            count=words.number(entry.score),
        )
        if entry.role == _BLACK_GAMES
        else _member_line(entry, trace.group, words)
        for entry in trace.entries
    ]
    definition = words._(
        "Direct encounter (Art. 6); among players still equal who all met, more games with"
        " Black ranks ahead (DSB practice)"
    )
    not_separated = N_("the tie-break does not separate this participant from the group")
    return definition, texts, [_place(trace, words, not_separated)]


# --- RBT: plus/minus among the tied players -----------------------------------------------

_GAME_VERBS = {
    2: N_("Round %(round)s: %(player)s beat %(opponent)s"),
    1: N_("Round %(round)s: %(player)s drew with %(opponent)s"),
    0: N_("Round %(round)s: %(player)s lost to %(opponent)s"),
}


@describes("RBT")
def result_between_tied_players(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """Each member's plus/minus with their wins, draws and losses; every game among the group
    once, in round order; the place."""
    table = trace.group
    assert table is not None
    texts = []
    for entry in trace.entries:
        outcomes = [game[3] for game in table.games if game[1] == entry.opponent]
        balance = int(entry.score or 0)
        texts.append(
            words._(
                "%(player)s: plus/minus %(balance)s (wins %(wins)s, draws %(draws)s, losses"
                " %(losses)s against the other tied players)",
                player=words.who(entry.opponent or 0),
                balance=f"{balance:+d}" if balance else "0",
                wins=outcomes.count(2),
                draws=outcomes.count(1),
                losses=outcomes.count(0),
            )
        )
    position = {member: place for place, member in enumerate(table.members)}
    shown = sorted(
        (game for game in table.games if position[game[1]] < position[game[2]]),
        key=lambda game: (game[0], position[game[1]]),
    )
    steps = [
        words._(_GAME_VERBS[outcome], round=number, player=words.who(a), opponent=words.who(b))
        for number, a, b, outcome in shown
    ] or [words._("No games over the board among the tied players (forfeits do not count)")]
    not_separated = N_(
        "the result between tied players does not separate this participant from the group"
    )
    steps.append(_place(trace, words, not_separated))
    definition = words._(
        "Result between tied players: each member's wins minus losses in the games over the"
        " board against the other tied players; the higher plus/minus ranks first (US Chess 34E)"
    )
    return definition, texts, steps


# --- team tie-breaks decided among the tied teams (Art. 12, 13.3) -------------------------

_MEANINGS = {
    "EDE": N_(
        "Extended direct encounter: Art. 6 among the tied teams on the primary score, then on"
        " the secondary score; every subset starts again (Art. 13.3)"
    ),
    "BC": N_(
        "Board count over the matches among the tied teams: board number x game points on that"
        " board, lower is better (Art. 12.1)"
    ),
    "TBR": N_(
        "Top board result over the matches among the tied teams: game points on board 1, then"
        " board 2 ... (Art. 12.2)"
    ),
    "BBE": N_(
        "Bottom board elimination over the matches among the tied teams: game points without"
        " the last board, then without the last two ... (Art. 12.3)"
    ),
}
_CRITERIA = {
    "MP": N_("Art. 6 on match points"),
    "GP": N_("Art. 6 on game points"),
    "BC": N_("board count (lower is better)"),
    "TBR": N_("top board result"),
    "BBE": N_("bottom board elimination"),
}
_KNOCKOUTS = {"EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE"), "EDET": ("TBR",), "EDEB": ("BBE",)}


def _meaning(acronym: str, words: Words) -> str:
    criteria = _KNOCKOUTS.get(acronym)
    if criteria is None:
        return words._(_MEANINGS[acronym])
    then = words._(_CRITERIA[criteria[0]])
    for criterion in criteria[1:]:
        then = words._(
            "%(first)s, then %(second)s", first=then, second=words._(_CRITERIA[criterion])
        )
    extended = _MEANINGS["EDE"]
    return words._(
        "%(meaning)s; two teams still tied: %(criteria)s of their match(es) (Art. 13.3.2)",
        meaning=words._(extended),
        criteria=then,
    )


def _numbers(values: Sequence[Number], words: Words) -> str:
    """Values listed with "; " (a comma is the decimal mark in German, Italian ...)."""
    return "; ".join(words.number(value) for value in values)


def _order(step: Step, words: Words) -> str:
    """The order one criterion gave: parts separated by None in the step's numbers."""
    criterion = words._(_CRITERIA[step.code.removeprefix("order-")])
    parts: list[list[Number]] = [[]]
    for member in step.numbers:
        if member is None:
            parts.append([])
        else:
            parts[-1].append(member)
    if len(parts) == 1:
        return words._(
            "%(criterion)s among %(teams)s: does not separate them",
            criterion=criterion,
            teams=_names(parts[0], words),
        )
    order = " | ".join(_names(part, words) for part in parts)
    return words._("%(criterion)s: order %(order)s", criterion=criterion, order=order)


def _team_step(step: Step, words: Words) -> str:
    """One step of the resolution in words."""
    if step.code.startswith("order-"):
        return _order(step, words)
    if step.code == "match":
        team, number, opponent, *points = step.numbers
        return words._(
            "%(team)s: round %(round)s against %(opponent)s, game points on boards"
            " 1-%(boards)s: %(points)s",
            team=words.who(int(team or 0)),
            round=number,
            opponent=words.who(int(opponent or 0)),
            boards=len(points),
            points=_numbers(points, words),
        )
    if step.code == "bye-boards":
        team, number, *points = step.numbers
        return words._(
            "%(team)s: round %(round)s without an opponent, game points on boards"
            " 1-%(boards)s: %(points)s",
            team=words.who(int(team or 0)),
            round=number,
            boards=len(points),
            points=_numbers(points, words),
        )
    if step.code == "not-compared":
        return words._(
            "Board results among %(teams)s: not compared, the teams did not play the same"
            " number (at least one) of counted matches against each other",
            teams=_names(step.numbers, words),
        )
    team, *key = step.numbers
    return words._(
        "%(criterion)s: %(team)s %(values)s",
        criterion=words._(_CRITERIA[step.code]),
        team=words.who(int(team or 0)),
        values=_numbers(key, words),
    )


@describes("EDE", "EDEBT", "EDEBB", "EDET", "EDEB", "BC", "TBR", "BBE")
def team_encounters(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """Each member's value under each criterion applied (the mini-table of Art. 6, the board
    count), the boards of the matches among the teams, the order of each step, the place."""
    assert trace.group is not None
    texts = [
        _member_line(entry, trace.group, words, _AGAINST_TEAMS)
        if entry.role == MEMBER
        else words._(
            "%(criterion)s: %(team)s %(values)s",
            criterion=words._(_CRITERIA[entry.role]),
            team=words.who(entry.opponent or 0),
            values=words.number(entry.score if entry.score is not None else Fraction(0)),
        )
        for entry in trace.entries
    ]
    steps = [_team_step(step, words) for step in trace.steps[:-1]]
    steps.append(_place(trace, words, N_("does not separate this team from the group")))
    return _meaning(trace.spec.acronym, words), texts, steps
