"""Batch evaluation of the same 1,000,000 random seven-card hands: ours v phevaluator's C
extension v treys, measured in one run on one core. Also our scalar ``hand_strength``.

    python bench/eval_batch.py [--hands 1000000] [--seed 1]

(in the dev venv of scripts/install-dev.sh; elsewhere prefix ``PYTHONPATH=.`` from the repo root)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from phevaluator import _pheval
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from dealer_app.engine.batch_eval import batch_strength, rank_lookup
from dealer_app.engine.cards import CARD_STRINGS
from dealer_app.engine.eval_tables import rank_arrays
from dealer_app.engine.evaluator import hand_strength


def best_time(run: Callable[[], object], repeats: int) -> tuple[tuple[float, float], object]:
    """Fastest (wall seconds, CPU seconds of this process) of ``repeats`` runs, and the result
    of the last. The CPU time shows what a run costs when other processes share the cores."""
    wall, cpu, result = float("inf"), float("inf"), None
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = run()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return (wall, cpu), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.uint8)
    columns = [c.tolist() for c in hands.T]
    rows = hands.tolist()

    rank_arrays.cache_clear()
    rank_lookup.cache_clear()
    start = time.perf_counter()
    rank_lookup(7)  # builds the Python tables of all hand classes, then the numpy table
    table_build = time.perf_counter() - start

    ours_t, ours = best_time(lambda: batch_strength(hands), 5)
    ph_t, ph = best_time(lambda: list(map(_pheval.evaluate_7cards, *columns)), 3)
    scalar_n = min(args.hands, 200_000)
    scalar_t, scalar = best_time(lambda: list(map(hand_strength, rows[:scalar_n])), 3)
    treys_n = min(args.hands, 100_000)
    evaluator = TreysEvaluator()
    as_treys = [TreysCard.new(s) for s in CARD_STRINGS]
    treys_rows = [[as_treys[c] for c in row] for row in rows[:treys_n]]
    treys_t, treys = best_time(
        lambda: [evaluator.evaluate(r[:2], r[2:]) for r in treys_rows], 1
    )
    assert np.array_equal(ours.astype(np.int64), 7463 - np.array(ph))
    assert scalar == ours[:scalar_n].tolist()
    assert [7463 - t for t in treys] == ours[:treys_n].tolist()

    print(f"{args.hands:,} random 7-card hands (seed {args.seed}), all results identical")
    print(f"{'evaluator':<44} {'hands':>10} {'wall s':>8} {'CPU s':>8} {'M hands/s (wall, CPU)':>22}")
    for name, count, seconds in (
        ("ours: batch_strength (numpy)", args.hands, ours_t),
        ("phevaluator C extension (map over columns)", args.hands, ph_t),
        ("ours: hand_strength scalar (Python loop)", scalar_n, scalar_t),
        ("treys (Python loop)", treys_n, treys_t),
    ):
        wall, cpu = seconds
        rates = f"{count / wall / 1e6:.2f}, {count / cpu / 1e6:.2f}"
        print(f"{name:<44} {count:>10,} {wall:>8.4f} {cpu:>8.4f} {rates:>22}")
    print(
        f"ours / phevaluator C: {ph_t[0] / ours_t[0]:.2f}x faster (wall), "
        f"{ph_t[1] / ours_t[1]:.2f}x (CPU); tables built on first use in {table_build:.3f} s"
    )


if __name__ == "__main__":
    main()
