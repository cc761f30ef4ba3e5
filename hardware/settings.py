"""Panel behaviour settings (timings, buzzer and display type), loadable from a ``[panel]`` table.

>>> PanelSettings.from_dict({"hold_ms": 800}).hold_time
0.8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

BUZZER_KINDS = ("active", "passive")
DISPLAY_KINDS = ("none", "ssd1306", "sh1106")
_MILLISECOND_KEYS = {"debounce_ms": "debounce", "hold_ms": "hold_time"}


class PanelSettingsError(ValueError):
    """A ``[panel]`` table with a bad value; the message names the key."""


@dataclass(frozen=True)
class PanelSettings:
    """How the panel reads its inputs and drives its outputs.

    :param debounce: seconds after an accepted edge during which a button's further edges
        are ignored (``debounce_ms`` in the table, default 20 ms). One physical press, however
        much its contacts bounce, is one press.
    :param hold_time: seconds a button must stay down to count as a long press
        (``hold_ms``, default 1000 ms).
    :param buzzer: ``"active"`` (a buzzer with its own oscillator, switched on and off) or
        ``"passive"`` (a piezo driven with tones over PWM); default ``"active"``.
    :param display: ``"none"`` (default), ``"ssd1306"`` or ``"sh1106"``: a 128x64 I2C OLED
        driven by the optional ``luma.oled`` package.
    :param display_address: the display's I2C address (default ``0x3C``).
    :param i2c_port: the I2C bus number (default 1, header pins 3 and 5).
    """

    debounce: float = 0.020
    hold_time: float = 1.0
    buzzer: str = "active"
    display: str = "none"
    display_address: int = 0x3C
    i2c_port: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.debounce <= 0.2:
            raise PanelSettingsError(
                f"panel.debounce_ms: expected 0 to 200 ms, got {self.debounce * 1000:g}"
            )
        if not self.debounce < self.hold_time <= 10:
            raise PanelSettingsError(
                f"panel.hold_ms: expected more than the debounce time and at most 10000 ms, "
                f"got {self.hold_time * 1000:g}"
            )
        if self.buzzer not in BUZZER_KINDS:
            raise PanelSettingsError(
                f"panel.buzzer: expected one of {', '.join(BUZZER_KINDS)}, got {self.buzzer!r}"
            )
        if self.display not in DISPLAY_KINDS:
            raise PanelSettingsError(
                f"panel.display: expected one of {', '.join(DISPLAY_KINDS)}, got {self.display!r}"
            )
        if not 0x03 <= self.display_address <= 0x77:
            raise PanelSettingsError(
                f"panel.display_address: expected a 7-bit I2C address 0x03-0x77, "
                f"got {self.display_address!r}"
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PanelSettings:
        """Build settings from a ``[panel]`` table with keys ``debounce_ms``, ``hold_ms``,
        ``buzzer``, ``display``, ``display_address`` and ``i2c_port``; missing keys keep
        their defaults."""
        if not isinstance(data, Mapping):
            raise PanelSettingsError(f"panel: expected a table, got {data!r}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key in _MILLISECOND_KEYS:
                values[_MILLISECOND_KEYS[key]] = _whole(key, value) / 1000
            elif key in ("buzzer", "display"):
                if not isinstance(value, str):
                    raise PanelSettingsError(f"panel.{key}: expected text, got {value!r}")
                values[key] = value
            elif key in ("display_address", "i2c_port"):
                values[key] = _whole(key, value)
            else:
                raise PanelSettingsError(
                    f"panel.{key}: unknown key; known keys: debounce_ms, hold_ms, buzzer, "
                    f"display, display_address, i2c_port"
                )
        return cls(**values)


def _whole(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PanelSettingsError(f"panel.{key}: expected a whole number, got {value!r}")
    return value
