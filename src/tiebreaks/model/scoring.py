"""Score systems (TRF26 record 162, JaVaFo ``XXS``): points awarded for each result kind."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from .results import ResultKind

#: score systems are small numbers: every value below a million, a common denominator of at
#: most 10,000 (four decimals, or thirds, sevenths ...); then every tie-break value a writer
#: produces (a product of two scores summed over the rounds at most) reads back within the
#: 30 digits our readers take. The readers refuse larger ones.
MAX_POINTS = 10**6
MAX_SCORE_DENOMINATOR = 10**4

HALF = Fraction(1, 2)


def _default_points(win: Fraction, draw: Fraction, loss: Fraction) -> dict[ResultKind, Fraction]:
    return {
        ResultKind.WIN: win,
        ResultKind.UNRATED_WIN: win,
        ResultKind.FORFEIT_WIN: win,
        ResultKind.FULL_BYE: win,
        ResultKind.PAIRING_BYE: win,
        ResultKind.DRAW: draw,
        ResultKind.UNRATED_DRAW: draw,
        ResultKind.HALF_BYE: draw,
        ResultKind.LOSS: loss,
        ResultKind.UNRATED_LOSS: loss,
        ResultKind.FORFEIT_LOSS: Fraction(0),
        ResultKind.ZERO_BYE: Fraction(0),
        ResultKind.ABSENT: Fraction(0),
    }


@dataclass(frozen=True)
class ScoreSystem:
    """Points for every result kind, exact.

    Defaults are those of TRF26 record 162: W 1.0 (win, forfeit win, full-point bye),
    D 0.5 (draw, half-point bye), L 0.0, A 0.0 (absence: zero-point bye, forfeit loss),
    P = W (pairing-allocated bye).
    """

    points: Mapping[ResultKind, Fraction] = field(
        default_factory=lambda: MappingProxyType(_default_points(Fraction(1), HALF, Fraction(0)))
    )

    @classmethod
    def from_values(
        cls,
        win: Fraction = Fraction(1),
        draw: Fraction = HALF,
        loss: Fraction = Fraction(0),
        absence: Fraction = Fraction(0),
        pairing_bye: Fraction | None = None,
    ) -> ScoreSystem:
        """Build a score system from the TRF26 162 symbols W, D, L, A and P."""
        points = _default_points(win, draw, loss)
        for kind in (ResultKind.FORFEIT_LOSS, ResultKind.ZERO_BYE, ResultKind.ABSENT):
            points[kind] = absence
        points[ResultKind.PAIRING_BYE] = win if pairing_bye is None else pairing_bye
        return cls(MappingProxyType(points))

    def with_points(self, changes: Mapping[ResultKind, Fraction]) -> ScoreSystem:
        """A copy with some kinds scored differently (e.g. from ``XXS``)."""
        points = dict(self.points)
        points.update(changes)
        return ScoreSystem(MappingProxyType(points))

    @property
    def win(self) -> Fraction:
        """Points for a win over the board (W)."""
        return self.points[ResultKind.WIN]

    @property
    def draw(self) -> Fraction:
        """Points for a draw over the board (D): the draw value of C.07 Art. 16."""
        return self.points[ResultKind.DRAW]

    @property
    def loss(self) -> Fraction:
        """Points for a loss over the board (L)."""
        return self.points[ResultKind.LOSS]

    @property
    def is_standard(self) -> bool:
        """True for the default 1-½-0 system with byes and forfeits at their default values."""
        return dict(self.points) == _default_points(Fraction(1), HALF, Fraction(0))

    @property
    def denominator(self) -> int:
        """Smallest integer unit in which every value of this system is a whole number."""
        return math.lcm(*(value.denominator for value in self.points.values()))

    def __reduce__(self) -> tuple[object, tuple[dict[ResultKind, Fraction]]]:
        """Pickled as its points (a read-only mapping view cannot be pickled), so that a
        tournament and its standings can be sent to another process."""
        return _score_system, (dict(self.points),)

    def __str__(self) -> str:
        parts = [f"W {self.win}", f"D {self.draw}", f"L {self.loss}"]
        parts.append(f"A {self.points[ResultKind.ZERO_BYE]}")
        parts.append(f"P {self.points[ResultKind.PAIRING_BYE]}")
        return ", ".join(parts)


def _score_system(points: dict[ResultKind, Fraction]) -> ScoreSystem:
    """A score system read back from a pickle (:meth:`ScoreSystem.__reduce__`)."""
    return ScoreSystem(MappingProxyType(points))


STANDARD = ScoreSystem()
