"""Zones of the table image: the board zone, the reader zone; anything else is loose.

Zone polygons are stored in fractions of the image size (0..1), so they survive a change
of camera resolution. They are set on a camera snapshot in the dealer console and saved
as JSON: ``{"board": [[x, y], ...], "reader": [[x, y], ...]}``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

LOOSE = "loose"
ZONE_NAMES = ("board", "reader")


class ZoneError(ValueError):
    """A zone file or polygon that cannot be used."""


@dataclass(frozen=True)
class Zone:
    """A named polygon in image fractions."""

    name: str
    polygon: tuple[tuple[float, float], ...]

    def contains(self, point: tuple[float, float], image_size: tuple[int, int]) -> bool:
        """True when pixel ``point`` of an image of ``image_size`` (w, h) lies in the zone."""
        width, height = image_size
        poly = np.float32([[x * width, y * height] for x, y in self.polygon])
        return cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), False) >= 0


class Zones:
    """The table's zones; :meth:`locate` names the zone of a point (``"loose"`` if none)."""

    def __init__(self, zones: list[Zone] | None = None) -> None:
        self.zones = list(zones or [])

    @classmethod
    def from_dict(cls, data: dict) -> Zones:
        """Build from ``{"board": [[x, y], ...], ...}``; fractions 0..1, at least 3 points."""
        zones = []
        for name, points in data.items():
            if name not in ZONE_NAMES:
                raise ZoneError(f"Unknown zone {name!r}: use {' or '.join(ZONE_NAMES)}")
            try:
                polygon = tuple((float(x), float(y)) for x, y in points)
            except (TypeError, ValueError) as exc:
                raise ZoneError(f"Zone {name!r}: points must be [x, y] pairs") from exc
            if len(polygon) < 3:
                raise ZoneError(f"Zone {name!r} needs at least 3 points, got {len(polygon)}")
            if not all(0.0 <= v <= 1.0 for p in polygon for v in p):
                raise ZoneError(f"Zone {name!r}: coordinates are fractions of the image, 0 to 1")
            zones.append(Zone(name, polygon))
        return cls(zones)

    @classmethod
    def load(cls, path: Path) -> Zones:
        """Read a zones JSON file."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text()))
        except (OSError, json.JSONDecodeError) as exc:
            raise ZoneError(f"Cannot read zones file {path}: {exc}") from exc

    def to_dict(self) -> dict:
        """The JSON form."""
        return {z.name: [list(p) for p in z.polygon] for z in self.zones}

    def save(self, path: Path) -> None:
        """Write the zones JSON file."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=2) + "\n")

    def locate(self, point: tuple[float, float], image_size: tuple[int, int]) -> str:
        """The name of the first zone holding ``point``, else ``"loose"``."""
        for zone in self.zones:
            if zone.contains(point, image_size):
                return zone.name
        return LOOSE
