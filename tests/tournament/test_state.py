"""The tournament fold: registration, seating, busts, rebuys (TO1), play-down and final (TO3)."""

from __future__ import annotations

import random

import pytest

from dealer_app.engine.tournament import (
    FINAL_TABLE,
    HandRecorded,
    PayoutSplitSet,
    PlayerExcluded,
    PlayerRegistered,
    Rebought,
    ReEntered,
    ReturnDeclined,
    TableSeated,
    TablesPlanned,
    TournamentCreated,
    TournamentError,
    TournamentState,
    club_setup,
    draw_at_random,
    event_from_dict,
)

AT = "2026-11-29T19:00:00+00:00"


def at(minutes: int) -> str:
    return f"2026-11-29T{19 + minutes // 60:02d}:{minutes % 60:02d}:00+00:00"


def seated(state: TournamentState, table: str, players: list[int], final: bool = False) -> None:
    draw = draw_at_random(players, random.Random(len(state.events)))
    state.apply(
        TableSeated(
            at=AT,
            table=table,
            seats=tuple(draw.seats().items()),
            draws=tuple(tuple(r.items()) for r in draw.rounds),
            final=final,
        )
    )


def started(players: int, sizes: tuple[int, ...] | None = None, **changes) -> TournamentState:
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=club_setup(**changes)))
    for p in range(1, players + 1):
        state.apply(PlayerRegistered(at=AT, player=p, name=f"P{p}", paid=True, age_confirmed=True))
    sizes = sizes or (players,)
    state.apply(TablesPlanned(at=AT, sizes=sizes))
    first = 1
    for number, size in enumerate(sizes, start=1):
        seated(state, str(number), list(range(first, first + size)))
        first += size
    return state


def hand(state: TournamentState, table: str, moves: dict[int, int], minutes: int = 1) -> None:
    """Record a hand where ``moves`` gives each player's chip change."""
    start = {p: state.players[p].chips for p in state.in_play(table).values()}
    end = {p: c + moves.get(p, 0) for p, c in start.items()}
    state.apply(
        HandRecorded(
            at=at(minutes),
            table=table,
            hand=state.tables[table].last_hand + 1,
            start_stacks=tuple(start.items()),
            end_stacks=tuple(end.items()),
        )
    )


def test_to1_registration_and_start_stacks() -> None:
    state = started(4)
    assert state.phase == "playing"
    assert [state.players[p].chips for p in range(1, 5)] == [100] * 4
    assert state.chips_issued() == state.chips_in_play() == 400
    assert state.prize_pool().total == 10000
    assert set(state.seated("1").values()) == {1, 2, 3, 4}


def test_registration_refusals_change_nothing() -> None:
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=club_setup()))
    state.apply(PlayerRegistered(at=AT, player=1, name="Ann", paid=True, age_confirmed=True))
    cases = [
        (PlayerRegistered(at=AT, player=2, name="ann ", paid=True, age_confirmed=True),
         "Ann is already registered"),
        (PlayerRegistered(at=AT, player=2, name="Bob", paid=False, age_confirmed=True),
         "No credit under Belgian law (TO5): the entry must be paid before it is recorded"),
        (PlayerRegistered(at=AT, player=2, name="Bob", paid=True, age_confirmed=False),
         "Bob: adults only under Belgian law (TO5): the organiser must confirm the player is 18 "
         "or older"),
        (PlayerRegistered(at=AT, player=5, name="Bob", paid=True, age_confirmed=True),
         "Player number 5 is not the next one"),
        (TablesPlanned(at=AT, sizes=(1,)), "Every table needs at least 2 players (got [1])"),
    ]  # fmt: skip
    for event, message in cases:
        with pytest.raises(TournamentError) as err:
            state.apply(event)
        assert str(err.value) == message
    assert list(state.players) == [1] and state.phase == "registration"


def test_to5_set_up_breaking_the_law_is_refused_by_the_fold() -> None:
    state = TournamentState()
    with pytest.raises(TournamentError, match=r"Entry fee 60.00 EUR is above .* \(TO5\)"):
        state.apply(TournamentCreated(at=AT, setup=club_setup(entry_fee=6000)))
    assert state.setup is None


def test_t4_seating_must_follow_the_draw() -> None:
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=club_setup()))
    for p in (1, 2, 3):
        state.apply(PlayerRegistered(at=AT, player=p, name=f"P{p}", paid=True, age_confirmed=True))
    state.apply(TablesPlanned(at=AT, sizes=(3,)))
    draws = (((1, "Ac"), (2, "Kc"), (3, "Qc")),)
    with pytest.raises(TournamentError) as err:
        state.apply(TableSeated(at=AT, table="1", seats=((1, 2), (2, 1), (3, 3)), draws=draws,
                                final=False))  # fmt: skip
    assert err.value.rule == "T4"
    state.apply(TableSeated(at=AT, table="1", seats=((1, 1), (2, 2), (3, 3)), draws=draws,
                            final=False))  # fmt: skip
    assert state.phase == "playing" and state.started_at == AT


def test_to1_bust_waits_for_rebuy_decision_and_table_waits() -> None:
    state = started(3)
    hand(state, "1", {1: -100, 2: 100})
    assert state.players[1].status == "busted" and [b.player for b in state.pending()] == [1]
    with pytest.raises(TournamentError) as err:
        hand(state, "1", {2: -1, 3: 1})
    assert str(err.value) == "First record whether P1 rebuys or is out (TO1)"
    state.apply(Rebought(at=at(2), player=1, paid=True))
    assert state.players[1].chips == 100 and state.players[1].rebuys == 1
    assert state.chips_issued() == state.chips_in_play() == 400
    assert state.prize_pool().total == 3 * 2500 + 2500
    # The second bust: no rebuy left, out at once with a position.
    hand(state, "1", {1: -100, 3: 100}, minutes=3)
    assert state.players[1].status == "out" and state.players[1].position == 3
    with pytest.raises(TournamentError) as err:
        state.apply(Rebought(at=at(4), player=1, paid=True))
    assert str(err.value) == "P1 is not eliminated: a rebuy comes only after elimination (TO1)"
    assert [(e.player, e.outcome, e.position) for e in state.eliminations] == [
        (1, "rebuy", None),
        (1, "out", 3),
    ]


def test_to1_rebuy_must_be_paid_in_belgium() -> None:
    state = started(3)
    hand(state, "1", {1: -100, 2: 100})
    with pytest.raises(TournamentError, match="No credit under Belgian law"):
        state.apply(Rebought(at=at(2), player=1, paid=False))
    assert state.players[1].rebuys == 0


def test_to1_rebuy_deadline() -> None:
    state = started(3, rebuy_deadline_minutes=60)
    hand(state, "1", {1: -100, 2: 100}, minutes=30)
    with pytest.raises(TournamentError) as err:
        state.apply(Rebought(at=at(61), player=1, paid=True))
    assert str(err.value) == "The rebuy deadline has passed (60 minutes after the start)"
    state.apply(ReturnDeclined(at=at(61), player=1))
    assert state.players[1].position == 3
    hand(state, "1", {2: -200, 3: 200}, minutes=90)  # after the deadline: out at once
    assert state.phase == "finished" and state.winner() == 3
    assert [state.players[p].position for p in (1, 2, 3)] == [3, 2, 1]


def test_tda21_same_hand_busts_more_chips_finishes_higher() -> None:
    state = started(5, rebuys_per_player=0)
    hand(state, "1", {1: -40, 2: -20, 5: 60})  # stacks 60 80 100 100 160
    hand(state, "1", {1: -60, 2: -80, 5: 140})
    assert state.players[2].position == 4  # started the hand with 80
    assert state.players[1].position == 5  # started with 60
    assert [(e.player, e.start_chips, e.position) for e in state.eliminations] == [
        (1, 60, 5),
        (2, 80, 4),
    ]


def test_tda21_equal_starting_chips_tie_for_the_place() -> None:
    state = started(4, rebuys_per_player=0)
    hand(state, "1", {1: -100, 2: -100, 3: 200})
    assert (state.players[1].position, state.players[2].position) == (3, 3)
    hand(state, "1", {4: -100, 3: 100})
    assert state.winner() == 3 and state.players[4].position == 2


def test_rebuy_and_out_in_the_same_hand_positions_count_only_the_out() -> None:
    state = started(4)
    hand(state, "1", {1: -100, 2: -100, 3: 200})
    state.apply(ReturnDeclined(at=at(2), player=2))
    assert state.players[2].position is None  # waits for P1's decision
    state.apply(Rebought(at=at(2), player=1, paid=True))
    assert state.players[2].position == 4


def test_reentry_gets_a_new_seat_and_counts_as_an_entry() -> None:
    state = started(12, (6, 6), rebuys_per_player=0, reentries_per_player=1)
    hand(state, "1", {1: -100, 2: 100})
    free = state.open_seats()
    assert ("2", 7) in free and ("1", 1) not in free
    assert (state.players[1].table, state.players[1].seat) in state.open_seats(1)
    old_seat = state.players[1].seat
    state.apply(ReEntered(at=at(2), player=1, paid=True, table="2", seat=7))
    assert state.players[1].table == "2" and state.players[1].seat == 7
    assert old_seat not in state.seated("1") and state.seated("2")[7] == 1
    assert state.players[1].entries == 2 and state.prize_pool().total == 13 * 2500
    assert state.chips_issued() == state.chips_in_play() == 1300
    hand(state, "2", {1: -100, 8: 100})
    assert state.players[1].status == "out"  # one re-entry only


def test_profile_none_allows_a_rebuy_then_a_reentry() -> None:
    state = started(3, profile="none", rebuys_per_player=1, reentries_per_player=1)
    hand(state, "1", {1: -100, 2: 100})
    state.apply(Rebought(at=at(1), player=1, paid=True))
    hand(state, "1", {1: -100, 2: 100})
    assert state.players[1].status == "busted"  # profile none: the re-entry is still possible


def test_to3_two_tables_play_down_to_three_then_final_table() -> None:
    state = started(10, (5, 5), rebuys_per_player=0)
    hand(state, "1", {1: -100, 2: -100, 3: 200})
    assert state.table_done("1") and state.playing_tables() == ["2"]
    with pytest.raises(TournamentError) as err:
        hand(state, "1", {3: -1, 4: 1})
    assert str(err.value) == "Table 1 deals no hands now: it has finished its play-down (TO3)"
    hand(state, "2", {6: -100, 7: 100})
    assert state.phase == "playing"
    hand(state, "2", {8: -100, 9: 100})
    assert state.phase == "final_draw"
    assert state.survivors() == [3, 4, 5, 7, 9, 10]
    assert [state.players[p].position for p in (1, 2, 6, 8)] == [9, 9, 8, 7]
    with pytest.raises(TournamentError, match="exactly the players still holding chips"):
        seated(state, FINAL_TABLE, [3, 4, 5, 7, 9], final=True)
    seated(state, FINAL_TABLE, [3, 4, 5, 7, 9, 10], final=True)
    assert state.phase == "final"
    assert state.players[3].chips == 300 and state.players[3].table == FINAL_TABLE
    assert state.seated("1") == {} and len(state.seated(FINAL_TABLE)) == 6
    hand(state, FINAL_TABLE, {4: -100, 5: -100, 7: -200, 10: -100, 3: 500})
    hand(state, FINAL_TABLE, {9: -200, 3: 200})
    assert state.phase == "finished" and state.winner() == 3
    assert sorted(p.position for p in state.players.values()) == [1, 2, 3, 4, 4, 4, 7, 8, 9, 9]
    assert state.chips_in_play() == state.chips_issued() == 1000


def test_to3_four_tables_play_down_to_two_each() -> None:
    state = started(28, (7, 7, 7, 7), rebuys_per_player=0)
    for table, first in (("1", 1), ("2", 8), ("3", 15), ("4", 22)):
        losers = {p: -100 for p in range(first, first + 5)}
        hand(state, table, {**losers, first + 5: 500})
    assert state.phase == "final_draw" and len(state.survivors()) == 8


def test_to3_planning_refuses_tables_already_at_their_target() -> None:
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=club_setup()))
    for p in range(1, 9):
        state.apply(PlayerRegistered(at=AT, player=p, name=f"P{p}", paid=True, age_confirmed=True))
    with pytest.raises(TournamentError) as err:
        state.apply(TablesPlanned(at=AT, sizes=(5, 3)))
    assert str(err.value) == (
        "With 2 tables each table plays down to 3 (TO3): every table must start with more than 3 players"
    )


def test_hand_record_must_conserve_chips_and_match_stacks() -> None:
    state = started(3)
    with pytest.raises(TournamentError, match=r"chips changed from 300 to 301 \(B5\)"):
        hand(state, "1", {1: 1})
    bad = HandRecorded(at=AT, table="1", hand=1, start_stacks=((1, 99), (2, 100), (3, 100)),
                       end_stacks=((1, 99), (2, 100), (3, 100)))  # fmt: skip
    with pytest.raises(TournamentError, match="differ from the tournament's"):
        state.apply(bad)
    assert state.tables["1"].last_hand == 0


def test_payouts_follow_the_organisers_split() -> None:
    state = started(3, rebuys_per_player=0)
    with pytest.raises(TournamentError, match="adds up to 90 %, not 100 %"):
        state.apply(PayoutSplitSet(at=AT, percent=(60, 30)))
    state.apply(PayoutSplitSet(at=AT, percent=(70, 30)))
    hand(state, "1", {1: -100, 2: 100})
    hand(state, "1", {2: -200, 3: 200})
    assert state.payouts() == {3: 5250, 2: 2250}


def test_events_round_trip_through_dicts() -> None:
    state = started(10, (5, 5))
    hand(state, "1", {1: -100, 2: 100})
    state.apply(Rebought(at=at(2), player=1, paid=True))
    again = TournamentState.replay(event_from_dict(e.to_dict()) for e in state.events)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in state.events]
    assert again.standings() == state.standings()


def test_same_hand_ties_drawn_by_the_tie_order_every_place_used_once() -> None:
    state = started(4, rebuys_per_player=0)
    start = tuple((p, 100) for p in (1, 2, 3, 4))
    end = ((1, 0), (2, 0), (3, 0), (4, 400))
    with pytest.raises(TournamentError) as err:
        state.apply(HandRecorded(at=AT, table="1", hand=1, start_stacks=start, end_stacks=end,
                                 tie_order=(2, 1)))  # fmt: skip
    assert str(err.value) == "The tie draw must order exactly the busted players [1, 2, 3] (got [2, 1])"
    state.apply(HandRecorded(at=AT, table="1", hand=1, start_stacks=start, end_stacks=end,
                             tie_order=(2, 3, 1)))  # fmt: skip
    assert [state.players[p].position for p in (1, 2, 3, 4)] == [4, 2, 3, 1]


def test_tda21_share_option_ignores_the_draw() -> None:
    state = started(3, rebuys_per_player=0, same_hand_ties="share")
    start = ((1, 100), (2, 100), (3, 100))
    state.apply(HandRecorded(at=AT, table="1", hand=1, start_stacks=start,
                             end_stacks=((1, 0), (2, 0), (3, 300)), tie_order=(2, 1)))  # fmt: skip
    assert [state.players[p].position for p in (1, 2, 3)] == [2, 2, 1]


def test_to2_organiser_edit_for_19_players() -> None:
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=club_setup()))
    for p in range(1, 20):
        state.apply(PlayerRegistered(at=AT, player=p, name=f"P{p}", paid=True, age_confirmed=True))
    state.apply(TablesPlanned(at=AT, sizes=(8, 6, 5)))
    assert state.sizes == (8, 6, 5) and state.phase == "seating"
    with pytest.raises(TournamentError, match="Table 1 seats 8 players"):
        seated(state, "1", list(range(1, 7)))
    with pytest.raises(TournamentError, match="not an unseated planned table"):
        seated(state, "4", [1, 2])


def test_to3_final_table_must_fit_the_tables_seats() -> None:
    state = TournamentState()
    state.apply(TournamentCreated(at=AT, setup=club_setup(max_per_table=8)))
    for p in range(1, 22):
        state.apply(PlayerRegistered(at=AT, player=p, name=f"P{p}", paid=True, age_confirmed=True))
    with pytest.raises(TournamentError) as err:
        state.apply(TablesPlanned(at=AT, sizes=(7, 7, 7)))
    assert str(err.value) == (
        "The final table could seat 9 players (the last 3 of 3 tables, TO3), more than 8 a table"
    )


def test_i3_excluded_player_out_at_once_chips_shared_at_the_table() -> None:
    state = started(4, rebuys_per_player=0)
    hand(state, "1", {1: -10, 2: 10})  # P1 90, P2 110
    with pytest.raises(TournamentError) as err:
        state.apply(PlayerExcluded(at=AT, player=1, table="1", reason="marked cards",
                                   shares=((2, 30), (3, 30), (4, 29))))  # fmt: skip
    assert str(err.value) == "The 90 chips of P1 must be shared among the players still at table 1 (I3)"
    state.apply(PlayerExcluded(at=AT, player=1, table="1", reason="marked cards",
                               shares=((2, 30), (3, 30), (4, 30))))  # fmt: skip
    assert [state.players[p].chips for p in (1, 2, 3, 4)] == [0, 140, 130, 130]
    assert state.players[1].position == 4 and state.players[1].status == "out"
    assert 1 not in state.seated("1").values()
    assert state.eliminations[-1].outcome == "excluded"
    assert state.chips_in_play() == state.chips_issued() == 400
    with pytest.raises(TournamentError, match="Player 1 is not seated at table"):
        state.apply(PlayerExcluded(at=AT, player=1, table="1", reason="again", shares=()))
