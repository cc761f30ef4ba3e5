"""Exact heads-up preflop equity, AsKs v QhQd (1,712,304 boards), on one core: ours v a Python
loop over phevaluator's C extension, measured in one run; OMPEval (C++) quoted from issue 2.
Also a few other situations the scoreboard meets.

    python bench/equity_headsup.py [--skip-reference]

(in the dev venv of scripts/install-dev.sh; elsewhere prefix ``PYTHONPATH=.`` from the repo root)
"""

from __future__ import annotations

import argparse
import itertools
import time

from phevaluator import _pheval

from dealer_app.engine.cards import parse_cards
from dealer_app.engine.equity import equity, equity_counts

OMPEVAL_QUOTED_S = 0.002


def phevaluator_loop(first: list[int], second: list[int]) -> float:
    """First hand's equity by a plain Python loop over every board with phevaluator's C."""
    deck = [c for c in range(52) if c not in first + second]
    evaluate = _pheval.evaluate_7cards
    wins = ties = boards = 0
    for a, b, c, d, e in itertools.combinations(deck, 5):
        mine = evaluate(first[0], first[1], a, b, c, d, e)
        theirs = evaluate(second[0], second[1], a, b, c, d, e)
        wins += mine < theirs
        ties += mine == theirs
        boards += 1
    return (wins + ties / 2) / boards


def timed(run, repeats: int = 1) -> tuple[tuple[float, float], object]:
    """Fastest (wall seconds, CPU seconds of this process) of ``repeats`` runs, and a result."""
    wall, cpu, result = float("inf"), float("inf"), None
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = run()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return (wall, cpu), result


def show(label: str, seconds: tuple[float, float], extra: str = "") -> None:
    print(f"{label:<46} {seconds[0]:>8.4f} {seconds[1]:>8.4f}  {extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-reference", action="store_true", help="skip the 1-2 s loop")
    args = parser.parse_args()
    hands = [["As", "Ks"], ["Qh", "Qd"]]
    cold_t, _ = timed(lambda: equity(hands))
    warm_t, ours = timed(lambda: equity(hands), repeats=7)
    print("AsKs v QhQd preflop, 1,712,304 boards")
    print(f"{'method':<46} {'wall s':>8} {'CPU s':>8}  AsKs equity")
    show("ours, first call of the process", cold_t, f"{100 * ours[0]:.4f} %")
    show("ours, best of 7 later calls", warm_t, f"{100 * ours[0]:.4f} %")
    if not args.skip_reference:
        ref_t, ref = timed(lambda: phevaluator_loop(parse_cards("AsKs"), parse_cards("QhQd")))
        assert abs(ref - ours[0]) < 1e-12
        show("Python loop over phevaluator C (measured)", ref_t, f"{100 * ref:.4f} %")
    show("OMPEval C++ (quoted in issue 2, not run here)", (OMPEVAL_QUOTED_S, OMPEVAL_QUOTED_S))
    print("target <= 0.06 s")
    print()
    print(f"{'other situations (ours, best of 5)':<46} {'wall s':>8} {'CPU s':>8}  boards")
    for label, situation in (
        ("3-way preflop", (["AsKs", "QhQd", "7c7d"], "", "")),
        ("9-way preflop", (["AsAh", "KsKh", "QdJd", "Tc9c", "8h7h", "6s6c", "5d4d", "AcKc", "2h2d"], "", "")),
        ("heads-up on the flop", (["AsKs", "QhQd"], "JsTh2c", "")),
        ("heads-up on the turn, 2 dead", (["AsKs", "QhQd"], "JsTh2c4d", "9c8c")),
    ):
        seconds, counts = timed(lambda s=situation: equity_counts(*s), repeats=5)
        show(label, seconds, f"{counts.boards:,}")


if __name__ == "__main__":
    main()
