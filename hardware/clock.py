"""Clocks for the panel's input and output timing.

Everything time-dependent in :mod:`hardware` (debounce, long press, encoder acceleration,
blink and beep patterns) reads an injected :class:`Clock`, never ``time`` directly, so the
same code runs on a Pi against :class:`MonotonicClock` and in tests against
:class:`ManualClock`, where time moves only when the test says so.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    """A source of monotonic seconds that can also wait."""

    def now(self) -> float:
        """Return the current time in seconds (monotonic, arbitrary origin)."""
        ...

    def sleep(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        ...


class MonotonicClock:
    """The real clock: :func:`time.monotonic` and :func:`time.sleep`."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class ManualClock:
    """A clock that moves only when told to; :meth:`sleep` advances it at once.

    >>> clock = ManualClock()
    >>> clock.sleep(0.25)
    >>> clock.now()
    0.25
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        """Move the clock forward by ``seconds`` (never backward)."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back ({seconds} s)")
        with self._lock:
            self._now += seconds

    def sleep(self, seconds: float) -> None:
        self.advance(max(0.0, seconds))
