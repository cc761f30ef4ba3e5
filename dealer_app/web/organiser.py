"""The organiser's area (password): tournament set-up, registration, seat draw, table chart,
final table, and the downloads of hand logs and results."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from dealer_app.web.auth import require_role
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state

bp = Blueprint("organiser", __name__, url_prefix="/organiser")


@bp.route("/")
@require_role(Role.ORGANISER)
def index() -> Any:
    """The organiser's page."""
    state = web_state()
    return render_template("organiser.html", has_tournament=state.tournament is not None)
