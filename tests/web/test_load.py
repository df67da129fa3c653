"""A small, bounded load test on loopback: ``tiebreaks serve`` in a child process answers 200
concurrent requests (8 at a time) of the benchmark's mix, every one with status 200 and
exactly the library's body. No timing is asserted: the figures belong to
``benchmarks/load_test.py`` (see ``benchmarks/results/load.md``)."""

from __future__ import annotations

import httpx
import pytest
from load_test import Probe, check, percentile, probes, run_load, server


def test_two_hundred_concurrent_requests_all_answered_correctly() -> None:
    with server(time_limit=60) as base_url:
        result, by_probe = run_load(base_url, requests=200, concurrency=8, time_cap=600)
    assert result.first_errors == ()
    assert result.errors == 0
    assert result.sent == 200
    assert set(by_probe) == {probe.label for probe in probes()}  # every kind was sent


def test_the_check_finds_wrong_answers() -> None:
    probe = Probe("x", "GET", "/x", None, b'{"a": 1}', "application/json")
    right = httpx.Response(200, content=b'{"a": 1}', headers={"content-type": "application/json"})
    assert check(probe, right) == ""
    wrong_body = httpx.Response(200, content=b'{"a": 2}', headers=right.headers)
    assert check(probe, wrong_body).startswith("body differs")
    wrong_status = httpx.Response(422, content=b"{}", headers=right.headers)
    assert check(probe, wrong_status).startswith("status 422")
    wrong_type = httpx.Response(200, content=b'{"a": 1}', headers={"content-type": "text/html"})
    assert check(probe, wrong_type).startswith("media type")


@pytest.mark.parametrize(
    ("share", "expected"), [(0.5, 5.0), (0.9, 9.0), (0.99, 10.0), (0.1, 1.0), (0.01, 1.0)]
)
def test_nearest_rank_percentile(share: float, expected: float) -> None:
    values = [float(value) for value in range(1, 11)]  # 1 .. 10: the k-th is the ceil(k n)-th
    assert percentile(values, share) == expected
