"""JSON Schemas of the table commands the console and the API send (docs/commands.md).

The table service is the judge of every command; these schemas describe the shapes for the
OpenAPI document and let the API refuse a malformed body before it reaches the service.
"""

from __future__ import annotations

from typing import Any

SEAT: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 10}
AMOUNT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 10**9}
CARD: dict[str, Any] = {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"}
CARDS: dict[str, Any] = {"type": "array", "items": CARD, "minItems": 1, "maxItems": 3}
REASON: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 200}
OUT_OF_TURN: dict[str, Any] = {"type": "boolean"}
#: Chips put out without a word: each chip's value (``chips`` command, T47, T48).
CHIPS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "integer", "minimum": 1, "maximum": 10**9},
    "minItems": 1,
    "maxItems": 100,
}
#: A cash table's buy-in or rebuy (C5): more than 0 chips.
BUY_IN: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 10**9}

#: Buttons of the virtual panel (``hardware.pins.ButtonName`` values, the dial's push aside).
PANEL_BUTTONS = ("fold", "check_call", "bet_raise", "all_in", "undo", "ok_next")

#: cmd -> (required fields, optional fields), each field with its schema.
COMMANDS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "fold": ({}, {"seat": SEAT, "out_of_turn": OUT_OF_TURN}),
    "check": ({}, {"seat": SEAT, "out_of_turn": OUT_OF_TURN}),
    "call": ({}, {"seat": SEAT, "out_of_turn": OUT_OF_TURN}),
    "bet": ({"to": AMOUNT}, {"seat": SEAT, "out_of_turn": OUT_OF_TURN}),
    "raise": ({"to": AMOUNT}, {"seat": SEAT, "out_of_turn": OUT_OF_TURN}),
    "allin": ({}, {"seat": SEAT, "out_of_turn": OUT_OF_TURN}),
    "chips": ({"chips": CHIPS}, {"seat": SEAT}),
    "ok": ({}, {}),
    "board": ({"cards": CARDS}, {}),
    "show": ({"seat": SEAT, "cards": {**CARDS, "minItems": 2, "maxItems": 2}}, {}),
    "muck": ({"seat": SEAT}, {}),
    "undo": ({}, {}),
    "correct": ({"seq": {"type": "integer", "minimum": 1}}, {"to": AMOUNT, "cards": CARDS}),
    "misdeal": ({}, {}),
    "void": ({"reason": REASON}, {}),
    "join": (
        {"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40}, "stack": AMOUNT},
        {"post": {"type": "boolean"}},
    ),
    "leave": ({"seat": SEAT}, {}),
    "sit_out": ({"seat": SEAT}, {}),
    "sit_in": ({"seat": SEAT}, {"post": {"type": "boolean"}}),
    "set_stack": ({"seat": SEAT, "stack": AMOUNT, "reason": REASON}, {}),
    "button": ({"seat": SEAT}, {}),
    "exclude": ({"seat": SEAT, "reason": REASON}, {}),
    "clock": ({"action": {"type": "string", "enum": ["start", "pause", "resume"]}}, {}),
    "alarm": (
        {
            "code": {
                "type": "string",
                "enum": ["duplicate_card", "too_many_board_cards", "premature_board_card", "card_exposed"],
            },
            "cards": {**CARDS, "maxItems": 10},
        },
        {"detail": {"type": "string", "maxLength": 300}},
    ),
    "dismiss": ({}, {}),
    "time": ({}, {"seat": SEAT}),
    "buy_in": ({"seat": SEAT, "amount": BUY_IN}, {}),
}


def command_schema(cmd: str) -> dict[str, Any]:
    """The JSON Schema of one command."""
    required, optional = COMMANDS[cmd]
    return {
        "type": "object",
        "title": cmd,
        "properties": {"cmd": {"type": "string", "enum": [cmd]}, **required, **optional},
        "required": ["cmd", *required],
        "additionalProperties": False,
    }


def any_command_schema() -> dict[str, Any]:
    """One of the commands, told apart by ``cmd``."""
    return {"oneOf": [command_schema(cmd) for cmd in COMMANDS]}


def shape_problem(body: Any) -> str | None:
    """Why ``body`` is not a command at all (None when it has a known ``cmd``).

    >>> shape_problem({"cmd": "raise", "to": 6}) is None
    True
    >>> shape_problem(["fold"])
    'A command is a JSON object with "cmd"'
    >>> shape_problem({"cmd": "dance"})
    "Unknown command 'dance'"
    """
    if not isinstance(body, dict) or "cmd" not in body:
        return 'A command is a JSON object with "cmd"'
    cmd = body["cmd"]
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        return f"Unknown command {cmd!r}"
    required, optional = COMMANDS[cmd]
    for name in body:
        if name != "cmd" and name not in required and name not in optional:
            return f"Unknown field {name!r} for {cmd}"
    for name in required:
        if name not in body:
            return f"Missing field {name!r} for {cmd}"
    for name, value in body.items():
        if name != "cmd":
            problem = _type_problem(value, {**required, **optional}[name])
            if problem:
                return f"Field {name!r} of {cmd} must be {problem}"
    return None


def _type_problem(value: Any, schema: dict[str, Any]) -> str | None:
    """What ``value`` should have been (None when its type fits ``schema``)."""
    kind = schema["type"]
    if kind == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**12
        return None if ok else "a whole number"
    if kind == "boolean":
        return None if isinstance(value, bool) else "true or false"
    if kind == "string":
        if not isinstance(value, str) or len(value) > schema.get("maxLength", 200):
            return f"text of at most {schema.get('maxLength', 200)} characters"
        return None
    if kind == "array" and schema["items"]["type"] == "integer":
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**12 for v in value
        ):
            return "a list of chip amounts like [1000, 100, 100]"
        return None
    if kind == "array":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return 'a list of cards like ["Ah", "Kd"]'
        return None
    return None
