"""The examples in the tournament modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import dealer_app.engine.tournament as package

MODULES = [m.name for m in pkgutil.iter_modules(package.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"{package.__name__}.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0
