"""``dealer-app hardware test``: the button panel's self-test (lights, buzzer, buttons, dial)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpiozero.exc import GPIOZeroError

from dealer_app.config import DEFAULT_CONFIG_PATH, AppConfig, ConfigError, load_config
from hardware.display import DisplayUnavailable
from hardware.factory import choose_pin_factory
from hardware.panel import Panel
from hardware.selftest import run_self_test


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``hardware`` with its ``test`` action."""
    parser = subparsers.add_parser("hardware", help="check the GPIO button panel")
    actions = parser.add_subparsers(dest="hardware_action", metavar="ACTION", required=True)
    test = actions.add_parser(
        "test",
        help="light each LED, sound the buzzer, wait for each button and the dial",
        description="Self-test of the dealer panel. Prints one line per part: OK, or FAIL "
        "with what did not answer. Exit status 0 when everything answered, 1 otherwise.",
    )
    test.add_argument(
        "--config", type=Path, default=None,
        help=f"table configuration file with the [pins] and [panel] tables "
        f"(default: {DEFAULT_CONFIG_PATH} if it exists, else the documented default pins)",
    )
    test.add_argument(
        "--pin-factory", choices=("auto", "lgpio", "mock"), default=None,
        help="override the configured pin factory (auto: lgpio on a Raspberry Pi, else mock)",
    )
    test.add_argument(
        "--timeout", type=float, default=10.0,
        help="seconds to wait for each button or dial movement (default: %(default)s)",
    )
    test.set_defaults(func=run_test)


def run_test(args: argparse.Namespace) -> int:
    """Run the self-test; 0 when every check passed, 1 when one failed, 2 on a setup error."""
    try:
        config = _config(args.config)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    kind = args.pin_factory or config.panel.pin_factory
    try:
        factory, factory_name = choose_pin_factory(kind)
    except (GPIOZeroError, OSError, ImportError, RuntimeError) as error:
        print(
            f"FAIL pin factory {kind}: {error} (on a Raspberry Pi: is python3-lgpio installed "
            f"and the user in the gpio group?)",
            file=sys.stderr,
        )
        return 2
    print(f"Pin factory: {factory_name}")
    if factory_name == "mock":
        print("Not on a Raspberry Pi: simulated pins, nothing will answer.")
    try:
        panel = Panel(config.panel.pins, config.panel.hardware, pin_factory=factory)
    except DisplayUnavailable as error:
        print(f"FAIL display: {error}", file=sys.stderr)
        return 2
    except (GPIOZeroError, OSError) as error:
        print(
            f"FAIL pins: {error} (is the dealer-app service running? stop it first: "
            f"sudo systemctl stop dealer-app)",
            file=sys.stderr,
        )
        return 2
    with panel:
        checks = run_self_test(panel, timeout=args.timeout)
    return 0 if all(check.ok for check in checks) else 1


def _config(path: Path | None) -> AppConfig:
    if path is None:
        if not DEFAULT_CONFIG_PATH.exists():
            return AppConfig()
        path = DEFAULT_CONFIG_PATH
    return load_config(path)
