"""Write small team tournaments as TRF text for tests (TRF-16 ``001`` lines with ``013`` team
records, or TRF26 ``310`` records)."""

from __future__ import annotations

from fractions import Fraction

#: points of a result code in the individual 1-½-0 system
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1)}
POINTS |= {"-": Fraction(0), "U": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0)}

Slot = tuple[int, str, str]  # opponent (0: none), colour w/b/-, result code


def player_line(number: int, name: str, rating: int, slots: list[Slot]) -> str:
    """A ``001`` line with the points column computed from the results."""
    total = sum((POINTS[code] for _, _, code in slots), Fraction(0))
    halves = int(total * 2)
    points = f"{halves // 2}.{5 * (halves % 2)}".rjust(4)
    head = f"001 {number:>4} m    {name:<33} {rating:>4} GER {0:>11} 1990/01/01 {points}     "
    rounds = "".join(
        f"  {opponent:>4} {colour} {code}" if opponent else f"  0000 - {code}"
        for opponent, colour, code in slots
    )
    return head + rounds


def team_record(number: int, name: str, players: list[int], trf26: bool = False) -> str:
    """A ``013`` record (or a TRF26 ``310`` record)."""
    listed = "".join(f"{player:>4} " for player in players).rstrip()
    if trf26:
        return f"310 {number:>3} {name:<32} {'':<5} {'':<6} {'':<6} {'':<6} {'':<3}  " + listed
    return f"013 {name:<32}" + "".join(f"{player:>4} " for player in players).rstrip()


def team_file(
    title: str,
    rounds: int,
    teams: dict[str, list[int]],
    slots: dict[int, list[Slot]],
    extra: tuple[str, ...] = (),
    trf26: bool = False,
) -> str:
    """A team tournament file: header, ``extra`` records, team records, player lines."""
    lines = [f"012 {title}", "042 2024/03/01", "092 Team Swiss", f"XXR {rounds}"]
    lines += ["192 FIDE_TEAM_MP_GP", *extra]
    for number, (name, players) in enumerate(teams.items(), start=1):
        lines.append(team_record(number, name, players, trf26))
    for number in sorted(slots):
        lines.append(player_line(number, f"Player {number}", 2000 - number, slots[number]))
    return "\n".join(lines) + "\n"


#: four teams of two boards, two rounds (round 1: T1-T2, T3-T4; round 2: T3-T1, T4-T2)
FOUR_TEAMS = {"T1": [1, 2], "T2": [3, 4], "T3": [5, 6], "T4": [7, 8]}
FOUR_TEAM_SLOTS: dict[int, list[Slot]] = {
    1: [(3, "w", "1"), (5, "b", "=")],
    2: [(4, "b", "="), (6, "w", "1")],
    3: [(1, "b", "0"), (7, "w", "0")],
    4: [(2, "w", "="), (8, "b", "=")],
    5: [(7, "w", "1"), (1, "w", "=")],
    6: [(8, "b", "0"), (2, "b", "0")],
    7: [(5, "b", "0"), (3, "b", "1")],
    8: [(6, "w", "1"), (4, "w", "=")],
}
