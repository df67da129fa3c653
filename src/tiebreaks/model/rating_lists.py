"""Rating lists and the rating order: which rating each participant has for the rating
tie-breaks (C.07 Art. 10, the German "Performance"-Wertung, ...).

The tournament file carries the FIDE rating (the list ``FIDE``, also ``Elo``); a TRF26 file can
carry national ratings too (record ``172`` and its rating lines: the list ``NATIONAL``, also
called by its federation code, e.g. ``GER``); ``HIGHER`` and ``LOWER`` are the higher and the
lower of the two; a side file (:mod:`tiebreaks.formats.readers.ratings_csv`) adds named lists
such as
``DWZ``. :func:`apply_rating_order` gives each participant the first rating available in an
order such as ``FIDE,DWZ`` (German championships: Elo, else DWZ); :func:`file_rating_order` is
the order the file's ``172`` method declares (``FIDON`` = FIDE, NATIONAL; ``NIDOF`` = NATIONAL,
FIDE; ``NRO`` = NATIONAL; ``HBFN`` = HIGHER; ``LBFN`` = LOWER).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..errors import Diagnostic, ParameterHint, UsageError
from . import Player, Tournament

FILE_RATING = "FIDE"
NATIONAL = "NATIONAL"
_FILE_RATING_NAMES = {"fide", "elo", "file"}
_COMBINED = {"higher": "HIGHER", "lower": "LOWER", "national": NATIONAL}
#: TRF26 record 172 methods as rating orders
_METHOD_ORDERS = {
    "FIDE": (FILE_RATING,),
    "NRO": (NATIONAL,),
    "FIDON": (FILE_RATING, NATIONAL),
    "NIDOF": (NATIONAL, FILE_RATING),
    "HBFN": ("HIGHER",),
    "LBFN": ("LOWER",),
}


@dataclass(frozen=True)
class RatingTable:
    """Ratings read from a side file: list name -> participant key -> rating."""

    source: str
    lists: tuple[str, ...]
    by_number: dict[int, dict[str, int]]
    by_name: dict[str, dict[str, int]]

    def ratings_of(self, player: Player) -> dict[str, int]:
        """The ratings of ``player`` in this table (by start number, else by name)."""
        found = self.by_number.get(player.start_number)
        if found is None:
            found = self.by_name.get(name_key(player.name), {})
        return found


def name_key(name: str) -> str:
    """A name compared without case and extra spaces."""
    return " ".join(name.casefold().split())


def file_rating_order(tournament: Tournament) -> tuple[str, ...] | None:
    """The rating order declared by the file's TRF26 ``172`` record (None without one, or for
    the plain FIDE method and OTHER)."""
    order = _METHOD_ORDERS.get(tournament.rating_method)
    return None if order is None or order == (FILE_RATING,) else order


def apply_rating_order(
    tournament: Tournament, order: Sequence[str], table: RatingTable | None = None
) -> Tournament:
    """A copy of ``tournament`` in which each participant's rating is the first available of
    the lists in ``order`` (``FIDE``/``Elo`` = the file's own rating; other names are columns
    of ``table``); a note of how many ratings came from each list is added to its warnings."""
    lists = [_list_name(name, table, tournament) for name in order]
    used: Counter[str] = Counter()
    players = []
    for player in tournament.players:
        rating, origin = _first_rating(player, lists, table)
        used[origin] += 1
        players.append(player if rating == player.rating else replace(player, rating=rating))
    summary = ", ".join(f"{count} from {origin}" for origin, count in used.items())
    note = Diagnostic(
        f"ratings for tie-breaks ({' else '.join(lists)}): {summary}", code="ratings.list-used"
    )
    warnings = (*tournament.warnings, note)
    return replace(tournament, players=tuple(players), warnings=warnings, rating_method="")


def _list_name(name: str, table: RatingTable | None, tournament: Tournament) -> str:
    cleaned = name.strip()
    if cleaned.casefold() in _FILE_RATING_NAMES:
        return FILE_RATING
    federation = tournament.national_federation.casefold()
    if cleaned.casefold() in _COMBINED or (federation and cleaned.casefold() == federation):
        return _COMBINED.get(cleaned.casefold(), NATIONAL)
    if table is not None:
        for known in table.lists:
            if known.casefold() == cleaned.casefold():
                return known
    known_lists = [FILE_RATING, NATIONAL, "HIGHER", "LOWER", *(table.lists if table else ())]
    hint = (
        None
        if table
        else ParameterHint("table", "other lists come from a rating CSV given with {}")
    )
    raise UsageError(
        f"unknown rating list {name!r} in the rating order; known: {', '.join(known_lists)}", hint
    )


def _first_rating(
    player: Player, lists: Sequence[str], table: RatingTable | None
) -> tuple[int | None, str]:
    side = dict(table.ratings_of(player)) if table is not None else {}
    side[FILE_RATING] = player.rating or 0
    side[NATIONAL] = player.national_rating or 0
    both = [rating for rating in (side[FILE_RATING], side[NATIONAL]) if rating]
    side["HIGHER"] = max(both, default=0)
    side["LOWER"] = min(both, default=0)
    for name in lists:
        rating = side.get(name)
        if rating:
            return rating, name
    return None, "no list (unrated)"
