"""Seeded synthetic table scenes with ground truth, for tests and the benchmark.

A scene is felt of any colour with texture, optional printed betting lines, chips,
face-down cards and face-up cards laid out as a board row, fanned/stacked showdown hands
or loose cards; then camera tilt (a homography), uneven light, glare, blur and noise.
Every face-up card comes with its name, its four corners in image pixels (top-left,
top-right, bottom-right, bottom-left of the card face), its height in pixels and whether
one of its two index corners is visible.

>>> import numpy as np
>>> from vision.art import committed_deck
>>> scene = make_scene(np.random.default_rng(1), committed_deck("heruka-2color"), layout="board")
>>> scene.image.shape, len(scene.truth) >= 3
((720, 1280, 3), True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.art import CARD_NAMES, DECKS_DIR

LAYOUTS = ("board", "showdown", "loose", "table", "empty")


@dataclass
class TruthCard:
    """One face-up card in a synthetic scene."""

    card: str
    corners: np.ndarray  # 4x2 float, TL TR BR BL of the face
    height_px: float
    index_visible: bool
    group: str  # "board", "showdown", "loose"


@dataclass
class Scene:
    """A rendered frame and what is on it."""

    image: np.ndarray
    truth: list[TruthCard]
    params: dict = field(default_factory=dict)
    #: Cards placed mostly out of view (their centre outside the frame): not part of the
    #: scene, but a read of one of them is a read of a card that is there.
    out_of_view: list[TruthCard] = field(default_factory=list)

    @property
    def readable(self) -> list[TruthCard]:
        """Face-up cards whose index can be seen (the ones a reader must read)."""
        return [t for t in self.truth if t.index_visible]


def _rounded_mask(width: int, height: int, radius: int) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    cv2.rectangle(mask, (radius, 0), (width - radius - 1, height - 1), 255, -1)
    cv2.rectangle(mask, (0, radius), (width - 1, height - radius - 1), 255, -1)
    for cx, cy in ((radius, radius), (width - radius - 1, radius),
                   (radius, height - radius - 1), (width - radius - 1, height - radius - 1)):
        cv2.circle(mask, (cx, cy), radius, 255, -1)
    return mask


def _felt(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    if rng.random() < 0.12:
        hsv = (rng.uniform(0, 180), rng.uniform(0, 30), rng.uniform(70, 140))
    else:
        hsv = (rng.uniform(0, 180), rng.uniform(110, 230), rng.uniform(60, 150))
    colour = cv2.cvtColor(np.uint8([[hsv]]), cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
    texture = rng.normal(0, 1, (height // 4, width // 4)).astype(np.float32)
    texture = cv2.resize(cv2.GaussianBlur(texture, (0, 0), 1.5), (width, height))
    image = colour[None, None, :] * (1 + 0.08 * texture[:, :, None])
    return np.clip(image, 0, 255)


def _printed_lines(rng: np.random.Generator, image: np.ndarray) -> None:
    height, width = image.shape[:2]
    colour = tuple(float(c) for c in (rng.choice([[230, 230, 230], [120, 220, 240], [200, 200, 150]])))
    thickness = int(rng.integers(2, 6))
    if rng.random() < 0.5:
        center = (int(width / 2), int(rng.uniform(0.2, 0.8) * height))
        axes = (int(width * rng.uniform(0.3, 0.45)), int(height * rng.uniform(0.2, 0.4)))
        cv2.ellipse(image, center, axes, 0, 0, 360, colour, thickness, cv2.LINE_AA)
    else:
        y = int(rng.uniform(0.2, 0.8) * height)
        cv2.line(image, (0, y), (width, y + int(rng.uniform(-80, 80))), colour, thickness, cv2.LINE_AA)


def _chips(rng: np.random.Generator, image: np.ndarray, card_h: float, count: int) -> None:
    height, width = image.shape[:2]
    for _ in range(count):
        radius = int(card_h * rng.uniform(0.18, 0.28))
        cx, cy = int(rng.uniform(radius, width - radius)), int(rng.uniform(radius, height - radius))
        colour = tuple(float(c) for c in rng.integers(20, 230, 3))
        cv2.circle(image, (cx + 3, cy + 3), radius, (20, 20, 20), -1, cv2.LINE_AA)
        cv2.circle(image, (cx, cy), radius, colour, -1, cv2.LINE_AA)
        for k in range(6):
            a = k * np.pi / 3
            cv2.ellipse(image, (cx, cy), (radius, radius), np.degrees(a), -10, 10, (245, 245, 245),
                        max(2, radius // 5))
        cv2.circle(image, (cx, cy), int(radius * 0.6), (240, 240, 240), 1, cv2.LINE_AA)


class _Canvas:
    """Composites cards onto the felt and keeps an id map for occlusion."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self.ids = np.zeros(image.shape[:2], np.int32)

    def place(self, face: np.ndarray, center: tuple[float, float], card_h: float,
              angle_deg: float, ident: int) -> np.ndarray:
        """Draw ``face`` centred at ``center``; return its 4 corners TL TR BR BL."""
        h0, w0 = face.shape[:2]
        scale = card_h / h0
        rot = cv2.getRotationMatrix2D((w0 / 2, h0 / 2), angle_deg, scale)
        rot[:, 2] += np.array(center) - np.array([w0 / 2, h0 / 2])
        src = np.float32([[0, 0], [w0, 0], [w0, h0], [0, h0]])
        corners = cv2.transform(src[None], rot)[0]
        x0, y0 = np.floor(corners.min(0)).astype(int) - 4
        x1, y1 = np.ceil(corners.max(0)).astype(int) + 4
        height, width = self.image.shape[:2]
        x0c, y0c, x1c, y1c = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
        if x1c <= x0c or y1c <= y0c:
            return corners
        local = rot.copy()
        local[:, 2] -= [x0c, y0c]
        size = (x1c - x0c, y1c - y0c)
        mask = _rounded_mask(w0, h0, max(3, w0 // 18))
        warped = cv2.warpAffine(face, local, size, flags=cv2.INTER_AREA, borderValue=(0, 0, 0))
        alpha = cv2.warpAffine(mask, local, size, flags=cv2.INTER_LINEAR).astype(np.float32) / 255
        shadow = cv2.GaussianBlur(alpha, (0, 0), max(1.0, card_h / 60))
        roi = self.image[y0c:y1c, x0c:x1c]
        roi *= (1 - 0.35 * shadow)[:, :, None]
        roi[:] = roi * (1 - alpha[:, :, None]) + warped.astype(np.float32) * alpha[:, :, None]
        self.ids[y0c:y1c, x0c:x1c][alpha > 0.5] = ident
        return corners


def _index_visible(ids: np.ndarray, corners: np.ndarray, ident: int) -> bool:
    """True when one of the two index corners (TL, BR regions) is at least 90 % uncovered."""
    tl, tr, br, bl = corners
    u, w = tr - tl, bl - tl
    for origin, du, dw in ((tl, u, w), (br, -u, -w)):
        region = np.float32([origin + 0.03 * du + 0.03 * dw, origin + 0.2 * du + 0.03 * dw,
                             origin + 0.2 * du + 0.28 * dw, origin + 0.03 * du + 0.28 * dw])
        if not np.all((region >= 0) & (region < [ids.shape[1], ids.shape[0]])):
            continue  # this index corner is out of view
        mask = np.zeros(ids.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.round(region).astype(np.int32), 1)
        inside = ids[mask > 0]
        if inside.size and np.mean(inside == ident) >= 0.9:
            return True
    return False


def _tilt(rng: np.random.Generator, width: int, height: int, max_deg: float) -> np.ndarray:
    """The homography of a camera turned up to ``max_deg`` away from looking straight down.

    A pinhole camera (focal length = image width, about 65 degrees across) rotated about a
    random axis in the table plane; the result is rescaled so the frame centre stays put.
    """
    deg = rng.uniform(0, max_deg)
    axis_angle = rng.uniform(0, 2 * np.pi)
    axis = np.array([np.cos(axis_angle), np.sin(axis_angle), 0.0])
    rotation, _ = cv2.Rodrigues(axis * np.radians(deg))
    focal = float(width)
    k = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
    homography = k @ rotation @ np.linalg.inv(k)
    center = np.array([width / 2, height / 2, 1.0])
    mapped = homography @ center
    mapped /= mapped[2]
    shift = np.array([[1, 0, width / 2 - mapped[0]], [0, 1, height / 2 - mapped[1]], [0, 0, 1]])
    return (shift @ homography).astype(np.float64)


def _light(rng: np.random.Generator, image: np.ndarray, strength: float) -> None:
    height, width = image.shape[:2]
    angle = rng.uniform(0, 2 * np.pi)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    ramp = (np.cos(angle) * (xx / width - 0.5) + np.sin(angle) * (yy / height - 0.5)) + 0.5
    gain = 1.0 - strength * np.clip(ramp, 0, 1)
    tint = np.float32(rng.uniform(0.9, 1.08, 3))
    image *= gain[:, :, None] * tint[None, None, :]
    if rng.random() < 0.4:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        sigma = rng.uniform(0.05, 0.15) * width
        glare = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2))
        image += (rng.uniform(30, 90) * glare)[:, :, None]


def load_back() -> np.ndarray:
    """The committed card back (BGR)."""
    return cv2.imread(str(DECKS_DIR / "back.png"), cv2.IMREAD_COLOR)


def make_scene(rng: np.random.Generator, deck: dict[str, np.ndarray], *, layout: str = "table",
               size: tuple[int, int] = (1280, 720), card_h: float | None = None,
               blur: float | None = None, light: float | None = None,
               max_tilt_deg: float = 30.0, clutter: bool = True,
               duplicate: bool = False, back: np.ndarray | None = None) -> Scene:
    """Render one seeded scene.

    ``layout`` is one of :data:`LAYOUTS`. ``card_h`` (face-up card height in pixels before
    tilt), ``blur`` (Gaussian sigma) and ``light`` (0 = even, 0.6 = strong gradient) are
    drawn from ``rng`` when omitted. ``duplicate`` repeats one card of the scene.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"Unknown layout {layout!r}; choose one of {', '.join(LAYOUTS)}")
    width, height = size
    card_h = float(card_h if card_h is not None else rng.choice([100, 130, 170, 220]))
    blur = float(blur if blur is not None else rng.choice([0.0, 0.7, 1.4, 2.0]))
    light = float(light if light is not None else rng.choice([0.0, 0.25, 0.5]))
    back = load_back() if back is None else back
    canvas = _Canvas(_felt(rng, width, height))
    if clutter and rng.random() < 0.6:
        _printed_lines(rng, canvas.image)
    if clutter:
        _chips(rng, canvas.image, card_h, int(rng.integers(0, 6)))
        for _ in range(int(rng.integers(0, 3))):
            canvas.place(back, (rng.uniform(0.1, 0.9) * width, rng.uniform(0.1, 0.9) * height),
                         card_h, rng.uniform(0, 360), -1)

    names = list(rng.permutation(CARD_NAMES))
    placed: list[tuple[str, np.ndarray, str, int]] = []
    card_w = card_h / 1.4
    ident = 0

    def put(name: str, center: tuple[float, float], angle: float, group: str) -> None:
        nonlocal ident
        ident += 1
        corners = canvas.place(deck[name], center, card_h, angle, ident)
        placed.append((name, corners, group, ident))

    if layout in ("board", "table"):
        count = int(rng.integers(3, 6))
        gap = card_w * rng.uniform(1.06, 1.2)
        y = height * (rng.uniform(0.3, 0.45) if layout == "table" else rng.uniform(0.35, 0.65))
        x0 = width / 2 - gap * (count - 1) / 2 + rng.uniform(-0.1, 0.1) * width
        base = rng.uniform(-6, 6)
        for k in range(count):
            put(names.pop(), (x0 + k * gap, y + rng.uniform(-4, 4)), base + rng.uniform(-3, 3), "board")
    if layout in ("showdown", "table"):
        hands = 1 if layout == "table" else int(rng.integers(1, 3))
        for h in range(hands):
            cx = width * (0.5 if hands == 1 else (0.3 + 0.4 * h)) + rng.uniform(-60, 60)
            cy = height * (rng.uniform(0.68, 0.75) if layout == "table" else rng.uniform(0.4, 0.6))
            angle = rng.uniform(-30, 30)
            spread = rng.uniform(0.35, 0.6) * card_w
            drop = rng.uniform(-0.05, 0.25) * card_h
            turn = rng.uniform(-12, 12)
            theta = np.radians(-angle)
            offset = np.array([np.cos(theta) * spread - np.sin(theta) * drop,
                               np.sin(theta) * spread + np.cos(theta) * drop])
            put(names.pop(), (cx - offset[0] / 2, cy - offset[1] / 2), angle, "showdown")
            put(names.pop(), (cx + offset[0] / 2, cy + offset[1] / 2), angle + turn, "showdown")
    if layout == "loose" or (layout == "table" and rng.random() < 0.3):
        for _ in range(int(rng.integers(1, 3)) if layout == "loose" else 1):
            put(names.pop(), (rng.uniform(0.15, 0.85) * width, rng.uniform(0.2, 0.8) * height),
                rng.uniform(0, 360), "loose")
    if duplicate and placed:
        put(placed[0][0], (width * rng.uniform(0.15, 0.85), height * 0.85), rng.uniform(-20, 20), "loose")

    image = canvas.image
    homography = _tilt(rng, width, height, max_tilt_deg)
    image = cv2.warpPerspective(image, homography, (width, height), borderMode=cv2.BORDER_REFLECT)
    ids = cv2.warpPerspective(canvas.ids.astype(np.float32), homography, (width, height),
                              flags=cv2.INTER_NEAREST).astype(np.int32)
    _light(rng, image, light)
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    image += rng.normal(0, rng.uniform(2, 7), image.shape).astype(np.float32)
    truth: list[TruthCard] = []
    out_of_view: list[TruthCard] = []
    for name, corners, group, card_id in placed:
        warped = cv2.perspectiveTransform(corners[None].astype(np.float32), homography)[0]
        center = warped.mean(axis=0)
        h_px = float((np.linalg.norm(warped[3] - warped[0]) + np.linalg.norm(warped[2] - warped[1])) / 2)
        card = TruthCard(name, warped, h_px, _index_visible(ids, warped, card_id), group)
        in_view = 0 <= center[0] < width and 0 <= center[1] < height
        (truth if in_view else out_of_view).append(card)
    params = {"layout": layout, "card_h": card_h, "blur": blur, "light": light}
    return Scene(np.clip(image, 0, 255).astype(np.uint8), truth, params, out_of_view)


def make_capture(rng: np.random.Generator, face: np.ndarray, card_h: float = 170.0,
                 size: tuple[int, int] = (640, 480)) -> np.ndarray:
    """A calibration capture: one card lying on plain felt under the camera, mildly tilted."""
    width, height = size
    canvas = _Canvas(_felt(rng, width, height))
    canvas.place(face, (width / 2 + rng.uniform(-20, 20), height / 2 + rng.uniform(-20, 20)),
                 card_h, rng.uniform(-8, 8), 1)
    image = cv2.warpPerspective(canvas.image, _tilt(rng, width, height, 10.0), (width, height),
                                borderMode=cv2.BORDER_REFLECT)
    _light(rng, image, rng.uniform(0, 0.2))
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 0.8))
    image += rng.normal(0, 2.5, image.shape).astype(np.float32)
    return np.clip(image, 0, 255).astype(np.uint8)


def write_scene(scene: Scene, path: Path) -> None:
    """Save a scene image (PNG) next to nothing else; truth stays in memory."""
    cv2.imwrite(str(path), scene.image)


#: Where the demo table lays its cards, in fractions of the frame (centres).
BOARD_SLOTS = tuple((0.30 + 0.1 * k, 0.36) for k in range(6))
READER_SLOT = (0.5, 0.76)
#: Zones matching the slots above (fractions of the frame), see :mod:`vision.zones`.
DEMO_ZONES = {"board": [[0.22, 0.2], [0.86, 0.2], [0.86, 0.54], [0.22, 0.54]],
              "reader": [[0.36, 0.6], [0.64, 0.6], [0.64, 0.95], [0.36, 0.95]]}


def make_table(rng: np.random.Generator, deck: dict[str, np.ndarray], board: list[str],
               reader: list[str] = (), loose: list[str] = (), *, card_h: float = 160.0,
               size: tuple[int, int] = (1280, 720), felt_bgr: tuple[int, int, int] = (40, 95, 30),
               blur: float = 0.6, noise: float = 3.0, fanned: bool = True) -> Scene:
    """A controlled table frame: ``board`` cards in the board slots left to right, the
    ``reader`` hand in the reader slot (fanned as a player tables it, or side by side as the
    dealer lays it for the camera), ``loose`` cards near the left edge.

    Used for the demo replay and for tests whose cards must be exactly these.
    """
    width, height = size
    felt = np.empty((height, width, 3), np.float32)
    felt[:] = felt_bgr
    felt *= 1 + 0.05 * cv2.resize(rng.normal(0, 1, (height // 4, width // 4)).astype(np.float32),
                                  (width, height))[:, :, None]
    canvas = _Canvas(felt)
    placed: list[tuple[str, np.ndarray, str, int]] = []
    ident = 0

    def put(name: str, center: tuple[float, float], angle: float, group: str) -> None:
        nonlocal ident
        ident += 1
        placed.append((name, canvas.place(deck[name], center, card_h, angle, ident), group, ident))

    for k, name in enumerate(board):
        x, y = BOARD_SLOTS[k]
        put(name, (x * width, y * height), rng.uniform(-2, 2), "board")
    for k, name in enumerate(reader):
        x, y = READER_SLOT
        if fanned:
            put(name, (x * width + (k - 0.5) * 0.6 * card_h / 1.4, y * height), -6 + 12 * k, "showdown")
        else:
            put(name, (x * width + (k - 0.5) * 1.2 * card_h / 1.4, y * height), rng.uniform(-3, 3), "showdown")
    for k, name in enumerate(loose):
        put(name, (0.1 * width, (0.3 + 0.35 * k) * height), 20.0, "loose")
    image = cv2.GaussianBlur(canvas.image, (0, 0), blur) if blur else canvas.image
    image = image + rng.normal(0, noise, image.shape).astype(np.float32)
    truth = [TruthCard(n, c, card_h, _index_visible(canvas.ids, c, i), g) for n, c, g, i in placed]
    return Scene(np.clip(image, 0, 255).astype(np.uint8), truth, {"layout": "table"})
