"""Card finding: corners and whole-card quads on rendered scenes with known truth."""

from __future__ import annotations

import numpy as np

from vision.find import card_mask, card_width_estimate, find_blobs
from vision.synth import make_scene, make_table


def _nearest(points: np.ndarray, target: np.ndarray) -> float:
    return float(np.min(np.linalg.norm(points - target, axis=1)))


def test_board_cards_are_found_as_whole_cards_with_their_corners(heruka):
    scene = make_table(np.random.default_rng(3), heruka, ["Qs", "9s", "3c", "Kd", "2h"])
    quads = [b.quad for b in find_blobs(scene.image) if b.quad is not None]
    assert len(quads) == 5
    for truth in scene.truth:
        quad = min(quads, key=lambda q: np.linalg.norm(q.mean(axis=0) - truth.corners.mean(axis=0)))
        for corner in truth.corners:
            assert _nearest(quad, corner) < 4.0  # pixels, on 160 px cards


def test_card_width_estimate_matches_the_cards(heruka):
    scene = make_table(np.random.default_rng(4), heruka, ["Ah", "Kd", "7c"], card_h=140)
    width = card_width_estimate(find_blobs(scene.image))
    assert abs(width - 140 / 1.4) < 3


def test_fanned_hand_exposes_the_under_cards_index_corner(heruka):
    scene = make_table(np.random.default_rng(5), heruka, [], reader=["Ah", "Kd"])
    under = scene.truth[0]
    corners = np.array([c.point for b in find_blobs(scene.image) for c in b.corners])
    assert _nearest(corners, under.corners[0]) < 4.0


def _red_back() -> np.ndarray:
    back = np.full((280, 200, 3), (40, 40, 170), np.uint8)
    back[::6] = (30, 30, 120)
    return back


def test_felt_chips_lines_and_red_backs_make_no_whole_card(heruka):
    rng = np.random.default_rng(11)
    for _ in range(5):
        scene = make_scene(rng, heruka, layout="empty", clutter=True, back=_red_back())
        assert scene.truth == []
        assert [b for b in find_blobs(scene.image) if b.quad is not None] == []


def test_mask_is_empty_on_plain_felt_with_a_light_gradient():
    yy, xx = np.mgrid[0:360, 0:640]
    gain = 0.5 + 0.5 * xx / 640
    frame = (np.array([30, 110, 40])[None, None, :] * gain[:, :, None]).astype(np.uint8)
    assert card_mask(frame).max() == 0
