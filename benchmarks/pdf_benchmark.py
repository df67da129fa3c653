"""Time the PDF of generated Swiss events, each run a fresh process (import, read, compute,
write the PDF), engines in turn (A B A B ...): the host's speed changes from minute to minute,
so only figures taken in one run are compared.

Engines: ``reportlab`` (``tiebreaks standings -f pdf``, the writer of
:mod:`tiebreaks.render.pdf`), ``reportlab-explained`` (the same with ``--explanations``) and
``weasyprint-lean`` (the same two tables as plain HTML with a lean print stylesheet printed by
WeasyPrint, the layout the PDF had before; run only when WeasyPrint is installed).

Usage::

    python benchmarks/pdf_benchmark.py --players 200,2000 --rounds 9 --runs 5 \\
        --engines reportlab,weasyprint-lean
    python benchmarks/pdf_benchmark.py --file /tmp/s9999.trf --runs 1

Prints min and median wall time and peak RSS of each engine and size, and the page count.
"""

from __future__ import annotations

import argparse
import html
import importlib
import io
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from generate_swiss import generate_swiss

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
ENGINES = ("reportlab", "reportlab-explained", "weasyprint-lean")


def lean_html(path: str) -> str:
    """The standings and the crosstable as plain HTML for WeasyPrint: no links, no titles,
    A4 landscape, header rows repeated, rows kept whole."""
    from tiebreaks import compute_standings, read_tournament
    from tiebreaks.render.html import crosstable
    from tiebreaks.render.values import ValueTexts

    standings = compute_standings(read_tournament(path))
    table = crosstable(standings, "en")
    texts = ValueTexts(standings)
    columns = texts.column_texts(standings.rows)
    style = (
        "@page{size:A4 landscape;margin:10mm;@bottom-right{content:counter(page) ' / '"
        " counter(pages)}} body{font:8pt 'DejaVu Sans'} table{border-collapse:collapse}"
        " td,th{padding:0 2px} thead{display:table-header-group} tr{break-inside:avoid}"
    )
    head = "".join(f"<th>{label}</th>" for label in texts.columns)
    parts = [f"<html><head><style>{style}</style></head><body><table><thead><tr>"]
    parts.append(f"<th>Rk</th><th>No</th><th>Name</th>{head}</tr></thead><tbody>")
    for position, row in enumerate(standings.rows):
        cells = "".join(f"<td>{column[position]}</td>" for column in columns)
        name = html.escape(row.player.name)
        parts.append(f"<tr><td>{row.rank}</td><td>{row.player.start_number}</td>")
        parts.append(f"<td>{name}</td>{cells}</tr>")
    rounds = "".join(f"<th>{cell.text}</th>" for cell in table.headers)
    parts.append(f"</tbody></table><table><thead><tr><th>Rk</th><th>No</th><th>Name</th>{rounds}")
    parts.append("<th>Pts</th></tr></thead><tbody>")
    for cross in table.rows:
        results = "".join(f"<td>{cell.text}</td>" for cell in cross.cells)
        name = html.escape(cross.name)
        parts.append(f"<tr><td>{cross.rank}</td><td>{cross.number}</td><td>{name}</td>")
        parts.append(f"{results}<td>{cross.points}</td></tr>")
    parts.append("</tbody></table></body></html>")
    return "".join(parts)


def child(engine: str, path: str, out: str) -> None:
    """One measured run (in a fresh process)."""
    if engine == "weasyprint-lean":
        weasyprint = importlib.import_module("weasyprint")  # optional: only for the comparison
        Path(out).write_bytes(weasyprint.HTML(string=lean_html(path)).write_pdf())
        return
    from tiebreaks.cli.main import main as tiebreaks

    arguments = ["standings", path, "-f", "pdf", "-o", out]
    if engine == "reportlab-explained":
        arguments.append("--explanations")
    tiebreaks(arguments, standalone_mode=False)


def pages(path: Path) -> int:
    """The page count of a PDF."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(path.read_bytes())).pages)


def timed(engine: str, path: str, out: Path) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one fresh process."""
    command = [sys.executable, __file__, "--child", engine, path, str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{engine} on {path} failed")
    return elapsed, usage.ru_maxrss / 1024


def _files(arguments: argparse.Namespace) -> list[str]:
    if arguments.file:
        return list(arguments.file)
    OUT.mkdir(exist_ok=True)
    files = []
    for players in (int(count) for count in arguments.players.split(",")):
        path = OUT / f"pdf-swiss-{players}x{arguments.rounds}.trf"
        if not path.exists():
            path.write_text(generate_swiss(players, arguments.rounds, seed=1), "utf-8")
        files.append(str(path))
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="200,2000", help="comma-separated field sizes")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--file", action="append", help="a TRF file instead (repeatable)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default="reportlab", help=", ".join(ENGINES))
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.child:
        child(*arguments.child)
        return 0
    engines = arguments.engines.split(",")
    OUT.mkdir(exist_ok=True)
    for path in _files(arguments):
        figures: dict[str, list[tuple[float, float]]] = {engine: [] for engine in engines}
        for _ in range(arguments.runs):
            for engine in engines:  # in turn: the host's speed drifts
                figures[engine].append(timed(engine, path, OUT / f"{engine}.pdf"))
        for engine, runs in figures.items():
            seconds = [run[0] for run in runs]
            memory = max(run[1] for run in runs)
            print(
                f"{Path(path).name:28} {engine:20} min {min(seconds):7.2f} s"
                f"  median {statistics.median(seconds):7.2f} s  peak {memory:6.0f} MB"
                f"  {pages(OUT / f'{engine}.pdf')} pages"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
