"""Every GET route answered for every role, with Flask's test client (no route forgotten)."""

from __future__ import annotations

import pytest

from dealer_app.runtime import ApplianceStatus
from tests.web.conftest import sign_in

#: path -> expected status for (spectator, dealer, organiser). 302: sent to sign in.
EXPECTED = {
    "/": (200, 200, 200),
    "/events": (200, 200, 200),
    "/login": (200, 200, 200),
    "/setup": (302, 302, 302),
    "/dealer/": (302, 200, 200),
    "/organiser/": (302, 403, 200),
    "/organiser/results.csv": (302, 403, 404),
    "/organiser/hands.phh": (302, 403, 200),
    "/api/openapi.json": (200, 200, 200),
    "/api/session": (200, 200, 200),
    "/api/view": (200, 200, 200),
    "/api/events": (200, 200, 200),
    "/api/dealer/view": (401, 200, 200),
    "/api/dealer/events": (401, 200, 200),
    "/api/log": (401, 200, 200),
    "/api/panel": (401, 404, 404),
    "/api/dealer/snapshot.jpg": (401, 404, 404),
    "/api/dealer/zones": (401, 200, 200),
    "/static/style.css": (200, 200, 200),
}
ROUTE_OF = {"/organiser/results.csv": "/organiser/results.<fmt>", "/organiser/hands.phh": "/organiser/hands.<fmt>",
            "/static/style.css": "/static/<path:filename>"}  # fmt: skip


def test_the_table_covers_every_get_route(app) -> None:
    routes = {r.rule for r in app.url_map.iter_rules() if "GET" in (r.methods or set())}
    assert routes == {ROUTE_OF.get(path, path) for path in EXPECTED}


@pytest.mark.parametrize("role_index", [0, 1, 2], ids=["spectator", "dealer", "organiser"])
def test_every_get_route_for_every_role(app, role_index) -> None:
    client = app.test_client()
    if role_index:
        sign_in(client, "dealer" if role_index == 1 else "organiser")
    for path, statuses in EXPECTED.items():
        answer = client.get(path, buffered=not path.endswith("events"))
        assert answer.status_code == statuses[role_index], path
        answer.close()


def test_degraded_parts_of_the_appliance_show_in_the_footer(app, client) -> None:
    status = ApplianceStatus()
    status.set("table", "ok", "table_ok", "table ready")
    status.set("camera", "degraded", "camera_missing", "no camera: enter the cards in the dealer console")
    app.config["APPLIANCE_STATUS"] = status
    page = client.get("/").get_data(as_text=True)
    assert '<footer class="status-footer" id="appliance-status">' in page
    assert "<span>camera: no camera: enter the cards in the dealer console</span>" in page
    assert "table ready" not in page


def test_no_footer_when_everything_works(client) -> None:
    assert "appliance-status" not in client.get("/").get_data(as_text=True)
