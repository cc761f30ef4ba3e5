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
    assert svc.view()["prompt"]["text"].startswith("Redeal with the same button. Move the button to seat 6;")
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


def _t47(open_table, chips: list[int]) -> TableService:
    """250/500: UTG raises to 1100 (a 600 raise); UTG+1 silently puts out ``chips``."""
    svc = open_table(TableConfig(seats=6, structure="no-limit", levels=(Level(sb=250, bb=500),)))
    seat_players(svc, {s: 20000 for s in range(1, 6)}, button=1)
    deal(svc)
    run(svc, {"cmd": "raise", "to": 1100, "seat": 4})
    run(svc, {"cmd": "chips", "chips": chips}, source="button")
    return svc


def _last_action(svc: TableService) -> dict:
    return next(e.payload for e in reversed(svc.events()) if e.type == "action")


def test_t47a_silent_chips_of_at_least_half_a_raise_force_a_full_minimum_raise(open_table) -> None:
    svc = _t47(open_table, [1000, 100, 100, 100, 100, 100])
    assert {k: _last_action(svc)[k] for k in ("action", "to", "ruling")} == {"action": "raise", "to": 1700, "ruling": "forced_min_raise"}
    assert next(s for s in svc.view()["seats"] if s["seat"] == 5)["bet"] == 1700


def test_t47b_silent_chips_under_half_a_raise_are_a_call_and_the_rest_goes_back(open_table) -> None:
    svc = _t47(open_table, [1000, 100, 100, 100])
    assert {k: _last_action(svc)[k] for k in ("action", "to", "ruling")} == {"action": "call", "to": None, "ruling": "call_excess_returned"}
    assert next(s for s in svc.view()["seats"] if s["seat"] == 5)["bet"] == 1100


def test_t47c_every_chip_needed_for_the_call_is_a_call(open_table) -> None:
    svc = _t47(open_table, [500, 1000])
    assert _last_action(svc)["action"] == "call"
    assert next(s for s in svc.view()["seats"] if s["seat"] == 5)["bet"] == 1100


def test_t48_undercall_of_the_opening_bet_must_call_in_full(open_table) -> None:
    svc = open_table(TableConfig(seats=6, structure="no-limit", levels=(Level(sb=1000, bb=2000),)))
    seat_players(svc, {s: 50000 for s in (1, 2, 3, 4)}, button=4)
    deal(svc)
    run(svc, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["9h", "5d", "2c"]})
    run(svc, {"cmd": "bet", "to": 8000, "seat": 1})
    run(svc, {"cmd": "chips", "chips": [2000]})
    assert _last_action(svc)["ruling"] == "undercall_must_call"
    assert next(s for s in svc.view()["seats"] if s["seat"] == 2)["bet"] == 8000


def test_t49_a_wrong_amount_is_corrected_for_all_bettors_until_the_next_card(open_table) -> None:
    svc = open_table(TableConfig(seats=6, structure="no-limit", levels=(Level(sb=100, bb=200),)))
    seat_players(svc, {s: 50000 for s in (1, 2, 3, 4)}, button=4)
    deal(svc)
    run(svc, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "check"})
    run(svc, {"cmd": "board", "cards": ["9h", "5d", "2c"]})
    run(svc, {"cmd": "bet", "to": 600})
    [wrong] = run(svc, {"cmd": "raise", "to": 1500})  # the dealer keyed 1500 for "raise to 1200"
    run(svc, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "call"})
    run(svc, {"cmd": "correct", "seq": wrong, "to": 1200})
    assert [s["total"] for s in svc.view()["seats"] if s["status"] == "in_hand"] == [1400, 1400, 1400, 1400]
    run(svc, {"cmd": "board", "cards": ["Ks"]})
    assert svc.execute({"cmd": "correct", "seq": wrong, "to": 1300}, "console").reason == (
        "Too late: a board card was dealt since, so the amount stands (TDA 52-A, WT 90-e)"
    )
