"""What the web app holds for its lifetime, reachable from any view as :func:`web_state`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import current_app

from dealer_app.web.credentials import CredentialStore
from dealer_app.web.feed import TableFeed
from dealer_app.web.lockout import LockOut
from dealer_app.web.panel_notices import PanelNotices
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
        panel_notices: the button panel's last answer (refusals shown on the console).
        camera: the camera's latest picture for the zone editor (``latest_frame()``), or None.
        zones_file: where the zone editor saves the board and reader zones.
        default_zones: the zones in use while ``zones_file`` does not exist (configuration).
    """

    service: Any
    tournament: Any
    panel: Any
    settings: WebAppSettings
    credentials: CredentialStore
    lockout: LockOut
    feed: TableFeed
    hub: EventHub
    panel_notices: PanelNotices
    camera: Any
    zones_file: Path
    default_zones: dict[str, Any]


def web_state() -> WebState:
    """The :class:`WebState` of the running app."""
    return current_app.extensions[EXTENSION_KEY]
