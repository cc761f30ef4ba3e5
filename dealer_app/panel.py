"""The panel controller: gives the button panel its poker meaning.

:mod:`hardware` reports plain presses and turns; this module turns them into table-service
commands (``docs/commands.md``), keeps a dialled amount inside the legal window of the
dealer view (``docs/views.md``), lets the dealer pick cards with the dial when no camera
reads them, and shows the result on the panel: the prompt and the amount on the display,
the seat to act on the seat lights, the showdown order as a chase, the winners flashing at
the push, a chirp when a command is accepted and the error beeps with the reason on the
display when it is refused.

Button meanings (also in ``docs/hardware.md``):

==============  =============================================================================
FOLD            fold; at the showdown the seat asked to show mucks
CHECK/CALL      check when nothing is owed, else call
BET/RAISE       open the amount dial at the minimum bet/raise; pressed again: send the amount
dial turn       change the amount by one chip per detent (more when turned fast), held inside
                the legal window; opens the dial when it is closed; picks a card when cards
                are due
dial push, OK   send the dialled amount / take the card shown; OK otherwise confirms the
                prompt (next hand, shuffle, deal, push) or starts picking the cards due
ALL-IN          all in
UNDO            long press: take back the last action (again: the one before); a short press
                closes the dial or takes back the last card picked, otherwise explains that
                UNDO must be held
FOLD+CHECK      pressed together at a cash table: the player to act is out of time (C4):
                ``time`` (checked if possible, else folded; sits out after the hand)
two at once     otherwise nothing is sent: error beeps, "One button at a time"
long press      of any other button: the same as a click (never repeats)
==============  =============================================================================
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from dealer_app.engine.cards import CARD_STRINGS
from dealer_app.money import format_money
from hardware.events import Chord, Click, Hold, PanelEvent, Turn
from hardware.panel import Panel
from hardware.pins import ButtonName

SOURCE = "button"
"""The event source of every command the panel sends."""
LOOP_SECONDS = 0.005
DIAL_CARDS: tuple[str, ...] = tuple(reversed(CARD_STRINGS))
"""The order the dial offers cards in: As Ah Ad Ac Ks ... 2c."""
SHOW_PROMPTS = ("show_first", "show", "must_show")
TIME_CHORD = frozenset({ButtonName.FOLD, ButtonName.CHECK_CALL})
"""FOLD and CHECK/CALL together: the player to act is out of time (C4, cash tables only).
The time-out is a check or a fold, the two buttons' own meanings."""

TEXT = {
    "en": {
        "refused": "REFUSED",
        "chord": "One button at a time",
        "hold_undo": "Hold UNDO to take back the last action",
        "nothing_to_log": "No action to log now",
        "no_dial": "No bet or raise possible now",
        "pick_first": "Pick the cards first: OK takes, UNDO goes back",
        "bet": "bet", "raise": "raise",
        "dial_title": "Seat {seat} {kind} to",
        "dial_help": "OK: send UNDO: cancel",
        "to_call": "To call {amount}",
        "check_or_bet": "Check or {kind}",
        "pot": "Pot {amount}",
        "start_hand": "Button to seat {button}",
        "start_hand_dead": "Dead button: seat {button}",
        "blinds": "SB seat {sb}, BB seat {bb}",
        "start_ok": "OK: start the hand",
        "push": "Push:",
        "push_pot": "{amount} to seat {seats}",
        "push_split": "{amount} split {seats}",
        "rake": "Rake {amount} (C5)",
        "cards_ok": "OK: pick the cards",
        "fold_mucks": "FOLD: muck",
        "flop": "Flop", "turn": "Turn", "river": "River", "seat": "Seat {seat}",
        "card_title": "{title} card {n} of {count}",
        "card_help": "OK: take UNDO: back",
    },
    "nl": {
        "refused": "GEWEIGERD",
        "chord": "Eén knop tegelijk",
        "hold_undo": "Houd UNDO ingedrukt om de laatste actie terug te nemen",
        "nothing_to_log": "Nu geen actie te noteren",
        "no_dial": "Nu geen bet of raise mogelijk",
        "pick_first": "Kies eerst de kaarten: OK neemt, UNDO gaat terug",
        "bet": "bet", "raise": "raise",
        "dial_title": "Stoel {seat} {kind} tot",
        "dial_help": "OK: stuur UNDO: stop",
        "to_call": "Te callen {amount}",
        "check_or_bet": "Check of {kind}",
        "pot": "Pot {amount}",
        "start_hand": "Button naar stoel {button}",
        "start_hand_dead": "Dode button: stoel {button}",
        "blinds": "SB stoel {sb}, BB stoel {bb}",
        "start_ok": "OK: start de hand",
        "push": "Schuif:",
        "push_pot": "{amount} naar stoel {seats}",
        "push_split": "{amount} gedeeld {seats}",
        "rake": "Rake {amount} (C5)",
        "cards_ok": "OK: kies de kaarten",
        "fold_mucks": "FOLD: weggooien",
        "flop": "Flop", "turn": "Turn", "river": "River", "seat": "Stoel {seat}",
        "card_title": "{title} kaart {n} van {count}",
        "card_help": "OK: neem UNDO: terug",
    },
}


class Service(Protocol):
    """What the controller needs of :class:`dealer_app.service.TableService`."""

    def execute(self, command: dict, source: str = ...) -> Any: ...
    def view(self, role: str = ..., lang: str = ...) -> dict: ...
    def subscribe(self, after_seq: int = ...) -> Any: ...


@dataclass(frozen=True)
class Feedback:
    """The outcome of one panel input, for the dealer console.

    ``command`` is what was sent to the table service (``None`` when the panel itself
    refused, e.g. for two buttons at once); ``reason`` is the dealer-readable refusal.
    """

    ok: bool
    command: dict | None
    reason: str | None


@dataclass
class DialState:
    """An amount being dialled: ``kind`` is ``bet`` or ``raise``, amounts are round totals."""

    seat: int
    kind: str
    amount: int
    low: int
    high: int

    def turn(self, steps: int) -> bool:
        """Move by ``steps`` chips, held inside ``[low, high]``; False when it could not move."""
        moved = min(self.high, max(self.low, self.amount + steps))
        changed = moved != self.amount
        self.amount = moved
        return changed


@dataclass
class CardEntry:
    """Cards being picked with the dial, for a ``board`` or a ``show`` command.

    ``choices`` are the cards not yet known in this hand, in :data:`DIAL_CARDS` order; the
    dial moves ``cursor`` over the choices not yet picked, wrapping around.

    >>> entry = CardEntry({"cmd": "board"}, "Turn", 1, ("As", "Ah", "Ad"))
    >>> entry.turn(-1); entry.current
    'Ad'
    >>> entry.take(); entry.chosen, entry.complete
    (['Ad'], True)
    """

    command: dict
    title: str
    count: int
    choices: tuple[str, ...]
    chosen: list[str] = field(default_factory=list)
    cursor: int = 0

    def available(self) -> list[str]:
        """Choices not picked yet."""
        return [card for card in self.choices if card not in self.chosen]

    @property
    def current(self) -> str:
        """The card the dial shows."""
        available = self.available()
        return available[self.cursor % len(available)]

    @property
    def complete(self) -> bool:
        """True when every card is picked."""
        return len(self.chosen) == self.count

    def turn(self, steps: int) -> None:
        """Move the dial ``steps`` cards (wrapping)."""
        self.cursor = (self.cursor + steps) % len(self.available())

    def take(self) -> None:
        """Pick the card shown; the dial then shows the next one."""
        self.chosen.append(self.current)
        self.cursor %= len(self.available())

    def back(self) -> bool:
        """Put back the last card picked; False when none was picked."""
        if not self.chosen:
            return False
        card = self.chosen.pop()
        self.cursor = self.available().index(card)
        return True

    def finished_command(self) -> dict:
        """The command to send once complete."""
        return {**self.command, "cards": list(self.chosen)}


def _table_language(service: Service) -> str:
    config = getattr(getattr(service, "model", None), "config", None)
    return str(getattr(config, "language", "en"))


class PanelController:
    """Connect a :class:`hardware.panel.Panel` to a table service.

    :param panel: the panel (real pins or MockFactory).
    :param service: the table service (``execute``, ``view``, ``subscribe``).
    :param lang: ``"en"`` or ``"nl"`` for the display; default: the table's configured
        language (``service.model.config.language``), else English.

    Call :meth:`process` regularly (a test does it after each press), or :meth:`start` a
    thread that does. Inputs from other sources (console, camera) reach the panel through
    the service's subscription, so the lights and display always follow the table.
    """

    def __init__(self, panel: Panel, service: Service, lang: str | None = None) -> None:
        self.panel = panel
        self.service = service
        self.lang = lang or _table_language(service)
        if self.lang not in TEXT:
            raise ValueError(f"unknown language {self.lang!r} (use en or nl)")
        self._mucked: dict[int, int] = {}
        """Seats mucked in the current hand, by the seq of their ``mucked`` event (the view
        does not list mucks; the showdown order must skip them)."""
        self._subscription = service.subscribe(after_seq=0)
        self._drain_subscription()
        self._listeners: list[Callable[[Feedback], None]] = []
        self._dial: DialState | None = None
        self._cards: CardEntry | None = None
        self._cards_prompt: dict | None = None
        self._notice: tuple[str, ...] | None = None
        self._view: dict = {}
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.feedback: Feedback | None = None
        """The outcome of the last panel input (``None`` before the first)."""
        self.refresh()

    # -- public -------------------------------------------------------------------------

    @property
    def view(self) -> dict:
        """The dealer view the panel shows now."""
        return self._view

    @property
    def dial(self) -> DialState | None:
        """The amount being dialled, or ``None``."""
        return self._dial

    @property
    def cards(self) -> CardEntry | None:
        """The cards being picked, or ``None``."""
        return self._cards

    def add_listener(self, listener: Callable[[Feedback], None]) -> None:
        """Call ``listener(feedback)`` after every panel input (from the processing thread)."""
        self._listeners.append(listener)

    def process(self) -> int:
        """Handle every panel event since the last call and follow new table events;
        return how many panel events were handled."""
        self._follow_table()
        events = self.panel.poll()
        for event in events:
            self.handle(event)
        self._follow_table()
        return len(events)

    def handle(self, event: PanelEvent) -> None:
        """Give one panel event its meaning."""
        self._notice = None
        if isinstance(event, Chord) and event.buttons == TIME_CHORD and self._cash_table():
            self._time_out()
        elif isinstance(event, Chord):
            self._refuse(None, TEXT[self.lang]["chord"])
        elif isinstance(event, Turn):
            self._turn(event.steps)
        elif isinstance(event, Hold) and event.button is ButtonName.UNDO:
            self._dial = self._cards = None
            self._send({"cmd": "undo"})
        elif isinstance(event, (Click, Hold)):
            if self._cards is not None:
                self._press_picking(event.button, self._cards)
            else:
                self._press(event.button)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the dealer view and update lights and display."""
        self._drain_subscription()
        self._view = self.service.view(role="dealer", lang=self.lang)
        self._check_dial()
        self._check_cards()
        self._show_lights()
        self._show_text()

    def start(self) -> None:
        """Process in a background thread every 5 ms until :meth:`stop`."""
        if self._thread is not None:
            raise RuntimeError("the panel controller is already running")
        self._stop.clear()

        def run() -> None:
            while not self._stop.is_set():
                self.process()
                self._stop.wait(LOOP_SECONDS)

        self._thread = threading.Thread(target=run, name="panel-controller", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the background thread (no-op if not running); closes the subscription."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
        self._subscription.close()

    # -- meaning of the buttons ------------------------------------------------------------

    def _press(self, button: ButtonName) -> None:
        legal = self._view.get("legal")
        if button is ButtonName.UNDO:
            if self._dial is not None:
                self._dial = None
            else:
                self._notice = (TEXT[self.lang]["hold_undo"],)
                self.panel.buzzer.play("attention")
        elif button in (ButtonName.OK_NEXT, ButtonName.DIAL) and self._dial is not None:
            self._send_dial()
        elif button in (ButtonName.OK_NEXT, ButtonName.DIAL) and self._cards_due():
            self._start_cards()
        elif button is ButtonName.BET_RAISE:
            if self._dial is not None:
                self._send_dial()
            else:
                self._open_dial(legal)
        elif button is ButtonName.OK_NEXT:
            self._send({"cmd": "ok"})
        elif button is ButtonName.DIAL:
            self._open_dial(legal)
        elif button is ButtonName.FOLD and legal is None and self._showing_seat() is not None:
            self._send({"cmd": "muck", "seat": self._showing_seat()})
        elif legal is None:
            self._refuse(None, f"{TEXT[self.lang]['nothing_to_log']}: {self._prompt_text()}")
        else:
            self._dial = None
            self._send(self._betting_command(button, legal))

    def _press_picking(self, button: ButtonName, entry: CardEntry) -> None:
        if button in (ButtonName.OK_NEXT, ButtonName.DIAL):
            entry.take()
            self.panel.buzzer.play("accept")
            if entry.complete:
                self._cards = None
                self._send(entry.finished_command())
        elif button is ButtonName.UNDO:
            if not entry.back():
                self._cards = None
        elif button is ButtonName.FOLD and self._showing_seat() is not None:
            self._cards = None
            self._send({"cmd": "muck", "seat": self._showing_seat()})
        else:
            self._refuse(None, TEXT[self.lang]["pick_first"])

    def _cash_table(self) -> bool:
        """True at a cash table (the view's posted cash rules, C1-C5)."""
        return bool((self._view.get("table") or {}).get("cash"))

    def _time_out(self) -> None:
        """C4: the seat whose light is on is out of time; the service checks or folds it."""
        legal = self._view.get("legal")
        if legal is None:
            self._refuse(None, f"{TEXT[self.lang]['nothing_to_log']}: {self._prompt_text()}")
            return
        self._dial = self._cards = None
        self._send({"cmd": "time", "seat": int(legal["seat"])})

    @staticmethod
    def _betting_command(button: ButtonName, legal: Mapping[str, Any]) -> dict:
        """The command for ``button``, naming the seat the lights show: if the action moved
        on meanwhile (the console acted), the service refuses instead of acting for the
        next seat."""
        seat = int(legal["seat"])
        if button is ButtonName.FOLD:
            return {"cmd": "fold", "seat": seat}
        if button is ButtonName.ALL_IN:
            return {"cmd": "allin", "seat": seat}
        return {"cmd": "check" if "check" in legal["actions"] else "call", "seat": seat}

    def _open_dial(self, legal: Mapping[str, Any] | None) -> None:
        kinds = [k for k in ("bet", "raise") if legal and k in legal["actions"]]
        if legal is None or not kinds or legal.get("min_to") is None:
            self._refuse(None, TEXT[self.lang]["no_dial"])
            return
        low, high = int(legal["min_to"]), int(legal["max_to"])
        self._dial = DialState(int(legal["seat"]), kinds[0], low, low, high)

    def _turn(self, steps: int) -> None:
        if self._cards is not None:
            self._cards.turn(steps)
        elif self._dial is not None:
            if not self._dial.turn(steps):
                self.panel.buzzer.play("refuse")
        elif self._cards_due():
            self._start_cards()
        else:
            self._open_dial(self._view.get("legal"))

    def _send_dial(self) -> None:
        dial = self._dial
        assert dial is not None
        self._send({"cmd": dial.kind, "to": dial.amount, "seat": dial.seat})

    def _send(self, command: dict) -> None:
        result = self.service.execute(command, source=SOURCE)
        if result.ok:
            self._dial = None
            self.panel.buzzer.play("accept")
            self._tell(Feedback(True, command, None))
        else:
            self._refuse(command, result.reason or "")

    def _refuse(self, command: dict | None, reason: str) -> None:
        self.panel.buzzer.play("refuse")
        self._notice = (TEXT[self.lang]["refused"], reason)
        self._tell(Feedback(False, command, reason))

    def _tell(self, feedback: Feedback) -> None:
        self.feedback = feedback
        for listener in self._listeners:
            listener(feedback)

    # -- picking cards -----------------------------------------------------------------------

    def _cards_due(self) -> bool:
        """True when the prompt waits for cards (board, or a seat's show)."""
        return self._card_target() is not None

    def _card_target(self) -> tuple[dict, str, int] | None:
        """(command without cards, title, number of cards) for the prompt, or ``None``."""
        prompt = self._view.get("prompt") or {}
        code, args, words = prompt.get("code"), prompt.get("args") or {}, TEXT[self.lang]
        if code == "burn_and_deal":
            street = args.get("street", "flop")
            return {"cmd": "board"}, words[street], 3 if street == "flop" else 1
        seat: int | None = None
        if code in SHOW_PROMPTS:
            seat = int(args["seat"])
        elif code == "table_all":
            shown = {s["seat"] for s in self._view["seats"] if s.get("cards")}
            seat = next((int(s) for s in args["seats"] if int(s) not in shown), None)
        if seat is None:
            return None
        return {"cmd": "show", "seat": seat}, words["seat"].format(seat=seat), 2

    def _start_cards(self) -> None:
        target = self._card_target()
        assert target is not None
        command, title, count = target
        hand = self._view.get("hand") or {}
        known = set(hand.get("board") or [])
        for seat in self._view["seats"]:
            known.update(seat.get("cards") or [])
        choices = tuple(card for card in DIAL_CARDS if card not in known)
        self._cards = CardEntry(command, title, count, choices)
        self._cards_prompt = self._view.get("prompt")

    def _check_cards(self) -> None:
        """Stop picking when the prompt changed (the camera or the console gave the cards)."""
        if self._cards is not None and self._view.get("prompt") != self._cards_prompt:
            self._cards = None

    # -- what the panel shows ----------------------------------------------------------------

    def _check_dial(self) -> None:
        """Close the dial when the table moved on (another seat to act, a new window)."""
        dial, legal = self._dial, self._view.get("legal")
        if dial is None:
            return
        if (
            legal is None
            or legal["seat"] != dial.seat
            or dial.kind not in legal["actions"]
            or (legal["min_to"], legal["max_to"]) != (dial.low, dial.high)
        ):
            self._dial = None

    def _show_lights(self) -> None:
        view = self._view
        prompt = view.get("prompt") or {}
        code, args = prompt.get("code"), prompt.get("args") or {}
        lights = self.panel.lights
        if view.get("legal"):
            lights.steady([view["legal"]["seat"]])
        elif code in SHOW_PROMPTS:
            lights.chase(self._showdown_order(int(args["seat"])))
        elif code == "table_all":
            lights.chase([int(seat) for seat in args["seats"]])
        elif code == "push":
            winners = {int(seat) for pot in args["pots"] for seat in pot["winners"]}
            lights.flash(sorted(winners))
        elif code == "deal":
            lights.steady([int(args["seat"])])
        else:
            lights.off()

    def _showdown_order(self, first: int) -> list[int]:
        """Seats still to show, clockwise from ``first`` (P3)."""
        waiting = [
            s["seat"] for s in self._view["seats"]
            if s.get("status") == "in_hand" and not s.get("folded") and s.get("cards") is None
            and s["seat"] not in self._mucked.values()
        ]
        if first not in waiting:
            return [first]
        start = waiting.index(first)
        return waiting[start:] + waiting[:start]

    def _showing_seat(self) -> int | None:
        prompt = self._view.get("prompt") or {}
        if prompt.get("code") in ("show_first", "show"):
            return int(prompt["args"]["seat"])
        return None

    def _prompt_text(self) -> str:
        return (self._view.get("prompt") or {}).get("text", "")

    def _money(self, amount: int) -> str:
        table = self._view["table"]
        return format_money(amount, table["chip_cents"], table["currency"], self.lang)

    def _show_text(self) -> None:
        words = TEXT[self.lang]
        if self._notice is not None:
            self.panel.display.show([*self._notice, self._prompt_text()])
        elif self._cards is not None:
            entry = self._cards
            self.panel.display.show([
                words["card_title"].format(
                    title=entry.title, n=len(entry.chosen) + 1, count=entry.count
                ),
                f"> {entry.current} <",
                " ".join(entry.chosen),
                words["card_help"],
            ])
        elif self._dial is not None:
            dial = self._dial
            self.panel.display.show([
                words["dial_title"].format(seat=dial.seat, kind=words[dial.kind]),
                self._money(dial.amount),
                f"{self._money(dial.low)} - {self._money(dial.high)}",
                words["dial_help"],
            ])
        else:
            self.panel.display.show(self._compact_prompt() or self._prompt_lines())

    def _prompt_lines(self) -> list[str]:
        words = TEXT[self.lang]
        lines = [self._prompt_text()]
        if self._cards_due():
            lines.append(words["cards_ok"])
        if self._showing_seat() is not None:
            lines.append(words["fold_mucks"])
        legal, hand = self._view.get("legal"), self._view.get("hand")
        if legal:
            if legal.get("call"):
                lines.append(words["to_call"].format(amount=self._money(legal["call"])))
            elif "bet" in legal["actions"]:
                lines.append(words["check_or_bet"].format(kind=words["bet"]))
        if hand and hand.get("total_pot"):
            lines.append(words["pot"].format(amount=self._money(hand["total_pot"])))
        return lines

    def _compact_prompt(self) -> list[str] | None:
        """Short display lines for the prompts whose full sentence does not fit 4x21
        characters (start of a hand, the push); ``None`` for the others."""
        prompt = self._view.get("prompt") or {}
        code, args, words = prompt.get("code"), prompt.get("args") or {}, TEXT[self.lang]
        if code in ("start_hand", "start_hand_dead"):
            return [
                words[code].format(button=args["button"]),
                words["blinds"].format(sb=args["sb"], bb=args["bb"]),
                words["start_ok"],
            ]
        if code == "push":
            lines = [words["push"]]
            for pot in args["pots"]:
                seats = ", ".join(str(seat) for seat in pot["winners"])
                key = "push_pot" if len(pot["winners"]) == 1 else "push_split"
                lines.append(words[key].format(amount=self._money(pot["amount"]), seats=seats))
            if args.get("rake"):  # a cash table's rake (C5), taken before the push
                lines.append(words["rake"].format(amount=self._money(args["rake"])))
            return lines
        return None

    # -- following the table -----------------------------------------------------------------

    def _follow_table(self) -> None:
        """Refresh when the log holds events the shown view does not (console, camera)."""
        mucked = dict(self._mucked)
        last = self._drain_subscription()
        if last > self._view.get("seq", 0):
            self._notice = None
            self.refresh()
        elif mucked != self._mucked:
            self.refresh()

    def _drain_subscription(self) -> int:
        """Read every new event (tracking mucks); return the last sequence number read."""
        last = 0
        while (event := self._subscription.get(timeout=0)) is not None:
            last = event.seq
            if event.type == "hand_started":
                self._mucked.clear()
            elif event.type == "mucked":
                self._mucked[event.seq] = int(event.payload["seat"])
            elif event.type == "undone":
                self._mucked.pop(int(event.payload["seq"]), None)
        return last
