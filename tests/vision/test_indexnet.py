"""The index network: the committed ONNX file run by OpenCV's dnn module, its part in reading,
and the font decks and AisleRiot training themes it may be trained on."""

from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from vision import train_index
from vision.art import CARD_NAMES
from vision.index_data import (
    NO_INDEX,
    TRAINING_THEMES,
    aisleriot_deck,
    card_patches,
    clean_cards,
    font_deck,
    rank_fonts,
)
from vision.indexnet import FEATURES, IndexGuess, default_index_net
from vision.read import NET_SURE, CornerRead, Reader, corner_patch, find_card
from vision.synth import _felt, load_back, make_capture

needs_rsvg = pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")


@pytest.fixture(scope="module")
def net():
    network = default_index_net()
    assert network is not None, "vision/models/index-net.onnx is missing"
    return network


def test_the_network_reads_every_index_corner_of_a_calibration_capture(net, heruka):
    """Both index corners of all 52 tuning-deck cards, each found as the calibration finds it."""
    rng = np.random.default_rng(5)
    read = []
    for card in CARD_NAMES:
        image = make_capture(rng, heruka[card])
        _, corners, width = find_card(image)
        assert len(corners) == 2
        for guess in net.guess([corner_patch(image, corner, width) for corner in corners]):
            read.append((guess.first_card == card, guess.card_probability(card), guess.no_index))
    assert all(right for right, _, _ in read)
    assert min(p for _, p, _ in read) > 0.5 and max(n for _, _, n in read) < 0.1


def test_the_network_sees_no_index_on_felt_or_a_card_back(net):
    felt = _felt(np.random.default_rng(2), 200, 200).astype(np.uint8)
    guesses = net.guess([felt[50:98, 50:74], load_back()[10:58, 10:34]])
    assert [g.no_index > 0.9 for g in guesses] == [True, True]


def _tied_read(heruka_profile, d2: np.ndarray) -> CornerRead:
    reader = Reader(heruka_profile, index_net=None)
    return reader._decide(d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9)


def test_the_network_picks_among_the_near_ties_the_discriminant_leaves(heruka_profile):
    cards = heruka_profile.cards
    d2 = np.full(52, 1000.0)
    d2[cards.index("3c")], d2[cards.index("3s")] = 40.0, 60.0  # 20 apart: a near tie (gap 45)
    tied = _tied_read(heruka_profile, d2)
    assert tied.card is None and tied.best == "3c"
    q = np.zeros(52)
    q[cards.index("3s")], q[cards.index("3c")] = 0.97, 0.02
    reader = Reader(heruka_profile, index_net=None)  # q stands for the network's answer
    read = reader._settle(tied, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert (read.card, read.net) == ("3s", 0.97)
    q[cards.index("3s")] = 0.85  # not sure enough (NET_MIN 0.9): stays unknown
    read = reader._settle(tied, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert read.card is None


def test_the_network_brings_in_a_card_the_discriminant_put_far_off_only_when_net_sure(heruka_profile):
    """Under NET_SURE the network only chooses among the discriminant's near ties (3c, 3s):
    an 8s it is 0.97 sure of, put far off, stays out; at NET_SURE it is read."""
    cards = heruka_profile.cards
    d2 = np.full(52, 1000.0)
    d2[cards.index("3c")], d2[cards.index("3s")], d2[cards.index("8s")] = 40.0, 60.0, 200.0
    tied = _tied_read(heruka_profile, d2)
    q = np.zeros(52)
    q[cards.index("8s")] = round(NET_SURE - 0.01, 3)
    reader = Reader(heruka_profile, index_net=None)  # q stands for the network's answer
    read = reader._settle(tied, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert read.card is None
    q[cards.index("8s")] = NET_SURE
    read = reader._settle(tied, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert (read.card, read.confidence) == ("8s", NET_SURE)


def test_the_network_vetoes_a_read_it_clearly_sees_as_another_card(heruka_profile):
    cards = heruka_profile.cards
    d2 = np.full(52, 1000.0)
    d2[cards.index("Kd")] = 40.0
    confident = _tied_read(heruka_profile, d2)
    assert confident.card == "Kd"
    q = np.zeros(52)
    q[cards.index("Kh")], q[cards.index("Kd")] = 0.95, 0.01
    reader = Reader(heruka_profile, index_net=None)  # q stands for the network's answer
    vetoed = reader._settle(confident, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert vetoed.card is None
    q[cards.index("Kd")] = 0.03  # above NET_VETO: the discriminant's read stands
    kept = reader._settle(confident, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert kept.card == "Kd"


def test_a_read_the_network_alone_vetoes_stays_vetoed_when_the_deck_features_doubt_its_other_card(heruka_profile):
    """With the deck's own evidence the network's other card may fall under NET_MIN (the
    geometric mean of two opinions); the network's own veto of the read card still holds."""
    cards = heruka_profile.cards
    d2 = np.full(52, 1000.0)
    d2[cards.index("3s")] = 40.0
    confident = _tied_read(heruka_profile, d2)
    assert confident.card == "3s"
    own, q = np.zeros(52), np.zeros(52)
    own[cards.index("5s")], own[cards.index("3s")] = 0.95, 0.008
    q[cards.index("5s")], q[cards.index("3s")] = 0.85, 0.05  # with the deck's features: not sure
    reader = Reader(heruka_profile, index_net=None)  # q and own stand for the network's answers
    vetoed = reader._settle(confident, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q, own)
    assert (vetoed.card, vetoed.net) == (None, 0.05)
    kept = reader._settle(confident, d2, reader.corner_limit, reader.corner_gap, lambda k: 0.9, q)
    assert kept.card == "3s"  # without the network's own answer there is no veto


def test_the_network_gives_its_hidden_layer_as_features(net, heruka):
    """The committed file has both outputs; a patch's features are the same read alone or in a
    batch, and differ between two cards."""
    rng = np.random.default_rng(6)
    patches = []
    for card in ("7c", "7s"):
        image = make_capture(rng, heruka[card])
        _, corners, width = find_card(image)
        patches.append(corner_patch(image, corners[0], width))
    guesses = net.guess(patches)
    assert [g.features.shape for g in guesses] == [(FEATURES,), (FEATURES,)]
    batch = net.features(patches, batch=1)
    assert batch.shape == (2, FEATURES)
    assert np.allclose(batch, np.stack([g.features for g in guesses]), atol=1e-5)
    assert np.linalg.norm(batch[0] - batch[1]) > 0.1 * np.linalg.norm(batch[0])


@pytest.mark.skipif(not rank_fonts(), reason="the DejaVu and Liberation fonts are not installed")
def test_font_decks_give_labelled_index_and_no_index_patches():
    deck = font_deck(np.random.default_rng(3))
    assert sorted(deck) == sorted(CARD_NAMES) and deck["As"].shape == (280, 200, 3)
    # the index is ink at the top-left; the paper beside it is plain
    corner = deck["Qh"][5:60, 5:45].astype(float).mean()
    assert corner < 0.97 * deck["Qh"][100:140, 5:30].astype(float).mean()
    patches, labels = card_patches(np.random.default_rng(4), deck["Qh"], "Qh", views=2, per_view=3)
    assert len(patches) == len(labels) == 2 * (2 * 3 + 4)
    assert patches[0].shape == (48, 24, 3)
    assert labels.count((10, 2)) == 12 and labels.count((NO_INDEX, NO_INDEX)) == 8


def test_the_first_card_is_the_likeliest_rank_with_the_likeliest_suit():
    """The network's first guess is the card of highest probability (rank and suit both)."""
    rng = np.random.default_rng(4)
    for _ in range(20):
        guess = IndexGuess(rng.dirichlet(np.ones(13)), rng.dirichlet(np.ones(4)), 0.1)
        assert guess.first_card == max(CARD_NAMES, key=guess.card_probability)
    assert IndexGuess(np.eye(13)[10], np.eye(4)[2], 0.0).first_card == "Qh"


def test_a_smeared_render_is_left_out_of_a_training_deck_and_every_drawn_card_kept(heruka):
    """rsvg-convert renders some AisleRiot cards as a blown-up blur of part of the sheet:
    such a card is no index to learn from."""
    deck = dict(heruka)
    height, width = deck["Kc"].shape[:2]
    deck["Kc"] = cv2.resize(heruka["Kc"][120:134, 90:100], (width, height), interpolation=cv2.INTER_LINEAR)
    deck["8s"] = cv2.resize(heruka["8s"][:14, :10], (width, height), interpolation=cv2.INTER_LINEAR)
    assert sorted(set(CARD_NAMES) - set(clean_cards(deck))) == ["8s", "Kc"]
    assert sorted(clean_cards(heruka)) == sorted(CARD_NAMES)


@needs_rsvg
def test_an_aisleriot_training_theme_gives_its_drawn_cards_only(tmp_path):
    """dondorf's 10, J and K render as smears; its other cards are drawn (its 4s, paler, are
    left out too: a drawn card may be lost, a smear is never learnt)."""
    deck = aisleriot_deck("dondorf", tmp_path)
    assert sorted(set(CARD_NAMES) - set(deck)) == sorted(r + s for r in "4TJK" for s in "cdhs")
    patches, labels = card_patches(np.random.default_rng(4), deck["9c"], "9c", views=1, per_view=1)
    assert labels[:2] == [(7, 0), (7, 0)] and patches[0].shape == (48, 24, 3)


def test_the_training_themes_leave_out_the_unseen_designs_and_their_kin(capsys):
    assert not [t for t in TRAINING_THEMES if t.startswith(("anglo", "tango", "simplistic"))]
    with pytest.raises(SystemExit) as refused:
        train_index.main(["--themes", "orell,simplistic"])
    assert refused.value.code == 2
    assert "simplistic: an unseen design, kept for measurement, is never trained on" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train_index.main(["--themes", "berlin"])
    assert "not a training theme: berlin (the training themes: atlasnye, bellot," in capsys.readouterr().err
