"""Time ``tiebreaks standings`` against the FIDE TEC reference engine gacrux.

Generates (if missing) synthetic Swiss tournaments into ``benchmarks/out/`` and, for
each, measures the wall time (start-up included, best of ``--repeat``) and the peak
RSS of the child process of::

    tiebreaks standings FILE --tiebreaks PTS,BH/C1,BH,SB,PS,ARO,TPR,DE --format json
    python -m gacrux.tiebreakchecker -i FILE -o - -t PTS BH/C1 BH SB PS ARO TPR DE

then prints a Markdown table.  See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gacrux_oracle import GacruxError, gacrux_command, parse_output
from generate_swiss import ALL_RATED, generate_swiss

OUT = Path(__file__).resolve().parent / "out"
TIEBREAKS = "PTS,BH/C1,BH,SB,PS,ARO,TPR,DE"
Check = Callable[["Run"], str]
"""Returns "" when a run's output is acceptable, else what is wrong with it."""


@dataclass(frozen=True)
class Run:
    """One measured child process."""

    seconds: float
    rss_mb: float
    exit_code: int
    timed_out: bool
    stdout: str
    stderr: str


@dataclass(frozen=True)
class Timing:
    """Best of several runs, or why there is no number."""

    seconds: float | None
    rss_mb: float | None
    note: str = ""


def _rss_mb(usage: resource.struct_rusage) -> float:
    """ru_maxrss is KiB on Linux and bytes on macOS."""
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024
    return usage.ru_maxrss / scale


def run_child(cmd: Sequence[str], timeout: float | None) -> Run:
    """Run ``cmd`` once; wall time and the peak RSS of this very child (os.wait4)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            proc.kill()

        timer = threading.Timer(timeout, kill) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        if timer:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(
            seconds, _rss_mb(usage), proc.returncode, killed.is_set(), out.read(), err.read()
        )


def _ours_ok(run: Run) -> str:
    return "" if run.exit_code == 0 else f"exit {run.exit_code}: {run.stderr.strip()[-200:]}"


def _gacrux_ok(run: Run, tiebreaks: Sequence[str]) -> str:
    try:
        parse_output(run.stdout, tiebreaks)
    except GacruxError as exc:
        return str(exc)[:200]
    return ""


def measure(cmd: Sequence[str], repeat: int, timeout: float | None, ok: Check) -> Timing:
    """Best wall time and largest peak RSS over ``repeat`` runs."""
    runs: list[Run] = []
    for _ in range(repeat):
        run = run_child(cmd, timeout)
        if run.timed_out:
            return Timing(None, None, f"did not finish within {timeout:g} s")
        if problem := ok(run):
            return Timing(None, None, f"failed ({problem})")
        runs.append(run)
    return Timing(min(r.seconds for r in runs), max(r.rss_mb for r in runs))


def compile_bytecode() -> None:
    """Write the bytecode of our package, as ``pip install`` does: an editable checkout run
    with ``PYTHONDONTWRITEBYTECODE`` set (as on the benchmark machine) would otherwise compile
    every module from source at every start (about 30 ms)."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("tiebreaks")
    if spec is not None and spec.origin is not None:
        compileall.compile_dir(Path(spec.origin).parent, quiet=1)


def ours_base(spec: str | None) -> list[str]:
    """Command that starts our CLI: --ours, else ``tiebreaks`` on PATH, else python -m
    (with the package's bytecode written first, see :func:`compile_bytecode`)."""
    compile_bytecode()
    if spec:
        return shlex.split(spec)
    exe = shutil.which("tiebreaks")
    return [exe] if exe else [sys.executable, "-m", "tiebreaks"]


def ensure_file(players: int, rounds: int, seed: int) -> Path:
    """The generated Swiss file for this size, created on first use. Every player is rated, so
    that the rating tie-breaks (ARO, TPR) are computed by both programs (C.07 Art. 10 drops them
    when unrated players take part)."""
    path = OUT / f"swiss-{players}x{rounds}-seed{seed}-rated.trf"
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        print(f"generating {path.name} ...", file=sys.stderr)
        path.write_text(generate_swiss(players, rounds, seed, rates=ALL_RATED), encoding="utf-8")
    return path


def _cell(value: float | None, fmt: str, note: str) -> str:
    return format(value, fmt) if value is not None else (note or "-")


def _ratio(ours: Timing, gacrux: Timing, timeout: float) -> str:
    if ours.seconds is None:
        return "-"
    if gacrux.seconds is not None:
        return f"{gacrux.seconds / ours.seconds:.1f}x"
    if gacrux.note.startswith("did not finish"):
        return f"> {timeout / ours.seconds:.0f}x"
    return "-"


def table_row(path: Path, players: int, rounds: int, ours: Timing, gac: Timing, t: float) -> str:
    cells = [
        path.name,
        str(players),
        str(rounds),
        _cell(ours.seconds, ".2f", ours.note),
        _cell(ours.rss_mb, ".0f", ""),
        _cell(gac.seconds, ".2f", gac.note),
        _cell(gac.rss_mb, ".0f", ""),
        _ratio(ours, gac, t),
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| file | players | rounds | ours s | ours MB | gacrux s | gacrux MB | ratio |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|"
)


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="1000,5000,9999", help="comma-separated player counts")
    p.add_argument("--rounds", type=int, default=11)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tiebreaks", default=TIEBREAKS)
    p.add_argument("--repeat", type=int, default=3, help="runs of our CLI (best is kept)")
    p.add_argument("--gacrux-repeat", type=int, default=1, help="runs of gacrux")
    p.add_argument("--timeout", type=float, default=600.0, help="gacrux time limit, seconds")
    p.add_argument("--ours-timeout", type=float, default=600.0)
    p.add_argument("--ours", help="command starting our CLI (default: tiebreaks on PATH)")
    p.add_argument("--gacrux-python", help="interpreter with gacrux (default $GACRUX_PYTHON)")
    p.add_argument("--no-ours", action="store_true", help="only time gacrux")
    p.add_argument("--no-gacrux", action="store_true", help="only time our CLI")
    return p.parse_args(argv)


def _bench_file(args: argparse.Namespace, players: int) -> str:
    path = ensure_file(players, args.rounds, args.seed)
    names = args.tiebreaks.split(",")
    skipped = Timing(None, None, "skipped")
    ours, gac = skipped, skipped
    if not args.no_ours:
        print(f"ours   {path.name} ...", file=sys.stderr)
        cmd = [*ours_base(args.ours), "standings", str(path), "--tiebreaks", args.tiebreaks]
        ours = measure([*cmd, "--format", "json"], args.repeat, args.ours_timeout, _ours_ok)
    if not args.no_gacrux:
        print(f"gacrux {path.name} ...", file=sys.stderr)
        cmd = gacrux_command(path, names, python=args.gacrux_python)
        gac = measure(cmd, args.gacrux_repeat, args.timeout, lambda run: _gacrux_ok(run, names))
    return table_row(path, players, args.rounds, ours, gac, args.timeout)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    rows = [_bench_file(args, int(n)) for n in args.sizes.split(",")]
    print(HEADER)
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
