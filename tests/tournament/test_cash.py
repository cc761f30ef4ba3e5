"""Cash-table rules C1-C5 as pure decisions, refused under the Belgian profile (TO5)."""

from __future__ import annotations

import random

import pytest

from dealer_app.engine.tournament import TournamentError
from dealer_app.engine.tournament.cash import (
    CashRules,
    check_buy_in,
    first_button,
    hand_may_start,
    hand_rake,
    min_buy_in_on_return,
    new_player_must_wait,
    open_cash_table,
    rake,
    sit_out_expired,
    timeout_action,
)

RULES = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200)


def test_to5_cash_table_refused_in_belgium_allowed_without_profile() -> None:
    with pytest.raises(TournamentError, match=r"tournament form only \(TO5\)"):
        open_cash_table("belgium", RULES)
    assert open_cash_table("none", RULES) is RULES


def test_c1_hand_starts_at_three_or_two_after_three() -> None:
    assert hand_may_start(RULES, ready=3, previous_hand_players=0)
    assert not hand_may_start(RULES, ready=2, previous_hand_players=0)
    assert not hand_may_start(RULES, ready=2, previous_hand_players=2)
    assert hand_may_start(RULES, ready=2, previous_hand_players=3)
    assert not hand_may_start(RULES, ready=1, previous_hand_players=6)
    with pytest.raises(TournamentError, match=r"at most 6 \(C1\)"):
        hand_may_start(RULES, ready=7, previous_hand_players=0)


def test_c1_random_first_button() -> None:
    buttons = {first_button([1, 3, 5], random.Random(seed)) for seed in range(50)}
    assert buttons == {1, 3, 5}
    with pytest.raises(TournamentError):
        first_button([], random.Random(0))


def test_c1_new_player_waits_for_big_blind_or_posts() -> None:
    assert new_player_must_wait(posts_big_blind=False, is_big_blind_now=False)
    assert not new_player_must_wait(posts_big_blind=True, is_big_blind_now=False)
    assert not new_player_must_wait(posts_big_blind=False, is_big_blind_now=True)


def test_c2_sit_out_removed_after_ten_minutes() -> None:
    assert not sit_out_expired(RULES, sat_out_at=1000, now=1599)
    assert sit_out_expired(RULES, sat_out_at=1000, now=1600)


def test_c3_leaving_with_100_bb_and_returning_within_30_minutes() -> None:
    assert min_buy_in_on_return(RULES, left_with=200, left_at=0, now=29 * 60) == 200
    assert min_buy_in_on_return(RULES, left_with=199, left_at=0, now=60) == 40  # under 100 BB
    assert min_buy_in_on_return(RULES, left_with=250, left_at=0, now=30 * 60) == 40  # window over
    with pytest.raises(TournamentError, match=r"Buy in for at least 250 chips \(C3, C5\)"):
        check_buy_in(RULES, 200, in_hand=False, minimum=250)
    check_buy_in(RULES, 250, in_hand=False, minimum=250)


def test_c4_out_of_time_checks_else_folds() -> None:
    assert timeout_action(can_check=True) == "check"
    assert timeout_action(can_check=False) == "fold"


def test_c5_buy_ins_between_hands_within_limits_and_rake() -> None:
    with pytest.raises(TournamentError, match=r"only between hands \(C5\)"):
        check_buy_in(RULES, 100, in_hand=True)
    with pytest.raises(TournamentError, match=r"at most 200 \(C5\)"):
        check_buy_in(RULES, 150, in_hand=False, stack=60)
    with pytest.raises(TournamentError, match="Buy in for at least 40 chips"):
        check_buy_in(RULES, 39, in_hand=False)
    check_buy_in(RULES, 140, in_hand=False, stack=60)
    assert rake(CashRules(2, 40, 200, rake_percent=5), 99) == 4
    assert rake(RULES, 99) == 0
    with pytest.raises(TournamentError, match=r"Buy-in window 50..40"):
        CashRules(big_blind=2, min_buy_in=50, max_buy_in=40)


def test_c5_hand_rake_no_flop_no_drop_and_the_cap_main_pot_first() -> None:
    rules = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200, rake_percent=5)
    assert hand_rake(rules, [120, 60, 19], cap=0, flop_seen=True) == [6, 3, 0]
    assert hand_rake(rules, [120, 60, 19], cap=8, flop_seen=True) == [6, 2, 0]
    assert hand_rake(rules, [120, 60], cap=0, flop_seen=False) == [0, 0]
    no_rake = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200)
    assert hand_rake(no_rake, [120], cap=8, flop_seen=True) == [0]


def test_to5_c1_cash_table_config_only_without_the_belgian_profile() -> None:
    from dealer_app.tournament.cash import cash_table_config

    with pytest.raises(TournamentError, match=r"tournament form only \(TO5\)"):
        cash_table_config("belgium", RULES, small_blind=1)
    config = cash_table_config("none", RULES, small_blind=1)
    assert config.seats == 6 and config.structure == "no-limit"
    assert (config.levels[0].sb, config.levels[0].bb) == (1, 2)
