"""The one-hand rules of RULES.md (sections B, L, A, P and I1), each test named by its id."""

from __future__ import annotations

import pytest

from dealer_app.engine.events import (
    EVENT_TYPES,
    BetRaise,
    BoardDealt,
    Call,
    CardBurned,
    Check,
    HandStarted,
    HandVoided,
    HoleCardsDealt,
    IllegalAction,
    Muck,
    RunTwice,
    Show,
    event_from_dict,
)
from dealer_app.engine.hand import HandState, Phase, PromptKind, Street
from dealer_app.engine.structures import BettingKind, HandSetup, SetupError, Structure
from tests.engine.test_hand_kit import make_hand, play, refused, seat, stacks, window

FLOP = "db 2c7d9h"


def no_blinds(stack_list: list[int], **options) -> HandState:
    """A hand without forced bets, so a round's bets can be read as in the rule examples."""
    return make_hand(stack_list, posts=[], **options)


# ----- B: betting rounds ----------------------------------------------------------------------


def test_b1_preflop_left_of_bb_postflop_first_active_left_of_button():
    state = make_hand([100] * 4)
    assert state.to_act == seat(2)
    play(state, "p2 cc", "p3 cc", "p0 f", "p1 k", FLOP)
    assert state.street is Street.FLOP and state.to_act == seat(1)


def test_b2_big_blind_option_and_limpers_call_the_big_blind():
    state = make_hand([100] * 3)
    legal = state.legal()
    assert legal.call_amount == 2 and not legal.can_check
    play(state, "p2 cc", "p0 cc")
    legal = state.legal()
    assert legal.seat == seat(1) and legal.can_check and legal.can_raise and legal.min_to == 4


def test_b3_round_ends_when_everyone_acted_and_matched():
    state = make_hand([100] * 4)
    play(state, "p2 cc", "p3 cbr 6", "p0 cc", "p1 cc")
    assert state.to_act == seat(2) and state.legal().call_amount == 4
    play(state, "p2 cc")
    assert state.phase is Phase.BOARD and state.to_act is None
    assert state.prompt().kind is PromptKind.BURN_AND_DEAL and state.prompt().amounts == (1, 3, 1)


def test_b4_hand_ends_at_once_when_all_but_one_fold():
    state = make_hand([100] * 3)
    play(state, "p2 cbr 6", "p0 f", "p1 f")
    assert state.phase is Phase.FINISHED and state.board == ""
    assert stacks(state) == [99, 98, 103]
    assert state.prompt().kind is PromptKind.PUSH and state.prompt().seats == (seat(2),)
    assert refused(state, "db 2c7d9h").code == "hand_over"


def test_b5_table_stakes_no_more_than_the_stack():
    state = make_hand([100, 100, 50])
    err = refused(state, "p2 cbr 60")
    assert err.reason == "Seat 3 has 50 behind: all-in is to 50"
    assert err.code == "max_bet" and err.amounts == (50,)


def test_b6_action_out_of_turn_is_refused_by_the_engine():
    state = make_hand([100] * 4)
    err = refused(state, "p3 cbr 10")
    assert err.code == "not_your_turn" and err.amounts == (seat(2),)


def test_b2_check_facing_a_bet_and_call_with_nothing_owed_are_refused():
    state = make_hand([100] * 3)
    assert refused(state, "p2 k").reason == "Seat 3 cannot check: 2 to call"
    play(state, "p2 cc", "p0 cc")
    assert refused(state, "p1 c").reason == "Nothing to call: seat 2 may check"


# ----- L: structures ---------------------------------------------------------------------------


def test_l1_no_limit_min_bet_and_min_raise():
    state = no_blinds([1000] * 3)
    assert refused(state, "p0 cbr 1").reason == "Minimum bet is 2"
    play(state, "p0 cbr 20", "p1 cbr 60")
    assert window(state) == (100, 1000)


def test_l2_pot_limit_raise_at_most_pot_after_call():
    state = make_hand([1000, 1000], kind=BettingKind.POT_LIMIT, posts=[(0, "dead", 10)])
    play(state, "p0 k", "p1 k", FLOP, "p0 cbr 5")
    assert window(state) == (10, 25)
    assert refused(state, "p1 cbr 26").reason == "Pot limit: maximum raise is to 25"


def test_l3_fixed_limit_bet_sizes_double_on_turn_and_river():
    state = make_hand([1000] * 3, kind=BettingKind.FIXED_LIMIT, small_bet=2, big_bet=4)
    assert window(state) == (4, 4)
    assert refused(state, "p2 cbr 5").reason == "Fixed limit: the raise is to 4"
    play(state, "p2 cc", "p0 cc", "p1 k", FLOP)
    assert window(state) == (2, 2)
    play(state, "p0 k", "p1 k", "p2 k", "db Ks")
    assert window(state) == (4, 4)


def test_l4_club_caps_per_round_and_per_hand():
    club = dict(kind=BettingKind.CAPPED, sb=1, bb=2, ante=1, round_cap=6, hand_cap=25)
    state = make_hand([100] * 4, **club)
    assert window(state) == (4, 6)
    err = refused(state, "p2 cbr 7")
    assert err.reason == "At most 6 per player per betting round" and err.code == "round_cap"
    play(state, "p2 cbr 6")
    legal = state.legal()
    assert not legal.can_raise and legal.no_raise_reason == "round_cap" and legal.call_amount == 6
    assert refused(state, "p3 cbr 8").code == "round_cap"
    play(state, "p3 cc", "p0 cc", "p1 cc")
    play(state, FLOP, "p0 cbr 6", "p1 cc", "p2 cc", "p3 cc", "db Ks", "p0 cbr 6", "p1 cc", "p2 cc", "p3 cc")
    assert all(state.committed(seat(p)) == 19 for p in range(4))
    play(state, "db 3d")
    assert window(state) == (2, 6)
    play(state, "p0 cbr 6")
    assert state.committed(seat(0)) == 25
    err = refused(state, "p1 cbr 8")
    assert err.code == "hand_cap" and err.reason == "At most 25 per player per hand"


def test_l4_hand_cap_message():
    state = make_hand([100] * 3, kind=BettingKind.CAPPED, round_cap=10, hand_cap=12)
    play(state, "p2 cbr 10", "p0 cc", "p1 cc", FLOP)
    assert window(state) == (2, 2)
    err = refused(state, "p0 cbr 3")
    assert err.reason == "At most 12 per player per hand" and err.code == "hand_cap"


def test_l5_amounts_are_whole_chips():
    state = make_hand([1000] * 3, sb=25, bb=50, chip_unit=25)
    err = refused(state, "p2 cbr 110")
    assert err.reason == "110 is not a whole number of chips of 25" and err.code == "not_whole_chips"
    with pytest.raises(SetupError, match="not a whole number of chips of 25"):
        Structure(small_blind=10, big_blind=50, chip_unit=25)


# ----- A: all-in and reopening -------------------------------------------------------------------


def test_a1_all_in_for_less_wins_only_what_it_matched():
    state = make_hand([100, 100, 30])
    play(state, "p2 cbr 30", "p0 cbr 100", "p1 cc")
    play(state, "p2 sm AsAh", "p0 sm KsKh", "p1 sm QsQh", "db 2c7d9c", "db 3d", "db 4h")
    assert stacks(state) == [140, 0, 90]


def test_a2_short_all_in_raise_does_not_reopen():
    state = no_blinds([1000, 1000, 15])
    play(state, "p0 cbr 10", "p1 cc", "p2 cbr 15")
    legal = state.legal()
    assert legal.seat == seat(0) and legal.call_amount == 5 and not legal.can_raise
    assert refused(state, "p0 cbr 30").code == "raise_not_allowed"


def test_a3_short_all_ins_adding_up_to_a_full_raise_reopen():
    state = no_blinds([1000, 1000, 18, 25])
    play(state, "p0 cbr 10", "p1 cc", "p2 cbr 18", "p3 cbr 25")
    assert state.to_act == seat(0) and window(state)[0] == 35
    play(state, "p0 cc")
    assert state.to_act == seat(1) and window(state)[0] == 35


def test_a4_fixed_limit_half_bet_all_in_counts_as_a_raise():
    state = no_blinds([1000, 1000, 15], kind=BettingKind.FIXED_LIMIT, small_bet=10, big_bet=20)
    play(state, "p0 cbr 10", "p1 cc", "p2 cbr 15", "p0 cc")
    assert state.to_act == seat(1) and window(state) == (25, 25)


# ----- P: pots, showdown, awards ---------------------------------------------------------------


def pots_of(state: HandState) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, p.eligible) for p in state.pots()]


def test_p1_side_pots_seed_example_s0():
    state = no_blinds([100, 5, 100, 100])
    play(state, "p0 cbr 20", "p1 c", "p2 cc", "p3 f")
    assert pots_of(state) == [(15, (1, 2, 3)), (30, (1, 3))]


def test_p1_side_pots_seed_example_s1():
    state = no_blinds([25, 60, 500])
    play(state, "p0 cbr 25", "p1 cbr 60", "p2 cc")
    assert pots_of(state) == [(75, (1, 2, 3)), (70, (2, 3))]


def test_p1_side_pots_seed_example_s2():
    state = no_blinds([5000, 5000, 100])
    play(state, "p0 cbr 1000", "p1 cc", "p2 cc")
    assert pots_of(state) == [(300, (1, 2, 3)), (1800, (1, 2))]


def test_p2_unmatched_bet_reported_then_returned():
    state = no_blinds([100, 100, 40])
    play(state, "p0 cbr 60", "p1 f")
    assert state.unmatched() == (seat(0), 60)
    play(state, "p2 cc")
    assert state.returns == {seat(0): 20}
    assert pots_of(state) == [(80, (1, 3))]


def _to_showdown() -> HandState:
    state = make_hand([100] * 3)
    play(state, "p2 cc", "p0 cc", "p1 k", FLOP, "p0 k", "p1 k", "p2 k", "db Ks", "p0 k", "p1 k", "p2 k")
    return play(state, "db 3d", "p0 k", "p1 cbr 10", "p2 cc", "p0 f")


def test_p3_first_to_show_must_show_then_losers_may_muck():
    state = _to_showdown()
    assert state.showdown_order() == [2, 3]
    assert state.prompt().kind is PromptKind.SHOW and state.prompt().amounts == (1,)
    err = refused(state, "p1 m")
    assert err.code == "must_show"
    assert err.reason == "Seat 2 must show to win: no other hand has been shown for its pot"
    play(state, "p1 sm AsAh")
    assert state.prompt().seat == 3 and state.prompt().amounts == (0,)
    play(state, "p2 m")
    assert stacks(state) == [98, 114, 88]


def test_p3_a_known_winning_hand_cannot_be_mucked():
    state = make_hand([100] * 3, deal=False)
    for p, cards in ((0, "6h6d"), (1, "4c5d"), (2, "AsAh")):
        state.apply(HoleCardsDealt(seat(p), cards))
    play(state, "p2 cc", "p0 f", "p1 k", FLOP, "p1 k", "p2 k", "db Ks", "p1 k", "p2 k", "db 3d", "p1 k", "p2 k")
    play(state, "p1 sm 4c5d")
    err = refused(state, "p2 m")
    assert err.code == "must_show"
    play(state, "p2 sm AsAh")
    assert stacks(state) == [99, 98, 103]


def test_p3_shown_cards_must_match_the_dealt_cards():
    state = make_hand([100] * 2, deal=False)
    state.apply(HoleCardsDealt(seat(0), "2c2d"))
    state.apply(HoleCardsDealt(seat(1), "AsAh"))
    play(state, "p1 cbr 100", "p0 cc")
    err = refused(state, "p0 sm 3c3d")
    assert err.reason == "Seat 1 was dealt 2c2d, not 3c3d"


def test_p4_side_pots_are_awarded_before_the_main_pot():
    state = no_blinds([25, 60, 500])
    play(state, "p0 cbr 25", "p1 cbr 60", "p2 cc", "p0 sm AsAh", "p1 sm KsKh", "p2 sm QsQh")
    play(state, "db 2c7d9c", "db 3d", "db 4h")
    assert [(a.pot_index, a.amount, a.shares) for a in state.awards] == [(1, 70, {2: 70}), (0, 75, {1: 75})]


def test_p5_board_plays_split_with_odd_chip_left_of_button():
    state = make_hand([100] * 3)
    play(state, "p2 cc", "p0 f", "p1 k", "db AsKsQs", "p1 k", "p2 k", "db Js", "p1 k", "p2 k", "db Ts", "p1 k", "p2 k")
    play(state, "p1 sm 2c3c", "p2 sm 2d3d")
    assert state.awards[0].shares == {2: 3, 3: 2} and state.awards[0].odd_chip_seats == (2,)


def test_p6_run_it_twice_only_as_house_option_and_when_all_in():
    state = make_hand([100, 100, 100])
    play(state, "p2 f", "p0 cbr 100", "p1 cc")
    assert refused(state, "rit").reason == "Run it twice is not a house option here"
    other = make_hand([100, 100, 100], run_it_twice=True)
    assert refused(other, "rit").reason == "Run it twice only when all-in with cards to come"


# ----- I1: void hand ---------------------------------------------------------------------------


def test_i1_void_hand_returns_every_contribution():
    state = make_hand([100, 150, 200])
    play(state, "p2 cbr 10", "p0 cc", "p1 cbr 30")
    state.apply(HandVoided("duplicate card"))
    assert state.phase is Phase.VOIDED and state.prompt().kind is PromptKind.VOIDED
    assert state.final_stacks() == {1: 100, 2: 150, 3: 200}
    assert state.awards == []
    assert refused(state, "p2 cc").reason == "The hand is over"


# ----- dealing, events, prompts ---------------------------------------------------------------


def test_dealing_order_burns_and_board_checks():
    state = make_hand([100] * 3, deal=False)
    assert state.prompt().kind is PromptKind.DEAL_HOLE_CARDS and state.prompt().seat == 1
    assert refused(state, "p2 cc").reason == "Deal the hole cards first"
    state.apply(HoleCardsDealt())
    err = refused(state, FLOP)
    assert err.reason == "The betting on the pre-flop is not finished (action on seat 3)"
    play(state, "p2 cc", "p0 cc", "p1 k", "burn")
    assert refused(state, "burn").reason == "A card was already burned for this deal"
    err = refused(state, "db 2c7d")
    assert err.code == "wrong_card_count" and err.reason == "The flop is 3 cards, got 2"
    assert refused(state, "db 2c2c9h").code == "bad_card"
    play(state, FLOP, "p0 k", "p1 k", "p2 k")
    err = refused(state, "db 7d")
    assert err.reason == "Card 7d is already in this hand" and err.code == "duplicate_card"
    assert refused(state, "db Xx").code == "bad_card"


def test_every_event_round_trips_through_json():
    setup = HandSetup.standard({1: 100, 2: 100}, 2, Structure())
    events = [
        HandStarted(setup),
        HoleCardsDealt(),
        HoleCardsDealt(3, "AsKs"),
        CardBurned(),
        BoardDealt("2c7d9h"),
        BetRaise(2, 10),
        Check(1),
        Show(1, "AsKs"),
        Muck(2),
        RunTwice(),
        HandVoided("fouled deck"),
    ]
    for event in events:
        assert event_from_dict(event.to_dict()) == event
    assert {e.type for e in events} | {"fold", "call"} == set(EVENT_TYPES)
    with pytest.raises(ValueError, match="Unknown event type 'nope'"):
        event_from_dict({"type": "nope"})


def test_setup_errors_are_readable():
    nl = Structure()
    with pytest.raises(SetupError, match="A hand needs at least two players"):
        HandSetup.standard({1: 100}, 1, nl)
    with pytest.raises(SetupError, match="Seat 11 does not exist"):
        HandSetup.standard({1: 100, 11: 100}, 1, nl)
    with pytest.raises(SetupError, match="Seat 2 has no chips"):
        HandSetup.standard({1: 100, 2: 0}, 1, nl)
    with pytest.raises(SetupError, match="round_cap and hand_cap belong to the capped structure only"):
        Structure(round_cap=6)
    with pytest.raises(SetupError, match="Unknown structure field 'blinds'"):
        Structure.from_dict({"blinds": 2})


def test_applied_is_pure_and_illegal_event_changes_nothing():
    state = make_hand([100] * 3)
    after = state.applied(BetRaise(3, 10))
    assert state.to_act == 3 and after.to_act == 1
    with pytest.raises(IllegalAction):
        state.apply(BetRaise(3, 3))
    assert state.to_act == 3 and state.bet(3) == 0


def test_p3_wl145_side_pot_players_show_before_the_main_pot_all_in():
    state = make_hand([30, 200, 200, 200])
    play(state, "p2 cc", "p3 cc", "p0 cbr 30", "p1 cc", "p2 cc", "p3 cc", FLOP)
    play(state, "p1 k", "p2 k", "p3 k", "db Ks", "p1 k", "p2 k", "p3 k", "db 3d", "p1 cbr 20", "p2 cc", "p3 cc")
    assert state.showdown_order() == [2, 3, 4, 1]
    assert state.prompt().kind is PromptKind.TABLE_ALL and state.prompt().seats == (2, 3, 4, 1)


def test_all_in_button_maps_to_the_largest_legal_wager():
    state = make_hand([100, 100, 40])
    assert state.legal().all_in_event() == BetRaise(3, 40)
    play(state, "p2 cbr 40", "p0 cbr 100")
    assert state.legal().all_in_event() == Call(2)
    pl = make_hand([100, 100, 100], kind=BettingKind.POT_LIMIT)
    assert pl.legal().all_in_event() == BetRaise(3, 7)


def test_p2_hand_over_when_the_only_bet_goes_back():
    state = no_blinds([100, 100])
    play(state, "p0 cbr 10", "p1 f")
    assert state.returns == {1: 10} and state.awards == []
    assert state.prompt().kind is PromptKind.HAND_OVER
    assert stacks(state) == [100, 100]
