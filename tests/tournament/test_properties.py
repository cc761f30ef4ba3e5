"""Property test of the pure fold: random tournaments of 2-36 players from registration to winner.

Hands are random chip movements at the tables that may deal (a hand moves chips from losers
to one winner; a loser may lose everything); busts get random rebuy/re-entry/decline
decisions and random tie draws. After every event: chips in play equal chips issued; at the
end every finishing position 1..N is used once and the winner holds every chip.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_app.engine.tournament import (
    FINAL_TABLE,
    HandRecorded,
    PlayerRegistered,
    Rebought,
    ReEntered,
    ReturnDeclined,
    TableSeated,
    TablesPlanned,
    TournamentCreated,
    TournamentState,
    club_setup,
    draw_at_random,
    survivors_per_table,
    table_plan,
)

AT = "2026-11-29T19:00:00+00:00"


def seat(state: TournamentState, table: str, players: list[int], rng: random.Random) -> None:
    draw = draw_at_random(players, rng)
    state.apply(TableSeated(at=AT, table=table, seats=tuple(draw.seats().items()),
                            draws=tuple(tuple(r.items()) for r in draw.rounds),
                            final=table == FINAL_TABLE))  # fmt: skip


def random_hand(state: TournamentState, table: str, rng: random.Random) -> None:
    stacks = {p: state.players[p].chips for p in state.in_play(table).values()}
    players = list(stacks)
    winner = rng.choice(players)
    end = dict(stacks)
    for player in players:
        if player != winner and rng.random() < 0.5:
            lost = stacks[player] if rng.random() < 0.3 else rng.randint(0, stacks[player])
            end[player] -= lost
            end[winner] += lost
    busted = [p for p, c in end.items() if c == 0]
    tie_order = draw_at_random(busted, rng).order if len(busted) > 1 else ()
    state.apply(HandRecorded(at=AT, table=table, hand=state.tables[table].last_hand + 1,
                             start_stacks=tuple(stacks.items()), end_stacks=tuple(end.items()),
                             tie_order=tie_order))  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 36), seed=st.integers(0, 10**6), reentry=st.booleans())
def test_random_tournaments_conserve_chips_and_use_every_position_once(
    players: int, seed: int, reentry: bool
) -> None:
    rng = random.Random(seed)
    setup = club_setup(rebuys_per_player=0 if reentry else 1, reentries_per_player=int(reentry))
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=setup))
    for p in range(1, players + 1):
        state.apply(PlayerRegistered(at=AT, player=p, name=f"P{p}", paid=True, age_confirmed=True))
    sizes = table_plan(players).sizes
    state.apply(TablesPlanned(at=AT, sizes=sizes))
    order = list(range(1, players + 1))
    rng.shuffle(order)
    first = 0
    for number, size in enumerate(sizes, start=1):
        seat(state, str(number), order[first : first + size], rng)
        first += size
    final_size = None
    for _ in range(5000):
        if state.phase == "finished":
            break
        if state.phase == "final_draw":
            final_size = len(state.survivors())
            assert final_size <= survivors_per_table(len(sizes)) * len(sizes)
            seat(state, FINAL_TABLE, state.survivors(), rng)
            continue
        table = rng.choice(state.playing_tables())
        random_hand(state, table, rng)
        for bust in state.pending(table):
            roll = rng.random()
            if roll < 0.4 and state.return_refusal(bust.player, AT, "rebuy") is None:
                state.apply(Rebought(at=AT, player=bust.player, paid=True))
            elif roll < 0.4 and state.return_refusal(bust.player, AT, "re-entry") is None:
                where, number = rng.choice(state.open_seats(bust.player))
                state.apply(ReEntered(at=AT, player=bust.player, paid=True, table=where,
                                      seat=number))  # fmt: skip
            else:
                state.apply(ReturnDeclined(at=AT, player=bust.player))
        assert state.chips_in_play() == state.chips_issued()
    assert state.phase == "finished"
    winner = state.winner()
    assert winner is not None and state.players[winner].chips == state.chips_issued()
    assert sorted(p.position for p in state.players.values()) == list(range(1, players + 1))
    assert all(p.returns <= 1 for p in state.players.values())  # TO5
    if len(sizes) > 1:
        assert final_size is not None
