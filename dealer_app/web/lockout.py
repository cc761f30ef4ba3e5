"""Lock a client out after too many wrong PINs or passwords in a row.

Counted per client address, so one guessing phone does not lock the dealer's tablet out.
The clock is injected so tests need not wait.

>>> now = [0.0]
>>> guard = LockOut(attempts=2, seconds=60, clock=lambda: now[0])
>>> guard.failed("10.0.0.7"); guard.failed("10.0.0.7")
>>> guard.locked_for("10.0.0.7")
60
>>> now[0] = 61.0
>>> guard.locked_for("10.0.0.7")
0
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable


class LockOut:
    """Counts failed sign-ins per client.

    Parameters:
        attempts: wrong answers in a row that start a lock-out.
        seconds: length of the lock-out.
        clock: returns the current time in seconds (``time.monotonic`` by default).
    """

    def __init__(
        self, attempts: int, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.attempts = attempts
        self.seconds = seconds
        self._clock = clock
        self._failures: dict[str, int] = {}
        self._locked_until: dict[str, float] = {}
        self._lock = threading.Lock()

    def locked_for(self, client: str) -> int:
        """Whole seconds ``client`` must still wait (0 when it may try)."""
        with self._lock:
            until = self._locked_until.get(client)
            if until is None:
                return 0
            remaining = until - self._clock()
            if remaining <= 0:
                del self._locked_until[client]
                return 0
            return math.ceil(remaining)

    def failed(self, client: str) -> None:
        """Record one wrong answer; the last allowed one starts the lock-out."""
        with self._lock:
            count = self._failures.get(client, 0) + 1
            if count >= self.attempts:
                self._locked_until[client] = self._clock() + self.seconds
                count = 0
            self._failures[client] = count

    def succeeded(self, client: str) -> None:
        """Forget the client's wrong answers after a right one."""
        with self._lock:
            self._failures.pop(client, None)
