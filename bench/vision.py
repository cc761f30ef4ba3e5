"""Card-reading benchmark: accuracy and frame time, in-design and unseen designs side by side.

    python bench/vision.py [--frames 100] [--designs heruka-2color,simplistic,...]

Designs: ``heruka-2color`` (the tuning design), and AisleRiot themes from Debian's
gnome-cards-data (never used for tuning, rendered here into a temp dir). Each design is read
twice: after calibration (a profile from one simulated capture per card) and with the
default reader (the committed profile, trained on the heruka designs only). Scenes are
seeded (seed 100, or --seed, + design index); layouts cycle board / showdown / loose / table / empty.

Headline: of the face-up cards whose index is visible, how many were read right; of the
confident reads, how many were wrong (misreads), including any read on an empty frame
(felt, chips, backs). Frame time: the whole pipeline on a 1280x720 frame, one thread.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy: one core, as measured

import argparse  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.art import AISLERIOT_UNSEEN, committed_deck, load_deck, render_aisleriot  # noqa: E402
from vision.evaluate import Tally, score_frame  # noqa: E402
from vision.pipeline import FrameReader  # noqa: E402
from vision.profiles import calibrate_art, default_profile  # noqa: E402
from vision.read import Reader  # noqa: E402
from vision.synth import make_scene  # noqa: E402

LAYOUTS = ("board", "showdown", "loose", "table", "empty")
#: The published classic Pi reader, as measured in ../shared/reference/vision.md (not re-run:
#: its code has no licence). Same kind of synthetic scenes, 1280x720.
REFERENCE = ("EdjeElectronics detector, templates rebuilt for the test deck", "15.2 %", "12.8 % of confident reads wrong", "2.8 ms")


def size_bucket(height: float) -> str:
    return "<120 px" if height < 120 else "120-160 px" if height < 160 else ">=160 px"


def run(deck: dict, profile, seed: int, frames: int, consensus: bool) -> tuple[Tally, Tally, dict, int, list[float]]:
    reader = FrameReader(Reader(profile), consensus=consensus)
    rng = np.random.default_rng(seed)
    total = Tally()
    big = Tally()  # the brief's target population: face-up cards of at least 100 px
    by: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    empty_reads = 0
    times = []
    for i in range(frames):
        layout = LAYOUTS[i % len(LAYOUTS)]
        scene = make_scene(rng, deck, layout=layout)
        start = time.perf_counter()
        seen = reader.read(scene.image)
        times.append(time.perf_counter() - start)
        tally, per_truth, _ = score_frame(scene, seen)
        total.add(tally)
        if layout == "empty":
            empty_reads += tally.reads
        truths = scene.readable
        for (group, right), truth in zip(per_truth, truths, strict=True):
            if truth.height_px >= 100:
                big.cards += 1
                big.right += right
            for key, value in (("layout", group), ("size", size_bucket(truth.height_px)),
                               ("blur", f"sigma {scene.params['blur']}"),
                               ("light", f"gradient {scene.params['light']}")):
                by[key][value][0] += 1
                by[key][value][1] += right
    return total, big, by, empty_reads, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--seed", type=int, default=100, help="scenes of the n-th design use seed + n")
    parser.add_argument("--designs", default=",".join(("heruka-2color", *AISLERIOT_UNSEEN)))
    parser.add_argument("--readers", default="calibrated,default",
                        help="calibrated, default or both (comma separated)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    cache = Path(tempfile.mkdtemp(prefix="aisleriot-"))
    rows = []
    breakdown = {}
    for index, design in enumerate(args.designs.split(",")):
        deck = committed_deck(design) if design.startswith("heruka") else load_deck(render_aisleriot(design, cache / design))
        kind = "in-design" if design.startswith("heruka") else "unseen"
        start = time.perf_counter()
        try:
            calibrated = calibrate_art([deck], design)
            calibrate_s = time.perf_counter() - start
        except ValueError as exc:
            calibrated, calibrate_s = None, 0.0
            print(f"{design}: calibration failed: {exc}")
        for reader_name, profile in (("calibrated", calibrated), ("default", default_profile())):
            if profile is None or reader_name not in args.readers.split(","):
                continue
            total, big, by, empty_reads, times = run(deck, profile, args.seed + index, args.frames,
                                                     consensus=reader_name == "default")
            rows.append((design, kind, reader_name, total, big, empty_reads, times, calibrate_s))
            breakdown[(design, reader_name)] = by
    print()
    print(f"{'design':16} {'kind':9} {'reader':10} {'cards':>6} {'read right':>11} {'>=100px':>8} "
          f"{'read right':>11} {'reads':>6} {'misreads':>9} {'empty-frame reads':>18} "
          f"{'ms/frame p50':>13} {'p95':>6} {'fps':>5}")
    for design, kind, reader_name, total, big, empty_reads, times, _ in rows:
        p50, p95 = np.percentile(np.array(times) * 1000, [50, 95])
        print(f"{design:16} {kind:9} {reader_name:10} {total.cards:6d} {100 * total.accuracy:10.1f}% "
              f"{big.cards:8d} {100 * big.accuracy:10.1f}% "
              f"{total.reads:6d} {total.misreads:9d} {empty_reads:18d} {p50:13.1f} {p95:6.1f} "
              f"{1000 / np.mean(np.array(times) * 1000):5.1f}")
    print(f"{'reference':16} {'':9} {'':10} {'':6} {REFERENCE[1]:>11}  {REFERENCE[2]}  ({REFERENCE[0]}, {REFERENCE[3]}/frame)")
    print("\nRead right, by slice (calibrated reader):")
    keys = sorted({(k, v) for by in breakdown.values() for k, vals in by.items() for v in vals})
    designs = [(d, r) for (d, r) in breakdown if r == "calibrated"]
    print(f"{'slice':28} " + " ".join(f"{d:>16}" for d, _ in designs))
    for key, value in keys:
        cells = []
        for design in designs:
            n, right = breakdown[design][key].get(value, [0, 0])
            cells.append(f"{(100 * right / n if n else float('nan')):6.1f}% of {n:4d}")
        print(f"{key + ': ' + value:28} " + " ".join(f"{c:>16}" for c in cells))
    calib = [(d, c) for d, _, r, *_, c in rows if r == "calibrated"]
    print("\nCalibration compute time (52 captures -> profile): "
          + ", ".join(f"{d} {c:.1f} s" for d, c in calib))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
