"""The tournament service on real table services and SQLite logs, and whole simulated tournaments.

Every simulated hand is played through :class:`dealer_app.service.TableService` (real engine,
real event log); after every hand the tournament's chips are checked against the entries and
rebuys *and* against the stacks the table services show.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from dealer_app.cli import main
from dealer_app.engine.tournament import (
    FINAL_TABLE,
    HandRecorded,
    Rebought,
    TableSeated,
    TournamentError,
    club_setup,
)
from dealer_app.store import verify_log
from dealer_app.tournament import TournamentService
from dealer_app.tournament.exports import STANDINGS_COLUMNS, results_csv, results_dict
from dealer_app.tournament.service import LOG_NAME
from dealer_app.tournament.simulate import SimClock, play_hand, simulate_tournament

#: The club preset without the per-round/per-hand caps, so that random play ends quickly.
#: (The capped club structure itself is exercised by test_club_caps_tournament_runs.)
FAST = club_setup(name="Fast club", max_per_round=None, max_per_hand=None)


def table_chips(service: TournamentService) -> int:
    """Chips in front of every seated player, as the table services show them."""
    total = 0
    for table in service.state.tables:
        for seat in service.table(table).view(role="public")["seats"]:
            if seat["status"] != "empty":
                total += seat["stack"]
    return total


class Checks:
    """Invariants checked after every hand of a simulation."""

    def __init__(self) -> None:
        self.hands = 0

    def __call__(self, service: TournamentService, table: str) -> None:
        state = service.state
        self.hands += 1
        issued = sum(
            p.entries * state.rules.start_stack + p.rebuys * state.rules.rebuy_stack
            for p in state.players.values()
        )
        assert state.chips_in_play() == state.chips_issued() == issued
        assert table_chips(service) == issued


def final_seats(service: TournamentService) -> int:
    """How many players the final table was drawn with."""
    seated = [e for e in service.events() if isinstance(e, TableSeated) and e.final]
    assert len(seated) == 1
    return len(seated[0].seats)


def check_finished(service: TournamentService, players: int) -> None:
    state = service.state
    winner = state.winner()
    assert state.phase == "finished" and winner is not None
    assert state.players[winner].chips == state.chips_issued()
    assert all(p.chips == 0 for p in state.players.values() if p.player != winner)
    assert sorted(p.position for p in state.players.values()) == list(range(1, players + 1))
    assert verify_log(service.data_dir / LOG_NAME).ok
    for table in state.tables:
        assert verify_log(service.table(table).path).ok


@pytest.mark.slow
def test_to1_to3_t4_27_players_three_tables_registration_to_winner(tmp_path: Path) -> None:
    checks = Checks()
    service = simulate_tournament(tmp_path, 27, seed=7, setup=FAST, after_hand=checks)
    try:
        state = service.state
        assert state.sizes == (9, 9, 9)
        check_finished(service, 27)
        assert state.prize_pool().total == (27 + state.prize_pool().rebuys) * 2500
        assert state.prize_pool().rebuys > 0
        # TO3: each table stopped at its last 3 or fewer; they all went to the final table.
        finalists = {e.player for e in state.eliminations if e.table == FINAL_TABLE}
        assert 2 <= final_seats(service) == len(finalists) + 1 <= 9
        assert checks.hands == sum(t.last_hand for t in state.tables.values())
        # Every bust is in the results with its table, hand and time; 26 final eliminations.
        outs = [e for e in state.eliminations if e.outcome == "out"]
        assert len(outs) == 26
        assert Counter(e.outcome for e in state.eliminations)["rebuy"] == state.prize_pool().rebuys
    finally:
        service.close()


@pytest.mark.slow
def test_to3_30_players_four_tables_final_table_of_8(tmp_path: Path) -> None:
    checks = Checks()
    service = simulate_tournament(tmp_path, 30, seed=6, setup=FAST, after_hand=checks)
    try:
        assert service.state.sizes == (8, 8, 7, 7)
        assert final_seats(service) == 8
        check_finished(service, 30)
    finally:
        service.close()


@pytest.mark.slow
def test_reentry_takes_a_new_seat_through_the_tables(tmp_path: Path) -> None:
    setup = club_setup(
        name="Re-entry night", max_per_round=None, max_per_hand=None,
        rebuys_per_player=0, reentries_per_player=1,
    )  # fmt: skip
    checks = Checks()
    service = simulate_tournament(tmp_path, 12, seed=4, setup=setup, after_hand=checks,
                                  rebuy_percent=100)  # fmt: skip
    try:
        state = service.state
        assert state.prize_pool().reentries > 0 and state.prize_pool().rebuys == 0
        assert all(p.entries <= 2 for p in state.players.values())
        check_finished(service, 12)
    finally:
        service.close()


def test_restart_replays_the_tournament_from_its_log(tmp_path: Path) -> None:
    service = simulate_tournament(tmp_path, 6, seed=3, setup=FAST)
    before = results_dict(service.state)
    events = [e.to_dict() for e in service.events()]
    service.close()
    again = TournamentService.open(tmp_path)
    try:
        assert [e.to_dict() for e in again.events()] == events
        assert results_dict(again.state) == before
    finally:
        again.close()


def test_log_verify_checks_the_tournament_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    service = simulate_tournament(tmp_path, 3, seed=1, setup=FAST)
    count = len(service.events())
    service.close()
    assert main(["log", "verify", "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == f"OK: {count} events"
    assert main(["log", "verify", "--data", str(tmp_path / "tables" / "1")]) == 0


def test_refused_registration_writes_nothing(tmp_path: Path) -> None:
    service = TournamentService.open(tmp_path, clock=SimClock())
    try:
        service.create(club_setup())
        assert service.register("Ann", age_confirmed=True) == 1
        with pytest.raises(TournamentError, match=r"Bob: adults only under Belgian law \(TO5\)"):
            service.register("Bob", age_confirmed=False)
        with pytest.raises(TournamentError, match=r"No credit under Belgian law \(TO5\)"):
            service.register("Bob", paid=False, age_confirmed=True)
        with pytest.raises(TournamentError, match=r"Entry fee 75.00 EUR is above"):
            TournamentService.open(tmp_path / "other").create(club_setup(entry_fee=7500))
        assert len(service.events()) == 2
        assert verify_log(tmp_path / LOG_NAME).count == 2
    finally:
        service.close()


def test_t4_entered_draw_seats_the_table_service(tmp_path: Path) -> None:
    service = TournamentService.open(tmp_path, clock=SimClock())
    try:
        service.create(club_setup())
        for name in ("Ann", "Bob", "Cas", "Dirk"):
            service.register(name, age_confirmed=True)
        assert service.plan_tables() == (4,)
        draws = [{1: "Qs", 2: "Qh", 3: "3c", 4: "Ad"}, {1: "2d", 2: "9s"}]
        assert service.seat_table("1", [1, 2, 3, 4], draws) == {1: 4, 2: 2, 3: 1, 4: 3}
        view = service.table("1").view(role="dealer")
        names = {s["seat"]: s["name"] for s in view["seats"] if s["status"] != "empty"}
        assert names == {1: "Dirk", 2: "Bob", 3: "Ann", 4: "Cas"}
        assert {s["stack"] for s in view["seats"] if s["status"] != "empty"} == {100}
        assert view["prompt"]["code"] == "start_hand" and view["prompt"]["args"]["button"] == 1
        with pytest.raises(TournamentError, match=r"draw again"):
            service.seat_table("1", [1, 2], [{1: "Kc", 2: "Kd"}])
    finally:
        service.close()


def test_results_exports(tmp_path: Path) -> None:
    service = simulate_tournament(tmp_path, 5, seed=5, setup=FAST)
    try:
        service.set_payout_split([60, 40])
        data = results_dict(service.state)
        assert json.loads(json.dumps(data)) == data
        assert data["winner"]["player"] == service.state.winner()
        pool = data["prize_pool"]["total_cents"]
        assert pool == (5 + data["prize_pool"]["rebuys"]) * 2500
        paid = {row["player"]: row["payout_cents"] for row in data["standings"] if row["payout_cents"]}
        assert sum(paid.values()) == pool
        leftover = pool - pool * 60 // 100 - pool * 40 // 100
        assert paid[service.state.winner()] == pool * 60 // 100 + leftover
        assert [row["position"] for row in data["standings"]] == [1, 2, 3, 4, 5]
        assert all(e["at"].startswith("2026-11-29T19:") for e in data["eliminations"])
        lines = results_csv(service.state).splitlines()
        assert lines[0] == ",".join(STANDINGS_COLUMNS)
        assert len(lines) == 6 and lines[1].startswith(f"1,{service.state.winner()},")
    finally:
        service.close()


def test_cli_simulate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "simulate", "--players", "12", "--seed", "3", "--json",
                 "--limits", "no-caps", "--data", str(tmp_path)])  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tables"] == [6, 6]
    assert data["phase"] == "finished"
    assert sorted(row["position"] for row in data["standings"]) == list(range(1, 13))
    assert data["chips"]["issued"] == data["chips"]["in_play"] == 100 * (12 + data["prize_pool"]["rebuys"])


def test_cli_simulate_refuses_too_many_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "simulate", "--players", "37"]) == 2
    assert "covers at most 4 tables" in capsys.readouterr().err


@pytest.mark.slow
def test_l4_club_caps_tournament_runs_to_a_winner(tmp_path: Path) -> None:
    """The club structure with its caps (L4: 1.50 a round, 6.25 a hand) from start to winner.

    Short stacks (40 chips = 10.00 EUR) keep the number of hands small: a capped hand moves
    at most 25 chips from a player."""
    checks = Checks()
    setup = club_setup(name="Capped", start_stack=40, rebuy_stack=40)
    service = simulate_tournament(tmp_path, 4, seed=1, setup=setup, after_hand=checks)
    try:
        check_finished(service, 4)
        # No player ever lost more than the hand cap in one hand.
        for event in service.events():
            if isinstance(event, HandRecorded):
                start, end = dict(event.start_stacks), dict(event.end_stacks)
                assert all(start[p] - end[p] <= 25 for p in start)
        assert checks.hands > 4
    finally:
        service.close()


def test_cli_results_from_a_kept_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "simulate", "--players", "4", "--seed", "2", "--limits", "no-caps",
                 "--data", str(tmp_path)]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["tournament", "results", "--data", str(tmp_path), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ",".join(STANDINGS_COLUMNS) and len(lines) == 5
    out = tmp_path / "eliminations.csv"
    assert main(["tournament", "results", "--data", str(tmp_path), "--format",
                 "eliminations-csv", "--out", str(out)]) == 0  # fmt: skip
    rows = out.read_text().splitlines()
    assert rows[0] == "player,name,table,hand,at,start_chips,outcome,position"
    assert sum(row.split(",")[6] == "out" for row in rows[1:]) == 3
    assert main(["tournament", "results", "--data", str(tmp_path / "nothing")]) == 2
    assert "no tournament in" in capsys.readouterr().err


def registered(tmp_path: Path, names: tuple[str, ...]) -> TournamentService:
    """A fast (uncapped) club tournament with ``names`` registered and the tables planned."""
    service = TournamentService.open(tmp_path, clock=SimClock(), rng=random.Random(1))
    service.create(FAST)
    for name in names:
        service.register(name, age_confirmed=True)
    service.plan_tables()
    return service


def play_until_a_bust(service: TournamentService, rng: random.Random) -> None:
    """Random hands at table 1, each read by the tournament, until a player is out."""
    while not service.state.pending():
        play_hand(service.table("1"), rng)
        service.sync_table("1")


def test_reconcile_after_a_crash_between_tournament_event_and_table_command(tmp_path: Path) -> None:
    service = registered(tmp_path, ("Ann", "Bob", "Cas"))
    service.seat_all_at_random(random.Random(2))
    play_until_a_bust(service, random.Random(3))
    busted = service.state.pending()[0].player
    # The rebuy is recorded, then the power goes before the table hears of it.
    service._record(Rebought(at=service.now(), player=busted, paid=True))
    service.close()
    again = TournamentService.open(tmp_path, clock=SimClock())
    try:
        record = again.state.players[busted]
        assert again.reconcile() == [f"table 1: seat {record.seat} stack set to 100"]
        assert table_chips(again) == again.state.chips_in_play() == again.state.chips_issued()
        assert again.reconcile() == []
    finally:
        again.close()


def test_i3_exclusion_at_the_table_reaches_the_tournament(tmp_path: Path) -> None:
    service = registered(tmp_path, ("Ann", "Bob", "Cas", "Dirk"))
    try:
        service.seat_table("1", [1, 2, 3, 4], [{1: "Ac", 2: "Kc", 3: "Qc", 4: "Jc"}])
        service.exclude(2, "marked cards")  # Bob, seat 2: 100 chips shared by 3 players
        assert service.state.players[2].position == 4
        chips = {p: service.state.players[p].chips for p in (1, 3, 4)}
        assert sorted(chips.values()) == [133, 133, 134] and sum(chips.values()) == 400
        assert table_chips(service) == 400
        assert [e.kind for e in service.events()][-1] == "player_excluded"
        assert service.sync_table("1") == []  # read once only
        assert len([e for e in service.events() if e.kind == "player_excluded"]) == 1
    finally:
        service.close()


def test_b5_rebuy_refused_while_the_table_is_in_a_hand(tmp_path: Path) -> None:
    service = registered(tmp_path, ("Ann", "Bob", "Cas", "Dirk"))
    try:
        service.seat_all_at_random(random.Random(2))
        rng = random.Random(9)
        play_until_a_bust(service, rng)
        busted = [b.player for b in service.state.pending()]
        assert len(service.state.in_play("1")) >= 2  # the next hand can be dealt
        # The dealer starts the next hand before the organiser has decided.
        assert service.table("1").execute({"cmd": "ok"}, "console").ok
        count = len(service.events())
        with pytest.raises(TournamentError) as err:
            service.rebuy(busted[0])
        assert str(err.value) == (
            "Table 1 is in a hand: stacks and seats change only between hands (B5)"
        )
        assert len(service.events()) == count
        play_hand(service.table("1"), rng)
        assert service.sync_table("1") == []  # waits for the decision
        service.rebuy(busted[0])
        for other in busted[1:]:
            service.decline(other)
        service.sync_table("1")
        assert table_chips(service) == service.state.chips_in_play() == 500
    finally:
        service.close()
