"""``dealer-app config init|check``: write the commented default configuration, or check a file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dealer_app.config import DEFAULT_CONFIG_PATH, DEFAULT_CONFIG_TEXT, ConfigError, load_config


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``config`` with its ``init`` and ``check`` actions."""
    parser = subparsers.add_parser("config", help="write or check the table's configuration file")
    actions = parser.add_subparsers(dest="config_action", metavar="ACTION", required=True)

    init = actions.add_parser("init", help="write the commented default configuration")
    init.add_argument("--out", type=Path, default=DEFAULT_CONFIG_PATH, help="file to write (default: %(default)s)")
    init.add_argument("--force", action="store_true", help="replace an existing file")
    init.set_defaults(func=run_init)

    check = actions.add_parser("check", help="validate a configuration file and print its problems")
    check.add_argument("--config", type=Path, default=DEFAULT_CONFIG_PATH, help="file to check (default: %(default)s)")
    check.set_defaults(func=run_check)


def run_init(args: argparse.Namespace) -> int:
    """Write :data:`DEFAULT_CONFIG_TEXT` to ``args.out`` unless it exists (``--force`` replaces)."""
    out: Path = args.out
    if out.exists() and not args.force:
        print(f"{out}: already exists; keep it, or replace it with --force", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(DEFAULT_CONFIG_TEXT, encoding="utf-8")
    print(f"wrote {out}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Print ``OK: <file>`` or every problem of the file; exit 1 when there is one."""
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"OK: {args.config} (table {config.table.name!r}, {config.table.seats} seats, port {config.web.port})")
    return 0
