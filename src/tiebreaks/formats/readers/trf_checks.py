"""Where the consistency checks point in a TRF file, and pairing-system detection.

The checks themselves are those of every reader (:mod:`.consistency`); a TRF file gives them
the line and column of each field of a ``001`` record.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType

from ...errors import Location
from ...model import PairingSystem, Player
from .locator import Field, Locator
from .trf_player import POINTS_COLUMN, round_column

_COLUMNS = MappingProxyType({Field.START_NUMBER: 5, Field.POINTS: POINTS_COLUMN})

_ROUND_ROBIN_CODES = ("ROUNDROBIN", "ROUND_ROBIN", "SCHEVENINGEN", "BERGER")
_SWISS_CODES = ("FIDE_", "TEAM", "SWISS", "DUTCH", "DUBOV", "BURSTEIN")
_ROUND_ROBIN_WORDS = (
    "robin",
    "berger",
    "rundenturnier",
    "all-play-all",
    "all play all",
    "scheveningen",
)
_SWISS_WORDS = ("swiss", "schweizer", "svizzero", "suisse", "suizo")
_RR_TOKEN = re.compile(r"(?<![A-Za-z0-9])RR(?![A-Za-z0-9])", re.IGNORECASE)


def trf_locator(
    source: str, system_at: Location | None = None, rounds_at: Location | None = None
) -> Locator:
    """Where the consistency checks point in a ``001`` record (TRF-16): the start number at
    column 5, the points at 81 and round r at its opponent field
    (:func:`~.trf_player.round_column`); ``system_at`` and ``rounds_at``: the records that
    declare the pairing system (``192`` / ``092``) and the number of rounds (``142`` /
    ``XXR``)."""
    return Locator(
        source,
        columns=_COLUMNS,
        round_column=round_column,
        points_label="the points column",
        record_label="'001' record",
        system_at=system_at,
        rounds_at=rounds_at,
    )


def system_location(
    type_code: str, type_text: str, code_at: Location | None, text_at: Location | None
) -> Location | None:
    """Where the pairing system is declared: the ``192`` record when its code decides (see
    :func:`pairing_system_from_records`), else the ``092`` record when its text does."""
    if pairing_system_from_records(type_code, "") is not None:
        return code_at
    if pairing_system_from_records("", type_text) is not None:
        return text_at
    return None


def pairing_system_from_records(type_code: str, type_text: str) -> PairingSystem | None:
    """Pairing system named by TRF26 ``192`` (ETT26 code), else by TRF-16 ``092`` text.

    ``192``: a code containing ROUNDROBIN, SCHEVENINGEN or BERGER is a round robin; other
    ``FIDE_*``, team and Swiss codes are Swiss. ``092`` (any case): swiss, schweizer,
    svizzero, suisse, suizo mean Swiss; robin, berger, rundenturnier, all-play-all,
    scheveningen or the word RR mean round robin (a text naming both decides nothing).
    None when neither record decides.
    """
    code = type_code.upper()
    if any(word in code for word in _ROUND_ROBIN_CODES):
        return PairingSystem.ROUND_ROBIN
    if any(word in code for word in _SWISS_CODES):
        return PairingSystem.SWISS
    text = type_text.lower()
    round_robin = any(word in text for word in _ROUND_ROBIN_WORDS) or bool(
        _RR_TOKEN.search(type_text)
    )
    swiss = any(word in text for word in _SWISS_WORDS)
    if round_robin != swiss:
        return PairingSystem.ROUND_ROBIN if round_robin else PairingSystem.SWISS
    return None


def guess_pairing_system(players: Sequence[Player], rounds: int) -> PairingSystem:
    """Round robin or Swiss from the shape of the cross table, when no record says which.

    A round robin when there are n >= 3 players, the number of rounds is k(n - 1) for n even
    or kn for n odd (k >= 1: single, double ... round robin) and no two players met (a game or
    a forfeit) more than k times. Anything else is Swiss.
    """
    count = len(players)
    cycle = count - 1 if count % 2 == 0 else count
    if count < 3 or rounds == 0 or rounds % cycle != 0:
        return PairingSystem.SWISS
    cycles = rounds // cycle
    meetings: set[tuple[int, int, int]] = set()
    for player in players:
        for round_number, result in enumerate(player.results, start=1):
            if result.kind.has_opponent and result.opponent is not None:
                low, high = sorted((player.start_number, result.opponent))
                meetings.add((round_number, low, high))
    pair_counts = Counter((low, high) for _, low, high in meetings)
    if any(times > cycles for times in pair_counts.values()):
        return PairingSystem.SWISS
    return PairingSystem.ROUND_ROBIN
