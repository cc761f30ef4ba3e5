"""``dealer-app run [--config FILE]``: run the table (panel, camera, engine, log, web server)."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from dealer_app.config import DEFAULT_CONFIG_PATH, ConfigError, load_config


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``run``."""
    parser = subparsers.add_parser(
        "run", help="run the table: button panel, camera, engine, event log and web server"
    )
    parser.add_argument(
        "--config", type=Path, default=DEFAULT_CONFIG_PATH, help="the table's TOML file (default: %(default)s)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Validate the configuration, then serve the table until stopped."""
    from dealer_app.runtime import EXIT_CONFIG, Runtime, serve_until_stopped

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        return serve_until_stopped(Runtime(config))
    except OSError as exc:  # the port is taken, the data directory is not writable, ...
        print(f"dealer-app run: {exc}", file=sys.stderr)
        return 1
