"""The suit a card's large pips show: a club against a spade (a heart against a diamond) of one rank.

At 100 px and blur 2 the index's small suit glyph is a blob, and the index readers (the
corner discriminant, the index network) can take a club for a spade; the face's pips are two
to three times larger and still show their shape. A calibrated profile keeps each capture's
face at PIP_SIZE (:func:`pip_face`); a card in view is compared with the capture of the card
read and with that of the other suit of its colour: each capture is blurred as the view is
(the SIGMAS step that fits best), turned into ink (the paper's own brightness divided out, so
uneven light does not count), and aligned to the view by an affine ECC fit
(``cv2.findTransformECC``), so that neither capture wins by a better fit of the quad. The
margin (:meth:`PipTemplates.margin`) is the difference of the two fits over what the two
captures differ by: about +0.5 for the card read, -0.5 for the other suit. A view washed
out by glare (its paper and the light edges of its pips at 255, WHITE_MIN of it or more) is
compared with captures clipped alike: each capture's lightness is cut where as large a share
of it lies above as of the view is saturated, so that a club whose thin lobes the camera
clipped does not fit the compact spade better.

The same captures place a card whose outline was found a few pixels off
(:meth:`PipTemplates.place`): the capture aligned to the view by a homography ECC fit.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.upright import in_view_mask, quad_width, upright_matrix, warp_upright

#: The face is warped to this size (width, height) plus PAD pixels of felt on every side:
#: twice the face discriminant's, so that pips of a 100 px card keep their shape.
PIP_SIZE = (120, 168)
PAD = 6
#: The part of a capture compared: its inside, INNER pixels in from the padded edges (the card
#: edge and the felt stay out), searched over SEARCH pixels each way in the view.
INNER = 12
SEARCH = 4
#: Blurs (Gaussian sigma, PIP_SIZE pixels) a capture is given to look like the view.
SIGMAS = (0.0, 1.4, 2.8, 4.2, 5.6)
#: Iterations of the ECC fit of each capture to the view.
ECC_STEPS = 30
#: Iterations of the homography ECC fit that places a capture on a card found a few pixels
#: off (:meth:`PipTemplates.place`), and the most it may move a corner (card widths).
PLACE_STEPS = 50
#: Before that fit: how far (pixels of the pip face) the capture is shifted over the view to
#: see which way up the card lies, and by how much more alike one way must look to be the
#: only one fitted. On the 100 px, blur 2 heruka boards of seeds 0-2 (test_pips.py's placing
#: test), cards printed one way up (A, 6-9) look 0.02-0.26 more alike the right way, those
#: printed alike both ways (2, 4, 5, the court cards) 0.01 or less.
PLACE_SEARCH = 8
PLACE_CLEAR_WAY = 0.02
PLACE_MAX_MOVE = 0.15
#: Grey level at which the camera saturates, and the share of a face's inside at it from which
#: the captures are clipped alike before they are compared with it: glare lifts the paper and
#: the light edges of the pips to 255 (a bench board under glare: 70-93 % of each face). A
#: face whose paper alone is at 255 is clipped at the paper and compared as before.
SATURATED = 254
WHITE_MIN = 0.5
#: The lowest lightness a capture is clipped at (the clip divides by it; the views under glare
#: of simplistic frames 300 and 160 were clipped at 0.84-1.00).
CLIP_FLOOR = 0.05

_PAPER_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (17, 17))


def pip_face(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card in ``quad`` (TL TR BR BL) warped upright to PIP_SIZE plus PAD, grey (uint8)."""
    face = warp_upright(frame, quad, PIP_SIZE, PAD)
    return cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) if face.ndim == 3 else face


def in_view(quad: np.ndarray, covers: list[np.ndarray]) -> np.ndarray:
    """Where the card in ``quad`` is not under ``covers`` (outlines of the cards on it, frame
    pixels), as :func:`pip_face` cuts it: 255 in view, 0 covered (uint8)."""
    return in_view_mask(quad, covers, PIP_SIZE, PAD)


def ink(grey: np.ndarray) -> np.ndarray:
    """How much darker than the paper around it each pixel is (0 paper, 1 black; float32)."""
    grey = grey.astype(np.float32)
    paper = cv2.GaussianBlur(cv2.dilate(grey, _PAPER_KERNEL), (0, 0), 6)
    return np.clip(1.0 - grey / np.maximum(paper, 1.0), 0.0, 1.0)


def saturated_share(face: np.ndarray, visible: np.ndarray | None = None) -> float:
    """The share of the inside of ``face`` (a :func:`pip_face`; where ``visible``, when given)
    at the camera's saturation (SATURATED)."""
    inside = face[INNER:-INNER, INNER:-INNER] >= SATURATED
    if visible is not None:
        inside = inside[visible[INNER:-INNER, INNER:-INNER] > 0]
    return float(inside.mean()) if inside.size else 0.0


def _centred(image: np.ndarray) -> np.ndarray:
    image = image - image.mean()
    return image / max(float(np.linalg.norm(image)), 1e-9)


class PipTemplates:
    """The calibration captures' faces (``faces``: one :func:`pip_face` per card, in
    ``cards`` order) and the comparison of a card in view with two of them."""

    def __init__(self, faces: np.ndarray, cards: list[str]) -> None:
        self.faces, self.cards = faces, cards
        self._inked: dict[tuple[int, int], np.ndarray] = {}

    def _template(self, card: int, sigma: int) -> np.ndarray:
        """The inside of ``card``'s capture, blurred by SIGMAS[sigma], as ink (kept)."""
        key = (card, sigma)
        if key not in self._inked:
            face = self.faces[card].astype(np.float32)
            if SIGMAS[sigma] > 0:
                face = cv2.GaussianBlur(face, (0, 0), SIGMAS[sigma])
            self._inked[key] = ink(face)[INNER:-INNER, INNER:-INNER]
        return self._inked[key]

    def _clipped(self, card: int, sigma: int, clip: float | None) -> np.ndarray:
        """``card``'s template with its lightness (one less its ink) clipped at ``clip`` and
        set back to ink: the camera's saturation given to the capture (None: as it is)."""
        inked = self._template(card, sigma)
        if clip is None:
            return inked
        return (1.0 - np.minimum(1.0 - inked, clip) / clip).astype(np.float32)

    def _clip(self, a: int, b: int, sigma: int, white: float, seen: np.ndarray | None) -> float | None:
        """The lightness above which the mean of two captures (where ``seen``, when given) is
        as large a share (``white``) as the view's saturated paper; None when the view is not
        saturated (WHITE_MIN)."""
        if white < WHITE_MIN:
            return None
        mean = 1.0 - (self._template(a, sigma) + self._template(b, sigma)) / 2
        if seen is not None and seen.any():
            mean = mean[seen]
        return max(float(np.quantile(mean, 1.0 - white)), CLIP_FLOOR)

    def margin(self, frame: np.ndarray, quad: np.ndarray, card: str, other: str,
               covers: list[np.ndarray] = ()) -> float:
        """How much better the card in ``quad`` fits ``card``'s capture than ``other``'s
        (either way up): the difference of the two aligned fits over one less their likeness
        to each other; about +0.5 when it shows ``card``, -0.5 when it shows ``other``. Only
        the part not under ``covers`` (:func:`in_view`) counts: the rest is taken for paper
        while the captures are placed, and left out of their fits."""
        a, b = self.cards.index(card), self.cards.index(other)
        border = INNER - SEARCH
        face = pip_face(frame, quad).astype(np.float32)
        visible = in_view(quad, covers) if len(covers) else None
        masks = [None, None] if visible is None else [
            mask[border:-border, border:-border] for mask in (visible, visible[::-1, ::-1])]
        white = saturated_share(face, visible)
        views = [ink(view)[border:-border, border:-border] for view in (face, face[::-1, ::-1])]
        views = [view if mask is None else np.where(mask > 0, view, 0.0).astype(np.float32)
                 for view, mask in zip(views, masks, strict=True)]
        # the view's blur and way up: where the mean of the two captures fits it best
        best = None
        for sigma in range(len(SIGMAS)):
            mean = (self._template(a, sigma) + self._template(b, sigma)) / 2
            for way, view in enumerate(views):
                _, fit, _, place = cv2.minMaxLoc(cv2.matchTemplate(view, mean, cv2.TM_CCOEFF_NORMED))
                if best is None or fit > best[0]:
                    best = (fit, sigma, way, place)
        _, sigma, way, (x, y) = best
        view, mask = views[way], masks[way]
        # a view washed out by glare: the captures clipped alike, over the part of them in view
        height, width = self._template(a, sigma).shape
        clip = self._clip(a, b, sigma, white, None if mask is None else mask[y:y + height, x:x + width] > 0)
        templates = [self._clipped(k, sigma, clip) for k in (a, b)]
        fits = []
        for template in templates:
            warp = np.array([[1, 0, x], [0, 1, y]], np.float32)
            try:
                fit, _ = cv2.findTransformECC(template, view, warp, cv2.MOTION_AFFINE,
                                              (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, ECC_STEPS, 1e-5),
                                              mask, 1)
            except cv2.error:  # the fit did not converge: this capture does not fit the view
                fit = -1.0
            fits.append(float(fit))
        likeness = float((_centred(templates[0]) * _centred(templates[1])).sum())
        return (fits[0] - fits[1]) / max(1.0 - likeness, 1e-3)

    def place(self, frame: np.ndarray, quad: np.ndarray, card: str) -> np.ndarray | None:
        """The card in ``quad`` (TL TR BR BL, found a few pixels off: its corners from where
        two cards' edges cross, its depth from the card's shape) placed by ``card``'s capture:
        the capture aligned to the view by a homography ECC fit, the way up the card clearly
        looks more like (PLACE_CLEAR_WAY), else either way up (the better fit), and its outline
        taken back into the frame. None when no fit converges or one moves a corner more than
        PLACE_MAX_MOVE card widths."""
        view = pip_face(frame, quad).astype(np.float32)
        capture = self.faces[self.cards.index(card)].astype(np.float32)
        criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, PLACE_STEPS, 1e-4)
        ways = [capture, np.ascontiguousarray(capture[::-1, ::-1])]
        # the way up that looks more like the capture (at the shift that fits best) is fitted
        # first; when it looks clearly more alike (PLACE_CLEAR_WAY), only it, the other only
        # if its fit does not converge; a card alike either way (a court card, a pip card
        # printed symmetric) is fitted both ways, and the better fit taken
        inner = slice(PLACE_SEARCH, -PLACE_SEARCH)
        likeness = [float(cv2.matchTemplate(view, way[inner, inner], cv2.TM_CCOEFF_NORMED).max()) for way in ways]
        clear = abs(likeness[0] - likeness[1]) >= PLACE_CLEAR_WAY
        best = None
        for way in sorted(range(2), key=lambda k: -likeness[k]):
            try:
                fit, warp = cv2.findTransformECC(ways[way], view, np.eye(3, dtype=np.float32),
                                                 cv2.MOTION_HOMOGRAPHY, criteria, None, 5)
            except cv2.error:  # the fit did not converge
                continue
            if best is None or fit > best[0]:
                best = (fit, warp)
            if clear:
                break
        if best is None:
            return None
        width, height = PIP_SIZE
        outline = np.float32([[0, 0], [width, 0], [width, height], [0, height]]) + PAD
        in_view_px = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), best[1])
        back = np.linalg.inv(upright_matrix(quad, PIP_SIZE, PAD))
        placed = cv2.perspectiveTransform(in_view_px, back).reshape(4, 2).astype(np.float32)
        moved = np.linalg.norm(placed - quad, axis=1).max()
        if moved > PLACE_MAX_MOVE * quad_width(quad):
            return None
        return placed
