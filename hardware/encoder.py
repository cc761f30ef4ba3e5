"""The amount dial: a quadrature rotary encoder with acceleration (its push switch is a button).

Decoding is gpiozero's :class:`~gpiozero.RotaryEncoder` (its state machine tolerates contact
wiggle); this module adds the speed-dependent step size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gpiozero import RotaryEncoder
from gpiozero.pins import Factory

from hardware.clock import Clock
from hardware.events import Turn

DEFAULT_ACCELERATION: tuple[tuple[float, int], ...] = ((0.025, 10), (0.050, 5), (0.100, 2))
"""(faster than this many seconds since the previous detent, steps per detent), fastest first.
Slower than the last entry, or after a change of direction, a detent is one step."""


class Acceleration:
    """One job: how many steps a detent is worth, from the time since the previous one.

    >>> acc = Acceleration()
    >>> [acc.steps(+1, t) for t in (0.0, 0.5, 0.58, 0.62, 0.64)]
    [1, 1, 2, 5, 10]
    >>> acc.steps(-1, 0.65)
    -1
    """

    def __init__(self, table: Sequence[tuple[float, int]] = DEFAULT_ACCELERATION) -> None:
        self._table = sorted(table)
        self._last: tuple[int, float] | None = None

    def steps(self, detents: int, at: float) -> int:
        """Steps for one detent in direction ``detents`` (+1 or -1) at time ``at``."""
        factor = 1
        if self._last is not None and self._last[0] == detents:
            interval = at - self._last[1]
            for limit, multiplier in self._table:
                if interval < limit:
                    factor = multiplier
                    break
        self._last = (detents, at)
        return detents * factor


class DialEncoder:
    """A rotary encoder on pins ``a`` and ``b`` that reports :class:`Turn` events.

    :param a: BCM number of output A.
    :param b: BCM number of output B.
    :param clock: the time source used for acceleration.
    :param emit: receives one :class:`Turn` per detent.
    :param pin_factory: gpiozero pin factory.
    :param acceleration: see :data:`DEFAULT_ACCELERATION`.
    """

    def __init__(
        self,
        a: int,
        b: int,
        clock: Clock,
        emit: Callable[[Turn], None],
        pin_factory: Factory,
        acceleration: Sequence[tuple[float, int]] = DEFAULT_ACCELERATION,
    ) -> None:
        self._clock = clock
        self._emit = emit
        self._acceleration = Acceleration(acceleration)
        self.device = RotaryEncoder(a, b, max_steps=0, pin_factory=pin_factory)
        self.device.when_rotated_clockwise = self._clockwise
        self.device.when_rotated_counter_clockwise = self._counter_clockwise

    def _clockwise(self) -> None:
        self._detent(+1)

    def _counter_clockwise(self) -> None:
        self._detent(-1)

    def _detent(self, direction: int) -> None:
        now = self._clock.now()
        self._emit(Turn(direction, self._acceleration.steps(direction, now), now))

    def close(self) -> None:
        """Release the pins."""
        self.device.close()
