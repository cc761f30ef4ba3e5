"""One action light per seat: steady, flashing together, or a chase in a given order."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gpiozero import LED
from gpiozero.pins import Factory

from hardware.clock import Clock
from hardware.patterns import Pattern, delayed, on_off

FLASH = on_off(0.1, 0.1, loop=True)
"""Fast flash, all given seats together (5 Hz)."""
CHASE_STEP = 0.4
"""Seconds per seat in a chase; each seat is lit for :data:`CHASE_ON` of it."""
CHASE_ON = 0.3
CHASE_PAUSE = 0.8
"""Dark pause after the last seat of a chase before it starts again."""


@dataclass(frozen=True)
class LightsState:
    """What the seat lights are showing.

    ``mode`` is ``"off"``, ``"steady"`` (the seats are lit), ``"flash"`` (the seats flash
    together) or ``"chase"`` (the seats light one after another in the listed order, then a
    pause, repeated). ``seats`` are seat numbers from 1.
    """

    mode: str
    seats: tuple[int, ...]


class SeatLights:
    """LEDs for seats 1..N on the given pins; patterns advance in :meth:`update`.

    Thread-safe: the controller may set a pattern while the panel thread updates.

    :param pins: BCM numbers, seat 1 first.
    :param clock: the time source for flashing and chasing.
    :param pin_factory: gpiozero pin factory.
    """

    def __init__(self, pins: Sequence[int], clock: Clock, pin_factory: Factory) -> None:
        self._clock = clock
        self._leds = [LED(pin, pin_factory=pin_factory) for pin in pins]
        self._state = LightsState("off", ())
        self._patterns: dict[int, Pattern[bool]] = {}
        self._started = clock.now()
        self._lock = threading.RLock()

    @property
    def seats(self) -> int:
        """Number of seat lights."""
        return len(self._leds)

    @property
    def state(self) -> LightsState:
        """The current mode and seats."""
        return self._state

    def levels(self) -> tuple[bool, ...]:
        """Whether each LED is lit right now, seat 1 first (read back from the pins)."""
        return tuple(bool(led.value) for led in self._leds)

    def lit(self) -> tuple[int, ...]:
        """Seat numbers lit right now."""
        return tuple(seat for seat, level in enumerate(self.levels(), start=1) if level)

    def off(self) -> None:
        """All lights off."""
        self._show("off", (), {})

    def steady(self, seats: Iterable[int]) -> None:
        """Light ``seats`` steadily, all others off."""
        chosen = self._check(seats)
        self._show("steady", chosen, {seat: on_off(1.0, loop=True) for seat in chosen})

    def flash(self, seats: Iterable[int]) -> None:
        """Flash ``seats`` together, fast; all others off."""
        chosen = self._check(seats)
        self._show("flash", chosen, {seat: FLASH for seat in chosen})

    def chase(self, order: Iterable[int]) -> None:
        """Light the seats one after another in ``order``, pause, repeat; others off."""
        chosen = self._check(order)
        cycle = len(chosen) * CHASE_STEP + CHASE_PAUSE
        lit = on_off(CHASE_ON)
        patterns = {
            seat: delayed(lit, index * CHASE_STEP, cycle) for index, seat in enumerate(chosen)
        }
        self._show("chase", chosen, patterns)

    def update(self) -> None:
        """Set every LED to its pattern's level now."""
        with self._lock:
            elapsed = self._clock.now() - self._started
            for seat, led in enumerate(self._leds, start=1):
                pattern = self._patterns.get(seat)
                level = pattern.level_at(elapsed, False) if pattern else False
                if bool(led.value) != level:
                    led.value = level

    def close(self) -> None:
        """Switch off and release the pins."""
        for led in self._leds:
            led.close()

    def _check(self, seats: Iterable[int]) -> tuple[int, ...]:
        chosen = tuple(seats)
        for seat in chosen:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.seats:
                raise ValueError(f"no light for seat {seat!r}: seats 1 to {self.seats} are wired")
        if len(set(chosen)) != len(chosen):
            raise ValueError(f"seat listed twice: {list(chosen)}")
        return chosen

    def _show(self, mode: str, seats: tuple[int, ...], patterns: dict[int, Pattern[bool]]) -> None:
        with self._lock:
            if LightsState(mode, seats) == self._state:
                return
            self._state = LightsState(mode, seats)
            self._patterns = patterns
            self._started = self._clock.now()
            self.update()
