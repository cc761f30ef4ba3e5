"""A hand through the table service: prompts, exact stacks, views, refusals, replay."""

from __future__ import annotations

import json
import re

from dealer_app.service import TableService
from tests.service.conftest import deal, run, seat_players


def _prompt(svc: TableService, lang: str = "en") -> str:
    return svc.view(lang=lang)["prompt"]["text"]


def _stacks(svc: TableService) -> dict[int, int]:
    return {s["seat"]: s["stack"] for s in svc.view()["seats"] if s["status"] != "empty"}


def test_a_club_hand_prompts_every_step_and_ends_with_exact_stacks(open_table) -> None:
    svc = open_table()
    assert _prompt(svc) == "Seat at least two players"
    run(svc, *({"cmd": "join", "seat": s, "name": n, "stack": 100} for s, n in [(1, "Ann"), (3, "Bob"), (5, "Cas")]))
    assert _prompt(svc) == "Place the button (card draw)"
    run(svc, {"cmd": "button", "seat": 1})
    assert _prompt(svc) == (
        "Move the button to seat 1; post the blinds: seat 3 small blind EUR 0.25, "
        "seat 5 big blind EUR 0.50, ante EUR 0.25 (3x)"
    )
    assert _prompt(svc, "nl") == (
        "Schuif de button naar stoel 1; blinds betalen: stoel 3 kleine blind EUR 0,25, "
        "stoel 5 grote blind EUR 0,50, ante EUR 0,25 (3x)"
    )
    run(svc, {"cmd": "ok"})
    assert _prompt(svc) == "Shuffle"
    run(svc, {"cmd": "ok"})
    assert _prompt(svc) == "Deal two cards each starting with seat 3"
    run(svc, {"cmd": "ok"})
    assert _prompt(svc) == "Action on seat 1"
    dealer = svc.view("dealer")
    assert dealer["legal"] == {"seat": 1, "actions": ["fold", "call", "raise", "allin"], "call": 2, "min_to": 4, "max_to": 6}
    run(svc, {"cmd": "raise", "to": 4}, {"cmd": "call"}, {"cmd": "call"}, source="button")
    assert _prompt(svc) == "Burn and deal the flop"
    assert svc.view()["hand"]["total_pot"] == 15
    run(svc, {"cmd": "board", "cards": ["Ah", "Kd", "7c"]}, source="camera")
    assert _prompt(svc) == "Action on seat 3"
    run(svc, {"cmd": "check"}, {"cmd": "bet", "to": 6}, {"cmd": "fold"}, {"cmd": "call"})
    assert _prompt(svc, "nl") == "Brand een kaart en deel de turn"
    run(svc, {"cmd": "board", "cards": ["2c"]}, {"cmd": "check"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["3c"]}, {"cmd": "check"}, {"cmd": "check"})
    assert _prompt(svc) == "Seat 3 shows first"  # P3: river checked through, first left of the button
    run(svc, {"cmd": "show", "seat": 3, "cards": ["As", "Ks"]}, {"cmd": "show", "seat": 5, "cards": ["Qh", "Qd"]})
    assert _prompt(svc) == "Push the main pot of EUR 6.75 to seat 3"
    assert _prompt(svc, "nl") == "Schuif de hoofdpot van EUR 6,75 naar stoel 3"
    run(svc, {"cmd": "ok"})
    assert _stacks(svc) == {1: 95, 3: 116, 5: 89}
    assert svc.view()["hand"] is None
    assert svc.view()["last_hand"]["pots"] == [{"pot": 0, "board": 1, "amount": 27, "winners": {"3": 27}, "odd_chip_seat": None}]
    assert _prompt(svc).startswith("Move the button to seat 3;")


def test_refused_commands_say_why_and_change_nothing(open_table) -> None:
    svc = open_table()
    seat_players(svc, {1: 100, 3: 100, 5: 100}, button=1)
    deal(svc)
    before_view, before_seq = svc.view("dealer"), svc.last_seq
    cases = [
        ({"cmd": "raise", "to": 3}, "Minimum raise is to EUR 1.00"),  # L1, amounts as money
        ({"cmd": "raise", "to": 7}, "At most EUR 1.50 per player per betting round"),  # L4
        ({"cmd": "call", "seat": 5}, "Action is on seat 1, not seat 5"),
        ({"cmd": "dance"}, "Unknown command 'dance'"),
        ({"cmd": "raise", "amout": 4}, "raise needs 'to'"),
        ({"cmd": "raise", "to": 4, "amout": 4}, "Unknown field 'amout' for raise"),
        ({"cmd": "raise", "to": "4"}, "Amount must be a whole number, not '4'"),
        ({"cmd": "join", "seat": 2, "name": "Dirk", "stack": 100}, "Taking a seat only between hands: finish hand 1 first"),
        ({"cmd": "set_stack", "seat": 1, "stack": 500}, "A stack change (B5) only between hands: finish hand 1 first"),
        ({"cmd": "board", "cards": ["Ah", "Kd", "7c"]}, "The betting on the pre-flop is not finished (action on seat 1)"),
        ({"cmd": "ok"}, "Nothing to confirm now: action is on seat 1"),
        ({"cmd": "show", "seat": 1, "cards": ["As", "Ax"]}, "Not a card: 'Ax' (write rank then suit, e.g. 'Th')"),
        ("fold", "A command is an object with a 'cmd' field"),
    ]
    for command, reason in cases:
        result = svc.execute(command, "console")  # type: ignore[arg-type]
        assert (result.ok, result.reason, result.seqs) == (False, reason, []), command
    assert svc.execute({"cmd": "fold"}, "phone").reason == "Unknown source 'phone' (use button, camera, console, system)"
    assert svc.last_seq == before_seq
    assert svc.view("dealer") == before_view


def test_public_view_never_shows_a_hole_card_that_was_not_tabled(open_table) -> None:
    svc = open_table()
    seat_players(svc, {1: 100, 3: 100, 5: 100}, button=1)
    deal(svc)
    run(svc, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["Ah", "Kd", "7c"]}, {"cmd": "check"}, {"cmd": "check"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["2c"]}, {"cmd": "check"}, {"cmd": "check"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["3c"]}, {"cmd": "check"}, {"cmd": "check"}, {"cmd": "check"})
    run(svc, {"cmd": "show", "seat": 3, "cards": ["As", "Ks"]}, {"cmd": "muck", "seat": 5})
    public = svc.view()
    text = json.dumps(public)
    assert [s["cards"] for s in public["seats"] if s["status"] != "empty"] == [None, ["As", "Ks"], None]
    board = {"Ah", "Kd", "7c", "2c", "3c"}
    shown = {"As", "Ks"}
    assert set(re.findall(r'"([2-9TJQKA][cdhs])"', text)) <= board | shown


def test_restart_resumes_exactly_after_the_last_durable_event(open_table, tmp_path) -> None:
    svc = open_table(name="t")
    seat_players(svc, {2: 80, 4: 120, 6: 100, 8: 60}, button=4)
    deal(svc)
    run(svc, {"cmd": "raise", "to": 6}, {"cmd": "fold"}, {"cmd": "call"})
    view, last = svc.view("dealer"), svc.last_seq
    svc.close()
    again = open_table(name="t")
    assert again.last_seq == last
    assert again.view("dealer") == view
    run(again, {"cmd": "call"})
    assert again.view()["prompt"]["text"] == "Burn and deal the flop"


def test_subscribers_get_every_event_in_order_and_resume_from_a_seq(open_table) -> None:
    svc = open_table()
    sub = svc.subscribe()
    seqs = run(svc, {"cmd": "join", "seat": 1, "name": "Ann", "stack": 100}, {"cmd": "join", "seat": 2, "name": "Bob", "stack": 100})
    got = [sub.get(timeout=1) for _ in range(3)]
    assert [(e.seq, e.type, e.source) for e in got] == [(1, "table_opened", "system"), (seqs[0], "seat_taken", "console"), (seqs[1], "seat_taken", "console")]
    assert got[1].payload == {"seat": 1, "name": "Ann", "stack": 100, "post": False}
    assert sub.get(timeout=0.05) is None
    resumed = svc.subscribe(after_seq=2)
    assert resumed.get(timeout=1).seq == 3
    sub.close()
    resumed.close()
