"""Cash-table rules C1-C5 of [S2] as pure decisions (times are seconds given by the caller).

Only allowed when the compliance profile permits cash games: under the Belgian profile
:func:`dealer_app.engine.tournament.compliance.check_cash_table` refuses them (TO5).

>>> rules = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200)
>>> hand_may_start(rules, ready=2, previous_hand_players=3)
True
>>> hand_may_start(rules, ready=2, previous_hand_players=2)
False
>>> min_buy_in_on_return(rules, left_with=250, left_at=0, now=600)
250
>>> timeout_action(can_check=False)
'fold'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from dealer_app.engine.tournament.compliance import check_cash_table
from dealer_app.engine.tournament.errors import TournamentError


@dataclass(frozen=True)
class CashRules:
    """A cash table's posted limits (chip units) and the house times (seconds).

    Parameters:
        big_blind: the table's big blind.
        min_buy_in, max_buy_in: the posted buy-in window (C5).
        max_seats: 6-max (C1).
        sit_out_limit: seconds a player may sit out before being removed (C2).
        return_window: seconds after leaving during which C3 applies.
        return_big_blinds: stack, in big blinds, from which C3 applies.
        rake_percent: optional rake in whole percent (0 = none), C5.
    """

    big_blind: int
    min_buy_in: int
    max_buy_in: int
    max_seats: int = 6
    sit_out_limit: int = 10 * 60
    return_window: int = 30 * 60
    return_big_blinds: int = 100
    rake_percent: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.min_buy_in <= self.max_buy_in:
            raise TournamentError(
                f"Buy-in window {self.min_buy_in}..{self.max_buy_in} is not a range of chips (C5)",
                "C5",
            )
        if not 0 <= self.rake_percent < 100:
            raise TournamentError(f"Rake {self.rake_percent} % is not between 0 and 99 (C5)", "C5")
        if self.sit_out_limit <= 0 or self.return_window < 0 or self.return_big_blinds <= 0:
            raise TournamentError(
                "The sit-out limit, return window and return stack must be positive (C2, C3)", "C2"
            )

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> CashRules:
        """The rules from :meth:`to_dict`; a missing or unknown field raises ``TypeError``."""
        return cls(**data)


def open_cash_table(profile: str, rules: CashRules) -> CashRules:
    """Allow a cash table only where the compliance profile permits it (TO5)."""
    check_cash_table(profile)
    return rules


def hand_may_start(rules: CashRules, ready: int, previous_hand_players: int) -> bool:
    """C1: a hand starts with 3 players not sitting out, or 2 if the last hand had 3 or more."""
    if ready > rules.max_seats:
        raise TournamentError(f"A cash table seats at most {rules.max_seats} (C1)", "C1")
    return ready >= 3 or (ready == 2 and previous_hand_players >= 3)


def first_button(seats: Sequence[int], rng: random.Random) -> int:
    """C1: a random player gets the first button."""
    if not seats:
        raise TournamentError("Nobody is seated to take the button (C1)", "C1")
    return rng.choice(list(seats))


def new_player_must_wait(posts_big_blind: bool, is_big_blind_now: bool) -> bool:
    """C1/F4: a new player waits for the big blind unless posting one out of position."""
    return not (posts_big_blind or is_big_blind_now)


def sit_out_expired(rules: CashRules, sat_out_at: int, now: int) -> bool:
    """C2: True when the player has sat out for the limit (10 minutes) and must be removed."""
    return now - sat_out_at >= rules.sit_out_limit


def min_buy_in_on_return(rules: CashRules, left_with: int, left_at: int, now: int) -> int:
    """C3: leaving with 100 BB or more and returning within 30 minutes means bringing that stack.

    Returns the smallest buy-in allowed for the returning player.
    """
    within = now - left_at < rules.return_window
    if within and left_with >= rules.return_big_blinds * rules.big_blind:
        return max(left_with, rules.min_buy_in)
    return rules.min_buy_in


def _chips(amount: int) -> str:
    return f"{amount} chips"


def check_buy_in(
    rules: CashRules,
    amount: int,
    in_hand: bool,
    minimum: int | None = None,
    stack: int = 0,
    money: Callable[[int], str] | None = None,
) -> None:
    """C5: buy-ins and rebuys only between hands, within the posted minimum and maximum.

    ``minimum`` overrides the posted minimum (C3); ``stack`` is what the player already has;
    ``money`` writes an amount for the message (the table service passes "EUR 1.50").

    >>> check_buy_in(CashRules(2, 40, 200), 30, in_hand=False, money=lambda a: f"EUR {a / 4:.2f}")
    Traceback (most recent call last):
    ...
    dealer_app.engine.tournament.errors.TournamentError: Buy in for at least EUR 10.00 (C3, C5)
    """
    if in_hand:
        raise TournamentError("Buy-ins and rebuys only between hands (C5)", "C5")
    low = rules.min_buy_in if minimum is None else minimum
    if amount <= 0:
        raise TournamentError(f"A buy-in must be more than 0 chips (got {amount})", "C5")
    if stack + amount > max(rules.max_buy_in, low):
        show = money or str
        raise TournamentError(
            f"Stack after the buy-in would be {show(stack + amount)}: at most {show(rules.max_buy_in)} (C5)",
            "C5",
        )
    if stack + amount < low:
        raise TournamentError(f"Buy in for at least {(money or _chips)(low - stack)} (C3, C5)", "C5")


def timeout_action(can_check: bool) -> str:
    """C4: a player out of time checks if possible, else folds; then sits out after the hand."""
    return "check" if can_check else "fold"


def rake(rules: CashRules, pot: int) -> int:
    """C5: the optional rake, rounded down to whole chips."""
    return pot * rules.rake_percent // 100


def hand_rake(rules: CashRules, pots: Sequence[int], cap: int, flop_seen: bool) -> list[int]:
    """C5: the chips raked from each pot of a hand, pots given main pot first.

    Nothing when the hand ended before the flop ("no flop, no drop"); otherwise :func:`rake`
    of each pot until the hand's ``cap`` (chips; 0 = no cap) is reached.

    >>> rules = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200, rake_percent=5)
    >>> hand_rake(rules, [120, 60], cap=0, flop_seen=True), hand_rake(rules, [120, 60], cap=8, flop_seen=True)
    ([6, 3], [6, 2])
    >>> hand_rake(rules, [120], cap=0, flop_seen=False)
    [0]
    """
    if not rules.rake_percent or not flop_seen:
        return [0] * len(pots)
    left = cap if cap > 0 else None
    taken = []
    for amount in pots:
        chips = rake(rules, amount)
        if left is not None:
            chips = min(chips, left)
            left -= chips
        taken.append(chips)
    return taken
