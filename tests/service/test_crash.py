"""Crash safety: SIGKILL a running ``simulate`` at random moments; nothing durable is lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dealer_app.store import LOG_NAME, EventLog, verify_log

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("DEALER_CRASH_KILLS", "200"))


def _start(data: Path, seed: int, cli: bool = False) -> subprocess.Popen:
    # the dealer-app CLI, or the same command module alone (starts quicker: no other sub-commands)
    module = ["-m", "dealer_app", "simulate"] if cli else ["-m", "dealer_app.commands.simulate"]
    return subprocess.Popen(
        [sys.executable, *module, "--data", str(data), "--hands", "100000", "--seed", str(seed), "--print-seq"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )


def _env() -> dict[str, str]:
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _kill_at_random(data: Path, rng: random.Random, seed: int, cli: bool = False) -> list[int]:
    """Start simulate, wait for its first durable event, SIGKILL it a random moment later;
    return every sequence number it printed as durable."""
    proc = _start(data, seed, cli)
    printed: list[int] = []
    first = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("seq "):
                printed.append(int(line.split()[1]))
                first.set()

    reader = threading.Thread(target=read)
    reader.start()
    first.wait(timeout=30)
    time.sleep(rng.uniform(0.0, 0.25))
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    reader.join(timeout=30)
    stderr = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == -signal.SIGKILL, f"simulate ended by itself: {stderr[-2000:]}"
    return printed


@pytest.mark.slow
def test_sigkill_simulate_at_random_moments_loses_no_durable_event(tmp_path: Path) -> None:
    data = tmp_path / "table"
    rng = random.Random(20261129)
    last_seq = 0
    for kill in range(KILLS):
        printed = _kill_at_random(data, rng, seed=kill, cli=kill % 50 == 0)
        result = verify_log(data / LOG_NAME)
        assert result.ok, f"after kill {kill}: {result.message}"
        if printed:
            # printed in order, continuing the log, and every printed event is still there
            assert printed == list(range(printed[0], printed[-1] + 1))
            assert printed[0] == last_seq + 1 or last_seq == 0
            assert result.count >= printed[-1], f"kill {kill}: printed seq {printed[-1]}, log has {result.count}"
        assert result.count >= last_seq
        last_seq = result.count
    # a new simulate continues the same table to the end of its hands
    done = subprocess.run(
        [sys.executable, "-m", "dealer_app", "simulate", "--data", str(data), "--hands", "3", "--seed", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=_env(),
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    log = EventLog.open(data / LOG_NAME)
    events = log.events
    log.close()
    assert [e.type for e in events].count("table_opened") == 1
    numbers = [e.payload["hand"] for e in events if e.type == "hand_started"]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= 3
    assert verify_log(data / LOG_NAME).ok
