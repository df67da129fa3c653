"""Fuzzing the HTTP API from its own OpenAPI description (schemathesis, in-process ASGI):
no server error, every answer's status, media type and body as documented.

Bounded: a fixed number of examples per operation, no deadline. The jobs run in the test's own
process (:class:`InProcessRunner`), not in a forked worker each: what is checked here is what
the API answers, and a fork of a test runner's large process cost more than the request
itself. The answer still goes through pickle as it does through the worker's pipe; the worker
processes themselves are tested in test_limits.py and serve every other web test.

Valid requests about random files are expected to be refused with 422, so the check that valid
data must be accepted is left out; a request that breaks the schema may also be refused with 413
when it is larger than the limit.
"""

from __future__ import annotations

import pickle
import warnings
from typing import Any
from unittest import mock

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="fuzzing needs schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402

from tiebreaks.web import create_app  # noqa: E402
from tiebreaks.web.worker import INTERNAL, Job, Outcome, Runner  # noqa: E402


class InProcessRunner(Runner):
    """A runner that runs each job in the calling process, with the forked child's handling
    of an unexpected error (an internal error with its text) and its pickled answer."""

    def _run(self, job: Job, arguments: tuple[Any, ...]) -> Outcome | tuple[str, str]:
        try:
            result: Outcome | tuple[str, str] = job(*arguments)
        except Exception as error:  # a bug: the 500 the child would report
            result = (INTERNAL, f"{type(error).__name__}: {error}")
        answer: Outcome | tuple[str, str] = pickle.loads(pickle.dumps(result))
        return answer


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
    with mock.patch("tiebreaks.web.app.Runner", InProcessRunner):
        APP = create_app(max_upload_bytes=50_000, time_limit_seconds=30)
    SCHEMA = schemathesis.openapi.from_asgi("/api/openapi.json", APP, config=CONFIG)


@SCHEMA.parametrize()  # type: ignore[untyped-decorator]
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_conforms_to_its_description(case: Any) -> None:
    case.call_and_validate()
