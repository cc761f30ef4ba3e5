"""The index network: rank and suit of index-corner patches, run by OpenCV's dnn module.

A small convolutional network (``vision/models/index-net.onnx``, trained by
:mod:`vision.train_index` on the tuning decks and font decks, never on an AisleRiot design)
that reads any deck's index without calibration. Its outputs per patch: ``probabilities``,
13 rank probabilities then "no index", 4 suit probabilities (c d h s) then "no index"; and
``features``, its hidden layer (128 values), on which calibration fits a discriminant of the
club's own deck (:class:`vision.read.Profile`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.art import RANKS, SUITS

DEFAULT_MODEL_PATH = Path(__file__).with_name("models") / "index-net.onnx"
#: The network's two outputs, by name.
OUTPUTS = ("probabilities", "features")
#: Length of the ``features`` output.
FEATURES = 128


def normalise(patches: np.ndarray) -> np.ndarray:
    """N x 48 x 24 x 3 BGR uint8 patches -> N x 3 x 48 x 24 float32, each patch's mean
    removed and divided by its contrast (so exposure does not matter)."""
    x = patches.astype(np.float32) / 255.0
    x = x - x.mean(axis=(1, 2, 3), keepdims=True)
    x = x / (x.std(axis=(1, 2, 3), keepdims=True) + 0.02)
    return np.ascontiguousarray(x.transpose(0, 3, 1, 2))


@dataclass
class IndexGuess:
    """What the network makes of one patch."""

    rank: np.ndarray  # 13 probabilities, RANKS order
    suit: np.ndarray  # 4 probabilities, SUITS order
    no_index: float  # probability that the patch shows no index at all
    features: np.ndarray | None = None  # the hidden layer's FEATURES values

    def card_probability(self, card: str) -> float:
        """Probability of ``card`` (rank and suit both)."""
        return float(self.rank[RANKS.index(card[0])] * self.suit[SUITS.index(card[1])])

    @property
    def first_card(self) -> str:
        """The card the network finds most likely: its likeliest rank and likeliest suit."""
        return RANKS[int(np.argmax(self.rank))] + SUITS[int(np.argmax(self.suit))]


class IndexNet:
    """Reads index patches (from :func:`vision.read.corner_patch`, margin 2) in batches."""

    def __init__(self, path: Path = DEFAULT_MODEL_PATH) -> None:
        self.path = Path(path)
        self.net = cv2.dnn.readNetFromONNX(str(self.path))

    def guess(self, patches: list[np.ndarray]) -> list[IndexGuess]:
        """One guess per 48 x 24 BGR patch."""
        if not patches:
            return []
        self.net.setInput(normalise(np.stack(patches)))
        out, features = self.net.forward(list(OUTPUTS))
        return [IndexGuess(row[:13] / max(row[:13].sum(), 1e-6), row[14:18] / max(row[14:18].sum(), 1e-6),
                           float(max(row[13], row[18])), hidden) for row, hidden in zip(out, features, strict=True)]

    def features(self, patches: list[np.ndarray], batch: int = 256) -> np.ndarray:
        """The hidden layer of every patch (N x FEATURES), in batches."""
        rows = []
        for start in range(0, len(patches), batch):
            self.net.setInput(normalise(np.stack(patches[start:start + batch])))
            rows.append(self.net.forward(OUTPUTS[1]))
        return np.concatenate(rows) if rows else np.zeros((0, FEATURES), np.float32)


@lru_cache(maxsize=1)
def default_index_net() -> IndexNet | None:
    """The committed network, or None when the file is missing."""
    return IndexNet() if DEFAULT_MODEL_PATH.is_file() else None
