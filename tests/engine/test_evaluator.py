"""Scalar hand evaluation: rules H2-H4, names in English and Dutch, errors a dealer can act on."""

from __future__ import annotations

import doctest
import itertools

import pytest

from dealer_app.engine import batch_eval, enumeration, eval_tables, evaluator, hand_names, subsets
from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.engine.eval_tables import CLASSES, NUM_CLASSES, RANK_KEYS, rank_tables
from dealer_app.engine.evaluator import Category, HandValue, evaluate, hand_strength

CASES = [
    # cards, category, best five, English name, Dutch name
    (
        "AsKsQsJsTs9s2d",
        Category.STRAIGHT_FLUSH,
        ("As", "Ks", "Qs", "Js", "Ts"),
        "Royal flush",
        "Royal flush",
    ),
    (
        "5h4h3h2hAh9c9d",
        Category.STRAIGHT_FLUSH,
        ("5h", "4h", "3h", "2h", "Ah"),
        "Straight flush, five high",
        "Straight flush, vijf hoog",
    ),
    (
        "QcQdQhQs2c3d",
        Category.FOUR_OF_A_KIND,
        ("Qs", "Qh", "Qd", "Qc", "3d"),
        "Four of a kind, queens",
        "Carré, vrouwen",
    ),
    (
        "KhKd7sKc7d2c3h",
        Category.FULL_HOUSE,
        ("Kh", "Kd", "Kc", "7s", "7d"),
        "Full house, kings full of sevens",
        "Full house, heren vol met zevens",
    ),
    (
        "Ad9d7d4d2d",
        Category.FLUSH,
        ("Ad", "9d", "7d", "4d", "2d"),
        "Flush, ace high",
        "Flush, aas hoog",
    ),
    (
        "As2d3c4h5s9d",
        Category.STRAIGHT,
        ("5s", "4h", "3c", "2d", "As"),
        "Straight, five high",
        "Straat, vijf hoog",
    ),
    (
        "3s3h3c8dJc",
        Category.THREE_OF_A_KIND,
        ("3s", "3h", "3c", "Jc", "8d"),
        "Three of a kind, threes",
        "Drie gelijke, drieën",
    ),
    (
        "AhAc9s9d5c5h",
        Category.TWO_PAIR,
        ("Ah", "Ac", "9s", "9d", "5h"),
        "Two pair, aces and nines",
        "Twee paar, azen en negens",
    ),
    (
        "JdJs2c7h9sKd4c",
        Category.PAIR,
        ("Js", "Jd", "Kd", "9s", "7h"),
        "Pair of jacks",
        "Paar boeren",
    ),
    (
        "Ks9h7d4c2s",
        Category.HIGH_CARD,
        ("Ks", "9h", "7d", "4c", "2s"),
        "High card, king",
        "Hoge kaart, heer",
    ),
]


@pytest.mark.parametrize(("cards", "category", "five", "english", "dutch"), CASES)
def test_h3_category_best_five_and_names(cards, category, five, english, dutch) -> None:
    value = evaluate(cards)
    assert value.category is category
    assert value.best_five == five
    assert value.name() == english
    assert value.name("en") == english
    assert value.name("nl") == dutch
    assert value.strength == hand_strength(parse_cards(cards))


def test_h3_categories_rank_in_rule_order() -> None:
    strengths = [evaluate(case[0]).strength for case in CASES]
    assert strengths == sorted(strengths, reverse=True)
    assert [c.category for c in CLASSES[:: NUM_CLASSES - 1]] == [
        Category.HIGH_CARD,
        Category.STRAIGHT_FLUSH,
    ]


def test_h4_wheel_is_the_lowest_straight_and_no_wrap_around() -> None:
    wheel = evaluate("As2d3c4h5s")
    six_high = evaluate("2d3c4h5s6c")
    broadway = evaluate("AsKdQcJhTs")
    assert wheel.strength < six_high.strength < broadway.strength
    assert {wheel.category, six_high.category, broadway.category} == {Category.STRAIGHT}
    wrap = evaluate("KsAd2c3h4s")
    assert wrap.category is Category.HIGH_CARD
    assert wrap.name() == "High card, ace"
    steel_wheel = evaluate("As2s3s4s5s")
    assert steel_wheel.strength < evaluate("2s3s4s5s6s").strength
    assert steel_wheel.name("nl") == "Straight flush, vijf hoog"


def test_h4_flushes_compare_card_by_card_from_the_top() -> None:
    assert evaluate("AhQh9h5h3h").strength > evaluate("AdQd9d5d2d").strength
    assert evaluate("AhQh9h5h3h").strength < evaluate("AdQdTd3d2d").strength
    assert evaluate("AhQh9h5h3h").strength == evaluate("AsQs9s5s3s").strength  # suits: no rank


def test_h4_kickers_break_ties_but_only_five_cards_count() -> None:
    board = "KsKd9c7h4s"
    ace_kicker = evaluate(board + "Ac2d")
    queen_kicker = evaluate(board + "Qc2d")
    assert ace_kicker.strength > queen_kicker.strength
    # The sixth and seventh cards never count: both play K K A 9 7.
    assert evaluate(board + "Ac3d").strength == evaluate(board + "Ad2c").strength
    # The board plays: 5-high kickers below the board's own cards split the pot.
    assert evaluate("AsAdKcKhQs2c3d").strength == evaluate("AsAdKcKhQs4c5d").strength


def test_h4_two_pair_uses_the_best_two_of_three_pairs() -> None:
    value = evaluate("AhAc9s9d5c5h2d")
    assert value.name() == "Two pair, aces and nines"
    assert value.best_five == ("Ah", "Ac", "9s", "9d", "5h")


def test_h2_hand_may_use_zero_one_or_two_hole_cards() -> None:
    board = parse_cards("AsKsQsJsTs")
    assert hand_strength([*board, *parse_cards("2c3d")]) == NUM_CLASSES
    assert hand_strength([*board, *parse_cards("9s2d")]) == NUM_CLASSES


def test_strength_is_the_same_for_strings_and_integers() -> None:
    cards = ["Kh", "Kd", "7s", "Kc", "7d", "2c", "3h"]
    assert evaluate(cards) == evaluate(parse_cards(cards)) == evaluate("KhKd7sKc7d2c3h")
    assert isinstance(evaluate(cards), HandValue)


def test_scalar_agrees_with_batch_on_every_97th_five_card_hand() -> None:
    import numpy as np

    hands = list(itertools.islice(itertools.combinations(range(52), 5), 0, 2_598_960, 97))
    ours = [hand_strength(h) for h in hands]
    assert ours == batch_eval.batch_strength(np.array(hands, dtype=np.uint8)).tolist()


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["As", "Ks", "Qs", "Js", "1x"], "Not a card: '1x'"),
        (["As", "Ks", "Qs", "Js", "10h"], "Not a card: '10h'"),
        (["As", "Ks", "Qs", "Js", "As"], "Card As appears twice"),
        ([51, 47, 43, 39, 52], "Not a card number: 52"),
        ([51, 47, 43, 39, -1], "Not a card number: -1"),
        ([51, 47, 43, 39, 39], "Card Js appears twice"),
    ],
)
def test_bad_cards_are_named(cards, message) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(cards)


@pytest.mark.parametrize("count", [0, 4, 8])
def test_wrong_card_count_is_refused(count) -> None:
    cards = list(range(count))
    message = f"A hand has 5, 6 or 7 cards, not {count}"
    with pytest.raises(ValueError, match=message):
        evaluate(cards)
    with pytest.raises(ValueError, match=message):
        hand_strength(cards)


def test_hand_strength_refuses_repeats_and_bad_numbers() -> None:
    with pytest.raises(CardError, match="Card As appears twice"):
        hand_strength([51, 51, 47, 43, 39])
    with pytest.raises(CardError, match="Card 2c appears twice"):
        hand_strength([0, 0, 0, 0, 0, 4, 8])  # five deuces would not be in the tables
    with pytest.raises(CardError, match="Not a card number: 99"):
        hand_strength([99, 1, 2, 3, 4])


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown language 'fr': choose one of en, nl"):
        evaluate("AsKsQsJsTs").name("fr")


def test_h3_h4_there_are_7462_classes_in_strict_order() -> None:
    assert len(CLASSES) == NUM_CLASSES == 7462
    assert [c.strength for c in CLASSES] == list(range(1, NUM_CLASSES + 1))
    floors = eval_tables.CATEGORY_FLOOR
    sizes = [b - a for a, b in zip(floors, [*floors[1:], NUM_CLASSES + 1], strict=True)]
    assert sizes == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_rank_keys_give_every_rank_multiset_its_own_sum() -> None:
    for size, expected in ((5, 6175), (6, 18395), (7, 49205)):
        multisets = [
            m
            for m in itertools.combinations_with_replacement(range(13), size)
            if max(m.count(r) for r in m) <= 4
        ]
        assert len(multisets) == expected
        assert len({sum(RANK_KEYS[r] for r in m) for m in multisets}) == expected
        assert len(rank_tables()[size]) == expected


def test_h2_rank_tables_hold_the_best_five_of_every_multiset() -> None:
    """Independent check of the numpy-built tables: pure Python, best of all 5-card subsets."""
    five = rank_tables()[5]
    for size in (6, 7):
        table = rank_tables()[size]
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            best = max(
                five[sum(RANK_KEYS[r] for r in sub)] for sub in set(itertools.combinations(ranks, 5))
            )
            assert table[sum(RANK_KEYS[r] for r in ranks)] == best, ranks


def test_h3_all_five_card_hands_category_counts() -> None:
    assert enumeration.category_counts(5) == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3744,
        Category.FLUSH: 5108,
        Category.STRAIGHT: 10200,
        Category.THREE_OF_A_KIND: 54912,
        Category.TWO_PAIR: 123552,
        Category.PAIR: 1098240,
        Category.HIGH_CARD: 1302540,
    }
    royal = enumeration.strength_histogram(5)[NUM_CLASSES]
    assert royal == 4


def test_h3_all_seven_card_hands_category_counts() -> None:
    assert enumeration.category_counts(7) == {
        Category.STRAIGHT_FLUSH: 41584,
        Category.FOUR_OF_A_KIND: 224848,
        Category.FULL_HOUSE: 3473184,
        Category.FLUSH: 4047644,
        Category.STRAIGHT: 6180020,
        Category.THREE_OF_A_KIND: 6461620,
        Category.TWO_PAIR: 31433400,
        Category.PAIR: 58627800,
        Category.HIGH_CARD: 23294460,
    }


@pytest.mark.parametrize(
    "module", [evaluator, eval_tables, hand_names, batch_eval, subsets, enumeration]
)
def test_docstring_examples(module) -> None:
    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert failed == 0
