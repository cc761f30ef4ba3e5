"""Vectorised hand evaluation with numpy: many hands at once, the same strengths as
:func:`dealer_app.engine.evaluator.hand_strength` (1 .. 7462, higher wins, equal splits).

A hand's key is the sum of its cards' :data:`~dealer_app.engine.eval_tables.CARD_KEYS`
(``int64``; enumerations keep its two halves apart: ``int32`` rank sums and ``uint16`` suit
counters); keys without a flush bit are looked up in a direct table of the rank sum
(:func:`rank_lookup`, one ``uint16`` array of about 7.8 M entries, 15.7 MB, per hand size),
the few flushes by their suit's rank mask (:func:`flush_lookup`, 8,192 entries).
The tables are built on first use (about 0.05 s) and kept for the life of the process.
Works on numpy 1.24 and numpy 2.

>>> import numpy as np
>>> batch_strength(np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 40, 33]]))
array([7462, 6110], dtype=uint16)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from dealer_app.engine.cards import CardError
from dealer_app.engine.eval_tables import (
    CARD_KEYS,
    FLUSH_BITS,
    KEY_START,
    MAX_RANK_SUM,
    RANK_KEYS,
    RANK_SHIFT,
    flush_table,
    rank_arrays,
)

#: :data:`~dealer_app.engine.eval_tables.CARD_KEYS` as an ``int64`` array indexed by card.
CARD_KEY_ARRAY = np.array(CARD_KEYS, dtype=np.int64)
#: Rank key of each card (``int32``): the rank-sum half of :data:`CARD_KEY_ARRAY`.
RANK_KEY_ARRAY = np.array([RANK_KEYS[c >> 2] for c in range(52)], dtype=np.int32)
#: Suit counter of each card (``uint16``): the low half of :data:`CARD_KEY_ARRAY`.
SUIT_COUNT_ARRAY = np.array([1 << (4 * (c & 3)) for c in range(52)], dtype=np.uint16)
#: Key of each card for flushes: bit ``13 * suit + rank``; a hand's sum holds one 13-bit rank
#: mask per suit.
SUIT_MASK_KEY_ARRAY = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)
HAND_SIZES = (5, 6, 7)


@cache
def rank_lookup(size: int) -> np.ndarray:
    """``uint16`` strength of a flush-free hand of ``size`` cards, indexed by its rank sum."""
    sums, strengths = rank_arrays()[size]
    lookup = np.zeros(MAX_RANK_SUM + 1, dtype=np.uint16)
    lookup[sums] = strengths
    return lookup


@cache
def flush_lookup() -> np.ndarray:
    """``uint16`` strength of a flush indexed by the 13-bit rank mask of its suit."""
    return np.array(flush_table(), dtype=np.uint16)


def hand_keys(hands: np.ndarray) -> np.ndarray:
    """``int64`` key (:data:`KEY_START` plus the card keys) of every row of ``hands``."""
    keys = np.full(hands.shape[0], KEY_START, dtype=np.int64)
    for column in hands.T:
        keys += CARD_KEY_ARRAY.take(column.astype(np.intp))
    return keys


def flush_strengths(suit_counts: np.ndarray, suit_masks: np.ndarray) -> np.ndarray:
    """Strengths of flush hands from their suit counters (:data:`KEY_START` included, a flush
    bit set) and their suit-mask keys (sums of :data:`SUIT_MASK_KEY_ARRAY`)."""
    flags = suit_counts.astype(np.int64) & FLUSH_BITS
    # The flush bit of suit s is 0x8 << 4s; only one suit can hold five of seven cards.
    suit = (flags > 0x8).astype(np.int64) + (flags > 0x80) + (flags > 0x800)
    masks = (suit_masks >> (13 * suit)) & 0x1FFF
    return flush_lookup().take(masks)


def flush_rows(suit_counts: np.ndarray) -> np.ndarray:
    """Positions of the hands whose suit counters (:data:`KEY_START` included) show a flush."""
    return np.flatnonzero((suit_counts & FLUSH_BITS) != 0)


def strengths_from_sums(
    size: int,
    rank_sums: np.ndarray,
    suit_counts: np.ndarray,
    suit_masks_of_rows: Callable[[np.ndarray], np.ndarray],
) -> np.ndarray:
    """Strengths of hands of ``size`` cards from their rank-key sums (``int32``) and suit
    counters (``uint16``, :data:`KEY_START` included). ``suit_masks_of_rows(rows)`` returns the
    suit-mask keys of those rows; it is called only for the rows holding a flush."""
    strengths = rank_lookup(size).take(rank_sums)
    rows = flush_rows(suit_counts)
    if rows.size:
        strengths[rows] = flush_strengths(suit_counts[rows], suit_masks_of_rows(rows))
    return strengths


def batch_strength(hands: np.ndarray) -> np.ndarray:
    """Strength (``uint16``) of each row of ``hands``: an integer array of shape ``(N, n)``,
    ``n`` = 5, 6 or 7 card integers per row, distinct within a row.

    Raises :class:`~dealer_app.engine.cards.CardError` for a card outside 0..51 and
    :class:`ValueError` for a bad shape. Repeated cards within a row are not checked (speed);
    :func:`check_rows` does it.
    """
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] not in HAND_SIZES:
        raise ValueError(f"Hands must be an array of shape (N, 5|6|7), not {hands.shape}")
    if not np.issubdtype(hands.dtype, np.integer):
        raise ValueError(f"Hands must hold card integers 0..51, not {hands.dtype}")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        bad = hands[(hands < 0) | (hands > 51)][0]
        raise CardError(f"Not a card number: {int(bad)}")
    keys = hand_keys(hands)
    strengths = rank_lookup(hands.shape[1]).take(keys >> RANK_SHIFT)
    rows = np.flatnonzero(keys & FLUSH_BITS)
    if rows.size:
        suit_masks = SUIT_MASK_KEY_ARRAY.take(hands[rows].astype(np.intp)).sum(axis=1)
        strengths[rows] = flush_strengths(keys[rows] & 0xFFFF, suit_masks)
    return strengths


def check_rows(hands: np.ndarray) -> None:
    """Raise :class:`~dealer_app.engine.cards.CardError` if a row of ``hands`` repeats a card."""
    ordered = np.sort(np.asarray(hands), axis=1)
    repeats = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if repeats.size:
        raise CardError(f"Row {int(repeats[0])} holds a card twice: {ordered[repeats[0]].tolist()}")
