"""Scoring reads against synthetic ground truth: the figures of tests and the benchmark.

A truth card counts as *read right* when a read with the same card has its centre within
half a card width of the truth card's centre. A confident read that matches no truth
card of that name is a *misread* (this includes any read on felt, chips or backs); a card
placed mostly out of view is no truth card to read, but a read of it is no misread.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from vision.pipeline import CardSeen
from vision.synth import Scene


@dataclass
class Tally:
    """Counts for one slice of the results."""

    cards: int = 0  # readable truth cards
    right: int = 0
    reads: int = 0  # confident reads
    misreads: int = 0

    @property
    def accuracy(self) -> float:
        """Readable cards read right, as a fraction."""
        return self.right / self.cards if self.cards else 1.0

    def add(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.cards += other.cards
        self.right += other.right
        self.reads += other.reads
        self.misreads += other.misreads


@dataclass
class Score:
    """Overall tally and tallies broken down by a key."""

    total: Tally = field(default_factory=Tally)
    by: dict[str, dict[str, Tally]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(Tally)))


def score_frame(scene: Scene, seen: list[CardSeen]) -> tuple[Tally, list[tuple[str, bool]], list[str]]:
    """Score one frame; also return per-truth (group, right) and the misread card names."""
    tally = Tally()
    reads = [s for s in seen if s.card]
    tally.reads = len(reads)
    used: set[int] = set()
    per_truth: list[tuple[str, bool]] = []
    for truth in scene.readable:
        width = float(np.linalg.norm(truth.corners[1] - truth.corners[0]))
        center = truth.corners.mean(axis=0)
        hit = next((i for i, s in enumerate(reads) if i not in used and s.card == truth.card
                    and np.linalg.norm(s.center - center) < 0.5 * width), None)
        tally.cards += 1
        if hit is not None:
            used.add(hit)
            tally.right += 1
        per_truth.append((truth.group, hit is not None))
    truths = scene.truth + scene.out_of_view
    misread_names = []
    for i, s in enumerate(reads):
        if i in used:
            continue
        # a second read of a card that is there (e.g. both corners of a hidden card) is no misread
        genuine = any(t.card == s.card and np.linalg.norm(s.center - t.corners.mean(axis=0))
                      < 0.6 * np.linalg.norm(t.corners[1] - t.corners[0]) for t in truths)
        if not genuine:
            tally.misreads += 1
            misread_names.append(s.card)
    return tally, per_truth, misread_names
