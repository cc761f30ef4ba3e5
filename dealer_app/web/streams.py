"""The HTTP side of an event stream: headers, resume id, one channel per (role, language)."""

from __future__ import annotations

from flask import Response, request, stream_with_context

from dealer_app.web.sse import parse_last_event_id
from dealer_app.web.state import web_state


def event_stream(role: str, lang: str) -> Response:
    """A ``text/event-stream`` response for channel ``(role, lang)``.

    Resumes after ``Last-Event-ID`` (the header a browser sends on reconnect) or the
    ``last_id`` query parameter.
    """
    state = web_state()
    last_id = parse_last_event_id(
        request.headers.get("Last-Event-ID") or request.args.get("last_id")
    )
    body = state.hub.stream((role, lang), last_id, state.settings.keepalive_seconds)
    response = Response(stream_with_context(body), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response
