"""Property tests over thousands of random hands (hypothesis draws the set-up and a seed).

Each example plays several random hands with random legal actions (every offered action is
applied, so "every action offered as legal is accepted" is checked on every step), probes
random illegal ones (refused, state unchanged), and checks the invariants at the end.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_app.engine.events import event_from_dict
from dealer_app.engine.hand import HandState, Phase
from dealer_app.engine.structures import AnteMode, BettingKind, Structure
from tests.engine.test_hand_kit import random_hand


@st.composite
def structures(draw) -> Structure:
    kind = draw(st.sampled_from(list(BettingKind)))
    bb = draw(st.sampled_from([2, 4, 10, 100]))
    sb = draw(st.sampled_from([0, bb // 2, bb // 2, bb // 2]))
    ante = draw(st.sampled_from([0, 0, 1, bb // 2, bb]))
    mode = draw(st.sampled_from(list(AnteMode)))
    options: dict[str, object] = {}
    if kind is BettingKind.CAPPED:
        options["round_cap"] = draw(st.sampled_from([bb, 2 * bb, 3 * bb, 10 * bb]))
        options["hand_cap"] = draw(st.sampled_from([None, 4 * bb + ante, 12 * bb]))
    if kind is BettingKind.FIXED_LIMIT:
        options["max_raises"] = draw(st.sampled_from([None, 3, 4]))
        options["heads_up_unlimited"] = draw(st.booleans())
    if kind is BettingKind.POT_LIMIT:
        options["pl_open_bb_multiple"] = draw(st.sampled_from([0, 4]))
    options["run_it_twice"] = draw(st.booleans())
    return Structure(kind, sb, bb, ante, mode, **options)  # type: ignore[arg-type]


def check_invariants(state: HandState) -> None:
    start = state.setup.stacks
    final = state.final_stacks()
    if state.phase is Phase.VOIDED:
        assert final == start and state.awards == [], "a void hand returns every chip (I1)"
        return
    assert state.phase is Phase.FINISHED
    assert sum(final.values()) == sum(start.values()), "chips conserved"
    assert min(final.values()) >= 0, "no negative stack"
    assert sum(a.amount for a in state.awards) + sum(state.b.stacks) == sum(start.values())
    b = state.b
    contrib = dict(zip(state.seats, b.contrib, strict=True))
    folded = dict(zip(state.seats, b.folded, strict=True))
    for seat in state.seats:
        gain = final[seat] - start[seat]
        # from a player still in, at most what this seat matched; folded chips are dead money
        matched = sum(
            c if folded[other] else min(c, contrib[seat]) for other, c in contrib.items() if other != seat
        )
        assert gain <= matched + b.dead, "nobody wins more than they matched (A1, P1)"
    for award in state.awards:
        assert sum(award.shares.values()) == award.amount
        assert all(share >= 0 for share in award.shares.values())
    rebuilt = HandState.from_events([event_from_dict(e.to_dict()) for e in state.events])
    assert rebuilt.final_stacks() == final, "the JSON event log folds to the same state"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(structure=structures(), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10))
def test_random_hands_keep_the_invariants(structure: Structure, seed: int, players: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        state = random_hand(
            rng, structure, players=players, known_cards=rng.random() < 0.5, checks=True, void_chance=0.01
        )
        check_invariants(state)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(structure=structures(), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10))
def test_many_more_random_hands_keep_the_invariants(structure: Structure, seed: int, players: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        check_invariants(random_hand(rng, structure, players=players, checks=True))
