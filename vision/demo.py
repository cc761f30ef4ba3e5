"""The bundled demo hand: a replayable camera sequence for ``dealer-app demo``.

``vision/demo_hand/`` holds JPEG frames of one hand seen from above (the board appearing
street by street, then two tabled hands laid side by side in the reader zone), ``zones.json`` for them and
``manifest.json`` listing what each frame shows. Replay it with
``ReplaySource.from_dir(DEMO_DIR, repeat=3)`` and :data:`vision.synth.DEMO_ZONES`.

Regenerate (seeded) with ``python -m vision.demo``.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from vision.art import committed_deck
from vision.synth import DEMO_ZONES, make_table
from vision.zones import Zones

DEMO_DIR = Path(__file__).with_name("demo_hand")

#: (file stem, board cards, reader cards) of every frame, in order.
DEMO_FRAMES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("00-preflop", (), ()),
    ("01-flop", ("Qs", "9s", "3c"), ()),
    ("02-turn", ("Qs", "9s", "3c", "Td"), ()),
    ("03-river", ("Qs", "9s", "3c", "Td", "2h"), ()),
    ("04-first-hand-tabled", ("Qs", "9s", "3c", "Td", "2h"), ("Ah", "Kd")),
    ("05-second-hand-tabled", ("Qs", "9s", "3c", "Td", "2h"), ("8c", "8d")),
    ("06-cleared", (), ()),
)


def demo_frames() -> list[Path]:
    """The bundled frames in order."""
    return [DEMO_DIR / f"{stem}.jpg" for stem, _, _ in DEMO_FRAMES]


def main() -> int:
    """Render the demo hand into :data:`DEMO_DIR`."""
    DEMO_DIR.mkdir(exist_ok=True)
    deck = committed_deck("heruka-2color")
    manifest = []
    for k, (stem, board, reader) in enumerate(DEMO_FRAMES):
        scene = make_table(np.random.default_rng(100 + k), deck, list(board), list(reader), fanned=False)
        cv2.imwrite(str(DEMO_DIR / f"{stem}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        manifest.append({"image": f"{stem}.jpg", "board": list(board), "reader": list(reader)})
    (DEMO_DIR / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    Zones.from_dict(DEMO_ZONES).save(DEMO_DIR / "zones.json")
    print(f"wrote {len(manifest)} frames to {DEMO_DIR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
