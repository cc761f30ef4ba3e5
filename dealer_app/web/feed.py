"""Follow the table log on one thread: remember the hand's recent actions, wake the SSE hub.

The table service never calls back; it is pulled through a subscription
(``service.subscribe(after_seq)``, see docs/commands.md). :class:`TableFeed` drains it on
its own daemon thread, keeps the current hand's betting actions (the scoreboard's "last
actions", undone ones removed) and tells the hub the newest sequence number once per burst.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: Events shown in the "last actions" list. None of them carries a hole card.
ACTION_TYPES = frozenset({"action", "oot_bound"})
#: How many recent actions are kept.
RECENT = 12


class TableFeed:
    """Reads every event of ``service`` in order and calls ``on_seq(seq)`` after each burst.

    Parameters:
        service: a table service with ``subscribe(after_seq)``.
        on_seq: called with the newest sequence number, on the feed's thread.
    """

    def __init__(self, service: Any, on_seq: Callable[[int], None]) -> None:
        self._service = service
        self._on_seq = on_seq
        self._lock = threading.Lock()
        self._recent: list[dict[str, Any]] = []
        self._seq = 0
        self._stop = threading.Event()
        self._caught_up = threading.Event()
        self._thread: threading.Thread | None = None
        self._subscription: Any = None

    @property
    def seq(self) -> int:
        """The newest sequence number read."""
        return self._seq

    def recent_actions(self) -> list[dict[str, Any]]:
        """The current hand's last actions, oldest first: ``{"seq", "seat", "action", "to"}``."""
        with self._lock:
            return [dict(a) for a in self._recent[-RECENT:]]

    def start(self) -> None:
        """Start following the log (replays it from the start, then waits for new events)."""
        if self._thread is not None:
            return
        self._subscription = self._service.subscribe(after_seq=0)
        self._thread = threading.Thread(target=self._run, name="web-table-feed", daemon=True)
        self._thread.start()

    def wait_caught_up(self, timeout: float) -> bool:
        """Block until the feed has read the whole log once (True) or ``timeout`` passed."""
        return self._caught_up.wait(timeout)

    def wait_for(self, seq: int, timeout: float) -> bool:
        """Block until event ``seq`` was read (at once on the feed's own thread, which cannot wait
        for itself)."""
        if threading.current_thread() is self._thread:
            return self._seq >= seq
        deadline = time.monotonic() + timeout
        while self._seq < seq and time.monotonic() < deadline:
            time.sleep(0.005)
        return self._seq >= seq

    def stop(self) -> None:
        """Stop the thread and close the subscription."""
        self._stop.set()
        if self._subscription is not None:
            self._subscription.close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        sub = self._subscription
        while not self._stop.is_set():
            event = sub.get(timeout=0.25)
            if event is None:
                if getattr(sub, "closed", False):
                    return
                self._caught_up.set()
                continue
            newest = event.seq
            batch = [event]
            while (more := sub.get(timeout=0)) is not None:
                batch.append(more)
                newest = more.seq
            try:
                for item in batch:
                    self._apply(item)
            except Exception:  # an unexpected payload must not stop the live screens
                log.exception("reading event %s for the recent actions failed", newest)
            self._seq = newest
            try:
                self._on_seq(newest)
            except Exception:  # a screen that fails to render must not stop the feed
                log.exception("rendering the live views after event %s failed", newest)

    def _apply(self, event: Any) -> None:
        payload = event.payload
        with self._lock:
            if event.type == "hand_started":
                self._recent = []
            elif event.type in ACTION_TYPES:
                self._recent.append(
                    {
                        "seq": event.seq,
                        "seat": payload.get("seat"),
                        "action": payload.get("action"),
                        "to": payload.get("to"),
                    }
                )
            elif event.type == "undone":
                self._recent = [a for a in self._recent if a["seq"] != payload.get("seq")]
            elif event.type == "corrected" and payload.get("field") == "to":
                for entry in self._recent:
                    if entry["seq"] == payload.get("seq"):
                        entry["to"] = payload.get("new")
