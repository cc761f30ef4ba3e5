"""Accuracy on seeded synthetic sets (regression floors; the full figures come from bench/vision.py).

Floors are set a little under the figures measured when this was written, so a change that
makes reading worse fails here; the benchmark prints the real numbers.
"""

from __future__ import annotations

import shutil

import numpy as np
import pytest

import vision.profiles
import vision.read
from vision.art import load_deck, render_aisleriot
from vision.evaluate import Tally, score_frame
from vision.pipeline import FrameReader
from vision.profiles import calibrate_art, default_profile
from vision.read import NET_TRUST, Profile, Reader
from vision.synth import LAYOUTS, Scene, make_scene


def _score(deck, profile, seed: int, frames: int, layouts) -> Tally:
    reader = FrameReader(Reader(profile))
    rng = np.random.default_rng(seed)
    total = Tally()
    for i in range(frames):
        scene = make_scene(rng, deck, layout=layouts[i % len(layouts)])
        total.add(score_frame(scene, reader.read(scene.image))[0])
    return total


def _rendered_and_calibrated(design: str, tmp_path_factory) -> tuple[dict[str, np.ndarray], Profile]:
    """AisleRiot ``design`` (gnome-cards-data), rendered here, and its calibrated profile;
    the test is skipped without librsvg2-bin."""
    if shutil.which("rsvg-convert") is None:
        pytest.skip("needs librsvg2-bin")
    deck = load_deck(render_aisleriot(design, tmp_path_factory.mktemp(design)))
    return deck, calibrate_art([deck], design)


def _bench_scenes(deck: dict[str, np.ndarray], seed: int, frames: set[int]) -> dict[int, Scene]:
    """The bench's seeded scenes of ``deck`` (its layouts in turn) numbered ``frames`` (from 0)."""
    rng = np.random.default_rng(seed)
    scenes = {}
    for i in range(max(frames) + 1):
        scene = make_scene(rng, deck, layout=LAYOUTS[i % len(LAYOUTS)])
        if i in frames:
            scenes[i] = scene
    return scenes


def _rights_and_misreads(profile: Profile, scene: Scene) -> tuple[list[bool], list[str]]:
    """Which of ``scene``'s readable cards a frame reader with ``profile`` reads right, in
    order, and the cards it misreads."""
    _, per_truth, misread = score_frame(scene, FrameReader(Reader(profile)).read(scene.image))
    return [right for _, right in per_truth], misread


def test_frames_without_face_up_cards_give_no_read(heruka, heruka_profile):
    """Felt, chips, printed lines and face-down cards only: nothing may be read."""
    total = _score(heruka, heruka_profile, seed=500, frames=20, layouts=("empty",))
    assert total.cards == 0
    assert total.reads == 0


@pytest.mark.slow
def test_in_design_board_cards_read_right_and_misreads_stay_rare(heruka, heruka_profile):
    total = _score(heruka, heruka_profile, seed=501, frames=30, layouts=("board",))
    assert total.cards >= 100
    assert total.accuracy >= 0.98  # 1.000 when written (0.881 before merged regions were split)
    assert total.misreads == 0


@pytest.mark.slow
def test_in_design_mixed_tables(heruka, heruka_profile):
    total = _score(heruka, heruka_profile, seed=502, frames=30, layouts=("table", "showdown", "loose"))
    # 0.856 (0.866 on the Pi's numpy 1.24 / OpenCV 4.10) with the index network; 0.784 without
    assert total.accuracy >= 0.83
    assert total.misreads == 0


@pytest.fixture(scope="module")
def simplistic(tmp_path_factory) -> tuple[dict[str, np.ndarray], Profile]:
    """AisleRiot 'simplistic' (gnome-cards-data), rendered here, and its calibrated profile."""
    return _rendered_and_calibrated("simplistic", tmp_path_factory)


@pytest.mark.slow
def test_unseen_design_after_calibration(simplistic):
    """AisleRiot 'simplistic' (gnome-cards-data): never used for tuning, rendered here."""
    deck, profile = simplistic
    total = _score(deck, profile, seed=503, frames=30, layouts=("board",))
    assert total.accuracy >= 0.94  # 0.967 (0.959 on the Pi's numpy 1.24 / OpenCV 4.10); 0.868 before
    assert total.misreads == 0


@pytest.mark.slow
def test_a_covered_corner_is_asked_about_again_refitted_onto_its_edges(simplistic):
    """AisleRiot 'simplistic', a tabled hand (seed 118, 130 px cards, blur 2): the 5c lies
    under the 3s. Its top-left corner as found, where the two cards' edges cross, is nearest
    the 5s and not close to any card's index, and the part of its face in view reads nothing
    from it; the same corner refitted onto the 5c's own edges (`refine_corner`) is close to
    the 5c, and the covered-card read (`read_partly_covered`) takes the 5c from there. The
    refitted corner is asked second, when the corner as found reads nothing (asked instead,
    it lost cards that read from the corner as found)."""
    deck, profile = simplistic
    scene = make_scene(np.random.default_rng(118), deck, layout="showdown")
    assert [str(t.card) for t in scene.truth] == ["5c", "3s", "5d", "3c"]
    tally, per_truth, misread = score_frame(scene, FrameReader(Reader(profile)).read(scene.image))
    assert misread == []
    assert [right for _, right in per_truth] == [True, True, False, True]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_default_reader_on_an_unseen_design_reads_only_what_agrees(tmp_path_factory):
    """Without calibration the default profile (heruka only) meets a deck it never saw: in
    consensus mode it may say unknown, never another card. Without consensus the same
    frames gave 11 misreads in 62 reads when this was written."""
    deck = load_deck(render_aisleriot("simplistic", tmp_path_factory.mktemp("simplistic-default")))
    reader = FrameReader(Reader(default_profile()), consensus=True)
    rng = np.random.default_rng(504)
    total = Tally()
    for i in range(30):
        scene = make_scene(rng, deck, layout=("board", "table", "showdown")[i % 3])
        total.add(score_frame(scene, reader.read(scene.image))[0])
    assert total.cards >= 100
    assert total.misreads == 0
    assert total.right == total.reads
    # 77 of 134 read, all right, when written: both index corners show the index network one
    # card (22 without that, 6 without the network at all)
    assert total.right >= 65


@pytest.mark.slow
def test_a_plain_corner_under_another_card_is_not_read_as_an_index(tmp_path_factory):
    """AisleRiot 'anglo_poker', the bench's seeded scenes (seed 100, 132nd frame, a tabled
    7s under a Jh): the 7s's bottom-left corner, which shows no index, was read as 5c by the
    part of its face in view, though the corner itself matched the 5c's index poorly (0.14
    correlation with its template). A covered card's corner must look like its index too."""
    deck, profile = _rendered_and_calibrated("anglo_poker", tmp_path_factory)
    scene = _bench_scenes(deck, 100, {131})[131]
    assert [str(t.card) for t in scene.truth] == ["7s", "Jh"]
    tally, _, misread = score_frame(scene, FrameReader(Reader(profile)).read(scene.image))
    assert misread == [] and tally.right >= 1


@pytest.fixture(scope="module")
def tango(tmp_path_factory) -> tuple[dict[str, np.ndarray], Profile]:
    """AisleRiot 'tango' (gnome-cards-data), rendered here, and its calibrated profile."""
    return _rendered_and_calibrated("tango", tmp_path_factory)


@pytest.mark.slow
def test_calibration_finds_that_the_network_does_not_know_tangos_index(tango):
    """AisleRiot 'tango' prints its rank in a bold outlined face with a big suit below, unlike
    anything the network was trained on: it reads 78 % of the captures' index corners as
    their own card (100 % on heruka, anglo_poker and simplistic), so the reader leaves it out."""
    _, profile = tango
    assert profile.network_reads < NET_TRUST
    assert Reader(profile).index_net is None


@pytest.mark.slow
def test_without_the_network_a_card_whose_pips_show_the_other_suit_is_not_read(tango):
    """The bench's seeded tango scenes (seed 102), frame 5: a board whose 115 px 5s (blur 0.7)
    the face read as the 5c, while its large pips put it nearer the 5s (margin -0.2). tango's
    index shows no suit and its reader has no network, so the pips' word stands against the
    read (PIP_VETO_BLIND): the 5s is left unknown, not misread."""
    deck, profile = tango
    scene = _bench_scenes(deck, 102, {5})[5]
    assert "5s" in [str(t.card) for t in scene.readable]
    seen = FrameReader(Reader(profile)).read(scene.image)
    tally, _, misread = score_frame(scene, seen)
    assert misread == []
    assert tally.right == len(scene.readable) - 1


@pytest.mark.slow
def test_a_captures_colour_cast_is_not_learnt_as_its_card(tango, monkeypatch):
    """The bench's seeded tango scenes (seed 102), frame 558: a tabled 5s (261 px, blur 2).
    At calibration seed 0 the 5s's capture is the greenest of the deck (its paper 0.946 /
    1.099 / 0.955 of its mean, B G R), and tango's index shows no suit: a calibration that
    learnt that light as the 5s read later 5s's corners as the 5c (frame 990's 25 units
    from the 5c, 103 from the 5s).
    With each capture's paper made grey first (:func:`vision.profiles.neutral_paper`) the
    5s is read, and the 7h beside it, and the frame has no misread (the 7s under them is
    lost either way)."""
    deck, profile = tango
    scene = _bench_scenes(deck, 102, {558})[558]
    assert [str(t.card) for t in scene.readable] == ["7c", "7h", "9d", "Tc", "Ad", "7s", "5s"]
    assert _rights_and_misreads(profile, scene) == ([True, True, True, True, True, False, True], [])
    monkeypatch.setattr(vision.profiles, "neutral_paper", lambda image, quad: image)
    cast = calibrate_art([deck], "tango")
    assert _rights_and_misreads(cast, scene) == ([True, False, True, True, True, False, False], ["5c"])


@pytest.fixture(scope="module")
def simplistic_glare_and_blur(simplistic) -> dict[int, object]:
    """The bench's seeded simplistic scenes (seed 101): frame 113 (a table at blur 2 with a
    101 px 2s on the board), frame 185 (a board at blur 2 with a
    110 px Kh), frame 300 (a board under glare, 70-93 % of each face at 255), frame 336
    (a tabled hand with a printed line merged into its region), frame 393 (a table with a
    274 px Jc under a strong light gradient), frame 600 (a board at blur 1.4 with a 105 px Jc
    and a 103 px 6c) and frame 683 (a tabled hand of 109 px cards at blur 1.4)."""
    deck, _ = simplistic
    return _bench_scenes(deck, 101, {113, 185, 300, 336, 393, 600, 683})


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
@pytest.mark.parametrize(("calibration", "read_right"), [(1, ["4h", "Th", "Kd"]), (2, ["4h", "Th", "Kd"])])
def test_a_club_washed_out_by_glare_is_not_read_as_the_spade(simplistic, simplistic_glare_and_blur,
                                                             calibration, read_right):
    """Frame 300 (the 4h, Ac, Th, 8c and Kd under glare): the 8c's washed-out pips, whose thin
    lobes the camera clipped, are compared with captures clipped alike, so they no longer fit
    the compact spade better (calibration 1 read the 8s, calibration 2 left it unknown). Since
    each capture's colour cast is taken off in calibration, calibration 2 no longer reads
    the 8c either (it did since the thirty-eighth pass); neither reads the 8s."""
    deck, _ = simplistic
    profile = calibrate_art([deck], "simplistic", seed=calibration)
    scene = simplistic_glare_and_blur[300]
    assert [str(t.card) for t in scene.readable] == ["4h", "Ac", "Th", "8c", "Kd"]
    _, per_truth, misread = score_frame(scene, FrameReader(Reader(profile)).read(scene.image))
    assert "8s" not in misread
    assert [str(t.card) for t, (_, right) in zip(scene.readable, per_truth, strict=True) if right] == read_right


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_a_corner_read_alone_is_not_taken_against_a_face_that_fits_another_card(
        simplistic, simplistic_glare_and_blur):
    """Frame 185, calibration 2: the network read a corner of the 110 px Kh at blur 2 alone as
    the Th (0.95), while the face and corner together fit the Kh 2.99 times nearer than any
    other card (FACE_OTHER_RATIO); the corner is not taken, and the Kh is read."""
    deck, _ = simplistic
    profile = calibrate_art([deck], "simplistic", seed=2)
    scene = simplistic_glare_and_blur[185]
    _, per_truth, misread = score_frame(scene, FrameReader(Reader(profile)).read(scene.image))
    assert misread == []
    assert [str(t.card) for t, (_, right) in zip(scene.readable, per_truth, strict=True) if right] == [
        "7d", "Ad", "4c", "Kh"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_a_tabled_hand_a_printed_line_runs_into_is_read_at_its_own_card_size(
        simplistic, simplistic_glare_and_blur):
    """Frame 336: a tabled Js and 6h (125 px, blur 0.7) whose region a betting line joins, and
    no card read whole. The line's 680 px edge no longer sets the frame's card width (it made
    it 486 px, and neither card was read at that size): both are read."""
    deck, _ = simplistic
    profile = calibrate_art([deck], "simplistic", seed=2)
    scene = simplistic_glare_and_blur[336]
    assert [str(t.card) for t in scene.readable] == ["Js", "6h"]
    assert _rights_and_misreads(profile, scene) == ([True, True], [])


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_a_card_spelled_out_by_one_side_is_placed_by_its_capture(simplistic, simplistic_glare_and_blur):
    """Frame 683, calibration 1: a tabled Tc under a 6c (109 px, blur 1.4). The 6c's one free
    short side gives its card from the card's shape, too short, its far corners about 8 px
    off, where its face fits the 6c at 4,851 against a covered card's limit of 1,683; placed
    by the 6c's capture (a homography ECC fit, `PipTemplates.place`), it reads, and the Tc
    under it then reads from the part of its face in view. Before, neither was read."""
    deck, _ = simplistic
    profile = calibrate_art([deck], "simplistic", seed=1)
    scene = simplistic_glare_and_blur[683]
    assert [str(t.card) for t in scene.readable] == ["7h", "8s", "Qc", "Tc", "6c"]
    assert _rights_and_misreads(profile, scene) == ([True, True, True, True, True], [])


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_a_card_seen_whole_that_fits_one_card_clearly_best_just_past_the_limit_is_read(
        simplistic, simplistic_glare_and_blur, monkeypatch):
    """Frame 113, calibration 1: a 2s on the board (101 px, blur 2) seen whole, whose face and
    index corners fit the 2s at 6,448 against the limit of 5,508 and every other card at
    least 1.74 times farther (11,251). Read now (WHOLE_CLEAR_SLACK, WHOLE_CLEAR_RATIO); left
    unknown before, and still when the other cards need to be 1.8 times farther. (The Td of
    the tabled hand, under the Qd, is not read either way.)"""
    deck, _ = simplistic
    profile = calibrate_art([deck], "simplistic", seed=1)
    scene = simplistic_glare_and_blur[113]
    assert [str(t.card) for t in scene.readable] == ["8d", "Js", "2s", "Td", "Qd"]
    assert _rights_and_misreads(profile, scene) == ([True, True, True, False, True], [])
    monkeypatch.setattr(vision.read, "WHOLE_CLEAR_RATIO", 1.8)
    assert _rights_and_misreads(profile, scene) == ([True, True, False, False, True], [])


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_a_club_face_and_corners_name_clearly_is_not_disputed_by_the_index_network(
        simplistic, simplistic_glare_and_blur, monkeypatch):
    """Frame 600, calibration 1: a board at blur 1.4 whose 6c (103 px) and Jc (105 px) are read
    whole at 1,064 and 464 with every other card 2.6 and 6.8 times farther, while the index
    network, reading simplistic's small club glyphs as spades, gives the 6s 0.58 and the Js
    0.73. Face and corners name them clearly (TWIN_CLEAR_RATIO), so both are read; with the
    ratio above 6.8 both are disputed and lost, as before. Frame 393: a 274 px Jc that face and
    corners take for the Js, the nearest other card 1.66 times farther, stays disputed by the
    network (sure of the Jc): unknown, not misread."""
    deck, _ = simplistic
    profile = calibrate_art([deck], "simplistic", seed=1)
    scene = simplistic_glare_and_blur[600]
    assert [str(t.card) for t in scene.readable] == ["6c", "Jc", "3h", "9h"]
    assert _rights_and_misreads(profile, scene) == ([True, True, True, True], [])
    table = simplistic_glare_and_blur[393]
    jack = [str(t.card) for t in table.readable].index("Jc")
    rights, misread = _rights_and_misreads(profile, table)
    assert (rights[jack], misread) == (False, [])
    monkeypatch.setattr(vision.read, "TWIN_CLEAR_RATIO", 7.0)
    assert _rights_and_misreads(profile, scene) == ([False, False, True, True], [])


#: The state of the bench's simplistic scene generator (seed 101) after 1,137 scenes: frame
#: 1137 is rendered from it without rendering the 1,137 before it (two minutes here).
FRAME_1137_STATE = {"bit_generator": "PCG64",
                    "state": {"state": 137839388187417463778236773357510949093,
                              "inc": 287896369054363243330570147588121237329},
                    "has_uint32": 0, "uinteger": 1832603780}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg2-bin")
def test_a_whole_card_read_only_past_the_limit_that_the_suit_checks_doubt_is_read_by_its_corners(
        simplistic, monkeypatch):
    """Frame 1137, calibration 2: a loose 3h (156 px, blur 0) seen whole fits the 3d at
    12,756, past the limit of 5,916 but within WHOLE_CLEAR_SLACK of it, every other card at
    least 1.59 times farther. The suit checks doubt that 3d (rightly), so the read is left
    undecided, not disputed, as without the clear-best rule, and the card's corners are
    read one by one: the 3h is read. (Returned disputed, the region was given up and the 3h
    lost: 2eb7e2d.)"""
    deck, _ = simplistic
    rng = np.random.default_rng()
    rng.bit_generator.state = FRAME_1137_STATE
    scene = make_scene(rng, deck, layout=LAYOUTS[1137 % len(LAYOUTS)])
    assert [str(t.card) for t in scene.readable] == ["3h"]
    profile = calibrate_art([deck], "simplistic", seed=2)
    whole_reads = []
    read_card = Reader.read_card

    def spy(self, frame, quad, corners, whole=True):
        read = read_card(self, frame, quad, corners, whole)
        if whole:
            whole_reads.append(read)
        return read

    monkeypatch.setattr(Reader, "read_card", spy)
    assert _rights_and_misreads(profile, scene) == ([True], [])
    limit = Reader(profile).face_limit + 4 * Reader(profile).corner_limit
    doubted = [r for r in whole_reads if r.best == "3d"]
    assert [(r.card, r.disputed) for r in doubted] == [(None, False)]
    assert limit < doubted[0].distance <= vision.read.WHOLE_CLEAR_SLACK * limit
    assert doubted[0].runner_up >= vision.read.WHOLE_CLEAR_RATIO * doubted[0].distance
