"""The table as a fold over its stored events.

:meth:`TableModel.apply` folds one stored event; replay and live play use the same code
(the command half, :class:`dealer_app.service.decide.Decisions`, emits events through it).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from dealer_app.engine.events import BetRaise, BoardDealt, HandVoided, HoleCardsDealt, Muck, Show
from dealer_app.engine.hand import Phase
from dealer_app.engine.structures import HandSetup
from dealer_app.engine.table import HandPlan, Table
from dealer_app.service.config import TableConfig
from dealer_app.service.decide import COMMANDS, SOURCES, STREETS, Decisions, Refusal, pots_pushed
from dealer_app.service.handrun import Entry, HandRun, Hold, engine_event_for

__all__ = ["COMMANDS", "SOURCES", "STREETS", "Refusal", "TableModel", "pots_pushed"]


@dataclass
class Clock:
    """The level clock: running time is what counts, pauses excluded."""

    started_at: float | None = None
    paused_at: float | None = None
    paused_total: float = 0.0

    def elapsed(self, now: float) -> float:
        if self.started_at is None:
            return 0.0
        end = self.paused_at if self.paused_at is not None else now
        return max(0.0, end - self.started_at - self.paused_total)


@dataclass
class FinishedHand:
    """What stays of a finished hand for views (last result)."""

    number: int
    pots: list[dict]
    stacks: dict[int, int]
    voided: bool
    misdeal: bool


@dataclass
class TableModel(Decisions):
    """Everything the service knows, rebuilt from the log."""

    config: TableConfig | None = None
    table: Table | None = None
    hand: HandRun | None = None
    hands_started: int = 0
    clock: Clock = field(default_factory=Clock)
    last_hand: FinishedHand | None = None
    redeal_of: int | None = None
    pending: list[tuple[str, dict]] = field(default_factory=list)
    next_seq: int = 1
    #: Open integrity alarms of the hand in progress (service/alarms.py), oldest first.
    alarms: list[dict] = field(default_factory=list)
    #: Cash tables (C1-C5): players dealt in the last hand started (C1) ...
    previous_hand_players: int = 0
    #: ... when each sitting-out seat sat out, service clock (C2) ...
    sat_out_at: dict[int, float] = field(default_factory=dict)
    #: ... who left with what stack and when, by name (C3) ...
    departures: dict[str, dict] = field(default_factory=dict)
    #: ... players removed after sitting out too long since the last hand started (C2) ...
    removed: list[dict] = field(default_factory=list)
    #: ... and the rake taken so far (C5, chips).
    rake_taken: int = 0

    def copy(self) -> TableModel:
        return copy.deepcopy(self)

    # -- folding stored events ----------------------------------------------------------

    def apply(self, type_: str, payload: dict, seq: int) -> None:
        """Fold one stored event into the model."""
        handler = getattr(self, f"_on_{type_}", None)
        if handler is None:
            raise ValueError(f"Unknown event type {type_!r} (seq {seq})")
        handler(payload, seq)
        self.next_seq = seq + 1

    def _on_table_opened(self, p: dict, seq: int) -> None:
        self.config = TableConfig.from_dict(p["config"])
        self.table = Table(self.config.seats)

    def _on_config_changed(self, p: dict, seq: int) -> None:
        config = TableConfig.from_dict(p["config"])
        assert self.table is not None
        if config.seats != self.table.seat_count:
            self.table.seat_count = config.seats
        self.config = config

    def _on_seat_taken(self, p: dict, seq: int) -> None:
        self._table.join(p["seat"], p["name"], p["stack"], p["post"])
        self.departures.pop(self._table.players[p["seat"]].name, None)

    def _on_seat_left(self, p: dict, seq: int) -> None:
        player = self._table.leave(p["seat"])
        self.sat_out_at.pop(player.seat, None)
        if "at" in p:  # a cash table (C3)
            self.departures[player.name] = {"stack": p["stack"], "at": p["at"]}
        if p.get("reason") == "sit_out_expired":
            self.removed.append({"seat": player.seat, "name": player.name, "stack": p["stack"]})

    def _on_sat_out(self, p: dict, seq: int) -> None:
        self._table.sit_out(p["seat"])
        if "at" in p:  # a cash table (C2)
            self.sat_out_at[p["seat"]] = p["at"]

    def _on_sat_in(self, p: dict, seq: int) -> None:
        self._table.sit_in(p["seat"], p["post"])
        self.sat_out_at.pop(p["seat"], None)

    def _on_stack_set(self, p: dict, seq: int) -> None:
        self._table.set_stack(p["seat"], p["stack"])

    def _on_button_placed(self, p: dict, seq: int) -> None:
        self._table.place_button(p["seat"])

    def _on_excluded(self, p: dict, seq: int) -> None:
        self._table.exclude(p["seat"])
        self.sat_out_at.pop(p["seat"], None)

    def _on_clock(self, p: dict, seq: int) -> None:
        action, at = p["action"], p["at"]
        if action == "start":
            self.clock = Clock(started_at=at)
        elif action == "pause":
            self.clock.paused_at = at
        elif action == "resume" and self.clock.paused_at is not None:
            self.clock.paused_total += at - self.clock.paused_at
            self.clock.paused_at = None

    def _on_hand_started(self, p: dict, seq: int) -> None:
        plan = HandPlan.from_dict(p["plan"])
        setup = HandSetup.from_dict(p["setup"])
        self.hand = HandRun(p["hand"], plan, setup, self._table.copy(), p.get("redeal_of"))
        self._table.start_hand(plan)
        self.hands_started = p["hand"]
        self.redeal_of = None
        self.previous_hand_players = len(plan.dealt)
        self.removed = []

    def _on_shuffled(self, p: dict, seq: int) -> None:
        self._hand.add(Entry(seq, "shuffled"))

    def _on_dealt(self, p: dict, seq: int) -> None:
        self._hand.add(Entry(seq, "engine", HoleCardsDealt()))

    def _on_action(self, p: dict, seq: int) -> None:
        hand = self._hand
        hand.add(Entry(seq, "engine", engine_event_for(hand.state, p["seat"], p["action"], p["to"])))
        if p.get("timeout"):  # C4: this seat sits out once the hand ends
            hand.timeouts[seq] = p["seat"]

    def _on_oot_held(self, p: dict, seq: int) -> None:
        hold = Hold(p["seat"], p["action"], p["to"], p["facing"], p["street"])
        self._hand.add(Entry(seq, "hold", hold=hold))

    def _on_oot_bound(self, p: dict, seq: int) -> None:
        """Informational: the fold derives bindings itself."""

    _on_oot_released = _on_oot_bound

    def _on_board(self, p: dict, seq: int) -> None:
        self._hand.add(Entry(seq, "engine", BoardDealt("".join(p["cards"]))))

    def _on_shown(self, p: dict, seq: int) -> None:
        self._hand.add(Entry(seq, "engine", Show(p["seat"], "".join(p["cards"]))))

    def _on_mucked(self, p: dict, seq: int) -> None:
        self._hand.add(Entry(seq, "engine", Muck(p["seat"])))

    def _on_voided(self, p: dict, seq: int) -> None:
        self._hand.add(Entry(seq, "engine", HandVoided(p["reason"])))

    def _on_undone(self, p: dict, seq: int) -> None:
        self._hand.remove_last(p["seq"])

    def _on_corrected(self, p: dict, seq: int) -> None:
        hand = self._hand
        entry = hand.entry(p["seq"])
        assert entry is not None and entry.event is not None
        hand.replace(p["seq"], _corrected_event(entry.event, p["field"], p["new"]))

    def _on_alarm(self, p: dict, seq: int) -> None:
        """A duplicate card goes before the other open alarms: it voids the hand."""
        alarm = {"seq": seq, **{k: p[k] for k in ("code", "cards", "detail", "street")}}
        at = len(self.alarms)
        if alarm["code"] == "duplicate_card":
            at = sum(1 for a in self.alarms if a["code"] == "duplicate_card")
        self.alarms.insert(at, alarm)

    def _on_alarm_resolved(self, p: dict, seq: int) -> None:
        self.alarms = [a for a in self.alarms if a["seq"] != p["alarm"]]

    def _on_misdeal(self, p: dict, seq: int) -> None:
        self.alarms = []
        hand = self._hand
        stacks = hand.setup.stacks
        self._finish_table(hand, stacks)
        self.last_hand = FinishedHand(hand.number, [], stacks, voided=False, misdeal=True)
        self.redeal_of = hand.number
        self.hand = None

    def _on_hand_ended(self, p: dict, seq: int) -> None:
        self.alarms = []
        hand = self._hand
        stacks = {int(s): v for s, v in p["stacks"].items()}
        self.rake_taken += p.get("rake", 0)
        self._finish_table(hand, stacks)
        self.last_hand = FinishedHand(hand.number, p["pots"], stacks, hand.voided, misdeal=False)
        self.redeal_of = hand.number if hand.voided and self._config.misdeal_button == "same" else None
        self.hand = None

    def _finish_table(self, hand: HandRun, stacks: dict[int, int]) -> None:
        """End of hand: stacks back to the table; after a misdeal or void with the house
        option "same" the button, blinds and blinds owed are as before the hand (D4)."""
        interrupted = hand.voided or hand.state.phase not in (Phase.FINISHED,)
        if interrupted and self._config.misdeal_button == "same":
            self.table = hand.table_before.copy()
        self._table.end_hand(stacks)

    @property
    def _table(self) -> Table:
        assert self.table is not None, "table_opened must come first"
        return self.table

    @property
    def _config(self) -> TableConfig:
        assert self.config is not None
        return self.config

    @property
    def _hand(self) -> HandRun:
        if self.hand is None:
            raise ValueError("No hand in progress")
        return self.hand


def _corrected_event(event: BetRaise | BoardDealt | Show, field_: str, new: int | list[str]) -> BetRaise | BoardDealt | Show:
    """The event as corrected: a new amount, or new cards."""
    if field_ == "to":
        return BetRaise(event.seat, new)  # type: ignore[union-attr,arg-type]
    if isinstance(event, Show):
        return Show(event.seat, "".join(new))
    return BoardDealt("".join(new))
