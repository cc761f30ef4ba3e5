"""One job: turn a bouncing contact into clean press/release transitions.

gpiozero's mock pin factory ignores ``bounce_time`` (and on a Pi the kernel's debounce
depends on the back end), so the panel debounces itself, against an injected clock:

* the first edge seen while the input is settled is accepted at once (no added latency);
* every further edge within ``debounce`` seconds is ignored;
* when the window is over, :meth:`DebouncedInput.update` (or the next edge) compares the
  settled state with the pin's real level and reports the difference, so a contact that
  bounced back open inside the window is still released.

Ten toggles within 5 ms therefore give exactly one press and one release.
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.clock import Clock

Transition = Callable[[bool, float], None]
"""Called with (pressed, time) for each accepted change."""


class DebouncedInput:
    """Debounce one contact.

    :param read: returns ``True`` while the contact is closed (button pressed).
    :param clock: the time source.
    :param debounce: seconds of lock-out after an accepted edge.
    :param on_change: called with ``(pressed, time)`` for each accepted transition.
    """

    def __init__(
        self, read: Callable[[], bool], clock: Clock, debounce: float, on_change: Transition
    ) -> None:
        self._read = read
        self._clock = clock
        self._debounce = debounce
        self._on_change = on_change
        self._pressed = bool(read())
        self._quiet_after = float("-inf")

    @property
    def pressed(self) -> bool:
        """The debounced state."""
        return self._pressed

    def edge(self) -> None:
        """Call on every raw edge of the pin (from the pin's callback)."""
        self._settle(self._clock.now())

    def update(self) -> None:
        """Call regularly: reports a change that happened inside the last lock-out window."""
        self._settle(self._clock.now())

    def _settle(self, now: float) -> None:
        if now < self._quiet_after:
            return
        level = bool(self._read())
        if level != self._pressed:
            self._pressed = level
            self._quiet_after = now + self._debounce
            self._on_change(level, now)
