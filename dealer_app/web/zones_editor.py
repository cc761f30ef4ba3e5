"""The zone editor behind the dealer console: a camera snapshot, the zones in use, saving them.

The dealer marks the board zone (flop, turn, river) and the reader zone (a player's tabled
hand) on a snapshot of the camera; the zones are saved as ``vision.zones`` JSON, in fractions
of the picture, to the file the appliance's camera loop follows (re-read when it changes).

* ``GET /api/dealer/snapshot.jpg``: the camera's latest picture (404 with the reason when
  there is none: no camera, a failed camera, no picture yet).
* ``GET /api/dealer/zones``: ``{"zones": {...}, "source": "saved" | "configuration" | "none"}``.
* ``POST /api/dealer/zones``: ``{"board": [[x, y], ...], "reader": [[x, y], ...]}``; checked
  by :class:`vision.zones.Zones`, written atomically; a refused body writes nothing.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request

from dealer_app.web.auth import require_role
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state

bp = Blueprint("zones", __name__, url_prefix="/api/dealer")

#: The zones file in the data directory (the runtime's ``ZONES_FILE``).
ZONES_FILE_NAME = "zones.json"
#: Corners one zone may have (a rectangle needs 4; clicking a trapezoid or more is fine).
MAX_POINTS = 32
#: JPEG quality of the snapshot.
JPEG_QUALITY = 85
EXAMPLE = '{"board": [[0.1, 0.1], [0.9, 0.1], [0.9, 0.5], [0.1, 0.5]], "reader": [[0.3, 0.6], ...]}'


def zones_problem(body: Any) -> str | None:
    """Why ``body`` cannot be saved as the table's zones, or None when it can.

    >>> zones_problem({"board": [[0, 0], [1, 0], [1, 1]], "reader": [[0, 0], [1, 0]]})
    "Zone 'reader' needs at least 3 points, got 2"
    >>> zones_problem({"board": [[0, 0], [1, 0], [1, 1]], "reader": [[0, 0], [0.5, 0.5], [1, 1]]})
    "Zone 'reader' has no area: its corners lie on one line"
    """
    from vision.zones import ZONE_NAMES, ZoneError, Zones

    if not isinstance(body, dict):
        return f"Send the zones as a JSON object: {EXAMPLE}"
    unknown = sorted(str(name) for name in body if name not in ZONE_NAMES)
    if unknown:
        return f"Unknown zone {unknown[0]!r}: the zones are board and reader"
    missing = [name for name in ZONE_NAMES if name not in body]
    if missing:
        return f"Mark the {' and the '.join(missing)} zone too: both are saved together"
    for name in ZONE_NAMES:
        points = body[name]
        if not isinstance(points, list) or len(points) > MAX_POINTS:
            return f"Zone {name!r}: a list of at most {MAX_POINTS} [x, y] points"
        for point in points:
            if not isinstance(point, list) or len(point) != 2 or not all(_is_number(v) for v in point):
                return f"Zone {name!r}: points must be [x, y] pairs of numbers"
    try:
        zones = Zones.from_dict(body)
    except ZoneError as exc:
        return str(exc)
    for zone in zones.zones:
        if _area(zone.polygon) < 1e-6:
            return f"Zone {zone.name!r} has no area: its corners lie on one line"
    return None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _area(polygon: tuple[tuple[float, float], ...]) -> float:
    """The polygon's area in image fractions (shoelace formula)."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def write_zones_atomically(zones: dict[str, Any], path: Path) -> None:
    """Write ``zones`` as JSON to ``path`` through a file beside it renamed over it, so the
    camera loop never reads half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".zones-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps(zones, indent=2) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _camera_missing_reason() -> str:
    """Why there is no snapshot, in the words of the appliance status when there is one."""
    camera = web_state().camera
    if camera is not None:
        problem = getattr(camera, "problem", None)
        detail = problem[1] if problem else "the camera has not given a picture yet"
        return f"No camera picture: {detail}. Try again in a moment."
    status = current_app.config.get("APPLIANCE_STATUS")
    part = status.get("camera") if status is not None else None
    detail = part.text if part is not None else "this table has no camera"
    return f"No camera picture: {detail}. The zones are set once a camera gives pictures."


@bp.get("/snapshot.jpg")
@require_role(Role.DEALER)
def snapshot() -> Any:
    """The camera's latest picture as a JPEG."""
    import cv2

    camera = web_state().camera
    frame = camera.latest_frame() if camera is not None else None
    if frame is None:
        abort(404, description=_camera_missing_reason())
    encoded, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not encoded:
        abort(404, description="No camera picture: the latest picture could not be encoded")
    response = Response(data.tobytes(), mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/zones")
@require_role(Role.DEALER)
def zones_in_use() -> Any:
    """The zones the camera uses: the saved file, else the configuration's, else none."""
    from vision.zones import ZoneError, Zones

    state = web_state()
    if state.zones_file.exists():
        try:
            return jsonify(zones=Zones.load(state.zones_file).to_dict(), source="saved")
        except ZoneError as exc:
            return jsonify(zones={}, source="saved", problem=f"{exc}: mark and save the zones again")
    if state.default_zones:
        return jsonify(zones=state.default_zones, source="configuration")
    return jsonify(zones={}, source="none")


@bp.post("/zones")
@require_role(Role.DEALER)
def save_zones() -> Any:
    """Check and save the board and reader zones; the camera uses them from its next picture."""
    from vision.zones import Zones

    body = request.get_json(silent=True)
    if body is None:
        abort(400, description=f"Send the zones as JSON (Content-Type: application/json): {EXAMPLE}")
    problem = zones_problem(body)
    if problem:
        return jsonify(ok=False, error=problem), 422
    zones = Zones.from_dict(body).to_dict()
    write_zones_atomically(zones, web_state().zones_file)
    return jsonify(ok=True, zones=zones, source="saved")
