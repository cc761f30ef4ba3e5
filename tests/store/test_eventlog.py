"""The append-only event log: hash chain, durability, torn writes, subscribers."""

from __future__ import annotations

import random
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from dealer_app.store import GENESIS_HASH, EventLog, LogError, event_hash, verify_log


def _fill(log: EventLog, n: int) -> None:
    for i in range(n):
        log.append_many([(1000.0 + i, "console", "note", {"i": i, "text": f"event {i}"})])


def test_events_are_numbered_and_chained(tmp_path: Path) -> None:
    log = EventLog.open(tmp_path / "events.sqlite3")
    _fill(log, 3)
    events = log.events
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[0].prev_hash == GENESIS_HASH
    assert events[1].prev_hash == events[0].hash
    assert events[2].hash == event_hash(events[1].hash, 3, 1002.0, "console", "note", {"i": 2, "text": "event 2"})
    log.close()
    assert verify_log(tmp_path / "events.sqlite3").message == "OK: 3 events"


def test_log_uses_wal_and_full_sync(tmp_path: Path) -> None:
    log = EventLog.open(tmp_path / "events.sqlite3")
    conn = log._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    log.close()


def test_reopen_continues_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite3"
    log = EventLog.open(path)
    _fill(log, 2)
    log.close()
    log = EventLog.open(path)
    assert log.last_seq == 2
    log.append_many([(5.0, "system", "note", {})])
    assert log.events[-1].prev_hash == log.events[-2].hash
    log.close()
    assert verify_log(path).ok


@pytest.mark.parametrize(
    ("sql", "bad_seq", "problem"),
    [
        ("UPDATE events SET payload = '{\"i\":1,\"text\":\"edited\"}' WHERE seq = 2", 2, "hash does not match contents (edited)"),
        ("UPDATE events SET source = 'camera' WHERE seq = 2", 2, "hash does not match contents (edited)"),
        ("UPDATE events SET time = 1.5 WHERE seq = 2", 2, "hash does not match contents (edited)"),
        ("UPDATE events SET payload = '{\"text\": \"event 1\", \"i\": 1}' WHERE seq = 2", 2, "payload is not in canonical form (edited)"),
        ("DELETE FROM events WHERE seq = 2", 2, "missing (next stored is 3)"),
        ("UPDATE events SET prev_hash = hash WHERE seq = 3", 3, "previous hash does not match event before"),
    ],
)
def test_any_edit_is_detected_at_the_first_bad_event(tmp_path: Path, sql: str, bad_seq: int, problem: str) -> None:
    path = tmp_path / "events.sqlite3"
    log = EventLog.open(path)
    _fill(log, 4)
    log.close()
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()
    result = verify_log(path)
    assert not result.ok
    assert result.message == f"BAD: event {bad_seq}: {problem}"
    with pytest.raises(LogError, match="BAD: event"):
        EventLog.open(path)


def test_verify_of_a_missing_log_fails(tmp_path: Path) -> None:
    result = verify_log(tmp_path / "nothing.sqlite3")
    assert not result.ok and "no log at" in result.message


def test_payload_round_trips_exactly_as_stored(tmp_path: Path) -> None:
    log = EventLog.open(tmp_path / "e.sqlite3")
    [event] = log.append_many([(1.25, "camera", "board", {"cards": ["Ah", "Kd", "7c"], "hand": 3})])
    log.close()
    again = EventLog.open(tmp_path / "e.sqlite3")
    assert again.events[0] == event
    again.close()


def _wal_sizes_per_event(path: Path, n: int) -> tuple[EventLog, list[int]]:
    """Append n events one transaction each with checkpoints off; record the WAL size after each."""
    log = EventLog.open(path)
    log._conn.execute("PRAGMA wal_autocheckpoint=0")
    wal = Path(str(path) + "-wal")
    sizes = []
    for i in range(n):
        log.append_many([(float(i), "button", "action", {"i": i, "pad": "x" * random.Random(i).randrange(10, 3000)})])
        sizes.append(wal.stat().st_size)
    return log, sizes


def test_log_truncated_at_a_random_byte_recovers_to_its_last_complete_event(tmp_path: Path) -> None:
    """A torn last write (power cut mid-write) is dropped, never half-applied."""
    live = tmp_path / "live" / "events.sqlite3"
    log, sizes = _wal_sizes_per_event(live, 60)
    originals = log.events
    rng = random.Random(7)
    cuts = [rng.randrange(sizes[0] - 100, sizes[-1]) for _ in range(40)] + [sizes[10], sizes[10] - 1]
    for k, cut in enumerate(cuts):
        copy_dir = tmp_path / f"cut{k}"
        copy_dir.mkdir()
        shutil.copy(live, copy_dir / "events.sqlite3")  # the main file never saw a checkpoint
        wal = (Path(str(live) + "-wal")).read_bytes()[:cut]
        (copy_dir / "events.sqlite3-wal").write_bytes(wal)
        expected = sum(1 for size in sizes if size <= cut)
        result = verify_log(copy_dir / "events.sqlite3")
        assert result.ok, result.message
        assert result.count == expected, (cut, expected)
        recovered = EventLog.open(copy_dir / "events.sqlite3")
        assert list(recovered.events) == list(originals[:expected])
        recovered.append_many([(99.0, "system", "note", {"after": "recovery"})])
        assert recovered.last_seq == expected + 1
        recovered.close()
        assert verify_log(copy_dir / "events.sqlite3").ok
    log.close()


def test_subscriber_gets_every_event_in_order_and_resumes(tmp_path: Path) -> None:
    log = EventLog.open(tmp_path / "e.sqlite3")
    _fill(log, 3)
    sub = log.subscribe(after_seq=1)
    assert [sub.get(0).seq, sub.get(0).seq] == [2, 3]
    assert sub.get(timeout=0.05) is None
    got: list[int] = []

    def reader() -> None:
        for event in log.subscribe(after_seq=3):
            got.append(event.seq)
            if event.seq == 8:
                break

    thread = threading.Thread(target=reader)
    thread.start()
    _fill(log, 5)
    thread.join(timeout=5)
    assert got == [4, 5, 6, 7, 8]
    resumed = log.subscribe(after_seq=6)
    assert [resumed.get(0).seq, resumed.get(0).seq, resumed.get(0)] == [7, 8, None]
    resumed.close()
    assert list(resumed) == []
    log.close()


def test_a_subscriber_sees_an_event_only_after_it_is_durable(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite3"
    log = EventLog.open(path)
    sub = log.subscribe()
    seen_on_disk: list[int] = []

    def reader() -> None:
        event = sub.get(timeout=5)
        assert event is not None
        other = sqlite3.connect(path)  # a second connection sees only committed data
        seen_on_disk.append(other.execute("SELECT COUNT(*) FROM events WHERE seq = ?", (event.seq,)).fetchone()[0])
        other.close()

    thread = threading.Thread(target=reader)
    thread.start()
    log.append_many([(1.0, "button", "note", {})])
    thread.join(timeout=5)
    assert seen_on_disk == [1]
    log.close()


def test_closing_the_log_ends_a_blocked_iterator(tmp_path: Path) -> None:
    log = EventLog.open(tmp_path / "e.sqlite3")
    sub = log.subscribe()
    done = threading.Event()

    def reader() -> None:
        list(sub)
        done.set()

    thread = threading.Thread(target=reader)
    thread.start()
    log.close()
    thread.join(timeout=5)
    assert done.is_set()
    with pytest.raises(LogError, match="closed"):
        log.append_many([(1.0, "system", "note", {})])
