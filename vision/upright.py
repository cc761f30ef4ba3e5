"""A card's face warped upright, and which part of it other cards leave in view.

The face discriminant (:func:`vision.read.face_image`, FACE_SIZE) and the large pips
(:func:`vision.pips.pip_face`, PIP_SIZE plus felt around) cut the same warp at two sizes;
the part of a card under others (:func:`in_view_mask`) is drawn in that warp's pixels.
"""

from __future__ import annotations

import cv2
import numpy as np


def quad_width(quad: np.ndarray) -> float:
    """Mean short-side length of a TL TR BR BL quad."""
    return float((np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[3] - quad[2])) / 2)


def upright_matrix(quad: np.ndarray, size: tuple[int, int], pad: int = 0, fine: int = 1) -> np.ndarray:
    """The perspective matrix taking ``quad`` (TL TR BR BL) to ``size`` (width, height) with
    ``pad`` pixels around, the whole ``fine`` times larger."""
    width, height = size
    target = (np.float32([[0, 0], [width, 0], [width, height], [0, height]]) + pad) * fine
    return cv2.getPerspectiveTransform(quad.astype(np.float32), target)


def warp_upright(frame: np.ndarray, quad: np.ndarray, size: tuple[int, int], pad: int = 0) -> np.ndarray:
    """The card in ``quad`` (TL TR BR BL) warped upright to ``size`` plus ``pad`` pixels of what
    lies around it on every side, in ``frame``'s colours. A card wider than ``size`` is sampled
    finer and averaged down (no aliasing)."""
    width, height = size
    fine = max(1, int(np.ceil(quad_width(quad) / width)))
    out = (width + 2 * pad, height + 2 * pad)
    face = cv2.warpPerspective(frame, upright_matrix(quad, size, pad, fine), (out[0] * fine, out[1] * fine),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return cv2.resize(face, out, interpolation=cv2.INTER_AREA) if fine > 1 else face


def in_view_mask(quad: np.ndarray, covers: list[np.ndarray], size: tuple[int, int], pad: int = 0) -> np.ndarray:
    """Where the card in ``quad`` is not under ``covers`` (outlines of the cards on it, frame
    pixels), in the pixels of :func:`warp_upright` at ``size`` and ``pad``: 255 in view, 0
    covered (uint8)."""
    width, height = size
    visible = np.full((height + 2 * pad, width + 2 * pad), 255, np.uint8)
    matrix = upright_matrix(quad, size, pad)
    for cover in covers:
        points = cv2.perspectiveTransform(np.asarray(cover, np.float32).reshape(1, -1, 2), matrix)[0]
        cv2.fillConvexPoly(visible, np.round(points).astype(np.int32), 0)
    return visible
