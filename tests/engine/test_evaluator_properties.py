"""Properties of the evaluator over generated hands (hypothesis): rules H1, H2, H4."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_app.engine.cards import parse_cards
from dealer_app.engine.evaluator import evaluate, hand_strength

hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda size: st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)
)
suit_maps = st.permutations(range(4))


@settings(max_examples=300, deadline=None)
@given(hands, suit_maps, st.randoms(use_true_random=False))
def test_h1_suits_have_no_rank_and_order_does_not_matter(cards, suit_map, random) -> None:
    renamed = [(c & ~3) | suit_map[c & 3] for c in cards]
    random.shuffle(renamed)
    assert hand_strength(renamed) == hand_strength(cards)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_h2_strength_is_the_best_five_card_subset(cards) -> None:
    best = max(hand_strength(five) for five in itertools.combinations(cards, 5))
    assert hand_strength(cards) == best


@settings(max_examples=300, deadline=None)
@given(hands)
def test_h2_best_five_are_five_of_the_cards_and_make_the_strength(cards) -> None:
    value = evaluate(cards)
    five = parse_cards(value.best_five)
    assert len(set(five)) == 5
    assert set(five) <= set(cards)
    assert hand_strength(five) == value.strength
    assert evaluate(five).name("nl") == value.name("nl")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_h4_only_five_cards_count_a_sixth_never_lowers_the_hand(cards) -> None:
    assert hand_strength(cards) >= hand_strength(cards[:6]) >= hand_strength(cards[:5])
