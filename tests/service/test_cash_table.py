"""Cash tables (C1-C5) enforced by the live table service: a real TableService on a
temporary SQLite log, an injected clock and random source.

The table: 6-max No-Limit, SB 1 / BB 2 (chips of EUR 0.25), buy-in 40..200 (EUR 10.00 to
EUR 50.00), so 100 big blinds are 200 chips (EUR 50.00).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from dealer_app.engine.tournament import TournamentError
from dealer_app.engine.tournament.cash import CashRules, first_button
from dealer_app.service import ConfigError, TableConfig, TableService
from dealer_app.tournament.cash import cash_table_config
from tests.service.conftest import NL_50_100, run

RULES = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200)
CASH = cash_table_config("none", RULES, small_blind=1)
C1_WAIT_2 = "No hand: a cash table needs 3 players sitting in, or 2 after a hand of 3 or more (C1); 2 sitting in"

Opener = Callable[..., TableService]


@pytest.fixture
def open_cash(open_table: Opener) -> Opener:
    """A cash table (seeded button draw); ``config`` may be a tournament table's."""

    def factory(seed: int = 1, name: str = "cash", config: TableConfig = CASH) -> TableService:
        return open_table(config, name, seed=seed)

    return factory


def _seat(svc: TableService, stacks: dict[int, int]) -> None:
    run(svc, *({"cmd": "join", "seat": s, "name": f"P{s}", "stack": v} for s, v in stacks.items()))


def _refused(svc: TableService, command: dict, reason: str) -> None:
    """The command is refused with exactly ``reason`` and writes nothing."""
    before = svc.last_seq
    result = svc.execute(command, "console")
    assert (result.ok, result.reason) == (False, reason)
    assert svc.last_seq == before


def _status(svc: TableService) -> dict[int, str]:
    return {s["seat"]: s["status"] for s in svc.view("dealer")["seats"] if s["status"] != "empty"}


def _fold_to_big_blind(svc: TableService) -> None:
    """Start, shuffle, deal, everyone folds to the big blind, push."""
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    while svc.view("dealer")["prompt"]["code"] == "action":
        run(svc, {"cmd": "fold"})
    run(svc, {"cmd": "ok"})


def _three_handed(open_cash: Opener, seed: int = 1) -> TableService:
    svc = open_cash(seed)
    _seat(svc, {1: 100, 2: 100, 3: 100})
    run(svc, {"cmd": "ok"})  # draws the first button (C1)
    return svc


# -- C1 -------------------------------------------------------------------------------


def test_c1_no_hand_with_two_players_at_the_start(open_cash) -> None:
    svc = open_cash()
    _seat(svc, {1: 100, 4: 100})
    _refused(svc, {"cmd": "ok"}, C1_WAIT_2)
    assert svc.view("dealer", "en")["prompt"]["text"] == (
        "Cash table: a hand needs 3 players sitting in, or 2 after a hand of 3 or more (C1); 2 sitting in"
    )
    assert svc.view("public", "nl")["prompt"]["text"] == (
        "Cashtafel: een hand vraagt 3 spelers die meespelen, of 2 na een hand met 3 of meer (C1); 2 spelen mee"
    )


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_c1_random_player_gets_the_first_button_recorded_as_an_event(open_cash, seed: int) -> None:
    svc = open_cash(seed, name=f"seed{seed}")
    _seat(svc, {1: 100, 3: 100, 5: 100})
    assert svc.view("public", "en")["prompt"]["text"] == "Press OK: a random player gets the first button (C1)"
    [seq] = run(svc, {"cmd": "ok"})
    expected = first_button([1, 3, 5], random.Random(seed))
    event = svc.events()[seq - 1]
    assert (event.type, event.payload) == ("button_placed", {"seat": expected, "drawn": True, "from": [1, 3, 5]})
    assert svc.view("dealer")["prompt"]["code"] == "start_hand"
    assert svc.view("dealer")["prompt"]["args"]["button"] == expected


def test_c1_the_first_button_is_not_placed_by_hand(open_cash) -> None:
    svc = open_cash()
    _seat(svc, {1: 100, 3: 100, 5: 100})
    _refused(
        svc,
        {"cmd": "button", "seat": 1},
        "On a cash table a random player gets the first button (C1): press OK to draw it",
    )


def test_c1_after_a_hand_of_three_two_players_still_play_after_a_hand_of_two_not(open_cash) -> None:
    svc = _three_handed(open_cash)
    _fold_to_big_blind(svc)  # hand 1: three players
    run(svc, {"cmd": "leave", "seat": 2})
    run(svc, {"cmd": "ok"})  # hand 2 starts with 2: the previous hand had 3
    assert svc.view()["hand"]["number"] == 2
    assert sorted(s["seat"] for s in svc.view()["seats"] if s["status"] == "in_hand") == [1, 3]
    run(svc, {"cmd": "ok"}, {"cmd": "ok"})
    run(svc, {"cmd": "fold"}, {"cmd": "ok"})  # heads-up: the button (SB) folds
    _refused(svc, {"cmd": "ok"}, C1_WAIT_2)  # the previous hand had 2
    run(svc, {"cmd": "join", "seat": 5, "name": "P5", "stack": 60, "post": True})
    run(svc, {"cmd": "ok"})  # 3 sitting in again
    assert svc.view()["hand"]["number"] == 3


def test_c1_f4_new_player_waits_for_the_big_blind_or_posts_one(open_cash) -> None:
    svc = open_cash(seed=1)
    _seat(svc, {1: 100, 3: 100, 5: 100})
    run(svc, {"cmd": "ok"})  # seed 1: the button on seat 1
    _fold_to_big_blind(svc)  # next: button 3, small blind 5, big blind 1
    run(svc, {"cmd": "join", "seat": 4, "name": "P4", "stack": 100, "post": False})
    run(svc, {"cmd": "join", "seat": 2, "name": "P2", "stack": 100})  # the table posts by default
    next_hand = svc.view("dealer")["next_hand"]
    assert (next_hand["button"], next_hand["sb"], next_hand["bb"], next_hand["dealt"]) == (3, 5, 1, [5, 1, 2, 3])
    assert next_hand["posts"] == [
        {"seat": 5, "kind": "sb", "amount": 1},
        {"seat": 1, "kind": "bb", "amount": 2},
        {"seat": 2, "kind": "bb", "amount": 2},
    ]
    assert _status(svc)[4] == "waiting"
    big_blinds = []
    while 4 not in svc.view("dealer")["next_hand"]["dealt"]:
        big_blinds.append(svc.view("dealer")["next_hand"]["bb"])
        _fold_to_big_blind(svc)
    assert big_blinds == [1, 2, 3] and svc.view("dealer")["next_hand"]["bb"] == 4


# -- C2 -------------------------------------------------------------------------------


def test_c2_sitting_out_9_59_stays_10_00_is_removed_with_a_prompt_naming_the_rule(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 150})
    run(svc, {"cmd": "sit_out", "seat": 4})
    sat_out_at = clock.now
    assert svc.view("dealer")["admin"][3]["removal_at"] == sat_out_at + 600
    clock.advance(599)
    assert svc.tick() == []
    assert _status(svc)[4] == "sitting_out"
    clock.advance(1)
    [seq] = svc.tick()
    event = svc.events()[seq - 1]
    assert (event.type, event.source) == ("seat_left", "system")
    assert event.payload == {
        "seat": 4, "stack": 150, "name": "Ann", "at": sat_out_at + 600, "reason": "sit_out_expired",
        "sat_out_at": sat_out_at,
    }  # fmt: skip
    assert 4 not in _status(svc)
    button = svc.view()["prompt"]["args"]["button"]
    assert svc.view("public", "en")["prompt"]["text"].startswith(
        "Seat 4 (Ann) sat out 10 minutes and leaves the table (C2): hand back EUR 37.50. "
        f"Move the button to seat {button}; "
    )
    assert svc.view("public", "nl")["prompt"]["text"].startswith(
        "Stoel 4 (Ann) zat 10 minuten uit en verlaat de tafel (C2): geef EUR 37,50 terug. "
    )
    run(svc, {"cmd": "ok"})  # the next hand starts: the notice is done
    assert svc.view()["prompt"]["text"] == "Shuffle"
    assert svc.tick() == []


def test_c2_a_command_after_the_limit_removes_first_but_not_during_a_hand(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 150})
    run(svc, {"cmd": "sit_out", "seat": 4})
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})  # a hand without seat 4
    clock.advance(700)
    assert svc.tick() == []  # a hand is in progress: the removal waits
    assert _status(svc)[4] == "sitting_out"
    while svc.view("dealer")["prompt"]["code"] == "action":
        run(svc, {"cmd": "fold"})
    seqs = run(svc, {"cmd": "ok"})  # the push, then the removal at once
    assert [svc.events()[s - 1].type for s in seqs] == ["hand_ended"]
    assert svc.events()[-1].type == "seat_left" and svc.events()[-1].payload["reason"] == "sit_out_expired"
    assert 4 not in _status(svc)


def test_c2_sitting_in_again_stops_the_clock(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "sit_out", "seat": 2})
    clock.advance(300)
    run(svc, {"cmd": "sit_in", "seat": 2})
    clock.advance(600)
    assert svc.tick() == []
    assert _status(svc)[2] == "seated"


def test_c2_a_player_who_missed_a_blind_while_out_waits_for_the_big_blind(open_cash) -> None:
    svc = open_cash()
    _seat(svc, {1: 100, 2: 100, 3: 100, 4: 100})
    run(svc, {"cmd": "ok"})
    _fold_to_big_blind(svc)
    out = svc.view("dealer")["next_hand"]["bb"]  # the seat whose big blind is next
    run(svc, {"cmd": "sit_out", "seat": out})
    _fold_to_big_blind(svc)  # the big blind passes the sitting-out seat
    admin = {a["seat"]: a for a in svc.view("dealer")["admin"]}
    assert admin[out]["missed"] == "bb"
    _refused(
        svc,
        {"cmd": "sit_in", "seat": out, "post": True},
        f"Seat {out} missed a blind while out: on a cash table they wait for the big blind (C2)",
    )
    run(svc, {"cmd": "sit_in", "seat": out})
    assert _status(svc)[out] == "waiting"


# -- C3 -------------------------------------------------------------------------------


def test_c3_leaving_with_100_bb_and_returning_within_30_minutes_brings_that_stack(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 200})
    run(svc, {"cmd": "leave", "seat": 4})
    clock.advance(29 * 60)
    _refused(
        svc,
        {"cmd": "join", "seat": 4, "name": "Ann", "stack": 100},
        "Ann left this table with EUR 50.00 29 minutes ago: buy in for at least EUR 50.00 (C3)",
    )
    run(svc, {"cmd": "join", "seat": 5, "name": "Ann", "stack": 200})
    assert svc.view()["seats"][4]["stack"] == 200


def test_c3_after_30_minutes_the_posted_minimum_is_enough(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 200})
    run(svc, {"cmd": "leave", "seat": 4})
    clock.advance(31 * 60)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 40})
    assert svc.view()["seats"][3]["stack"] == 40


def test_c3_leaving_under_100_bb_returns_with_the_posted_minimum(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 199})
    run(svc, {"cmd": "leave", "seat": 4})
    clock.advance(60)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 40})


def test_c3_a_player_removed_after_sitting_out_is_held_to_the_stack_too(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 200})
    run(svc, {"cmd": "sit_out", "seat": 4})
    clock.advance(600)
    svc.tick()
    clock.advance(60)
    _refused(
        svc,
        {"cmd": "join", "seat": 4, "name": "Ann", "stack": 40},
        "Ann left this table with EUR 50.00 1 minutes ago: buy in for at least EUR 50.00 (C3)",
    )


# -- C4 -------------------------------------------------------------------------------


def test_c4_out_of_time_facing_a_bet_folds_then_sits_out_after_the_hand(open_cash, clock) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    seat = svc.view()["hand"]["to_act"]  # three-handed: the button acts first, facing the BB
    [seq] = run(svc, {"cmd": "time"})
    event = svc.events()[seq - 1]
    assert event.payload == {"hand": 1, "seat": seat, "action": "fold", "to": None, "timeout": True}
    assert _status(svc)[seat] == "in_hand"  # sits out only at the end of the hand
    run(svc, {"cmd": "fold"})  # the small blind folds: the big blind wins
    clock.advance(5)
    seqs = run(svc, {"cmd": "ok"})
    types = [(svc.events()[s - 1].type, svc.events()[s - 1].payload) for s in seqs]
    assert types[1] == ("sat_out", {"seat": seat, "at": clock.now, "reason": "timeout"})
    assert _status(svc)[seat] == "sitting_out"
    assert svc.view("dealer")["admin"][seat - 1]["removal_at"] == clock.now + 600
    assert seat not in svc.view("dealer")["next_hand"]["dealt"]  # 2 play: the last hand had 3


def test_c4_out_of_time_with_a_check_available_checks(open_cash) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    run(svc, {"cmd": "call"}, {"cmd": "call"})  # button and small blind limp
    bb = svc.view()["hand"]["bb"]
    assert svc.view()["hand"]["to_act"] == bb
    [seq] = run(svc, {"cmd": "time"})
    assert svc.events()[seq - 1].payload == {"hand": 1, "seat": bb, "action": "check", "to": None, "timeout": True}
    assert svc.view()["prompt"]["code"] == "burn_and_deal"


def test_c4_undoing_a_time_out_cancels_the_sit_out(open_cash) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    seat = svc.view()["hand"]["to_act"]
    run(svc, {"cmd": "time"}, {"cmd": "undo"}, {"cmd": "fold"}, {"cmd": "fold"})
    seqs = run(svc, {"cmd": "ok"})
    assert [svc.events()[s - 1].type for s in seqs] == ["hand_ended"]
    assert _status(svc)[seat] == "seated"


def test_c4_time_only_for_the_player_to_act_and_only_at_cash_tables(open_cash) -> None:
    svc = _three_handed(open_cash)
    _refused(svc, {"cmd": "time"}, "No betting now: no hand in progress")
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    seat = svc.view()["hand"]["to_act"]
    other = svc.view()["hand"]["bb"]
    _refused(
        svc,
        {"cmd": "time", "seat": other},
        f"Action is on seat {seat}, not seat {other}: only the player to act can time out",
    )
    tournament = open_cash(name="tournament", config=NL_50_100)
    _refused(tournament, {"cmd": "time"}, "A time-out (C4) is a cash-table rule; this is a tournament table")


# -- C5 -------------------------------------------------------------------------------


def test_c5_buy_ins_only_between_hands(open_cash) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "ok"})
    _refused(
        svc,
        {"cmd": "join", "seat": 4, "name": "Ann", "stack": 100},
        "A buy-in (C5) only between hands: finish hand 1 first",
    )
    _refused(
        svc,
        {"cmd": "buy_in", "seat": 1, "amount": 50},
        "A buy-in or rebuy (C5) only between hands: finish hand 1 first",
    )


def test_c5_buy_ins_within_the_posted_minimum_and_maximum(open_cash) -> None:
    svc = _three_handed(open_cash)
    _refused(
        svc,
        {"cmd": "join", "seat": 4, "name": "Ann", "stack": 201},
        "Stack after the buy-in would be EUR 50.25: at most EUR 50.00 (C5)",
    )
    _refused(
        svc, {"cmd": "join", "seat": 4, "name": "Ann", "stack": 39}, "Buy in for at least EUR 10.00 (C3, C5)"
    )
    _refused(
        svc,
        {"cmd": "buy_in", "seat": 1, "amount": 101},
        "Stack after the buy-in would be EUR 50.25: at most EUR 50.00 (C5)",
    )
    _refused(svc, {"cmd": "buy_in", "seat": 1, "amount": 0}, "A buy-in must be more than 0 chips (got 0)")
    _refused(svc, {"cmd": "buy_in", "seat": 4, "amount": 50}, "Seat 4 is empty")
    [seq] = run(svc, {"cmd": "buy_in", "seat": 1, "amount": 100})
    event = svc.events()[seq - 1]
    assert (event.type, event.payload) == (
        "stack_set",
        {"seat": 1, "stack": 200, "old": 100, "reason": "buy-in (C5)", "buy_in": 100},
    )
    assert svc.view()["seats"][0]["stack"] == 200


def test_c5_a_short_stack_tops_up_to_at_least_the_minimum(open_cash) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "set_stack", "seat": 2, "stack": 10, "reason": "dealer count"})
    _refused(svc, {"cmd": "buy_in", "seat": 2, "amount": 20}, "Buy in for at least EUR 7.50 (C3, C5)")
    run(svc, {"cmd": "buy_in", "seat": 2, "amount": 30})
    assert svc.view()["seats"][1]["stack"] == 40


def test_c5_buy_in_refused_at_a_tournament_table(open_cash) -> None:
    svc = open_cash(config=NL_50_100)
    run(svc, {"cmd": "join", "seat": 1, "name": "P1", "stack": 100})
    _refused(
        svc, {"cmd": "buy_in", "seat": 1, "amount": 50}, "A buy-in (C5) is a cash-table rule; this is a tournament table"
    )


# -- configuration, profile, replay ---------------------------------------------------


def test_to5_c1_cash_table_config_refused_in_belgium_and_validated() -> None:
    with pytest.raises(TournamentError, match=r"^Cash tables are not allowed under Belgian law: tournament form only \(TO5\)$"):
        cash_table_config("belgium", RULES, small_blind=1)
    assert CASH.cash == RULES and CASH.seats == 6
    assert TableConfig.from_dict(CASH.to_dict()) == CASH
    assert "cash" not in TableConfig.club().to_dict()  # tournament tables are unchanged
    with pytest.raises(ConfigError, match=r"^seats: a cash table seats at most 6 \(C1\), got 9$"):
        TableConfig(structure="no-limit", levels=CASH.levels, cash=RULES, seats=9)
    with pytest.raises(ConfigError, match=r"^cash.big_blind: must equal the level's big blind 4, got 2$"):
        TableConfig(structure="no-limit", seats=6, levels=(CASH.levels[0].__class__(sb=2, bb=4),), cash=RULES)
    with pytest.raises(ConfigError, match=r"^rake_cap: only a cash table that takes a rake"):
        TableConfig(structure="no-limit", seats=6, levels=CASH.levels, cash=RULES, rake_cap=4)
    with pytest.raises(ConfigError, match=r"^cash: Buy-in window 50..40 is not a range of chips \(C5\)$"):
        TableConfig.from_dict({**CASH.to_dict(), "cash": {**RULES.to_dict(), "min_buy_in": 50, "max_buy_in": 40}})


def _comparable(svc: TableService) -> dict:
    view = svc.view("dealer")
    view.pop("last_event")
    return view


def test_c1_c5_replay_of_the_log_gives_the_same_table(open_cash, tmp_path, clock) -> None:
    svc = open_cash(seed=9)
    _seat(svc, {1: 100, 2: 100, 3: 200, 4: 100})
    run(svc, {"cmd": "ok"})  # the drawn button
    _fold_to_big_blind(svc)
    run(svc, {"cmd": "sit_out", "seat": 2}, {"cmd": "leave", "seat": 3}, {"cmd": "buy_in", "seat": 1, "amount": 50})
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "time"})
    while svc.view("dealer")["prompt"]["code"] == "action":
        run(svc, {"cmd": "fold"})
    run(svc, {"cmd": "ok"})
    clock.advance(600)
    svc.tick()
    before, model = _comparable(svc), svc.model
    svc.close()
    again = TableService.open(tmp_path / "cash", clock=clock)  # no config, no rng: the log is the truth
    assert _comparable(again) == before
    assert (again.model.departures, again.model.sat_out_at, again.model.previous_hand_players) == (
        model.departures, model.sat_out_at, model.previous_hand_players,
    )  # fmt: skip
    assert again.model.departures["P3"]["stack"] == 200
    _refused(
        again,
        {"cmd": "join", "seat": 3, "name": "P3", "stack": 100},
        "P3 left this table with EUR 50.00 10 minutes ago: buy in for at least EUR 50.00 (C3)",
    )
    again.close()


def test_c1_c5_simulated_cash_night_keeps_every_chip_and_replays(open_cash, tmp_path, clock) -> None:
    """Random legal play (buy-ins, time-outs, sit-outs removed by the clock): after every hand
    the chips at the table are exactly the chips bought in minus the chips taken away."""
    from dealer_app.exports import export
    from dealer_app.service.simulate import Simulator

    svc = open_cash(seed=5)
    simulator = Simulator(svc, seed=5)
    for hands in range(1, 41):
        simulator.run(hands)
        clock.advance(150)
        svc.tick()
        bought = taken = 0
        for event in svc.events():
            if event.type == "seat_taken":
                bought += event.payload["stack"]
            elif event.type == "stack_set":
                bought += event.payload["buy_in"]
            elif event.type == "seat_left":
                taken += event.payload["stack"]
        at_table = sum(s["stack"] for s in svc.view()["seats"] if s["status"] != "empty")
        assert at_table == bought - taken, f"after hand {hands}"
    types = {(e.type, e.payload.get("reason")) for e in svc.events()}
    assert {("seat_left", "sit_out_expired"), ("sat_out", "timeout"), ("stack_set", "buy-in (C5)")} <= types
    assert all(export(svc.events(), fmt) for fmt in ("phh", "pokerstars", "csv", "json"))
    before = _comparable(svc)
    svc.close()
    again = TableService.open(tmp_path / "cash", clock=clock)
    assert _comparable(again) == before
    again.close()


def test_to5_simulate_cli_opens_a_cash_table_only_without_the_belgian_profile(tmp_path, capsys) -> None:
    from dealer_app.commands.simulate import main

    assert main(["--data", str(tmp_path / "be"), "--hands", "1", "--cash"]) == 2
    assert capsys.readouterr().err == (
        "Cash tables are not allowed under Belgian law: tournament form only (TO5): "
        "a cash table needs --profile none, where the law allows cash games\n"
    )
    assert not (tmp_path / "be").exists()
    assert main(["--data", str(tmp_path / "cash"), "--hands", "3", "--seed", "2", "--cash", "--profile", "none"]) == 0
    with TableService.open(tmp_path / "cash") as svc:
        assert svc.config == CASH
        assert [e.payload["drawn"] for e in svc.events() if e.type == "button_placed"] == [True]
        assert sum(1 for e in svc.events() if e.type in ("hand_ended", "misdeal")) == 3


def test_c1_after_a_hand_of_two_a_newcomer_makes_three_and_everybody_is_dealt_in(open_cash) -> None:
    """The usual plan would deal 2 (the newcomer waits for the big blind): too few after a
    hand of 2, so the table restarts with everybody sitting in, the button one player on."""
    svc = _three_handed(open_cash)  # seed 1: button 1
    _fold_to_big_blind(svc)  # hand 1: 3 players
    run(svc, {"cmd": "leave", "seat": 2})
    _fold_to_big_blind(svc)  # hand 2: seats 1 and 3
    # hand 2 had button 3 and big blind 1: the big blind moves to seat 3, so seat 5 waits
    run(svc, {"cmd": "join", "seat": 5, "name": "P5", "stack": 100, "post": False})
    assert svc.model.table.plan_hand(CASH.levels[0]).dealt == [3, 1]
    next_hand = svc.view("dealer")["next_hand"]
    assert (next_hand["button"], next_hand["sb"], next_hand["bb"], next_hand["dealt"]) == (5, 1, 3, [1, 3, 5])
    assert next_hand["posts"] == [{"seat": 1, "kind": "sb", "amount": 1}, {"seat": 3, "kind": "bb", "amount": 2}]
    run(svc, {"cmd": "ok"})
    assert svc.view()["hand"]["number"] == 3


def test_c1_no_next_hand_plan_while_too_few_sit_in(open_cash) -> None:
    svc = _three_handed(open_cash)
    run(svc, {"cmd": "sit_out", "seat": 3})
    assert svc.view("dealer")["next_hand"] is None
    assert svc.view("dealer")["prompt"]["code"] == "cash_wait"


def test_c1_c2_cash_prompts_reach_the_web_scoreboard_and_console_without_a_card(open_cash, tmp_path, clock) -> None:
    """The web app over a cash table: commands through the API, the C1/C2 prompts on the
    scoreboard and in the dealer console, and no card in any public output."""
    from dealer_app.web import shutdown
    from dealer_app.web.projection import dealer_payload
    from tests.web.conftest import PASSWORD, PIN, make_app, sign_in
    from tests.web.conftest import run as post
    from tests.web.test_public_only import cards_in, public_outputs

    svc = open_cash(seed=1)
    app = make_app(svc, tmp_path, clock)
    try:
        app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
        dealer, public = app.test_client(), app.test_client()
        dealer.token = sign_in(dealer)
        post(dealer, *({"cmd": "join", "seat": s, "name": f"P{s}", "stack": 100} for s in (1, 2)))
        assert public.get("/api/view?lang=en").get_json()["prompt"]["text"] == (
            "Cash table: a hand needs 3 players sitting in, or 2 after a hand of 3 or more (C1); 2 sitting in"
        )
        refused = dealer.post("/api/commands", json={"cmd": "ok"}, headers={"X-CSRF-Token": dealer.token})
        assert refused.status_code != 200 and C1_WAIT_2 in json_text(refused.get_json())
        post(dealer, {"cmd": "join", "seat": 3, "name": "P3", "stack": 100})
        assert public.get("/api/view?lang=nl").get_json()["prompt"]["text"] == (
            "Druk op OK: een willekeurige speler krijgt de eerste button (C1)"
        )
        post(dealer, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "fold"}, {"cmd": "fold"})
        post(dealer, {"cmd": "ok"}, {"cmd": "sit_out", "seat": 1})  # the button folded first: 100 left
        clock.advance(600)
        svc.tick()
        text = "Seat 1 (P1) sat out 10 minutes and leaves the table (C2): hand back EUR 25.00. "
        assert public.get("/api/view?lang=en").get_json()["prompt"]["text"].startswith(text)
        with app.app_context():
            console = dealer_payload(app.extensions["dealer_web"], "en")
        assert console["prompt"]["text"].startswith(text)
        assert [a["seat"] for a in console["admin"]] == [2, 3]
        for output in public_outputs(app, public):
            if not isinstance(output, str):
                assert cards_in(output) == set()
    finally:
        shutdown(app)


def json_text(value: object) -> str:
    import json

    return json.dumps(value)
