"""The dealer display: four lines of text, mirrored to an optional 128x64 I2C OLED.

The text is always kept (:attr:`PanelDisplay.lines`), so a virtual panel and the dealer
console show exactly what the OLED shows. ``luma.oled`` is optional
(``pip install 'dealer-app[oled]'``) and imported only when a display is configured.
"""

from __future__ import annotations

import textwrap
import threading
from collections.abc import Sequence
from typing import Any

COLUMNS = 21
"""Characters per line in luma's default font on a 128 px wide display."""
ROWS = 4
"""Lines on a 64 px high display (16 px each)."""
LINE_HEIGHT = 16


class DisplayUnavailable(RuntimeError):
    """The configured OLED cannot be opened (package missing or no device on the bus)."""


class PanelDisplay:
    """Keep and (optionally) render the dealer's text. Thread-safe.

    :param device: a luma device (``ssd1306``, ``sh1106`` or luma's ``dummy``) or ``None`` to
        keep the text only.
    """

    def __init__(self, device: Any | None = None) -> None:
        self.device = device
        self._lines: tuple[str, ...] = ()
        self._lock = threading.Lock()

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines on the display now (at most :data:`ROWS`, each at most :data:`COLUMNS`)."""
        return self._lines

    def show(self, paragraphs: Sequence[str]) -> None:
        """Show ``paragraphs``, each word-wrapped to the display width; lines beyond
        :data:`ROWS` are dropped."""
        lines: list[str] = []
        for paragraph in paragraphs:
            lines.extend(textwrap.wrap(paragraph, COLUMNS) or [""])
        new = tuple(lines[:ROWS])
        with self._lock:
            if new == self._lines:
                return
            self._lines = new
            self._render()

    def clear(self) -> None:
        """Blank the display."""
        self.show(())

    def close(self) -> None:
        """Blank and release the device."""
        with self._lock:
            self._lines = ()
            if self.device is not None:
                self.device.cleanup()
                self.device = None

    def _render(self) -> None:
        if self.device is None:
            return
        from luma.core.render import canvas

        with canvas(self.device) as draw:
            for row, line in enumerate(self._lines):
                draw.text((0, row * LINE_HEIGHT), line, fill="white")


def open_oled(kind: str, port: int = 1, address: int = 0x3C) -> Any:
    """Open an ``ssd1306`` or ``sh1106`` OLED on I2C bus ``port`` at ``address``.

    Raises :class:`DisplayUnavailable` with a message a technician can act on.
    """
    try:
        from luma.core.interface.serial import i2c
        from luma.oled.device import sh1106, ssd1306
    except ImportError as error:
        raise DisplayUnavailable(
            f"panel.display = {kind!r} needs the luma.oled package: "
            f"pip install 'dealer-app[oled]' ({error})"
        ) from error
    device_class = {"ssd1306": ssd1306, "sh1106": sh1106}.get(kind)
    if device_class is None:
        raise DisplayUnavailable(f"unknown display kind {kind!r}: use ssd1306 or sh1106")
    try:
        return device_class(i2c(port=port, address=address), width=128, height=64)
    except Exception as error:  # luma raises DeviceNotFoundError, OSError, PermissionError
        raise DisplayUnavailable(
            f"no {kind} display at I2C bus {port} address {address:#04x}: {error} "
            f"(is I2C enabled in raspi-config, and the display wired to pins 3 and 5?)"
        ) from error
