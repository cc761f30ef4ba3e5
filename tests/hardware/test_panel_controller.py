"""The panel controller on a real TableService, driven only by MockFactory pin presses.

Cards are picked with the dial (no camera) or, where a test says so, come from the camera
source; every other input of the hand is a pin change on the panel.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from dealer_app.engine.table import Level
from dealer_app.panel import Feedback, PanelController
from dealer_app.service import TableConfig, TableService
from hardware.clock import ManualClock
from hardware.lights import LightsState
from hardware.panel import Panel
from hardware.virtual import VirtualPanel

NO_LIMIT = TableConfig(seats=4, structure="no-limit", levels=(Level(sb=1, bb=2, ante=0),))


class Table:
    """A 3-player no-limit table (blinds 1/2 units of EUR 0.25, button on seat 1) with a
    panel on MockFactory pins and a manual clock."""

    def __init__(self, data: Path, factory: MockFactory, lang: str | None = None) -> None:
        self.service = TableService.open(data, NO_LIMIT)
        for seat, name, stack in ((1, "Ann", 20), (2, "Bob", 100), (3, "Cy", 100)):
            assert self.service.execute(
                {"cmd": "join", "seat": seat, "name": name, "stack": stack}, source="console"
            ).ok
        assert self.service.execute({"cmd": "button", "seat": 1}, source="console").ok
        self.clock = ManualClock(start=10.0)
        self.panel = Panel(pin_factory=factory, clock=self.clock)
        self.virtual = VirtualPanel(self.panel)
        self.controller = PanelController(self.panel, self.service, lang=lang)
        self.feedback: list[Feedback] = []
        self.controller.add_listener(self.feedback.append)

    def press(self, button: str) -> None:
        self.virtual.click(button)
        self.controller.process()

    def hold(self, button: str) -> None:
        self.virtual.hold(button)
        self.controller.process()

    def turn(self, detents: int, interval: float = 0.3) -> None:
        self.virtual.turn(detents, interval)
        self.controller.process()

    def pick(self, card: str) -> None:
        """Turn the dial slowly (one card a detent) to ``card`` and take it with OK."""
        entry = self.controller.cards
        assert entry is not None
        available = entry.available()
        distance = (available.index(card) - entry.cursor) % len(available)
        if distance > len(available) // 2:
            distance -= len(available)
        self.turn(distance)
        assert entry.current == card
        self.press("ok_next")

    def pick_cards(self, *cards: str) -> None:
        self.press("ok_next")  # start picking the cards the prompt waits for
        for card in cards:
            self.pick(card)

    def camera(self, command: dict) -> None:
        assert self.service.execute(command, source="camera").ok
        self.controller.process()

    @property
    def prompt(self) -> str:
        return self.controller.view["prompt"]["code"]

    @property
    def lights(self) -> LightsState:
        return self.panel.lights.state

    @property
    def display(self) -> tuple[str, ...]:
        return self.panel.display.lines

    def stacks(self) -> dict[int, int]:
        seats = self.service.view(role="dealer")["seats"]
        return {s["seat"]: s["stack"] for s in seats if s["status"] != "empty"}

    def seq(self) -> int:
        return self.service.view(role="dealer")["seq"]

    def events(self) -> list:
        sub = self.service.subscribe(after_seq=0)
        found = []
        while (event := sub.get(timeout=0)) is not None:
            found.append(event)
        sub.close()
        return found

    def sounds(self) -> list[str]:
        return list(self.panel.buzzer.played)

    def to_preflop_action(self) -> None:
        self.press("ok_next")  # start the hand: button 1, SB 2, BB 3
        self.press("ok_next")  # shuffled
        self.press("ok_next")  # dealt

    def close(self) -> None:
        self.controller.stop()
        self.panel.close()
        self.service.close()


@pytest.fixture
def table(tmp_path: Path, factory: MockFactory) -> Iterator[Table]:
    t = Table(tmp_path, factory)
    yield t
    t.close()


def test_full_hand_by_pin_presses_only_blinds_raise_reraise_allin_side_pot_showdown_award_b1_a2_p1_p3_p4(
    table: Table,
) -> None:
    assert (table.prompt, table.lights) == ("start_hand", LightsState("off", ()))
    assert table.display == ("Button to seat 1", "SB seat 2, BB seat 3", "OK: start the hand")
    table.press("ok_next")
    assert (table.prompt, table.lights) == ("shuffle", LightsState("off", ()))
    assert table.stacks() == {1: 20, 2: 99, 3: 98}
    table.press("ok_next")
    assert (table.prompt, table.lights) == ("deal", LightsState("steady", (2,)))
    table.press("ok_next")
    # B1: preflop starts left of the big blind: seat 1 (the button, three-handed)
    assert (table.prompt, table.lights) == ("action", LightsState("steady", (1,)))
    assert table.display == ("Action on seat 1", "To call EUR 0.50", "Pot EUR 0.75")

    table.press("bet_raise")  # the dial opens at the minimum raise, to 4
    assert table.display == ("Seat 1 raise to", "EUR 1.00", "EUR 1.00 - EUR 5.00", "OK: send UNDO: cancel")
    table.turn(+2)
    table.press("ok_next")  # raise to 6
    assert table.lights == LightsState("steady", (2,))
    assert table.feedback[-1] == Feedback(True, {"cmd": "raise", "to": 6, "seat": 1}, None)

    table.press("bet_raise")  # re-raise: minimum to 10 (L1)
    assert table.controller.dial is not None
    assert (table.controller.dial.low, table.controller.dial.high) == (10, 100)
    table.turn(+4)
    table.press("encoder_push")  # raise to 14
    assert table.feedback[-1].command == {"cmd": "raise", "to": 14, "seat": 2}
    assert table.lights == LightsState("steady", (3,))

    table.press("check_call")  # seat 3 calls 14
    assert table.lights == LightsState("steady", (1,))
    table.press("all_in")  # seat 1 all in for 20: a short raise (A2)
    assert table.feedback[-1].command == {"cmd": "allin", "seat": 1}
    assert table.lights == LightsState("steady", (2,))
    assert "raise" not in table.controller.view["legal"]["actions"]  # A2: not reopened
    table.press("check_call")
    table.press("check_call")
    assert (table.prompt, table.lights) == ("burn_and_deal", LightsState("off", ()))
    assert table.display == ("Burn and deal the", "flop", "OK: pick the cards", "Pot EUR 15.00")
    assert table.stacks() == {1: 0, 2: 80, 3: 80}

    table.pick_cards("Ah", "Kd", "7c")
    assert table.feedback[-1].command == {"cmd": "board", "cards": ["Ah", "Kd", "7c"]}
    assert table.lights == LightsState("steady", (2,))  # first active left of the button
    table.press("bet_raise")
    assert table.display[0] == "Seat 2 bet to"
    table.turn(+8)
    table.press("ok_next")  # bet 10 into the side pot
    table.press("check_call")  # seat 3 calls
    table.pick_cards("2s")
    table.press("check_call")
    table.press("check_call")
    table.pick_cards("9h")
    table.press("check_call")
    table.press("check_call")

    # P3 with TDA 16: a player is all in, so every hand is tabled, none may be mucked; the
    # river was checked through, so the order starts left of the button
    assert (table.prompt, table.lights) == ("table_all", LightsState("chase", (2, 3, 1)))
    table.pick_cards("Kh", "Ks")
    assert table.feedback[-1].command == {"cmd": "show", "seat": 2, "cards": ["Kh", "Ks"]}
    assert table.lights == LightsState("chase", (3, 1))
    assert table.display == (
        "All in: seats 3 and 1", "table their cards", "OK: pick the cards", "Pot EUR 20.00"
    )
    table.press("fold")  # seat 3 tries to muck: refused, nothing logged
    assert table.feedback[-1] == Feedback(
        False, None, "No action to log now: All in: seats 3 and 1 table their cards"
    )
    assert table.display[0] == "REFUSED"
    table.pick_cards("Qh", "Qd")
    assert table.feedback[-1] == Feedback(True, {"cmd": "show", "seat": 3, "cards": ["Qh", "Qd"]}, None)
    assert (table.prompt, table.lights) == ("table_all", LightsState("chase", (1,)))
    table.pick_cards("As", "Ad")

    # P1/P4: main pot 60 to seat 1 (aces), side pot 20 to seat 2 (kings)
    assert (table.prompt, table.lights) == ("push", LightsState("flash", (1, 2)))
    pots = table.controller.view["prompt"]["args"]["pots"]
    assert sorted((p["amount"], p["winners"]) for p in pots) == [(20, {"2": 20}), (60, {"1": 60})]
    assert table.display[0] == "Push:"
    assert sorted(table.display[1:]) == ["EUR 15.00 to seat 1", "EUR 5.00 to seat 2"]
    table.press("ok_next")
    assert table.stacks() == {1: 60, 2: 90, 3: 70}
    assert (table.prompt, table.lights) == ("start_hand", LightsState("off", ()))

    hand_events = table.events()[5:]  # after the table set-up by the console
    assert hand_events[0].type == "hand_started"
    assert {e.source for e in hand_events} == {"button"}
    assert [e.type for e in hand_events].count("action") == 12
    assert [fb.ok for fb in table.feedback].count(False) == 1  # only the refused muck


def test_dial_stays_inside_the_legal_window_however_it_is_turned(table: Table) -> None:
    table.to_preflop_action()
    table.press("bet_raise")
    dial = table.controller.dial
    assert dial is not None and (dial.kind, dial.amount, dial.low, dial.high) == ("raise", 4, 4, 20)
    refusals = table.sounds().count("refuse")
    table.turn(-3)
    assert dial.amount == 4
    assert table.sounds().count("refuse") == refusals + 3
    table.turn(+30, interval=0.01)  # fast: accelerated, stops at the stack
    assert dial.amount == 20
    assert table.display[1:3] == ("EUR 5.00", "EUR 1.00 - EUR 5.00")
    rng = random.Random(6)
    for _ in range(40):
        table.turn(rng.choice([-1, 1]) * rng.randint(1, 4), interval=rng.choice([0.01, 0.04, 0.3]))
        assert 4 <= dial.amount <= 20
    amount = dial.amount
    table.press("ok_next")
    assert table.feedback[-1].command == {"cmd": "raise", "to": amount, "seat": 1}
    assert table.controller.view["seats"][0]["bet"] == amount


def test_turning_opens_the_dial_at_the_minimum(table: Table) -> None:
    table.to_preflop_action()
    table.turn(+1)
    assert table.controller.dial is not None and table.controller.dial.amount == 4
    table.turn(+1)
    assert table.controller.dial.amount == 5


def test_undo_by_long_press_takes_back_the_last_action_then_the_one_before(table: Table) -> None:
    table.to_preflop_action()
    table.press("check_call")  # seat 1 calls
    table.press("bet_raise")
    table.press("bet_raise")  # seat 2 raises to 4
    assert table.lights == LightsState("steady", (3,))
    seq = table.seq()

    table.press("undo")  # a short press never undoes
    assert table.seq() == seq
    assert table.display == ("Hold UNDO to take", "back the last action", "Action on seat 3")
    assert table.sounds()[-1] == "attention"

    table.hold("undo")
    assert table.feedback[-1] == Feedback(True, {"cmd": "undo"}, None)
    assert table.lights == LightsState("steady", (2,))
    assert table.controller.view["seats"][1]["bet"] == 1
    table.hold("undo")
    assert table.lights == LightsState("steady", (1,))
    assert table.controller.view["seats"][0]["bet"] == 0
    assert table.stacks() == {1: 20, 2: 99, 3: 98}
    assert [e.type for e in table.events()][-2:] == ["undone", "undone"]


def test_short_undo_closes_the_dial_without_sending(table: Table) -> None:
    table.to_preflop_action()
    table.press("bet_raise")
    seq = table.seq()
    table.press("undo")
    assert table.controller.dial is None
    assert table.seq() == seq
    assert table.display[0] == "Action on seat 1"


@pytest.mark.parametrize("button", ["fold", "check_call", "bet_raise", "all_in", "encoder_push"])
def test_a_press_while_no_action_is_legal_beeps_and_changes_nothing(table: Table, button: str) -> None:
    table.press("ok_next")  # shuffle prompt: no betting
    seq, view = table.seq(), table.service.view(role="dealer")
    table.press(button)
    assert table.seq() == seq
    assert table.service.view(role="dealer") == view
    assert table.sounds()[-1] == "refuse"
    assert table.feedback[-1].ok is False
    assert table.display[0] == "REFUSED"
    assert table.lights == LightsState("off", ())


def test_ok_during_betting_is_refused_with_the_service_reason(table: Table) -> None:
    table.to_preflop_action()
    seq = table.seq()
    table.press("ok_next")
    assert table.seq() == seq
    assert table.feedback[-1] == Feedback(
        False, {"cmd": "ok"}, "Nothing to confirm now: action is on seat 1"
    )
    assert table.display == ("REFUSED", "Nothing to confirm", "now: action is on", "seat 1")
    assert table.sounds()[-1] == "refuse"


def test_refusal_text_clears_at_the_next_input(table: Table) -> None:
    table.to_preflop_action()
    table.press("ok_next")
    table.press("check_call")
    assert table.display[0] == "Action on seat 2"


def test_two_buttons_at_once_send_nothing(table: Table) -> None:
    table.to_preflop_action()
    seq = table.seq()
    table.virtual.chord("fold", "check_call")
    table.controller.process()
    assert table.seq() == seq
    assert table.feedback[-1] == Feedback(False, None, "One button at a time")
    assert table.sounds()[-1] == "refuse"


def test_bouncing_button_is_one_action(table: Table) -> None:
    table.to_preflop_action()
    seq = table.seq()
    table.virtual.bounce("check_call", toggles=10, within=0.005)
    table.clock.advance(0.5)
    table.controller.process()
    assert table.seq() == seq + 1
    assert [e.payload["action"] for e in table.events() if e.type == "action"] == ["call"]
    assert table.lights == LightsState("steady", (2,))


def test_long_press_of_an_action_button_acts_once(table: Table) -> None:
    table.to_preflop_action()
    seq = table.seq()
    table.virtual.hold("fold", seconds=3.0)
    table.controller.process()
    assert table.seq() == seq + 1
    assert table.lights == LightsState("steady", (2,))


def test_lights_follow_actions_from_the_console(table: Table) -> None:
    table.to_preflop_action()
    assert table.service.execute({"cmd": "fold", "seat": 1}, source="console").ok
    table.controller.process()
    assert table.lights == LightsState("steady", (2,))
    assert table.display[0] == "Action on seat 2"


def test_a_press_meant_for_a_seat_the_console_already_acted_for_is_refused(table: Table) -> None:
    """The seat lit is the seat the press is for: if the console acted in between (before the
    panel saw it), the service refuses rather than folding the next seat."""
    table.to_preflop_action()
    table.virtual.click("fold")  # pressed while seat 1 is lit ...
    assert table.service.execute({"cmd": "call", "seat": 1}, source="console").ok  # ... console first
    (press,) = table.panel.poll()  # the panel thread reaches the press before the event
    table.controller.handle(press)
    assert table.feedback[-1] == Feedback(
        False, {"cmd": "fold", "seat": 1}, "Action is on seat 2, not seat 1"
    )
    assert table.controller.view["seats"][1]["folded"] is False


def test_refusal_stays_on_the_display_after_an_accepted_press_in_the_same_round(table: Table) -> None:
    table.to_preflop_action()
    table.virtual.click("check_call")  # accepted: seat 1 calls
    table.virtual.click("ok_next")  # refused: action is on seat 2
    table.controller.process()
    table.controller.process()
    assert table.display[0] == "REFUSED"


def test_dial_closes_when_the_console_acts_for_the_seat(table: Table) -> None:
    table.to_preflop_action()
    table.press("bet_raise")
    assert table.service.execute({"cmd": "call", "seat": 1}, source="console").ok
    table.controller.process()
    assert table.controller.dial is None
    assert table.display[0] == "Action on seat 2"


def test_display_speaks_the_table_language_by_default(tmp_path: Path, factory: MockFactory) -> None:
    service = TableService.open(tmp_path, replace(NO_LIMIT, language="nl"))
    with Panel(pin_factory=factory, clock=ManualClock()) as panel:
        controller = PanelController(panel, service)
        assert controller.lang == "nl"
        assert panel.display.lines == ("Plaats minstens twee", "spelers")
        controller.stop()
    service.close()


def test_dutch_display(tmp_path: Path, factory: MockFactory) -> None:
    table = Table(tmp_path, factory, lang="nl")
    try:
        table.to_preflop_action()
        assert table.display == ("Actie bij stoel 1", "Te callen EUR 0,50", "Pot EUR 0,75")
        table.press("bet_raise")
        assert table.display[0] == "Stoel 1 raise tot"
        table.press("ok_next")
        table.press("ok_next")
        assert table.display[0] == "GEWEIGERD"
    finally:
        table.close()


def test_split_pot_flashes_every_winner_p5(table: Table) -> None:
    table.to_preflop_action()
    for button in ("check_call", "check_call", "check_call"):  # call, call, BB checks
        table.press(button)
    for cards in (["As", "Ks", "Qs"], ["Js"], ["Ts"]):
        table.camera({"cmd": "board", "cards": cards})
        for _ in range(3):
            table.press("check_call")
    for seat, cards in ((2, ["2c", "3d"]), (3, ["4c", "5d"]), (1, ["6c", "7d"])):
        table.camera({"cmd": "show", "seat": seat, "cards": cards})
    assert (table.prompt, table.lights) == ("push", LightsState("flash", (1, 2, 3)))
    assert table.display[0] == "Push:"
    assert table.display[1].startswith("EUR 1.50 split ")
    table.press("ok_next")
    assert table.stacks() == {1: 20, 2: 100, 3: 100}


def test_controller_thread_follows_virtual_presses_in_real_time(tmp_path: Path) -> None:
    """The demo path: real clock, the controller's own thread, presses from another thread."""
    import time

    from hardware.factory import mock_factory

    service = TableService.open(tmp_path, NO_LIMIT)
    for seat in (1, 2, 3):
        service.execute({"cmd": "join", "seat": seat, "name": f"P{seat}", "stack": 50}, source="console")
    service.execute({"cmd": "button", "seat": 1}, source="console")
    panel = Panel(pin_factory=mock_factory())
    controller = PanelController(panel, service)
    controller.start()
    try:
        virtual = VirtualPanel(panel)
        for _ in range(3):
            virtual.click("ok_next")
            time.sleep(0.05)
        deadline = time.monotonic() + 5.0
        while panel.lights.state != LightsState("steady", (1,)) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert panel.lights.state == LightsState("steady", (1,))
        assert virtual.state()["display"][0] == "Action on seat 1"
    finally:
        controller.stop()
        panel.close()
        service.close()


def to_flop(table: Table) -> None:
    table.to_preflop_action()
    for _ in range(3):  # call, call, the big blind checks
        table.press("check_call")
    assert table.prompt == "burn_and_deal"


def test_picking_cards_shows_each_card_and_undo_puts_them_back(table: Table) -> None:
    to_flop(table)
    seq = table.seq()
    table.turn(+1)  # turning when cards are due starts picking at the first card
    assert table.display == ("Flop card 1 of 3", "> As <", "", "OK: take UNDO: back")
    table.press("encoder_push")
    table.turn(+1)
    assert table.display == ("Flop card 2 of 3", "> Ad <", "As", "OK: take UNDO: back")
    table.press("ok_next")
    assert table.display[0:3] == ("Flop card 3 of 3", "> Ac <", "As Ad")
    table.press("undo")
    assert table.display[0:3] == ("Flop card 2 of 3", "> Ad <", "As")
    table.press("undo")
    table.press("undo")
    assert table.controller.cards is None
    assert table.display[0] == "Burn and deal the"
    assert table.seq() == seq


def test_fast_turning_skips_through_the_deck_and_wraps(table: Table) -> None:
    to_flop(table)
    table.press("ok_next")
    table.turn(-1)
    assert table.controller.cards is not None and table.controller.cards.current == "2c"
    table.turn(+3, interval=0.01)  # 1 (a change of direction) + 10 + 10 cards
    assert table.controller.cards.current == "9s"


def test_cards_already_on_the_table_are_not_offered(table: Table) -> None:
    to_flop(table)
    table.pick_cards("As", "Ks", "Qs")
    table.press("check_call")
    table.press("check_call")
    table.press("check_call")
    table.pick_cards("Js")
    for _ in range(3):
        table.press("check_call")
    table.press("ok_next")  # start picking the river
    assert table.controller.cards is not None
    assert table.controller.cards.current == "Ah"
    assert not {"As", "Ks", "Qs", "Js"} & set(table.controller.cards.choices)
    assert len(table.controller.cards.choices) == 48


def test_other_buttons_while_picking_are_refused(table: Table) -> None:
    to_flop(table)
    table.press("ok_next")
    seq = table.seq()
    table.press("check_call")
    assert table.seq() == seq
    assert table.feedback[-1] == Feedback(False, None, "Pick the cards first: OK takes, UNDO goes back")
    assert table.controller.cards is not None


def test_cards_from_the_camera_end_the_picking(table: Table) -> None:
    to_flop(table)
    table.press("ok_next")
    table.pick("Ah")
    table.camera({"cmd": "board", "cards": ["2c", "3c", "4c"]})
    assert table.controller.cards is None
    assert (table.prompt, table.lights) == ("action", LightsState("steady", (2,)))


def test_long_undo_while_picking_takes_back_the_last_action(table: Table) -> None:
    to_flop(table)
    table.press("ok_next")
    table.hold("undo")
    assert table.controller.cards is None
    assert (table.prompt, table.lights) == ("action", LightsState("steady", (3,)))


def test_all_in_tabling_picks_each_seats_cards_in_turn(table: Table) -> None:
    table.to_preflop_action()
    table.press("all_in")  # seat 1 all in for 20
    table.press("check_call")  # seat 2 calls
    table.press("fold")  # seat 3 folds
    assert (table.prompt, table.lights) == ("table_all", LightsState("chase", (1, 2)))
    table.pick_cards("As", "Ad")
    assert table.feedback[-1].command == {"cmd": "show", "seat": 1, "cards": ["As", "Ad"]}
    table.pick_cards("Ks", "Kd")
    assert table.feedback[-1].command == {"cmd": "show", "seat": 2, "cards": ["Ks", "Kd"]}
    assert table.prompt == "burn_and_deal"
