"""Team tie-breaks, C.07 (2026) Art. 11-13: MP, GP, MPvGP (13.1), the Extended
Sonneborn-Berger family EMMSB, EMGSB, EGMSB, EGGSB (13.2) and SSSC (13.4).

Each works on the two team contexts (:mod:`.team_context`): ``context.views["MP"]`` and
``context.views["GP"]``. In ``E{X}{Y}SB`` X is the score of the opponent's total (M = match
points, G = game points) and Y the participant's own points in that match. The Olympiad
Sonneborn-Berger (Dresden 2008; board points times the opponent's final match points, the
opponent with the fewest match points left out) is ``EMGSB/C1``.
"""

from __future__ import annotations

from fractions import Fraction

from ..column import Column
from ..columnar.grid import fore_context
from ..context import Context
from ..explanation import Explanation, Line, explains, header, sum_explanation
from ..opponents import opponent_contributions
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contribution, SumDefinition
from ..unplayed import under_regime
from ..wording import number, opponent_round_text, points, unplayed_round_text
from .buchholz import buchholz_values

_SCORE = {"M": "MP", "G": "GP"}


def view(context: Context, score: str) -> Context:
    """The team context of ``score`` ("MP" or "GP")."""
    return context.views[score]


def primary(context: Context) -> str:
    """The primary score of the team tournament ("MP" unless the event ranks by GP)."""
    return context.team.primary if context.team is not None else "MP"


def secondary(context: Context) -> str:
    """The score that is not the primary one."""
    return "GP" if primary(context) == "MP" else "MP"


def _score_column(context: Context, spec: TiebreakSpec, score: str) -> Column:
    scores = view(context, score)
    return Column(spec, list(scores.scores), scores.unit)


def _score_explanation(context: Context, spec: TiebreakSpec, index: int, score: str) -> Explanation:
    scores = view(context, score)
    name = "match points" if score == "MP" else "game points"
    lines = tuple(
        Line(_match_text(scores, index, round_index), Fraction(value, scores.unit), round_index + 1)
        for round_index, value in enumerate(scores.points[index])
    )
    return Explanation(
        *header(context, spec, index),
        value=Fraction(scores.scores[index], scores.unit),
        definition=f"{score}: the {name} of every match (Art. 11)",
        lines=lines,
        is_sum=True,
    )


def _match_text(context: Context, index: int, round_index: int) -> str:
    team = context.team
    assert team is not None
    match = team.teams[index].matches[round_index]
    text = f"Round {round_index + 1}: {match.kind.value}"
    if match.opponent is not None:
        text += f" against team {match.opponent}"
    if match.opponent_game_points is not None:
        text += f", {number(match.game_points)} : {number(match.opponent_game_points)}"
    return text


@tiebreak("MP", "Match Points", "11", "B", "", scope="team")
def match_points(context: Context, spec: TiebreakSpec) -> Column:
    """MP: the sum of the match points (2 for a win, 1 for a draw by default; TRF26 362)."""
    return _score_column(context, spec, "MP")


@tiebreak("GP", "Game Points", "11", "B", "", scope="team")
def game_points(context: Context, spec: TiebreakSpec) -> Column:
    """GP: the sum of the game (board) points."""
    return _score_column(context, spec, "GP")


@tiebreak("MPVGP", "Match Points versus Game Points", "13.1", "B", "", scope="team")
def secondary_score(context: Context, spec: TiebreakSpec) -> Column:
    """MPvGP: the score that is not the primary one: GP when ranking by MP, and vice versa."""
    return _score_column(context, spec, secondary(context))


@explains("MP", "GP", "MPVGP")
def explain_score(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per match with its points."""
    score = secondary(context) if spec.acronym == "MPVGP" else spec.acronym
    return _score_explanation(context, spec, index, score)


def extended_sum(context: Context, spec: TiebreakSpec) -> tuple[SumDefinition, Context, Context]:
    """``E{X}{Y}SB`` as a sum: per round the opponent's (or dummy's) X-total (adjusted, Art.
    16.3/16.4) times the participant's Y points in that match; the cut removes the opponent
    with the lowest X-total, among equals the smallest product (Art. 14.1.2), with the VUR
    exception (16.5). Returns the sum and the X and Y contexts."""
    totals = under_regime(view(context, _SCORE[spec.acronym[1]]), spec)
    own = view(context, _SCORE[spec.acronym[2]])
    make = tuple.__new__
    rows = [
        [
            make(Contribution, (c.round, c.opponent, c.key, c.key * earned[c.round - 1], c.vur))
            for c in row
        ]
        for row, earned in zip(
            opponent_contributions(totals, spec.forfeits_as_played, weighted=False),
            own.points,
            strict=True,
        )
    ]
    exception = totals.rules.vur_cut_exception
    definition = SumDefinition(rows, spec.cut, 0, exception, totals.unit * own.unit)
    return definition, totals, own


def _extended(spec_name: str, meaning: str) -> None:
    @tiebreak(
        spec_name, f"Extended Sonneborn-Berger ({meaning})", "13.2", "BC", "CPV", scope="team"
    )
    def compute(context: Context, spec: TiebreakSpec) -> Column:
        definition, _, _ = extended_sum(context, spec)
        return Column(spec, definition.values(), definition.denominator)

    del compute


for _name, _meaning in (
    ("EMMSB", "opponents' match points x own match points"),
    ("EMGSB", "opponents' match points x own game points"),
    ("EGMSB", "opponents' game points x own match points"),
    ("EGGSB", "opponents' game points x own game points"),
):
    _extended(_name, _meaning)


@explains("EMMSB", "EMGSB", "EGMSB", "EGGSB")
def explain_extended(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """One line per match: the opponent's total times the points earned in the match."""
    definition, totals, own = extended_sum(context, spec)

    def line(item: Contribution) -> str:
        round_index = item.round - 1
        if item.opponent >= 0:
            text = opponent_round_text(totals, index, round_index, item.opponent)
        else:
            text = unplayed_round_text(totals, index, round_index)
        earned = points(own, own.points[index][round_index])
        return f"{text}: {number(Fraction(item.key, totals.unit))} x {earned} {own.score_type}"

    x_name, y_name = totals.score_type, own.score_type
    return sum_explanation(
        context,
        spec,
        index,
        definition,
        line,
        f"Extended Sonneborn-Berger: per match the opponent's {x_name} total times the"
        f" {y_name} scored in it (Art. 13.2); rules {totals.rules.name}",
    )


def sssc_divisor(context: Context, spec: TiebreakSpec) -> int:
    """F of Art. 13.4: the maximum primary score over the tournament divided by the maximum
    secondary score of one match, rounded down (``/K`` sets it)."""
    if spec.divisor is not None:
        return spec.divisor
    first, second = view(context, primary(context)), view(context, secondary(context))
    most = first.win * context.rounds * second.unit
    per_match = second.win * first.unit
    return max(1, most // per_match)


def _sssc_parts(context: Context, spec: TiebreakSpec) -> tuple[Context, Context, list[int], int]:
    first = under_regime(view(context, primary(context)), spec)
    base = fore_context(first) if spec.fore else first
    buchholz = buchholz_values(
        base, TiebreakSpec("BH", forfeits_as_played=spec.forfeits_as_played)
    ).tolist()
    return first, view(context, secondary(context)), buchholz, sssc_divisor(context, spec)


@tiebreak("SSSC", "Scores and Schedule Strength Combination", "13.4", "BC", "FPKV", scope="team")
def schedule_strength(context: Context, spec: TiebreakSpec) -> Column:
    """SSSC: the secondary score plus the Buchholz of the primary score divided by F (Art.
    13.4); kept exact and shown with 2 decimals (the FIDE reference engine's display)."""
    first, second, buchholz, divisor = _sssc_parts(context, spec)
    denominator = second.unit * first.unit * divisor
    values = [
        score * first.unit * divisor + bh * second.unit
        for score, bh in zip(second.scores, buchholz, strict=True)
    ]
    return Column(spec, values, denominator, places=2)


@explains("SSSC")
def explain_schedule_strength(context: Context, spec: TiebreakSpec, index: int) -> Explanation:
    """The secondary score, the Buchholz of the primary score and F."""
    first, second, buchholz, divisor = _sssc_parts(context, spec)
    score = Fraction(second.scores[index], second.unit)
    strength = Fraction(buchholz[index], first.unit)
    value = score + strength / divisor
    source = f"/K{divisor}" if spec.divisor else "Art. 13.4"
    return Explanation(
        *header(context, spec, index),
        value=value,
        definition="SSSC: secondary score plus the Buchholz of the primary score divided by F"
        " (Art. 13.4)",
        lines=(
            Line(f"{second.score_type} (secondary score) {number(score)}", score),
            Line(
                f"BH:{first.score_type}{'/F' if spec.fore else ''} {number(strength)} / F",
                strength / divisor,
            ),
        ),
        steps=(
            f"F = {divisor} ({source})",
            f"{number(score)} + {number(strength)} / {divisor} = {number(value)}",
        ),
        is_sum=True,
    )
