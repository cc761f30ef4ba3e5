"""No page or answer the public can reach holds a hole card that is not tabled.

A scripted night drives the real table service through every event type the console can
cause. After every command the test reads every public output - the scoreboard page, the
public API in both languages and the public event stream - and checks that the only cards
in it are board cards and hole cards tabled (``shown``) and still standing: cards shown and
then undone, or corrected away, must vanish.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from dealer_app.web.projection import public_payload
from tests.web.conftest import THREE_PLAYERS, run

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def cards_in(value: object) -> set[str]:
    """Every card string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def texts_in(value: object) -> list[str]:
    """Every string anywhere in a JSON value (prompt texts may name cards inside a sentence)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts_in(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts_in(v)]
    return []


def standing_cards(service) -> set[str]:
    """Board cards and tabled hole cards of the log that are still in force (the truth)."""
    events = service.events()
    undone = {e.payload["seq"] for e in events if e.type == "undone"}
    cards: dict[int, list[str]] = {}
    for event in events:
        if event.seq in undone:
            continue
        if event.type in ("shown", "board"):
            cards[event.seq] = list(event.payload["cards"])
        if event.type == "corrected" and event.payload["field"] == "cards":
            cards[event.payload["seq"]] = list(event.payload["new"])
    return {c for group in cards.values() for c in group}


def public_outputs(app, client) -> list[object]:
    """Everything a spectator can fetch now, as JSON values (pages: their embedded data)."""
    outputs: list[object] = []
    for lang in ("nl", "en"):
        outputs.append(client.get(f"/api/view?lang={lang}").get_json())
        page = client.get(f"/?lang={lang}").get_data(as_text=True)
        embedded = re.search(r'<script type="application/json" id="initial">(.*?)</script>', page, re.S)
        outputs.append(json.loads(embedded.group(1)))
        outputs.append(page)
        stream = client.get(f"/events?lang={lang}", buffered=False)
        chunks = iter(stream.response)
        next(chunks)  # retry
        frame = next(chunks)
        frame = frame.decode() if isinstance(frame, bytes) else frame
        stream.close()
        data = "".join(line[6:] for line in frame.splitlines() if line.startswith("data: "))
        outputs.append(json.loads(data))
    with app.app_context():
        outputs.append(public_payload(app.extensions["dealer_web"], "en"))
    return outputs


def check_public(app, client, service, secret: set[str]) -> None:
    allowed = standing_cards(service)
    for output in public_outputs(app, client):
        if isinstance(output, str):
            for card in secret - allowed:
                assert f'"{card}"' not in output and f">{card}<" not in output, card
        else:
            shown = cards_in(output)
            assert shown <= allowed, (shown - allowed, service.events()[-1].type)
        for text in texts_in(output):
            for card in secret - allowed:
                assert not re.search(rf"\b{card}\b", text), (card, text)


def _last(service, kind: str) -> int:
    return [e.seq for e in service.events() if e.type == kind][-1]


def _prompt_seat(view: dict) -> int:
    return view["prompt"]["args"]["seat"]


CHECK_ROUND = ({"cmd": "check"}, {"cmd": "check"}, {"cmd": "check"})
Step = dict | Callable[[dict, object], dict]
SCRIPT: list[Step] = [
    *THREE_PLAYERS,
    {"cmd": "join", "seat": 4, "name": "Dee", "stack": 100},
    {"cmd": "sit_out", "seat": 4},
    {"cmd": "set_stack", "seat": 3, "stack": 120, "reason": "rebuy"},
    # hand 1: misdeal, redeal, an all-in showdown with a card read undone and one corrected
    {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "misdeal"},
    {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"},
    {"cmd": "fold", "seat": 3, "out_of_turn": True},
    {"cmd": "raise", "to": 100},
    {"cmd": "call"},
    {"cmd": "fold"},
    {"cmd": "show", "seat": 1, "cards": ["As", "Ks"]},
    {"cmd": "undo"},
    {"cmd": "show", "seat": 1, "cards": ["Ah", "Kh"]},
    lambda view, service: {"cmd": "correct", "seq": _last(service, "shown"), "cards": ["Ah", "Ad"]},
    {"cmd": "show", "seat": 2, "cards": ["Qc", "Qd"]},
    {"cmd": "board", "cards": ["2c", "7d", "9h"]},
    {"cmd": "board", "cards": ["Jc"]},
    {"cmd": "board", "cards": ["3s"]},
    {"cmd": "ok"},
    # between hands: seats change
    {"cmd": "set_stack", "seat": 2, "stack": 100, "reason": "rebuy"},
    {"cmd": "sit_in", "seat": 4},
    {"cmd": "leave", "seat": 4},
    # hand 2: void
    {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"},
    {"cmd": "alarm", "code": "duplicate_card", "cards": ["Ks"], "detail": "Card Ks seen twice"},
    {"cmd": "void", "reason": "duplicate card"},
    {"cmd": "ok"},
    # hand 3: a card exposed (a camera alarm, resolved), a check out of turn that stays bound,
    # checked down, a muck at showdown
    {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"},
    {"cmd": "alarm", "code": "card_exposed", "cards": ["As"], "detail": "Card As lies face up"},
    {"cmd": "ok"},
    lambda view, service: {"cmd": "check", "seat": view["hand"]["bb"], "out_of_turn": True},
    {"cmd": "call"}, {"cmd": "call"},
    {"cmd": "board", "cards": ["4c", "8d", "Th"]}, *CHECK_ROUND,
    {"cmd": "board", "cards": ["5s"]}, *CHECK_ROUND,
    {"cmd": "board", "cards": ["6h"]}, *CHECK_ROUND,
    lambda view, service: {"cmd": "show", "seat": _prompt_seat(view), "cards": ["7c", "9c"]},
    lambda view, service: {"cmd": "muck", "seat": _prompt_seat(view)},
    lambda view, service: {"cmd": "muck", "seat": _prompt_seat(view)},
    {"cmd": "ok"},
    {"cmd": "exclude", "seat": 2, "reason": "marked cards"},
]

#: Event types the script must reach (config_changed and clock: see the schedule test).
SCRIPTED_TYPES = {
    "table_opened", "seat_taken", "sat_out", "sat_in", "stack_set", "seat_left", "button_placed",
    "hand_started", "shuffled", "dealt", "misdeal", "action", "oot_held", "oot_released",
    "oot_bound", "shown", "undone", "corrected", "board", "mucked", "hand_ended", "voided",
    "excluded", "alarm", "alarm_resolved",
}  # fmt: skip


def test_no_untabled_hole_card_in_any_public_output_after_any_event(app, dealer, client, service) -> None:
    secret = {"As", "Ks"}  # shown, then undone, and named by camera alarms: never tabled
    seen_types: set[str] = set()
    check_public(app, client, service, secret)
    for step in SCRIPT:
        body = step if isinstance(step, dict) else step(service.view("dealer", "en"), service)
        answer = dealer.post("/api/commands", json=body, headers={"X-CSRF-Token": dealer.token})
        status = answer.status_code
        if status != 200:
            continue
        seen_types |= {e.type for e in service.events()}
        check_public(app, client, service, secret)
    assert seen_types == SCRIPTED_TYPES


def test_clock_and_config_changed_events_show_no_card(tmp_path, clock) -> None:
    """The two event types the console cannot cause on a fixed-limit table: a level clock start
    and a configuration changed at a restart."""
    from dealer_app.engine.table import Level
    from dealer_app.service import TableConfig, TableService
    from dealer_app.web import shutdown
    from tests.web.conftest import make_app, sign_in

    schedule = TableConfig(structure="no-limit", levels=(Level(1, 2, minutes=20), Level(2, 4)))
    service = TableService.open(tmp_path / "table", schedule)
    app = make_app(service, tmp_path, clock)
    app.extensions["dealer_web"].credentials.choose("2468", "river-card-7")
    dealer = app.test_client()
    dealer.token = sign_in(dealer)
    run(dealer, *THREE_PLAYERS, {"cmd": "clock", "action": "start"})
    assert service.events()[-1].type == "clock"
    client = app.test_client()
    check_public(app, client, service, set())
    shutdown(app)
    service.close()

    renamed_config = TableConfig(structure="no-limit", name="Table 7", levels=schedule.levels)
    renamed = TableService.open(tmp_path / "table", renamed_config)
    app = make_app(renamed, tmp_path, clock)
    assert renamed.events()[-1].type == "config_changed"
    check_public(app, app.test_client(), renamed, set())
    assert app.test_client().get("/api/view").get_json()["table"]["name"] == "Table 7"
    shutdown(app)
    renamed.close()


def test_the_card_finder_sees_cards_at_any_depth_and_nothing_else() -> None:
    assert cards_in({"a": ["As", {"b": "Kd"}], "c": "Ask", "d": "as", "e": 5}) == {"As", "Kd"}


def test_the_two_scripts_cover_every_event_type_the_service_knows() -> None:
    """A new event type in the table service must be added to the scripts above."""
    from dealer_app.service.model import TableModel

    known = {name[len("_on_"):] for name in dir(TableModel) if name.startswith("_on_")}
    assert known == SCRIPTED_TYPES | {"clock", "config_changed"}
