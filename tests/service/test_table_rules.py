"""The table across hands (dealer_app.engine.table): button, blinds owed, seats, levels, exclusion."""

from __future__ import annotations

import pytest

from dealer_app.engine.table import (
    HandPlan,
    Level,
    Post,
    Table,
    TableError,
    level_index,
    share_equally,
)

LEVEL = Level(sb=1, bb=2, ante=1)
NO_ANTE = Level(sb=1, bb=2)


def _table(seats: list[int], button: int, seat_count: int = 9, stack: int = 100) -> Table:
    table = Table(seat_count)
    for seat in seats:
        table.join(seat, f"P{seat}", stack)
    table.place_button(button)
    return table


def _play(table: Table, level: Level = NO_ANTE) -> HandPlan:
    plan = table.plan_hand(level)
    table.start_hand(plan)
    table.end_hand(plan.stacks)
    return plan


def _where(plan: HandPlan) -> tuple[int, bool, int | None, int, list[int]]:
    return plan.button, plan.button_dead, plan.sb, plan.bb, plan.dealt


def test_t1_button_moves_one_seat_left_after_every_hand() -> None:
    table = _table([1, 3, 5, 7], button=1)
    assert [_where(_play(table)) for _ in range(5)] == [
        (1, False, 3, 5, [3, 5, 7, 1]),
        (3, False, 5, 7, [5, 7, 1, 3]),
        (5, False, 7, 1, [7, 1, 3, 5]),
        (7, False, 1, 3, [1, 3, 5, 7]),
        (1, False, 3, 5, [3, 5, 7, 1]),
    ]


def test_f1_f2_posts_antes_then_blinds_in_deal_order() -> None:
    table = _table([2, 4, 6], button=2)
    plan = table.plan_hand(LEVEL)
    assert plan.posts == [Post(4, "ante", 1), Post(6, "ante", 1), Post(2, "ante", 1), Post(4, "sb", 1), Post(6, "bb", 2)]
    assert plan.stacks == {4: 100, 6: 100, 2: 100}


def test_wt85_dead_button_when_the_small_blind_leaves() -> None:
    """TDA 32 / WT 85: the BB moves on; the button falls on the empty seat of the old SB."""
    table = _table([1, 2, 3, 4, 5], button=1)
    assert _where(_play(table)) == (1, False, 2, 3, [2, 3, 4, 5, 1])
    table.leave(2)
    assert _where(_play(table)) == (2, True, 3, 4, [3, 4, 5, 1])
    assert _where(_play(table)) == (3, False, 4, 5, [4, 5, 1, 3])


def test_wt85_dead_small_blind_when_the_big_blind_leaves() -> None:
    """Nobody skips the BB: seat 4 posts it, the SB is dead, then the button is dead."""
    table = _table([1, 2, 3, 4, 5], button=1)
    _play(table)
    table.leave(3)
    plan = _play(table)
    assert _where(plan) == (2, False, None, 4, [4, 5, 1, 2])
    assert plan.posts == [Post(4, "bb", 2)]
    assert _where(_play(table)) == (3, True, 4, 5, [4, 5, 1, 2])
    assert _where(_play(table)) == (4, False, 5, 1, [5, 1, 2, 4])


def test_wt87_heads_up_nobody_pays_the_big_blind_twice() -> None:
    """Going heads-up: the button posts the SB (T2); last hand's BB does not get it again."""
    table = _table([1, 2, 3], button=1)
    assert _where(_play(table)) == (1, False, 2, 3, [2, 3, 1])
    table.leave(1)
    plan = _play(table)
    assert _where(plan) == (3, False, 3, 2, [2, 3])
    assert plan.posts == [Post(3, "sb", 1), Post(2, "bb", 2)]
    assert _where(_play(table)) == (2, False, 2, 3, [3, 2])


def test_wt87_heads_up_when_the_small_blind_busts() -> None:
    table = _table([1, 2, 3], button=1)
    plan = table.plan_hand(NO_ANTE)
    table.start_hand(plan)
    table.end_hand({2: 0, 3: 200, 1: 100})  # seat 2 (SB) busted
    plan = _play(table)
    assert _where(plan) == (3, False, 3, 1, [1, 3])


def test_heads_up_back_to_three_handed_when_a_player_joins() -> None:
    table = _table([1, 4], button=1)
    assert _where(_play(table)) == (1, False, 1, 4, [4, 1])
    table.join(6, "New", 100)  # waits for the BB, which moves from seat 4 to seat 6 next
    plan = _play(table)
    assert _where(plan) == (1, False, 4, 6, [4, 6, 1])


def test_f4_new_player_waits_for_the_big_blind() -> None:
    table = _table([1, 3, 5, 7], button=1)
    _play(table)  # button 1, SB 3, BB 5
    table.join(2, "New", 100)
    assert table.players[2].waiting_for_bb
    plans = [_play(table) for _ in range(3)]
    assert [p.bb for p in plans] == [7, 1, 2]
    assert [2 in p.dealt for p in plans] == [False, False, True]
    assert not table.players[2].waiting_for_bb


def test_f4_new_player_may_post_one_big_blind_out_of_position() -> None:
    table = _table([1, 3, 5, 7], button=1)
    _play(table)
    table.join(2, "New", 100, post=True)
    plan = _play(table)
    assert _where(plan) == (3, False, 5, 7, [5, 7, 1, 2, 3])
    assert plan.posts == [Post(5, "sb", 1), Post(7, "bb", 2), Post(2, "bb", 2)]
    assert not table.players[2].post_next


def test_c2_sit_out_no_cards_no_blinds_and_the_missed_big_blind_is_owed() -> None:
    table = _table([1, 2, 3, 4, 5], button=1)
    _play(table)  # BTN 1, SB 2, BB 3
    table.sit_out(4)
    plan = _play(table)
    assert _where(plan) == (2, False, 3, 5, [3, 5, 1, 2])
    assert table.players[4].missed == "bb"
    table.sit_in(4)  # waits for the BB (default)
    assert table.players[4].waiting_for_bb
    plans = [_play(table) for _ in range(4)]
    assert [(p.bb, 4 in p.dealt) for p in plans] == [(1, False), (2, False), (3, False), (4, True)]
    assert table.players[4].missed is None


def test_wl156_returning_player_posts_missed_blinds_big_live_small_dead() -> None:
    table = _table([1, 2, 3, 4, 5], button=1)
    _play(table)
    table.sit_out(4)
    _play(table)
    table.sit_in(4, post=True)
    plan = _play(table)  # WL 158: seat 4 sits between the button (3) and the SB (5): waits
    assert _where(plan) == (3, False, 5, 1, [5, 1, 2, 3])
    assert table.players[4].post_next
    plan = _play(table)
    assert _where(plan) == (5, False, 1, 2, [1, 2, 3, 4, 5])
    assert plan.posts == [Post(1, "sb", 1), Post(2, "bb", 2), Post(4, "bb", 2), Post(4, "dead", 1)]
    assert table.players[4].missed is None and not table.players[4].post_next


def test_f4_missed_small_blind_only_is_posted_dead() -> None:
    table = _table([1, 2, 3, 4, 5], button=1)
    _play(table)  # BB was seat 3: it would be the SB next
    table.sit_out(3)
    plan = _play(table)
    assert _where(plan) == (2, False, None, 4, [4, 5, 1, 2])
    assert table.players[3].missed == "sb"
    table.sit_in(3, post=True)
    plan = _play(table)
    assert _where(plan) == (3, False, 4, 5, [4, 5, 1, 2, 3])
    assert Post(3, "dead", 1) in plan.posts and Post(3, "bb", 2) not in plan.posts


def test_seat_commands_refuse_with_dealer_readable_reasons_and_change_nothing() -> None:
    table = _table([1, 3], button=1, seat_count=6)
    before = table.to_dict()
    cases = [
        (lambda: table.join(3, "X", 100), "Seat 3 is taken by P3"),
        (lambda: table.join(7, "X", 100), "Seat must be 1 to 6, not 7"),
        (lambda: table.join(2, "P1", 100), "P1 is already seated"),
        (lambda: table.join(2, "X", -5), "Stack must be a whole number of chips, 0 or more, not -5"),
        (lambda: table.join(2, "X", 2.5), "Stack must be a whole number of chips, 0 or more, not 2.5"),
        (lambda: table.leave(2), "Seat 2 is empty"),
        (lambda: table.sit_in(1), "Seat 1 is not sitting out"),
        (lambda: table.place_button(4), "Seat 4 is empty"),
    ]
    for call, message in cases:
        with pytest.raises(TableError) as err:
            call()
        assert str(err.value) == message
    assert table.to_dict() == before


def test_a_hand_needs_two_players_and_a_button() -> None:
    table = Table(6)
    table.join(1, "A", 100)
    with pytest.raises(TableError, match="At least two players"):
        table.plan_hand(LEVEL)
    table.join(2, "B", 100)
    with pytest.raises(TableError, match="Place the button first"):
        table.plan_hand(LEVEL)
    table.sit_out(2)
    table.place_button(1)
    with pytest.raises(TableError, match="At least two players"):
        table.plan_hand(LEVEL)


def test_i3_exclusion_shares_chips_equally_odd_chips_clockwise_from_the_button() -> None:
    table = _table([1, 3, 5, 7], button=5, stack=100)
    table.set_stack(3, 11)
    assert table.exclusion_shares(3) == {7: 4, 1: 4, 5: 3}
    assert table.exclude(3) == {7: 4, 1: 4, 5: 3}
    assert {s: p.stack for s, p in table.players.items()} == {1: 104, 5: 103, 7: 104}
    assert share_equally(10, [2, 4]) == {2: 5, 4: 5}


def test_wt79_level_changes_only_by_running_time() -> None:
    levels = [Level(1, 2, minutes=20), Level(2, 4, ante=1, minutes=20), Level(5, 10)]
    assert [level_index(levels, s) for s in (0, 1199, 1200, 2399, 2400, 10**6)] == [0, 0, 1, 1, 2, 2]
    assert level_index([Level(1, 2)], 10**9) == 0


def test_plan_round_trips_through_its_json_form() -> None:
    table = _table([1, 3, 5], button=1)
    plan = table.plan_hand(LEVEL)
    assert HandPlan.from_dict(plan.to_dict()) == plan
