"""Generate synthetic but realistic chess tournaments as TRF-16 files.

Swiss tournaments are paired by score groups (top half against bottom half,
avoiding repeat pairings inside a small look-ahead window, downfloating
whoever cannot be paired); this is not FIDE Dutch, but it is fast (9,999
players x 11 rounds in a few seconds) and produces the same kinds of data a
real open does: ratings and a few unrated players, alternating colours,
results drawn from the rating difference, and every kind of unplayed round
(pairing-allocated byes, half-, zero- and full-point byes, forfeits, double
forfeits, late entries and withdrawals).

Round-robins follow the FIDE Berger tables, with a few forfeits.

Every generated file is checked by :func:`check_trf` (both sides of every
game agree, stated points equal the sum of the round points).

Usage::

    python benchmarks/generate_swiss.py --players 1000 --rounds 11 --seed 1 --out t.trf
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

Cell = tuple[int, str, str]
"""One round of one player: (opponent start number or 0, colour, result code).

The colour is ``w``, ``b`` or ``-``; the code is a TRF result letter, or ``""``
for a blank cell (read as a zero-point bye)."""

Pairs = list[tuple["Player", "Player"]]

POINTS2: dict[str, int] = {
    "1": 2, "=": 1, "0": 0, "W": 2, "D": 1, "L": 0,
    "+": 2, "-": 0, "H": 1, "F": 2, "U": 2, "Z": 0, "": 0,
}  # fmt: skip
"""Points of a result code, in half-points."""

OPPOSITE: dict[str, str] = {
    "1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+",
}  # fmt: skip
"""The result the opponent must show (a double forfeit, ``-`` on both sides, is the
only other allowed pairing)."""

BLANK_CELL = " " * 8
MAX_PLAYERS = 9999
MAX_ROUNDS = 99  # the points column (81-84) holds at most "99.0"
WHITE_ADVANTAGE = 35.0
REPEAT_WINDOW = 6
FEDERATIONS = ("GER", "FRA", "ESP", "ITA", "NOR", "NED", "POL", "IND", "USA", "ENG",
               "SUI", "AUT", "CZE", "HUN", "SRB", "CRO", "DEN", "SWE", "BEL", "POR")  # fmt: skip
FIRST_W = ("Anna", "Carla", "Eva", "Greta", "Ines", "Kira", "Mira", "Olga", "Rosa", "Tara",
           "Vera", "Xenia", "Zoe")  # fmt: skip
FIRST_M = ("Ben", "Dario", "Farid", "Hugo", "Jonas", "Luca", "Nils", "Pavel", "Sami", "Ugo",
           "Wim", "Yusuf")  # fmt: skip
SYLLABLES = ("ber", "ka", "lin", "mo", "ran", "sto", "vel", "dor", "ski", "ner", "ta",
             "gen", "ho", "mar", "tin", "vic", "zo", "ling", "sen", "ri")  # fmt: skip


@dataclass(frozen=True)
class Rates:
    """Probabilities of the irregular events (per player, or per game for forfeits)."""

    unrated: float = 0.03
    late_entry: float = 0.015
    withdrawal: float = 0.02
    half_bye: float = 0.012
    zero_bye: float = 0.006
    full_bye: float = 0.0006
    forfeit: float = 0.006
    double_forfeit: float = 0.0006
    withdraw_after_forfeit: float = 0.4


ALL_RATED = Rates(unrated=0.0)
#: irregular events at rates far above a real open, so that small files contain them (tests
#: and differential comparisons)
HEAVY = Rates(
    unrated=0.05,
    late_entry=0.08,
    withdrawal=0.08,
    half_bye=0.06,
    zero_bye=0.05,
    full_bye=0.02,
    forfeit=0.06,
    double_forfeit=0.02,
)


@dataclass
class Player:
    """A participant and everything the generator tracks about them."""

    sno: int
    name: str
    sex: str
    title: str
    rating: int  # 0 = unrated
    strength: float
    fed: str
    fide_id: int
    birth: str
    entry: int = 1  # first round the player can be paired in
    leave: int = 10**6  # last round the player is present
    late_code: str = "Z"  # cell code written for the rounds before ``entry``
    cells: list[Cell] = field(default_factory=list)
    score2: int = 0
    cdiff: int = 0
    last: str = ""
    last2: str = ""  # colours of the last two paired rounds
    met: set[int] = field(default_factory=set)
    free_point: bool = False
    hpb: int = 0

    def record(self, cell: Cell) -> None:
        """Append the player's result of the next round."""
        opp, colour, code = cell
        self.cells.append(cell)
        self.score2 += POINTS2[code]
        if opp > 0:
            self.met.add(opp)
            self.cdiff += 1 if colour == "w" else -1
            self.last = colour
            self.last2 = (self.last2 + colour)[-2:]
        if code in ("U", "+", "F"):
            self.free_point = True
        if code == "H":
            self.hpb += 1


@dataclass
class _Context:
    """What every round of one generation run needs."""

    rounds: int
    rates: Rates
    rng: random.Random
    top_white: bool


# --------------------------------------------------------------------------- players


def _name(rng: random.Random, sex: str) -> str:
    last = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    return f"{last}, {rng.choice(FIRST_W if sex == 'w' else FIRST_M)}"


def _title(rng: random.Random, rating: int, sex: str) -> str:
    for floor, title in ((2500, "GM"), (2400, "IM"), (2300, "FM"), (2200, "CM")):
        if rating >= floor and rng.random() < 0.8:
            return "W" + title if sex == "w" and rng.random() < 0.5 else title
    return ""


def _birth(rng: random.Random) -> str:
    return f"{rng.randint(1950, 2016)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"


def _make_players(count: int, rates: Rates, rng: random.Random) -> list[Player]:
    """Players with start numbers by descending rating (unrated last)."""
    raw: list[tuple[int, float]] = []
    for _ in range(count):
        if rng.random() < rates.unrated:
            raw.append((0, rng.gauss(1450.0, 220.0)))
        else:
            rating = int(min(2800.0, max(1400.0, rng.gauss(1780.0, 290.0))))
            raw.append((rating, rating + rng.gauss(0.0, 60.0)))
    raw.sort(key=lambda item: (-item[0], -item[1]))
    players = []
    for sno, (rating, strength) in enumerate(raw, start=1):
        sex = "w" if rng.random() < 0.15 else "m"
        fide_id = 0 if rating == 0 and rng.random() < 0.5 else rng.randint(10**5, 10**8 - 1)
        name, title = _name(rng, sex), _title(rng, rating, sex)
        fed, birth = rng.choice(FEDERATIONS), _birth(rng)
        players.append(Player(sno, name, sex, title, rating, strength, fed, fide_id, birth))
    return players


def _schedule_presence(
    players: list[Player], rounds: int, rates: Rates, rng: random.Random
) -> None:
    """Choose late entries (with the code of their missed rounds) and withdrawals."""
    latest_entry = max(1, min(3, rounds // 2))
    for player in players:
        if rounds > 2 and rng.random() < rates.late_entry:
            player.entry = rng.randint(2, latest_entry + 1)
            player.late_code = rng.choice(("", "", "Z", "Z", "H"))
        if rounds > 1 and rng.random() < rates.withdrawal:
            player.leave = rng.randint(player.entry, rounds - 1)


# --------------------------------------------------------------------------- pairing


def colour_preference(p: Player) -> int:
    """+ wants White, - wants Black; 3 absolute, 2 strong, 1 mild, 0 none."""
    if p.cdiff <= -2 or p.last2 == "bb":
        return 3
    if p.cdiff >= 2 or p.last2 == "ww":
        return -3
    if p.cdiff:
        return -2 * p.cdiff
    return {"b": 1, "w": -1}.get(p.last, 0)


def _compatible(a: Player, b: Player) -> bool:
    """Not met before, and not both in absolute need of the same colour."""
    if b.sno in a.met:
        return False
    pa = colour_preference(a)
    return abs(pa) < 3 or pa != colour_preference(b)


def _find_partner(a: Player, bottom: Sequence[Player], used: list[bool], start: int) -> int:
    """Index of the first unused compatible bottom player (within a window), or -1."""
    seen = 0
    for j in range(start, len(bottom)):
        if used[j]:
            continue
        if _compatible(a, bottom[j]):
            return j
        seen += 1
        if seen >= REPEAT_WINDOW:
            break
    return -1


def _pair_greedy(pool: Sequence[Player], force: bool) -> tuple[Pairs, list[Player]]:
    """Pair neighbours avoiding repeats; unpairable players are returned (or forced)."""
    pairs: Pairs = []
    left: list[Player] = []
    used = [False] * len(pool)
    for i, a in enumerate(pool):
        if used[i]:
            continue
        used[i] = True
        j = _find_partner(a, pool, used, i + 1)
        if j < 0 and force:
            j = next((k for k in range(i + 1, len(pool)) if not used[k]), -1)
        if j < 0:
            left.append(a)
            continue
        used[j] = True
        pairs.append((a, pool[j]))
    return pairs, left


def _pair_pool(pool: Sequence[Player]) -> tuple[Pairs, list[Player]]:
    """Pair a score group: top half against bottom half, then the rest among themselves."""
    half = len(pool) // 2
    top, bottom = pool[:half], pool[half:]
    used = [False] * len(bottom)
    pairs: Pairs = []
    rest: list[Player] = []
    start = 0
    for a in top:
        while start < len(bottom) and used[start]:
            start += 1
        j = _find_partner(a, bottom, used, start)
        if j < 0:
            rest.append(a)
            continue
        used[j] = True
        pairs.append((a, bottom[j]))
    rest.extend(b for b, taken in zip(bottom, used, strict=True) if not taken)
    more, left = _pair_greedy(rest, force=False)
    return pairs + more, left


def _score_groups(ordered: Sequence[Player]) -> Iterator[list[Player]]:
    group: list[Player] = []
    for player in ordered:
        if group and player.score2 != group[0].score2:
            yield group
            group = []
        group.append(player)
    if group:
        yield group


def pair_round(ordered: Sequence[Player]) -> Pairs:
    """Pair an even number of players sorted by score then rating."""
    pairs: Pairs = []
    carry: list[Player] = []
    for group in _score_groups(ordered):
        found, carry = _pair_pool(carry + group)
        pairs.extend(found)
    forced, left = _pair_greedy(carry, force=True)
    assert not left, "an even number of players always pairs"
    return pairs + forced


def _white_first(a: Player, b: Player, board: int, top_white: bool) -> bool:
    """True when ``a`` (the higher-ranked player) gets White."""
    pa, pb = colour_preference(a), colour_preference(b)
    if pa != pb:
        return pa > pb
    if pa:
        return pa > 0
    return (board % 2 == 0) == top_white


# --------------------------------------------------------------------------- results


def _game_result(white: Player, black: Player, rng: random.Random) -> str:
    """Result code for White of a played game, drawn from the strength difference."""
    diff = white.strength + WHITE_ADVANTAGE - black.strength
    expected = 1.0 / (1.0 + 10.0 ** (-diff / 400.0))
    level = (white.strength + black.strength) / 2.0
    draw_rate = min(0.6, max(0.15, 0.25 + (level - 1500.0) / 2000.0))
    closeness = 1.0 - abs(2.0 * expected - 1.0)
    draw = min(draw_rate * closeness**0.5, 0.9 * closeness)
    u = rng.random()
    if u < expected - draw / 2.0:
        return "1"
    return "=" if u < expected + draw / 2.0 else "0"


def _white_code(white: Player, black: Player, rates: Rates, rng: random.Random) -> str:
    """White's result code including forfeits (``--`` marks a double forfeit)."""
    u = rng.random()
    if u < rates.double_forfeit:
        return "--"
    if u < rates.double_forfeit + rates.forfeit:
        return rng.choice("+-")
    return _game_result(white, black, rng)


def _play_game(pair: tuple[Player, Player], board: int, rnd: int, ctx: _Context) -> None:
    a, b = pair
    white, black = (a, b) if _white_first(a, b, board, ctx.top_white) else (b, a)
    code = _white_code(white, black, ctx.rates, ctx.rng)
    black_code = "-" if code == "--" else OPPOSITE[code]
    white_code = code[0]
    white.record((black.sno, "w", white_code))
    black.record((white.sno, "b", black_code))
    for player, mine in ((white, white_code), (black, black_code)):
        if mine == "-" and rnd < ctx.rounds and ctx.rng.random() < ctx.rates.withdraw_after_forfeit:
            player.leave = min(player.leave, rnd)


def _absence(player: Player, rnd: int, ctx: _Context) -> str | None:
    """Code of the player's unplayed round, or None when the player is to be paired."""
    if rnd < player.entry:
        return player.late_code
    if rnd > player.leave:
        return "Z"
    u = ctx.rng.random()
    rates = ctx.rates
    if u < rates.full_bye:
        return "F"
    u -= rates.full_bye
    if u < rates.half_bye and rnd < ctx.rounds and player.hpb < 2:
        return "H"
    u -= rates.half_bye
    return "Z" if u < rates.zero_bye else None


def _choose_pab(ordered: list[Player]) -> Player:
    """The lowest-ranked player who has not yet scored a point without playing."""
    for player in reversed(ordered):
        if not player.free_point:
            return player
    return ordered[-1]


def _play_round(players: list[Player], rnd: int, ctx: _Context) -> None:
    present: list[Player] = []
    for player in players:
        code = _absence(player, rnd, ctx)
        if code is None:
            present.append(player)
        else:
            player.record((0, "-", code))
    present.sort(key=lambda p: (-p.score2, -p.rating, p.sno))
    if len(present) % 2:
        pab = _choose_pab(present)
        present.remove(pab)
        pab.record((0, "-", "U"))
    for board, pair in enumerate(pair_round(present)):
        _play_game(pair, board, rnd, ctx)


# --------------------------------------------------------------------------- TRF output


def _format_cell(cell: Cell) -> str:
    opp, colour, code = cell
    if not code:
        return BLANK_CELL
    return f"{opp:4d} {colour} {code}" if opp else f"0000 - {code}"


def _format_player(player: Player, rank: int, zero_rating: bool) -> str:
    rating = f"{player.rating:4d}" if player.rating else ("   0" if zero_rating else "")
    fide_id = str(player.fide_id) if player.fide_id else ""
    head = (
        f"001 {player.sno:4d} {player.sex}{player.title:>3} {player.name:<33.33} "
        f"{rating:>4} {player.fed:<3} {fide_id:>11} {player.birth:<10} "
        f"{player.score2 / 2:4.1f} {rank:4d}"
    )
    rounds = "  ".join(_format_cell(cell) for cell in player.cells)
    return f"{head}  {rounds}".rstrip()


def _ranks(players: Sequence[Player]) -> dict[int, int]:
    order = sorted(players, key=lambda p: (-p.score2, p.sno))
    return {p.sno: rank for rank, p in enumerate(order, start=1)}


def _header(title: str, kind: str, players: Sequence[Player], rounds: int, start: str) -> list[str]:
    first = dt.datetime.strptime(start, "%Y/%m/%d").date()
    days = [first + dt.timedelta(days=i) for i in range(rounds)]
    round_dates = "  ".join(day.strftime("%y/%m/%d") for day in days)
    return [
        f"012 {title}",
        "022 Synthville",
        "032 FID",
        f"042 {start}",
        f"052 {days[-1].strftime('%Y/%m/%d')}",
        f"062 {len(players)}",
        f"072 {sum(1 for p in players if p.rating)}",
        f"092 {kind}",
        "102 Arbiter, Synthetic",
        "122 90 min + 30 sec per move",
        f"{'132':<91}{round_dates}",
        f"XXR {rounds}",
    ]


def _render(header: list[str], players: Sequence[Player], rng: random.Random) -> str:
    ranks = _ranks(players)
    zero = rng.random() < 0.5
    lines = header + [_format_player(p, ranks[p.sno], zero) for p in players]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- public API


def generate_swiss(
    players: int,
    rounds: int,
    seed: int,
    *,
    start_date: str = "2026/05/01",
    rates: Rates | None = None,
    check: bool = True,
) -> str:
    """Return the TRF-16 text of a synthetic Swiss tournament."""
    if not (2 <= players <= MAX_PLAYERS and 1 <= rounds <= MAX_ROUNDS):
        raise ValueError(f"need 2..{MAX_PLAYERS} players and 1..{MAX_ROUNDS} rounds")
    rng = random.Random(seed)
    ctx = _Context(rounds, rates or Rates(), rng, rng.random() < 0.5)
    field_ = _make_players(players, ctx.rates, rng)
    _schedule_presence(field_, rounds, ctx.rates, rng)
    for rnd in range(1, rounds + 1):
        _play_round(field_, rnd, ctx)
    title = f"Synthetic Swiss Open, {players} players, {rounds} rounds (seed {seed})"
    header = _header(title, "Individual: Swiss-System", field_, rounds, start_date)
    return _checked(_render(header, field_, rng), check)


def berger_pairs(n: int, rnd: int) -> list[tuple[int, int]]:
    """(White, Black) pairs of round ``rnd`` (1-based) of the Berger table for even ``n``."""
    pairs: list[tuple[int, int]] = []
    target = rnd % (n - 1) + 1  # i + j == rnd + 1 (mod n - 1), residues 1..n-1
    for i in range(1, n):
        j = (target - i - 1) % (n - 1) + 1
        if j == i:
            pairs.append((i, n) if rnd % 2 else (n, i))
        elif i < j:
            pairs.append((i, j) if (j - i) % 2 else (j, i))
    return pairs


def _rr_round(field_: list[Player], size: int, rnd: int, cycle_rnd: int, ctx: _Context) -> None:
    flip = rnd > size - 1
    by_sno = {p.sno: p for p in field_}
    for w, b in berger_pairs(size, cycle_rnd):
        white, black = (by_sno.get(b), by_sno.get(w)) if flip else (by_sno.get(w), by_sno.get(b))
        if white is None or black is None:
            alone = white or black
            assert alone is not None
            alone.record((0, "-", "Z"))
            continue
        code = _white_code(white, black, ctx.rates, ctx.rng)
        black_code = "-" if code == "--" else OPPOSITE[code]
        white.record((black.sno, "w", code[0]))
        black.record((white.sno, "b", black_code))


def generate_round_robin(
    players: int,
    seed: int,
    double: bool = False,
    *,
    start_date: str = "2026/05/01",
    forfeit_rate: float = 0.03,
    check: bool = True,
) -> str:
    """Return the TRF-16 text of a (double) round-robin paired with the Berger tables.

    With an odd number of players the empty slot of each round is written as
    ``0000 - Z`` (no opponent, no points)."""
    size = players + players % 2
    cycle = size - 1
    rounds = cycle * (2 if double else 1)
    if players < 2 or rounds > MAX_ROUNDS:
        raise ValueError(f"need at least 2 players and at most {MAX_ROUNDS} rounds")
    rng = random.Random(seed)
    rates = Rates(unrated=0.0, forfeit=forfeit_rate, double_forfeit=forfeit_rate / 10)
    ctx = _Context(rounds, rates, rng, True)
    field_ = _make_players(players, rates, rng)
    for rnd in range(1, rounds + 1):
        _rr_round(field_, size, rnd, (rnd - 1) % cycle + 1, ctx)
    kind = "Individual: Double Round-Robin" if double else "Individual: Round-Robin"
    title = f"Synthetic {kind[12:]}, {players} players (seed {seed})"
    header = _header(title, kind, field_, rounds, start_date)
    return _checked(_render(header, field_, rng), check)


# --------------------------------------------------------------------------- self-check


def parse_cells(line: str, rounds: int) -> list[Cell]:
    """Round cells of a ``001`` line (missing or blank cells give ``(0, "-", "")``)."""
    padded = line.ljust(91 + 10 * rounds)
    cells: list[Cell] = []
    for r in range(rounds):
        text = padded[91 + 10 * r : 99 + 10 * r]
        if not text.strip():
            cells.append((0, "-", ""))
            continue
        opp = int(text[0:4]) if text[0:4].strip() else 0
        cells.append((opp, text[5].lower() if text[5] != " " else "-", text[7].upper()))
    return cells


def _check_game(sno: int, rnd: int, cell: Cell, table: dict[int, list[Cell]]) -> str | None:
    opp, colour, code = cell
    if opp == 0:
        return None if code in "HFUZ" else f"#{sno} r{rnd + 1}: bye with result {code!r}"
    other = table.get(opp)
    if other is None:
        return f"#{sno} r{rnd + 1}: unknown opponent {opp}"
    o_opp, o_colour, o_code = other[rnd]
    if o_opp != sno or {colour, o_colour} != {"w", "b"}:
        return f"#{sno} r{rnd + 1}: pairing/colour mismatch with #{opp}"
    if OPPOSITE.get(code) != o_code and (code, o_code) != ("-", "-"):
        return f"#{sno} r{rnd + 1}: results {code}/{o_code} against #{opp} disagree"
    return None


def check_trf(text: str) -> list[str]:
    """Consistency problems of a TRF text: game sides, points column, PABs per round."""
    lines = [line for line in text.splitlines() if line.startswith("001")]
    rounds = max(((len(line) - 90 + 1) // 10 for line in lines), default=0)
    xxr = [int(line[4:]) for line in text.splitlines() if line.startswith("XXR")]
    rounds = max([rounds, *xxr])
    table = {int(line[4:8]): parse_cells(line, rounds) for line in lines}
    errors: list[str] = []
    for line in lines:
        sno = int(line[4:8])
        cells = table[sno]
        errors.extend(e for r, c in enumerate(cells) if (e := _check_game(sno, r, c, table)))
        stated = round(float(line[80:84]) * 2)
        if stated != sum(POINTS2[code] for _, _, code in cells):
            errors.append(f"#{sno}: points column {line[80:84].strip()} is not the sum")
    for r in range(rounds):
        if sum(1 for cells in table.values() if cells[r][2] == "U") > 1:
            errors.append(f"round {r + 1}: more than one pairing-allocated bye")
    return errors


def _checked(text: str, check: bool) -> str:
    if check and (errors := check_trf(text)):
        raise RuntimeError("generated tournament is inconsistent: " + "; ".join(errors[:5]))
    return text


# --------------------------------------------------------------------------- CLI


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=0, help="Swiss rounds (required for Swiss)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="-", help="output file, - for stdout")
    parser.add_argument("--start-date", default="2026/05/01", help="record 042, YYYY/MM/DD")
    parser.add_argument("--all-rated", action="store_true", help="no unrated players")
    parser.add_argument("--round-robin", action="store_true", help="Berger round-robin")
    parser.add_argument("--double", action="store_true", help="double round-robin")
    args = parser.parse_args(argv)
    if not args.round_robin and args.rounds < 1:
        parser.error("--rounds is required for a Swiss tournament")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    if args.round_robin:
        text = generate_round_robin(
            args.players, args.seed, args.double, start_date=args.start_date
        )
    else:
        rates = ALL_RATED if args.all_rated else Rates()
        text = generate_swiss(
            args.players, args.rounds, args.seed, start_date=args.start_date, rates=rates
        )
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
