"""Undo and corrections, seats between hands, blinds owed, heads-up, the level clock."""

from __future__ import annotations

from dealer_app.engine.table import Level
from dealer_app.service import TableConfig, TableService
from tests.service.conftest import NL_50_100, deal, run, seat_players

STACKS = {1: 5000, 3: 5000, 5: 5000, 7: 5000}


def _state(svc: TableService) -> dict:
    """The dealer view without what differs only by log position."""
    view = svc.view("dealer")
    for key in ("seq", "last_event"):
        view.pop(key)
    return view


def _table(open_table, name: str) -> TableService:
    svc = open_table(NL_50_100, name=name)
    seat_players(svc, STACKS, button=1)
    deal(svc)  # button 1, SB 3, BB 5; UTG 7 to act
    return svc


def test_undo_gives_the_state_as_if_the_wrong_input_never_happened(open_table) -> None:
    wrong = _table(open_table, "wrong")
    right = _table(open_table, "right")
    run(wrong, {"cmd": "raise", "to": 300})
    mistakes = run(wrong, {"cmd": "fold"}, {"cmd": "raise", "to": 900})
    run(wrong, {"cmd": "undo"}, {"cmd": "undo"}, source="console")
    run(wrong, {"cmd": "call"}, {"cmd": "call"})
    run(right, {"cmd": "raise", "to": 300}, {"cmd": "call"}, {"cmd": "call"})
    assert _state(wrong) == _state(right)
    undone = [e.payload for e in wrong.events() if e.type == "undone"]
    assert [u["seq"] for u in undone] == mistakes[::-1]  # the newest first
    assert len(wrong.events()) == len(right.events()) + 4  # nothing deleted: 2 wrong + 2 undos


def test_undo_takes_back_board_cards_and_stops_at_the_start_of_the_hand(open_table) -> None:
    svc = _table(open_table, "t")
    run(svc, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["Ah", "Kd", "7c"]})
    run(svc, {"cmd": "undo"})
    assert svc.view()["prompt"]["text"] == "Burn and deal the flop" and svc.view()["hand"]["board"] == []
    for _ in range(6):  # four actions, deal, shuffle
        run(svc, {"cmd": "undo"})
    assert svc.view()["prompt"]["text"] == "Shuffle"
    assert svc.execute({"cmd": "undo"}, "console").reason == "Nothing to undo in this hand yet"


def test_undo_after_the_push_is_refused(open_table) -> None:
    svc = _table(open_table, "t")
    run(svc, {"cmd": "fold"}, {"cmd": "fold"}, {"cmd": "fold"})
    # P2: the big blind's unmatched 50 goes back; the pot is 50 + 50
    assert svc.view()["prompt"]["text"] == (
        "Return the uncalled EUR 12.50 to seat 5; push the main pot of EUR 25.00 to seat 5"
    )
    run(svc, {"cmd": "undo"})  # the last fold is taken back before the push
    assert svc.view()["prompt"]["text"] == "Action on seat 3"
    run(svc, {"cmd": "fold"}, {"cmd": "ok"})
    assert svc.execute({"cmd": "undo"}, "console").reason == (
        "Nothing to undo: the hand is over (undo works within a hand)"
    )


def test_correcting_a_wrong_amount_replays_the_rest_of_the_hand_on_it(open_table) -> None:
    wrong = _table(open_table, "wrong")
    right = _table(open_table, "right")
    [seq] = run(wrong, {"cmd": "raise", "to": 500})
    run(wrong, {"cmd": "call"}, {"cmd": "call"})
    [fix] = run(wrong, {"cmd": "correct", "seq": seq, "to": 300})
    run(right, {"cmd": "raise", "to": 300}, {"cmd": "call"}, {"cmd": "call"})
    assert _state(wrong) == _state(right)
    event = wrong.events()[fix - 1]
    assert (event.type, event.source) == ("corrected", "console")
    assert event.payload == {"hand": 1, "seq": seq, "field": "to", "old": 500, "new": 300}


def test_correcting_a_card_and_refusing_a_correction_that_breaks_the_hand(open_table) -> None:
    wrong = _table(open_table, "wrong")
    right = _table(open_table, "right")
    for svc in (wrong, right):
        run(svc, {"cmd": "raise", "to": 300}, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "call"})
    before = wrong.last_seq
    raise_seq = next(e.seq for e in wrong.events() if e.type == "action" and e.payload["action"] == "raise")
    result = wrong.execute({"cmd": "correct", "seq": raise_seq, "to": 150}, "console")
    assert (result.ok, result.reason) == (False, "Correction not possible: Minimum raise is to 200")
    assert wrong.last_seq == before
    [seq] = run(wrong, {"cmd": "board", "cards": ["Ah", "Kd", "7c"]}, source="camera")
    run(wrong, {"cmd": "correct", "seq": seq, "cards": ["Ah", "Kd", "7s"]})
    run(right, {"cmd": "board", "cards": ["Ah", "Kd", "7s"]})
    assert _state(wrong) == _state(right)


def test_b5_stacks_change_between_hands_only_and_the_old_stack_is_logged(open_table) -> None:
    svc = open_table(NL_50_100)
    seat_players(svc, {1: 100, 2: 100}, button=1)
    [seq] = run(svc, {"cmd": "set_stack", "seat": 2, "stack": 250, "reason": "rebuy"})
    assert svc.events()[seq - 1].payload == {"seat": 2, "stack": 250, "old": 100, "reason": "rebuy"}


def test_f4_missed_blinds_posted_on_return_big_live_small_dead(open_table) -> None:
    svc = open_table(TableConfig(seats=6, structure="no-limit", levels=(Level(sb=1, bb=2),)))
    seat_players(svc, {s: 100 for s in range(1, 6)}, button=1)

    def fold_round() -> None:
        deal(svc)
        while svc.view()["prompt"]["code"] == "action":
            run(svc, {"cmd": "fold"})
        run(svc, {"cmd": "ok"})

    fold_round()  # BTN 1, SB 2, BB 3
    run(svc, {"cmd": "sit_out", "seat": 4})
    fold_round()  # the BB passes seat 4: BB 5
    assert svc.view("dealer")["admin"][3] == {"seat": 4, "missed": "bb", "waiting_for_bb": False, "post_next": False, "sitting_out": True}
    run(svc, {"cmd": "sit_in", "seat": 4, "post": True})
    fold_round()  # WL 158: seat 4 sits between the button (3) and the SB (5): waits
    nxt = svc.view("dealer")["next_hand"]
    assert (nxt["button"], nxt["sb"], nxt["bb"]) == (5, 1, 2) and 4 in nxt["dealt"]
    assert nxt["posts"] == [{"seat": 1, "kind": "sb", "amount": 1}, {"seat": 2, "kind": "bb", "amount": 2},
                            {"seat": 4, "kind": "bb", "amount": 2}, {"seat": 4, "kind": "dead", "amount": 1}]
    assert svc.view()["prompt"]["text"] == (
        "Move the button to seat 5; post the blinds: seat 1 small blind EUR 0.25, seat 2 big blind EUR 0.50, "
        "seat 4 big blind EUR 0.50, seat 4 dead small blind EUR 0.25"
    )
    deal(svc)
    assert svc.view()["hand"]["total_pot"] == 6
    assert svc.view("dealer")["legal"]["call"] == 2  # seat 4 posted live: the bet stays 2


def test_wt85_dead_button_prompt_and_wt87_heads_up(open_table) -> None:
    svc = open_table(NL_50_100)
    seat_players(svc, {1: 1000, 2: 1000, 3: 1000, 4: 1000}, button=1)
    deal(svc)
    while svc.view()["prompt"]["code"] == "action":
        run(svc, {"cmd": "fold"})
    run(svc, {"cmd": "ok"}, {"cmd": "leave", "seat": 2})  # the SB leaves
    assert svc.view()["prompt"]["text"] == (
        "Put the dead button on seat 2; post the blinds: seat 3 small blind EUR 12.50, seat 4 big blind EUR 25.00"
    )
    deal(svc)
    while svc.view()["prompt"]["code"] == "action":
        run(svc, {"cmd": "fold"})
    run(svc, {"cmd": "ok"}, {"cmd": "leave", "seat": 1})
    nxt = svc.view("dealer")["next_hand"]  # heads-up: 3 and 4; seat 4 was BB, so seat 3 is
    assert (nxt["button"], nxt["sb"], nxt["bb"]) == (4, 4, 3)


def test_wt79_levels_change_between_hands_by_the_running_clock(open_table, clock) -> None:
    levels = (Level(sb=1, bb=2, minutes=10), Level(sb=2, bb=4, minutes=10), Level(sb=5, bb=10))
    svc = open_table(TableConfig(seats=6, structure="no-limit", levels=levels))
    seat_players(svc, {1: 1000, 2: 1000, 3: 1000}, button=1)
    run(svc, {"cmd": "clock", "action": "start"})
    deal(svc)
    assert svc.view()["level"]["bb"] == 2
    clock.advance(11 * 60)  # the level ends mid-hand: this hand keeps its blinds
    assert svc.view()["level"]["bb"] == 2
    while svc.view()["prompt"]["code"] == "action":
        run(svc, {"cmd": "fold"})
    run(svc, {"cmd": "ok"})
    assert svc.view()["level"]["bb"] == 4 and svc.view("dealer")["next_hand"]["posts"][-1]["amount"] == 4
    run(svc, {"cmd": "clock", "action": "pause"})
    clock.advance(60 * 60)
    run(svc, {"cmd": "clock", "action": "resume"})
    assert svc.view()["level"]["index"] == 1  # paused time does not count
    clock.advance(9 * 60)
    assert svc.view()["level"]["index"] == 2
    assert svc.execute({"cmd": "clock", "action": "resume"}, "console").reason == "The clock cannot resume now"
