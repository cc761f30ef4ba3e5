"""Reading a card from its index corner, against a deck profile.

The corner patch (a fixed region in card-width units, mapped through the corner's frame)
is resampled to a small image and described in Lab colour, so red and black suits differ.
A profile holds such patches for the 52 cards of one or more designs. A read is the best
match over small shifts; it is only given when the best card clearly beats the runner-up,
otherwise the reader says "unknown" (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.find import CARD_ASPECT, Blob, Corner, find_blobs

#: The index patch, in card widths from the corner: x to PATCH_X, y to PATCH_Y.
PATCH_X = 0.25
PATCH_Y = 0.42
#: The patch starts this far (card widths) inside the corner, clear of the rounded edge.
INSET = 0.025
#: Resampled patch size (width, height) in pixels, plus a margin for shift search.
PATCH_SIZE = (22, 36)

MARGIN = 2
PROFILE_VERSION = 1


class ProfileError(ValueError):
    """A deck profile that is missing, unreadable or incomplete."""


def corner_patch(frame: np.ndarray, corner: Corner, card_width: float, margin: int = MARGIN) -> np.ndarray:
    """The index patch at ``corner`` (BGR, PATCH_SIZE plus ``margin`` on every side)."""
    pw, ph = PATCH_SIZE
    scale_x = (PATCH_X - INSET) * card_width / pw
    scale_y = (PATCH_Y - INSET) * card_width / ph
    # patch pixel (i, j) -> image point + (i - margin + .5) * sx * u + (j - margin + .5) * sy * w
    ax = corner.u * scale_x
    ay = corner.w * scale_y
    origin = corner.point + INSET * card_width * (corner.u + corner.w) + (0.5 - margin) * (ax + ay)
    matrix = np.float32([[ax[0], ay[0], origin[0]], [ax[1], ay[1], origin[1]]])
    size = (pw + 2 * margin, ph + 2 * margin)
    return cv2.warpAffine(frame, matrix, size, flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def describe(patch: np.ndarray) -> np.ndarray:
    """Feature planes of a patch: Lab, lightness normalised to the paper's white."""
    lab = cv2.cvtColor(patch.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    light = lab[:, :, 0]
    white = float(np.percentile(light, 90)) + 1e-3
    planes = np.stack([light / white * 100.0, lab[:, :, 1] * 1.2, lab[:, :, 2] * 0.8], axis=-1)
    return planes.astype(np.float32)


def _unit(windows: np.ndarray) -> np.ndarray:
    windows = windows - windows.mean(axis=(1, 2), keepdims=True)
    vectors = windows.reshape(len(windows), -1)
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return vectors / np.maximum(norms, 1e-6)


#: Rows of the upper (rank) and lower (suit) part of the patch; they overlap a little.
SPLIT = (20, 16)


def _normalise(windows: np.ndarray) -> np.ndarray:
    """N x h x w x 3 windows -> N x 2 x D: unit vectors of the rank part and the suit part.

    Scoring the two parts apart and keeping the lower score makes a card that shares only
    its rank (or only its suit) with the sample score low.
    """
    top = _unit(windows[:, :SPLIT[0]])
    bottom = _unit(windows[:, SPLIT[1]:])
    width = max(top.shape[1], bottom.shape[1])
    out = np.zeros((len(windows), 2, width), np.float32)
    out[:, 0, :top.shape[1]] = top
    out[:, 1, :bottom.shape[1]] = bottom
    return out


def _windows(planes: np.ndarray, margin: int) -> np.ndarray:
    """All shifted PATCH_SIZE windows of a margin-padded feature patch, as flat vectors."""
    pw, ph = PATCH_SIZE
    out = []
    for dy in range(2 * margin + 1):
        for dx in range(2 * margin + 1):
            out.append(planes[dy:dy + ph, dx:dx + pw])
    return np.stack(out)


@dataclass
class Profile:
    """Index templates of one or more deck designs: ``templates[i]`` shows card ``labels[i]``."""

    name: str
    labels: list[str]
    templates: np.ndarray  # N x 2 x D float32: unit rank-part and suit-part vectors

    def save(self, path: Path) -> None:
        """Write the profile as a compressed ``.npz`` file."""
        np.savez_compressed(Path(path), version=PROFILE_VERSION, name=self.name,
                            labels=np.array(self.labels), templates=self.templates.astype(np.float16))

    @classmethod
    def load(cls, path: Path) -> Profile:
        """Read a profile written by :meth:`save`; :class:`ProfileError` when it is not one."""
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                if int(data["version"]) != PROFILE_VERSION:
                    raise ProfileError(f"{path}: profile version {int(data['version'])}, expected {PROFILE_VERSION}")
                return cls(str(data["name"]), [str(x) for x in data["labels"]],
                           data["templates"].astype(np.float32))
        except (OSError, KeyError, ValueError) as exc:
            if isinstance(exc, ProfileError):
                raise
            raise ProfileError(f"Not a deck profile: {path} ({exc})") from exc

    @classmethod
    def merge(cls, name: str, profiles: list[Profile]) -> Profile:
        """One profile holding the templates of several."""
        labels = [label for p in profiles for label in p.labels]
        return cls(name, labels, np.vstack([p.templates for p in profiles]))


@dataclass
class CornerRead:
    """What one corner says: ``card`` or ``None`` (unknown), with scores."""

    card: str | None
    confidence: float
    best: str
    score: float
    runner_up: float


class Reader:
    """Reads corner patches against a :class:`Profile`.

    ``min_score`` is the least correlation with the best template; ``min_margin`` the least
    lead over the best other card. Below either, the read is unknown.
    """

    def __init__(self, profile: Profile, min_score: float = 0.6, min_margin: float = 0.05) -> None:
        self.profile = profile
        self.min_score = min_score
        self.min_margin = min_margin
        self._cards = sorted(set(profile.labels))
        self._card_of = np.array([self._cards.index(label) for label in profile.labels])

    def read_patch(self, patch: np.ndarray) -> CornerRead:
        """Read one margin-padded corner patch (from :func:`corner_patch`)."""
        windows = _normalise(_windows(describe(patch), MARGIN))
        templates = self.profile.templates
        top = windows[:, 0] @ templates[:, 0].T
        bottom = windows[:, 1] @ templates[:, 1].T
        scores = np.minimum(top, bottom).max(axis=0)
        per_card = np.full(len(self._cards), -1.0, np.float32)
        np.maximum.at(per_card, self._card_of, scores)
        order = np.argsort(per_card)[::-1]
        best, second = float(per_card[order[0]]), float(per_card[order[1]])
        margin = best - second
        confidence = float(np.clip(best, 0, 1) * np.clip(margin / (2 * self.min_margin), 0, 1))
        card = self._cards[order[0]] if best >= self.min_score and margin >= self.min_margin else None
        return CornerRead(card, round(confidence, 3), self._cards[order[0]], best, second)


def template_from_patch(patch: np.ndarray) -> np.ndarray:
    """The normalised template vector of a margin-padded patch (its centre window)."""
    planes = describe(patch)
    pw, ph = PATCH_SIZE
    return _normalise(planes[None, MARGIN:MARGIN + ph, MARGIN:MARGIN + pw])[0]


def index_corners(blob: Blob) -> list[Corner]:
    """The two corners of a single-card blob whose ``u`` runs along a short side."""
    if blob.quad is None:
        return []
    width = float(np.mean([np.linalg.norm(blob.quad[1] - blob.quad[0]),
                           np.linalg.norm(blob.quad[3] - blob.quad[2])]))
    return [c for c in blob.corners if c.u_len < 1.15 * width]


def quad_width(quad: np.ndarray) -> float:
    """Mean short-side length of a TL TR BR BL quad."""
    return float((np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[3] - quad[2])) / 2)


def card_patches(image: np.ndarray) -> list[np.ndarray]:
    """Index patches of the one card lying in ``image`` (a calibration capture)."""
    blobs = [b for b in find_blobs(image) if b.quad is not None]
    if not blobs:
        return []
    blob = max(blobs, key=lambda b: b.area)
    width = quad_width(blob.quad)
    return [corner_patch(image, c, width) for c in index_corners(blob)]


def full_card(corner: Corner, width: float) -> np.ndarray:
    """The four corners (TL TR BR BL) of the card whose index corner is ``corner``."""
    p, u, w = corner.point, corner.u * width, corner.w * width * CARD_ASPECT
    return np.float32([p, p + u, p + u + w, p + w])
