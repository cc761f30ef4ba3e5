"""The JSON API behind the console: the same commands the button panel sends.

Described in OpenAPI at ``/api/openapi.json``. Reading the public view and the public
stream needs nothing; every state-changing request needs a signed-in session of the right
role **and** the session's CSRF token in ``X-CSRF-Token`` (401 / 403 otherwise).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, request

from dealer_app.web.auth import SignInRefused, current_role, require_role, sign_in, sign_out
from dealer_app.web.command_schema import PANEL_BUTTONS, shape_problem
from dealer_app.web.csrf import csrf_token
from dealer_app.web.i18n import current_lang
from dealer_app.web.openapi import openapi_document
from dealer_app.web.projection import dealer_payload, public_payload
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state
from dealer_app.web.streams import event_stream

bp = Blueprint("api", __name__, url_prefix="/api")

#: Console commands are logged with this source (docs/commands.md).
SOURCE = "console"
#: Most events one audit request returns.
LOG_PAGE = 200


def _json_body() -> Any:
    body = request.get_json(silent=True)
    if body is None:
        abort(400, description="Send a JSON body (Content-Type: application/json)")
    return body


def _lang() -> str:
    return current_lang(web_state().settings.default_lang)


@bp.get("/openapi.json")
def openapi() -> Any:
    """The OpenAPI 3.0 description of this API."""
    return jsonify(openapi_document())


@bp.get("/session")
def session_info() -> Any:
    """The caller's role and the CSRF token its state-changing requests must carry."""
    return jsonify(role=current_role().value, csrf_token=csrf_token(), lang=_lang())


@bp.post("/session")
def session_sign_in() -> Any:
    """Sign in as dealer (PIN) or organiser (password)."""
    body = _json_body()
    if not isinstance(body, dict):
        abort(400, description='Send {"role": "dealer", "secret": "..."}')
    role, secret = body.get("role"), body.get("secret")
    if not isinstance(role, str) or not isinstance(secret, str):
        abort(400, description='Send {"role": "dealer", "secret": "..."}')
    try:
        signed_in = sign_in(role, secret)
    except SignInRefused as refused:
        return jsonify(error=refused.message(_lang())), refused.status
    return jsonify(role=signed_in.value, csrf_token=csrf_token())


@bp.delete("/session")
def session_sign_out() -> Any:
    """Sign out."""
    sign_out()
    return jsonify(role=Role.SPECTATOR.value)


@bp.get("/view")
def view() -> Any:
    """The public view (what the scoreboard shows)."""
    return jsonify(public_payload(web_state(), _lang()))


@bp.get("/events")
def events() -> Any:
    """The public live stream (Server-Sent Events, resumable by ``Last-Event-ID``)."""
    return event_stream(Role.SPECTATOR.value, _lang())


@bp.get("/dealer/view")
@require_role(Role.DEALER)
def dealer_view() -> Any:
    """The dealer's view: legal actions with their amount window, held actions, admin."""
    return jsonify(dealer_payload(web_state(), _lang()))


@bp.get("/dealer/events")
@require_role(Role.DEALER)
def dealer_events() -> Any:
    """The dealer's live stream."""
    return event_stream(Role.DEALER.value, _lang())


@bp.post("/commands")
@require_role(Role.DEALER)
def command() -> Any:
    """Run one table command; 200 with the new sequence numbers, or 422 with the reason."""
    body = _json_body()
    problem = shape_problem(body)
    if problem:
        return jsonify(ok=False, error=problem), 400
    result = web_state().service.execute(body, source=SOURCE)
    if not result.ok:
        return jsonify(ok=False, error=result.reason), 422
    return jsonify(ok=True, seqs=list(result.seqs))


@bp.get("/log")
@require_role(Role.DEALER)
def audit_log() -> Any:
    """The event log for the audit view: events after ``after`` (at most 200 a page)."""
    after = request.args.get("after", "0")
    if not after.isdigit() or len(after) > 12:
        abort(400, description="'after' must be a sequence number (0 or more)")
    first = int(after)
    events = [e.to_dict() for e in web_state().service.events() if e.seq > first]
    return jsonify(events=events[:LOG_PAGE])


def _panel() -> Any:
    panel = web_state().panel
    if panel is None:
        abort(404, description="This table has no virtual button panel (only the demo has one)")
    return panel


@bp.get("/panel")
@require_role(Role.DEALER)
def panel_state() -> Any:
    """What the virtual panel shows: display lines, seat lights, buzzer."""
    return jsonify(_panel().state())


@bp.post("/panel")
@require_role(Role.DEALER)
def panel_press() -> Any:
    """Drive the demo's mock pins: ``{"press": "fold"[, "hold": true]}``, ``{"turn": -2}`` or
    ``{"dial": "push"}``. The panel's own input layer turns the pin changes into commands."""
    panel = _panel()
    body = _json_body()
    if not isinstance(body, dict) or len(body.keys() - {"hold"}) != 1:
        abort(400, description='Send {"press": "fold"}, {"turn": 1} or {"dial": "push"}')
    if "press" in body:
        button = body["press"]
        if not isinstance(button, str) or button not in PANEL_BUTTONS:
            abort(400, description=f"No button {button!r}; buttons: {', '.join(PANEL_BUTTONS)}")
        (panel.hold if body.get("hold") is True else panel.click)(button)
    elif "turn" in body:
        detents = body["turn"]
        if isinstance(detents, bool) or not isinstance(detents, int) or not 1 <= abs(detents) <= 20:
            abort(400, description="'turn' is a number of dial clicks from -20 to 20, not 0")
        panel.turn(detents, interval=0.05)
    elif body.get("dial") == "push":
        panel.push_dial()
    else:
        abort(400, description='Send {"press": "fold"}, {"turn": 1} or {"dial": "push"}')
    return jsonify(panel.state())
