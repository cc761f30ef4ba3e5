"""card_watch: stable camera facts -> table-service commands, or integrity alarms.

Runs against the real TableService (SQLite log in a temp dir) and, end to end, on rendered
frames read by the vision pipeline.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_app.card_watch import CardWatch
from dealer_app.service import TableConfig, TableService
from vision.pipeline import FrameReader
from vision.read import Reader
from vision.stabilise import Stabiliser, ZoneFact
from vision.synth import DEMO_ZONES, make_table
from vision.zones import Zones


@pytest.fixture
def table(tmp_path):
    svc = TableService.open(tmp_path / "table", TableConfig.club())
    for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cas")):
        assert svc.execute({"cmd": "join", "seat": seat, "name": name, "stack": 100}, source="console").ok
    assert svc.execute({"cmd": "button", "seat": 1}, source="console").ok
    yield svc
    svc.close()


def advance(svc: TableService, until: str, boards=(["Ah", "Kd", "7c"], ["2s"], ["9h"])) -> dict:
    """Confirm, check/call and deal until the prompt is ``until``; return the dealer view."""
    boards = list(boards)
    for _ in range(60):
        view = svc.view(role="dealer")
        code = view["prompt"]["code"]
        if code == until:
            return view
        if code in ("start_hand", "shuffle", "deal"):
            command = {"cmd": "ok"}
        elif code == "action":
            command = {"cmd": "call" if "call" in view["legal"]["actions"] else "check"}
        elif code == "burn_and_deal":
            command = {"cmd": "board", "cards": boards.pop(0)}
        else:
            raise AssertionError(f"unexpected prompt {code}")
        result = svc.execute(command, source="console")
        assert result.ok, result.reason
    raise AssertionError(f"never reached {until}")


def test_flop_seen_by_the_camera_is_dealt_when_the_dealer_is_prompted(table):
    advance(table, "burn_and_deal")
    watch = CardWatch(table)
    assert watch.handle(ZoneFact("board", ("Qs", "9s"))) == []  # still laying out the flop
    assert watch.handle(ZoneFact("board", ("Qs", "9s", "3c"))) == []
    view = table.view(role="public")
    assert view["hand"]["board"] == ["Qs", "9s", "3c"]
    assert view["last_event"]["source"] == "camera"
    assert watch.sent == [{"cmd": "board", "cards": ["Qs", "9s", "3c"]}]


def new_events(svc: TableService, after: int) -> list[tuple[str, str, dict]]:
    return [(e.source, e.type, e.payload) for e in svc.events() if e.seq > after]


def test_board_card_before_the_betting_round_closed_alarms_and_deals_nothing(table):
    advance(table, "action")
    seq = table.view(role="dealer")["seq"]
    alarms = []
    watch = CardWatch(table, on_alarm=alarms.append)
    result = watch.handle(ZoneFact("board", ("Qs", "9s", "3c")))
    assert [a.code for a in result] == ["premature_board_card"] and alarms == result
    assert result[0].text.startswith("Board card Qs 9s 3c dealt before the betting round closed")
    assert result[0].seq == seq + 1
    assert new_events(table, seq) == [("camera", "alarm", {
        "hand": 1, "code": "premature_board_card", "cards": ["Qs", "9s", "3c"], "detail": result[0].text,
        "street": None,
    })]
    view = table.view(role="dealer")
    assert view["hand"]["board"] == [] and view["prompt"]["code"] == "alarm"
    assert view["prompt"]["text"] == (
        "Board card Qs 9s 3c came before the betting round closed: set it aside "
        "(it goes back into the stub, shuffled before the next card); then OK"
    )


def test_four_card_flop_alarms_and_the_redealt_flop_waits_for_the_dealer(table):
    advance(table, "burn_and_deal")
    seq = table.view(role="dealer")["seq"]
    watch = CardWatch(table)
    [alarm] = watch.handle(ZoneFact("board", ("Qs", "9s", "3c", "Td")))
    assert alarm.code == "too_many_board_cards"
    assert alarm.text.startswith("4 board cards where the flop allows 3")
    assert alarm.args == {"count": 4, "street": "flop", "allowed": 3}
    assert [t for _, t, _ in new_events(table, seq)] == ["alarm"]
    assert table.view(role="dealer")["prompt"]["text"] == (
        "4 board cards where the flop allows 3: scramble them face down, the extra card becomes "
        "the burn card, redeal the flop; then OK"
    )
    # while the alarm is open the camera's reads are held, the latest per zone
    assert watch.handle(ZoneFact("board", ("Qs", "9s", "3c", "Td"))) == []
    assert watch.handle(ZoneFact("board", ("9s", "3c", "Td"))) == []
    assert watch.resume() == [] and table.view(role="public")["hand"]["board"] == []
    assert table.execute({"cmd": "ok"}, "console").ok  # the dealer redealt the flop
    assert watch.resume() == []
    assert table.view(role="public")["hand"]["board"] == ["9s", "3c", "Td"]
    assert [(s, t) for s, t, _ in new_events(table, seq)] == [
        ("camera", "alarm"), ("console", "alarm_resolved"), ("camera", "board")
    ]


def test_card_exposed_outside_the_zones_then_seen_again_on_the_board_is_a_duplicate(table):
    advance(table, "burn_and_deal")
    watch = CardWatch(table, lang="nl")
    [exposed] = watch.handle(ZoneFact("loose", ("7c",)))
    assert exposed.code == "card_exposed"
    assert exposed.text.startswith("Kaart 7c ligt open buiten het bord en de lezer")
    assert table.view(role="dealer", lang="nl")["prompt"]["text"].startswith("Kaart 7c open buiten het bord")
    assert table.view(role="public", lang="nl")["prompt"]["text"] == (
        "Een kaart werd getoond: de dealer volgt de procedure"
    )
    assert table.execute({"cmd": "ok"}, "console").ok  # D3 done
    [duplicate] = watch.handle(ZoneFact("board", ("Ah", "Kd", "7c")))
    assert duplicate.code == "duplicate_card" and duplicate.cards == ("7c",)
    assert table.view(role="public")["hand"]["board"] == []
    assert table.view(role="dealer")["prompt"]["args"]["alarm"] == "duplicate_card"


def test_turn_is_added_to_the_known_flop(table):
    advance(table, "burn_and_deal")
    watch = CardWatch(table)
    watch.handle(ZoneFact("board", ("Qs", "9s", "3c")))
    advance(table, "burn_and_deal")
    assert watch.handle(ZoneFact("board", ("Qs", "9s", "3c", "Td"))) == []
    assert table.view(role="public")["hand"]["board"] == ["Qs", "9s", "3c", "Td"]
    assert watch.sent[-1] == {"cmd": "board", "cards": ["Td"]}


def test_tabled_hand_in_the_reader_is_shown_for_the_prompted_seat(table):
    view = advance(table, "show_first")
    seat = view["prompt"]["args"]["seat"]
    watch = CardWatch(table)
    assert watch.handle(ZoneFact("reader", ("As", "Ks"))) == []
    seats = {s["seat"]: s for s in table.view(role="public")["seats"]}
    assert seats[seat]["cards"] == ["As", "Ks"]
    [overfull] = watch.handle(ZoneFact("reader", ("Qc", "Qd", "Qh")))
    assert overfull.code == "reader_overfull"


def test_reader_card_that_is_on_the_board_is_a_duplicate(table):
    advance(table, "show_first")
    [alarm] = CardWatch(table).handle(ZoneFact("reader", ("Ah", "Qs")))
    assert alarm.code == "duplicate_card" and alarm.cards == ("Ah",)


def _watch_frames(table, profile, frames, stabiliser_frames=3):
    reader = FrameReader(Reader(profile), Zones.from_dict(DEMO_ZONES))
    stabiliser = Stabiliser(frames=stabiliser_frames)
    watch = CardWatch(table)
    alarms = []
    for frame in frames:
        for _ in range(stabiliser_frames):
            for fact in stabiliser.update(reader.read(frame)):
                alarms += watch.handle(fact)
    return alarms


def test_rendered_four_card_flop_raises_the_alarm(table, heruka, heruka_profile):
    advance(table, "burn_and_deal")
    frame = make_table(np.random.default_rng(7), heruka, ["Qs", "9s", "3c", "Td"]).image
    alarms = _watch_frames(table, heruka_profile, [frame])
    assert [a.code for a in alarms] == ["too_many_board_cards"]
    assert table.view(role="public")["hand"]["board"] == []


def test_rendered_duplicate_card_raises_the_alarm(table, heruka, heruka_profile):
    advance(table, "burn_and_deal")
    frame = make_table(np.random.default_rng(8), heruka, ["Qs", "9s", "3c"], loose=["Qs"]).image
    codes = [a.code for a in _watch_frames(table, heruka_profile, [frame])]
    assert "duplicate_card" in codes
