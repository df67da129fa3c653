"""Our own JSON format for a tournament (``"format": "tiebreaks-tournament"``, version 1).

The format holds every field of :class:`~tiebreaks.model.Tournament` that decides the
standings, exactly: points are decimal strings (``"0.5"``; a value that is not a finite
decimal, such as a third, is written ``"1/3"``), never binary floats. Its JSON Schema
(draft 2020-12) is shipped as ``formats/schema/tournament.schema.json``. Outline::

    {"format": "tiebreaks-tournament", "version": 1,
     "tournament": {"name", "start_date" (ISO or null), "type_text" (TRF 092),
                    "type_code" (TRF26 192), "pairing_system" ("swiss" | "round-robin"),
                    "rounds", "score_system" {kind name: points}, "tiebreak_list" (202),
                    "standings_list" (212), "national_federation", "rating_method" (172),
                    "published_columns"},
     "players": [{"start_number", "name", "rating", "national_rating", "sex", "title",
                  "federation", "fide_id", "birth_date", "stated_points", "stated_rank",
                  "stated_values", "results": [{"kind", "opponent", "colour"}, ...]}],
     "team_records": null | {"teams": [{"number", "name", "short_name", "players"}],
                    "bye_match_points", "bye_game_points", "bye_teams": [{"round", "team"}],
                    "forfeits": [{"round", "white", "black", "code"}], "board_colours",
                    "match_points": {"win", "draw", "loss"}},
     "standings": optional {"rules", "rules_reason", "tiebreaks_source", "rounds",
                    "pairing_system", "team", "columns",
                    "rows": [{"rank", "participant", "name", "values", "drawn_by_lot"}]}}

A result ``kind`` is written as its name (``"win"``, ``"forfeit_loss"``, ``"absent"`` ...,
see :data:`.json_syntax.KIND_NAMES`); the reader also takes the TRF-16 result code
(``"1"``, ``"-"``, ``"U"`` ...; ``" "`` or ``""`` for an absence). Colours are ``"w"``,
``"b"`` or ``"-"`` (TRF-16 column 97). The team records mirror TRF26 ``013``/``310``,
``320``, ``330``, ``352`` and ``362`` (spec §5.1-5.2).

The reader checks the structure and raises :class:`~tiebreaks.errors.InputError` at the line
and column of the offending value, naming its path (``players[3].results[1].opponent``): a
JSON syntax error, a wrong type, an unknown key or result kind, an opponent or a team that
does not exist, a missing required field. Written with (individual) standings, the players'
``stated_points`` and ``stated_rank`` are the standings' points and ranks, as in the TRF and
Chess-JSON writers; read back, the ``standings`` rows become the published tie-break values
(``published_columns`` / ``stated_values``) that ``tiebreaks check`` compares with the
computed ones.

The writer refuses, before writing anything, a value the reader would not take back
(:mod:`tiebreaks.formats.writers.json_limits`: a lone surrogate, a number beyond the
reader's range) with a :class:`~tiebreaks.errors.FormatLimitError` naming the participant and
the field; a value whose decimal form would need more than 30 decimals is written as a ratio
(``"1/1099511627776"``).

The writer is :mod:`tiebreaks.formats.writers.tournament_json`; the reader reads a document
by the fast path (:mod:`.tournament_json_fast`) when it can, else by the careful path
(:mod:`.tournament_json_careful`), with the located JSON of :mod:`.json_syntax` (shared with
the Chess-JSON reader).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Tournament
from .consistency import check_consistency, round_robin_rounds_fit
from .json_syntax import parse_json
from .locator import Locator
from .tournament_json_careful import _TournamentReader
from .tournament_json_fast import read_plain_json

__all__ = ["read_tournament_json"]


def read_tournament_json(data: bytes | str, source: str = "<input>") -> Tournament:
    """Read our JSON tournament format (version 1); see the module docstring.

    Raises :class:`InputError` (file, line, column, the bad value, what was expected and the
    value's path) for malformed input. Plain documents take the fast path of
    :mod:`.tournament_json_fast`, which builds the same tournament."""
    tournament = read_plain_json(data, source)
    locator = Locator(source, points_label='"stated_points"')
    if tournament is not None and not round_robin_rounds_fit(tournament, tournament.rounds):
        tournament = None  # the careful path knows where the header declares the round robin
    if tournament is None:
        reader = _TournamentReader(source)
        tournament = reader.read(parse_json(data, source))
        locator = replace(locator, system_at=reader.system_at, rounds_at=reader.rounds_at)
    return check_consistency(tournament, locator)
