"""The JSON API on a real table service: commands, refusals, views, audit log, OpenAPI, panel."""

from __future__ import annotations

import time

import pytest

from dealer_app.panel import PanelController
from hardware.clock import MonotonicClock
from hardware.factory import mock_factory
from hardware.panel import Panel
from hardware.virtual import VirtualPanel
from tests.web.conftest import START_HAND, THREE_PLAYERS, command, make_app, run, sign_in


def test_a_command_is_logged_with_the_console_as_source(dealer, service) -> None:
    seqs = run(dealer, {"cmd": "join", "seat": 4, "name": "Dee", "stack": 100})
    event = service.events()[-1]
    assert seqs == [event.seq]
    assert (event.type, event.source) == ("seat_taken", "console")
    assert event.payload["name"] == "Dee"


def test_t01_refused_raise_gives_the_rule_reason_and_changes_nothing(dealer, service) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND)
    before = service.last_seq
    view_before = dealer.get("/api/dealer/view?lang=en").get_json()
    assert view_before["legal"] == {
        "seat": 1, "actions": ["fold", "call", "raise", "allin"], "call": 2, "min_to": 4,
        "max_to": 100, "call_text": "EUR 0.50", "min_to_text": "EUR 1.00", "max_to_text": "EUR 25.00",
    }  # fmt: skip
    answer = command(dealer, {"cmd": "raise", "to": 3})
    assert answer.status_code == 422
    assert answer.get_json()["ok"] is False
    assert answer.get_json()["error"].startswith("Minimum raise is to ")
    assert service.last_seq == before
    assert dealer.get("/api/dealer/view?lang=en").get_json() == view_before


def test_action_on_the_wrong_seat_is_refused_with_the_seat_to_act(dealer, service) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND)
    answer = command(dealer, {"cmd": "fold", "seat": 2})
    assert answer.status_code == 422
    assert answer.get_json()["error"] == "Action is on seat 1, not seat 2"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"cmd": "raise"}, "Missing field 'to' for raise"),
        ({"cmd": "raise", "amout": 6, "to": 6}, "Unknown field 'amout' for raise"),
        ({"cmd": "dance"}, "Unknown command 'dance'"),
        ([1, 2], 'A command is a JSON object with "cmd"'),
        ({"cmd": "join", "seat": "one", "name": "Ann", "stack": 5}, "Field 'seat' of join must be a whole number"),
    ],
)
def test_malformed_commands_get_400_and_change_nothing(dealer, service, body, error) -> None:
    before = service.last_seq
    answer = command(dealer, body)
    assert answer.status_code == 400
    assert answer.get_json() == {"ok": False, "error": error}
    assert service.last_seq == before


def test_a_body_that_is_not_json_gets_400(dealer) -> None:
    answer = dealer.post(
        "/api/commands", data="fold", headers={"X-CSRF-Token": dealer.token, "Content-Type": "text/plain"}
    )
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "Send a JSON body (Content-Type: application/json)"}


def test_public_view_formats_money_per_language(client, dealer) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND, {"cmd": "raise", "to": 6})
    nl = client.get("/api/view?lang=nl").get_json()
    en = client.get("/api/view?lang=en").get_json()
    assert [s["stack_text"] for s in nl["seats"][:3]] == ["EUR 23,50", "EUR 24,75", "EUR 24,50"]
    assert [s["stack_text"] for s in en["seats"][:3]] == ["EUR 23.50", "EUR 24.75", "EUR 24.50"]
    assert en["hand"]["total_pot_text"] == "EUR 2.25"
    assert en["level"]["sb_text"] == "EUR 0.25" and nl["level"]["bb_text"] == "EUR 0,50"
    assert [a["action"] for a in en["recent"]] == ["raise"]
    assert en["recent"][0] == {"seat": 1, "name": "Ann", "action": "raise", "to_text": "EUR 1.50"}
    assert en["hand"]["to_act"] == 2
    assert en["prompt"]["text"] == "Action on seat 2"
    assert nl["prompt"]["text"] != en["prompt"]["text"]


def test_undo_from_the_console_takes_the_action_back(dealer, client, service) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND, {"cmd": "raise", "to": 6})
    run(dealer, {"cmd": "undo"})
    assert service.events()[-1].type == "undone"
    view = client.get("/api/view?lang=en").get_json()
    assert view["hand"]["to_act"] == 1
    assert view["seats"][0]["stack_text"] == "EUR 25.00"


def test_audit_log_lists_every_event_in_order(dealer, service) -> None:
    run(dealer, *THREE_PLAYERS)
    events = dealer.get("/api/log").get_json()["events"]
    assert [e["seq"] for e in events] == list(range(1, service.last_seq + 1))
    assert [e["type"] for e in events] == [
        "table_opened", "seat_taken", "seat_taken", "seat_taken", "button_placed",
    ]  # fmt: skip
    assert all(len(e["hash"]) == 64 for e in events)
    later = dealer.get("/api/log?after=3").get_json()["events"]
    assert [e["seq"] for e in later] == [4, 5]
    assert dealer.get("/api/log?after=-1").status_code == 400


def test_openapi_document_lists_the_command_api(client) -> None:
    document = client.get("/api/openapi.json").get_json()
    assert document["openapi"] == "3.0.3"
    commands = document["paths"]["/api/commands"]["post"]
    schemas = commands["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    assert len(schemas) == 27  # docs/commands.md: with alarm, dismiss, chips and the cash time and buy_in
    assert {"401", "403", "422", "400"} <= set(commands["responses"])


@pytest.fixture
def panel_setup(service, tmp_path, clock):
    panel = Panel(pin_factory=mock_factory(), clock=MonotonicClock())
    virtual = VirtualPanel(panel)
    controller = PanelController(panel, service)
    controller.start()
    app = make_app(service, tmp_path, clock, panel=virtual)
    app.extensions["dealer_web"].credentials.choose("2468", "river-card-7")
    yield app, controller
    from dealer_app.web import shutdown

    shutdown(app)
    controller.stop()
    panel.close()


def test_virtual_panel_presses_drive_the_real_input_layer(panel_setup, service) -> None:
    app, _ = panel_setup
    client = app.test_client()
    token = sign_in(client)
    client.token = token
    run(client, *THREE_PLAYERS)
    before = service.last_seq
    answer = client.post("/api/panel", json={"press": "ok_next"}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 200
    assert set(answer.get_json()) == {"display", "lights", "buzzer", "pressed"}
    deadline = time.monotonic() + 3
    while service.last_seq == before and time.monotonic() < deadline:
        time.sleep(0.01)
    event = service.events()[-1]
    assert (event.type, event.source) == ("hand_started", "button")
    state = client.get("/api/panel").get_json()
    assert state["pressed"] == []


def test_virtual_panel_refuses_unknown_buttons(panel_setup) -> None:
    app, _ = panel_setup
    client = app.test_client()
    token = sign_in(client)
    bad = client.post("/api/panel", json={"press": "jump"}, headers={"X-CSRF-Token": token})
    assert bad.status_code == 400
    assert bad.get_json()["error"].startswith("No button 'jump'; buttons: fold, check_call")
    zero = client.post("/api/panel", json={"turn": 0}, headers={"X-CSRF-Token": token})
    assert zero.status_code == 400


def test_without_a_panel_the_panel_api_says_so(dealer) -> None:
    answer = dealer.get("/api/panel")
    assert answer.status_code == 404
    assert answer.get_json() == {"error": "This table has no virtual button panel (only the demo has one)"}
