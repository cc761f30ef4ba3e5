"""Camera sources behind one interface, in the manner of gpiozero's devices.

* :class:`CameraSource` - the interface: ``read()`` gives the next BGR frame or ``None``
  when there is none (end of a replay, a camera that stopped); ``close()``.
* :class:`ReplaySource` - image files in order (tests, the demo).
* :class:`OpenCVSource` - OpenCV ``VideoCapture``: a USB webcam index or a video file.
* :class:`PiCameraSource` - the Raspberry Pi camera through Picamera2, imported only when
  opened; exposure, white balance and focus are locked after a warm-up.

A source that cannot open raises :class:`CameraError` with a message a dealer can act on;
the runtime then asks for cards by hand (nothing blocks).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import cv2
import numpy as np


class CameraError(RuntimeError):
    """A camera that is missing or failing."""


class CameraSource:
    """Base class: a source of BGR frames. Use as a context manager or call :meth:`close`."""

    def read(self) -> np.ndarray | None:
        """The next frame (BGR uint8), or ``None`` when no frame is available."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the device; idempotent."""

    def frames(self) -> Iterator[np.ndarray]:
        """Frames until the source runs dry."""
        while (frame := self.read()) is not None:
            yield frame

    def __enter__(self) -> CameraSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ReplaySource(CameraSource):
    """Replays image files (PNG/JPEG) in the given order; ``loop`` starts over at the end.

    ``repeat`` shows each image that many times (a still scene over several frames).
    """

    def __init__(self, paths: Iterable[Path | str], repeat: int = 1, loop: bool = False) -> None:
        self.paths = [Path(p) for p in paths]
        if not self.paths:
            raise CameraError("Replay source: no images given")
        missing = [str(p) for p in self.paths if not p.is_file()]
        if missing:
            raise CameraError(f"Replay source: missing image(s) {', '.join(missing)}")
        self.repeat = max(1, int(repeat))
        self.loop = loop
        self._position = 0

    @classmethod
    def from_dir(cls, folder: Path | str, repeat: int = 1, loop: bool = False) -> ReplaySource:
        """All ``*.png`` / ``*.jpg`` files of ``folder`` in name order."""
        folder = Path(folder)
        paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".png", ".jpg", ".jpeg"))
        return cls(paths, repeat, loop)

    def read(self) -> np.ndarray | None:
        total = len(self.paths) * self.repeat
        if self._position >= total:
            if not self.loop:
                return None
            self._position = 0
        path = self.paths[self._position // self.repeat]
        self._position += 1
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            raise CameraError(f"Replay source: cannot read image {path}")
        return frame


class OpenCVSource(CameraSource):
    """OpenCV ``VideoCapture`` on a device index (USB webcam) or a video file path."""

    def __init__(self, device: int | str = 0, size: tuple[int, int] | None = (1280, 720)) -> None:
        self.capture = cv2.VideoCapture(device)
        if not self.capture.isOpened():
            self.capture.release()
            raise CameraError(f"Camera {device!r} did not open: check the cable and /dev/video*")
        if size and isinstance(device, int):
            self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def read(self) -> np.ndarray | None:
        ok, frame = self.capture.read()
        return frame if ok else None

    def close(self) -> None:
        self.capture.release()


class PiCameraSource(CameraSource):
    """The Raspberry Pi camera via Picamera2 (``python3-picamera2`` from apt on Pi OS).

    ``size`` is the video mode (2304x1296 is Camera Module 3's binned full view);
    ``warmup`` seconds of automatic exposure/white balance/focus, then all three are locked
    so frames stay comparable.
    """

    def __init__(self, size: tuple[int, int] = (2304, 1296), warmup: float = 2.0) -> None:
        try:
            from picamera2 import Picamera2  # noqa: PLC0415 - only exists on a Pi
        except ImportError as exc:
            raise CameraError("Picamera2 is not installed: apt install python3-picamera2 (on a Pi)") from exc
        try:
            self.camera = Picamera2()
            config = self.camera.create_video_configuration(main={"size": size, "format": "RGB888"})
            self.camera.configure(config)
            self.camera.start()
        except Exception as exc:  # libcamera raises several types
            raise CameraError(f"Pi camera did not start: {exc}") from exc
        time.sleep(warmup)
        metadata = self.camera.capture_metadata()
        controls = {"AeEnable": False, "AwbEnable": False,
                    "ExposureTime": metadata.get("ExposureTime", 10000),
                    "AnalogueGain": metadata.get("AnalogueGain", 1.0)}
        if "ColourGains" in metadata:
            controls["ColourGains"] = metadata["ColourGains"]
        if "LensPosition" in metadata:
            controls["AfMode"] = 0  # manual: keep the focus found during warm-up
            controls["LensPosition"] = metadata["LensPosition"]
        self.camera.set_controls(controls)

    def read(self) -> np.ndarray | None:
        try:
            return self.camera.capture_array("main")  # RGB888 is BGR byte order in numpy
        except Exception:
            return None

    def close(self) -> None:
        camera, self.camera = getattr(self, "camera", None), None
        if camera is not None:
            camera.stop()
            camera.close()
