"""Views of the table (docs/views.md) and the dealer's prompt, derived from the model."""

from __future__ import annotations

from functools import partial
from typing import Any

from dealer_app.engine.hand import Phase
from dealer_app.engine.table import TableError
from dealer_app.money import format_money
from dealer_app.prompts import render
from dealer_app.service.cash import ready_players
from dealer_app.service.model import STREETS, TableModel
from dealer_app.store import Event

_PHASES = {
    Phase.DEAL: "dealing",
    Phase.BOARD: "board",
    Phase.SHOWDOWN: "showdown",
    Phase.FINISHED: "push",
    Phase.VOIDED: "voided",
}


def prompt_of(model: TableModel, now: float) -> tuple[str, dict]:
    """The dealer's next instruction as ``(code, args)``."""
    hand, table = model.hand, model.table
    assert table is not None
    if hand is None:
        code, args = _between_hands_prompt(model, now)
        if model.removed and model.config is not None and model.config.cash is not None:
            minutes = model.config.cash.sit_out_limit // 60
            args["removed"] = [{**r, "minutes": minutes} for r in model.removed]
        return code, args
    if model.alarms:
        first = model.alarms[0]
        return "alarm", {
            "alarm": first["code"],
            "cards": list(first["cards"]),
            "street": first["street"],
            "seq": first["seq"],
            "open": len(model.alarms),
        }
    if not hand.shuffled:
        return "shuffle", {}
    state = hand.state
    prompt = state.prompt()
    kind = prompt.kind.name
    if kind == "DEAL_HOLE_CARDS":
        return "deal", {"seat": prompt.seat}
    if kind == "ACT":
        return "action", {"seat": prompt.seat}
    if kind == "BURN_AND_DEAL":
        return "burn_and_deal", {"street": STREETS.get(prompt.amounts[0], "flop")}
    if kind == "TABLE_ALL":
        return "table_all", {"seats": list(prompt.seats)}
    if kind == "SHOW":
        if not hand.shown_or_mucked():
            return "show_first", {"seat": prompt.seat}
        must = bool(prompt.amounts and prompt.amounts[0])
        return ("must_show" if must else "show"), {"seat": prompt.seat}
    if kind == "HAND_OVER":
        return "hand_over", {}
    if kind == "VOIDED" or state.phase is Phase.VOIDED:
        reason = next((e.event.reason for e in hand.entries if e.event and e.event.type == "hand_voided"), "")
        return "voided", {"reason": reason}
    returns = {str(seat): amount for seat, amount in sorted(state.returns.items()) if amount}
    pots, rake = model.pushed_pots(state)
    return "push", {"pots": pots, "returns": returns, **({"rake": rake} if rake else {})}


def _between_hands_prompt(model: TableModel, now: float) -> tuple[str, dict]:
    """The prompt when no hand is in progress: who to seat, the button, or the next hand."""
    assert model.table is not None
    if model.cash_start_refusal():
        return "cash_wait", {"ready": ready_players(model.table)}
    if model.cash_button_due():
        return "draw_button", {}
    try:
        plan = model.plan_next(now)
    except TableError as err:
        if "button" in str(err):
            return "place_button", {}
        return "seat_players", {"reason": str(err)}
    code = "start_hand_dead" if plan.button_dead else "start_hand"
    return code, {
        "button": plan.button,
        "sb": plan.sb,
        "bb": plan.bb,
        "posts": [p.to_dict() for p in plan.posts],
        "redeal": model.redeal_of is not None,
    }


def _money(model: TableModel):
    config = model.config
    assert config is not None
    return partial(format_money, chip_cents=config.chip_cents, currency=config.currency)


def build_view(model: TableModel, role: str, lang: str, now: float, last: Event | None) -> dict:
    """The JSON-able view for ``role`` (public or dealer) in ``lang``."""
    config, table, hand = model.config, model.table, model.hand
    assert config is not None and table is not None
    level_index = hand.plan.level if hand else config.levels[model.level_for(now)]
    code, args = prompt_of(model, now)
    if code == "alarm" and role == "public":
        args = {key: args[key] for key in ("alarm", "street", "open")}
    view: dict[str, Any] = {
        "seq": last.seq if last else 0,
        "table": {
            "name": config.name,
            "seats": config.seats,
            "currency": config.currency,
            "chip_cents": config.chip_cents,
            "structure": config.structure,
            "lang": lang,
            "cash": _cash_view(model),
        },
        "level": {**level_index.to_dict(), "index": list(config.levels).index(level_index)
                  if level_index in config.levels else None},
        "button": table.button,
        "hand": _hand_view(model) if hand else None,
        "seats": _seats_view(model),
        "prompt": {"code": code, "text": render(code, args, lang, _money(model)), "args": args},
        "last_event": _last_event(last, role),
        "last_hand": _last_hand(model),
    }
    if role == "dealer":
        view.update(_dealer_extra(model, now))
    return view


#: Payload fields of an ``alarm`` event the public view leaves out (they may name hole cards).
_SECRET_ALARM_FIELDS = ("cards", "detail")


def _cash_view(model: TableModel) -> dict | None:
    """A cash table's posted rules (C1-C5), ``None`` at a tournament table."""
    config = model.config
    assert config is not None
    if config.cash is None:
        return None
    rules = config.cash
    return {
        "min_buy_in": rules.min_buy_in,
        "max_buy_in": rules.max_buy_in,
        "max_seats": rules.max_seats,
        "sit_out_minutes": rules.sit_out_limit / 60,
        "return_minutes": rules.return_window / 60,
        "return_big_blinds": rules.return_big_blinds,
        "rake_percent": rules.rake_percent,
        "rake_cap": config.rake_cap,
        "rake_taken": model.rake_taken,
        "previous_hand_players": model.previous_hand_players,
    }


def _last_event(last: Event | None, role: str) -> dict | None:
    if last is None:
        return None
    payload = last.payload
    if role == "public" and last.type == "alarm":
        payload = {k: v for k, v in payload.items() if k not in _SECRET_ALARM_FIELDS}
    return {"seq": last.seq, "type": last.type, "source": last.source, "payload": payload}


def _last_hand(model: TableModel) -> dict | None:
    done = model.last_hand
    if done is None:
        return None
    return {
        "number": done.number,
        "pots": done.pots,
        "stacks": {str(s): v for s, v in done.stacks.items()},
        "voided": done.voided,
        "misdeal": done.misdeal,
    }


def _hand_view(model: TableModel) -> dict:
    hand = model.hand
    assert hand is not None
    state, plan = hand.state, hand.plan
    if not hand.shuffled:
        phase = "starting"
    elif state.phase is Phase.BETTING:
        phase = state.street.name.lower()
    else:
        phase = _PHASES.get(state.phase, state.phase.name.lower())
    board = state.board
    return {
        "number": hand.number,
        "phase": phase,
        "button": plan.button,
        "button_dead": plan.button_dead,
        "sb": plan.sb,
        "bb": plan.bb,
        "board": [board[i : i + 2] for i in range(0, len(board), 2)],
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in state.pots()],
        "total_pot": state.total_pot,
        "current_bet": state.current_bet,
        "to_act": state.to_act,
    }


def _seats_view(model: TableModel) -> list[dict]:
    table, hand = model.table, model.hand
    assert table is not None
    state = hand.state if hand else None
    out = []
    for seat in range(1, table.seat_count + 1):
        player = table.players.get(seat)
        if player is None:
            out.append({"seat": seat, "name": None, "stack": None, "status": "empty"})
            continue
        entry: dict[str, Any] = {"seat": seat, "name": player.name}
        in_hand = state is not None and seat in state.seats
        if in_hand:
            assert state is not None and hand is not None
            entry.update(
                stack=state.stack(seat),
                status="in_hand",
                bet=state.bet(seat),
                total=state.committed(seat),
                folded=state.folded(seat),
                all_in=state.all_in(seat),
                cards=_tabled(hand, seat),
                button=seat == hand.plan.button,
                blind="sb" if seat == hand.plan.sb else "bb" if seat == hand.plan.bb else None,
                to_act=state.to_act == seat,
            )
        else:
            status = "sitting_out" if player.sitting_out else "waiting" if player.waiting_for_bb else "out"
            if state is None and status == "out":
                status = "seated"
            entry.update(
                stack=player.stack,
                status=status,
                bet=0,
                total=0,
                folded=False,
                all_in=False,
                cards=None,
                button=seat == (hand.plan.button if hand else table.button),
                blind=None,
                to_act=False,
            )
        out.append(entry)
    return out


def _tabled(hand, seat: int) -> list[str] | None:
    """Hole cards only once tabled by a ``show`` (never cards known otherwise)."""
    for entry in reversed(hand.entries):
        event = entry.event
        if event is not None and event.type == "show" and event.seat == seat:
            return [event.cards[0:2], event.cards[2:4]]
    return None


def _dealer_extra(model: TableModel, now: float) -> dict:
    hand, table = model.hand, model.table
    assert table is not None
    legal = None
    can_misdeal = False
    held: list[dict] = []
    if hand is not None:
        state = hand.state
        option = state.legal() if state.phase is Phase.BETTING else None
        if option is not None:
            actions = ["fold"]
            if option.can_check:
                actions.append("check")
            if option.can_call:
                actions.append("call")
            if option.can_bet or option.can_raise:
                actions.append("bet" if option.can_bet else "raise")
            actions.append("allin")
            legal = {
                "seat": option.seat,
                "actions": actions,
                "call": option.call_amount,
                "min_to": option.min_to if (option.can_bet or option.can_raise) else None,
                "max_to": option.max_to if (option.can_bet or option.can_raise) else None,
            }
        held = [{"seat": h.seat, "action": h.action, "to": h.to} for h in hand.holds.values()]
        can_misdeal = state.phase not in (Phase.FINISHED, Phase.VOIDED) and not hand.substantial_action()
    next_hand = None
    if hand is None:
        try:
            plan = model.plan_next(now)
            next_hand = {
                "button": plan.button,
                "button_dead": plan.button_dead,
                "sb": plan.sb,
                "bb": plan.bb,
                "dealt": plan.dealt,
                "posts": [p.to_dict() for p in plan.posts],
            }
        except TableError:
            next_hand = None
    admin = [
        {
            "seat": p.seat,
            "missed": p.missed,
            "waiting_for_bb": p.waiting_for_bb,
            "post_next": p.post_next,
            "sitting_out": p.sitting_out,
        }
        for _, p in sorted(table.players.items())
    ]
    if model.config is not None and model.config.cash is not None:
        for entry in admin:
            entry["removal_at"] = _removal_at(model, entry["seat"])
    return {
        "legal": legal,
        "held": held,
        "can_undo": bool(hand and hand.entries),
        "can_misdeal": can_misdeal,
        "admin": admin,
        "next_hand": next_hand,
        "hole_cards": _known_hole_cards(model) if hand else {},
        "alarms": [dict(alarm) for alarm in model.alarms],
    }


def _removal_at(model: TableModel, seat: int) -> float | None:
    """C2: when (service clock) a sitting-out player of a cash table is removed."""
    config = model.config
    if config is None or config.cash is None or seat not in model.sat_out_at:
        return None
    return model.sat_out_at[seat] + config.cash.sit_out_limit


def _known_hole_cards(model: TableModel) -> dict:
    hand = model.hand
    assert hand is not None
    out = {}
    for seat in hand.state.seats:
        cards = hand.state.hole_cards(seat)
        if cards:
            out[str(seat)] = [cards[0:2], cards[2:4]]
    return out
