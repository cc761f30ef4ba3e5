"""sd_notify and the watchdog against a real unix datagram socket standing in for systemd."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_app.sdnotify import Watchdog, notify, notify_ready, notify_status, notify_stopping


@pytest.fixture
def systemd_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, dict[str, str]]]:
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(2)
    yield sock, {"NOTIFY_SOCKET": str(path)}
    sock.close()


def received(sock: socket.socket) -> str:
    return sock.recv(4096).decode()


def test_ready_status_and_stopping_reach_the_socket(systemd_socket: tuple[socket.socket, dict[str, str]]) -> None:
    sock, env = systemd_socket
    assert notify_ready("table open,\n port 8000", env) is True
    assert received(sock) == "READY=1\nSTATUS=table open, port 8000"
    assert notify_status("camera: none", env) is True
    assert received(sock) == "STATUS=camera: none"
    assert notify_stopping(env) is True
    assert received(sock) == "STOPPING=1"


def test_abstract_namespace_socket() -> None:
    name = f"dealer-app-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(2)
    try:
        assert notify("READY=1", {"NOTIFY_SOCKET": "@" + name}) is True
        assert received(sock) == "READY=1"
    finally:
        sock.close()


@pytest.mark.parametrize("env", [{}, {"NOTIFY_SOCKET": ""}, {"NOTIFY_SOCKET": "relative/path"}])
def test_outside_systemd_nothing_is_sent(env: dict[str, str]) -> None:
    assert notify("READY=1", env) is False
    assert Watchdog.from_environ(env).feed() is False


def test_a_vanished_socket_is_not_an_error(tmp_path: Path) -> None:
    assert notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone.sock")}) is False


def test_watchdog_reads_systemd_timeout_for_this_pid() -> None:
    env = {"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())}
    watchdog = Watchdog.from_environ(env)
    assert watchdog.enabled and watchdog.timeout == 20.0 and watchdog.interval == 10.0
    assert Watchdog.from_environ({**env, "WATCHDOG_PID": "1"}).enabled is False
    assert Watchdog.from_environ({**env, "WATCHDOG_USEC": "0"}).enabled is False
    assert Watchdog.from_environ({**env, "WATCHDOG_USEC": "ten"}).enabled is False
    assert Watchdog.from_environ({"WATCHDOG_USEC": "4000000"}).timeout == 4.0


def test_watchdog_feeds_at_half_the_timeout(systemd_socket: tuple[socket.socket, dict[str, str]]) -> None:
    sock, env = systemd_socket
    now = [100.0]
    watchdog = Watchdog.from_environ({**env, "WATCHDOG_USEC": "4000000"}, clock=lambda: now[0])
    assert watchdog.feed() is True
    assert received(sock) == "WATCHDOG=1"
    now[0] = 101.9
    assert watchdog.feed() is False
    now[0] = 102.0
    assert watchdog.feed() is True
    assert received(sock) == "WATCHDOG=1"
    sock.settimeout(0.05)
    with pytest.raises(TimeoutError):
        sock.recv(100)
