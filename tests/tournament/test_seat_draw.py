"""T4/TO4 seat draw: highest card takes the button, next sits to its left; ties redraw, only they."""

from __future__ import annotations

import random

import pytest

from dealer_app.engine.tournament import SeatDraw, TournamentError, draw_at_random, replay_draw


def test_t4_no_ties_one_round() -> None:
    draw = SeatDraw(["Ann", "Bob", "Cas", "Dirk"])
    draw.enter({"Ann": "7c", "Bob": "As", "Cas": "2d", "Dirk": "Th"})
    assert draw.done
    assert draw.order == ("Bob", "Dirk", "Ann", "Cas")
    assert draw.seats() == {1: "Bob", 2: "Dirk", 3: "Ann", 4: "Cas"}


def test_t4_tie_on_top_redraws_only_the_tied() -> None:
    draw = SeatDraw(["Ann", "Bob", "Cas", "Dirk"])
    draw.enter({"Ann": "Ks", "Bob": "Kh", "Cas": "2d", "Dirk": "9h"})
    assert draw.to_draw == ("Ann", "Bob")
    with pytest.raises(TournamentError) as err:
        draw.enter({"Ann": "3c", "Bob": "4c", "Cas": "5c"})
    assert str(err.value) == "Seat draw: Cas must not draw now (T4)"
    draw.enter({"Ann": "3c", "Bob": "Jc"})
    assert draw.order == ("Bob", "Ann", "Dirk", "Cas")


def test_t4_suits_do_not_break_ties_and_two_tie_groups_redraw_together() -> None:
    draw = SeatDraw([1, 2, 3, 4, 5])
    draw.enter({1: "8s", 2: "8c", 3: "Qd", 4: "4h", 5: "4s"})
    assert draw.to_draw == (1, 2, 4, 5)  # place order: the eights, then the fours
    draw.enter({1: "2c", 2: "Ac", 4: "9d", 5: "9c"})  # 4 and 5 tie again
    assert draw.to_draw == (4, 5)
    draw.enter({4: "Ah", 5: "Kh"})
    assert draw.order == (3, 2, 1, 4, 5)
    assert draw.rounds[1] == {1: "2c", 2: "Ac", 4: "9d", 5: "9c"}


def test_t4_three_way_tie_then_two_way() -> None:
    draw = SeatDraw(["a", "b", "c"])
    draw.enter({"a": "Jc", "b": "Jd", "c": "Jh"})
    assert draw.to_draw == ("a", "b", "c")
    draw.enter({"a": "5c", "b": "5d", "c": "Kh"})
    assert draw.to_draw == ("a", "b")
    draw.enter({"a": "6c", "b": "7d"})
    assert draw.order == ("c", "b", "a")


def test_t4_refusals_change_nothing() -> None:
    draw = SeatDraw(["Ann", "Bob"])
    with pytest.raises(TournamentError) as err:
        draw.enter({"Ann": "As", "Bob": "As"})
    assert str(err.value) == "Seat draw: As drawn by both Ann and Bob; one deck has each card once"
    with pytest.raises(TournamentError) as err:
        draw.enter({"Ann": "1s", "Bob": "As"})
    assert str(err.value) == "Seat draw, Ann: Not a card: '1s' (write rank then suit, e.g. 'Th')"
    with pytest.raises(TournamentError, match="missing a card for Bob"):
        draw.enter({"Ann": "As"})
    assert draw.rounds == [] and draw.to_draw == ("Ann", "Bob")
    with pytest.raises(TournamentError, match="Seat draw not decided: Ann, Bob draw again"):
        draw.seats()
    with pytest.raises(TournamentError, match="at least 2 players"):
        SeatDraw(["Ann"])


def test_t4_random_draw_is_seeded_and_replayable() -> None:
    players = list(range(1, 10))
    first = draw_at_random(players, random.Random(5))
    second = draw_at_random(players, random.Random(5))
    assert first.order == second.order and first.rounds == second.rounds
    assert sorted(first.order) == players
    assert replay_draw(players, first.rounds).seats() == first.seats()


def test_t4_random_draws_redraw_ties_until_decided() -> None:
    rng = random.Random(1)
    redraws = 0
    for _ in range(200):
        draw = draw_at_random(list(range(9)), rng)
        redraws += len(draw.rounds) > 1
        ranks_first = [draw.rounds[0][p][0] for p in draw.order]
        order_of = "23456789TJQKA".index
        assert [order_of(r) for r in ranks_first] == sorted(map(order_of, ranks_first), reverse=True)
    assert redraws > 100  # 9 cards of 13 ranks tie most of the time


def test_t4_replay_refuses_an_undecided_record() -> None:
    with pytest.raises(TournamentError, match="draw again"):
        replay_draw(["a", "b"], [{"a": "Kc", "b": "Kd"}])
