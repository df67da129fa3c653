"""Thin adapter around the FIDE TEC reference engine ``gacrux`` (PyPI, by Otto Milvang).

gacrux is run as a subprocess, ``python -m gacrux.tiebreakchecker -i FILE -t TB ...``,
and its JSON output is parsed with every number turned into an exact
:class:`~fractions.Fraction` (decimal strings are parsed as text, never through a
binary float).  The interpreter that has gacrux installed is taken from the
``python`` argument, else the ``GACRUX_PYTHON`` environment variable, else the
current interpreter.

Things worth knowing about gacrux (1.11.65):

* Tie-break specifiers are ``NAME[/MOD...]``, case-insensitive, ``#`` and ``!``
  accepted instead of ``/`` (``BH/C1``, ``BH/M1``, ``SB/C1``, ``ARO/C1``,
  ``KS/L-1``, ``BH/C1/V2024``, ``ARO/U1400``, ``DE/P``).  It reports each one as
  ``desc`` (upper-cased, ``/``-separated).  An unknown name is silently computed
  as ``NUL`` (0 for everyone), so check :attr:`GacruxResult.descs`.
* The rules edition is chosen from record 042: a start date before 2026-03-01
  gives the 2024 rules, otherwise (or without a date) the 2026 rules; the JSON
  reports it as ``tiebreakResult.rules`` (``"2024-08-01"`` or ``"2026-03-01"``).
  There is no command-line switch; a per-tie-break modifier ``/V2024`` or
  ``/V2026`` overrides it for that tie-break (``modifiers.ver`` 1 or 2).
* Round-robin vs Swiss is detected from record 092 (``swiss`` / ``robin`` /
  ``rr`` / ``berger``), else from players == rounds (+1); ``-p`` forces
  pre-determined pairing (every tie-break gets ``/P``), ``-s`` forces Swiss.
* If any player is unrated and no ``-u N`` is given, ARO, TPR, PTP and RSES are
  ``null`` for *every* player.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

RANK = "RANK"
Standings = dict[int, dict[str, Fraction | None]]


class GacruxError(RuntimeError):
    """gacrux could not be run, or reported an error status."""


@dataclass(frozen=True)
class GacruxResult:
    """What one gacrux run computed."""

    rules: str  # "2024-08-01" or "2026-03-01" (or "2022-01-01")
    rounds: int
    descs: list[str]  # gacrux's own spelling of each requested tie-break
    versions: list[int]  # per tie-break rules version: 0=2022, 1=2024, 2=2026
    standings: Standings  # start number -> requested acronym (or "RANK") -> value
    seconds: float


def gacrux_python(python: str | None = None) -> str:
    """The interpreter used to run gacrux."""
    return python or os.environ.get("GACRUX_PYTHON") or sys.executable


def gacrux_command(
    trf_path: str | Path,
    tiebreaks: Sequence[str],
    *,
    predetermined: bool | None = None,
    unrated: int | None = None,
    python: str | None = None,
) -> list[str]:
    """The argv that makes gacrux print the tie-breaks of ``trf_path`` as JSON."""
    cmd = [gacrux_python(python), "-m", "gacrux.tiebreakchecker", "-i", str(trf_path), "-o", "-"]
    if predetermined is True:
        cmd.append("-p")
    elif predetermined is False:
        cmd.append("-s")
    if unrated is not None:
        cmd += ["-u", str(unrated)]
    return [*cmd, "-t", *tiebreaks]


def to_fraction(value: object) -> Fraction | None:
    """Exact value of a gacrux number (JSON string, int, Fraction) or None for null."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise GacruxError(f"unexpected boolean tie-break value {value!r}")
    if isinstance(value, Fraction | int | str):
        return Fraction(value)
    raise GacruxError(f"unexpected tie-break value {value!r}")


def parse_output(text: str, tiebreaks: Sequence[str], seconds: float = 0.0) -> GacruxResult:
    """Parse gacrux's JSON output (numbers become Fractions, never floats)."""
    try:
        data: dict[str, Any] = json.loads(text, parse_float=Fraction)
    except json.JSONDecodeError as exc:
        raise GacruxError(f"gacrux did not print JSON: {text[:300]!r}") from exc
    status = data.get("status", {})
    if status.get("code", 0) != 0 or "tiebreakResult" not in data:
        raise GacruxError(f"gacrux status {status.get('code')}: {status.get('error')}")
    result = data["tiebreakResult"]
    descs = [str(tb["desc"]) for tb in result["tiebreaks"]]
    if len(descs) != len(tiebreaks):
        raise GacruxError(f"asked for {list(tiebreaks)}, gacrux computed {descs}")
    standings: Standings = {}
    for comp in result["competitors"]:
        row = {
            name: to_fraction(v) for name, v in zip(tiebreaks, comp["tiebreakScore"], strict=True)
        }
        row[RANK] = to_fraction(comp["rank"])
        standings[int(comp["cid"])] = row
    versions = [int(tb["modifiers"].get("ver", -1)) for tb in result["tiebreaks"]]
    return GacruxResult(
        str(result["rules"]), int(result["round"]), descs, versions, standings, seconds
    )


def run_gacrux(
    trf_path: str | Path,
    tiebreaks: Sequence[str],
    *,
    predetermined: bool | None = None,
    unrated: int | None = None,
    python: str | None = None,
    timeout: float | None = None,
) -> GacruxResult:
    """Run gacrux on a TRF file; raises GacruxError (or subprocess.TimeoutExpired)."""
    cmd = gacrux_command(
        trf_path, tiebreaks, predetermined=predetermined, unrated=unrated, python=python
    )
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    seconds = time.perf_counter() - start
    if not proc.stdout.strip():
        raise GacruxError(f"gacrux exited with {proc.returncode}: {proc.stderr.strip()[-500:]}")
    return parse_output(proc.stdout, tiebreaks, seconds)


def gacrux_standings(
    trf_path: str | Path,
    tiebreaks: list[str],
    *,
    predetermined: bool | None = None,
    unrated: int | None = None,
) -> dict[int, dict[str, Fraction | None]]:
    """Start number -> acronym (as given) -> exact value, plus the rank under "RANK".

    ``predetermined``: True forces round-robin rules (``-p``), False forces Swiss
    (``-s``), None lets gacrux decide from record 092.  ``unrated``: rating used for
    unrated players in ARO/TPR (without it gacrux gives None to everybody as soon as
    one player is unrated)."""
    return run_gacrux(trf_path, tiebreaks, predetermined=predetermined, unrated=unrated).standings


def _format(value: Fraction | None) -> str:
    if value is None:
        return "-"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print gacrux tie-breaks of a TRF file.")
    parser.add_argument("trf")
    parser.add_argument("-t", "--tiebreaks", default="PTS,BH/C1,BH,SB,ARO,TPR")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-p", "--predetermined", action="store_true", default=None)
    group.add_argument("-s", "--swiss", dest="predetermined", action="store_false")
    parser.add_argument("-u", "--unrated", type=int)
    parser.add_argument("--python", help="interpreter with gacrux installed")
    args = parser.parse_args(argv)
    names = args.tiebreaks.split(",")
    res = run_gacrux(args.trf, names, predetermined=args.predetermined, unrated=args.unrated,
                     python=args.python)  # fmt: skip
    print(f"rules {res.rules}, {res.rounds} rounds, tie-breaks {res.descs}, {res.seconds:.2f} s")
    print("\t".join(["SNo", RANK, *names]))
    for sno in sorted(res.standings):
        row = res.standings[sno]
        print("\t".join([str(sno), _format(row[RANK]), *(_format(row[n]) for n in names)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
