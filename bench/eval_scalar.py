"""Per-call cost of the scalar paths the table uses (showdown, scoreboard), next to the
per-call cost of phevaluator and treys from Python, measured in one run.

    python bench/eval_scalar.py

(in the dev venv of scripts/install-dev.sh; elsewhere prefix ``PYTHONPATH=.`` from the repo root)
"""

from __future__ import annotations

import timeit

import numpy as np
from phevaluator import _pheval, evaluate_cards
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from dealer_app.engine.cards import CARD_STRINGS
from dealer_app.engine.equity import equity
from dealer_app.engine.evaluator import current_hand_name, evaluate, hand_strength

CALLS = 20_000


def per_call_us(run, calls: int = CALLS) -> float:
    """Best of 5 runs of ``calls`` calls, in microseconds per call (CPU of this process)."""
    timer = timeit.Timer(run, timer=__import__("time").process_time)
    return min(timer.repeat(repeat=5, number=calls)) / calls * 1e6


def main() -> None:
    rng = np.random.default_rng(5)
    hands = np.argsort(rng.random((CALLS, 52)), axis=1)[:, :7].tolist()
    strings = [[CARD_STRINGS[c] for c in h] for h in hands]
    treys = TreysEvaluator()
    treys_cards = [[TreysCard.new(s) for s in h] for h in strings]
    cycle = iter(range(10**12))

    def pick(items):
        return items[next(cycle) % CALLS]

    rows = [
        ("ours hand_strength(7 ints)", lambda: hand_strength(pick(hands))),
        ("phevaluator _pheval.evaluate_7cards(7 ints) (C)", lambda: _pheval.evaluate_7cards(*pick(hands))),
        ("phevaluator evaluate_cards(7 strings)", lambda: evaluate_cards(*pick(strings))),
        ("treys Evaluator.evaluate(2, 5)", lambda: (lambda h: treys.evaluate(h[:2], h[2:]))(pick(treys_cards))),
        ("ours evaluate(7 strings).name('nl')", lambda: evaluate(pick(strings)).name("nl")),
        ("ours current_hand_name(hole, flop)", lambda: (lambda h: current_hand_name(h[:2], h[2:5]))(pick(strings))),
    ]
    print(f"{'call':<52} {'us per call (CPU)':>18}")
    for name, run in rows:
        print(f"{name:<52} {per_call_us(run):>18.2f}")
    turn = (["AsKs", "QhQd", "7c7d"], "JsTh2c4d")
    river = (["AsKs", "QhQd"], "JsTh2c4d9c")
    flop = (["AsKs", "QhQd"], "JsTh2c")
    for label, (hole, board) in (("turn, 3 hands", turn), ("river, 2 hands", river), ("flop, 2 hands", flop)):
        print(f"{'ours equity on the ' + label:<52} {per_call_us(lambda h=hole, b=board: equity(h, b), 300):>18.2f}")


if __name__ == "__main__":
    main()
