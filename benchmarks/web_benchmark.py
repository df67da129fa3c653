"""The web page at real sizes: the page's weight, its load and a tie-break edit, through a
live ``tiebreaks serve`` (uvicorn), for generated Swiss events of 16, 200, 2,000 and 9,999
players; one or more checkouts side by side, their requests in turn (A B A B ...: the host's
speed changes from minute to minute, only figures of one run are compared).

Usage::

    python benchmarks/web_benchmark.py --src src --runs 5
    python benchmarks/web_benchmark.py --src ../old/src --src src --sizes 200,9999 --runs 5

Each round: load = upload the file and get the results page (POST /standings); edit = the
page's form sent back with one tie-break moved up (what the editor's button does); search =
the form sent back with a start number in the search box. Prints, per checkout and size, the
page's size and the min and median of each time (seconds, wall, as a browser waits for it).
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
#: rounds of the generated events, by size (a real open of that size)
ROUNDS = {16: 5, 200: 9, 2000: 11, 9999: 11}


@dataclass
class Figures:
    """What one checkout measured for one size."""

    size: int = 0
    load: list[float] = field(default_factory=list)
    edit: list[float] = field(default_factory=list)
    search: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(src: str, time_limit: float) -> Iterator[str]:
    """``tiebreaks serve`` of the checkout ``src``; yields its address."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
    command = [sys.executable, "-m", "tiebreaks", "serve", "--port", str(port)]
    command += ["--max-upload", "64M", "--time-limit", str(time_limit)]
    process = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise SystemExit(f"the server of {src} did not start") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def generated(size: int, folder: Path) -> Path:
    """A generated Swiss of ``size`` players (benchmarks/generate_swiss.py)."""
    target = folder / f"s{size}.trf"
    arguments = ["--players", str(size), "--rounds", str(ROUNDS.get(size, 11)), "--seed", "1"]
    subprocess.run(
        [sys.executable, str(HERE / "generate_swiss.py"), *arguments, "--out", str(target)],
        check=True,
    )
    return target


def form_of(page: str) -> dict[str, str | list[str]]:
    """The fields the results page carries to its next request (hidden fields, the list)."""
    fields: dict[str, str | list[str]] = {}
    for name in ("data", "source", "fmt", "origin", "listed"):
        found = re.search(rf'name="{name}" value="([^"]*)"', page)
        if found:
            fields[name] = found.group(1)
    fields["tb"] = re.findall(r'name="tb" value="([^"]*)"', page)
    return fields


def timed_post(client: httpx.Client, url: str, **kwargs: object) -> tuple[float, httpx.Response]:
    """Seconds until the whole answer has arrived, and the answer."""
    start = time.perf_counter()
    answer = client.post(url, **kwargs)  # type: ignore[arg-type]
    return time.perf_counter() - start, answer


def one_round(client: httpx.Client, base: str, path: Path, figures: Figures) -> None:
    """Load, edit and search once."""
    seconds, page = timed_post(
        client, f"{base}/standings", files={"file": (path.name, path.read_bytes())}
    )
    if page.status_code != 200:
        figures.failures.append(f"load: {page.status_code}")
        return
    figures.load.append(seconds)
    figures.size = len(page.content)
    fields = form_of(page.text)
    seconds, edited = timed_post(client, f"{base}/standings", data={**fields, "edit": "up:2"})
    if edited.status_code == 200:
        figures.edit.append(seconds)
    else:
        figures.failures.append(f"edit: {edited.status_code}")
    seconds, found = timed_post(client, f"{base}/standings", data={**fields, "find": "7"})
    if found.status_code == 200:
        figures.search.append(seconds)
    else:
        figures.failures.append(f"search: {found.status_code}")


def spread(values: Sequence[float]) -> str:
    """min / median of the times, or a dash."""
    if not values:
        return "-"
    return f"{min(values):.2f} / {statistics.median(values):.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", action="append", required=True, help="src folder (repeatable)")
    parser.add_argument("--sizes", default="16,200,2000,9999")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--time-limit", type=float, default=120.0)
    options = parser.parse_args(argv)
    sizes = [int(size) for size in options.sizes.split(",")]
    results: dict[tuple[str, int], Figures] = {}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        files = {size: generated(size, Path(folder)) for size in sizes}
        bases = {src: stack.enter_context(served(src, options.time_limit)) for src in options.src}
        client = stack.enter_context(httpx.Client(timeout=options.time_limit + 30))
        for size in sizes:
            for _ in range(options.runs):
                for src, base in bases.items():  # in turn
                    figures = results.setdefault((src, size), Figures())
                    one_round(client, base, files[size], figures)
    print(f"{'checkout':<24} {'players':>7} {'page MB':>8} {'load min/med s':>15} "
          f"{'edit min/med s':>15} {'search min/med s':>17}")  # fmt: skip
    for (src, size), figures in results.items():
        print(
            f"{src[-24:]:<24} {size:>7} {figures.size / 1e6:>8.2f} {spread(figures.load):>15} "
            f"{spread(figures.edit):>15} {spread(figures.search):>17}"
            + (f"  failures: {', '.join(figures.failures)}" if figures.failures else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
