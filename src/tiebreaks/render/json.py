"""The standings as JSON, with values as exact decimal numbers and null when undefined."""

from __future__ import annotations

import json
import secrets
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..engine.numbers import to_json_number
from ..standings import Standings
from .values import ValueTexts


def _header(standings: Standings) -> dict[str, Any]:
    """Everything of the JSON document but the standings rows."""
    tournament = standings.tournament
    return {
        "tournament": {
            "name": tournament.name,
            "rounds": tournament.rounds,
            "type": standings.pairing_system.value,
            "teams": standings.is_team,
            "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        },
        "rules": standings.rules.name,
        "rules_reason": standings.rules_reason,
        "after_round": standings.rounds,
        "tiebreaks": list(standings.columns),
        "warnings": [str(warning) for warning in standings.warnings],
        "warning_details": [warning.data() for warning in standings.warnings],
    }


def standings_to_data(standings: Standings) -> dict[str, Any]:
    """The JSON document as Python data (numbers as ``int`` or exact ``Decimal``)."""
    return {
        **_header(standings),
        "standings": [
            {
                "rank": row.rank,
                "id": row.player.start_number,
                "name": row.player.name,
                "rating": row.player.rating,
                "tiebreaks": {
                    name: to_json_number(value, standings.places.get(name))
                    for name, value in row.values.items()
                },
            }
            for row in standings.rows
        ],
    }


def _json_number(value: Fraction | None, places: int | None) -> str:
    return "null" if value is None else str(to_json_number(value, places))


def standings_json(standings: Standings) -> str:
    """The JSON text: indented header, one line per standings row (written directly, as the
    standings of a big open have tens of thousands of rows)."""
    head = dumps(_header(standings)).rstrip("}").rstrip()
    texts = ValueTexts(standings, _json_number)
    names = [json.dumps(name, ensure_ascii=False) for name in texts.columns]
    lines = []
    for row in standings.rows:
        values = ", ".join(
            f"{name}: {text}" for name, text in zip(names, texts.row(row), strict=True)
        )
        rating = json.dumps(row.player.rating)
        player_name = json.dumps(row.player.name, ensure_ascii=False)
        lines.append(
            f'{{"rank": {row.rank}, "id": {row.player.start_number}, "name": {player_name}, '
            f'"rating": {rating}, "tiebreaks": {{{values}}}}}'
        )
    body = ",\n    ".join(lines)
    standings_text = f"[\n    {body}\n  ]" if lines else "[]"
    return f'{head},\n  "standings": {standings_text}\n}}\n'


def dumps(data: Any, indent: int | None = 2) -> str:
    """JSON text in which ``Decimal`` values are written as exact numbers (not strings, not
    binary floats). Decimals travel through the standard encoder as marked strings that are
    unquoted afterwards; the marker holds a random nonce, so no user text can forge one."""
    marker = f"\u0001{secrets.token_hex(8)}:"

    def mark(value: Any) -> Any:
        if isinstance(value, Decimal):
            return f"{marker}{value}"
        if isinstance(value, dict):
            return {key: mark(item) for key, item in value.items()}
        if isinstance(value, list):
            return [mark(item) for item in value]
        return value

    text = json.dumps(mark(data), ensure_ascii=False, indent=indent)
    quoted = json.dumps(marker, ensure_ascii=False)[:-1]
    parts = text.split(quoted)
    return parts[0] + "".join(part.replace('"', "", 1) for part in parts[1:])
