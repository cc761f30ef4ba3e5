"""Integrity alarms: what the camera (or the dealer) reports, and what it holds until resolved.

An ``alarm`` command (source ``camera`` or ``console``) writes an ``alarm`` event; the alarm
stays open, and the dealer's prompt names its procedure, until an ``alarm_resolved`` event:
``ok`` (procedure done; not for a duplicate card), ``dismiss`` (the camera misread), or the
end of the hand by ``void`` or ``misdeal`` (a duplicate card voids the hand, T45).

While an alarm is open the hand waits: only :data:`WHILE_OPEN` commands work, and the
camera may send nothing but further alarms (its board and show reads are held).

>>> hold_reason("board", "camera", [{"code": "card_exposed", "cards": ["7c"]}])
'Camera commands wait while a camera alarm is open: the dealer resolves it first'
>>> hold_reason("void", "console", [{"code": "duplicate_card", "cards": ["Ah"]}]) is None
True
"""

from __future__ import annotations

#: Alarm codes the table service records (card_watch's integrity alarms).
ALARM_CODES = ("duplicate_card", "too_many_board_cards", "premature_board_card", "card_exposed")
#: Sources that may raise an alarm.
ALARM_SOURCES = ("camera", "console")
#: Commands that still work while an alarm is open (from any source but the camera).
WHILE_OPEN = frozenset({"alarm", "ok", "dismiss", "undo", "correct", "void", "misdeal", "clock"})
#: Longest ``detail`` text kept with an alarm.
MAX_DETAIL = 300


def source_reason(cmd: str, source: str) -> str | None:
    """Why ``source`` may not send ``cmd`` at all (alarms come from the camera or the console)."""
    if cmd == "alarm" and source not in ALARM_SOURCES:
        return f"An alarm comes from the camera or the console, not from the {source}"
    return None


def hold_reason(cmd: str, source: str, open_alarms: list[dict]) -> str | None:
    """Why ``cmd`` from ``source`` must wait for the open alarms (None when it may go on)."""
    if not open_alarms or cmd == "alarm":
        return None
    if source == "camera":
        return "Camera commands wait while a camera alarm is open: the dealer resolves it first"
    if cmd not in WHILE_OPEN:
        first = open_alarms[0]
        cards = " ".join(first.get("cards") or [])
        return (
            f"Resolve the camera alarm first ({first['code']}{' ' + cards if cards else ''}): "
            "OK when its procedure is done, dismiss if the camera misread; undo and void still work"
        )
    return None
