"""Server-Sent Events: one snapshot per channel, shared by every stream of that channel.

A *channel* is one way of looking at the table, e.g. ``("spectator", "nl")``. When the table
log grows, :meth:`EventHub.publish` renders each channel that has listeners once, and every
waiting stream sends that same frame. The event id is the log sequence number, so a browser
that reconnects with ``Last-Event-ID: N`` gets the current snapshot at once when the table
moved past ``N``, and nothing stale otherwise. Idle streams send a keepalive comment so a
vanished client frees its server thread within one keepalive period. :meth:`EventHub.refresh`
re-sends every channel at the same sequence number, for news that writes no log event (a
refused panel press shown on the dealer console).

>>> hub = EventHub(render=lambda channel, seq: {"seq": seq, "who": channel})
>>> hub.publish(3)
>>> stream = hub.stream("spectator", last_id=None, keepalive_seconds=0.01)
>>> next(stream)
'retry: 2000\\n\\n'
>>> next(stream)
'id: 3\\nevent: view\\ndata: {"seq": 3, "who": "spectator"}\\n\\n'
>>> next(stream)
': keepalive\\n\\n'
>>> stream.close()
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Hashable, Iterator
from typing import Any

log = logging.getLogger(__name__)

#: Milliseconds a browser waits before reconnecting a dropped stream.
RETRY_MS = 2000


def sse_frame(event_id: int, event: str, payload: Any) -> str:
    """One SSE message: ``id``, ``event`` and the payload as one JSON ``data`` line."""
    data = json.dumps(payload, ensure_ascii=False, separators=(", ", ": "))
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"id: {event_id}\nevent: {event}\n{lines}\n"


def parse_last_event_id(text: str | None) -> int | None:
    """The sequence number in a ``Last-Event-ID`` header, or None when absent or not a number."""
    if text is None:
        return None
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    return int(text)


class EventHub:
    """Fan-out of rendered snapshots to event streams.

    Parameters:
        render: ``render(channel, seq)`` returns the JSON-able payload of ``channel`` as of log
            sequence number ``seq``. It is called once per channel and event, never per client.
    """

    def __init__(self, render: Callable[[Hashable, int], Any]) -> None:
        self._render = render
        self._cond = threading.Condition()
        self._seq = 0
        #: Bumped by every publish and refresh; streams send when it moved past what they sent.
        self._generation = 0
        self._frames: dict[Hashable, tuple[int, str]] = {}
        self._listeners: dict[Hashable, int] = {}
        self._closed = False

    @property
    def seq(self) -> int:
        """The last sequence number published."""
        return self._seq

    @property
    def listeners(self) -> int:
        """Streams currently open, all channels together."""
        with self._cond:
            return sum(self._listeners.values())

    def publish(self, seq: int) -> None:
        """The log reached ``seq``: render every channel with listeners and wake their streams."""
        with self._cond:
            if seq < self._seq:
                return
            self._seq = seq
            self._generation += 1
            generation = self._generation
            channels = [c for c, n in self._listeners.items() if n > 0]
        frames = {}
        for channel in channels:
            try:
                frames[channel] = self._frame(channel, seq)
            except Exception:  # one broken screen must not keep the others waiting
                log.exception("rendering channel %r at event %s failed", channel, seq)
        with self._cond:
            for channel, frame in frames.items():
                held = self._frames.get(channel)
                if held is None or held[0] <= generation:
                    self._frames[channel] = (generation, frame)
            # Channels nobody listens to are rendered on demand when someone connects.
            for channel in list(self._frames):
                if channel not in channels:
                    del self._frames[channel]
            self._cond.notify_all()

    def refresh(self) -> None:
        """Something outside the log changed: every stream re-sends its channel's snapshot
        (rendered on demand, once per channel) under the current sequence number."""
        with self._cond:
            self._generation += 1
            self._frames.clear()
            self._cond.notify_all()

    def close(self) -> None:
        """End every stream (at shutdown)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _frame(self, channel: Hashable, seq: int) -> str:
        payload = self._render(channel, seq)
        # A view carries the log position it was made from; that is the id a browser resumes by.
        shown = payload.get("seq") if isinstance(payload, dict) else None
        return sse_frame(shown if isinstance(shown, int) else seq, "view", payload)

    def _current(self, channel: Hashable) -> tuple[int, str]:
        """``(generation, frame)``: the newest frame of ``channel``, rendered now if nobody held it."""
        with self._cond:
            held = self._frames.get(channel)
            seq, generation = self._seq, self._generation
        if held is not None and held[0] == generation:
            return held
        frame = (generation, self._frame(channel, seq))
        with self._cond:
            if self._generation == generation:
                self._frames[channel] = frame
        return frame

    def stream(
        self, channel: Hashable, last_id: int | None, keepalive_seconds: float
    ) -> Iterator[str]:
        """Yield SSE text for one client until the hub closes or the client goes away.

        The first snapshot is sent at once unless ``last_id`` already is the newest sequence
        number (a reconnect that missed nothing).
        """
        with self._cond:
            self._listeners[channel] = self._listeners.get(channel, 0) + 1
        try:
            yield f"retry: {RETRY_MS}\n\n"
            with self._cond:
                # A reconnect that already has the newest sequence number missed nothing.
                sent = self._generation if last_id is not None and last_id == self._seq else -1
            while True:
                with self._cond:
                    if self._closed:
                        return
                    if self._generation == sent:
                        self._cond.wait(keepalive_seconds)
                    if self._closed:
                        return
                    moved = self._generation != sent
                if moved:
                    sent, frame = self._current(channel)
                    yield frame
                else:
                    yield ": keepalive\n\n"
        finally:
            with self._cond:
                self._listeners[channel] -= 1
