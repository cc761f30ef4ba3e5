"""Frame time of two checkouts of the card reader, frame by frame in turn.

    python bench/vision_ab.py OLD_TREE NEW_TREE [--designs anglo_poker,simplistic,tango]
                              [--frames 100] [--rounds 3] [--seed 100]

This machine's speed wanders by up to a fifth between runs of unchanged code (docs/vision.md,
forty-seventh pass), more than most changes to the reader gain, so two runs of
``bench/vision.py`` one after the other cannot tell a few per cent. Here each tree reads in
its own worker process (its own ``vision`` package, calibrated from the same captures with
its own code), and the two read every frame in turn, the one going first changing from frame
to frame: a slow spell of the machine falls on both alike. Printed per design: each tree's
mean ms/frame, NEW / OLD over all frames and per round, and the frames whose cards differ.

Scenes are made as ``bench/vision.py`` makes them (:func:`vision.synth.make_scene`, layouts
in turn, seed + the design's place in ``--designs``: give the bench's ``--designs`` list to
get its very scenes), rendered once by this checkout and sent to both workers.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy: one core, as measured

import argparse  # noqa: E402
import pickle  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.art import committed_deck, load_deck, render_aisleriot  # noqa: E402
from vision.synth import LAYOUTS, make_scene  # noqa: E402

#: The worker: reads pickled requests on stdin, answers each on stdout. ("calibrate", design,
#: deck_dir or None) -> None; ("read", image) -> (seconds, sorted cards read).
WORKER = r"""
import os, pickle, sys, time
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, os.getcwd())
import cv2
from vision.art import committed_deck, load_deck
from vision.pipeline import FrameReader
from vision.profiles import calibrate_art
from vision.read import Reader
cv2.setNumThreads(1)
requests, answers = sys.stdin.buffer, sys.stdout.buffer
reader = None
while True:
    try:
        request = pickle.load(requests)
    except EOFError:
        break
    if request[0] == "calibrate":
        _, design, deck_dir = request
        deck = committed_deck(design) if deck_dir is None else load_deck(deck_dir)
        reader = FrameReader(Reader(calibrate_art([deck], design, seed=0)))
        answer = None
    else:
        started = time.perf_counter()
        seen = reader.read(request[1])
        answer = (time.perf_counter() - started, sorted(c.card for c in seen if c.card))
    pickle.dump(answer, answers)
    answers.flush()
"""


class Worker:
    """One checkout's reader in a process of its own."""

    def __init__(self, tree: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", WORKER], cwd=tree,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, request: tuple):
        pickle.dump(request, self.process.stdin)
        self.process.stdin.flush()
        try:
            return pickle.load(self.process.stdout)
        except EOFError:
            raise SystemExit(f"the worker in {self.process.args} stopped (see its error above)") from None

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def compare(workers: tuple[Worker, Worker], images: list[np.ndarray], rounds: int
            ) -> tuple[np.ndarray, list[int]]:
    """Seconds per read (rounds x frames x 2: old, new) and the frames whose cards differ."""
    seconds = np.zeros((rounds, len(images), 2))
    differ: set[int] = set()
    for r in range(rounds):
        for i, image in enumerate(images):
            cards = [None, None]
            first = (i + r) % 2
            for k in (first, 1 - first):
                seconds[r, i, k], cards[k] = workers[k].ask(("read", image))
            if cards[0] != cards[1]:
                differ.add(i)
    return seconds, sorted(differ)


def report(design: str, seconds: np.ndarray, differ: list[int]) -> str:
    """One design's line: ms/frame of each tree, NEW / OLD overall and per round, differing frames."""
    old, new = seconds[..., 0].sum(), seconds[..., 1].sum()
    rounds = seconds.sum(axis=1)
    per_round = " ".join(f"{b / a:.3f}" for a, b in rounds)
    frames = seconds.shape[0] * seconds.shape[1]
    return (f"{design:14s} old {1000 * old / frames:6.1f} ms/frame  new {1000 * new / frames:6.1f} ms/frame"
            f"  new/old {new / old:.3f} (rounds: {per_round})  frames read differently: "
            f"{len(differ)}{' ' + str(differ[:10]) if differ else ''}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--designs", default="anglo_poker,simplistic,tango")
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    for tree in (args.old, args.new):
        if not (tree / "vision" / "pipeline.py").is_file():
            raise SystemExit(f"{tree} is not a dealer-app checkout (no vision/pipeline.py)")
    workers = (Worker(args.old.resolve()), Worker(args.new.resolve()))
    print(f"old: {args.old}\nnew: {args.new}\n{args.frames} frames x {args.rounds} rounds, each frame read by both in turn")
    try:
        with tempfile.TemporaryDirectory(prefix="aisleriot-") as tmp:
            for n, design in enumerate(args.designs.split(",")):
                if design.startswith("heruka"):
                    deck, deck_dir = committed_deck(design), None
                else:
                    deck_dir = render_aisleriot(design, Path(tmp) / design)
                    deck = load_deck(deck_dir)
                for worker in workers:
                    worker.ask(("calibrate", design, deck_dir))
                rng = np.random.default_rng(args.seed + n)
                images = [make_scene(rng, deck, layout=LAYOUTS[i % len(LAYOUTS)]).image for i in range(args.frames)]
                print(report(design, *compare(workers, images, args.rounds)), flush=True)
    finally:
        for worker in workers:
            worker.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
