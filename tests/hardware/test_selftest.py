"""``dealer-app hardware test`` and the self-test behind it, answered through a virtual panel."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from dealer_app.commands import hardware as hardware_command
from hardware.panel import Panel
from hardware.selftest import run_self_test
from hardware.virtual import VirtualPanel


def main(argv: list[str]) -> int:
    """``dealer-app`` with only the hardware command registered (as the CLI registers it)."""
    parser = argparse.ArgumentParser(prog="dealer-app")
    hardware_command.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.func(args)


def answer_all_but(virtual: VirtualPanel, silent: set[str], wrong: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    def on_prompt(key: str) -> None:
        if wrong and key in wrong:
            virtual.click(wrong[key])
        if key in silent:
            return
        if key == "dial_cw":
            virtual.turn(1)
        elif key == "dial_ccw":
            virtual.turn(-1)
        else:
            virtual.click(key)

    return on_prompt


def test_every_part_answering_passes(panel: Panel, virtual: VirtualPanel) -> None:
    lines: list[str] = []
    checks = run_self_test(panel, lines.append, timeout=2.0, on_prompt=answer_all_but(virtual, set()))
    assert all(check.ok for check in checks)
    assert len(checks) == 10 + 1 + 6 + 3
    assert lines[0] == "OK   seat 1 light (BCM 4): lit (check it by eye)"
    assert "OK   FOLD button (BCM 5): answered" in lines
    assert "OK   dial (BCM 17/27) counter-clockwise: answered" in lines
    assert lines[-1] == "Self-test: 20 of 20 checks passed"
    assert panel.display.lines == ("SELF-TEST DONE", "20/20 passed")
    assert list(panel.buzzer.played)[-9:] == ["accept"] * 9


def test_a_silent_button_and_dial_direction_are_reported(panel: Panel, virtual: VirtualPanel) -> None:
    lines: list[str] = []
    on_prompt = answer_all_but(virtual, {"all_in", "dial_ccw"}, wrong={"all_in": "undo"})
    checks = run_self_test(panel, lines.append, timeout=1.5, on_prompt=on_prompt)
    failed = [check.line() for check in checks if not check.ok]
    assert failed == [
        "FAIL ALL-IN button (BCM 19): did not answer within 1.5 s; seen instead: UNDO",
        "FAIL dial (BCM 17/27) counter-clockwise: did not answer within 1.5 s",
    ]
    assert lines[-1] == (
        "Self-test: 18 of 20 checks passed; did not answer: ALL-IN button (BCM 19), "
        "dial (BCM 17/27) counter-clockwise"
    )
    assert "refuse" in panel.buzzer.played


def test_cli_self_test_on_simulated_pins_reports_every_input_silent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "table.toml"
    config.write_text("[table]\nseats = 2\n[panel]\npin_factory = \"mock\"\n[pins]\nseat_lights = [4, 12]\nfold = 9\n")
    status = main(["hardware", "test", "--config", str(config), "--timeout", "0.01"])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[:4] == [
        "Pin factory: mock",
        "Not on a Raspberry Pi: simulated pins, nothing will answer.",
        "OK   seat 1 light (BCM 4): lit (check it by eye)",
        "OK   seat 2 light (BCM 12): lit (check it by eye)",
    ]
    assert "FAIL FOLD button (BCM 9): did not answer within 0.01 s" in out
    assert out[-1].startswith("Self-test: 3 of 12 checks passed; did not answer: FOLD button (BCM 9),")


def test_cli_refuses_a_bad_pin_map_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "table.toml"
    config.write_text("[pins]\nundo = 5\n")
    assert main(["hardware", "test", "--config", str(config)]) == 2
    assert "pins.undo: BCM 5 is already used by pins.fold" in capsys.readouterr().err


def test_cli_without_lgpio_says_what_to_install(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        import lgpio  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("lgpio is installed here")
    assert main(["hardware", "test", "--pin-factory", "lgpio"]) == 2
    assert capsys.readouterr().err == (
        "FAIL pin factory lgpio: No module named 'lgpio' (on a Raspberry Pi: is python3-lgpio "
        "installed and the user in the gpio group?)\n"
    )


def test_a_fitted_display_is_part_of_the_self_test(factory, clock) -> None:  # type: ignore[no-untyped-def]
    from luma.core.device import dummy

    from hardware.settings import PanelSettings

    device = dummy(width=128, height=64, mode="1")
    settings = PanelSettings(display="ssd1306")
    with Panel(settings=settings, pin_factory=factory, clock=clock, display_device=device) as panel:
        lines: list[str] = []
        checks = run_self_test(panel, lines.append, timeout=0.05)
        assert device.image.getbbox() is not None  # "SELF-TEST DONE" drawn
    assert lines[0] == (
        "OK   display (ssd1306, I2C bus 1 address 0x3c): showing 'SELF-TEST / Display OK' "
        "(check by eye)"
    )
    assert len(checks) == 21
