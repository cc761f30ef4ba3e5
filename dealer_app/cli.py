"""The ``dealer-app`` command line: discovers the sub-commands in :mod:`dealer_app.commands`."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections.abc import Sequence

from dealer_app import __version__, commands


def build_parser() -> argparse.ArgumentParser:
    """Return the top-level parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="dealer-app",
        description="Run a live Texas Hold'em table with its dealer.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-app {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen sub-command; return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)
