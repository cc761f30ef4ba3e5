"""Roles, first-start set-up, sign-in, lock-out, cookie flags and CSRF, through real requests."""

from __future__ import annotations

import pytest

from tests.web.conftest import PASSWORD, PIN, csrf

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


def test_first_start_sends_every_sign_in_to_setup_and_there_is_no_default(fresh_app) -> None:
    client = fresh_app.test_client()
    answer = client.get("/login")
    assert answer.status_code == 302 and answer.headers["Location"] == "/setup"
    token = csrf(client)
    for guess in ("0000", "1234", "admin", "password", ""):
        answer = client.post(
            "/api/session", json={"role": "dealer", "secret": guess}, headers={"X-CSRF-Token": token}
        )
        assert answer.status_code in (401, 429)
    assert client.get("/dealer/").status_code == 302


def test_setup_needs_the_one_time_code(fresh_app) -> None:
    client = fresh_app.test_client()
    setup_token = fresh_app.config["SETUP_TOKEN"]
    assert setup_token == fresh_app.extensions["dealer_web"].credentials.setup_token
    page = client.get("/setup")
    assert page.status_code == 200 and b"no default password" in client.get("/setup?lang=en").data
    token = csrf(client)
    form = {"csrf_token": token, "dealer_pin": PIN, "organiser_password": PASSWORD}
    wrong = client.post("/setup", data={**form, "token": "guess"})
    assert wrong.status_code == 403 and b"Wrong setup code" in wrong.data
    assert not fresh_app.extensions["dealer_web"].credentials.is_configured
    short = client.post("/setup", data={**form, "token": setup_token, "dealer_pin": "12"})
    assert short.status_code == 400 and b"The dealer PIN must be 4 to 8 digits" in short.data
    done = client.post("/setup", data={**form, "token": setup_token})
    assert done.status_code == 302 and done.headers["Location"] == "/login"
    assert fresh_app.extensions["dealer_web"].credentials.check("dealer", PIN)
    again = client.post("/setup", data={**form, "token": setup_token, "dealer_pin": "9999"})
    assert again.status_code == 302
    assert fresh_app.extensions["dealer_web"].credentials.check("dealer", PIN)


def test_session_cookie_is_httponly_and_samesite_strict(client) -> None:
    answer = client.get("/api/session")
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("dealer_session=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie


def test_sign_in_form_dealer_then_console(client) -> None:
    token = csrf(client)
    answer = client.post(
        "/login", data={"csrf_token": token, "role": "dealer", "secret": PIN, "next": "/dealer/"}
    )
    assert answer.status_code == 302 and answer.headers["Location"] == "/dealer/"
    assert client.get("/dealer/").status_code == 200
    assert client.get("/organiser/").status_code == 403


def test_sign_in_refuses_an_offsite_next(client) -> None:
    token = csrf(client)
    answer = client.post(
        "/login",
        data={"csrf_token": token, "role": "dealer", "secret": PIN, "next": "//evil.example/"},
    )
    assert answer.headers["Location"] == "/dealer/"


def test_wrong_pin_is_refused_with_a_message(client) -> None:
    token = csrf(client)
    answer = client.post("/login?lang=en", data={"csrf_token": token, "role": "dealer", "secret": "1111"})
    assert answer.status_code == 401 and b"Wrong PIN or password" in answer.data
    assert client.get("/dealer/").status_code == 302


def test_lockout_after_five_wrong_tries_even_the_right_pin_waits(client, clock) -> None:
    token = csrf(client)
    headers = {"X-CSRF-Token": token}
    for _ in range(4):
        answer = client.post("/api/session?lang=en", json={"role": "dealer", "secret": "1111"}, headers=headers)
        assert answer.status_code == 401
        assert answer.get_json() == {"error": "Wrong PIN or password"}
    fifth = client.post("/api/session?lang=en", json={"role": "dealer", "secret": "1111"}, headers=headers)
    assert fifth.status_code == 429
    assert fifth.get_json() == {"error": "Too many wrong tries: try again in 300 s"}
    right = client.post("/api/session?lang=nl", json={"role": "dealer", "secret": PIN}, headers=headers)
    assert right.status_code == 429
    assert right.get_json() == {"error": "Te veel foute pogingen: probeer opnieuw over 300 s"}
    clock.now += 300
    ok = client.post("/api/session", json={"role": "dealer", "secret": PIN}, headers=headers)
    assert ok.status_code == 200 and ok.get_json()["role"] == "dealer"


def test_organiser_password_gives_the_organiser_and_the_dealer_pages(organiser) -> None:
    assert organiser.get("/organiser/").status_code == 200
    assert organiser.get("/dealer/").status_code == 200


def test_the_pin_does_not_open_the_organiser_role(client) -> None:
    token = csrf(client)
    answer = client.post(
        "/api/session", json={"role": "organiser", "secret": PIN}, headers={"X-CSRF-Token": token}
    )
    assert answer.status_code == 401


def test_spectator_is_sent_to_sign_in_for_protected_pages(client) -> None:
    answer = client.get("/dealer/")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/login?next=/dealer/&role=dealer"
    assert client.get("/organiser/").headers["Location"] == "/login?next=/organiser/&role=organiser"


def test_sign_out_drops_the_role(dealer) -> None:
    answer = dealer.delete("/api/session", headers={"X-CSRF-Token": dealer.token})
    assert answer.get_json() == {"role": "spectator"}
    assert dealer.get("/api/dealer/view").status_code == 401


def test_logout_form_needs_csrf(dealer) -> None:
    assert dealer.post("/logout").status_code == 403
    assert dealer.get("/api/dealer/view").status_code == 200
    assert dealer.post("/logout", data={"csrf_token": dealer.token}).status_code == 302
    assert dealer.get("/api/dealer/view").status_code == 401


def test_a_state_change_without_csrf_token_is_refused_even_for_the_dealer(dealer, service) -> None:
    before = service.last_seq
    answer = dealer.post("/api/commands", json={"cmd": "join", "seat": 1, "name": "Ann", "stack": 100})
    assert answer.status_code == 403
    assert answer.get_json() == {"error": "Missing or wrong CSRF token: reload the page and try again"}
    wrong = dealer.post(
        "/api/commands",
        json={"cmd": "join", "seat": 1, "name": "Ann", "stack": 100},
        headers={"X-CSRF-Token": "x" + dealer.token},
    )
    assert wrong.status_code == 403
    assert service.last_seq == before


def _state_changing_rules(app) -> list[tuple[str, str]]:
    found = []
    for rule in app.url_map.iter_rules():
        for method in sorted((rule.methods or set()) & STATE_CHANGING):
            found.append((method, rule.rule))
    return found


def test_every_state_changing_route_refuses_a_spectator_with_401_or_403(app, service) -> None:
    """Anonymous requests with a valid CSRF token: every protected route says 401 or 403."""
    public = {("POST", "/api/session"), ("DELETE", "/api/session"), ("POST", "/login"),
              ("POST", "/logout"), ("POST", "/setup")}  # fmt: skip
    client = app.test_client()
    token = csrf(client)
    rules = _state_changing_rules(app)
    assert ("POST", "/api/commands") in rules and ("POST", "/api/panel") in rules
    before = service.last_seq
    for method, rule in rules:
        if (method, rule) in public:
            continue
        path = rule.replace("<table>", "1").replace("<fmt>", "json").replace("<int:player>", "1")
        answer = client.open(path, method=method, json={"cmd": "ok"}, headers={"X-CSRF-Token": token})
        assert answer.status_code in (401, 403), (method, rule, answer.status_code)
        without = app.test_client().open(path, method=method, json={"cmd": "ok"})
        assert without.status_code in (401, 403), (method, rule, without.status_code)
    assert service.last_seq == before


@pytest.mark.parametrize("path", ["/api/dealer/view", "/api/log", "/api/panel", "/api/dealer/events"])
def test_dealer_reads_need_the_dealer(client, path) -> None:
    answer = client.get(path)
    assert answer.status_code == 401
    assert answer.get_json() == {"error": "Sign in as dealer first"}


def test_pages_forbid_inline_scripts_framing_and_sniffing(client) -> None:
    headers = client.get("/").headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_guessing_the_setup_code_locks_out_after_five_tries(fresh_app, clock) -> None:
    client = fresh_app.test_client()
    token = csrf(client)
    form = {"csrf_token": token, "dealer_pin": PIN, "organiser_password": PASSWORD, "token": "guess"}
    statuses = [client.post("/setup?lang=en", data=form).status_code for _ in range(5)]
    assert statuses == [403, 403, 403, 403, 429]  # the fifth wrong try starts the lock-out
    right = {**form, "token": fresh_app.config["SETUP_TOKEN"]}
    locked = client.post("/setup?lang=en", data=right)
    assert locked.status_code == 429 and b"Too many wrong tries: try again in 300 s" in locked.data
    assert not fresh_app.extensions["dealer_web"].credentials.is_configured
    clock.now += 301
    assert client.post("/setup", data=right).status_code == 302
    assert fresh_app.extensions["dealer_web"].credentials.is_configured


def test_signing_in_replaces_the_csrf_token(client) -> None:
    before = csrf(client)
    answer = client.post(
        "/api/session", json={"role": "dealer", "secret": PIN}, headers={"X-CSRF-Token": before}
    )
    after = answer.get_json()["csrf_token"]
    assert after != before
    stale = client.post("/api/commands", json={"cmd": "ok"}, headers={"X-CSRF-Token": before})
    assert stale.status_code == 403
