"""Camera sources: image replay, OpenCV VideoCapture on a real video file, the Pi camera off a Pi."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sources import CameraError, OpenCVSource, PiCameraSource, ReplaySource


def _write(path, value: int) -> None:
    cv2.imwrite(str(path), np.full((48, 64, 3), value, np.uint8))


def test_replay_gives_images_in_order_each_repeated_then_runs_dry(tmp_path):
    for name, value in (("b.png", 20), ("a.png", 10), ("c.jpg", 30)):
        _write(tmp_path / name, value)
    with ReplaySource.from_dir(tmp_path, repeat=2) as source:
        values = [int(frame[0, 0, 0]) for frame in source.frames()]
    assert values[:4] == [10, 10, 20, 20]
    assert len(values) == 6 and abs(values[4] - 30) <= 2  # JPEG


def test_replay_loops_when_asked(tmp_path):
    _write(tmp_path / "one.png", 7)
    source = ReplaySource([tmp_path / "one.png"], loop=True)
    assert [int(source.read()[0, 0, 0]) for _ in range(3)] == [7, 7, 7]


def test_replay_names_missing_images(tmp_path):
    with pytest.raises(CameraError, match="missing image"):
        ReplaySource([tmp_path / "nope.png"])
    with pytest.raises(CameraError, match="no images given"):
        ReplaySource([])


def test_opencv_source_reads_a_video_file(tmp_path):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for value in (50, 100, 150):
        writer.write(np.full((48, 64, 3), value, np.uint8))
    writer.release()
    with OpenCVSource(str(path)) as source:
        frames = list(source.frames())
    assert [round(float(f.mean()) / 50) * 50 for f in frames] == [50, 100, 150]


def test_opencv_source_that_does_not_open_says_what_to_check(tmp_path):
    with pytest.raises(CameraError, match="did not open: check the cable"):
        OpenCVSource(str(tmp_path / "no-camera.avi"))


def test_pi_camera_off_a_pi_raises_a_camera_error():
    pytest.importorskip("cv2")
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(CameraError, match="Picamera2 is not installed"):
            PiCameraSource()
    else:  # pragma: no cover - only on a Pi
        pytest.skip("picamera2 present: this is a Pi")
