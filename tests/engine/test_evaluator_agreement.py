"""Agreement with established evaluators (phevaluator's C extension, treys): same order, same
ties, on random hands (rules H3, H4). phevaluator ranks 1 (best) .. 7462, so ours = 7463 - its."""

from __future__ import annotations

import numpy as np
import pytest
from phevaluator import _pheval
from phevaluator.card import Card
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from dealer_app.engine.batch_eval import batch_strength
from dealer_app.engine.cards import CARD_STRINGS
from dealer_app.engine.evaluator import hand_strength


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` rows of ``size`` distinct cards, shuffled uniformly."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def pheval(hands: np.ndarray) -> np.ndarray:
    evaluate = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}
    columns = [c.tolist() for c in hands.T]
    return np.array(list(map(evaluate[hands.shape[1]], *columns)), dtype=np.int64)


def test_card_numbers_are_phevaluators() -> None:
    assert [Card(s).id_ for s in CARD_STRINGS] == list(range(52))


@pytest.mark.slow
def test_h4_batch_matches_phevaluator_on_a_million_seven_card_hands() -> None:
    hands = random_hands(1_000_000, 7, seed=7)
    ours = batch_strength(hands).astype(np.int64)
    theirs = pheval(hands)
    assert np.array_equal(ours, 7463 - theirs)
    # Same order and same ties for 500,000 disjoint pairs of these hands.
    first, second = ours[0::2], ours[1::2]
    assert np.array_equal(np.sign(first - second), np.sign(theirs[1::2] - theirs[0::2]))


def test_h4_scalar_matches_phevaluator_on_5_6_and_7_cards() -> None:
    for size in (5, 6, 7):
        hands = random_hands(60_000, size, seed=size)
        ours = [hand_strength(h) for h in hands.tolist()]
        assert ours == (7463 - pheval(hands)).tolist()


def test_h4_showdown_pairs_same_order_and_ties_as_phevaluator() -> None:
    """100,000 showdowns: two players' hole cards against one board, as at the table."""
    deals = random_hands(100_000, 9, seed=99)
    board = deals[:, 4:]
    first = np.concatenate([deals[:, 0:2], board], axis=1)
    second = np.concatenate([deals[:, 2:4], board], axis=1)
    ours = np.sign(batch_strength(first).astype(np.int64) - batch_strength(second))
    theirs = np.sign(pheval(second) - pheval(first))
    assert np.array_equal(ours, theirs)
    assert np.count_nonzero(ours == 0) > 1000  # the sample holds plenty of split pots
    scalar = [
        (hand_strength(a) > hand_strength(b)) - (hand_strength(a) < hand_strength(b))
        for a, b in zip(first[:20_000].tolist(), second[:20_000].tolist(), strict=True)
    ]
    assert scalar == ours[:20_000].tolist()


def test_h4_matches_treys_on_random_seven_card_hands() -> None:
    hands = random_hands(30_000, 7, seed=3)
    treys = TreysEvaluator()
    as_treys = [TreysCard.new(s) for s in CARD_STRINGS]
    theirs = [treys.evaluate([as_treys[c] for c in h[:2]], [as_treys[c] for c in h[2:]]) for h in hands.tolist()]
    assert batch_strength(hands).tolist() == [7463 - t for t in theirs]
