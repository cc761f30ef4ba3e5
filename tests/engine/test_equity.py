"""Exact equity (rules H2-H4, P5: ties split) against published figures and against a slow,
independent enumeration (itertools + phevaluator's evaluator + exact fractions)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from phevaluator import evaluate_cards

from dealer_app.engine.batch_eval import rank_lookup
from dealer_app.engine.cards import CARD_STRINGS, CardError, split_cards
from dealer_app.engine.equity import SPLIT_UNIT, board_count, equity, equity_counts, prepare


def slow_equity(hands: list[str], board: str = "", dead: str = "") -> list[Fraction]:
    """Every completion of the board, each pot share an exact fraction (phevaluator: lower wins)."""
    hand_cards = [split_cards(h) for h in hands]
    known = [c for h in hand_cards for c in h] + split_cards(board) + split_cards(dead)
    deck = [c for c in CARD_STRINGS if c not in known]
    shares = [Fraction(0)] * len(hands)
    boards = 0
    for extra in itertools.combinations(deck, 5 - len(split_cards(board))):
        full_board = split_cards(board) + list(extra)
        ranks = [evaluate_cards(*h, *full_board) for h in hand_cards]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += Fraction(1, len(winners))
        boards += 1
    return [s / boards for s in shares]


def exact_shares(hands: list[str], board: str = "", dead: str = "") -> list[Fraction]:
    counts = equity_counts(hands, board=board, dead=dead)
    return [Fraction(s, SPLIT_UNIT * counts.boards) for s in counts.shares]


def test_heads_up_preflop_aks_v_queens() -> None:
    shares = equity([["As", "Ks"], ["Qh", "Qd"]])
    assert [round(100 * s, 4) for s in shares] == [46.2145, 53.7855]
    counts = equity_counts(["AsKs", "QhQd"])
    assert counts.boards == 1_712_304 == board_count(2, 0)
    assert sum(counts.shares) == SPLIT_UNIT * counts.boards


def test_heads_up_on_the_flop_aks_v_queens() -> None:
    shares = equity(["AsKs", "QhQd"], board=["Js", "Th", "2c"])
    assert round(100 * shares[0], 4) == 32.4242
    assert exact_shares(["AsKs", "QhQd"], "JsTh2c") == slow_equity(["AsKs", "QhQd"], "JsTh2c")


def test_p5_three_way_on_the_flop_matches_slow_enumeration() -> None:
    hands = ["AhAd", "KcQc", "9s8s"]
    assert exact_shares(hands, "Qs7s2c") == slow_equity(hands, "Qs7s2c")


def test_p5_three_way_on_the_turn_with_a_likely_split() -> None:
    hands = ["AhKd", "AcKs", "7h7d"]
    expected = slow_equity(hands, "QhJd2s3c")
    assert exact_shares(hands, "QhJd2s3c") == expected
    assert expected[0] == expected[1]  # suits have no rank: the two A-K split


def test_p5_nine_way_on_the_flop_matches_slow_enumeration() -> None:
    hands = ["AsAh", "KsKh", "QdJd", "Tc9c", "8h7h", "6s6c", "5d4d", "AcKc", "2h2d"]
    assert exact_shares(hands, "Jc8c3s") == slow_equity(hands, "Jc8c3s")


def test_p5_ten_way_on_the_turn_matches_slow_enumeration() -> None:
    """A full 10-seat table all in: the scoreboard asks for 10 hands."""
    hands = ["AsAh", "KsKh", "QdJd", "Tc9c", "8h7h", "6s6c", "5d4d", "AcKc", "2h2d", "3h3d"]
    assert exact_shares(hands, "Jc8c3s4h") == slow_equity(hands, "Jc8c3s4h")


def test_dead_cards_leave_the_deck_and_change_the_result() -> None:
    hands = ["AsKs", "QhQd"]
    with_dead = exact_shares(hands, "JsTh2c", dead="QsQc9s")
    assert with_dead == slow_equity(hands, "JsTh2c", dead="QsQc9s")
    assert with_dead != exact_shares(hands, "JsTh2c")
    assert equity_counts(hands, "JsTh2c", dead="QsQc9s").boards == 42 * 41 // 2


@pytest.mark.slow
def test_p5_nine_way_preflop_with_dead_cards_matches_slow_enumeration() -> None:
    hands = ["AsAh", "KsKh", "QdJd", "Tc9c", "8h7h", "6s6c", "5d4d", "AcKc", "2h2d"]
    dead = "3s3d3c3h4s4c"  # 28 cards left: 98,280 boards
    assert exact_shares(hands, dead=dead) == slow_equity(hands, dead=dead)


def test_river_board_is_one_showdown() -> None:
    assert equity(["AsKs", "QhQd"], board="JsTh2c4dQs") == [1.0, 0.0]  # Broadway beats trips
    assert equity(["2c3d", "2d3c"], board="AsKsQhJhTd") == [0.5, 0.5]  # the board plays
    assert equity(["2c3d", "2d3c", "4c4d"], board="AsKsQhJhTd") == [1 / 3, 1 / 3, 1 / 3]


def test_strings_lists_and_integers_give_the_same_result() -> None:
    expected = equity(["AsKs", "QhQd"], board="JsTh2c")
    assert equity([["As", "Ks"], ["Qh", "Qd"]], board=["Js", "Th", "2c"]) == expected
    assert equity([[51, 47], [42, 41]], board=[39, 34, 0]) == expected
    with pytest.raises(CardError, match="Not a card number: 52"):
        equity([[51, 52], [42, 41]])


@pytest.mark.parametrize(
    ("hands", "board", "dead", "error", "message"),
    [
        (["AsKs"], "", "", ValueError, "Equity needs 2 to 10 hands, not 1"),
        (["AsKs"] * 11, "", "", ValueError, "Equity needs 2 to 10 hands, not 11"),
        (["AsKsQs", "QhQd"], "", "", ValueError, "Hand 1 must have 2 cards, not 3"),
        (["AsKs", "Qh"], "", "", ValueError, "Hand 2 must have 2 cards, not 1"),
        (["AsKs", "QhQd"], "Js", "", ValueError, "The board has 0, 3, 4 or 5 cards, not 1"),
        (["AsKs", "QhQd"], "JsTh2c4d9s8s", "", ValueError, "not 6"),
        (["AsKs", "QhQd"], "JsTh1c", "", CardError, "Not a card: '1c'"),
        (["AsKs", "QhAs"], "", "", CardError, "Card As appears twice"),
        (["AsKs", "QhQd"], "QdTh2c", "", CardError, "Card Qd appears twice"),
        (["AsKs", "QhQd"], "JsTh2c", "Js", CardError, "Card Js appears twice"),
        (["AsAs", "QhQd"], "", "", CardError, "Card As appears twice"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(hands, board, dead, error, message) -> None:
    with pytest.raises(error, match=message):
        equity(hands, board=board, dead=dead)


def test_too_many_dead_cards_is_refused() -> None:
    hands = ["AsKs", "QhQd"]
    dead = [c for c in CARD_STRINGS if c not in {"As", "Ks", "Qh", "Qd"}][:45]
    with pytest.raises(ValueError, match="Only 3 cards left in the deck, the board needs 5 more"):
        equity(hands, dead=dead)


def test_prepare_builds_the_seven_card_lookup() -> None:
    rank_lookup.cache_clear()
    prepare()
    assert rank_lookup.cache_info().currsize == 1
    assert rank_lookup(7).nbytes == 15_651_520
