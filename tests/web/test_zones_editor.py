"""The zone editor's routes (issue 8, "Zones"): snapshot, zones in use, saving zones.json;
and the panel's refusals carried to the dealer console (issue 6)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from flask import Flask

from dealer_app.runtime import ApplianceStatus
from dealer_app.web import shutdown
from tests.web.conftest import make_app, sign_in
from vision.zones import Zones

BOARD = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.55], [0.1, 0.55]]
READER = [[0.3, 0.6], [0.7, 0.6], [0.7, 0.95], [0.3, 0.95]]
GOOD = {"board": BOARD, "reader": READER}


class StillCamera:
    """A camera whose latest picture is a fixed image (``None``: no picture yet)."""

    def __init__(self, frame: np.ndarray | None, problem: tuple[str, str] | None = None) -> None:
        self.frame = frame
        self.problem = problem

    def latest_frame(self) -> np.ndarray | None:
        return self.frame


def felt() -> np.ndarray:
    """A 1280x720 green felt with a white card-sized rectangle at (400, 200)."""
    image = np.zeros((720, 1280, 3), np.uint8)
    image[:] = (40, 110, 30)
    image[200:380, 400:530] = 255
    return image


def app_with(service, tmp_path, clock, **extra) -> Iterator[Flask]:
    app = make_app(service, tmp_path, clock, **extra)
    app.extensions["dealer_web"].credentials.choose("2468", "river-card-7")
    yield app
    shutdown(app)


@pytest.fixture
def camera_app(service, tmp_path, clock) -> Iterator[Flask]:
    yield from app_with(service, tmp_path, clock, camera=StillCamera(felt()))


def dealer_of(app: Flask):
    client = app.test_client()
    client.token = sign_in(client)  # type: ignore[attr-defined]
    return client


def post_zones(client, body, token: str | None = "yes"):
    headers = {"X-CSRF-Token": client.token} if token else {}
    return client.post("/api/dealer/zones", json=body, headers=headers)


# -- snapshot -----------------------------------------------------------------------------


def test_snapshot_is_the_cameras_latest_picture_as_jpeg(camera_app) -> None:
    answer = dealer_of(camera_app).get("/api/dealer/snapshot.jpg")
    assert answer.status_code == 200
    assert answer.mimetype == "image/jpeg"
    assert answer.headers["Cache-Control"] == "no-store"
    picture = cv2.imdecode(np.frombuffer(answer.data, np.uint8), cv2.IMREAD_COLOR)
    assert picture.shape == (720, 1280, 3)
    assert picture[290, 465].min() > 230  # the white card survives the JPEG
    assert np.abs(picture[50, 50].astype(int) - (40, 110, 30)).max() < 8


def test_snapshot_is_for_the_dealer_only(camera_app) -> None:
    assert camera_app.test_client().get("/api/dealer/snapshot.jpg").status_code == 401


def test_no_camera_gives_a_clear_404_never_a_5xx(app) -> None:
    answer = dealer_of(app).get("/api/dealer/snapshot.jpg")
    assert answer.status_code == 404
    assert answer.get_json() == {
        "error": "No camera picture: this table has no camera. The zones are set once a camera gives pictures."
    }


def test_no_camera_names_the_appliance_status_reason(app) -> None:
    status = ApplianceStatus()
    status.set("camera", "off", "camera_none", "no camera (camera.source = none): enter the cards in the dealer console")
    app.config["APPLIANCE_STATUS"] = status
    answer = dealer_of(app).get("/api/dealer/snapshot.jpg")
    assert answer.status_code == 404
    assert answer.get_json()["error"] == (
        "No camera picture: no camera (camera.source = none): enter the cards in the dealer console. "
        "The zones are set once a camera gives pictures."
    )


def test_a_camera_without_a_picture_yet_says_why(service, tmp_path, clock) -> None:
    camera = StillCamera(None, ("camera_no_frames", "the camera gives no pictures"))
    for app in app_with(service, tmp_path, clock, camera=camera):
        answer = dealer_of(app).get("/api/dealer/snapshot.jpg")
        assert answer.status_code == 404
        assert answer.get_json()["error"] == "No camera picture: the camera gives no pictures. Try again in a moment."


# -- saving zones -------------------------------------------------------------------------


def test_saved_zones_are_written_and_read_back_by_zones_load(camera_app) -> None:
    dealer = dealer_of(camera_app)
    zones_file: Path = camera_app.extensions["dealer_web"].zones_file
    assert dealer.get("/api/dealer/zones").get_json() == {"zones": {}, "source": "none"}
    answer = post_zones(dealer, GOOD)
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "zones": GOOD, "source": "saved"}
    assert zones_file == camera_app.extensions["dealer_web"].settings.data_path / "zones.json"
    assert Zones.load(zones_file).to_dict() == GOOD
    assert json.loads(zones_file.read_text()) == GOOD
    assert [p.name for p in zones_file.parent.iterdir() if p.name.startswith(".zones-")] == []  # no temp left
    assert dealer.get("/api/dealer/zones").get_json() == {"zones": GOOD, "source": "saved"}
    loaded = Zones.load(zones_file)
    assert loaded.locate((640, 200), (1280, 720)) == "board"
    assert loaded.locate((640, 600), (1280, 720)) == "reader"
    assert loaded.locate((20, 700), (1280, 720)) == "loose"


def test_configured_zones_are_shown_until_the_dealer_saves_some(service, tmp_path, clock) -> None:
    for app in app_with(service, tmp_path, clock, default_zones={"board": BOARD}):
        dealer = dealer_of(app)
        assert dealer.get("/api/dealer/zones").get_json() == {"zones": {"board": BOARD}, "source": "configuration"}
        assert post_zones(dealer, GOOD).status_code == 200
        assert dealer.get("/api/dealer/zones").get_json()["source"] == "saved"


def test_saving_zones_needs_the_dealer_and_the_csrf_token(camera_app) -> None:
    zones_file = camera_app.extensions["dealer_web"].zones_file
    spectator = camera_app.test_client()
    token = spectator.get("/api/session").get_json()["csrf_token"]
    answer = spectator.post("/api/dealer/zones", json=GOOD, headers={"X-CSRF-Token": token})
    assert (answer.status_code, answer.get_json()) == (401, {"error": "Sign in as dealer first"})
    dealer = dealer_of(camera_app)
    answer = post_zones(dealer, GOOD, token=None)
    assert answer.status_code == 403
    assert answer.get_json() == {"error": "Missing or wrong CSRF token: reload the page and try again"}
    assert not zones_file.exists()


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ([BOARD, READER], 'Send the zones as a JSON object: {"board": [[0.1, 0.1], [0.9, 0.1], [0.9, 0.5], [0.1, 0.5]], "reader": [[0.3, 0.6], ...]}'),
        ({"board": BOARD}, "Mark the reader zone too: both are saved together"),
        ({}, "Mark the board and the reader zone too: both are saved together"),
        ({**GOOD, "muck": BOARD}, "Unknown zone 'muck': the zones are board and reader"),
        ({"board": BOARD, "reader": READER[:2]}, "Zone 'reader' needs at least 3 points, got 2"),
        ({"board": [[0.1, 0.1], [0.9, 0.1], [1.2, 0.5]], "reader": READER}, "Zone 'board': coordinates are fractions of the image, 0 to 1"),
        ({"board": [[0.1, 0.1], [0.9, 0.1], [True, 0.5]], "reader": READER}, "Zone 'board': points must be [x, y] pairs of numbers"),
        ({"board": [[0.1, 0.1], [0.9, 0.1], [0.5]], "reader": READER}, "Zone 'board': points must be [x, y] pairs of numbers"),
        ({"board": "everywhere", "reader": READER}, "Zone 'board': a list of at most 32 [x, y] points"),
        ({"board": [[0.01 * i, 0.5] for i in range(33)], "reader": READER}, "Zone 'board': a list of at most 32 [x, y] points"),
        ({"board": [[0.1, 0.1], [0.5, 0.5], [0.9, 0.9]], "reader": READER}, "Zone 'board' has no area: its corners lie on one line"),
    ],
    ids=["list", "no-reader", "empty", "unknown", "two-points", "outside", "bool", "short-pair", "string", "too-many", "line"],
)
def test_bad_zones_are_refused_with_the_reason_and_nothing_is_written(camera_app, body, error) -> None:
    dealer = dealer_of(camera_app)
    assert post_zones(dealer, GOOD).status_code == 200
    zones_file = camera_app.extensions["dealer_web"].zones_file
    before = zones_file.read_bytes()
    answer = post_zones(dealer, body)
    assert (answer.status_code, answer.get_json()) == (422, {"ok": False, "error": error})
    assert zones_file.read_bytes() == before


def test_a_body_that_is_not_json_is_refused(camera_app) -> None:
    dealer = dealer_of(camera_app)
    answer = dealer.post("/api/dealer/zones", data="board", headers={"X-CSRF-Token": dealer.token})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("Send the zones as JSON (Content-Type: application/json)")
    assert not camera_app.extensions["dealer_web"].zones_file.exists()


def test_a_broken_zones_file_is_reported_by_the_editor(camera_app) -> None:
    zones_file = camera_app.extensions["dealer_web"].zones_file
    zones_file.parent.mkdir(parents=True, exist_ok=True)
    zones_file.write_text('{"board": [[0, 0]]}')
    answer = dealer_of(camera_app).get("/api/dealer/zones").get_json()
    assert answer == {"zones": {}, "source": "saved", "problem": "Zone 'board' needs at least 3 points, got 1: mark and save the zones again"}


def test_the_console_page_has_the_zone_editor(camera_app) -> None:
    page = dealer_of(camera_app).get("/dealer/?lang=en").get_data(as_text=True)
    assert 'id="zones-editor"' in page and 'id="zone-overlay"' in page
    assert "/static/zones.js" in page
    assert "Pick a zone and click its corners on the picture" in page


# -- panel refusals on the console ----------------------------------------------------------


def test_a_refused_panel_press_reaches_the_dealer_view_and_stream(app) -> None:
    """Issue 6: a refused action shows its reason on the dealer console."""
    state = app.extensions["dealer_web"]
    dealer = dealer_of(app)
    assert dealer.get("/api/dealer/view").get_json()["panel_feedback"] is None
    stream = dealer.get("/api/dealer/events", buffered=False)
    frames = stream.response
    assert next(frames).decode() == "retry: 2000\n\n"
    first = next(frames).decode()
    assert '"panel_feedback": null' in first
    state.panel_notices.record(False, {"cmd": "check", "seat": 2}, "Seat 2 cannot check: call EUR 0.50")
    frame = next(frames).decode()
    while frame.startswith(":"):  # keepalives
        frame = next(frames).decode()
    payload = json.loads(frame.split("data: ", 1)[1])
    assert payload["panel_feedback"]["ok"] is False
    assert payload["panel_feedback"]["reason"] == "Seat 2 cannot check: call EUR 0.50"
    assert payload["panel_feedback"]["cmd"] == "check"
    stream.close()
    feedback = dealer.get("/api/dealer/view").get_json()["panel_feedback"]
    assert (feedback["id"], feedback["ok"], feedback["reason"]) == (1, False, "Seat 2 cannot check: call EUR 0.50")
    assert "panel_feedback" not in app.test_client().get("/api/view").get_json()
