"""CSRF protection: every state-changing request must carry the session's token.

The token lives in the signed session cookie (SameSite=Strict, HttpOnly) and is repeated by
pages in a hidden form field ``csrf_token`` or by scripts in the ``X-CSRF-Token`` header.
A request without the matching token is refused with 403 before any view runs.
"""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, request, session

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
HEADER = "X-CSRF-Token"
FORM_FIELD = "csrf_token"


def csrf_token() -> str:
    """The current session's token, made on first use."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def _sent_token() -> str:
    header = request.headers.get(HEADER)
    if header:
        return header
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return request.form.get(FORM_FIELD, "")
    return ""


def check_csrf() -> None:
    """Abort with 403 when a state-changing request lacks the session's token."""
    if request.method in SAFE_METHODS:
        return
    expected = session.get("csrf")
    sent = _sent_token()
    if not isinstance(expected, str) or not hmac.compare_digest(expected, sent):
        abort(403, description="Missing or wrong CSRF token: reload the page and try again")


def init_csrf(app: Flask) -> None:
    """Check every request and give templates ``csrf_token()``."""
    app.before_request(check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token
