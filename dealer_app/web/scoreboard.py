"""The public scoreboard at ``/``: a felt with seats, pots, board, last actions, tournament panel.

The page carries the current public payload and then follows ``/events``. ``?layout=tv``
or ``?layout=phone`` picks a layout (default: chosen by screen width); ``?lang=nl|en``
picks the language.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from dealer_app.web.embed import embedded_json
from dealer_app.web.i18n import current_lang
from dealer_app.web.projection import public_payload
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state
from dealer_app.web.streams import event_stream

bp = Blueprint("scoreboard", __name__)

LAYOUTS = ("auto", "phone", "tv")


@bp.route("/")
def index() -> Any:
    """The scoreboard page."""
    state = web_state()
    lang = current_lang(state.settings.default_lang)
    layout = request.args.get("layout", "auto")
    if layout not in LAYOUTS:
        layout = "auto"
    payload = public_payload(state, lang)
    return render_template(
        "scoreboard.html", payload=embedded_json(payload), layout=layout, seq=payload["seq"]
    )


@bp.route("/events")
def events() -> Any:
    """The scoreboard's live stream (public channel)."""
    lang = current_lang(web_state().settings.default_lang)
    return event_stream(Role.SPECTATOR.value, lang)
