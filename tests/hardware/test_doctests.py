"""The examples in the docstrings of the panel modules run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "hardware.clock", "hardware.encoder", "hardware.panel", "hardware.patterns",
    "hardware.pins", "hardware.settings", "hardware.virtual", "dealer_app.panel",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
