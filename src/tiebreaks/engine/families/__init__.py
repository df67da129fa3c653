"""The tie-break families, one module each (C.07 Art. 6-13, national systems): importing this
package registers every tie-break in :mod:`tiebreaks.engine.registry`."""

from . import (  # noqa: F401  (each module registers its tie-breaks)
    adjusted_score,
    buchholz,
    direct_encounter,
    game_counts,
    koya,
    progressive,
    ratings,
    sonneborn_berger,
    team,
    team_encounters,
)
from .national import german, us_chess  # noqa: F401
