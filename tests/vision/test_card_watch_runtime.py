"""The whole appliance: a replayed camera shows a four-card flop; the alarm reaches the log, the
dealer console's prompt and the status list; after the dealer's OK the redealt flop is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_app.runtime import Runtime
from tests.appliance.test_runtime import (  # noqa: F401  (deck_profile is a fixture)
    ZONES,
    deck_profile,
    get,
    replay_camera,
    show_on_camera,
    signed_in_dealer,
    wait_for,
)

pytestmark = pytest.mark.slow

FOUR_CARD_FLOP = (
    "4 board cards where the flop allows 3: scramble them face down, the extra card becomes the "
    "burn card, redeal the flop; then OK"
)


def test_four_card_flop_on_camera_prompts_the_dealer_console(tmp_path: Path, deck_profile: Path) -> None:  # noqa: F811
    config, replay = replay_camera(tmp_path, deck_profile, fps=10)
    rt = Runtime(config)
    rt.start()
    try:
        service = rt.service
        for seat, name in [(1, "Ann"), (2, "Bob"), (3, "Cor")]:
            assert service.execute({"cmd": "join", "seat": seat, "name": name, "stack": 100}, "console").ok
        assert service.execute({"cmd": "button", "seat": 1}, "console").ok
        for command in ({"cmd": "ok"},) * 3 + ({"cmd": "call"}, {"cmd": "call"}, {"cmd": "check"}):
            assert service.execute(command, "console").ok, command
        wait_for(lambda: rt.camera.frames > 0, timeout=30)

        def prompt() -> str:
            return service.view(role="dealer")["prompt"]["code"]

        show_on_camera(replay, ["Ah", "Kd", "7c", "2s"])
        wait_for(lambda: prompt() == "alarm", timeout=60)
        dealer = signed_in_dealer(rt)
        console = dealer.get("/api/dealer/view?lang=en").get_json()
        assert console["prompt"]["text"] == FOUR_CARD_FLOP
        _, body = get(rt.url + "/api/view?lang=en")
        public = json.loads(body)
        assert public["prompt"] == {"code": "alarm", "text": "Too many board cards: the dealer redeals the street"}
        [alarm] = [e for e in service.events() if e.type == "alarm"]
        assert (alarm.source, alarm.payload["code"], alarm.payload["cards"]) == (
            "camera", "too_many_board_cards", ["Ah", "Kd", "7c", "2s"]
        )
        assert [(a["code"], a["seq"]) for a in rt.status.snapshot()["alarms"]] == [("too_many_board_cards", alarm.seq)]

        show_on_camera(replay, ["Ah", "Kd", "7c"])  # redealt: held until the dealer confirms
        answer = dealer.post("/api/commands", json={"cmd": "ok"}, headers={"X-CSRF-Token": dealer.token})
        assert answer.status_code == 200
        wait_for(lambda: prompt() == "action", timeout=60)
        assert service.view(role="public")["hand"]["board"] == ["Ah", "Kd", "7c"]
        assert [(e.source, e.type) for e in service.events() if e.seq > alarm.seq] == [
            ("console", "alarm_resolved"), ("camera", "board")
        ]
    finally:
        rt.close()
