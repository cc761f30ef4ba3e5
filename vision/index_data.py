"""Training data for the index network: font decks and index-corner patches with labels.

The network (:mod:`vision.indexnet`) must read the index of decks it never saw, so it is
trained on many index styles: the two committed tuning decks plus *font decks*, drawn here
with the system's DejaVu and Liberation fonts (rank in one font, suit glyph in another, in
random sizes, places, widths and inks, with pips or a picture beside them), and when asked
(``python -m vision.train_index --themes``; not the committed network) AisleRiot themes other
than the unseen ones (:data:`TRAINING_THEMES`), for shapes of clubs and spades no font
draws. The unseen designs (:data:`vision.art.AISLERIOT_UNSEEN`) and the themes drawn from
the same art (``anglo*``, ``tango_nuevo``) are never used: they stay unseen, for measurement.

Each patch is cut exactly as the reader cuts it (:func:`vision.read.corner_patch`) from a
card laid on felt under a tilted camera, with blur, noise, uneven light and the finder's
small errors of place, turn and width. Patches that are no index (a plain corner, the
middle of a face, felt, chips, a back) teach the network to say so.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.art import CARD_NAMES, RANKS, SUITS, load_deck, render_aisleriot
from vision.find import Corner, rotate
from vision.read import MARGIN, corner_patch
from vision.synth import _Canvas, _chips, _felt, _light, _tilt, load_back

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation"))
#: Suit glyphs (black spade, heart, diamond, club) and the fonts that have them.
SUIT_GLYPHS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
#: Label of a patch that shows no index (both heads).
NO_INDEX = -1
#: AisleRiot themes the network may learn from: French suits, indices A, 2-10, J, Q, K.
#: Left out: the unseen designs and their kin (anglo*, tango_nuevo), themes of other suits
#: or index letters (swiss-xvii, tarocco, berlin, lattmann, rheinland, slavic_costumes,
#: atlasnye_skat), themes rsvg-convert renders mostly blank or smeared (ancient_french,
#: neoclassical*, plastic, *_bitmap) and guyenne-classic (court cards without an index).
TRAINING_THEMES = ("atlasnye", "bellot", "dondorf", "gnomangelo", "orell", "ornamental", "paris", "tigullio")
#: A rendered card whose index corner is less paper than this share of its theme's plain
#: cards' (A, 2, 3), or has less fine detail than CLEAN_DETAIL (grey levels), is a smear.
CLEAN_PAPER = 0.8
CLEAN_DETAIL = 18.0


def rank_fonts() -> list[Path]:
    """The installed fonts a rank may be drawn in."""
    fonts = [p for d in FONT_DIRS if d.is_dir() for p in sorted(d.glob("*.ttf"))]
    return [p for p in fonts if "Math" not in p.name and "ExtraLight" not in p.name]


def suit_fonts() -> list[Path]:
    """The installed fonts that draw the four suit glyphs (DejaVu's)."""
    return [p for p in rank_fonts() if p.name.startswith("DejaVuSans") and "Mono" not in p.name]


def _inks(rng: np.random.Generator, four_colour: bool) -> dict[str, tuple[int, int, int]]:
    """RGB ink per suit: red and black, or a four-colour deck."""
    red = (int(rng.integers(170, 240)), int(rng.integers(0, 50)), int(rng.integers(0, 60)))
    black = tuple(int(v) for v in rng.integers(0, 50, 3))
    if not four_colour:
        return {"s": black, "c": black, "h": red, "d": red}
    green = (int(rng.integers(0, 40)), int(rng.integers(110, 160)), int(rng.integers(0, 60)))
    blue = (int(rng.integers(0, 40)), int(rng.integers(40, 90)), int(rng.integers(170, 230)))
    return {"s": black, "c": green, "h": red, "d": blue}


def font_deck(rng: np.random.Generator, size: tuple[int, int] = (200, 280)) -> dict[str, np.ndarray]:
    """One random index style drawn for all 52 cards (BGR images, ``size`` = width, height)."""
    from PIL import Image, ImageDraw, ImageFont

    width, height = size
    rank_font = ImageFont.truetype(str(rng.choice(rank_fonts())), int(rng.integers(28, 48)))
    suit_font_path = str(rng.choice(suit_fonts()))
    suit_font = ImageFont.truetype(suit_font_path, int(rng.integers(18, 32)))
    pip_font = ImageFont.truetype(suit_font_path, int(rng.integers(34, 52)))
    squeeze = float(rng.uniform(0.6, 1.0))
    left, top = int(rng.integers(5, 14)), int(rng.integers(5, 14))
    gap = int(rng.integers(0, 8))
    inks = _inks(rng, rng.random() < 0.15)
    paper = tuple(int(v) for v in rng.integers(232, 256, 3))
    border = rng.random() < 0.6

    def index_image(rank: str, suit: str) -> Image.Image:
        text = "10" if rank == "T" else rank
        ink = inks[suit]
        box = rank_font.getbbox(text)
        glyph = Image.new("RGBA", (box[2] - box[0] + 4, box[3] - box[1] + 4), (0, 0, 0, 0))
        ImageDraw.Draw(glyph).text((2 - box[0], 2 - box[1]), text, font=rank_font, fill=ink + (255,))
        glyph = glyph.resize((max(1, int(glyph.width * squeeze)), glyph.height), Image.LANCZOS)
        sbox = suit_font.getbbox(SUIT_GLYPHS[suit])
        pip = Image.new("RGBA", (sbox[2] - sbox[0] + 4, sbox[3] - sbox[1] + 4), (0, 0, 0, 0))
        ImageDraw.Draw(pip).text((2 - sbox[0], 2 - sbox[1]), SUIT_GLYPHS[suit], font=suit_font, fill=ink + (255,))
        out = Image.new("RGBA", (max(glyph.width, pip.width), glyph.height + gap + pip.height), (0, 0, 0, 0))
        out.alpha_composite(glyph, ((out.width - glyph.width) // 2, 0))
        out.alpha_composite(pip, ((out.width - pip.width) // 2, glyph.height + gap))
        return out

    deck = {}
    for name in CARD_NAMES:
        rank, suit = name
        card = Image.new("RGBA", (width, height), paper + (255,))
        draw = ImageDraw.Draw(card)
        if border:
            draw.rounded_rectangle((2, 2, width - 3, height - 3), radius=12, outline=(30, 30, 30, 255), width=2)
        # the middle: pips for number cards, a picture for court cards, one big pip for an ace
        if rank in "JQK":
            for _ in range(14):
                x0, y0 = rng.integers(48, width - 60), rng.integers(40, height - 60)
                colour = tuple(int(v) for v in rng.integers(0, 255, 3)) + (255,)
                draw.rectangle((int(x0), int(y0), int(x0 + rng.integers(10, 50)), int(y0 + rng.integers(10, 50))),
                               fill=colour)
        else:
            count = 1 if rank == "A" else min(RANKS.index(rank) + 2, 10)
            for k in range(count):
                x = width // 2 if count in (1, 3) else (int(width * 0.32) if k % 2 else int(width * 0.68))
                y = int(height * (0.5 if count == 1 else 0.18 + 0.64 * (k // 2 if count > 3 else k) /
                                  max(1, (count - 1) // 2 if count > 3 else count - 1)))
                draw.text((x, y), SUIT_GLYPHS[suit], font=pip_font, fill=inks[suit] + (255,), anchor="mm")
        index = index_image(rank, suit)
        card.alpha_composite(index, (left, top))
        card.alpha_composite(index.rotate(180), (width - left - index.width, height - top - index.height))
        deck[name] = cv2.cvtColor(np.array(card.convert("RGB")), cv2.COLOR_RGB2BGR)
    return deck


def _corner_look(image: np.ndarray) -> tuple[float, float]:
    """An art's index corner: its share of paper, and its fine detail (mean difference, in
    grey levels of the darkest channel, from itself seen 6 times coarser)."""
    height, width = image.shape[:2]
    darkest = image[int(height * 0.02):int(height * 0.3), int(width * 0.02):int(width * 0.22)].min(axis=2)
    darkest = darkest.astype(np.float32)
    coarse = cv2.resize(darkest, (darkest.shape[1] // 6, darkest.shape[0] // 6), interpolation=cv2.INTER_AREA)
    detail = float(np.mean(np.abs(darkest - cv2.resize(coarse, darkest.shape[::-1]))))
    return float(np.mean(darkest > np.percentile(darkest, 90) - 25)), detail


def clean_cards(deck: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The cards of a rendered deck whose index corner is drawn, not a smear (rsvg-convert
    renders some AisleRiot cards as a blown-up blur of part of the sheet)."""
    looks = {card: _corner_look(image) for card, image in deck.items()}
    plain = float(np.median([looks[c][0] for c in deck if c[0] in "A23"]))
    return {card: image for card, image in deck.items()
            if looks[card][0] >= CLEAN_PAPER * plain and looks[card][1] >= CLEAN_DETAIL}


def aisleriot_deck(theme: str, cache: Path) -> dict[str, np.ndarray]:
    """The cleanly rendered cards of an AisleRiot training theme (rendered into ``cache``)."""
    return clean_cards(load_deck(render_aisleriot(theme, cache / theme)))


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def _patch(rng: np.random.Generator, image: np.ndarray, point: np.ndarray, u: np.ndarray, w: np.ndarray,
           width: float, exact: bool = False) -> np.ndarray:
    """A reader's patch at a corner, with the finder's errors of place, turn and width."""
    if not exact:
        turn = rng.normal(0, np.radians(2.0))
        point = point + rng.normal(0, 0.015 * width, 2)
        u, w = rotate(u, turn), rotate(w, turn)
        width = width * rng.uniform(0.9, 1.1)
    return corner_patch(image, Corner(point, u, w, 0.0, 0.0, 0), width, margin=MARGIN)


def card_patches(rng: np.random.Generator, face: np.ndarray, card: str, views: int = 3,
                 per_view: int = 3) -> tuple[list[np.ndarray], list[tuple[int, int]]]:
    """Index patches (and no-index patches) of one card art as cameras see it."""
    patches, labels = [], []
    rank, suit = RANKS.index(card[0]), SUITS.index(card[1])
    back = load_back()
    for _ in range(views):
        card_h = float(rng.uniform(90, 240))
        size = int(card_h * 2.4)
        canvas = _Canvas(_felt(rng, size, size))
        if rng.random() < 0.3:
            _chips(rng, canvas.image, card_h, int(rng.integers(1, 3)))
        if rng.random() < 0.3:
            canvas.place(back, (rng.uniform(0, size), rng.uniform(0, size)), card_h, rng.uniform(0, 360), -1)
        corners = canvas.place(face, (size / 2, size / 2), card_h, rng.uniform(0, 360), 1)
        homography = _tilt(rng, size, size, 30.0)
        image = cv2.warpPerspective(canvas.image, homography, (size, size), borderMode=cv2.BORDER_REFLECT)
        corners = cv2.perspectiveTransform(corners[None].astype(np.float32), homography)[0].astype(np.float64)
        _light(rng, image, rng.uniform(0, 0.6))
        blur = rng.choice([0.0, rng.uniform(0.4, 2.6)])
        if blur > 0:
            image = cv2.GaussianBlur(image, (0, 0), blur)
        image += rng.normal(0, rng.uniform(1, 8), image.shape).astype(np.float32)
        image = np.clip(image, 0, 255).astype(np.uint8)
        tl, tr, br, bl = corners
        width = float((np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2)
        for _ in range(per_view):
            for point, u, w in ((tl, tr - tl, bl - tl), (br, bl - br, tr - br)):
                patches.append(_patch(rng, image, point, _unit(u), _unit(w), width))
                labels.append((rank, suit))
        # no index: a plain corner, the middle of the face, felt (or a chip, a back)
        for point, u, w in ((tr, br - tr, tl - tr), (bl, tl - bl, br - bl)):
            patches.append(_patch(rng, image, point, _unit(u), _unit(w), width))
            labels.append((NO_INDEX, NO_INDEX))
        inside = tl + rng.uniform(0.3, 0.7) * (tr - tl) + rng.uniform(0.25, 0.75) * (bl - tl)
        angle = rng.uniform(0, 2 * np.pi)
        u = np.array([np.cos(angle), np.sin(angle)])
        patches.append(_patch(rng, image, inside, u, np.array([-u[1], u[0]]), width))
        labels.append((NO_INDEX, NO_INDEX))
        anywhere = rng.uniform(0, size, 2)
        patches.append(_patch(rng, image, anywhere, u, np.array([-u[1], u[0]]), width))
        labels.append((NO_INDEX, NO_INDEX))
    return patches, labels
