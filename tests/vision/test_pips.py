"""The large pips' margin between a card and the other suit of its colour (vision.pips)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.pips
from vision.pips import PAD, PIP_SIZE, PipTemplates, in_view, pip_face
from vision.read import PIP_DECISIVE, PIP_RANKS, twin_card
from vision.synth import make_scene


@pytest.mark.parametrize("seed", range(6))
def test_the_pips_of_a_100px_card_at_blur_2_show_its_suit_and_not_the_other_of_its_colour(
        heruka, heruka_profile, seed):
    """Boards of heruka cards 99-120 px tall at blur 2 (where the index's suit glyph is a
    blob): every card's pips give it a margin of PIP_DECISIVE or more over the other suit of
    its colour, and that card the same margin the other way (the margin is antisymmetric)."""
    pips = PipTemplates(heruka_profile.pip_faces, heruka_profile.cards)
    scene = make_scene(np.random.default_rng(seed), heruka, layout="board", card_h=100, blur=2.0)
    assert len(scene.truth) >= 3
    for truth in scene.truth:
        card = str(truth.card)
        margin = pips.margin(scene.image, truth.corners, card, twin_card(card))
        assert margin >= PIP_DECISIVE, (card, margin)
        assert pips.margin(scene.image, truth.corners, twin_card(card), card) == pytest.approx(-margin, abs=1e-6)


def test_a_pip_face_is_the_card_upright_at_pip_size_with_felt_around(heruka, heruka_profile):
    """The calibration keeps one pip face per card, grey, PIP_SIZE plus PAD on every side;
    the face cut from the quad's far corner first is the same face turned half round."""
    width, height = PIP_SIZE
    assert heruka_profile.pip_faces.shape == (52, height + 2 * PAD, width + 2 * PAD)
    assert heruka_profile.pip_faces.dtype == np.uint8
    scene = make_scene(np.random.default_rng(0), heruka, layout="loose", blur=0.0)
    quad = scene.truth[0].corners
    upright, turned = pip_face(scene.image, quad), pip_face(scene.image, np.roll(quad, 2, axis=0))
    def likeness(a: np.ndarray, b: np.ndarray) -> float:
        return float(np.corrcoef(a.ravel().astype(float), b.ravel().astype(float))[0, 1])

    assert likeness(upright, turned[::-1, ::-1]) > 0.97
    inside = upright[PAD + 10:-PAD - 10, PAD + 10:-PAD - 10]
    assert inside.mean() > upright[:2].mean()  # card paper inside, felt outside


def test_only_the_part_of_a_card_in_view_counts_when_cards_lie_on_it(heruka, heruka_profile):
    """The 100 px, blur 2 board of seed 3 with a grey card laid over the lower half of each
    card's face: told where that card lies (``covers``), the pips in view still give each card
    PIP_DECISIVE or more over the other suit of its colour; the part covered is no evidence."""
    pips = PipTemplates(heruka_profile.pip_faces, heruka_profile.cards)
    scene = make_scene(np.random.default_rng(3), heruka, layout="board", card_h=100, blur=2.0)
    image = scene.image.copy()
    covers = []
    for truth in scene.truth:
        tl, tr, br, bl = truth.corners
        cover = np.array([(tl + bl) / 2 - (tr - tl) * 0.1, (tr + br) / 2 + (tr - tl) * 0.1,
                          br + (br - tr) * 0.3, bl + (bl - tl) * 0.3])
        cv2.fillConvexPoly(image, np.round(cover).astype(np.int32), (150, 150, 150))
        covers.append(cover)
    for truth, cover in zip(scene.truth, covers, strict=True):
        card = str(truth.card)
        assert pips.margin(image, truth.corners, card, twin_card(card), [cover]) >= PIP_DECISIVE, card
    visible = in_view(scene.truth[0].corners, [covers[0]])
    width, height = PIP_SIZE
    assert visible[PAD + height // 4, PAD + width // 2] == 255 and visible[PAD + 3 * height // 4, PAD + width // 2] == 0


@pytest.mark.parametrize("gain", [1.4, 1.8])
def test_a_face_washed_out_by_the_camera_is_compared_with_captures_clipped_alike(
        heruka, heruka_profile, gain):
    """The 100 px, blur 2 boards of seeds 0-5 brightened until the camera saturates (``gain``
    1.4 or 1.8, the paper and the light edges of the pips at 255): the captures, clipped at
    the lightness above which as much of them lies as of the view is saturated, still show each
    card's own suit by more than 0.1. Unclipped, at 1.8 the 6c of seed 0 fits the 6s better
    (margin -0.24) and the 8c of seed 1 the 8s (-0.10)."""
    pips = PipTemplates(heruka_profile.pip_faces, heruka_profile.cards)
    for seed in range(6):
        scene = make_scene(np.random.default_rng(seed), heruka, layout="board", card_h=100, blur=2.0)
        image = np.clip(scene.image.astype(np.float32) * gain, 0, 255).astype(np.uint8)
        for truth in scene.truth:
            card = str(truth.card)
            if card[0] in PIP_RANKS:
                assert pips.margin(image, truth.corners, card, twin_card(card)) > 0.1, (seed, card)


@pytest.mark.parametrize("seed", range(3))
def test_a_card_found_a_few_pixels_off_is_placed_by_its_capture(heruka, heruka_profile, seed):
    """A board of heruka cards 100-115 px tall at blur 2, each card's quad given with its far
    corners 6.5-6.9 px off (6 px too deep, 3 px aside: a card spelled out by one side from the
    card's shape). Its capture's fit puts it where the fit from the true quad puts it, within
    0.5 px, either way up, and every corner within 4 px of the drawn truth (the capture's own
    outline, found at calibration, lies up to about 3.7 px from the drawn one)."""
    pips = PipTemplates(heruka_profile.pip_faces, heruka_profile.cards)
    scene = make_scene(np.random.default_rng(seed), heruka, layout="board", card_h=100, blur=2.0)
    for truth in scene.truth:
        card = str(truth.card)
        tl, tr, br, bl = truth.corners.astype(np.float32)
        down = (bl - tl) / np.linalg.norm(bl - tl)
        aside = (tr - tl) / np.linalg.norm(tr - tl)
        off = np.float32([tl, tr, br + 6 * down + 3 * aside, bl + 6 * down + 3 * aside])
        for turned in (0, 2):
            placed = pips.place(scene.image, np.roll(off, turned, axis=0), card)
            from_truth = pips.place(scene.image, np.roll(truth.corners, turned, axis=0), card)
            assert placed is not None, card
            assert np.linalg.norm(placed - from_truth, axis=1).max() < 0.5, card
            assert np.linalg.norm(np.roll(placed, -turned, axis=0) - truth.corners, axis=1).max() < 4.0, card


def test_a_fit_that_would_move_a_corner_too_far_places_nothing(heruka, heruka_profile, monkeypatch):
    """The same quads 6.5-6.9 px off (seed 0), with PLACE_MAX_MOVE cut to 0.02 card widths
    (1.6 px for these cards): the fit would move the far corners about 6 px, so no card is
    placed; at PLACE_MAX_MOVE (0.15) each is."""
    pips = PipTemplates(heruka_profile.pip_faces, heruka_profile.cards)
    scene = make_scene(np.random.default_rng(0), heruka, layout="board", card_h=100, blur=2.0)
    offs = []
    for truth in scene.truth:
        tl, tr, br, bl = truth.corners.astype(np.float32)
        down = (bl - tl) / np.linalg.norm(bl - tl)
        aside = (tr - tl) / np.linalg.norm(tr - tl)
        offs.append((str(truth.card), np.float32([tl, tr, br + 6 * down + 3 * aside, bl + 6 * down + 3 * aside])))
    assert all(pips.place(scene.image, off, card) is not None for card, off in offs)
    monkeypatch.setattr(vision.pips, "PLACE_MAX_MOVE", 0.02)
    assert [pips.place(scene.image, off, card) for card, off in offs] == [None] * len(offs)


def test_a_card_clearly_one_way_up_is_placed_by_one_fit_and_a_card_alike_either_way_by_two(
        heruka, heruka_profile, monkeypatch):
    """The quads 6.5-6.9 px off of seed 0's board (9h 4h 7h 6c Kh), the fits counted: the
    7h, 9h and 6c, whose pips look PLACE_CLEAR_WAY or more alike one way up, are placed by
    one homography fit; the Kh and the 4h, alike either way, by two, the better taken. When
    the one way's fit does not converge, the other way is fitted and the card still placed."""
    pips = PipTemplates(heruka_profile.pip_faces, heruka_profile.cards)
    scene = make_scene(np.random.default_rng(0), heruka, layout="board", card_h=100, blur=2.0)
    real = cv2.findTransformECC
    fits: list[str] = []

    def counted(*args, **kwargs):
        fits.append("fit")
        return real(*args, **kwargs)

    monkeypatch.setattr(cv2, "findTransformECC", counted)
    counts = {}
    for truth in scene.truth:
        tl, tr, br, bl = truth.corners.astype(np.float32)
        down = (bl - tl) / np.linalg.norm(bl - tl)
        aside = (tr - tl) / np.linalg.norm(tr - tl)
        off = np.float32([tl, tr, br + 6 * down + 3 * aside, bl + 6 * down + 3 * aside])
        fits.clear()
        assert pips.place(scene.image, off, str(truth.card)) is not None
        counts[str(truth.card)] = len(fits)
    assert counts == {"9h": 1, "4h": 2, "7h": 1, "6c": 1, "Kh": 2}

    def first_fails(*args, **kwargs):
        fits.append("fit")
        if len(fits) == 1:
            raise cv2.error("not converged")
        return real(*args, **kwargs)

    monkeypatch.setattr(cv2, "findTransformECC", first_fails)
    seven = next(t for t in scene.truth if str(t.card) == "7h")
    fits.clear()
    placed = pips.place(scene.image, seven.corners, "7h")
    assert len(fits) == 2 and placed is not None
