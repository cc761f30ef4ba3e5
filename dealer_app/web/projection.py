"""What each screen receives: the service's view, cut down to what it may show, amounts formatted.

The public payload is built field by field from an allow-list, so nothing the service adds
later reaches spectators by accident. Hole cards appear only as the service's ``cards`` of a
seat, which it fills only after a ``shown`` event (docs/views.md).
"""

from __future__ import annotations

from typing import Any

from dealer_app.money import format_money
from dealer_app.web.equity_panel import contenders, hand_names, showdown_equities
from dealer_app.web.i18n import translate
from dealer_app.web.roles import Role
from dealer_app.web.tournament_panel import tournament_panel

PUBLIC_SEAT_FIELDS = (
    "seat",
    "name",
    "status",
    "folded",
    "all_in",
    "cards",
    "button",
    "blind",
    "to_act",
)


class Money:
    """Formats amounts of one table in one language.

    >>> Money({"chip_cents": 25, "currency": "EUR"}, "nl")(6)
    'EUR 1,50'
    """

    def __init__(self, table: dict[str, Any], lang: str) -> None:
        self.chip_cents = int(table.get("chip_cents", 1))
        self.currency = str(table.get("currency", "EUR"))
        self.lang = lang

    def __call__(self, amount: int | None) -> str | None:
        if amount is None:
            return None
        return format_money(amount, chip_cents=self.chip_cents, currency=self.currency, lang=self.lang)


def render_channel(state: Any, channel: tuple[str, str]) -> dict[str, Any]:
    """The payload of an SSE channel ``(role, lang)``."""
    role, lang = channel
    if role == Role.SPECTATOR.value:
        return public_payload(state, lang)
    return dealer_payload(state, lang)


def public_payload(state: Any, lang: str) -> dict[str, Any]:
    """The scoreboard's data: public information only."""
    view = state.service.view(role="public", lang=lang)
    return _public_from_view(view, state, lang)


def _public_from_view(view: dict[str, Any], state: Any, lang: str) -> dict[str, Any]:
    table = view.get("table") or {}
    money = Money(table, lang)
    # The recent actions come from the feed thread; let it catch up with this view first.
    state.feed.wait_for(view.get("seq", 0), timeout=1.0)
    names = {s["seat"]: s.get("name") for s in view.get("seats", [])}
    seats = []
    for seat in view.get("seats", []):
        entry = {key: seat.get(key) for key in PUBLIC_SEAT_FIELDS}
        entry["stack"] = seat.get("stack")
        entry["stack_text"] = money(seat.get("stack"))
        entry["bet"] = seat.get("bet")
        entry["bet_text"] = money(seat.get("bet")) if seat.get("bet") else None
        seats.append(entry)
    hand = view.get("hand")
    public_hand = None
    if hand:
        pots = [
            {
                "amount": pot.get("amount"),
                "amount_text": money(pot.get("amount")),
                "eligible": list(pot.get("eligible", [])),
            }
            for pot in hand.get("pots", [])
        ]
        public_hand = {
            "number": hand.get("number"),
            "phase": hand.get("phase"),
            "button": hand.get("button"),
            "sb": hand.get("sb"),
            "bb": hand.get("bb"),
            "board": list(hand.get("board", [])),
            "pots": pots,
            "total_pot": hand.get("total_pot"),
            "total_pot_text": money(hand.get("total_pot")),
            "current_bet_text": money(hand.get("current_bet")),
            "to_act": hand.get("to_act"),
        }
        equities = showdown_equities(view)
        named = hand_names(view, lang)
        for entry in seats:
            entry["equity"] = equities.get(entry["seat"])
            entry["hand_name"] = named.get(entry["seat"])
    level = view.get("level") or {}
    prompt = view.get("prompt") or {}
    return {
        "seq": view.get("seq", 0),
        "lang": lang,
        "table": {
            "name": table.get("name"),
            "seats": table.get("seats"),
            "structure": table.get("structure"),
        },
        "level": {
            "index": level.get("index"),
            "sb_text": money(level.get("sb")),
            "bb_text": money(level.get("bb")),
            "ante_text": money(level.get("ante")) if level.get("ante") else None,
            "round_cap_text": money(level.get("round_cap")) if level.get("round_cap") else None,
            "hand_cap_text": money(level.get("hand_cap")) if level.get("hand_cap") else None,
            "ends_at": level.get("ends_at"),
        },
        "button": view.get("button"),
        "hand": public_hand,
        "seats": seats,
        "prompt": {"code": prompt.get("code"), "text": prompt.get("text")},
        "push": _push(view, prompt, names, money, lang),
        "recent": [
            {
                "seat": action["seat"],
                "name": names.get(action["seat"]),
                "action": action["action"],
                "to_text": money(action["to"]) if action.get("to") else None,
            }
            for action in state.feed.recent_actions()
        ],
        "tournament": tournament_panel(state.tournament, money),
    }


def _push(
    view: dict[str, Any], prompt: dict[str, Any], names: dict[int, Any], money: Money, lang: str
) -> list[dict[str, Any]]:
    """Which pot goes to whom and why, from the ``push`` prompt (empty at any other time)."""
    if prompt.get("code") != "push":
        return []
    named = hand_names(view, lang)
    uncontested = len(contenders(view)) == 1
    pots = []
    for pot in (prompt.get("args") or {}).get("pots", []):
        winners = [
            {
                "seat": int(seat),
                "name": names.get(int(seat)),
                "amount_text": money(amount),
                "reason": translate("uncontested", lang)
                if uncontested
                else named.get(int(seat)),
            }
            for seat, amount in (pot.get("winners") or {}).items()
        ]
        pots.append(
            {
                "index": pot.get("pot", 0),
                "board": pot.get("board", 1),
                "amount_text": money(pot.get("amount")),
                "winners": winners,
                "odd_chip_seat": pot.get("odd_chip_seat"),
            }
        )
    return pots


def dealer_payload(state: Any, lang: str) -> dict[str, Any]:
    """The dealer console's data: the public payload plus legal actions, held actions, admin."""
    view = state.service.view(role="dealer", lang=lang)
    payload = _public_from_view(view, state, lang)
    money = Money(view.get("table") or {}, lang)
    legal = view.get("legal")
    if legal:
        legal = dict(legal)
        for key in ("call", "min_to", "max_to"):
            if legal.get(key) is not None:
                legal[f"{key}_text"] = money(legal[key])
    payload.update(
        {
            "legal": legal,
            "held": view.get("held", []),
            "can_undo": bool(view.get("can_undo")),
            "can_misdeal": bool(view.get("can_misdeal")),
            "admin": view.get("admin", []),
            "next_hand": view.get("next_hand"),
            "chip_cents": money.chip_cents,
            "currency": money.currency,
            "prompt": view.get("prompt") or {},
            "panel_feedback": state.panel_notices.last(),
        }
    )
    for seat_entry, seat in zip(payload["seats"], view.get("seats", []), strict=False):
        seat_entry["total"] = seat.get("total")
    payload["table"] = {**payload["table"], "cash": _cash_rules(view, money)}
    return payload


def _cash_rules(view: dict[str, Any], money: Money) -> dict[str, Any] | None:
    """A cash table's posted rules (C1-C5) for the console, with the buy-in window as money;
    ``None`` at a tournament table (the console then offers no time-out and no buy-in)."""
    cash = (view.get("table") or {}).get("cash")
    if not cash:
        return None
    return {
        **cash,
        "min_buy_in_text": money(cash["min_buy_in"]),
        "max_buy_in_text": money(cash["max_buy_in"]),
    }
