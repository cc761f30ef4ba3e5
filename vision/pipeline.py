"""One frame in, the cards seen out: finding, reading, merging corner reads, zones.

>>> import numpy as np
>>> from vision.profiles import default_profile
>>> FrameReader(Reader(default_profile())).read(np.zeros((360, 640, 3), np.uint8))
[]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.find import (
    CARD_ASPECT,
    SIDE_WIDTH_RANGE,
    Blob,
    Corner,
    card_width_estimate,
    channel_extremes,
    diagonals,
    edge_corners,
    find_blobs,
    merge_corners,
    quad_corners,
    quad_from_diagonal,
    quads_from_sides,
    refine_corner,
)
from vision.read import (
    NET_AGREE,
    NET_MIN,
    NET_SURE,
    NET_TRUST,
    CornerRead,
    Reader,
    corner_patch,
    full_card,
    index_corners,
    twin_card,
)
from vision.upright import quad_width
from vision.zones import LOOSE, Zones

#: Least confidence of a read inferred from one corner of an overlapping group (cards seen
#: whole need only the reader's own thresholds): most confident misreads came from groups.
GROUP_MIN_CONFIDENCE = 0.75
#: An index corner of a group read alone is also taken when it lies this close to its card
#: (a fraction of the reader's corner limit) and matches the card's clean template this well:
#: on the tuning designs, no wrong corner read came within twice that distance.
GROUP_CLOSE_FRACTION = 0.3
GROUP_CLOSE_AGREEMENT = 0.6
#: A group corner's card whose face and index fit one card this many times nearer than any
#: other is read, though past the covered-card limit: a card lying on top of its group, small
#: and blurred, fits its own capture at 2,000-13,000 (that limit about 1,500) but every other
#: card several times farther (a 168 px Kc at blur 2: 7,236 against 48,011 for the next).
FACE_CLEAR_RATIO = 3.0
#: An index corner read alone is not taken against a face and index that fit another card
#: this many times nearer than any other (the index network NET_SURE sure excepted).
FACE_OTHER_RATIO = 2.0
#: Card widths tried for a corner in a group, as fractions of the frame's typical width.
WIDTH_STEPS = (0.85, 1.0, 1.15)
#: Shortest image edge (card widths) that can make an edge corner in a merged region.
EDGE_MIN_WIDTHS = 0.3
#: Share of a card spelled out by two opposite corners that must lie in its region.
WHOLE_INSIDE = 0.95
#: A card spelled out by a side whose face fits a card within this many times the covered
#: limit is placed by that card's capture (a few pixels off, the face fits several times worse).
PLACE_RANGE = 8.0
#: Share of a card at one index corner of a group that must lie on card regions (its own or
#: others): its size is inferred, and a card a little too large, or crossing a court card's
#: dark picture or a printed border the mask cuts out, still lies mostly on cards.
CORNER_CARD_INSIDE = 0.8
#: ... or this share, when its index corner reads its card on its own beyond doubt (taken as
#: it is, `_taken_alone`, the index network at least NET_TRUST sure): a court card's picture
#: or a big pip that reaches the frame's edge or a neighbour's outline is not filled into the
#: region, so a tabled Qh under a 5d lay 0.71 on card regions, a Jd running out of view 0.66.
CORNER_SURE_INSIDE = 0.5
#: Patch pixels (about 0.6 of a frame pixel at 100 px cards) around an index corner of a
#: group searched for its index when the plain patch (MARGIN) does not read: a corner found
#: where two cards' edges cross sits a few pixels off its card.
CORNER_SEARCH_MARGIN = 6
#: The patch recentred by that search is read only when its best card lies within this share
#: of the reader's corner limit: the best of 169 windows fits some card closer by chance than
#: the best of 25 (a Jd under a card, 100 px at blur 2, fit the Jh at 0.94 of the limit).
RECENTRED_FIT = 0.75
#: ... and when it fits that card at most this share of the plain patch's best distance: a
#: window only a little better (a 7d at 104 px and blur 2, 84 -> 74, read as the 7h) is not
#: worth the index network's view of a patch cut off-centre.
RECENTRED_GAIN = 0.8
#: A region is shaped as one card when its outline has the four corners of its quad and its
#: area lies within this share of the quad's. When it does not read whole (a face-down card,
#: a face that misses the face limit), its diagonal is read as a group's is, and then only
#: its two index corners, at its own width, where its outline puts them: its sides spell out
#: that same card, and its corners lie on its edges already. Read as a group, such regions
#: (mostly face-down cards) took about a fifth of the frame time of the bench's cycle.
ONE_CARD_AREA = (0.85, 1.15)


@dataclass
class CardSeen:
    """A face-up card found in a frame: ``card`` is ``None`` when found but not read."""

    card: str | None
    confidence: float
    corners: np.ndarray  # 4x2, image pixels
    zone: str = LOOSE

    @property
    def center(self) -> np.ndarray:
        """Centre of the card in image pixels."""
        return self.corners.mean(axis=0)

    def to_dict(self) -> dict:
        """The JSON form used by ``dealer-app vision read``."""
        return {"card": self.card, "confidence": round(float(self.confidence), 3),
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
                "zone": self.zone}


_GRID = np.stack(np.meshgrid(np.linspace(0.1, 0.9, 5), np.linspace(0.1, 0.9, 7)), -1).reshape(-1, 2)


#: A point this close outside a region's outline still counts as inside it: the printed
#: border of a card lying on another is a thin dark line the mask cuts out, and where it
#: reaches the region's edge the outline runs in along it.
INSIDE_SLACK_PX = 3.0


_SLACK_DISC = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(INSIDE_SLACK_PX) + 1,) * 2)


class RegionMap:
    """Where card regions (their outlines filled, INSIDE_SLACK_PX wider) lie in a frame:
    drawn once, so that the many points asked of them cost a lookup each."""

    def __init__(self, contours: list[np.ndarray], shape: tuple[int, ...]) -> None:
        """``contours``: region outlines in image pixels; ``shape``: the frame's shape."""
        self.height, self.width = shape[:2]
        slack = round(INSIDE_SLACK_PX)
        x, y, w, h = cv2.boundingRect(np.concatenate(contours)) if contours else (0, 0, 0, 0)
        self.origin = np.array([x - slack, y - slack])
        mask = np.zeros((h + 2 * slack, w + 2 * slack), np.uint8)
        cv2.drawContours(mask, contours, -1, 1, cv2.FILLED, offset=(slack - x, slack - y))
        self.mask = cv2.dilate(mask, _SLACK_DISC)

    def inside_fraction(self, quad: np.ndarray) -> float:
        """Share of a grid of points across ``quad`` (TL TR BR BL) that lie on the regions or
        beyond the edge of the frame: a card may run on out of view, and nothing there says
        it does not."""
        tl, tr, _, bl = quad
        points = tl + _GRID[:, :1] * (tr - tl) + _GRID[:, 1:] * (bl - tl)
        beyond = ((points[:, 0] < 0) | (points[:, 0] >= self.width)
                  | (points[:, 1] < 0) | (points[:, 1] >= self.height))
        cells = np.rint(points).astype(int) - self.origin
        rows, cols = self.mask.shape
        held = (cells[:, 0] >= 0) & (cells[:, 0] < cols) & (cells[:, 1] >= 0) & (cells[:, 1] < rows)
        on_region = np.zeros(len(points), bool)
        on_region[held] = self.mask[cells[held, 1], cells[held, 0]] > 0
        return float(np.mean(beyond | on_region))


#: Two card outlines overlapping this much (intersection over union) are one card: two
#: cards of a tabled hand overlap less (spread by at least a third of a card width).
SAME_CARD_IOU = 0.6


def _overlap(quad: np.ndarray, other: np.ndarray) -> float:
    """Intersection over union of two card outlines (TL TR BR BL)."""
    area, _ = cv2.intersectConvexConvex(quad.astype(np.float32), other.astype(np.float32))
    union = cv2.contourArea(quad.astype(np.float32)) + cv2.contourArea(other.astype(np.float32)) - area
    return float(area / max(union, 1e-6))


#: Two reads of one card lie the same way: their short sides differ by at most this angle.
SAME_CARD_TURN_DEG = 20.0


def _short_side_turn(quad: np.ndarray, other: np.ndarray) -> float:
    """Angle in degrees (0-90) between the short sides of two card outlines (TL TR BR BL)."""
    a, b = quad[1] - quad[0], other[1] - other[0]
    cosine = abs(float(a @ b)) / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-6)
    return float(np.degrees(np.arccos(min(cosine, 1.0))))


def _same_place(quad: np.ndarray, other: np.ndarray) -> bool:
    """True when two card outlines (TL TR BR BL) are the same card seen twice: they overlap
    (SAME_CARD_IOU) and lie the same way (a card turned across another is another card)."""
    return _overlap(quad, other) > SAME_CARD_IOU and _short_side_turn(quad, other) <= SAME_CARD_TURN_DEG


#: Two reads of one card whose centres lie within this share of its width are one card (a
#: card laid on another of the same name would hide nearly all of it).
SAME_CARD_CENTRES = 0.6


def _one_read_per_card(seen: list[CardSeen]) -> list[CardSeen]:
    """A frame's reads with every card read again at its own place dropped (:func:`_same_place`,
    or centres within SAME_CARD_CENTRES of its width: a card split into two regions can be
    read from each, at outlines a little off either way), its first read kept with the higher
    confidence of the two: a region beside a card (a printed line or a card touching it) can
    spell the card out from its corners too, and the same card twice in a zone is a
    duplicate-card alarm to the table service."""
    kept: list[CardSeen] = []
    for card in seen:
        first = next((other for other in kept if card.card is not None and other.card == card.card
                      and (_same_place(other.corners, card.corners)
                           or np.linalg.norm(other.center - card.center)
                           < SAME_CARD_CENTRES * quad_width(other.corners))), None)
        if first is None:
            kept.append(card)
        else:
            first.confidence = max(first.confidence, card.confidence)
    return kept


def _depth(quad: np.ndarray, point: np.ndarray) -> float:
    """How far ``point`` lies inside the card outline ``quad`` in pixels (negative: outside)."""
    return cv2.pointPolygonTest(quad.astype(np.float32), (float(point[0]), float(point[1])), True)


def _on_outline(quad: np.ndarray, point: np.ndarray) -> bool:
    """True when ``point`` lies on or inside the card outline ``quad`` (3 px of slack)."""
    return _depth(quad, point) > -3


#: A corner this far (card widths) inside a card read whole is no corner of that card: it is
#: the corner of a card lying on it (a tabled hand laid over a board card).
ON_TOP_DEPTH = 0.1


#: A corner on the outline of a card read whole is that card's own only this near (card
#: widths) one of its corners; along a side it is the corner of a card touching that side.
VERTEX_REACH = 0.25


#: How far (card widths) along a corner's bisector a card read whole must go on, for the
#: corner to be that card's own.
INWARD_PROBE = 0.2


def _corner_of(quad: np.ndarray, corner: Corner) -> bool:
    """True when ``corner`` is a corner of the card outline ``quad``: on its outline (3 px of
    slack outside, ON_TOP_DEPTH of a card width inside), not deep inside it, within
    VERTEX_REACH of one of its corners, and opening into it (INWARD_PROBE widths along the
    corner's bisector lie inside). A corner opening away from it is another card's touching
    it there (two board cards laid corner to corner)."""
    width = quad_width(quad)
    if float(np.linalg.norm(quad - corner.point, axis=1).min()) > VERTEX_REACH * width:
        return False  # on a side, away from its corners: another card's corner touching it
    if not -3 < _depth(quad, corner.point) <= ON_TOP_DEPTH * width:
        return False
    bisector = (corner.u + corner.w) / max(float(np.linalg.norm(corner.u + corner.w)), 1e-6)
    return _depth(quad, corner.point + INWARD_PROBE * width * bisector) > 0


def _widths_from_edges(short_edge: float, long_edge: float) -> list[float]:
    """Card widths that a corner's two visible straight edges suggest, if they run whole.

    A whole edge stops where the rounded corners start: about 0.9 of the card width along a
    short side and 1.29 widths along a long side.
    """
    return [short_edge / 0.9, long_edge / 1.29]


#: A corner's edge is a whole side of its card when another corner of the region lies along
#: it, this far off its line at most (share of the distance), at a card's side length within
#: SIDE_WIDTH_RANGE of the frame's typical card.
NEXT_CORNER_STRAIGHTNESS = 0.08


def _width_from_next_corner(corner, corners: list, width: float) -> float | None:
    """The card width given by a side running from ``corner`` to another corner of its region
    (the nearest such), or None when neither edge ends at one. The other corner may also be
    where the card goes under another, so this is asked only when the usual size fails."""
    best: tuple[float, float] | None = None
    for other in corners:
        offset = other.point - corner.point
        distance = float(np.linalg.norm(offset))
        if distance < 1e-6:
            continue
        for direction, scale in ((corner.u, 1.0), (corner.w, CARD_ASPECT)):
            along = float(offset @ direction)
            across = abs(float(offset @ np.array([-direction[1], direction[0]])))
            candidate = along / scale
            if (across <= NEXT_CORNER_STRAIGHTNESS * distance
                    and SIDE_WIDTH_RANGE[0] * width <= candidate <= SIDE_WIDTH_RANGE[1] * width
                    and (best is None or distance < best[0])):
                best = (distance, candidate)
    return None if best is None else best[1]


def _card_from_plain_corner(corner, width: float) -> np.ndarray:
    """TL TR BR BL of the card whose corner ``corner`` has ``u`` along a long side (TR or BL)."""
    p, u, w = corner.point, corner.u * width * CARD_ASPECT, corner.w * width
    return np.float32([p + w, p, p + u, p + u + w])


def _box(blob: Blob) -> np.ndarray:
    return cv2.boxPoints(cv2.minAreaRect(blob.contour)).astype(np.float32)


def _one_card_shape(blob: Blob) -> bool:
    """True when ``blob`` (its corners merged with its edge corners) is shaped as one card:
    a quad, no corner beyond its four, its area within ONE_CARD_AREA of the quad's."""
    if blob.quad is None or len(blob.corners) != 4:
        return False
    low, high = ONE_CARD_AREA
    return low <= blob.area / max(float(cv2.contourArea(blob.quad)), 1.0) <= high


def _face_clear(with_face: CornerRead, min_agreement: float) -> bool:
    """True when a group corner's card, read with its face (``with_face``: unknown, past the
    covered-card limit), fits its nearest card at least FACE_CLEAR_RATIO times nearer than any
    other and correlates with that card's clean face at least ``min_agreement``."""
    return (with_face.card is None and with_face.distance > 0
            and with_face.runner_up >= FACE_CLEAR_RATIO * with_face.distance
            and with_face.agreement >= min_agreement)


def _face_names_another(with_face: CornerRead, card: str) -> bool:
    """True when face and corner together (``with_face``, read or not) put first the other
    suit of ``card``'s colour (the corner alone and the index network may both take a 5s
    at 100 px and blur 2 for the 5c, whose face the 5s's does not match), or another card
    FACE_OTHER_RATIO times nearer than any other (a Kh whose blurred index the network took
    for the Th at 0.95, its face nearest the Kh by 2.99 times)."""
    return with_face.best == twin_card(card) or (
        with_face.best != card and with_face.runner_up >= FACE_OTHER_RATIO * with_face.distance)


class FrameReader:
    """Finds and reads the face-up cards of one frame with a :class:`~vision.read.Reader`."""

    def __init__(self, reader: Reader, zones: Zones | None = None, consensus: bool = False) -> None:
        """``consensus``: for a profile not made from this deck (the default reader), read a
        card only when its face and an index corner on their own say the same card and no
        corner says another; cards of overlapping groups only when seen whole."""
        self.reader = reader
        self.zones = zones or Zones()
        self.consensus = consensus

    def read(self, frame: np.ndarray) -> list[CardSeen]:
        """All cards of ``frame`` (BGR uint8), read or not."""
        extremes = channel_extremes(frame)
        blobs = find_blobs(frame, extremes=extremes)
        regions = RegionMap([blob.contour for blob in blobs], frame.shape)
        seen: list[CardSeen] = []
        groups: list[tuple[Blob, RegionMap, list[CardSeen]]] = []
        whiteness = extremes[0]
        fine: np.ndarray | None = None  # float32 whiteness: sub-pixel edges of group corners
        min_edge = max(18.0, EDGE_MIN_WIDTHS * card_width_estimate(blobs))
        for blob in blobs:
            single = self._read_single(frame, blob) if blob.quad is not None else None
            if single is not None:
                seen.append(single)
            else:
                # not one card after all (two touching cards can outline a card turned
                # sideways): read it corner by corner
                blob.corners = merge_corners(blob.outline_corners,
                                             edge_corners(whiteness, blob.contour, min_edge))
                area = RegionMap([blob.contour], frame.shape)
                fine = whiteness.astype(np.float32) if fine is None else fine
                groups.append((blob, area, self._whole_cards(frame, blob, area, fine)))
        # Cards read whole tell the card size in this frame; a region that only looked like
        # a card (two overlapping cards, a back) must not.
        widths = [quad_width(c.corners) for c in seen] + [quad_width(c.corners) for _, _, w in groups for c in w]
        frame_width = float(np.median(widths)) if widths else card_width_estimate(blobs)
        for blob, area, whole in groups:
            seen.extend(self._read_group(frame, blob, area, frame_width, whole, regions, fine))
        seen = _one_read_per_card(seen)
        size = (frame.shape[1], frame.shape[0])
        for card in seen:
            card.zone = self.zones.locate(tuple(card.center), size)
        return seen

    def _read_single(self, frame: np.ndarray, blob: Blob) -> CardSeen | None:
        """The region as one whole card: read, or left unknown because the index network
        disputed the read (its corners are not read again one by one: one card, one decision).
        None when neither settles it, so the region is read corner by corner."""
        read = self._read_whole(frame, blob.quad, index_corners(blob))
        if read.card is None and not read.disputed:
            return None
        return CardSeen(read.card, read.confidence if read.card else 0.0, blob.quad.copy())

    def _read_whole(self, frame: np.ndarray, quad: np.ndarray, corners: list, whole: bool = True) -> CornerRead:
        """A card seen whole, read from face and index corners. In consensus mode the read
        must be confirmed by its corners read alone, or else both index corners must show
        the network the same card."""
        read = self.reader.read_card(frame, quad, corners, whole=whole)
        if not self.consensus:
            return read
        width = quad_width(quad)
        patches = [corner_patch(frame, c, width) for c in corners]
        if read.card is not None:
            alone = [self.reader.read_patch(patch).card for patch in patches]
            if read.card in alone and all(card in (None, read.card) for card in alone):
                return read
        by_network = self.reader.net_card(patches)
        if by_network is not None:
            card, sure = by_network
            return CornerRead(card, round(sure, 3), card, read.distance, read.runner_up, read.agreement, sure)
        return CornerRead(None, 0.0, read.best, read.distance, read.runner_up, read.agreement, disputed=read.disputed)

    def _local_width(self, frame: np.ndarray, corner, width: float) -> float:
        """The card width that best explains this corner: cards vary across a tilted view."""
        candidates = [width * f for f in WIDTH_STEPS]
        candidates += [w for w in _widths_from_edges(corner.u_len, corner.w_len) if 0.6 * width < w < 1.5 * width]
        fits = self.reader.corner_fits([corner_patch(frame, corner, w) for w in candidates])
        return candidates[int(np.argmin(fits))]

    def _close_corner(self, read: CornerRead) -> bool:
        """A corner read that sits right on its card's own spread and template, or that the
        index network reads as the same card."""
        if read.net >= NET_MIN:
            return True  # the discriminant and the index network say the same card
        return (read.distance <= GROUP_CLOSE_FRACTION * self.reader.corner_limit
                and read.agreement >= GROUP_CLOSE_AGREEMENT)

    def _alone(self, read: CornerRead | None) -> CornerRead | None:
        """A close corner read (:meth:`_close_corner`) taken as it is (confident enough, or
        under no card read above it), unless the reader has the index network and it gives the
        card under NET_AGREE: at 100 px and blur 2 the corner discriminant can be close to the
        other suit of the card's colour (a 5s read as 5c, the network 0.65 sure of the 5c too;
        a 3s read as 3c with confidence 0.81, the network 0.33)."""
        if read is None or self.reader.index_net is None or read.net >= NET_AGREE:
            return read
        return None

    def _whole_cards(self, frame: np.ndarray, blob: Blob, area: RegionMap, whiteness: np.ndarray
                     ) -> list[CardSeen]:
        """Cards of a merged region (``area``: where it lies) spelled out by two opposite
        corners, read as whole cards; a card that does not read is read once more with both
        corners refitted to its edges (``whiteness``: the frame's least colour channel,
        float32)."""
        found: list[CardSeen] = []
        for first, second, quad in diagonals(blob.corners):
            if area.inside_fraction(quad) < WHOLE_INSIDE:
                continue
            center = quad.mean(axis=0)
            if any(np.linalg.norm(center - c.center) < 0.3 * quad_width(quad) for c in found):
                continue  # the other diagonal of a card already read
            # part of it may be covered: the face must match as closely as for a one-corner card
            read = self._read_whole(frame, quad, quad_corners(quad), whole=False)
            if read.card is None:
                quad, read = self._refitted_diagonal(frame, first, second, quad, area, whiteness) or (quad, read)
            if read.card:
                found.append(CardSeen(read.card, read.confidence, quad))
        return found

    def _refitted_diagonal(self, frame: np.ndarray, first: Corner, second: Corner, quad: np.ndarray,
                           area: RegionMap, whiteness: np.ndarray) -> tuple[np.ndarray, CornerRead] | None:
        """The card two opposite corners spell out, with each corner refitted to its edges
        (:func:`~vision.find.refine_corner`), and its read; None when neither corner moves
        or the refitted corners spell out no card of the region."""
        width = quad_width(quad)
        moved = [refine_corner(whiteness, corner, width) for corner in (first, second)]
        if moved[0] is None and moved[1] is None:
            return None
        refitted = quad_from_diagonal(moved[0] or first, moved[1] or second)
        if refitted is None or area.inside_fraction(refitted) < WHOLE_INSIDE:
            return None
        return refitted, self._read_whole(frame, refitted, quad_corners(refitted), whole=False)

    def _side_cards(self, frame: np.ndarray, blob: Blob, area: RegionMap, width: float,
                    whole: list[CardSeen]) -> list[CardSeen]:
        """Cards of a merged region spelled out by the two corners of one side, read whole."""
        found: list[CardSeen] = []
        for ends, quads in quads_from_sides(blob.corners, width):
            if any(all(_on_outline(c.corners, p) for p in ends) for c in whole + found):
                continue  # a side of a card already read
            quads = [q for q in quads if area.inside_fraction(q) >= WHOLE_INSIDE]
            if not quads or any(np.linalg.norm(quads[0].mean(axis=0) - c.center) < 0.3 * width
                                for c in whole + found):
                continue  # a card already read whole
            # how deep the card is its face tells best: the depth whose face fits a card closest
            fits = self.reader.face_fits(frame, quads).tolist()
            quad = quads[int(np.argmin(fits))]
            limit = self.reader.covered_limit(corners=2)
            if min(fits) > limit:
                # its side's ends from where cards' edges cross may sit a few pixels off: the
                # card placed by the capture its face fits best
                quad = self._placed(frame, quad, area, min(fits), limit)
                if quad is None:
                    continue  # no card's face fits: reading its corners too cannot make it one
            read = self.reader.read_card(frame, quad, quad_corners(quad), whole=False)
            if read.card:
                found.append(CardSeen(read.card, read.confidence, quad))
        return found

    def _placed(self, frame: np.ndarray, quad: np.ndarray, area: RegionMap, fit: float,
                limit: float) -> np.ndarray | None:
        """``quad`` placed by a capture (:meth:`Reader.placed_quad`) when its face fits a card
        within PLACE_RANGE times ``limit`` (``fit``), and the placed card lies in its region and
        fits a card within ``limit``; else None."""
        if fit > PLACE_RANGE * limit:
            return None
        placed = self.reader.placed_quad(frame, quad)
        if placed is None or area.inside_fraction(placed) < WHOLE_INSIDE:
            return None
        return placed if self.reader.face_fits(frame, [placed])[0] <= limit else None

    def _from_plain_corner(self, frame: np.ndarray, corner, width: float, area: RegionMap) -> CardSeen | None:
        """The card of a corner whose ``u`` runs along a long side (no index there)."""
        candidates = [width * f for f in WIDTH_STEPS]
        candidates += [w for w in _widths_from_edges(corner.w_len, corner.u_len) if 0.6 * width < w < 1.5 * width]
        quads = [_card_from_plain_corner(corner, local) for local in candidates]
        # the size whose card has an index corner fitting a card best
        patches = [corner_patch(frame, c, local)
                   for quad, local in zip(quads, candidates, strict=True) for c in quad_corners(quad)]
        fits = self.reader.corner_fits(patches).reshape(len(quads), 2).min(axis=1)
        quad = quads[int(np.argmin(fits))]
        if area.inside_fraction(quad) < 0.9:
            return None
        read = self.reader.read_card(frame, quad, quad_corners(quad), whole=False)
        if read.card and read.confidence >= GROUP_MIN_CONFIDENCE:
            return CardSeen(read.card, read.confidence, quad)
        return None

    def _taken_alone(self, read: CornerRead, with_face: CornerRead) -> bool:
        """True when an index corner's own read (``read``; ``with_face``: its card's read with
        the face) is taken as it is: close to its card's spread and template
        (:meth:`_close_corner`), confident enough or named by the index network, not doubted by
        the network (:meth:`_alone`), and not against face and corner that prefer the other
        suit of its colour or fit another card clearly nearer (:func:`_face_names_another`)
        unless the network is NET_SURE sure of it (face and corner discriminants, fitted to
        calibration captures about 110 px wide, can prefer the twin of a large sharp card)."""
        return (read.card is not None and self._close_corner(read)
                and (read.confidence >= GROUP_MIN_CONFIDENCE or read.net >= NET_MIN)
                and self._alone(read) is not None
                and (read.net >= NET_SURE or not _face_names_another(with_face, read.card)))

    def _index_corner_card(self, frame: np.ndarray, corner: Corner, width: float, blob: Blob, regions: RegionMap,
                           sized: bool = False, farther: bool = True
                           ) -> tuple[CardSeen | None, tuple[np.ndarray, np.ndarray, CornerRead | None, float] | None]:
        """The card of one index corner of a group: read (a card), or not decisive on its own
        (its card's quad, the corner patch, the corner's read when close, and the card width
        the patch was cut at), or neither (no card fits there). ``sized``: ``width`` is the
        card's own (a region shaped as one card), so no width is searched around the corner.
        ``farther``: whether its index is searched farther when it does not read; not for a
        corner on its card's edges already (a lone card's outline corner, a refitted one)."""
        local = width if sized else self._local_width(frame, corner, width)
        quad = full_card(corner, local)
        # the card may run on under a card whose printed border cut it off as a region of
        # its own: it must lie on card regions, its own or others
        inside = regions.inside_fraction(quad)
        beyond_doubt_only = False  # the card lies on card regions only as much as a sure read needs
        if inside < CORNER_CARD_INSIDE:
            # a card of that size would stick out onto the felt; an edge running to
            # another corner of the region may give the card's true size
            next_width = _width_from_next_corner(corner, blob.corners, width) or local
            next_quad = full_card(corner, next_width)
            if regions.inside_fraction(next_quad) >= CORNER_CARD_INSIDE:
                local, quad = next_width, next_quad
            elif inside >= CORNER_SURE_INSIDE:
                beyond_doubt_only = True
            else:
                return None, None  # no card corner
        with_face = self.reader.read_card(frame, quad, [corner], whole=False)
        if with_face.card and with_face.confidence >= GROUP_MIN_CONFIDENCE and not beyond_doubt_only:
            return CardSeen(with_face.card, with_face.confidence, quad), None
        if not beyond_doubt_only and _face_clear(with_face, self.reader.min_agreement):
            return CardSeen(with_face.best, round(1.0 - with_face.distance / with_face.runner_up, 3), quad), None
        # an index corner read alone is the weakest evidence: taken as it is only when it
        # sits close to its card's spread and template and the index network does not doubt
        # it; otherwise the visible face decides
        patch = corner_patch(frame, corner, local)
        read = self.reader.read_patch(patch)
        if beyond_doubt_only:
            sure = read.net >= NET_TRUST and self._taken_alone(read, with_face)
            return (CardSeen(read.card, max(read.confidence, read.net), quad) if sure else None), None
        if farther and not self._taken_alone(read, with_face):
            # the corner may sit a few pixels off its card: its index searched farther
            recentred = self.reader.recentred_patch(corner_patch(frame, corner, local, margin=CORNER_SEARCH_MARGIN))
            moved = None if recentred is None else self.reader.read_patch(recentred)
            if moved is not None and moved.distance <= min(RECENTRED_FIT * self.reader.corner_limit,
                                                           RECENTRED_GAIN * read.distance):
                patch, read = recentred, moved
        if self._taken_alone(read, with_face):
            return CardSeen(read.card, max(read.confidence, read.net), quad), None
        close = read.card is not None and self._close_corner(read)
        return None, (quad, patch, read if close else None, local)

    def _read_group(self, frame: np.ndarray, blob: Blob, area: RegionMap, width: float,
                    whole: list[CardSeen], regions: RegionMap, whiteness: np.ndarray) -> list[CardSeen]:
        """The cards of a region of several cards (``area``: where it lies; ``whole``: its
        cards already read whole; ``regions``: where all card regions of the frame lie;
        ``whiteness``: the frame's least colour channel, float32, to refit corners to), or of
        a region shaped as one card that did not read whole (:func:`_one_card_shape`): after its
        diagonal's read (in ``whole``), only its two index corners, at its own width, nothing
        lying on it."""
        if self.consensus:
            return whole or [CardSeen(None, 0.0, _box(blob))]
        lone = _one_card_shape(blob)
        if lone:
            corners, width = index_corners(blob), quad_width(blob.quad)
        else:
            whole = whole + self._side_cards(frame, blob, area, width, whole)
            corners = blob.corners
        hypotheses: list[CardSeen] = list(whole)
        pending: list[list[tuple[np.ndarray, np.ndarray, CornerRead | None]]] = []
        for corner in corners:
            if any(_corner_of(c.corners, corner) for c in whole):
                continue  # a corner of a card already read whole
            if corner.u_len > 1.2 * width and corner.w_len < 1.2 * width:
                # u runs along a long side: not an index corner, but it still spells out a
                # card whose index corners are one width and one length away
                seen = self._from_plain_corner(frame, corner, width, area)
                if seen is not None:
                    hypotheses.append(seen)
                    continue
                # or u runs along a short side that goes on straight along a neighbour's side
                # (two cards in line): read it as an index corner
            if self.reader.network_sees_no_index(corner_patch(frame, corner, width)):
                # no index there (a back's, a chip's or a card's plain corner): not read one
                # by one (NO_INDEX_SKIP)
                continue
            seen, waiting = self._index_corner_card(frame, corner, width, blob, regions, sized=lone, farther=not lone)
            refitted = None
            if waiting is not None and not lone:
                # a corner found where two cards' edges cross may sit a few pixels off its
                # card: moved onto the card's own edges, it may read, its index not searched
                # farther (a lone card's outline corners lie on its edges already)
                moved = refine_corner(whiteness, corner, waiting[3])
                if moved is not None:
                    seen, refitted = self._index_corner_card(frame, moved, width, blob, regions, farther=False)
            if seen is not None:
                hypotheses.append(seen)
            elif waiting is not None:
                # the corner as found is asked first, the refitted corner second
                pending.append([waiting[:3]] if refitted is None else [waiting[:3], refitted[:3]])
        # a card whose corner alone was not decisive, lying under cards read above: the part
        # of its face still in view decides between the corner's nearest cards; with no card
        # read above it, a corner close to its card's spread and template is taken as it is,
        # when the index network does not doubt it
        for alternatives in pending:
            for asked, (quad, patch, close) in enumerate(alternatives):
                covers = [] if lone else [h.corners for h in hypotheses if _overlap(h.corners, quad) > 0.05]
                read = self.reader.read_partly_covered(frame, quad, patch, covers) if covers else self._alone(close)
                if read is not None and read.card and asked and not self.reader.network_sees_an_index(patch):
                    break  # the refitted corner shows the network no index: no second word
                if read is not None and read.card:
                    hypotheses.append(CardSeen(read.card, read.confidence, quad))
                    break
        rejected: set[int] = set()
        for i, hyp in enumerate(hypotheses):
            for j in range(i):
                other = hypotheses[j]
                if hyp.card != other.card and _same_place(hyp.corners, other.corners):
                    rejected.update((i, j))  # two reads of one card disagree
        # reads of one card agreeing are one read (the frame's reads are merged so again)
        cards = _one_read_per_card([hyp for i, hyp in enumerate(hypotheses) if i not in rejected])
        if not cards:
            cards.append(CardSeen(None, 0.0, _box(blob)))
        return cards
