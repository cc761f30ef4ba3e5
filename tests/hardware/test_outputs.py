"""Seat lights and buzzer on MockFactory pins (MockPWMPin for the passive buzzer)."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.clock import ManualClock
from hardware.lights import LightsState
from hardware.panel import Panel
from hardware.pins import PinMap
from hardware.settings import PanelSettings


def lit_at(panel: Panel, clock: ManualClock, times: list[float]) -> list[tuple[int, ...]]:
    start = clock.now()
    seen = []
    for t in times:
        clock.advance(start + t - clock.now())
        panel.update()
        seen.append(panel.lights.lit())
    return seen


def test_steady_lights_exactly_the_given_seats_on_their_pins(
    panel: Panel, factory: MockFactory
) -> None:
    panel.lights.steady([3])
    assert panel.lights.lit() == (3,)
    assert factory.pin(16).state == 1
    assert [factory.pin(p).state for p in panel.pins.seat_lights].count(True) == 1
    panel.lights.steady([1, 10])
    assert panel.lights.lit() == (1, 10)
    assert panel.lights.state == LightsState("steady", (1, 10))
    panel.lights.off()
    assert panel.lights.lit() == ()


def test_flash_blinks_the_seats_together_at_5_hz(panel: Panel, clock: ManualClock) -> None:
    panel.lights.flash([2, 7])
    assert lit_at(panel, clock, [0.0, 0.05, 0.12, 0.15, 0.22, 0.35]) == [
        (2, 7), (2, 7), (), (), (2, 7), (),
    ]


def test_chase_lights_the_seats_one_after_another_in_the_given_order(
    panel: Panel, clock: ManualClock
) -> None:
    panel.lights.chase([5, 2, 9])
    # each seat 0.3 s on in its 0.4 s slot, then a 0.8 s pause; the cycle is 2.0 s
    assert lit_at(panel, clock, [0.1, 0.35, 0.5, 0.9, 1.25, 1.9, 2.1, 2.5]) == [
        (5,), (), (2,), (9,), (), (), (5,), (2,),
    ]
    assert panel.lights.state == LightsState("chase", (5, 2, 9))


def test_setting_the_same_state_again_does_not_restart_the_pattern(
    panel: Panel, clock: ManualClock
) -> None:
    panel.lights.flash([4])
    clock.advance(0.15)
    panel.lights.flash([4])
    panel.update()
    assert panel.lights.lit() == ()


@pytest.mark.parametrize(
    ("seats", "message"),
    [([11], "no light for seat 11: seats 1 to 10 are wired"),
     ([0], "no light for seat 0: seats 1 to 10 are wired"),
     ([2, 2], r"seat listed twice: \[2, 2\]")],
)
def test_a_seat_without_a_light_is_refused_and_changes_nothing(
    panel: Panel, seats: list[int], message: str
) -> None:
    panel.lights.steady([1])
    with pytest.raises(ValueError, match=message):
        panel.lights.chase(seats)
    assert panel.lights.lit() == (1,)


def test_six_seat_table_has_six_lights(factory: MockFactory, clock: ManualClock) -> None:
    pins = PinMap.from_dict({"seat_lights": [4, 12, 16, 20, 23, 24]})
    with Panel(pins, pin_factory=factory, clock=clock) as panel:
        assert panel.lights.seats == 6
        with pytest.raises(ValueError, match="seats 1 to 6 are wired"):
            panel.lights.steady([7])


def test_active_buzzer_chirps_60ms_on_accept(
    panel: Panel, factory: MockFactory, clock: ManualClock
) -> None:
    pin = factory.pin(panel.pins.buzzer)
    panel.buzzer.play("accept")
    assert pin.state == 1
    clock.advance(0.059)
    panel.update()
    assert pin.state == 1
    clock.advance(0.002)
    panel.update()
    assert pin.state == 0
    assert not panel.buzzer.busy


def test_active_buzzer_refuse_is_three_beeps(
    panel: Panel, factory: MockFactory, clock: ManualClock
) -> None:
    pin = factory.pin(panel.pins.buzzer)
    panel.buzzer.play("refuse")
    levels = []
    for _ in range(80):
        levels.append(pin.state)
        clock.advance(0.01)
        panel.update()
    changes = [i for i in range(1, len(levels)) if levels[i] != levels[i - 1]]
    assert changes == [15, 23, 38, 46, 61]
    assert list(panel.buzzer.played) == ["refuse"]


def test_passive_buzzer_plays_tones_on_a_pwm_pin(factory: MockFactory, clock: ManualClock) -> None:
    settings = PanelSettings(buzzer="passive")
    with Panel(settings=settings, pin_factory=factory, clock=clock) as panel:
        pin = factory.pin(panel.pins.buzzer)
        panel.buzzer.play("accept")
        assert pin.frequency == pytest.approx(880.0)
        assert pin.state == 0.5
        clock.advance(0.07)
        panel.update()
        assert pin.frequency is None
        panel.buzzer.play("refuse")
        assert pin.frequency == pytest.approx(220.0)


def test_a_new_sound_cuts_off_the_one_playing(
    panel: Panel, factory: MockFactory, clock: ManualClock
) -> None:
    panel.buzzer.play("refuse")
    clock.advance(0.16)
    panel.update()
    assert factory.pin(panel.pins.buzzer).state == 0
    panel.buzzer.play("accept")
    assert factory.pin(panel.pins.buzzer).state == 1
    assert panel.buzzer.count == 2


def test_unknown_sound_is_refused(panel: Panel) -> None:
    with pytest.raises(ValueError, match="unknown sound 'ding'; known: accept, refuse, attention"):
        panel.buzzer.play("ding")
