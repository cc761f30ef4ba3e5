"""PHH (Poker Hand History, the pokerkit authors' open format) per hand or per night.

A hand is written with the fields a No-Limit Hold'em hand needs (see
``reference/phh.md``): player order p1 = first seat left of the button ... last = the
button (heads-up the big blind is p1). Hole cards are dealt face down (``????``) and
appear in ``sm`` show lines when tabled. A night is a ``.phhs`` file: one TOML table per
hand, ``[1]``, ``[2]``, ... Fields of our own start with ``_``.
"""

from __future__ import annotations

import datetime as dt
import json

from dealer_app.engine.events import BetRaise, BoardDealt, Call, Check, Fold, Muck, Show
from dealer_app.engine.phh import forced_bet_arrays
from dealer_app.engine.structures import BettingKind
from dealer_app.exports.hands import HandRecord

VARIANTS = {BettingKind.NO_LIMIT: "NT", BettingKind.CAPPED: "NT", BettingKind.POT_LIMIT: "PT", BettingKind.FIXED_LIMIT: "FT"}


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def phh_fields(record: HandRecord) -> dict[str, object]:
    """The PHH fields of one played hand, in PHH's player order."""
    state = record.state
    setup = state.setup
    order = list(state.seats)  # left of the button first, the button last
    index = {seat: i for i, seat in enumerate(order)}
    n = len(order)
    antes, blinds, trimming = forced_bet_arrays(state)
    structure = setup.structure
    actions: list[str] = [f"d dh p{i + 1} ????" for i in range(n)]
    for step in record.steps:
        event = step.event
        if isinstance(event, BoardDealt):
            actions.append(f"d db {event.cards}")
        elif isinstance(event, Fold):
            actions.append(f"p{index[event.seat] + 1} f")
        elif isinstance(event, (Check, Call)):
            actions.append(f"p{index[event.seat] + 1} cc")
        elif isinstance(event, BetRaise):
            actions.append(f"p{index[event.seat] + 1} cbr {event.to}")
        elif isinstance(event, Show):
            actions.append(f"p{index[event.seat] + 1} sm {event.cards}")
        elif isinstance(event, Muck):
            actions.append(f"p{index[event.seat] + 1} sm")
    final = record.stacks_after  # after a cash table's rake (C5)
    started = dt.datetime.fromtimestamp(record.started_at, dt.UTC)
    fields: dict[str, object] = {
        "variant": VARIANTS[structure.kind],
        "ante_trimming_status": trimming,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if structure.kind is BettingKind.FIXED_LIMIT:
        fields["small_bet"] = structure.fixed_small_bet
        fields["big_bet"] = structure.fixed_big_bet
    else:
        fields["min_bet"] = structure.big_blind
    fields.update(
        {
            "starting_stacks": [setup.stacks[s] for s in order],
            "actions": actions,
            "players": [record.names.get(s, f"Seat {s}") for s in order],
            "seats": order,
            "seat_count": record.config.seats,
            "table": record.config.name,
            "hand": record.number,
            "year": started.year,
            "month": started.month,
            "day": started.day,
            "time": started.strftime("%H:%M:%S"),
            "time_zone": "UTC",
            "currency": record.config.currency,
            "finishing_stacks": [final[s] for s in order],
            "_chip_cents": record.config.chip_cents,
        }
    )
    if structure.kind is BettingKind.CAPPED:
        fields["_round_cap"] = structure.round_cap
        fields["_hand_cap"] = structure.hand_cap
    if record.rake:  # PHH has no rake field (pokerkit takes a rake function): ours, C5
        fields["_rake"] = record.rake
    return fields


def hand_to_phh(record: HandRecord) -> str:
    """One hand as a ``.phh`` document."""
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in phh_fields(record).items())


def night_to_phhs(records: list[HandRecord]) -> str:
    """Every played hand as one ``.phhs`` document (``[1]``, ``[2]``, ... in order)."""
    played = [r for r in records if r.outcome == "played"]
    parts = []
    for i, record in enumerate(played, 1):
        parts.append(f"[{i}]\n" + hand_to_phh(record))
    return "\n".join(parts)
