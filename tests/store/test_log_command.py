"""``dealer-app log verify|show`` on a real log."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from dealer_app.store import LOG_NAME, EventLog

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dealer_app", "log", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_log_verify_prints_ok_or_the_first_bad_event_and_sets_the_exit_status(tmp_path: Path) -> None:
    log = EventLog.open(tmp_path / LOG_NAME)
    for i in range(5):
        log.append_many([(float(i), "console", "note", {"i": i})])
    log.close()
    ok = _cli("verify", "--data", str(tmp_path))
    assert (ok.returncode, ok.stdout) == (0, "OK: 5 events\n")
    shown = _cli("show", "--data", str(tmp_path), "--after", "3", "--json")
    assert [json.loads(line)["seq"] for line in shown.stdout.splitlines()] == [4, 5]
    conn = sqlite3.connect(tmp_path / LOG_NAME)
    conn.execute("UPDATE events SET payload = '{\"i\":99}' WHERE seq = 4")
    conn.commit()
    conn.close()
    bad = _cli("verify", "--data", str(tmp_path))
    assert (bad.returncode, bad.stderr) == (1, "BAD: event 4: hash does not match contents (edited)\n")
    missing = _cli("verify", "--data", str(tmp_path / "nothing"))
    assert missing.returncode == 1 and "no log at" in missing.stderr
