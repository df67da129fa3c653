"""The standings as an aligned plain-text table with names."""

from __future__ import annotations

from ..standings import Standings
from .values import ValueTexts


def standings_text(standings: Standings) -> str:
    """A readable table: header lines, then rank, start number, name, rating and values."""
    texts = ValueTexts(standings)
    rating = [] if standings.is_team else ["Rtg"]
    header = ["Rk", "No", "Name", *rating, *texts.columns]
    lines = [
        [
            str(row.rank) + ("*" if row.drawn_by_lot else ""),
            str(row.player.start_number),
            row.player.name,
            *([] if standings.is_team else [str(row.player.rating or "")]),
            *texts.row(row),
        ]
        for row in standings.rows
    ]
    widths = [max(len(cells[i]) for cells in [header, *lines]) for i in range(len(header))]
    text_columns = {2}

    def fmt(cells: list[str]) -> str:
        out = [
            cell.ljust(width) if i in text_columns else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    body = [fmt(header), fmt(["-" * width for width in widths])]
    body.extend(fmt(cells) for cells in lines)
    return "\n".join([*_title(standings), "", *body]) + "\n"


def _title(standings: Standings) -> list[str]:
    tournament = standings.tournament
    lines = [tournament.name or tournament.source or "Tournament"]
    system = standings.pairing_system.value
    rounds = f"after round {standings.rounds} of {tournament.rounds}"
    if standings.rounds == tournament.rounds:
        rounds = f"{tournament.rounds} rounds"
    who = "teams" if standings.is_team else "players"
    if standings.is_team:
        system = f"team {system}"
    lines.append(f"{system}, {len(tournament.players)} {who}, {rounds}")
    lines.append(f"Rules: {standings.rules} ({standings.rules_reason})")
    listed = ", ".join(str(spec) for spec in standings.tiebreaks)
    lines.append(f"Tie-breaks: {listed} ({standings.tiebreaks_source})")
    if any(row.drawn_by_lot for row in standings.rows):
        lines.append("* place decided by drawing of lots")
    return lines
