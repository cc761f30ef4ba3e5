"""The append-only event log of one table (SQLite, hash-chained)."""

from dealer_app.store.eventlog import (
    GENESIS_HASH,
    LOG_NAME,
    Event,
    EventLog,
    LogError,
    Subscription,
    VerifyResult,
    event_hash,
    verify_log,
)

__all__ = [
    "GENESIS_HASH",
    "LOG_NAME",
    "Event",
    "EventLog",
    "LogError",
    "Subscription",
    "VerifyResult",
    "event_hash",
    "verify_log",
]
