"""PHH export, strict import, and the round trip with pokerkit 0.7.7."""

from __future__ import annotations

import random
import warnings

import pytest

from dealer_app.engine.phh import PHHError, export_phh, parse_phh_text, replay_hand, replay_text
from dealer_app.engine.structures import BettingKind, Structure
from tests.engine.test_hand_kit import make_hand, play, random_hand

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import HandHistory  # noqa: E402

from tests.engine.test_pokerkit_differential import play_both  # noqa: E402

EXPECTED_T35 = """variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0]
min_bet = 2
starting_stacks = [200, 60, 25, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "d dh p5 ????", \
"p3 cbr 25", "p4 cbr 100", "p5 cc", "p1 f", "p2 cc", "p2 sm 2c3c", "p3 sm 2d3d", "p4 sm 2h3h", \
"p5 sm 4c4d", "d db AsKsQs", "d db Js", "d db Ts"]
seats = [1, 2, 3, 4, 5]
seat_count = 10
finishing_stacks = [199, 61, 25, 100, 100]
"""


def t35_hand():
    state = make_hand([200, 60, 25, 100, 100])
    return play(
        state,
        "p2 cbr 25", "p3 cbr 100", "p4 cc", "p0 f", "p1 cc",
        "p1 sm 2c3c", "p2 sm 2d3d", "p3 sm 2h3h", "p4 sm 4c4d",
        "db AsKsQs", "db Js", "db Ts",
    )  # fmt: skip


def test_export_t35_exact_text_with_shows_before_the_run_out():
    assert export_phh(t35_hand()) == EXPECTED_T35.replace("\\\n", "")


def test_export_refuses_unfinished_hand():
    with pytest.raises(PHHError, match="Only a finished hand"):
        export_phh(make_hand([100, 100]))


def test_replay_of_our_export_gives_the_same_stacks():
    [result] = list(replay_text(export_phh(t35_hand())))
    assert result.ok and result.finishing_stacks == [199, 61, 25, 100, 100]


def test_replay_stops_at_first_illegal_action_with_index_and_reason():
    text = """variant = "NT"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200, 200, 200]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "d dh p5 ????", "d dh p6 ????", "p3 cbr 10", "p4 cbr 17", "p5 f"]
"""
    [result] = list(replay_text(text))
    assert not result.ok
    assert (result.action_index, result.action, result.reason) == (7, "p4 cbr 17", "Minimum raise is to 18")
    assert result.to_dict(1) == {
        "hand": 1, "ok": False, "action_index": 7, "action": "p4 cbr 17", "reason": "Minimum raise is to 18",
    }  # fmt: skip


def test_replay_never_inserts_a_missing_fold():
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p2 cc"]
"""
    [result] = list(replay_text(text))
    assert not result.ok and result.action_index == 4
    assert result.reason == "Action is on seat 1, not seat 2"


def test_phhs_with_underscore_fields_ignored_and_finishing_stacks_checked():
    hand = export_phh(t35_hand())
    wrong = hand.replace("finishing_stacks = [199, 61, 25, 100, 100]", "finishing_stacks = [200, 60, 25, 100, 100]")
    text = f"[1]\n{hand}_note = \"x\"\n_weird = {{ a = 1 }}\n\n[2]\n{wrong}"
    docs = parse_phh_text(text)
    assert len(docs) == 2 and all(not k.startswith("_") for d in docs for k in d)
    first, second = (replay_hand(d) for d in docs)
    assert first.ok
    assert not second.ok and second.action_index == 17
    assert second.reason == (
        "Finishing stacks differ: the file says [200, 60, 25, 100, 100], ours are [199, 61, 25, 100, 100]"
    )


def test_fixed_limit_export_is_ft_with_bet_sizes():
    state = make_hand([100, 100, 100], kind=BettingKind.FIXED_LIMIT, small_bet=2, big_bet=4)
    play(state, "p2 cbr 4", "p0 f", "p1 f")
    text = export_phh(state)
    assert 'variant = "FT"' in text and "small_bet = 2\nbig_bet = 4\n" in text
    assert [r.ok for r in replay_text(text)] == [True]


def pokerkit_replays_strictly(text: str) -> list[int]:
    """Replay in pokerkit: every line applied in order, nothing inserted; return its stacks."""
    hh = HandHistory.loads(text)
    steps = list(hh.state_actions)
    applied = [action for _, action in steps if action is not None]
    state = steps[-1][0]
    assert applied == list(hh.actions)
    written = HandHistory.from_game_state(hh.create_game(), state)
    assert list(written.actions) == list(hh.actions)
    return list(state.stacks)


def odd_chip_tolerant_equal(ours_final: list[int], theirs: list[int], state) -> bool:
    if ours_final == theirs:
        return True
    split = {state.seats.index(s) for a in state.awards if a.odd_chip_seats for s in a.shares}
    same_elsewhere = all(ours_final[i] == theirs[i] for i in range(len(theirs)) if i not in split)
    return bool(split) and same_elsewhere and sum(ours_final) == sum(theirs)


@pytest.mark.slow
@pytest.mark.parametrize("fixed", [False, True])
def test_our_exports_replay_strictly_in_pokerkit(fixed):
    rng = random.Random(5 if fixed else 6)
    checked = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(150):
            if fixed:
                structure = Structure(BettingKind.FIXED_LIMIT, 1, 2, max_raises=3, heads_up_unlimited=False)
            else:
                structure = None
            state = random_hand(rng, structure, known_cards=rng.random() < 0.5, fl_no_short_completion=True)
            text = export_phh(state)
            theirs = pokerkit_replays_strictly(text)
            final = state.final_stacks()
            assert odd_chip_tolerant_equal([final[s] for s in state.seats], theirs, state), text
            checked += 1
    assert checked == 150


@pytest.mark.slow
def test_pokerkit_exports_replay_in_ours():
    rng = random.Random(21)
    random.seed(21)
    replayed = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(150):
            verdict, pk, ours = play_both(rng, fixed=False)
            if verdict == "diverged":
                continue
            text = HandHistory.from_game_state(pk_game(ours), pk).dumps()
            [result] = list(replay_text(text))
            assert result.ok, (text, result)
            assert odd_chip_tolerant_equal(result.finishing_stacks, list(pk.stacks), result.state), text
            replayed += 1
    assert replayed >= 140


def pk_game(ours):
    from pokerkit import Mode, NoLimitTexasHoldem

    from tests.engine.test_pokerkit_differential import AUTOMATIONS

    s = ours.setup.structure
    return NoLimitTexasHoldem(AUTOMATIONS, True, s.ante, (s.small_blind, s.big_blind), s.big_blind, mode=Mode.CASH_GAME)


def test_big_blind_ante_exports_as_bb_ante_and_replays_in_both():
    from dealer_app.engine.phh import setup_from_phh
    from dealer_app.engine.structures import AnteMode, PostKind

    state = make_hand([10000] * 5, sb=100, bb=200, ante=200, ante_mode=AnteMode.BIG_BLIND)
    play(state, "p2 cbr 600", "p3 f", "p4 f", "p0 f", "p1 f")
    text = export_phh(state)
    assert "ante_trimming_status = false\nantes = [0, 200, 0, 0, 0]\n" in text
    assert pokerkit_replays_strictly(text) == [9900, 9600, 10500, 10000, 10000]
    [doc] = parse_phh_text(text)
    kinds = [p.kind for p in setup_from_phh(doc).posts]
    assert kinds == [PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.BIG_BLIND_ANTE]
    assert [r.finishing_stacks for r in replay_text(text)] == [[9900, 9600, 10500, 10000, 10000]]


def test_heads_up_arrays_list_the_button_first():
    state = make_hand([100, 100])
    play(state, "p1 f")
    text = export_phh(state)
    assert "blinds_or_straddles = [1, 2]\n" in text
    assert pokerkit_replays_strictly(text) == [101, 99]


def test_fast_reader_agrees_with_tomllib():
    import tomllib

    from dealer_app.engine.phh import _fast_parse

    ours = export_phh(t35_hand())
    theirs = ours.replace('"', "'")
    night = f"[1]\n{ours}\n[2]\n{theirs}"
    for text in (ours, theirs, night):
        assert _fast_parse(text) == tomllib.loads(text)
    tricky = 'actions = ["d dh p1 ????", \'p1 cc\']\nnote = "say \\"hi\\""\n'
    assert parse_phh_text(tricky) == [tomllib.loads(tricky)]
