"""Team tie-breaks, C.07 (2026) Art. 11-13: MP, GP, MPvGP (13.1), the Extended
Sonneborn-Berger family EMMSB, EMGSB, EGMSB, EGGSB (13.2) and SSSC (13.4), on arrays.

Each works on the two team contexts (:mod:`.team_context`): ``context.views["MP"]`` and
``context.views["GP"]``. In ``E{X}{Y}SB`` X is the score of the opponent's total (M = match
points, G = game points) and Y the participant's own points in that match. The Olympiad
Sonneborn-Berger (Dresden 2008; board points times the opponent's final match points, the
opponent with the fewest match points left out) is ``EMGSB/C1``.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from fractions import Fraction

from ..column import Column
from ..context import NO_OPPONENT, Context
from ..grid import Integers, fore_context, grid
from ..opponents import opponent_sum_trace
from ..registry import tiebreak
from ..spec import TiebreakSpec
from ..sums import Contributions, modified_sums, opponent_contributions
from ..trace import Entry, Step, Trace, traces
from ..unplayed import under_regime
from .buchholz import buchholz_values
from .game_counts import CountRole

_SCORE = {"M": "MP", "G": "GP"}


class TeamRole(StrEnum):
    """What an entry of a team score's trace stands for."""

    #: a round's match (or bye, or forfeit): the MP or GP it gave (Art. 11)
    MATCH = "match"
    #: SSSC: the secondary score (Art. 13.4)
    SECONDARY_SCORE = "secondary-score"
    #: SSSC: the Buchholz of the primary score divided by F (Art. 13.4)
    SCHEDULE_STRENGTH = "schedule-strength"


def view(context: Context, score: str) -> Context:
    """The team context of ``score`` ("MP" or "GP")."""
    return context.views[score]


def primary(context: Context) -> str:
    """The primary score of the team tournament ("MP" unless the event ranks by GP)."""
    return context.team.primary if context.team is not None else "MP"


def secondary(context: Context) -> str:
    """The score that is not the primary one."""
    return "GP" if primary(context) == "MP" else "MP"


def _score_of(spec: TiebreakSpec, context: Context) -> str:
    """The score MP, GP or MPvGP sums: its own, or for MPvGP the secondary one (Art. 13.1)."""
    return secondary(context) if spec.acronym == "MPVGP" else spec.acronym


def _score_column(context: Context, spec: TiebreakSpec) -> Column:
    scores = view(context, _score_of(spec, context))
    values = grid(scores).scores.tolist()
    if scores.adjustments:  # TRF26 299 penalties and bonuses: the score counts them
        values = [value + extra for value, extra in zip(values, scores.adjustments, strict=True)]
    return Column(spec, values, scores.unit)


@tiebreak("MP", "Match Points", "11", "B", "", scope="team")
def match_points(context: Context, spec: TiebreakSpec) -> Column:
    """MP: the sum of the match points (2 for a win, 1 for a draw by default; TRF26 362)."""
    return _score_column(context, spec)


@tiebreak("GP", "Game Points", "11", "B", "", scope="team")
def game_points(context: Context, spec: TiebreakSpec) -> Column:
    """GP: the sum of the game (board) points."""
    return _score_column(context, spec)


@tiebreak("MPVGP", "Match Points versus Game Points", "13.1", "B", "", scope="team")
def secondary_score(context: Context, spec: TiebreakSpec) -> Column:
    """MPvGP: the score that is not the primary one: GP when ranking by MP, and vice versa."""
    return _score_column(context, spec)


@traces("MP", "GP", "MPVGP")
def trace_score(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """One entry per round: the points the match (or bye) gave in the score summed."""
    scores = view(context, _score_of(spec, context))
    table = grid(scores)
    entries = [
        Entry(
            round=column + 1,
            role=CountRole.ASSIGNED if (index, column) in scores.assigned else TeamRole.MATCH,
            amount=Fraction(int(table.points[index, column]), scores.unit),
            opponent=None if opponent == NO_OPPONENT else opponent,
        )
        for column, opponent in enumerate(table.opponent[index].tolist())
    ]
    extra = scores.adjustments[index] if scores.adjustments else 0
    if extra:
        amount = Fraction(extra, scores.unit)
        entries.append(Entry(round=None, role=CountRole.PENALTY_OR_BONUS, amount=amount))
    value = Fraction(int(table.scores[index]) + extra, scores.unit)
    return Trace(spec, index, value, tuple(entries), rules=context.rules.name, is_sum=True)


def extended_items(context: Context, spec: TiebreakSpec) -> tuple[Contributions, Context, Context]:
    """``E{X}{Y}SB``'s contributions: per round the opponent's (or dummy's) X-total (adjusted,
    Art. 16.3/16.4) as the key, times the participant's Y points in that match as the value;
    and the X and Y contexts (X under the tie-break's regime). The values are in units of
    X's unit times Y's unit."""
    totals = under_regime(view(context, _SCORE[spec.acronym[1]]), spec)
    own = view(context, _SCORE[spec.acronym[2]])
    items = opponent_contributions(totals, spec.forfeits_as_played).weighted(grid(own).points)
    return items, totals, own


def _extended(name: str, meaning: str) -> None:
    @tiebreak(name, f"Extended Sonneborn-Berger ({meaning})", "13.2", "BC", "CPV", scope="team")
    def compute(context: Context, spec: TiebreakSpec) -> Column:
        """The sum of the products; the cut removes the opponent with the lowest X-total,
        among equals the smallest product (Art. 14.1.2), with the VUR exception (16.5)."""
        items, totals, own = extended_items(context, spec)
        values = modified_sums(items, spec.cut, spec.median, totals.rules.vur_cut_exception)
        return Column(spec, values.tolist(), totals.unit * own.unit)

    del compute


for _name, _meaning in (
    ("EMMSB", "opponents' match points x own match points"),
    ("EMGSB", "opponents' match points x own game points"),
    ("EGMSB", "opponents' game points x own match points"),
    ("EGGSB", "opponents' game points x own game points"),
):
    _extended(_name, _meaning)


@traces("EMMSB", "EMGSB", "EGMSB", "EGGSB")
def trace_extended(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """Per round the opponent's (or stand-in's) X-total (``score``), the Y points earned in
    the match (``weight``) and their product (``amount``), with the cuts (Art. 13.2, 14)."""
    items, totals, own = extended_items(context, spec)
    trace = opponent_sum_trace(totals, spec, index, items)
    unit = totals.unit * own.unit
    earned = grid(own).points[index]

    def weighed(entry: Entry) -> Entry:
        column = (entry.round or 0) - 1
        return replace(
            entry,
            amount=Fraction(int(items.value[index, column]), unit),
            weight=Fraction(int(earned[column]), own.unit),
        )

    entries = tuple(map(weighed, trace.entries))
    value = sum((entry.amount for entry in entries if entry.kept and entry.amount), Fraction(0))
    return replace(trace, entries=entries, value=value)


def sssc_divisor(context: Context, spec: TiebreakSpec) -> int:
    """F of Art. 13.4: the maximum primary score over the tournament divided by the maximum
    secondary score of one match, rounded down, at least 1 (``/K`` sets it); 1 when a match
    can score nothing (a score system whose win is worth 0: the division is undefined)."""
    if spec.divisor is not None:
        return spec.divisor
    first, second = view(context, primary(context)), view(context, secondary(context))
    most = first.win * context.rounds * second.unit
    per_match = second.win * first.unit
    return max(1, most // per_match) if per_match > 0 else 1


def _sssc_parts(context: Context, spec: TiebreakSpec) -> tuple[Context, Context, Integers, int]:
    """The primary context (under the regime), the secondary one, every team's Buchholz of
    the primary score (Fore Buchholz with ``/F``) and F."""
    first = under_regime(view(context, primary(context)), spec)
    base = fore_context(first) if spec.fore else first
    buchholz = buchholz_values(base, TiebreakSpec("BH", forfeits_as_played=spec.forfeits_as_played))
    return first, view(context, secondary(context)), buchholz, sssc_divisor(context, spec)


@tiebreak("SSSC", "Scores and Schedule Strength Combination", "13.4", "BC", "FPKV", scope="team")
def schedule_strength(context: Context, spec: TiebreakSpec) -> Column:
    """SSSC: the secondary score plus the Buchholz of the primary score divided by F (Art.
    13.4); kept exact (exact Python integers: F from ``/K`` may be any size) and shown with 2
    decimals (the FIDE reference engine's display)."""
    first, second, buchholz, divisor = _sssc_parts(context, spec)
    scores = grid(second).scores.astype(object)
    values = scores * (first.unit * divisor) + buchholz.astype(object) * second.unit
    return Column(spec, values.tolist(), second.unit * first.unit * divisor, places=2)


@traces("SSSC")
def trace_schedule_strength(context: Context, spec: TiebreakSpec, index: int) -> Trace:
    """The secondary score (``score``), the Buchholz of the primary score (``score``) divided
    by F (``amount``), and the steps: F (with its source) and the sum (Art. 13.4)."""
    first, second, buchholz, divisor = _sssc_parts(context, spec)
    score = Fraction(int(grid(second).scores[index]), second.unit)
    strength = Fraction(int(buchholz[index]), first.unit)
    value = score + strength / divisor
    entries = (
        Entry(None, TeamRole.SECONDARY_SCORE, score, score=score),
        Entry(None, TeamRole.SCHEDULE_STRENGTH, strength / divisor, score=strength),
    )
    steps = (
        Step("divisor", (divisor, 1 if spec.divisor is not None else 0), "13.4"),
        Step("sum", (score, strength, divisor, value), "13.4"),
    )
    return Trace(spec, index, value, entries, steps, rules=first.rules.name, is_sum=True)
