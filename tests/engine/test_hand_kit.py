"""Helpers for the hand tests: build a hand by position and play a script of actions.

Players are named as in reference/rules-scenarios.md: ``p0`` is the first seat left of the
button (the small blind with 3+ players), and so on; heads-up ``p1`` is the button. In
these helpers table seat numbers are 1..n and the button is seat n, so ``pK`` is seat K+1.
"""

from __future__ import annotations

import pytest

from dealer_app.engine.events import (
    BetRaise,
    BoardDealt,
    Call,
    CardBurned,
    Check,
    Fold,
    HoleCardsDealt,
    IllegalAction,
    Muck,
    RunTwice,
    Show,
)
from dealer_app.engine.hand import HandState
from dealer_app.engine.structures import BettingKind, HandSetup, Post, PostKind, Structure


def seat(p: int) -> int:
    """Seat number of player ``pK``."""
    return p + 1


def make_hand(
    stacks: list[int],
    sb: int = 1,
    bb: int = 2,
    kind: BettingKind = BettingKind.NO_LIMIT,
    straddle: tuple[int, int] | None = None,
    posts: list[tuple[int, str, int]] | None = None,
    deal: bool = True,
    **options: object,
) -> HandState:
    """A hand with ``stacks`` by position (p0 first), button on the last seat, cards dealt."""
    structure = Structure(kind, small_blind=sb, big_blind=bb, **options)  # type: ignore[arg-type]
    by_seat = {seat(p): s for p, s in enumerate(stacks)}
    button = len(stacks)
    if posts is None:
        strad = None if straddle is None else (seat(straddle[0]), straddle[1])
        setup = HandSetup.standard(by_seat, button, structure, strad)
    else:
        setup = HandSetup(
            seats=tuple(by_seat.items()),
            button=button,
            structure=structure,
            posts=tuple(Post(seat(p), PostKind(k), a) for p, k, a in posts),
        )
    state = HandState.start(setup)
    if deal:
        state.apply(HoleCardsDealt())
    return state


def event_of(state: HandState, step: str):
    """One script step as an event: ``p2 cbr 10``, ``p2 cc``, ``p2 f``, ``p2 k`` (check),
    ``p2 c`` (call), ``p2 sm AsKs`` (show), ``p2 m`` (muck), ``db AsKsQs``, ``burn``, ``rit``."""
    words = step.split()
    if words[0] == "db":
        return BoardDealt(words[1])
    if words[0] == "burn":
        return CardBurned()
    if words[0] == "rit":
        return RunTwice()
    s = seat(int(words[0][1:]))
    verb = words[1]
    if verb == "f":
        return Fold(s)
    if verb == "k":
        return Check(s)
    if verb == "c":
        return Call(s)
    if verb == "cc":
        legal = state.legal()
        return Check(s) if legal is not None and legal.can_check else Call(s)
    if verb == "cbr":
        return BetRaise(s, int(words[2]))
    if verb == "sm":
        return Show(s, words[2])
    if verb == "m":
        return Muck(s)
    raise ValueError(step)


def play(state: HandState, *steps: str) -> HandState:
    """Apply each step; return the state."""
    for step in steps:
        state.apply(event_of(state, step))
    return state


def refused(state: HandState, step: str) -> IllegalAction:
    """Assert ``step`` is refused and changes nothing; return the exception."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(event_of(state, step))
    assert snapshot(state) == before
    return info.value


def snapshot(state: HandState) -> tuple:
    """Everything observable about a state, for "changes nothing" checks."""
    b = state.b
    return (
        state.phase,
        tuple(b.stacks),
        tuple(b.bets),
        tuple(b.contrib),
        tuple(b.folded),
        tuple(b.acted),
        b.actor,
        b.current_bet,
        b.min_increment,
        state.board,
        tuple(state.shown),
        tuple(state.mucked),
        len(state.events),
    )


def window(state: HandState) -> tuple[int, int]:
    legal = state.legal()
    assert legal is not None and legal.can_raise, legal
    return legal.min_to, legal.max_to


def stacks(state: HandState) -> list[int]:
    """Final stacks by position (p0 first)."""
    final = state.final_stacks()
    return [final[seat(p)] for p in range(len(state.seats))]


def test_kit_positions_match_the_scenario_naming():
    state = make_hand([100, 100, 100, 100])
    assert state.seats == (1, 2, 3, 4)
    assert state.to_act == seat(2)
    heads_up = make_hand([100, 100])
    assert heads_up.to_act == seat(1)


def test_kit_refused_checks_nothing_changed():
    state = make_hand([100, 100, 100])
    err = refused(state, "p0 k")
    assert err.code == "not_your_turn"
    assert err.reason == "Action is on seat 3, not seat 1"
