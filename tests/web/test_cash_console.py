"""A cash table (C1-C5) through the web app: the API and the OpenAPI document take the
``time``, ``buy_in`` and ``chips`` commands; the dealer console payload carries the posted
rules, so the console offers the time-out and the buy-in form only at a cash table.

The table: 6-max No-Limit, SB 1 / BB 2 (chips of EUR 0.25), buy-in 40..200 (EUR 10.00 to
EUR 50.00), on a real TableService behind the Flask test client.
"""

from __future__ import annotations

import pytest

from dealer_app.engine.tournament.cash import CashRules
from dealer_app.service import TableConfig
from dealer_app.service.decide import COMMANDS as SERVICE_COMMANDS
from dealer_app.tournament.cash import cash_table_config
from dealer_app.web.command_schema import COMMANDS as WEB_COMMANDS
from tests.web.conftest import NO_LIMIT, command, run

CASH = cash_table_config("none", CashRules(big_blind=2, min_buy_in=40, max_buy_in=200), small_blind=1)
THREE = tuple({"cmd": "join", "seat": s, "name": name, "stack": 100} for s, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")))
#: Draw the first button (C1), post the blinds, shuffle, deal.
TO_PREFLOP = ({"cmd": "ok"},) * 4


@pytest.fixture
def table_config(request) -> TableConfig:
    """The cash table, or the tournament table a test names with ``indirect``."""
    return getattr(request, "param", CASH)


def _refused(client, service, body: dict, status: int, error: str) -> None:
    """``body`` is refused with exactly ``error`` and the log does not grow."""
    before = service.last_seq
    answer = command(client, body)
    assert (answer.status_code, answer.get_json()) == (status, {"ok": False, "error": error})
    assert service.last_seq == before


def test_every_service_command_is_in_the_api_schema_with_the_same_fields() -> None:
    assert set(WEB_COMMANDS) == set(SERVICE_COMMANDS)
    for cmd, (required, optional) in SERVICE_COMMANDS.items():
        web_required, web_optional = WEB_COMMANDS[cmd]
        assert set(web_required) | set(web_optional) == set(required) | set(optional), cmd
        assert set(required) <= set(web_required), cmd


def test_openapi_describes_time_buy_in_and_chips(client) -> None:
    document = client.get("/api/openapi.json").get_json()
    body = document["paths"]["/api/commands"]["post"]["requestBody"]["content"]["application/json"]
    schemas = {s["title"]: s for s in body["schema"]["oneOf"]}
    assert schemas["time"]["required"] == ["cmd"]
    assert set(schemas["time"]["properties"]) == {"cmd", "seat"}
    assert schemas["buy_in"]["required"] == ["cmd", "seat", "amount"]
    assert schemas["buy_in"]["properties"]["amount"]["minimum"] == 1
    assert schemas["chips"]["required"] == ["cmd", "chips"]
    assert schemas["chips"]["properties"]["chips"]["items"] == {"type": "integer", "minimum": 1, "maximum": 10**9}


def test_c4_time_through_the_api_folds_the_player_facing_a_bet(dealer, service) -> None:
    run(dealer, *THREE, *TO_PREFLOP)
    hand = service.view()["hand"]
    seat = hand["to_act"]  # three-handed: the button acts first, facing the big blind
    [seq] = run(dealer, {"cmd": "time"})
    event = service.events()[seq - 1]
    assert (event.source, event.type) == ("console", "action")
    assert event.payload == {"hand": 1, "seat": seat, "action": "fold", "to": None, "timeout": True}
    assert service.view()["hand"]["to_act"] == hand["sb"]


def test_c4_time_for_another_seat_than_the_one_to_act_is_refused(dealer, service) -> None:
    run(dealer, *THREE, *TO_PREFLOP)
    hand = service.view()["hand"]
    _refused(
        dealer, service, {"cmd": "time", "seat": hand["bb"]}, 422,
        f"Action is on seat {hand['to_act']}, not seat {hand['bb']}: only the player to act can time out",
    )  # fmt: skip


def test_c5_buy_in_between_hands_within_the_window(dealer, service) -> None:
    run(dealer, *THREE)
    [seq] = run(dealer, {"cmd": "buy_in", "seat": 2, "amount": 100})
    event = service.events()[seq - 1]
    assert (event.type, event.payload) == (
        "stack_set", {"seat": 2, "stack": 200, "old": 100, "reason": "buy-in (C5)", "buy_in": 100},
    )  # fmt: skip
    view = dealer.get("/api/dealer/view?lang=en").get_json()
    assert [s["stack_text"] for s in view["seats"][:3]] == ["EUR 25.00", "EUR 50.00", "EUR 25.00"]
    _refused(
        dealer, service, {"cmd": "buy_in", "seat": 1, "amount": 101}, 422,
        "Stack after the buy-in would be EUR 50.25: at most EUR 50.00 (C5)",
    )  # fmt: skip


def test_c5_buy_in_during_a_hand_is_refused(dealer, service) -> None:
    run(dealer, *THREE, *TO_PREFLOP)
    _refused(
        dealer, service, {"cmd": "buy_in", "seat": 1, "amount": 40}, 422,
        "A buy-in or rebuy (C5) only between hands: finish hand 1 first",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"cmd": "buy_in", "seat": 1}, "Missing field 'amount' for buy_in"),
        ({"cmd": "buy_in", "seat": 1, "amount": "40"}, "Field 'amount' of buy_in must be a whole number"),
        ({"cmd": "time", "seat": 1, "to": 4}, "Unknown field 'to' for time"),
        ({"cmd": "chips", "chips": ["100"]}, "Field 'chips' of chips must be a list of chip amounts like [1000, 100, 100]"),
        ({"cmd": "chips", "chips": 100}, "Field 'chips' of chips must be a list of chip amounts like [1000, 100, 100]"),
    ],
)
def test_malformed_cash_commands_get_400(dealer, service, body, error) -> None:
    run(dealer, *THREE)
    _refused(dealer, service, body, 400, error)


def test_console_payload_posts_the_cash_rules(dealer) -> None:
    cash = dealer.get("/api/dealer/view?lang=nl").get_json()["table"]["cash"]
    assert cash == {
        "min_buy_in": 40, "max_buy_in": 200, "max_seats": 6, "sit_out_minutes": 10.0,
        "return_minutes": 30.0, "return_big_blinds": 100, "rake_percent": 0, "rake_cap": 0, "rake_taken": 0,
        "previous_hand_players": 0,
        "min_buy_in_text": "EUR 10,00", "max_buy_in_text": "EUR 50,00",
    }  # fmt: skip


@pytest.mark.parametrize("table_config", [NO_LIMIT], indirect=True)
def test_a_tournament_table_has_no_cash_rules_and_refuses_time_and_buy_in(dealer, service) -> None:
    assert dealer.get("/api/dealer/view").get_json()["table"]["cash"] is None
    run(dealer, *THREE)
    _refused(
        dealer, service, {"cmd": "buy_in", "seat": 1, "amount": 40}, 422,
        "A buy-in (C5) is a cash-table rule; this is a tournament table",
    )  # fmt: skip
    run(dealer, {"cmd": "button", "seat": 1}, *TO_PREFLOP[1:])
    _refused(dealer, service, {"cmd": "time"}, 422, "A time-out (C4) is a cash-table rule; this is a tournament table")


@pytest.mark.parametrize("table_config", [NO_LIMIT], indirect=True)
def test_t47_chips_through_the_api_one_chip_is_a_call(dealer, service) -> None:
    run(dealer, *THREE, {"cmd": "button", "seat": 1}, *TO_PREFLOP[1:])
    [seq] = run(dealer, {"cmd": "chips", "chips": [20]})  # one big chip facing the big blind: a call
    assert service.events()[seq - 1].payload == {
        "hand": 1, "seat": 1, "action": "call", "to": None, "chips": [20], "ruling": "call_excess_returned",
    }  # fmt: skip
