"""Panel settings from a [panel] table."""

from __future__ import annotations

import pytest

from hardware.settings import PanelSettings, PanelSettingsError


def test_defaults() -> None:
    settings = PanelSettings()
    assert (settings.debounce, settings.hold_time) == (0.020, 1.0)
    assert (settings.buzzer, settings.display, settings.display_address) == ("active", "none", 0x3C)


def test_from_dict_converts_milliseconds() -> None:
    settings = PanelSettings.from_dict(
        {"debounce_ms": 10, "hold_ms": 800, "buzzer": "passive", "display": "sh1106",
         "display_address": 0x3D, "i2c_port": 0}
    )
    assert settings == PanelSettings(0.010, 0.8, "passive", "sh1106", 0x3D, 0)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"hold": 1}, "panel.hold: unknown key; known keys: debounce_ms, hold_ms,"),
        ({"debounce_ms": 1.5}, "panel.debounce_ms: expected a whole number, got 1.5"),
        ({"debounce_ms": 500}, "panel.debounce_ms: expected 0 to 200 ms, got 500"),
        ({"hold_ms": 10}, "panel.hold_ms: expected more than the debounce time and at most 10000 ms, got 10"),
        ({"buzzer": "loud"}, "panel.buzzer: expected one of active, passive, got 'loud'"),
        ({"display": 1306}, "panel.display: expected text, got 1306"),
        ({"display": "lcd"}, "panel.display: expected one of none, ssd1306, sh1106, got 'lcd'"),
        ({"display_address": 0x80}, "panel.display_address: expected a 7-bit I2C address 0x03-0x77, got 128"),
    ],
)
def test_bad_values_are_refused_naming_the_key(table: dict, message: str) -> None:
    with pytest.raises(PanelSettingsError) as error:
        PanelSettings.from_dict(table)
    assert str(error.value).startswith(message)
