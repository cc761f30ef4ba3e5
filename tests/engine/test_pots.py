"""Pot building and splitting as pure functions (rules P1, P2, P5)."""

from __future__ import annotations

import pytest

from dealer_app.engine.pots import Pot, build_pots, split_pot, unmatched_excess


def test_p1_levels_of_players_still_in_make_the_pots():
    pots = build_pots([25, 60, 60, 100, 100], [False, False, False, False, False])
    assert pots == [Pot(125, (0, 1, 2, 3, 4)), Pot(140, (1, 2, 3, 4)), Pot(80, (3, 4))]


def test_p1_folded_chips_stay_in_without_a_claim_and_equal_claims_merge():
    pots = build_pots([10, 40, 40, 30], [True, False, False, True])
    assert pots == [Pot(120, (1, 2))]


def test_p1_dead_money_goes_to_the_main_pot():
    pots = build_pots([5, 20, 20], [False, False, False], dead=3)
    assert pots == [Pot(18, (0, 1, 2)), Pot(30, (1, 2))]


def test_p2_unmatched_part_of_the_largest_bet():
    assert unmatched_excess([0, 60, 40]) == (1, 20)
    assert unmatched_excess([40, 40, 10]) is None


def test_p5_odd_chips_one_unit_at_a_time_from_the_first_winner():
    assert split_pot(101, [1, 2, 3, 4]) == [(1, 26), (2, 25), (3, 25), (4, 25)]
    assert split_pot(50, [2, 3, 4, 5]) == [(2, 13), (3, 13), (4, 12), (5, 12)]
    assert split_pot(225, [0, 2], unit=25) == [(0, 125), (2, 100)]
    assert split_pot(7, [0, 1], unit=5) == [(0, 5), (1, 2)]
    with pytest.raises(ValueError, match="at least one winner"):
        split_pot(10, [])
