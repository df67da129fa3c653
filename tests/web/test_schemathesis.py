"""Fuzzing the HTTP API from its own OpenAPI description (schemathesis, in-process ASGI):
no server error, every answer's status, media type and body as documented.

Bounded: a fixed number of examples per operation, no deadline (each request runs in a
worker process). Valid requests about random files are expected to be refused with 422, so
the check that valid data must be accepted is left out; a request that breaks the schema may
also be refused with 413 when it is larger than the limit.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="fuzzing needs schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402

from tiebreaks.web import create_app  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    CONFIG = SchemathesisConfig.from_dict(
        {
            "checks": {
                "positive_data_acceptance": {"enabled": False},
                "negative_data_rejection": {
                    "expected-statuses": [400, 404, 405, 406, 413, 415, 422],
                },
            }
        }
    )
    SCHEMA = schemathesis.openapi.from_asgi(
        "/api/openapi.json",
        create_app(max_upload_bytes=50_000, time_limit_seconds=30),
        config=CONFIG,
    )


@SCHEMA.parametrize()  # type: ignore[untyped-decorator]
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_conforms_to_its_description(case: Any) -> None:
    case.call_and_validate()
