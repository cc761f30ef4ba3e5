"""Random legal hands played through the real service and log (soak test, demo data, crash test).

The simulated dealer reads the dealer view like a person reads the prompt and answers it:
confirms steps, deals board cards, presses action buttons for the seat to act (random legal
actions, all-ins, sometimes an undo), tables hands at showdown, and between hands lets
players sit out, come back, rebuy or leave and new players sit down. Cards come from a
deck shuffled by hand number, so a simulation that restarts mid-hand (after a crash, with
any seed) deals the same cards again.

At a cash table (C1-C5) the dealer also lets the OK draw the first button, buys chips in
with ``buy_in``, lets players who missed a blind wait for the big blind, now and then times
out the player to act, and seats newcomers under names that have not left this table (a
player back within 30 minutes would have to bring their old stack, C3).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from dealer_app.engine.cards import CARD_STRINGS
from dealer_app.service.service import TableService

NAMES = ("Ann", "Bob", "Cas", "Dirk", "Els", "Fien", "Gert", "Hanne", "Ivo", "Jet", "Kees", "Lot")
#: Prompts answered between hands (C1 adds the cash table's two).
BETWEEN_HANDS = ("start_hand", "start_hand_dead", "seat_players", "place_button", "cash_wait", "draw_button")


def _names() -> Iterator[str]:
    """Ann, Bob, ..., Lot, then Ann 2, Bob 2, ..."""
    yield from NAMES
    for round_ in itertools.count(2):
        yield from (f"{name} {round_}" for name in NAMES)


@dataclass
class SimulationStats:
    """What a simulation did."""

    hands: int = 0
    commands: int = 0
    refused: int = 0
    events: int = 0
    undos: int = 0


class Simulator:
    """Drives one :class:`TableService` with random legal commands."""

    def __init__(
        self,
        service: TableService,
        seed: int = 0,
        on_event: Callable[[int], None] | None = None,
        buy_in: int = 100,
    ) -> None:
        self.svc = service
        self.seed = seed
        self.rng = random.Random(f"{seed}:{service.last_seq}")
        self.on_event = on_event
        self.buy_in = buy_in
        self.stats = SimulationStats()
        self.cash = service.config.cash is not None

    def run(self, hands: int) -> SimulationStats:
        """Play until ``hands`` more hands have ended (misdeals count as hands)."""
        if self.svc.view()["hand"] is None:  # after a crash mid-hand: play the hand on first
            self._seat_players()
        while self.stats.hands < hands:
            self.step()
        return self.stats

    def _do(self, command: dict, source: str = "button") -> bool:
        result = self.svc.execute(command, source)
        self.stats.commands += 1
        if not result.ok:
            self.stats.refused += 1
            return False
        self.stats.events += len(result.seqs)
        if self.on_event is not None:
            for seq in result.seqs:
                self.on_event(seq)
        return True

    def _must(self, command: dict, source: str = "button") -> None:
        result = self.svc.execute(command, source)
        self.stats.commands += 1
        if not result.ok:
            raise RuntimeError(f"simulate: {command} refused: {result.reason}")
        self.stats.events += len(result.seqs)
        if self.on_event is not None:
            for seq in result.seqs:
                self.on_event(seq)

    def _seat_players(self) -> None:
        view = self.svc.view("dealer")
        seated = [s for s in view["seats"] if s["status"] != "empty"]
        free = [s["seat"] for s in view["seats"] if s["status"] == "empty"]
        taken_names = {s["name"] for s in seated} | set(self.svc.model.departures)
        want = max(0, min(len(free), self.rng.randint(3, 6) - len(seated)))
        for seat in free[:want]:
            name = next(n for n in _names() if n not in taken_names)
            taken_names.add(name)
            self._must({"cmd": "join", "seat": seat, "name": name, "stack": self.buy_in}, "console")
        view = self.svc.view("dealer")
        if view["prompt"]["code"] == "place_button":
            seated = [s["seat"] for s in view["seats"] if s["status"] != "empty"]
            self._must({"cmd": "button", "seat": self.rng.choice(seated)}, "console")

    def _deck(self, hand_number: int) -> list[str]:
        deck = list(CARD_STRINGS)
        # by hand number only: a simulation that resumes a hand (any seed) deals the same cards
        random.Random(f"deck:{hand_number}").shuffle(deck)
        return deck

    def _hole(self, view: dict, seat: int) -> list[str]:
        deck = self._deck(view["hand"]["number"])
        dealt = sorted(s["seat"] for s in view["seats"] if s.get("status") == "in_hand")
        i = dealt.index(seat)
        return deck[2 * i : 2 * i + 2]

    def _board(self, view: dict) -> list[str]:
        deck = self._deck(view["hand"]["number"])
        dealt = [s for s in view["seats"] if s.get("status") == "in_hand"]
        rest = deck[2 * len(dealt) :]
        have = len(view["hand"]["board"])
        # burn, flop, burn, turn, burn, river
        positions = {0: [1, 2, 3], 3: [5], 4: [7]}[have]
        return [rest[p] for p in positions]

    def step(self) -> None:
        """Answer the current prompt once."""
        view = self.svc.view("dealer")
        code = view["prompt"]["code"]
        rng = self.rng
        if code in BETWEEN_HANDS:
            self._between_hands(view)
            if self._do({"cmd": "ok"}):
                self._maybe_misdeal_or_void()
            return
        if code in ("shuffle", "deal"):
            self._must({"cmd": "ok"})
            return
        if code in ("push", "voided", "hand_over"):
            if self._maybe_undo(0.05):
                return
            self._must({"cmd": "ok"})
            self.stats.hands += 1
            return
        if self._maybe_undo(0.04):
            return
        if code == "action":
            if rng.random() < 0.03 and self._out_of_turn(view):
                return
            if self.cash and rng.random() < 0.02:
                self._must({"cmd": "time"})  # C4: out of time
                return
            self._act(view)
        elif code == "burn_and_deal":
            self._must({"cmd": "board", "cards": self._board(view)}, "camera")
        elif code in ("show_first", "show", "must_show", "table_all"):
            seat = view["prompt"]["args"]["seats"][0] if code == "table_all" else view["prompt"]["args"]["seat"]
            if code == "show" and rng.random() < 0.3:
                self._must({"cmd": "muck", "seat": seat})
            else:
                self._must({"cmd": "show", "seat": seat, "cards": self._hole(view, seat)}, "camera")
        else:
            raise RuntimeError(f"simulate: unexpected prompt {view['prompt']}")

    def _maybe_undo(self, chance: float) -> bool:
        if self.rng.random() < chance and self._do({"cmd": "undo"}, "console"):
            self.stats.undos += 1
            return True
        return False

    def _maybe_misdeal_or_void(self) -> None:
        roll = self.rng.random()
        if roll < 0.01:
            self._must({"cmd": "misdeal"}, "console")
            self.stats.hands += 1
        elif roll < 0.02:
            self._must({"cmd": "void", "reason": "duplicate card"}, "console")

    def _out_of_turn(self, view: dict) -> bool:
        """Sometimes a player acts before their turn: the service holds the action (T46)."""
        waiting = [
            s["seat"]
            for s in view["seats"]
            if s.get("status") == "in_hand" and not s["folded"] and not s["all_in"] and not s["to_act"]
        ]
        if not waiting:
            return False
        command = {"cmd": self.rng.choice(["fold", "call", "check"]), "seat": self.rng.choice(waiting), "out_of_turn": True}
        return self._do(command)

    def _act(self, view: dict) -> None:
        legal = view["legal"]
        rng = self.rng
        options = legal["actions"]
        roll = rng.random()
        if ("raise" in options or "bet" in options) and roll < 0.2:
            word = "bet" if "bet" in options else "raise"
            self._must({"cmd": word, "to": rng.randint(legal["min_to"], legal["max_to"])})
            return
        if roll < 0.25:
            self._must({"cmd": "allin"})
        elif roll < 0.4 and "check" not in options:  # nobody folds for free (T41 is legal, but rare)
            self._must({"cmd": "fold"})
        elif "check" in options:
            self._must({"cmd": "check"})
        else:
            self._must({"cmd": "call"})

    def _rebuy(self, seat: int) -> None:
        if self.cash:
            self._must({"cmd": "buy_in", "seat": seat, "amount": self.buy_in}, "console")
        else:
            self._must({"cmd": "set_stack", "seat": seat, "stack": self.buy_in, "reason": "rebuy"}, "console")

    def _between_hands(self, view: dict) -> None:
        rng = self.rng
        for seat in view["seats"]:
            if seat["status"] == "empty":
                continue
            number = seat["seat"]
            if seat["stack"] == 0:
                if rng.random() < 0.7:
                    self._rebuy(number)
                else:
                    self._must({"cmd": "leave", "seat": number}, "console")
            elif seat["status"] == "sitting_out" and rng.random() < 0.5:
                post = rng.random() < 0.5 and not self.cash  # C2: at a cash table they wait for the BB
                self._must({"cmd": "sit_in", "seat": number, "post": post}, "console")
            elif seat["status"] != "sitting_out" and rng.random() < 0.03:
                self._must({"cmd": "sit_out", "seat": number}, "console")
        view = self.svc.view("dealer")
        playing = [s for s in view["seats"] if s["status"] not in ("empty", "sitting_out") and s["stack"]]
        if len(playing) < 3 or rng.random() < 0.05:
            self._seat_players()
