"""Reading a card from its index corner with a deck profile.

The corner patch (a fixed region in card-width units, mapped through the corner's frame)
is resampled to a small image and described in Lab colour (so red and black suits differ).
A profile is learnt from one capture per card: many jittered copies of each capture's
two index corners (shift, turn, scale, blur, noise, light) train a linear discriminant
(LDA) that separates the 52 cards, plus one clean template per corner for a last check.

A read is given only when the nearest card is close, far nearer than any other card,
and its template agrees; otherwise the reader says unknown (``card`` is ``None``). When the
nearest cards are a near tie (a club and a spade of one rank), the index network
(:mod:`vision.indexnet`) may pick one of them if it is sure; it also vetoes a read it
clearly sees as another card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from vision.art import RANKS, SUITS
from vision.find import CARD_ASPECT, Blob, Corner, find_blobs
from vision.indexnet import IndexNet, default_index_net
from vision.pips import PipTemplates
from vision.upright import in_view_mask, quad_width, warp_upright

#: The index patch, in card widths from the corner: x to PATCH_X, y to PATCH_Y.
PATCH_X = 0.17
PATCH_Y = 0.36
#: The patch starts this far (card widths) inside the corner, clear of the rounded edge.
INSET = 0.02
#: Resampled patch size (width, height) in pixels.
PATCH_SIZE = (20, 44)
#: Whole-card face size (width, height) in pixels for the face discriminant.
FACE_SIZE = (30, 42)
#: Extra pixels around the patch for the shift search when reading.
MARGIN = 2
PROFILE_VERSION = 4
#: Shrinkage of the within-card scatter towards a sphere (regularises the discriminant).
#: 0.03, not the 0.1 of the first profiles: fewer confident misreads on unseen decks for a
#: few cards more left unknown (docs/vision.md, nineteenth and twentieth passes).
SHRINK = 0.03


class ProfileError(ValueError):
    """A deck profile that is missing, unreadable or incomplete."""


def corner_patch(frame: np.ndarray, corner: Corner, card_width: float, margin: int = MARGIN,
                 stretch: float = 1.0) -> np.ndarray:
    """The index patch at ``corner`` (BGR, PATCH_SIZE plus ``margin`` on every side).

    ``stretch`` scales the patch along ``w`` only (foreshortening under camera tilt).
    """
    pw, ph = PATCH_SIZE
    ax = corner.u * ((PATCH_X - INSET) * card_width / pw)
    ay = corner.w * ((PATCH_Y - INSET) * card_width * stretch / ph)
    origin = corner.point + INSET * card_width * (corner.u + corner.w) + (0.5 - margin) * (ax + ay)
    size = (pw + 2 * margin, ph + 2 * margin)
    # A big card is sampled finer, then averaged down: point samples of a card wider than the
    # patch would alias its thin strokes, and then a big card would read worse than a small one.
    fine = int(np.ceil(max(float(np.linalg.norm(ax)), float(np.linalg.norm(ay)))))
    if fine > 1:
        ax, ay = ax / fine, ay / fine
        origin = origin - 0.5 * (fine - 1) * (ax + ay)
    matrix = np.float32([[ax[0], ay[0], origin[0]], [ax[1], ay[1], origin[1]]])
    patch = cv2.warpAffine(frame, matrix, (size[0] * fine, size[1] * fine),
                           flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return cv2.resize(patch, size, interpolation=cv2.INTER_AREA) if fine > 1 else patch


def _box2(planes: np.ndarray) -> np.ndarray:
    """Mean over 2 x 2 pixels (each with the ones above and to the left) of images of shape
    (..., H, W, C), as ``cv2.blur(image, (2, 2))`` gives for one image: a stack at once."""
    rows = planes + np.concatenate([planes[..., 1:2, :, :], planes[..., :-1, :, :]], axis=-3)
    return (rows + np.concatenate([rows[..., :, 1:2, :], rows[..., :, :-1, :]], axis=-2)) * 0.25


def _planes(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lightness and (2 x 2 averaged) colour planes of a BGR image (H, W, 3), or of a stack
    of them (N, H, W, 3)."""
    lab = cv2.cvtColor(image.reshape(-1, *image.shape[-2:]).astype(np.float32) * (1.0 / 255.0),
                       cv2.COLOR_BGR2Lab).reshape(image.shape)
    return lab[..., 0], _box2(lab[..., 1:])


def _vector(light: np.ndarray, colour: np.ndarray) -> np.ndarray:
    light = light - light.mean()
    colour = colour[::2, ::2]
    colour = colour - colour.reshape(-1, 2).mean(axis=0)
    scale = 1.0 / max(float(np.linalg.norm(light)), 1e-3)
    return np.concatenate([light.ravel(), 0.8 * colour.ravel()]) * scale


def describe(patch: np.ndarray) -> np.ndarray:
    """Feature vector of a PATCH_SIZE patch: lightness at full size, colour at half size.

    Each plane has its mean removed; all are divided by the lightness contrast, so the
    vector does not depend on exposure, and colour keeps its weight relative to the ink.
    """
    return _vector(*_planes(patch))


def face_image(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The whole card face (quad TL TR BR BL) warped upright to FACE_SIZE."""
    return warp_upright(frame, quad, FACE_SIZE)


def describe_faces(faces: list[np.ndarray]) -> np.ndarray:
    """Feature vectors (N x D) of FACE_SIZE card faces (same scheme as :func:`describe`), in
    one batch."""
    light, colour = _planes(np.stack([face[1:-1, 1:-1] for face in faces]))
    return np.stack([_vector(*planes) for planes in zip(light, colour, strict=True)])


def describe_face(face: np.ndarray) -> np.ndarray:
    """Feature vector of a FACE_SIZE card face (:func:`describe_faces` of one)."""
    return describe_faces([face])[0]


@dataclass
class Discriminant:
    """A linear discriminant over 52 cards.

    ``mean`` (D) and ``projection`` (D x K) map a feature vector into a space where each
    card's training samples scatter as a unit Gaussian around ``centers[i]`` (52 x K);
    ``templates`` (52 x D) are unit feature vectors of the clean captures.
    """

    mean: np.ndarray
    projection: np.ndarray
    centers: np.ndarray
    templates: np.ndarray

    @classmethod
    def fit(cls, features: np.ndarray, labels: np.ndarray, clean: np.ndarray) -> Discriminant:
        """Fit on ``features`` (N x D) with integer ``labels``; ``clean`` is 52 x D."""
        x = features.astype(np.float64)
        count = int(labels.max()) + 1
        mean = x.mean(axis=0)
        centers = np.stack([x[labels == k].mean(axis=0) for k in range(count)])
        within = x - centers[labels]
        scatter = within.T @ within / len(x)
        scatter += np.eye(len(scatter)) * (SHRINK * np.trace(scatter) / len(scatter))
        values, vectors = np.linalg.eigh(scatter)
        whiten = vectors / np.sqrt(values)
        _, _, vt = np.linalg.svd((centers - mean) @ whiten, full_matrices=False)
        projection = whiten @ vt[: count - 1].T
        templates = clean / np.linalg.norm(clean, axis=1, keepdims=True)
        return cls(mean.astype(np.float32), projection.astype(np.float32),
                   ((centers - mean) @ projection).astype(np.float32), templates.astype(np.float32))

    @property
    def dims(self) -> int:
        """Dimensions of the discriminant space."""
        return int(self.centers.shape[1])

    def distances(self, features: np.ndarray) -> np.ndarray:
        """Squared distances (N x 52) of feature vectors (N x D) to every card."""
        # numpy's matmul, not cv2.gemm: far faster for these small (25 x 1320 x 51) products
        centred = np.asarray(features - self.mean, dtype=np.float32)
        z = centred @ self.projection
        cross = -2.0 * (z @ self.centers.T)
        return cross + (z * z).sum(axis=1, keepdims=True) + (self.centers * self.centers).sum(axis=1)

    def agreement(self, feature: np.ndarray, card: int) -> float:
        """Correlation of a feature vector with a card's clean template."""
        return float(feature @ self.templates[card] / max(float(np.linalg.norm(feature)), 1e-6))

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        """Arrays to store, keys prefixed."""
        return {f"{prefix}_mean": self.mean, f"{prefix}_projection": self.projection,
                f"{prefix}_centers": self.centers, f"{prefix}_templates": self.templates.astype(np.float16)}

    @classmethod
    def from_arrays(cls, data, prefix: str) -> Discriminant:
        """Inverse of :meth:`arrays`."""
        return cls(*(data[f"{prefix}_{k}"].astype(np.float32)
                     for k in ("mean", "projection", "centers", "templates")))


class WindowScorer:
    """Squared distances to every card of every PATCH_SIZE window of margin-padded corner
    patches, as :func:`describe` makes each window's feature vector (from the padded patch's
    planes) and :meth:`Discriminant.distances` scores it, without building those vectors: a
    window's projection is its raw pixels' (one matrix product for all windows), less its
    means' and over its lightness contrast: fewer passes over the arrays, as the frame rate
    needs (a frame scores a few thousand windows)."""

    def __init__(self, discriminant: Discriminant, margin: int = MARGIN) -> None:
        pw, ph = PATCH_SIZE
        self.discriminant, self.margin, self._pixels = discriminant, margin, pw * ph
        self.side = 2 * margin + 1  # windows along each axis
        projection = discriminant.projection
        colour = 0.8 * projection[self._pixels:].reshape(-1, 2, projection.shape[1])  # pixel-major
        self._light = np.ascontiguousarray(projection[: self._pixels])
        self._colour = np.ascontiguousarray(colour.transpose(1, 0, 2).reshape(-1, projection.shape[1]))
        self._light_sum, self._colour_sums = self._light.sum(axis=0), colour.sum(axis=0)
        self._mean = discriminant.mean @ projection
        self._center_norms = (discriminant.centers * discriminant.centers).sum(axis=1)

    def _window_distances(self, patches: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Squared distances (N x windows x 52) of every PATCH_SIZE window of each patch (its
        shifts row by row) to every card, and the patches' lightness and colour planes."""
        pw, ph = PATCH_SIZE
        light, colour = _planes(np.stack(patches))
        n, count = len(patches), self.side * self.side
        # each patch's own means off first: no float32 cancellation in the products
        lights = np.lib.stride_tricks.sliding_window_view(
            light - light.mean(axis=(1, 2), keepdims=True), (ph, pw), axis=(1, 2)).reshape(n * count, -1)
        colours = np.lib.stride_tricks.sliding_window_view(
            colour - colour.mean(axis=(1, 2), keepdims=True), (ph, pw), axis=(1, 2))
        colours = colours[..., ::2, ::2].reshape(n * count, -1)  # channel-major, as self._colour
        means = lights.mean(axis=1)
        contrast = np.sqrt(np.maximum(np.einsum("ij,ij->i", lights, lights) - self._pixels * means * means, 0))
        colour_means = colours.reshape(n * count, 2, -1).mean(axis=2)
        z = lights @ self._light + colours @ self._colour
        z -= means[:, None] * self._light_sum + colour_means @ self._colour_sums
        z = z / np.maximum(contrast, 1e-3)[:, None] - self._mean
        centers = self.discriminant.centers
        d2 = ((z * z).sum(axis=1, keepdims=True) - 2.0 * (z @ centers.T) + self._center_norms).reshape(n, count, -1)
        return d2, light, colour

    def best_shifts(self, patches: list[np.ndarray]) -> list[tuple[int, int]]:
        """Per patch, the offset (rows, columns) of the window that fits a card best."""
        d2 = self._window_distances(patches)[0]
        return [divmod(int(shift), self.side) for shift in d2.min(axis=2).argmin(axis=1)]

    def best_windows(self, patches: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Squared distances (N x 52) of each patch at the window that fits a card best, and
        that window's feature vector (N x D, as :func:`describe` makes it)."""
        pw, ph = PATCH_SIZE
        d2, light, colour = self._window_distances(patches)
        shifts, rows = d2.min(axis=2).argmin(axis=1), np.arange(len(patches))
        feats = []
        for row, shift in zip(rows, shifts, strict=True):
            dy, dx = divmod(int(shift), self.side)
            feats.append(_vector(light[row, dy:dy + ph, dx:dx + pw], colour[row, dy:dy + ph, dx:dx + pw]))
        return d2[rows, shifts], np.stack(feats)


@dataclass
class Profile:
    """A trained deck profile: ``cards`` (52 names), a corner and a whole-face discriminant,
    ``network_reads``: the share of the calibration captures' index corners the index
    network read as their own card (its first guess), which says whether it knows this
    deck's index (1.0 when not measured), and ``index_features``: a discriminant over the
    index network's hidden layer (:mod:`vision.indexnet`), fitted on the same captures'
    jittered index corners (None when calibrated without the network), and ``pip_faces``: each
    card's capture as :func:`vision.pips.pip_face` cuts it, in ``cards`` order (None when not
    kept: the default profile, of several designs whose pips differ)."""

    name: str
    cards: list[str]
    corner: Discriminant
    face: Discriminant
    network_reads: float = 1.0
    index_features: Discriminant | None = None
    pip_faces: np.ndarray | None = None

    def save(self, path: Path) -> None:
        """Write the profile as a compressed ``.npz`` file."""
        features = self.index_features.arrays("features") if self.index_features is not None else {}
        pips = {"pip_faces": self.pip_faces} if self.pip_faces is not None else {}
        np.savez_compressed(Path(path), version=PROFILE_VERSION, name=self.name,
                            cards=np.array(self.cards), network_reads=self.network_reads,
                            **self.corner.arrays("corner"), **self.face.arrays("face"), **features, **pips)

    @classmethod
    def load(cls, path: Path) -> Profile:
        """Read a profile written by :meth:`save`; :class:`ProfileError` when it is not one."""
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                version = int(data["version"])
                if version != PROFILE_VERSION:
                    raise ProfileError(f"{path}: profile version {version}, expected {PROFILE_VERSION}; calibrate again")
                network_reads = float(data["network_reads"]) if "network_reads" in data.files else 1.0
                features = Discriminant.from_arrays(data, "features") if "features_mean" in data.files else None
                pips = data["pip_faces"] if "pip_faces" in data.files else None
                return cls(str(data["name"]), [str(x) for x in data["cards"]],
                           Discriminant.from_arrays(data, "corner"), Discriminant.from_arrays(data, "face"),
                           network_reads, features, pips)
        except (OSError, KeyError, ValueError) as exc:
            if isinstance(exc, ProfileError):
                raise
            raise ProfileError(f"Not a deck profile: {path} ({exc})") from exc


@dataclass
class CornerRead:
    """What one corner says: ``card`` or ``None`` (unknown), with the evidence."""

    card: str | None
    confidence: float
    best: str
    distance: float  # squared distance to the best card, in within-card spread units
    runner_up: float  # squared distance to the second card
    agreement: float  # correlation with the best card's clean template
    net: float = 0.0  # the index network's probability of ``card`` (or ``best``), 0 when not asked
    #: A whole-card read the index network disputed (`Reader._twin_disputed`): the card is
    #: unknown, and its corners must not be read again one by one.
    disputed: bool = False


#: The index network breaks a near tie only when this sure of one of the tied cards
#: (rank and suit, every index corner in view), and vetoes a read when it gives the read card
#: less than NET_VETO while this sure of another.
NET_MIN = 0.9
NET_VETO = 0.02
#: The committed network is used with a profile only if it read at least this share of the
#: calibration captures' index corners as their own card: an index style it has never seen
#: (tango: 78 %) makes it sure and wrong; the other designs give 100 %.
NET_TRUST = 0.95
#: The index network this sure of one card, both with the deck's own evidence and on its own,
#: reads it where the discriminant reads none and the network is asked (an index corner read
#: alone always; a whole card when its nearest card lies within the limit), however far the
#: discriminant puts it (its limit, near ties and template agreement do not apply): on large
#: sharp cards the calibrated discriminant, fitted to captures about 110 px wide and a little
#: blurred, can put a clear index's card third and past its limit (a 172 px 6h at blur 0: 6d
#: first, the 6h at 202 against the limit 204, correlating 0.31 with its template), while the
#: network is 0.99 sure.
NET_SURE = 0.98
#: A corner of a region read corner by corner whose index patch (cut at the frame's card
#: width) the index network, on its own, sees no index in with this probability or more is
#: passed over (:meth:`Reader.network_sees_no_index`): a card back's, a chip's, a card's plain
#: corner. The network's sure (NET_MIN); on 100 seeded anglo_poker scenes (docs/vision.md,
#: forty-seventh pass) no corner that gave a card had more than 0.5, and 58 % of the corners
#: were passed over.
NO_INDEX_SKIP = 0.9

#: The network's hidden layer read by the profile's ``index_features`` discriminant gives each
#: card the weight exp(-(d - d_nearest) / FEATURE_TEMPERATURE) (d its squared distance); the
#: deck's own evidence in the network's probability is the geometric mean of the two. The
#: spread of the jittered calibration copies is narrower than a camera's, hence the large value.
FEATURE_TEMPERATURE = 27.0

#: The other suit of the same colour: the suit a small, blurred pip is mistaken for.
SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}

#: A card's face overrules its index corners on the suit only when it prefers its card over
#: the other suit of that colour by this share of the face's distance limit.
FACE_DECISIVE = 0.1

#: A partly covered card: least share of its face that must be in view, least correlation of
#: that part with the chosen card's clean face, and its lead over the other candidates.
VISIBLE_MIN = 0.25
VISIBLE_CORRELATION = 0.5
VISIBLE_LEAD = 0.15
#: A partly covered card whose visible face leads by less than VISIBLE_LEAD (or fits a farther
#: candidate as well) is still read when three witnesses name it: the corner's discriminant
#: puts it first, the index network puts it first of all 52 cards with at least NET_AGREE, and
#: the face in view fits it within FACE_SLACK of the best candidate's fit (prefers no other).
#: The network may be only NET_AGREE_CLOSE sure when the corner also looks like that card's
#: clean index: correlation with its template of INDEX_LOOKS_LIKE or more.
#: NET_AGREE is also how sure the network must be to read a covered card on its own word
#: (`Reader._network_sure`), except the twin of the discriminant's first: NET_MIN, and
#: NET_TWIN_OVERRULE when the discriminant puts that twin beyond its near ties (corner_gap
#: farther); and NET_MIN for any card when the face in view correlates under FACE_BLIND with
#: it (it looks like no card: the quad misplaced, or the part in view blank).
NET_AGREE = 0.8
NET_TWIN_OVERRULE = 0.95
FACE_BLIND = 0.3
FACE_SLACK = 0.03
NET_AGREE_CLOSE = 0.7
#: A refitted corner asked second reads only where the network's first card has this much.
NET_SEES_INDEX = 0.2
INDEX_LOOKS_LIKE = 0.8
#: A whole-card read is left unknown when the index network gives the other suit of its
#: colour at least this probability and more than the read card (`Reader._twin_disputed`).
NET_TWIN_DISPUTE = 0.4
#: ... unless face and index corners together put every other card at least
#: TWIN_CLEAR_RATIO times as far as the read card: the network reads the small index alone,
#: and cannot dispute a card the face and corners name that clearly. On the bench's
#: simplistic scenes (1,200 frames, calibrations 0-2) every read the network disputed with
#: the runner-up 2.09-7.57 times farther was right (clubs at 103-169 px, blur 1.4-2, the
#: network giving the spade 0.40-0.77); the reads it rightly disputed had it 1.10-1.66 times
#: farther.
TWIN_CLEAR_RATIO = 2.0
#: The face's large pips (:mod:`vision.pips`, a calibrated profile's captures) settle a
#: whole-card read the index readers leave in doubt between the card and the other suit of its
#: colour: a read the corners or the network would leave unknown stands when the pips' margin
#: for it is PIP_DECISIVE or more; a read the network gives under PIP_TRIGGER is left unknown
#: when the pips' margin for it is under PIP_VETO.
PIP_DECISIVE = 0.3
PIP_TRIGGER = 0.5
PIP_VETO = 0.1
#: A reader without the index network (a deck whose index it does not know, such as one that
#: prints the rank alone in the index corner) has only the face to tell a card from the other
#: suit of its colour: a whole-card read of a pip rank (PIP_RANKS) whose pips' margin is under
#: this (the pips prefer the other suit) is left unknown. On the bench's tango scenes (1,200
#: frames, calibrations 0-2) misreads fell from 230 to 99, cards of 100 px or more read right
#: from 9,091 to 9,090; court cards too would have lost 13 more cards (a Qc's picture nearer
#: the Qs's at one calibration) for two misreads less.
PIP_VETO_BLIND = 0.0
#: A card under others: the pips in view must show it by PIP_COVERED (they may be few, and the
#: cards on it cast shadows: a covered 2d read as the 2h with a margin of 0.44).
PIP_COVERED = 0.6
#: Ranks whose faces show large pips. A court card's picture differs from the other suit's of
#: its colour in small signs only (or not at all): there the pips' margin may doubt a read,
#: never make one (a covered Jd read as the Jh, margin -2.7, its likeness to the Jh near 1).
PIP_RANKS = "A23456789T"
#: A card seen whole whose face and index corners fit one card past the limit, but within
#: WHOLE_CLEAR_SLACK times it, and every other card at least WHOLE_CLEAR_RATIO times farther
#: (its face correlating with that card's clean face at least ``min_agreement``) is read as
#: that card, then checked as any whole-card read is (`Reader._suit_agreed`,
#: `Reader._twin_disputed`): at 100-110 px and blur 2 a single card no other card comes near
#: can miss the limit by a few per cent (anglo_poker frame 873's 6h at calibration 1: 5,579
#: against 5,508, every other card 3.15 times farther). A read those checks doubt is left
#: undecided, not disputed, so the region's corners are still read one by one (simplistic
#: frame 1137 at calibration 2: a 156 px 3h the network disputed, then read from a corner).
WHOLE_CLEAR_SLACK = 2.5
WHOLE_CLEAR_RATIO = 1.5


#: How many corner patches' evidence a reader keeps, emptied when full (a frame asks for
#: about a hundred).
CORNER_MEMO = 2048


def twin_card(card: str) -> str:
    """The other suit of ``card``'s colour, same rank (7c: 7s): the card a small, blurred
    index is most easily taken for."""
    return card[0] + SAME_COLOUR[card[1]]


def _network_vetoes(card: int, *tables: np.ndarray) -> bool:
    """True when any of the index network's ``tables`` (its probability per profile card, one
    patch or the product over several) gives ``card`` under NET_VETO while NET_MIN sure of
    another: the network clearly sees another card."""
    return any(table[card] < NET_VETO and table.max() >= NET_MIN for table in tables)


def _visible_correlation(light: np.ndarray, template: np.ndarray, visible: np.ndarray) -> float:
    """Correlation of two lightness images over the ``visible`` pixels only."""
    a, b = light[visible], template[visible]
    a, b = a - a.mean(), b - b.mean()
    return float(a @ b / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-6))


class Reader:
    """Reads corners and whole cards with a :class:`Profile`.

    A read needs the best card within ``corner_distance`` / ``face_distance`` (squared, per
    part, times the discriminant's dimensions, in units of the card's own spread), nearer
    than the runner-up by ``min_gap`` (whole card: face and index corners) or ``corner_gap``
    (an index corner alone), and ``min_agreement`` correlation with the card's clean
    template; otherwise it is unknown. ``index_net``: the network that breaks near ties
    (``"default"``: the committed one, :func:`vision.indexnet.default_index_net`, unless the
    profile's calibration found it does not know the deck, ``Profile.network_reads`` under
    NET_TRUST; ``None``: the discriminant alone). A reader keeps the evidence of the corner
    patches it scored (CORNER_MEMO): one reader per thread.
    """

    def __init__(self, profile: Profile, corner_distance: float = 4.0, face_distance: float = 100.0,
                 min_gap: float = 30.0, corner_gap: float = 45.0,
                 min_agreement: float = 0.5, index_net: IndexNet | None | str = "default") -> None:
        self.profile = profile
        if index_net == "default":
            index_net = default_index_net() if profile.network_reads >= NET_TRUST else None
        self.index_net = index_net
        ranks = np.array([RANKS.index(card[0]) for card in profile.cards])
        suits = np.array([SUITS.index(card[1]) for card in profile.cards])
        self._card_ranks, self._card_suits = ranks, suits
        self.corner_limit = corner_distance * profile.corner.dims
        self.face_limit = face_distance * profile.face.dims
        self.min_gap = min_gap
        self.corner_gap = corner_gap
        self.min_agreement = min_agreement
        self._windows = WindowScorer(profile.corner)
        self._pips = PipTemplates(profile.pip_faces, profile.cards) if profile.pip_faces is not None else None
        self._corner_memo: dict[bytes, tuple[np.ndarray, np.ndarray]] = {}
        self._wide_scorers: dict[int, WindowScorer] = {}

    def recentred_patch(self, wide: np.ndarray) -> np.ndarray | None:
        """The MARGIN-padded corner patch centred on the window of ``wide`` (a corner patch cut
        with a larger margin, :func:`corner_patch`) that fits a card best: a corner found a few
        pixels off its card (where two cards' edges cross) may leave its index beyond the
        plain patch's MARGIN search, or at its edge, where the index network sees it cut off.
        None when the plain patch is centred on that window already."""
        margin = (wide.shape[1] - PATCH_SIZE[0]) // 2
        if margin not in self._wide_scorers:
            self._wide_scorers[margin] = WindowScorer(self.profile.corner, margin)
        dy, dx = self._wide_scorers[margin].best_shifts([wide])[0]
        if (dy, dx) == (margin, margin):
            return None  # the plain patch is centred on it already
        dy, dx = (min(max(shift, MARGIN), 2 * margin - MARGIN) for shift in (dy, dx))
        pw, ph = PATCH_SIZE
        return np.ascontiguousarray(wide[dy - MARGIN:dy + ph + MARGIN, dx - MARGIN:dx + pw + MARGIN])

    def _corner_evidence(self, patches: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Squared distances (N x 52) of margin-padded corner patches to every card, and the
        feature vectors (N x D), each at the shift of the patch that fits a card best.

        A patch asked for again (a corner's size is chosen among candidates, then read at
        it) is not scored again: up to CORNER_MEMO patches' evidence is kept."""
        keys = [patch.tobytes() for patch in patches]
        new = {key: patch for key, patch in zip(keys, patches, strict=True) if key not in self._corner_memo}
        if len(self._corner_memo) + len(new) > CORNER_MEMO:
            self._corner_memo.clear()  # full: start again with this batch, kept ones too
            new = dict(zip(keys, patches, strict=True))
        if new:
            d2, feats = self._windows.best_windows(list(new.values()))
            self._corner_memo.update(zip(new, zip(d2, feats, strict=True), strict=True))
        evidence = [self._corner_memo[key] for key in keys]
        return np.stack([e[0] for e in evidence]), np.stack([e[1] for e in evidence])

    def _face_evidence(self, frame: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        face = face_image(frame, quad)
        feats = describe_faces([face, face[::-1, ::-1]])  # both ways up
        d2 = self.profile.face.distances(feats)
        best = int(np.argmin(d2.min(axis=1)))
        return d2.min(axis=0), feats[best]

    def covered_limit(self, corners: int) -> float:
        """Largest summed distance of a read of a card that may be partly covered (its face
        must match much more closely than a card seen whole) with ``corners`` index corners."""
        return self.face_limit / 4 + self.corner_limit * corners

    def face_distances(self, frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
        """Squared distances of the face in ``quad`` to every card (either way up)."""
        return self._face_evidence(frame, quad)[0]

    def face_fits(self, frame: np.ndarray, quads: list[np.ndarray]) -> np.ndarray:
        """How closely the face in each quad fits its nearest card, either way up (the least
        of :meth:`face_distances`), the faces described in one batch."""
        faces = [face_image(frame, quad) for quad in quads]
        feats = describe_faces([view for face in faces for view in (face, face[::-1, ::-1])])
        return self.profile.face.distances(feats).min(axis=1).reshape(len(quads), 2).min(axis=1)

    def placed_quad(self, frame: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
        """``quad``, found a few pixels off its card, placed by the capture of the card its face
        fits best (:meth:`vision.pips.PipTemplates.place`); None without the captures (the
        default profile) or when no capture fits there."""
        if self._pips is None:
            return None
        card = self.profile.cards[int(np.argmin(self.face_distances(frame, quad)))]
        return self._pips.place(frame, quad, card)

    def _decide(self, d2: np.ndarray, limit: float, min_gap: float,
                check: Callable[[int], float]) -> CornerRead:
        order = np.argsort(d2)
        best, second = float(d2[order[0]]), float(d2[order[1]])
        gap = second - best
        agreement = check(int(order[0]))
        confidence = float(np.clip(gap / (2 * min_gap), 0, 1) * np.clip(2 - best / limit, 0, 1))
        ok = best <= limit and gap >= min_gap and agreement >= self.min_agreement
        card = self.profile.cards[order[0]]
        return CornerRead(card if ok else None, round(confidence, 3), card, best, second, agreement)

    def _net_tables(self, patches: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
        """Per patch (rows) and profile card (columns), the index network's probability that
        the patch shows that card's index, twice: the network's own, and with the deck's own
        evidence, the geometric mean of that and the weight the profile's ``index_features``
        discriminant gives the card (FEATURE_TEMPERATURE), so that a card is sure only when
        both are (the network's own again without ``index_features``). None without a
        network or patches."""
        if self.index_net is None or not patches:
            return None
        guesses = self.index_net.guess(patches)
        own = np.stack([(1.0 - guess.no_index) * guess.rank[self._card_ranks] * guess.suit[self._card_suits]
                        for guess in guesses])
        if self.profile.index_features is None or any(guess.features is None for guess in guesses):
            return own, own
        d2 = self.profile.index_features.distances(np.stack([guess.features for guess in guesses]))
        weight = np.exp((d2.min(axis=1, keepdims=True) - d2) / FEATURE_TEMPERATURE)
        weight *= np.array([[1.0 - guess.no_index] for guess in guesses]) / weight.sum(axis=1, keepdims=True)
        return own, np.sqrt(own * weight)

    def _net_table(self, patches: list[np.ndarray]) -> np.ndarray | None:
        """The table of :meth:`_net_tables` with the deck's own evidence; None without a network."""
        tables = self._net_tables(patches)
        return None if tables is None else tables[1]

    def _net_products(self, patches: list[np.ndarray]) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Per profile card, the probability that every patch shows its index (the product
        over the patches): with the deck's own evidence, and the network's own (for its veto);
        None and None without a network."""
        tables = self._net_tables(patches)
        return (None, None) if tables is None else (tables[1].prod(axis=0), tables[0].prod(axis=0))

    def net_probabilities(self, patches: list[np.ndarray]) -> np.ndarray | None:
        """Per profile card, the probability (with the deck's own evidence, :meth:`_net_tables`)
        that every patch shows its index (the product over the patches); None without a network."""
        return self._net_products(patches)[0]

    def net_card(self, patches: list[np.ndarray]) -> tuple[str, float] | None:
        """The card every patch's index shows by the network alone (no discriminant; with the
        deck's own evidence when the profile has ``index_features``), and the least probability
        among them, when there are two or more patches and each is at least NET_MIN sure of it."""
        table = self._net_table(patches) if len(patches) >= 2 else None
        if table is None:
            return None
        choices = set(table.argmax(axis=1).tolist())
        sure = float(table.max(axis=1).min())
        if len(choices) != 1 or sure < NET_MIN:
            return None
        return self.profile.cards[choices.pop()], sure

    def _settle(self, read: CornerRead, d2: np.ndarray, limit: float, min_gap: float,
                check: Callable[[int], float], q: np.ndarray | None,
                own: np.ndarray | None = None) -> CornerRead:
        """The index network's say on a read (``q``: its probability per card, with the deck's
        own evidence; ``own``: the network's own, ``q`` when not given): it picks among the
        near ties the discriminant leaves (a club or a spade of one rank), and vetoes a read it
        clearly sees as another card (``q`` or ``own`` does). It brings in a card the
        discriminant put farther off only when NET_SURE sure of it (``q`` and ``own``)."""
        if q is None:
            return read
        own = q if own is None else own
        best = self.profile.cards.index(read.best)
        if read.card is not None:
            if _network_vetoes(best, q, own):
                return replace(read, card=None, confidence=0.0, net=float(q[best]))
            return replace(read, net=float(q[best]))
        first = int(np.argmax(q))  # the only card that can be NET_SURE sure (q sums to 1 at most)
        if q[first] >= NET_SURE and own[first] >= NET_SURE:
            choice = first  # wherever the discriminant puts it
        else:
            if d2[best] > limit:
                return replace(read, net=float(q[best]))
            near = [int(k) for k in np.argsort(d2) if d2[k] <= d2[best] + min_gap]
            choice = max(near, key=lambda k: q[k])
            if q[choice] < NET_MIN or check(choice) < self.min_agreement or d2[choice] > limit:
                return replace(read, net=float(q[best]))
        card = self.profile.cards[choice]
        return CornerRead(card, round(float(q[choice]), 3), card, float(d2[choice]),
                          float(min(d2[k] for k in range(len(d2)) if k != choice)), check(choice), float(q[choice]))

    def corner_fits(self, patches: list[np.ndarray]) -> np.ndarray:
        """How closely each corner patch fits its nearest card (squared distances; smaller
        fits better): to choose a card's size or place, without reading it."""
        return self._corner_evidence(patches)[0].min(axis=1)

    def read_patch(self, patch: np.ndarray) -> CornerRead:
        """Read one margin-padded corner patch (from :func:`corner_patch`)."""
        (d2,), (feat,) = self._corner_evidence([patch])
        check = lambda k: self.profile.corner.agreement(feat, k)  # noqa: E731
        read = self._decide(d2, self.corner_limit, self.corner_gap, check)
        return self._settle(read, d2, self.corner_limit, self.corner_gap, check, *self._net_products([patch]))

    def read_card(self, frame: np.ndarray, quad: np.ndarray, corners: list[Corner],
                  whole: bool = True) -> CornerRead:
        """Read a card from its face and its index corners, evidence summed.

        ``whole`` says the quad was seen whole (a single card); a card inferred from one
        corner of an overlapping group (``whole=False``) may be partly covered, so its face
        must match much more closely. A card seen whole that fits one card clearly best just
        past the limit is read too (WHOLE_CLEAR_SLACK, WHOLE_CLEAR_RATIO).
        """
        d2, face_feat = self._face_evidence(frame, quad)
        width = quad_width(quad)
        patches = [corner_patch(frame, corner, width) for corner in corners]
        per_corner = self._corner_evidence(patches)[0] if patches else np.zeros((0, len(d2)))
        index = per_corner.sum(axis=0)
        total = d2 + index
        limit = self.face_limit + self.corner_limit * len(corners) if whole else self.covered_limit(len(corners))
        check = lambda k: self.profile.face.agreement(face_feat, k)  # noqa: E731
        read = self._decide(total, limit, self.min_gap, check)
        clear = (whole and read.card is None and limit < read.distance <= WHOLE_CLEAR_SLACK * limit
                 and read.runner_up >= WHOLE_CLEAR_RATIO * read.distance and read.agreement >= self.min_agreement)
        if read.card is not None or clear:
            candidate = replace(read, card=read.best)
            pips = functools.cache(lambda: self._pip_margin(frame, quad, candidate.card))  # asked when needed
            checked = self._twin_disputed(self._suit_agreed(candidate, d2, index, patches, pips), patches, pips)
            # read only past the limit and doubted by the suit checks: undecided, as without the
            # rule (not disputed: its corners are still read one by one)
            return read if clear and checked.card is None else checked
        if not whole and len(patches) >= 2:
            named = self._named_everywhere(d2, per_corner, patches)
            if named is not None:
                return replace(read, card=named[0], confidence=round(named[1], 3), best=named[0], net=named[1])
        if total.min() > limit:
            return read  # nothing near: the network is not asked (it costs time)
        q, own = self._net_products(patches)
        settled = self._settle(read, total, limit, self.min_gap, check, q, own)
        if settled.card is None and whole:
            return self._pips_tie(settled, total, limit, check, frame, quad, q, own)
        return settled

    def _pips_tie(self, read: CornerRead, d2: np.ndarray, limit: float, check: Callable[[int], float],
                  frame: np.ndarray, quad: np.ndarray, q: np.ndarray | None, own: np.ndarray | None) -> CornerRead:
        """A card seen whole that face and index corners (``d2``: their summed distances) leave
        between a club and a spade of one rank (the two nearest, within ``limit``, every other
        card min_gap farther), and that the index network does not settle: the large pips
        decide when their margin is PIP_DECISIVE or more, and the network (``q`` with the deck's
        evidence, ``own`` its own) does not clearly see another card."""
        first, second, third = (int(k) for k in np.argsort(d2)[:3])
        if self._pips is None or second != self._twin(self.profile.cards[first]):
            return read
        if self.profile.cards[first][0] not in PIP_RANKS:
            return read
        if d2[third] - d2[first] < self.min_gap or d2[first] > limit:
            return read
        margin = self._pips.margin(frame, quad, self.profile.cards[first], self.profile.cards[second])
        card = first if margin >= PIP_DECISIVE else second if -margin >= PIP_DECISIVE else None
        if card is None or d2[card] > limit or check(card) < self.min_agreement:
            return read
        if q is not None and _network_vetoes(card, q, q if own is None else own):
            return read
        name = self.profile.cards[card]
        return CornerRead(name, round(min(1.0, abs(margin) / (2 * PIP_DECISIVE)), 3), name, float(d2[card]),
                          float(d2[second if card == first else first]), check(card), read.net)

    def _named_everywhere(self, face: np.ndarray, per_corner: np.ndarray,
                          patches: list[np.ndarray]) -> tuple[str, float] | None:
        """The card and the network's least probability of it over the corners, when the face
        (``face``: distances) fits it best within the limit of a face seen whole, every index
        corner (``per_corner``: distances, one row per patch) puts it first within the corner
        limit, and the index network, over all corners together, puts it first too: a card
        whose face is partly hidden, blurred or lit unevenly, so that it misses the
        covered-card limit, but that every piece of evidence names alike."""
        best = int(face.argmin())
        if face[best] > self.face_limit:
            return None
        if any(int(row.argmin()) != best or row[best] > self.corner_limit for row in per_corner):
            return None
        tables = self._net_tables(patches)
        if tables is None:
            return None  # no network (a deck whose index it does not know): two readers, not three
        own, table = tables
        if int(table.prod(axis=0).argmax()) != best or _network_vetoes(best, *own, *table):
            return None  # the network prefers another card, or clearly sees one on a corner
        return self.profile.cards[best], float(table[:, best].min())

    def _pip_margin(self, frame: np.ndarray, quad: np.ndarray, card: str, covers: list[np.ndarray] = ()) -> float:
        """The pips' margin for ``card`` over the other suit of its colour
        (:meth:`vision.pips.PipTemplates.margin`), only the part not under ``covers`` counting;
        0.0 (no say) when the profile keeps no captures' pips."""
        return 0.0 if self._pips is None else self._pips.margin(frame, quad, card, twin_card(card), covers)

    def _suit_agreed(self, read: CornerRead, face: np.ndarray, index: np.ndarray,
                     patches: list[np.ndarray], pips: Callable[[], float]) -> CornerRead:
        """A whole-card read whose index corners rather show the other suit of its colour (a
        club read from a face whose small pips look like spades) stands only when the face
        prefers it decisively, the index network is sure of it, or the large pips
        (``pips``: their margin) show it by PIP_DECISIVE; otherwise it is unknown."""
        card, twin = self.profile.cards.index(read.card), self._twin(read.card)
        # no index corners (index all zero) or corners that agree: the read stands
        if index[twin] >= index[card] or face[twin] - face[card] >= FACE_DECISIVE * self.face_limit:
            return read
        sure = self.net_probabilities(patches)
        if sure is not None and sure[card] >= NET_MIN:
            return replace(read, net=float(sure[card]))
        if read.card[0] in PIP_RANKS and pips() >= PIP_DECISIVE:
            return read
        return replace(read, card=None, confidence=0.0)

    def _twin_disputed(self, read: CornerRead, patches: list[np.ndarray], pips: Callable[[], float]) -> CornerRead:
        """A card read from its face and index corners stands unless the index network gives
        the other suit of its colour NET_TWIN_DISPUTE or more and more than the read card
        (face and corners can both take a blurred club for a spade, the network reads the
        index alone) and the large pips (``pips``: their margin) do not show the card by
        PIP_DECISIVE, or the network gives the card under PIP_TRIGGER and the pips' margin
        for it is under PIP_VETO. The network is not asked about (and disputes no) read whose
        face and corners put every other card TWIN_CLEAR_RATIO times as far. Without a
        network the pips alone may dispute a pip rank: when their margin for it is under
        PIP_VETO_BLIND. A disputed read is unknown and marked ``disputed``."""
        if read.card is None or not patches or read.net >= NET_MIN:
            return read  # a network NET_MIN sure of the card (`_suit_agreed`) cannot dispute it
        if self.index_net is None:
            disputed = self._pips is not None and read.card[0] in PIP_RANKS and pips() < PIP_VETO_BLIND
            return replace(read, card=None, confidence=0.0, disputed=True) if disputed else read
        if read.runner_up >= TWIN_CLEAR_RATIO * read.distance:
            return read  # face and corners name it clearly (the network, reading the index alone, not asked)
        sure = self.net_probabilities(patches)
        card, twin = self.profile.cards.index(read.card), self._twin(read.card)
        if sure[twin] >= NET_TWIN_DISPUTE and sure[twin] > sure[card]:
            disputed = read.card[0] not in PIP_RANKS or pips() < PIP_DECISIVE
        else:
            disputed = self._pips is not None and sure[card] < PIP_TRIGGER and pips() < PIP_VETO
        if disputed:
            return replace(read, card=None, confidence=0.0, net=float(sure[card]), disputed=True)
        return read

    def _twin(self, card: str) -> int:
        """Profile index of the other suit of ``card``'s colour (7c: 7s); a profile holds all 52."""
        return self.profile.cards.index(twin_card(card))

    @staticmethod
    def _named_by_both(best: int, net: np.ndarray, face_fits: dict[int, float], agreement: float) -> bool:
        """True when the index network (``net``: its probability per profile card) puts the
        discriminant's ``best`` card first with at least NET_AGREE (NET_AGREE_CLOSE when the
        corner's ``agreement`` with that card's clean template is INDEX_LOOKS_LIKE or more),
        and the face in view fits it within FACE_SLACK of the candidate it fits best
        (``face_fits``)."""
        needed = NET_AGREE_CLOSE if agreement >= INDEX_LOOKS_LIKE else NET_AGREE
        return (int(net.argmax()) == best and net[best] >= needed
                and face_fits[best] >= max(face_fits.values()) - FACE_SLACK)

    def network_sees_no_index(self, patch: np.ndarray) -> bool:
        """True when the index network's own word is that ``patch`` shows no index at all
        (its "no index" probability at least NO_INDEX_SKIP); False without a network."""
        if self.index_net is None:
            return False
        return self.index_net.guess([patch])[0].no_index >= NO_INDEX_SKIP

    def network_sees_an_index(self, patch: np.ndarray) -> bool:
        """True when the index network (with the deck's evidence) gives some card of ``patch``
        at least NET_SEES_INDEX, or when there is no network to ask."""
        tables = self._net_tables([patch])
        return tables is None or float(tables[1][0].max()) >= NET_SEES_INDEX

    def _network_sure(self, best: int, net: np.ndarray, d2: np.ndarray, score: Callable[[int], float],
                      face_fits: dict[int, float]) -> int | None:
        """The card the index network (``net``: its probability per profile card) is sure a
        covered corner shows, when that card lies within the corner limit (``d2``) and the face
        in view (``score``; ``face_fits`` the candidates' fits so far) prefers no other card by
        VISIBLE_LEAD or more; otherwise None. Sure is NET_MIN for the other suit of the colour
        of the corner discriminant's ``best`` (a club against a spade of one rank, small and
        blurred: where both index readers err), NET_TWIN_OVERRULE when that twin lies beyond
        the discriminant's near ties (it clearly prefers ``best``: a blurred 9c under an Ac the
        network took for the 9s), NET_MIN for ``best`` itself too while its twin lies within
        the near ties (the discriminant cannot tell the pair apart: a 2c at 115 px and blur 2
        whose refitted corner both readers named the 2s, the network 0.88), and NET_AGREE
        for ``best`` otherwise (two readers name it) or any card beyond that pair (a 9d whose corner the discriminant puts nearer the 8d: its
        patch cut off the index's place, and the network tells ranks apart). A face in view
        that looks like none of them (the card's correlation with it under FACE_BLIND) is no
        witness: then the network must be NET_MIN sure of any card."""
        twin = self._twin(self.profile.cards[best])
        card = int(net.argmax())
        if card == twin:
            needed = NET_TWIN_OVERRULE if d2[twin] > d2[best] + self.corner_gap else NET_MIN
        elif card == best and d2[twin] <= d2[best] + self.corner_gap:
            needed = NET_MIN  # the pair in a near tie: whichever the network names
        else:
            needed = NET_AGREE
        if net[card] < needed or d2[card] > self.corner_limit:
            return None
        fits = {**face_fits, **{k: score(k) for k in (best, twin, card) if k not in face_fits}}
        if fits[card] < FACE_BLIND and net[card] < NET_MIN:
            return None
        return card if fits[card] >= max(fits.values()) - VISIBLE_LEAD else None

    def read_partly_covered(self, frame: np.ndarray, quad: np.ndarray, patch: np.ndarray,
                            covers: list[np.ndarray]) -> CornerRead:
        """Read a card lying under others from its index corner and the part of its face in view.

        The corner alone may leave two or three cards close (a club and a spade of one rank,
        small and blurred); the face outside ``covers`` (the outlines of the cards on top)
        decides between them: the chosen card's clean face must match that part clearly better.
        Where it does not, the card is still read when the corner's discriminant and the index
        network both name it first and the face prefers no other (:meth:`_named_by_both`; the
        network less sure when the corner looks like the card's clean index).
        First of all, a card the index network is sure of is read when the discriminant puts it
        within the corner limit and the face in view does not object (:meth:`_network_sure`). A card
        the face chose stays unknown when the network vetoes it, as everywhere
        (:func:`_network_vetoes`), or gives it under NET_VETO however unsure of any other card:
        the face chose among the corner's near cards, and the index shows nothing of that one.
        It stays unknown too when the network prefers its twin, unless the discriminant has
        ruled the twin out (beyond twice the corner gap, so the face never scored it) and the
        network is under NET_AGREE sure of it (a 5d the corner put 99 behind the 5h, the
        network 0.81 on the 5d).
        The large pips in view (:mod:`vision.pips`, ranks PIP_RANKS) settle a club against a
        spade of one rank the face in view leaves open, both near the corner, when they show the
        card by PIP_COVERED, unless the network prefers the twin: the card's outline is inferred
        from one corner, and pips matched on it can favour the wrong suit.
        """
        (d2,), (feat,) = self._corner_evidence([patch])
        ranked = [int(k) for k in np.argsort(d2)[:4]]
        best = ranked[0]
        unknown = CornerRead(None, 0.0, self.profile.cards[best], float(d2[best]),
                             float(d2[ranked[1]]), 0.0)
        if d2[best] > self.corner_limit:
            return unknown
        # candidates: the corner's near ties, which the face must tell apart, and the next ones
        # out to twice the corner's gap, which may still veto a choice the face does not support
        near = [k for k in ranked if d2[k] <= d2[best] + self.corner_gap]
        far = [k for k in ranked if d2[best] + self.corner_gap < d2[k] <= d2[best] + 2 * self.corner_gap]
        visible = in_view_mask(quad, covers, FACE_SIZE)[1:-1, 1:-1] > 0
        if visible.mean() < VISIBLE_MIN:
            return unknown
        light = _planes(face_image(frame, quad)[1:-1, 1:-1])[0]

        def score(k: int) -> float:
            template = self.profile.face.templates[k][:light.size].reshape(light.shape).astype(np.float32)
            return max(_visible_correlation(light, template, visible),
                       _visible_correlation(light, template[::-1, ::-1], visible))

        scores = {k: score(k) for k in near + far}
        tables = self._net_tables([patch])
        table = None if tables is None else tables[1]
        sure = None if table is None else self._network_sure(best, table[0], d2, score, scores)
        if sure is not None:
            chance = float(table[0, sure])
            return CornerRead(self.profile.cards[sure], round(chance, 3), self.profile.cards[sure],
                              float(d2[sure]), float(d2[ranked[1]]), score(sure), chance)
        card = max(near, key=scores.get)
        lead = scores[card] - max((scores[k] for k in near if k != card), default=0.0)
        vetoed = any(scores[k] >= scores[card] for k in far)
        confidence = float(min(1.0, lead / (2 * VISIBLE_LEAD)))
        twin = self._twin(self.profile.cards[card])
        pips = functools.cache(lambda k: 0.0 if self.profile.cards[k][0] not in PIP_RANKS
                               else self._pip_margin(frame, quad, self.profile.cards[k], covers))
        if lead < VISIBLE_LEAD and not vetoed and twin in near and max(
                (scores[k] for k in near if k not in (card, twin)), default=0.0) < scores[card] - VISIBLE_LEAD:
            # the face in view leaves a club and a spade of one rank (small pips): the large
            # pips in view may tell them apart (not when a farther card's face fits as well: a
            # 9d's corner whose face in view chose the Td, the Th beside it)
            if pips(card) >= PIP_COVERED:
                lead = VISIBLE_LEAD
            elif -pips(card) >= PIP_COVERED:
                card, twin, lead = twin, card, VISIBLE_LEAD
            confidence = float(min(1.0, abs(pips(card)) / (2 * PIP_COVERED)))
        if lead < VISIBLE_LEAD or vetoed:
            # the face in view does not settle it; it may still not contradict the two index
            # readers naming one card
            agreement = self.profile.corner.agreement(feat, best)
            if table is None or not self._named_by_both(best, table[0], scores, agreement):
                return unknown
            card, confidence = best, float(table[0, best])  # as sure as the network
            twin = self._twin(self.profile.cards[card])
        if scores[card] < VISIBLE_CORRELATION or d2[card] > self.corner_limit:
            return unknown
        if self.profile.corner.agreement(feat, card) < self.min_agreement:
            return unknown  # the corner itself does not look like that card's index
        # the face in view cannot tell a club from a spade; the network can (unless the
        # corner's discriminant already did: a 130 px Qc, its Qs 114 behind)
        if table is not None and table[0, twin] > table[0, card] and (
                d2[twin] <= d2[best] + 2 * self.corner_gap or table[0, twin] >= NET_AGREE):
            return unknown
        if tables is not None and (tables[0][0, card] < NET_VETO or _network_vetoes(card, tables[1][0])):
            # the index shows the network nothing of it (a 9c whose face in view fits the Tc),
            # or the deck's evidence clearly sees another card (a 9h whose face fits the Th)
            return unknown
        return CornerRead(self.profile.cards[card], round(confidence, 3), self.profile.cards[card],
                          float(d2[card]), float(d2[ranked[1]]), scores[card])


def index_corners(blob: Blob) -> list[Corner]:
    """The two corners of a single-card blob whose ``u`` runs along a short side."""
    if blob.quad is None:
        return []
    width = quad_width(blob.quad)
    return [c for c in blob.corners if c.u_len < 1.15 * width]


def find_card(image: np.ndarray) -> tuple[np.ndarray | None, list[Corner], float]:
    """The quad, index corners and width of the one whole card in ``image`` (a capture)."""
    blobs = [b for b in find_blobs(image) if b.quad is not None]
    if not blobs:
        return None, [], 0.0
    blob = max(blobs, key=lambda b: b.area)
    return blob.quad, index_corners(blob), quad_width(blob.quad)


def full_card(corner: Corner, width: float) -> np.ndarray:
    """The four corners (TL TR BR BL) of the card whose index corner is ``corner``."""
    p, u, w = corner.point, corner.u * width, corner.w * width * CARD_ASPECT
    return np.float32([p, p + u, p + u + w, p + w])
