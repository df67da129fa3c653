"""The drawing of lots for participants still tied after the last tie-break, repeatable.

C.07 (2026) Art. 2.1 leaves it to the event's regulations whether participants tied after
every tie-break share the place or are separated, and a drawing of lots is the way to
separate them that is left (the FIDE reference engine's ``RND``). Here a drawing must give
the same order every time it is made again (the arbiter reruns the program, a player checks
the published standings), so it is a function of a *seed*:

* by default the seed is :func:`tournament_seed`, a SHA-256 hash of the participants and their
  results over the rounds considered: the same file gives the same draw on any machine and
  Python version (Python's ``hash()`` is salted per process and is never used), and the draw
  after round 5 stays the same when round 6 is added to the file;
* a seed can be given instead (an arbiter who drew the lots in public and records the seed).

Each tied participant's lot is the SHA-256 hash of the seed and the start number
(:func:`lot`); a tied group is ordered by lot. Nothing depends on :mod:`random`, whose
shuffle is not promised to stay the same across Python versions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..model import Player

#: the seed is the first 4 bytes of the hash: a number short enough to print and type again
_SEED_BYTES = 4


def tournament_seed(players: Sequence[Player], rounds: int) -> int:
    """The seed drawn from the tournament itself: a SHA-256 hash of every participant (start
    number, name) and of its results in rounds 1..``rounds`` (kind, opponent, colour), read as
    a whole number below 2**32."""
    digest = hashlib.sha256()
    for player in players:
        results = " ".join(
            f"{result.kind.value}{result.opponent or 0}{result.colour.value}"
            for result in player.results[:rounds]
        )
        digest.update(f"{player.start_number}\x1f{player.name}\x1f{results}\x1e".encode())
    return int.from_bytes(digest.digest()[:_SEED_BYTES], "big")


def lot(seed: int, start_number: int) -> bytes:
    """The lot a participant draws with ``seed``: tied participants are placed by increasing
    lot (SHA-256 of the seed and the start number, the same on every platform)."""
    return hashlib.sha256(f"{seed}:{start_number}".encode()).digest()
