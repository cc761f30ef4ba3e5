"""Scenarios T01-T43 of reference/rules-scenarios.md with the rule's result (not pokerkit's)."""

from __future__ import annotations

from dealer_app.engine.events import BoardDealt, Call, Check, HoleCardsDealt
from dealer_app.engine.hand import HandState, Phase, PromptKind
from dealer_app.engine.structures import AnteMode, BettingKind, HandSetup, Post, PostKind, Structure
from tests.engine.test_hand_kit import make_hand, play, refused, seat, stacks, window

NL = BettingKind.NO_LIMIT
PL = BettingKind.POT_LIMIT
FL = BettingKind.FIXED_LIMIT

PREFLOP_CALLS_4 = ("p2 cc", "p3 cc", "p0 cc", "p1 cc")
FLOP = "db 2c7d9h"


def test_t01_min_raise_after_raise_to_10():
    state = make_hand([200] * 6)
    assert state.to_act == seat(2)
    assert window(state) == (4, 200)
    play(state, "p2 cbr 10")
    assert window(state)[0] == 18
    err = refused(state, "p3 cbr 17")
    assert err.reason == "Minimum raise is to 18"
    assert err.code == "min_raise" and err.amounts == (18,)


def test_t02_min_raise_after_two_raises_on_the_flop():
    state = make_hand([100000] * 4, sb=100, bb=200)
    play(state, *PREFLOP_CALLS_4, FLOP, "p0 cbr 600", "p1 cbr 1600", "p2 cbr 3600")
    assert window(state)[0] == 5600


def test_t03_short_all_in_raise_preflop_keeps_min_raise():
    state = make_hand([10000, 10000, 150, 10000], sb=50, bb=100)
    play(state, "p2 cbr 150")
    assert window(state)[0] == 250


def test_t04_no_completing_in_no_limit():
    state = make_hand([10000, 240, 10000, 10000], sb=50, bb=100)
    play(state, *PREFLOP_CALLS_4, FLOP, "p0 cbr 100", "p1 cbr 140")
    assert window(state)[0] == 240
    assert refused(state, "p2 cbr 200").reason == "Minimum raise is to 240"


def test_t05_short_all_in_does_not_reopen_for_the_bettor():
    state = make_hand([10000, 1600, 10000], sb=100, bb=200)
    play(state, "p2 cc", "p0 cc", "p1 cc", FLOP, "p0 cbr 1000", "p1 cbr 1400")
    assert window(state) == (2400, 9800)
    play(state, "p2 cc")
    legal = state.legal()
    assert legal.seat == seat(0) and not legal.can_raise and legal.call_amount == 400
    err = refused(state, "p0 cbr 2400")
    assert err.reason == "Seat 1 may only call or fold: the all-in was not a full raise"
    assert err.code == "raise_not_allowed"


def test_t06_short_all_in_reopens_only_for_players_facing_a_full_raise():
    state = make_hand([10000, 10000, 350, 10000], sb=50, bb=100)
    play(state, "p2 cc", "p3 f", "p0 cc", "p1 cc", FLOP, "p0 cbr 100", "p1 cbr 200", "p2 cbr 250")
    assert window(state)[0] == 350
    play(state, "p0 cc")
    legal = state.legal()
    assert legal.seat == seat(1) and not legal.can_raise and legal.call_amount == 50


def _t07() -> HandState:
    state = make_hand([10000, 225, 10000, 300, 10000], sb=50, bb=100)
    play(state, "p2 cc", "p3 cc", "p4 cc", "p0 cc", "p1 cc", FLOP)
    return play(state, "p0 cbr 100", "p1 cbr 125", "p2 cc", "p3 cbr 200", "p4 cc")


def test_t07_short_all_ins_adding_up_to_a_full_raise_reopen():
    state = _t07()
    assert state.to_act == seat(0)
    assert window(state)[0] == 300


def test_t08_caller_facing_less_than_a_full_raise_may_not_raise():
    state = play(_t07(), "p0 cc")
    legal = state.legal()
    assert legal.seat == seat(2) and legal.call_amount == 75 and not legal.can_raise


def test_t09_caller_facing_a_full_raise_may_raise():
    state = play(_t07(), "p0 cbr 300")
    assert state.to_act == seat(2)
    assert window(state)[0] == 400


def test_t10_min_raise_stays_at_last_full_bet_after_short_all_ins():
    state = make_hand([10000, 600, 750, 900, 10000, 10000], sb=50, bb=100)
    play(state, "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p0 cc", "p1 cc", FLOP)
    play(state, "p0 cbr 300", "p1 cbr 500", "p2 cbr 650", "p3 cbr 800", "p4 cc")
    assert state.to_act == seat(5)
    assert window(state)[0] == 1100


def test_t11_wt96a_cumulative_short_all_ins_reopen_for_bettor_and_caller():
    state = make_hand([100000, 100000, 100000, 1500, 1900], sb=100, bb=200)
    play(state, "p2 cc", "p3 cc", "p4 cc", "p0 cc", "p1 cc", FLOP)
    play(state, "p0 cbr 500", "p1 cbr 1000", "p2 cc", "p3 cbr 1300", "p4 cbr 1700", "p0 cc")
    assert state.to_act == seat(1) and window(state)[0] == 2200
    play(state, "p1 cc")
    assert state.to_act == seat(2) and window(state)[0] == 2200


def _t12() -> HandState:
    state = make_hand([100000, 100000, 100000, 100000, 7500], sb=2000, bb=4000)
    return play(state, "p2 cc", "p3 f", "p4 cbr 7500", "p0 f")


def test_t12_limper_may_not_raise_a_short_all_in_after_bb_calls():
    state = _t12()
    legal = state.legal()
    assert legal.seat == seat(1) and legal.call_amount == 3500
    assert window(state) == (11500, 100000)
    play(state, "p1 cc")
    legal = state.legal()
    assert legal.seat == seat(2) and legal.call_amount == 3500 and not legal.can_raise


def test_t13_bb_full_raise_reopens_for_the_limper():
    state = play(_t12(), "p1 cbr 11500")
    assert state.to_act == seat(2)
    assert window(state)[0] == 15500


def test_t14_all_in_bet_below_min_bet_does_not_reopen_for_checker():
    state = make_hand([10000, 150, 10000], sb=50, bb=100)
    play(state, "p2 cc", "p0 cc", "p1 cc", FLOP, "p0 k", "p1 cbr 50")
    assert window(state)[0] == 150
    play(state, "p2 cc")
    legal = state.legal()
    assert legal.seat == seat(0) and legal.call_amount == 50 and not legal.can_raise


def test_t15_button_may_not_raise_after_short_all_in_from_sb():
    state = make_hand([19, 200, 16, 200])
    play(state, "p2 cbr 16", "p3 cc", "p0 cbr 19", "p1 cc")
    legal = state.legal()
    assert legal.seat == seat(3) and legal.call_amount == 3 and not legal.can_raise


def test_t16_short_all_in_big_blind_players_still_call_full_big_blind():
    state = make_hand([10000, 150, 10000, 10000], sb=100, bb=200)
    assert state.all_in(seat(1))
    legal = state.legal()
    assert legal.seat == seat(2) and legal.call_amount == 200 and legal.min_to == 400


def test_t17_big_blind_ante_posted_big_blind_first():
    state = make_hand([10000, 250, 10000, 10000, 10000], sb=100, bb=200, ante=200, ante_mode=AnteMode.BIG_BLIND)
    assert state.bet(seat(1)) == 200 and state.committed(seat(1)) == 250
    legal = state.legal()
    assert legal.seat == seat(2) and legal.call_amount == 200 and legal.min_to == 400
    play(state, "p2 f", "p3 f", "p4 f", "p0 f")
    assert state.phase is Phase.FINISHED
    assert stacks(state) == [9900, 350, 10000, 10000, 10000]


def test_t18_big_blind_ante_pot_is_500():
    state = make_hand([10000] * 5, sb=100, bb=200, ante=200, ante_mode=AnteMode.BIG_BLIND)
    assert state.total_pot == 500


def test_t19_p1_short_ante_makes_a_side_pot():
    state = make_hand([10000, 10000, 5], sb=50, bb=100, ante=10)
    assert state.all_in(seat(2))
    pots = state.pots()
    assert (pots[0].amount, pots[0].eligible) == (15, (1, 2, 3))
    assert pots[1].eligible == (1, 2)
    play(state, "p0 cc", "p1 k")
    assert [(p.amount, p.eligible) for p in state.pots()] == [(15, (1, 2, 3)), (210, (1, 2))]


def test_t20_heads_up_button_posts_sb_and_acts_first_preflop():
    state = make_hand([100, 100])
    assert state.bet(seat(1)) == 1 and state.bet(seat(0)) == 2
    assert state.to_act == seat(1)
    play(state, "p1 cc", "p0 k", FLOP)
    assert state.to_act == seat(0)


def test_t21_straddle_min_raise_house_setting():
    state = make_hand([200] * 6, straddle=(2, 4))
    assert state.to_act == seat(3)
    assert window(state)[0] == 8
    play(state, "p3 cc", "p4 cc", "p5 cc", "p0 cc", "p1 cc")
    assert state.to_act == seat(2) and state.legal().can_check
    play(state, "p2 k", FLOP)
    assert window(state)[0] == 2
    other = make_hand([200] * 6, straddle=(2, 4), straddle_min_raise="big_blind")
    assert window(other)[0] == 6


def test_t22_button_straddle_sb_acts_first_button_last():
    state = make_hand([200] * 6, straddle=(5, 4))
    assert state.to_act == seat(0)
    play(state, "p0 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc")
    assert state.to_act == seat(5) and state.legal().can_check


def test_t23_missed_blinds_live_and_dead_post():
    posts = [(0, "small_blind", 1), (1, "big_blind", 2), (3, "live", 2), (3, "dead", 1)]
    state = make_hand([200] * 6, posts=posts)
    assert state.total_pot == 6 and state.b.dead == 1
    assert state.to_act == seat(2)
    play(state, "p2 cc")
    legal = state.legal()
    assert legal.seat == seat(3) and legal.can_check and (legal.min_to, legal.max_to) == (4, 199)


def test_t24_dead_small_blind_and_dead_button():
    nl = Structure(NL, 1, 2)
    setup = HandSetup(((1, 100), (3, 100), (4, 100)), button=1, structure=nl, posts=(Post(3, PostKind.BIG_BLIND, 2),))
    state = HandState.start(setup)
    state.apply(HoleCardsDealt())
    assert state.to_act == 4
    state.apply(Call(4))
    assert state.to_act == 1
    state.apply(Call(1))
    assert state.to_act == 3
    state.apply(Check(3))
    state.apply(BoardDealt("2c7d9h"))
    assert state.to_act == 3
    dead_button = HandSetup(
        ((2, 100), (3, 100), (4, 100)),
        button=1,
        structure=nl,
        posts=(Post(2, PostKind.SMALL_BLIND, 1), Post(3, PostKind.BIG_BLIND, 2)),
    )
    state = HandState.start(dead_button)
    state.apply(HoleCardsDealt())
    assert state.to_act == 4


def test_t25_pot_limit_maximums():
    state = make_hand([1000] * 6, kind=PL)
    assert window(state)[1] == 7
    play(state, "p2 cbr 7")
    assert window(state)[1] == 24
    play(state, "p3 cc")
    assert window(state)[1] == 31
    heads_up = make_hand([1000, 1000], sb=25, bb=50, kind=PL)
    play(heads_up, "p1 cc", "p0 k", FLOP, "p0 cbr 50")
    assert window(heads_up)[1] == 250


def test_t26_pot_limit_counts_antes():
    state = make_hand([10000] * 4, sb=50, bb=100, kind=PL, ante=10)
    assert window(state)[1] == 390


def test_t27_pot_limit_sized_as_if_full_blinds_were_posted():
    short_bb = make_hand([10000, 100, 10000, 10000], sb=100, bb=200, kind=PL)
    assert window(short_bb)[1] == 700
    dead_sb = make_hand([10000, 10000, 10000, 10000], sb=100, bb=200, kind=PL, posts=[(1, "big_blind", 200)])
    assert window(dead_sb)[1] == 700


def test_t28_pot_limit_opening_raise_house_rule():
    plain = make_hand([1000] * 4, sb=5, bb=10, kind=PL)
    assert window(plain)[1] == 35
    house = make_hand([1000] * 4, sb=5, bb=10, kind=PL, pl_open_bb_multiple=4)
    assert window(house)[1] == 40


def test_t29_fixed_limit_cap_is_one_bet_and_four_raises():
    state = make_hand([1000] * 6, kind=FL, small_bet=2, big_bet=4)
    play(state, "p2 cbr 4", "p3 cbr 6", "p4 cbr 8", "p5 cbr 10")
    legal = state.legal()
    assert legal.seat == seat(0) and not legal.can_raise and legal.no_raise_reason == "raise_cap"
    assert refused(state, "p0 cbr 12").code == "raise_cap"
    play(state, "p0 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", FLOP)
    play(state, "p0 cbr 2", "p1 cbr 4", "p2 cbr 6", "p3 cbr 8", "p4 cbr 10")
    assert state.legal().no_raise_reason == "raise_cap"


def test_t30_fixed_limit_heads_up_unlimited_in_cash_capped_in_tournament():
    cash = make_hand([1000, 1000], kind=FL)
    play(cash, "p1 cbr 4", "p0 cbr 6", "p1 cbr 8", "p0 cbr 10", "p1 cbr 12")
    assert window(cash) == (14, 14)
    tournament = make_hand([1000, 1000], kind=FL, heads_up_unlimited=False)
    play(tournament, "p1 cbr 4", "p0 cbr 6", "p1 cbr 8", "p0 cbr 10")
    assert tournament.legal().no_raise_reason == "raise_cap"


def _fl_turn(p1_stack: int) -> HandState:
    state = make_hand([1000, p1_stack, 1000], sb=5, bb=10, kind=FL, small_bet=10, big_bet=20)
    return play(state, "p2 cc", "p0 cc", "p1 k", FLOP, "p0 k", "p1 k", "p2 k", "db Ks")


def test_t31_fixed_limit_half_bet_all_in_reopens():
    state = play(_fl_turn(45), "p0 cbr 20", "p1 cbr 35")
    assert window(state) == (55, 55)
    play(state, "p2 cc")
    assert state.to_act == seat(0) and window(state) == (55, 55)


def test_t32_fixed_limit_less_than_half_bet_all_in_is_completed_not_reopened():
    state = play(_fl_turn(38), "p0 cbr 20", "p1 cbr 28")
    assert window(state) == (40, 40)
    assert state.legal().call_amount == 28
    play(state, "p2 cc")
    legal = state.legal()
    assert legal.seat == seat(0) and legal.call_amount == 8 and not legal.can_raise


def test_t33_fixed_limit_all_in_bet_below_half_bet_can_be_completed():
    state = play(_fl_turn(18), "p0 k", "p1 cbr 8")
    legal = state.legal()
    assert legal.call_amount == 8 and (legal.min_to, legal.max_to) == (20, 20)


def test_t34_p2_uncalled_bets_go_back():
    state = make_hand([2000, 2000], sb=50, bb=100)
    play(state, "p1 cc", "p0 k", FLOP, "p0 k", "p1 k", "db Ks", "p0 k", "p1 k", "db 3d")
    play(state, "p0 cbr 500", "p1 f")
    assert stacks(state) == [2100, 1900]
    assert state.returns == {seat(0): 500}
    state = make_hand([1000, 3000], sb=50, bb=100)
    play(state, "p1 cbr 3000", "p0 cc")
    assert state.returns == {seat(1): 2000}
    play(state, "p0 sm AsAh", "p1 sm KsKh", "db 2c7d9c", "db 3d", "db 4h")
    assert stacks(state) == [2000, 2000]


def test_t35_p1_side_pots_with_odd_chip_to_first_winner_left_of_button():
    state = make_hand([200, 60, 25, 100, 100])
    play(state, "p2 cbr 25", "p3 cbr 100", "p4 cc", "p0 f", "p1 cc")
    pots = state.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(101, (2, 3, 4, 5)), (105, (2, 4, 5)), (80, (4, 5))]
    assert state.prompt().kind is PromptKind.TABLE_ALL
    play(state, "p1 sm 2c3c", "p2 sm 2d3d", "p3 sm 2h3h", "p4 sm 4c4d")
    play(state, "db AsKsQs", "db Js", "db Ts")
    assert stacks(state) == [199, 61, 25, 100, 100]
    assert [a.pot_index for a in state.awards] == [2, 1, 0]
    assert state.awards[-1].shares == {2: 26, 3: 25, 4: 25, 5: 25}
    assert state.awards[-1].odd_chip_seats == (2,)


def _showdown_board(state: HandState, board: str = "AsKsQsJsTs") -> HandState:
    play(state, f"db {board[:6]}")
    for street_card in (board[6:8], board[8:10]):
        while state.to_act is not None:
            play(state, f"p{state.to_act - 1} k")
        play(state, f"db {street_card}")
    while state.to_act is not None:
        play(state, f"p{state.to_act - 1} k")
    return state


def test_t36_p5_split_pots_odd_chip():
    state = make_hand([100] * 4)
    play(state, "p2 cbr 10", "p3 cc", "p0 f", "p1 cc")
    _showdown_board(state)
    assert state.showdown_order() == [2, 3, 4]
    play(state, "p1 sm 2c3c", "p2 sm 2d3d", "p3 sm 2h3h")
    assert stacks(state) == [99, 101, 100, 100]
    state = make_hand([100] * 4)
    play(state, "p2 cbr 10", "p3 cc", "p0 f", "p1 f")
    _showdown_board(state)
    play(state, "p2 sm 2d3d", "p3 sm 2h3h")
    assert stacks(state) == [99, 98, 102, 101]


def test_t37_p5_odd_chip_is_the_smallest_chip_in_play():
    state = make_hand([1000] * 3, sb=25, bb=50, chip_unit=25)
    play(state, "p2 cbr 100", "p0 f", "p1 cc")
    _showdown_board(state)
    play(state, "p1 sm 2c3c", "p2 sm 2d3d")
    assert stacks(state) == [975, 1025, 1000]


def test_t38_p3_showdown_order():
    state = make_hand([100] * 4)
    play(state, "p2 f", "p3 cc", "p0 cc", "p1 k", FLOP, "p0 k", "p1 k", "p3 k", "db Ks", "p0 k", "p1 k", "p3 k")
    play(state, "db 3d", "p0 k", "p1 cbr 10", "p3 cc", "p0 cc")
    assert state.showdown_order() == [2, 4, 1]
    assert state.prompt().kind is PromptKind.SHOW and state.prompt().seat == 2
    checked = make_hand([100] * 4)
    play(checked, "p2 f", "p3 cc", "p0 cc", "p1 k", FLOP, "p0 cbr 4", "p1 cc", "p3 cc", "db Ks")
    play(checked, "p0 k", "p1 k", "p3 k", "db 3d", "p0 k", "p1 k", "p3 k")
    assert checked.showdown_order() == [1, 2, 4]


def test_t39_all_in_hands_are_tabled_and_cannot_be_mucked():
    state = make_hand([100, 100, 50, 100])
    play(state, "p2 cc", "p3 cc", "p0 cc", "p1 k", FLOP, "p0 k", "p1 k", "p2 k", "p3 k", "db Ks")
    play(state, "p0 k", "p1 k", "p2 cbr 48", "p3 cc", "p0 f", "p1 f")
    assert state.phase is Phase.BOARD and state.betting_closed
    assert state.showdown_order() == [3, 4]
    prompt = state.prompt()
    assert prompt.kind is PromptKind.TABLE_ALL and prompt.seats == (3, 4)
    err = refused(state, "p3 m")
    assert err.code == "must_show"
    assert err.reason == "Seat 4 must table its cards: a player is all-in (no mucking)"


def test_t40_p6_run_it_twice_extra_chip_to_the_first_board():
    state = make_hand([100, 100, 100], run_it_twice=True, ante=1, ante_mode=AnteMode.BUTTON)
    play(state, "p2 f", "p0 cbr 100", "p1 cc", "rit", "p0 sm AsAh", "p1 sm KsKh")
    play(state, "db 2c7d9c", "db 3d", "db 4h", "db 2h7h9s", "db Kd", "db 5s")
    assert state.board == "2c7d9c3d4h" and state.board2 == "2h7h9sKd5s"
    assert [(a.board, a.amount) for a in state.awards] == [(1, 101), (2, 100)]
    assert stacks(state) == [101, 100, 99]


def test_t41_fold_when_check_is_possible_is_binding():
    state = make_hand([100] * 3)
    play(state, "p2 cc", "p0 cc")
    assert state.legal().can_check
    play(state, "p1 f")
    assert state.folded(seat(1)) and state.phase is Phase.BOARD


def test_t42_uncalled_part_of_a_raise_returned_heads_up():
    state = make_hand([200, 1000], sb=10, bb=20)
    play(state, "p1 cbr 100", "p0 cbr 180")
    assert window(state)[0] == 260
    play(state, "p1 cbr 260")
    legal = state.legal()
    assert legal.call_amount == 20 and not legal.can_raise
    play(state, "p0 cc")
    assert state.returns == {seat(1): 60}
    assert state.total_pot == 400


def test_t43_l4_capped_structure_worked_example():
    state = make_hand([100] * 4, kind=BettingKind.CAPPED, round_cap=6, hand_cap=15)
    assert window(state) == (4, 6)
    play(state, "p2 cbr 5")
    assert window(state) == (6, 6)
    play(state, "p3 cbr 6")
    for p in (0, 1, 2):
        legal = state.legal()
        assert legal.seat == seat(p) and not legal.can_raise
        play(state, f"p{p} cc")
    assert state.total_pot == 24 and all(state.stack(seat(p)) == 94 for p in range(4))
    play(state, FLOP, "p0 cbr 6", "p1 cc", "p2 f", "p3 cc")
    assert state.total_pot == 42
    play(state, "db Ks")
    assert window(state) == (2, 3)
    play(state, "p0 cbr 3", "p1 cc", "p3 cc")
    assert state.total_pot == 51 and state.betting_closed
    play(state, "db 3d", "p0 sm 4c5c", "p1 sm AhAd", "p3 sm 4d5d")
    assert stacks(state) == [85, 136, 94, 85]
