"""CSV (one row per action) and JSON (one object per hand) exports."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

from dealer_app.engine.events import (
    BetRaise,
    BoardDealt,
    Call,
    Check,
    Fold,
    HoleCardsDealt,
    Muck,
    Show,
)
from dealer_app.engine.hand import HandState
from dealer_app.exports.hands import HandRecord

CSV_COLUMNS = (
    "hand", "seq", "time", "source", "street", "seat", "player", "action", "to", "cards", "pot", "stack",
)
_STREETS = ("preflop", "flop", "turn", "river")


def _iso(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _describe(event: object) -> tuple[str, int | None, str | None]:
    """(action, to, cards) of an engine event."""
    if isinstance(event, Fold):
        return "fold", None, None
    if isinstance(event, Check):
        return "check", None, None
    if isinstance(event, Call):
        return "call", None, None
    if isinstance(event, BetRaise):
        return "bet_raise", event.to, None
    if isinstance(event, BoardDealt):
        return "board", None, event.cards
    if isinstance(event, Show):
        return "show", None, event.cards
    if isinstance(event, Muck):
        return "muck", None, None
    if isinstance(event, HoleCardsDealt):
        return "deal", None, None
    return type(event).__name__.lower(), None, None


def action_rows(record: HandRecord) -> list[dict]:
    """One row per counted step of the hand, with the pot and the seat's stack after it.

    A cash table's raked hand (C5) ends with one more row: action ``rake``, ``to`` = the
    chips taken, ``pot`` = the pot before the rake, source ``system``.
    """
    replay = HandState.start(record.state.setup)
    rows = []
    for step in record.steps:
        street = _STREETS[int(replay.street)]
        replay.apply(step.event)
        if isinstance(step.event, BoardDealt):  # a board row belongs to the street it opens
            street = _STREETS[int(replay.street)]
        action, to, cards = _describe(step.event)
        seat = getattr(step.event, "seat", None)
        rows.append(
            {
                "hand": record.number,
                "seq": step.seq,
                "time": _iso(step.time),
                "source": step.source,
                "street": street,
                "seat": seat,
                "player": record.names.get(seat) if seat else None,
                "action": action,
                "to": to,
                "cards": cards,
                "pot": replay.total_pot,
                "stack": replay.stack(seat) if seat else None,
            }
        )
    if record.rake:
        pot = sum(p["amount"] + p.get("rake", 0) for p in record.pots)
        rows.append(
            {
                "hand": record.number, "seq": None, "time": _iso(record.ended_at), "source": "system",
                "street": rows[-1]["street"] if rows else "preflop", "seat": None, "player": None,
                "action": "rake", "to": record.rake, "cards": None, "pot": pot, "stack": None,
            }
        )  # fmt: skip
    return rows


def night_to_csv(records: list[HandRecord]) -> str:
    """Every action of every hand as CSV with a header row."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for record in records:
        for row in action_rows(record):
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue()


def hand_to_json(record: HandRecord) -> dict:
    """One hand as a JSON-able dict."""
    state, plan = record.state, record.plan
    before, after = record.stacks_before, record.stacks_after
    return {
        "hand": record.number,
        "table": record.config.name,
        "currency": record.config.currency,
        "chip_cents": record.config.chip_cents,
        "structure": record.config.structure,
        "started": _iso(record.started_at),
        "ended": _iso(record.ended_at),
        "outcome": record.outcome,
        "button": plan.button,
        "button_dead": plan.button_dead,
        "sb": plan.sb,
        "bb": plan.bb,
        "level": plan.level.to_dict(),
        "players": [
            {"seat": s, "name": record.names.get(s), "start": before[s], "end": after[s]}
            for s in state.seats
        ],
        "posts": [p.to_dict() for p in plan.posts],
        "actions": action_rows(record),
        "board": [state.board[i : i + 2] for i in range(0, len(state.board), 2)],
        "pots": record.pots,
        "rake": record.rake,
        "winnings": {str(s): after[s] - before[s] for s in state.seats},
    }


def night_to_json(records: list[HandRecord]) -> str:
    """Every hand as a JSON array (pretty-printed)."""
    return json.dumps([hand_to_json(r) for r in records], indent=1, ensure_ascii=False) + "\n"
