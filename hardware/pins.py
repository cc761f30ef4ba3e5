"""The panel's pin map: which BCM GPIO number every button, light and the buzzer use.

The defaults below are the wiring documented in ``docs/hardware.md`` and drawn in
``docs/wiring.svg``. A table's configuration file may override any of them in its
``[pins]`` table; :meth:`PinMap.from_dict` validates that table and names the offending key
in every error.

>>> PinMap.from_dict({"fold": 12, "seat_lights": [4, 16]}).fold
12
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any


class ButtonName(StrEnum):
    """The panel's push buttons; the value is the key used in the pin map and in events."""

    FOLD = "fold"
    CHECK_CALL = "check_call"
    BET_RAISE = "bet_raise"
    ALL_IN = "all_in"
    UNDO = "undo"
    OK_NEXT = "ok_next"
    DIAL = "encoder_push"

    @property
    def label(self) -> str:
        """The text printed on the button."""
        return _LABELS[self]


_LABELS = {
    ButtonName.FOLD: "FOLD",
    ButtonName.CHECK_CALL: "CHECK/CALL",
    ButtonName.BET_RAISE: "BET/RAISE",
    ButtonName.ALL_IN: "ALL-IN",
    ButtonName.UNDO: "UNDO",
    ButtonName.OK_NEXT: "OK/NEXT",
    ButtonName.DIAL: "DIAL PUSH",
}

MAX_SEATS = 10
"""At most this many seat lights (a 10-max table)."""

HEADER_GPIOS = range(0, 28)
"""BCM numbers present on the Raspberry Pi's 40-pin header."""

RESERVED_GPIOS = {
    0: "the HAT ID EEPROM (ID_SD)",
    1: "the HAT ID EEPROM (ID_SC)",
    2: "the I2C display (SDA)",
    3: "the I2C display (SCL)",
}
"""Header pins the panel never uses, with the reason shown in error messages."""

DEFAULT_SEAT_LIGHTS = (4, 12, 16, 20, 23, 24, 25, 8, 7, 11)


class PinMapError(ValueError):
    """A ``[pins]`` table that cannot be wired; the message names the key."""


@dataclass(frozen=True)
class PinMap:
    """BCM GPIO numbers of every panel device.

    Buttons and the encoder are wired between the GPIO and ground (the internal pull-up is
    used, pressed reads low). Seat lights are LEDs with a series resistor from the GPIO to
    ground (active high). The buzzer is an active buzzer (or a passive one on a PWM pin,
    see :class:`hardware.settings.PanelSettings`) driven through a transistor.

    :param fold: FOLD button (default BCM 5).
    :param check_call: CHECK/CALL button (default BCM 6).
    :param bet_raise: BET/RAISE button (default BCM 13).
    :param all_in: ALL-IN button (default BCM 19).
    :param undo: UNDO button (default BCM 26).
    :param ok_next: OK/NEXT button (default BCM 21).
    :param encoder_a: rotary encoder output A (default BCM 17).
    :param encoder_b: rotary encoder output B (default BCM 27).
    :param encoder_push: the encoder's push switch (default BCM 22).
    :param buzzer: buzzer (default BCM 18, hardware PWM0, so a passive buzzer works too).
    :param seat_lights: one LED per seat, seat 1 first; 1 to 10 entries
        (default BCM 4, 12, 16, 20, 23, 24, 25, 8, 7, 11).
    """

    fold: int = 5
    check_call: int = 6
    bet_raise: int = 13
    all_in: int = 19
    undo: int = 26
    ok_next: int = 21
    encoder_a: int = 17
    encoder_b: int = 27
    encoder_push: int = 22
    buzzer: int = 18
    seat_lights: tuple[int, ...] = field(default=DEFAULT_SEAT_LIGHTS)

    def __post_init__(self) -> None:
        self._validate()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PinMap:
        """Build a pin map from a ``[pins]`` table; missing keys keep their defaults.

        Raises :class:`PinMapError` naming the key for an unknown key, a value that is not
        a whole BCM number on the header, a reserved pin, a pin used twice, or a seat-light
        list that is empty or longer than 10.
        """
        if not isinstance(data, Mapping):
            raise PinMapError(f"pins: expected a table of pin numbers, got {data!r}")
        known = [f.name for f in fields(cls)]
        for key in data:
            if key not in known:
                raise PinMapError(f"pins.{key}: unknown key; known keys: {', '.join(known)}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "seat_lights":
                values[key] = _seat_light_list(value)
            else:
                values[key] = _bcm_number(f"pins.{key}", value)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The map as a ``[pins]`` table (the inverse of :meth:`from_dict`)."""
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["seat_lights"] = list(self.seat_lights)
        return data

    def button_pin(self, button: ButtonName) -> int:
        """The BCM number wired to ``button``."""
        return int(getattr(self, button.value))

    def uses(self) -> list[tuple[str, int]]:
        """Every (key, BCM number) pair, seat lights as ``seat_lights[N]`` with N from 1."""
        pairs = [(f.name, getattr(self, f.name)) for f in fields(self) if f.name != "seat_lights"]
        pairs += [(f"seat_lights[{i}]", pin) for i, pin in enumerate(self.seat_lights, start=1)]
        return pairs

    @property
    def seats(self) -> int:
        """How many seat lights are wired."""
        return len(self.seat_lights)

    def _validate(self) -> None:
        seat_lights = _seat_light_list(self.seat_lights)
        object.__setattr__(self, "seat_lights", seat_lights)
        owner: dict[int, str] = {}
        for key, pin in self.uses():
            _bcm_number(f"pins.{key}", pin)
            if pin in owner:
                raise PinMapError(f"pins.{key}: BCM {pin} is already used by pins.{owner[pin]}")
            owner[pin] = key


def _bcm_number(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PinMapError(f"{key}: expected a BCM GPIO number (4-27), got {value!r}")
    if value not in HEADER_GPIOS:
        raise PinMapError(f"{key}: BCM {value} is not on the 40-pin header (GPIO 0-27)")
    if value in RESERVED_GPIOS:
        raise PinMapError(f"{key}: BCM {value} is reserved for {RESERVED_GPIOS[value]}")
    return value


def _seat_light_list(value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise PinMapError(f"pins.seat_lights: expected a list of BCM numbers, got {value!r}")
    if not 1 <= len(value) <= MAX_SEATS:
        raise PinMapError(
            f"pins.seat_lights: expected 1 to {MAX_SEATS} seat lights, got {len(value)}"
        )
    return tuple(
        _bcm_number(f"pins.seat_lights[{i}]", pin) for i, pin in enumerate(value, start=1)
    )
