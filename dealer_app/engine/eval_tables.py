"""The lookup tables behind hand evaluation, built on first use (about 0.05 s).

Every 5-card poker hand falls in one of 7,462 *classes* (rules H3, H4): hands of one class
tie, hands of different classes never do. A hand's *strength* is its class number, 1 (7-5-4-3-2
offsuit) to 7,462 (royal flush): higher is better, equal is a split.

Cards are summed into one integer key per hand (see :data:`CARD_KEYS`):

* bits 0-15: four 4-bit suit counters, one per suit, started at 3 by :data:`KEY_START`, so
  bit 3 of a counter is set exactly when that suit holds 5 or more cards (a flush);
* bits 16 and up: the sum of the cards' *rank keys* :data:`RANK_KEYS`. These numbers are chosen
  so that every multiset of 5, 6 or 7 ranks (at most four of each) has its own sum
  (the 7-card keys of Kenneth Shackleton's SKPokerEval; uniqueness is checked by the tests).

A hand without a flush is then looked up by its rank sum alone (:func:`rank_tables`); a flush
by the 13-bit mask of the ranks in the flush suit (:func:`flush_table`). A flush of 5+ cards
in 7 leaves at most 2 other cards, so nothing but a straight flush can beat it.

>>> CLASSES[-1].name()
'Royal flush'
>>> CLASSES[0].ranks
(5, 3, 2, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np

from dealer_app.engine.hand_names import Category, class_name

#: Rank key of each rank index 0 (deuce) .. 12 (ace). All 5-, 6- and 7-card rank multisets
#: have distinct sums; the largest 7-card sum is 4 * 1479181 + 3 * 636345 = 7,825,759.
RANK_KEYS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
RANK_SHIFT = 16
SUIT_FIELD_BITS = 4
#: Added once to every hand's key: each suit counter starts at 3, so 5+ cards set its bit 3.
KEY_START = 0x3333
#: Bit 3 of every suit counter: ``key & FLUSH_BITS`` is non-zero exactly for a flush.
FLUSH_BITS = 0x8888
#: Key of each card 0..51: its rank key above the suit counters, plus one in its suit counter.
CARD_KEYS: tuple[int, ...] = tuple(
    (RANK_KEYS[card >> 2] << RANK_SHIFT) | (1 << (SUIT_FIELD_BITS * (card & 3)))
    for card in range(52)
)
#: Largest rank-key sum of any hand of up to 7 cards (4 aces and 3 kings).
MAX_RANK_SUM = 4 * RANK_KEYS[12] + 3 * RANK_KEYS[11]
NUM_CLASSES = 7462

_STRAIGHT_TOPS = tuple(range(3, 13))  # 3 = five-high (the wheel) .. 12 = ace-high


def straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with top rank ``top``, highest first (wheel: 5-4-3-2-A)."""
    if top == 3:
        return (3, 2, 1, 0, 12)
    return tuple(range(top, top - 5, -1))


@dataclass(frozen=True)
class HandClass:
    """One of the 7,462 classes of 5-card hands.

    ``ranks`` are the five ranks in the order a player reads them (``K K K 7 7`` for kings full
    of sevens, ``5 4 3 2 A`` for the wheel); ``strength`` is the class number (higher is better).
    """

    strength: int
    category: Category
    ranks: tuple[int, ...]

    def name(self, lang: str = "en") -> str:
        """Readable name, e.g. ``"Full house, kings full of sevens"``."""
        return class_name(self.category, self.ranks, lang)


def _desc(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _build_classes() -> tuple[HandClass, ...]:
    straight_sets = {frozenset(straight_ranks(top)) for top in _STRAIGHT_TOPS}
    plain = sorted(
        _desc(c) for c in combinations(range(13), 5) if frozenset(c) not in straight_sets
    )
    by_category: list[tuple[Category, list[tuple[int, ...]]]] = []
    by_category.append((Category.HIGH_CARD, plain))
    pairs = []
    for pair in range(13):
        others = [r for r in range(13) if r != pair]
        pairs += [(pair, pair, *_desc(k)) for k in combinations(others, 3)]
    by_category.append((Category.PAIR, sorted(pairs)))
    two_pairs = []
    for high, low in ((h, lo) for h in range(13) for lo in range(h)):
        two_pairs += [(high, high, low, low, k) for k in range(13) if k not in (high, low)]
    by_category.append((Category.TWO_PAIR, sorted(two_pairs)))
    trips = []
    for three in range(13):
        others = [r for r in range(13) if r != three]
        trips += [(three, three, three, *_desc(k)) for k in combinations(others, 2)]
    by_category.append((Category.THREE_OF_A_KIND, sorted(trips)))
    by_category.append((Category.STRAIGHT, [straight_ranks(t) for t in _STRAIGHT_TOPS]))
    by_category.append((Category.FLUSH, plain))
    full_houses = sorted((t, t, t, p, p) for t in range(13) for p in range(13) if p != t)
    by_category.append((Category.FULL_HOUSE, full_houses))
    quads = sorted((q, q, q, q, k) for q in range(13) for k in range(13) if k != q)
    by_category.append((Category.FOUR_OF_A_KIND, quads))
    by_category.append((Category.STRAIGHT_FLUSH, [straight_ranks(t) for t in _STRAIGHT_TOPS]))
    classes: list[HandClass] = []
    for category, members in by_category:
        for ranks in members:
            classes.append(HandClass(len(classes) + 1, category, ranks))
    return tuple(classes)


#: All 7,462 classes, weakest first: ``CLASSES[strength - 1]`` describes ``strength``.
CLASSES: tuple[HandClass, ...] = _build_classes()
#: ``CATEGORY_FLOOR[c]`` is the smallest strength of category ``c``.
CATEGORY_FLOOR: tuple[int, ...] = tuple(
    next(k.strength for k in CLASSES if k.category == c) for c in Category
)


def category_of(strength: int) -> Category:
    """The category of a strength (1 .. 7462)."""
    return CLASSES[strength - 1].category


def rank_sum(ranks: tuple[int, ...]) -> int:
    """Sum of the rank keys of ``ranks`` (a multiset of rank indexes)."""
    return sum(RANK_KEYS[r] for r in ranks)


def _rank_multisets(size: int) -> np.ndarray:
    """Rank counts (``int64``, shape ``(M, 13)``) of every multiset of ``size`` ranks with at
    most four of each rank."""
    counts = np.zeros((1, 0), dtype=np.int64)
    for _ in range(13):
        totals = counts.sum(axis=1)
        grown = []
        for count in range(5):
            fits = counts[totals + count <= size]
            grown.append(np.hstack([fits, np.full((fits.shape[0], 1), count, dtype=np.int64)]))
        counts = np.concatenate(grown)
    return counts[counts.sum(axis=1) == size]


@cache
def rank_arrays() -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """``{n: (rank_sums, strengths)}`` for every flush-free hand of n = 5, 6, 7 cards: one
    entry per rank multiset, ``rank_sums`` (``int64``) sorted ascending, ``strengths``
    (``uint16``) the best five of it. Built with numpy in a few tens of milliseconds."""
    plain = [
        c for c in CLASSES if c.category not in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    ]
    sums = np.array([rank_sum(c.ranks) for c in plain], dtype=np.int64)
    strengths = np.array([c.strength for c in plain], dtype=np.uint16)
    order = np.argsort(sums)
    arrays = {5: (sums[order], strengths[order])}
    keys = np.array(RANK_KEYS, dtype=np.int64)
    for size in (6, 7):
        smaller_sums, smaller_strengths = arrays[size - 1]
        counts = _rank_multisets(size)
        sums = counts @ keys
        best = np.zeros(sums.size, dtype=np.uint16)
        for rank in range(13):
            # Drop one card of this rank (where there is one) and keep the best result.
            has_rank = counts[:, rank] > 0
            found = np.searchsorted(smaller_sums, sums[has_rank] - keys[rank])
            best[has_rank] = np.maximum(best[has_rank], smaller_strengths[found])
        order = np.argsort(sums)
        arrays[size] = (sums[order], best[order])
    return arrays


@cache
def rank_tables() -> dict[int, dict[int, int]]:
    """``{n: {rank_sum: strength}}`` for hands of n = 5, 6, 7 cards without a flush."""
    return {
        size: dict(zip(sums.tolist(), strengths.tolist(), strict=True))
        for size, (sums, strengths) in rank_arrays().items()
    }


@cache
def flush_table() -> tuple[int, ...]:
    """Strength of a flush by the 13-bit mask of its suit's ranks (5 to 7 bits set), else 0."""
    table = [0] * 8192
    for hand_class in CLASSES:
        if hand_class.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            table[sum(1 << r for r in hand_class.ranks)] = hand_class.strength
    for size in (6, 7):
        for ranks in combinations(range(13), size):
            mask = sum(1 << r for r in ranks)
            table[mask] = max(table[mask & ~(1 << r)] for r in ranks)
    return tuple(table)
