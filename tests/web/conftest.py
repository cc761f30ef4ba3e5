"""Fixtures: a real table service on a temp dir, the web app around it, signed-in clients."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_app.engine.table import Level
from dealer_app.service import TableConfig, TableService
from dealer_app.web import WebAppSettings, create_app, shutdown

PIN = "2468"
PASSWORD = "river-card-7"
#: A No-Limit table with blinds 1/2 (EUR 0.25 / 0.50) for hands with real all-ins.
NO_LIMIT = TableConfig(structure="no-limit", levels=(Level(sb=1, bb=2),))


class Clock:
    """A monotonic clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table_config() -> TableConfig:
    return NO_LIMIT


@pytest.fixture
def service(tmp_path, table_config) -> Iterator[TableService]:
    svc = TableService.open(tmp_path / "table", table_config)
    yield svc
    svc.close()


def make_app(service: TableService, tmp_path, clock: Clock, **extra: Any) -> Flask:
    app = create_app(
        service,
        config=WebAppSettings(data_dir=tmp_path / "web", keepalive_seconds=0.2),
        clock=clock,
        **extra,
    )
    app.config["TESTING"] = True
    return app


@pytest.fixture
def fresh_app(service, tmp_path, clock) -> Iterator[Flask]:
    """The app at its first start: no PIN or password chosen yet."""
    app = make_app(service, tmp_path, clock)
    yield app
    shutdown(app)


@pytest.fixture
def app(fresh_app) -> Flask:
    """The app with the dealer PIN and organiser password chosen."""
    fresh_app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
    return fresh_app


def csrf(client: FlaskClient) -> str:
    """The session's CSRF token (made on first ask)."""
    return client.get("/api/session").get_json()["csrf_token"]


def sign_in(client: FlaskClient, role: str = "dealer") -> str:
    """Sign ``client`` in through the API; returns the CSRF token."""
    token = csrf(client)
    secret = PIN if role == "dealer" else PASSWORD
    answer = client.post(
        "/api/session", json={"role": role, "secret": secret}, headers={"X-CSRF-Token": token}
    )
    assert answer.status_code == 200, answer.get_json()
    fresh = answer.get_json()["csrf_token"]
    assert fresh != token  # signing in starts a new session with a new token
    return fresh


@pytest.fixture
def client(app) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def dealer(app) -> FlaskClient:
    """A test client signed in as the dealer; its CSRF token is ``dealer.token``."""
    client = app.test_client()
    client.token = sign_in(client, "dealer")  # type: ignore[attr-defined]
    return client


@pytest.fixture
def organiser(app) -> FlaskClient:
    client = app.test_client()
    client.token = sign_in(client, "organiser")  # type: ignore[attr-defined]
    return client


def command(client: FlaskClient, body: dict) -> Any:
    """POST one table command as the signed-in ``client``."""
    return client.post("/api/commands", json=body, headers={"X-CSRF-Token": client.token})


def run(client: FlaskClient, *bodies: dict) -> list[int]:
    """POST commands that must all be accepted; returns the last answer's sequence numbers."""
    seqs: list[int] = []
    for body in bodies:
        answer = command(client, body)
        assert answer.status_code == 200, (body, answer.get_json())
        seqs = answer.get_json()["seqs"]
    return seqs


THREE_PLAYERS = (
    {"cmd": "join", "seat": 1, "name": "Ann", "stack": 100},
    {"cmd": "join", "seat": 2, "name": "Bob", "stack": 100},
    {"cmd": "join", "seat": 3, "name": "Cy", "stack": 100},
    {"cmd": "button", "seat": 1},
)
#: Post blinds, shuffle, deal: action on seat 1 (UTG = button with three players).
START_HAND = ({"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
