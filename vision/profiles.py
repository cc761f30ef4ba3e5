"""Deck profiles: calibration from one capture per card, and the default profile.

A calibration shows each of the 52 cards to the camera once; every capture gives the
card's two index corners. The default profile (for decks never calibrated) holds the
committed tuning designs together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.art import CARD_NAMES, DECKS_DIR, load_deck
from vision.read import Profile, ProfileError, card_patches, template_from_patch

DEFAULT_DESIGNS = ("heruka-2color", "heruka-4color")


class CalibrationError(ProfileError):
    """A calibration that cannot produce a complete profile."""


def _on_felt(card: np.ndarray, felt=(40, 110, 30), pad: float = 0.4) -> np.ndarray:
    """A card image laid on plain felt with a border, as a camera would see it."""
    h, w = card.shape[:2]
    border = int(pad * h)
    out = np.empty((h + 2 * border, w + 2 * border, 3), np.uint8)
    out[:] = felt
    out[border:border + h, border:border + w] = card
    return out


class Calibration:
    """A guided calibration: feed one capture per card with :meth:`add`; then :meth:`profile`.

    ``progress`` is called with ``(done, 52, card)`` after each accepted card.
    """

    def __init__(self, name: str, progress: Callable[[int, int, str], None] | None = None) -> None:
        self.name = name
        self.progress = progress
        self._templates: dict[str, list[np.ndarray]] = {}

    @property
    def missing(self) -> list[str]:
        """Cards not yet shown."""
        return [c for c in CARD_NAMES if c not in self._templates]

    def add(self, card: str, image: np.ndarray) -> None:
        """Take ``image`` (BGR, one card lying on the felt) as the capture of ``card``."""
        if card not in CARD_NAMES:
            raise CalibrationError(f"Not a card: {card!r} (write rank then suit, e.g. 'Th')")
        patches = card_patches(image)
        if not patches:
            raise CalibrationError(f"{card}: no whole card found in the image; lay the card flat on the felt, fully in view")
        self._templates[card] = [template_from_patch(p) for p in patches]
        if self.progress:
            self.progress(52 - len(self.missing), 52, card)

    def profile(self) -> Profile:
        """The finished profile; :class:`CalibrationError` naming any missing card."""
        if self.missing:
            raise CalibrationError(f"Calibration incomplete: missing {', '.join(self.missing)}")
        labels = [c for c in CARD_NAMES for _ in self._templates[c]]
        templates = np.stack([t for c in CARD_NAMES for t in self._templates[c]]).astype(np.float32)
        return Profile(self.name, labels, templates)


def calibrate_dir(deck_dir: Path, name: str | None = None,
                  progress: Callable[[int, int, str], None] | None = None) -> Profile:
    """Calibrate from a directory of 52 captures named ``As.png`` ... ``2c.png``."""
    deck_dir = Path(deck_dir)
    if not deck_dir.is_dir():
        raise CalibrationError(f"Not a directory: {deck_dir}")
    calibration = Calibration(name or deck_dir.name, progress)
    missing_files = []
    for card in CARD_NAMES:
        path = next((deck_dir / f"{card}{ext}" for ext in (".png", ".jpg", ".jpeg")
                     if (deck_dir / f"{card}{ext}").is_file()), None)
        if path is None:
            missing_files.append(card)
            continue
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise CalibrationError(f"Cannot read image {path}")
        calibration.add(card, image)
    if missing_files:
        raise CalibrationError(f"{deck_dir}: no image for {', '.join(missing_files)} (expected e.g. As.png)")
    return calibration.profile()


def profile_from_art(deck: dict[str, np.ndarray], name: str) -> Profile:
    """Calibrate from clean card artwork (each card laid on plain felt)."""
    calibration = Calibration(name)
    for card in CARD_NAMES:
        calibration.add(card, _on_felt(deck[card]))
    return calibration.profile()


@lru_cache(maxsize=1)
def default_profile() -> Profile:
    """The profile for uncalibrated decks: the committed tuning designs together."""
    return Profile.merge("default", [profile_from_art(load_deck(DECKS_DIR / d), d)
                                     for d in DEFAULT_DESIGNS])


def designs(names: Iterable[str]) -> list[str]:
    """Names kept for the record (used by the benchmark's header)."""
    return list(names)
