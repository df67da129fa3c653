"""Explanations: every value of every tie-break, line by line, in plain words.

An explanation is built from the same objects that compute the value (e.g. the
:class:`~.contributions.SumDefinition` of a sum-type tie-break), so the lines add up to the
value by construction; a property test checks it for every tie-break and regime anyway.

Each family module registers one explainer per acronym with :func:`explains`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from .sums import Contribution, SumDefinition

if TYPE_CHECKING:
    from .context import Context
    from .spec import TiebreakSpec


@dataclass(frozen=True)
class Line:
    """One line: usually one round. ``amount`` is what the line adds (None: information
    only); a line removed by a modifier has ``kept=False`` and says why in ``cut_reason``."""

    text: str
    amount: Fraction | None = None
    round: int | None = None
    kept: bool = True
    cut_reason: str = ""


@dataclass(frozen=True)
class Explanation:
    """How one participant's value of one tie-break comes about.

    For a sum (``is_sum``) the kept lines add up to ``total``, which is the value unless
    ``steps`` say what is done with it (an average, a rounding, a table row)."""

    tiebreak: str
    start_number: int
    name: str
    value: Fraction | None
    definition: str
    lines: tuple[Line, ...] = ()
    steps: tuple[str, ...] = ()
    is_sum: bool = False
    opponents: dict[int, int] = field(default_factory=dict)  # line position -> opponent index

    @property
    def total(self) -> Fraction:
        """Sum of the amounts of the kept lines."""
        return sum((line.amount for line in self.lines if line.kept and line.amount), Fraction(0))


Explainer = Callable[["Context", "TiebreakSpec", int], Explanation]
#: a group tie-break (DE): context, spec, the tied group it was applied to, the participant
GroupExplainer = Callable[["Context", "TiebreakSpec", list[int], int], Explanation]
_EXPLAINERS: dict[str, Explainer] = {}
_GROUP_EXPLAINERS: dict[str, GroupExplainer] = {}


def explains_group(*acronyms: str) -> Callable[[GroupExplainer], GroupExplainer]:
    """Decorator registering the explainer of a group tie-break."""

    def decorate(explainer: GroupExplainer) -> GroupExplainer:
        for acronym in acronyms:
            _GROUP_EXPLAINERS[acronym] = explainer
        return explainer

    return decorate


def group_explainer_for(acronym: str) -> GroupExplainer | None:
    """The registered explainer of a group tie-break (None if there is none)."""
    return _GROUP_EXPLAINERS.get(acronym)


def place_in(ordered: list[list[int]], index: int) -> int:
    """The place (1 = first) inside an ordered group of ``index``'s part, or 0 when the
    tie-break did not split the group (the value the standings show)."""
    if len(ordered) < 2:
        return 0
    ahead = 0
    for part in ordered:
        if index in part:
            return ahead + 1
        ahead += len(part)
    return 0


def explains(*acronyms: str) -> Callable[[Explainer], Explainer]:
    """Decorator registering the explainer of one or more acronyms."""

    def decorate(explainer: Explainer) -> Explainer:
        for acronym in acronyms:
            if acronym in _EXPLAINERS:
                raise ValueError(f"{acronym} has two explainers")
            _EXPLAINERS[acronym] = explainer
        return explainer

    return decorate


def explainer_for(acronym: str) -> Explainer | None:
    """The registered explainer of ``acronym`` (None if there is none)."""
    return _EXPLAINERS.get(acronym)


def header(context: Context, spec: TiebreakSpec, index: int) -> tuple[str, int, str]:
    """The tie-break label, start number and name of an explanation."""
    player = context.tournament.players[index]
    return str(spec), player.start_number, player.name


def sum_explanation(
    context: Context,
    spec: TiebreakSpec,
    index: int,
    definition: SumDefinition,
    describe: Callable[[Contribution], str],
    meaning: str,
) -> Explanation:
    """The explanation of a sum-type tie-break: one line per contribution, cut lines marked
    with the reason, the value being the sum of the kept lines."""
    kept, cuts = definition.kept_and_cut(index)
    reasons = {id(cut.contribution): cut.reason for cut in cuts}
    lines: list[Line] = []
    opponents: dict[int, int] = {}
    for contribution in definition.rows[index]:
        reason = reasons.get(id(contribution), "")
        amount = Fraction(contribution.value, definition.denominator)
        if contribution.opponent >= 0:
            opponents[len(lines)] = contribution.opponent
        lines.append(Line(describe(contribution), amount, contribution.round, not reason, reason))
    value = Fraction(sum(item.value for item in kept), definition.denominator)
    return Explanation(
        *header(context, spec, index),
        value=value,
        definition=meaning,
        lines=tuple(lines),
        steps=_cut_steps(spec, len(cuts)),
        is_sum=True,
        opponents=opponents,
    )


def _cut_steps(spec: TiebreakSpec, removed: int) -> tuple[str, ...]:
    if not spec.cut and not spec.median:
        return ()
    wanted = spec.cut + 2 * spec.median
    if removed < wanted:
        return (f"{removed} of the {wanted} values the modifier removes existed",)
    return ()


def count_explanation(
    context: Context,
    spec: TiebreakSpec,
    index: int,
    counted: Sequence[tuple[int, str]],
    meaning: str,
    unit: Fraction = Fraction(1),
) -> Explanation:
    """A count: one line per counted round (round index, text), each adding ``unit``."""
    lines = tuple(Line(text, unit, round_index + 1) for round_index, text in counted)
    value = unit * len(lines)
    return Explanation(
        *header(context, spec, index), value=value, definition=meaning, lines=lines, is_sum=True
    )
