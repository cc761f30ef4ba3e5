"""The dealer console (PIN): prompt, legal actions, cards by hand, undo, irregularities, seats,
the virtual button panel and the audit log. The page talks to the JSON API (:mod:`api`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from dealer_app.web.auth import require_role
from dealer_app.web.embed import embedded_json
from dealer_app.web.i18n import current_lang
from dealer_app.web.projection import dealer_payload
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state

bp = Blueprint("dealer", __name__, url_prefix="/dealer")


@bp.route("/")
@require_role(Role.DEALER)
def console() -> Any:
    """The console page."""
    state = web_state()
    lang = current_lang(state.settings.default_lang)
    payload = dealer_payload(state, lang)
    return render_template(
        "console.html",
        payload=embedded_json(payload),
        seq=payload["seq"],
        has_panel=state.panel is not None,
    )
