"""Every k-subset of a small set, in colexicographic order, without building the subsets.

Colex order sorts subsets by their largest element, then the next largest, and so on, so the
subsets of ``range(m)`` come first: the k-subsets whose largest element is ``m`` are the
(k-1)-subsets of ``range(m)`` plus ``m``. That makes the sums over all subsets one vector add
per element (:func:`subset_sums`), and the ``r``-th subset easy to recover (:func:`colex_unrank`).

>>> subset_sums(np.array([1, 10, 100, 1000]), 2).tolist()
[11, 101, 110, 1001, 1010, 1100]
>>> colex_unrank(np.array([0, 3, 5]), 2).tolist()
[[0, 1], [0, 3], [2, 3]]
"""

from __future__ import annotations

from math import comb

import numpy as np


def subset_sums(values: np.ndarray, k: int) -> np.ndarray:
    """Sums of ``values`` over every ``k``-subset of its positions, in colex order, in the
    dtype of ``values`` (choose one wide enough for the largest sum)."""
    values = np.asarray(values)
    n = values.size
    if not 0 <= k <= n:
        raise ValueError(f"Cannot choose {k} of {n}")
    sums = np.zeros(1, dtype=values.dtype)
    for size in range(1, k + 1):
        grown = np.empty(comb(n, size), dtype=values.dtype)
        start = 0
        for top in range(size - 1, n):
            count = comb(top, size - 1)
            np.add(sums[:count], values[top], out=grown[start : start + count])
            start += count
        sums = grown
    return sums


def colex_unrank(ranks: np.ndarray, k: int) -> np.ndarray:
    """Positions (ascending, ``int64``, shape ``(len(ranks), k)``) of the ``k``-subsets with
    the given colex ranks."""
    remaining = np.asarray(ranks, dtype=np.int64).copy()
    out = np.empty((remaining.size, k), dtype=np.int64)
    limit = 256
    for size in range(k, 0, -1):
        binomials = np.array([comb(m, size) for m in range(limit)], dtype=np.int64)
        top = np.searchsorted(binomials, remaining, side="right") - 1
        out[:, size - 1] = top
        remaining -= binomials[top]
    return out
