"""What the web app holds for its lifetime, reachable from any view as :func:`web_state`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import current_app

from dealer_app.web.credentials import CredentialStore
from dealer_app.web.feed import TableFeed
from dealer_app.web.lockout import LockOut
from dealer_app.web.settings import WebAppSettings
from dealer_app.web.sse import EventHub

EXTENSION_KEY = "dealer_web"


@dataclass
class WebState:
    """The table service and its companions, shared by every request.

    Attributes:
        service: the table's :class:`dealer_app.service.TableService`.
        tournament: the tournament the organiser runs here, or None.
        panel: the virtual button panel (MockFactory pins) of the demo, or None.
        settings: the validated web settings.
        credentials: hashed PIN and password.
        lockout: wrong-secret counter.
        feed: follows the table log (recent actions, equity) and feeds ``hub``.
        hub: SSE fan-out.
    """

    service: Any
    tournament: Any
    panel: Any
    settings: WebAppSettings
    credentials: CredentialStore
    lockout: LockOut
    feed: TableFeed
    hub: EventHub


def web_state() -> WebState:
    """The :class:`WebState` of the running app."""
    return current_app.extensions[EXTENSION_KEY]
