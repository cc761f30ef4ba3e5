"""Schemathesis fuzzes the JSON API from its own OpenAPI document (/api/openapi.json).

Every generated request runs against the real table service, once as the signed-in dealer
(with the session's CSRF token) and once anonymously. Two properties: no answer is a 5xx, and
a refused request (4xx) changes nothing in the table's log.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from tests.web.conftest import sign_in

STREAMS = {"/api/events", "/api/dealer/events"}
EXAMPLES = 60

pytestmark = pytest.mark.slow


def _operations(app) -> list:
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operations = []
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path not in STREAMS:
            operations.append(operation)
    return operations


def test_fuzzed_api_never_fails_and_refusals_change_nothing(app, service) -> None:
    dealer = app.test_client()
    token = sign_in(dealer)
    cookie = dealer.get_cookie("dealer_session").value
    operations = _operations(app)
    assert {f"{op.method.upper()} {op.path}" for op in operations} == {
        "GET /api/session", "POST /api/session", "DELETE /api/session", "GET /api/view",
        "GET /api/dealer/view", "POST /api/commands", "GET /api/log", "GET /api/panel",
        "POST /api/panel", "GET /api/dealer/snapshot.jpg", "GET /api/dealer/zones",
        "POST /api/dealer/zones",
    }  # fmt: skip
    zones_file = app.extensions["dealer_web"].zones_file

    def saved_zones() -> bytes | None:
        return zones_file.read_bytes() if zones_file.exists() else None

    problems: list[str] = []
    outcomes: dict[int, int] = {}

    for operation in operations:

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy())
        def fuzz(case) -> None:
            for signed_in in (True, False):
                before = service.last_seq
                zones_before = saved_zones()
                headers = dict(case.headers or {})
                cookies = {}
                if signed_in:
                    headers["X-CSRF-Token"] = token
                    cookies = {"dealer_session": cookie}
                response = case.call(headers=headers, cookies=cookies)
                label = f"{case.method} {case.path} {case.body!r} signed_in={signed_in}"
                if response.status_code >= 500:
                    problems.append(f"{response.status_code} for {label}")
                if response.status_code >= 400 and service.last_seq != before:
                    problems.append(f"refused {response.status_code} but the log grew: {label}")
                if response.status_code >= 400 and saved_zones() != zones_before:
                    problems.append(f"refused {response.status_code} but zones.json changed: {label}")
                if not signed_in and case.method != "GET" and case.path != "/api/session":
                    assert response.status_code in (401, 403), label
                if signed_in and case.path == "/api/commands":
                    outcomes[response.status_code] = outcomes.get(response.status_code, 0) + 1

        fuzz()
    assert problems == []
    # The fuzzing reached the table rules: some commands were judged by the service itself.
    assert outcomes.get(422, 0) + outcomes.get(200, 0) > 0, outcomes
