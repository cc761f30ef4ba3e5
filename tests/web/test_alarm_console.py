"""A camera alarm on the dealer console (headless Chromium) and on the scoreboard.

The camera's alarm goes through the real table service (source ``camera``); the console shows
its procedure and a dismiss button, the scoreboard the same alarm without naming the card.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import THREE_PLAYERS, run
from tests.web.test_browser import (  # noqa: F401  (fixtures)
    browser,
    chromium,
    console_page,
    live_url,
    scoreboard_page,
    served_app,
)

pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.slow

EXPOSED = (
    "Card As exposed outside the board and reader zones (D3): if it was exposed in the deal, "
    "finish the deal, replace it and use it as the burn card; then OK"
)


def test_camera_alarm_shows_its_procedure_on_the_console_and_no_card_on_the_scoreboard(
    browser, live_url, dealer, service  # noqa: F811
) -> None:
    run(dealer, *THREE_PLAYERS, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    alarm = {"cmd": "alarm", "code": "card_exposed", "cards": ["As"], "detail": "Card As lies face up"}
    assert service.execute(alarm, "camera").ok
    console = console_page(browser, live_url)
    board = scoreboard_page(browser, live_url)
    console.wait_for_function(f"() => document.querySelector('#prompt').innerText === {EXPOSED!r}")
    assert console.is_visible("#dismiss")
    board.wait_for_function(
        "() => document.querySelector('#prompt').innerText === "
        "'A card was exposed: the dealer follows the procedure'"
    )
    assert "As" not in board.inner_text("body").split()
    assert '"As"' not in board.content()
    # a betting button is refused while the alarm is open; dismiss closes it
    console.click("#actions button")
    console.wait_for_function("() => document.querySelector('#message').innerText.startsWith('Refused: ')")
    assert "Resolve the camera alarm first (card_exposed As)" in console.inner_text("#message")
    console.click("#dismiss")
    console.wait_for_function("() => document.querySelector('#prompt').innerText === 'Action on seat 1'")
    assert console.is_hidden("#dismiss")
    assert [(e.source, e.type, e.payload.get("by")) for e in service.events()[-2:]] == [
        ("camera", "alarm", None), ("console", "alarm_resolved", "dismiss")
    ]
