"""Fixtures: a panel on gpiozero's MockFactory (PWM-capable pins) with a manual clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.clock import ManualClock
from hardware.factory import mock_factory
from hardware.panel import Panel
from hardware.virtual import VirtualPanel


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(start=100.0)


@pytest.fixture
def factory() -> MockFactory:
    return mock_factory()


@pytest.fixture
def panel(factory: MockFactory, clock: ManualClock) -> Iterator[Panel]:
    with Panel(pin_factory=factory, clock=clock) as device:
        yield device


@pytest.fixture
def virtual(panel: Panel) -> VirtualPanel:
    return VirtualPanel(panel)
