"""Choose the gpiozero pin factory: lgpio on a Raspberry Pi, MockFactory elsewhere."""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

MODEL_FILE = Path("/proc/device-tree/model")


def is_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    """True when the device tree names a Raspberry Pi."""
    try:
        return "Raspberry Pi" in model_file.read_text(errors="replace")
    except OSError:
        return False


def mock_factory() -> MockFactory:
    """A fresh MockFactory whose pins also support PWM (for a passive buzzer)."""
    return MockFactory(pin_class=MockPWMPin)


def choose_pin_factory(kind: str = "auto") -> tuple[Factory, str]:
    """Return ``(factory, name)``.

    :param kind: ``"auto"`` (lgpio on a Raspberry Pi, else the mock), ``"lgpio"`` or
        ``"mock"``. lgpio creates a notification FIFO in the current directory, so run
        from a writable directory.
    """
    if kind not in ("auto", "lgpio", "mock"):
        raise ValueError(f"pin factory must be auto, lgpio or mock, got {kind!r}")
    if kind == "mock" or (kind == "auto" and not is_raspberry_pi()):
        return mock_factory(), "mock"
    from gpiozero.pins.lgpio import LGPIOFactory

    return LGPIOFactory(), "lgpio"
