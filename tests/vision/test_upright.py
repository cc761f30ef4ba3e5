"""The one upright warp the face readers share (vision.upright)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.pips import PAD, PIP_SIZE, in_view, pip_face
from vision.read import FACE_SIZE, face_image
from vision.upright import in_view_mask, quad_width, warp_upright


def _frame_with_card() -> tuple[np.ndarray, np.ndarray]:
    """A 400 x 300 grey frame with a 100 x 140 white card at (150, 80), its left half's top
    quarter black: the quad TL TR BR BL."""
    frame = np.full((300, 400, 3), 60, np.uint8)
    frame[80:220, 150:250] = 255
    frame[80:115, 150:200] = 0
    return frame, np.float32([[150, 80], [250, 80], [250, 220], [150, 220]])


def test_quad_width_is_the_mean_of_the_two_short_sides():
    assert quad_width(np.float32([[0, 0], [100, 0], [90, 140], [0, 140]])) == pytest.approx(95.0)


def test_warp_upright_puts_the_card_upright_at_the_size_asked_with_what_lies_around_it():
    """The black quarter lands top left; ``pad`` pixels of felt (60) run round the card; cut
    from the far corner first (the card turned half round), it lands bottom right."""
    frame, quad = _frame_with_card()
    face = warp_upright(frame, quad, (50, 70), pad=5)
    assert face.shape == (80, 60, 3)
    assert face[:3].mean() == pytest.approx(60, abs=1)  # felt above the card
    assert face[8:20, 8:25].mean() < 5  # the black quarter, top left
    assert face[60:72, 35:52].mean() > 250  # white paper, bottom right
    turned = warp_upright(frame, np.roll(quad, 2, axis=0), (50, 70), pad=5)
    assert turned[-20:-8, -25:-8].mean() < 5 and turned[8:20, 8:25].mean() > 250


def test_the_face_readers_cut_the_card_upright_at_their_own_sizes():
    """The face discriminant's face is the card alone at FACE_SIZE (colour); the pips' face is
    the card at PIP_SIZE, grey, with PAD pixels of felt round it: the black quarter top left
    in both."""
    frame, quad = _frame_with_card()
    face = face_image(frame, quad)
    fw, fh = FACE_SIZE
    assert face.shape == (fh, fw, 3)
    assert face[2:fh // 4 - 2, 2:fw // 2 - 2].mean() < 5 and face[fh // 2:-2, fw // 2 + 2:-2].mean() > 250
    grey = pip_face(frame, quad)
    width, height = PIP_SIZE
    assert grey.shape == (height + 2 * PAD, width + 2 * PAD)
    assert grey[:PAD - 1].mean() == pytest.approx(60, abs=1)  # felt above the card
    assert grey[PAD + 4:PAD + height // 4 - 4, PAD + 4:PAD + width // 2 - 4].mean() < 5
    assert grey[PAD + height // 2:-PAD - 4, PAD + width // 2 + 4:-PAD - 4].mean() > 250


def test_in_view_mask_clears_what_covers_hide_in_the_warps_pixels():
    """A cover over the card's right half hides the right half of the warp (0), and nothing
    of the padding on the left, at any size asked and at the pips' own; no covers leave it all
    in view."""
    _, quad = _frame_with_card()
    cover = np.float32([[200, 60], [300, 60], [300, 240], [200, 240]])
    mask = in_view_mask(quad, [cover], (50, 70), pad=5)
    assert mask.shape == (80, 60) and mask.dtype == np.uint8
    assert (mask[:, :29] == 255).all() and (mask[:, 31:] == 0).all()
    assert (in_view_mask(quad, [], (50, 70)) == 255).all()
    pips = in_view(quad, [cover])  # the pips' face: PIP_SIZE plus PAD, the cover from its middle on
    width, height = PIP_SIZE
    assert pips.shape == (height + 2 * PAD, width + 2 * PAD)
    assert (pips[:, :PAD + width // 2 - 1] == 255).all() and (pips[:, PAD + width // 2 + 1:] == 0).all()
