"""The dealer display: text kept for mirrors, rendered by luma on its dummy device."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy

from hardware.clock import ManualClock
from hardware.display import COLUMNS, DisplayUnavailable, PanelDisplay, open_oled
from hardware.panel import Panel
from hardware.settings import PanelSettings


def test_text_is_word_wrapped_to_21_columns_and_4_rows() -> None:
    display = PanelDisplay()
    display.show(["REFUSED", "Minimum raise is to EUR 1.00", "Action on seat 6", "extra", "more"])
    assert display.lines == ("REFUSED", "Minimum raise is to", "EUR 1.00", "Action on seat 6")
    assert all(len(line) <= COLUMNS for line in display.lines)


def test_text_is_rendered_on_a_luma_device() -> None:
    device = dummy(width=128, height=64, mode="1")
    display = PanelDisplay(device)
    display.show(["Action on seat 6"])
    first = device.image.copy()
    box = first.getbbox()
    assert box is not None and box[1] < 16 and box[3] <= 16
    display.show(["Action on seat 6", "Raise to EUR 1.00"])
    second_box = device.image.getbbox()
    assert second_box is not None and 16 <= second_box[3] <= 32
    display.clear()
    assert device.image.getbbox() is None
    assert display.lines == ()


def test_panel_uses_a_given_luma_device(factory: MockFactory, clock: ManualClock) -> None:
    device = dummy(width=128, height=64, mode="1")
    with Panel(pin_factory=factory, clock=clock, display_device=device) as panel:
        panel.display.show(["Shuffle"])
        assert device.image.getbbox() is not None


@pytest.mark.skipif(Path("/dev/i2c-1").exists(), reason="a real I2C bus is present")
def test_missing_oled_gives_a_message_a_technician_can_act_on() -> None:
    with pytest.raises(DisplayUnavailable) as error:
        open_oled("ssd1306", port=1, address=0x3C)
    message = str(error.value)
    assert message.startswith("no ssd1306 display at I2C bus 1 address 0x3c: ")
    assert "is I2C enabled in raspi-config" in message


def test_panel_configured_with_an_absent_oled_refuses_to_start(
    factory: MockFactory, clock: ManualClock
) -> None:
    if Path("/dev/i2c-7").exists():
        pytest.skip("bus 7 exists here")
    with pytest.raises(DisplayUnavailable, match="no sh1106 display at I2C bus 7 address 0x3d"):
        Panel(
            settings=PanelSettings(display="sh1106", i2c_port=7, display_address=0x3D),
            pin_factory=factory, clock=clock,
        )


def test_unknown_display_kind() -> None:
    with pytest.raises(DisplayUnavailable, match="unknown display kind 'lcd'"):
        open_oled("lcd")
