"""The OpenAPI 3.0 document of the JSON API (served at ``/api/openapi.json``)."""

from __future__ import annotations

from typing import Any

from dealer_app.web.command_schema import PANEL_BUTTONS, any_command_schema

ERROR = {
    "type": "object",
    "properties": {"error": {"type": "string"}, "ok": {"type": "boolean"}},
    "required": ["error"],
}
CSRF_HEADER = {
    "name": "X-CSRF-Token",
    "in": "header",
    "required": True,
    "description": "The csrf_token from GET /api/session",
    "schema": {"type": "string"},
}
LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "enum": ["nl", "en"]},
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    texts = {
        400: "Malformed request",
        401: "Not signed in",
        403: "Wrong role or missing CSRF token",
        404: "Not here (e.g. no virtual panel, or no camera picture, on this table)",
        422: "Refused by the table rules (the reason says why)",
        429: "Locked out after too many wrong tries",
    }
    return {str(code): _json(ERROR, texts[code]) for code in codes}


def openapi_document() -> dict[str, Any]:
    """The whole document."""
    view = {"type": "object", "description": "See docs/web.md (public payload)"}
    session = {
        "type": "object",
        "properties": {
            "role": {"type": "string", "enum": ["spectator", "dealer", "organiser"]},
            "csrf_token": {"type": "string"},
        },
        "required": ["role"],
    }
    panel = {
        "type": "object",
        "properties": {
            "display": {"type": "array", "items": {"type": "string"}},
            "lights": {"type": "object"},
            "buzzer": {"type": "object"},
            "pressed": {"type": "array", "items": {"type": "string"}},
        },
    }
    panel_input = {
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "press": {"type": "string", "enum": list(PANEL_BUTTONS)},
                    "hold": {"type": "boolean"},
                },
                "required": ["press"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"turn": {"type": "integer", "minimum": -20, "maximum": 20}},
                "required": ["turn"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"dial": {"type": "string", "enum": ["push"]}},
                "required": ["dial"],
                "additionalProperties": False,
            },
        ]
    }
    polygon = {
        "type": "array",
        "minItems": 3,
        "maxItems": 32,
        "items": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "description": "Corners [x, y] in fractions of the picture (0 = left/top, 1 = right/bottom)",
    }
    zones = {
        "type": "object",
        "properties": {"board": polygon, "reader": polygon},
        "required": ["board", "reader"],
        "additionalProperties": False,
    }
    zones_answer = {
        "type": "object",
        "properties": {
            "zones": {"type": "object"},
            "source": {"type": "string", "enum": ["saved", "configuration", "none"]},
            "problem": {"type": "string"},
            "ok": {"type": "boolean"},
        },
        "required": ["zones", "source"],
    }
    stream = {
        "description": "text/event-stream of `view` events; id = log sequence number",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "dealer-app table API",
            "version": "1",
            "description": (
                "The commands of the dealer console and button panel. Sign in with "
                "POST /api/session, then send the csrf_token in X-CSRF-Token."
            ),
        },
        "components": {
            "securitySchemes": {
                "session": {"type": "apiKey", "in": "cookie", "name": "dealer_session"}
            }
        },
        "paths": {
            "/api/session": {
                "get": {
                    "summary": "Role and CSRF token of this session",
                    "responses": {"200": _json(session, "The session")},
                },
                "post": {
                    "summary": "Sign in as dealer (PIN) or organiser (password)",
                    "parameters": [CSRF_HEADER],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "role": {"type": "string", "enum": ["dealer", "organiser"]},
                                        "secret": {"type": "string", "maxLength": 100},
                                    },
                                    "required": ["role", "secret"],
                                }
                            }
                        },
                    },
                    "responses": {
                        "200": _json(session, "Signed in"),
                        **_errors(400, 401, 403, 429),
                    },
                },
                "delete": {
                    "summary": "Sign out",
                    "parameters": [CSRF_HEADER],
                    "responses": {"200": _json(session, "Signed out"), **_errors(403)},
                },
            },
            "/api/view": {
                "get": {
                    "summary": "Public view of the table (no hidden card)",
                    "parameters": [LANG],
                    "responses": {"200": _json(view, "The scoreboard payload")},
                }
            },
            "/api/dealer/view": {
                "get": {
                    "summary": "Dealer view: legal actions and amount window",
                    "parameters": [LANG],
                    "security": [{"session": []}],
                    "responses": {"200": _json(view, "The console payload"), **_errors(401, 403)},
                }
            },
            "/api/commands": {
                "post": {
                    "summary": "Run one table command (docs/commands.md)",
                    "security": [{"session": []}],
                    "parameters": [CSRF_HEADER],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": any_command_schema()}},
                    },
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "properties": {
                                    "ok": {"type": "boolean"},
                                    "seqs": {"type": "array", "items": {"type": "integer"}},
                                },
                                "required": ["ok", "seqs"],
                            },
                            "Done; the events written",
                        ),
                        **_errors(400, 401, 403, 422),
                    },
                }
            },
            "/api/log": {
                "get": {
                    "summary": "Audit view: the event log after a sequence number",
                    "security": [{"session": []}],
                    "parameters": [
                        {
                            "name": "after",
                            "in": "query",
                            "required": False,
                            "schema": {"type": "integer", "minimum": 0},
                        }
                    ],
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "properties": {"events": {"type": "array", "items": {"type": "object"}}},
                                "required": ["events"],
                            },
                            "Events in order",
                        ),
                        **_errors(400, 401, 403),
                    },
                }
            },
            "/api/panel": {
                "get": {
                    "summary": "The demo's virtual button panel: display, seat lights, buzzer",
                    "security": [{"session": []}],
                    "responses": {"200": _json(panel, "Panel state"), **_errors(401, 403, 404)},
                },
                "post": {
                    "summary": "Press a panel button, turn or push the dial (mock pins)",
                    "security": [{"session": []}],
                    "parameters": [CSRF_HEADER],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": panel_input}},
                    },
                    "responses": {
                        "200": _json(panel, "Panel state after the input"),
                        **_errors(400, 401, 403, 404),
                    },
                },
            },
            "/api/dealer/snapshot.jpg": {
                "get": {
                    "summary": "The camera's latest picture, for marking the zones",
                    "security": [{"session": []}],
                    "responses": {
                        "200": {
                            "description": "A JPEG picture",
                            "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}},
                        },
                        **_errors(401, 403, 404),
                    },
                }
            },
            "/api/dealer/zones": {
                "get": {
                    "summary": "The board and reader zones the camera uses",
                    "security": [{"session": []}],
                    "responses": {"200": _json(zones_answer, "The zones and where they come from"), **_errors(401, 403)},
                },
                "post": {
                    "summary": "Save the board and reader zones (written atomically to zones.json)",
                    "security": [{"session": []}],
                    "parameters": [CSRF_HEADER],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": zones}}},
                    "responses": {
                        "200": _json(zones_answer, "Saved; the camera uses them from its next picture"),
                        **_errors(400, 401, 403, 422),
                    },
                },
            },
            "/api/events": {"get": {"summary": "Public live stream", "responses": {"200": stream}}},
            "/api/dealer/events": {
                "get": {
                    "summary": "Dealer live stream",
                    "security": [{"session": []}],
                    "responses": {"200": stream, **_errors(401, 403)},
                }
            },
        },
    }
