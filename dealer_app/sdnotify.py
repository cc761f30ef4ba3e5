"""systemd's notify protocol without dependencies: readiness, status text and the watchdog.

Under ``Type=notify`` systemd passes ``NOTIFY_SOCKET`` (a datagram socket path, ``@`` for the
abstract namespace); with ``WatchdogSec=`` it also passes ``WATCHDOG_USEC`` and
``WATCHDOG_PID``. Outside systemd every call here does nothing and returns ``False``.

The watchdog must be fed from the main loop, not from a helper thread: then a hung main loop
stops the feeding and systemd restarts the service::

    watchdog = Watchdog.from_environ()
    notify_ready("table open")
    while running:
        do_one_round()
        watchdog.feed()
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping


def _socket_address(environ: Mapping[str, str]) -> str | None:
    address = environ.get("NOTIFY_SOCKET", "")
    if not address or not (address.startswith("/") or address.startswith("@")):
        return None
    return "\0" + address[1:] if address.startswith("@") else address


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send ``message`` (e.g. ``"READY=1"``, lines ``KEY=value``) to systemd; ``True`` if sent."""
    address = _socket_address(os.environ if environ is None else environ)
    if address is None:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode("utf-8"))
    except OSError:
        return False
    return True


def notify_ready(status: str | None = None, environ: Mapping[str, str] | None = None) -> bool:
    """Tell systemd the service is up (``READY=1``), with an optional status line."""
    return notify("READY=1" + (f"\nSTATUS={_one_line(status)}" if status else ""), environ)


def notify_status(status: str, environ: Mapping[str, str] | None = None) -> bool:
    """Set the line ``systemctl status`` shows for the service."""
    return notify(f"STATUS={_one_line(status)}", environ)


def notify_stopping(environ: Mapping[str, str] | None = None) -> bool:
    """Tell systemd the service is shutting down on purpose."""
    return notify("STOPPING=1", environ)


def _one_line(text: str) -> str:
    return " ".join(text.split())


class Watchdog:
    """Feeds systemd's watchdog at half its timeout, when the owner's loop calls :meth:`feed`.

    Parameters:
        timeout: the watchdog timeout in seconds (``WATCHDOG_USEC``), ``None`` when off.
        environ: where ``NOTIFY_SOCKET`` is read.
        clock: a monotonic clock in seconds (injectable for tests).
    """

    def __init__(
        self,
        timeout: float | None,
        environ: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.timeout = timeout
        self.environ = dict(os.environ if environ is None else environ)
        self.clock = clock
        self._last_fed: float | None = None

    @classmethod
    def from_environ(
        cls, environ: Mapping[str, str] | None = None, clock: Callable[[], float] = time.monotonic
    ) -> Watchdog:
        """A watchdog as systemd configured it (``WATCHDOG_USEC`` for this ``WATCHDOG_PID``)."""
        env = os.environ if environ is None else environ
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        timeout: float | None = None
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            timeout = int(usec) / 1_000_000
        return cls(timeout, env, clock)

    @property
    def enabled(self) -> bool:
        """Whether systemd expects to be fed."""
        return self.timeout is not None

    @property
    def interval(self) -> float | None:
        """Seconds between two feeds: half the timeout, as sd_watchdog_enabled(3) advises."""
        return None if self.timeout is None else self.timeout / 2

    def feed(self) -> bool:
        """Send ``WATCHDOG=1`` if half the timeout has passed since the last feed; ``True`` if sent."""
        if self.timeout is None:
            return False
        now = self.clock()
        if self._last_fed is not None and now - self._last_fed < self.timeout / 2:
            return False
        if notify("WATCHDOG=1", self.environ):
            self._last_fed = now
            return True
        return False
