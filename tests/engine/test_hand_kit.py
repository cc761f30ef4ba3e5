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
    HandVoided,
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


def random_hand(
    rng,
    structure: Structure | None = None,
    players: int | None = None,
    known_cards: bool = True,
    checks: bool = False,
    fl_no_short_completion: bool = False,
    void_chance: float = 0.0,
) -> HandState:
    """Play a random legal hand to the end (shows at showdown, mucks where allowed).

    With ``checks`` every offered action is also verified: chips conserved, no stack below
    zero, and a random illegal amount refused without change. ``fl_no_short_completion``
    avoids Fixed-Limit raises after a short all-in (T31-T33, where pokerkit differs);
    ``void_chance`` voids the hand (I1) at a random step with that chance per step.
    """
    from dealer_app.engine.cards import CARD_STRINGS
    from dealer_app.engine.hand import Phase

    n = players or rng.randint(2, 10)
    if structure is None:
        bb = rng.choice([2, 10, 100])
        structure = Structure(BettingKind.NO_LIMIT, bb // 2, bb, rng.choice([0, 0, bb // 2]))
    low = structure.ante + structure.big_blind + 1
    stacks = {s: rng.randint(low, 150 * structure.big_blind) for s in rng.sample(range(1, 11), n)}
    button = rng.choice(sorted(stacks))
    state = HandState.start(HandSetup.standard(stacks, button, structure))
    deck = list(CARD_STRINGS)
    rng.shuffle(deck)
    holes = {seat: deck.pop() + deck.pop() for seat in state.seats}
    if known_cards:
        for seat in state.seats:
            state.apply(HoleCardsDealt(seat, holes[seat]))
    else:
        state.apply(HoleCardsDealt())
    total = sum(stacks.values())
    while state.phase not in (Phase.FINISHED, Phase.VOIDED):
        if void_chance and rng.random() < void_chance:
            state.apply(HandVoided("random void"))
            break
        if checks:
            b = state.b
            assert sum(b.stacks) + b.pot_total() == total
            assert min(b.stacks) >= 0
        legal = state.legal()
        if legal is not None:
            if checks:
                _probe_illegal(state, legal, rng)
            roll = rng.random()
            may_raise = legal.can_raise
            if fl_no_short_completion and structure.kind is BettingKind.FIXED_LIMIT:
                size = state.b._bet_size()
                may_raise = may_raise and not any(bet % size for bet in state.b.bets)
            if may_raise and roll < 0.3:
                to = rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)])
                state.apply(BetRaise(legal.seat, to))
            elif legal.call_amount and roll > 0.85:
                state.apply(Fold(legal.seat))
            else:
                state.apply(Check(legal.seat) if legal.can_check else Call(legal.seat))
            continue
        prompt = state.prompt()
        can_rit = structure.run_it_twice and state.closed and len(state.board) < 10
        if can_rit and not any(isinstance(e, RunTwice) for e in state.events) and rng.random() < 0.5:
            state.apply(RunTwice())
            continue
        if prompt.kind.value == "burn_and_deal":
            if rng.random() < 0.3:
                state.apply(CardBurned())
            count = prompt.amounts[1]
            state.apply(BoardDealt("".join(deck.pop() for _ in range(count))))
        elif prompt.kind.value == "table_all":
            seat_ = prompt.seats[0]
            state.apply(Show(seat_, holes[seat_]))
        elif prompt.kind.value == "show":
            seat_ = prompt.seat
            if prompt.amounts[0] == 0 and rng.random() < 0.5:
                state.apply(Muck(seat_))
            else:
                state.apply(Show(seat_, holes[seat_]))
        else:
            raise AssertionError(prompt)
    return state


def _probe_illegal(state: HandState, legal, rng) -> None:
    """A random illegal bet/raise amount (or a check facing a bet) is refused, changing nothing."""
    before = snapshot(state)
    seat_ = legal.seat
    if legal.can_raise:
        bad = rng.choice([legal.min_to - 1, legal.max_to + 1])
        with pytest.raises(IllegalAction):
            state.apply(BetRaise(seat_, bad))
    else:
        with pytest.raises(IllegalAction):
            state.apply(BetRaise(seat_, legal.call_to + 1000))
    if not legal.can_check:
        with pytest.raises(IllegalAction):
            state.apply(Check(seat_))
    other = next(s for s in state.seats if s != seat_)
    with pytest.raises(IllegalAction):
        state.apply(Call(other) if legal.can_call else Check(other))
    wrong_time = rng.choice(
        [BoardDealt("2c3c4c"), Show(seat_, "AsAd"), Muck(seat_), RunTwice(), HoleCardsDealt(), CardBurned()]
    )
    with pytest.raises(IllegalAction):
        state.apply(wrong_time)
    assert snapshot(state) == before
