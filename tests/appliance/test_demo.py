"""``dealer-app demo``: a newcomer plays a whole hand from the virtual panel; the simulated
camera deals the board and tables the hands through the real vision pipeline."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from dealer_app.commands.demo import (
    SimulatedCamera,
    demo_config,
    seat_demo_players,
)
from dealer_app.config import WebSettings
from dealer_app.runtime import Runtime

REPO = Path(__file__).resolve().parents[2]


def wait_for(predicate, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.02)


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Runtime]:
    config = demo_config(tmp_path / "demo", "127.0.0.1", 0, camera=True)
    config = replace(config, web=WebSettings("127.0.0.1", 0, 16))
    runtime = Runtime(config, virtual_panel=True, camera_factory=lambda rt: SimulatedCamera(rt.service, seed=7))
    runtime.start()
    seat_demo_players(runtime.service)
    yield runtime
    runtime.close()


@pytest.mark.slow
def test_p4_a_whole_demo_hand_from_the_virtual_panel_and_the_simulated_camera(demo: Runtime) -> None:
    service, panel = demo.service, demo.virtual_panel
    view = service.view()
    assert [(s["seat"], s["name"], s["stack"]) for s in view["seats"] if s["status"] != "empty"] == [
        (1, "Ann", 100), (2, "Bob", 100), (3, "Cor", 100), (4, "Dirk", 100),
    ]

    def prompt() -> str:
        return service.view(role="dealer")["prompt"]["code"]

    wait_for(lambda: demo.camera.frames > 0, timeout=60)
    for _ in range(3):  # start the hand (blinds, antes), shuffled, dealt
        before = prompt()
        panel.click("ok_next")
        wait_for(lambda before=before: prompt() != before)
    streets = []
    while prompt() in ("action", "burn_and_deal"):
        if prompt() == "action":
            before = service.view(role="dealer")["legal"]["seat"], service.last_seq
            panel.click("check_call")
            wait_for(lambda before=before: service.last_seq > before[1])
        else:
            streets.append(service.view(role="dealer")["prompt"]["args"]["street"])
            wait_for(lambda: prompt() != "burn_and_deal", timeout=30)  # the camera deals it
    assert streets == ["flop", "turn", "river"]
    wait_for(lambda: prompt() == "push", timeout=60)  # the camera tables every hand in turn
    events = service.events()
    assert [e.source for e in events if e.type in ("board", "shown")] == ["camera"] * 7
    view = service.view()
    assert len(view["hand"]["board"]) == 5
    assert sum(1 for s in view["seats"] if s.get("cards")) == 4
    panel.click("ok_next")
    wait_for(lambda: prompt() == "start_hand")
    ended = [e for e in service.events() if e.type == "hand_ended"][-1]
    stacks = {int(seat): stack for seat, stack in ended.payload["stacks"].items()}
    assert sum(stacks.values()) == 400
    pots = ended.payload["pots"]
    assert sum(p["amount"] for p in pots) == 12  # 4 antes + 4 calls of the big blind
    winners = {int(seat): amount for p in pots for seat, amount in p["winners"].items()}
    assert {seat: stacks[seat] - 97 for seat in stacks} == {seat: winners.get(seat, 0) for seat in stacks}
    with urllib.request.urlopen(demo.url + "/api/view", timeout=10) as response:
        scoreboard = json.loads(response.read())
    assert {s["seat"]: s["stack"] for s in scoreboard["seats"] if s["status"] != "empty"} == stacks
    assert demo.status.snapshot()["alarms"] == []


def test_demo_seats_players_only_on_a_new_table(tmp_path: Path) -> None:
    config = replace(demo_config(tmp_path / "d", "127.0.0.1", 0, camera=False), web=WebSettings("127.0.0.1", 0, 16))
    for _ in range(2):
        runtime = Runtime(config, virtual_panel=True)
        runtime.start()
        seat_demo_players(runtime.service)
        names = [s["name"] for s in runtime.service.view()["seats"] if s["status"] != "empty"]
        last_seq = runtime.service.last_seq
        runtime.close()
        assert names == ["Ann", "Bob", "Cor", "Dirk"]
    assert last_seq == 6  # table_opened, 4 joins, button: nothing added by the second start


def test_demo_command_serves_and_stops_on_sigterm(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "dealer_app", "demo", "--no-camera", "--port", str(port), "--data", str(tmp_path / "demo")],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/appliance/status", timeout=2) as response:
                    status = json.loads(response.read())
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        assert status["parts"]["panel"]["code"] == "panel_virtual"
        assert status["parts"]["camera"]["code"] == "camera_none"
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=30)
    assert process.returncode == 0, output
    assert f"Demo table: scoreboard http://127.0.0.1:{port}/  dealer console http://127.0.0.1:{port}/dealer/" in output
