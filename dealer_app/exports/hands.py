"""The hands of a table as read back from its event log: the common input of every export."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from dealer_app.engine.events import Event as EngineEvent
from dealer_app.engine.hand import HandState
from dealer_app.engine.table import HandPlan
from dealer_app.service.config import TableConfig
from dealer_app.service.model import TableModel
from dealer_app.store import Event


@dataclass(frozen=True)
class Step:
    """One engine event that counts in the hand, with the stored event it came from."""

    seq: int
    time: float
    source: str
    event: EngineEvent


@dataclass
class HandRecord:
    """A hand that ended (pushed, voided, or misdealt)."""

    number: int
    config: TableConfig
    plan: HandPlan
    names: dict[int, str]
    started_at: float
    ended_at: float
    steps: list[Step]
    state: HandState
    outcome: str  # "played" | "voided" | "misdeal"
    pots: list[dict] = field(default_factory=list)
    #: The rake a cash table took from this hand (C5, chips; 0 elsewhere).
    rake: int = 0
    #: The stacks the hand ended with as logged (after the rake), ``None`` for a misdeal.
    stacks_end: dict[int, int] | None = None

    @property
    def stacks_before(self) -> dict[int, int]:
        return dict(self.state.setup.stacks)

    @property
    def stacks_after(self) -> dict[int, int]:
        if self.outcome != "played":
            return self.stacks_before
        return dict(self.stacks_end) if self.stacks_end is not None else self.state.final_stacks()


def read_hands(events: Iterable[Event]) -> list[HandRecord]:
    """Fold the log and keep every hand as it stood when it ended."""
    model = TableModel()
    records: list[HandRecord] = []
    started_at = 0.0
    times: dict[int, tuple[float, str]] = {}
    for event in events:
        times[event.seq] = (event.time, event.source)
        if event.type == "hand_started":
            started_at = event.time
        if event.type in ("hand_ended", "misdeal"):
            hand = model.hand
            assert hand is not None and model.config is not None and model.table is not None
            steps = [Step(seq, *times[seq], ev) for seq, ev in hand.applied]
            outcome = "misdeal" if event.type == "misdeal" else "voided" if hand.voided else "played"
            records.append(
                HandRecord(
                    number=hand.number,
                    config=model.config,
                    plan=hand.plan,
                    names={s: p.name for s, p in hand.table_before.players.items()},
                    started_at=started_at,
                    ended_at=event.time,
                    steps=steps,
                    state=hand.state,
                    outcome=outcome,
                    pots=list(event.payload.get("pots", [])),
                    rake=event.payload.get("rake", 0),
                    stacks_end={int(s): v for s, v in event.payload["stacks"].items()}
                    if "stacks" in event.payload
                    else None,
                )
            )
        model.apply(event.type, event.payload, event.seq)
    return records


def select_hands(records: list[HandRecord], spec: str | None) -> list[HandRecord]:
    """Keep the hands named by ``spec`` like ``"3,5-7"`` (all when ``None``)."""
    if not spec:
        return records
    wanted: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ValueError(f"Not a hand number or range: {part!r} (write e.g. 3,5-7)")
        wanted.update(range(int(low), int(high or low) + 1))
    return [r for r in records if r.number in wanted]
