"""Hand histories in the PokerStars text style that trackers import.

Amounts are money (e.g. ``€0.50``); hole cards are unknown until shown, so there are no
"Dealt to" lines. Hands are separated by two blank lines, as in PokerStars files.
"""

from __future__ import annotations

import datetime as dt

from dealer_app.engine.evaluator import evaluate
from dealer_app.engine.events import BetRaise, BoardDealt, Call, Check, Fold, Muck, Show
from dealer_app.engine.hand import HandState
from dealer_app.engine.structures import BettingKind, PostKind
from dealer_app.exports.hands import HandRecord

SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
GAMES = {
    BettingKind.NO_LIMIT: "Hold'em No Limit",
    BettingKind.CAPPED: "Hold'em No Limit",
    BettingKind.POT_LIMIT: "Hold'em Pot Limit",
    BettingKind.FIXED_LIMIT: "Hold'em Limit",
}


class _Money:
    def __init__(self, record: HandRecord) -> None:
        self.cents = record.config.chip_cents
        self.symbol = SYMBOLS.get(record.config.currency, "")

    def __call__(self, amount: int) -> str:
        whole, frac = divmod(amount * self.cents, 100)
        return f"{self.symbol}{whole}.{frac:02d}"


def _spaced(cards: str) -> str:
    return " ".join(cards[i : i + 2] for i in range(0, len(cards), 2))


def hand_to_pokerstars(record: HandRecord) -> str:
    """One played hand as PokerStars-style text."""
    money = _Money(record)
    state = record.state
    setup = state.setup
    structure = setup.structure
    name = {s: record.names.get(s, f"Seat {s}") for s in state.seats}
    started = dt.datetime.fromtimestamp(record.started_at, dt.UTC)
    currency = record.config.currency
    lines = [
        f"PokerStars Hand #{record.number}: {GAMES[structure.kind]} "
        f"({money(structure.small_blind)}/{money(structure.big_blind)} {currency}) - "
        f"{started:%Y/%m/%d %H:%M:%S} UTC",
        f"Table '{record.config.name}' {record.config.seats}-max Seat #{setup.button} is the button",
    ]
    for seat in sorted(state.seats):
        lines.append(f"Seat {seat}: {name[seat]} ({money(setup.stacks[seat])} in chips)")
    for post in setup.posts:
        who = name[post.seat]
        if post.kind in (PostKind.ANTE, PostKind.BIG_BLIND_ANTE):
            lines.append(f"{who}: posts the ante {money(post.amount)}")
        elif post.kind is PostKind.SMALL_BLIND:
            lines.append(f"{who}: posts small blind {money(post.amount)}")
        elif post.kind in (PostKind.BIG_BLIND, PostKind.LIVE, PostKind.STRADDLE):
            lines.append(f"{who}: posts big blind {money(post.amount)}")
        else:
            lines.append(f"{who}: posts dead small blind {money(post.amount)}")
    lines.append("*** HOLE CARDS ***")
    replay = HandState.start(setup)
    board = ""
    showdown_started = False
    for step in record.steps:
        event = step.event
        before_bet = replay.current_bet
        if isinstance(event, (Show, Muck)) and not showdown_started:
            lines.append("*** SHOW DOWN ***")
            showdown_started = True
        if isinstance(event, BoardDealt):
            if board:  # 3 cards on the table: the turn; 4: the river
                title = "TURN" if len(board) == 6 else "RIVER"
                lines.append(f"*** {title} *** [{_spaced(board)}] [{_spaced(event.cards)}]")
            else:
                lines.append(f"*** FLOP *** [{_spaced(event.cards)}]")
            board += event.cards
        elif isinstance(event, Fold):
            lines.append(f"{name[event.seat]}: folds")
        elif isinstance(event, Check):
            lines.append(f"{name[event.seat]}: checks")
        elif isinstance(event, Call):
            paid = min(before_bet - replay.bet(event.seat), replay.stack(event.seat))
            all_in = " and is all-in" if paid == replay.stack(event.seat) else ""
            lines.append(f"{name[event.seat]}: calls {money(paid)}{all_in}")
        elif isinstance(event, BetRaise):
            all_in = " and is all-in" if event.to - replay.bet(event.seat) == replay.stack(event.seat) else ""
            if before_bet == 0:
                lines.append(f"{name[event.seat]}: bets {money(event.to)}{all_in}")
            else:
                lines.append(
                    f"{name[event.seat]}: raises {money(event.to - before_bet)} to {money(event.to)}{all_in}"
                )
        elif isinstance(event, Show):
            description = evaluate(event.cards + state.board).name() if len(state.board) >= 6 else "shows"
            lines.append(f"{name[event.seat]}: shows [{_spaced(event.cards)}] ({description})")
        elif isinstance(event, Muck):
            lines.append(f"{name[event.seat]}: mucks hand")
        replay.apply(event)
    for seat, amount in state.returns.items():
        lines.append(f"Uncalled bet ({money(amount)}) returned to {name[seat]}")
    collected: dict[int, int] = {}
    pushed = record.pots if record.rake else [{"pot": a.pot_index, "winners": a.shares} for a in state.awards]
    for award in pushed:  # as pushed: after a cash table's rake (C5)
        for seat_text, amount in award["winners"].items():
            seat = int(seat_text)
            collected[seat] = collected.get(seat, 0) + amount
            pot = "pot" if award["pot"] == 0 else f"side pot-{award['pot']}"
            lines.append(f"{name[seat]} collected {money(amount)} from {pot}")
    lines.append("*** SUMMARY ***")
    total = sum(a.amount for a in state.awards)
    lines.append(f"Total pot {money(total)} | Rake {money(record.rake)}")
    if state.board:
        lines.append(f"Board [{_spaced(state.board)}]")
    for seat in sorted(state.seats):
        if seat in collected:
            lines.append(f"Seat {seat}: {name[seat]} collected ({money(collected[seat])})")
        elif state.folded(seat):
            lines.append(f"Seat {seat}: {name[seat]} folded")
        else:
            lines.append(f"Seat {seat}: {name[seat]} lost")
    return "\n".join(lines) + "\n"


def night_to_pokerstars(records: list[HandRecord]) -> str:
    """Every played hand, separated by two blank lines."""
    return "\n\n".join(hand_to_pokerstars(r) for r in records if r.outcome == "played")
