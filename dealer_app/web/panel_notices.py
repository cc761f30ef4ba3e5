"""The button panel's last answer, for the dealer console.

A refused press writes nothing to the table log, so the console would never hear of it. The
appliance registers :meth:`PanelNotices.record` as a listener of the panel controller; the
dealer payload carries :meth:`PanelNotices.last` and every dealer stream is re-sent at once.

>>> notices = PanelNotices(clock=lambda: 12.5)
>>> notices.record(False, {"cmd": "check", "seat": 2}, "Seat 2 cannot check: call EUR 0.50")
>>> notices.last()
{'id': 1, 'ok': False, 'cmd': 'check', 'reason': 'Seat 2 cannot check: call EUR 0.50', 'at': 12.5}
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class PanelNotices:
    """Thread-safe holder of the panel's last feedback; ``on_change`` runs after each record."""

    def __init__(self, clock: Callable[[], float] = time.time, on_change: Callable[[], None] | None = None) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._last: dict[str, Any] | None = None
        self._count = 0
        self.on_change = on_change

    def record(self, ok: bool, command: dict | None, reason: str | None) -> None:
        """Keep one answer of the panel: accepted (``ok``) or refused with ``reason``."""
        with self._lock:
            self._count += 1
            self._last = {
                "id": self._count,
                "ok": bool(ok),
                "cmd": (command or {}).get("cmd"),
                "reason": reason,
                "at": self._clock(),
            }
        if self.on_change is not None:
            self.on_change()

    def listener(self, feedback: Any) -> None:
        """A :meth:`dealer_app.panel.PanelController.add_listener` callback (``Feedback``)."""
        self.record(feedback.ok, feedback.command, feedback.reason)

    def last(self) -> dict[str, Any] | None:
        """``{"id", "ok", "cmd", "reason", "at"}`` of the last answer, or None before any."""
        with self._lock:
            return dict(self._last) if self._last is not None else None
