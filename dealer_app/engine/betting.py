"""Betting: forced bets, who acts, what is legal, and the chips each action moves.

Players are indexes in action order (0 = first seat left of the button); seat numbers are
kept only for messages. Rules: B1-B5 (rounds), L1-L4 (structures), A1-A4 (all-ins and
reopening), P2 (uncalled bets). The class is mutable, but :meth:`BettingState.act`
validates everything before it changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.engine.events import BetRaise, Call, Check, Event, IllegalAction
from dealer_app.engine.pots import unmatched_excess
from dealer_app.engine.structures import BettingKind, HandSetup, PostKind

PREFLOP, FLOP, TURN, RIVER = 0, 1, 2, 3
_NO_CAP = 1 << 62


@dataclass(frozen=True)
class Legal:
    """What the seat to act may do now (chips are round totals unless named ``amount``)."""

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    call_to: int
    can_bet: bool
    can_raise: bool
    min_to: int
    max_to: int
    no_raise_reason: str | None

    def to_dict(self) -> dict[str, object]:
        return dict(self.__dict__)

    def all_in_event(self) -> Event:
        """The event for an "all-in" button: everything the seat may put in now (stack,
        pot limit or cap), i.e. the largest raise, else a call, else a check."""
        if self.can_raise:
            return BetRaise(self.seat, self.max_to)
        if self.can_call:
            return Call(self.seat)
        return Check(self.seat)


class BettingState:
    """Chips and betting of one hand: stacks, bets, contributions, the round in progress."""

    def __init__(self, setup: HandSetup) -> None:
        self.structure = s = setup.structure
        self.seats: tuple[int, ...] = setup.order
        n = self.n = len(self.seats)
        start = setup.stacks
        self.stacks = [start[seat] for seat in self.seats]
        self.bets = [0] * n
        self.contrib = [0] * n  # counts for side-pot levels (antes, live bets)
        self.put = [0] * n  # every chip put in (for the hand cap)
        self.dead = 0  # dead money for the main pot
        self.folded = [False] * n
        self.acted = [False] * n
        self.acted_level = [0] * n
        self.returned = [0] * n
        self.street = PREFLOP
        self.current_bet = 0
        self.min_increment = s.big_blind
        self.full_level = 0
        self.raise_count = 0
        self.raise_cap: int | None = None
        self.actor: int | None = None
        self.last_aggressor: int | None = None
        self.pl_shortfall = 0
        self.round_cap = s.round_cap if s.round_cap is not None else _NO_CAP
        self.hand_cap = s.hand_cap if s.hand_cap is not None else _NO_CAP
        self.capped = s.round_cap is not None or s.hand_cap is not None
        self._post_forced(setup)

    # ----- set-up -------------------------------------------------------------------------
    def _post_forced(self, setup: HandSetup) -> None:
        """Post every forced bet in order (F1-F3); a short stack posts what it has."""
        s = self.structure
        index = {seat: i for i, seat in enumerate(self.seats)}
        nominal = 0
        opener_after: int | None = None
        straddle_sizes: list[int] = []
        sb_posted: int | None = None
        bb_nominal = bb_posted = 0
        for post in setup.posts:
            i = index[post.seat]
            chips = min(post.amount, self.stacks[i])
            self.stacks[i] -= chips
            self.put[i] += chips
            kind = post.kind
            if kind is PostKind.ANTE:
                self.contrib[i] += chips
            elif kind in (PostKind.BIG_BLIND_ANTE, PostKind.DEAD):
                self.dead += chips
            else:
                self.bets[i] += chips
                self.contrib[i] += chips
                if kind is not PostKind.SMALL_BLIND:
                    nominal = max(nominal, post.amount)
                if kind is PostKind.SMALL_BLIND:
                    sb_posted = chips
                elif kind is PostKind.BIG_BLIND:
                    bb_nominal, bb_posted = post.amount, chips
                    opener_after = i if opener_after is None else opener_after
                elif kind is PostKind.STRADDLE:
                    straddle_sizes.append(post.amount)
                    opener_after = i
        self.current_bet = max(nominal, max(self.bets))
        self.full_level = self.current_bet
        if straddle_sizes and s.straddle_min_raise == "straddle":
            self.min_increment = max(s.big_blind, max(straddle_sizes))
        else:
            self.min_increment = s.big_blind
        if bb_nominal:
            sb_nominal = s.small_blind
            self.pl_shortfall = max(0, sb_nominal - (sb_posted or 0)) + max(0, bb_nominal - bb_posted)
        if s.kind is BettingKind.FIXED_LIMIT:
            self.min_increment = s.fixed_small_bet
            self.raise_count = (1 if self.current_bet else 0) + len(straddle_sizes)
        self._set_raise_cap()
        start = 0 if opener_after is None else (opener_after + 1) % self.n
        self.actor = self._first_needing_action(start)

    def _set_raise_cap(self) -> None:
        s = self.structure
        unlimited = s.kind is not BettingKind.FIXED_LIMIT or s.max_raises is None
        heads_up = s.heads_up_unlimited and self.folded.count(False) == 2
        if unlimited or heads_up:
            self.raise_cap = None
        else:
            self.raise_cap = 1 + s.max_raises

    # ----- per-player facts -----------------------------------------------------------------
    def max_to(self, i: int) -> int:
        """The most seat ``i`` may have in front of it this round (stack and caps, L4)."""
        bet = self.bets[i]
        if not self.capped:
            return bet + self.stacks[i]
        room = min(self.stacks[i], self.round_cap - bet, self.hand_cap - self.put[i])
        return bet + max(room, 0)

    def locked(self, i: int) -> bool:
        """No more chips from ``i`` this hand: all-in, or the hand cap reached (L4)."""
        return self.stacks[i] == 0 or self.put[i] >= self.hand_cap

    def all_in(self, i: int) -> bool:
        return self.stacks[i] == 0 and not self.folded[i]

    def live_count(self) -> int:
        return self.folded.count(False)

    def _others_can_respond(self, i: int) -> bool:
        level = self.current_bet
        return any(
            j != i and not self.folded[j] and not self.locked(j) and self.max_to(j) > level
            for j in range(self.n)
        )

    def _open_players(self) -> list[int]:
        """Players still able to put chips in this round."""
        folded, bets = self.folded, self.bets
        if not self.capped:
            stacks = self.stacks
            return [j for j in range(self.n) if stacks[j] and not folded[j]]
        return [
            j for j in range(self.n) if not folded[j] and not self.locked(j) and self.max_to(j) > bets[j]
        ]

    def _needs_action(self, i: int, open_players: list[int]) -> bool:
        if i not in open_players:
            return False
        bet = self.bets[i]
        if self.acted[i] and bet >= self.current_bet:
            return False
        if len(open_players) == 1:  # nobody left to respond: act only when facing a bet
            facing = max(self.bets[j] for j in range(self.n) if j != i)
            return bet < facing
        return True

    def _first_needing_action(self, start: int) -> int | None:
        open_players = self._open_players()
        for k in range(self.n):
            j = (start + k) % self.n
            if self._needs_action(j, open_players):
                return j
        return None

    def betting_closed(self) -> bool:
        """No more betting this hand: at most one player can still put chips in."""
        able = sum(1 for j in range(self.n) if not self.folded[j] and not self.locked(j))
        return able <= 1 and self.actor is None

    # ----- what is legal --------------------------------------------------------------------
    def _reopened(self, i: int) -> bool:
        """A2/A3/A4: has ``i`` not acted yet, or faced a full raise since acting?"""
        if not self.acted[i]:
            return True
        level = self.acted_level[i]
        return self.full_level > level or self.current_bet - level >= self.min_increment

    def _bet_size(self) -> int:
        s = self.structure
        if s.kind is BettingKind.FIXED_LIMIT:
            return s.fixed_small_bet if self.street <= FLOP else s.fixed_big_bet
        return s.big_blind

    def pot_total(self) -> int:
        """Every chip in the middle and in front of the players."""
        return sum(self.contrib) + self.dead

    def legal(self, i: int) -> Legal:
        """The options of player ``i`` (assumed to be the one to act)."""
        s = self.structure
        bet = self.bets[i]
        top = self.max_to(i)
        call_to = min(self.current_bet, top)
        call_amount = max(0, call_to - bet)
        reason: str | None = None
        min_to = max_to = 0
        if top <= self.current_bet:
            if self.stacks[i] + bet <= self.current_bet:
                reason = "all_in"
            elif self.put[i] + (top - bet) >= self.hand_cap:
                reason = "hand_cap"
            else:
                reason = "round_cap"
        elif not self._others_can_respond(i):
            reason = "no_opponent"
        elif not self._reopened(i):
            reason = "raise_not_allowed"
        elif self.raise_cap is not None and self.raise_count >= self.raise_cap:
            reason = "raise_cap"
        else:
            if s.kind is BettingKind.FIXED_LIMIT:
                min_to = max_to = min(self.full_level + self._bet_size(), top)
            else:
                min_to = self.current_bet + self.min_increment if self.current_bet else self.min_increment
                max_to = top
                if s.kind is BettingKind.POT_LIMIT:
                    pot = self.pot_total() + (self.pl_shortfall if self.street == PREFLOP else 0)
                    pot_max = self.current_bet + pot + (self.current_bet - bet)
                    if (
                        s.pl_open_bb_multiple
                        and self.street == PREFLOP
                        and self.current_bet == self.full_level
                        and self.last_aggressor is None
                    ):
                        pot_max = max(pot_max, s.pl_open_bb_multiple * s.big_blind)
                    max_to = min(max_to, pot_max)
                min_to = min(min_to, max_to)
        return Legal(
            seat=self.seats[i],
            can_fold=True,
            can_check=bet >= self.current_bet,
            can_call=call_amount > 0,
            call_amount=call_amount,
            call_to=call_to,
            can_bet=reason is None and self.current_bet == 0,
            can_raise=reason is None,
            min_to=min_to,
            max_to=max_to,
            no_raise_reason=reason,
        )

    # ----- actions --------------------------------------------------------------------------
    def _refuse_raise(self, i: int, legal: Legal, to: int) -> None:
        seat = self.seats[i]
        s = self.structure
        reason = legal.no_raise_reason
        if reason == "all_in":
            raise IllegalAction("raise_not_allowed", f"Seat {seat} has no chips left to raise", seat)
        if reason == "round_cap":
            raise IllegalAction(
                "round_cap", f"At most {s.round_cap} per player per betting round", seat, (s.round_cap or 0,)
            )
        if reason == "hand_cap":
            raise IllegalAction("hand_cap", f"At most {s.hand_cap} per player per hand", seat, (s.hand_cap or 0,))
        if reason == "no_opponent":
            raise IllegalAction(
                "raise_not_allowed", f"Seat {seat} may only call or fold: nobody is left to call a raise", seat,
                (legal.call_amount,),
            )
        if reason == "raise_not_allowed":
            raise IllegalAction(
                "raise_not_allowed",
                f"Seat {seat} may only call or fold: the all-in was not a full raise",
                seat,
                (legal.call_amount,),
            )
        if reason == "raise_cap":
            raise IllegalAction(
                "raise_cap", f"The betting is capped: seat {seat} may only call or fold", seat, (legal.call_amount,)
            )
        verb = "bet" if legal.can_bet else "raise"
        if to % s.chip_unit and to != legal.max_to:
            raise IllegalAction(
                "not_whole_chips", f"{to} is not a whole number of chips of {s.chip_unit}", seat, (s.chip_unit,)
            )
        if s.kind is BettingKind.FIXED_LIMIT and to != legal.min_to:
            raise IllegalAction("fixed_amount", f"Fixed limit: the {verb} is to {legal.min_to}", seat, (legal.min_to,))
        if to <= self.current_bet:
            raise IllegalAction(
                "bad_amount", f"A {verb} must be to more than {self.current_bet}", seat, (self.current_bet,)
            )
        if to < legal.min_to:
            if legal.can_bet:
                raise IllegalAction("min_bet", f"Minimum bet is {legal.min_to}", seat, (legal.min_to,))
            raise IllegalAction("min_raise", f"Minimum raise is to {legal.min_to}", seat, (legal.min_to,))
        if to > legal.max_to:
            stack_top = self.bets[i] + self.stacks[i]
            bet = self.bets[i]
            if legal.max_to == stack_top:
                raise IllegalAction(
                    "max_bet", f"Seat {seat} has {self.stacks[i]} behind: all-in is to {stack_top}", seat, (stack_top,)
                )
            if legal.max_to - bet == self.round_cap - bet:
                raise IllegalAction(
                    "round_cap", f"At most {s.round_cap} per player per betting round", seat, (s.round_cap or 0,)
                )
            if legal.max_to - bet == self.hand_cap - self.put[i]:
                raise IllegalAction(
                    "hand_cap", f"At most {s.hand_cap} per player per hand", seat, (s.hand_cap or 0,)
                )
            raise IllegalAction("max_bet", f"Pot limit: maximum {verb} is to {legal.max_to}", seat, (legal.max_to,))

    def check_action(self, i: int, kind: str, to: int | None = None) -> None:
        """Raise :class:`IllegalAction` unless ``kind`` (fold/check/call/bet_raise) is legal."""
        seat = self.seats[i]
        if self.actor is None:
            raise IllegalAction("no_action", "No betting action is expected now", seat)
        if i != self.actor:
            actor = self.seats[self.actor]
            raise IllegalAction("not_your_turn", f"Action is on seat {actor}, not seat {seat}", seat, (actor,))
        if kind == "check" and self.bets[i] < self.current_bet:
            owed = min(self.current_bet, self.max_to(i)) - self.bets[i]
            raise IllegalAction("check_facing_bet", f"Seat {seat} cannot check: {owed} to call", seat, (owed,))
        if kind == "call" and self.bets[i] >= self.current_bet:
            raise IllegalAction("nothing_to_call", f"Nothing to call: seat {seat} may check", seat)
        if kind == "bet_raise":
            legal = self.legal(i)
            if not isinstance(to, int) or isinstance(to, bool):
                raise IllegalAction("bad_amount", f"Not an amount: {to!r}", seat)
            if not legal.can_raise or not legal.min_to <= to <= legal.max_to or (
                to % self.structure.chip_unit and to != legal.max_to
            ):
                self._refuse_raise(i, legal, to)

    def act(self, i: int, kind: str, to: int | None = None) -> None:
        """Apply a legal action of player ``i`` and move the turn on (validate first)."""
        self.check_action(i, kind, to)
        if kind == "fold":
            self.folded[i] = True
        elif kind in ("check", "call"):
            self._move(i, min(self.current_bet, self.max_to(i)))
            self.acted[i] = True
            self.acted_level[i] = self.current_bet
        else:
            assert to is not None
            self._raise_to(i, to)
        if self.live_count() == 1:
            self.actor = None
            return
        self.actor = self._next_after(i)

    def _move(self, i: int, to: int) -> None:
        add = to - self.bets[i]
        if add > 0:
            self.stacks[i] -= add
            self.bets[i] = to
            self.contrib[i] += add
            self.put[i] += add

    def _raise_to(self, i: int, to: int) -> None:
        s = self.structure
        if s.kind is BettingKind.FIXED_LIMIT:
            full = (to - self.full_level) * 2 >= self._bet_size()
            if full:
                self.raise_count += 1
        else:
            increment = to - self.current_bet
            full = increment >= self.min_increment
            if full:
                self.min_increment = increment
        if full:
            self.full_level = to
        self._move(i, to)
        self.current_bet = to
        self.acted[i] = True
        self.acted_level[i] = to
        self.last_aggressor = i

    def _next_after(self, i: int) -> int | None:
        return self._first_needing_action((i + 1) % self.n)

    # ----- rounds ---------------------------------------------------------------------------
    def end_round(self) -> tuple[int, int] | None:
        """Return the unmatched part of the largest bet (P2); return (index, chips) or None."""
        excess = unmatched_excess(self.bets)
        if excess is None:
            return None
        i, chips = excess
        self.stacks[i] += chips
        self.bets[i] -= chips
        self.contrib[i] -= chips
        self.put[i] -= chips
        self.returned[i] += chips
        return excess

    def start_round(self, street: int) -> None:
        """Begin the betting on ``street`` (flop, turn, river): first seat left of the button."""
        self.street = street
        self.bets = [0] * self.n
        self.acted = [False] * self.n
        self.acted_level = [0] * self.n
        self.current_bet = 0
        self.full_level = 0
        self.raise_count = 0
        self.min_increment = self._bet_size()
        self.last_aggressor = None
        self._set_raise_cap()
        self.actor = self._first_needing_action(0)

    def copy(self) -> BettingState:
        """An independent copy (lists copied)."""
        other = object.__new__(BettingState)
        other.__dict__.update(self.__dict__)
        for name in ("stacks", "bets", "contrib", "put", "folded", "acted", "acted_level", "returned"):
            setattr(other, name, list(getattr(self, name)))
        return other
