"""Buttons through the real input layer on MockFactory pins: debounce, click, hold, chord."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st
from pytest import approx

from hardware.clock import ManualClock
from hardware.events import Chord, Click, Hold
from hardware.factory import mock_factory
from hardware.panel import Panel
from hardware.pins import ButtonName
from hardware.virtual import VirtualPanel

FOLD = ButtonName.FOLD
UNDO = ButtonName.UNDO


def test_bouncing_button_ten_toggles_within_5ms_gives_exactly_one_click(
    panel: Panel, virtual: VirtualPanel, clock: ManualClock
) -> None:
    virtual.bounce(FOLD, toggles=10, within=0.005)
    clock.advance(1.0)
    assert panel.poll() == [Click(FOLD, at=approx(100.025))]


def test_bounce_on_press_and_on_release_of_a_real_press_is_one_click(
    panel: Panel, factory: MockFactory, clock: ManualClock
) -> None:
    pin = factory.pin(panel.pins.fold)
    for toggle in range(11):  # ends closed
        pin.drive_low() if toggle % 2 == 0 else pin.drive_high()
        clock.advance(0.0005)
    clock.advance(0.15)
    panel.update()
    for toggle in range(9):  # release, bouncing, ends open
        pin.drive_high() if toggle % 2 == 0 else pin.drive_low()
        clock.advance(0.0005)
    clock.advance(0.05)
    events = panel.poll()
    assert events == [Click(FOLD, at=approx(100.1555))]


def test_bounce_is_ignored_even_without_any_update_in_between(
    panel: Panel, factory: MockFactory, clock: ManualClock
) -> None:
    pin = factory.pin(panel.pins.check_call)
    for toggle in range(10):
        pin.drive_low() if toggle % 2 == 0 else pin.drive_high()
    clock.advance(0.5)
    assert panel.poll() == [Click(ButtonName.CHECK_CALL, at=100.5)]


def test_two_presses_further_apart_than_the_debounce_time_are_two_clicks(
    panel: Panel, virtual: VirtualPanel
) -> None:
    virtual.click(FOLD)
    virtual.click(FOLD)
    assert [type(e) for e in panel.poll()] == [Click, Click]


def test_hold_is_reported_once_when_the_time_is_reached_and_release_adds_nothing(
    panel: Panel, virtual: VirtualPanel, clock: ManualClock
) -> None:
    virtual.down(UNDO)
    clock.advance(0.99)
    assert panel.poll() == []
    clock.advance(0.01)
    assert panel.poll() == [Hold(UNDO, at=101.0)]
    clock.advance(3.0)
    assert panel.poll() == []
    virtual.up(UNDO)
    assert panel.poll() == []


def test_hold_is_reported_at_release_when_nobody_polled_during_it(
    panel: Panel, factory: MockFactory, clock: ManualClock
) -> None:
    factory.pin(panel.pins.undo).drive_low()
    clock.advance(1.5)
    factory.pin(panel.pins.undo).drive_high()
    assert panel._events.get_nowait() == Hold(UNDO, at=101.0)


def test_two_long_presses_are_two_holds(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.hold(UNDO)
    virtual.hold(UNDO)
    assert [type(e) for e in panel.poll()] == [Hold, Hold]


def test_two_buttons_at_once_give_one_chord_and_no_click(
    panel: Panel, virtual: VirtualPanel, clock: ManualClock
) -> None:
    virtual.chord(FOLD, ButtonName.ALL_IN)
    assert panel.poll() == [Chord(frozenset({FOLD, ButtonName.ALL_IN}), at=approx(clock.now() - 0.025))]


def test_chord_held_long_gives_no_hold(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.chord(UNDO, ButtonName.OK_NEXT, seconds=3.0)
    events = panel.poll()
    assert events == [Chord(frozenset({UNDO, ButtonName.OK_NEXT}), at=events[0].at)]


def test_hold_already_reported_stays_and_the_later_chord_is_reported(
    panel: Panel, virtual: VirtualPanel, clock: ManualClock
) -> None:
    virtual.down(UNDO)
    clock.advance(1.2)
    assert panel.poll() == [Hold(UNDO, at=101.0)]
    virtual.click(FOLD)
    virtual.up(UNDO)
    assert panel.poll() == [Chord(frozenset({UNDO, FOLD}), at=clock.now())]


def test_overlapping_presses_rolling_from_one_button_to_the_next_are_a_chord(
    panel: Panel, virtual: VirtualPanel
) -> None:
    virtual.down(FOLD)
    virtual.panel.clock.sleep(0.05)
    virtual.down(ButtonName.CHECK_CALL)
    virtual.panel.clock.sleep(0.05)
    virtual.up(FOLD)
    virtual.panel.clock.sleep(0.05)
    assert panel.poll() == []
    virtual.up(ButtonName.CHECK_CALL)
    assert [type(e) for e in panel.poll()] == [Chord]


def test_pressed_reports_buttons_down(panel: Panel, virtual: VirtualPanel) -> None:
    virtual.down(ButtonName.BET_RAISE)
    assert panel.pressed() == {ButtonName.BET_RAISE}
    assert virtual.state()["pressed"] == ["bet_raise"]


@settings(max_examples=60, deadline=None)
@given(
    gaps=st.lists(st.floats(min_value=0.0, max_value=0.0015), min_size=1, max_size=12),
    held=st.floats(min_value=0.03, max_value=0.5),
)
def test_any_burst_of_bounces_inside_the_window_is_one_click(gaps: list[float], held: float) -> None:
    """Property: a contact that chatters for less than the debounce time (here up to 12 edges
    within 18 ms < 20 ms), then rests, then opens cleanly, gives exactly one click."""
    clock = ManualClock()
    with Panel(pin_factory=mock_factory(), clock=clock) as panel:
        pin = panel.pin_factory.pin(panel.pins.fold)
        for index, gap in enumerate(gaps):
            pin.drive_low() if index % 2 == 0 else pin.drive_high()
            clock.advance(gap)
            panel.update()
        clock.advance(held)
        panel.update()
        pin.drive_high()
        clock.advance(0.05)
        assert [type(event) for event in panel.poll()] == [Click]


def test_a_stuck_button_does_not_lock_the_others(
    panel: Panel, virtual: VirtualPanel, clock: ManualClock
) -> None:
    virtual.down(ButtonName.ALL_IN)  # jammed
    clock.advance(6.0)
    assert panel.poll() == [Hold(ButtonName.ALL_IN, at=approx(101.0))]
    virtual.click(FOLD)
    virtual.hold(UNDO)
    assert [type(e) for e in panel.poll()] == [Click, Hold]
    assert panel.gestures.stuck(clock.now()) == {ButtonName.ALL_IN}
    virtual.up(ButtonName.ALL_IN)
    assert panel.poll() == []


def test_a_button_pressed_during_someone_elses_short_hold_is_still_a_chord(
    panel: Panel, virtual: VirtualPanel, clock: ManualClock
) -> None:
    virtual.down(ButtonName.ALL_IN)
    clock.advance(4.0)
    virtual.click(FOLD)
    virtual.up(ButtonName.ALL_IN)
    events = panel.poll()
    assert [type(e) for e in events] == [Hold, Chord]
