"""The dealer panel as one device: buttons, dial, seat lights, buzzer and display.

It reports plain facts (:mod:`hardware.events`) and shows what it is told; it knows no
poker. Pin callbacks only record; everything time-based happens in :meth:`Panel.update`,
which a runner thread (:meth:`Panel.start`) or a test calls.

>>> from hardware.clock import ManualClock
>>> from hardware.factory import mock_factory
>>> panel = Panel(pin_factory=mock_factory(), clock=ManualClock())
>>> panel.pin_factory.pin(panel.pins.fold).drive_low()
>>> panel.clock.sleep(0.1)
>>> panel.pin_factory.pin(panel.pins.fold).drive_high()
>>> panel.poll()
[Click(button=<ButtonName.FOLD: 'fold'>, at=0.1)]
>>> panel.close()
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.pins import Factory

from hardware.buzzer import PanelBuzzer
from hardware.clock import Clock, MonotonicClock
from hardware.debounce import DebouncedInput
from hardware.display import PanelDisplay, open_oled
from hardware.encoder import DialEncoder
from hardware.events import PanelEvent
from hardware.gestures import ButtonGestures
from hardware.lights import SeatLights
from hardware.pins import ButtonName, PinMap
from hardware.settings import PanelSettings

UPDATE_INTERVAL = 0.005
"""Seconds between updates in the runner thread."""


class Panel:
    """All panel devices on one pin factory.

    :param pins: the pin map (default: the documented defaults).
    :param settings: timings, buzzer and display kind.
    :param pin_factory: gpiozero pin factory (see :func:`hardware.factory.choose_pin_factory`).
    :param clock: time source for debounce, holds, acceleration and patterns.
    :param display_device: a luma device to use instead of opening the configured OLED
        (``None``: open ``settings.display`` unless it is ``"none"``).
    """

    def __init__(
        self,
        pins: PinMap | None = None,
        settings: PanelSettings | None = None,
        *,
        pin_factory: Factory,
        clock: Clock | None = None,
        display_device: Any | None = None,
    ) -> None:
        self.pins = pins or PinMap()
        self.settings = settings or PanelSettings()
        self.pin_factory = pin_factory
        self.clock = clock or MonotonicClock()
        self.lock = threading.RLock()
        self._events: queue.SimpleQueue[PanelEvent] = queue.SimpleQueue()
        self._runner: threading.Thread | None = None
        self._stop = threading.Event()
        self.gestures = ButtonGestures(self.settings.hold_time, self._events.put)
        self._button_devices: dict[ButtonName, DigitalInputDevice] = {}
        self._debounced: dict[ButtonName, DebouncedInput] = {}
        if display_device is None and self.settings.display != "none":
            display_device = open_oled(
                self.settings.display, self.settings.i2c_port, self.settings.display_address
            )
        self.display = PanelDisplay(display_device)
        self._opened: list[Any] = [self.display]
        try:
            for button in ButtonName:
                self._add_button(button)
            self.dial = DialEncoder(
                self.pins.encoder_a, self.pins.encoder_b, self.clock, self._events.put,
                pin_factory,
            )
            self._opened.append(self.dial)
            self.lights = SeatLights(self.pins.seat_lights, self.clock, pin_factory)
            self._opened.append(self.lights)
            self.buzzer = PanelBuzzer(
                self.pins.buzzer, self.settings.buzzer, self.clock, pin_factory
            )
            self._opened.append(self.buzzer)
        except Exception:
            self._close_opened()
            raise

    def _add_button(self, button: ButtonName) -> None:
        device = DigitalInputDevice(
            self.pins.button_pin(button), pull_up=True, bounce_time=None,
            pin_factory=self.pin_factory,
        )

        def changed(pressed: bool, at: float) -> None:
            self.gestures.change(button, pressed, at)

        debounced = DebouncedInput(
            lambda: bool(device.value), self.clock, self.settings.debounce, changed
        )

        def edge() -> None:
            with self.lock:
                debounced.edge()

        device.when_activated = edge
        device.when_deactivated = edge
        self._button_devices[button] = device
        self._opened.append(device)
        self._debounced[button] = debounced

    def update(self) -> None:
        """Settle bouncing inputs, report due holds, advance light and buzzer patterns."""
        with self.lock:
            for debounced in self._debounced.values():
                debounced.update()
            self.gestures.update(self.clock.now())
            self.lights.update()
            self.buzzer.update()

    def poll(self) -> list[PanelEvent]:
        """:meth:`update`, then return every event reported since the last poll, in order."""
        self.update()
        events: list[PanelEvent] = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    def pressed(self) -> frozenset[ButtonName]:
        """Buttons down right now (debounced)."""
        with self.lock:
            return frozenset(b for b, d in self._debounced.items() if d.pressed)

    def start(self, handler: Callable[[list[PanelEvent]], None]) -> None:
        """Run a thread that polls every :data:`UPDATE_INTERVAL` s and passes events to
        ``handler`` (from that thread). :meth:`stop` ends it."""
        if self._runner is not None:
            raise RuntimeError("the panel is already running")
        self._stop.clear()

        def run() -> None:
            while not self._stop.is_set():
                events = self.poll()
                if events:
                    handler(events)
                self._stop.wait(UPDATE_INTERVAL)

        self._runner = threading.Thread(target=run, name="panel", daemon=True)
        self._runner.start()

    def stop(self) -> None:
        """Stop the runner thread started by :meth:`start` (no-op if not running)."""
        if self._runner is None:
            return
        self._stop.set()
        self._runner.join()
        self._runner = None

    def close(self) -> None:
        """Stop, switch everything off and release every pin."""
        self.stop()
        self._close_opened()

    def _close_opened(self) -> None:
        with self.lock:
            while self._opened:
                self._opened.pop().close()

    def __enter__(self) -> Panel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
