"""The panel at a cash table (C4): FOLD and CHECK/CALL pressed together time out the player
to act. A real TableService on a temporary log, a Panel on gpiozero's MockFactory pins with a
manual clock; every input of the hand is a pin change.

The table: 6-max No-Limit, SB 1 / BB 2 (chips of EUR 0.25), buy-in 40..200, three players
of 100 chips; the first button is drawn with a seeded random source (C1).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from dealer_app.engine.tournament.cash import CashRules
from dealer_app.panel import Feedback, PanelController
from dealer_app.service import TableConfig, TableService
from dealer_app.tournament.cash import cash_table_config
from hardware.clock import ManualClock
from hardware.panel import Panel
from hardware.virtual import VirtualPanel

CASH = cash_table_config("none", CashRules(big_blind=2, min_buy_in=40, max_buy_in=200), small_blind=1)
RAKED = cash_table_config("none", CashRules(2, 40, 200, rake_percent=5), small_blind=1)


class CashTable:
    def __init__(self, data: Path, factory: MockFactory, config: TableConfig = CASH) -> None:
        self.service = TableService.open(data, config, rng=random.Random(7))
        for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
            assert self.service.execute({"cmd": "join", "seat": seat, "name": name, "stack": 100}, "console").ok
        self.panel = Panel(pin_factory=factory, clock=ManualClock(start=10.0))
        self.virtual = VirtualPanel(self.panel)
        self.controller = PanelController(self.panel, self.service)
        self.feedback: list[Feedback] = []
        self.controller.add_listener(self.feedback.append)

    def press(self, button: str) -> None:
        self.virtual.click(button)
        self.controller.process()

    def chord(self, *buttons: str) -> None:
        self.virtual.chord(*buttons)
        self.controller.process()

    def view(self) -> dict:
        return self.service.view(role="dealer")

    def close(self) -> None:
        self.controller.stop()
        self.panel.close()
        self.service.close()


@pytest.fixture
def cash(tmp_path: Path, factory: MockFactory) -> Iterator[CashTable]:
    table = CashTable(tmp_path / "cash", factory)
    yield table
    table.close()


def _to_preflop(table: CashTable) -> None:
    for _ in range(4):  # draw the first button (C1), start the hand, shuffled, dealt
        table.press("ok_next")
    assert table.view()["prompt"]["code"] == "action"


def test_c4_fold_and_check_together_fold_the_player_facing_a_bet_who_sits_out_after_the_hand(cash) -> None:
    _to_preflop(cash)
    hand = cash.view()["hand"]
    seat = hand["to_act"]  # three-handed: the button acts first, facing the big blind
    assert cash.panel.lights.state.seats == (seat,)
    cash.chord("fold", "check_call")
    event = cash.service.events()[-1]
    assert (event.source, event.type) == ("button", "action")
    assert event.payload == {"hand": 1, "seat": seat, "action": "fold", "to": None, "timeout": True}
    assert cash.feedback[-1] == Feedback(True, {"cmd": "time", "seat": seat}, None)
    assert cash.panel.buzzer.played[-1] == "accept"
    assert cash.panel.lights.state.seats == (hand["sb"],)  # the light moved on
    cash.press("fold")  # the small blind folds: the big blind wins
    cash.press("ok_next")  # push
    types = [(e.type, e.payload) for e in cash.service.events()[-2:]]
    assert types[0][0] == "hand_ended"
    assert types[1] == ("sat_out", {"seat": seat, "at": types[1][1]["at"], "reason": "timeout"})
    stacks = {s["seat"]: (s["stack"], s["status"]) for s in cash.view()["seats"] if s["status"] != "empty"}
    assert stacks == {seat: (100, "sitting_out"), hand["sb"]: (99, "seated"), hand["bb"]: (101, "seated")}


def test_c4_fold_and_check_together_check_when_nothing_is_owed(cash) -> None:
    _to_preflop(cash)
    cash.press("check_call")  # the button calls
    cash.press("check_call")  # the small blind completes
    bb = cash.view()["hand"]["bb"]
    assert cash.view()["legal"]["seat"] == bb
    cash.chord("check_call", "fold")  # the order of the two buttons does not matter
    assert cash.service.events()[-1].payload == {"hand": 1, "seat": bb, "action": "check", "to": None, "timeout": True}
    assert cash.view()["prompt"]["code"] == "burn_and_deal"


def test_c4_time_chord_with_nobody_to_act_is_refused_and_changes_nothing(cash) -> None:
    seq = cash.service.last_seq
    cash.chord("fold", "check_call")
    assert cash.service.last_seq == seq
    assert cash.feedback[-1] == Feedback(
        False, None, "No action to log now: Press OK: a random player gets the first button (C1)"
    )
    assert cash.panel.buzzer.played[-1] == "refuse"


def test_other_chords_at_a_cash_table_still_send_nothing(cash) -> None:
    _to_preflop(cash)
    seq = cash.service.last_seq
    cash.chord("fold", "all_in")
    cash.chord("fold", "check_call", "bet_raise")
    assert cash.service.last_seq == seq
    assert [f.reason for f in cash.feedback[-2:]] == ["One button at a time"] * 2


def test_c5_the_push_display_names_the_rake(tmp_path: Path, factory: MockFactory) -> None:
    """A raked pot (5 % of a pot that saw the flop, C5): the display shows the pot after the
    rake and the rake itself."""
    raked = CashTable(tmp_path / "raked", factory, config=RAKED)
    try:
        _to_preflop(raked)
        run = raked.service.execute
        for command in ({"cmd": "raise", "to": 40}, {"cmd": "call"}, {"cmd": "call"},
                        {"cmd": "board", "cards": ["2c", "7d", "9h"]}):
            assert run(command, "console").ok
        winner = raked.view()["hand"]["to_act"]
        for command in ({"cmd": "bet", "to": 20}, {"cmd": "fold"}, {"cmd": "fold"}):
            assert run(command, "console").ok
        raked.controller.process()
        assert raked.panel.display.lines == ("Push:", f"EUR 28.50 to seat {winner}", "Rake EUR 1.50 (C5)")
    finally:
        raked.close()
