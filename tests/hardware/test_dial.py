"""The amount dial: quadrature decoding on MockFactory pins and speed-dependent steps."""

from __future__ import annotations

from hardware.encoder import Acceleration
from hardware.events import Click, Turn
from hardware.panel import Panel
from hardware.pins import ButtonName
from hardware.virtual import VirtualPanel


def test_slow_turns_are_one_step_per_detent_each_way(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.turn(3, interval=0.3)
    virtual.turn(-2, interval=0.3)
    assert [(e.detents, e.steps) for e in panel.poll()] == [
        (1, 1), (1, 1), (1, 1), (-1, -1), (-1, -1),
    ]


def test_fast_turns_accelerate(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.turn(1, interval=0.3)
    virtual.turn(2, interval=0.08)
    virtual.turn(2, interval=0.04)
    virtual.turn(2, interval=0.01)
    virtual.turn(1, interval=0.5)
    assert [e.steps for e in panel.poll()] == [1, 2, 2, 5, 5, 10, 10, 1]


def test_a_change_of_direction_is_never_accelerated(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.turn(3, interval=0.01)
    virtual.turn(-1, interval=0.01)
    assert [e.steps for e in panel.poll()] == [1, 10, 10, -1]


def test_turn_events_carry_the_clock_time(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.turn(1, interval=0.25)
    (event,) = panel.poll()
    assert isinstance(event, Turn)
    assert event.at == panel.clock.now()


def test_contact_wiggle_inside_a_detent_counts_nothing(panel: Panel, factory) -> None:  # type: ignore[no-untyped-def]
    a, b = factory.pin(panel.pins.encoder_a), factory.pin(panel.pins.encoder_b)
    a.drive_low()
    a.drive_high()
    a.drive_low()
    b.drive_low()
    b.drive_high()
    b.drive_low()
    a.drive_high()
    b.drive_high()
    assert [e.detents for e in panel.poll()] == [1]


def test_dial_push_is_a_button(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.push_dial()
    assert [type(e) for e in panel.poll()] == [Click]
    virtual.hold(ButtonName.DIAL)
    assert [e.button for e in panel.poll()] == [ButtonName.DIAL]


def test_acceleration_table_boundaries() -> None:
    acc = Acceleration(((0.025, 10), (0.050, 5), (0.100, 2)))
    times = [0.0, 0.1, 0.199, 0.248, 0.272, 0.4]
    assert [acc.steps(1, t) for t in times] == [1, 1, 2, 5, 10, 1]
