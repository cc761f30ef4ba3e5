"""Credentials, lock-out, settings, command shapes and waitress sizing, without a server."""

from __future__ import annotations

import json
import os
import re
import stat

import pytest

from dealer_app.web.command_schema import COMMANDS, command_schema, shape_problem
from dealer_app.web.credentials import CREDENTIALS_FILE, CredentialStore
from dealer_app.web.lockout import LockOut
from dealer_app.web.server import waitress_options
from dealer_app.web.settings import WebAppSettings


def test_first_start_has_no_secret_and_a_setup_token(tmp_path) -> None:
    store = CredentialStore(tmp_path)
    assert not store.is_configured
    assert store.setup_token and len(store.setup_token) >= 16
    assert not store.check("dealer", "")
    assert not store.check("dealer", "0000")
    assert not store.check("organiser", "password")


def test_secrets_are_stored_hashed_and_private(tmp_path) -> None:
    store = CredentialStore(tmp_path)
    store.choose("2468", "river-card-7")
    text = (tmp_path / CREDENTIALS_FILE).read_text()
    stored = json.loads(text)
    assert set(stored) == {"dealer", "organiser"}
    for role, secret in (("dealer", "2468"), ("organiser", "river-card-7")):
        # werkzeug's form, method$salt$digest: the secret may not be in the method or the salt,
        # and the digest is hex only (a four-digit PIN can turn up in 128 hex digits by chance).
        method, salt, digest = stored[role].split("$")
        assert method.startswith("scrypt:") and re.fullmatch(r"[0-9a-f]{128}", digest)
        assert secret not in method + salt
    assert stat.S_IMODE(os.stat(tmp_path / CREDENTIALS_FILE).st_mode) == 0o600
    assert store.setup_token is None
    again = CredentialStore(tmp_path)
    assert again.is_configured and again.setup_token is None
    assert again.check("dealer", "2468") and again.check("organiser", "river-card-7")
    assert not again.check("organiser", "2468") and not again.check("dealer", "river-card-7")


@pytest.mark.parametrize(
    ("pin", "password", "message"),
    [
        ("123", "river-card-7", "The dealer PIN must be 4 to 8 digits"),
        ("123456789", "river-card-7", "The dealer PIN must be 4 to 8 digits"),
        ("12a4", "river-card-7", "The dealer PIN must be 4 to 8 digits"),
        ("1234", "short", "The organiser password must be at least 8 characters"),
        ("12345678", "12345678", "The organiser password must differ from the dealer PIN"),
    ],
)
def test_bad_secrets_are_refused_and_nothing_is_stored(tmp_path, pin, password, message) -> None:
    store = CredentialStore(tmp_path)
    with pytest.raises(ValueError, match=message):
        store.choose(pin, password)
    assert not (tmp_path / CREDENTIALS_FILE).exists()
    assert not store.is_configured


def test_session_key_is_made_once_and_kept(tmp_path) -> None:
    key = CredentialStore(tmp_path).session_key()
    assert len(key) == 32
    assert CredentialStore(tmp_path).session_key() == key


def test_lockout_after_five_wrong_tries_per_client_and_it_expires() -> None:
    now = [1000.0]
    guard = LockOut(attempts=5, seconds=300, clock=lambda: now[0])
    for _ in range(4):
        guard.failed("10.0.0.7")
    assert guard.locked_for("10.0.0.7") == 0
    guard.failed("10.0.0.7")
    assert guard.locked_for("10.0.0.7") == 300
    assert guard.locked_for("10.0.0.8") == 0
    now[0] += 299.5
    assert guard.locked_for("10.0.0.7") == 1
    now[0] += 1
    assert guard.locked_for("10.0.0.7") == 0


def test_a_right_answer_resets_the_count() -> None:
    guard = LockOut(attempts=5, seconds=300, clock=lambda: 0.0)
    for _ in range(4):
        guard.failed("a")
    guard.succeeded("a")
    for _ in range(4):
        guard.failed("a")
    assert guard.locked_for("a") == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"default_lang": "de"}, "web.default_lang: 'de' is not one of nl, en"),
        ({"lockout_attempts": 0}, "web.lockout_attempts: must be at least 1, not 0"),
        ({"lockout_seconds": 0}, "web.lockout_seconds: must be positive, not 0"),
        ({"keepalive_seconds": 90}, "web.keepalive_seconds: must be between 0 and 60, not 90"),
    ],
)
def test_settings_are_checked(tmp_path, changes, message) -> None:
    with pytest.raises(ValueError, match=message):
        WebAppSettings(data_dir=tmp_path, **changes)


def test_waitress_is_sized_for_streams() -> None:
    options = waitress_options()
    assert options["threads"] == 128
    assert options["connection_limit"] == 228
    assert options["asyncore_use_poll"] is True
    assert waitress_options(300)["connection_limit"] == 400
    with pytest.raises(ValueError, match="web.threads: at least 10 threads, not 4"):
        waitress_options(4)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"cmd": "raise", "to": 6}, None),
        ({"cmd": "raise", "to": 6, "seat": 3, "out_of_turn": True}, None),
        ({"cmd": "raise"}, "Missing field 'to' for raise"),
        ({"cmd": "raise", "amout": 6, "to": 6}, "Unknown field 'amout' for raise"),
        ({"cmd": "raise", "to": "6"}, "Field 'to' of raise must be a whole number"),
        ({"cmd": "raise", "to": True}, "Field 'to' of raise must be a whole number"),
        ({"cmd": "fold", "out_of_turn": 1}, "Field 'out_of_turn' of fold must be true or false"),
        ({"cmd": "board", "cards": "AhKd7c"}, 'Field \'cards\' of board must be a list of cards like ["Ah", "Kd"]'),
        ({"cmd": "join", "seat": 1, "name": "x" * 41, "stack": 5}, "Field 'name' of join must be text of at most 40 characters"),
        ({"cmd": 3}, "Unknown command 3"),
        ([], 'A command is a JSON object with "cmd"'),
    ],
)
def test_command_shapes(body, problem) -> None:
    assert shape_problem(body) == problem


def test_every_command_of_docs_commands_md_has_a_schema() -> None:
    assert set(COMMANDS) == {
        "fold", "check", "call", "bet", "raise", "allin", "ok", "board", "show", "muck", "undo",
        "correct", "misdeal", "void", "join", "leave", "sit_out", "sit_in", "set_stack", "button",
        "exclude", "clock", "alarm", "dismiss", "chips", "time", "buy_in",
    }
    assert command_schema("bet")["required"] == ["cmd", "to"]
