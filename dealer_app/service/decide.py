"""Deciding: a command becomes events, or a :class:`Refusal` with a reason for the dealer.

:class:`Decisions` is the command half of :class:`dealer_app.service.model.TableModel`:
``handle`` checks a command against the folded state and *emits* its events, applying each
one at once with the model's own fold, so live play and replay share one code path. The
service runs ``handle`` on a copy of the model and keeps the copy only once the events are
durable: a refused command changes nothing.
"""

from __future__ import annotations

import random
import re
from typing import Any

from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.engine.events import BetRaise, BoardDealt, Show
from dealer_app.engine.hand import HandState, IllegalAction, Phase
from dealer_app.engine.structures import HandSetup, Post, PostKind, SetupError
from dealer_app.engine.table import HandPlan, TableError, level_index
from dealer_app.engine.tournament.cash import (
    CashRules,
    first_button,
    hand_may_start,
    timeout_action,
)
from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.money import format_money
from dealer_app.service import cash
from dealer_app.service.alarms import ALARM_CODES, MAX_DETAIL
from dealer_app.service.handrun import HandRun, engine_event_for
from dealer_app.service.rake import rake_paid, take_rake

SOURCES = ("button", "camera", "console", "system")
STREETS = {1: "flop", 2: "turn", 3: "river"}
_POST_KINDS = {"ante": PostKind.ANTE, "sb": PostKind.SMALL_BLIND, "bb": PostKind.BIG_BLIND, "dead": PostKind.DEAD}

#: Engine refusals whose numbers, other than seat numbers, are amounts of money.
MONEY_REASONS = frozenset(
    {"round_cap", "hand_cap", "min_bet", "min_raise", "fixed_amount", "bad_amount", "max_bet", "check_facing_bet"}
)
_AMOUNT_IN_REASON = re.compile(r"(?<![Ss]eat )\b\d+\b")


def dealer_reason(err: IllegalAction, chip_cents: int, currency: str) -> str:
    """The engine's reason with its chip amounts written as money ("Minimum raise is to EUR 1.00")."""
    if err.code not in MONEY_REASONS:
        return err.reason
    return _AMOUNT_IN_REASON.sub(
        lambda number: format_money(int(number.group()), chip_cents, currency, "en"), err.reason
    )


#: command -> (required fields, optional fields)
COMMANDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "fold": ((), ("seat", "out_of_turn")),
    "check": ((), ("seat", "out_of_turn")),
    "call": ((), ("seat", "out_of_turn")),
    "bet": (("to",), ("seat", "out_of_turn")),
    "raise": (("to",), ("seat", "out_of_turn")),
    "allin": ((), ("seat", "out_of_turn")),
    "chips": (("chips",), ("seat",)),
    "ok": ((), ()),
    "board": (("cards",), ()),
    "show": (("seat", "cards"), ()),
    "muck": (("seat",), ()),
    "undo": ((), ()),
    "correct": (("seq",), ("to", "cards")),
    "misdeal": ((), ()),
    "void": ((), ("reason",)),
    "join": (("seat", "name", "stack"), ("post",)),
    "leave": (("seat",), ()),
    "sit_out": (("seat",), ()),
    "sit_in": (("seat",), ("post",)),
    "set_stack": (("seat", "stack"), ("reason",)),
    "button": (("seat",), ()),
    "exclude": (("seat",), ("reason",)),
    "clock": (("action",), ()),
    "alarm": (("code", "cards"), ("detail",)),
    "dismiss": ((), ()),
    "time": ((), ("seat",)),
    "buy_in": (("seat", "amount"), ()),
}


class Refusal(Exception):
    """A command that is not legal now; ``reason`` is for the dealer."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Decisions:
    """Command handlers; mixed into the model, whose fold (``apply``) they call."""

    pending: list[tuple[str, dict]]
    next_seq: int
    alarms: list[dict]
    previous_hand_players: int
    sat_out_at: dict[int, float]
    departures: dict[str, dict]
    #: The random source of this command only (the first button of a cash table, C1).
    rng: random.Random | None = None

    def emit(self, type_: str, payload: dict) -> None:
        """Make one new event: apply it now, remember it for the log."""
        self.apply(type_, payload, self.next_seq)
        self.pending.append((type_, payload))

    def handle(self, command: Any, now: float, rng: random.Random | None = None) -> list[tuple[str, dict]]:
        """Turn ``command`` into events (applied to this model); raise :class:`Refusal`.

        ``rng`` draws what is random (a cash table's first button, C1); the event records
        the outcome, so replay needs no random source.
        """
        self.pending = []
        name = _check_shape(command)
        self.rng = rng
        try:
            getattr(self, f"_cmd_{name}")(command, now)
        except IllegalAction as err:
            raise Refusal(dealer_reason(err, self._config.chip_cents, self._config.currency)) from err
        except (TableError, CardError, SetupError, TournamentError) as err:
            raise Refusal(str(err)) from err
        finally:
            self.rng = None
        return self.pending

    # -- cash tables (C1-C5) -----------------------------------------------------------

    @property
    def cash_rules(self) -> CashRules | None:
        """The posted cash-table rules, ``None`` at a tournament table."""
        return self._config.cash

    def money_text(self, amount: int) -> str:
        """An amount as money in a refusal ("EUR 1.50")."""
        return format_money(amount, self._config.chip_cents, self._config.currency, "en")

    def cash_start_refusal(self) -> str | None:
        """C1: why a cash table may not start a hand now (``None``: it may, or no cash table)."""
        rules = self.cash_rules
        if rules is None or self.hand is not None:
            return None
        return cash.start_refusal(rules, self._table, self.previous_hand_players)

    def cash_button_due(self) -> bool:
        """C1: a cash table before its first hand, with nobody on the button yet."""
        table = self._table
        return self.cash_rules is not None and table.button is None and table.last_bb is None

    def expire_sit_outs(self, now: float) -> list[tuple[str, dict]]:
        """C2: remove (between hands) every player who has sat out for the limit."""
        self.pending = []
        rules = self.cash_rules
        if rules is None or self.hand is not None:
            return self.pending
        for seat in cash.expired_seats(rules, self.sat_out_at, now):
            player = self._table.player(seat)
            payload = {
                "seat": seat,
                "stack": player.stack,
                "name": player.name,
                "at": now,
                "reason": "sit_out_expired",
                "sat_out_at": self.sat_out_at[seat],
            }
            self.emit("seat_left", payload)
        return self.pending

    def _cash_only(self, what: str) -> CashRules:
        rules = self.cash_rules
        if rules is None:
            raise Refusal(f"{what} is a cash-table rule; this is a tournament table")
        return rules

    def _cmd_time(self, c: dict, now: float) -> None:
        """C4: the player to act is out of time: check if possible, else fold; sits out after the hand."""
        self._cash_only("A time-out (C4)")
        hand, state, seat = self._player_to_act(c, ": only the player to act can time out")
        action = timeout_action(state.legal().can_check)
        before = len(hand.resolutions)
        self.emit("action", {"hand": hand.number, "seat": seat, "action": action, "to": None, "timeout": True})
        self._emit_resolutions(hand, before)

    def _cmd_buy_in(self, c: dict, now: float) -> None:
        """C5: a rebuy or add-on between hands, within the posted window; logged as ``stack_set``."""
        rules = self._cash_only("A buy-in (C5)")
        self._between_hands("A buy-in or rebuy (C5)")
        _check_int(c["amount"], "Amount")
        player = self._table.player(c["seat"])
        cash.check_rebuy(rules, player, c["amount"], self.money_text)
        payload = {
            "seat": player.seat,
            "stack": player.stack + c["amount"],
            "old": player.stack,
            "reason": "buy-in (C5)",
            "buy_in": c["amount"],
        }
        self.emit("stack_set", payload)

    def _sit_out_timed_out(self, timeouts: dict[int, int], now: float) -> None:
        """C4: after the hand, every player who timed out in it sits out."""
        for seat in sorted(set(timeouts.values())):
            player = self._table.players.get(seat)
            if player is not None and not player.sitting_out:
                self.emit("sat_out", {"seat": seat, "at": now, "reason": "timeout"})

    def pushed_pots(self, state: Any) -> tuple[list[dict], int]:
        """The pots of a finished hand as they are pushed, after a cash table's rake (C5:
        a share of each pot of a hand that saw a flop, up to the hand's cap), and the rake."""
        pots = pots_pushed(state)
        rules = self.cash_rules
        if rules is None:
            return pots, 0
        return take_rake(pots, rules, self._config.rake_cap, flop_seen=len(parse_cards(state.board)) >= 3)

    def level_for(self, now: float) -> int:
        levels = self._config.levels
        return level_index(levels, self.clock.elapsed(now)) if len(levels) > 1 else 0

    def plan_next(self, now: float) -> HandPlan:
        """The next hand's plan (raises :class:`TableError` when none can start).

        At a cash table (C1) no plan when too few sit in; when the usual plan would deal too
        few (players waiting for the big blind), everybody sitting in is dealt in.
        """
        level = self._config.levels[self.level_for(now)]
        rules = self.cash_rules
        if rules is None:
            return self._table.plan_hand(level)
        refusal = self.cash_start_refusal()
        if refusal:
            raise TableError(refusal)
        plan = self._table.plan_hand(level)
        if not hand_may_start(rules, len(plan.dealt), self.previous_hand_players):
            plan = self._table.plan_restart(level)
        return plan

    def setup_for(self, plan: HandPlan) -> HandSetup:
        structure = self._config.structure_for(plan.level)
        posts = tuple(
            Post(p.seat, PostKind.LIVE if p.kind == "bb" and p.seat != plan.bb else _POST_KINDS[p.kind], p.amount)
            for p in plan.posts
        )
        seats = tuple(sorted(plan.stacks.items()))
        return HandSetup(seats=seats, button=plan.button, structure=structure, posts=posts)

    def _between_hands(self, what: str) -> None:
        if self.hand is not None:
            raise Refusal(f"{what} only between hands: finish hand {self.hand.number} first")

    def _cmd_ok(self, c: dict, now: float) -> None:
        if self.alarms:
            first = self.alarms[0]
            if first["code"] == "duplicate_card":
                raise Refusal(
                    f"Card {' '.join(first['cards'])} seen twice: the hand is void (T45), confirm "
                    "with void; dismiss the alarm only if the deck holds no duplicate"
                )
            self._resolve_alarms("ok", 1)
            return
        hand = self.hand
        if hand is None:
            refusal = self.cash_start_refusal()
            if refusal:
                raise Refusal(refusal)
            if self.cash_button_due():
                self._draw_button()
                return
            plan = self.plan_next(now)
            self.emit(
                "hand_started",
                {
                    "hand": self.hands_started + 1,
                    "plan": plan.to_dict(),
                    "setup": self.setup_for(plan).to_dict(),
                    "redeal_of": self.redeal_of,
                },
            )
            return
        phase = hand.state.phase
        if not hand.shuffled:
            self.emit("shuffled", {"hand": hand.number})
        elif phase is Phase.DEAL:
            self.emit("dealt", {"hand": hand.number})
        elif phase in (Phase.FINISHED, Phase.VOIDED):
            state = hand.state
            timeouts = dict(hand.timeouts)
            pots, rake = ([], 0) if phase is Phase.VOIDED else self.pushed_pots(state)
            stacks = state.final_stacks()
            if rake:  # C5: the winners' shares after the rake
                for seat, paid in rake_paid(pots_pushed(state), pots).items():
                    stacks[seat] -= paid
            payload: dict[str, Any] = {
                "hand": hand.number,
                "pots": pots,
                "stacks": {str(s): v for s, v in sorted(stacks.items())},
            }
            if rake:
                payload["rake"] = rake
            self.emit("hand_ended", payload)
            self._sit_out_timed_out(timeouts, now)
        else:
            raise Refusal("Nothing to confirm now: " + _waiting_for(hand))

    def _draw_button(self) -> None:
        """C1: a random player (sitting in, with chips) gets the first button."""
        table = self._table
        seats = [s for s, p in sorted(table.players.items()) if not p.sitting_out and p.stack > 0]
        seat = first_button(seats, self.rng or random.Random())
        self.emit("button_placed", {"seat": seat, "drawn": True, "from": seats})

    def _betting_hand(self) -> HandRun:
        """The hand in a betting round; a refusal naming what the table waits for otherwise."""
        hand = self.hand
        if hand is None or hand.state.phase is not Phase.BETTING:
            raise Refusal("No betting now" + (": " + _waiting_for(hand) if hand else ": no hand in progress"))
        return hand

    def _player_to_act(self, c: dict, why: str = "") -> tuple[HandRun, HandState, int]:
        """``(hand, state, seat)`` for a command that only the player to act may be given."""
        hand = self._betting_hand()
        state = hand.state
        seat = c.get("seat", state.to_act)
        if seat != state.to_act:
            raise Refusal(f"Action is on seat {state.to_act}, not seat {seat}{why}")
        return hand, state, seat

    def _cmd_betting(self, c: dict, now: float) -> None:
        hand = self._betting_hand()
        action, state = c["cmd"], hand.state
        to_act = state.to_act
        seat = c.get("seat", to_act)
        to = c.get("to")
        if to is not None:
            _check_int(to, "Amount")
        if c.get("out_of_turn"):
            self._hold(hand, seat, action, to)
            return
        if seat != to_act:
            raise Refusal(f"Action is on seat {to_act}, not seat {seat}")
        event = engine_event_for(state, seat, action, to)
        if isinstance(event, BetRaise):
            label = "bet" if state.current_bet == 0 else "raise"
            if action == "allin":
                label = "allin"
            to = event.to
        else:
            label = "allin" if action == "allin" else type(event).__name__.lower()
            to = None
        before = len(hand.resolutions)
        self.emit("action", {"hand": hand.number, "seat": seat, "action": label, "to": to})
        self._emit_resolutions(hand, before)

    _cmd_fold = _cmd_check = _cmd_call = _cmd_bet = _cmd_raise = _cmd_allin = _cmd_betting

    def _cmd_chips(self, c: dict, now: float) -> None:
        """Chips put out without a word (TDA 43-A, 45, 51-B; WT 92, 93-f, 95; T47, T48)."""
        chips = c["chips"]
        if not isinstance(chips, list) or not chips or any(
            isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in chips
        ):
            raise Refusal("chips is the list of chip amounts put out, e.g. [1000, 100, 100]")
        hand, state, seat = self._player_to_act(c)
        action, to, ruling = chips_ruling(state, seat, chips)
        before = len(hand.resolutions)
        payload = {"hand": hand.number, "seat": seat, "action": action, "to": to, "chips": chips, "ruling": ruling}
        self.emit("action", payload)
        self._emit_resolutions(hand, before)

    def _hold(self, hand: HandRun, seat: Any, action: str, to: int | None) -> None:
        state = hand.state
        _check_int(seat, "Seat")
        if seat == state.to_act:
            raise Refusal(f"Seat {seat} is to act: this is not out of turn")
        if seat not in state.seats or state.folded(seat) or state.all_in(seat):
            raise Refusal(f"Seat {seat} has no action in this hand")
        if seat in hand.holds:
            raise Refusal(f"Seat {seat} already has an action out of turn waiting")
        if action in ("bet", "raise") and to is None:
            raise Refusal(f"Say how much: {action} to what amount?")
        payload = {
            "hand": hand.number,
            "seat": seat,
            "action": action,
            "to": to,
            "facing": state.current_bet,
            "street": state.street.name.lower(),
        }
        self.emit("oot_held", payload)

    def _emit_resolutions(self, hand: HandRun, before: int) -> None:
        for r in hand.resolutions[before:]:
            self.pending.append(
                ("oot_" + r.outcome, {"hand": hand.number, "seat": r.seat, "action": r.action, "to": r.to})
            )
            self.next_seq += 1

    def _cmd_board(self, c: dict, now: float) -> None:
        hand = self._need_hand()
        cards = _cards(c["cards"])
        prompt = hand.state.prompt()
        street = STREETS.get(prompt.amounts[0], "board") if prompt.amounts else "board"
        before = len(hand.resolutions)
        self.emit("board", {"hand": hand.number, "street": street, "cards": cards})
        self._emit_resolutions(hand, before)

    def _cmd_show(self, c: dict, now: float) -> None:
        hand = self._need_hand()
        cards = _cards(c["cards"])
        _check_int(c["seat"], "Seat")
        self.emit("shown", {"hand": hand.number, "seat": c["seat"], "cards": cards})

    def _cmd_muck(self, c: dict, now: float) -> None:
        hand = self._need_hand()
        _check_int(c["seat"], "Seat")
        self.emit("mucked", {"hand": hand.number, "seat": c["seat"]})

    def _cmd_undo(self, c: dict, now: float) -> None:
        hand = self.hand
        if hand is None:
            raise Refusal("Nothing to undo: the hand is over (undo works within a hand)")
        if not hand.entries:
            raise Refusal("Nothing to undo in this hand yet")
        self.emit("undone", {"hand": hand.number, "seq": hand.entries[-1].seq})

    def _cmd_correct(self, c: dict, now: float) -> None:
        hand = self._need_hand()
        _check_int(c["seq"], "Event number")
        entry = hand.entry(c["seq"])
        if entry is None or entry.event is None:
            raise Refusal(f"Event {c['seq']} is not an action, board or show of this hand")
        event = entry.event
        if "to" in c and isinstance(event, BetRaise):
            _check_int(c["to"], "Amount")
            if any(b.seq > entry.seq for b in hand.board_entries()):
                raise Refusal(
                    "Too late: a board card was dealt since, so the amount stands (TDA 52-A, WT 90-e)"
                )
            field_, old, new = "to", event.to, c["to"]
        elif "cards" in c and isinstance(event, (BoardDealt, Show)):
            field_, old, new = "cards", _split(event.cards), _cards(c["cards"])
        else:
            raise Refusal(
                "Correct the amount ('to') of a bet or raise, or the cards of a board or show"
            )
        if old == new:
            raise Refusal("The correction changes nothing")
        try:
            self.emit("corrected", {"hand": hand.number, "seq": c["seq"], "field": field_, "old": old, "new": new})
        except IllegalAction as err:
            raise Refusal(f"Correction not possible: {err.reason}") from err

    def _cmd_misdeal(self, c: dict, now: float) -> None:
        hand = self._need_hand()
        if hand.state.phase in (Phase.FINISHED, Phase.VOIDED):
            raise Refusal("The hand is already decided: no misdeal now")
        if hand.substantial_action():
            raise Refusal(
                "No misdeal after substantial action (WT 88-c): void the hand instead "
                "if the deck is fouled"
            )
        self._resolve_alarms("misdeal")
        self.emit("misdeal", {"hand": hand.number})

    def _cmd_void(self, c: dict, now: float) -> None:
        hand = self._need_hand()
        if hand.state.phase in (Phase.FINISHED, Phase.VOIDED):
            raise Refusal("The hand is already decided: too late to void it")
        reason = c.get("reason") or "void"
        if not isinstance(reason, str):
            raise Refusal("The reason must be text")
        self._resolve_alarms("void")
        self.emit("voided", {"hand": hand.number, "reason": reason})

    def _cmd_join(self, c: dict, now: float) -> None:
        rules = self.cash_rules
        self._between_hands("A buy-in (C5)" if rules else "Taking a seat")
        post = c.get("post", self._config.new_player_posts_bb)
        if not isinstance(post, bool):
            raise Refusal("post must be true or false")
        _check_int(c["stack"], "Stack")
        if rules is not None:
            cash.check_join(rules, self.departures, c["name"], c["stack"], now, self.money_text)
        self.emit("seat_taken", {"seat": c["seat"], "name": c["name"], "stack": c["stack"], "post": post})

    def _cmd_leave(self, c: dict, now: float) -> None:
        self._between_hands("Leaving")
        player = self._table.player(c["seat"])
        payload: dict[str, Any] = {"seat": player.seat, "stack": player.stack}
        if self.cash_rules is not None:  # C3 remembers who left with what, and when
            payload.update(name=player.name, at=now)
        self.emit("seat_left", payload)

    def _cmd_sit_out(self, c: dict, now: float) -> None:
        self._between_hands("Sitting out")
        payload: dict[str, Any] = {"seat": c["seat"]}
        if self.cash_rules is not None:  # the C2 limit runs from now
            payload["at"] = now
        self.emit("sat_out", payload)

    def _cmd_sit_in(self, c: dict, now: float) -> None:
        self._between_hands("Sitting in")
        post = c.get("post", False)
        if not isinstance(post, bool):
            raise Refusal("post must be true or false")
        if self.cash_rules is not None and post and self._table.player(c["seat"]).missed:
            raise Refusal(
                f"Seat {c['seat']} missed a blind while out: on a cash table they wait for the big blind (C2)"
            )
        self.emit("sat_in", {"seat": c["seat"], "post": post})

    def _cmd_set_stack(self, c: dict, now: float) -> None:
        self._between_hands("A stack change (B5)")
        player = self._table.player(c["seat"])
        reason = c.get("reason", "")
        self.emit("stack_set", {"seat": player.seat, "stack": c["stack"], "old": player.stack, "reason": reason})

    def _cmd_button(self, c: dict, now: float) -> None:
        self._between_hands("Placing the button")
        if self.cash_rules is not None:
            raise Refusal("On a cash table a random player gets the first button (C1): press OK to draw it")
        self.emit("button_placed", {"seat": c["seat"]})

    def _cmd_exclude(self, c: dict, now: float) -> None:
        self._between_hands("Excluding a player")
        shares = self._table.exclusion_shares(c["seat"])
        player = self._table.player(c["seat"])
        self.emit(
            "excluded",
            {
                "seat": player.seat,
                "name": player.name,
                "reason": c.get("reason", ""),
                "stack": player.stack,
                "shares": {str(s): v for s, v in shares.items()},
            },
        )

    def _cmd_clock(self, c: dict, now: float) -> None:
        action = c["action"]
        if len(self._config.levels) < 2:
            raise Refusal("This table plays fixed limits: there is no level clock")
        running = self.clock.started_at is not None and self.clock.paused_at is None
        allowed = {
            "start": self.clock.started_at is None,
            "pause": running,
            "resume": self.clock.paused_at is not None,
        }
        if action not in allowed:
            raise Refusal("Clock action must be start, pause or resume")
        if not allowed[action]:
            raise Refusal(f"The clock cannot {action} now")
        self.emit("clock", {"action": action, "at": now})

    def _cmd_alarm(self, c: dict, now: float) -> None:
        """An integrity alarm (docs/commands.md): recorded, open until resolved."""
        hand = self.hand
        if hand is None:
            raise Refusal("No hand in progress: an alarm belongs to a hand")
        if hand.state.phase in (Phase.FINISHED, Phase.VOIDED):
            raise Refusal("The hand is already decided: no alarm now")
        code = c["code"]
        if code not in ALARM_CODES:
            raise Refusal(f"Unknown alarm code {code!r} (use {', '.join(ALARM_CODES)})")
        cards = c["cards"]
        if not isinstance(cards, list) or not cards or any(not isinstance(x, str) for x in cards):
            raise Refusal("Give the alarm's cards as a list like [\"Ah\"]")
        parse_cards(cards, unique=False)
        detail = c.get("detail", "")
        if not isinstance(detail, str) or len(detail) > MAX_DETAIL:
            raise Refusal(f"The detail must be text of at most {MAX_DETAIL} characters")
        for alarm in self.alarms:
            if alarm["code"] == code and alarm["cards"] == cards:
                raise Refusal(f"This alarm is already open (event {alarm['seq']}): the dealer resolves it")
        prompt = hand.state.prompt()
        street = STREETS.get(prompt.amounts[0]) if prompt.kind.name == "BURN_AND_DEAL" and prompt.amounts else None
        payload = {"hand": hand.number, "code": code, "cards": list(cards), "detail": detail, "street": street}
        self.emit("alarm", payload)

    def _cmd_dismiss(self, c: dict, now: float) -> None:
        """The dealer checked: the camera misread; the first open alarm is closed."""
        if not self.alarms:
            raise Refusal("No camera alarm is open")
        self._resolve_alarms("dismiss", 1)

    def _resolve_alarms(self, by: str, count: int | None = None) -> None:
        hand = self._need_hand()
        for alarm in list(self.alarms)[:count]:
            self.emit("alarm_resolved", {"hand": hand.number, "alarm": alarm["seq"], "code": alarm["code"], "by": by})

    def _need_hand(self) -> HandRun:
        if self.hand is None:
            raise Refusal("No hand in progress")
        return self.hand


def chips_ruling(state: Any, seat: int, chips: list[int]) -> tuple[str, int | None, str]:
    """What chips put out silently by the seat to act mean: ``(action, to, ruling)``.

    - nothing to call: a bet of that size (a bet under the minimum is made the minimum);
    - less than the call: an undercall, the seat must call in full (T48; TDA 51-B);
    - one chip, or every chip needed for the call: a call, the rest goes back (T47c; TDA 45);
    - at least half of a full raise on top of the call: a full minimum raise (T47a; TDA 43-A);
    - otherwise a call, the excess goes back (T47b).
    """
    legal = state.legal()
    bet = state.bet(seat)
    total = bet + sum(chips)
    can_raise = legal.can_bet or legal.can_raise
    if legal.call_amount == 0:
        if not can_raise:
            return "check", None, "no_bet_possible"
        to = min(max(total, legal.min_to), legal.max_to)
        return ("bet" if state.current_bet == 0 else "raise"), to, "bet"
    if total < legal.call_to:
        return "call", None, "undercall_must_call"
    if len(chips) == 1 or sum(chips) - min(chips) < legal.call_to - bet or not can_raise:
        return "call", None, "call_excess_returned" if total > legal.call_to else "call"
    if total >= legal.min_to:
        return "raise", min(total, legal.max_to), "raise"
    if 2 * total >= legal.call_to + legal.min_to:
        return "raise", legal.min_to, "forced_min_raise"
    return "call", None, "call_excess_returned"


def pots_pushed(state: Any) -> list[dict]:
    """The pots of a finished hand in the order they are pushed (side pots first, P4).

    Each: ``pot`` (0 = the main pot, n = side pot n), ``board`` (2 for the second run, P6),
    amount, winners' shares, odd-chip seat.
    """
    pots = []
    for award in state.awards:
        odd = list(award.odd_chip_seats)
        pots.append(
            {
                "pot": award.pot_index,
                "board": award.board,
                "amount": award.amount,
                "winners": {str(s): v for s, v in award.shares.items()},
                "odd_chip_seat": odd[0] if odd else None,
            }
        )
    return pots


def _waiting_for(hand: HandRun | None) -> str:
    if hand is None:
        return "no hand in progress"
    prompt = hand.state.prompt()
    kind = prompt.kind.name
    if not hand.shuffled:
        return "shuffle first"
    if kind == "ACT":
        return f"action is on seat {prompt.seat}"
    if kind == "BURN_AND_DEAL":
        return "the board cards are due"
    if kind in ("SHOW", "TABLE_ALL"):
        return "the showdown is on"
    if kind == "DEAL_HOLE_CARDS":
        return "deal the cards"
    return kind.lower().replace("_", " ")


def _check_shape(command: Any) -> str:
    if not isinstance(command, dict):
        raise Refusal("A command is an object with a 'cmd' field")
    name = command.get("cmd")
    if name not in COMMANDS:
        raise Refusal(f"Unknown command {name!r}")
    required, optional = COMMANDS[name]
    for key in required:
        if key not in command:
            raise Refusal(f"{name} needs '{key}'")
    for key in command:
        if key != "cmd" and key not in required and key not in optional:
            raise Refusal(f"Unknown field {key!r} for {name}")
    for key in ("seat",):
        if key in command:
            _check_int(command[key], "Seat")
    return name


def _check_int(value: Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(f"{what} must be a whole number, not {value!r}")


def _cards(cards: Any) -> list[str]:
    if isinstance(cards, str):
        raise Refusal("Cards are a list like [\"Ah\", \"Kd\"]")
    if not isinstance(cards, list) or not cards:
        raise Refusal("Give the cards as a list like [\"Ah\", \"Kd\"]")
    parse_cards(cards)
    return list(cards)


def _split(cards: str) -> list[str]:
    return [cards[i : i + 2] for i in range(0, len(cards), 2)]
