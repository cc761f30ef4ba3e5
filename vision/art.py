"""Card artwork: render deck designs to one PNG per card (``As.png`` ... ``2c.png``).

Two sources, with fixed roles (``docs/vision.md``):

* ``heruka-2color`` / ``heruka-4color``: the CC0 art of the npm package
  ``@heruka_urgyen/react-playing-cards``, rendered once and committed in ``vision/decks/``.
  These are the *tuning* designs.
* AisleRiot themes of Debian's ``gnome-cards-data`` (GPL, never committed): rendered at
  test time into a cache directory. These are the *unseen* designs for measurement.

The KDE card themes are never used (held out for evaluation by others).

Run ``python -m vision.art --npm-dir DIR`` to re-render the committed decks.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)

#: Rendered size of committed deck images (width, height), the 2.5 x 3.5 in poker ratio.
DECK_IMAGE_SIZE = (200, 280)
DECKS_DIR = Path(__file__).with_name("decks")
AISLERIOT_DIR = Path("/usr/share/aisleriot/cards")

#: AisleRiot themes with English indices and French suits, fixed before any tuning
#: ("anglo" and "plastic" were dropped: rsvg-convert renders some of their cards blank).
AISLERIOT_UNSEEN = ("anglo_poker", "simplistic", "tango")

_AISLERIOT_RANK = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_AISLERIOT_SUIT = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}


class ArtError(RuntimeError):
    """Artwork that cannot be found or rendered."""


def _rsvg(svg: Path, out: Path, width: int, height: int, element: str | None = None) -> None:
    cmd = ["rsvg-convert", "-w", str(width), "-h", str(height), "-o", str(out)]
    if element:
        cmd += ["-i", element]
    cmd.append(str(svg))
    try:
        subprocess.run(cmd, check=True, capture_output=True)
    except FileNotFoundError as exc:
        raise ArtError("rsvg-convert is missing: apt-get install librsvg2-bin") from exc


def _flatten_on_white(png: Path) -> None:
    image = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
    if image is None:
        raise ArtError(f"Could not render {png}")
    if image.ndim == 3 and image.shape[2] == 4:
        alpha = image[:, :, 3:4].astype(np.float32) / 255.0
        rgb = image[:, :, :3].astype(np.float32)
        image = (rgb * alpha + 255.0 * (1.0 - alpha)).astype(np.uint8)
    cv2.imwrite(str(png), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])


def _crop_to_card(png: Path, width: int, height: int) -> None:
    """Cut a rendered card to its own outline and scale it back to ``width`` x ``height``.

    rsvg-convert renders an element by its bounding box, and some themes give a card a box
    larger than the card (tango's clubs: 11 px of empty margin left, 17 px above, at 200 px
    wide), which would put the card's corners inside the image, not at its edges."""
    image = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        return
    ys, xs = np.nonzero(image[:, :, 3] > 0)
    if len(xs) == 0:
        raise ArtError(f"Rendered {png} is blank")
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()) + 1, int(ys.min()), int(ys.max()) + 1
    if (x0, y0, x1, y1) == (0, 0, image.shape[1], image.shape[0]):
        return
    card = cv2.resize(image[y0:y1, x0:x1], (width, height), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(png), card, [cv2.IMWRITE_PNG_COMPRESSION, 9])


def render_heruka(npm_dir: Path, variant: str, out_dir: Path) -> Path:
    """Render one variant (``2color``, ``4color``) of the heruka npm deck into ``out_dir``."""
    images = Path(npm_dir) / "node_modules/@heruka_urgyen/react-playing-cards/src/images" / variant
    if not images.is_dir():
        raise ArtError(f"No heruka images in {images}: npm install @heruka_urgyen/react-playing-cards")
    out_dir.mkdir(parents=True, exist_ok=True)
    width, height = DECK_IMAGE_SIZE
    for name in CARD_NAMES:
        svg = images / f"{name[0]}{name[1].upper()}.svg"
        out = out_dir / f"{name}.png"
        _rsvg(svg, out, width, height)
        _flatten_on_white(out)
    return out_dir


def render_aisleriot(theme: str, out_dir: Path, width: int = DECK_IMAGE_SIZE[0]) -> Path:
    """Render an AisleRiot theme (from ``gnome-cards-data``) into ``out_dir``; cached."""
    source = AISLERIOT_DIR / f"{theme}.svgz"
    if not source.is_file():
        raise ArtError(f"No AisleRiot theme {source}: apt-get install gnome-cards-data")
    out_dir.mkdir(parents=True, exist_ok=True)
    if all((out_dir / f"{n}.png").is_file() for n in CARD_NAMES):
        return out_dir
    height = round(width * 1.4)
    with tempfile.TemporaryDirectory() as tmp:
        svg = Path(tmp) / f"{theme}.svg"
        svg.write_bytes(gzip.decompress(source.read_bytes()))
        for name in CARD_NAMES:
            element = f"{_AISLERIOT_SUIT[name[1]]}_{_AISLERIOT_RANK.get(name[0], name[0])}"
            out = out_dir / f"{name}.png"
            _rsvg(svg, out, width, height, element=element)
            _crop_to_card(out, width, height)
            _flatten_on_white(out)
    return out_dir


def load_deck(deck_dir: Path) -> dict[str, np.ndarray]:
    """Load the 52 card images (BGR) of a rendered deck directory, keyed by card name."""
    deck: dict[str, np.ndarray] = {}
    for name in CARD_NAMES:
        image = cv2.imread(str(Path(deck_dir) / f"{name}.png"), cv2.IMREAD_COLOR)
        if image is None:
            raise ArtError(f"Missing card image {Path(deck_dir) / (name + '.png')}")
        deck[name] = image
    return deck


def committed_deck(name: str) -> dict[str, np.ndarray]:
    """Load a committed design, ``heruka-2color`` or ``heruka-4color``."""
    return load_deck(DECKS_DIR / name)


def main(argv: list[str] | None = None) -> int:
    """Re-render the committed heruka decks from an npm install directory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--npm-dir", type=Path, required=True)
    args = parser.parse_args(argv)
    for variant in ("2color", "4color"):
        out = DECKS_DIR / f"heruka-{variant}"
        shutil.rmtree(out, ignore_errors=True)
        render_heruka(args.npm_dir, variant, out)
        print(f"rendered {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
