"""The examples in the web modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "dealer_app.web.command_schema", "dealer_app.web.credentials", "dealer_app.web.embed",
    "dealer_app.web.i18n", "dealer_app.web.lockout", "dealer_app.web.organiser",
    "dealer_app.web.projection", "dealer_app.web.roles", "dealer_app.web.server",
    "dealer_app.web.settings", "dealer_app.web.sse", "dealer_app.web.panel_notices",
    "dealer_app.web.zones_editor",
]  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
