"""The hand in progress as the service keeps it: the entries that still count, folded.

Undo removes the last entry, a correction replaces one; the engine state is then folded
again from the hand's start, so the result is exactly the state the hand would have if the
wrong input had never happened. Actions out of turn are *held* entries; whether a hold is
bound or released is derived during the fold (T46, TDA 53), so undo restores holds too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_app.engine.events import (
    BetRaise,
    BoardDealt,
    Call,
    Check,
    Event,
    Fold,
    HandVoided,
    Muck,
    Show,
)
from dealer_app.engine.hand import HandState, IllegalAction
from dealer_app.engine.structures import HandSetup
from dealer_app.engine.table import HandPlan, Table

PLAYER_ACTIONS = (Fold, Check, Call, BetRaise)


@dataclass(frozen=True)
class Hold:
    """An action out of turn, waiting for the action to reach ``seat``."""

    seat: int
    action: str  # fold | check | call | bet | raise | allin
    to: int | None
    facing: int  # the bet seat ``seat`` faced when the action was announced
    street: str


@dataclass
class Entry:
    """One event of the hand that counts: ``kind`` is ``shuffled``, ``engine`` or ``hold``."""

    seq: int
    kind: str
    event: Event | None = None
    hold: Hold | None = None


@dataclass(frozen=True)
class Resolution:
    """What became of a hold when the action reached its seat."""

    seat: int
    outcome: str  # bound | released
    action: str
    to: int | None


def engine_event_for(state: HandState, seat: int, action: str, to: int | None) -> Event:
    """The engine event of a betting action by ``seat`` (``allin`` resolved on ``state``)."""
    if action == "fold":
        return Fold(seat)
    if action == "check":
        return Check(seat)
    if action == "call":
        return Call(seat)
    if action in ("bet", "raise"):
        if to is None:
            raise IllegalAction("bad_amount", f"Say how much: {action} to what amount?", seat=seat)
        return BetRaise(seat, to)
    if action == "allin":
        legal = state.legal()
        if legal is None or legal.seat != seat:
            raise IllegalAction("not_your_turn", f"Seat {seat} is not to act", seat=seat)
        return legal.all_in_event()
    raise IllegalAction("bad_action", f"Unknown action {action!r}", seat=seat)


@dataclass
class HandRun:
    """The current hand: its number, its plan, the table before it, and its entries."""

    number: int
    plan: HandPlan
    setup: HandSetup
    table_before: Table
    redeal_of: int | None = None
    entries: list[Entry] = field(default_factory=list)
    state: HandState = field(init=False)
    shuffled: bool = field(init=False, default=False)
    holds: dict[int, Hold] = field(init=False, default_factory=dict)
    resolutions: list[Resolution] = field(init=False, default_factory=list)
    player_actions: list[Event] = field(init=False, default_factory=list)
    applied: list[tuple[int, Event]] = field(init=False, default_factory=list)
    #: Actions forced by a time-out (C4): event seq -> seat; undo takes one back.
    timeouts: dict[int, int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Fold the entries again from the start; raises :class:`IllegalAction`."""
        self.state = HandState.start(self.setup)
        self.shuffled = False
        self.holds = {}
        self.resolutions = []
        self.player_actions = []
        self.applied = []
        for entry in self.entries:
            self._apply_entry(entry)

    def _apply_entry(self, entry: Entry) -> None:
        if entry.kind == "shuffled":
            self.shuffled = True
        elif entry.kind == "hold":
            assert entry.hold is not None
            self.holds[entry.hold.seat] = entry.hold
        else:
            assert entry.event is not None
            self._apply_engine(entry.seq, entry.event)

    def _apply_engine(self, seq: int, event: Event) -> None:
        self.state.apply(event)
        self.applied.append((seq, event))
        if isinstance(event, PLAYER_ACTIONS):
            self.player_actions.append(event)
        self._resolve_holds(seq)

    def _resolve_holds(self, seq: int) -> None:
        while self.holds:
            seat = self.state.to_act
            street = self.state.street.name.lower()
            for held in list(self.holds.values()):  # the street moved on: holds lapse
                if held.street != street or self.state.folded(held.seat):
                    self._release(held)
            if seat is None or seat not in self.holds:
                return
            held = self.holds[seat]
            if self.state.current_bet != held.facing:
                self._release(held)
                continue
            try:
                event = engine_event_for(self.state, seat, held.action, held.to)
                self.state.apply(event)
            except IllegalAction:
                self._release(held)
                continue
            del self.holds[seat]
            self.applied.append((seq, event))
            self.player_actions.append(event)
            self.resolutions.append(Resolution(seat, "bound", held.action, held.to))

    def _release(self, held: Hold) -> None:
        del self.holds[held.seat]
        self.resolutions.append(Resolution(held.seat, "released", held.action, held.to))

    def add(self, entry: Entry) -> None:
        """Apply one more entry (validate-then-commit by the caller's copy)."""
        self.entries.append(entry)
        self._apply_entry(entry)

    def remove_last(self, seq: int) -> None:
        """Undo: the entry ``seq`` (the last one) no longer counts."""
        if not self.entries or self.entries[-1].seq != seq:
            raise IllegalAction("undo_order", "Only the last action of the hand can be undone")
        self.entries.pop()
        self.timeouts.pop(seq, None)
        self.rebuild()

    def replace(self, seq: int, event: Event) -> None:
        """A correction: entry ``seq`` now holds ``event``; the rest is replayed on it."""
        for entry in self.entries:
            if entry.seq == seq:
                entry.event = event
                break
        else:
            raise IllegalAction("no_entry", f"Event {seq} is not part of this hand")
        self.rebuild()

    def entry(self, seq: int) -> Entry | None:
        return next((e for e in self.entries if e.seq == seq), None)

    def substantial_action(self) -> bool:
        """WT 88-c / TDA 36: two actions in turn of which one puts chips in, or three actions.
        Posted blinds do not count."""
        actions = self.player_actions
        if len(actions) >= 3:
            return True
        return len(actions) == 2 and any(isinstance(a, (Call, BetRaise)) for a in actions)

    @property
    def voided(self) -> bool:
        return any(isinstance(e.event, HandVoided) for e in self.entries)

    def shown_or_mucked(self) -> bool:
        return any(isinstance(e.event, (Show, Muck)) for e in self.entries)

    def board_entries(self) -> list[Entry]:
        return [e for e in self.entries if isinstance(e.event, BoardDealt)]
