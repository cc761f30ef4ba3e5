"""Card finding: corners and whole-card quads on rendered scenes with known truth."""

from __future__ import annotations

import cv2
import numpy as np

from vision.find import (
    EDGE_END_GAP,
    EDGE_SHORT_GAP,
    SIDE_DEPTHS,
    Corner,
    card_mask,
    card_width_estimate,
    channel_extremes,
    diagonals,
    edge_corners,
    find_blobs,
    merge_corners,
    quads_from_sides,
    refine_corner,
    unsaturated,
)
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


def _tabled_hand_on_a_line(size: tuple[int, int], under: np.ndarray,
                           line: tuple[tuple[int, int], tuple[int, int]]) -> np.ndarray:
    """Green felt ``size`` (width, height) with a 9 px betting line drawn from ``line[0]`` to
    ``line[1]`` and a tabled hand on it: the card ``under`` (TL TR BR BL) and a card 55 px
    right of it and 12 px down, lying on it."""
    frame = np.zeros((size[1], size[0], 3), np.uint8)
    frame[:] = (40, 110, 30)
    cv2.line(frame, line[0], line[1], (230, 230, 230), 9, cv2.LINE_AA)
    for card in (under, under + np.float32([55, 12])):
        cv2.fillConvexPoly(frame, np.round(card).astype(np.int32), (235, 235, 235), cv2.LINE_AA)
        cv2.polylines(frame, [np.round(card).astype(np.int32)], True, (120, 120, 120), 1, cv2.LINE_AA)
    return frame


def test_a_printed_line_merged_into_a_tabled_hand_does_not_set_the_card_width():
    """With no card whole in the frame the width comes from the longest edge, taken for a
    card's long side: a betting line merged into a tabled hand's region gives an edge of
    444 px here, which made 317 px cards (on the bench, simplistic frame 336: 680 px, 486 px
    cards, and the tabled Js and 6h went unread). An edge longer than a card whose long side
    it is could fit in its region is left out."""
    under = np.array([[300, 100], [410, 110], [397, 264], [287, 254]], np.float32)
    (blob,) = find_blobs(_tabled_hand_on_a_line((700, 400), under, ((0, 250), (560, 256))))
    assert blob.quad is None  # the two cards and the line: one region
    assert max(max(c.u_len, c.w_len) for c in blob.corners) > 400  # the line's edge
    assert abs(card_width_estimate([blob]) - 110) < 10


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


def _whiteness(image: np.ndarray) -> np.ndarray:
    return cv2.min(cv2.min(image[:, :, 0], image[:, :, 1]), image[:, :, 2])


def test_touching_board_cards_are_spelled_out_by_two_opposite_corners(heruka):
    """Cards laid edge to edge merge into one region; each is still found whole. The Kd's
    corners lie where its edges run on in line with its neighbours' (one straight segment
    through the corner): found since edge corners take such segments too."""
    scene = make_table(np.random.default_rng(3), heruka, ["Qs", "9s", "3c", "Kd", "2h"], card_h=182)
    blobs = find_blobs(scene.image)
    assert len(blobs) == 1 and blobs[0].quad is None  # one merged region, not a card
    blob = blobs[0]
    corners = merge_corners(blob.outline_corners, edge_corners(_whiteness(scene.image), blob.contour, 30))
    quads = [quad for _, _, quad in diagonals(corners)]
    width = 182 / 1.4
    spelled = [truth.card for truth in scene.truth
               if min(max(_nearest(quad, corner) for corner in truth.corners) for quad in quads) < 0.07 * width]
    assert spelled == ["Qs", "9s", "3c", "Kd", "2h"]  # within 9 px (edges found at half resolution)


def test_an_edge_corner_is_found_where_its_side_runs_on_in_line_with_another_card():
    """Two cards side by side with their top sides in line: one straight segment runs along
    both, through the right card's top-left corner, where the card's left side (the shaded
    line where it lies on the left card) ends. The segment running on through the crossing
    still makes a corner, turned the way the other side's bright side faces, its top side
    counted from the corner (about one card width, not both)."""
    whiteness = np.full((400, 500), 40, np.uint8)
    whiteness[100:241, 100:200] = 215
    whiteness[100:241, 200:301] = 235
    whiteness[100:241, 199:202] = 150
    whiteness = cv2.GaussianBlur(whiteness, (0, 0), 1.0)
    region = np.array([[[100, 100]], [[300, 100]], [[300, 240]], [[100, 240]]], np.int32)
    corners = edge_corners(whiteness, region, 30)
    (corner,) = [c for c in corners if np.linalg.norm(c.point - (200, 100)) < 4 and c.u[0] > 0.99]
    assert corner.w[1] > 0.99  # its left side runs down from it
    assert 90 < corner.u_len < 105 and 125 < corner.w_len < 145


def _card_on_felt(blur: float, cut: int = 0, neighbour: tuple[int, int] | None = None) -> np.ndarray:
    """Whiteness of a 100 x 170 px card (top-left corner at 150, 100) on dark felt: its corner
    cut off ``cut`` px along both sides, and ``neighbour`` (its top and bottom row) a card face
    as white as it lying against its left side, so that part of the side shows no edge."""
    whiteness = np.full((400, 500), 40, np.uint8)
    cv2.rectangle(whiteness, (150, 100), (249, 269), 230, -1)
    if cut:
        cv2.fillConvexPoly(whiteness, np.int32([[149, 99], [150 + cut, 99], [149, 100 + cut]]), 40)
    if neighbour:
        cv2.rectangle(whiteness, (60, neighbour[0]), (149, neighbour[1]), 230, -1)
    return cv2.GaussianBlur(whiteness, (0, 0), blur)


def _corners_near(corners: list[Corner], point: tuple[int, int]) -> list[Corner]:
    return [c for c in corners if np.linalg.norm(c.point - point) < 6]


def test_an_edge_corner_is_found_where_both_sides_stop_short_of_it():
    """A card's straight sides stop short of its corner (the rounding, blur, a neighbour's edge
    meeting it). Here both stop 18 px short: within EDGE_END_GAP of the longer side (150 px
    visible, 30 px), but more than 0.12 of the shorter (80 px visible, 10 px), the bar before.
    The corner is found; cut 30 px short (sides of 68 and 138 px visible), it is not."""
    assert EDGE_END_GAP == 0.2
    region = np.array([[[150, 100]], [[249, 100]], [[249, 269]], [[150, 269]]], np.int32)
    (corner,) = _corners_near(edge_corners(_card_on_felt(2.0, cut=18), region, 30), (150, 100))
    assert corner.u[0] > 0.99 and corner.w[1] > 0.99  # the top side runs right, the left side down
    assert 75 < corner.u_len < 85 and 145 < corner.w_len < 155
    assert _corners_near(edge_corners(_card_on_felt(2.0, cut=30), region, 30), (150, 100)) == []


def test_an_edge_corner_is_found_where_one_side_fades_against_a_neighbour():
    """The top side ends at the corner; the left side shows no edge for its first 40 px, where
    a neighbour's face as white as the card lies against it (a third of its visible 125 px,
    more than EDGE_END_GAP of the longer side): within EDGE_SHORT_GAP of its own length, the
    corner is still found; with 50 px of 115 hidden, it is not."""
    assert EDGE_SHORT_GAP == 0.35
    region = np.array([[[60, 90]], [[249, 90]], [[249, 269]], [[60, 269]]], np.int32)
    found = edge_corners(_card_on_felt(1.5, neighbour=(90, 140)), region, 30)
    (corner,) = _corners_near(found, (150, 100))
    assert corner.u[0] > 0.99 and corner.w[1] > 0.99
    assert 90 < corner.u_len < 100 and 120 < corner.w_len < 130
    assert _corners_near(edge_corners(_card_on_felt(1.5, neighbour=(90, 150)), region, 30), (150, 100)) == []


def test_edge_corners_find_a_corner_the_outline_does_not_show(heruka):
    """The top card of a fanned hand: its bottom-left corner lies on the card below."""
    scene = make_table(np.random.default_rng(5), heruka, [], reader=["Ah", "Kd"])
    top_bottom_left = scene.truth[1].corners[3]
    (blob,) = find_blobs(scene.image)
    outline = np.array([c.point for c in blob.outline_corners])
    edges = np.array([c.point for c in edge_corners(_whiteness(scene.image), blob.contour, 30)])
    assert _nearest(outline, top_bottom_left) > 20.0
    assert _nearest(edges, top_bottom_left) < 4.0


def test_a_printed_ring_round_the_table_is_not_filled_as_a_card():
    """A betting line drawn round the table encloses half the felt: its inside is no hole."""
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = (30, 100, 40)
    cv2.ellipse(frame, (640, 360), (500, 250), 0, 0, 360, (230, 230, 230), 4, cv2.LINE_AA)
    assert card_mask(frame).max() == 0


def test_board_cards_touching_a_printed_ring_are_found_whole(heruka, monkeypatch):
    """A betting line round the table that the board cards touch joins them into one region
    whose hole (the ring's inside) is less than HOLE_FILL_SHARE of it: a hole that large
    (over HOLE_MAX_FRAME_SHARE of the frame) is no card's ink and stays felt, so the line is
    opened away and each card is found whole (cycle frames with five board cards of 220-290
    px on such a ring found no card at all)."""
    from vision import find

    scene = make_table(np.random.default_rng(3), heruka, ["As", "7d", "Kc", "4h", "Ts"])
    ring = np.zeros(scene.image.shape[:2], np.uint8)
    cv2.ellipse(ring, (640, 470), (500, 190), 0, 0, 360, 255, 4, cv2.LINE_AA)
    for truth in scene.truth:  # printed on the felt: under the cards
        cv2.fillConvexPoly(ring, np.round(truth.corners).astype(np.int32), 0)
    frame = scene.image.copy()
    frame[ring > 128] = (230, 230, 230)

    def whole_cards() -> list[np.ndarray]:
        return [blob.quad for blob in find_blobs(frame) if blob.quad is not None]

    quads = whole_cards()
    assert len(quads) == 5
    for truth in scene.truth:
        assert min(np.abs(quad - truth.corners).max() for quad in quads) < 4.0
    monkeypatch.setattr(find, "HOLE_MAX_FRAME_SHARE", 1.0)  # the ring's inside filled
    assert whole_cards() == []


def _corner(point, u, w) -> Corner:
    return Corner(np.array(point, float), np.array(u, float), np.array(w, float), 50.0, 50.0, 0)


def test_two_corners_of_one_long_side_spell_out_the_card():
    """The top card of a tabled hand shows its two outer corners: top right, bottom right."""
    top_right = _corner((200, 100), (0, 1), (-1, 0))  # edges down the long side, left along the top
    bottom_right = _corner((200, 240), (-1, 0), (0, -1))
    sides = quads_from_sides([top_right, bottom_right], width=100.0)
    assert len(sides) == 1
    ends, quads = sides[0]
    assert sorted(map(tuple, ends.tolist())) == [(200.0, 100.0), (200.0, 240.0)]
    card = np.array([[100, 100], [200, 100], [200, 240], [100, 240]], float)
    assert len(quads) == len(SIDE_DEPTHS)
    exact = quads[SIDE_DEPTHS.index(1.0)]
    assert max(_nearest(exact, corner) for corner in card) < 1e-3


def test_corners_that_do_not_face_each_other_spell_out_no_side():
    """Two top-right corners of cards side by side, and a side far too long for the frame's cards."""
    left = _corner((200, 100), (0, 1), (-1, 0))
    right = _corner((320, 100), (0, 1), (-1, 0))
    assert quads_from_sides([left, right], width=100.0) == []
    top_right = _corner((200, 100), (0, 1), (-1, 0))
    far_below = _corner((200, 400), (-1, 0), (0, -1))
    assert quads_from_sides([top_right, far_below], width=100.0) == []


def test_a_card_whose_corner_its_index_cuts_off_is_found_whole():
    """An index printed into a card's corner (AisleRiot 'tango' prints its 10 over the edge)
    can cut the whole corner off the card's region: the outline, and its hull, run across the
    cut. The card's two sides still meet beyond it: the card is found whole, that corner where
    they meet."""
    frame = np.zeros((400, 500, 3), np.uint8)
    frame[:] = (40, 110, 30)
    card = np.array([[150, 80], [290, 95], [272, 290], [132, 275]], np.float32)  # TL TR BR BL, tilted
    cv2.fillConvexPoly(frame, np.round(card).astype(np.int32), (235, 235, 235), cv2.LINE_AA)
    # felt across the bottom-right corner: 32 px along each side
    br, tr, bl = card[2], card[1], card[3]
    cut = np.array([br, br + 32 * (tr - br) / np.linalg.norm(tr - br), br + 32 * (bl - br) / np.linalg.norm(bl - br)])
    cv2.fillConvexPoly(frame, np.round(cut).astype(np.int32), (40, 110, 30), cv2.LINE_AA)
    (blob,) = find_blobs(frame)
    assert blob.quad is not None
    assert max(_nearest(blob.quad, corner) for corner in card) < 2.0


def test_a_corner_whose_side_a_printed_line_runs_into_is_still_found():
    """A betting line too wide for the mask's opening (9 px) runs into the left side of a
    tabled hand's under card just below its top-left corner: the outline runs off along the
    line there, and the side's stub above it is too short to be an edge. The top side and the
    rest of the left side still meet at the corner (TOUCHING_CORNER_GAP)."""
    under = np.array([[200, 100], [310, 110], [297, 264], [187, 254]], np.float32)
    (blob,) = find_blobs(_tabled_hand_on_a_line((600, 400), under, ((0, 118), (600, 126))))
    assert blob.quad is None  # the two cards and the line: one region
    assert _nearest(np.array([c.point for c in blob.corners]), under[0]) < 2.0


def test_the_grey_test_in_8_bits_gives_the_exact_answer_for_every_pixel():
    """A pixel is grey when 5 x (max - min) < max: every (max, min) pair of 8-bit channels
    gets the exact integer answer, though the product saturates at 255."""
    brightest, whiteness = (a.astype(np.uint8) for a in np.meshgrid(np.arange(256), np.arange(256)))
    exact = 5 * (brightest.astype(int) - whiteness.astype(int)) < brightest.astype(int)
    valid = whiteness <= brightest  # min never exceeds max
    assert ((unsaturated(brightest, whiteness) > 0)[valid] == exact[valid]).all()


def test_the_least_and_greatest_channel_of_every_pixel_are_its_own(heruka):
    """channel_extremes, eroding and dilating each row's interleaved bytes, gives exactly the
    least and the greatest of each pixel's three channels: on every frame of random bytes (the
    channels of one pixel unrelated), on a seeded table scene, on a frame one pixel wide and
    on a view of a frame that is not contiguous in memory."""
    rng = np.random.default_rng(5)
    frames = [rng.integers(0, 256, (720, 1280, 3), dtype=np.uint8), rng.integers(0, 256, (9, 1, 3), dtype=np.uint8),
              make_scene(np.random.default_rng(2), heruka, layout="table").image]
    frames.append(frames[0][100:300:2, 51:700:3])
    for frame in frames:
        blue, green, red = (frame[..., k].astype(int) for k in range(3))
        least, greatest = channel_extremes(frame)
        assert least.shape == greatest.shape == frame.shape[:2]
        assert (least == np.minimum(np.minimum(blue, green), red)).all()
        assert (greatest == np.maximum(np.maximum(blue, green), red)).all()


def _turned_card(width: float, turn_deg: float, blur: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A card of ``width`` (white, a thin black border) on a white card below it, turned by
    ``turn_deg``, blurred: the frame's least colour channel as float32, the card's top-left
    corner and its top side's direction."""
    image = np.full((300, 400), 40, np.uint8)
    cv2.rectangle(image, (20, 20), (380, 280), 235, -1)  # the card below
    theta = np.radians(turn_deg)
    u = np.array([np.cos(theta), np.sin(theta)])
    w = np.array([-np.sin(theta), np.cos(theta)])
    corner = np.array([150.0, 90.0])
    quad = np.array([corner, corner + width * u, corner + width * u + 1.4 * width * w, corner + 1.4 * width * w])
    scale = 16  # drawn at 1/16 px precision
    points = np.round(quad * scale).astype(np.int32)
    cv2.fillConvexPoly(image, points, 30, lineType=cv2.LINE_AA, shift=4)  # the printed border
    inner = np.array([corner + 1.5 * (u + w), corner + (width - 1.5) * u + 1.5 * w,
                      corner + (width - 1.5) * u + (1.4 * width - 1.5) * w, corner + 1.5 * u + (1.4 * width - 1.5) * w])
    cv2.fillConvexPoly(image, np.round(inner * scale).astype(np.int32), 245, lineType=cv2.LINE_AA, shift=4)
    image = cv2.GaussianBlur(image, (0, 0), blur)
    return image.astype(np.float32), corner, u


def test_a_corner_found_a_few_pixels_off_is_refitted_to_its_card_edges():
    """`refine_corner`: a 90 px card lying on another, blurred (2 px): its corner found 4 px
    off along both sides and turned 7 degrees (as a corner from half-resolution line segments
    where two cards' edges cross) is moved back within 1 px of where its face turns white
    (the inside of its printed border, 1.5 px in along both sides) and turned back within
    1 degree, its visible lengths kept; a corner found right stays there."""
    whiteness, truth, u = _turned_card(90.0, 12.0, 2.0)
    off = np.radians(7.0)
    wrong_u = np.array([u[0] * np.cos(off) - u[1] * np.sin(off), u[0] * np.sin(off) + u[1] * np.cos(off)])
    wrong_w = np.array([-wrong_u[1], wrong_u[0]])
    found = Corner((truth + 4.0 * wrong_u - 4.0 * wrong_w).astype(np.float32), wrong_u.astype(np.float32),
                   wrong_w.astype(np.float32), 80.0, 120.0, 0)
    moved = refine_corner(whiteness, found, 90.0)
    assert moved is not None
    face_corner = truth + 1.5 * (u + np.array([-u[1], u[0]]))
    assert float(np.linalg.norm(moved.point - face_corner)) < 1.0
    assert float(np.degrees(np.arccos(np.clip(moved.u @ u, -1, 1)))) < 1.0
    assert (moved.u_len, moved.w_len) == (80.0, 120.0)
    right = Corner(face_corner.astype(np.float32), u.astype(np.float32), np.array([-u[1], u[0]], np.float32),
                   80.0, 120.0, 0)
    again = refine_corner(whiteness, right, 90.0)
    assert again is not None and float(np.linalg.norm(again.point - face_corner)) < 1.0
    assert float(np.degrees(np.arccos(np.clip(again.u @ u, -1, 1)))) < 1.0


def test_a_corner_with_no_edge_to_fit_or_too_far_off_is_not_refitted():
    """`refine_corner` gives None where a side shows no step to fit (plain white card face),
    where the visible side is too short to fit, and where the fitted edges would move the
    corner more than REFINE_MAX_MOVE card widths (a corner 12 px off a 90 px card)."""
    whiteness, truth, u = _turned_card(90.0, 12.0, 2.0)
    w = np.array([-u[1], u[0]])
    inside = Corner((truth + 30 * u + 40 * w).astype(np.float32), u.astype(np.float32), w.astype(np.float32), 80.0, 120.0, 0)
    assert refine_corner(whiteness, inside, 90.0) is None  # only white face across both "sides"
    short = Corner(truth.astype(np.float32), u.astype(np.float32), w.astype(np.float32), 15.0, 120.0, 0)
    assert refine_corner(whiteness, short, 90.0) is None  # 15 px of side in view
    far = Corner((truth - 12.0 * u).astype(np.float32), u.astype(np.float32), w.astype(np.float32), 80.0, 120.0, 0)
    assert refine_corner(whiteness, far, 90.0) is None  # the top side is found, the corner is 12 px off
