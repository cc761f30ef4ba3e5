"""Opening a table's event log for a command, with the message a person can act on."""

from __future__ import annotations

import sys
from pathlib import Path

from dealer_app.store import LOG_NAME, EventLog, LogError


def open_log_or_say_why(data_dir: Path) -> EventLog | None:
    """The log in ``data_dir``; ``None`` after printing why it cannot be opened."""
    path = data_dir / LOG_NAME
    if not path.exists():
        print(f"No event log in {data_dir}", file=sys.stderr)
        return None
    try:
        return EventLog.open(path)
    except LogError as exc:
        print(exc, file=sys.stderr)
        return None
