"""The appliance process: one table on MockFactory pins, its web server, status and watchdog."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_app import runtime as runtime_module
from dealer_app.config import AppConfig, WebSettings, load_config_text
from dealer_app.runtime import ApplianceStatus, Runtime, table_config
from dealer_app.sdnotify import Watchdog
from dealer_app.service import TableConfig
from vision.art import committed_deck
from vision.profiles import default_profile


def make_config(tmp_path: Path, extra: str = "") -> AppConfig:
    camera = "" if "[camera]" in extra else '[camera]\nsource = "none"\n'
    text = f'[table]\nname = "Test table"\nseats = 4\n{camera}[storage]\ndata_dir = "{tmp_path / "data"}"\n{extra}'
    return replace(load_config_text(text), web=WebSettings("127.0.0.1", 0, 16))


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[Runtime]:
    rt = Runtime(make_config(tmp_path), virtual_panel=True)
    rt.start()
    yield rt
    rt.close()


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def wait_for(predicate, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.02)


def test_l4_table_config_carries_the_club_limits() -> None:
    assert table_config(AppConfig()) == TableConfig.club()


def test_serves_scoreboard_and_status(runtime: Runtime) -> None:
    status, page = get(runtime.url + "/")
    assert status == 200 and "Test table" in page
    footer = page[page.index('<footer class="status-footer" id="appliance-status">') :]
    assert "<span>camera: no camera (camera.source = none): enter the cards in the dealer console</span>" in footer
    assert "panel:" not in footer  # the virtual panel is ok: only parts that are not ok are shown
    status, body = get(runtime.url + "/appliance/status")
    assert json.loads(body) == {
        "ok": True,
        "parts": {
            "table": {"state": "ok", "code": "table_open", "text": "Test table: 1 events in the log"},
            "web": {"state": "ok", "code": "web_serving", "text": f"serving on port {runtime.port}"},
            "panel": {"state": "ok", "code": "panel_virtual", "text": "simulated buttons, driven from the dealer console"},
            "camera": {
                "state": "off",
                "code": "camera_none",
                "text": "no camera (camera.source = none): enter the cards in the dealer console",
            },
        },
        "alarms": [],
    }


def test_b4_p2_a_hand_from_pin_presses_to_award(runtime: Runtime) -> None:
    """Blinds and antes, a capped raise dialled on the encoder, two folds (B4), the uncalled
    part of the raise back (P2), the pot pushed with OK: every step a MockFactory pin press."""
    service, panel = runtime.service, runtime.virtual_panel
    assert service is not None and panel is not None
    for seat, name in [(1, "Ann"), (2, "Bob"), (3, "Cor")]:
        assert service.execute({"cmd": "join", "seat": seat, "name": name, "stack": 100}, source="console").ok
    assert service.execute({"cmd": "button", "seat": 1}, source="console").ok

    def dealer_view() -> dict:
        return service.view(role="dealer")

    def press(button: str, expect_prompt: str) -> dict:
        panel.click(button)
        wait_for(lambda: dealer_view()["prompt"]["code"] == expect_prompt)
        return dealer_view()

    press("ok_next", "shuffle")  # start the hand: button 1, SB 2, BB 3, antes
    press("ok_next", "deal")
    view = press("ok_next", "action")
    assert [s["stack"] for s in view["seats"][:3]] == [99, 98, 97]
    assert view["legal"] == {"seat": 1, "actions": ["fold", "call", "raise", "allin"], "call": 2, "min_to": 4, "max_to": 6}
    panel.click("bet_raise")  # the dial opens at the minimum raise, to 4 (EUR 1.00)
    wait_for(lambda: runtime.panel_controller.dial is not None)
    panel.turn(2, interval=0.3)  # two slow detents: to 6, the round cap (L4)
    view = press("ok_next", "action")
    assert view["legal"]["seat"] == 2 and view["seats"][0]["bet"] == 6
    press("fold", "action")
    view = press("fold", "push")
    assert view["prompt"]["args"]["pots"] == [{"pot": 0, "board": 1, "amount": 8, "winners": {"1": 8}, "odd_chip_seat": None}]
    view = press("ok_next", "start_hand")
    assert [s["stack"] for s in view["seats"][:3]] == [105, 98, 97]
    sources = [(e.source, e.type) for e in service.events()[5:]]
    assert sources == [
        ("button", "hand_started"),
        ("button", "shuffled"),
        ("button", "dealt"),
        ("button", "action"),
        ("button", "action"),
        ("button", "action"),
        ("button", "hand_ended"),
    ]
    _, body = get(runtime.url + "/api/view")
    assert [s["stack"] for s in json.loads(body)["seats"][:3]] == [105, 98, 97]


class StepClock:
    """The table service's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_c2_the_main_loop_removes_a_player_sat_out_for_10_minutes_without_a_command(tmp_path: Path) -> None:
    """C2 at the appliance: each main-loop round lets the service clock act (``tick``)."""
    text = (
        f'[table]\nname = "Cash"\nprofile = "none"\n[camera]\nsource = "none"\n[panel]\nenabled = false\n'
        f'[storage]\ndata_dir = "{tmp_path / "data"}"\n'
        "[table.cash]\nbig_blind = 2\nmin_buy_in = 40\nmax_buy_in = 200\n"
    )
    clock = StepClock()
    rt = Runtime(replace(load_config_text(text), web=WebSettings("127.0.0.1", 0, 16)), clock=clock)
    rt.start()
    try:
        service = rt.service
        assert service is not None and service.config.cash is not None
        for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
            assert service.execute({"cmd": "join", "seat": seat, "name": name, "stack": 100}, "console").ok
        assert service.execute({"cmd": "sit_out", "seat": 2}, "console").ok
        last = service.last_seq
        clock.now += 599
        rt.check()
        assert service.last_seq == last  # 9:59 sitting out: still seated
        clock.now += 1
        rt.check()
        event = service.events()[-1]
        assert (event.seq, event.source, event.type) == (last + 1, "system", "seat_left")
        assert event.payload == {
            "seat": 2, "stack": 100, "name": "Bob", "at": clock.now, "reason": "sit_out_expired",
            "sat_out_at": clock.now - 600,
        }  # fmt: skip
        status, body = get(rt.url + "/api/view?lang=en")
        assert json.loads(body)["prompt"]["text"].startswith(
            "Seat 2 (Bob) sat out 10 minutes and leaves the table (C2): hand back EUR 25.00. "
        )
        rt.check()
        assert service.last_seq == last + 1  # removed once
    finally:
        rt.close()


def test_a_stuck_button_degrades_the_panel_and_recovers(runtime: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime_module, "STUCK_BUTTON_SECONDS", 0.2)
    runtime.virtual_panel.down("fold")
    runtime.check()
    time.sleep(0.3)
    runtime.check()
    assert runtime.status.get("panel") == runtime_module.PartStatus(
        "degraded",
        "panel_button_stuck",
        "button FOLD has been down for 0 s: check its wiring; the dealer console takes every action",
    )
    assert runtime.status.snapshot()["ok"] is False
    runtime.virtual_panel.up("fold")
    time.sleep(0.1)
    runtime.check()
    assert runtime.status.get("panel").code == "panel_virtual"


def test_a_panel_that_cannot_start_leaves_the_console_working(tmp_path: Path) -> None:
    """pin_factory lgpio off a Pi: no GPIO chip. The table still opens and serves."""
    rt = Runtime(make_config(tmp_path, '[panel]\npin_factory = "lgpio"\n'))
    rt.start()
    try:
        panel = rt.status.get("panel")
        assert (panel.state, panel.code) == ("degraded", "panel_failed")
        assert panel.text.startswith("the button panel did not start (")
        assert panel.text.endswith("): the dealer console takes every action")
        assert rt.panel is None and rt.virtual_panel is None
        assert get(rt.url + "/")[0] == 200
        assert rt.service.execute({"cmd": "join", "seat": 1, "name": "Ann", "stack": 100}, source="console").ok
    finally:
        rt.close()


def test_panel_switched_off_in_the_configuration(tmp_path: Path) -> None:
    rt = Runtime(make_config(tmp_path, "[panel]\nenabled = false\n"))
    rt.start()
    try:
        assert rt.status.get("panel") == runtime_module.PartStatus(
            "off", "panel_disabled", "no button panel (panel.enabled = false): the dealer console takes every action"
        )
    finally:
        rt.close()


def test_main_loop_tells_systemd_ready_status_watchdog_and_stopping(
    runtime: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    watchdog = Watchdog(timeout=0.4, environ={"NOTIFY_SOCKET": str(path)})
    stop = threading.Event()
    result: list[int] = []
    loop = threading.Thread(target=lambda: result.append(runtime.run(stop, watchdog)))
    loop.start()
    try:
        messages = [sock.recv(4096).decode() for _ in range(4)]
    finally:
        stop.set()
        loop.join(timeout=5)
    assert messages[0] == "READY=1\nSTATUS=" + runtime.status.summary()
    assert messages[1] == "STATUS=" + runtime.status.summary()
    assert messages[2:] == ["WATCHDOG=1", "WATCHDOG=1"]
    while (message := sock.recv(4096).decode()) == "WATCHDOG=1":
        pass
    assert message == "STOPPING=1"
    assert result == [0]
    sock.close()


def test_a_dead_web_server_ends_the_main_loop_with_failure(runtime: Runtime) -> None:
    runtime._server.close()
    runtime._server_thread.join(timeout=5)
    assert runtime.run(threading.Event(), Watchdog(None)) == 1
    assert runtime.status.get("web").code == "web_stopped"


def test_status_summary_and_snapshot() -> None:
    status = ApplianceStatus()
    status.set("camera", "degraded", "camera_failed", "the camera did not start")
    status.set("table", "ok", "table_open", "open")
    assert status.summary() == "table ok; camera degraded: the camera did not start"
    assert status.snapshot()["ok"] is False
    with pytest.raises(ValueError, match="unknown part 'lights'"):
        status.set("lights", "ok", "x", "y")


# -- the camera ---------------------------------------------------------------------------

ZONES = '[camera.zones]\nboard = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.6], [0.1, 0.6]]\nreader = [[0.3, 0.65], [0.7, 0.65], [0.7, 1.0], [0.3, 1.0]]\n'


def felt_with_cards(cards: list[str]) -> np.ndarray:
    """A 1280x720 camera picture: green felt, ``cards`` face up in a row, 180 px tall."""
    deck = committed_deck("heruka-4color")
    image = np.zeros((720, 1280, 3), np.uint8)
    image[:] = (40, 110, 30)
    height = 180
    for i, card in enumerate(cards):
        face = deck[card]
        width = int(height * face.shape[1] / face.shape[0])
        x = 400 + i * int(width * 1.15)
        image[200 : 200 + height, x : x + width] = cv2.resize(face, (width, height), interpolation=cv2.INTER_AREA)
    return image


def show_on_camera(replay_dir: Path, cards: list[str]) -> None:
    """What the replayed camera sees from now on (written aside, then renamed: atomic)."""
    cv2.imwrite(str(replay_dir / "next.png"), felt_with_cards(cards))
    os.replace(replay_dir / "next.png", replay_dir / "table.png")


def replay_camera(tmp_path: Path, profile: Path, cards: tuple[str, ...] = (), zones: str = ZONES,
                  fps: int | None = None) -> tuple[AppConfig, Path]:
    """A table whose camera replays the picture in ``tmp_path / "camera"`` (showing ``cards``,
    changed later with :func:`show_on_camera`), read with the deck profile ``profile``."""
    replay = tmp_path / "camera"
    replay.mkdir()
    show_on_camera(replay, list(cards))
    config = make_config(tmp_path, zones)
    camera = replace(config.camera, source="replay", replay_dir=str(replay), profile=str(profile))
    return replace(config, camera=camera if fps is None else replace(camera, fps=fps)), replay


@pytest.fixture(scope="module")
def deck_profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A deck profile file, as ``dealer-app vision calibrate`` writes one (here: vision's
    reader for standard decks, which knows the deck pictured below)."""
    path = tmp_path_factory.mktemp("profile") / "deck.npz"
    default_profile().save(path)
    return path


@pytest.mark.slow
def test_b4_p2_replayed_camera_deals_the_flop_pins_do_the_rest(tmp_path: Path, deck_profile: Path) -> None:
    """MockFactory pins and a replayed camera: preflop by pins, the flop read by the camera
    (sent as a ``camera`` command only once the dealer is prompted for it), a bet and two
    folds by pins (B4), the unmatched bet back (P2), the push confirmed on the panel."""
    config, replay = replay_camera(tmp_path, deck_profile, fps=10)
    rt = Runtime(config, virtual_panel=True)
    rt.start()
    try:
        service, panel = rt.service, rt.virtual_panel
        for seat, name in [(1, "Ann"), (2, "Bob"), (3, "Cor")]:
            assert service.execute({"cmd": "join", "seat": seat, "name": name, "stack": 100}, source="console").ok
        assert service.execute({"cmd": "button", "seat": 1}, source="console").ok

        def prompt() -> str:
            return service.view(role="dealer")["prompt"]["code"]

        for button, after in [("ok_next", "shuffle"), ("ok_next", "deal"), ("ok_next", "action"),
                              ("check_call", "action"), ("check_call", "action"), ("check_call", "burn_and_deal")]:
            panel.click(button)
            wait_for(lambda after=after: prompt() == after)
        wait_for(lambda: rt.camera.frames > 0, timeout=30)
        rt.check()
        assert rt.status.get("camera").code == "camera_ok"
        show_on_camera(replay, ["Ah", "Kd", "7c"])
        wait_for(lambda: prompt() == "action", timeout=60)
        view = service.view(role="dealer")
        assert view["hand"]["board"] == ["Ah", "Kd", "7c"]
        assert [(e.source, e.type) for e in service.events() if e.type == "board"] == [("camera", "board")]
        assert view["legal"]["seat"] == 2 and view["legal"]["min_to"] == 2
        panel.click("bet_raise")
        wait_for(lambda: rt.panel_controller.dial is not None)
        panel.click("ok_next")  # bet the minimum, 2
        wait_for(lambda: service.view(role="dealer")["legal"]["seat"] == 3)
        panel.click("fold")
        wait_for(lambda: service.view(role="dealer")["legal"]["seat"] == 1)
        panel.click("fold")
        wait_for(lambda: prompt() == "push")
        assert service.view(role="dealer")["prompt"]["args"]["pots"] == [{"pot": 0, "board": 1, "amount": 9, "winners": {"2": 9}, "odd_chip_seat": None}]
        panel.click("ok_next")
        wait_for(lambda: prompt() == "start_hand")
        _, body = get(rt.url + "/api/view")
        assert [s["stack"] for s in json.loads(body)["seats"][:3]] == [97, 106, 97]
        assert rt.status.snapshot()["alarms"] == []
    finally:
        rt.close()


def test_a_camera_that_does_not_open_means_manual_card_entry(tmp_path: Path) -> None:
    rt = Runtime(make_config(tmp_path, f'[camera]\nsource = "opencv"\ndevice = "{tmp_path}/none.mp4"\n'))
    rt.start()
    try:
        camera = rt.status.get("camera")
        assert camera == runtime_module.PartStatus(
            "degraded",
            "camera_failed",
            f"the camera did not start (Camera '{tmp_path}/none.mp4' did not open: check the cable and /dev/video*): "
            "enter the cards in the dealer console",
        )
        assert rt.camera is None and get(rt.url + "/")[0] == 200
    finally:
        rt.close()


def test_a_replayed_camera_without_zones_asks_for_them(tmp_path: Path, deck_profile: Path) -> None:
    config, replay = replay_camera(tmp_path, deck_profile, zones="")
    rt = Runtime(config)
    rt.start()
    try:
        assert rt.status.get("camera").code == "camera_starting"
        wait_for(lambda: rt.camera.problem[0] != "camera_starting", timeout=30)
        rt.check()
        assert rt.status.get("camera") == runtime_module.PartStatus(
            "degraded",
            "camera_no_zones",
            "the board and reader zones are not set yet (dealer console): enter the cards in the dealer console",
        )
    finally:
        rt.close()


CONSOLE_ZONES = {
    "board": [[0.25, 0.2], [0.75, 0.2], [0.75, 0.6], [0.25, 0.6]],
    "reader": [[0.3, 0.65], [0.7, 0.65], [0.7, 1.0], [0.3, 1.0]],
}


def signed_in_dealer(rt: Runtime):
    """A Flask test client of the runtime's own app, signed in as the dealer."""
    from tests.web.conftest import PASSWORD, PIN, sign_in

    rt.app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
    client = rt.app.test_client()
    client.token = sign_in(client)
    return client


BAD_ZONES_PROBLEM = (
    "the zones cannot be used (Zone 'board' needs at least 3 points, got 1); set them again in the dealer console"
)


def test_zones_marked_in_the_console_reach_the_camera_loop(tmp_path: Path, deck_profile: Path) -> None:
    """Issue 8 "Zones": without zones the camera still gives the console its snapshot; zones
    saved there are written to <data_dir>/zones.json and the camera loop starts reading with
    them; a broken file is reported and replaced by the next save."""
    config, replay = replay_camera(tmp_path, deck_profile, ("Ah",), zones="", fps=10)
    rt = Runtime(config)
    rt.start()
    try:
        dealer = signed_in_dealer(rt)
        wait_for(lambda: rt.camera.problem[0] == "camera_no_zones", timeout=30)
        assert rt.camera.frames == 0
        picture = dealer.get("/api/dealer/snapshot.jpg")
        assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
        assert cv2.imdecode(np.frombuffer(picture.data, np.uint8), cv2.IMREAD_COLOR).shape == (720, 1280, 3)
        assert dealer.get("/api/dealer/zones").get_json() == {"zones": {}, "source": "none"}

        answer = dealer.post("/api/dealer/zones", json=CONSOLE_ZONES, headers={"X-CSRF-Token": dealer.token})
        assert answer.status_code == 200, answer.get_json()
        zones_file = config.data_dir / runtime_module.ZONES_FILE
        assert json.loads(zones_file.read_text()) == CONSOLE_ZONES
        wait_for(lambda: rt.camera.frames > 0, timeout=30)
        rt.check()
        assert rt.status.get("camera") == runtime_module.PartStatus("ok", "camera_ok", "reading cards from the replay camera")

        zones_file.write_text('{"board": [[0.1, 0.1]]}')  # edited by hand, wrongly
        # write_text truncates before it writes: the loop may catch the empty file first
        # ("Cannot read zones file ..."), and reads it again on the next frame, as it keeps no stamp
        # of a file it could not use.
        wait_for(lambda: rt.camera.problem == ("camera_zones", BAD_ZONES_PROBLEM), timeout=10)
        rt.check()
        assert rt.status.get("camera") == runtime_module.PartStatus(
            "degraded", "camera_zones", BAD_ZONES_PROBLEM + ": enter the cards in the dealer console"
        )
        assert dealer.post("/api/dealer/zones", json=CONSOLE_ZONES, headers={"X-CSRF-Token": dealer.token}).status_code == 200
        wait_for(lambda: rt.camera.problem is None, timeout=10)
    finally:
        rt.close()


def test_zones_saved_in_the_console_win_over_the_configured_ones(tmp_path: Path, deck_profile: Path) -> None:
    config, replay = replay_camera(tmp_path, deck_profile, fps=10)
    rt = Runtime(config)
    rt.start()
    try:
        dealer = signed_in_dealer(rt)
        configured = dealer.get("/api/dealer/zones").get_json()
        assert configured == {
            "zones": {"board": [[0.1, 0.1], [0.9, 0.1], [0.9, 0.6], [0.1, 0.6]], "reader": [[0.3, 0.65], [0.7, 0.65], [0.7, 1.0], [0.3, 1.0]]},
            "source": "configuration",
        }
        wait_for(lambda: rt.camera.frames > 0, timeout=30)
        assert rt.camera.zones_origin == "configuration"
        assert dealer.post("/api/dealer/zones", json=CONSOLE_ZONES, headers={"X-CSRF-Token": dealer.token}).status_code == 200
        wait_for(lambda: rt.camera.zones_origin == "saved", timeout=10)
        assert dealer.get("/api/dealer/zones").get_json() == {"zones": CONSOLE_ZONES, "source": "saved"}
    finally:
        rt.close()


def test_the_camera_loads_its_profile_only_once_the_web_app_is_built(
    tmp_path: Path, deck_profile: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Building the web app (werkzeug compiles each route with ``ast``) and the camera
    thread's first step, loading the deck profile (``np.load`` parses each array's header
    with ``ast``), never overlap: CPython 3.11 fails with "AST constructor recursion depth
    mismatch" when two threads use ``ast`` at once (gh-106905; seen in CI)."""
    import dealer_app.web as web

    build_app = web.create_app
    threads_while_building: list[str] = []

    def build_app_watched(*args, **kwargs):
        threads_while_building.extend(t.name for t in threading.enumerate() if t not in before)
        return build_app(*args, **kwargs)

    monkeypatch.setattr(web, "create_app", build_app_watched)
    config, _ = replay_camera(tmp_path, deck_profile, fps=10)
    rt = Runtime(config)
    before = set(threading.enumerate())
    rt.start()
    try:
        assert "camera" not in threads_while_building
        wait_for(lambda: rt.camera.frames > 0, timeout=30)  # and then the camera runs
    finally:
        rt.close()


def test_a_refused_panel_press_shows_its_reason_on_the_dealer_console(runtime: Runtime) -> None:
    """Issue 6: a refused action beeps and shows its reason on the display and the console."""
    dealer = signed_in_dealer(runtime)
    assert dealer.get("/api/dealer/view").get_json()["panel_feedback"] is None
    runtime.virtual_panel.click("fold")  # no hand: nothing to fold
    wait_for(lambda: runtime.panel_controller.feedback is not None)
    feedback = dealer.get("/api/dealer/view").get_json()["panel_feedback"]
    assert (feedback["ok"], feedback["cmd"], feedback["reason"]) == (
        False, None, "No action to log now: Seat at least two players",
    )  # fmt: skip
    assert runtime.virtual_panel.state()["buzzer"]["played"][-1:] == ["refuse"]


# -- dealer-app run -----------------------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_run_config(tmp_path: Path, port: int, extra: str = "") -> Path:
    path = tmp_path / "table.toml"
    path.write_text(
        f'[table]\nname = "CLI table"\n[camera]\nsource = "none"\n[storage]\ndata_dir = "data"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {port}\n{extra}',
        encoding="utf-8",
    )
    return path


def dealer_app(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "dealer_app", *args], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def test_run_refuses_a_bad_configuration_with_exit_78(tmp_path: Path) -> None:
    config = write_run_config(tmp_path, 8000, "[limits]\nante = -1\n")
    process = dealer_app("run", "--config", str(config))
    out, err = process.communicate(timeout=60)
    assert process.returncode == 78  # the unit's RestartPreventExitStatus: no restart loop
    assert err == f"{config}: limits.ante: must be at least 0, got -1\n"
    assert not (tmp_path / "data").exists()


def test_to5_run_refuses_a_cash_table_under_the_belgian_profile_with_exit_78(tmp_path: Path) -> None:
    config = write_run_config(tmp_path, 8000, "[table.cash]\nbig_blind = 2\nmin_buy_in = 40\nmax_buy_in = 200\n")
    process = dealer_app("run", "--config", str(config))
    out, err = process.communicate(timeout=60)
    assert process.returncode == 78
    assert err == (
        f"{config}: table.cash: Cash tables are not allowed under Belgian law: tournament form only (TO5): "
        'remove [table.cash], or set table.profile = "none" (the default is "belgium") only where the law '
        "allows cash games\n"
    )
    assert not (tmp_path / "data").exists()


def test_run_serves_until_sigterm_and_exits_0(tmp_path: Path) -> None:
    port = free_port()
    process = dealer_app("run", "--config", str(write_run_config(tmp_path, port)))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, body = get(f"http://127.0.0.1:{port}/appliance/status")
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        assert json.loads(body)["parts"]["table"]["text"] == "CLI table: 1 events in the log"
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert f"dealer-app: CLI table on http://127.0.0.1:{port} (table ok; web ok;" in out
    assert (tmp_path / "data" / "events.sqlite3").is_file()  # data_dir relative to the file


def test_run_with_its_port_taken_says_so(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = dealer_app("run", "--config", str(write_run_config(tmp_path, port)))
        out, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert err.splitlines()[-1] == "dealer-app run: [Errno 98] Address already in use"


def test_a_deck_profile_that_cannot_be_read_means_manual_card_entry(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-deck.npz"
    config, replay = replay_camera(tmp_path, missing)
    rt = Runtime(config)
    rt.start()
    try:
        wait_for(lambda: rt.camera.problem[0] != "camera_starting", timeout=30)
        rt.check()
        camera = rt.status.get("camera")
        assert (camera.state, camera.code) == ("degraded", "camera_profile")
        assert camera.text.startswith(f"the deck profile {missing} cannot be used (")
        assert camera.text.endswith("): enter the cards in the dealer console")
    finally:
        rt.close()
