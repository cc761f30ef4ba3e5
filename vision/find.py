"""Card finding: bright card faces on felt of any colour -> card corners with a local frame.

Cards are found as bright, unsaturated regions that stand out of their surroundings
(a white top-hat, so uneven light and broad glare do not count). Each region's outline
is cut into long straight edges; where two edges meet at roughly a right angle and the
outline turns outwards, there is a visible card corner. A corner is all a reader needs:
the index sits in two opposite corners of a card, so overlapping, fanned and stacked
cards are read from whichever corner is exposed.

Every corner comes with a right-handed frame ``(u, w)``: ``u`` along one card edge, ``w``
along the other, so that the corner patch, mapped into that frame, looks like the card's
top-left corner when the corner is an index corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

#: Card height / width of a standard poker card (3.5 in / 2.5 in).
CARD_ASPECT = 1.4


@dataclass
class Corner:
    """A visible card corner: ``point`` plus unit directions ``u`` and ``w`` of its edges."""

    point: np.ndarray
    u: np.ndarray
    w: np.ndarray
    u_len: float  # visible length of the edge along u
    w_len: float
    blob: int


@dataclass
class Blob:
    """One bright region: possibly one card (``quad`` set) or several overlapping ones."""

    contour: np.ndarray
    area: float
    corners: list[Corner] = field(default_factory=list)
    quad: np.ndarray | None = None  # 4x2 TL TR BR BL when the blob is one whole card
    outline_corners: list[Corner] = field(default_factory=list)  # corners of the outline itself


def _felt_level(whiteness: np.ndarray) -> np.ndarray:
    """The felt's whiteness everywhere: a quadratic surface fitted robustly at 1/8 scale.

    Cards (bright) and backs, chips and shadows (dark) are outliers and are left out of the
    fit, so a light gradient across the table is followed and the cards are not.
    """
    height, width = whiteness.shape
    small = cv2.resize(whiteness, (max(8, width // 8), max(8, height // 8)),
                       interpolation=cv2.INTER_AREA).astype(np.float32)
    sh, sw = small.shape
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xx, yy = xx / sw - 0.5, yy / sh - 0.5
    basis = np.stack([np.ones_like(xx), xx, yy, xx * xx, xx * yy, yy * yy], axis=-1).reshape(-1, 6)
    values = small.ravel()
    keep = values <= np.percentile(values, 70)
    fit = np.full_like(values, float(np.median(values)))
    for _ in range(3):
        kept = basis[keep]  # normal equations: 6 unknowns, 5x faster than lstsq
        coef = np.linalg.solve(kept.T @ kept + 1e-6 * np.eye(6, dtype=np.float32), kept.T @ values[keep])
        fit = basis @ coef
        spread = max(6.0, 2.5 * float(np.std(values[keep] - fit[keep])))
        keep = np.abs(values - fit) < spread
        if keep.sum() < 50:
            break
    level = np.clip(fit.reshape(sh, sw), 0, 255).astype(np.uint8)
    return cv2.resize(level, (width, height), interpolation=cv2.INTER_LINEAR)


#: A hole is filled (ink of a card) when it is smaller than this share of its region: the
#: inside of a printed ring (a betting line drawn round the table) is not.
HOLE_FILL_SHARE = 0.8
#: Nor is a hole larger than this share of the frame filled: no card's ink is (a card at the
#: largest size the camera sees, 290 px tall at 1280 x 720, covers 6.5 % of the frame), but
#: the inside of a printed ring whose line board cards touch is, where the cards outside the
#: ring make its hole less than HOLE_FILL_SHARE of the region.
HOLE_MAX_FRAME_SHARE = 0.1
#: Longer / shorter of two opposite sides of one card seen whole: camera tilt makes them
#: differ by up to 11 % in the synthetic scenes; a corner misplaced onto a notch in the
#: outline (an index printed to the card's edge) makes them differ more.
MAX_SIDE_SKEW = 1.15


def _fill_small_holes(mask: np.ndarray) -> None:
    """Fill the holes of every region in place, except holes nearly as big as the region and
    holes larger than HOLE_MAX_FRAME_SHARE of the frame."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return
    parents = hierarchy[0][:, 3]
    inner = np.flatnonzero(parents >= 0).tolist()  # the holes; only they and their regions are measured
    areas = {i: cv2.contourArea(contours[i]) for i in {*inner, *parents[inner].tolist()}}
    largest = HOLE_MAX_FRAME_SHARE * mask.shape[0] * mask.shape[1]
    holes = [contours[i] for i in inner
             if areas[i] < HOLE_FILL_SHARE * areas[int(parents[i])] and areas[i] < largest]
    cv2.drawContours(mask, holes, -1, 255, cv2.FILLED)


def unsaturated(brightest: np.ndarray, whiteness: np.ndarray) -> np.ndarray:
    """Mask (0/255) of pixels whose max - min channel is below a quarter of the max one.

    Tested as 5 x (max - min) < max in 8 bits: the product saturates at 255, which no max
    exceeds, so the answer is the exact one without widening to 16 bits."""
    return cv2.compare(cv2.multiply(cv2.subtract(brightest, whiteness), 5), brightest, cv2.CMP_LT)


_CHANNELS = np.ones((1, 3), np.uint8)


def channel_extremes(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The least and the greatest colour channel of each pixel of a BGR frame (uint8): its
    whiteness and its brightness."""
    # each row's interleaved B G R bytes as one image row: the 3-wide erosion (dilation) at
    # every pixel's middle byte is its least (greatest) channel, far faster than splitting
    rows = np.ascontiguousarray(frame).reshape(frame.shape[0], -1)
    return cv2.erode(rows, _CHANNELS)[:, 1::3].copy(), cv2.dilate(rows, _CHANNELS)[:, 1::3].copy()


def card_mask(frame: np.ndarray, extremes: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Binary mask (uint8 0/255) of pixels that look like a card face (``extremes``: the
    frame's :func:`channel_extremes`, when the caller has them)."""
    whiteness, brightest = channel_extremes(frame) if extremes is None else extremes
    background = _felt_level(whiteness)
    # bright: whiteness above the felt by 30 + a quarter of the felt level
    threshold = cv2.add(cv2.addWeighted(background, 1.25, background, 0, 30), 0)
    bright = cv2.compare(whiteness, threshold, cv2.CMP_GT)
    grey = unsaturated(brightest, whiteness)
    # Thin dark valleys (the gap or shadow between two cards laid side by side) cut the mask,
    # so neighbouring cards stay apart even when blur has half filled the gap.
    valley = cv2.morphologyEx(whiteness, cv2.MORPH_BLACKHAT, np.ones((7, 7), np.uint8))
    mask = cv2.bitwise_and(cv2.bitwise_and(bright, grey), cv2.compare(valley, 25, cv2.CMP_LE))
    # Fill the ink (pips, indices, pictures) inside each region, then drop thin things
    # (printed lines, chip stripes) with an opening. No closing: it would glue neighbouring
    # cards of the board into one region.
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    _fill_small_holes(mask)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8))
    return mask


def rotate(v: np.ndarray, radians: float) -> np.ndarray:
    """The 2-D vector ``v`` turned by ``radians`` (image axes: positive turns clockwise)."""
    c, s = np.cos(radians), np.sin(radians)
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


def _line_through(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    vx, vy, x0, y0 = cv2.fitLine(points.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0]), np.array([vx, vy])


def _intersect(p1: np.ndarray, d1: np.ndarray, p2: np.ndarray, d2: np.ndarray) -> np.ndarray | None:
    denom = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(denom) < 1e-6:
        return None
    t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / denom
    return p1 + t * d1


def _first_indices(points: np.ndarray, wanted: np.ndarray) -> list[int]:
    """Where each of ``wanted`` (integer x, y rows, every one among ``points``) first occurs
    in ``points``: one stable sort of the points' keys and a binary search each."""
    keys = points[:, 0].astype(np.int64) * (1 << 32) + points[:, 1]
    order = np.argsort(keys, kind="stable")
    found = np.searchsorted(keys[order], wanted[:, 0].astype(np.int64) * (1 << 32) + wanted[:, 1])
    return order[found].tolist()


def _edges(contour: np.ndarray, min_len: float) -> list[tuple[np.ndarray, np.ndarray, float, np.ndarray, np.ndarray]]:
    """Long straight edges of a closed outline, in outline order.

    Each edge is ``(point, direction, length, start, end)`` with ``direction`` following the
    outline.
    """
    pts = contour.reshape(-1, 2)
    approx = cv2.approxPolyDP(contour, 2.0, True).reshape(-1, 2)
    if len(approx) < 3:
        return []
    idx = _first_indices(pts, approx)
    edges = []
    for k in range(len(idx)):
        a, b = idx[k], idx[(k + 1) % len(idx)]
        seg_len = float(np.linalg.norm(pts[b] - pts[a]))
        if seg_len < min_len:
            continue
        span = pts[a:b + 1] if b >= a else np.vstack([pts[a:], pts[:b + 1]])
        if len(span) > 6:
            trim = max(1, len(span) // 10)
            span = span[trim:-trim]
        origin, direction = _line_through(span)
        if np.dot(direction, pts[b] - pts[a]) < 0:
            direction = -direction
        edges.append((origin, direction, seg_len, pts[a].astype(float), pts[b].astype(float)))
    # merge consecutive, nearly collinear edges (an outline broken by a pip or noise)
    merged: list = []
    for edge in edges:
        if merged:
            prev = merged[-1]
            short = min(prev[2], edge[2]) < 0.3 * max(prev[2], edge[2])
            limit = 0.978 if short else 0.995  # 12 degrees for a stub, else 6
            if float(np.dot(prev[1], edge[1])) > limit and np.linalg.norm(edge[3] - prev[4]) < 0.5 * min_len:
                length = float(np.linalg.norm(edge[4] - prev[3]))
                direction = (edge[4] - prev[3]) / max(length, 1e-6)
                merged[-1] = (prev[3], direction, length, prev[3], edge[4])
                continue
        merged.append(edge)
    return merged


def _densify(hull: np.ndarray) -> np.ndarray:
    """A convex hull as a closed outline with a point on every pixel, like a contour."""
    pts = hull.reshape(-1, 2)
    out = []
    for a, b in zip(pts, np.roll(pts, -1, axis=0), strict=True):
        steps = max(1, int(np.abs(b - a).max()))
        out.append(np.round(a + (b - a) * np.arange(steps)[:, None] / steps).astype(np.int32))
    return np.vstack(out).reshape(-1, 1, 2)


#: Two edges that do not follow each other along an outline still meet in a corner when their
#: ends lie this close to their crossing (a share of the shorter edge, at least 8 px): where a
#: card's corner touches another card, the outline runs off round that card between the two
#: edges of the corner, and the bridge between the cards shortens them; where a printed line
#: too wide for the mask's opening runs into a card's side just below its corner, the outline
#: runs off along the line, and the side's stub above it is too short to be an edge.
TOUCHING_CORNER_GAP = 0.25


def _corner_between(e1: tuple, e2: tuple, turn_sign: float, max_gap: float, blob: int) -> Corner | None:
    """The convex corner where edge ``e1`` ends and edge ``e2`` starts, if they meet there."""
    cross = e1[1][0] * e2[1][1] - e1[1][1] * e2[1][0]
    if abs(float(np.dot(e1[1], e2[1]))) > 0.5 or cross * turn_sign <= 0:
        return None
    point = _intersect(e1[0], e1[1], e2[0], e2[1])
    if point is None:
        return None
    if max(np.linalg.norm(point - e1[4]), np.linalg.norm(point - e2[3])) > max_gap:
        return None
    a, b = -e1[1], e2[1]
    if a[0] * b[1] - a[1] * b[0] > 0:
        return Corner(point, a, b, float(e1[2]), float(e2[2]), blob)
    return Corner(point, b, a, float(e2[2]), float(e1[2]), blob)


def _corners(outline: np.ndarray, min_card_width: float, blob: int, touching: bool = False) -> list[Corner]:
    """Visible card corners along a closed outline: where one straight edge ends and the next
    starts, and with ``touching`` also where two edges apart along the outline meet (a corner
    touching another card; asked only of a region that is not one whole card)."""
    turn_sign = 1.0 if cv2.contourArea(outline, oriented=True) > 0 else -1.0
    edges = _edges(outline, min_len=max(14.0, 0.35 * min_card_width))
    corners = []
    for k in range(len(edges)):
        e1, e2 = edges[k - 1], edges[k]
        corner = _corner_between(e1, e2, turn_sign, max(8.0, 0.3 * min(e1[2], e2[2])), blob)
        if corner is not None:
            corners.append(corner)
    if not touching or len(edges) < 3:
        return corners
    ends = np.array([e[4] for e in edges])
    starts = np.array([e[3] for e in edges])
    lengths = np.array([e[2] for e in edges])
    max_gaps = np.maximum(8.0, TOUCHING_CORNER_GAP * np.minimum(lengths[:, None], lengths[None, :]))
    near = np.linalg.norm(ends[:, None] - starts[None, :], axis=2) <= 2 * max_gaps
    count = len(edges)
    for i, j in zip(*np.nonzero(near), strict=True):
        if j in (i, (i + 1) % count):
            continue  # the same edge, or the next one (above)
        corner = _corner_between(edges[i], edges[j], turn_sign, float(max_gaps[i, j]), blob)
        if corner is not None:
            corners.append(corner)
    return corners


def _longest_sides_corners(hull: np.ndarray, min_card_width: float, blob: int) -> list[Corner]:
    """The corners where the four longest straight edges of a convex outline (a card's hull,
    :func:`_densify`) meet, each with the next in outline order: where an index printed into a
    card's corner cuts the corner off its region, the hull runs across the cut on a short edge
    of its own, and the card's two sides still meet beyond it. Empty when fewer than four."""
    edges = _edges(hull, min_len=max(14.0, 0.35 * min_card_width))
    if len(edges) < 4:
        return []
    longest = sorted(sorted(range(len(edges)), key=lambda k: -edges[k][2])[:4])
    sides = [edges[k] for k in longest]
    turn_sign = 1.0 if cv2.contourArea(hull, oriented=True) > 0 else -1.0
    corners = [_corner_between(sides[k - 1], sides[k], turn_sign, 0.5 * min(sides[k - 1][2], sides[k][2]), blob)
               for k in range(4)]
    return [c for c in corners if c is not None]


def _quad(corners: list[Corner], area: float) -> np.ndarray | None:
    """The card's TL TR BR BL when four corners outline one whole card of the region's area."""
    if len(corners) != 4:
        return None
    quad = _order_quad(np.array([c.point for c in corners], np.float32))
    sides = [np.linalg.norm(quad[(i + 1) % 4] - quad[i]) for i in range(4)]
    ratio = (sides[1] + sides[3]) / max(sides[0] + sides[2], 1e-6)
    filled = area / max(float(cv2.contourArea(quad)), 1e-6)
    # a tilted camera makes opposite sides differ by a few per cent, a misplaced corner more
    square = all(max(a, b) <= MAX_SIDE_SKEW * min(a, b) for a, b in ((sides[0], sides[2]), (sides[1], sides[3])))
    return quad if square and 1.2 < ratio < 1.65 and 0.9 < filled < 1.1 else None


def find_blobs(frame: np.ndarray, min_card_width: float = 45.0,
               extremes: tuple[np.ndarray, np.ndarray] | None = None) -> list[Blob]:
    """Card regions of ``frame`` (BGR) with their visible corners (``extremes``: the frame's
    :func:`channel_extremes`, when the caller has them)."""
    mask = card_mask(frame, extremes)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    min_area = min_card_width * min_card_width * CARD_ASPECT * 0.6
    max_area = 0.5 * frame.shape[0] * frame.shape[1]
    blobs: list[Blob] = []
    for contour in contours:
        area = float(cv2.contourArea(contour))
        if area < min_area or area > max_area:
            continue
        blob = Blob(contour, area)
        blob.corners = _corners(contour, min_card_width, len(blobs))
        blob.outline_corners = blob.corners
        blob.quad = _quad(blob.corners, area)
        if blob.quad is None:
            hull = cv2.convexHull(contour)
            if area > 0.9 * cv2.contourArea(hull):
                # An index printed to the very edge (some designs do) notches the outline
                # of a single card; its hull restores the straight edges.
                outline = _densify(hull)
                corners = _corners(outline, min_card_width, len(blobs))
                quad = _quad(corners, area)
                if quad is None:
                    corners = _longest_sides_corners(outline, min_card_width, len(blobs))
                    quad = _quad(corners, area)
                if quad is not None:
                    blob.corners, blob.quad = corners, quad
        if blob.quad is None:
            blob.corners = blob.outline_corners = _corners(contour, min_card_width, len(blobs), touching=True)
        blobs.append(blob)
    return blobs


def _order_quad(pts: np.ndarray) -> np.ndarray:
    """Order 4 card corners TL TR BR BL with TL-TR a short side (orientation arbitrary)."""
    center = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - center[1], pts[:, 0] - center[0])
    pts = pts[np.argsort(angles)]  # clockwise in image coordinates
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)
    return pts.astype(np.float32)


def card_width_estimate(blobs: list[Blob], default: float = 100.0) -> float:
    """Typical card width in this frame: from whole single cards, else from long edges
    (each as a card's long side, and only one that a card could have and fit in its region)."""
    widths = []
    for blob in blobs:
        if blob.quad is not None:
            q = blob.quad
            widths.append((np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[2])) / 2)
    if widths:
        return float(np.median(widths))
    # an edge longer than a card whose long side it is could fit in its region is not a
    # card's (a line printed on the felt, merged into a group of cards, runs on for 680 px)
    longest = [length for b in blobs for c in b.corners for length in (c.u_len, c.w_len)
               if length * length <= CARD_ASPECT * b.area]
    if longest:
        return float(max(longest) / CARD_ASPECT)
    return default


#: Opposite edges of one card stay within this angle (degrees) of parallel under camera tilt.
PARALLEL_TOLERANCE_DEG = 20.0
#: Long side / short side of a card seen under up to ~30 degrees of camera tilt.
ASPECT_RANGE = (1.15, 1.75)


def quad_from_diagonal(a: Corner, c: Corner, min_card_width: float = 45.0) -> np.ndarray | None:
    """The whole card two diagonally opposite corners spell out, or None.

    ``a`` and ``c`` are opposite corners of one card when their frames point at each other
    (``u`` and ``w`` reversed, within :data:`PARALLEL_TOLERANCE_DEG`), ``c`` lies ahead of
    ``a`` along both of ``a``'s edges and the rectangle they span has a card's shape. The
    other two corners are where ``a``'s edges meet ``c``'s, so the quad follows the
    perspective of a tilted camera. Returns the quad (TL TR BR BL).
    """
    cos_tol = float(np.cos(np.radians(PARALLEL_TOLERANCE_DEG)))
    if float(np.dot(a.u, c.u)) > -cos_tol or float(np.dot(a.w, c.w)) > -cos_tol:
        return None
    d = c.point - a.point
    det = a.u[0] * a.w[1] - a.u[1] * a.w[0]
    along_u = (d[0] * a.w[1] - d[1] * a.w[0]) / det
    along_w = (a.u[0] * d[1] - a.u[1] * d[0]) / det
    short, long_ = sorted((along_u, along_w))
    if short < min_card_width or not ASPECT_RANGE[0] <= long_ / short <= ASPECT_RANGE[1]:
        return None
    p_u = _intersect(a.point, a.u, c.point, c.w)
    p_w = _intersect(a.point, a.w, c.point, c.u)
    if p_u is None or p_w is None:
        return None
    return _order_quad(np.array([a.point, p_u, c.point, p_w], np.float32))


def diagonals(corners: list[Corner], min_card_width: float = 45.0) -> list[tuple[Corner, Corner, np.ndarray]]:
    """Every pair of a merged region's corners that spells out a whole card
    (:func:`quad_from_diagonal`), with its quad."""
    found = []
    for i, a in enumerate(corners):
        for c in corners[i + 1:]:
            quad = quad_from_diagonal(a, c, min_card_width)
            if quad is not None:
                found.append((a, c, quad))
    return found


#: A side spelled out by two corners: the second corner lies this far (share of the side)
#: off the first corner's edge line at most.
SIDE_STRAIGHTNESS = 0.12
#: A side's card width must lie within this factor of the frame's typical card width.
SIDE_WIDTH_RANGE = (0.8, 1.25)
#: The other side of a card spelled out by one side is tried at these shares of its
#: length at the card's shape: tilt makes a card look longer or shorter.
SIDE_DEPTHS = (0.84, 0.92, 1.0, 1.08, 1.16)


def quads_from_sides(corners: list[Corner], width: float,
                     min_card_width: float = 45.0) -> list[tuple[np.ndarray, list[np.ndarray]]]:
    """Whole cards spelled out by two corners at the ends of one card side.

    Two corners ``A`` and ``C`` are the ends of one side when ``C`` lies on the line of one
    of ``A``'s edges, that edge of ``C`` points back at ``A`` and their other edges run the
    same way (within :data:`PARALLEL_TOLERANCE_DEG`): the top card of a tabled hand shows
    its two outer corners, a card under it the two corners of its free side. The side is a
    short or a long one, whichever gives a card width nearer ``width`` (the frame's typical
    card width); the card is the parallelogram on that side, as deep as the card's shape
    says times each of :data:`SIDE_DEPTHS`. Returns, per side, its two ends (2x2) and its quads
    (TL TR BR BL).
    """
    cos_tol = float(np.cos(np.radians(PARALLEL_TOLERANCE_DEG)))
    found = []
    for i, a in enumerate(corners):
        for c in corners[i + 1:]:
            # A's u edge runs to C (C's w edge comes back), or A's w edge (C's u edge comes back)
            for edge, back, a_other, c_other in ((a.u, c.w, a.w, c.u), (a.w, c.u, a.u, c.w)):
                if float(np.dot(edge, -back)) < cos_tol or float(np.dot(a_other, c_other)) < cos_tol:
                    continue
                d = c.point - a.point
                along = float(np.dot(d, edge))
                off = abs(float(edge[0] * d[1] - edge[1] * d[0]))
                if along < min_card_width or off > SIDE_STRAIGHTNESS * along:
                    continue
                is_short = abs(np.log(along / width)) <= abs(np.log(along / CARD_ASPECT / width))
                card_width = along if is_short else along / CARD_ASPECT
                if not SIDE_WIDTH_RANGE[0] <= card_width / width <= SIDE_WIDTH_RANGE[1]:
                    continue
                depth = along * CARD_ASPECT if is_short else card_width
                other = a_other + c_other
                other = other / max(float(np.linalg.norm(other)), 1e-6)
                found.append((np.array([a.point, c.point], np.float32),
                              [_order_quad(np.array([a.point, c.point, c.point + f * depth * other,
                                                     a.point + f * depth * other], np.float32))
                               for f in SIDE_DEPTHS]))
    return found


def quad_corners(quad: np.ndarray, blob: int = -1) -> list[Corner]:
    """The two index corners (TL and BR, ``u`` along the short side) of a TL TR BR BL quad."""
    tl, tr, br, bl = (np.asarray(p, np.float64) for p in quad)

    def unit(v: np.ndarray) -> tuple[np.ndarray, float]:
        length = float(np.linalg.norm(v))
        return v / max(length, 1e-6), length

    (u1, lu1), (w1, lw1) = unit(tr - tl), unit(bl - tl)
    (u2, lu2), (w2, lw2) = unit(bl - br), unit(tr - br)
    return [Corner(tl, u1, w1, lu1, lw1, blob), Corner(br, u2, w2, lu2, lw2, blob)]


_LSD = None


def _line_segments(gray: np.ndarray) -> np.ndarray:
    """Straight segments (N x 4: x1 y1 x2 y2) of a grey image, by OpenCV's LSD."""
    global _LSD
    if _LSD is None:
        _LSD = cv2.createLineSegmentDetector(cv2.LSD_REFINE_NONE)
    found = _LSD.detect(gray)[0]
    return np.zeros((0, 4), np.float32) if found is None else found.reshape(-1, 4)


#: Edge corners are looked for at this scale (half resolution: long card edges only). Full
#: resolution as well found more cards of tabled hands, but cost about 13 % more time per
#: frame and lost cards of two seeded tests (docs/vision.md, eleventh pass).
EDGE_SCALE = 0.5


#: An edge corner's two segments end this near their crossing (share of the longer one).
EDGE_END_GAP = 0.2
#: Either of them may stop short of it by up to this share of its own length instead, when
#: the other ends at it.
EDGE_SHORT_GAP = 0.35


def edge_corners(whiteness: np.ndarray, contour: np.ndarray, min_len: float) -> list[Corner]:
    """Card corners from straight image edges inside a merged region, outline or not.

    Where one card lies on another, its corner is not on the region's outline, but its two
    edges still show in the image (the top card is bright, the card below is shaded along
    the edge). Each straight segment (OpenCV's line segment detector, at half resolution)
    gets a bright side; two segments at 60-120 degrees that end near their crossing, each
    with its bright side towards the other, make a card corner: both within EDGE_END_GAP of
    the longer one's length, or one of them within EDGE_SHORT_GAP of its own. One of the two
    may run on through the crossing instead (the card's side in line with a neighbour's): it
    then counts from the crossing, the way the other's bright side faces.
    """
    height, width = whiteness.shape
    x, y, w, h = cv2.boundingRect(contour)
    margin = 12  # the region's own border edges must be inside the window
    x0, y0 = max(x - margin, 0), max(y - margin, 0)
    x1, y1 = min(x + w + margin, width), min(y + h + margin, height)
    small = cv2.resize(whiteness[y0:y1, x0:x1], None, fx=EDGE_SCALE, fy=EDGE_SCALE,
                       interpolation=cv2.INTER_AREA)
    seg = _line_segments(small) / EDGE_SCALE + np.float32([x0, y0, x0, y0])
    a, b = seg[:, :2].astype(np.float64), seg[:, 2:].astype(np.float64)
    length = np.linalg.norm(b - a, axis=1)
    keep = length >= min_len
    a, b, length = a[keep], b[keep], length[keep]
    if len(a) < 2:
        return []
    d = (b - a) / length[:, None]
    normal = np.stack([-d[:, 1], d[:, 0]], axis=1)
    mid = (a + b) / 2
    limit = np.array([width - 1, height - 1])

    def sample(points: np.ndarray) -> np.ndarray:
        px = np.clip(np.round(points).astype(int), 0, limit)
        return whiteness[px[:, 1], px[:, 0]].astype(np.float32)

    normal *= np.sign(sample(mid + 3 * normal) - sample(mid - 3 * normal))[:, None]
    i, j = np.triu_indices(len(a), 1)
    perpendicular = np.abs(np.einsum("ij,ij->i", d[i], d[j])) < 0.5
    i, j = i[perpendicular], j[perpendicular]
    den = d[i, 0] * d[j, 1] - d[i, 1] * d[j, 0]
    diff = a[j] - a[i]
    t = (diff[:, 0] * d[j, 1] - diff[:, 1] * d[j, 0]) / den
    p = a[i] + t[:, None] * d[i]
    # the end of each segment nearest the crossing, and the direction to its far end
    near_a_i = np.linalg.norm(p - a[i], axis=1) < np.linalg.norm(p - b[i], axis=1)
    near_a_j = np.linalg.norm(p - a[j], axis=1) < np.linalg.norm(p - b[j], axis=1)
    end_i = np.where(near_a_i[:, None], a[i], b[i])
    end_j = np.where(near_a_j[:, None], a[j], b[j])
    far_i = np.where(near_a_i[:, None], b[i], a[i])
    far_j = np.where(near_a_j[:, None], b[j], a[j])
    # a side's straight edge stops short of the corner by the card's rounding and the blur
    tol = np.maximum(6.0, EDGE_END_GAP * np.maximum(length[i], length[j]))
    gap_i, gap_j = np.linalg.norm(end_i - p, axis=1), np.linalg.norm(end_j - p, axis=1)
    ends_i, ends_j = gap_i <= tol, gap_j <= tol
    # a segment may also run on through the crossing (its card's side in line with another
    # card's): it then goes the way the other segment's bright side faces
    along_i = np.einsum("ij,ij->i", p - a[i], d[i])
    along_j = np.einsum("ij,ij->i", p - a[j], d[j])
    through_i = (along_i > tol) & (along_i < length[i] - tol)
    through_j = (along_j > tol) & (along_j < length[j] - tol)
    facing_i = (np.einsum("ij,ij->i", normal[j], d[i]) > 0)[:, None]  # b[i] lies on j's bright side
    facing_j = (np.einsum("ij,ij->i", normal[i], d[j]) > 0)[:, None]
    far_i = np.where(through_i[:, None], np.where(facing_i, b[i], a[i]), far_i)
    far_j = np.where(through_j[:, None], np.where(facing_j, b[j], a[j]), far_j)
    # with the other side ending at the crossing, one side may stop well short of it (its edge
    # fades against a neighbour's face, or its index breaks it)
    short_i = ((along_i < 0) | (along_i > length[i])) & (gap_i <= EDGE_SHORT_GAP * length[i])
    short_j = ((along_j < 0) | (along_j > length[j])) & (gap_j <= EDGE_SHORT_GAP * length[j])
    ends = (ends_i & (ends_j | through_j | short_j)) | (ends_j & (through_i | short_i))
    u = far_i - p
    w = far_j - p
    u /= np.maximum(np.linalg.norm(u, axis=1, keepdims=True), 1e-6)
    w /= np.maximum(np.linalg.norm(w, axis=1, keepdims=True), 1e-6)
    inward = (np.einsum("ij,ij->i", normal[i], w) > 0.7) & (np.einsum("ij,ij->i", normal[j], u) > 0.7)
    # a side's visible length: a segment running on through the crossing counts from there
    len_i = np.where(through_i, np.linalg.norm(far_i - p, axis=1), length[i])
    len_j = np.where(through_j, np.linalg.norm(far_j - p, axis=1), length[j])
    corners = []
    for k in np.flatnonzero(ends & inward):
        li, lj = float(len_i[k]), float(len_j[k])
        if u[k, 0] * w[k, 1] - u[k, 1] * w[k, 0] > 0:
            corners.append(Corner(p[k], u[k], w[k], li, lj, -1))
        else:
            corners.append(Corner(p[k], w[k], u[k], lj, li, -1))
    return corners


def merge_corners(outline: list[Corner], extra: list[Corner], distance: float = 6.0) -> list[Corner]:
    """``outline`` plus the corners of ``extra`` that are not already there (same point, same frame)."""
    merged = list(outline)
    for corner in extra:
        if not any(np.linalg.norm(corner.point - c.point) < distance and float(corner.u @ c.u) > 0.9
                   for c in merged):
            merged.append(corner)
    return merged


#: How far across a corner's edges (card widths) `refine_corner` looks for them, and how far
#: along them (from, to) it samples.
REFINE_ACROSS = 0.06
REFINE_ALONG = (0.12, 0.6)
#: Largest move (card widths) and turn (degrees) `refine_corner` accepts.
REFINE_MAX_MOVE = 0.08
REFINE_MAX_TURN_DEG = 12.0


def _edge_line(whiteness: np.ndarray, corner: Corner, along: np.ndarray, inward: np.ndarray,
               visible: float, width: float) -> tuple[np.ndarray, np.ndarray] | None:
    """The straight edge running from ``corner`` along ``along`` (card on the ``inward``
    side), fitted to where the image turns brighter inwards most steeply, at sub-pixel
    precision; None when fewer than five places show such a step."""
    end = min(visible, REFINE_ALONG[1] * width)
    start = REFINE_ALONG[0] * width
    if end < start + 0.1 * width:
        return None
    reach = max(3.0, REFINE_ACROSS * width)
    steps = np.arange(-reach, reach + 0.25, 0.5, dtype=np.float32)
    places = np.linspace(start, end, 8, dtype=np.float32)
    points = corner.point[None, None, :] + places[:, None, None] * along + steps[None, :, None] * inward
    profiles = cv2.remap(whiteness, points[..., 0].astype(np.float32), points[..., 1].astype(np.float32),
                         cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    rise = np.diff(profiles, axis=1)
    k = rise.argmax(axis=1)
    strongest = rise[np.arange(len(k)), k]
    keep = (strongest >= max(4.0, 0.5 * float(np.median(strongest)))) & (k > 0) & (k < rise.shape[1] - 1)
    if keep.sum() < 5:
        return None
    rows = np.flatnonzero(keep)
    left, mid, right = rise[rows, k[rows] - 1], rise[rows, k[rows]], rise[rows, k[rows] + 1]
    curvature = left - 2 * mid + right
    shift = np.where(curvature < 0, 0.5 * (left - right) / np.where(curvature < 0, curvature, -1.0), 0.0)
    offsets = steps[k[rows]] + 0.25 + 0.5 * np.clip(shift, -0.5, 0.5)
    edge = corner.point + places[rows, None] * along + offsets[:, None] * inward
    origin, direction = _line_through(edge)
    return origin, (direction if float(direction @ along) >= 0 else -direction)


def refine_corner(whiteness: np.ndarray, corner: Corner, width: float) -> Corner | None:
    """``corner`` moved onto the card's true edges (``whiteness``: the frame's least colour
    channel, float32, for sub-pixel steps): each edge refitted to the image at
    sub-pixel precision and the corner put where they meet. A corner found where two cards'
    edges cross (from line segments at half resolution) sits a few pixels off and a few
    degrees turned, which an index patch at 100 px cannot afford. None when an edge shows no
    clear step or the corner would move more than REFINE_MAX_MOVE widths or turn more than
    REFINE_MAX_TURN_DEG."""
    first = _edge_line(whiteness, corner, corner.u, corner.w, corner.u_len, width)
    second = _edge_line(whiteness, corner, corner.w, corner.u, corner.w_len, width)
    if first is None or second is None:
        return None
    point = _intersect(first[0], first[1], second[0], second[1])
    if point is None or float(np.linalg.norm(point - corner.point)) > REFINE_MAX_MOVE * width:
        return None
    u, w = first[1], second[1]
    limit = np.cos(np.radians(REFINE_MAX_TURN_DEG))
    if float(u @ corner.u) < limit or float(w @ corner.w) < limit:
        return None
    return Corner(point.astype(np.float32), u.astype(np.float32), w.astype(np.float32),
                  corner.u_len, corner.w_len, corner.blob)
