"""Replay the same 500-hand PHH file with our engine and with pokerkit 0.7.7, in one run.

    python bench/replay_bench.py [--hands 500] [--seed 1] [--repeat 3] [--out FILE]

The file is made here from seeded random No-Limit hands (2-10 players, hole cards known,
so both engines evaluate showdowns). Both sides are timed from the file text to the final
stacks (parsing included); the runs alternate (ours, pokerkit, ours, ...) and the best of
``--repeat`` runs is printed for each, side by side.
Target (issue 3): ours >= 20x pokerkit.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_app.engine.cards import CARD_STRINGS  # noqa: E402
from dealer_app.engine.events import (  # noqa: E402
    BetRaise,
    BoardDealt,
    Call,
    Check,
    Fold,
    HoleCardsDealt,
    Muck,
    Show,
)
from dealer_app.engine.hand import HandState, Phase, PromptKind  # noqa: E402
from dealer_app.engine.phh import export_phh, replay_text  # noqa: E402
from dealer_app.engine.structures import HandSetup, Structure  # noqa: E402


def random_hand(rng: random.Random) -> HandState:
    """One random legal No-Limit hand played to the end with our engine."""
    n = rng.randint(2, 10)
    bb = rng.choice([2, 10, 100])
    structure = Structure(small_blind=bb // 2, big_blind=bb, ante=rng.choice([0, 0, bb // 2]))
    low = structure.ante + bb + 1
    stacks = {seat: rng.randint(low, 150 * bb) for seat in range(1, n + 1)}
    state = HandState.start(HandSetup.standard(stacks, n, structure))
    deck = list(CARD_STRINGS)
    rng.shuffle(deck)
    holes = {seat: deck.pop() + deck.pop() for seat in state.seats}
    for seat in state.seats:
        state.apply(HoleCardsDealt(seat, holes[seat]))
    while state.phase is not Phase.FINISHED:
        legal = state.legal()
        if legal is not None:
            roll = rng.random()
            if legal.can_raise and roll < 0.25:
                state.apply(BetRaise(legal.seat, rng.choice([legal.min_to, legal.max_to])))
            elif legal.call_amount and roll > 0.8:
                state.apply(Fold(legal.seat))
            else:
                state.apply(Check(legal.seat) if legal.can_check else Call(legal.seat))
            continue
        prompt = state.prompt()
        if prompt.kind is PromptKind.BURN_AND_DEAL:
            state.apply(BoardDealt("".join(deck.pop() for _ in range(prompt.amounts[1]))))
        elif prompt.kind is PromptKind.TABLE_ALL:
            state.apply(Show(prompt.seats[0], holes[prompt.seats[0]]))
        elif prompt.kind is PromptKind.SHOW and prompt.amounts[0] == 0 and roll < 0.5:
            state.apply(Muck(prompt.seat))
        else:
            state.apply(Show(prompt.seat, holes[prompt.seat]))
    return state


def make_file(hands: int, seed: int) -> str:
    rng = random.Random(seed)
    docs = [export_phh(random_hand(rng)) for _ in range(hands)]
    return "\n".join(f"[{i}]\n{doc}" for i, doc in enumerate(docs, start=1))


def run_ours(text: str) -> list[list[int] | None]:
    results = list(replay_text(text))
    assert all(r.ok for r in results)
    return [r.finishing_stacks for r in results]


def run_pokerkit(text: str) -> list[list[int]]:
    from pokerkit import HandHistory

    finals = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hh in HandHistory.loads_all(text):
            state = deque(hh, maxlen=1)[0]  # run every action; keep the last state
            finals.append(list(state.stacks))
    return finals


def timed(fn, text: str) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn(text)
    return time.perf_counter() - start, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, help="also write the generated .phhs here")
    args = parser.parse_args()
    text = make_file(args.hands, args.seed)
    if args.out:
        args.out.write_text(text)
    ours_s = theirs_s = float("inf")
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        seconds, ours = timed(run_ours, text)
        ours_s = min(ours_s, seconds)
        seconds, theirs = timed(run_pokerkit, text)
        theirs_s = min(theirs_s, seconds)
    same = sum(1 for a, b in zip(ours, theirs, strict=True) if a == b)
    print(f"file: {args.hands} hands, {len(text)} bytes (seed {args.seed})")
    print(f"{'engine':<10} {'seconds':>9} {'hands/s':>10}")
    print(f"{'ours':<10} {ours_s:>9.3f} {args.hands / ours_s:>10.0f}")
    print(f"{'pokerkit':<10} {theirs_s:>9.3f} {args.hands / theirs_s:>10.0f}")
    print(f"speed-up: {theirs_s / ours_s:.1f}x (target >= 20x)")
    print(f"same finishing stacks: {same}/{args.hands} (the rest differ only by odd chips, P5)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
