"""Who is who in a PGN file: one participant per person, however the name is written.

A PGN names its players only by the text of the ``White`` and ``Black`` tags (and, in some
files, ``WhiteFideId`` / ``BlackFideId``). Hand-made and merged files write one person in
several ways, and a player split in two has half the games of each half: every score and
tie-break of both halves and of their opponents is wrong, silently. So the reader decides who
is who here, and says so every time it merges two spellings.

**Merged** (one participant, one warning per further spelling; the first spelling seen is
the one displayed): names with the same :func:`name_key`, i.e. equal after Unicode
compatibility normalisation (NFKC: full-width letters, ligatures, non-breaking spaces), case
folding, runs of blanks made one, and no blanks around a comma. "Carlsen, Magnus",
"carlsen, magnus", "Carlsen,Magnus" and " CARLSEN ,  Magnus " are one player: these
differences carry no information, nobody tells two players apart by them.

**FIDE ids decide when given**: the same id under two names is one player (a warning: the
names are not the same, but FIDE says the person is); two different ids under one name key
are two players (a warning, never merged: namesakes exist). A game without an id for a name
that two ids share cannot be assigned and is an error at the name.

**Not merged, but a warning that two players look like the same person**: names that differ
only in accents ("Müller", "Muller", and "Mueller" for ä/ö/ü), in word order ("Magnus
Carlsen" and "Carlsen, Magnus"), in punctuation ("Vachier-Lagrave", "Vachier Lagrave") or in a
FIDE title written into the name ("GM Carlsen, Magnus"). Each can be two different people
(Müller and Muller are different names; two siblings share a surname), so guessing would
move games between real players; the arbiter is told where, and can write the name once or
give both the same FIDE id. No warning between two players who both have (different) FIDE
ids.

**Neither merged nor compared**: numbers in a name ("Player 1", "Player 2", or a rating such
as "Carlsen (2830)"): they tell apart players of many real files, so they are never dropped;
initials ("Carlsen, M." and "Carlsen, Magnus"): M. may be another first name. Case folding
makes "ß" and "ss" one ("STRAUSS" is how capitals write "Strauß").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypedDict

from ...errors import N_, Diagnostic, InputError, Location, Word

__all__ = ["Appearance", "fide_id_key", "identify", "look_alike_keys", "name_key"]

_TITLES = frozenset({"gm", "im", "fm", "cm", "wgm", "wim", "wfm", "wcm"})
_WORD = re.compile(r"[^\W_]+")
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_NO_ID = frozenset({"", "?", "-"})


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """The form of a name two spellings of one player share (module docstring).

    NFKC, case-folded (NFKC again, as case folding can undo it), blank runs made one space,
    no blank next to a comma, no blank at either end.
    """
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    text = " ".join(text.split())
    return text.replace(" ,", ",").replace(", ", ",")


@lru_cache(maxsize=65536)
def look_alike_keys(name: str) -> frozenset[tuple[str, ...]]:
    """Forms under which two different names look like one person (a warning, no merge).

    The words of the name key (letters and digits; titles dropped), sorted, once without
    accents and once with ä, ö, ü written ae, oe, ue and then without accents.
    """
    key = name_key(name)
    keys = set()
    for form in (key, key.translate(_UMLAUTS)):
        plain = "".join(
            char for char in unicodedata.normalize("NFD", form) if not unicodedata.combining(char)
        )
        words = sorted(word for word in _WORD.findall(plain) if word not in _TITLES)
        if words:
            keys.add(tuple(words))
    return frozenset(keys)


def fide_id_key(text: str) -> str:
    """A FIDE id as compared: digits without leading zeros; "", "?", "-" and 0 mean none."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        return text.lstrip("0")
    return "" if text in _NO_ID else text.casefold()


@dataclass(frozen=True)
class Appearance:
    """One side of one game as written: the name, its FIDE id, and where it is."""

    name: str
    fide_id: str
    side: str
    round: int
    location: Location

    def __str__(self) -> str:
        return f'"{self.name}" ({self.side}, round {self.round})'


@dataclass
class _Person:
    """One participant: its identity, first appearance and spellings (first one displayed)."""

    label: tuple[str, str]
    first: Appearance
    spellings: dict[str, Appearance] = field(default_factory=dict)

    @property
    def fide_id(self) -> str:
        return self.label[1] if self.label[0] == "id" else ""

    def __str__(self) -> str:
        return f'"{self.first.name}" (first seen line {self.first.location.line})'


def identify(appearances: Sequence[Appearance], warnings: list[Diagnostic]) -> list[int]:
    """The participant of each appearance, numbered 0, 1, ... in order of first appearance.

    Appends a warning for every merged spelling, every name shared by different FIDE ids and
    every two participants who look like one person; raises
    :class:`~tiebreaks.errors.InputError` for a name that different FIDE ids share, written
    in a game without a FIDE id.
    """
    ids_by_key: dict[str, dict[str, Appearance]] = {}
    for appearance in appearances:
        if appearance.fide_id:
            ids = ids_by_key.setdefault(name_key(appearance.name), {})
            ids.setdefault(appearance.fide_id, appearance)
    labels: dict[tuple[str, str], int] = {}
    people: list[_Person] = []
    owners = []
    for appearance in appearances:
        label = _label(appearance, ids_by_key)
        number = labels.setdefault(label, len(labels))
        if number == len(people):
            people.append(_Person(label, appearance))
        _add_spelling(people[number], appearance, warnings)
        owners.append(number)
    warnings.extend(_namesakes(ids_by_key))
    warnings.extend(_look_alikes(people))
    return owners


def _label(appearance: Appearance, ids_by_key: dict[str, dict[str, Appearance]]) -> tuple[str, str]:
    """Who an appearance is: its FIDE id, else the one id its name has elsewhere, else its name."""
    if appearance.fide_id:
        return "id", appearance.fide_id
    key = name_key(appearance.name)
    ids = ids_by_key.get(key, {})
    if len(ids) == 1:
        return "id", next(iter(ids))
    if not ids:
        return "name", key
    holders = ", ".join(f"{fide_id} at line {at.location.line}" for fide_id, at in ids.items())
    raise InputError(
        appearance.location,
        appearance.name,
        f"a {appearance.side}FideId tag saying which player this is: {len(ids)} players "
        f"with this name have different FIDE ids ({holders})",
    )


def _add_spelling(person: _Person, appearance: Appearance, warnings: list[Diagnostic]) -> None:
    """Record a spelling; a new one, other than the first, is a warning where it appears."""
    if appearance.name in person.spellings:
        return
    person.spellings[appearance.name] = appearance
    if len(person.spellings) == 1:
        return
    template = N_(
        '"%(name)s" (%(side)s, round %(round)s) taken as the same player as "%(first)s" (first'
        " seen line %(line)s)"
    )
    if name_key(appearance.name) != name_key(person.first.name):
        template = N_(
            '"%(name)s" (%(side)s, round %(round)s) taken as the same player as "%(first)s"'
            " (first seen line %(line)s): both have FIDE id %(fide_id)s"
        )
    warnings.append(
        Diagnostic.told(
            template,
            appearance.location,
            code="pgn.spelling-merged",
            **_seen(appearance),
            first=person.first.name,
            line=person.first.location.line,
            fide_id=person.fide_id,
        )
    )


class _Seen(TypedDict):
    """The fields of a warning's sentence that say an appearance as ``str(appearance)``
    does."""

    name: str
    side: Word
    round: int


def _seen(appearance: Appearance) -> _Seen:
    """The fields that say an appearance as ``str(appearance)`` does: its name, its side (a
    catalog entry) and its round."""
    return {"name": appearance.name, "side": Word(appearance.side), "round": appearance.round}


def _namesakes(ids_by_key: dict[str, dict[str, Appearance]]) -> Iterable[Diagnostic]:
    """A warning for every further FIDE id a name key is written with (two players)."""
    for ids in ids_by_key.values():
        first_id, first = next(iter(ids.items()))
        for fide_id, appearance in list(ids.items())[1:]:
            yield Diagnostic.told(
                N_(
                    '"%(name)s" (%(side)s, round %(round)s) with FIDE id %(fide_id)s is read as a'
                    ' different player from "%(first)s" with FIDE id %(first_id)s (line'
                    " %(line)s): same name, different FIDE ids"
                ),
                appearance.location,
                code="pgn.same-name-two-ids",
                **_seen(appearance),
                fide_id=fide_id,
                first=first.name,
                first_id=first_id,
                line=first.location.line,
            )


def _look_alikes(people: list[_Person]) -> Iterable[Diagnostic]:
    """A warning for every two participants whose names look alike (module docstring)."""
    claims: dict[tuple[str, ...], int] = {}
    warned: set[tuple[int, int]] = set()
    for number, person in enumerate(people):
        for spelling, appearance in person.spellings.items():
            for key in look_alike_keys(spelling):
                owner = claims.setdefault(key, number)
                other = people[owner]
                if owner == number or (owner, number) in warned:
                    continue
                warned.add((owner, number))
                if person.fide_id and other.fide_id:
                    continue
                yield Diagnostic.told(
                    N_(
                        '"%(name)s" (%(side)s, round %(round)s) and "%(first)s" (first seen line'
                        " %(line)s) look like the same person (the names differ only in accents,"
                        " word order, punctuation or a title) but are read as two players; if"
                        " they are one, write the name the same way in every game or give both"
                        " the same FIDE id"
                    ),
                    appearance.location,
                    code="pgn.look-alike-names",
                    **_seen(appearance),
                    first=other.first.name,
                    line=other.first.location.line,
                )
