"""Integrity alarms in the table service: logged, prompted, held, resolved (docs/commands.md)."""

from __future__ import annotations

import pytest

from dealer_app.service import TableService
from tests.service.conftest import NL_50_100, deal, run, seat_players


@pytest.fixture
def flop_due(open_table) -> TableService:
    """Three players, preflop called round, the dealer prompted to burn and deal the flop."""
    svc = open_table(NL_50_100)
    seat_players(svc, {1: 1000, 2: 1000, 3: 1000}, button=1)
    deal(svc)
    run(svc, {"cmd": "call"}, {"cmd": "call"}, {"cmd": "check"})
    assert svc.view("dealer")["prompt"]["code"] == "burn_and_deal"
    return svc


def alarm(code: str, *cards: str, **extra: str) -> dict:
    return {"cmd": "alarm", "code": code, "cards": list(cards), **extra}


def refused(svc: TableService, command: dict, source: str = "console") -> str:
    """The refusal's reason; asserts that nothing was written."""
    before = svc.last_seq
    result = svc.execute(command, source)
    assert not result.ok and svc.last_seq == before
    return result.reason or ""


def test_four_card_flop_alarm_is_logged_and_prompts_scramble_and_redeal(flop_due) -> None:
    svc = flop_due
    [seq] = run(svc, alarm("too_many_board_cards", "Qs", "9s", "3c", "Td", detail="4 cards"), source="camera")
    event = svc.events()[-1]
    assert (event.seq, event.source, event.type) == (seq, "camera", "alarm")
    assert event.payload == {
        "hand": 1, "code": "too_many_board_cards", "cards": ["Qs", "9s", "3c", "Td"], "detail": "4 cards",
        "street": "flop",
    }
    prompt = svc.view("dealer")["prompt"]
    assert prompt == {
        "code": "alarm",
        "text": "4 board cards where the flop allows 3: scramble them face down, the extra card becomes "
                "the burn card, redeal the flop; then OK",
        "args": {"alarm": "too_many_board_cards", "cards": ["Qs", "9s", "3c", "Td"], "street": "flop",
                 "seq": seq, "open": 1},
    }
    assert svc.view("dealer", "nl")["prompt"]["text"] == (
        "4 bordkaarten waar de flop er 3 toestaat: schud ze gedekt, de extra kaart wordt de "
        "brandkaart, deel de flop opnieuw; dan OK"
    )
    assert svc.view("dealer")["alarms"] == [
        {"seq": seq, "code": "too_many_board_cards", "cards": ["Qs", "9s", "3c", "Td"], "detail": "4 cards",
         "street": "flop"}
    ]
    [resolved] = run(svc, {"cmd": "ok"})
    assert svc.events()[-1].payload == {"hand": 1, "alarm": seq, "code": "too_many_board_cards", "by": "ok"}
    assert resolved == seq + 1
    assert svc.view("dealer")["prompt"]["text"] == "Burn and deal the flop"
    assert svc.view("dealer")["alarms"] == []
    run(svc, {"cmd": "board", "cards": ["9s", "3c", "Td"]}, source="camera")
    assert svc.view("public")["hand"]["board"] == ["9s", "3c", "Td"]


def test_while_open_the_camera_is_held_and_the_hand_waits_but_undo_and_void_work(flop_due) -> None:
    svc = flop_due
    run(svc, alarm("premature_board_card", "Qs"), source="console")
    camera_held = "Camera commands wait while a camera alarm is open: the dealer resolves it first"
    assert refused(svc, {"cmd": "board", "cards": ["9s", "3c", "Td"]}, "camera") == camera_held
    assert refused(svc, {"cmd": "ok"}, "camera") == camera_held
    waits = (
        "Resolve the camera alarm first (premature_board_card Qs): OK when its procedure is done, "
        "dismiss if the camera misread; undo and void still work"
    )
    assert refused(svc, {"cmd": "board", "cards": ["9s", "3c", "Td"]}) == waits
    assert refused(svc, {"cmd": "fold"}, "button") == waits
    assert refused(svc, {"cmd": "show", "seat": 1, "cards": ["As", "Ad"]}) == waits
    run(svc, {"cmd": "undo"})  # the last check is taken back; the alarm stays open
    assert svc.view("dealer")["prompt"]["args"]["alarm"] == "premature_board_card"
    run(svc, {"cmd": "void", "reason": "deck check"})
    assert [e.type for e in svc.events()[-2:]] == ["alarm_resolved", "voided"]
    assert svc.events()[-2].payload["by"] == "void"
    assert svc.view("dealer")["prompt"]["text"] == "Hand void (deck check): return all bets"


def test_t45_duplicate_card_voids_the_hand_ok_is_refused(flop_due) -> None:
    svc = flop_due
    run(svc, alarm("card_exposed", "7c"), source="camera")
    run(svc, alarm("duplicate_card", "Ah"), source="camera")
    prompt = svc.view("dealer")["prompt"]
    assert prompt["args"]["alarm"] == "duplicate_card"  # a duplicate goes first: it voids the hand
    assert prompt["text"] == (
        "Stop the hand: card Ah seen twice. Check the deck; a duplicate card voids the hand and every "
        "bet goes back (T45): confirm with Void hand (1 more waiting)"
    )
    assert svc.view("dealer", "nl")["prompt"]["text"].startswith("Stop de hand: kaart Ah twee keer gezien.")
    assert refused(svc, {"cmd": "ok"}) == (
        "Card Ah seen twice: the hand is void (T45), confirm with void; dismiss the alarm only if the "
        "deck holds no duplicate"
    )
    run(svc, {"cmd": "void", "reason": "duplicate card"}, {"cmd": "ok"})
    assert [(e.type, e.payload.get("by")) for e in svc.events()[-4:]] == [
        ("alarm_resolved", "void"), ("alarm_resolved", "void"), ("voided", None), ("hand_ended", None)
    ]
    assert [s["stack"] for s in svc.view("public")["seats"][:3]] == [1000, 1000, 1000]


def test_dismiss_closes_a_false_alarm_and_the_next_one_shows(flop_due) -> None:
    svc = flop_due
    run(svc, alarm("card_exposed", "7c"), alarm("premature_board_card", "Qs"), source="camera")
    assert svc.view("dealer")["prompt"]["text"] == (
        "Card 7c exposed outside the board and reader zones (D3): if it was exposed in the deal, finish "
        "the deal, replace it and use it as the burn card; then OK (1 more waiting)"
    )
    run(svc, {"cmd": "dismiss"})
    assert svc.events()[-1].payload["by"] == "dismiss"
    assert svc.view("dealer")["prompt"]["args"]["alarm"] == "premature_board_card"
    run(svc, {"cmd": "ok"})
    assert refused(svc, {"cmd": "dismiss"}) == "No camera alarm is open"


def test_bad_alarms_are_refused_with_a_reason(open_table, flop_due) -> None:
    svc = flop_due
    assert refused(svc, alarm("smoke", "Ah")) == (
        "Unknown alarm code 'smoke' (use duplicate_card, too_many_board_cards, premature_board_card, card_exposed)"
    )
    assert refused(svc, alarm("duplicate_card")) == 'Give the alarm\'s cards as a list like ["Ah"]'
    assert refused(svc, alarm("duplicate_card", "Ax")) == "Not a card: 'Ax' (write rank then suit, e.g. 'Th')"
    assert refused(svc, alarm("duplicate_card", "Ah"), "button") == (
        "An alarm comes from the camera or the console, not from the button"
    )
    assert refused(svc, alarm("duplicate_card", "Ah", detail="x" * 301)) == (
        "The detail must be text of at most 300 characters"
    )
    [seq] = run(svc, alarm("duplicate_card", "Ah"), source="camera")
    assert refused(svc, alarm("duplicate_card", "Ah"), "camera") == (
        f"This alarm is already open (event {seq}): the dealer resolves it"
    )
    idle = open_table(NL_50_100, name="idle")
    assert refused(idle, alarm("card_exposed", "7c"), "camera") == "No hand in progress: an alarm belongs to a hand"


def test_public_view_never_names_an_alarm_card(flop_due) -> None:
    svc = flop_due
    hole = svc.view("dealer")["hole_cards"]
    assert hole == {}  # nothing known: the camera's card may be anyone's hole card
    run(svc, alarm("card_exposed", "Kd", detail="Card Kd lies face up"), source="camera")
    public = svc.view("public")
    assert public["prompt"] == {
        "code": "alarm",
        "text": "A card was exposed: the dealer follows the procedure",
        "args": {"alarm": "card_exposed", "street": "flop", "open": 1},
    }
    assert public["last_event"]["payload"] == {"hand": 1, "code": "card_exposed", "street": "flop"}
    assert "Kd" not in repr(public) and "Kd" in repr(svc.view("dealer"))
    assert "alarms" not in public


def test_open_alarm_survives_a_restart(tmp_path, clock) -> None:
    from dealer_app.service import TableService as Service

    svc = Service.open(tmp_path / "t", NL_50_100, clock=clock)
    seat_players(svc, {1: 1000, 2: 1000}, button=1)
    deal(svc)
    run(svc, alarm("premature_board_card", "Qs"), source="camera")
    text = svc.view("dealer")["prompt"]["text"]
    svc.close()
    again = Service.open(tmp_path / "t", NL_50_100, clock=clock)
    try:
        assert again.view("dealer")["prompt"]["text"] == text
        run(again, {"cmd": "ok"})
        assert again.view("dealer")["prompt"]["code"] == "action"
    finally:
        again.close()
