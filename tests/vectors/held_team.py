"""Generator of ``src/tiebreaks/examples/held-team-14.trf``: the FIDE/TEC team Swiss exercise
TV-6 (Held §2.3), 14 teams x 4 boards, 7 rounds, as a TRF-16 file with TRF26 team records.

Run ``python tests/vectors/held_team.py > src/tiebreaks/examples/held-team-14.trf``; the output
is deterministic (``tests/vectors/test_held_team_fixture.py`` checks it byte for byte).

Source data: the TV-6 team crosstable of ``regulations.md`` (:data:`TV6_TABLE`, copied from the
published exercise). Entry ``8w2.5``: in this round the team met team 8, had White on board 1
and scored 2.5 game points (GP) of 4. Event rules: match points 2/1/0; a pairing-allocated bye
(PAB) and a half-point bye (HPB) are each worth 1 MP + 2 GP; forfeit win 2 MP + 4 GP; forfeit
loss and zero-point bye (ZPB) 0.

Conventions of the file (the board-level results are invented; only team totals are published):

* Players: team t has start numbers 4(t-1)+1 .. 4(t-1)+4 for boards 1..4, named
  ``Team tt Board b``, rated 2400 - 50(t-1) - 20(b-1) (all distinct, descending by board).
* Colours (``352 WBWB``): the team with White on board 1 (the "home" team, ``w`` in the
  table) has White on boards 1 and 3, Black on boards 2 and 4; board b meets board b.
* Board results are filled from the home team's side: with h half-points of GP, boards 1.. get
  wins (h // 2 of them), then one draw if h is odd, then losses; the away team gets the
  complementary results. One exception, given by the exercise: round 3, team 11 (home) vs
  team 14, boards 1..4 for team 11 are win, draw, draw, loss.
* Round 6 forfeit (table ``+F`` / ``-F``, their mutual pairing): team 1 is the home team
  (White on boards 1 and 3); every board of team 1 gets ``+``, every board of team 6 ``-``.
* Byes: each player of the team gets ``0000 - U`` (PAB: team 12 round 5, team 14 round 7),
  ``0000 - H`` (HPB: team 14 round 5) or ``0000 - Z`` (ZPB: team 7 round 7). Four ``U`` results
  would be 4 GP, so the TRF26 ``320`` record says a team PAB is worth 1.0 MP and 2.0 GP and
  names the PAB team of each round (``000`` = none).
* Points column (81-84): the player's total in the individual 1-½-0 system (``U`` and ``+``
  count 1, ``H`` ½, ``Z`` and ``-`` 0); the rank column is blank.
* Records: ``012 042 092 142 XXR 192 352 362 320``, one ``013`` per team (name at 5-36,
  players at 37-40, 42-45, 47-50, 52-55), then the ``001`` lines by start number. ``362``
  uses the ``162`` layout with two-letter codes: code at 5-6, value at 7-10, the next pair
  9 columns on (14-15 / 16-19, 23-24 / 25-28).

Points are counted in half-points (``int``), never floats.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

TEAMS = 14
BOARDS = 4
ROUNDS = 7
COLOUR_SEQUENCE = "WBWB"
"""Colour of the home team (White on board 1) on boards 1..4 (TRF26 ``352``)."""

MATCH_POINTS = (("TW", "2.0"), ("TD", "1.0"), ("TL", "0.0"))
"""Team match-point system (TRF26 ``362``)."""
PAB_MATCH_HALVES = 2
"""A team PAB is worth 1 match point (in half-points)."""
PAB_GAME_HALVES = 4
"""A team PAB is worth 2 game points (in half-points)."""

TV6_TABLE = """
| team | R1 | R2 | R3 | R4 | R5 | R6 | R7 |
|---|---|---|---|---|---|---|---|
| 1 | 8w2.5 | 4b1.5 | 7w3 | 2b2.5 | 5w1.5 | +F | 3b2.5 |
| 2 | 9b3 | 3w4 | 5b0 | 1w1.5 | 13w3 | 4b2.5 | 10b3 |
| 3 | 10w2.5 | 2b0 | 9w3 | 6b2.5 | 4w3 | 5b3.5 | 1w1.5 |
| 4 | 11b3 | 1w2.5 | 13b3 | 5w3.5 | 3b1 | 2w1.5 | 9b2.5 |
| 5 | 12w4 | 6b3 | 2w4 | 4b0.5 | 1b2.5 | 3w0.5 | 13b3.5 |
| 6 | 13b2 | 5w1 | 8b3 | 3w1.5 | 11b2.5 | −F | 12w2.5 |
| 7 | 14w2 | 8b2 | 1b1 | 10w2.5 | 9b2 | 13w2 | ZPB |
| 8 | 1b1.5 | 7w2 | 6w1 | 12b3.5 | 10b2 | 9w2 | 11w3 |
| 9 | 2w1 | 12b4 | 3b1 | 14w3 | 7w2 | 8b2 | 4w1.5 |
| 10 | 3b1.5 | 11w1.5 | 12b2.5 | 7b1.5 | 8w2 | 14b3 | 2w1 |
| 11 | 4w1 | 10b2.5 | 14w2 | 13b1.5 | 6w1.5 | 12w2 | 8b1 |
| 12 | 5b0 | 9w0 | 10w1.5 | 8w0.5 | PAB | 11b2 | 6b1.5 |
| 13 | 6w2 | 14b2.5 | 4w1 | 11w2.5 | 2b1 | 7b2 | 5w0.5 |
| 14 | 7b2 | 13w1.5 | 11b2 | 9b1 | HPB | 10w1 | PAB |
"""
"""The TV-6 team crosstable as published (``regulations.md`` "### TV-6")."""

FORFEITS: dict[int, tuple[int, int]] = {6: (1, 6)}
"""Forfeited matches by round: (winner, loser); the winner is the home team."""

BOARD_OVERRIDES: dict[tuple[int, int], str] = {(3, 11): "1==0"}
"""Published board results, by (round, home team): codes of the home team's boards 1..4."""

BYE_CODES = {"PAB": "U", "HPB": "H", "ZPB": "Z"}
BYE_HALVES = {"PAB": PAB_GAME_HALVES, "HPB": 4, "ZPB": 0}
"""Team game points of a bye under the event rules, in half-points."""
HALVES = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "U": 2, "H": 1, "Z": 0}
"""Individual points of a result code, in half-points."""
COMPLEMENT = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}

_GAME = re.compile(r"(\d+)([wb])(\d+(?:\.5)?)")
_FORFEIT = {"+F": True, "-F": False, "−F": False}


@dataclass(frozen=True)
class Entry:
    """One cell of the team crosstable: a match (played or forfeited) or a bye."""

    kind: str
    """``game``, ``forfeit``, or the bye type ``PAB`` / ``HPB`` / ``ZPB``."""
    opponent: int = 0
    home: bool = False
    """White on board 1."""
    halves: int = 0
    """Game points of the team, in half-points."""


@dataclass(frozen=True)
class Slot:
    """One round of one player record: opponent's start number (0 = none), colour, result."""

    opponent: int
    colour: str
    code: str


def parse_table(text: str = TV6_TABLE) -> dict[int, tuple[Entry, ...]]:
    """The crosstable: team number -> its entries for rounds 1..7."""
    table: dict[int, tuple[Entry, ...]] = {}
    for row in text.strip().splitlines()[2:]:
        team, *cells = (cell.strip() for cell in row.strip().strip("|").split("|"))
        number = int(team)
        table[number] = tuple(
            parse_entry(cell, number, round_number)
            for round_number, cell in enumerate(cells, start=1)
        )
    return table


def parse_entry(cell: str, team: int, round_number: int) -> Entry:
    """One cell: ``8w2.5``, ``+F`` / ``-F`` (opponent from :data:`FORFEITS`) or a bye."""
    if cell in BYE_CODES:
        return Entry(cell, halves=BYE_HALVES[cell])
    if cell in _FORFEIT:
        winner, loser = FORFEITS[round_number]
        won = _FORFEIT[cell]
        if team != (winner if won else loser):
            raise ValueError(f"team {team}, round {round_number}: {cell} not in FORFEITS")
        return Entry("forfeit", loser if won else winner, won, 2 * BOARDS if won else 0)
    match = _GAME.fullmatch(cell)
    if match is None:
        raise ValueError(f"team {team}, round {round_number}: cannot read {cell!r}")
    opponent, colour, points = match.groups()
    halves = int(points.removesuffix(".5")) * 2 + points.endswith(".5")
    return Entry("game", int(opponent), colour == "w", halves)


def check_table(table: dict[int, tuple[Entry, ...]]) -> None:
    """Both sides of every pairing agree: reciprocal opponents, opposite colours, GP sum 4."""
    for team, entries in table.items():
        for round_number, entry in enumerate(entries, start=1):
            if entry.kind in BYE_CODES:
                continue
            other = table[entry.opponent][round_number - 1]
            agree = (
                other.kind == entry.kind
                and other.opponent == team
                and other.home != entry.home
                and other.halves + entry.halves == 2 * BOARDS
            )
            if not agree:
                raise ValueError(f"round {round_number}: teams {team} and {entry.opponent}")


def start_number(team: int, board: int) -> int:
    """Start number of the player of ``team`` on ``board`` (both 1-based)."""
    return BOARDS * (team - 1) + board


def home_codes(round_number: int, team: int, entry: Entry) -> str:
    """Result codes of the home team's boards 1..4 in its match of ``round_number``."""
    if entry.kind == "forfeit":
        return "+" * BOARDS
    codes = BOARD_OVERRIDES.get((round_number, team))
    if codes is None:
        wins, draw = divmod(entry.halves, 2)
        codes = ("1" * wins + "=" * draw).ljust(BOARDS, "0")
    if sum(HALVES[code] for code in codes) != entry.halves:
        raise ValueError(f"round {round_number}, team {team}: {codes} is not {entry.halves}/2")
    return codes


def match_slots(round_number: int, team: int, entry: Entry) -> dict[int, Slot]:
    """The slots of both teams' players for the match where ``team`` is the home team."""
    slots: dict[int, Slot] = {}
    codes = home_codes(round_number, team, entry)
    for board, (code, colour) in enumerate(zip(codes, COLOUR_SEQUENCE, strict=True), start=1):
        home, away = start_number(team, board), start_number(entry.opponent, board)
        away_colour = "b" if colour == "W" else "w"
        slots[home] = Slot(away, colour.lower(), code)
        slots[away] = Slot(home, away_colour, COMPLEMENT[code])
    return slots


def round_slots(table: dict[int, tuple[Entry, ...]], round_number: int) -> dict[int, Slot]:
    """Every player's slot in ``round_number``, by start number."""
    slots: dict[int, Slot] = {}
    for team, entries in table.items():
        entry = entries[round_number - 1]
        if entry.kind in BYE_CODES:
            for board in range(1, BOARDS + 1):
                slots[start_number(team, board)] = Slot(0, "-", BYE_CODES[entry.kind])
        elif entry.home:
            slots.update(match_slots(round_number, team, entry))
    return slots


def format_halves(halves: int) -> str:
    """Half-points as TRF points text: 9 -> ``4.5``."""
    return f"{halves // 2}.{5 * (halves % 2)}"


def put(line: list[str], column: int, text: str) -> None:
    """Write ``text`` into ``line`` starting at the 1-based ``column``."""
    end = column - 1 + len(text)
    if len(line) < end:
        line.extend(" " * (end - len(line)))
    line[column - 1 : end] = list(text)


def player_line(team: int, board: int, slots: list[Slot]) -> str:
    """The ``001`` record of the player of ``team`` on ``board``."""
    number = start_number(team, board)
    line: list[str] = []
    put(line, 1, "001")
    put(line, 5, f"{number:>4}")
    put(line, 10, "m")
    put(line, 15, f"Team {team:02} Board {board}".ljust(33))
    put(line, 49, f"{2400 - 50 * (team - 1) - 20 * (board - 1):>4}")
    put(line, 54, "NOR")
    put(line, 58, f"{0:>11}")
    put(line, 70, "1990/01/01")
    put(line, 81, f"{format_halves(sum(HALVES[slot.code] for slot in slots)):>4}")
    for round_number, slot in enumerate(slots, start=1):
        column = 92 + 10 * (round_number - 1)
        put(line, column, f"{slot.opponent:04}" if slot.opponent == 0 else f"{slot.opponent:>4}")
        put(line, column + 5, slot.colour)
        put(line, column + 7, slot.code)
    return "".join(line).rstrip()


def header_lines(table: dict[int, tuple[Entry, ...]]) -> list[str]:
    """Tournament records: name, date, type, rounds, team rules, team PAB (``320``)."""
    pab_teams = [
        next((team for team, entries in table.items() if entries[r].kind == "PAB"), 0)
        for r in range(ROUNDS)
    ]
    pab = f"320 {format_halves(PAB_MATCH_HALVES):>4} {format_halves(PAB_GAME_HALVES):>4}"
    return [
        "012 Held exercises: team Swiss, 14 teams x 4 boards, 7 rounds (FIDE C.07 exercises)",
        "042 2024/03/01",
        "092 Team Swiss",
        f"142 {ROUNDS}",
        f"XXR {ROUNDS}",
        "192 FIDE_TEAM_MP_GP",
        f"352 {COLOUR_SEQUENCE}",
        "362 " + "   ".join(f"{code}{value:>4}" for code, value in MATCH_POINTS),
        pab + "".join(f" {team:03}" for team in pab_teams),
    ]


def team_line(team: int) -> str:
    """The ``013`` record of ``team``: name at 5-36, start numbers at 37-40, 42-45, ..."""
    numbers = " ".join(f"{start_number(team, board):>4}" for board in range(1, BOARDS + 1))
    return f"013 {f'Team {team:02}':<32}{numbers}"


def render(table: dict[int, tuple[Entry, ...]] | None = None) -> str:
    """The whole TRF file (``\\n`` line ends, final newline)."""
    table = parse_table() if table is None else table
    check_table(table)
    rounds = [round_slots(table, round_number) for round_number in range(1, ROUNDS + 1)]
    lines = header_lines(table)
    lines += [team_line(team) for team in sorted(table)]
    for team in sorted(table):
        for board in range(1, BOARDS + 1):
            number = start_number(team, board)
            lines.append(player_line(team, board, [slots[number] for slots in rounds]))
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write the TRF file to standard output."""
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
