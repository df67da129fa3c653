"""Publishing programs' profiles (``--like``, ``like=``): how Swiss-Manager, Vega and
Swiss-Chess read the tie-breaks where they differ from the FIDE readings (which stay the
default). docs/conformance.md ("The publishing programs' readings") gives the sources.

* ``swiss-manager``: Sonneborn-Berger with its "modified points" (``SB/SM``) and ARO cuts
  that remove rounds without a game first (``ARO/Cn/SM``).
* ``vega``: participants still tied after the last tie-break in pairing-number order, each
  with its own rank; its printed values are rounded half to even at one decimal ("23.25"
  shows as "23.2"): ``check`` compares them so, and our own printed values follow it.
* ``swiss-chess``: no reading of its own established yet: the FIDE readings, named.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError


@dataclass(frozen=True)
class Profile:
    """One program's readings: ``reading`` is the modifier its SB and ARO get (None: the
    FIDE reading), ``by_start_number`` orders the ties left after the last tie-break by
    pairing number, ``rounding`` is how it prints values (a name of
    :data:`tiebreaks.engine.numbers.ROUNDINGS`) and ``places`` at most how many decimals
    (None: exact; a column with its own number of decimals keeps it)."""

    name: str
    title: str
    reading: str | None = None
    by_start_number: bool = False
    rounding: str = "half up"
    places: int | None = None


PROFILES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        Profile(
            "swiss-manager",
            "Swiss-Manager: SB with modified points (SB/SM), ARO cuts unplayed rounds first",
            reading="SM",
        ),
        Profile(
            "vega",
            "Vega: ties left in pairing-number order, values printed rounded half to even",
            by_start_number=True,
            rounding="half to even",
            places=1,
        ),
        Profile("swiss-chess", "Swiss-Chess: the FIDE readings (none of its own established)"),
    )
}


def profile_by_name(name: str) -> Profile:
    """The profile called ``name`` (case-insensitive; "swissmanager", "sm" also do)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = {"swissmanager": "swiss-manager", "sm": "swiss-manager", "swisschess": "swiss-chess"}.get(
        key, key
    )
    try:
        return PROFILES[key]
    except KeyError:
        known = ", ".join(PROFILES)
        raise UsageError(f"unknown program profile {name!r}; known: {known}") from None
