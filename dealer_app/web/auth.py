"""Signing in and out, first-start set-up, and the role checks of every protected view.

The role lives in the signed session cookie. A wrong PIN or password counts towards the
client's lock-out (:mod:`dealer_app.web.lockout`); while locked out even the right one is
refused, so guessing gains nothing.
"""

from __future__ import annotations

import functools
import hmac
from collections.abc import Callable
from typing import Any, TypeVar

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from dealer_app.web.i18n import current_lang, translate
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state

bp = Blueprint("auth", __name__)

F = TypeVar("F", bound=Callable[..., Any])


class SignInRefused(Exception):
    """A sign-in was refused; ``key`` and ``values`` make the translated message."""

    def __init__(self, key: str, status: int, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.status = status
        self.values = values

    def message(self, lang: str) -> str:
        """The reason in ``lang``."""
        return translate(self.key, lang, **self.values)


def current_role() -> Role:
    """The role of this request's session (spectator when not signed in)."""
    try:
        return Role(session.get("role", Role.SPECTATOR.value))
    except ValueError:
        return Role.SPECTATOR


def client_address() -> str:
    """The address lock-outs are counted by."""
    return request.remote_addr or "unknown"


def sign_in(role_name: str, secret: str) -> Role:
    """Check ``secret`` for ``role_name`` and put the role in the session, or raise :class:`SignInRefused`."""
    state = web_state()
    client = client_address()
    wait = state.lockout.locked_for(client)
    if wait:
        raise SignInRefused("locked_out", 429, seconds=wait)
    try:
        role = Role(role_name)
    except ValueError:
        role = Role.SPECTATOR
    if role is Role.SPECTATOR or not state.credentials.check(role.value, secret):
        state.lockout.failed(client)
        wait = state.lockout.locked_for(client)
        if wait:
            raise SignInRefused("locked_out", 429, seconds=wait)
        raise SignInRefused("wrong_secret", 401)
    state.lockout.succeeded(client)
    # A fresh session (and so a fresh CSRF token) for the new role; only the language stays.
    lang = session.get("lang")
    session.clear()
    session["role"] = role.value
    if lang:
        session["lang"] = lang
    return role


def sign_out() -> None:
    """Forget the session's role."""
    session.pop("role", None)


def require_role(needed: Role) -> Callable[[F], F]:
    """Decorate a view so only ``needed`` (or a higher role) reaches it.

    Not signed in: 401 for the API, a redirect to the sign-in page for pages.
    Signed in with too low a role: 403.
    """

    def decorate(view: F) -> F:
        @functools.wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            role = current_role()
            if role.may(needed):
                return view(*args, **kwargs)
            if role is Role.SPECTATOR:
                if request.path.startswith("/api/") or request.method != "GET":
                    abort(401, description=f"Sign in as {needed.value} first")
                return redirect(url_for("auth.login", next=request.path, role=needed.value))
            abort(403, description=f"Only the {needed.value} may do this")

        return wrapped  # type: ignore[return-value]

    return decorate


def _safe_next(target: str | None) -> str:
    """Follow ``next`` only to a path on this site."""
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return url_for("dealer.console")


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    """The sign-in form for the dealer (PIN) and the organiser (password)."""
    state = web_state()
    lang = current_lang(state.settings.default_lang)
    if not state.credentials.is_configured:
        return redirect(url_for("auth.setup"))
    role_name = request.values.get("role", Role.DEALER.value)
    status = 200
    if request.method == "POST":
        try:
            sign_in(role_name, request.form.get("secret", ""))
        except SignInRefused as refused:
            flash(refused.message(lang), "error")
            status = refused.status
        else:
            return redirect(_safe_next(request.values.get("next")))
    return (
        render_template(
            "login.html", lang=lang, role_name=role_name, next=request.values.get("next", "")
        ),
        status,
    )


@bp.route("/logout", methods=["POST"])
def logout() -> Any:
    """Sign out and go back to the scoreboard."""
    sign_out()
    return redirect(url_for("scoreboard.index"))


@bp.route("/setup", methods=["GET", "POST"])
def setup() -> Any:
    """First start: choose the dealer PIN and the organiser password (needs the setup code)."""
    state = web_state()
    lang = current_lang(state.settings.default_lang)
    store = state.credentials
    if store.is_configured:
        flash(translate("already_setup", lang), "info")
        return redirect(url_for("auth.login"))
    status = 200
    if request.method == "POST":
        client = client_address()
        wait = state.lockout.locked_for(client)
        if wait:
            flash(translate("locked_out", lang, seconds=wait), "error")
            status = 429
        elif not hmac.compare_digest(request.form.get("token", ""), store.setup_token or ""):
            state.lockout.failed(client)
            wait = state.lockout.locked_for(client)
            if wait:
                flash(translate("locked_out", lang, seconds=wait), "error")
                status = 429
            else:
                flash(translate("wrong_setup_token", lang), "error")
                status = 403
        else:
            try:
                store.choose(
                    request.form.get("dealer_pin", ""), request.form.get("organiser_password", "")
                )
            except ValueError as problem:
                flash(str(problem), "error")
                status = 400
            else:
                flash(translate("setup_done", lang), "info")
                return redirect(url_for("auth.login"))
    return render_template("setup.html", lang=lang), status
