"""Cash-table rules C1-C5 at the live table: the service's questions, answered with the pure
rules of :mod:`dealer_app.engine.tournament.cash`.

Each function looks at the folded table and either answers or raises
:class:`~dealer_app.engine.tournament.errors.TournamentError` with a reason for the dealer
(amounts written as money, the rule named); the command half turns that into a refusal.
"""

from __future__ import annotations

from collections.abc import Callable

from dealer_app.engine.table import Player, Table
from dealer_app.engine.tournament.cash import (
    CashRules,
    check_buy_in,
    hand_may_start,
    min_buy_in_on_return,
    sit_out_expired,
)
from dealer_app.engine.tournament.errors import TournamentError

Money = Callable[[int], str]


def ready_players(table: Table) -> int:
    """C1: the players who would be dealt in now: seated, not sitting out, with chips."""
    return sum(1 for p in table.players.values() if not p.sitting_out and p.stack > 0)


def start_refusal(rules: CashRules, table: Table, previous_hand_players: int) -> str | None:
    """C1: why no hand may start now (``None`` when one may).

    >>> t = Table(seat_count=6)
    >>> for seat in (1, 2):
    ...     t.join(seat, f"P{seat}", 100)
    >>> start_refusal(CashRules(2, 40, 200), t, previous_hand_players=2)
    'No hand: a cash table needs 3 players sitting in, or 2 after a hand of 3 or more (C1); 2 sitting in'
    >>> start_refusal(CashRules(2, 40, 200), t, previous_hand_players=3) is None
    True
    """
    ready = ready_players(table)
    if hand_may_start(rules, ready, previous_hand_players):
        return None
    return (
        "No hand: a cash table needs 3 players sitting in, or 2 after a hand of 3 or more (C1); "
        f"{ready} sitting in"
    )


def check_join(
    rules: CashRules, departures: dict[str, dict], name: str, stack: int, now: float, money: Money
) -> None:
    """C5 and C3: a new player's buy-in is within the posted window; a player who left this
    table with 100 big blinds or more less than 30 minutes ago brings back that stack."""
    left = departures.get(name.strip()) if isinstance(name, str) else None
    minimum = rules.min_buy_in
    if left is not None:
        minimum = min_buy_in_on_return(rules, left["stack"], left["at"], now)
    try:
        check_buy_in(rules, stack, in_hand=False, minimum=minimum, stack=0, money=money)
    except TournamentError as err:
        if left is None or minimum == rules.min_buy_in or stack >= minimum:
            raise
        minutes = int((now - left["at"]) // 60)
        raise TournamentError(
            f"{name.strip()} left this table with {money(left['stack'])} {minutes} minutes ago: "
            f"buy in for at least {money(minimum)} (C3)",
            "C3",
        ) from err


def check_rebuy(rules: CashRules, player: Player, amount: int, money: Money) -> None:
    """C5: chips added between hands keep the stack within the posted window."""
    check_buy_in(rules, amount, in_hand=False, stack=player.stack, money=money)


def expired_seats(rules: CashRules, sat_out_at: dict[int, float], now: float) -> list[int]:
    """C2: the seats whose player has sat out for the limit (10 minutes) and must go."""
    return sorted(seat for seat, at in sat_out_at.items() if sit_out_expired(rules, at, now))
