"""Pin factory choice and the virtual panel's public surface."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.factory import choose_pin_factory, is_raspberry_pi
from hardware.panel import Panel
from hardware.pins import ButtonName
from hardware.virtual import VirtualPanel, button_named


def test_raspberry_pi_is_recognised_from_the_device_tree(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert is_raspberry_pi(model)
    model.write_text("QEMU Virtual Machine\x00")
    assert not is_raspberry_pi(model)
    assert not is_raspberry_pi(tmp_path / "absent")


def test_mock_is_chosen_on_request_and_off_a_pi() -> None:
    factory, name = choose_pin_factory("mock")
    assert (type(factory), name) == (MockFactory, "mock")
    if not is_raspberry_pi():
        assert choose_pin_factory("auto")[1] == "mock"
    with pytest.raises(ValueError, match="pin factory must be auto, lgpio or mock, got 'rpigpio'"):
        choose_pin_factory("rpigpio")


@pytest.mark.parametrize("name", ["all_in", "ALL-IN", "ALL_IN", ButtonName.ALL_IN])
def test_buttons_are_named_by_value_label_or_enum(name: str) -> None:
    assert button_named(name) is ButtonName.ALL_IN


def test_unknown_button_name_lists_the_buttons() -> None:
    with pytest.raises(ValueError, match="no button 'raise' on the panel; buttons: fold, check_call"):
        button_named("raise")


def test_state_reports_display_lights_buzzer_and_pressed(
    panel: Panel, virtual: VirtualPanel
) -> None:
    panel.display.show(["Action on seat 6"])
    panel.lights.steady([6])
    panel.buzzer.play("refuse")
    virtual.down("undo")
    assert virtual.state() == {
        "display": ["Action on seat 6"],
        "lights": {"mode": "steady", "seats": [6], "lit": [6]},
        "buzzer": {"sounding": True, "played": ["refuse"], "count": 1},
        "pressed": ["undo"],
    }


def test_runner_thread_delivers_events_from_a_real_clock(factory: MockFactory) -> None:
    import queue

    received: queue.SimpleQueue = queue.SimpleQueue()
    with Panel(pin_factory=factory) as panel:
        panel.start(lambda events: [received.put(e) for e in events])
        with pytest.raises(RuntimeError, match="already running"):
            panel.start(print)
        VirtualPanel(panel).click("ok_next")
        event = received.get(timeout=2.0)
        panel.stop()
    assert event.button is ButtonName.OK_NEXT


def test_a_panel_that_fails_to_open_releases_the_pins_it_took(factory: MockFactory) -> None:
    from gpiozero import LED
    from gpiozero.exc import GPIOPinInUse

    from hardware.pins import PinMap

    blocker = LED(11, pin_factory=factory)  # seat 10's pin is taken
    with pytest.raises(GPIOPinInUse):
        Panel(PinMap(), pin_factory=factory)
    blocker.close()
    with Panel(PinMap(), pin_factory=factory) as panel:  # every pin is free again
        assert panel.lights.seats == 10


def test_closing_twice_is_harmless(factory: MockFactory) -> None:
    panel = Panel(pin_factory=factory)
    panel.close()
    panel.close()
