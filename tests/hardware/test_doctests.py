"""The examples in the hardware modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "hardware.clock", "hardware.encoder", "hardware.panel", "hardware.patterns",
    "hardware.pins", "hardware.settings", "hardware.virtual",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
