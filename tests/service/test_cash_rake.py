"""The optional rake of a cash table (C5) at the live table service and in the exports:
a share of each pot of a hand that saw a flop ("no flop, no drop"), up to the hand's cap,
shown in the push prompt, the views and every export, every chip accounted for.

The table: 6-max No-Limit, SB 1 / BB 2 (chips of EUR 0.25), buy-in 40..200, rake 5 %;
three players of 200 chips; the first button is drawn by a seeded random source (C1).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pytest
from pokerkit import HandHistory, PokerStarsParser
from pokerkit import rake as pokerkit_rake

from dealer_app.engine.tournament.cash import CashRules
from dealer_app.exports import export
from dealer_app.exports.hands import read_hands
from dealer_app.exports.phh import hand_to_phh
from dealer_app.exports.pokerstars import hand_to_pokerstars
from dealer_app.exports.tables import action_rows, hand_to_json
from dealer_app.service import ConfigError, TableConfig, TableService
from dealer_app.tournament.cash import cash_table_config
from tests.service.conftest import run

RAKED = cash_table_config("none", CashRules(big_blind=2, min_buy_in=40, max_buy_in=200, rake_percent=5), small_blind=1)
SHOW_PROMPTS = ("show_first", "show", "must_show")

Opener = Callable[..., TableService]


@pytest.fixture
def open_raked(open_table: Opener) -> Opener:
    """A raked cash table (seeded button draw)."""

    def factory(config: TableConfig = RAKED, name: str = "raked", seed: int = 3) -> TableService:
        return open_table(config, name, seed=seed)

    return factory


def _three_at_preflop(svc: TableService) -> dict:
    """Three players of 200, the button drawn, blinds, shuffle, deal: the hand view."""
    run(svc, *({"cmd": "join", "seat": s, "name": n, "stack": 200} for s, n in ((1, "Ann"), (2, "Bob"), (4, "Cy"))))
    run(svc, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    return svc.view()["hand"]


def _stacks(svc: TableService) -> dict[int, int]:
    return {s["seat"]: s["stack"] for s in svc.view()["seats"] if s["status"] != "empty"}


def _raise_to_40_and_flop_then_bet_and_folds(svc: TableService) -> tuple[int, dict]:
    """Everybody puts in 40 preflop (pot 120), the flop, the first to act bets 20 and the two
    others fold: the bettor wins the pot, the 20 uncalled comes back (P2). Returns the winner."""
    run(svc, {"cmd": "raise", "to": 40}, {"cmd": "call"}, {"cmd": "call"})
    run(svc, {"cmd": "board", "cards": ["2c", "7d", "9h"]})
    winner = svc.view()["hand"]["to_act"]
    run(svc, {"cmd": "bet", "to": 20}, {"cmd": "fold"}, {"cmd": "fold"})
    return winner, svc.view("dealer")


def test_c5_no_flop_no_drop_a_hand_won_preflop_is_not_raked(open_raked) -> None:
    svc = open_raked()
    hand = _three_at_preflop(svc)
    run(svc, {"cmd": "fold"}, {"cmd": "fold"})
    assert svc.view()["prompt"]["args"] == {
        "pots": [{"pot": 0, "board": 1, "amount": 2, "winners": {str(hand["bb"]): 2}, "odd_chip_seat": None}],
        "returns": {str(hand["bb"]): 1},
    }  # the big blind's unmatched chip goes back (P2); no rake without a flop
    [ended] = [svc.events()[s - 1] for s in run(svc, {"cmd": "ok"})]
    assert "rake" not in ended.payload
    assert sum(_stacks(svc).values()) == 600
    assert svc.view()["table"]["cash"]["rake_taken"] == 0


def test_c5_five_percent_of_a_pot_that_saw_the_flop_named_in_the_push_prompt(open_raked) -> None:
    svc = open_raked()
    _three_at_preflop(svc)
    winner, view = _raise_to_40_and_flop_then_bet_and_folds(svc)
    assert view["prompt"]["args"] == {
        "pots": [{"pot": 0, "board": 1, "amount": 114, "winners": {str(winner): 114}, "odd_chip_seat": None, "rake": 6}],
        "returns": {str(winner): 20},
        "rake": 6,
    }
    assert view["prompt"]["text"] == (
        f"Return the uncalled EUR 5.00 to seat {winner}; take the rake of EUR 1.50 (C5); "
        f"push the main pot of EUR 28.50 to seat {winner}"
    )
    assert svc.view(lang="nl")["prompt"]["text"].startswith(
        f"Geef de niet gevolgde EUR 5,00 terug aan stoel {winner}; neem de rake van EUR 1,50 (C5); "
    )
    [ended] = [svc.events()[s - 1] for s in run(svc, {"cmd": "ok"})]
    assert ended.payload["rake"] == 6
    assert _stacks(svc)[winner] == 200 - 40 + 114
    assert sum(_stacks(svc).values()) + 6 == 600  # the chips at the table and the rake
    assert svc.view()["table"]["cash"]["rake_taken"] == 6
    assert svc.view()["last_hand"]["pots"][0]["rake"] == 6


def test_c5_the_cap_limits_the_rake_of_one_hand(open_raked) -> None:
    svc = open_raked(replace(RAKED, rake_cap=4))
    _three_at_preflop(svc)
    winner, view = _raise_to_40_and_flop_then_bet_and_folds(svc)
    assert (view["prompt"]["args"]["rake"], view["prompt"]["args"]["pots"][0]["amount"]) == (4, 116)
    run(svc, {"cmd": "ok"})
    assert sum(_stacks(svc).values()) + 4 == 600
    assert svc.view()["table"]["cash"]["rake_cap"] == 4


def test_c5_p5_a_raked_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button(open_raked) -> None:
    """Pot 123 (41 each), rake 6, 117 split by two equal straights: 59 and 58 (P5)."""
    svc = open_raked()
    hand = _three_at_preflop(svc)
    run(svc, {"cmd": "raise", "to": 41}, {"cmd": "call"}, {"cmd": "call"})
    for cards in (["Qs", "Js", "Ts"], ["4c"], ["5d"]):
        run(svc, {"cmd": "board", "cards": cards}, {"cmd": "check"}, {"cmd": "check"}, {"cmd": "check"})
    order = [hand["sb"], hand["bb"], hand["button"]]  # clockwise from the first seat left of the button
    holes = {order[0]: ["2c", "3d"], order[1]: ["Ah", "Kh"], order[2]: ["Ad", "Kd"]}
    while (prompt := svc.view()["prompt"])["code"] in SHOW_PROMPTS:
        seat = prompt["args"]["seat"]
        run(svc, {"cmd": "show", "seat": seat, "cards": holes[seat]})
    [pot] = svc.view()["prompt"]["args"]["pots"]
    assert pot == {
        "pot": 0, "board": 1, "amount": 117, "rake": 6,
        "winners": {str(order[1]): 59, str(order[2]): 58}, "odd_chip_seat": order[1],
    }  # fmt: skip
    run(svc, {"cmd": "ok"})
    assert _stacks(svc) == {order[0]: 159, order[1]: 218, order[2]: 217}


def test_c5_exports_carry_the_rake_and_the_phh_replays_in_pokerkit_with_that_rake(open_raked) -> None:
    svc = open_raked()
    _three_at_preflop(svc)
    winner, _ = _raise_to_40_and_flop_then_bet_and_folds(svc)
    run(svc, {"cmd": "ok"})
    [record] = read_hands(svc.events())
    assert (record.rake, record.stacks_after[winner]) == (6, 274)
    phh = hand_to_phh(record)
    assert "_rake = 6\n" in phh
    hh = HandHistory.loads(phh, rake=partial(pokerkit_rake, percentage=0.05, no_flop_no_drop=True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(list(hh)[-1].stacks)
    assert final == list(hh.finishing_stacks) == [record.stacks_after[s] for s in record.state.seats]
    text = hand_to_pokerstars(record)
    assert "Total pot €30.00 | Rake €1.50\n" in text
    names = {1: "Ann", 2: "Bob", 4: "Cy"}
    assert f"{names[winner]} collected €28.50 from pot\n" in text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        [parsed] = PokerStarsParser()(text, parse_value=lambda v: int(float(v) * 4), error_status=True)
    assert sum(parsed.winnings) == 114
    as_json = hand_to_json(record)
    assert as_json["rake"] == 6 and as_json["pots"][0]["rake"] == 6
    assert as_json["winnings"][str(winner)] == 114 - 40
    assert sum(as_json["winnings"].values()) == -6
    last = action_rows(record)[-1]
    assert {k: last[k] for k in ("action", "to", "pot", "seat", "source")} == {
        "action": "rake", "to": 6, "pot": 120, "seat": None, "source": "system",
    }  # fmt: skip
    assert json.loads(export(svc.events(), "json"))[0]["rake"] == 6
    assert export(svc.events(), "csv").splitlines()[-1].split(",")[7:9] == ["rake", "6"]


def test_c5_rake_settings_are_validated_and_kept_in_the_log(open_raked, tmp_path, clock) -> None:
    assert TableConfig.from_dict(replace(RAKED, rake_cap=4).to_dict()).rake_cap == 4
    assert "rake_cap" not in RAKED.to_dict() and "rake_cap" not in TableConfig.club().to_dict()
    with pytest.raises(ConfigError, match=r"^rake_cap: only a cash table that takes a rake \(cash.rake_percent > 0\) has a rake cap$"):
        replace(RAKED, cash=CashRules(2, 40, 200), rake_cap=4)
    with pytest.raises(ConfigError, match=r"^rake_cap: must be a whole number of chips, 0 or more, got -1$"):
        replace(RAKED, rake_cap=-1)
    svc = open_raked(replace(RAKED, rake_cap=4))
    _three_at_preflop(svc)
    _raise_to_40_and_flop_then_bet_and_folds(svc)
    run(svc, {"cmd": "ok"})
    before = svc.view("dealer")
    svc.close()
    again = TableService.open(tmp_path / "raked", clock=clock)
    try:
        assert again.config.rake_cap == 4
        assert again.view("dealer") == before  # the rake replays from the log
    finally:
        again.close()


def test_c5_simulated_raked_night_every_chip_is_at_the_table_or_in_the_rake(open_raked, clock) -> None:
    """Chips at the table + rake taken == chips bought in - chips taken away, after every hand."""
    from dealer_app.service.simulate import Simulator

    svc = open_raked(replace(RAKED, rake_cap=6), name="night", seed=11)
    simulator = Simulator(svc, seed=11)
    raked_hands = 0
    for hands in range(1, 31):
        simulator.run(hands)
        clock.advance(150)
        svc.tick()
        bought = taken = rake = 0
        for event in svc.events():
            if event.type == "seat_taken":
                bought += event.payload["stack"]
            elif event.type == "stack_set":
                bought += event.payload.get("buy_in", event.payload["stack"] - event.payload["old"])
            elif event.type == "seat_left":
                taken += event.payload["stack"]
            elif event.type == "hand_ended":
                rake += event.payload.get("rake", 0)
                assert event.payload.get("rake", 0) <= 6  # the cap
        raked_hands = sum(1 for e in svc.events() if e.type == "hand_ended" and e.payload.get("rake"))
        at_table = sum(s["stack"] for s in svc.view()["seats"] if s["status"] != "empty")
        assert at_table + rake == bought - taken, f"after hand {hands}"
        assert svc.view()["table"]["cash"]["rake_taken"] == rake
    assert raked_hands >= 5
    records = [r for r in read_hands(svc.events()) if r.outcome == "played"]
    assert sum(r.rake for r in records) == svc.view()["table"]["cash"]["rake_taken"]
    for record in records:
        assert sum(record.stacks_after.values()) + record.rake == sum(record.stacks_before.values())


@pytest.mark.parametrize("name", ["dealer_app.service.rake", "dealer_app.prompts"])
def test_c5_docstring_examples_of_the_rake_and_the_push_prompt(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
