"""Buchholz family: BH (C.07 (2026) Art. 8.1), AOB (8.2), FB (8.3)."""

from __future__ import annotations

from ..numbers import round_half_up_int
from .column import Column
from .context import Context
from .contributions import modified_sum
from .opponents import opponent_contributions
from .registry import tiebreak
from .spec import TiebreakSpec


def buchholz_values(context: Context, spec: TiebreakSpec) -> list[int]:
    """Buchholz in score units: the sum of the opponents' scores (adjusted, Art. 16.3), one
    dummy opponent per unplayed round (Art. 16.4), after cuts (Art. 14, 16.5)."""
    rows = opponent_contributions(context, spec.forfeits_as_played, weighted=False)
    exception = context.rules.vur_cut_exception
    return [modified_sum(row, spec.cut, spec.median, exception) for row in rows]


def fore_context(context: Context) -> Context:
    """The tournament with every game of the last round considered drawn (Art. 8.3)."""
    return context.memo("fore", context.fore)  # type: ignore[no-any-return]


@tiebreak("BH", "Buchholz", "8.1", "C", "CMP", aliases=("BUCHHOLZ",))
def buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """BH: sum of the opponents' scores (Art. 8.1)."""
    return Column(spec, buchholz_values(context, spec), context.unit)


@tiebreak("FB", "Fore Buchholz", "8.3", "D", "CMP")
def fore_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """FB: Buchholz as if every game of the last round had been drawn (Art. 8.3)."""
    fore = fore_context(context)
    return Column(spec, buchholz_values(fore, spec), context.unit)


@tiebreak("AOB", "Average of Opponents' Buchholz", "8.2", "CC", "F")
def average_of_opponents_buchholz(context: Context, spec: TiebreakSpec) -> Column:
    """AOB: mean Buchholz (or Fore Buchholz with /F) of the opponents met over the board, each
    game counted separately (Art. 4.4); rounded half up to two decimals as the FIDE reference
    engine does; undefined without games played over the board."""
    base = fore_context(context) if spec.fore else context
    plain = TiebreakSpecPlain
    buchholz_of = buchholz_values(base, plain)
    values: list[int | None] = []
    for index in range(context.size):
        opponents = [
            context.opponents[index][r]
            for r in range(context.rounds)
            if context.kinds[index][r].played
        ]
        if not opponents:
            values.append(None)
            continue
        total = sum(buchholz_of[opponent] for opponent in opponents)
        values.append(round_half_up_int(total * 100, len(opponents) * context.unit))
    return Column(spec, values, 100)


TiebreakSpecPlain = TiebreakSpec("BH")
