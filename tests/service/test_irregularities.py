"""Irregularities at the table: misdeal (T44), void (T45), action out of turn (T46), exclusion (I3)."""

from __future__ import annotations

from dataclasses import replace

from dealer_app.engine.table import Level
from dealer_app.service import TableConfig, TableService
from tests.service.conftest import NL_50_100, deal, run, seat_players

SIX = {s: 10000 for s in range(1, 7)}


def _stacks(svc: TableService) -> dict[int, int]:
    return {s["seat"]: s["stack"] for s in svc.view()["seats"] if s["status"] != "empty"}


def _started(svc: TableService) -> list[dict]:
    return [e.payload for e in svc.events() if e.type == "hand_started"]


def test_t44a_misdeal_allowed_after_two_folds_redeal_with_the_same_button(open_table) -> None:
    svc = open_table(NL_50_100)
    seat_players(svc, SIX, button=6)
    deal(svc)
    run(svc, {"cmd": "fold"}, {"cmd": "fold"})  # UTG (3) and UTG+1 (4): two folds are not SA
    assert svc.view("dealer")["can_misdeal"] is True
    run(svc, {"cmd": "misdeal"})
    assert _stacks(svc) == SIX
    assert svc.view()["prompt"]["args"]["redeal"] is True
    run(svc, {"cmd": "ok"})
    first, redeal = _started(svc)
    assert (redeal["plan"]["button"], redeal["plan"]["sb"], redeal["plan"]["bb"]) == (6, 1, 2)
    assert redeal["plan"]["posts"] == first["plan"]["posts"]
    assert (first["hand"], redeal["hand"], redeal["redeal_of"]) == (1, 2, 1)


def test_t44b_no_misdeal_after_a_fold_and_a_call(open_table) -> None:
    svc = open_table(NL_50_100)
    seat_players(svc, SIX, button=6)
    deal(svc)
    run(svc, {"cmd": "fold"}, {"cmd": "call"})
    before = svc.last_seq
    result = svc.execute({"cmd": "misdeal"}, "console")
    assert result.reason == "No misdeal after substantial action (WT 88-c): void the hand instead if the deck is fouled"
    assert svc.last_seq == before and svc.view("dealer")["can_misdeal"] is False


def test_t44c_three_actions_are_substantial_even_without_chips(open_table) -> None:
    svc = open_table(NL_50_100)
    seat_players(svc, SIX, button=6)
    deal(svc)
    run(svc, {"cmd": "fold"}, {"cmd": "fold"}, {"cmd": "fold"})
    assert not svc.execute({"cmd": "misdeal"}, "console").ok


def test_t44_posted_blinds_never_count_and_house_option_moves_the_button(open_table) -> None:
    svc = open_table(replace(NL_50_100, misdeal_button="moves"))
    seat_players(svc, SIX, button=6)
    deal(svc)
    run(svc, {"cmd": "misdeal"})  # nothing but the blinds: allowed
    assert _stacks(svc) == SIX
    run(svc, {"cmd": "ok"})
    assert _started(svc)[1]["plan"]["button"] == 1


def test_t45_void_returns_every_bet_regardless_of_substantial_action(open_table) -> None:
    config = TableConfig(name="T45", seats=6, structure="no-limit", levels=(Level(sb=100, bb=200),))
    svc = open_table(config)
    seat_players(svc, {1: 1000, 2: 1000, 3: 150}, button=3)
    deal(svc)
    run(svc, {"cmd": "call"})  # the button calls all-in 150
    assert svc.view()["hand"]["total_pot"] == 450
    run(svc, {"cmd": "void", "reason": "duplicate card"})
    assert svc.view()["prompt"]["text"] == "Hand void (duplicate card): return all bets"
    assert svc.view(lang="nl")["prompt"]["text"] == "Hand ongeldig (duplicate card): geef alle inzetten terug"
    run(svc, {"cmd": "ok"})
    assert _stacks(svc) == {1: 1000, 2: 1000, 3: 150}
    ended = [e.payload for e in svc.events() if e.type == "hand_ended"]
    assert ended == [{"hand": 1, "pots": [], "stacks": {"1": 1000, "2": 1000, "3": 150}}]
    run(svc, {"cmd": "ok"})
    assert _started(svc)[1]["plan"]["button"] == 3  # redeal, same button (D4 default)


def _t46(open_table) -> TableService:
    """50/100, six players, button 2: everyone limps, flop: seat 3 opens 300, seat 4 folds."""
    svc = open_table(NL_50_100)
    seat_players(svc, SIX, button=2)
    deal(svc)
    run(svc, *[{"cmd": "call"}] * 5, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["9h", "5d", "2c"]})
    run(svc, {"cmd": "bet", "to": 300, "seat": 3}, {"cmd": "fold", "seat": 4})
    run(svc, {"cmd": "raise", "to": 800, "seat": 6, "out_of_turn": True})
    dealer = svc.view("dealer")
    assert dealer["held"] == [{"seat": 6, "action": "raise", "to": 800}]
    assert dealer["hand"]["to_act"] == 5
    return svc


def test_t46_out_of_turn_raise_is_bound_when_seat_5_calls(open_table) -> None:
    svc = _t46(open_table)
    seqs = run(svc, {"cmd": "call", "seat": 5})
    assert [svc.events()[s - 1].type for s in seqs] == ["action", "oot_bound"]
    view = svc.view("dealer")
    seat6 = next(s for s in view["seats"] if s["seat"] == 6)
    assert (seat6["bet"], view["hand"]["to_act"], view["held"]) == (800, 1, [])
    assert view["legal"]["call"] == 800 and view["legal"]["min_to"] == 1300


def test_t46_out_of_turn_raise_is_released_when_seat_5_raises(open_table) -> None:
    svc = _t46(open_table)
    seqs = run(svc, {"cmd": "raise", "to": 600, "seat": 5})
    assert [svc.events()[s - 1].type for s in seqs] == ["action", "oot_released"]
    view = svc.view("dealer")
    assert view["hand"]["to_act"] == 6 and view["held"] == []
    assert (view["legal"]["call"], view["legal"]["min_to"]) == (600, 900)


def test_t46_undo_of_the_binding_call_restores_the_hold(open_table) -> None:
    svc = _t46(open_table)
    held = svc.view("dealer")
    run(svc, {"cmd": "call", "seat": 5}, {"cmd": "undo"})
    after = svc.view("dealer")
    assert after["held"] == held["held"] and after["hand"] == held["hand"] and after["seats"] == held["seats"]


def test_out_of_turn_refusals(open_table) -> None:
    svc = _t46(open_table)
    cases = [
        ({"cmd": "call", "seat": 5, "out_of_turn": True}, "Seat 5 is to act: this is not out of turn"),
        ({"cmd": "fold", "seat": 4, "out_of_turn": True}, "Seat 4 has no action in this hand"),
        ({"cmd": "call", "seat": 6, "out_of_turn": True}, "Seat 6 already has an action out of turn waiting"),
        ({"cmd": "raise", "seat": 1, "out_of_turn": True}, "raise needs 'to'"),
    ]
    for command, reason in cases:
        assert svc.execute(command, "console").reason == reason


def test_i3_exclusion_shares_the_chips_equally_odd_chips_from_the_left_of_the_button(open_table) -> None:
    svc = open_table()
    seat_players(svc, {1: 100, 3: 100, 5: 100, 7: 100}, button=5)
    run(svc, {"cmd": "set_stack", "seat": 3, "stack": 11, "reason": "count"})
    [seq] = run(svc, {"cmd": "exclude", "seat": 3, "reason": "marked cards"})
    event = svc.events()[seq - 1]
    assert event.payload == {"seat": 3, "name": "P3", "reason": "marked cards", "stack": 11, "shares": {"7": 4, "1": 4, "5": 3}}
    assert _stacks(svc) == {1: 104, 5: 103, 7: 104}
    deal(svc)
    assert svc.execute({"cmd": "exclude", "seat": 1}, "console").reason == (
        "Excluding a player only between hands: finish hand 1 first"
    )
