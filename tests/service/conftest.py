"""Fixtures for table-service tests: a real service on a temporary SQLite log, a hand clock."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dealer_app.engine.table import Level
from dealer_app.service import TableConfig, TableService


class FakeClock:
    """Seconds since the epoch, moved by the test."""

    def __init__(self, start: float = 1_764_400_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


NL_50_100 = TableConfig(name="NL", seats=9, structure="no-limit", levels=(Level(sb=50, bb=100),))


def run(svc: TableService, *commands: dict, source: str = "console") -> list[int]:
    """Execute commands that must be accepted; return every sequence number written."""
    seqs: list[int] = []
    for command in commands:
        result = svc.execute(command, source)
        assert result.ok, f"{command} refused: {result.reason}"
        seqs += result.seqs
    return seqs


def seat_players(svc: TableService, stacks: dict[int, int], button: int) -> None:
    run(svc, *({"cmd": "join", "seat": s, "name": f"P{s}", "stack": v} for s, v in stacks.items()))
    run(svc, {"cmd": "button", "seat": button})


def deal(svc: TableService) -> None:
    """Start the hand, shuffle, deal."""
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def open_table(tmp_path: Path, clock: FakeClock) -> Iterator[Callable[..., TableService]]:
    opened: list[TableService] = []

    def factory(config: TableConfig | None = None, name: str = "table", seed: int | None = None) -> TableService:
        """A table in ``tmp_path / name``; ``seed`` seeds its random draws (a cash table's button)."""
        rng = None if seed is None else random.Random(seed)
        svc = TableService.open(tmp_path / name, config or TableConfig.club(), clock=clock, rng=rng)
        opened.append(svc)
        return svc

    yield factory
    for svc in opened:
        svc.close()
