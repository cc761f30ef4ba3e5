"""Zones (board, reader, loose) and frame-to-frame stabilisation into facts."""

from __future__ import annotations

import numpy as np
import pytest

from vision.pipeline import CardSeen
from vision.stabilise import Stabiliser, ZoneFact
from vision.zones import ZoneError, Zones

ZONES = {"board": [[0.0, 0.0], [1.0, 0.0], [1.0, 0.5], [0.0, 0.5]],
         "reader": [[0.3, 0.6], [0.7, 0.6], [0.7, 1.0], [0.3, 1.0]]}


def _card(name: str | None, x: float, y: float, zone: str) -> CardSeen:
    corners = np.float32([[x - 10, y - 14], [x + 10, y - 14], [x + 10, y + 14], [x - 10, y + 14]])
    return CardSeen(name, 0.9 if name else 0.0, corners, zone)


def test_zones_locate_points_in_image_pixels():
    zones = Zones.from_dict(ZONES)
    assert zones.locate((100, 50), (1280, 720)) == "board"
    assert zones.locate((640, 600), (1280, 720)) == "reader"
    assert zones.locate((100, 600), (1280, 720)) == "loose"


@pytest.mark.parametrize(("data", "message"), [
    ({"table": [[0, 0], [1, 0], [1, 1]]}, "Unknown zone 'table': use board or reader"),
    ({"board": [[0, 0], [1, 0]]}, "Zone 'board' needs at least 3 points, got 2"),
    ({"board": [[0, 0], [1280, 0], [1280, 720]]}, "Zone 'board': coordinates are fractions of the image, 0 to 1"),
    ({"reader": [[0, 0], "x", [1, 1]]}, "Zone 'reader': points must be \\[x, y\\] pairs"),
])
def test_bad_zones_are_refused_with_a_clear_message(data, message):
    with pytest.raises(ZoneError, match=message):
        Zones.from_dict(data)


def test_zones_round_trip_through_json(tmp_path):
    path = tmp_path / "zones.json"
    Zones.from_dict(ZONES).save(path)
    assert Zones.load(path).to_dict() == ZONES


def test_a_read_becomes_a_fact_after_three_agreeing_frames_ordered_left_to_right():
    stabiliser = Stabiliser(frames=3)
    frame = [_card("3c", 500, 100, "board"), _card("Qs", 100, 100, "board"), _card("9s", 300, 100, "board")]
    assert stabiliser.update(frame) == []
    assert stabiliser.update(frame) == []
    facts = stabiliser.update(frame)
    assert facts == [ZoneFact("board", ("Qs", "9s", "3c"))]
    assert str(facts[0]) == "board: Qs 9s 3c"
    assert stabiliser.update(frame) == []  # no repeat of a standing fact


def test_a_flicker_restarts_the_count_and_unknown_cards_do_not_count():
    stabiliser = Stabiliser(frames=2)
    hand = [_card("Ah", 600, 650, "reader"), _card("Kd", 640, 650, "reader")]
    assert stabiliser.update(hand) == []
    assert stabiliser.update([hand[0], _card("Kh", 640, 650, "reader")]) == []
    assert stabiliser.update(hand + [_card(None, 100, 100, "board")]) == []
    assert stabiliser.update(hand) == [ZoneFact("reader", ("Ah", "Kd"))]
    assert stabiliser.update([]) == []
    assert stabiliser.update([]) == [ZoneFact("reader", ())]
    assert str(ZoneFact("reader", ())) == "reader:"
