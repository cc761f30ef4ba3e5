"""The Flask application factory: one app per table service (blueprints scoreboard, auth,
dealer, organiser, api), with CSRF, security headers and the live-update machinery.

Usage (see docs/web.md)::

    app = create_app(service, config=WebAppSettings(data_dir=tmp))
    serve(app, "0.0.0.0", 8000, threads=128)
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from dealer_app.web import api, auth, dealer, organiser, scoreboard, zones_editor
from dealer_app.web.credentials import CredentialStore
from dealer_app.web.csrf import init_csrf
from dealer_app.web.embed import embedded_json
from dealer_app.web.feed import TableFeed
from dealer_app.web.i18n import TEXTS, current_lang, translate
from dealer_app.web.lockout import LockOut
from dealer_app.web.panel_notices import PanelNotices
from dealer_app.web.projection import render_channel
from dealer_app.web.roles import Role
from dealer_app.web.settings import WebAppSettings
from dealer_app.web.sse import EventHub
from dealer_app.web.state import EXTENSION_KEY, WebState
from dealer_app.web.zones_editor import ZONES_FILE_NAME

log = logging.getLogger(__name__)


def create_app(
    service: Any,
    tournament: Any = None,
    panel: Any = None,
    config: WebAppSettings | None = None,
    *,
    clock: Callable[[], float] | None = None,
    camera: Any = None,
    zones_file: Path | None = None,
    default_zones: dict[str, Any] | None = None,
) -> Flask:
    """Build the web app of one table.

    Parameters:
        service: the running :class:`dealer_app.service.TableService`.
        tournament: the tournament run from this appliance, or None (organiser pages then
            offer the hand downloads only).
        panel: the demo's virtual button panel (gpiozero MockFactory pins), or None.
        config: web settings; by default ``WebAppSettings(data_dir=<the folder of the table log>)``.
        clock: monotonic seconds for the lock-out (tests inject one).
        camera: the running camera, whose ``latest_frame()`` (a BGR picture or None) the
            zone editor shows as a snapshot; None when the table has no camera.
        zones_file: where the zone editor saves the zones (default ``<data_dir>/zones.json``,
            the file the appliance's camera loop follows).
        default_zones: the zones in use while ``zones_file`` does not exist (the
            configuration's ``[camera.zones]``), shown by the zone editor.

    The app starts following the table log at once. While no PIN and password are chosen,
    ``app.config["SETUP_TOKEN"]`` holds the one-time code the ``/setup`` page asks for;
    the appliance prints it. ``app.extensions["dealer_web"].panel_notices.listener`` is the
    panel controller listener that shows refused presses on the console. Call ``app.extensions["dealer_web"].feed.stop()`` (or
    :func:`shutdown`) to stop the follower thread.
    """
    settings = config if config is not None else WebAppSettings(data_dir=service.path.parent)
    credentials = CredentialStore(settings.data_path)
    lockout_kwargs = {"clock": clock} if clock is not None else {}
    lockout = LockOut(settings.lockout_attempts, settings.lockout_seconds, **lockout_kwargs)

    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=credentials.session_key(),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_SECURE=settings.secure_cookies,
        SESSION_COOKIE_NAME="dealer_session",
        MAX_CONTENT_LENGTH=64 * 1024,
        JSON_SORT_KEYS=False,
        SETUP_TOKEN=credentials.setup_token,
    )
    state_box: dict[str, WebState] = {}

    def render(channel: Any, seq: int) -> Any:
        return render_channel(state_box["state"], channel)

    hub = EventHub(render)
    feed = TableFeed(service, hub.publish)
    notices = PanelNotices(on_change=hub.refresh)
    state = WebState(
        service=service,
        tournament=tournament,
        panel=panel,
        settings=settings,
        credentials=credentials,
        lockout=lockout,
        feed=feed,
        hub=hub,
        panel_notices=notices,
        camera=camera,
        zones_file=Path(zones_file) if zones_file is not None else settings.data_path / ZONES_FILE_NAME,
        default_zones=dict(default_zones or {}),
    )
    state_box["state"] = state
    app.extensions[EXTENSION_KEY] = state

    init_csrf(app)
    app.register_blueprint(scoreboard.bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(dealer.bp)
    app.register_blueprint(organiser.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(zones_editor.bp)
    _install_security_headers(app)
    _install_template_helpers(app, settings)
    _install_error_pages(app, settings)
    feed.start()
    if credentials.setup_token:
        log.warning("First start: choose the PINs at /setup with the code %s", credentials.setup_token)
    return app


def shutdown(app: Flask) -> None:
    """End every event stream and stop following the log."""
    state: WebState = app.extensions[EXTENSION_KEY]
    state.hub.close()
    state.feed.stop()


def _install_template_helpers(app: Flask, settings: WebAppSettings) -> None:
    @app.context_processor
    def helpers() -> dict[str, Any]:
        lang = current_lang(settings.default_lang)
        role = auth.current_role()
        return {
            "t": lambda key, **values: translate(key, lang, **values),
            "lang": lang,
            "role": role.value,
            "is_dealer": role.may(Role.DEALER),
            "is_organiser": role.may(Role.ORGANISER),
            "table_name": settings.table_name,
            "texts_json": embedded_json({key: translate(key, lang) for key in TEXTS}),
            "degraded_parts": _degraded_parts(app),
        }


#: Pages load only this site's scripts and styles; data travels as JSON, never inline code.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
)


def _install_security_headers(app: Flask) -> None:
    @app.after_request
    def secure(response: Any) -> Any:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response


def _degraded_parts(app: Flask) -> list[str]:
    """Lines for the page footer: the appliance's parts that are off or degraded (set by the
    runtime as ``app.config["APPLIANCE_STATUS"]``; nothing when the app runs alone)."""
    status = app.config.get("APPLIANCE_STATUS")
    if status is None:
        return []
    parts = status.snapshot()["parts"]
    return [f"{name}: {part['text']}" for name, part in parts.items() if part["state"] != "ok"]


def _install_error_pages(app: Flask, settings: WebAppSettings) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        code = error.code or 500
        description = error.description or error.name
        if request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json":
            return jsonify(error=description), code
        return render_template("error.html", code=code, description=description), code
