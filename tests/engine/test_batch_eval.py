"""Vectorised evaluation (numpy): same strengths as the scalar evaluator, clear errors, and the
colex subset helpers it stands on."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from dealer_app.engine.batch_eval import batch_strength, check_rows
from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.engine.evaluator import hand_strength
from dealer_app.engine.subsets import colex_unrank, subset_sums


def colex(n: int, k: int) -> list[tuple[int, ...]]:
    return sorted(itertools.combinations(range(n), k), key=lambda c: c[::-1])


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.intp])
def test_batch_equals_scalar_for_every_size_and_dtype(size: int, dtype) -> None:
    rng = np.random.default_rng(size)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :size].astype(dtype)
    strengths = batch_strength(hands)
    assert strengths.dtype == np.uint16
    assert strengths.tolist() == [hand_strength(h) for h in hands.tolist()]


def test_h3_batch_on_known_hands() -> None:
    hands = np.array(
        [
            parse_cards("AsKsQsJsTs2c3d"),  # royal flush
            parse_cards("As2s3s4s5s9c9d"),  # steel wheel
            parse_cards("Ks9h7d4c2s3h5c"),  # seven cards without a pair or straight
            parse_cards("Ks9h7d4c2s6h5c"),  # 7 6 5 4 without a 3 or an 8: no straight
            parse_cards("KhKd7sKc7d2c3h"),  # kings full of sevens
        ]
    )
    assert batch_strength(hands).tolist() == [hand_strength(h) for h in hands.tolist()]
    assert batch_strength(hands)[0] == 7462


def test_empty_batch() -> None:
    assert batch_strength(np.zeros((0, 7), dtype=np.uint8)).tolist() == []


@pytest.mark.parametrize(
    ("hands", "error", "message"),
    [
        (np.zeros((3, 4), dtype=np.int64), ValueError, r"shape \(N, 5\|6\|7\), not \(3, 4\)"),
        (np.zeros(7, dtype=np.int64), ValueError, r"not \(7,\)"),
        (np.zeros((2, 5), dtype=np.float64), ValueError, "card integers 0..51, not float64"),
        (np.array([[0, 1, 2, 3, 52]]), CardError, "Not a card number: 52"),
        (np.array([[0, 1, 2, 3, -1]]), CardError, "Not a card number: -1"),
    ],
)
def test_bad_batches_are_refused(hands, error, message) -> None:
    with pytest.raises(error, match=message):
        batch_strength(hands)


def test_check_rows_names_the_row_with_a_repeated_card() -> None:
    check_rows(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]))
    with pytest.raises(CardError, match=r"Row 1 holds a card twice: \[5, 6, 6, 8, 9\]"):
        check_rows(np.array([[0, 1, 2, 3, 4], [5, 6, 8, 6, 9]]))


@pytest.mark.parametrize(("n", "k"), [(0, 0), (5, 0), (5, 5), (9, 1), (9, 4), (12, 5)])
def test_subset_sums_and_unrank_follow_colex_order(n: int, k: int) -> None:
    values = np.array([7**i for i in range(n)], dtype=np.int64)
    expected = colex(n, k)
    assert subset_sums(values, k).tolist() == [int(values[list(c)].sum()) for c in expected]
    assert colex_unrank(np.arange(len(expected)), k).tolist() == [list(c) for c in expected]


def test_subset_sums_keep_the_dtype_and_prefix_property() -> None:
    values = np.arange(1, 11, dtype=np.uint16)
    sums = subset_sums(values, 3)
    assert sums.dtype == np.uint16
    # The subsets of the first 7 positions are the first comb(7, 3) rows.
    assert sums[: comb(7, 3)].tolist() == subset_sums(values[:7], 3).tolist()


def test_subset_sums_refuse_impossible_choices() -> None:
    with pytest.raises(ValueError, match="Cannot choose 4 of 3"):
        subset_sums(np.arange(3), 4)
