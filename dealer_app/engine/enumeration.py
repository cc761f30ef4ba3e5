"""Evaluate every hand of 5, 6 or 7 cards from one deck and count them by strength.

The hands are visited by their two highest cards ``low < high``: the rest is a subset of the
cards below ``low``, and those subsets' key sums are a prefix of one colex-ordered array
(:func:`~dealer_app.engine.subsets.subset_sums`). So every hand costs one add and one table
lookup; the flush hands (about 3 %) one more lookup.

>>> counts = category_counts(5)
>>> counts[Category.STRAIGHT_FLUSH], counts[Category.FOUR_OF_A_KIND], sum(counts.values())
(40, 624, 2598960)
"""

from __future__ import annotations

from math import comb

import numpy as np

from dealer_app.engine.batch_eval import (
    HAND_SIZES,
    RANK_KEY_ARRAY,
    SUIT_COUNT_ARRAY,
    SUIT_MASK_KEY_ARRAY,
    flush_rows,
    flush_strengths,
    rank_lookup,
)
from dealer_app.engine.eval_tables import CATEGORY_FLOOR, KEY_START, NUM_CLASSES
from dealer_app.engine.hand_names import Category
from dealer_app.engine.subsets import subset_sums


def strength_histogram(size: int) -> np.ndarray:
    """``int64`` array: entry ``s`` counts the ``size``-card hands (of all ``comb(52, size)``)
    whose strength is ``s`` (entry 0 stays 0)."""
    if size not in HAND_SIZES:
        raise ValueError(f"A hand has 5, 6 or 7 cards, not {size}")
    rest = size - 2
    rank_base = subset_sums(RANK_KEY_ARRAY, rest)
    suit_base = subset_sums(SUIT_COUNT_ARRAY, rest) + np.uint16(KEY_START)
    mask_base = subset_sums(SUIT_MASK_KEY_ARRAY, rest)
    table = rank_lookup(size)
    counts = np.zeros(NUM_CLASSES + 1, dtype=np.int64)
    rank_sums = np.empty_like(rank_base)
    suit_counts = np.empty_like(suit_base)
    for high in range(rest + 1, 52):
        for low in range(rest, high):
            n = comb(low, rest)
            np.add(rank_base[:n], int(RANK_KEY_ARRAY[low]) + int(RANK_KEY_ARRAY[high]), out=rank_sums[:n])
            np.add(suit_base[:n], int(SUIT_COUNT_ARRAY[low]) + int(SUIT_COUNT_ARRAY[high]), out=suit_counts[:n])
            strengths = table.take(rank_sums[:n])
            rows = flush_rows(suit_counts[:n])
            if rows.size:
                masks = mask_base[rows] + int(SUIT_MASK_KEY_ARRAY[low] | SUIT_MASK_KEY_ARRAY[high])
                strengths[rows] = flush_strengths(suit_counts[rows], masks)
            counts += np.bincount(strengths, minlength=NUM_CLASSES + 1)
    return counts


def category_counts(size: int) -> dict[Category, int]:
    """How many ``size``-card hands fall in each category (rule H3)."""
    histogram = strength_histogram(size)
    bounds = [*CATEGORY_FLOOR, NUM_CLASSES + 1]
    return {
        category: int(histogram[bounds[category] : bounds[category + 1]].sum())
        for category in Category
    }
