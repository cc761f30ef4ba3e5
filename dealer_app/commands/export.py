"""``dealer-app export``: a table's hands as PHH, PokerStars-style text, CSV or JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

FORMATS = ("phh", "pokerstars", "csv", "json")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``export``."""
    parser = subparsers.add_parser("export", help="export the hands of a table's event log")
    parser.add_argument("--data", type=Path, required=True, help="the table's data directory")
    parser.add_argument("--format", choices=FORMATS, required=True, help="output format")
    parser.add_argument("--hands", help="hand numbers, e.g. 3,5-7 (default: every hand)")
    parser.add_argument("--out", type=Path, help="file to write (default: standard output)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Write the export; exit 1 with a message when the log is missing or broken."""
    from dealer_app.commands._log_access import open_log_or_say_why
    from dealer_app.exports import export

    log = open_log_or_say_why(args.data)
    if log is None:
        return 1
    try:
        text = export(log.events, args.format, args.hands)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    finally:
        log.close()
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
