"""``dealer-app log verify|show``: check a table's hash-chained event log, or print it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from dealer_app.commands._log_access import open_log_or_say_why
from dealer_app.store import LOG_NAME, verify_log


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``log`` with its ``verify`` and ``show`` actions."""
    parser = subparsers.add_parser("log", help="check or print a table's event log")
    actions = parser.add_subparsers(dest="log_action", metavar="ACTION", required=True)

    verify = actions.add_parser("verify", help="check the whole hash chain; exit 1 when broken")
    verify.add_argument("--data", type=Path, required=True, help="the table's data directory")
    verify.set_defaults(func=run_verify)

    show = actions.add_parser("show", help="print the events")
    show.add_argument("--data", type=Path, required=True, help="the table's data directory")
    show.add_argument("--after", type=int, default=0, help="only events after this sequence number")
    show.add_argument("--json", action="store_true", help="one JSON object per line")
    show.set_defaults(func=run_show)


def run_verify(args: argparse.Namespace) -> int:
    """Print ``OK: N events`` or ``BAD: event S: ...`` (exit 1)."""
    result = verify_log(args.data / LOG_NAME)
    print(result.message, file=sys.stdout if result.ok else sys.stderr)
    return 0 if result.ok else 1


def run_show(args: argparse.Namespace) -> int:
    """Print every event after ``--after``."""
    log = open_log_or_say_why(args.data)
    if log is None:
        return 1
    try:
        for event in log.events:
            if event.seq <= args.after:
                continue
            if args.json:
                print(json.dumps(event.to_dict(), sort_keys=True))
            else:
                payload = json.dumps(event.payload, sort_keys=True)
                print(f"{event.seq:>6} {event.time:.3f} {event.source:<7} {event.type:<14} {payload}")
    finally:
        log.close()
    return 0
