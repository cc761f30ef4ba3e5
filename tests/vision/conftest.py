"""Shared vision fixtures: the committed tuning deck and a profile calibrated on it."""

from __future__ import annotations

import numpy as np
import pytest

from vision.art import committed_deck
from vision.profiles import calibrate_art
from vision.read import Profile


@pytest.fixture(scope="session")
def heruka() -> dict[str, np.ndarray]:
    """The CC0 heruka 2-colour deck (the in-design tuning deck)."""
    return committed_deck("heruka-2color")


@pytest.fixture(scope="session")
def heruka_profile(heruka) -> Profile:
    """A profile calibrated from simulated captures of the heruka deck (seed 0)."""
    return calibrate_art([heruka], "heruka-2color")
