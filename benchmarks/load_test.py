"""Load test of the web service on loopback: every answer checked, throughput and latency.

Starts ``tiebreaks serve`` (uvicorn) on 127.0.0.1 on a free port in a child process, then
sends a bounded number of requests (``--requests``, default 2,000) from ``--concurrency``
(default 16) concurrent connections, and stops sending after ``--time-cap`` seconds (default
60) whatever the count. The requests cycle through a fixed mix (shuffled with ``--seed``): the
standings of the bundled examples as JSON, CSV and HTML (``/api/standings``,
``/api/convert``), explanations (``/api/explain``), "why" (``/api/why``) and the catalogue
(``/api/catalogue``). Every answer must have status 200, the expected media type and a body
equal, byte for byte, to what the library computes directly in this process for the same
input (``compute_standings``, ``standings_json``, ``standings_csv``, ``standings_html``,
``placing_json``, ``why_json``); anything else is counted as an error and described.

Prints the machine, the run (requests sent, errors, seconds) and the figures: requests per
second and the latency percentiles p50/p90/p99/max (nearest rank, in milliseconds). The exit
status is 1 when any request failed.

Usage::

    python benchmarks/load_test.py                 # 2,000 requests, 16 at a time, 60 s cap
    python benchmarks/load_test.py --requests 200 --concurrency 8
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

import httpx

from tiebreaks import Standings, compute_standings, example_path
from tiebreaks.formats.detect import read_data
from tiebreaks.render import standings_csv, standings_json
from tiebreaks.render.explain import placing_json, why_json
from tiebreaks.render.html import standings_html
from tiebreaks.services.explain import explain_participant, find_participant, why

#: the bundled examples of the mix
EXAMPLES = (
    "held-swiss-16.trf",
    "held-round-robin-6.trf",
    "held-team-14.trf",
    "held-swiss-16.pgn",
    "seed-000-crosstable.csv",
)
JSON = "application/json"


@dataclass(frozen=True)
class Probe:
    """One kind of request and the answer it must get."""

    label: str
    method: str
    path: str
    body: dict[str, Any] | None
    expected: bytes
    media_type: str


@dataclass(frozen=True)
class Outcome:
    """One request sent: its probe, how long it took, and what was wrong ("" if nothing)."""

    label: str
    seconds: float
    error: str


def _tournament(name: str) -> dict[str, str]:
    """The ``tournament`` object of a request: the example's text, named as the file."""
    return {"data": example_path(name).read_text(encoding="utf-8"), "name": name}


def _standings(name: str) -> Standings:
    """The library's standings of an example (the default list and regime)."""
    return compute_standings(read_data(example_path(name).read_bytes(), name))


def _file_probes(name: str, standings: Standings) -> list[Probe]:
    """The standings of one example as JSON, CSV and HTML."""
    tournament = _tournament(name)
    csv_body = {"tournament": tournament, "to": "csv"}
    html_body = {"tournament": tournament, "to": "html"}
    return [
        Probe(
            f"standings json {name}",
            "POST",
            "/api/standings",
            {"tournament": tournament},
            standings_json(standings).encode("utf-8"),
            JSON,
        ),
        Probe(
            f"standings csv {name}",
            "POST",
            "/api/convert",
            csv_body,
            standings_csv(standings).encode("utf-8"),
            "text/csv",
        ),
        Probe(
            f"standings html {name}",
            "POST",
            "/api/convert",
            html_body,
            standings_html(standings, "en").encode("utf-8"),
            "text/html",
        ),
    ]


def _question_probes(name: str, standings: Standings) -> list[Probe]:
    """An explanation (of the winner, by name) and a "why" (second against third)."""
    tournament = _tournament(name)
    first, second, third = standings.rows[:3]
    winner = find_participant(standings, first.player.name)
    placing = placing_json(standings, explain_participant(standings, winner))
    numbers = str(second.player.start_number), str(third.player.start_number)
    answer = why_json(standings, why(standings, second, third))
    return [
        Probe(
            f"explain {name}",
            "POST",
            "/api/explain",
            {"tournament": tournament, "participant": first.player.name},
            placing.encode("utf-8"),
            JSON,
        ),
        Probe(
            f"why {name}",
            "POST",
            "/api/why",
            {"tournament": tournament, "a": numbers[0], "b": numbers[1]},
            answer.encode("utf-8"),
            JSON,
        ),
    ]


def probes() -> list[Probe]:
    """The mix: every example's standings in three formats, explanations and "why" for the
    individual examples, and the catalogue."""
    from tiebreaks.web.api_jobs import catalogue_json

    mix: list[Probe] = []
    for name in EXAMPLES:
        standings = _standings(name)
        mix += _file_probes(name, standings)
        if not standings.is_team:
            mix += _question_probes(name, standings)
    mix.append(Probe("catalogue", "GET", "/api/catalogue", None, catalogue_json(), JSON))
    return mix


def check(probe: Probe, response: httpx.Response) -> str:
    """What is wrong with an answer ("" when it is right)."""
    if response.status_code != 200:
        return f"status {response.status_code}: {response.text[:200]!r}"
    media_type = response.headers.get("content-type", "")
    if not media_type.startswith(probe.media_type):
        return f"media type {media_type!r}, expected {probe.media_type!r}"
    if response.content != probe.expected:
        return f"body differs from the library's ({len(response.content)} bytes)"
    return ""


@dataclass
class Plan:
    """The run: which probe each request uses, how many at once, until when."""

    order: list[Probe]
    concurrency: int
    deadline: float
    timeout: float
    next_index: int = 0
    outcomes: list[Outcome] = field(default_factory=list)

    def take(self) -> Probe | None:
        """The next request's probe; None when every request was sent or time is up."""
        if self.next_index >= len(self.order) or time.perf_counter() >= self.deadline:
            return None
        self.next_index += 1
        return self.order[self.next_index - 1]


async def _worker(client: httpx.AsyncClient, plan: Plan) -> None:
    """Send requests one after the other until the plan says stop."""
    while (probe := plan.take()) is not None:
        started = time.perf_counter()
        try:
            response = await client.request(probe.method, probe.path, json=probe.body)
            error = check(probe, response)
        except httpx.HTTPError as failure:
            error = f"{type(failure).__name__}: {failure}"
        plan.outcomes.append(Outcome(probe.label, time.perf_counter() - started, error))


async def fire(base_url: str, plan: Plan) -> float:
    """Run the plan against the server; the seconds from the first request to the last
    answer."""
    limits = httpx.Limits(max_connections=plan.concurrency, max_keepalive_connections=None)
    async with httpx.AsyncClient(base_url=base_url, timeout=plan.timeout, limits=limits) as client:
        started = time.perf_counter()
        await asyncio.gather(*(_worker(client, plan) for _ in range(plan.concurrency)))
        return time.perf_counter() - started


def free_port() -> int:
    """A TCP port free on the loopback interface (the server binds it right after)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_ready(base_url: str, process: subprocess.Popen[bytes], log: IO[bytes]) -> None:
    """Wait until the server answers (at most 120 s); RuntimeError if it ends or never does."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            text = log.read().decode("utf-8", "replace")
            raise RuntimeError(f"the server ended with code {process.returncode}: {text}")
        try:
            if httpx.get(base_url + "/api/catalogue", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not answer within 120 seconds")


@contextmanager
def server(
    max_upload: str = "4M", time_limit: float = 20.0, log_path: str | None = None
) -> Iterator[str]:
    """``tiebreaks serve`` on 127.0.0.1 and a free port, in a child process; yields its base
    URL and stops it (SIGINT, then SIGKILL after 10 s) on exit. Its standard error goes to
    ``log_path`` (default: a temporary file, shown if it does not start)."""
    port = free_port()
    command = [sys.executable, "-m", "tiebreaks", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--max-upload", max_upload, "--time-limit", str(time_limit)]
    opened = open(log_path, "w+b") if log_path else tempfile.TemporaryFile()  # noqa: SIM115
    with opened as log:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        base_url = f"http://127.0.0.1:{port}"
        try:
            _wait_ready(base_url, process, log)
            yield base_url
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def percentile(ordered: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of sorted values (``share`` 0.5 for the median)."""
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Report:
    """The figures of a run."""

    planned: int
    sent: int
    errors: int
    seconds: float
    per_second: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    first_errors: tuple[str, ...]


def report(plan: Plan, seconds: float) -> Report:
    """The figures of a finished plan."""
    times = sorted(outcome.seconds for outcome in plan.outcomes) or [0.0]
    failed = [outcome for outcome in plan.outcomes if outcome.error]
    return Report(
        planned=len(plan.order),
        sent=len(plan.outcomes),
        errors=len(failed),
        seconds=seconds,
        per_second=len(plan.outcomes) / seconds if seconds else 0.0,
        p50_ms=1000 * percentile(times, 0.50),
        p90_ms=1000 * percentile(times, 0.90),
        p99_ms=1000 * percentile(times, 0.99),
        max_ms=1000 * times[-1],
        first_errors=tuple(f"{item.label}: {item.error}" for item in failed[:5]),
    )


def run_load(
    base_url: str,
    requests: int,
    concurrency: int,
    time_cap: float,
    seed: int = 1,
    timeout: float = 60.0,
) -> tuple[Report, dict[str, list[float]]]:
    """Send ``requests`` requests of the shuffled mix, ``concurrency`` at a time, for at most
    ``time_cap`` seconds; the report and the sorted latencies (seconds) of each probe."""
    mix = probes()
    random.Random(seed).shuffle(mix)
    order = [mix[index % len(mix)] for index in range(requests)]
    plan = Plan(order, concurrency, time.perf_counter() + time_cap, timeout)
    seconds = asyncio.run(fire(base_url, plan))
    by_probe: dict[str, list[float]] = {}
    for outcome in plan.outcomes:
        by_probe.setdefault(outcome.label, []).append(outcome.seconds)
    return report(plan, seconds), {label: sorted(times) for label, times in by_probe.items()}


def machine() -> str:
    """The machine in one line: processor count, system, Python, load before the run."""
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return (
        f"{os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, load average before the run {load}"
    )


def markdown(result: Report, concurrency: int) -> str:
    """The figures as a Markdown table row (with its header)."""
    header = (
        "| requests | concurrency | errors | seconds | requests/s | p50 ms | p90 ms | p99 ms "
        "| max ms |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    )
    row = (
        f"| {result.sent} | {concurrency} | {result.errors} | {result.seconds:.1f} "
        f"| {result.per_second:.1f} | {result.p50_ms:.0f} | {result.p90_ms:.0f} "
        f"| {result.p99_ms:.0f} | {result.max_ms:.0f} |"
    )
    return f"{header}\n{row}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test and print its figures; 1 when a request failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--time-cap", type=float, default=60.0, help="seconds (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=20.0, help="the server's (s)")
    parser.add_argument("--server-log", help="write the server's standard error to this file")
    arguments = parser.parse_args(argv)
    print(f"machine: {machine()}")
    with server(time_limit=arguments.time_limit, log_path=arguments.server_log) as base_url:
        result, counts = run_load(
            base_url, arguments.requests, arguments.concurrency, arguments.time_cap, arguments.seed
        )
    capped = " (time cap reached)" if result.sent < result.planned else ""
    print(f"sent {result.sent} of {result.planned} requests{capped}, {len(counts)} kinds")
    print(markdown(result, arguments.concurrency))
    print("\nlatency by kind (median, max; ms):")
    for label, times in sorted(counts.items()):
        print(
            f"  {label:<42} {len(times):>5}  {1000 * percentile(times, 0.5):7.0f}"
            f"  {1000 * times[-1]:7.0f}"
        )
    for line in result.first_errors:
        print(f"error: {line}")
    return 1 if result.errors else 0


if __name__ == "__main__":
    sys.exit(main())
