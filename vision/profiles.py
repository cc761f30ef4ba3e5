"""Deck profiles: calibration from one capture per card, and the default profile.

A calibration shows each of the 52 cards to the camera once. Each capture gives the card's
two index corners; jittered copies of them (shift, turn, scale, blur, noise, light) are
the training set of the profile (:func:`vision.read.train_profile`). The default profile,
for decks never calibrated, is trained the same way on the committed tuning designs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision import DEFAULT_PROFILE_PATH
from vision.art import CARD_NAMES, DECKS_DIR, load_deck
from vision.find import Corner, rotate
from vision.indexnet import default_index_net
from vision.pips import pip_face
from vision.read import (
    MARGIN,
    Discriminant,
    Profile,
    ProfileError,
    corner_patch,
    describe,
    describe_face,
    face_image,
    find_card,
)

DEFAULT_DESIGNS = ("heruka-2color", "heruka-4color")
#: Jittered training copies per index corner of a capture.
COPIES = 24
#: Captures are scaled so a card is this many pixels wide before jittering.
WORK_WIDTH = 110.0
#: The index network's view of each index corner of a capture (the profile's
#: ``index_features``): jittered copies, shifted up to NETWORK_SHIFT card widths and shrunk
#: to NETWORK_SMALLEST of the capture's size at least, as the network is fed (margin 2).
NETWORK_COPIES = 48
NETWORK_SHIFT = 0.02
NETWORK_SMALLEST = 0.7
#: A capture's paper colour (:func:`neutral_paper`): this quantile of each channel over the
#: card's pixels with no channel at CLIPPED or above; none when under UNCLIPPED_MIN of the
#: card is so.
PAPER_QUANTILE = 90
CLIPPED = 250
UNCLIPPED_MIN = 0.2


class CalibrationError(ProfileError):
    """A calibration that cannot produce a complete profile."""


def paper_colour(image: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The paper colour of the card in ``quad``: the PAPER_QUANTILE of each channel over its
    pixels that no channel clips (under CLIPPED); None when under UNCLIPPED_MIN of them are."""
    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    card = image[mask > 0]
    unclipped = card[card.max(axis=1) < CLIPPED].astype(np.float32)
    if len(unclipped) < UNCLIPPED_MIN * len(card):
        return None
    return np.percentile(unclipped, PAPER_QUANTILE, axis=0)


def neutral_paper(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """``image`` with its colour cast taken off: each channel scaled so that the card's paper
    (in ``quad``, the PAPER_QUANTILE of each channel over the card's pixels that no channel
    clips, under CLIPPED) is grey, its brightness kept. A capture's own light is otherwise
    in every jittered copy of it, and learnt as its card (tango's 5s, captured greenest of
    its deck, put later 5s corners nearer the 5c). Left as it is when under
    UNCLIPPED_MIN of the card is unclipped: a clipped channel's cast cannot be measured
    (it would shift a red index's colour unlike the views')."""
    paper = paper_colour(image, quad)
    if paper is None:
        return image
    gain = paper.mean() / np.maximum(paper, 1.0)
    return np.clip(image.astype(np.float32) * gain, 0, 255).astype(np.uint8)


def _on_felt(card: np.ndarray, felt=(40, 110, 30), pad: float = 0.4) -> np.ndarray:
    """A card image laid on plain felt with a border, as a camera would see it."""
    h, w = card.shape[:2]
    border = int(pad * h)
    out = np.empty((h + 2 * border, w + 2 * border, 3), np.uint8)
    out[:] = felt
    out[border:border + h, border:border + w] = card
    return out


def jittered_patches(image: np.ndarray, corner: Corner, width: float, rng: np.random.Generator,
                     copies: int, margin: int = 0, shift: float = 0.015,
                     smallest: float = 1.0) -> list[np.ndarray]:
    """``copies`` patches of one index corner as a camera might see it on another day: the first
    clean, the others shifted up to ``shift`` card widths, turned, scaled, blurred, relit, and
    shrunk to between ``smallest`` and 1 of the capture's size (a card farther off)."""
    out = []
    if width > WORK_WIDTH:  # work at a typical camera size: faster, and as sharp as a camera
        factor = WORK_WIDTH / width
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        corner = Corner(corner.point * factor, corner.u, corner.w, 0.0, 0.0, 0)
        width = WORK_WIDTH
    pad = int(0.5 * width)
    x, y = int(corner.point[0]), int(corner.point[1])
    x0, y0 = max(0, x - pad), max(0, y - pad)
    crop = image[y0:y + pad, x0:x + pad].astype(np.float32)
    for k in range(copies):
        sample, size = _blurred_and_relit(crop, width, rng) if k else crop, 1.0
        if k and smallest < 1.0:
            size = rng.uniform(smallest, 1.0)
            sample = cv2.resize(sample, None, fx=size, fy=size, interpolation=cv2.INTER_AREA)
        turn = rng.uniform(-0.05, 0.05) if k else 0.0
        jitter = Corner((corner.point - [x0, y0]) * size + (rng.uniform(-shift, shift, 2) * width * size if k else 0),
                        rotate(corner.u, turn), rotate(corner.w, turn), 0.0, 0.0, 0)
        scale = rng.uniform(0.92, 1.08) if k else 1.0
        stretch = rng.uniform(0.94, 1.06) if k else 1.0
        patch = corner_patch(np.clip(sample, 0, 255).astype(np.uint8), jitter, width * size * scale,
                             margin=margin, stretch=stretch)
        out.append(patch)
    return out


def _blurred_and_relit(crop: np.ndarray, width: float, rng: np.random.Generator) -> np.ndarray:
    """One jittered copy of a float crop: a little blur, another exposure and tint, noise."""
    sample = crop
    sigma = rng.uniform(0, 0.02) * width
    if sigma > 0.3:
        sample = cv2.GaussianBlur(sample, (0, 0), sigma)
    gain = rng.uniform(0.55, 1.1) * rng.uniform(0.9, 1.1, 3)
    return sample * gain + rng.uniform(-15, 35) + rng.normal(0, rng.uniform(0, 6), sample.shape)


def jittered_faces(image: np.ndarray, quad: np.ndarray, width: float, rng: np.random.Generator,
                   copies: int) -> list[np.ndarray]:
    """``copies`` whole-face images of one card: corners nudged, blurred, lit differently."""
    if width > WORK_WIDTH:
        factor = WORK_WIDTH / width
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        quad, width = quad * factor, WORK_WIDTH
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 4, 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 4
    crop = image[y0:y1, x0:x1].astype(np.float32)
    local = quad - [x0, y0]
    out = []
    for k in range(copies):
        sample, corners = crop, local
        if k:
            sample = _blurred_and_relit(crop, width, rng)
            corners = local + rng.uniform(-0.02, 0.02, (4, 2)) * width
        out.append(face_image(np.clip(sample, 0, 255).astype(np.uint8), corners.astype(np.float32)))
    return out


class Calibration:
    """A guided calibration: feed one capture per card with :meth:`add`; then :meth:`profile`.

    ``progress`` is called with ``(done, 52, card)`` after each accepted card.
    """

    def __init__(self, name: str, progress: Callable[[int, int, str], None] | None = None,
                 copies: int = COPIES, seed: int = 0) -> None:
        self.name = name
        self.progress = progress
        self.copies = copies
        self._rng = np.random.default_rng(seed)
        self._features: dict[str, list[np.ndarray]] = {}
        self._templates: dict[str, list[np.ndarray]] = {}
        self._faces: dict[str, list[np.ndarray]] = {}
        self._face_templates: dict[str, list[np.ndarray]] = {}
        self._clean_patches: dict[str, list[np.ndarray]] = {}
        self._network_patches: dict[str, list[np.ndarray]] = {}
        self._pip_faces: dict[str, list[np.ndarray]] = {}
        self._network_rng = np.random.default_rng(seed + 1)  # the pixel copies' draws stay as they were

    @property
    def missing(self) -> list[str]:
        """Cards not yet shown."""
        return [c for c in CARD_NAMES if c not in self._features]

    def add(self, card: str, image: np.ndarray) -> None:
        """Take ``image`` (BGR, one card lying on the felt) as the capture of ``card``."""
        if card not in CARD_NAMES:
            raise CalibrationError(f"Not a card: {card!r} (write rank then suit, e.g. 'Th')")
        quad, corners, width = find_card(image)
        if quad is None or not corners:
            raise CalibrationError(f"{card}: no whole card found in the image; lay the card flat "
                                   "on the felt, fully in view, apart from other cards")
        image = neutral_paper(image, quad)
        feats, tmpls = self._features.setdefault(card, []), self._templates.setdefault(card, [])
        clean = self._clean_patches.setdefault(card, [])
        for corner in corners:
            patches = jittered_patches(image, corner, width, self._rng, self.copies)
            clean.append(corner_patch(image, corner, width))  # as the reader cuts it
            self._network_patches.setdefault(card, []).extend(jittered_patches(
                image, corner, width, self._network_rng, NETWORK_COPIES, margin=MARGIN,
                shift=NETWORK_SHIFT, smallest=NETWORK_SMALLEST))
            tmpls.append(describe(patches[0]))
            feats.extend(describe(p) for p in patches)
        faces = [describe_face(f) for f in jittered_faces(image, quad, width, self._rng, self.copies)]
        self._faces.setdefault(card, []).extend(faces)
        self._face_templates.setdefault(card, []).append(faces[0])
        self._pip_faces.setdefault(card, []).append(pip_face(image, quad))
        if self.progress:
            self.progress(52 - len(self.missing), 52, card)

    def profile(self) -> Profile:
        """The finished profile; :class:`CalibrationError` naming any missing card."""
        if self.missing:
            raise CalibrationError(f"Calibration incomplete: missing {', '.join(self.missing)}")
        def fit(features: dict[str, list[np.ndarray]], clean: dict[str, list[np.ndarray]]) -> Discriminant:
            labels = np.array([k for k, c in enumerate(CARD_NAMES) for _ in features[c]])
            stacked = np.stack([f for c in CARD_NAMES for f in features[c]])
            templates = np.stack([np.mean(clean[c], axis=0) for c in CARD_NAMES])
            return Discriminant.fit(stacked, labels, templates)

        pips = np.stack([self._pip_faces[card][-1] for card in CARD_NAMES])  # a card shown again: its last
        return Profile(self.name, list(CARD_NAMES), fit(self._features, self._templates),
                       fit(self._faces, self._face_templates), *self._network_part(), pips)

    def _network_part(self) -> tuple[float, Discriminant | None]:
        """The share of the captures' index corners the index network reads as their own card,
        and the discriminant over its hidden layer fitted on their jittered copies (1.0 and
        None without the network)."""
        network = default_index_net()
        if network is None:
            return 1.0, None
        labelled = [(card, patch) for card in CARD_NAMES for patch in self._clean_patches[card]]
        guesses = network.guess([patch for _, patch in labelled])
        right = [guess.first_card == card for (card, _), guess in zip(labelled, guesses, strict=True)]
        patches = [patch for card in CARD_NAMES for patch in self._network_patches[card]]
        labels = np.array([k for k, card in enumerate(CARD_NAMES) for _ in self._network_patches[card]])
        features = network.features(patches)
        # the clean copy of each corner (the first of its NETWORK_COPIES) is its template
        clean = features[::NETWORK_COPIES]
        templates = np.stack([clean[labels[::NETWORK_COPIES] == k].mean(axis=0) for k in range(len(CARD_NAMES))])
        return round(float(np.mean(right)), 3), Discriminant.fit(features, labels, templates)


def calibrate_dir(deck_dir: Path, name: str | None = None,
                  progress: Callable[[int, int, str], None] | None = None) -> Profile:
    """Calibrate from a directory of 52 captures named ``As.png`` ... ``2c.png``."""
    deck_dir = Path(deck_dir)
    if not deck_dir.is_dir():
        raise CalibrationError(f"Not a directory: {deck_dir}")
    paths = {}
    for card in CARD_NAMES:
        paths[card] = next((deck_dir / f"{card}{ext}" for ext in (".png", ".jpg", ".jpeg")
                            if (deck_dir / f"{card}{ext}").is_file()), None)
    missing = [c for c, p in paths.items() if p is None]
    if missing:
        raise CalibrationError(f"{deck_dir}: no image for {', '.join(missing)} (expected e.g. As.png)")
    calibration = Calibration(name or deck_dir.name, progress)
    for card, path in paths.items():
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise CalibrationError(f"Cannot read image {path}")
        calibration.add(card, image)
    return calibration.profile()


def calibrate_art(decks: list[dict[str, np.ndarray]], name: str, copies: int = COPIES,
                  seed: int = 0) -> Profile:
    """Calibrate from card artwork, several designs at once.

    Each card is first rendered as a simulated camera capture (:func:`vision.synth.make_capture`),
    the way the dealer's calibration would see it.
    """
    from vision.synth import make_capture

    rng = np.random.default_rng(seed)
    calibration = Calibration(name, copies=copies, seed=seed)
    for deck in decks:
        for card in CARD_NAMES:
            calibration.add(card, make_capture(rng, deck[card]))
    return calibration.profile()


def profile_from_art(deck: dict[str, np.ndarray], name: str) -> Profile:
    """Calibrate from one design's clean artwork."""
    return calibrate_art([deck], name)


def build_default_profile() -> Profile:
    """Train the default profile on the committed tuning designs (seeded, reproducible).

    It keeps no ``index_features`` and no ``pip_faces``: those say how the club's own deck
    looks to the index network and what its pips look like, and a deck never calibrated is
    not the tuning decks."""
    profile = calibrate_art([load_deck(DECKS_DIR / d) for d in DEFAULT_DESIGNS], "default")
    return dataclasses.replace(profile, index_features=None, pip_faces=None)


@lru_cache(maxsize=1)
def default_profile() -> Profile:
    """The profile for uncalibrated decks: the committed file, else trained now."""
    try:
        return Profile.load(DEFAULT_PROFILE_PATH)
    except ProfileError:
        return build_default_profile()


def main() -> int:
    """Rebuild the committed default profile."""
    DEFAULT_PROFILE_PATH.parent.mkdir(exist_ok=True)
    build_default_profile().save(DEFAULT_PROFILE_PATH)
    print(f"wrote {DEFAULT_PROFILE_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
