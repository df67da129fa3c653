"""The standings as JSON, with values as exact decimal numbers and null when undefined."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from ..numbers import to_json_number
from ..standings import Standings


def standings_to_data(standings: Standings) -> dict[str, Any]:
    """The JSON document as Python data (numbers as ``int`` or exact ``Decimal``)."""
    tournament = standings.tournament
    return {
        "tournament": {
            "name": tournament.name,
            "rounds": tournament.rounds,
            "type": standings.pairing_system.value,
            "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        },
        "rules": standings.rules.name,
        "rules_reason": standings.rules_reason,
        "after_round": standings.rounds,
        "tiebreaks": [str(spec) for spec in standings.tiebreaks],
        "warnings": [str(warning) for warning in standings.warnings],
        "standings": [
            {
                "rank": row.rank,
                "id": row.player.start_number,
                "name": row.player.name,
                "rating": row.player.rating,
                "tiebreaks": {name: to_json_number(value) for name, value in row.values.items()},
            }
            for row in standings.rows
        ],
    }


def standings_json(standings: Standings) -> str:
    """The JSON text (UTF-8, indented)."""
    return dumps(standings_to_data(standings)) + "\n"


def dumps(data: Any, indent: int = 2, level: int = 0) -> str:
    """JSON text in which ``Decimal`` values are written as exact numbers."""
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(data, dict):
        if not data:
            return "{}"
        items = [
            f"{pad}{json.dumps(str(k))}: {dumps(v, indent, level + 1)}" for k, v in data.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{end}}}"
    if isinstance(data, list):
        if not data:
            return "[]"
        items = [f"{pad}{dumps(v, indent, level + 1)}" for v in data]
        return "[\n" + ",\n".join(items) + f"\n{end}]"
    if isinstance(data, Decimal):
        return str(data)
    return json.dumps(data, ensure_ascii=False)
