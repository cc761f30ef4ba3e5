"""An append-only, hash-chained event log in SQLite.

Every event is committed in its own transaction (WAL, ``synchronous=FULL``) before
:meth:`EventLog.append` returns, so an event is durable before anyone is told. A torn last
write (power cut) is dropped by SQLite's WAL frame checksums: the log reopens at its last
complete transaction. Each event stores the hash of its predecessor, so an edit anywhere is
found by :func:`verify_log`.

>>> import tempfile, pathlib
>>> log = EventLog.open(pathlib.Path(tempfile.mkdtemp()) / "events.sqlite3")
>>> [e.seq for e in log.append_many([(1.0, "console", "note", {"text": "hi"})])]
[1]
>>> verify_log(log.path).ok
True
>>> log.close()
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GENESIS_HASH = "0" * 64
#: The file name of a table's log inside its data directory.
LOG_NAME = "events.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY,
    time REAL NOT NULL,
    source TEXT NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
)
"""


class LogError(RuntimeError):
    """The log cannot be opened or appended to (broken chain, wrong file)."""


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the exact bytes that are hashed and stored."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(prev_hash: str, seq: int, time: float, source: str, type_: str, payload: dict) -> str:
    """The hex SHA-256 that chains an event to its predecessor:
    ``sha256(prev_hash + "\\n" + canonical JSON of [seq, time, source, type, payload])``."""
    return _hash_text(prev_hash, seq, time, source, type_, canonical_json(payload))


def _hash_text(prev_hash: str, seq: int, time: float, source: str, type_: str, payload_text: str) -> str:
    """:func:`event_hash` from the payload's canonical text (the same bytes, one dump less)."""
    head = canonical_json([seq, time, source, type_])
    body = head[:-1] + "," + payload_text + "]"
    return hashlib.sha256(f"{prev_hash}\n{body}".encode()).hexdigest()


@dataclass(frozen=True)
class Event:
    """One stored event."""

    seq: int
    time: float
    source: str
    type: str
    payload: dict
    prev_hash: str
    hash: str

    def to_dict(self) -> dict:
        """The JSON form (SSE, exports, ``log show --json``)."""
        return {
            "seq": self.seq,
            "time": self.time,
            "source": self.source,
            "type": self.type,
            "payload": self.payload,
            "hash": self.hash,
        }


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    return conn


class EventLog:
    """The event log of one table; one writer (the table service), many readers.

    Use :meth:`open`; events are kept in memory as well, so subscribers and replays
    never touch the disk.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, events: list[Event]) -> None:
        self.path = path
        self._conn = conn
        self._events = events
        self._cond = threading.Condition()
        self._closed = False

    @classmethod
    def open(cls, path: Path) -> EventLog:
        """Open (or create) the log at ``path`` and load it; refuse a broken chain."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = _connect(path)
        conn.execute(_SCHEMA)
        events: list[Event] = []
        result = _verify_rows(conn, events)
        if not result.ok:
            conn.close()
            raise LogError(f"{path}: {result.message}")
        return cls(path, conn, events)

    @property
    def events(self) -> Sequence[Event]:
        """Every event, in order (a read-only view)."""
        return tuple(self._events)

    @property
    def last_seq(self) -> int:
        """The sequence number of the last durable event (0 when empty)."""
        return self._events[-1].seq if self._events else 0

    def __len__(self) -> int:
        return len(self._events)

    def append_many(self, items: Sequence[tuple[float, str, str, dict]]) -> list[Event]:
        """Append ``(time, source, type, payload)`` items in one durable transaction."""
        if self._closed:
            raise LogError("The event log is closed")
        prev = self._events[-1].hash if self._events else GENESIS_HASH
        seq = self.last_seq
        new: list[Event] = []
        for time, source, type_, payload in items:
            seq += 1
            # Round-trip through JSON so the in-memory payload equals what replay reads back.
            stored = json.loads(canonical_json(payload))
            digest = event_hash(prev, seq, float(time), source, type_, stored)
            new.append(Event(seq, float(time), source, type_, stored, prev, digest))
            prev = digest
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany(
                "INSERT INTO events (seq, time, source, type, payload, prev_hash, hash)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (e.seq, e.time, e.source, e.type, canonical_json(e.payload), e.prev_hash, e.hash)
                    for e in new
                ],
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        with self._cond:
            self._events.extend(new)
            self._cond.notify_all()
        return new

    def wait_after(self, seq: int, timeout: float | None) -> Event | None:
        """The first event with a sequence number above ``seq``, waiting up to ``timeout``."""
        with self._cond:
            if not self._has_after(seq):
                self._cond.wait_for(lambda: self._has_after(seq) or self._closed, timeout)
            if self._has_after(seq):
                return self._events[seq]  # seqs are 1, 2, ... without gaps
            return None

    def _has_after(self, seq: int) -> bool:
        return len(self._events) > seq

    def subscribe(self, after_seq: int = 0) -> Subscription:
        """A :class:`Subscription` to every event after ``after_seq``."""
        return Subscription(self, after_seq)

    def wake_all(self) -> None:
        """Wake every waiting subscriber (used on close)."""
        with self._cond:
            self._cond.notify_all()

    def close(self) -> None:
        """Close the database; waiting subscribers return."""
        if self._closed:
            return
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._conn.close()

    @property
    def closed(self) -> bool:
        return self._closed


class Subscription:
    """Pulls stored events in order, starting after a sequence number.

    ``get(timeout)`` returns the next event or ``None``; iterating blocks until
    :meth:`close` (or the log closes).
    """

    def __init__(self, log: EventLog, after_seq: int = 0) -> None:
        if after_seq < 0:
            raise ValueError("after_seq must be >= 0")
        self._log = log
        self.last_seq = after_seq
        self._closed = False

    def get(self, timeout: float | None = None) -> Event | None:
        """The next event, or ``None`` when none arrived within ``timeout`` seconds."""
        if self._closed:
            return None
        event = self._log.wait_after(self.last_seq, timeout)
        if event is not None:
            self.last_seq = event.seq
        return event

    def close(self) -> None:
        """Stop; a blocked iterator ends."""
        self._closed = True
        self._log.wake_all()

    @property
    def closed(self) -> bool:
        return self._closed or self._log.closed

    def __iter__(self) -> Iterator[Event]:
        while not self.closed:
            event = self.get(timeout=0.5)
            if event is not None:
                yield event


_SELECT = "SELECT seq, time, source, type, payload, prev_hash, hash FROM events"


@dataclass(frozen=True)
class VerifyResult:
    """The outcome of checking a log's hash chain."""

    ok: bool
    count: int
    bad_seq: int | None = None
    problem: str | None = None

    @property
    def message(self) -> str:
        if self.ok:
            return f"OK: {self.count} events"
        return f"BAD: event {self.bad_seq}: {self.problem}"


def _verify_rows(conn: sqlite3.Connection, keep: list[Event] | None = None) -> VerifyResult:
    """Check the chain row by row; with ``keep``, collect the events while at it."""
    prev = GENESIS_HASH
    expected_seq = 1
    count = 0
    for row in conn.execute(_SELECT + " ORDER BY seq"):
        seq, time, source, type_, payload_text, prev_hash, digest = row
        if seq != expected_seq:
            return VerifyResult(False, count, expected_seq, f"missing (next stored is {seq})")
        try:
            payload = json.loads(payload_text)
        except ValueError:
            return VerifyResult(False, count, seq, "payload is not JSON")
        if prev_hash != prev:
            return VerifyResult(False, count, seq, "previous hash does not match event before")
        if payload_text != canonical_json(payload):
            return VerifyResult(False, count, seq, "payload is not in canonical form (edited)")
        if _hash_text(prev, seq, time, source, type_, payload_text) != digest:
            return VerifyResult(False, count, seq, "hash does not match contents (edited)")
        if keep is not None:
            keep.append(Event(seq, time, source, type_, payload, prev_hash, digest))
        prev = digest
        expected_seq += 1
        count += 1
    return VerifyResult(True, count)


def verify_log(path: Path) -> VerifyResult:
    """Check the whole hash chain of the log at ``path`` (read-only)."""
    path = Path(path)
    if not path.exists():
        return VerifyResult(False, 0, 1, f"no log at {path}")
    try:
        conn = _connect(path)
        try:
            return _verify_rows(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return VerifyResult(False, 0, 1, f"unreadable database: {exc}")
