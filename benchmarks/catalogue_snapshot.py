"""Save every value and rank of the whole catalogue, as CSV, for a fixed set of tournaments.

Run it before and after a change to the engine and compare the two folders byte for byte
(``diff -r``): every value and rank of a valid file must stay identical.

The set: the bundled examples, every tournament file under ``tests/`` and ``fuzz/`` that reads
without error, and generated events of several sizes and kinds (Swiss with every kind of
unplayed round, single and double round robins; small ones and ones past 40,000 results),
each under every rules regime, for all rounds and after the middle round.

Usage::

    python benchmarks/catalogue_snapshot.py OUT_FOLDER [--quick]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from generate_swiss import generate_round_robin, generate_swiss

import tiebreaks
from tiebreaks.engine.catalogue import catalogue, resolve
from tiebreaks.engine.cut_check import removes_every_round
from tiebreaks.engine.names import resolve_name
from tiebreaks.formats.detect import read_data
from tiebreaks.model.rules import REGIMES

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {".trf", ".txt", ".json", ".csv", ".pgn", ".trfx"}
#: modifiers worth covering for each tie-break that takes them
VARIANTS = (
    *("/C1", "/C2", "/M1", "/P", "/P/C1", "/F", "/L+1", "/L-1", "/U1000", "/K1", "/R"),
    *("/C1/U1000", "/M1/U1000", "/V2009", "/V2024", "/VN", "/VD", "/VUS", "/P/V2009", "/C1/V2009"),
)


def specs_for(team: bool, rounds: int) -> list[str]:
    """Every catalogue entry for this kind of event, with the modifiers it takes."""
    items: list[str] = []
    for entry in catalogue():
        if entry.scope == ("individual" if team else "team"):
            continue
        scores = ("MP", "GP") if team and entry.acronym not in {"MP", "GP"} else ("",)
        for variant in ("", *VARIANTS):
            if any(letter[0] not in entry.modifiers for letter in variant.split("/")[1:]):
                continue
            for score in scores:
                text = entry.acronym + variant + (f":{score}" if score else "")
                try:
                    spec = resolve_name(text).spec
                    resolve(spec, team)
                except tiebreaks.UsageError:
                    continue
                if not removes_every_round(spec, rounds):
                    items.append(text)
    return items


def files() -> Iterator[tuple[str, Path]]:
    """Every tournament file of the repository that reads."""
    folders = [ROOT / "src" / "tiebreaks" / "examples", ROOT / "tests", ROOT / "fuzz"]
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() in SUFFIXES and path.is_file():
                yield str(path.relative_to(ROOT)).replace("/", "__"), path


def generated() -> Iterator[tuple[str, str]]:
    """Generated events (TRF text): small and large Swiss, single and double round robins."""
    for players, rounds, seed in ((12, 5, 1), (31, 7, 2), (64, 9, 3), (4_500, 9, 4)):
        trf = generate_swiss(players, rounds, seed)
        yield f"swiss-{players}x{rounds}", trf
    for players, double, seed in ((7, False, 5), (10, True, 6), (60, False, 7)):
        trf = generate_round_robin(players, seed, double)
        yield f"rr-{players}{'-double' if double else ''}", trf


def snapshot(name: str, tournament: tiebreaks.Tournament, out: Path) -> int:
    """Write one CSV per regime and round choice; the number of files written."""
    team = tournament.team_records is not None
    rounds = tournament.rounds
    specs = specs_for(team, rounds)
    written = 0
    for regime in REGIMES:
        for after in (None, rounds // 2 or None):
            try:
                standings = tiebreaks.compute_standings(
                    tournament, specs, regime, after_round=after, lots_seed=None
                )
                text = str(tiebreaks.render_standings(standings, "csv"))
            except tiebreaks.TiebreaksError as error:
                text = f"error: {type(error).__name__}: {error}\n"
            target = out / f"{name}.{regime}.{after or 'all'}.csv"
            target.write_text(text, encoding="utf-8")
            written += 1
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--quick", action="store_true", help="repository files only")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for name, path in files():
        try:
            tournament = tiebreaks.read_tournament(str(path))
        except (tiebreaks.TiebreaksError, UnicodeError, OSError):
            continue
        written += snapshot(name, tournament, arguments.out)
    if not arguments.quick:
        for name, text in generated():
            tournament = read_data(text.encode(), name, "trf")
            written += snapshot(name, tournament, arguments.out)
    print(f"{written} files in {arguments.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
