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

from ..errors import (
    N_,
    Diagnostic,
    InputError,
    Listed,
    Location,
    ParameterHint,
    Phrase,
    UsageError,
    Word,
)
from . import Player, Tournament
from .round_ratings import RoundRating

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
class RoundEntry:
    """One row of a rating CSV with a round column: the participant (``kind`` "number",
    "fide_id" or "name", and the key as written), the round from which ``rating`` is in force,
    and where the row's cells are (for errors: key, round, rating)."""

    kind: str
    key: str
    from_round: int
    rating: int
    key_at: Location
    round_at: Location


@dataclass(frozen=True)
class RatingTable:
    """Ratings read from a side file: list name -> participant key -> rating; or, for a file
    with a round column, ratings per round (``round_entries``, :mod:`.round_ratings`)."""

    source: str
    lists: tuple[str, ...]
    by_number: dict[int, dict[str, int]]
    by_name: dict[str, dict[str, int]]
    round_entries: tuple[RoundEntry, ...] = ()

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
    summary = tuple(
        Phrase(N_("%(count)s from %(origin)s"), count=count, origin=origin)
        for origin, count in used.items()
    )
    note = Diagnostic.told(
        N_("ratings for tie-breaks (%(lists)s): %(summary)s"),
        code="ratings.list-used",
        lists=Listed(tuple(lists), Word(N_(" else "))),
        summary=Listed(summary),
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
        else ParameterHint("table", N_("other lists come from a rating CSV given with {}"))
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
    return None, Word(N_("no list (unrated)"))


def apply_round_ratings(tournament: Tournament, table: RatingTable) -> Tournament:
    """A copy of ``tournament`` with the ratings per round of ``table`` (a CSV with a round
    column): a rating from round 1 replaces the participant's rating (the first rating), a
    later one is in force from its round on (:attr:`Tournament.round_ratings`, replacing those
    of the file for the participants the table names). InputError at the cell for a
    participant the tournament does not have, a round it does not have, or a participant
    given two ratings for the same round."""
    numbers = _participant_keys(tournament)
    first: dict[int, int] = {}
    later: dict[tuple[int, int], int] = {}
    seen: set[tuple[int, int]] = set()
    for entry in table.round_entries:
        number = numbers.get((entry.kind, _key(entry.kind, entry.key)))
        if number is None:
            expected = {"number": "a start number", "fide_id": "a FIDE id", "name": "a name"}
            raise InputError(entry.key_at, entry.key, f"{expected[entry.kind]} of the tournament")
        if not 1 <= entry.from_round <= max(tournament.rounds, 1):
            raise InputError(
                entry.round_at, str(entry.from_round), f"a round from 1 to {tournament.rounds}"
            )
        if (number, entry.from_round) in seen:
            raise InputError(
                entry.round_at,
                str(entry.from_round),
                f"one rating per player and round (player {number} has one for this round)",
            )
        seen.add((number, entry.from_round))
        if entry.from_round == 1:
            first[number] = entry.rating
        else:
            later[number, entry.from_round] = entry.rating
    named = {number for number, _ in seen}
    kept = [item for item in tournament.round_ratings if item.start_number not in named]
    added = [RoundRating(number, at, rating) for (number, at), rating in later.items()]
    players = tuple(
        replace(player, rating=first[player.start_number])
        if player.start_number in first
        else player
        for player in tournament.players
    )
    ordered = sorted([*kept, *added], key=lambda item: (item.start_number, item.from_round))
    return replace(tournament, players=players, round_ratings=tuple(ordered))


def _key(kind: str, key: str) -> str:
    if kind == "name":
        return name_key(key)
    return key.strip().lstrip("0") or "0"


def _participant_keys(tournament: Tournament) -> dict[tuple[str, str], int]:
    """Each participant's start number by start number, FIDE id and name (as compared)."""
    keys: dict[tuple[str, str], int] = {}
    for player in tournament.players:
        number = player.start_number
        keys["number", _key("number", str(number))] = number
        keys["name", name_key(player.name)] = number
        if player.fide_id.strip():
            keys["fide_id", _key("fide_id", player.fide_id)] = number
    return keys
