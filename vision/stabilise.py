"""Frame-to-frame stabilisation: a zone's cards become a fact only after agreeing.

Each frame gives, per zone, the set of cards read there. When a zone shows the same set
for ``frames`` consecutive frames and that set differs from the last fact of the zone, a
:class:`ZoneFact` is emitted: ``board: Qs 9s 3c``. Board cards are ordered left to right.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vision.pipeline import CardSeen
from vision.zones import LOOSE, ZONE_NAMES


@dataclass(frozen=True)
class ZoneFact:
    """The cards steadily seen in one zone (possibly none: the zone was cleared)."""

    zone: str
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.zone}: {' '.join(self.cards)}".rstrip()


class Stabiliser:
    """Turns per-frame reads into facts; ``frames`` is how many frames must agree."""

    def __init__(self, frames: int = 3, zones: Iterable[str] = (*ZONE_NAMES, LOOSE)) -> None:
        if frames < 1:
            raise ValueError("frames must be at least 1")
        self.frames = frames
        self.zones = tuple(zones)
        self._candidate: dict[str, tuple[tuple[str, ...], int]] = {}
        self._fact: dict[str, tuple[str, ...]] = {z: () for z in self.zones}

    def facts(self) -> dict[str, tuple[str, ...]]:
        """The current fact of every zone."""
        return dict(self._fact)

    def update(self, seen: list[CardSeen]) -> list[ZoneFact]:
        """Feed one frame's cards; return the facts that became true with it."""
        emitted = []
        for zone in self.zones:
            cards = sorted((c for c in seen if c.card and c.zone == zone), key=lambda c: float(c.center[0]))
            names = tuple(c.card for c in cards)
            previous, count = self._candidate.get(zone, ((), 0))
            count = count + 1 if names == previous else 1
            self._candidate[zone] = (names, count)
            if count >= self.frames and names != self._fact[zone]:
                self._fact[zone] = names
                emitted.append(ZoneFact(zone, names))
        return emitted
