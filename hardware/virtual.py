"""A virtual panel: presses buttons and turns the dial by driving MockFactory pins.

The dealer console's on-screen panel, ``dealer-app demo`` and the tests all go through
this class, so they exercise the real input layer (debounce, gestures, encoder decoding)
rather than a shortcut. It never consumes events: whoever polls the :class:`Panel` (the
panel controller) sees the presses exactly as if they came from real switches.

>>> from hardware.clock import ManualClock
>>> from hardware.factory import mock_factory
>>> panel = Panel(pin_factory=mock_factory(), clock=ManualClock())
>>> virtual = VirtualPanel(panel)
>>> virtual.click("check_call")
>>> virtual.turn(2)
>>> [type(event).__name__ for event in panel.poll()]
['Click', 'Turn', 'Turn']
>>> panel.close()
"""

from __future__ import annotations

from typing import Any

from gpiozero.pins.mock import MockPin

from hardware.panel import Panel
from hardware.pins import ButtonName

CLICK_SECONDS = 0.08
"""How long :meth:`VirtualPanel.click` keeps a button down."""
HOLD_MARGIN = 0.1
""":meth:`VirtualPanel.hold` keeps a button down this much longer than the hold time."""


def button_named(name: ButtonName | str) -> ButtonName:
    """``name`` as a :class:`ButtonName`: accepts the enum, its value (``"check_call"``) or
    its label (``"CHECK/CALL"``)."""
    if isinstance(name, ButtonName):
        return name
    for button in ButtonName:
        if name in (button.value, button.label, button.name):
            return button
    known = ", ".join(button.value for button in ButtonName)
    raise ValueError(f"no button {name!r} on the panel; buttons: {known}")


class VirtualPanel:
    """Drive a :class:`Panel` built on a MockFactory.

    Every method that takes time sleeps on the panel's clock (a :class:`ManualClock` just
    moves forward) and calls :meth:`Panel.update` after each step, as the runner would.
    """

    def __init__(self, panel: Panel) -> None:
        self.panel = panel
        for _, pin in panel.pins.uses():
            if not isinstance(panel.pin_factory.pin(pin), MockPin):
                raise TypeError("a virtual panel drives MockFactory pins only")

    def _pin(self, bcm: int) -> MockPin:
        pin = self.panel.pin_factory.pin(bcm)
        assert isinstance(pin, MockPin)
        return pin

    def _wait(self, seconds: float) -> None:
        self.panel.clock.sleep(seconds)
        self.panel.update()

    def down(self, button: ButtonName | str) -> None:
        """Close the contact of ``button`` (press it and keep it down)."""
        self._pin(self.panel.pins.button_pin(button_named(button))).drive_low()

    def up(self, button: ButtonName | str) -> None:
        """Open the contact of ``button`` (let go)."""
        self._pin(self.panel.pins.button_pin(button_named(button))).drive_high()

    def click(self, button: ButtonName | str, seconds: float = CLICK_SECONDS) -> None:
        """Press ``button`` for ``seconds`` and let go, then wait out the debounce time."""
        self.down(button)
        self._wait(seconds)
        self.up(button)
        self._wait(self.panel.settings.debounce)

    def hold(self, button: ButtonName | str, seconds: float | None = None) -> None:
        """Keep ``button`` down for ``seconds`` (default: the hold time plus 0.1 s), let go."""
        if seconds is None:
            seconds = self.panel.settings.hold_time + HOLD_MARGIN
        self.click(button, seconds)

    def chord(self, *buttons: ButtonName | str, seconds: float = CLICK_SECONDS) -> None:
        """Press ``buttons`` one after another (5 ms apart), hold, release them all."""
        for button in buttons:
            self.down(button)
            self._wait(0.005)
        self._wait(seconds)
        for button in buttons:
            self.up(button)
            self._wait(0.005)
        self._wait(self.panel.settings.debounce)

    def bounce(self, button: ButtonName | str, toggles: int = 10, within: float = 0.005) -> None:
        """Toggle the contact of ``button`` ``toggles`` times, evenly spread over ``within``
        seconds, starting from open (a worn switch tapped once), then wait out the debounce
        time. An odd count leaves the button down."""
        pin = self._pin(self.panel.pins.button_pin(button_named(button)))
        for toggle in range(toggles):
            pin.drive_low() if toggle % 2 == 0 else pin.drive_high()
            self._wait(within / toggles)
        self._wait(self.panel.settings.debounce)

    def turn(self, detents: int, interval: float = 0.2) -> None:
        """Turn the dial ``detents`` clicks (positive: clockwise), one every ``interval`` s."""
        a = self._pin(self.panel.pins.encoder_a)
        b = self._pin(self.panel.pins.encoder_b)
        first, second = (a, b) if detents > 0 else (b, a)
        for _ in range(abs(detents)):
            self._wait(interval)
            first.drive_low()
            second.drive_low()
            first.drive_high()
            second.drive_high()

    def push_dial(self) -> None:
        """Click the dial's push switch."""
        self.click(ButtonName.DIAL)

    def state(self) -> dict[str, Any]:
        """What a person at the panel would see and hear, as JSON-ready data::

            {"display": ["Seat 3 to act", ...],
             "lights": {"mode": "steady", "seats": [3], "lit": [3]},
             "buzzer": {"sounding": False, "played": ["accept", "refuse"],
                        "count": 2},
             "pressed": ["fold"]}
        """
        panel = self.panel
        with panel.lock:
            lights = panel.lights.state
            return {
                "display": list(panel.display.lines),
                "lights": {
                    "mode": lights.mode,
                    "seats": list(lights.seats),
                    "lit": list(panel.lights.lit()),
                },
                "buzzer": {
                    "sounding": panel.buzzer.sounding is not None,
                    "played": list(panel.buzzer.played),
                    "count": panel.buzzer.count,
                },
                "pressed": sorted(button.value for button in panel.pressed()),
            }
