"""Our CLI side by side with the peer engines gacrux and tiebreak-core: timings and values.

The programs run on the same files, each in a fresh subprocess:

* ours: ``tiebreaks standings FILE --tiebreaks LIST --format json``;
* gacrux (FIDE TEC reference engine, PyPI): ``python -m gacrux.tiebreakchecker -i FILE -o -
  -t NAME ...`` (see ``gacrux_oracle.py``); as ``gacrux-json`` on a FIDE Chess-JSON copy of
  the file made beforehand by ``tiebreaks convert`` (its TRF reader is the slow part, and
  Chess-JSON holds more than 9,999 players);
* tiebreak-core (PyPI): a library without a command line and without a file reader (it takes
  Python objects), so this module is also its driver: ``python benchmarks/peers.py core FILE
  --tiebreaks LIST`` reads the TRF (or our JSON) with the standard library, builds its
  ``PlayerTiebreakData`` / ``GameRecord`` objects and calls ``rank_standings_strict``.  The
  driver imports only the standard library, ``generate_swiss``, ``gacrux_oracle`` (both
  standard-library only) and ``tiebreak_core``, so it runs under any interpreter that has
  tiebreak-core installed.

Subcommands::

    python benchmarks/peers.py time FILE... [--engines ours,gacrux,gacrux-json,tiebreak-core]
        [--repeat 3] [--timeout 900] [--compare] [--unrated-rating 1400]
    python benchmarks/peers.py compare [FILE...] [--generated N] [--round-robins N]
        [--first-seed S] [--peers gacrux,tiebreak-core] [--all]
    python benchmarks/peers.py batch [--files 1000] [--players 20] [--rounds 7]
    python benchmarks/peers.py core FILE... [--tiebreaks LIST] [--unrated-rating 1400]

The interpreter used for the peers is ``--peer-python``, else ``$PEER_PYTHON``, else
``$GACRUX_PYTHON``, else the current one; ``--ours CMD`` replaces the command that starts our
CLI.  Method and results: ``benchmarks/results/peers.md``.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import math
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gacrux_oracle import GacruxError, gacrux_command, parse_output
from generate_swiss import HEAVY, Rates, generate_round_robin, generate_swiss, parse_cells

HERE = Path(__file__).resolve()
LIST = ("PTS", "BH/C1", "BH", "SB", "PS", "ARO", "TPR", "DE")
RANK = "RANK"
ENGINES = ("ours", "gacrux", "gacrux-json", "tiebreak-core")
"""``gacrux-json`` is gacrux reading a FIDE Chess-JSON copy of the file (made beforehand by
our ``tiebreaks convert``, not timed) instead of the TRF: its TRF reader is what makes it slow
on large files, and Chess-JSON also holds more than 9,999 players."""
Values = dict[int, dict[str, Fraction | None]]
"""Start number -> tie-break (our acronym, or RANK) -> exact value (None: undefined)."""

CORE_NAMES: dict[str, str] = {
    "BH": "buchholz", "BH/C1": "buchholz_cut1", "BH/C2": "buchholz_cut2",
    "BH/M1": "median_buchholz", "BH/M2": "median_buchholz_2", "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1", "PS": "progressive", "PS/C1": "progressive_cut1",
    "WIN": "wins", "WON": "won", "BPG": "games_black", "BWG": "wins_black",
    "REP": "rounds_elected", "ARO": "aro", "ARO/C1": "aro_cut1", "AOB": "aob",
    "FB": "fore_buchholz", "KS": "koya", "TPR": "tpr", "PTP": "ptp", "APRO": "apro",
    "APPO": "appo", "STD": "std", "DE": "direct_encounter",
}  # fmt: skip
"""Our acronym -> tiebreak-core criterion id.  PTS is not a criterion there (the points are
an input of ``PlayerTiebreakData``); DE is a ranking stage without a value (see
:func:`core_direct_encounter`)."""

UNDEFINED_AS_ZERO = frozenset({"ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "AOB"})
"""Tie-breaks that tiebreak-core reports as 0 where they are undefined (no game played over
the board, or no rated one)."""

SCORE2 = {"1": 2, "W": 2, "+": 2, "U": 2, "F": 2, "=": 1, "D": 1, "H": 1}
"""Half-points of a TRF result code (every other code scores 0)."""

JSON_CODES = {
    "win": "1", "draw": "=", "loss": "0", "unrated_win": "W", "unrated_draw": "D",
    "unrated_loss": "L", "forfeit_win": "+", "forfeit_loss": "-", "pairing_bye": "U",
    "full_bye": "F", "half_bye": "H", "zero_bye": "Z", "absent": "",
}  # fmt: skip
"""Result kinds of our JSON format -> TRF result codes."""


# --------------------------------------------------------------------------------------------
# Reading a tournament for the tiebreak-core driver (standard library only)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One round of one player: scheduled opponent (0: none), colour w/b/-, TRF result code."""

    opponent: int
    colour: str
    code: str


@dataclass
class Event:
    """What the driver needs of a tournament file."""

    rounds: int
    start_date: str  # YYYY-MM-DD or ""
    round_robin: bool
    ratings: dict[int, int] = field(default_factory=dict)  # 0 = unrated
    cells: dict[int, list[Cell]] = field(default_factory=dict)


def _is_round_robin(type_text: str) -> bool:
    """Record 092 (or our JSON's pairing system) names a round-robin."""
    words = type_text.lower().replace("-", " ").replace(":", " ").split()
    return any(w in ("robin", "rr", "berger", "round_robin") for w in words)


def read_trf(path: Path) -> Event:
    """The player records, the number of rounds, the start date and the type of a TRF file."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    players = [line for line in lines if line.startswith("001")]
    stated = [int(line[4:].split()[0]) for line in lines if line[:3] in ("XXR", "142")]
    rounds = max([(len(line.rstrip()) - 91 + 9) // 10 for line in players] + stated + [0])
    dates = [line[4:].strip().replace("/", "-")[:10] for line in lines if line.startswith("042")]
    kinds = [line[4:] for line in lines if line.startswith("092")]
    event = Event(rounds, dates[0] if dates else "", _is_round_robin(" ".join(kinds)))
    for line in players:
        number = int(line[4:8])
        rating = line[48:52].strip()
        event.ratings[number] = int(rating) if rating.isdigit() else 0
        event.cells[number] = [Cell(o, c, k) for o, c, k in parse_cells(line, rounds)]
    return event


def read_our_json(path: Path) -> Event:
    """Our JSON tournament format (``tiebreaks-tournament``), individual events only."""
    data = json.loads(path.read_text(encoding="utf-8"))
    tournament = data["tournament"]
    event = Event(
        int(tournament["rounds"]),
        str(tournament.get("start_date") or ""),
        _is_round_robin(str(tournament.get("pairing_system", ""))),
    )
    for player in data["players"]:
        number = int(player["start_number"])
        event.ratings[number] = int(player.get("rating") or 0)
        cells = [
            Cell(int(r.get("opponent") or 0), str(r.get("colour", "-")), JSON_CODES[r["kind"]])
            for r in player["results"]
        ]
        cells += [Cell(0, "-", "")] * (event.rounds - len(cells))
        event.cells[number] = cells
    return event


def read_event(path: Path) -> Event:
    """TRF, or our JSON format when the file starts with ``{``."""
    with path.open("rb") as handle:
        first = handle.read(64).lstrip()
    return read_our_json(path) if first.startswith(b"{") else read_trf(path)


# --------------------------------------------------------------------------------------------
# Driving tiebreak-core
# --------------------------------------------------------------------------------------------


def core_ruleset(event: Event) -> str:
    """The C.07 edition for the start date, as gacrux and ours choose it (2026 rules from
    2026-03-01 on, and for an undated event)."""
    return "fide-2024" if event.start_date and event.start_date < "2026-03-01" else "fide-2026"


def core_record(core: Any, cell: Cell, number: int, event: Event, unrated: int) -> Any:
    """The tiebreak-core ``GameRecord`` of one round (None: no round at all).

    Kinds: played games (``1 = 0`` and the unrated ``W D L``) -> ``played``; ``+`` / ``-`` ->
    ``forfeit_win`` / ``forfeit_loss`` against the scheduled opponent (a double forfeit is a
    forfeit loss on both sides); ``U`` and ``F`` -> ``pairing_bye`` (its category 16.2.1
    covers both); ``H`` -> ``requested_bye`` with 0.5; ``Z`` and a blank cell ->
    ``requested_bye`` with 0.  In a round-robin the empty slot of an odd field is no round."""
    points = Fraction(SCORE2.get(cell.code, 0), 2)
    opponent = cell.opponent if cell.opponent in event.cells else -1
    colour = "black" if cell.colour == "b" else "white"
    if cell.code in ("1", "0", "=", "W", "L", "D") and opponent > 0:
        kind = "played"
    elif cell.code in ("+", "-"):
        kind = "forfeit_win" if cell.code == "+" else "forfeit_loss"
    elif cell.code in ("U", "F"):
        kind, opponent = "pairing_bye", -1
    elif cell.code in ("H", "Z", ""):
        if event.round_robin and opponent == -1 and cell.code != "H":
            return None
        kind, opponent = "requested_bye", -1
    else:
        raise ValueError(f"player {number}: result code {cell.code!r} not supported")
    rating = (event.ratings[opponent] or unrated) if opponent > 0 else 0
    return core.GameRecord(opponent, rating, float(points), colour, 0, kind=kind)


def core_players(core: Any, event: Event, unrated: int) -> dict[int, Any]:
    """``PlayerTiebreakData`` of every player (points = sum of the recorded rounds)."""
    players: dict[int, Any] = {}
    for number, cells in event.cells.items():
        games = []
        for round_number, cell in enumerate(cells, start=1):
            record = core_record(core, cell, number, event, unrated)
            if record is not None:
                record.round_number = round_number
                games.append(record)
        points = float(sum(Fraction(g.score) for g in games))
        rating = event.ratings[number] or unrated
        players[number] = core.PlayerTiebreakData(number, rating, points, games)
    return players


def core_direct_encounter(
    engine: Any, ruleset: str, players: dict[int, Any], keys: dict[int, tuple[Any, ...]], mode: str
) -> dict[int, int]:
    """DE as a number, the way gacrux and ours report it: inside every group tied on what
    comes before DE, 1 + the number of players DE puts ahead; 0 for everybody in a group that
    DE does not split (or a group of one).  tiebreak-core ranks by DE but reports no value, so
    this calls the function its ranking calls on each tied group (``_de_tiers``)."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for number in sorted(players):
        groups.setdefault(keys[number], []).append(number)
    values: dict[int, int] = {}
    for group in groups.values():
        if len(group) == 1:
            values[group[0]] = 0
            continue
        args = (group, players) if ruleset == "fide-2024" else (group, players, mode)
        tiers = engine._de_tiers(*args)
        ahead = 0
        for tier in tiers:
            for number in tier:
                values[number] = 0 if len(tiers) == 1 else ahead + 1
            ahead += len(tier)
    return values


def _core_mode(event: Event, ruleset: str) -> dict[str, str]:
    """Keyword for ``rank_standings_strict``: the round-robin regime exists in fide-2026 only."""
    return {"mode": "round_robin"} if event.round_robin and ruleset == "fide-2026" else {}


def _exact(value: float) -> str:
    """A float of tiebreak-core as an exact fraction (its values are sums of quarters or
    integers, so the float is exact; averages such as AOB are not)."""
    return str(Fraction(value))


def core_run(path: Path, names: Sequence[str], unrated: int) -> dict[str, Any]:
    """Read ``path``, rank it with tiebreak-core, return everything as JSON-ready data."""
    started, started_cpu = time.perf_counter(), time.process_time()
    core = importlib.import_module("tiebreak_core")
    event = read_event(path)
    ruleset = core_ruleset(event)
    players = core_players(core, event, unrated)
    computed = [n for n in names if n == "PTS" or core_supports(ruleset, CORE_NAMES[n])]
    criteria = [CORE_NAMES[n] for n in computed if n != "PTS"]
    read_done, read_done_cpu = time.perf_counter(), time.process_time()
    mode = _core_mode(event, ruleset)
    result = core.rank_standings_strict(
        players, criteria, total_rounds=event.rounds, ruleset=ruleset, **mode
    )
    ranked, ranked_cpu = time.perf_counter(), time.process_time()
    values = {p.player_id: dict(p.values) for p in result.players}
    rows = _core_rows(ruleset, players, computed, values, mode)
    order = [p.player_id for p in result.players]
    places = [int(rows[str(number)][RANK] or 0) for number in order]
    if places != sorted(places):  # the values and DE numbers must give tiebreak-core's order
        raise RuntimeError("shared ranks derived from the values contradict the order")
    if len(computed) < len(names):  # a rank over part of the list is no rank of the list
        for row in rows.values():
            del row[RANK]
    return {
        "engine": f"tiebreak-core {core.__version__}",
        "ruleset": ruleset,
        "mode": mode.get("mode", "swiss"),
        "criteria": criteria,
        "not_computed": [n for n in names if n not in computed],
        "read_seconds": read_done - started,
        "rank_seconds": ranked - read_done,
        "read_cpu_seconds": read_done_cpu - started_cpu,
        "rank_cpu_seconds": ranked_cpu - read_done_cpu,
        "order": order,
        "standings": rows,
    }


def core_supports(ruleset: str, criterion: str) -> bool:
    """tiebreak-core computes ``criterion`` under ``ruleset`` (e.g. STD exists in fide-2026
    only)."""
    engine = importlib.import_module(f"tiebreak_core.{ruleset.replace('-', '')}")
    return bool(engine.is_supported_criterion(criterion) or criterion in engine.GROUP_CRITERIA)


def _core_rows(
    ruleset: str,
    players: dict[int, Any],
    names: Sequence[str],
    values: dict[int, dict[str, float]],
    mode: dict[str, str],
) -> dict[str, dict[str, str | None]]:
    """Per player: every requested value as an exact fraction, DE as a number, and the shared
    rank (players equal on points and on every value share a place, as in gacrux and ours)."""
    table: dict[int, dict[str, str | None]] = {
        n: {"PTS": _exact(players[n].points)} for n in players
    }
    keys: dict[int, tuple[Any, ...]] = {n: (Fraction(players[n].points),) for n in players}
    engine = importlib.import_module(f"tiebreak_core.{ruleset.replace('-', '')}")
    for name in names:
        if name == "PTS":
            continue
        if name == "DE":
            regime = mode.get("mode", "swiss")
            found = core_direct_encounter(engine, ruleset, players, keys, regime)
            column = {n: Fraction(-found[n]) for n in players}
            for n in players:
                table[n]["DE"] = str(found[n])
        else:
            column = {n: Fraction(values[n][CORE_NAMES[name]]) for n in players}
            for n in players:
                table[n][name] = str(column[n])
        keys = {n: (*keys[n], column[n]) for n in players}
    order = sorted(players, key=lambda n: tuple(-k for k in keys[n]))
    for place, number in enumerate(order, start=1):
        before = order[place - 2] if place > 1 else None
        same = before is not None and keys[before] == keys[number]
        table[number][RANK] = table[before][RANK] if same and before else str(place)
    return {str(n): table[n] for n in sorted(table)}


# --------------------------------------------------------------------------------------------
# The three engines as commands, and their outputs as exact values
# --------------------------------------------------------------------------------------------


def peer_python(explicit: str | None = None) -> str:
    """Interpreter that has gacrux and tiebreak-core installed."""
    return (
        explicit
        or os.environ.get("PEER_PYTHON")
        or os.environ.get("GACRUX_PYTHON")
        or sys.executable
    )


def ours_base(spec: str | None = None) -> list[str]:
    """Command that starts our CLI: ``spec`` (split like a shell), else ``tiebreaks`` next to
    the current interpreter, else ``python -m tiebreaks``."""
    if spec:
        return shlex.split(spec)
    exe = Path(sys.executable).with_name("tiebreaks")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "tiebreaks"]


@dataclass(frozen=True)
class Setup:
    """How the engines are started."""

    peer_python: str  # interpreter with gacrux and tiebreak-core
    ours: tuple[str, ...]  # command that starts our CLI
    unrated: int | None = None  # rating given to unrated players (all three engines)
    timeout: float = 900.0


def chess_json_copy(path: Path, setup: Setup) -> Path:
    """A FIDE Chess-JSON copy of ``path`` (TRF or our JSON) written by our converter into the
    system's temporary folder, made once per file (same name, size and time stamp)."""
    stat = path.stat()
    folder = Path(tempfile.gettempdir()) / "peers-chess-json"
    folder.mkdir(exist_ok=True)
    target = folder / f"{path.stem}-{stat.st_size}-{int(stat.st_mtime)}.json"
    if not target.exists():
        partial = target.with_suffix(".part")
        convert = [*setup.ours, "convert", str(path), str(partial), "--to", "chess-json"]
        subprocess.run(convert, check=True, capture_output=True)
        partial.replace(target)
    return target


def command(engine: str, path: Path, names: Sequence[str], setup: Setup) -> list[str]:
    """The argv that runs ``engine`` on ``path``."""
    listed = ",".join(names)
    if engine == "gacrux-json":
        source = chess_json_copy(path, setup)
        cmd = gacrux_command(source, list(names), unrated=setup.unrated, python=setup.peer_python)
        where = cmd.index("-t")
        return [*cmd[:where], "-f", "JSON", *cmd[where:]]
    unrated = [] if setup.unrated is None else ["--unrated-rating", str(setup.unrated)]
    if engine == "ours":
        return [*setup.ours, "standings", str(path), "-t", listed, "--format", "json", *unrated]
    if engine == "gacrux":
        return gacrux_command(path, list(names), unrated=setup.unrated, python=setup.peer_python)
    if engine == "tiebreak-core":
        return [setup.peer_python, str(HERE), "core", str(path), "-t", listed, *unrated]
    raise ValueError(f"unknown engine {engine!r}")


def _fraction(value: object) -> Fraction | None:
    """An exact value from a JSON number or string (None stays None: undefined)."""
    if value is None:
        return None
    if isinstance(value, Fraction | int | str):
        return Fraction(value)
    raise ValueError(f"unexpected value {value!r}")


def parse_ours(text: str, names: Sequence[str]) -> Values:
    """Our ``--format json`` standings (numbers read as exact decimals)."""
    data = json.loads(text, parse_float=Fraction)
    table: Values = {}
    for row in data["standings"]:
        values = {name: _fraction(row["tiebreaks"].get(name)) for name in names}
        values[RANK] = Fraction(row["rank"])
        table[int(row["id"])] = values
    return table


def parse_gacrux(text: str, names: Sequence[str]) -> Values:
    """gacrux's JSON (via gacrux_oracle; raises GacruxError when it reports an error)."""
    return parse_output(text, names).standings


def parse_core(text: str, names: Sequence[str]) -> Values:
    """The driver's JSON."""
    data = json.loads(text)
    return {
        int(number): {name: _fraction(row[name]) for name in [*names, RANK] if name in row}
        for number, row in data["standings"].items()
    }


PARSERS: dict[str, Callable[[str, Sequence[str]], Values]] = {
    "ours": parse_ours,
    "gacrux": parse_gacrux,
    "gacrux-json": parse_gacrux,
    "tiebreak-core": parse_core,
}


def engine_versions(setup: Setup) -> dict[str, str]:
    """Installed versions of the three programs."""
    script = (
        "import importlib.metadata as m\n"
        "for d in ('gacrux', 'tiebreak-core', 'networkx'):\n"
        "    try: print(d, m.version(d))\n"
        "    except m.PackageNotFoundError: print(d, '-')\n"
    )
    found = subprocess.run(
        [setup.peer_python, "-c", script], capture_output=True, text=True, check=False
    ).stdout.split()
    versions = dict(zip(found[::2], found[1::2], strict=True))
    ours = subprocess.run([*setup.ours, "--version"], capture_output=True, text=True, check=False)
    versions["ours"] = ours.stdout.strip() or ours.stderr.strip()
    versions["peer python"] = subprocess.run(
        [setup.peer_python, "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return versions


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One measured child process."""

    seconds: float
    cpu_seconds: float  # user + system time of the child
    rss_mb: float
    exit_code: int
    timed_out: bool
    stdout: str
    stderr: str


def run_child(cmd: Sequence[str], timeout: float | None) -> Run:
    """Run ``cmd`` once: wall time from start to exit, and the CPU time (user + system) and
    peak RSS of this very child (``os.wait4``; ru_maxrss is KiB on Linux).  On a machine
    shared with other work the CPU time is the steadier number."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        timed_out = False
        deadline = None if timeout is None else start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if deadline is not None and time.perf_counter() > deadline:
                proc.kill()
                timed_out = True
                _, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.002)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        scale = 1024 * 1024 if sys.platform == "darwin" else 1024
        out.seek(0)
        err.seek(0)
        rss = usage.ru_maxrss / scale
        cpu = usage.ru_utime + usage.ru_stime
        return Run(seconds, cpu, rss, proc.returncode, timed_out, out.read(), err.read())


@dataclass(frozen=True)
class Timing:
    """Several runs of one engine on one file."""

    engine: str
    runs: int
    best: float | None
    median: float | None
    rss_mb: float | None
    cpu: float | None = None  # median CPU seconds
    note: str = ""
    inner: float | None = None  # tiebreak-core: median CPU seconds in rank_standings_strict
    values: Values | None = None


def measure(engine: str, path: Path, names: Sequence[str], setup: Setup, repeat: int = 1) -> Timing:
    """Best and median wall time and largest peak RSS over ``repeat`` runs; a run that is
    killed at the time limit ends the series ("> limit s")."""
    cmd = command(engine, path, names, setup)
    timeout = setup.timeout
    runs: list[Run] = []
    inner: list[float] = []
    values: Values | None = None
    for _ in range(repeat):
        run = run_child(cmd, timeout)
        if run.timed_out:
            return Timing(engine, len(runs) + 1, None, None, None, note=f"> {timeout:g} s")
        try:
            values = PARSERS[engine](run.stdout, names)
        except (GacruxError, ValueError, KeyError) as exc:
            problem = f"exit {run.exit_code}: {str(exc)[:120]} {run.stderr.strip()[-200:]}"
            return Timing(engine, len(runs) + 1, None, None, None, note=f"failed ({problem})")
        if engine == "tiebreak-core":
            inner.append(float(json.loads(run.stdout)["rank_cpu_seconds"]))
        runs.append(run)
    times = [r.seconds for r in runs]
    return Timing(
        engine,
        len(runs),
        min(times),
        statistics.median(times),
        max(r.rss_mb for r in runs),
        cpu=statistics.median(r.cpu_seconds for r in runs),
        inner=statistics.median(inner) if inner else None,
        values=values,
    )


@functools.cache
def _players_rounds(path: Path) -> tuple[int, int]:
    """Number of players and rounds of a file (read once)."""
    event = read_event(path)
    return len(event.cells), event.rounds


def _seconds(value: float | None, note: str) -> str:
    """Seconds with 2 decimals, or why there is no number."""
    return f"{value:.2f}" if value is not None else note


def timing_row(path: Path, timing: Timing) -> str:
    """One Markdown row: file, players, rounds, engine, runs, best, median, CPU, MB, inside."""
    players, rounds = _players_rounds(path)
    cells = [
        path.name,
        f"{players:,}",
        str(rounds),
        timing.engine,
        str(timing.runs),
        _seconds(timing.best, timing.note),
        _seconds(timing.median, timing.note),
        _seconds(timing.cpu, "-"),
        f"{timing.rss_mb:.0f}" if timing.rss_mb is not None else "-",
        f"{timing.inner:.2f}" if timing.inner is not None else "",
    ]
    return "| " + " | ".join(cells) + " |"


TIMING_HEADER = (
    "| file | players | rounds | engine | runs | best s | median s | median CPU s "
    "| peak RSS MB | tiebreak-core ranking CPU s |\n"
    "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|"
)


# --------------------------------------------------------------------------------------------
# Comparing values
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One value on which a peer and ours disagree."""

    file: str
    peer: str
    player: int
    name: str
    ours: Fraction | None
    theirs: Fraction | None


def shown_average(value: Fraction | None, rounds: int) -> Fraction | None:
    """AOB as ours and gacrux print it: rounded half up to 2 decimals below 9 rounds, 3 below
    27, 4 below 73, else 5 (the exact mean is only used for ranking)."""
    if value is None:
        return None
    places = 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5
    scale = 10**places
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


def differences(
    file: str,
    peer: str,
    ours: Values,
    theirs: Values,
    names: Iterable[str],
    rounds: int = 0,
) -> list[Difference]:
    """Every (player, tie-break or RANK) whose values differ.  tiebreak-core reports 0 where
    a rating tie-break or AOB is undefined (no (rated) game played over the board): that is
    counted as agreeing with an undefined value of ours (it ranks last either way), not as a
    difference; its AOB is
    the exact mean, compared as printed (:func:`shown_average`, ``rounds`` of the event).  A
    tie-break the peer does not compute under the file's rules (absent from its row) is
    skipped."""
    found: list[Difference] = []
    for number in sorted(ours):
        row = theirs.get(number, {})
        for name in [*names, RANK]:
            if name not in row:
                continue
            mine, other = ours[number].get(name), row.get(name)
            if name.startswith("AOB"):
                other = shown_average(other, rounds)
            undefined_as_zero = (
                peer == "tiebreak-core"
                and name in UNDEFINED_AS_ZERO
                and mine is None
                and other == 0
            )
            if mine != other and not undefined_as_zero:
                found.append(Difference(file, peer, number, name, mine, other))
    return found


def compare_file(
    path: Path, names: Sequence[str], peers: Sequence[str], setup: Setup
) -> list[Difference]:
    """Run ours and each peer once on ``path``; the values on which they disagree."""
    ours = measure("ours", path, names, setup)
    if ours.values is None:
        raise RuntimeError(f"ours failed on {path}: {ours.note}")
    found: list[Difference] = []
    for peer in peers:
        theirs = measure(peer, path, names, setup)
        if theirs.values is None:
            found.append(Difference(path.name, peer, 0, theirs.note, None, None))
            continue
        rounds = read_event(path).rounds if any(n.startswith("AOB") for n in names) else 0
        found += differences(path.name, peer, ours.values, theirs.values, names, rounds)
    return found


def generated_files(folder: Path, count: int, first_seed: int = 0) -> list[Path]:
    """``count`` small Swiss files (6-30 players, 3-9 rounds, 2024 or 2026 rules, HEAVY
    rates: byes of every kind, forfeits, double forfeits, late entries, withdrawals)."""
    paths = []
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        players, rounds = rng.randint(6, 30), rng.randint(3, 9)
        date = rng.choice(["2025/10/01", "2026/05/01"])
        path = folder / f"gen-{seed:04d}-{players}x{rounds}-{date[:4]}.trf"
        path.write_text(generate_swiss(players, rounds, seed, start_date=date, rates=HEAVY))
        paths.append(path)
    return paths


def generated_round_robins(folder: Path, count: int, first_seed: int = 0) -> list[Path]:
    """``count`` small round-robins (4-10 players, single or double, about 8 % forfeits; an
    odd field has an empty slot each round), 2026 rules."""
    paths = []
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        players, double = rng.randint(4, 10), rng.random() < 0.3
        path = folder / f"rr-{seed:04d}-{players}{'-double' if double else ''}.trf"
        path.write_text(generate_round_robin(players, seed, double, forfeit_rate=0.08))
        paths.append(path)
    return paths


def summary(found: Sequence[Difference], names: Sequence[str], files: int) -> str:
    """Per peer and tie-break: how many values differ, in how many files, first examples."""
    lines = [
        f"{files} files; differences against ours (value ours / peer):",
        "",
        "| peer | tie-break | values | files | examples |",
        "|---|---|---:|---:|---|",
    ]
    for peer in sorted({d.peer for d in found}):
        for name in [*names, RANK, *sorted({d.name for d in found} - {*names, RANK})]:
            hits = [d for d in found if d.peer == peer and d.name == name]
            if not hits:
                continue
            examples = "; ".join(f"{d.file} #{d.player}: {d.ours} / {d.theirs}" for d in hits[:3])
            files_hit = len({d.file for d in hits})
            lines.append(f"| {peer} | {name} | {len(hits)} | {files_hit} | {examples} |")
    if not found:
        lines.append("| - | - | 0 | 0 | all values agree |")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# A batch of small files
# --------------------------------------------------------------------------------------------


def write_batch(folder: Path, files: int, players: int, rounds: int) -> list[Path]:
    """``files`` generated Swiss tournaments (seeds 0, 1, 2 ..., every player rated so that
    the three engines compute every tie-break of the list)."""
    paths = []
    for seed in range(files):
        path = folder / f"t{seed:05d}.trf"
        path.write_text(generate_swiss(players, rounds, seed, rates=Rates(unrated=0.0)))
        paths.append(path)
    return paths


def batch_commands(
    engine: str, folder: Path, paths: Sequence[Path], names: Sequence[str], setup: Setup
) -> list[list[str]]:
    """The processes one engine needs for the whole batch: ours, ``tiebreaks batch`` on the
    folder in one process (``-j 0``: no worker process, one core like the peers); gacrux has
    no batch mode, one process per file; tiebreak-core is a library, so its driver reads
    every file in one process."""
    listed = ",".join(names)
    if engine == "ours":
        out = str(folder / "ours.jsonl")
        return [[*setup.ours, "batch", str(folder), "-t", listed, "-j", "0", "-o", out]]
    if engine in ("gacrux", "gacrux-json"):
        return [command(engine, path, names, setup) for path in paths]
    core = [setup.peer_python, str(HERE), "core", *map(str, paths), "-t", listed]
    return [core]


def _batch_ok(engine: str, run: Run, names: Sequence[str], files: int) -> bool:
    """The run finished and gave results (gacrux: one file; tiebreak-core: a line per file)."""
    if run.timed_out or run.exit_code != 0:
        return False
    if engine in ("gacrux", "gacrux-json"):
        return bool(parse_gacrux(run.stdout, names))
    if engine == "tiebreak-core":
        return len(run.stdout.splitlines()) == files
    return True


def time_batch(
    engine: str, folder: Path, paths: Sequence[Path], names: Sequence[str], setup: Setup
) -> str:
    """One Markdown row: wall and CPU time of the whole batch, files per second."""
    commands = batch_commands(engine, folder, paths, names, setup)
    wall = cpu = 0.0
    rss = 0.0
    for cmd in commands:
        run = run_child(cmd, setup.timeout)
        if not _batch_ok(engine, run, names, len(paths)):
            return f"| {engine} | {len(paths)} | failed: {run.stderr.strip()[-200:]} | | | |"
        wall, cpu, rss = wall + run.seconds, cpu + run.cpu_seconds, max(rss, run.rss_mb)
    processes = len(commands)
    rate = len(paths) / wall
    return f"| {engine} | {len(paths)} | {processes} | {wall:.1f} | {cpu:.1f} | {rate:.0f} |"


BATCH_HEADER = (
    "| engine | files | processes | wall s | CPU s | files/s |\n|---|---:|---:|---:|---:|---:|"
)


def _batch(args: argparse.Namespace, names: list[str]) -> int:
    """The ``batch`` subcommand: write the files, time each engine on all of them."""
    setup = _setup(args)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        paths = write_batch(folder, args.files, args.players, args.rounds)
        print(f"{args.files} files, {args.players} players x {args.rounds} rounds")
        print(BATCH_HEADER)
        for engine in args.engines.split(","):
            print(f"batch {engine} ...", file=sys.stderr)
            print(time_batch(engine, folder, paths, names, setup), flush=True)
    return 0


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    """Command-line options of the four subcommands."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    timing = sub.add_parser("time", help="time the engines on FILEs (Markdown table)")
    timing.add_argument("files", nargs="+", type=Path)
    timing.add_argument("--engines", default=",".join(ENGINES))
    timing.add_argument("--repeat", type=int, default=3)
    timing.add_argument("--timeout", type=float, default=900.0)
    timing.add_argument("--compare", action="store_true", help="also compare the values")
    compare = sub.add_parser("compare", help="values of ours against the peers")
    compare.add_argument("files", nargs="*", type=Path)
    compare.add_argument("--generated", type=int, default=0, help="also N generated files")
    compare.add_argument("--round-robins", type=int, default=0, help="and N round-robins")
    compare.add_argument("--first-seed", type=int, default=0)
    compare.add_argument("--peers", default="gacrux,tiebreak-core")
    compare.add_argument("--all", action="store_true", help="list every difference")
    compare.add_argument("--keep", type=Path, help="write the generated files to this folder")
    compare.add_argument("--timeout", type=float, default=900.0)
    core = sub.add_parser("core", help="tiebreak-core driver: one JSON line per file")
    core.add_argument("files", nargs="+", type=Path)
    batch = sub.add_parser("batch", help="time the engines on a batch of small files")
    batch.add_argument("--files", type=int, default=1000)
    batch.add_argument("--players", type=int, default=20)
    batch.add_argument("--rounds", type=int, default=7)
    batch.add_argument("--engines", default="ours,gacrux,tiebreak-core")
    batch.add_argument("--timeout", type=float, default=3600.0)
    for each in (timing, compare, core, batch):
        each.add_argument("-t", "--tiebreaks", default=",".join(LIST))
        each.add_argument("--unrated-rating", type=int, help="rating given to unrated players")
    compare.set_defaults(unrated_rating=1400)  # so that ARO and TPR are compared too
    for each in (timing, compare, batch):
        each.add_argument("--peer-python", help="interpreter with gacrux and tiebreak-core")
        each.add_argument("--ours", help="command that starts our CLI (default: tiebreaks)")
    return parser


def _setup(args: argparse.Namespace) -> Setup:
    """How to start the engines, from the options."""
    return Setup(
        peer_python(args.peer_python), tuple(ours_base(args.ours)), args.unrated_rating,
        args.timeout,
    )  # fmt: skip


def _time(args: argparse.Namespace, names: list[str]) -> int:
    """Time every engine on every file; with ``--compare`` also compare the values of the
    last run of each peer with ours."""
    versions = engine_versions(_setup(args))
    print("Versions: " + ", ".join(f"{name} {value}" for name, value in versions.items()))
    print()
    print(TIMING_HEADER)
    found: list[Difference] = []
    for path in args.files:
        timings = {}
        for engine in args.engines.split(","):
            print(f"{engine} {path.name} ...", file=sys.stderr)
            timings[engine] = measure(engine, path, names, _setup(args), args.repeat)
            print(timing_row(path, timings[engine]), flush=True)
        ours = timings.get("ours")
        for engine, timing in timings.items():
            if args.compare and ours and ours.values and timing.values and engine != "ours":
                found += differences(path.name, engine, ours.values, timing.values, names)
    if args.compare:
        print()
        print(summary(found, names, len(args.files)))
    return 0


def _compare(args: argparse.Namespace, names: list[str]) -> int:
    """The ``compare`` subcommand; exit code 1 when a peer disagrees somewhere."""
    peers = args.peers.split(",")
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        paths = list(args.files)
        paths += generated_files(folder, args.generated, args.first_seed)
        paths += generated_round_robins(folder, args.round_robins, args.first_seed)
        found: list[Difference] = []
        for path in paths:
            print(f"compare {path.name} ...", file=sys.stderr)
            found += compare_file(path, names, peers, _setup(args))
        print(summary(found, names, len(paths)))
    if args.all:
        print()
        for d in found:
            print(f"{d.file}\t{d.peer}\t#{d.player}\t{d.name}\tours {d.ours}\tpeer {d.theirs}")
    return 1 if found else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand."""
    args = _parser().parse_args(argv)
    names = args.tiebreaks.split(",")
    if args.command == "core":
        unrated = args.unrated_rating if args.unrated_rating is not None else 0
        for path in args.files:
            print(json.dumps(core_run(path, names, unrated)), flush=True)
        return 0
    if args.command == "time":
        return _time(args, names)
    if args.command == "batch":
        return _batch(args, names)
    return _compare(args, names)


if __name__ == "__main__":
    sys.exit(main())
