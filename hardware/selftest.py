"""The panel self-test: light every LED, sound the buzzer, wait for every button and the dial.

Outputs cannot report back, so for them the test says what it drove (and checks the pin
level read back); inputs either answer within the time allowed or are listed as silent.
Knows no poker; ``dealer-app hardware test`` runs it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hardware.events import Click, Hold, PanelEvent, Turn
from hardware.panel import Panel
from hardware.pins import ButtonName

LIGHT_SECONDS = 0.4
POLL_SECONDS = 0.01


@dataclass(frozen=True)
class Check:
    """One line of the self-test report."""

    part: str
    ok: bool
    detail: str

    def line(self) -> str:
        return f"{'OK  ' if self.ok else 'FAIL'} {self.part}: {self.detail}"


@dataclass(frozen=True)
class InputStep:
    """One thing the technician is asked to do, and the event that proves it worked."""

    key: str
    part: str
    instruction: str
    answers: Callable[[PanelEvent], bool]


def input_steps(panel: Panel) -> list[InputStep]:
    """Every button in panel order, then the dial clockwise, counter-clockwise and pushed."""
    pins = panel.pins
    steps = []
    for button in ButtonName:
        if button is ButtonName.DIAL:
            continue
        steps.append(InputStep(
            button.value, f"{button.label} button (BCM {pins.button_pin(button)})",
            f"Press {button.label}", _pressed(button),
        ))
    dial = f"dial (BCM {pins.encoder_a}/{pins.encoder_b})"
    steps.append(InputStep("dial_cw", f"{dial} clockwise", "Turn the dial clockwise",
                           lambda e: isinstance(e, Turn) and e.detents > 0))
    steps.append(InputStep("dial_ccw", f"{dial} counter-clockwise",
                           "Turn the dial counter-clockwise",
                           lambda e: isinstance(e, Turn) and e.detents < 0))
    steps.append(InputStep(
        ButtonName.DIAL.value, f"dial push switch (BCM {pins.encoder_push})", "Push the dial",
        _pressed(ButtonName.DIAL),
    ))
    return steps


def _pressed(button: ButtonName) -> Callable[[PanelEvent], bool]:
    return lambda e: isinstance(e, (Click, Hold)) and e.button is button


def run_self_test(
    panel: Panel,
    say: Callable[[str], None] = print,
    timeout: float = 10.0,
    on_prompt: Callable[[str], None] | None = None,
) -> list[Check]:
    """Run every check on ``panel``, printing progress with ``say``; return the report.

    :param timeout: seconds to wait for each input.
    :param on_prompt: called with the step key (``"fold"``, ``"dial_cw"``, ...) right after
        each instruction is shown; a virtual panel or a test answers through it.
    """
    checks = [*_check_display(panel, say), *_check_lights(panel, say), _check_buzzer(panel, say)]
    panel.poll()
    for step in input_steps(panel):
        panel.display.show(["SELF-TEST", step.instruction])
        say(f"{step.instruction} (within {timeout:g} s) ...")
        if on_prompt is not None:
            on_prompt(step.key)
        check = _wait_for(panel, step, timeout)
        panel.buzzer.play("accept" if check.ok else "refuse")
        say(check.line())
        checks.append(check)
    panel.lights.off()
    silent = [c.part for c in checks if not c.ok]
    summary = f"{len(checks) - len(silent)} of {len(checks)} checks passed"
    say(f"Self-test: {summary}" + (f"; did not answer: {', '.join(silent)}" if silent else ""))
    panel.display.show(["SELF-TEST DONE", f"{len(checks) - len(silent)}/{len(checks)} passed"])
    return checks


def _check_display(panel: Panel, say: Callable[[str], None]) -> list[Check]:
    if panel.display.device is None:
        return []
    panel.display.show(["SELF-TEST", "Display OK"])
    settings = panel.settings
    check = Check(
        f"display ({settings.display}, I2C bus {settings.i2c_port} address "
        f"{settings.display_address:#04x})",
        True, "showing 'SELF-TEST / Display OK' (check by eye)",
    )
    say(check.line())
    return [check]


def _check_lights(panel: Panel, say: Callable[[str], None]) -> list[Check]:
    checks = []
    for seat, pin in enumerate(panel.pins.seat_lights, start=1):
        panel.display.show(["SELF-TEST", f"Seat {seat} light"])
        panel.lights.steady([seat])
        lit = panel.lights.lit()
        panel.clock.sleep(LIGHT_SECONDS)
        ok = lit == (seat,)
        detail = "lit (check it by eye)" if ok else f"pin reads back {lit}, expected ({seat},)"
        checks.append(Check(f"seat {seat} light (BCM {pin})", ok, detail))
        say(checks[-1].line())
    panel.lights.off()
    return checks


def _check_buzzer(panel: Panel, say: Callable[[str], None]) -> Check:
    panel.display.show(["SELF-TEST", "Buzzer"])
    for sound in ("accept", "refuse"):
        panel.buzzer.play(sound)
        while panel.buzzer.busy:
            panel.clock.sleep(POLL_SECONDS)
            panel.update()
        panel.clock.sleep(0.3)
    check = Check(
        f"buzzer (BCM {panel.pins.buzzer}, {panel.buzzer.kind})", True,
        "played a short chirp, then three low beeps (check by ear)",
    )
    say(check.line())
    return check


def _wait_for(panel: Panel, step: InputStep, timeout: float) -> Check:
    deadline = panel.clock.now() + timeout
    others: list[str] = []
    while True:
        for event in panel.poll():
            if step.answers(event):
                extra = f" (also seen: {', '.join(others)})" if others else ""
                return Check(step.part, True, "answered" + extra)
            others.append(_describe(event))
        if panel.clock.now() >= deadline:
            extra = f"; seen instead: {', '.join(others)}" if others else ""
            return Check(step.part, False, f"did not answer within {timeout:g} s{extra}")
        panel.clock.sleep(POLL_SECONDS)


def _describe(event: PanelEvent) -> str:
    if isinstance(event, Turn):
        return "dial " + ("clockwise" if event.detents > 0 else "counter-clockwise")
    if isinstance(event, (Click, Hold)):
        return event.button.label
    return "+".join(sorted(b.label for b in event.buttons))
