"""The camera's poker sense: stable zone facts from :mod:`vision` -> table commands and alarms.

vision/ reports plain facts ("board: Qs 9s 3c", "reader: Ah Kd", "loose: 7c"). This module
knows the hand: it reads the dealer view of the table service, sends ``board`` and ``show``
commands with source ``"camera"`` when the dealer is prompted for them, and raises an
:class:`Alarm` instead when the cards break the procedure:

* ``duplicate_card`` - a card seen twice in one hand (deck problem; the hand may be void);
* ``too_many_board_cards`` - more board cards than the street allows (a four-card flop);
* ``premature_board_card`` - a board card before the betting round is closed;
* ``card_exposed`` - a card face up outside the board and reader zones;
* ``reader_overfull`` - more than two cards in the reader zone;
* ``command_refused`` - the service refused the camera's command (its reason is kept).

The first four are integrity alarms: each is sent to the table service as an ``alarm``
command (source ``"camera"``, docs/commands.md), which logs it and turns the dealer's prompt
into its procedure until the dealer resolves it. While an alarm is open the service holds
the camera's commands, so CardWatch keeps the latest fact of each zone and hands it on once
the alarm is resolved (:meth:`CardWatch.resume`). The other two only reach ``on_alarm``.
An alarm never changes the cards or chips of the hand.

>>> from vision.stabilise import ZoneFact
>>> class Table:
...     sent = []
...     def view(self, role="dealer", lang="en"):
...         return {"hand": {"number": 1, "board": [], "phase": "preflop"}, "seats": [],
...                 "prompt": {"code": "action", "text": "Action on seat 4", "args": {"seat": 4}}}
...     def execute(self, command, source):
...         self.sent.append((command["cmd"], command["code"], source))
...         return {"ok": True, "seqs": [12]}
>>> [(a.code, a.seq) for a in CardWatch(Table()).handle(ZoneFact("board", ("Qs", "9s", "3c")))]
[('premature_board_card', 12)]
>>> Table.sent
[('alarm', 'premature_board_card', 'camera')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from vision.stabilise import ZoneFact

#: Alarms the table service records (the others only reach ``on_alarm``).
SERVICE_ALARMS = ("duplicate_card", "too_many_board_cards", "premature_board_card", "card_exposed")

#: Board cards the table must show once each street is dealt.
STREET_TOTAL = {"flop": 3, "turn": 4, "river": 5}

_TEXTS = {
    "duplicate_card": {
        "en": "Card {cards} seen twice in this hand: stop the hand and check the deck; "
              "with a duplicate card the hand is void and all bets are returned.",
        "nl": "Kaart {cards} twee keer gezien in deze hand: stop de hand en controleer het "
              "deck; met een dubbele kaart is de hand ongeldig en gaan alle inzetten terug.",
    },
    "too_many_board_cards": {
        "en": "{count} board cards where the {street} allows {allowed}: scramble the cards "
              "of this street face down; one becomes the next burn card, the rest stay.",
        "nl": "{count} kaarten op het bord waar de {street} er {allowed} toestaat: schud de "
              "kaarten van deze straat gedekt; een ervan wordt de volgende brandkaart.",
    },
    "premature_board_card": {
        "en": "Board card {cards} dealt before the betting round closed: set it aside; it goes "
              "back into the stub, which is shuffled before the next card is dealt.",
        "nl": "Bordkaart {cards} gedeeld voor de inzetronde klaar was: leg ze apart; ze gaat "
              "terug in de stapel, die geschud wordt voor de volgende kaart.",
    },
    "card_exposed": {
        "en": "Card {cards} lies face up outside the board and reader zones: if it was "
              "exposed in the deal, finish the deal, replace it and use it as the burn card.",
        "nl": "Kaart {cards} ligt open buiten het bord en de lezer: werd ze bij het delen "
              "getoond, deel verder, vervang ze en gebruik ze als brandkaart.",
    },
    "reader_overfull": {
        "en": "{count} cards in the reader zone: lay one player's two cards at a time.",
        "nl": "{count} kaarten in de lezer: leg de twee kaarten van een speler tegelijk.",
    },
    "command_refused": {
        "en": "Camera read {cards}, refused: {reason} Enter the cards by hand.",
        "nl": "Camera las {cards}, geweigerd: {reason} Geef de kaarten met de hand in.",
    },
}


class TableLike(Protocol):
    """What CardWatch needs of :class:`dealer_app.service.TableService`."""

    def view(self, role: str = "public", lang: str = "en") -> dict: ...

    def execute(self, command: dict, source: str) -> Any: ...


@dataclass(frozen=True)
class Alarm:
    """An integrity alarm for the dealer console: ``code``, the cards involved, the text;
    ``seq`` is the number of its ``alarm`` event in the table's log (None when the service
    did not record it: not an integrity alarm, or the same alarm is already open)."""

    code: str
    cards: tuple[str, ...]
    text: str
    args: dict = field(default_factory=dict)
    seq: int | None = None


class CardWatch:
    """Feeds stable zone facts into a table service.

    ``service`` has ``view(role, lang)`` and ``execute(command, source)`` (the table
    service API of ``docs/commands.md``); ``on_alarm`` is called with every alarm.
    """

    def __init__(self, service: TableLike, lang: str = "en",
                 on_alarm: Callable[[Alarm], None] | None = None) -> None:
        self.service = service
        self.lang = lang
        self.on_alarm = on_alarm
        self._hand: int | None = None
        self._seen: set[str] = set()
        self.sent: list[dict] = []
        self._held: dict[str, ZoneFact] = {}

    def _alarm(self, code: str, cards: tuple[str, ...], **args: Any) -> Alarm:
        text = _TEXTS[code][self.lang].format(cards=" ".join(cards), **args)
        seq = None
        if code in SERVICE_ALARMS:
            command = {"cmd": "alarm", "code": code, "cards": list(cards), "detail": text}
            result = self.service.execute(command, "camera")
            if _field(result, "ok"):
                seq = (_field(result, "seqs") or [None])[0]
        alarm = Alarm(code, cards, text, args, seq)
        if self.on_alarm:
            self.on_alarm(alarm)
        return alarm

    def _known(self, view: dict) -> set[str]:
        hand = view.get("hand") or {}
        number = hand.get("number")
        if number != self._hand:
            self._hand, self._seen = number, set()
        known = set(hand.get("board") or [])
        for seat in view.get("seats") or []:
            known.update(seat.get("cards") or [])
        return known

    def _duplicates(self, cards: tuple[str, ...], known: set[str]) -> tuple[str, ...]:
        twice = {c for c in cards if cards.count(c) > 1}
        return tuple(sorted(twice | {c for c in cards if c in known}))

    def _send(self, command: dict, cards: tuple[str, ...]) -> list[Alarm]:
        result = self.service.execute(command, "camera")
        if _field(result, "ok"):
            self.sent.append(command)
            return []
        return [self._alarm("command_refused", cards, reason=_field(result, "reason") or "")]

    def handle(self, fact: ZoneFact) -> list[Alarm]:
        """Act on one fact; return the alarms it raised (also passed to ``on_alarm``).

        While the table has an open alarm the fact is held (the latest per zone) for
        :meth:`resume`.
        """
        view = self.service.view(role="dealer", lang=self.lang)
        hand = view.get("hand")
        if not hand:
            self._held.clear()
            return []
        if view["prompt"].get("code") == "alarm":
            self._held[fact.zone] = fact
            return []
        self._held.pop(fact.zone, None)
        if not fact.cards:
            return []
        known = self._known(view)
        if fact.zone == "board":
            return self._board(fact.cards, hand, view["prompt"], known)
        if fact.zone == "reader":
            return self._reader(fact.cards, view, known)
        return self._loose(fact.cards, known)

    def resume(self) -> list[Alarm]:
        """Hand on the facts held during an alarm once the dealer resolved it (call often:
        it does nothing while nothing is held)."""
        if not self._held:
            return []
        view = self.service.view(role="dealer", lang=self.lang)
        if view.get("hand") and view["prompt"].get("code") == "alarm":
            return []
        held, self._held = list(self._held.values()), {}
        return [alarm for fact in held for alarm in self.handle(fact)]

    def _board(self, cards: tuple[str, ...], hand: dict, prompt: dict, known: set[str]) -> list[Alarm]:
        board = list(hand.get("board") or [])
        new = tuple(c for c in cards if c not in board)
        if not new:
            return []
        twice = self._duplicates(new, known | self._seen - set(board))
        if twice:
            return [self._alarm("duplicate_card", twice)]
        if prompt.get("code") != "burn_and_deal":
            return [self._alarm("premature_board_card", new)]
        street = prompt["args"]["street"]
        allowed = STREET_TOTAL[street]
        if len(board) + len(new) > allowed:
            return [self._alarm("too_many_board_cards", tuple(cards), count=len(board) + len(new),
                                street=street, allowed=allowed)]
        if len(board) + len(new) < allowed:
            return []  # the dealer is still laying out the street
        self._seen.update(new)
        return self._send({"cmd": "board", "cards": list(new)}, new)

    def _reader(self, cards: tuple[str, ...], view: dict, known: set[str]) -> list[Alarm]:
        if len(cards) > 2:
            return [self._alarm("reader_overfull", cards, count=len(cards))]
        if len(cards) < 2:
            return []
        prompt = view["prompt"]
        seats = {s["seat"]: s for s in view.get("seats") or []}
        if prompt.get("code") in ("show_first", "show"):
            seat = prompt["args"]["seat"]
        elif prompt.get("code") == "table_all":
            waiting = [s for s in prompt["args"]["seats"] if not (seats.get(s) or {}).get("cards")]
            if not waiting:
                return []
            seat = waiting[0]
        else:
            return [self._alarm("card_exposed", cards)]
        if set(cards) == set((seats.get(seat) or {}).get("cards") or []):
            return []
        twice = self._duplicates(cards, known | self._seen)
        if twice:
            return [self._alarm("duplicate_card", twice)]
        self._seen.update(cards)
        return self._send({"cmd": "show", "seat": seat, "cards": list(cards)}, cards)

    def _loose(self, cards: tuple[str, ...], known: set[str]) -> list[Alarm]:
        twice = self._duplicates(cards, known | self._seen)
        alarms = [self._alarm("duplicate_card", twice)] if twice else []
        self._seen.update(cards)
        return alarms + [self._alarm("card_exposed", cards)]


def _field(result: Any, name: str) -> Any:
    """A field of the service's answer: a ``CommandResult`` or a dict."""
    return result.get(name) if isinstance(result, dict) else getattr(result, name, None)
