"""TableService: the one writer of a table's event log.

Commands from any input become events; each event is durable before ``execute`` returns
and before any subscriber sees it. Opening replays the log, so a restart (also after a
power cut) resumes exactly after the last durable event.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealer_app.service.alarms import hold_reason, source_reason
from dealer_app.service.config import TableConfig
from dealer_app.service.model import SOURCES, Refusal, TableModel
from dealer_app.service.views import build_view
from dealer_app.store import LOG_NAME, Event, EventLog, Subscription


@dataclass(frozen=True)
class CommandResult:
    """The answer to a command: ``ok``; ``reason`` when refused; ``seqs`` of the events written."""

    ok: bool
    reason: str | None = None
    seqs: list[int] = field(default_factory=list)


class TableService:
    """Turns commands into durable events and answers views. Thread-safe.

    Use :meth:`open`.
    """

    def __init__(
        self,
        log: EventLog,
        model: TableModel,
        config: TableConfig,
        clock: Callable[[], float],
        rng: random.Random | None = None,
    ) -> None:
        self._log = log
        self._model = model
        self._config = config
        self._clock = clock
        self._rng = rng or random.Random()
        self._lock = threading.RLock()

    @classmethod
    def open(
        cls,
        data_dir: Path,
        config: TableConfig | None = None,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> TableService:
        """Open the table kept in ``data_dir``, replaying its log.

        ``clock`` is the service clock (level clock, cash sit-out limit); ``rng`` draws a
        cash table's first button (C1; the event records the seat, so replay needs no rng).

        An empty log starts with a ``table_opened`` event holding ``config``; a log that
        holds another configuration gets a ``config_changed`` event (between hands; if a
        hand is in progress the change waits for :meth:`execute`'s next hand start).
        """
        log = EventLog.open(Path(data_dir) / LOG_NAME)
        model = TableModel()
        for event in log.events:
            model.apply(event.type, event.payload, event.seq)
        if model.config is None:
            config = config or TableConfig.club()
            log.append_many([(clock(), "system", "table_opened", {"config": config.to_dict()})])
            model.apply("table_opened", {"config": config.to_dict()}, log.last_seq)
        service = cls(log, model, config or model.config, clock, rng)  # type: ignore[arg-type]
        service._apply_config_change()
        return service

    def _apply_config_change(self) -> None:
        model = self._model
        if model.hand is None and model.config is not None and self._config != model.config:
            if self._config.seats < max(model.table.players, default=0):  # type: ignore[union-attr]
                return  # a seat in use would vanish: keep the logged config
            self._append([("config_changed", {"config": self._config.to_dict()})], "system")

    @property
    def path(self) -> Path:
        return self._log.path

    @property
    def last_seq(self) -> int:
        return self._log.last_seq

    @property
    def config(self) -> TableConfig:
        """The configuration in force (as logged)."""
        assert self._model.config is not None
        return self._model.config

    def execute(self, command: dict, source: str) -> CommandResult:
        """Check ``command`` and, when legal, write its events. Never raises for bad input."""
        if source not in SOURCES:
            return CommandResult(False, f"Unknown source {source!r} (use {', '.join(SOURCES)})")
        with self._lock:
            if self._log.closed:
                return CommandResult(False, "The table service is closed")
            cmd = command.get("cmd") if isinstance(command, dict) else None
            if isinstance(cmd, str):
                held = source_reason(cmd, source) or hold_reason(cmd, source, self._model.alarms)
                if held:
                    return CommandResult(False, held)
            now = self._clock()
            self._expire_sit_outs(now)
            trial = self._model.copy()
            try:
                events = trial.handle(command, now, self._rng)
            except Refusal as refusal:
                return CommandResult(False, refusal.reason)
            stored = self._log.append_many([(now, source, t, p) for t, p in events])
            self._model = trial
            result = CommandResult(True, None, [e.seq for e in stored])
            if self._model.hand is None:
                self._apply_config_change()
                self._expire_sit_outs(now)
            return result

    def tick(self) -> list[int]:
        """Let the service clock act: on a cash table, between hands, remove every player who
        has sat out for the limit (C2). Returns the seqs written. Every command does this
        first; the appliance also calls it now and then so a removal shows without a command."""
        with self._lock:
            if self._log.closed:
                return []
            return [e.seq for e in self._expire_sit_outs(self._clock())]

    def _expire_sit_outs(self, now: float) -> list[Event]:
        model = self._model
        if model.config is None or model.config.cash is None or model.hand is not None or not model.sat_out_at:
            return []
        trial = model.copy()
        events = trial.expire_sit_outs(now)
        if not events:
            return []
        stored = self._log.append_many([(now, "system", t, p) for t, p in events])
        self._model = trial
        return stored

    def _append(self, events: list[tuple[str, dict]], source: str) -> list[Event]:
        now = self._clock()
        trial = self._model.copy()
        for type_, payload in events:
            trial.apply(type_, payload, trial.next_seq)
        stored = self._log.append_many([(now, source, t, p) for t, p in events])
        self._model = trial
        return stored

    def view(self, role: str = "public", lang: str = "en") -> dict:
        """A JSON-able snapshot (docs/views.md). ``public`` never shows an untabled hole card."""
        if role not in ("public", "dealer"):
            raise ValueError(f"Unknown role {role!r} (public or dealer)")
        if lang not in ("en", "nl"):
            raise ValueError(f"Unknown language {lang!r} (en or nl)")
        with self._lock:
            last = self._log.events[-1] if len(self._log) else None
            return build_view(self._model, role, lang, self._clock(), last)

    @property
    def model(self) -> TableModel:
        """The folded state (read-only use: exports, tests)."""
        return self._model

    def events(self) -> list[Event]:
        """Every stored event."""
        return list(self._log.events)

    def subscribe(self, after_seq: int = 0) -> Subscription:
        """Every stored event with ``seq > after_seq``, in order, as it becomes durable."""
        return self._log.subscribe(after_seq)

    def close(self) -> None:
        """Close the log; subscribers' iterators end."""
        with self._lock:
            self._log.close()

    def __enter__(self) -> TableService:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
