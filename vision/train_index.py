"""Train the index network and write it as ONNX for OpenCV's dnn module.

    pip install torch onnx          # training only; the appliance runs the ONNX file with OpenCV
    python -m vision.train_index [--font-decks 50] [--epochs 10] [--out vision/models/index-net.onnx]
    python -m vision.train_index --themes all     # also the AisleRiot training themes
    python -m vision.train_index --add-features vision/models/index-net.onnx   # a file of one output

Data (:mod:`vision.index_data`): the committed tuning decks and seeded font decks (the
committed file: no AisleRiot design), and with ``--themes`` AisleRiot training themes
(:data:`vision.index_data.TRAINING_THEMES`, rendered at training time; never an unseen
design). The network is small (three 3x3 convolution blocks and one hidden layer,
about 0.2 M weights); its outputs are ``probabilities``, the rank probabilities (13 ranks,
then "no index") followed by the suit probabilities (4 suits, then "no index"), and
``features``, its hidden layer, on which calibration fits the club's deck (see
:mod:`vision.indexnet`). ``--add-features`` gives a file written before there was a
``features`` output that output, the weights unchanged (how the committed file got it).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from vision.art import AISLERIOT_UNSEEN, committed_deck, render_aisleriot
from vision.index_data import NO_INDEX, TRAINING_THEMES, aisleriot_deck, card_patches, font_deck
from vision.indexnet import DEFAULT_MODEL_PATH, FEATURES, OUTPUTS, normalise

TUNING_DECKS = ("heruka-2color", "heruka-4color")
#: Camera views of each card of an AisleRiot training theme (a tuning deck's: 12, a font deck's: 3).
THEME_VIEWS = 10


def _deck_patches(job: tuple[str, int, int, Path | None]) -> tuple[np.ndarray, np.ndarray]:
    """Patches and labels of one deck: ``(kind, seed, views, cache)``, kind a tuning deck,
    "font" or an AisleRiot training theme (rendered into ``cache``)."""
    kind, seed, views, cache = job
    rng = np.random.default_rng(seed)
    if kind == "font":
        deck = font_deck(rng)
    elif kind in TRAINING_THEMES:
        deck = aisleriot_deck(kind, cache)
    else:
        deck = committed_deck(kind)
    patches, labels = [], []
    for card in deck:
        p, lab = card_patches(rng, deck[card], card, views=views)
        patches += p
        labels += lab
    return np.stack(patches), np.array(labels, np.int64)


def build_dataset(font_decks: int, seed: int, themes: tuple[str, ...] = (),
                  workers: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """All training patches (N x 48 x 24 x 3 uint8) and labels (N x 2: rank, suit; -1 none)."""
    with tempfile.TemporaryDirectory(prefix="aisleriot-") as tmp:
        cache = Path(tmp)
        for theme in themes:  # rendered once, before the workers read them
            render_aisleriot(theme, cache / theme)
        jobs = [(name, seed + 1000 * k, 12, None) for k, name in enumerate(TUNING_DECKS)]
        jobs += [(theme, seed + 5_000 + k, THEME_VIEWS, cache) for k, theme in enumerate(themes)]
        jobs += [("font", seed + 10_000 + i, 3, None) for i in range(font_decks)]
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_deck_patches, jobs))
    return np.concatenate([p for p, _ in parts]), np.concatenate([lab for _, lab in parts])


def train(patches: np.ndarray, labels: np.ndarray, epochs: int, seed: int):
    """Fit the network (torch); returns the trained module in eval mode."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(2)

    class IndexNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            def block(a: int, b: int) -> list:
                return [nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU(), nn.MaxPool2d(2)]
            self.body = nn.Sequential(*block(3, 24), *block(24, 48), *block(48, 64), nn.Flatten(),
                                      nn.Linear(64 * 6 * 3, 128), nn.ReLU(), nn.Dropout(0.3))
            self.rank = nn.Linear(128, 14)
            self.suit = nn.Linear(128, 5)

        def logits(self, x):
            h = self.body(x)
            return self.rank(h), self.suit(h)

        def forward(self, x):
            h = self.body(x)
            return torch.cat([torch.softmax(self.rank(h), 1), torch.softmax(self.suit(h), 1)], 1), h

    x = torch.from_numpy(normalise(patches))
    rank = torch.from_numpy(np.where(labels[:, 0] == NO_INDEX, 13, labels[:, 0]))
    suit = torch.from_numpy(np.where(labels[:, 1] == NO_INDEX, 4, labels[:, 1]))
    model = IndexNet()
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * ((len(x) + 255) // 256)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.02)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(x))
        total, right = 0.0, 0
        for start in range(0, len(x), 256):
            batch = order[start:start + 256]
            r_logits, s_logits = model.logits(x[batch])
            loss = loss_fn(r_logits, rank[batch]) + loss_fn(s_logits, suit[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(batch)
            right += int(((r_logits.argmax(1) == rank[batch]) & (s_logits.argmax(1) == suit[batch])).sum())
        print(f"epoch {epoch + 1}/{epochs}: loss {total / len(x):.4f}, train accuracy {right / len(x):.4f}", flush=True)
    return model.eval()


def export(model, out: Path) -> None:
    """Write the model as ONNX (opset 13, batch dimension free)."""
    import torch

    dummy = torch.zeros(1, 3, 48, 24)
    torch.onnx.export(model, dummy, str(out), input_names=["patch"], output_names=list(OUTPUTS),
                      dynamic_axes={name: {0: "n"} for name in ("patch", *OUTPUTS)}, opset_version=13,
                      dynamo=False)


def add_features(path: Path) -> None:
    """Give an ONNX file of the ``probabilities`` output only (as exported before the
    ``features`` output existed) that output too: the hidden layer (the last ReLU) under the
    name ``features``; the weights and the probabilities stay as they are."""
    import onnx

    model = onnx.load(str(path))
    if OUTPUTS[1] in [o.name for o in model.graph.output]:
        return
    hidden = [node for node in model.graph.node if node.op_type == "Relu"][-1].output[0]
    model.graph.node.append(onnx.helper.make_node("Identity", [hidden], [OUTPUTS[1]], name=OUTPUTS[1]))
    model.graph.output.append(onnx.helper.make_tensor_value_info(OUTPUTS[1], onnx.TensorProto.FLOAT,
                                                                 ["n", FEATURES]))
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font-decks", type=int, default=50)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--themes", default="",
                        help="AisleRiot training themes, comma separated, or 'all' (default: none)")
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL_PATH)
    parser.add_argument("--add-features", type=Path, metavar="ONNX",
                        help="only add the features output to this file, then stop")
    args = parser.parse_args(argv)
    if args.add_features:
        add_features(args.add_features)
        print(f"{args.add_features}: outputs {', '.join(OUTPUTS)}")
        return 0
    start = time.perf_counter()
    themes = TRAINING_THEMES if args.themes == "all" else tuple(t for t in args.themes.split(",") if t)
    unseen = sorted(set(themes) & set(AISLERIOT_UNSEEN))
    if unseen:
        parser.error(f"{', '.join(unseen)}: an unseen design, kept for measurement, is never trained on")
    unknown = sorted(set(themes) - set(TRAINING_THEMES))
    if unknown:
        parser.error(f"not a training theme: {', '.join(unknown)} (the training themes: {', '.join(TRAINING_THEMES)})")
    patches, labels = build_dataset(args.font_decks, args.seed, themes)
    print(f"{len(patches)} patches ({int((labels[:, 0] >= 0).sum())} index corners) "
          f"in {time.perf_counter() - start:.0f} s", flush=True)
    model = train(patches, labels, args.epochs, args.seed)
    export(model, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB) after {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
