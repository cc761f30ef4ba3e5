"""Pages in Debian's headless Chromium (Playwright) against the app served by waitress.

A scoreboard tab follows the dealer console live; a whole hand is played from the console;
screenshots of the phone and TV layouts go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_app.web import make_server
from tests.web.conftest import PIN, THREE_PLAYERS, run
from tests.web.test_cash_console import CASH as CASH_TABLE

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.slow


@pytest.fixture
def served_app(request):
    """The app the live server serves: ``app``, or the fixture named by an indirect parameter."""
    return request.getfixturevalue(getattr(request, "param", "app"))


@pytest.fixture
def live_url(served_app) -> Iterator[str]:
    """The app served by waitress on a free loopback port."""
    app = served_app
    server = make_server(app, "127.0.0.1", 0, threads=16)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    hub = app.extensions["dealer_web"].hub
    hub.close()
    deadline = time.monotonic() + 5
    while hub.listeners and time.monotonic() < deadline:
        time.sleep(0.02)
    server.close()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/install-dev.sh installs Debian's chromium")
    with playwright_api.sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium, live_url) -> Iterator[object]:
    """Chromium whose contexts made by a test are closed before its server stops."""
    contexts = []
    errors: list[str] = []

    class Contexts:
        def new_context(self, **options):
            context = chromium.new_context(**options)
            context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            context.on("weberror", lambda e: errors.append(str(e.error)))
            contexts.append(context)
            return context

    yield Contexts()
    for context in contexts:
        context.close()
    # No script error and no Content-Security-Policy violation on any page.
    assert [e for e in errors if "Failed to load resource" not in e] == []


def console_page(browser, live_url: str):
    """A browser context signed in as the dealer through the sign-in form, on the console."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_url}/login?lang=en&next=/dealer/")
    page.fill("input[name=secret]", PIN)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_url}/dealer/")
    page.wait_for_selector("#conn.up")
    return page


def scoreboard_page(browser, live_url: str, **viewport: int):
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_url}/?lang=en")
    page.wait_for_selector("#conn.up")
    return page


def seat_text(page, seat: int) -> str:
    return page.inner_text(f".seat[data-seat='{seat}']")


def test_scoreboard_follows_the_console_within_a_second(browser, live_url, dealer) -> None:
    run(dealer, *THREE_PLAYERS)
    board = scoreboard_page(browser, live_url)
    console = console_page(browser, live_url)
    assert "Cy" in seat_text(board, 3)
    console.fill("#join-seat", "5")
    console.fill("#join-name", "Eve")
    console.fill("#join-stack", "80")
    started = time.monotonic()
    console.click("#join")
    board.wait_for_function(
        "() => document.querySelector(\".seat[data-seat='5']\").innerText.includes('Eve')",
        timeout=1000,
    )
    elapsed = time.monotonic() - started
    assert elapsed < 1.0
    assert "EUR 20.00" in seat_text(board, 5)
    console.wait_for_function("() => document.querySelector('#message').innerText === '✓ join'")


def test_a_refused_console_action_shows_the_reason(browser, live_url, dealer) -> None:
    console = console_page(browser, live_url)
    console.click("#ok")
    console.wait_for_function("() => document.querySelector('#message').innerText.length > 0")
    assert console.inner_text("#message").startswith("Refused: ")


def _act(console, action: str) -> None:
    seq = console.get_attribute("#console", "data-seq")
    console.click(f"#actions button[data-action='{action}']")
    console.wait_for_function(f"() => document.querySelector('#console').dataset.seq !== '{seq}'")


def _click(console, selector: str) -> None:
    seq = console.get_attribute("#console", "data-seq")
    console.click(selector)
    console.wait_for_function(f"() => document.querySelector('#console').dataset.seq !== '{seq}'")


def _board(console, cards: str) -> None:
    console.fill("#board-cards", cards)
    _click(console, "#board")


def test_a_whole_hand_from_the_console_ends_with_the_right_stacks(browser, live_url, dealer) -> None:
    run(dealer, *THREE_PLAYERS)
    board = scoreboard_page(browser, live_url)
    console = console_page(browser, live_url)
    for _ in range(3):  # blinds posted, shuffled, dealt
        _click(console, "#ok")
    assert console.inner_text("#acting") == "seat 1"
    # seat 1 raises to EUR 1.00 with the amount slider at its minimum
    assert console.inner_text("#amount-text") == "EUR 1.00"
    _act(console, "raise")
    _act(console, "call")  # seat 2 (SB)
    _act(console, "fold")  # seat 3 (BB)
    _board(console, "Ah Kd 7c")
    _act(console, "check")
    _act(console, "check")
    _board(console, "2s")
    _act(console, "check")
    _act(console, "check")
    _board(console, "9h")
    _act(console, "check")
    _act(console, "check")
    prompt = console.inner_text("#prompt")
    first = int(re.search(r"(\d+)", prompt).group(1))
    other = 1 if first == 2 else 2
    hands = {1: "As Ad", 2: "Qc Qd"}
    console.fill("#show-seat", str(first))
    console.fill("#show-cards", hands[first])
    _click(console, "#show")
    console.fill("#show-seat", str(other))
    console.fill("#show-cards", hands[other])
    _click(console, "#show")
    board.wait_for_selector("#push:not([hidden])")
    push = board.inner_text("#push")
    assert "Main pot EUR 2.50: Ann EUR 2.50" in push and "Three of a kind, aces" in push
    _click(console, "#ok")  # pots pushed
    board.wait_for_function("() => !document.querySelector('#push').innerText.includes('Ann')")
    # Ann: 100 - 4 + pot 10 (4 + 4 + the folded big blind 2); Bob 100 - 4; Cy 100 - 2
    assert "EUR 26.50" in seat_text(board, 1)
    assert "EUR 24.00" in seat_text(board, 2)
    assert "EUR 24.50" in seat_text(board, 3)


@pytest.mark.parametrize(
    ("name", "query", "viewport"),
    [
        ("phone", "", {"width": 390, "height": 844}),
        ("tv", "&layout=tv", {"width": 1920, "height": 1080}),
    ],
)
def test_layout_screenshots(browser, live_url, dealer, name, query, viewport) -> None:
    run(
        dealer, *THREE_PLAYERS, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"},
        {"cmd": "raise", "to": 100}, {"cmd": "call"}, {"cmd": "fold"},
        {"cmd": "show", "seat": 1, "cards": ["As", "Ks"]},
        {"cmd": "show", "seat": 2, "cards": ["Qh", "Qd"]},
        {"cmd": "board", "cards": ["Js", "Th", "2c"]},
    )  # fmt: skip
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"/?lang=nl{query}".join([live_url, ""]))
    page.wait_for_selector("#conn.up")
    assert page.locator("#board svg.playing-card").count() == 3
    equities = page.locator(".seat .equity").all_inner_texts()
    assert equities == ["winkans 32,4 %", "winkans 67,6 %"]
    assert "EUR 50,50" in page.inner_text("#pots")
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"scoreboard-{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


@pytest.fixture
def panel_app(service, tmp_path, clock):
    """The app with the demo's virtual panel on MockFactory pins and the real controller."""
    from dealer_app.panel import PanelController
    from dealer_app.web import shutdown
    from hardware.clock import MonotonicClock
    from hardware.factory import mock_factory
    from hardware.panel import Panel
    from hardware.virtual import VirtualPanel
    from tests.web.conftest import PASSWORD, make_app

    panel = Panel(pin_factory=mock_factory(), clock=MonotonicClock())
    controller = PanelController(panel, service)
    controller.start()
    app = make_app(service, tmp_path, clock, panel=VirtualPanel(panel))
    controller.add_listener(app.extensions["dealer_web"].panel_notices.listener)  # as the runtime does
    app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
    yield app
    shutdown(app)
    controller.stop()
    panel.close()


@pytest.mark.parametrize("served_app", ["panel_app"], indirect=True)
def test_virtual_panel_in_the_console_starts_a_hand(browser, live_url, service) -> None:
    console = console_page(browser, live_url)
    for body in THREE_PLAYERS:
        assert service.execute(body, "console").ok
    console.wait_for_selector("#virtual-panel")
    console.click("button[data-press=ok_next]")
    console.wait_for_function("() => document.querySelector('#prompt').innerText === 'Shuffle'")
    assert service.events()[-1].source == "button"
    assert "lights:" in console.inner_text("#panel-lights")



@pytest.mark.parametrize("served_app", ["panel_app"], indirect=True)
def test_a_refused_panel_press_shows_its_reason_on_the_console(browser, live_url, service) -> None:
    """Issue 6: a refused action beeps and shows its reason on the dealer console."""
    console = console_page(browser, live_url)
    assert console.is_hidden("#panel-feedback")
    console.click("button[data-press=fold]")  # no players, no hand: nothing to fold
    console.wait_for_selector("#panel-feedback", state="visible", timeout=3000)
    assert console.inner_text("#panel-feedback") == "Panel refused: No action to log now: Seat at least two players"
    for body in THREE_PLAYERS:
        assert service.execute(body, "console").ok
    console.click("button[data-press=ok_next]")  # accepted: the refusal goes away
    console.wait_for_selector("#panel-feedback", state="hidden", timeout=3000)


@pytest.fixture
def zones_app(service, tmp_path, clock):
    """The app with a camera whose latest picture is a felt with one white card."""
    from dealer_app.web import shutdown
    from tests.web.conftest import PASSWORD, make_app
    from tests.web.test_zones_editor import StillCamera, felt

    app = make_app(service, tmp_path, clock, camera=StillCamera(felt()))
    app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
    yield app
    shutdown(app)


@pytest.mark.parametrize("served_app", ["zones_app"], indirect=True)
def test_zones_set_by_clicking_on_the_snapshot(browser, live_url, served_app) -> None:
    """Issue 8 "Zones": corners clicked for the board zone, a rectangle dragged for the reader
    zone, saved to zones.json and read back by vision's Zones."""
    from vision.zones import Zones

    console = console_page(browser, live_url)
    console.wait_for_function("() => document.querySelector('#snapshot').naturalWidth === 1280")
    assert console.inner_text("#zones-source") == "No zones yet"
    box = console.locator("#zone-overlay").bounding_box()
    assert abs(box["width"] / box["height"] - 1280 / 720) < 0.02  # the overlay covers the picture

    def at(fx: float, fy: float) -> tuple[float, float]:
        return box["x"] + fx * box["width"], box["y"] + fy * box["height"]

    console.check("input[name=zone][value=board]")
    for corner in [(0.2, 0.1), (0.8, 0.1), (0.8, 0.5), (0.2, 0.5)]:
        console.mouse.click(*at(*corner))
    assert len(console.get_attribute("#zone-board", "points").split()) == 4
    console.check("input[name=zone][value=reader]")
    console.mouse.move(*at(0.3, 0.6))
    console.mouse.down()
    console.mouse.move(*at(0.5, 0.8), steps=5)
    console.mouse.move(*at(0.7, 0.95), steps=5)
    console.mouse.up()
    console.click("#zones-save")
    console.wait_for_function("() => document.querySelector('#zones-message').innerText === 'Zones saved: the camera uses them now'")

    saved = Zones.load(served_app.extensions["dealer_web"].zones_file).to_dict()
    expected = {
        "board": [(0.2, 0.1), (0.8, 0.1), (0.8, 0.5), (0.2, 0.5)],
        "reader": [(0.3, 0.6), (0.7, 0.6), (0.7, 0.95), (0.3, 0.95)],
    }
    assert set(saved) == {"board", "reader"}
    for name, corners in expected.items():
        assert len(saved[name]) == 4, name
        for (x, y), (ex, ey) in zip(saved[name], corners, strict=True):
            assert abs(x - ex) < 0.005 and abs(y - ey) < 0.005, (name, saved[name])

    console.click("#zone-clear")  # the reader zone is selected: clear it, saving is refused
    console.click("#zones-save")
    console.wait_for_function("() => document.querySelector('#zones-message').innerText.startsWith('Refused')")
    assert console.inner_text("#zones-message") == "Refused: Zone 'reader' needs at least 3 points, got 0"
    assert len(Zones.load(served_app.extensions["dealer_web"].zones_file).to_dict()["reader"]) == 4
    console.reload()
    console.wait_for_function("() => document.querySelector('#zone-reader').getAttribute('points') !== ''")
    assert len(console.get_attribute("#zone-reader", "points").split()) == 4  # shown again from the file


@pytest.mark.parametrize("table_config", [CASH_TABLE])
def test_c4_c5_cash_console_offers_time_and_the_buy_in_form(browser, live_url, dealer, service) -> None:
    """At a cash table the console has a buy-in form between hands (C5, refusals shown as
    every refusal) and an "out of time" button for the player to act (C4)."""
    run(dealer, *({"cmd": "join", "seat": s, "name": n, "stack": 100} for s, n in ((1, "Ann"), (2, "Bob"), (3, "Cy"))))
    console = console_page(browser, live_url)
    assert console.is_visible("#buy-in-row")
    assert console.inner_text("#buy-in-window") == "stack after the buy-in: EUR 10.00 to EUR 50.00 (C5)"
    console.fill("#buy-in-seat", "2")
    console.fill("#buy-in-amount", "100")
    _click(console, "#buy-in")
    console.wait_for_function("() => document.querySelector('#message').innerText === '✓ buy_in'")
    console.wait_for_function("() => document.querySelector('#seats tr[data-seat=\"2\"]').innerText.includes('EUR 50.00')")
    console.fill("#buy-in-seat", "1")
    console.fill("#buy-in-amount", "101")
    console.click("#buy-in")
    console.wait_for_function("() => document.querySelector('#message').innerText.startsWith('Refused')")
    assert console.inner_text("#message") == "Refused: Stack after the buy-in would be EUR 50.25: at most EUR 50.00 (C5)"
    for _ in range(4):  # draw the button (C1), blinds, shuffle, deal
        _click(console, "#ok")
    assert console.is_hidden("#buy-in-row")
    seat = service.view()["hand"]["to_act"]
    assert console.inner_text("#acting") == f"seat {seat}"
    _act(console, "time")
    assert service.events()[-1].payload == {"hand": 1, "seat": seat, "action": "fold", "to": None, "timeout": True}
    assert "folded" in console.inner_text(f"#seats tr[data-seat='{seat}']")


def test_a_tournament_console_has_no_time_button_and_no_buy_in_form(browser, live_url, dealer) -> None:
    run(dealer, *THREE_PLAYERS, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    console = console_page(browser, live_url)
    console.wait_for_selector("#actions button[data-action='fold']")
    assert console.locator("#actions button[data-action='time']").count() == 0
    assert console.is_hidden("#buy-in-row")
