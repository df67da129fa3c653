"""Run every fuzz target for a bounded time and fail on any defect (``make fuzz``).

Usage::

    python fuzz/run.py [--seconds 14] [--jobs 2] [--seed 1] [--targets trf,pgn]
                       [--classes N|all] [--corpus DIR] [--out DIR]

Two phases, both run ``--jobs`` targets at a time:

1. **Replay** (only with ``--classes N``; deterministic, no instrumentation): every seed and
   saved regression of each target, plus the input classes (:mod:`corpus`) of its first N
   seeds (``--classes all``: every seed, a few minutes per target).
2. **Coverage-guided** (atheris / libFuzzer, fixed ``-seed``): each target for its share of
   ``--seconds`` (the wall-clock budget of this phase), starting from the seeds and the saved
   regressions (libFuzzer runs all of them first, whatever the budget), with the format's
   dictionary, time limits (:mod:`oracle`) and a memory cap.

With ``--corpus DIR`` the inputs the fuzzer finds are kept in ``DIR/<target>`` and reused by the
next run (for long local runs). Crashing inputs are written to ``--out`` (default: a temporary
folder, printed) and reported grouped by signature; the exit status is 1 when any target found
a defect.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import corpus
import harness
import oracle

FUZZ = Path(__file__).resolve().parent
HARNESS = FUZZ / "harness.py"
DICTIONARIES = FUZZ / "dictionaries"
_MINIMUM_SECONDS = 4
_ARTIFACT_KINDS = ("crash-", "timeout-", "oom-", "leak-", "slow-unit-")


@dataclass
class Outcome:
    """What one run of one target produced."""

    target: str
    phase: str
    returncode: int
    log: Path
    artifacts: list[Path]

    @property
    def failed(self) -> bool:
        """A defect (or the run itself broke)."""
        return self.returncode != 0 or bool(self.artifacts)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=14, help="coverage-guided phase budget")
    parser.add_argument("--jobs", type=int, default=2, help="targets run at the same time")
    parser.add_argument("--seed", type=int, default=1, help="libFuzzer -seed")
    parser.add_argument("--targets", default=",".join(oracle.TARGETS), help="comma-separated")
    parser.add_argument(
        "--classes", default="0", help="replay the input classes of N seeds per target (or all)"
    )
    parser.add_argument("--corpus", type=Path, help="keep the fuzzers' corpora here")
    parser.add_argument("--out", type=Path, help="folder for logs and crashing inputs")
    return parser.parse_args()


def replay(target: str, classes: str, out: Path) -> Outcome:
    """Phase 1 for one target."""
    log = out / f"replay-{target}.log"
    command = [sys.executable, str(HARNESS), "replay", target, "--classes", classes]
    command += ["--out", str(out / "replay-defects")]
    with log.open("wb") as stream:
        returncode = subprocess.run(
            command, stdout=stream, stderr=subprocess.STDOUT, check=False
        ).returncode
    return Outcome(target, "replay", returncode, log, [])


def fuzz(target: str, seconds: int, options: argparse.Namespace, out: Path) -> Outcome:
    """Phase 2 for one target."""
    seeds = out / "seeds" / target
    seeds.mkdir(parents=True, exist_ok=True)
    for index, (_, data) in enumerate(sorted(corpus.seeds(target).items())):
        (seeds / f"seed-{index:04d}").write_bytes(data)
    folders = [seeds]
    if options.corpus is not None:
        kept = options.corpus / target
        kept.mkdir(parents=True, exist_ok=True)
        folders.insert(0, kept)  # libFuzzer writes new inputs to the first folder
    artifacts = out / "artifacts" / target
    artifacts.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, str(HARNESS), "fuzz", target]
    command += [
        f"-seed={options.seed}",
        f"-max_total_time={seconds}",
        f"-timeout={harness.TIME_LIMIT}",
        "-rss_limit_mb=2560",
        "-max_len=65536",
        "-print_final_stats=1",
        f"-dict={_dictionary(target, out)}",
        f"-artifact_prefix={artifacts}/",
        *map(str, folders),
    ]
    log = out / f"fuzz-{target}.log"
    with log.open("wb") as stream:
        returncode = subprocess.run(
            command, stdout=stream, stderr=subprocess.STDOUT, check=False
        ).returncode
    found = sorted(path for path in artifacts.iterdir() if path.name.startswith(_ARTIFACT_KINDS))
    return Outcome(target, "fuzz", returncode, log, found)


def _report(outcome: Outcome) -> None:
    text = outcome.log.read_text(errors="replace")
    prefixes = ("replay ", "Done ", "stat::")
    summary = [line for line in text.splitlines() if line.startswith(prefixes)]
    status = "DEFECT" if outcome.failed else "ok"
    print(f"[{status}] {outcome.phase} {outcome.target}: {'; '.join(summary[-3:])}", flush=True)
    if not outcome.failed:
        return
    if not outcome.artifacts:
        print("\n".join(text.splitlines()[-60:]))
        return
    for signature, files in _signatures(outcome.target, outcome.artifacts).items():
        print(f"  {len(files)} input(s) failing with {signature}, e.g. {files[0]}")
        print(f"    shrink it: python fuzz/minimize.py {outcome.target} {files[0]}")
        print(f"    see it:    python fuzz/harness.py replay {outcome.target} {files[0]}")


def _signatures(target: str, artifacts: list[Path]) -> dict[str, list[Path]]:
    """The saved inputs grouped by how they fail (replayed without instrumentation)."""
    groups: dict[str, list[Path]] = {}
    for artifact in artifacts:
        command = [sys.executable, str(HARNESS), "replay", target, "--strict", str(artifact)]
        result = subprocess.run(
            command, capture_output=True, text=True, errors="replace", check=False
        )
        found = [line[10:] for line in result.stdout.splitlines() if line.startswith("SIGNATURE ")]
        key = found[0] if found else "no failure on replay (flaky or slow only under libFuzzer)"
        groups.setdefault(key, []).append(artifact)
    return groups


def _dictionary(target: str, out: Path) -> Path:
    """The target's dictionary of format tokens; the dispatcher ``detect`` gets every
    reader's (written to ``out``)."""
    if target != "detect":
        return DICTIONARIES / f"{target}.dict"
    lines: list[str] = []
    for name in ("trf", "json", "chess-json", "pgn", "csv", "chess-results"):
        text = (DICTIONARIES / f"{name}.dict").read_text(encoding="utf-8")
        lines += [line for line in text.splitlines() if line and not line.startswith("#")]
    combined = out / "detect.dict"
    combined.write_text("\n".join(dict.fromkeys(lines)) + "\n", encoding="utf-8")
    return combined


def main() -> int:
    """Run both phases; 0 when no target found a defect."""
    options = _arguments()
    targets = [name for name in options.targets.split(",") if name]
    unknown = sorted(set(targets) - set(oracle.TARGETS))
    if unknown:
        raise SystemExit(f"unknown targets {unknown}; targets: {', '.join(oracle.TARGETS)}")
    out = options.out or Path(tempfile.mkdtemp(prefix="tiebreaks-fuzz-"))
    out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    share = max(_MINIMUM_SECONDS, round(options.seconds * options.jobs / len(targets)))
    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        replays = []
        if options.classes != "0":
            replays = list(pool.map(lambda name: replay(name, options.classes, out), targets))
        for outcome in replays:
            _report(outcome)
        fuzzed = list(pool.map(lambda name: fuzz(name, share, options, out), targets))
        for outcome in fuzzed:
            _report(outcome)
    failed = [outcome for outcome in replays + fuzzed if outcome.failed]
    seconds = time.monotonic() - started
    print(
        f"fuzz: {len(targets)} targets, {share} s each (seed {options.seed}), "
        f"{len(failed)} with defects, {seconds:.0f} s; logs in {out}"
    )
    if not failed and options.out is None:
        shutil.rmtree(out, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
