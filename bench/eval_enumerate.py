"""Evaluate all 133,784,560 seven-card hands (one deck) and count them by strength, on one
core: ours, printed next to phevaluator's C extension measured on a slice in the same run and
extrapolated, and the C PH evaluator / OMPEval figures quoted in issue 2.

    python bench/eval_enumerate.py [--reference-hands 2000000]

(in the dev venv of scripts/install-dev.sh; elsewhere prefix ``PYTHONPATH=.`` from the repo root)
"""

from __future__ import annotations

import argparse
import itertools
import time
from math import comb

from phevaluator import _pheval

from dealer_app.engine.enumeration import category_counts, strength_histogram

ALL_HANDS = comb(52, 7)
QUOTED = (
    ("C PH evaluator (quoted in issue 2)", (1.3, 1.3)),
    ("OMPEval C++ (quoted in issue 2)", (0.125, 0.125)),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference-hands", type=int, default=2_000_000)
    args = parser.parse_args()

    start, start_cpu = time.perf_counter(), time.process_time()
    histogram = strength_histogram(7)
    first = (time.perf_counter() - start, time.process_time() - start_cpu)
    start, start_cpu = time.perf_counter(), time.process_time()
    strength_histogram(7)
    second = (time.perf_counter() - start, time.process_time() - start_cpu)
    assert int(histogram.sum()) == ALL_HANDS

    hands = itertools.islice(itertools.combinations(range(52), 7), args.reference_hands)
    start, start_cpu = time.perf_counter(), time.process_time()
    for _ in itertools.starmap(_pheval.evaluate_7cards, hands):
        pass
    scale = ALL_HANDS / args.reference_hands
    reference = ((time.perf_counter() - start) * scale, (time.process_time() - start_cpu) * scale)

    print(f"all {ALL_HANDS:,} seven-card hands, histogram of strengths")
    print(f"{'method':<58} {'wall s':>8} {'CPU s':>8} {'M hands/s (CPU)':>16}")
    rows = [
        ("ours, first call (tables built)", first),
        ("ours, second call", second),
        (f"phevaluator C via Python, {args.reference_hands:,} hands, extrapolated", reference),
        *QUOTED,
    ]
    for name, seconds in rows:
        wall, cpu = seconds
        print(f"{name:<58} {wall:>8.3f} {cpu:>8.3f} {ALL_HANDS / cpu / 1e6:>16.1f}")
    print("target <= 1.5 s")
    print({c.name: n for c, n in category_counts(7).items()})


if __name__ == "__main__":
    main()
