"""One hand of Texas Hold'em as a fold over events (see docs/engine-api.md).

>>> from dealer_app.engine.structures import HandSetup, Structure
>>> state = HandState.start(HandSetup.standard({1: 200, 2: 200, 3: 200}, 3, Structure()))
>>> state.apply(HoleCardsDealt())
>>> state.to_act, state.legal().call_amount, state.legal().min_to
(3, 2, 4)
>>> state.apply(BetRaise(3, 17))
>>> try:
...     state.apply(BetRaise(1, 20))
... except IllegalAction as err:
...     print(err.reason)
Minimum raise is to 32
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from dealer_app.engine.betting import BettingState, Legal
from dealer_app.engine.cards import CARD_STRINGS, CardError, cards_str, parse_cards
from dealer_app.engine.events import (
    BetRaise,
    BoardDealt,
    Call,
    CardBurned,
    Check,
    Event,
    Fold,
    HandStarted,
    HandVoided,
    HoleCardsDealt,
    IllegalAction,
    Muck,
    RunTwice,
    Show,
)
from dealer_app.engine.pots import Pot, build_pots, unmatched_excess
from dealer_app.engine.showdown import Award, award_pots, showdown_order, strengths
from dealer_app.engine.structures import HandSetup

__all__ = [
    "Award",
    "HandState",
    "IllegalAction",
    "Legal",
    "Phase",
    "Pot",
    "Prompt",
    "PromptKind",
    "Street",
    "fold_events",
]

_ACTION_KIND = {Fold: "fold", Check: "check", Call: "call", BetRaise: "bet_raise"}
_STREET_NAMES = ("pre-flop", "flop", "turn", "river")
_CARD_INDEX = {text: i for i, text in enumerate(CARD_STRINGS)}


class Phase(StrEnum):
    """Where the hand is."""

    DEAL = "deal"
    BETTING = "betting"
    BOARD = "board"
    SHOWDOWN = "showdown"
    FINISHED = "finished"
    VOIDED = "voided"


class Street(IntEnum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class PromptKind(StrEnum):
    """The dealer's next step."""

    DEAL_HOLE_CARDS = "deal_hole_cards"
    ACT = "act"
    BURN_AND_DEAL = "burn_and_deal"
    TABLE_ALL = "table_all"
    SHOW = "show"
    PUSH = "push"
    VOIDED = "voided"
    HAND_OVER = "hand_over"


@dataclass(frozen=True)
class Prompt:
    """Structured dealer prompt: the edge renders it in English or Dutch."""

    kind: PromptKind
    seat: int | None = None
    amounts: tuple[int, ...] = ()
    seats: tuple[int, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind.value, "seat": self.seat, "amounts": list(self.amounts), "seats": list(self.seats)}


class HandState:
    """The state of one hand; :meth:`apply` folds one event into it (validate, then commit)."""

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        self.b = BettingState(setup)
        self.seats: tuple[int, ...] = self.b.seats
        n = len(self.seats)
        self._index = {seat: i for i, seat in enumerate(self.seats)}
        self.phase = Phase.DEAL
        self.dealt = [False] * n
        self.hole: list[list[int] | None] = [None] * n
        self.shown = [False] * n
        self.mucked = [False] * n
        self._board: list[int] = []
        self._board2: list[int] | None = None
        self.burned = False
        self.closed = False
        self.showdown_aggressor: int | None = None
        self.awards: list[Award] = []
        self.returns: dict[int, int] = {}
        self.void_reason: str | None = None
        self.events: list[Event] = [HandStarted(setup)]
        self._used: set[int] = set()  # every known card of the hand

    # ----- construction ---------------------------------------------------------------------
    @classmethod
    def start(cls, setup: HandSetup) -> HandState:
        """A new hand with its forced bets posted."""
        return cls(setup)

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> HandState:
        """Fold a full event list (the first must be :class:`HandStarted`)."""
        it = iter(events)
        first = next(it, None)
        if not isinstance(first, HandStarted):
            raise IllegalAction("out_of_order", "A hand starts with hand_started")
        state = cls(first.setup)
        for event in it:
            state.apply(event)
        return state

    def copy(self) -> HandState:
        """An independent copy."""
        other = object.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.b = self.b.copy()
        for name in ("dealt", "shown", "mucked", "events", "awards"):
            setattr(other, name, list(getattr(self, name)))
        other.hole = [None if h is None else list(h) for h in self.hole]
        other._board = list(self._board)
        other._board2 = None if self._board2 is None else list(self._board2)
        other.returns = dict(self.returns)
        other._used = set(self._used)
        return other

    def applied(self, event: Event) -> HandState:
        """Pure form of :meth:`apply`: a new state; ``self`` is untouched."""
        other = self.copy()
        other.apply(event)
        return other

    # ----- applying events -----------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Fold ``event`` in, or raise :class:`IllegalAction` and change nothing."""
        if self.phase is Phase.VOIDED or self.phase is Phase.FINISHED:
            raise IllegalAction("hand_over", "The hand is over")
        kind = _ACTION_KIND.get(type(event))
        if kind is not None:
            self._act(event, kind)  # type: ignore[arg-type]
        elif type(event) is BoardDealt:
            self._deal_board(event)  # type: ignore[arg-type]
        elif isinstance(event, HoleCardsDealt):
            self._deal_hole(event)
        elif isinstance(event, CardBurned):
            self._burn()
        elif isinstance(event, BoardDealt):
            self._deal_board(event)
        elif isinstance(event, Show):
            self._show(event)
        elif isinstance(event, Muck):
            self._muck(event)
        elif isinstance(event, RunTwice):
            self._run_twice()
        elif isinstance(event, HandVoided):
            self.phase = Phase.VOIDED
            self.void_reason = event.reason
        else:
            raise IllegalAction("out_of_order", f"{type(event).__name__} cannot be applied to a running hand")
        self.events.append(event)

    def _seat_index(self, seat: object) -> int:
        i = self._index.get(seat)  # type: ignore[call-overload]
        if i is None:
            raise IllegalAction("seat_not_in_hand", f"Seat {seat} is not in this hand", None)
        return i

    def can_check(self, seat: int) -> bool:
        """True when ``seat`` owes nothing in this round (check rather than call)."""
        i = self._seat_index(seat)
        return self.b.bets[i] >= self.b.current_bet

    def _act(self, event: Fold | Check | Call | BetRaise, kind: str) -> None:
        i = self._seat_index(event.seat)
        if self.phase is not Phase.BETTING:
            if self.phase is Phase.DEAL:
                raise IllegalAction("no_action", "Deal the hole cards first", event.seat)
            raise IllegalAction("no_action", "No betting action is expected now", event.seat)
        if self.b.folded[i]:
            raise IllegalAction("seat_folded", f"Seat {event.seat} has folded", event.seat)
        self.b.act(i, kind, getattr(event, "to", None))
        if self.b.live_count() == 1:
            self._record_return(self.b.end_round())
            self._finish()
        elif self.b.actor is None:
            self._round_over()

    def _record_return(self, excess: tuple[int, int] | None) -> None:
        if excess is not None:
            seat = self.seats[excess[0]]
            self.returns[seat] = self.returns.get(seat, 0) + excess[1]

    def _round_over(self) -> None:
        b = self.b
        self.showdown_aggressor = b.last_aggressor
        self._record_return(b.end_round())
        if b.betting_closed():
            self.closed = True
            self.phase = Phase.SHOWDOWN if len(self._board) == 5 else Phase.BOARD
        elif b.street == Street.RIVER:
            self.phase = Phase.SHOWDOWN
        else:
            self.phase = Phase.BOARD
        self._maybe_finish()

    def _deal_hole(self, event: HoleCardsDealt) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalAction("out_of_order", "The hole cards are already dealt")
        if event.seat is None:
            if event.cards is not None:
                raise IllegalAction("bad_card", "Cards for everyone need one event per seat")
            targets = [i for i in range(len(self.seats)) if not self.dealt[i]]
            cards = None
        else:
            i = self._seat_index(event.seat)
            if self.dealt[i]:
                raise IllegalAction("out_of_order", f"Seat {event.seat} already has its cards", event.seat)
            targets = [i]
            cards = None
            if event.cards is not None and event.cards.strip("?") != "":
                cards = self._parse_new_cards(event.cards, 2, "hole cards", event.seat)
        for i in targets:
            self.dealt[i] = True
            if cards is not None:
                self.hole[i] = cards
                self._used.update(cards)
        if all(self.dealt):
            self.phase = Phase.BETTING
            if self.b.actor is None:
                self._round_over()

    def _parse_new_cards(self, text: str, count: int, what: str, seat: int | None = None) -> list[int]:
        try:
            cards = [_CARD_INDEX[text[k : k + 2]] for k in range(0, 2 * count, 2)]
            if len(text) != 2 * count or len(set(cards)) != count:
                raise KeyError(text)
        except KeyError:
            try:
                cards = parse_cards(text)
            except CardError as err:
                raise IllegalAction("bad_card", str(err), seat) from None
        if len(cards) != count:
            noun = "card" if count == 1 else "cards"
            verb = "are" if what == "hole cards" else "is"
            raise IllegalAction(
                "wrong_card_count", f"The {what} {verb} {count} {noun}, got {len(cards)}", seat, (count, len(cards))
            )
        own = self.hole[self._index[seat]] if seat is not None else None
        for c in cards:
            if c in self._used and not (own and c in own):
                raise IllegalAction("duplicate_card", f"Card {cards_str([c])} is already in this hand", seat)
        return cards

    def _burn(self) -> None:
        if self.phase is not Phase.BOARD or self._board_complete():
            raise IllegalAction("out_of_order", "No card is to be burned now")
        if self.burned:
            raise IllegalAction("out_of_order", "A card was already burned for this deal")
        self.burned = True

    def _board_complete(self) -> bool:
        return len(self._board) == 5 and (self._board2 is None or len(self._board2) == 5)

    def _next_deal(self) -> tuple[int, int, int]:
        """(street, cards, board number) of the next board deal."""
        board, number = (self._board, 1) if len(self._board) < 5 else (self._board2 or [], 2)
        if len(board) < 3:
            return 1, 3, number
        return len(board) - 1, 1, number

    def _deal_board(self, event: BoardDealt) -> None:
        if self.phase is not Phase.BOARD or self._board_complete():
            if self.phase is Phase.BETTING:
                actor = self.seats[self.b.actor] if self.b.actor is not None else None
                raise IllegalAction(
                    "out_of_order",
                    f"The betting on the {_STREET_NAMES[self.b.street]} is not finished (action on seat {actor})",
                    actor,
                )
            if self.phase is Phase.DEAL:
                raise IllegalAction("out_of_order", "Deal the hole cards first")
            raise IllegalAction("out_of_order", "The board is complete")
        street, count, number = self._next_deal()
        what = ("flop", "turn", "river")[street - 1]
        cards = self._parse_new_cards(event.cards, count, what)
        target = self._board if number == 1 else self._board2
        assert target is not None
        target.extend(cards)
        self._used.update(cards)
        self.burned = False
        if not self.closed:
            self.b.start_round(street)
            self.phase = Phase.BETTING
            if self.b.actor is None:
                self._round_over()
        elif self._board_complete():
            self.phase = Phase.SHOWDOWN
            self._maybe_finish()

    def _at_showdown(self) -> bool:
        return self.phase is Phase.SHOWDOWN or (self.phase is Phase.BOARD and self.closed)

    def _contender(self, seat: int) -> int:
        i = self._seat_index(seat)
        if not self._at_showdown():
            raise IllegalAction("not_at_showdown", "Cards are shown at the showdown only", seat)
        if self.b.folded[i]:
            raise IllegalAction("seat_folded", f"Seat {seat} has folded", seat)
        if self.shown[i] or self.mucked[i]:
            raise IllegalAction("already_shown", f"Seat {seat} has already shown or mucked", seat)
        return i

    def _show(self, event: Show) -> None:
        i = self._contender(event.seat)
        cards = self._parse_new_cards(event.cards, 2, "hole cards", event.seat)
        known = self.hole[i]
        if known is not None and sorted(known) != sorted(cards):
            raise IllegalAction(
                "bad_card", f"Seat {event.seat} was dealt {cards_str(known)}, not {event.cards}", event.seat
            )
        self.hole[i] = cards
        self._used.update(cards)
        self.shown[i] = True
        self._maybe_finish()

    def _muck(self, event: Muck) -> None:
        i = self._contender(event.seat)
        if self.must_show(event.seat):
            raise IllegalAction("must_show", self._must_show_reason(i), event.seat)
        self.mucked[i] = True
        self._maybe_finish()

    def _run_twice(self) -> None:
        if not self.setup.structure.run_it_twice:
            raise IllegalAction("run_twice_not_allowed", "Run it twice is not a house option here")
        if not (self.phase is Phase.BOARD and self.closed) or self._board2 is not None:
            raise IllegalAction("run_twice_not_allowed", "Run it twice only when all-in with cards to come")
        if len(self._board) >= 5:
            raise IllegalAction("run_twice_not_allowed", "The board is complete")
        self._board2 = list(self._board)

    # ----- showdown and awards --------------------------------------------------------------
    def _contenders(self) -> list[int]:
        return [i for i in range(len(self.seats)) if not self.b.folded[i]]

    def _index_pots(self) -> list[Pot]:
        b = self.b
        return build_pots(b.contrib, b.folded, b.dead)

    def _all_in_tabling(self) -> bool:
        """T39 (WT 70, TDA 16): with a player all-in (or hand-capped) and the betting over,
        every hand is tabled."""
        return self._at_showdown() and any(self.b.locked(i) for i in self._contenders())

    def _must_show_reason(self, i: int) -> str:
        seat = self.seats[i]
        if self._all_in_tabling():
            return f"Seat {seat} must table its cards: a player is all-in (no mucking)"
        return f"Seat {seat} must show to win: no other hand has been shown for its pot"

    def must_show(self, seat: int) -> bool:
        """True when ``seat`` may not muck: all-in tabling (T39) or it would win (P3)."""
        i = self._seat_index(seat)
        if self._all_in_tabling():
            return True
        pots = [p for p in self._index_pots() if i in p.eligible]
        for pot in pots:
            if not any(j != i and self.shown[j] for j in pot.eligible):
                return True
        hole = self.hole[i]
        if hole is not None and len(self._board) == 5:
            boards = [self._board] + ([self._board2] if self._board2 else [])
            for board in boards:
                mine = strengths(board, {i: hole})[i]
                for pot in pots:
                    others = {j: self.hole[j] for j in pot.eligible if j != i and self.shown[j]}
                    best = max(strengths(board, others).values())  # type: ignore[arg-type]
                    if mine >= best:
                        return True
        return False

    def _maybe_finish(self) -> None:
        if not self._board_complete() or self.phase is not Phase.SHOWDOWN:
            return
        if all(self.shown[i] or self.mucked[i] for i in self._contenders()):
            self._finish()

    def _finish(self) -> None:
        contenders = self._contenders()
        pots = self._index_pots()
        if len(contenders) == 1:
            total = sum(p.amount for p in pots)
            seat = self.seats[contenders[0]]
            self.awards = [Award(0, total, {seat: total})] if total else []
        else:
            boards = [self._board] + ([self._board2] if self._board2 else [])
            holes = {i: self.hole[i] for i in contenders if self.shown[i]}
            per_board = [strengths(board, holes) for board in boards]  # type: ignore[arg-type]
            self.awards = award_pots(pots, per_board, self.seats, self.setup.structure.chip_unit)
        self.phase = Phase.FINISHED
        self.b.actor = None

    # ----- questions ------------------------------------------------------------------------
    @property
    def street(self) -> Street:
        return Street(self.b.street)

    @property
    def board(self) -> str:
        return cards_str(self._board)

    @property
    def board2(self) -> str:
        return cards_str(self._board2) if self._board2 is not None else ""

    @property
    def to_act(self) -> int | None:
        if self.phase is not Phase.BETTING or self.b.actor is None:
            return None
        return self.seats[self.b.actor]

    @property
    def current_bet(self) -> int:
        return self.b.current_bet

    @property
    def betting_closed(self) -> bool:
        return self.closed or self.b.live_count() == 1

    @property
    def total_pot(self) -> int:
        return self.b.pot_total()

    def legal(self) -> Legal | None:
        """The options of the seat to act, or ``None`` when no betting action is expected."""
        if self.to_act is None:
            return None
        return self.b.legal(self.b.actor)  # type: ignore[arg-type]

    def stack(self, seat: int) -> int:
        return self.b.stacks[self._seat_index(seat)]

    def bet(self, seat: int) -> int:
        return self.b.bets[self._seat_index(seat)]

    def committed(self, seat: int) -> int:
        return self.b.put[self._seat_index(seat)]

    def folded(self, seat: int) -> bool:
        return self.b.folded[self._seat_index(seat)]

    def all_in(self, seat: int) -> bool:
        return self.b.all_in(self._seat_index(seat))

    def hole_cards(self, seat: int) -> str | None:
        h = self.hole[self._seat_index(seat)]
        return None if h is None else cards_str(h)

    def pots(self) -> list[Pot]:
        """Main pot first, then side pots, with eligible seat numbers (unmatched bets left out)."""
        b = self.b
        contrib = list(b.contrib)
        excess = unmatched_excess(b.bets) if self.phase is Phase.BETTING else None
        if excess is not None:
            contrib[excess[0]] -= excess[1]
        pots = build_pots(contrib, b.folded, b.dead)
        return [Pot(p.amount, tuple(self.seats[i] for i in p.eligible)) for p in pots]

    def unmatched(self) -> tuple[int, int] | None:
        """(seat, chips) of a bet nobody has matched yet (returned at the end of the round, P2)."""
        if self.phase is not Phase.BETTING:
            return None
        excess = unmatched_excess(self.b.bets)
        return None if excess is None else (self.seats[excess[0]], excess[1])

    def showdown_order(self) -> list[int]:
        """Seats in the order they show (P3, T38); side-pot players before a player all-in
        for the main pot only (WL 145). Empty before the showdown."""
        if not (self._at_showdown() or (self.phase is Phase.FINISHED and len(self._contenders()) > 1)):
            return []
        order = showdown_order(self._contenders(), self.showdown_aggressor, len(self.seats))
        pots = self._index_pots()
        deepest = {i: max((k for k, p in enumerate(pots) if i in p.eligible), default=0) for i in order}
        order.sort(key=lambda i: -deepest[i])
        return [self.seats[i] for i in order]

    def final_stacks(self) -> dict[int, int]:
        """Seat -> stack after the hand (the starting stacks when voided)."""
        if self.phase is Phase.VOIDED:
            return dict(self.setup.stacks)
        stacks = {seat: self.b.stacks[i] for i, seat in enumerate(self.seats)}
        for award in self.awards:
            for seat, chips in award.shares.items():
                stacks[seat] += chips
        return stacks

    def winnings(self) -> dict[int, int]:
        start = self.setup.stacks
        return {seat: chips - start[seat] for seat, chips in self.final_stacks().items()}

    def prompt(self) -> Prompt:
        """The dealer's next step."""
        phase = self.phase
        if phase is Phase.VOIDED:
            return Prompt(PromptKind.VOIDED)
        if phase is Phase.FINISHED:
            winners: list[int] = []
            for award in self.awards:
                winners += [s for s in award.shares if s not in winners]
            if not winners:
                return Prompt(PromptKind.HAND_OVER)
            return Prompt(PromptKind.PUSH, seats=tuple(winners))
        if phase is Phase.DEAL:
            return Prompt(PromptKind.DEAL_HOLE_CARDS, seat=self.seats[0])
        if phase is Phase.BETTING:
            legal = self.legal()
            assert legal is not None
            return Prompt(PromptKind.ACT, legal.seat, (legal.call_amount, legal.min_to, legal.max_to))
        order = self.showdown_order()
        pending = [s for s in order if not (self.shown[self._index[s]] or self.mucked[self._index[s]])]
        if self._all_in_tabling() and pending:
            return Prompt(PromptKind.TABLE_ALL, seats=tuple(pending))
        if phase is Phase.BOARD:
            return Prompt(PromptKind.BURN_AND_DEAL, amounts=self._next_deal())
        seat = pending[0]
        return Prompt(PromptKind.SHOW, seat, (1 if self.must_show(seat) else 0,))


def fold_events(events: Iterable[Event]) -> HandState:
    """The state after ``events`` (the first must be :class:`HandStarted`)."""
    return HandState.from_events(events)
