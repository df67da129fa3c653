"""Plain-English wording for explanations: rounds, opponents, scores and stand-ins.

Everything here only describes numbers that the tie-break code computed; nothing here
computes a value that ends up in a standings table.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Colour
from ..model.rules import OpponentView, OwnView
from .context import NO_OPPONENT, Context
from .numbers import to_decimal_text
from .unplayed import adjusted_round_points, adjusted_scores, stand_in, virtual_opponent_score


def number(value: Fraction | int | None) -> str:
    """A value as exact decimal text ("2.5", "9", "12.25"); "-" when undefined."""
    return "-" if value is None else to_decimal_text(value)


def points(context: Context, units: int) -> str:
    """Points given in the context's units, as text."""
    return number(Fraction(units, context.unit))


def who(context: Context, index: int) -> str:
    """A participant as "#12 Nick"."""
    player = context.tournament.players[index]
    return f"#{player.start_number} {player.name}".strip()


def round_text(context: Context, index: int, round_index: int) -> str:
    """E.g. "Round 4: win with Black against #12 Nick", "Round 2: half-point bye"."""
    kind = context.kinds[index][round_index]
    opponent = context.opponents[index][round_index]
    text = f"Round {round_index + 1}: {kind.description}"
    if kind.played:
        player = context.tournament.players[index]
        colour = player.results[round_index].colour if round_index < len(player.results) else None
        if colour is Colour.WHITE:
            text += " with White"
        elif colour is Colour.BLACK:
            text += " with Black"
    if opponent != NO_OPPONENT:
        text += f" against {who(context, opponent)}"
    elif context.predetermined:
        text = f"Round {round_index + 1}: no game scheduled (the free slot of the round robin)"
    return text


def _adjusting_rule(context: Context) -> str:
    if context.rules.opponent_view is OpponentView.ADJUSTED:
        return "Art. 16.3"
    if context.rules.name == "fide-2009":
        return "C.02 §13.16, 2009"
    return f"rules {context.rules.name}"


def opponent_score_text(context: Context, opponent: int) -> str:
    """The opponent's score as counted, and why it differs from the score on the table:
    "3 (scored 2; unplayed rounds 4, 5 counted as draws, Art. 16.3)"."""
    counted = adjusted_scores(context)[opponent]
    actual = context.scores[opponent]
    text = points(context, counted)
    if counted == actual:
        return text
    changed = [
        round_index + 1
        for round_index in range(context.rounds)
        if adjusted_round_points(context, opponent, round_index)
        != context.points[opponent][round_index]
    ]
    listed = ", ".join(str(number) for number in changed)
    rule = _adjusting_rule(context)
    return (
        f"{text} (scored {points(context, actual)}; unplayed round{'s' if len(changed) > 1 else ''}"
        f" {listed} counted as {'draws' if len(changed) > 1 else 'a draw'}, {rule})"
    )


def stand_in_text(context: Context, index: int, round_index: int) -> str:
    """Who stands in for the opponent of an unplayed round, with the article that sets it."""
    standing = stand_in(context, index, round_index)
    view = context.rules.own_view
    if view is OwnView.NOTHING:
        return f"no opponent: adds 0 (rules {context.rules.name})"
    if view is OwnView.VIRTUAL:
        return _virtual_text(context, index, round_index)
    own = points(context, context.scores[index])
    text = f"counted as a game against a dummy opponent with your own score {own}"
    if standing.article == "16.4.1":
        opponent = who(context, context.opponents[index][round_index])
        capped = points(context, standing.score)
        return f"{text}, capped at {opponent}'s adjusted score {capped} (Art. 16.4.1)"
    if standing.article == "16.4.2":
        draw, rounds = points(context, context.draw), context.rounds
        cap = points(context, standing.score)
        return f"{text}, capped at {draw} x {rounds} rounds = {cap} (Art. 16.4.2)"
    return f"{text} (Art. 16.4)"


def _virtual_text(context: Context, index: int, round_index: int) -> str:
    before = sum(context.points[index][:round_index])
    score = virtual_opponent_score(context, index, round_index)
    later = context.rounds - round_index - 1
    in_round = score - before - context.draw * later
    return (
        f"counted as a game against a virtual opponent with {points(context, before)} before the"
        f" round, {points(context, in_round)} in it and a draw in each of the {later} later"
        f" rounds: {points(context, score)} (C.02 §13.16.2, 2009)"
    )


def opponent_round_text(context: Context, index: int, round_index: int, opponent: int) -> str:
    """A round counted against an opponent (a game, or a forfeit counted as one):
    "Round 3: draw with Black against #5 Anna, score 5"."""
    text = (
        f"{round_text(context, index, round_index)}, score {opponent_score_text(context, opponent)}"
    )
    kind = context.kinds[index][round_index]
    if kind.forfeit:
        text += " (a forfeit counted as a game: " + (
            "pre-determined pairings, Art. 15.2)" if context.predetermined else "/P)"
        )
    return text


def unplayed_round_text(context: Context, index: int, round_index: int) -> str:
    """A round without a game, and what stands in for its opponent."""
    return (
        f"{round_text(context, index, round_index)}: {stand_in_text(context, index, round_index)}"
    )


def share_text(context: Context, scored: int, score: Fraction) -> str:
    """The Sonneborn-Berger share of an opponent's score: "half of 5 = 2.5"."""
    amount = Fraction(scored, context.unit) * score
    if scored == context.win and context.win == 2 * context.draw:
        return f"all of {number(score)} = {number(amount)}"
    if scored == context.draw and context.win == 2 * context.draw:
        return f"half of {number(score)} = {number(amount)}"
    if scored == 0:
        return "no points scored, so 0"
    return f"{points(context, scored)} x {number(score)} = {number(amount)}"
